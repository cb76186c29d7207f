"""Games and deals one at a time, with the running share of wins a lesson draws as it goes.

A lesson's run plays its games on a background thread and shows the share won so far
after each one; these iterators are that loop, so the lesson only paces, shows and stops
it. :func:`seat_one_games` plays many-player games (seat 1's wins, a shared first place
counting as a win); :func:`solitaire_deals` plays solitaire deals with the bot's policy.
Game ``i`` is dealt from ``game_seed(seed, i)``, as in :func:`~.simulate.simulate`, so a
run's games are the simulation's games.

>>> from fivecrowns_lab.core.rules import GameRules
>>> played = list(seat_one_games(["greedy", "random"], 2, GameRules(rounds=1), seed=3))
>>> [p.share.n for p in played], len(played[0].rows)
([1, 2], 2)
>>> tally = list(solitaire_deals(2, seed=1))[-1]
>>> tally.games, tally.odds(1).games
(2, 2)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core.rules import ROUNDS, GameRules
from ..table.players import Player
from ..table.solitaire import Solitaire, SolitaireBot
from .simulate import game_seed, play_games
from .stats import wilson_interval
from .strategy import SolitaireOdds

__all__ = ["GamePlayed", "RunningShare", "SolitaireTally", "seat_one_games", "solitaire_deals"]


@dataclass(frozen=True)
class RunningShare:
    """The share of ``n`` games won so far, with its 95% Wilson interval."""

    n: int
    value: float
    low: float
    high: float

    @classmethod
    def of(cls, wins: int, n: int) -> RunningShare:
        """``wins`` of ``n`` games as a share with its interval."""
        low, high = wilson_interval(wins, n)
        return cls(n, wins / n, low, high)

    def row(self) -> dict[str, float]:
        """The point as a chart's row (``n``, ``value``, ``low``, ``high``)."""
        return {"n": self.n, "value": self.value, "low": self.low, "high": self.high}


@dataclass(frozen=True)
class GamePlayed:
    """One game of a run: its rows (one per player per round) and seat 1's share so far."""

    rows: list[dict[str, Any]]
    share: RunningShare


def seat_one_games(
    players: Sequence[str | Player], n: int, rules: GameRules, seed: int
) -> Iterator[GamePlayed]:
    """Play games ``0 .. n-1`` one at a time, yielding each with seat 1's share of wins.

    A shared first place counts as a win for each player sharing it, as the summary's
    win rates count it. Stop iterating to stop the run (a player that raises, such as a
    :class:`~fivecrowns_lab.table.stoppable.StoppableBot`, stops it inside a game).
    """
    wins = 0
    for game in range(n):
        rows = play_games(players, [game], rules, seed)
        wins += any(r["player"] == 0 and r["placement"] == 1 for r in rows)
        yield GamePlayed(rows, RunningShare.of(wins, game + 1))


@dataclass
class SolitaireTally:
    """Solitaire deals counted so far: wins, hands closed per deal, and per hand."""

    games: int = 0
    wins: int = 0
    closed: Counter[int] = field(default_factory=Counter)
    by_hand: list[int] = field(default_factory=lambda: [0] * len(ROUNDS))

    def add(self, game: Solitaire) -> None:
        """Count one finished deal."""
        result = game.result()
        self.games += 1
        self.wins += result.won
        self.closed[result.closed] += 1
        for k, done in enumerate(game.closed):
            self.by_hand[k] += done

    @property
    def share(self) -> RunningShare:
        """The win rate so far, with its interval."""
        return RunningShare.of(self.wins, self.games)

    def odds(self, seed: int) -> SolitaireOdds:
        """The deals counted, as the win rate of a run from ``seed``."""
        return SolitaireOdds(
            self.games,
            self.wins,
            wilson_interval(self.wins, self.games),
            dict(sorted(self.closed.items())),
            seed,
            tuple(self.by_hand),
        )


def solitaire_deals(
    n: int, seed: int, stop: Callable[[], bool] | None = None
) -> Iterator[SolitaireTally]:
    """Play ``n`` deals with :class:`SolitaireBot`, yielding the tally after each one.

    ``stop`` is asked before every move; once it says True the deal being played is
    dropped and the iterator ends.
    """
    tally = SolitaireTally()
    bot = SolitaireBot()
    for i in range(n):
        game = Solitaire(seed=game_seed(seed, i))
        while not game.is_over:
            if stop is not None and stop():
                return
            game.apply(bot.choose(game))
        tally.add(game)
        yield tally
