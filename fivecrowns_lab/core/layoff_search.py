"""The exact lay-off search: every hand that can be kept, then the best of them.

Internal to :mod:`fivecrowns_lab.core.layoff`, which states the rule and builds the
answer. Here the table melds are *piles* (naturals, a wild count and the readings they
can grow in) and the hand is packed as the solver packs it: two bits a natural, plus a
count of wilds.

How it stays exact and cheap
----------------------------
What a final turn scores depends only on the cards it keeps, so the search does not
follow paths: it builds the *set* of hands that can be left after each pile has taken
what it may (a frontier, one packed integer a hand). Two ways of laying off that keep
the same cards are one state, so many interchangeable table melds (two melds that take
the same cards, the same card laid off on either of them) cost nothing extra. Every
option of a pile is worked out once against the whole hand; a state takes it when it
still holds the cards (two mask tests on the packed hand). Piles that can take nothing
are left out, and under the standard rules a second book of a rank is left out too (one
book of a rank takes every card of that rank any of them could take).

Each hand the frontier ends with is then scored by the solver's own search, one memo
shared by them all, cheapest-looking first (points of naturals that can meld with
nothing, :func:`.stranded_naturals`), stopping at the first whose lower bound reaches the
best. Wilds join a run only to bridge its gaps (fewest first): a spare wild is laid off at
the end onto any meld with room for it. With a book on the table (it takes any number of
wilds) every spare wild goes there, so a kept hand scores its naturals' points left;
otherwise the room left on the table is part of the state and spare wilds, dearest first,
are laid off as far as it goes.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .cards import Card, Suit
from .melds import Meld
from .rules import MAX_RUN, MIN_MELD, MIN_RANK, RoundRules, card_points, is_wild
from .search import Search
from .solver import shared_solver
from .solving import stranded_naturals

__all__ = ["Option", "Pile", "Plan", "meld_takes_rules", "pile_of", "room_after", "search"]

_FIRST = sum(1 << 2 * slot for slot in range(55))  # the low bit of every natural's slot
_HIGH = _FIRST << 1  # the high bit: two copies
_WILD_BITS = 5  # the wild count (at most 14 in a hand) and the room (capped by it)
_ROOM_MASK = (1 << _WILD_BITS) - 1
_SHIFT = 2 * _WILD_BITS


def natural_bit(card: Card) -> int:
    """The bit of one copy of a natural in the packed hand (as :mod:`.solving` packs it)."""
    assert card.suit is not None
    return 1 << ((card.rank - MIN_RANK) * 5 + card.suit.index) * 2


def meld_takes_rules(naturals: Sequence[Card], wilds: int, rules: RoundRules) -> bool:
    """:func:`.layoff.meld_takes` for checked rules (see there)."""
    size = len(naturals) + wilds
    if size < MIN_MELD:
        return False
    if not naturals:
        return not rules.no_all_wild_melds
    ranks = {c.rank for c in naturals}
    suits = {c.suit for c in naturals}
    if len(ranks) == 1 and (not rules.books_distinct_suits or len(suits) == len(naturals)):
        return True
    if len(suits) != 1 or len(ranks) != len(naturals):
        return False
    return max(ranks) - min(ranks) + 1 <= size <= MAX_RUN


@dataclass(frozen=True)
class Pile:
    """A table meld: its naturals, its wild count, and the readings it can grow in.

    ``book_rank`` is the rank when it can be read as a book, ``run_suit`` the suit when
    it can be read as a run; an all-wild meld (``any_reading``) can become any of them.
    """

    naturals: tuple[Card, ...]
    wilds: int
    book_rank: int | None
    run_suit: Suit | None
    any_reading: bool = False

    @property
    def pure_book(self) -> bool:
        """Read only as a book: it stays one whatever it takes, so it takes any wilds."""
        return self.book_rank is not None and self.run_suit is None


def pile_of(meld: Meld, rules: RoundRules) -> Pile:
    """The pile a table meld is for the search."""
    naturals = tuple(c for c in meld.cards if not is_wild(c, rules))
    wilds = len(meld.cards) - len(naturals)
    if not naturals:
        return Pile(naturals, wilds, None, None, any_reading=True)
    ranks = {c.rank for c in naturals}
    suits = {c.suit for c in naturals}
    book = None
    if len(ranks) == 1 and (not rules.books_distinct_suits or len(suits) == len(naturals)):
        book = naturals[0].rank
    run = None
    span = max(ranks) - min(ranks) + 1
    if len(suits) == 1 and len(ranks) == len(naturals) and span <= len(meld) <= MAX_RUN:
        run = naturals[0].suit
    return Pile(naturals, wilds, book, run)


def room_after(naturals: Sequence[Card], wilds: int, rules: RoundRules, cap: int) -> int:
    """How many more wilds a meld can take (``cap`` standing for any number)."""
    if not naturals:
        return cap if not rules.no_all_wild_melds else 0
    if len({c.rank for c in naturals}) == 1 and (
        not rules.books_distinct_suits or len({c.suit for c in naturals}) == len(naturals)
    ):
        return cap  # a book takes any number of wilds
    return max(0, MAX_RUN - len(naturals) - wilds)


@dataclass(frozen=True)
class Option:
    """One way a pile grows: the naturals it takes, the wilds that bridge its gaps, and
    the room for more wilds it has after (``room``; only counted without a book)."""

    cards: tuple[Card, ...]
    wilds: int
    room: int
    need: int  # the cards packed: subtracted from a state
    ones: int  # low bits of the slots that must hold a card
    twos: int  # high bits of the slots that must hold both copies


def _option(
    pile: Pile, cards: tuple[Card, ...], wilds: int, rules: RoundRules, cap: int
) -> Option:
    need = sum(natural_bit(c) for c in cards)
    ones = (need | need >> 1) & _FIRST
    room = room_after([*pile.naturals, *cards], pile.wilds + wilds, rules, cap)
    return Option(cards, wilds, room, need << _SHIFT | wilds << _WILD_BITS, ones, need & _HIGH)


def options(pile: Pile, hand: Counter[Card], wilds: int, rules: RoundRules) -> list[Option]:
    """Every way ``pile`` can grow from the whole hand (taking nothing first)."""
    found: dict[tuple[tuple[Card, ...], int], None] = {((), 0): None}
    if pile.any_reading:
        ranks = sorted({c.rank for c in hand})
        suits = sorted({c.suit for c in hand if c.suit is not None}, key=lambda s: s.index)
    else:
        ranks = [] if pile.book_rank is None else [pile.book_rank]
        suits = [] if pile.run_suit is None else [pile.run_suit]
    taken_suits = {c.suit for c in pile.naturals}
    for rank in ranks:
        same = sorted((c for c in hand if c.rank == rank), key=lambda c: c.sort_key)
        if rules.books_distinct_suits:
            same = [c for c in same if c.suit not in taken_suits]
        limits = [1 if rules.books_distinct_suits else hand[c] for c in same]
        for takes in itertools.product(*(range(n + 1) for n in limits)):
            cards = tuple(c for c, k in zip(same, takes, strict=True) for _ in range(k))
            if cards and meld_takes_rules([*pile.naturals, *cards], pile.wilds, rules):
                found[cards, 0] = None
    for suit in suits:
        _run_options(pile, [c for c in hand if c.suit == suit], wilds, rules, found)
    cap = wilds + 1
    return [_option(pile, cards, w, rules, cap) for cards, w in found]


def _run_options(
    pile: Pile,
    same: list[Card],
    wilds: int,
    rules: RoundRules,
    found: dict[tuple[tuple[Card, ...], int], None],
) -> None:
    """The run options: naturals of the suit (one a rank) and the fewest wilds bridging."""
    ranks = [c.rank for c in pile.naturals]
    size = len(pile.naturals) + pile.wilds
    low = min(ranks, default=99)
    high = max(ranks, default=0)
    # A card further than a full run from the pile's naturals can never join it.
    same = sorted(
        (
            c
            for c in same
            if c.rank not in ranks and max(high, c.rank) - min(low, c.rank) < MAX_RUN
        ),
        key=lambda c: c.rank,
    )
    for n in range(1, min(len(same), MAX_RUN - size) + 1):
        for cards in itertools.combinations(same, n):
            every = [*ranks, *(c.rank for c in cards)]
            need = max(0, max(every) - min(every) + 1 - size - n)
            if need <= wilds and meld_takes_rules(
                [*pile.naturals, *cards], pile.wilds + need, rules
            ):
                found[cards, need] = None


def _within_run(low: int, high: int, rank: int) -> bool:
    """True when ``rank`` and the naturals from ``low`` to ``high`` fit in one run."""
    return max(high, rank) - min(low, rank) < MAX_RUN


@dataclass(frozen=True)
class Plan:
    """The search's answer: per pile, the option it takes; and the points left."""

    chosen: tuple[Option, ...]
    points: int
    dumped: int  # spare wilds laid off at the end
    states: int  # hands the frontier held, over all piles (the work done)


