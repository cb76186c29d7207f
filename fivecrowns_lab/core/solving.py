"""The solver: the melds that leave the fewest penalty points, and around them the
discards' points and the going-out discards.

:class:`Solver` is the public class (re-exported by :mod:`.solver` with the functions);
it checks what it is given in the learner's words, and the optional compiled build
compiles this module with :mod:`.search`, :mod:`.packing` and :mod:`.shortcuts`.

How it works
------------
Wild cards are interchangeable within a meld, so a hand is split into its
*naturals* (packed into one integer: two bits per rank and suit, rank-major;
:mod:`.packing`) and a *count* of wilds. A dynamic programme (:mod:`.search`) then
walks the ranks from 3 up. At the lowest rank still held, every card of that rank
either starts a run (which then claims cards of higher ranks of its suit, filling gaps
with wilds), joins the one book of that rank, or stays in hand. States are
``(naturals left, wilds left)`` and are memoised, so duplicate cards and symmetric
choices cost nothing twice.

Every size comes from the round's :class:`~fivecrowns_lab.core.rules.MeldRules`. One
book per rank is enough: a book's wild cost ``max(0, book_least - size)`` only falls as
it grows. Under the books-in-different-suits variant a book takes one card of each
suit, so a rank may hold two books (each suit held twice gives one card to each) and
duplicates beyond that stay in hand.

Unused wilds never cost points once any meld exists: a book takes any number, a short
run grows, and a run of eleven can be split in two (:mod:`.arranging`). So wild points
are only charged when no meld at all is possible and the wilds cannot meld alone
(:meth:`.MeldRules.wilds_score`).
"""

from __future__ import annotations

from collections.abc import Iterable

from ..errors import CardError, quote
from ..i18n import gettext as _
from ..validators import whole_number
from .arrangement import Arrangement
from .arranging import build
from .cards import Card, Hand, trusted_hand
from .discards import Scoring
from .packing import (
    MAX_CARDS,
    PACKED_BITS,
    RANK_BITS,
    SLOT_AT,
    block_cards,
    check_drawn,
    drawn_cards,
    order,
    packed_naturals,
    points_less_highest,
    slot_of,
    split,
)
from .rules import MAX_RANK, MIN_RANK, MeldRules
from .search import BLOCK, Search
from .shortcuts import drawing_of, loose_after, two_stranded

__all__ = ["Solver"]


