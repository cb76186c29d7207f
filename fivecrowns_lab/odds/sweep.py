"""Counting every hand at once: a sweep over the ranks that decides all hands together.

Why a sweep
-----------
Enumerating hands one by one (:mod:`fivecrowns_lab.odds.counting`) grows about
tenfold per round: round 11 has ``C(116, 13)`` deals, about ``10**17``. But
whether a hand goes out is decided rank by rank, and two very different hands
often reach the *same situation* halfway through the ranks. The sweep counts
each situation once, with the number of deals that lead to it.

Only the *naturals* (the 100 cards that are not wild this round) need sweeping:
a hand with ``k`` naturals needing at least ``m`` wilds to meld them all goes out
exactly when it holds ``n - k >= m`` wilds (spare wilds join any meld; a hand of
wilds alone is a book). The wilds are the pool of 6 jokers and the 10 cards of
the wild rank, and ``W`` of them can be chosen in ``C(16, W)`` ways. The wild
rank's naturals do not exist this round: its column is swept with no cards in
it, and a run passing it must spend a wild there.

Glossary
--------
column
    The naturals held at one rank: 0, 1 or 2 copies of each of the 5 suits. A
    column stands for ``C(2, c1) * ... * C(2, c5)`` ways of picking those copies.
solver state
    Where one way of melding stands after a rank: for each suit, the runs still
    open and their length so far (1, 2, or 3 meaning "3 or more"), and the wilds
    spent so far (gaps filled, short books padded, short runs closed).
frontier
    The set of solver states a hand can reach, each with the fewest wilds that
    reach it. Two hands with the same frontier and the same number of naturals
    behave alike from here on, so they are counted together.
canonical frontier
    Suits are interchangeable, so a frontier is stored with its suits renamed to
    a fixed order; frontiers that differ only by suit names become one.

At each rank every solver state moves on: each open run takes a natural of its
suit, spends a wild to bridge the rank, or closes (a run of length 1 or 2 is
padded with 2 or 1 wilds); each remaining natural starts a run or joins the
rank's book, and a book of ``b`` cards spends ``max(0, 3 - b)`` wilds. States
spending more wilds than the hand could hold are dropped, and so are states that
another state beats (it can turn into them now, closing runs, at no more
wilds). A hand whose frontier empties can never go out, whatever comes later.

What it costs
-------------
The work grows with the number of distinct frontiers, not with the number of hands:
round 10 meets 26,729 frontiers and round 11 70,541, against about ``10**17`` deals.
All eleven rounds take about 9 minutes of one core (``benchmarks/probability.py``;
round 11 alone 5 to 7 minutes, peaking at 1.5 GB resident). The shipped table
(``data/exact_table.json``) records each round's time.

A worked example (round 1: 3 cards, 3s wild)
--------------------------------------------
Take the hand ``4♥ 5♥ JK``. Start: one state, no runs open, 0 wilds spent.

* Rank 3 is wild: no naturals here; nothing is open, so the state stays.
* Rank 4, column ``4♥``: the 4♥ starts a hearts run (length 1, 0 wilds), or
  joins a book of one 4 (``3 - 1 = 2`` wilds). Frontier:
  ``{hearts run of 1: 0 wilds, nothing open: 2 wilds}``.
* Rank 5, column ``5♥``: the run takes it (length 2, 0 wilds); or the run
  closes short (2 wilds) and the 5♥ starts a run or makes a book; and so on.
  States above the hand's 3 cards less its 2 naturals (1 wild) are dropped, so
  the frontier is ``{hearts run of 2: 0 wilds}``.
* Ranks 6 to K hold nothing: the run closes, padded with 1 wild.

So this pair of naturals needs ``m = 1`` wild and the hand goes out with its one
wild. The sweep did not look at ``4♥ 5♥ JK`` alone: the same steps counted the
``2 * 2`` ways of picking those two copies, every other hearts pair, and (by
renaming suits) the same pair in the four other suits at once, and then
multiplied by ``C(16, 1)`` ways of picking the wild.

>>> counts = sweep_round(1)
>>> counts.go_out, counts.deals
(26720, 253460)
>>> counts.go_out_probability
Fraction(1336, 12673)
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import permutations, product
from math import comb, factorial
from operator import itemgetter
from typing import Any

from ..core.cards import Card
from ..core.rules import MAX_RANK, MIN_MELD, MIN_RANK, check_round, hand_size, is_wild, wild_rank

__all__ = ["MAX_RUNS", "SweepCounts", "goes_out", "sweep_round"]

SuitState = tuple[int, ...]  # sorted lengths (1, 2, 3 = "3 or more") of a suit's open runs
Joint = tuple[SuitState, ...]  # one suit state per suit
Frontier = tuple[tuple[Joint, int], ...]  # (solver state, fewest wilds spent), sorted
Column = tuple[int, ...]  # copies held of each suit at one rank

_SUITS = 5
_RANKS = range(MIN_RANK, MAX_RANK + 1)
_NATURAL_RANKS = len(_RANKS) - 1  # every rank but the wild one
_WILDS = 16
_DECK = 116
_INF = 1 << 20
#: Open runs kept per suit. Two suffice: every natural card exists twice (the
#: tests check the sweep against the solver, which allows any number).
MAX_RUNS = 2


def _close(length: int) -> int:
    """Wilds that pad an open run of ``length`` to the three a run needs."""
    return max(0, 3 - length)


@cache
def _suit_moves(runs: SuitState, naturals: int) -> tuple[tuple[SuitState, int, int], ...]:
    """One suit at one rank: every (runs after, wilds spent, naturals sent to the book)."""
    best: dict[tuple[SuitState, int], int] = {}
    for fates in product("nwx", repeat=len(runs)):  # take a natural, bridge with a wild, close
        taken = fates.count("n")
        if taken > naturals:
            continue
        spent = 0
        after: list[int] = []
        for length, fate in zip(runs, fates, strict=True):
            if fate == "x":
                spent += _close(length)
            else:
                spent += fate == "w"
                after.append(min(3, length + 1))
        free = naturals - taken
        for starts in range(free + 1):
            if len(after) + starts > MAX_RUNS:
                break
            key = (tuple(sorted(after + [1] * starts)), free - starts)
            if spent < best.get(key, _INF):
                best[key] = spent
    return tuple((state, spent, book) for (state, book), spent in best.items())


@cache
def _sorted_moves(pairs: tuple[tuple[SuitState, int], ...]) -> tuple[tuple[Joint, int], ...]:
    """Every move of all five suits (given in sorted order), cheapest first."""
    partial: dict[tuple[Joint, int], int] = {((), 0): 0}
    for runs, naturals in pairs:
        nxt: dict[tuple[Joint, int], int] = {}
        for (states, book), spent in partial.items():
            for state, extra, sent in _suit_moves(runs, naturals):
                key = ((*states, state), min(3, book + sent))
                if spent + extra < nxt.get(key, _INF):
                    nxt[key] = spent + extra
        partial = nxt
    out: dict[Joint, int] = {}
    for (states, book), spent in partial.items():
        total = spent + (_close(book) if book else 0)
        if total < out.get(states, _INF):
            out[states] = total
    # Cheapest first, counting the wilds the open runs still need (see _Sweep.step).
    return tuple(sorted(out.items(), key=lambda move: move[1] + _owed(move[0])))


@cache
def _owed(joint: Joint) -> int:
    """Wilds that closing every open run now would cost."""
    return sum(_close(length) for runs in joint for length in runs)


@cache
def _joint_moves(
    joint: Joint, column: Column
) -> tuple[tuple[tuple[Joint, int], ...], Callable[[Joint], Joint] | None]:
    """Every move of one solver state at a rank with ``column``: (state after, wilds spent).

    Given as the moves of the suits in sorted order and the renaming that puts each
    state after back in this state's suit order (None: the order is already this one).
    The renamed moves are made as they are used, never kept: kept for every state and
    column, they were most of round 11's memory (gigabytes), and the sorted moves they
    are made from are shared by every state whose suits sort alike.
    """
    pairs, back = _sorted_suits(joint, column)
    return _sorted_moves(pairs), back


def _sorted_suits(
    joint: Joint, column: Column
) -> tuple[tuple[tuple[SuitState, int], ...], Callable[[Joint], Joint] | None]:
    """Each suit's (state, naturals held) in sorted order, and the renaming that puts a
    state in that order back in this one's suit order (None: the order is already this one).
    """
    order = sorted(range(_SUITS), key=lambda i: (joint[i], column[i]))
    pairs = tuple((joint[i], column[i]) for i in order)
    if order == list(range(_SUITS)):
        return pairs, None
    back = [0] * _SUITS
    for position, suit in enumerate(order):
        back[suit] = position
    return pairs, itemgetter(*back)


@cache
def _turn_cost(a: SuitState, b: SuitState) -> int:
    """Fewest wilds that turn suit state ``a`` into ``b`` now (close some runs, use others)."""
    best = _INF
    for chosen in permutations(range(len(a)), len(b)):
        if all(a[i] >= length for i, length in zip(chosen, b, strict=True)):
            closed = sum(_close(a[i]) for i in range(len(a)) if i not in chosen)
            best = min(best, closed)
    return best


def _prune(states: dict[Joint, int]) -> list[tuple[Joint, int]]:
    """Drop every state that a cheaper-or-equal state can turn into at no extra cost."""
    kept: list[tuple[Joint, int]] = []
    for joint, spent in sorted(states.items(), key=itemgetter(1)):
        for other, cost in kept:
            total = cost
            for a, b in zip(other, joint, strict=True):
                total += _turn_cost(a, b)
                if total > spent:
                    break
            else:
                break  # beaten
        else:
            kept.append((joint, spent))
    return kept


def _renamings(columns: list[tuple[SuitState, ...]], tags: list[Any]) -> Iterator[itemgetter[Any]]:
    """The suit orders that may give a frontier its smallest form, as getters of a joint.

    ``columns[i]`` is suit ``i``'s state in every solver state, ``tags`` what else each
    solver state carries (its wilds, its points). Suits are sorted by that signature;
    only suits tied on it need permuting, and not even those if alike in every state.
    """
    signatures = [tuple(sorted(zip(columns[i], tags, strict=True))) for i in range(_SUITS)]
    groups: list[list[int]] = []
    for suit in sorted(range(_SUITS), key=signatures.__getitem__):
        if groups and signatures[groups[-1][0]] == signatures[suit]:
            groups[-1].append(suit)
        else:
            groups.append([suit])
    options = [
        [tuple(g)] if len({columns[i] for i in g}) == 1 else list(permutations(g)) for g in groups
    ]
    for choice in product(*options):
        yield itemgetter(*[suit for part in choice for suit in part])


def _canonical(states: dict[Joint, int]) -> Frontier:
    """The frontier with its suits renamed to the smallest order (suits are interchangeable)."""
    items = _prune(states)
    columns = [tuple(joint[i] for joint, _ in items) for i in range(_SUITS)]
    best: Frontier | None = None
    for get in _renamings(columns, [cost for _, cost in items]):
        candidate = tuple(sorted((get(joint), cost) for joint, cost in items))
        if best is None or candidate < best:
            best = candidate
    assert best is not None
    return best


def _next_columns(columns: list[tuple[SuitState, ...]]) -> list[tuple[Column, int, int]]:
    """Every column a frontier can meet at the next rank: (column, naturals, deals).

    ``columns[i]`` is suit ``i``'s state in every solver state of the frontier. Suits
    alike in every state are interchangeable, so they get sorted columns only, each
    weighted by the deals it stands for.
    """
    alike: dict[tuple[SuitState, ...], list[int]] = defaultdict(list)
    for suit in range(_SUITS):
        alike[columns[suit]].append(suit)
    return _columns_of_groups(tuple(tuple(g) for g in alike.values()))


@cache
def _columns_of_groups(groups: tuple[tuple[int, ...], ...]) -> list[tuple[Column, int, int]]:
    """The columns for suits grouped as ``groups``, one shared list per grouping.

    Only the grouping matters, and five suits group in few ways, so every frontier
    holds one of a few dozen lists instead of its own copy (in round 11 the copies
    were gigabytes). Callers never change the list.
    """
    out = []
    for choice in product(*(_sorted_columns(len(g)) for g in groups)):
        column = [0] * _SUITS
        ways = 1
        for group, (copies, count) in zip(groups, choice, strict=True):
            ways *= count
            for suit, held in zip(group, copies, strict=True):
                column[suit] = held
        out.append((tuple(column), sum(column), ways))
    return out


@cache
def _sorted_columns(size: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Columns for ``size`` interchangeable suits, once each, with the deals they stand for."""
    out = []
    for column in product(range(3), repeat=size):
        if list(column) == sorted(column):
            orders = factorial(size)
            for copies in range(3):
                orders //= factorial(column.count(copies))
            out.append((column, orders * 2 ** column.count(1)))
    return tuple(out)


