"""Comparing strategies: many simulated games summarised with confidence intervals.

The games come from :func:`fivecrowns_lab.odds.simulate.simulate` (same seeds, same
table); :func:`run_games` plays them in chunks so that a lesson can show progress.
Every seat plays the same deals in every game, so two strategies are compared
game by game (a *paired* comparison), which needs far fewer games than comparing
two separate averages.

>>> from fivecrowns_lab.core.rules import GameRules
>>> table = run_games(["greedy", "random"], 6, GameRules(rounds=3), seed=2)
>>> summary = summarize(table)
>>> summary["bot"]
['greedy', 'random']
>>> difference = compare(table, 0, 1)
>>> difference.mean < 0  # greedy ends with fewer points
True
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..core.rules import ROUNDS, GameRules, hand_size
from ..errors import quote
from ..i18n import gettext as _
from ..i18n import ngettext as _n
from ..i18n import number, percent
from ..table.players import Player, bot_word
from ..table.rows import Rows
from ..validators import check_seed, whole_number
from .simulate import COLUMNS, Progress, SimulationError, check_games, simulate
from .stats import mean_interval, wilson_interval

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "Comparison",
    "SolitaireOdds",
    "compare",
    "final_totals",
    "run_games",
    "solitaire_odds",
    "summarize",
]


def run_games(
    players: Sequence[str | Player],
    n_games: int,
    rules: GameRules | None = None,
    seed: int = 0,
    progress: Progress | None = None,
    chunk_size: int = 5,
) -> Rows:
    """Play ``n_games`` games with :func:`~fivecrowns_lab.odds.simulate.simulate` (one driver).

    ``progress(done, total)`` is called after each chunk of ``chunk_size`` games.
    """
    if progress is not None and not callable(progress):
        raise SimulationError(
            _("progress is a function progress(done, total), not {value}.").format(
                value=quote(progress)
            )
        )
    return simulate(
        players,
        n_games,
        rules,
        seed,
        progress=False if progress is None else progress,
        chunk_size=chunk_size,
    )


def _check_table(table: object) -> None:
    if not isinstance(table, Rows) or list(table.columns) != COLUMNS or table.empty:
        raise SimulationError(
            _("This needs the table that simulate() or run_games() returns, not {value}.").format(
                value=quote(table)
            )
        )


FINAL_COLUMNS = ("game", "player", "bot", "total", "placement", "out_first")


def final_totals(table: Rows) -> Rows:
    """One row per game and seat: the final total, the placement, rounds gone out first."""
    _check_table(table)
    last = max(table["round"])
    out_first: Counter[tuple[int, int]] = Counter()
    for row in table.records():
        out_first[row["game"], row["player"]] += int(row["went_out_first"])
    finals = [
        (
            r["game"],
            r["player"],
            r["bot"],
            r["total"],
            r["placement"],
            out_first[r["game"], r["player"]],
        )
        for r in table.where("round", last).records()
    ]
    return Rows(FINAL_COLUMNS, tuple(finals))


def _mean_ci(values: Sequence[float]) -> tuple[float, float, float]:
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, math.nan, math.nan
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    low, high = mean_interval(mean, sd, n)
    return mean, low, high


def summarize(table: Rows) -> Rows:
    """Per seat: mean final total with its 95% t interval, and win rate with its Wilson interval.

    A win is a first place (shared first places count as wins for each player sharing).
    """
    finals = final_totals(table)
    rows = []
    for seat in sorted(set(finals["player"])):
        group = finals.where("player", seat)
        totals = [float(t) for t in group["total"]]
        mean, low, high = _mean_ci(totals)
        wins = sum(place == 1 for place in group["placement"])
        games = len(group)
        win_low, win_high = wilson_interval(wins, games)
        rows.append(
            {
                "seat": seat + 1,
                "bot": str(group["bot"][0]),
                "games": games,
                "mean_total": mean,
                "total_low": low,
                "total_high": high,
                "win_rate": wins / games,
                "win_low": win_low,
                "win_high": win_high,
                "out_first_per_game": sum(group["out_first"]) / games,
            }
        )
    return Rows.from_records(SUMMARY_COLUMNS, rows)


SUMMARY_COLUMNS = (
    "seat",
    "bot",
    "games",
    "mean_total",
    "total_low",
    "total_high",
    "win_rate",
    "win_low",
    "win_high",
    "out_first_per_game",
)


COMPARISON_COLUMNS = ("a", "b", "games", "mean", "low", "high")


@dataclass(frozen=True)
class Comparison:
    """Seat ``a`` minus seat ``b``: mean difference of final totals over the same deals.

    Negative means ``a`` ends with fewer points (better). ``ci`` is a 95% t interval.
    """

    a: str
    b: str
    games: int
    mean: float
    ci: tuple[float, float]

    def __str__(self) -> str:
        """The verdict in a learner's words: who scored less, by how much, and whether the
        interval says these games can tell the bots apart."""
        low, high = self.ci
        clear = high < 0 or low > 0
        if self.mean == 0:
            text = _n(
                "{a} and {b} scored the same on average over {games} game, and the 95% "
                "interval ({low} to {high}) includes 0: this game cannot tell which bot is "
                "better.",
                "{a} and {b} scored the same on average over {games} games, and the 95% "
                "interval ({low} to {high}) includes 0: these games cannot tell which bot is "
                "better.",
                self.games,
            )
        elif clear and self.mean < 0:
            text = _n(
                "{a} scored {points} points a game less than {b} over {games} game, and the "
                "95% interval ({low} to {high}) excludes 0: {a} is the better bot.",
                "{a} scored {points} points a game less than {b} over {games} games, and the "
                "95% interval ({low} to {high}) excludes 0: {a} is the better bot.",
                self.games,
            )
        elif clear:
            text = _n(
                "{a} scored {points} points a game more than {b} over {games} game, and the "
                "95% interval ({low} to {high}) excludes 0: {b} is the better bot.",
                "{a} scored {points} points a game more than {b} over {games} games, and the "
                "95% interval ({low} to {high}) excludes 0: {b} is the better bot.",
                self.games,
            )
        elif self.mean < 0:
            text = _n(
                "{a} scored {points} points a game less than {b} over {games} game, but the "
                "95% interval ({low} to {high}) includes 0: this game cannot tell which bot "
                "is better.",
                "{a} scored {points} points a game less than {b} over {games} games, but the "
                "95% interval ({low} to {high}) includes 0: these games cannot tell which bot "
                "is better.",
                self.games,
            )
        else:
            text = _n(
                "{a} scored {points} points a game more than {b} over {games} game, but the "
                "95% interval ({low} to {high}) includes 0: this game cannot tell which bot "
                "is better.",
                "{a} scored {points} points a game more than {b} over {games} games, but the "
                "95% interval ({low} to {high}) includes 0: these games cannot tell which bot "
                "is better.",
                self.games,
            )
        said = text.format(
            a=self.a,
            b=self.b,
            points=number(abs(self.mean), spec=".1f"),
            low=number(low, spec=".1f"),
            high=number(high, spec=".1f"),
            games=number(self.games),
        )
        return said[:1].upper() + said[1:]  # "greedy 1 scored" opens the sentence

    def _repr_html_(self) -> str:
        from ..render import comparison_html  # lazy: rendering is only needed in notebooks

        return comparison_html(self)

    def to_rows(self) -> Rows:
        """The comparison as one row: the two seats, the games, the mean and its interval."""
        low, high = self.ci
        return Rows(COMPARISON_COLUMNS, ((self.a, self.b, self.games, self.mean, low, high),))

    def to_frame(self) -> pd.DataFrame:
        """The comparison as a one-row pandas DataFrame (see :meth:`Rows.to_frame`)."""
        return self.to_rows().to_frame()


def compare(table: Rows, a: int = 0, b: int = 1) -> Comparison:
    """Compare seats ``a`` and ``b`` (0-based) game by game."""
    _check_table(table)
    seats = max(table["player"]) + 1
    for seat in (a, b):
        whole_number(
            seat,
            _("There is no seat {value}: the seats are numbered {low} to {high}."),
            0,
            seats - 1,
            SimulationError,
        )
    finals = final_totals(table).records()
    total = {(r["game"], r["player"]): r["total"] for r in finals}
    bots = {r["player"]: r["bot"] for r in reversed(finals)}  # each seat's first row
    games = sorted({r["game"] for r in finals})
    differences = [float(total[g, a] - total[g, b]) for g in games]
    mean, low, high = _mean_ci(differences)
    first, second = f"{bot_word(bots[a])} {a + 1}", f"{bot_word(bots[b])} {b + 1}"
    return Comparison(first, second, len(games), mean, (low, high))


HAND_COLUMNS = ("hand", "cards", "closed", "games")
CLOSED_COLUMNS = ("hands_closed", "games")


@dataclass(frozen=True)
class SolitaireOdds:
    """The solitaire bot's win rate over ``games`` deals, with a 95% Wilson interval."""

    games: int
    wins: int
    ci: tuple[float, float]
    closed: dict[int, int]
    """How many games ended with each number of hands closed (0..11)."""
    seed: int
    closed_by_hand: tuple[int, ...] = ()
    """For hands 1..11 (3..13 cards): in how many games that hand was closed."""

    @property
    def win_rate(self) -> float:
        return self.wins / self.games

    def to_rows(self) -> Rows:
        """One row per hand (1-11, 3-13 cards): in how many of the games it was closed."""
        return Rows(
            HAND_COLUMNS,
            tuple(
                (k, hand_size(k), closed, self.games)
                for k, closed in enumerate(self.closed_by_hand, start=1)
            ),
        )

    def closed_rows(self) -> Rows:
        """One row per number of hands closed (0-11): how many games ended with that many."""
        return Rows(
            CLOSED_COLUMNS, tuple((k, self.closed.get(k, 0)) for k in range(len(ROUNDS) + 1))
        )

    def to_frame(self) -> pd.DataFrame:
        """:meth:`to_rows` as a pandas DataFrame (see :meth:`Rows.to_frame`)."""
        return self.to_rows().to_frame()

    def __str__(self) -> str:
        low, high = self.ci
        text = _n(
            "won {wins} of {games} game: {rate} (95% CI {low} to {high}, seed {seed})",
            "won {wins} of {games} games: {rate} (95% CI {low} to {high}, seed {seed})",
            self.games,
        )
        return text.format(
            wins=self.wins,
            games=number(self.games),
            rate=percent(self.win_rate, 1),
            low=percent(low, 1),
            high=percent(high, 1),
            seed=self.seed,
        )


def solitaire_odds(n: int, seed: int = 0, progress: Progress | None = None) -> SolitaireOdds:
    """Play ``n`` solitaire deals with the bot's policy; the win rate with its interval.

    Deal ``i`` is dealt from ``game_seed(seed, i)``, so any deal can be replayed.

    >>> odds = solitaire_odds(3, seed=1)
    >>> odds.games, sum(odds.closed.values()), len(odds.closed_by_hand)
    (3, 3, 11)
    """
    check_games(n)
    check_seed(seed, SimulationError)
    if progress is not None and not callable(progress):
        raise SimulationError(
            _("progress is a function progress(done, total), not {value}.").format(
                value=quote(progress)
            )
        )
    from .game_runs import solitaire_deals  # that module builds on SolitaireOdds

    tally = None
    for tally in solitaire_deals(n, seed):
        if progress is not None:
            progress(tally.games, n)
    assert tally is not None  # check_games refused n < 1
    return tally.odds(seed)