class Solver(Scoring):
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

    # Every argument that is not cards is typed ``object`` and checked here in the
    # learner's words: compiled, a typed argument would be refused with the compiler's own
    # TypeError before the check ran.

    def penalty(self, cards: str | Iterable[Card], building: object = False) -> int:
        """Points a hand leaves after its best melds (as :func:`penalty`).

        With ``building``, the points of a hand still being built: a wild outside every
        meld counts 0, since it always finds a meld later (the bots' measure of a hand
        to keep; the score if the round ended now charges it).

        >>> solver = Solver(3)  # fives wild
        >>> solver.penalty("7H QS 5C"), solver.penalty("7H QS 5C", building=True)
        (39, 19)
        """
        built = _check_building(building)
        packed, naturals, wilds = split(self._hand(cards), self.rules)
        natural_sum = sum(c.rank for c in naturals)
        value = self._search.min_leftover(packed, len(wilds))
        return self._kept_points(value, natural_sum, wilds, built)

    def penalties_without_each(self, cards: str | Iterable[Card]) -> dict[Card, int]:
        """For each different card of the hand, the penalty of the hand without one copy of it.

        The same as ``penalty`` of each smaller hand, in one pass sharing one memo;
        the cards come in suit-then-rank order.
        """
        hand = self._hand(cards)
        packed, naturals, wilds = split(hand, self.rules)
        natural_sum = sum(c.rank for c in naturals)
        search = self._search
        # The whole hand's best arrangement answers for every card it leaves loose (and
        # for a wild it does not use): only the cards in its melds need a search of their
        # own.
        whole = search.min_leftover(packed, len(wilds))
        loose, spare = search.loose(packed, len(wilds))
        found: dict[Card, int] = {}
        wild = self.rules.wild_rank
        for card in sorted(set(hand), key=order):
            if card.suit is None or card.rank == wild:
                value = whole if spare else search.min_leftover(packed, len(wilds) - 1)
                found[card] = self._wild_out(card, value, natural_sum, wilds, False)
            else:
                slot = slot_of(card)
                if (loose >> slot) & 0b11:
                    value = whole - card.rank
                else:
                    value = search.min_leftover(packed - (1 << slot), len(wilds))
                found[card] = self._natural_out(card, value, natural_sum, wilds, False)
        return found

    def lowest_without_one(
        self,
        cards: str | Iterable[Card],
        among: Iterable[Card] | None = None,
        building: object = False,
        keep: object = 1,
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
        return self._lowest(cards, among, _check_building(building), _check_keep(keep))

    def best_arrangement(self, cards: str | Iterable[Card]) -> Arrangement:
        """The melds that leave the fewest points (as :func:`best_arrangement`)."""
        hand = self._hand(cards)
        packed, _naturals, wilds = split(hand, self.rules)
        return build(hand, self.rules, self._search, packed, wilds)

    def leftover(self, cards: str | Iterable[Card]) -> Hand:
        """The cards :meth:`best_arrangement` leaves in hand, without building its melds.

        Exactly ``best_arrangement(cards).leftover``; the hand has a meld exactly when
        this is shorter than the hand.
        """
        hand = self._hand(cards)
        rules = self.rules
        packed, _naturals, wilds = split(hand, rules)
        left, _spare = self._search.loose(packed, len(wilds))
        loose: list[Card] = []
        rest = left
        while rest:  # the loose naturals, a rank's block at a time
            shift = (((rest & -rest).bit_length() - 1) // BLOCK) * BLOCK
            block = (rest >> shift) & RANK_BITS
            loose.extend(block_cards(shift // BLOCK + MIN_RANK, block))
            rest ^= block << shift
        # Wilds no meld needed join a meld; with no meld at all (every natural loose),
        # fewer than three stay.
        if rules.meld.wilds_score(len(wilds), left == packed):
            loose.extend(wilds)
        loose.sort(key=order)
        return trusted_hand(loose)

    def loose_ranks_with_each(
        self, cards: str | Iterable[Card], draws: str | Iterable[Card]
    ) -> dict[Card, tuple[int, ...]]:
        """For each card of ``draws``, the ranks of the naturals :meth:`leftover` leaves in
        hand once that card joins the hand (lowest first), without building any cards.

        >>> found = Solver(3).loose_ranks_with_each("7H 9H QS", "8H QC")
        >>> {str(card): ranks for card, ranks in found.items()}
        {'8♥': (12,), 'Q♣': (7, 9, 12, 12)}
        """
        hand = self._hand(cards)
        drawing = drawing_of(self._search, self.rules, hand)
        found: dict[Card, tuple[int, ...]] = {}
        for card in drawn_cards(draws):
            if card not in found:
                loose, _points = loose_after(self._search, self.rules, hand, drawing, card)
                found[card] = tuple(rank for rank, _suit, _bit in packed_naturals(loose))
        return found

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
        hand = self._hand(cards)
        drawing = drawing_of(self._search, self.rules, hand)
        packed, _wilds, total, meldless, joins = drawing
        wild = self.rules.wild_rank
        top = (packed.bit_length() - 1) // BLOCK + MIN_RANK if packed else 0
        # Most draws into a hand that melds nothing join no meld: every natural stays loose
        # and the highest goes (what _loose_after says, worked out here without a call).
        quick = meldless and len(hand) < MAX_CARDS
        found: list[int] = []
        seen = 0  # a bit per Card.index met
        for card in drawn_cards(draws):
            index = card.index
            if (seen >> index) & 1:
                continue
            seen |= 1 << index
            slot = SLOT_AT[index]
            rank = card.rank
            # Bit 1 at the slot: a meld the card joins (``joins`` is shifted one up), or
            # the hand already holds both copies.
            if quick and slot >= 0 and rank != wild and not (joins >> slot | packed >> slot) & 2:
                found.append(total + rank - (rank if rank > top else top))
                continue
            loose, points = loose_after(self._search, self.rules, hand, drawing, card)
            if not loose:
                found.append(0)
            elif points < 0:
                found.append(points_less_highest(loose))
            else:  # less the highest loose natural's rank
                found.append(points - ((loose.bit_length() - 1) // BLOCK + MIN_RANK))
        return found

    def pack(self, cards: str | Iterable[Card]) -> tuple[int, int]:
        """The cards as the search holds them: the naturals packed (two bits a card) and
        the number of wilds. For a caller that asks :meth:`loose_packed` many times.

        >>> naturals, wilds = Solver(3).pack("7H 8H 5S JK")  # fives are wild in round 3
        >>> [rank for rank, _suit, _bit in packed_naturals(naturals)], wilds
        ([7, 8], 2)
        """
        packed, _naturals, wilds = split(self._hand(cards), self.rules)
        return packed, len(wilds)

    def loose_packed(self, packed: object, wilds: object) -> tuple[int, int]:
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
            or packed >> PACKED_BITS
            or not 0 <= wilds <= MAX_CARDS
        ):
            raise CardError(
                _(
                    "A packed hand is the two numbers Solver.pack returns, not {packed} and "
                    "{wilds}."
                ).format(packed=quote(packed), wilds=quote(wilds))
            )
        self._within_limit()
        return self._search.loose(packed, wilds)

    def can_go_out(self, cards: str | Iterable[Card]) -> bool:
        """True when every card can be laid down (as :func:`can_go_out`)."""
        packed, _naturals, wilds = split(self._hand(cards), self.rules)
        return _can_meld_all(self._search, packed, len(wilds), self.rules.meld)

    def going_out_discards(self, cards: str | Iterable[Card]) -> tuple[Card, ...]:
        """Every card whose discard lets the rest go out (as :func:`going_out_discards`).

        Worked out as the discards that leave 0 points, solving only the cards whose
        rank could bring the whole hand's points down to 0 (most hands have none).
        """
        hand = self._hand(cards)
        check_drawn(hand, self.rules)
        parts = split(hand, self.rules)
        packed, _naturals, wilds = parts
        if two_stranded(packed, wilds, self.rules.meld.book_least):
            return ()
        packed, naturals, wilds = parts
        natural_sum = sum(c.rank for c in naturals)
        search = self._search
        whole = search.min_leftover(packed, len(wilds))
        if whole > MAX_RANK:  # more than any one natural scores: no discard can leave 0
            return ()
        loose, spare = search.loose(packed, len(wilds))
        wild = self.rules.wild_rank
        out: list[Card] = []
        searched: list[Card] = []
        allowed = 0
        for card in sorted(set(hand), key=order):
            if card.suit is None or card.rank == wild:
                if whole:
                    continue
                value = whole if spare else search.min_leftover(packed, len(wilds) - 1)
                if not self._wild_out(card, value, natural_sum, wilds, False):
                    out.append(card)
            elif whole > card.rank:
                continue
            elif (loose >> slot_of(card)) & 0b11:
                if not self._natural_out(card, whole - card.rank, natural_sum, wilds, False):
                    out.append(card)
            else:
                allowed |= 0b11 << slot_of(card)
                searched.append(card)
        if searched:
            value, thrown = search.min_after_drop(packed, len(wilds), allowed, 0, {})
            if not value:
                out.extend(
                    card
                    for card in searched
                    if (thrown >> slot_of(card)) & 1
                    and not self._natural_out(card, 0, natural_sum, wilds, False)
                )
            out.sort(key=order)
        return tuple(out)


def _can_meld_all(search: Search, packed: int, n_wilds: int, meld: MeldRules) -> bool:
    if not packed:
        return n_wilds == 0 or n_wilds >= meld.wild_meld_least
    return search.wilds_needed(packed, n_wilds) <= n_wilds


def _check_building(building: object) -> bool:
    if type(building) is not bool:
        raise CardError(
            _("building is True (a hand still being built) or False, not {value}.").format(
                value=quote(building)
            )
        )
    return building


def _check_keep(keep: object) -> int:
    if type(keep) is int and keep >= 1:  # the sentence is looked up only on a refusal
        return keep
    return whole_number(
        keep,
        _("The number of discards to keep is a whole number of at least {low}, not {value}."),
        low=1,
    )
