"""What a book and a run may hold: the one meld model every meld question reads.

:class:`MeldRules` is re-exported by :mod:`.rules`, where a round's rules carry one
(:attr:`.RoundRules.meld`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..errors import RulesError, quote
from ..i18n import gettext as _
from ..validators import whole_number
from .rules import MAX_RUN, MIN_MELD

if TYPE_CHECKING:
    from .cards import Card

__all__ = ["STANDARD_MELDS", "MeldRules"]


def _check_bool(name: str, value: object) -> None:
    if not isinstance(value, bool):
        raise RulesError(
            _("The setting {name} is True or False, not {value}.").format(
                name=name, value=quote(value)
            )
        )


@dataclass(frozen=True)
class MeldRules:
    """What a book and a run may hold: every meld question of the engine is asked here.

    The meld check, the solver's search, its shortcuts and the lay-off search all read
    one of these (a round's is :attr:`RoundRules.meld`), so a variant that changes what a
    meld is changes it here once. The derived rules below are what the search relies on.

    Parameters
    ----------
    book_least
        The fewest cards of a book (3 in the standard game).
    run_least
        The fewest cards of a run (3).
    distinct_suits
        A book's natural cards must all be of different suits.
    all_wild
        A meld may be made of wild cards alone.

    >>> MeldRules().book_fits([], 3), MeldRules(book_least=4).book_wilds(2)
    (True, 2)
    """

    book_least: int = MIN_MELD
    run_least: int = MIN_MELD
    distinct_suits: bool = False
    all_wild: bool = True

    def __post_init__(self) -> None:
        for name in ("book_least", "run_least"):
            whole_number(
                getattr(self, name),
                _(
                    "The fewest cards of a book or a run is a whole number from {low} to {high}, "
                    "not {value}."
                ),
                MIN_MELD,
                MAX_RUN,
                RulesError,
            )
        for name in ("distinct_suits", "all_wild"):
            _check_bool(name, getattr(self, name))

    # -- the rule, one meld at a time ----------------------------------------------------------

    def book_fits(self, naturals: Sequence[Card], wilds: int) -> bool:
        """True when ``naturals`` (not wild) and ``wilds`` wild cards make a book."""
        if len(naturals) + wilds < self.book_least:
            return False
        if not naturals:
            return self.all_wild
        if len({c.rank for c in naturals}) != 1:
            return False
        return not self.distinct_suits or len({c.suit for c in naturals}) == len(naturals)

    def run_fits(self, naturals: Sequence[Card], wilds: int) -> bool:
        """True when ``naturals`` and ``wilds`` wild cards make a run (3..K, no wrap)."""
        size = len(naturals) + wilds
        if not self.run_least <= size <= MAX_RUN:
            return False
        if not naturals:
            return self.all_wild
        ranks = {c.rank for c in naturals}
        if len({c.suit for c in naturals}) != 1 or len(ranks) != len(naturals):
            return False
        return max(ranks) - min(ranks) + 1 <= size

    def fits(self, naturals: Sequence[Card], wilds: int) -> bool:
        """True when the cards make a book or a run."""
        return self.book_fits(naturals, wilds) or self.run_fits(naturals, wilds)

    def book_wilds(self, size: int) -> int:
        """The wilds a book of ``size`` naturals needs: ``max(0, book_least - size)``."""
        return max(0, self.book_least - size)

    def run_wilds(self, span: int) -> int:
        """The wilds a run needs beyond its gaps once its naturals cover ``span`` ranks."""
        return max(0, self.run_least - span)

    # -- rules derived from the model, which the solver's search relies on ---------------------

    @property
    def least(self) -> int:
        """The fewest cards of any meld."""
        return min(self.book_least, self.run_least)

    @property
    def wild_meld_least(self) -> int:
        """The fewest wilds that meld alone (more than a hand holds when none may)."""
        return self.least if self.all_wild else MAX_RUN * 10

    def wilds_score(self, wilds: int, melds_nothing: bool) -> bool:
        """True when a hand's ``wilds`` score: its naturals meld nothing and the wilds
        cannot meld alone (a meld that exists takes any spare wild)."""
        return wilds > 0 and melds_nothing and wilds < self.wild_meld_least

    @property
    def lone_runs(self) -> bool:
        """True when a run of one natural can beat putting that card in its book.

        A run with one natural needs ``run_least - 1`` wilds, the natural's own book at
        most ``book_least - 1``: in the standard game the book is never worse, so the
        search tries runs of two naturals or more only.
        """
        return self.book_least > self.run_least

    @property
    def standard_books(self) -> bool:
        """True when books are the standard game's (the solver's book shortcuts hold)."""
        return self.book_least == MIN_MELD and not self.distinct_suits

    @property
    def standard_runs(self) -> bool:
        """True when runs are the standard game's (the solver's run shortcuts hold)."""
        return self.run_least == MIN_MELD

    def code(self) -> int:
        """The model as one small number (the compiled search keys its caches by it)."""
        code = (self.run_least << 4 | self.book_least) << 1 | self.distinct_suits
        return (code << 1 | self.all_wild) << 1 | self.lone_runs


#: The standard game's melds.
STANDARD_MELDS: MeldRules = MeldRules()