def search(
    hand: Sequence[Card], rules: RoundRules, piles: Sequence[Pile], wild_cards: Sequence[Card]
) -> Plan:
    """The lay-off that leaves the fewest points; ``wild_cards`` dearest first."""
    naturals = Counter(c for c in hand if not is_wild(c, rules))
    total = len(wild_cards)
    listed = [options(p, naturals, total, rules) for p in piles]
    unlimited = any(p.pure_book for p in piles)
    active, base_room = _active(piles, listed, rules)
    packed = sum(natural_bit(c) * k for c, k in naturals.items())
    start = packed << _SHIFT | total << _WILD_BITS | (0 if unlimited else min(total, base_room))
    scorer = _Scorer(rules, wild_cards, unlimited)
    # A first answer from two quick dives; when it reaches the lower bound it is the optimum.
    leftover = Counter(shared_solver(rules).leftover(hand))
    dives = [
        _dive(start, active, listed, unlimited, total, weigh)
        for weigh in (
            lambda o: sum(c.rank for c in o.cards),
            lambda o: sum(c.rank for c in o.cards) if not Counter(o.cards) - leftover else -1,
        )
    ]
    (points, dumped), picks = min((scorer.score(state), picks) for state, picks in dives)
    least = _dead_points(packed, total, listed)
    if points <= least:
        return Plan(_chosen(listed, dict(picks)), points, dumped, 0)
    frontier: dict[int, tuple[int, int]] = {start: (start, 0)}
    layers = []
    for i in active:
        frontier = _grow(frontier, listed[i], unlimited, total)
        layers.append(frontier)
    found = scorer.best(frontier, points, least)
    if found is None:  # no kept hand beats the dives' answer
        return Plan(_chosen(listed, dict(picks)), points, dumped, sum(map(len, layers)))
    (points, dumped), state = found
    taken = {}
    for i, layer in zip(reversed(active), reversed(layers), strict=True):
        state, taken[i] = layer[state]
    return Plan(_chosen(listed, taken), points, dumped, sum(map(len, layers)))


