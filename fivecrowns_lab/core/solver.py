"""The exact arrangement solver: the melds that leave the fewest penalty points.

The search and everything around it are in :mod:`.solving` (which the optional compiled
build compiles); here is the public :class:`Solver`, which checks the values it is given
in the learner's words before the work starts, and :func:`shared_solver`. See
:mod:`.solving` for how the search works.

>>> shared_solver(3).lowest_without_one("7H 8H 9H QS KS", building=True)[Card.parse("KS")]
12
"""

from __future__ import annotations

from collections.abc import Iterable

from ..errors import CardError, HandSizeError, quote
from ..i18n import gettext as _
from ..validators import whole_number
from .arrangement import Arrangement  # what the solver answers with (documented there)
from .cards import Card, Hand
from .rules import RoundRules, round_rules
from .solving import (
    _MAX_CARDS,
    _PACKED_BITS,
    NATURAL_SLOTS,
    SolverCore,
    best_arrangement,
    can_go_out,
    going_out_discards,
    packed_naturals,
    penalties_without_each,
    penalty,
    stranded_naturals,
)

__all__ = [
    "NATURAL_SLOTS",
    "HandSizeError",
    "Solver",
    "best_arrangement",
    "can_go_out",
    "going_out_discards",
    "packed_naturals",
    "penalties_without_each",
    "penalty",
    "shared_solver",
    "stranded_naturals",
]


class Solver:
    """The solver for one round's rules, remembering every position it has solved.

    The functions below start afresh on every call. A ``Solver`` keeps what it has
    worked out, so questions about hands that share most of their cards (a hand
    before and after a draw, the hand less each of its cards, the same hand next
    turn) re-solve only what is new. The answers are the functions' answers: a
    position's value and its best choice do not depend on what was solved before.

    The memory grows with use, up to about ``limit`` positions (a few hundred bytes
    each); past that it starts afresh. :func:`shared_solver` keeps one per rules.

    >>> solver = Solver(3)
    >>> solver.penalty("7H 8H 9H QS QC"), solver.penalty("7H 8H 9H QS")
    (24, 12)
    """

    # Each method checks its numbers and switches here, in this module, then hands the
    # work to SolverCore (core/solving.py): compiled, SolverCore would refuse a value of
    # the wrong type with the compiler's own TypeError, not with a sentence.

    def __init__(self, rules: RoundRules | int, limit: int = 100_000) -> None:
        limit = whole_number(
            limit,
            _("A solver's limit of positions is a whole number of at least {low}, not {value}."),
            low=1,
        )
        self._core = SolverCore(round_rules(rules), limit)
        self.rules: RoundRules = self._core.rules
        self.limit: int = limit

    def __repr__(self) -> str:
        return f"Solver({self.rules!r})"

    def clear(self) -> None:
        """Forget every solved position."""
        self._core.clear()

    def penalties_without_each(self, cards: str | Iterable[Card]) -> dict[Card, int]:
        """For each different card of the hand, the penalty of the hand without one copy of it.

        The same as ``penalty`` of each smaller hand, in one pass sharing one memo;
        the cards come in suit-then-rank order.
        """
        return self._core.penalties_without_each(cards)

    def best_arrangement(self, cards: str | Iterable[Card]) -> Arrangement:
        """The melds that leave the fewest points (as :func:`best_arrangement`)."""
        return self._core.best_arrangement(cards)

    def leftover(self, cards: str | Iterable[Card]) -> Hand:
        """The cards :meth:`best_arrangement` leaves in hand, without building its melds.

        Exactly ``best_arrangement(cards).leftover``; the hand has a meld exactly when
        this is shorter than the hand.
        """
        return self._core.leftover(cards)

    def loose_ranks_with_each(
        self, cards: str | Iterable[Card], draws: str | Iterable[Card]
    ) -> dict[Card, tuple[int, ...]]:
        """For each card of ``draws``, the ranks of the naturals :meth:`leftover` leaves in
        hand once that card joins the hand (lowest first), without building any cards.

        >>> found = Solver(3).loose_ranks_with_each("7H 9H QS", "8H QC")
        >>> {str(card): ranks for card, ranks in found.items()}
        {'8♥': (12,), 'Q♣': (7, 9, 12, 12)}
        """
        return self._core.loose_ranks_with_each(cards, draws)

    def loose_points_after_each(
        self, cards: str | Iterable[Card], draws: str | Iterable[Card]
    ) -> list[int]:
        """For each different card of ``draws`` (in the order first met), the points of the
        naturals left loose once that card joins the hand and the costliest of them is
        thrown away.

        The same as the ranks :meth:`loose_ranks_with_each` gives, less the highest, summed;
        for a caller that weighs many draws (nothing is built per draw).

        >>> Solver(3).loose_points_after_each("7H 9H QS", "8H QC")  # 8♥ melds; Q♣ does not
        [0, 28]
        """
        return self._core.loose_points_after_each(cards, draws)

    def pack(self, cards: str | Iterable[Card]) -> tuple[int, int]:
        """The cards as the search holds them: the naturals packed (two bits a card) and
        the number of wilds. For a caller that asks :meth:`loose_packed` many times.

        >>> naturals, wilds = Solver(3).pack("7H 8H 5S JK")  # fives are wild in round 3
        >>> [rank for rank, _suit, _bit in packed_naturals(naturals)], wilds
        ([7, 8], 2)
        """
        return self._core.pack(cards)

    def can_go_out(self, cards: str | Iterable[Card]) -> bool:
        """True when every card can be laid down (as :func:`can_go_out`)."""
        return self._core.can_go_out(cards)

    def going_out_discards(self, cards: str | Iterable[Card]) -> tuple[Card, ...]:
        """Every card whose discard lets the rest go out (as :func:`going_out_discards`).

        Worked out as the discards that leave 0 points, solving only the cards whose
        rank could bring the whole hand's points down to 0 (most hands have none).
        """
        return self._core.going_out_discards(cards)

    def penalty(self, cards: str | Iterable[Card], building: bool = False) -> int:
        """Points a hand leaves after its best melds (as :func:`penalty`).

        With ``building``, the points of a hand still being built: a wild outside every
        meld counts 0, since it always finds a meld later (the bots' measure of a hand
        to keep; the score if the round ended now charges it).

        >>> solver = Solver(3)  # fives wild
        >>> solver.penalty("7H QS 5C"), solver.penalty("7H QS 5C", building=True)
        (39, 19)
        """
        _check_building(building)
        return self._core.penalty(cards, building)

    def lowest_without_one(
        self,
        cards: str | Iterable[Card],
        among: Iterable[Card] | None = None,
        building: bool = False,
        keep: int = 1,
    ) -> dict[Card, int]:
        """The discards of ``among`` (default: every card) that leave the fewest points.

        Each value is exactly :meth:`penalties_without_each`'s (with ``building``, a wild
        outside every meld counts 0, as for a hand still being built). Every card whose
        value is at most the ``keep``-th lowest is in the result; a card left out leaves
        more. Other cards may be in it too, with their exact values.

        Faster than the full list: without a card the naturals leave at least the whole
        hand's points less that card's rank, so once ``keep`` discards are found, a card
        whose bound is above them all is not searched. With ``keep=1`` the naturals still
        to search are searched together, in one search that throws one of them
        (``Search.min_after_drop`` in ``core/search.py``).

        >>> found = Solver(3).lowest_without_one("7H 8H 9H QS KS")  # the run is not searched
        >>> {str(card): points for card, points in found.items()}
        {'Q♠': 13, 'K♠': 12}
        """
        _check_building(building)
        if type(keep) is not int or keep < 1:  # the sentence is looked up only on a refusal
            keep = whole_number(
                keep,
                _(
                    "The number of discards to keep is a whole number of at least {low}, "
                    "not {value}."
                ),
                low=1,
            )
        return self._core.lowest_without_one(cards, among, building, keep)

    def loose_packed(self, packed: int, wilds: int) -> tuple[int, int]:
        """:meth:`leftover` of a packed hand (:meth:`pack`), kept packed: the naturals one
        best arrangement leaves loose, and the wilds it needs for none of its melds.

        >>> solver = Solver(3)
        >>> loose, unused = solver.loose_packed(*solver.pack("7H 8H 9H QS JK"))
        >>> [rank for rank, _suit, _bit in packed_naturals(loose)], unused  # JK: no meld needs it
        ([12], 1)
        """
        if (
            type(packed) is not int
            or type(wilds) is not int
            or packed < 0
            or packed >> _PACKED_BITS
            or not 0 <= wilds <= _MAX_CARDS
        ):
            raise CardError(
                _(
                    "A packed hand is the two numbers Solver.pack returns, not {packed} and "
                    "{wilds}."
                ).format(packed=quote(packed), wilds=quote(wilds))
            )
        return self._core.loose_packed(packed, wilds)


