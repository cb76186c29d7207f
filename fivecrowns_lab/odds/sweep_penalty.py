"""The penalty of every dealt hand at once: the sweep of :mod:`.sweep`, carrying points.

The go-out sweep keeps, per solver state, the fewest wilds spent. To score hands it
must also let naturals stay in hand, so a state is ``(open runs, wilds spent)`` and
keeps the fewest *points* left in hand. Points grow with every rank, so frontiers
would never repeat; they are stored *relative* to their smallest points, and the
sweep carries, for each (frontier, naturals held), the distribution of that
smallest value (the *base*). A hand's penalty is its base plus what its frontier
adds at the end, so the distribution of penalties comes out exactly.

The hand that melds nothing is tracked on its own (it keeps every natural in
hand): when the best is to meld nothing and 1 or 2 wilds are held, those wilds
score too, 50 for a joker and 20 for a card of the wild rank (RULES.md: Scoring).

What it costs: far more than going out, because frontiers now differ by points as
well. On one core, round 5 takes 18 s, round 6 100 s and round 7 945 s (measured
before memory held one rank at a time); each round costs 5 to 10 times the one before.
Memory holds one rank's frontiers and steps at a time (the next rank reads no other):
round 6 peaks at 0.16 GB resident (0.32 GB when every rank's were kept, 1.5 GB before
the moves were kept once in sorted suit order), and round 8 at 1.9 GB, in 4,491 s of
one core (the old way it passed 4 GB with two ranks still to sweep). The shipped table
stops at round 8; later rounds are simulated.

>>> dist = penalty_counts(1)
>>> sum(dist.values()), dist[0]
(253460, 26720)
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from functools import cache
from math import comb

from ..core.rules import (
    JOKER_POINTS,
    MAX_RANK,
    MIN_RANK,
    WILD_POINTS,
    check_round,
    hand_size,
    wild_rank,
)
from . import sweep_moves as _sw

__all__ = ["penalty_counts"]

SuitState = _sw.SuitState
Joint = _sw.Joint
Column = _sw.Column
Entry = tuple[Joint, int]  # (open runs, wilds spent); the unmelded hand is ((), -1)
Frontier = tuple[tuple[Entry, int], ...]  # with points above the frontier's base
_UNMELDED: Entry = ((), -1)
_NOTHING_OPEN: Joint = ((),) * 5
_SUITS = 5
_INF = 1 << 20
_JOKERS = 6


@cache
def _suit_moves(
    runs: _sw.SuitState, naturals: int
) -> tuple[tuple[_sw.SuitState, int, int, int], ...]:
    """One suit at one rank: (runs after, wilds spent, naturals to the book, naturals kept)."""
    out: dict[tuple[SuitState, int, int], int] = {}
    for state, spent, book in _sw.suit_moves(runs, naturals):
        for kept in range(book + 1):
            key = (state, book - kept, kept)
            if spent < out.get(key, _INF):
                out[key] = spent
    return tuple((state, spent, book, kept) for (state, book, kept), spent in out.items())


def _moves(
    joint: Joint, column: Column
) -> tuple[tuple[tuple[Joint, int, int], ...], Callable[[Joint], Joint] | None]:
    """The moves of one state at a rank, as the moves of its suits in sorted order and the
    renaming back to this state's suit order (None: already in it).

    As in the go-out sweep, renamed moves are made as they are used, never kept (kept,
    they were most of the gigabytes of round 7), and suits that sort alike share moves.
    """
    pairs, back = _sw.sorted_suits(joint, column)
    return _sorted_moves(pairs), back


@cache
def _sorted_moves(
    pairs: tuple[tuple[SuitState, int], ...],
) -> tuple[tuple[Joint, int, int], ...]:
    """(runs after, wilds spent, naturals kept in hand), none beaten on both counts, for
    each suit's (open runs, naturals held) in ``pairs``."""
    partial: dict[tuple[Joint, int, int], int] = {((), 0, 0): 0}
    for runs, naturals in pairs:
        nxt: dict[tuple[Joint, int, int], int] = {}
        for (states, book, kept), spent in partial.items():
            for state, extra, sent, keep in _suit_moves(runs, naturals):
                key = ((*states, state), min(3, book + sent), kept + keep)
                if spent + extra < nxt.get(key, _INF):
                    nxt[key] = spent + extra
        partial = nxt
    best: dict[tuple[Joint, int], int] = {}
    for (states, book, kept), spent in partial.items():
        total = spent + (_sw.close(book) if book else 0)
        if total < best.get((states, kept), _INF):
            best[states, kept] = total
    return tuple((states, spent, kept) for (states, kept), spent in best.items())


def _prune(states: dict[Entry, int]) -> list[tuple[Entry, int]]:
    """Drop states another state beats: no more points, and wilds enough to turn into it."""
    kept: list[tuple[Entry, int]] = []
    for (joint, spent), points in sorted(states.items(), key=lambda item: (item[1], item[0][1])):
        if spent < 0:
            kept.append(((joint, spent), points))
            continue
        for (other, cost), _points in kept:
            if cost < 0:
                continue
            total = cost
            for a, b in zip(other, joint, strict=True):
                total += _sw.turn_cost(a, b)
                if total > spent:
                    break
            else:
                break
        else:
            kept.append(((joint, spent), points))
    return kept