def _chosen(listed: list[list[Option]], taken: dict[int, int]) -> tuple[Option, ...]:
    """Each pile's option: the one taken, or taking nothing."""
    return tuple(opts[taken.get(i, 0)] for i, opts in enumerate(listed))


def _active(
    piles: Sequence[Pile], listed: list[list[Option]], rules: RoundRules
) -> tuple[list[int], int]:
    """The piles to search, fewest options first (the frontier grows late), and the room
    for wilds of the others: piles that take nothing, and under the standard rules every
    book of a rank but the first (it takes whatever the others could)."""
    active, seen_books, base_room = [], set(), 0
    for i, (pile, opts) in enumerate(zip(piles, listed, strict=True)):
        if len(opts) == 1 or (
            pile.pure_book and not rules.books_distinct_suits and pile.book_rank in seen_books
        ):
            base_room += opts[0].room
            continue
        if pile.pure_book:
            seen_books.add(pile.book_rank)
        active.append(i)
    active.sort(key=lambda i: len(listed[i]))
    return active, base_room


def _fits(state: int, o: Option) -> bool:
    held = state >> _SHIFT
    return (
        o.wilds <= state >> _WILD_BITS & _ROOM_MASK
        and (held | held >> 1) & o.ones == o.ones
        and held & o.twos == o.twos
    )


