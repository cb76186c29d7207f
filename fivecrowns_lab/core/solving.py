"""The solver's work: the melds that leave the fewest penalty points, and around them
the discards' points, the going-out discards and the arrangements built from the search.

The public :class:`~fivecrowns_lab.core.solver.Solver` checks what it is given, then
hands it to :class:`SolverCore` here; the optional compiled build compiles this module.

How it works
------------
Wild cards are interchangeable within a meld, so a hand is split into its
*naturals* (packed into one integer: two bits per rank and suit, rank-major)
and a *count* of wilds. A dynamic programme then walks the ranks from 3 up.
At the lowest rank still held, every card of that rank either starts a run
(which then claims cards of higher ranks of its suit, filling gaps with
wilds), joins the one book of that rank, or stays in hand. States are
``(naturals left, wilds left)`` and are memoised, so duplicate cards and
symmetric choices cost nothing twice.

One book per rank is enough: a book's wild cost ``max(0, 3 - size)`` only
falls as it grows. Under the books-in-different-suits variant a book takes one
card of each suit, so a rank may hold two books (each suit held twice gives
one card to each) and duplicates beyond that stay in hand.

Unused wilds never cost points once any meld exists: a book takes any number,
a short run grows, and a run of eleven can be split in two with the wild
overlapping. So wild points are only charged when no meld at all
is possible and fewer than three wilds are held (or, under the no-all-wild
variant, whenever no meld is possible).

>>> best_arrangement("5H 6H JK 9C 9S", 1).penalty  # the joker makes a book of 9s
11
>>> can_go_out("5H 6H JK 9C 9S 9S", 1)
True
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Iterable
from operator import itemgetter

from ..errors import CardError, HandSizeError
from ..i18n import gettext as _
from .arrangement import Arrangement
from .cards import (
    CARDS_BY_INDEX,
    DECK,
    RANKS,
    SUITS,
    Card,
    Hand,
    Suit,
    card_order,
    check_available,
    format_cards,
    parse_cards,
    trusted_hand,
)
from .melds import Meld, make_book, make_run
from .rules import (
    MAX_RANK,
    MAX_RUN,
    MIN_MELD,
    MIN_RANK,
    RoundRules,
    card_points,
    is_wild,
    round_rules,
)
from .search import BLOCK as _BLOCK
from .search import INF as _INF
from .search import Search as _Search

__all__ = [
    "HandSizeError",
    "SolverCore",
    "best_arrangement",
    "can_go_out",
    "going_out_discards",
    "packed_naturals",
    "penalties_without_each",
    "penalty",
    "stranded_naturals",
]

# A game hand holds at most 14 cards; up to 20 still solve in well under a second,
# and refusing larger ones keeps odd input from making the solver hang.
_MAX_CARDS = 20


# Every suited card, built once: the solver makes many and Card() validates its input.
_CARD = {(c.rank, c.suit): c for c in DECK if c.suit is not None}
_RANK_BITS = (1 << _BLOCK) - 1  # one rank's block of the packed naturals


# A natural's bit offset is ((rank - 3) * 5 + suit index) * 2: ten bits a rank, two a suit.
_SUIT_SLOT = {suit: 2 * suit.index - _BLOCK * MIN_RANK for suit in SUITS}


def _slot(card: Card) -> int:
    """Bit offset of a natural card in the packed representation."""
    assert card.suit is not None
    return _SUIT_SLOT[card.suit] + _BLOCK * card.rank


# The same by Card.index, for loops over many cards (-1 for the joker), and as a bit.
_SLOT_AT = [-1 if c.suit is None else _slot(c) for c in CARDS_BY_INDEX]
_BIT_AT = [0 if slot < 0 else 1 << slot for slot in _SLOT_AT]


# _BIT_AT with 0 for each card that is wild, by the wild rank (the round's wilds).
_NATURAL_BIT_AT = {
    wild: [
        0 if c.suit is None or c.rank == wild else bit
        for c, bit in zip(CARDS_BY_INDEX, _BIT_AT, strict=True)
    ]
    for wild in range(MIN_RANK, MAX_RANK + 1)
}


def _split(cards: Hand, rules: RoundRules) -> tuple[int, list[Card], list[Card]]:
    """Pack the naturals into an integer; return it with the naturals and wilds."""
    packed = 0
    naturals: list[Card] = []
    wilds: list[Card] = []
    bits = _NATURAL_BIT_AT[rules.wild_rank]
    for card in cards:
        bit = bits[card.index]
        if bit:
            naturals.append(card)
            if packed & bit << 1:  # a third copy would spill into the next card's bits
                check_available(cards)
            packed += bit
        else:
            wilds.append(card)
    if len(wilds) > 2:
        check_available(wilds)
    return packed, naturals, wilds


def _prepare(cards: str | Iterable[Card], rules: RoundRules | int) -> tuple[Hand, RoundRules]:
    rules = round_rules(rules)
    hand = parse_cards(cards)
    if len(hand) > _MAX_CARDS:
        raise HandSizeError(
            _(
                "A hand of {count} cards is too large to arrange; the most is {most} "
                "(a hand in the game holds at most 14)."
            ).format(count=len(hand), most=_MAX_CARDS)
        )
    return hand, rules


def _run_meld(taken: tuple[int, ...], suit: Suit, wilds: list[Card], round_no: int) -> Meld:
    """The run of the naturals ``taken`` (ranks) of ``suit``, wilds filling gaps then padding."""
    span = max(MIN_MELD, taken[-1] - taken[0] + 1)
    first = min(taken[0], MAX_RANK + 1 - span)  # pad above, or below when the run reaches K
    spare = iter(wilds)
    at = set(taken)
    cards = [_CARD[r, suit] if r in at else next(spare) for r in range(first, first + span)]
    return Meld(trusted_hand(cards), "run", tuple(range(first, first + span)), suit, round_no)


def _split_books(here: list[Card], books: int) -> tuple[list[list[Card]], list[Card]]:
    """Share one rank's cards among ``books`` books of different suits; return the rest."""
    groups: list[list[Card]] = [[] for _ in range(books)]
    rest: list[Card] = []
    by_suit: dict[Suit | None, list[Card]] = {}
    for card in here:
        by_suit.setdefault(card.suit, []).append(card)
    # Pairs first (one card to each book), then singles to the smaller book: balanced
    # books need the fewest wilds.
    for cards in sorted(by_suit.values(), key=len, reverse=True):
        for card in cards[:books] if len(cards) >= books else cards:
            min(
                (g for g in groups if all(c.suit != card.suit for c in g)),
                key=len,
            ).append(card)
        rest.extend(cards[books:])
    return groups, rest


