"""Scored rounds, the scoresheet and the standings, as plain-row tables (:class:`Rows`).

The tables are built from plain arguments (the names and the scored rounds), so this
module does not know the :class:`~fivecrowns_lab.table.game.Game` that calls it.

>>> from fivecrowns_lab.table.game import Game, play_game
>>> from fivecrowns_lab.table.players import make_bot
>>> from fivecrowns_lab.core.rules import GameRules
>>> game = play_game(Game(["Ana", "Ben"], GameRules(rounds=2), seed=3),
...                  [make_bot("greedy"), make_bot("greedy")])
>>> game.scoresheet().columns
('round', 'wild_rank', 'player', 'points', 'total', 'went_out_first')
>>> game.standings().columns
('player', 'total_points', 'rounds_gone_out_first', 'placement')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core.arrangement import Arrangement
from ..core.melds import rank_text
from ..core.rules import wild_rank
from .rows import Rows

__all__ = ["PlayoffResult", "RoundResult", "placements", "scoresheet", "standings", "totals"]


@dataclass(frozen=True)
class RoundResult:
    """A scored round: each player's points, who went out, and how each hand was laid down."""

    round_no: int
    points: tuple[int, ...]
    went_out: int | None
    arrangements: tuple[Arrangement, ...]
    dealer: int


@dataclass(frozen=True)
class PlayoffResult:
    """The tiebreak round: who played it, who went out first and so won."""

    players: tuple[int, ...]
    winner: int
    hand_size: int


def totals(players: int, results: Sequence[RoundResult]) -> tuple[int, ...]:
    """Each of ``players`` players' points over the scored rounds."""
    return tuple(sum(r.points[p] for r in results) for p in range(players))


def placements(scores: Sequence[int], playoff: PlayoffResult | None = None) -> tuple[int, ...]:
    """Each player's place by total: ties share it (1, 1, 3); a playoff's winner is alone 1st."""
    places = [1 + sum(t < mine for t in scores) for mine in scores]
    if playoff is not None:
        for player in playoff.players:
            places[player] = 1 if player == playoff.winner else 2
    return tuple(places)


SCORESHEET_COLUMNS = ["round", "wild_rank", "player", "points", "total", "went_out_first"]
STANDINGS_COLUMNS = ["player", "total_points", "rounds_gone_out_first", "placement"]


def scoresheet(names: Sequence[str], results: Sequence[RoundResult]) -> Rows:
    """One row per player per scored round: its points, the running total, who went out first."""
    rows = []
    running = [0] * len(names)
    for result in results:
        for player, name in enumerate(names):
            running[player] += result.points[player]
            rows.append(
                {
                    "round": result.round_no,
                    "wild_rank": rank_text(wild_rank(result.round_no)),
                    "player": name,
                    "points": result.points[player],
                    "total": running[player],
                    "went_out_first": result.went_out == player,
                }
            )
    return Rows.from_records(SCORESHEET_COLUMNS, rows)


def standings(
    names: Sequence[str], results: Sequence[RoundResult], playoff: PlayoffResult | None = None
) -> Rows:
    """One row per player, best first: total points, rounds gone out first, placement.

    Players tied on total share a placement (1, 1, 3) unless a playoff settled it.
    """
    gone_out = [0] * len(names)
    for result in results:
        if result.went_out is not None:
            gone_out[result.went_out] += 1
    scores = totals(len(names), results)
    places = placements(scores, playoff)
    order = sorted(range(len(names)), key=lambda p: places[p])  # stable: seat order in a tie
    return Rows(
        tuple(STANDINGS_COLUMNS),
        tuple((names[p], scores[p], gone_out[p], places[p]) for p in order),
    )