def _take(state: int, o: Option, unlimited: bool, total: int) -> int:
    new = state - o.need
    if unlimited:
        return new
    return new & ~_ROOM_MASK | min(total, (new & _ROOM_MASK) + o.room)


def _dive(
    start: int,
    active: list[int],
    listed: list[list[Option]],
    unlimited: bool,
    total: int,
    weigh: Callable[[Option], int],
) -> tuple[int, tuple[tuple[int, int], ...]]:
    """One quick answer: each pile in turn takes its fitting option that ``weigh`` likes
    best (fewest wilds on a tie). Returns the state and the options taken."""
    state, picks = start, []
    for i in active:
        # The best weight; on a tie the fewest wilds, then the first option listed.
        _weight, _wilds, first = max(
            (weigh(o), -o.wilds, -k) for k, o in enumerate(listed[i]) if _fits(state, o)
        )
        picks.append((i, -first))
        state = _take(state, listed[i][-first], unlimited, total)
    return state, tuple(picks)


def _dead_points(packed: int, wilds: int, listed: list[list[Option]]) -> int:
    """A lower bound: the points of naturals that no pile takes and that meld with nothing."""
    taken = 0
    for opts in listed:
        for o in opts:
            taken |= o.ones
    stranded = stranded_naturals(packed, wilds) if wilds <= 1 else 0
    return _natural_points(stranded & ~(taken * 0b11))


_Row = tuple[int, int, int, int, int, int]  # an option's wilds, ones, twos, need, room, index


def _groups(opts: list[Option]) -> list[tuple[int, list[_Row]]]:
    """The options that take cards, grouped by the suit (a run, or one card) or the rank (a
    book) they take, each group with the mask of the state it depends on."""
    groups: dict[tuple[str, int], tuple[int, list[_Row]]] = {}
    for k, o in enumerate(opts):
        if not o.cards:
            continue
        first = o.cards[0]
        suit = first.suit.index if first.suit is not None else -1
        same_suit = all(c.suit == first.suit for c in o.cards)
        key = ("suit", suit) if same_suit else ("rank", first.rank)
        mask, rows = groups.get(key, (0, []))
        rows.append((o.wilds, o.ones, o.twos, o.need, o.room, k))
        groups[key] = (mask | o.ones * 0b11 << _SHIFT | _ROOM_MASK << _WILD_BITS, rows)
    return list(groups.values())


def _grow(
    frontier: dict[int, tuple[int, int]], opts: list[Option], unlimited: bool, total: int
) -> dict[int, tuple[int, int]]:
    """Every state after one more pile takes one of its options: state -> (before, option).

    Taking nothing is always an option (listed first). The other options are grouped by
    the suit or rank they take; which options of a group fit depends only on the state's
    cards of that group and its wilds, so it is worked out once per such part, not once
    per state.
    """
    after: dict[int, tuple[int, int]] = {}
    groups: list[tuple[int, list[_Row], dict[int, list[tuple[int, int]]]]] = [
        (mask, rows, {}) for mask, rows in _groups(opts)
    ]
    room_of = [o.room for o in opts]
    for state in frontier:
        new = state
        if not unlimited:
            new = state & ~_ROOM_MASK | min(total, (state & _ROOM_MASK) + room_of[0])
        if new not in after:
            after[new] = (state, 0)
        for mask, rows, known in groups:
            key = state & mask
            fitting = known.get(key)
            if fitting is None:
                fitting = known[key] = _fitting(key, rows)
            for need, k in fitting:
                new = state - need
                if not unlimited:
                    new = new & ~_ROOM_MASK | min(total, (new & _ROOM_MASK) + room_of[k])
                if new not in after:
                    after[new] = (state, k)
    return after


def _fitting(key: int, rows: list[_Row]) -> list[tuple[int, int]]:
    """The options among ``rows`` that a state holding ``key`` can take: (need, index)."""
    held = key >> _SHIFT
    present = (held | held >> 1) & _FIRST
    wilds = key >> _WILD_BITS & _ROOM_MASK
    return [
        (need, k)
        for need_wilds, ones, twos, need, _room, k in rows
        if need_wilds <= wilds and present & ones == ones and held & twos == twos
    ]