class _Sweep:
    """The frontiers of one round, numbered, with their moves memoised."""

    def __init__(self, round_no: int, rename_suits: bool = True) -> None:
        self.rename_suits = rename_suits
        self.n = hand_size(round_no)
        self.wild = wild_rank(round_no)
        self.ids: dict[Frontier, int] = {}
        self.frontiers: list[Frontier] = []
        self.columns: list[list[tuple[Column, int, int]]] = []
        self.needed: list[int] = []
        self.steps: dict[tuple[int, Column, int], int] = {}

    def intern(self, frontier: Frontier) -> int:
        found = self.ids.get(frontier)
        if found is not None:
            return found
        number = len(self.frontiers)
        self.ids[frontier] = number
        self.frontiers.append(frontier)
        self.columns.append(
            _next_columns([tuple(joint[suit] for joint, _ in frontier) for suit in range(_SUITS)])
        )
        self.needed.append(
            min(cost + sum(_close(x) for runs in joint for x in runs) for joint, cost in frontier)
        )
        return number

    def step(self, number: int, column: Column, budget: int) -> int:
        """The frontier after one more rank (-1: empty), keeping states within ``budget`` wilds."""
        key = (number, column, budget)
        found = self.steps.get(key)
        if found is not None:
            return found
        out: dict[Joint, int] = {}
        for joint, spent in self.frontiers[number]:
            # spent + owed + naturals never falls as the sweep goes on (a natural that
            # extends a run cuts what it owes by at most the one wild it takes from the
            # hand), so a state whose spent + owed passes the budget is hopeless.
            room = budget - spent
            moves, rename = _joint_moves(joint, column)
            for states, extra in moves:
                # What closing the open runs owes does not depend on the suits' order.
                if extra + _owed(states) > room:
                    break
                after = rename(states) if rename else states
                if spent + extra < out.get(after, _INF):
                    out[after] = spent + extra
        if not out:
            found = -1
        elif self.rename_suits:
            found = self.intern(_canonical(out))
        else:
            found = self.intern(tuple(sorted(_prune(out))))
        self.steps[key] = found
        return found


