"""A round's points: the going-out bonus applied in one place.

The player who went out scores 0, or −10 under the going-out bonus (a *variant*,
``GameRules.going_out_bonus``); everyone else scores the points their best melds
leave. A game at the table (:mod:`~fivecrowns_lab.table.turns`), a finished round to
score (:mod:`~fivecrowns_lab.table.finished_round`) and the real-table scoresheet
(:mod:`~fivecrowns_lab.table.scorebook_sheet`) all score through here.

>>> going_out_score(False), going_out_score(True)
(0, -10)
>>> round_points([12, 7, 30], went_out=1, going_out_bonus=True)
(12, -10, 30)
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.rules import GOING_OUT_BONUS

__all__ = ["going_out_score", "round_points"]


def going_out_score(going_out_bonus: bool) -> int:
    """The round's score of the player who went out: 0, or the bonus when it is played."""
    return GOING_OUT_BONUS if going_out_bonus else 0


def round_points(
    penalties: Sequence[int], went_out: int, going_out_bonus: bool
) -> tuple[int, ...]:
    """Each player's score for the round: ``penalties`` (the points each best arrangement
    leaves), with the player ``went_out`` scoring :func:`going_out_score` instead."""
    bonus = going_out_score(going_out_bonus)
    return tuple(bonus if p == went_out else points for p, points in enumerate(penalties))