def _build(
    hand: Hand, rules: RoundRules, search: _Search, packed: int, wilds: list[Card]
) -> Arrangement:
    round_no = rules.round_no
    melds: list[Meld] = []
    leftover: list[Card] = []
    spare = sorted(wilds, key=lambda c: not c.is_joker)  # jokers go into melds first
    for rank, block, books, runs in search.path(packed, len(wilds)):
        for suit_index, taken in runs:
            need = max(MIN_MELD, taken[-1] - taken[0] + 1) - len(taken)
            melds.append(_run_meld(taken, SUITS[suit_index], spare[:need], round_no))
            spare = spare[need:]
        here = list(_block_cards(rank, block))
        if books and here:
            groups, rest = _split_books(here, books) if search.distinct else ([here], [])
            leftover.extend(rest)
            for group in groups:
                need = max(0, MIN_MELD - len(group))
                cards = trusted_hand(group + spare[:need])
                melds.append(Meld(cards, "book", (rank,) * len(cards), None, round_no))
                spare = spare[need:]
        else:
            leftover.extend(here)
    melds, spare = _place_spare_wilds(melds, spare, rules)
    leftover_hand = trusted_hand(sorted(leftover + spare, key=_order))
    points = sum(card_points(c, rules) for c in leftover_hand)
    return Arrangement(tuple(melds), leftover_hand, points, round_no)


def _place_spare_wilds(
    melds: list[Meld], spare: list[Card], rules: RoundRules
) -> tuple[list[Meld], list[Card]]:
    """Put wilds that no meld needed into melds, so they score nothing."""
    if not spare:
        return melds, spare
    for i, meld in enumerate(melds):
        if meld.kind == "book":
            melds[i] = make_book([*meld.cards, *spare], rules, meld.ranks[0])
            return melds, []
    for i, meld in enumerate(melds):
        room = MAX_RUN - len(meld)
        if room and meld.suit is not None:
            take, spare = spare[:room], spare[room:]
            melds[i] = make_run([*meld.cards, *take], rules, meld.suit, meld.ranks[0])
            if not spare:
                return melds, []
    if len(spare) >= MIN_MELD and not rules.no_all_wild_melds:
        return [*melds, make_book(spare, rules)], []
    if melds:
        # Only full runs of eleven are left: rebuild one as two melds, then place the rest.
        return _place_spare_wilds([*_split_full_run(melds[0], rules), *melds[1:]], spare, rules)
    return melds, spare


def _split_full_run(full: Meld, rules: RoundRules) -> list[Meld]:
    """Two melds from a run of eleven (each with a card that is not wild), one with room.

    Split it as 3..k and k+1..K where both parts keep a natural; failing that, its
    lowest (or highest) natural leaves as a book padded with the run's end wilds.
    """
    cards = list(full.cards)
    assert full.suit is not None
    natural = [i for i, c in enumerate(cards) if not is_wild(c, rules)]
    for cut in range(MIN_MELD, MAX_RUN - MIN_MELD + 1):
        if not rules.no_all_wild_melds or (natural[0] < cut <= natural[-1]):
            low = make_run(cards[:cut], rules, full.suit, MIN_RANK)
            return [low, make_run(cards[cut:], rules, full.suit, MIN_RANK + cut)]
    # The naturals sit within three places of one end: the end natural becomes a book,
    # with two wilds from the other end of the run, which stays a run of eight or more.
    if natural[-1] < MIN_MELD:
        book_card, run_cards, pad = cards[natural[0]], cards, cards[-2:]
    else:
        book_card, run_cards, pad = cards[natural[-1]], cards, cards[:2]
    rest = [c for c in run_cards if c is not book_card and all(c is not p for p in pad)]
    return [make_book([book_card, *pad], rules), make_run(rest, rules, full.suit)]