def _canonical(states: dict[Entry, int]) -> tuple[Frontier, int]:
    """(relative frontier with suits renamed to the smallest order, its base points)."""
    items = _prune(states)
    base = min(points for _, points in items)
    melded = [(entry, points - base) for entry, points in items if entry[1] >= 0]
    alone = [(entry, points - base) for entry, points in items if entry[1] < 0]
    columns = [tuple(entry[0][i] for entry, _ in melded) for i in range(_SUITS)]
    tags = [(entry[1], points) for entry, points in melded]
    best: Frontier | None = None
    for get in _sw.renamings(columns, tags):
        candidate = tuple(sorted(((get(j), s), p) for (j, s), p in melded)) + tuple(alone)
        if best is None or candidate < best:
            best = candidate
    assert best is not None
    return best, base


def _wild_points(wilds: int) -> list[tuple[int, int]]:
    """(points, ways) for ``wilds`` wild cards left in hand, split into jokers and others."""
    return [
        (j * JOKER_POINTS + (wilds - j) * WILD_POINTS, comb(_JOKERS, j) * comb(10, wilds - j))
        for j in range(wilds + 1)
        if wilds - j <= 10
    ]


def penalty_counts(round_no: int, progress: Callable[[], object] | None = None) -> dict[int, int]:
    """How many of the ``C(116, n)`` deals leave each penalty after their best melds.

    ``progress``, if given, is called once each rank is swept (eleven times).
    """
    check_round(round_no)
    n = hand_size(round_no)
    wild = wild_rank(round_no)
    ids: dict[Frontier, int] = {}
    frontiers: list[Frontier] = []
    columns: list[list[tuple[Column, int, int]]] = []
    steps: dict[tuple[int, Column, int, int], tuple[int, int]] = {}

    def intern(frontier: Frontier) -> int:
        found = ids.get(frontier)
        if found is None:
            found = ids[frontier] = len(frontiers)
            frontiers.append(frontier)
            columns.append(
                _sw.next_columns(
                    [tuple(e[0][suit] for e, _ in frontier if e[1] >= 0) for suit in range(_SUITS)]
                )
            )
        return found

    def step(number: int, column: Column, rank: int, budget: int) -> tuple[int, int]:
        key = (number, column, rank, budget)
        found = steps.get(key)
        if found is not None:
            return found
        out: dict[Entry, int] = {}
        held = sum(column)
        for (joint, spent), points in frontiers[number]:
            first = spent < 0
            if first:  # the hand that melds nothing keeps this rank too, or melds here first
                out[_UNMELDED] = min(out.get(_UNMELDED, _INF), points + held * rank)
                joint, spent = _NOTHING_OPEN, 0
            moves, rename = _moves(joint, column)
            for states, extra, kept in moves:
                # Nothing open, and what closing the runs owes, do not depend on suit order.
                if first and kept == held and states == _NOTHING_OPEN:
                    continue  # that is the unmelded hand itself
                total = spent + extra
                if total + _sw.owed(states) > budget:
                    continue
                after = rename(states) if rename else states
                entry = (after, total)
                value = points + kept * rank
                if value < out.get(entry, _INF):
                    out[entry] = value
        frontier, base = _canonical(out)
        found = steps[key] = (intern(frontier), base)
        return found

    start = intern(((_UNMELDED, 0),))
    layer: dict[tuple[int, int], dict[int, int]] = {(start, 0): {0: 1}}
    empty: Column = (0,) * _SUITS
    for rank in range(MIN_RANK, MAX_RANK + 1):
        nxt: dict[tuple[int, int], dict[int, int]] = defaultdict(lambda: defaultdict(int))
        for (number, k), bases in layer.items():
            options = [(empty, 0, 1)] if rank == wild else columns[number]
            for column, added, ways in options:
                held = k + added
                if held > n:
                    continue
                after, base = step(number, column, rank, n - held)
                target = nxt[after, held]
                for old, weight in bases.items():
                    target[old + base] += weight * ways
        # The next rank reads only the frontiers this layer holds, and a step names its
        # rank: keep those frontiers (renumbered) and forget the rest, so memory holds one
        # rank's frontiers and steps at a time, not the whole sweep's.
        kept = sorted({number for number, _held in nxt})
        renumber = {old: new for new, old in enumerate(kept)}
        frontiers[:] = [frontiers[old] for old in kept]
        columns[:] = [columns[old] for old in kept]
        ids.clear()
        ids.update((frontier, number) for number, frontier in enumerate(frontiers))
        steps.clear()
        layer = {(renumber[number], held): dict(bases) for (number, held), bases in nxt.items()}
        if progress is not None:
            progress()
    result: dict[int, int] = defaultdict(int)
    for (number, k), bases in layer.items():
        wilds = n - k
        best = _INF
        alone = _INF
        for (joint, spent), points in frontiers[number]:
            if spent < 0:
                alone = points
            elif spent + _sw.owed(joint) <= wilds:
                best = min(best, points)
        if 1 <= wilds <= 2:
            finals = [(min(best, alone + extra), ways) for extra, ways in _wild_points(wilds)]
        else:
            finals = [(min(best, alone), comb(16, wilds))]
        for base, weight in bases.items():
            for rel, ways in finals:
                result[base + rel] += weight * ways
    return dict(sorted(result.items()))
