"""The solver states of the rank sweeps, and how one moves on at a rank.

Shared by the going-out sweep (:mod:`~fivecrowns_lab.odds.sweep`, where the method
and its words are explained: column, solver state, frontier, canonical frontier) and
the penalty sweep (:mod:`~fivecrowns_lab.odds.sweep_penalty`): each suit's open runs,
the moves of one suit and of all five at a rank (:func:`suit_moves`,
:func:`joint_moves`), the wilds that closing runs costs (:func:`owed`,
:func:`turn_cost`), pruning and renaming suits to one canonical frontier, and the
columns a frontier can meet next (:func:`next_columns`).

>>> close(1), owed(((2,), (), (), (), ()))
(2, 1)
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterator
from functools import cache
from itertools import permutations, product
from math import factorial
from operator import itemgetter
from typing import Any

from ..core.rules import MAX_RANK, MIN_MELD, MIN_RANK

__all__ = ["MAX_RUNS", "Column", "Frontier", "Joint", "SuitState", "joint_moves", "suit_moves"]


# The sorted lengths of a suit's open runs: 1, 2, ... up to the fewest cards of a run (3 in
# the standard game), which stands for "that many or more".
SuitState = tuple[int, ...]
Joint = tuple[SuitState, ...]  # one suit state per suit
Frontier = tuple[tuple[Joint, int], ...]  # (solver state, fewest wilds spent), sorted
Column = tuple[int, ...]  # copies held of each suit at one rank

SUITS = 5
RANKS = range(MIN_RANK, MAX_RANK + 1)
NATURAL_RANKS = len(RANKS) - 1  # every rank but the wild one
WILDS = 16
DECK = 116
INF = 1 << 20
#: Open runs kept per suit. Two suffice: every natural card exists twice (the
#: tests check the sweep against the solver, which allows any number).
MAX_RUNS = 2


def close(length: int, least: int = MIN_MELD) -> int:
    """Wilds that pad an open run (or a book) of ``length`` to the ``least`` cards it needs."""
    return max(0, least - length)


@cache
def suit_moves(
    runs: SuitState, naturals: int, run_least: int = MIN_MELD
) -> tuple[tuple[SuitState, int, int], ...]:
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
                spent += close(length, run_least)
            else:
                spent += fate == "w"
                after.append(min(run_least, length + 1))
        free = naturals - taken
        for starts in range(free + 1):
            if len(after) + starts > MAX_RUNS:
                break
            key = (tuple(sorted(after + [1] * starts)), free - starts)
            if spent < best.get(key, INF):
                best[key] = spent
    return tuple((state, spent, book) for (state, book), spent in best.items())


@cache
def sorted_moves(
    pairs: tuple[tuple[SuitState, int], ...], least: tuple[int, int] = (MIN_MELD, MIN_MELD)
) -> tuple[tuple[Joint, int], ...]:
    """Every move of all five suits (given in sorted order), cheapest first.

    ``least`` is the fewest cards of a book and of a run (the round's meld model).
    """
    book_least, run_least = least
    partial: dict[tuple[Joint, int], int] = {((), 0): 0}
    for runs, naturals in pairs:
        nxt: dict[tuple[Joint, int], int] = {}
        for (states, book), spent in partial.items():
            for state, extra, sent in suit_moves(runs, naturals, run_least):
                key = ((*states, state), min(book_least, book + sent))
                if spent + extra < nxt.get(key, INF):
                    nxt[key] = spent + extra
        partial = nxt
    out: dict[Joint, int] = {}
    for (states, book), spent in partial.items():
        total = spent + (close(book, book_least) if book else 0)
        if total < out.get(states, INF):
            out[states] = total
    # Cheapest first, counting the wilds the open runs still need (see _Sweep.step).
    return tuple(sorted(out.items(), key=lambda move: move[1] + owed(move[0], run_least)))


@cache
def owed(joint: Joint, run_least: int = MIN_MELD) -> int:
    """Wilds that closing every open run now would cost."""
    return sum(close(length, run_least) for runs in joint for length in runs)


@cache
def joint_moves(
    joint: Joint, column: Column, least: tuple[int, int] = (MIN_MELD, MIN_MELD)
) -> tuple[tuple[tuple[Joint, int], ...], Callable[[Joint], Joint] | None]:
    """Every move of one solver state at a rank with ``column``: (state after, wilds spent).

    Given as the moves of the suits in sorted order and the renaming that puts each
    state after back in this state's suit order (None: the order is already this one).
    The renamed moves are made as they are used, never kept: kept for every state and
    column, they were most of round 11's memory (gigabytes), and the sorted moves they
    are made from are shared by every state whose suits sort alike.
    """
    pairs, back = sorted_suits(joint, column)
    return sorted_moves(pairs, least), back


def sorted_suits(
    joint: Joint, column: Column
) -> tuple[tuple[tuple[SuitState, int], ...], Callable[[Joint], Joint] | None]:
    """Each suit's (state, naturals held) in sorted order, and the renaming that puts a
    state in that order back in this one's suit order (None: the order is already this one).
    """
    order = sorted(range(SUITS), key=lambda i: (joint[i], column[i]))
    pairs = tuple((joint[i], column[i]) for i in order)
    if order == list(range(SUITS)):
        return pairs, None
    back = [0] * SUITS
    for position, suit in enumerate(order):
        back[suit] = position
    return pairs, itemgetter(*back)


@cache
def turn_cost(a: SuitState, b: SuitState, run_least: int = MIN_MELD) -> int:
    """Fewest wilds that turn suit state ``a`` into ``b`` now (close some runs, use others)."""
    best = INF
    for chosen in permutations(range(len(a)), len(b)):
        if all(a[i] >= length for i, length in zip(chosen, b, strict=True)):
            closed = sum(close(a[i], run_least) for i in range(len(a)) if i not in chosen)
            best = min(best, closed)
    return best


def prune(states: dict[Joint, int], run_least: int = MIN_MELD) -> list[tuple[Joint, int]]:
    """Drop every state that a cheaper-or-equal state can turn into at no extra cost."""
    kept: list[tuple[Joint, int]] = []
    for joint, spent in sorted(states.items(), key=itemgetter(1)):
        for other, cost in kept:
            total = cost
            for a, b in zip(other, joint, strict=True):
                total += turn_cost(a, b, run_least)
                if total > spent:
                    break
            else:
                break  # beaten
        else:
            kept.append((joint, spent))
    return kept


def renamings(columns: list[tuple[SuitState, ...]], tags: list[Any]) -> Iterator[itemgetter[Any]]:
    """The suit orders that may give a frontier its smallest form, as getters of a joint.

    ``columns[i]`` is suit ``i``'s state in every solver state, ``tags`` what else each
    solver state carries (its wilds, its points). Suits are sorted by that signature;
    only suits tied on it need permuting, and not even those if alike in every state.
    """
    signatures = [tuple(sorted(zip(columns[i], tags, strict=True))) for i in range(SUITS)]
    groups: list[list[int]] = []
    for suit in sorted(range(SUITS), key=signatures.__getitem__):
        if groups and signatures[groups[-1][0]] == signatures[suit]:
            groups[-1].append(suit)
        else:
            groups.append([suit])
    options = [
        [tuple(g)] if len({columns[i] for i in g}) == 1 else list(permutations(g)) for g in groups
    ]
    for choice in product(*options):
        yield itemgetter(*[suit for part in choice for suit in part])


def canonical(states: dict[Joint, int], run_least: int = MIN_MELD) -> Frontier:
    """The frontier with its suits renamed to the smallest order (suits are interchangeable)."""
    items = prune(states, run_least)
    columns = [tuple(joint[i] for joint, _ in items) for i in range(SUITS)]
    best: Frontier | None = None
    for get in renamings(columns, [cost for _, cost in items]):
        candidate = tuple(sorted((get(joint), cost) for joint, cost in items))
        if best is None or candidate < best:
            best = candidate
    assert best is not None
    return best


def next_columns(columns: list[tuple[SuitState, ...]]) -> list[tuple[Column, int, int]]:
    """Every column a frontier can meet at the next rank: (column, naturals, deals).

    ``columns[i]`` is suit ``i``'s state in every solver state of the frontier. Suits
    alike in every state are interchangeable, so they get sorted columns only, each
    weighted by the deals it stands for.
    """
    alike: dict[tuple[SuitState, ...], list[int]] = defaultdict(list)
    for suit in range(SUITS):
        alike[columns[suit]].append(suit)
    return columns_of_groups(tuple(tuple(g) for g in alike.values()))


@cache
def columns_of_groups(groups: tuple[tuple[int, ...], ...]) -> list[tuple[Column, int, int]]:
    """The columns for suits grouped as ``groups``, one shared list per grouping.

    Only the grouping matters, and five suits group in few ways, so every frontier
    holds one of a few dozen lists instead of its own copy (in round 11 the copies
    were gigabytes). Callers never change the list.
    """
    out = []
    for choice in product(*(sorted_columns(len(g)) for g in groups)):
        column = [0] * SUITS
        ways = 1
        for group, (copies, count) in zip(groups, choice, strict=True):
            ways *= count
            for suit, held in zip(group, copies, strict=True):
                column[suit] = held
        out.append((tuple(column), sum(column), ways))
    return out


@cache
def sorted_columns(size: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Columns for ``size`` interchangeable suits, once each, with the deals they stand for."""
    out = []
    for column in product(range(3), repeat=size):
        if list(column) == sorted(column):
            orders = factorial(size)
            for copies in range(3):
                orders //= factorial(column.count(copies))
            out.append((column, orders * 2 ** column.count(1)))
    return tuple(out)