@dataclass(frozen=True)
class SweepCounts:
    """What one sweep of a round found.

    ``needed[k][m]`` counts the ways to hold ``k`` naturals that need at least
    ``m`` wilds to meld them all (``m <= n - k``); ``hopeless[k]`` counts the ways
    to hold ``k`` naturals that no ``n - k`` wilds can meld. Each natural
    configuration is counted once, so ``sum(needed[k]) + hopeless[k] == C(100, k)``.
    """

    round_no: int
    needed: dict[int, dict[int, int]]
    hopeless: dict[int, int]
    frontiers: int

    @property
    def hand_size(self) -> int:
        return hand_size(self.round_no)

    @property
    def deals(self) -> int:
        """All deals of the round, ``C(116, n)``."""
        return comb(_DECK, self.hand_size)

    def hands_of_size(self) -> int:
        """The deals the sweep's weights add up to: should be ``C(116, n)``."""
        n = self.hand_size
        total = 0
        for k in range(n + 1):
            ways = sum(self.needed.get(k, {}).values()) + self.hopeless.get(k, 0)
            total += ways * comb(_WILDS, n - k)
        return total

    @property
    def go_out(self) -> int:
        """Deals that can go out at once: ``k`` naturals needing ``m <= n - k`` wilds."""
        n = self.hand_size
        return sum(
            ways * comb(_WILDS, n - k)
            for k, by_need in self.needed.items()
            for m, ways in by_need.items()
            if m <= n - k
        )

    @property
    def go_out_probability(self) -> Fraction:
        return Fraction(self.go_out, self.deals)


