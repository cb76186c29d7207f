"""The exact lay-off search: every hand that can be kept, then the best of them.

Internal to :mod:`fivecrowns_lab.core.layoff`, which states the rule and builds the
answer; the table melds are *piles* and their ways to grow *options*
(:mod:`.layoff_piles`), the hand is packed as the solver packs it.

How it stays exact and cheap
----------------------------
What a final turn scores depends only on the cards it keeps, so the search does not
follow paths: it builds the *set* of hands that can be left after each pile has taken
what it may (a frontier, one packed integer a hand). Two ways of laying off that keep
the same cards are one state, so interchangeable table melds (two melds that take the
same cards, the same card laid off on either of them) cost nothing extra. Which options
of a pile fit depends only on the state's cards of the suit or rank an option takes and
its wilds, so it is worked out once per such part. Piles that can take nothing are left
out, and under the standard rules so is a second book of a rank (the first takes every
card of that rank any of them could take).

Each hand the frontier ends with is then scored by the solver's own search (one memo
shared by every final turn), the hands keeping the fewest cards first; a hand whose
lower bound (its naturals that meld with nothing, :func:`.stranded_naturals`) reaches the
best so far is not scored, and the search stops at the bound for every hand: the points
of naturals no pile takes and nothing melds. Before all that, two quick dives (lay off the
most points; lay off what the hand's own best melds leave over) often reach that bound,
and then nothing more is searched.

Wilds join a run only to bridge its gaps (fewest first); a spare wild is laid off at the
end onto any meld with room for it. With a book on the table (it takes any number of
wilds) every spare wild can go, so a kept hand scores its naturals' points left;
otherwise the room left on the table is part of the state and spare wilds, dearest first,
are laid off as far as it goes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .cards import Card
from .layoff_piles import FIRST_BITS as _FIRST
from .layoff_piles import ROOM_MASK as _ROOM_MASK
from .layoff_piles import SHIFT as _SHIFT
from .layoff_piles import WILD_BITS as _WILD_BITS
from .layoff_piles import Option, Pile, natural_bit, options
from .rules import MIN_RANK, MeldRules, RoundRules, card_points, is_wild
from .search import Search
from .shortcuts import stranded_naturals
from .solver import shared_solver

__all__ = ["Plan", "search"]


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
    least = _dead_points(packed, total, listed, rules.meld.book_least)
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
            pile.pure_book and not rules.meld.distinct_suits and pile.book_rank in seen_books
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


def _dead_points(packed: int, wilds: int, listed: list[list[Option]], book_least: int) -> int:
    """A lower bound: the points of naturals that no pile takes and that meld with nothing."""
    taken = 0
    for opts in listed:
        for o in opts:
            taken |= o.ones
    stranded = stranded_naturals(packed, wilds, None, book_least) if wilds <= 1 else 0
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


# The solver's searches, one per meld model, shared by every final turn: a position's value
# does not depend on what was solved before. Each starts afresh past _MEMO_MOST positions.
_SEARCHES: dict[MeldRules, Search] = {}
_MEMO_MOST = 50_000


def _search_for(meld: MeldRules) -> Search:
    found = _SEARCHES.get(meld)
    if found is None or len(found.leftover) > _MEMO_MOST:
        found = _SEARCHES[meld] = Search(meld)
    return found


class _Scorer:
    """Scores kept hands (packed states) with one solver memo shared by them all."""

    def __init__(self, rules: RoundRules, wild_cards: Sequence[Card], unlimited: bool) -> None:
        self.rules = rules
        self.wild_cards = wild_cards
        self.unlimited = unlimited
        self.solver = _search_for(rules.meld)

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
            if _floor(state, self.rules.meld.book_least) >= bound:
                continue
            scored = self.score(state)
            if scored[0] < bound:
                bound, found = scored[0], (scored, state)
                if bound <= least:
                    break
        return found


def _floor(state: int, book_least: int) -> int:
    """A lower bound on a kept hand's points: its naturals that can meld with nothing."""
    held = state >> _SHIFT
    wilds = state >> _WILD_BITS & _ROOM_MASK
    if wilds > 1 or not held:
        return 0
    return _natural_points(stranded_naturals(held, wilds, None, book_least))


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
    and how many; scored as the solver scores a hand (:meth:`.Solver.penalty`)."""
    natural_sum = _natural_points(held)
    if room >= wilds:  # every spare wild can go: the naturals' points left are the score
        value = solver.min_leftover(held, wilds)
        charged = rules.meld.wilds_score(wilds, value == natural_sum)
        return value, wilds if charged else 0
    best, best_dumped = 1 << 30, 0
    for dumped in range(min(room, wilds) + 1):
        kept = wilds - dumped
        value = solver.min_leftover(held, kept)
        if rules.meld.wilds_score(kept, value == natural_sum):
            value += sum(card_points(c, rules) for c in wild_cards[len(wild_cards) - kept :])
        if value < best:
            best, best_dumped = value, dumped
    return best, best_dumped