class SolverCore:
    """The work of :class:`~fivecrowns_lab.core.solver.Solver` (see there), which checks the
    values it is given first and hands them on: the compiled build compiles this class,
    and a compiled class is fastest when nothing subclasses it."""

    def __init__(self, rules: RoundRules | int, limit: int = 100_000) -> None:
        self.rules = round_rules(rules)
        self.limit = limit  # Solver checks it
        self._search = _Search(self.rules.books_distinct_suits)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.rules!r})"

    def clear(self) -> None:
        """See :meth:`Solver.clear`."""
        self._search = _Search(self.rules.books_distinct_suits)

    def _hand(self, cards: str | Iterable[Card]) -> Hand:
        """The cards as a hand; checked like the functions' input, but cheaply for a Hand."""
        if type(cards) is Hand:
            hand = cards
        elif (type(cards) is tuple or type(cards) is list) and {*map(type, cards)} <= _ONLY_CARDS:
            # The bots and the table ask about many tuples and lists of cards: nothing to
            # read. _split checks the copies.
            hand = trusted_hand(cards)
        elif isinstance(cards, str):
            hand = parse_cards(cards)
        else:
            hand = parse_cards(cards, check=False)  # _split checks the copies
        if len(hand) > _MAX_CARDS:
            _prepare(hand, self.rules)  # raises the size error
        self._within_limit()
        return hand

    def _within_limit(self) -> None:
        """Start the memo afresh once it holds more positions than ``limit``."""
        search = self._search
        if len(search.leftover) + len(search.needed) > self.limit:
            self.clear()

    def _charged(self, value: int, natural_sum: int, wilds: list[Card]) -> int:
        """The penalty of a hand whose naturals leave ``value`` points with the wilds' help."""
        rules = self.rules
        if wilds and value == natural_sum and (len(wilds) < MIN_MELD or rules.no_all_wild_melds):
            value += sum(card_points(c, rules) for c in wilds)
        return value

    def penalty(self, cards: str | Iterable[Card], building: bool = False) -> int:
        """Points a hand leaves after its best melds (see :meth:`Solver.penalty`)."""
        packed, naturals, wilds = _split(self._hand(cards), self.rules)
        natural_sum = sum(c.rank for c in naturals)
        value = self._search.min_leftover(packed, len(wilds))
        return self._kept_points(value, natural_sum, wilds, building)

    def penalties_without_each(self, cards: str | Iterable[Card]) -> dict[Card, int]:
        """See :meth:`Solver.penalties_without_each`."""
        hand = self._hand(cards)
        packed, naturals, wilds = _split(hand, self.rules)
        natural_sum = sum(c.rank for c in naturals)
        search = self._search
        # The whole hand's best arrangement answers for every card it leaves loose (and
        # for a wild it does not use): only the cards in its melds need a search of their
        # own.
        whole = search.min_leftover(packed, len(wilds))
        loose, spare = search.loose(packed, len(wilds))
        found: dict[Card, int] = {}
        wild = self.rules.wild_rank
        for card in sorted(set(hand), key=_order):
            if card.suit is None or card.rank == wild:
                value = whole if spare else search.min_leftover(packed, len(wilds) - 1)
                found[card] = self._wild_out(card, value, natural_sum, wilds, False)
            else:
                slot = _slot(card)
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
        building: bool = False,
        keep: int = 1,
    ) -> dict[Card, int]:
        """The discards of ``among`` that leave the fewest points (see
        :meth:`Solver.lowest_without_one`, which checks ``building`` and ``keep``)."""
        hand = self._hand(cards)
        if among is None:
            wanted = set(hand)
        elif type(among) in (list, tuple) and {*map(type, among)} <= _ONLY_CARDS:
            wanted = set(among)  # the bots' lists of cards: nothing to read
        else:
            wanted = set(parse_cards(among, check=False))
        missing = wanted - set(hand)
        if missing:
            raise CardError(
                _("{cards} is not in the hand, so it cannot be left out of it.").format(
                    cards=format_cards(sorted(missing, key=_order))
                )
            )
        packed, naturals, wilds = _split(hand, self.rules)
        natural_sum = sum(c.rank for c in naturals)
        search = self._search
        whole = search.min_leftover(packed, len(wilds))
        loose, spare = search.loose(packed, len(wilds))
        wild = self.rules.wild_rank
        own = self._points_are_naturals(wilds, building)
        found: dict[Card, int] = {}
        later: list[tuple[int, int, Card]] = []  # (bound, order, card)
        for card in wanted:
            if card.suit is None or card.rank == wild:
                if spare:  # a wild no best meld needs: the same naturals' points
                    found[card] = self._wild_out(card, whole, natural_sum, wilds, building)
                else:
                    later.append((whole, card._order, card))
            elif (loose >> _SLOT_AT[card.index]) & 0b11:  # loose in a best arrangement
                found[card] = (
                    whole - card.rank
                    if own  # _natural_out would add nothing
                    else self._natural_out(card, whole - card.rank, natural_sum, wilds, building)
                )
            else:
                later.append((whole - card.rank, card._order, card))
        values = sorted(found.values())
        later.sort()
        if keep == 1:
            self._add_lowest_later(found, later, values, packed, natural_sum, wilds, building, own)
            return found
        for bound, _key, card in later:
            if len(values) >= keep and bound > values[keep - 1]:
                break  # and every bound after it: this card and the rest leave more
            found[card] = self._searched_out(card, packed, natural_sum, wilds, building)
            insort(values, found[card])
        return found

    def _points_are_naturals(self, wilds: list[Card], building: bool) -> bool:
        """True when a hand keeping these wilds scores exactly its naturals' points left
        (:meth:`_kept_points` adds nothing, whatever the naturals do)."""
        if not wilds:
            return True
        if len(wilds) >= MIN_MELD:
            return not self.rules.no_all_wild_melds
        return building

    def _add_lowest_later(
        self,
        found: dict[Card, int],
        later: list[tuple[int, int, Card]],
        values: list[int],
        packed: int,
        natural_sum: int,
        wilds: list[Card],
        building: bool,
        own: bool,
    ) -> None:
        """:meth:`lowest_without_one`'s last step for ``keep=1``: add to ``found`` every card
        of ``later`` that leaves the fewest points, with one search for all its naturals.

        ``later`` holds (bound, order, card) for the cards ``found`` lacks, ``values`` the
        points in ``found``; ``own`` says the points are the naturals' own (see
        :meth:`_points_are_naturals`). A card whose bound is above the fewest points found
        is never needed; of the others, the naturals that leave less than the rest are
        found together by ``Search.min_after_drop``, and each wild on its own.
        """
        search = self._search
        wild = self.rules.wild_rank
        cap = values[0] if values else None
        allowed = 0
        naturals: list[tuple[int, Card]] = []
        for bound, _key, card in later:
            if cap is not None and bound > cap:
                break  # and every bound after it
            if card.suit is None or card.rank == wild:
                found[card] = self._searched_out(card, packed, natural_sum, wilds, building)
            else:
                allowed |= 0b11 << _slot(card)
                naturals.append((bound, card))
        if not naturals:
            return
        limit = _INF if cap is None else cap  # above the loose cards' best: not needed
        value, thrown = search.min_after_drop(packed, len(wilds), allowed, limit, {})
        if value > limit:
            return  # a penalty is never below its naturals' points: none is needed
        best = [card for _bound, card in naturals if (thrown >> _slot(card)) & 1]
        # Charged as the hand's penalty: the naturals' own points, unless nothing melds
        # and the one or two wilds are charged too.
        if own or all(
            self._natural_out(card, value, natural_sum, wilds, building) == value for card in best
        ):
            for card in best:
                found[card] = value  # and every other natural leaves more points than this
            return
        # A hand left with no meld has its wilds charged, so a card whose naturals leave
        # more may still leave a lower penalty: each is searched on its own, cheapest
        # bound first, until the bounds pass the fewest points found.
        low = min(found.values(), default=_INF)
        for bound, card in naturals:
            if bound > low:
                break
            found[card] = self._searched_out(card, packed, natural_sum, wilds, building)
            low = min(low, found[card])

    def _searched_out(
        self, card: Card, packed: int, natural_sum: int, wilds: list[Card], building: bool
    ) -> int:
        """The points of the hand (``packed`` naturals beside ``wilds``) without ``card``,
        searched on its own."""
        if card.suit is None or card.rank == self.rules.wild_rank:
            value = self._search.min_leftover(packed, len(wilds) - 1)
            return self._wild_out(card, value, natural_sum, wilds, building)
        value = self._search.min_leftover(packed - (1 << _slot(card)), len(wilds))
        return self._natural_out(card, value, natural_sum, wilds, building)

    def _wild_out(
        self, card: Card, value: int, natural_sum: int, wilds: list[Card], building: bool
    ) -> int:
        rest = list(wilds)
        rest.remove(card)
        return self._kept_points(value, natural_sum, rest, building)

    def _natural_out(
        self, card: Card, value: int, natural_sum: int, wilds: list[Card], building: bool
    ) -> int:
        return self._kept_points(value, natural_sum - card.rank, wilds, building)

    def _kept_points(self, value: int, natural_sum: int, wilds: list[Card], building: bool) -> int:
        """The penalty (``building``: the points of a hand still being built) of naturals
        adding to ``natural_sum`` that leave ``value`` points beside ``wilds``."""
        charged = self._charged(value, natural_sum, wilds)
        if building and 0 < len(wilds) < MIN_MELD and charged > value:
            return value  # no meld yet: a wild will find one later, so it counts 0
        return charged

    def best_arrangement(self, cards: str | Iterable[Card]) -> Arrangement:
        """See :meth:`Solver.best_arrangement`."""
        hand = self._hand(cards)
        packed, _naturals, wilds = _split(hand, self.rules)
        return _build(hand, self.rules, self._search, packed, wilds)

    def leftover(self, cards: str | Iterable[Card]) -> Hand:
        """See :meth:`Solver.leftover`."""
        hand = self._hand(cards)
        rules = self.rules
        packed, _naturals, wilds = _split(hand, rules)
        left, _spare = self._search.loose(packed, len(wilds))
        loose: list[Card] = []
        rest = left
        while rest:  # the loose naturals, a rank's block at a time
            shift = (((rest & -rest).bit_length() - 1) // _BLOCK) * _BLOCK
            block = (rest >> shift) & _RANK_BITS
            loose.extend(_block_cards(shift // _BLOCK + MIN_RANK, block))
            rest ^= block << shift
        # Wilds no meld needed join a meld; with no meld at all (every natural loose),
        # fewer than three stay.
        if wilds and left == packed and (len(wilds) < MIN_MELD or rules.no_all_wild_melds):
            loose.extend(wilds)
        loose.sort(key=_order)
        return trusted_hand(loose)

    def loose_ranks_with_each(
        self, cards: str | Iterable[Card], draws: str | Iterable[Card]
    ) -> dict[Card, tuple[int, ...]]:
        """See :meth:`Solver.loose_ranks_with_each`."""
        hand = self._hand(cards)
        drawing = self._drawing(hand)
        found: dict[Card, tuple[int, ...]] = {}
        for card in _drawn_cards(draws):
            if card not in found:
                loose, _points = self._loose_after(hand, drawing, card)
                found[card] = tuple(rank for rank, _suit, _bit in packed_naturals(loose))
        return found

    def loose_points_after_each(
        self, cards: str | Iterable[Card], draws: str | Iterable[Card]
    ) -> list[int]:
        """See :meth:`Solver.loose_points_after_each`."""
        hand = self._hand(cards)
        drawing = self._drawing(hand)
        packed, _wilds, total, meldless, joins = drawing
        wild = self.rules.wild_rank
        top = (packed.bit_length() - 1) // _BLOCK + MIN_RANK if packed else 0
        # Most draws into a hand that melds nothing join no meld: every natural stays loose
        # and the highest goes (what _loose_after says, worked out here without a call).
        quick = meldless and len(hand) < _MAX_CARDS
        found: list[int] = []
        seen = 0  # a bit per Card.index met
        for card in _drawn_cards(draws):
            index = card.index
            if (seen >> index) & 1:
                continue
            seen |= 1 << index
            slot = _SLOT_AT[index]
            rank = card.rank
            # Bit 1 at the slot: a meld the card joins (``joins`` is shifted one up), or
            # the hand already holds both copies.
            if quick and slot >= 0 and rank != wild and not (joins >> slot | packed >> slot) & 2:
                found.append(total + rank - (rank if rank > top else top))
                continue
            loose, points = self._loose_after(hand, drawing, card)
            if not loose:
                found.append(0)
            elif points < 0:
                found.append(_points_less_highest(loose))
            else:  # less the highest loose natural's rank
                found.append(points - ((loose.bit_length() - 1) // _BLOCK + MIN_RANK))
        return found

    def _drawing(self, hand: Hand) -> tuple[int, int, int, bool, int]:
        """What :meth:`_loose_after` needs of a hand, worked out once for many draws: its
        naturals (packed), its number of wilds, the sum of its naturals' ranks, whether it
        melds nothing, and (if so) the slots where a drawn natural joins a meld (the low
        bit of each, shifted one up: see :func:`_joining`).
        """
        packed, naturals, wilds = _split(hand, self.rules)
        total = sum(card.rank for card in naturals)
        # A hand that melds nothing (a leftover, as the lookahead bot asks about) plus one
        # card melds only in a meld through that card: found directly, without a search.
        # With at most one wild a hand melds nothing exactly when no natural can join a
        # meld; books of distinct suits: the search says.
        meldless = len(wilds) < 2 and (
            self._search.loose(packed, len(wilds))[0] == packed
            if self._search.distinct
            else stranded_naturals(packed, len(wilds)) == packed
        )
        joins = _joining(packed, len(wilds)) << 1 if meldless else 0
        return packed, len(wilds), total, meldless, joins

    def _loose_after(
        self, hand: Hand, drawing: tuple[int, int, int, bool, int], card: Card
    ) -> tuple[int, int]:
        """The naturals (packed) a best arrangement leaves loose once ``card`` joins
        ``hand`` (``drawing``: :meth:`_drawing` of the hand), and the sum of their ranks
        when that came cheaply (-1 when not)."""
        packed, wilds, total, meldless, joins = drawing
        distinct = self._search.distinct
        room = len(hand) < _MAX_CARDS
        if card.suit is None or card.rank == self.rules.wild_rank:
            rem, count = packed, wilds + 1
            simple = room and wilds < 2  # more wilds: the copies need counting
            if simple and meldless and not wilds and not distinct:
                # The drawn wild is the hand's only one: at most one meld, through it.
                meld = _best_meld_with_one_wild(packed)
                if meld is not None:
                    taken, points = meld
                    return packed - taken, total - points
        else:
            slot = _SLOT_AT[card.index]
            rem, count = packed + (1 << slot), wilds
            simple = room and (packed >> slot) & 0b11 < 2
            if simple and meldless:
                if not (joins >> slot) & 2:  # no meld holds it: all stay loose
                    return rem, total + card.rank
                # Otherwise one meld holds it; two best, or books of distinct suits:
                # the search decides.
                meld = None if distinct else _best_meld_through(rem, slot, count)
                if meld is not None:
                    taken, points = meld
                    return rem - taken, total + card.rank - points
        if not simple:  # let the checks of a whole hand refuse a third copy or a 21st card
            rem, _naturals, more = _split(self._hand((*hand, card)), self.rules)
            count = len(more)
        loose, _unused = self._search.loose(rem, count)
        return loose, -1

    def pack(self, cards: str | Iterable[Card]) -> tuple[int, int]:
        """See :meth:`Solver.pack`."""
        packed, _naturals, wilds = _split(self._hand(cards), self.rules)
        return packed, len(wilds)

    def loose_packed(self, packed: int, wilds: int) -> tuple[int, int]:
        """:meth:`leftover` of a packed hand, kept packed (see :meth:`Solver.loose_packed`,
        which checks the two numbers)."""
        self._within_limit()
        return self._search.loose(packed, wilds)

    def can_go_out(self, cards: str | Iterable[Card]) -> bool:
        """See :meth:`Solver.can_go_out`."""
        packed, _naturals, wilds = _split(self._hand(cards), self.rules)
        return _can_meld_all(self._search, packed, len(wilds), self.rules)

    def going_out_discards(self, cards: str | Iterable[Card]) -> tuple[Card, ...]:
        """See :meth:`Solver.going_out_discards`."""
        hand = self._hand(cards)
        _check_drawn(hand, self.rules)
        split = _split(hand, self.rules)
        packed, _naturals, wilds = split
        if _two_stranded(packed, wilds):
            return ()
        packed, naturals, wilds = split
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
        for card in sorted(set(hand), key=_order):
            if card.suit is None or card.rank == wild:
                if whole:
                    continue
                value = whole if spare else search.min_leftover(packed, len(wilds) - 1)
                if not self._wild_out(card, value, natural_sum, wilds, False):
                    out.append(card)
            elif whole > card.rank:
                continue
            elif (loose >> _slot(card)) & 0b11:
                if not self._natural_out(card, whole - card.rank, natural_sum, wilds, False):
                    out.append(card)
            else:
                allowed |= 0b11 << _slot(card)
                searched.append(card)
        if searched:
            value, thrown = search.min_after_drop(packed, len(wilds), allowed, 0, {})
            if not value:
                out.extend(
                    card
                    for card in searched
                    if (thrown >> _slot(card)) & 1
                    and not self._natural_out(card, 0, natural_sum, wilds, False)
                )
            out.sort(key=_order)
        return tuple(out)


def _drawn_cards(draws: str | Iterable[Card]) -> tuple[Card, ...] | list[Card]:
    """The cards of ``draws`` (notation or cards), refusing anything that is not a card
    with a sentence; a tuple of cards is taken as it is (the bots ask many)."""
    extra = draws if type(draws) is tuple else parse_cards(draws, check=False)
    if not {*map(type, extra)} <= _ONLY_CARDS:
        extra = parse_cards(extra, check=False)  # raises: says which one is not a card
    return extra


_ONLY_CARDS = frozenset({Card})  # the types in a tuple of cards


_order = card_order  # suit then rank, jokers last: the order of sort_key

# Per natural card: (rank, suit index, its bit), by its slot (bit offset / 2).
NATURAL_SLOTS = sorted(
    ((rank, suit.index, 1 << _slot(_CARD[rank, suit])) for suit in SUITS for rank in RANKS),
    key=itemgetter(2),
)
_PACKED_BITS = 2 * len(NATURAL_SLOTS)


def packed_naturals(packed: int) -> list[tuple[int, int, int]]:
    """The naturals of a packed hand (:meth:`Solver.pack`), one entry a copy, lowest rank
    first: (rank, suit index, the bit to subtract to take that copy away).
    """
    found: list[tuple[int, int, int]] = []
    while packed:
        slot = ((packed & -packed).bit_length() - 1) & ~1  # a card's two bits start even
        card = NATURAL_SLOTS[slot >> 1]
        found.append(card)
        if (packed >> slot) & 2:
            found.append(card)
        packed &= ~(0b11 << slot)
    return found


# The naturals in each possible block of one rank (two bits a suit).
_BLOCK_SIZE = [
    sum((block >> (2 * s)) & 3 for s in range(len(SUITS))) for block in range(1 << _BLOCK)
]


_FIRST_BITS = sum(bit for _rank, _suit, bit in NATURAL_SLOTS)  # the low bit of every slot
_ONE_RANK_FIRST_BITS = sum(1 << 2 * suit for suit in range(len(SUITS)))  # the same in one block
_LOWEST_SUIT_FIRST_BITS = sum(1 << rank * _BLOCK for rank in range(len(RANKS)))  # in every block


def stranded_naturals(packed: int, wilds: int, among: int | None = None) -> int:
    """The naturals of a packed hand (:meth:`Solver.pack`) that no meld can hold, packed,
    for a hand with at most one wild (with more, any natural can join a book of wilds);
    ``among``: look only at these naturals of the hand (packed), such as a card just drawn.

    A natural can be in a book only if its rank has three naturals (two with the wild),
    and in a run only if same-suit naturals sit close enough: on both sides or two on
    one side (either neighbour within two ranks, with the wild). A card that fails both
    is loose in every arrangement, under every variant (variants only forbid melds).

    >>> solver = SolverCore(1)  # threes wild
    >>> def ranks(packed): return [rank for rank, _suit, _bit in packed_naturals(packed)]
    >>> ranks(stranded_naturals(*solver.pack("4H 5H 6H 9S 9C 9D KD")))  # a run, a book, K♦
    [13]
    >>> ranks(stranded_naturals(*solver.pack("4H 7H 9S 9C KD 3S")))  # 3♠ wild: a book of 9s
    [4, 7, 13]
    """
    present = (packed | packed >> 1) & _FIRST_BITS  # the low bit of every slot held
    asked = present if among is None else present & (among | among >> 1)
    stranded = asked & ~_run_reach(present, wilds)
    rest = stranded
    while rest:  # a rank at a time: with three naturals (two and the wild) it is a book
        shift = (((rest & -rest).bit_length() - 1) // _BLOCK) * _BLOCK
        if _BLOCK_SIZE[(packed >> shift) & _RANK_BITS] + wilds >= MIN_MELD:
            stranded &= ~(_RANK_BITS << shift)
        rest &= ~(_RANK_BITS << shift)
    return packed & stranded * 0b11  # both bits of each stranded slot: every copy


def _points_less_highest(packed: int) -> int:
    """The points of a packed hand's naturals (a natural scores its rank), less the
    highest one's."""
    if not packed:
        return 0
    total = 0
    rest = packed
    while rest:  # a rank's block at a time
        shift = (((rest & -rest).bit_length() - 1) // _BLOCK) * _BLOCK
        block = (rest >> shift) & _RANK_BITS
        total += _BLOCK_SIZE[block] * (shift // _BLOCK + MIN_RANK)
        rest ^= block << shift
    return total - ((packed.bit_length() - 1) // _BLOCK + MIN_RANK)


def _run_reach(present: int, wilds: int) -> int:
    """The slots (the low bit of each) where a natural has same-suit naturals close enough
    for a run, for a hand with at most one wild; ``present``: the low bit of each slot the
    hand holds. Close enough: on both sides or two on one side (with the wild, either
    neighbour within two ranks). Every slot at once, with shifts of whole ranks.
    """
    below1, below2 = present << _BLOCK, present << 2 * _BLOCK
    above1, above2 = present >> _BLOCK, present >> 2 * _BLOCK
    if wilds:
        return (below1 | below2 | above1 | above2) & _FIRST_BITS
    return ((below1 & above1) | (above1 & above2) | (below1 & below2)) & _FIRST_BITS


def _joining(packed: int, wilds: int) -> int:
    """The slots (the low bit of each) where one more natural drawn would join a meld of
    the packed hand's naturals, for a hand with at most one wild: a run (as
    :func:`_run_reach`), or a book of its rank (three naturals with it, two with the wild).
    """
    reach = _run_reach((packed | packed >> 1) & _FIRST_BITS, wilds)
    rest = packed
    while rest:  # books, a rank at a time
        shift = (((rest & -rest).bit_length() - 1) // _BLOCK) * _BLOCK
        block = (rest >> shift) & _RANK_BITS
        if _BLOCK_SIZE[block] + 1 + wilds >= MIN_MELD:
            reach |= _ONE_RANK_FIRST_BITS << shift
        rest ^= block << shift
    return reach & _FIRST_BITS


def _best_meld_through(packed: int, slot: int, wilds: int) -> tuple[int, int] | None:
    """The naturals (packed) of the meld through the natural at ``slot`` that holds the
    most points, with at most ``wilds`` wilds, and those points; (0, 0) when no meld holds
    that card.

    ``None`` when two different melds tie for the most (the caller's search then
    decides, so every answer is the one the search gives).
    """
    rank_index, suit_slot = divmod(slot, _BLOCK)
    best, taken, tied = 0, 0, False
    block = (packed >> rank_index * _BLOCK) & _RANK_BITS
    if _BLOCK_SIZE[block] + wilds >= MIN_MELD:  # a book: every copy of the rank joins it
        best, taken = _BLOCK_SIZE[block] * (rank_index + MIN_RANK), block << rank_index * _BLOCK
    # Runs in the card's suit from each lower end up, each rank without a natural taking
    # a wild; the run must reach the card.
    top = MAX_RANK - MIN_RANK
    for low in range(rank_index, -1, -1):
        gaps = bits = points = 0
        for high in range(low, top + 1):
            at = high * _BLOCK + suit_slot
            if (packed >> at) & 3:
                bits, points = bits | 1 << at, points + high + MIN_RANK
            else:
                gaps += 1
                if gaps > wilds:
                    break
            if high < rank_index or high - low + 1 < MIN_MELD:
                continue
            if points > best:
                best, taken, tied = points, bits, False
            elif points == best and bits != taken:
                tied = True
        else:
            continue
        if high < rank_index:  # too many gaps below the card: a lower end has them too
            break
    return None if tied else (taken, best)


def _best_meld_with_one_wild(packed: int) -> tuple[int, int] | None:
    """For naturals that meld nothing by themselves (packed), the naturals of the meld one
    wild makes with them that holds the most points, and those points; (0, 0) when the
    wild makes none. ``None`` when two different melds tie for the most (the caller's
    search then decides, so every answer is the one the search gives).

    The wild joins two naturals of a rank (a book), or the naturals of one suit that sit
    in a row but for one missing rank, which it fills or, with none missing, extends.
    Books here may hold two copies of one card (the standard rule).
    """
    best, taken, tied = 0, 0, False
    candidates: list[tuple[int, int]] = []  # (points, naturals)
    rest = packed
    while rest:  # books: every natural of a rank that holds two (meldless: never three)
        shift = (((rest & -rest).bit_length() - 1) // _BLOCK) * _BLOCK
        block = (rest >> shift) & _RANK_BITS
        size = _BLOCK_SIZE[block]
        if size + 1 >= MIN_MELD:
            candidates.append((size * (shift // _BLOCK + MIN_RANK), block << shift))
        rest ^= block << shift
    top = MAX_RANK - MIN_RANK
    present = (packed | packed >> 1) & _FIRST_BITS
    for suit_slot in range(0, _BLOCK, 2):  # runs, a suit at a time: one copy a rank
        suit = (present >> suit_slot) & _LOWEST_SUIT_FIRST_BITS
        if not suit & (suit >> _BLOCK | suit >> 2 * _BLOCK):
            continue  # no two naturals within two ranks: one wild makes no run
        held = [i for i in range(top + 1) if (suit >> i * _BLOCK) & 1]
        # Rows of ranks in a row; two rows one rank apart join across the gap.
        rows: list[list[int]] = []
        for index in held:
            if rows and rows[-1][-1] == index - 1:
                rows[-1].append(index)
            else:
                rows.append([index])
        for at, row in enumerate(rows):
            spans = [row]
            if at + 1 < len(rows) and rows[at + 1][0] == row[-1] + 2:
                spans.append(row + rows[at + 1])
            for span in spans:
                if len(span) + 1 >= MIN_MELD:
                    points = sum(index + MIN_RANK for index in span)
                    bits = sum(1 << (index * _BLOCK + suit_slot) for index in span)
                    candidates.append((points, bits))
    for points, bits in candidates:
        if points > best:
            best, taken, tied = points, bits, False
        elif points == best and bits != taken:
            tied = True
    return None if tied else (taken, best)


def _two_stranded(packed: int, wilds: list[Card]) -> bool:
    """True when the hand holds two naturals no meld can hold (with at most one wild):
    no single discard can then let it go out."""
    if len(wilds) > 1:
        return False
    stranded = stranded_naturals(packed, len(wilds))
    # A slot holds one copy (its low bit) or two (its high bit): count the copies.
    return (stranded & _FIRST_BITS).bit_count() + 2 * (stranded & ~_FIRST_BITS).bit_count() > 1


_BLOCK_CARDS: dict[tuple[int, int], tuple[Card, ...]] = {}


def _block_cards(rank: int, block: int) -> tuple[Card, ...]:
    """The cards of one rank's packed block (two bits a suit), in suit order; remembered."""
    found = _BLOCK_CARDS.get((rank, block))
    if found is None:
        found = _BLOCK_CARDS[rank, block] = tuple(
            _CARD[rank, s] for s in SUITS for _ in range((block >> 2 * s.index) & 3)
        )
    return found


def best_arrangement(cards: str | Iterable[Card], rules: RoundRules | int) -> Arrangement:
    """The melds that leave the fewest penalty points for a hand in a round (exact).

    Parameters
    ----------
    cards
        The hand: card notation (``"5H 6H JK"``) or :class:`Card` values.
    rules
        The round's :class:`~fivecrowns_lab.core.rules.RoundRules` (which rank is wild,
        what a meld is), or just the round number (1..11) for the standard game.

    Examples
    --------
    >>> arrangement = best_arrangement("7H 8H 9H QS QC", 3)
    >>> [str(m) for m in arrangement.melds], str(arrangement.leftover), arrangement.penalty
    (['7♥ 8♥ 9♥'], 'Q♣ Q♠', 24)
    """
    hand, rules = _prepare(cards, rules)
    return SolverCore(rules).best_arrangement(hand)


def penalty(cards: str | Iterable[Card], rules: RoundRules | int) -> int:
    """Points a hand leaves after its best melds (``best_arrangement(...).penalty``, faster)."""
    hand, rules = _prepare(cards, rules)
    return SolverCore(rules).penalty(hand)


def penalties_without_each(
    cards: str | Iterable[Card], rules: RoundRules | int
) -> dict[Card, int]:
    """For each different card of a hand, the penalty left without one copy of it.

    One pass sharing one memo, instead of a :func:`penalty` call per card.

    >>> {str(card): points for card, points in penalties_without_each("7H 8H 9H QS", 3).items()}
    {'7♥': 29, '8♥': 28, '9♥': 27, 'Q♠': 0}
    """
    hand, rules = _prepare(cards, rules)
    return SolverCore(rules).penalties_without_each(hand)


def _can_meld_all(search: _Search, packed: int, n_wilds: int, rules: RoundRules) -> bool:
    if not packed:
        return n_wilds == 0 or (n_wilds >= MIN_MELD and not rules.no_all_wild_melds)
    return search.wilds_needed(packed, n_wilds) <= n_wilds


def can_go_out(cards: str | Iterable[Card], rules: RoundRules | int) -> bool:
    """True when every card of the hand can be laid down in books and runs.

    >>> can_go_out("QH KH JK", 11)
    True
    """
    hand, rules = _prepare(cards, rules)
    return SolverCore(rules).can_go_out(hand)


def going_out_discards(cards: str | Iterable[Card], rules: RoundRules | int) -> tuple[Card, ...]:
    """Every card whose discard lets the rest of the hand go out.

    The hand must hold one card more than the round deals (it has just drawn).

    >>> going_out_discards("5H 6H 7H KS", 1)
    (Card(13, Suit.SPADES),)
    """
    hand, rules = _prepare(cards, rules)
    _check_drawn(hand, rules)
    packed, _naturals, wilds = _split(hand, rules)
    if _two_stranded(packed, wilds):
        return ()
    search = _Search(rules.books_distinct_suits)
    found = []
    for card in sorted(set(hand), key=_order):
        if card in wilds:
            ok = _can_meld_all(search, packed, len(wilds) - 1, rules)
        else:
            ok = _can_meld_all(search, packed - (1 << _slot(card)), len(wilds), rules)
        if ok:
            found.append(card)
    return tuple(found)


def _check_drawn(hand: Hand, rules: RoundRules) -> None:
    expected = rules.hand_size + 1
    if len(hand) != expected:
        raise HandSizeError(
            _(
                "Round {round} deals {size} cards, so a hand that has drawn holds {drawn}; "
                "this one holds {count}."
            ).format(round=rules.round_no, size=expected - 1, drawn=expected, count=len(hand))
        )