def sweep_round(round_no: int, progress: Callable[[], object] | None = None) -> SweepCounts:
    """Sweep the ranks 3..K over all hands of the round at once (see the module docstring).

    ``progress``, if given, is called once each rank is swept (eleven times).
    """
    check_round(round_no)
    sweep = _Sweep(round_no)
    n = sweep.n
    start = sweep.intern(((((),) * _SUITS, 0),))
    layer: dict[tuple[int, int], int] = {(start, 0): 1}
    hopeless: dict[int, int] = defaultdict(int)
    empty: Column = (0,) * _SUITS
    left = _NATURAL_RANKS  # natural ranks not swept yet
    for rank in _RANKS:
        nxt: dict[tuple[int, int], int] = defaultdict(int)
        if rank == sweep.wild:
            moves = [(empty, 0, 1)]
        else:
            left -= 1
        for (number, k), weight in layer.items():
            options = moves if rank == sweep.wild else sweep.columns[number]
            for column, added, ways in options:
                held = k + added
                if held > n:
                    continue
                after = sweep.step(number, column, n - held)
                if after >= 0:
                    nxt[after, held] += weight * ways
                else:  # never goes out: count it with every way to fill the ranks left
                    cells = 2 * _SUITS * left
                    for more in range(n - held + 1):
                        hopeless[held + more] += weight * ways * comb(cells, more)
        layer = nxt
        if progress is not None:
            progress()
    needed: dict[int, dict[int, int]] = defaultdict(lambda: defaultdict(int))
    for (number, k), weight in layer.items():
        needed[k][sweep.needed[number]] += weight
    return SweepCounts(
        round_no,
        {k: dict(sorted(v.items())) for k, v in sorted(needed.items())},
        dict(sorted(hopeless.items())),
        len(sweep.frontiers),
    )


