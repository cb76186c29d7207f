"""What the solver answers with: the melds of a hand and the points left in it."""

from __future__ import annotations

from dataclasses import dataclass

from ..i18n import gettext as _
from ..i18n import ngettext as _n
from .cards import Hand
from .melds import Meld
from .rules import card_points

__all__ = ["Arrangement"]


@dataclass(frozen=True)
class Arrangement:
    """Melds laid down, the cards left in hand, and the points those leave.

    Iterating gives the melds; ``len(arrangement.leftover)`` cards stay in hand.
    """

    melds: tuple[Meld, ...]
    leftover: Hand
    penalty: int
    round_no: int

    @property
    def goes_out(self) -> bool:
        """True when every card is in a meld."""
        return not self.leftover

    def describe(self) -> str:
        """Several lines: each meld in words, then the leftover and its points."""
        lines = [f"{meld}: {meld.describe()}" for meld in self.melds]
        if self.leftover:
            pts = " + ".join(str(card_points(c, self.round_no)) for c in self.leftover)
            lines.append(
                _n(
                    "Left in hand: {cards} = {sum} = {points} point.",
                    "Left in hand: {cards} = {sum} = {points} points.",
                    self.penalty,
                ).format(cards=self.leftover, sum=pts, points=self.penalty)
            )
        else:
            lines.append(_("Nothing left in hand: 0 points."))
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        from ..render import arrangement_html

        return arrangement_html(self)