# The solver's searches, one per books rule, shared by every final turn: a position's value
# does not depend on what was solved before. Each starts afresh past _MEMO_MOST positions.
_SEARCHES: dict[bool, Search] = {}
_MEMO_MOST = 50_000


def _search_for(distinct: bool) -> Search:
    found = _SEARCHES.get(distinct)
    if found is None or len(found.leftover) > _MEMO_MOST:
        found = _SEARCHES[distinct] = Search(distinct)
    return found


class _Scorer:
    """Scores kept hands (packed states) with one solver memo shared by them all."""

    def __init__(self, rules: RoundRules, wild_cards: Sequence[Card], unlimited: bool) -> None:
        self.rules = rules
        self.wild_cards = wild_cards
        self.unlimited = unlimited
        self.solver = _search_for(rules.books_distinct_suits)

    def score(self, state: int) -> tuple[int, int]:
        """Points the kept hand leaves, and the spare wilds it lays off."""
        held = state >> _SHIFT
        wilds = state >> _WILD_BITS & _ROOM_MASK
        room = wilds if self.unlimited else state & _ROOM_MASK
        return _kept_points(self.solver, held, wilds, room, self.rules, self.wild_cards)

    def best(
        self, final: dict[int, tuple[int, int]], bound: int, least: int
    ) -> tuple[tuple[int, int], int] | None:
        """The kept hand leaving the fewest points if fewer than ``bound`` (None: none).

        The hands keeping the fewest cards come first, as they tend to score least (the
        bits set in a packed hand: a pair of copies counts one, which is near enough for
        an order); the search stops at ``least``, a lower bound for every hand, and a hand
        whose own lower bound (:func:`_floor`) reaches the best so far is not scored.
        """
        found = None
        for state in sorted(final, key=lambda s: (s >> _SHIFT).bit_count()):
            if _floor(state) >= bound:
                continue
            scored = self.score(state)
            if scored[0] < bound:
                bound, found = scored[0], (scored, state)
                if bound <= least:
                    break
        return found


def _floor(state: int) -> int:
    """A lower bound on a kept hand's points: its naturals that can meld with nothing."""
    held = state >> _SHIFT
    wilds = state >> _WILD_BITS & _ROOM_MASK
    if wilds > 1 or not held:
        return 0
    return _natural_points(stranded_naturals(held, wilds))


# How many naturals each rank's ten bits hold (a slot holds 0, 1 or 2 copies).
_BLOCK_COUNT = [sum((block >> 2 * suit) & 0b11 for suit in range(5)) for block in range(1 << 10)]


def _natural_points(packed: int) -> int:
    """The points of a packed hand's naturals (a natural scores its rank)."""
    points = 0
    rank = MIN_RANK
    while packed:
        points += rank * _BLOCK_COUNT[packed & 0x3FF]
        packed >>= 10
        rank += 1
    return points


def _kept_points(
    solver: Search, held: int, wilds: int, room: int, rules: RoundRules, wild_cards: Sequence[Card]
) -> tuple[int, int]:
    """Points of a kept hand after laying off up to ``room`` spare wilds (the dearest),
    and how many; scored as the solver scores a hand (:meth:`.SolverCore.penalty`)."""
    natural_sum = _natural_points(held)
    if room >= wilds:  # every spare wild can go: the naturals' points left are the score
        value = solver.min_leftover(held, wilds)
        charged = value == natural_sum and (wilds < MIN_MELD or rules.no_all_wild_melds)
        return value, wilds if charged else 0
    best, best_dumped = 1 << 30, 0
    for dumped in range(min(room, wilds) + 1):
        kept = wilds - dumped
        value = solver.min_leftover(held, kept)
        if value == natural_sum and (kept < MIN_MELD or rules.no_all_wild_melds):
            value += sum(card_points(c, rules) for c in wild_cards[len(wild_cards) - kept :])
        if value < best:
            best, best_dumped = value, dumped
    return best, best_dumped