def goes_out(cards: Iterable[Card], round_no: int) -> bool:
    """Whether one hand goes out, decided by the sweep's own moves (the tests compare it
    with :func:`~fivecrowns_lab.core.solver.can_go_out`).

    >>> from fivecrowns_lab.core.cards import parse_cards
    >>> goes_out(parse_cards("4H 5H JK"), 1), goes_out(parse_cards("4H 6S JK"), 1)
    (True, False)
    """
    check_round(round_no)
    held: dict[tuple[int, int], int] = defaultdict(int)
    wilds = 0
    for card in cards:
        if is_wild(card, round_no):
            wilds += 1
        else:
            assert card.suit is not None
            held[card.rank, card.suit.index] += 1
    if not held:
        return wilds == 0 or wilds >= MIN_MELD
    sweep = _Sweep(round_no, rename_suits=False)
    number = sweep.intern(((((),) * _SUITS, 0),))
    # The budget at each rank is the hand's wilds plus the naturals still to come (as in
    # the sweep, where it is the hand size less the naturals so far).
    later = sum(held.values())
    for rank in _RANKS:
        column = tuple(held[rank, suit] for suit in range(_SUITS))
        later -= sum(column)
        number = sweep.step(number, column, wilds + later)
        if number < 0:
            return False
    return sweep.needed[number] <= wilds