def _check_building(building: object) -> None:
    if type(building) is not bool:
        raise CardError(
            _("building is True (a hand still being built) or False, not {value}.").format(
                value=quote(building)
            )
        )


# One solver per set of round rules, shared by the game's legal actions and the bots:
# at most 12 (solitaire plays all 11 rounds at once), each starting afresh past 20,000
# positions (about 280 bytes each: some 6 MB a solver, 70 MB at the very most).
_SHARED: dict[RoundRules, Solver] = {}
_SHARED_MOST = 12
_SHARED_LIMIT = 20_000


def shared_solver(rules: RoundRules | int) -> Solver:
    """The process's :class:`Solver` for these rules (made on first use, memory bounded).

    Its answers are exactly the functions' answers; only the time differs.
    """
    global _LAST_SHARED
    last_rules, last_solver = _LAST_SHARED
    if rules is last_rules and last_solver is not None:  # as the last call: a whole round
        return last_solver
    key = round_rules(rules)
    found = _SHARED.get(key)
    if found is None:
        if len(_SHARED) >= _SHARED_MOST:
            _SHARED.clear()
        found = _SHARED[key] = Solver(key, _SHARED_LIMIT)
    if type(rules) is RoundRules:  # a round number is a new int object on most calls
        _LAST_SHARED = (rules, found)
    return found


# The rules object of the last call and its solver, replaced as one tuple (one reference
# assignment, so a thread reading it sees one pair or the other, never a mix).
_LAST_SHARED: tuple[RoundRules | None, Solver | None] = (None, None)
