"""The solver's search over packed hands: the fewest points left, the fewest wilds needed.

Internal to :mod:`fivecrowns_lab.core.solver`, which explains the method in its docstring,
checks every input and builds the melds. This module sees only integers (naturals packed
two bits per card, rank-major, and a count of wilds) and checks nothing: it is the part
the optional compiled build (``build_compiled.py``) compiles, and because no public entry
point lives here, every refusal of bad input is the solver's own sentence on both paths.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Final

from . import rules

# The rules' bounds as constants of this module: compiled, they are read as C values
# rather than looked up in another module on every use.
_MIN_RANK: Final = rules.MIN_RANK
_MAX_RANK: Final = rules.MAX_RANK

__all__ = ["BLOCK", "INF", "Search"]

INF = 1 << 30  # "no way": more than any count of points or wilds
BLOCK = 10  # bits per rank: 5 suits x 2 bits
_RANK_MASK = (1 << BLOCK) - 1


# -- the search ------------------------------------------------------------------------------
#
# A "choice" at a state is (points left in hand at the lowest rank, how many books
# the rest of that rank makes (0 or 1; up to 2 when books need different suits),
# the runs started there, naturals after, wilds after).
# A run needs at least two naturals here unless the meld model's ``lone_runs`` says a
# run of one natural can beat that card's book (it cannot in the standard game: the book
# needs no more wilds than the run, and the search also tries it).
#
# What a meld is comes from the round's MeldRules as one small number, its ``code()``
# (bits: run_least << 7 | book_least << 3 | distinct suits << 2 | all-wild melds << 1 |
# lone runs), which the shared caches below are keyed by.
_CODE_BITS: Final = 11

Runs = tuple[tuple[int, tuple[int, ...]], ...]  # (suit index, ranks of the naturals taken)
Choice = tuple[int, int, Runs, int, int]


# Each suit's bits in every rank's block.
_SUIT_BITS = tuple(
    sum(0b11 << ((index * 5 + suit) * 2) for index in range(_MAX_RANK - _MIN_RANK + 1))
    for suit in range(5)
)
# The runs from a natural depend only on its suit's naturals above it and the wilds:
# each list is worked out once and kept (bounded like the memos). Per run: the bits of
# the naturals it takes above its lowest, the wilds left, the ranks taken.
_RUN_LISTS: dict[int, list[tuple[int, int, tuple[int, ...]]]] = {}
_RUN_LISTS_MOST = 50_000  # about 13 MB at most


def _runs_from(
    rem: int, suit: int, rank: int, wilds: int, code: int
) -> list[tuple[int, int, tuple[int, ...]]]:
    """Runs whose lowest natural is (rank, suit): (naturals after, wilds after, ranks taken)."""
    key = (((rem & _SUIT_BITS[suit]) << 3 | suit) << 4 | rank - _MIN_RANK) << 5 | wilds
    key = key << _CODE_BITS | code
    runs = _RUN_LISTS.get(key)
    if runs is None:
        if len(_RUN_LISTS) >= _RUN_LISTS_MOST:
            _RUN_LISTS.clear()
        held = rem & _SUIT_BITS[suit]
        runs = _RUN_LISTS[key] = [
            (held - left, spare, taken)
            for left, spare, taken in _new_runs(held, suit, rank, wilds, code)
        ]
    return [(rem - bits, spare, taken) for bits, spare, taken in runs]


def _new_runs(
    rem: int, suit: int, rank: int, wilds: int, code: int
) -> list[tuple[int, int, tuple[int, ...]]]:
    """:func:`_runs_from` worked out: a depth-first search over the next natural taken."""
    found = []
    run_least = code >> 7
    fewest = 1 if code & 1 else 2  # MeldRules.lone_runs
    # Each skipped rank costs one wild.
    stack: list[tuple[int, int, int, tuple[int, ...]]] = [(rem, rank, wilds, (rank,))]
    while stack:
        left, end, spare, taken = stack.pop()
        if len(taken) >= fewest:
            need = max(0, run_least - (end - rank + 1))  # MeldRules.run_wilds of its span
            if need <= spare:
                found.append((left, spare - need, taken))
        bit = ((end + 1 - _MIN_RANK) * 5 + suit) * 2
        for nxt in range(end + 1, min(_MAX_RANK + 1, end + 2 + spare)):  # runs stop at K
            if (left >> bit) & 3:
                stack.append((left - (1 << bit), nxt, spare - (nxt - end - 1), (*taken, nxt)))
            bit += 10
    return found


def _run_sets(
    rem: int, starts: tuple[int, ...], rank: int, wilds: int, code: int
) -> list[tuple[int, int, tuple[tuple[int, tuple[int, ...]], ...]]]:
    """Every way to extend each run start in ``starts`` (suits), one after another."""
    sets: list[tuple[int, int, tuple[tuple[int, tuple[int, ...]], ...]]] = [(rem, wilds, ())]
    for suit in starts:
        sets = [
            (left, spare, (*runs, (suit, taken)))
            for before, have, runs in sets
            for left, spare, taken in _runs_from(before, suit, rank, have, code)
        ]
    return sets


def _book_least(code: int) -> int:
    return (code >> 3) & 15


def _distinct_books(left: list[int], must_meld: bool, least: int) -> list[tuple[int, int, int]]:
    """Book options when a book needs different suits: (books, cards unbooked, wilds needed).

    ``left`` counts the cards of the rank still held in each suit (0, 1 or 2).
    """
    ones, twos = left.count(1), left.count(2)
    total = ones + 2 * twos
    if not total:
        return [(0, 0, 0)]
    options = [] if must_meld else [(0, total, 0)]
    if not (must_meld and twos):  # one book: one card of each suit held
        options.append((1, twos, max(0, least - ones - twos)))
    if twos:  # two books: each pair splits, the singles balance the two books' sizes
        need = min(
            max(0, least - twos - x) + max(0, least - twos - ones + x) for x in range(ones + 1)
        )
        options.append((2, 0, need))
    return options


# A "head" is a choice before its runs are extended: (points left in hand at the rank,
# books, the suits that start runs, wilds after the books). Every choice of a head has
# its points, so the search can skip a head without extending its runs.
Head = tuple[int, int, tuple[int, ...], int]


# Which suits a run from each rank can still reach: ``_NEAR[rank index][wilds]`` holds,
# per suit, the bits of that suit in the ranks a run can next take a natural from
# (the next ``wilds + 1`` ranks, stopping at K). More than 10 wilds reach as far as 10.
_NEAR: list[list[tuple[int, ...]]] = [
    [
        tuple(
            sum(
                0b11 << (((index + 1 + k) * 5 + suit) * 2)
                for k in range(min(wilds + 1, _MAX_RANK - _MIN_RANK - index))
            )
            for suit in range(5)
        )
        for wilds in range(11)
    ]
    for index in range(_MAX_RANK - _MIN_RANK + 1)
]
# The suits held in each rank's block (two bits a suit).
_HELD: list[tuple[int, ...]] = [
    tuple(suit for suit in range(5) if (block >> (2 * suit)) & 3) for block in range(1 << BLOCK)
]
# The heads of a state depend only on its lowest rank's block, the wilds, which suits
# can extend a run and the two switches: many states share them, so each list is made
# once and shared (heads are tuples; nobody changes the lists). Bounded like the memos.
_HEAD_LISTS: dict[int, list[Head]] = {}
_HEAD_LISTS_MOST = 200_000


def _heads(rem: int, wilds: int, must_meld: bool, code: int) -> tuple[int, int, list[Head]]:
    """The lowest rank held, the naturals above it, and every head there.

    Without ``must_meld`` (the search for the fewest points) the heads come cheapest
    first, so the search's bound cuts more.
    """
    rank_index = ((rem & -rem).bit_length() - 1) // BLOCK
    shift = rank_index * BLOCK
    block = (rem >> shift) & _RANK_MASK
    rest = rem ^ (block << shift)
    masks = _NEAR[rank_index][wilds if wilds < 10 else 10]
    reach = 0
    lone = code & 1  # MeldRules.lone_runs: every natural may start a run
    for suit in _HELD[block]:
        if lone or rest & masks[suit]:
            reach |= 1 << suit
    key = (rank_index << BLOCK | block) << 5 | wilds
    key = (key << 6 | reach << 1 | must_meld) << _CODE_BITS | code
    heads = _HEAD_LISTS.get(key)
    if heads is None:
        if len(_HEAD_LISTS) >= _HEAD_LISTS_MOST:
            _HEAD_LISTS.clear()
        heads = _HEAD_LISTS[key] = _new_heads(
            rank_index + _MIN_RANK, block, wilds, reach, must_meld, code
        )
    return rank_index + _MIN_RANK, rest, heads


def _new_heads(
    rank: int, block: int, wilds: int, reach: int, must_meld: bool, code: int
) -> list[Head]:
    """The heads at ``rank`` holding ``block``; ``reach`` has a bit per suit a run can extend."""
    total = 0
    splits: list[tuple[int, ...]] = [()]
    for suit in range(5):
        count = (block >> (2 * suit)) & 3
        if not count:
            continue
        total += count
        if (reach >> suit) & 1:  # a run from here needs another natural within reach
            splits = [o + (suit,) * k for o in splits for k in range(count + 1)]
    heads: list[Head] = []
    least = _book_least(code)
    if (code >> 2) & 1:  # books of distinct suits
        counts = [(block >> (2 * suit)) & 3 for suit in range(5)]
        for starts in splits:
            left = counts.copy()
            for suit in starts:
                left[suit] -= 1
            for books, unbooked, need in _distinct_books(left, must_meld, least):
                spare = wilds - need
                if spare >= 0:
                    heads.append((unbooked * rank, books, starts, spare))
    else:
        for starts in splits:
            left_here = total - len(starts)
            if left_here == 0:
                book_options: tuple[bool, ...] = (False,)
            elif must_meld:
                book_options = (True,)
            else:
                book_options = (True, False)
            for book in book_options:
                spare = wilds - (least - left_here if book and left_here < least else 0)
                if spare >= 0:
                    heads.append((0 if book else left_here * rank, book, starts, spare))
    if not must_meld:
        heads.sort(key=_first)  # stable: ties keep the order they were made in
    return heads


def _expand(head: Head, rest: int, rank: int, code: int) -> list[Choice]:
    """The choices of a head: each way to extend its runs."""
    points, books, starts, spare = head
    if not starts:
        return [(points, books, (), rest, spare)]
    return [
        (points, books, runs, after, spare_after)
        for after, spare_after, runs in _run_sets(rest, starts, rank, spare, code)
    ]


def _choices(rem: int, wilds: int, must_meld: bool, code: int) -> list[Choice]:
    """Every choice at the lowest rank held (see the module docstring)."""
    rank, rest, heads = _heads(rem, wilds, must_meld, code)
    return [choice for head in heads for choice in _expand(head, rest, rank, code)]


_first = itemgetter(0)  # a choice's points in hand


class Search:
    """Memoised minimum of points left (or of wilds needed) over the choices."""

    def __init__(self, meld: rules.MeldRules = rules.STANDARD_MELDS) -> None:
        self.distinct: bool = meld.distinct_suits
        self.code: int = meld.code()
        # Keyed by naturals * 32 + wilds (a hand holds at most 20 cards): one int hashes
        # faster than a pair.
        self.leftover: dict[int, int] = {}
        self.best_choice: dict[int, Choice] = {}
        self.needed: dict[int, int] = {}

    def min_leftover(self, rem: int, wilds: int) -> int:
        if not rem:
            return 0
        key = rem << 5 | wilds
        found = self.leftover.get(key)
        if found is not None:
            return found
        best = INF
        chosen: Choice | None = None
        # Cheapest-looking choices first (as _heads gives them), so the bound below cuts
        # more; a head's runs are extended only when its points are below the best so far.
        rank, rest, heads = _heads(rem, wilds, False, self.code)
        for points, books, starts, spare in heads:
            if points >= best:
                break
            if not starts:  # no run starts here: one choice, the naturals above stay
                value = points + self.min_leftover(rest, spare)
                if value < best:
                    best, chosen = value, (points, books, (), rest, spare)
                continue
            for after, spare_after, runs in _run_sets(rest, starts, rank, spare, self.code):
                if points >= best:
                    break
                value = points + self.min_leftover(after, spare_after)
                if value < best:
                    best, chosen = value, (points, books, runs, after, spare_after)
            if best == 0:
                break
        self.leftover[key] = best
        assert chosen is not None  # leaving the whole rank in hand is always a choice
        self.best_choice[key] = chosen
        return best

    def min_after_drop(
        self, rem: int, wilds: int, allowed: int, limit: int, memo: dict[int, tuple[int, int, int]]
    ) -> tuple[int, int]:
        """Fewest points left once one natural of ``rem`` in ``allowed`` is thrown away, and
        which throws reach it: a bit at each such natural's slot (``1 << slot``).

        ``allowed`` has both bits of each slot that may be thrown (``0b11 << slot``).
        Exact when at most ``limit``; otherwise the points are some number above it (and
        the slots mean nothing), since nobody asked about more. ``memo`` is the caller's,
        for one ``allowed``.

        One search for every "hand without one card" at once: searching each smaller
        hand on its own repeats the work below the thrown card's rank for every card;
        here the throw is one more choice at the lowest rank held (throw one of its
        naturals, then search the rest as usual), so each state below it is searched
        once. Ties are all kept, so a head is cut only when its points are above the
        best. ``(INF, 0)`` when nothing allowed is held.
        """
        if not rem & allowed:
            return INF, 0
        key = rem << 5 | wilds
        found = memo.get(key)
        # Remembered with the limit it was asked under: exact if within it, else only
        # "above it", which answers a lower limit too.
        if found is not None and (found[0] <= found[2] or found[2] >= limit):
            return found[0], found[1]
        rank, rest, heads = _heads(rem, wilds, False, self.code)
        shift = (rank - _MIN_RANK) * BLOCK
        best = INF
        slots = 0
        for suit in _HELD[(rem & allowed) >> shift & _RANK_MASK]:  # throw one of this rank
            bit = 1 << (shift + 2 * suit)
            value = self.min_leftover(rem - bit, wilds)
            if value < best:
                best, slots = value, bit
            elif value == best:
                slots |= bit
        if rest & allowed:  # or keep every natural of this rank and throw one above
            for points, _books, starts, spare in heads:
                bound = best if best < limit else limit
                if points > bound:
                    break
                for after, spare_after, _runs in _run_sets(rest, starts, rank, spare, self.code):
                    value, thrown = self.min_after_drop(
                        after, spare_after, allowed, bound - points, memo
                    )
                    value += points
                    if value < best:
                        best, slots = value, thrown
                        bound = best if best < limit else limit
                    elif value == best:
                        slots |= thrown
        memo[key] = (best, slots, limit)
        return best, slots

    def wilds_needed(self, rem: int, limit: int) -> int:
        """Fewest wilds that meld every natural in ``rem`` (``INF`` if more than ``limit``)."""
        if not rem:
            return 0
        found = self.needed.get(rem)
        if found is not None:
            if found >= 0:
                return found
            if -found > limit:  # known to need more than this limit
                return INF
        best = INF
        for _points, _book, _runs, after, spare in _choices(rem, limit, True, self.code):
            used = limit - spare
            if used >= best:
                continue
            rest = self.wilds_needed(after, spare)
            if used + rest < best:
                best = used + rest
                if best == 0:
                    break
        # Exact when within the limit; otherwise remember only "needs more than limit".
        self.needed[rem] = best if best <= limit else -(limit + 1)
        return best if best <= limit else INF

    def loose(self, rem: int, wilds: int) -> tuple[int, int]:
        """The naturals one best arrangement leaves in hand (packed), and its unused wilds.

        A card left loose by a best arrangement can go at exactly its rank's cost: without
        it, that arrangement leaves its rank fewer points, and no arrangement can leave
        fewer (put the card back loose in it). An unused wild can go at no cost.
        """
        left = 0
        self.min_leftover(rem, wilds)
        while rem:
            _points, books, runs, after, spare = self.best_choice[rem << 5 | wilds]
            shift = (((rem & -rem).bit_length() - 1) // BLOCK) * BLOCK
            block = (rem >> shift) & _RANK_MASK
            for suit, _taken in runs:
                block -= 1 << (2 * suit)
            if not books:
                left |= block << shift
            elif self.distinct:  # copies beyond one a book stay in hand
                for suit in range(5):
                    extra = ((block >> (2 * suit)) & 3) - books
                    if extra > 0:
                        left |= extra << (shift + 2 * suit)
            rem, wilds = after, spare
        return left, wilds

    def path(self, rem: int, wilds: int) -> list[tuple[int, int, int, Runs]]:
        """One optimal sequence of choices: (rank, cards left at that rank, books, runs)."""
        steps = []
        self.min_leftover(rem, wilds)
        while rem:
            _points, book, runs, after, spare = self.best_choice[rem << 5 | wilds]
            rank_index = ((rem & -rem).bit_length() - 1) // BLOCK
            block = (rem >> (rank_index * BLOCK)) & _RANK_MASK
            for suit, _taken in runs:
                block -= 1 << (2 * suit)
            steps.append((rank_index + _MIN_RANK, block, book, runs))
            rem, wilds = after, spare
        return steps
