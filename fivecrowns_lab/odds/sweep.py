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
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from ..core.cards import Card
from ..core.rules import RoundRules, hand_size, is_wild, round_rules
from ..errors import ProbabilityError
from ..i18n import gettext as _
from .sweep_moves import (
    DECK,
    INF,
    MAX_RUNS,
    NATURAL_RANKS,
    RANKS,
    SUITS,
    WILDS,
    Column,
    Frontier,
    Joint,
    canonical,
    joint_moves,
    next_columns,
    owed,
    prune,
)

__all__ = ["MAX_RUNS", "SweepCounts", "goes_out", "sweep_round"]


class _Sweep:
    """The frontiers of one round, numbered, with their moves memoised."""

    def __init__(self, rules: RoundRules, rename_suits: bool = True) -> None:
        self.rename_suits = rename_suits
        self.n = rules.hand_size
        self.wild = rules.wild_rank
        # What a book and a run need, from the round's meld model.
        self.least = (rules.meld.book_least, rules.meld.run_least)
        self.run_least = rules.meld.run_least
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
            next_columns([tuple(joint[suit] for joint, _ in frontier) for suit in range(SUITS)])
        )
        self.needed.append(min(cost + owed(joint, self.run_least) for joint, cost in frontier))
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
            moves, rename = joint_moves(joint, column, self.least)
            for states, extra in moves:
                # What closing the open runs owes does not depend on the suits' order.
                if extra + owed(states, self.run_least) > room:
                    break
                after = rename(states) if rename else states
                if spent + extra < out.get(after, INF):
                    out[after] = spent + extra
        if not out:
            found = -1
        elif self.rename_suits:
            found = self.intern(canonical(out, self.run_least))
        else:
            found = self.intern(tuple(sorted(prune(out, self.run_least))))
        self.steps[key] = found
        return found


@dataclass(frozen=True)
class SweepCounts:
    """What one sweep of a round found.

    ``needed[k][m]`` counts the ways to hold ``k`` naturals that need at least
    ``m`` wilds to meld them all (``m <= n - k``); ``hopeless[k]`` counts the ways
    to hold ``k`` naturals that no ``n - k`` wilds can meld. Each natural
    configuration is counted once, so ``sum(needed[k]) + hopeless[k] == C(100, k)``.
    ``all_wild`` is the round's meld model's: when False, a hand of wilds alone
    (``k == 0``) does not go out.
    """

    round_no: int
    needed: dict[int, dict[int, int]]
    hopeless: dict[int, int]
    frontiers: int
    all_wild: bool = True

    @property
    def hand_size(self) -> int:
        return hand_size(self.round_no)

    @property
    def deals(self) -> int:
        """All deals of the round, ``C(116, n)``."""
        return comb(DECK, self.hand_size)

    def hands_of_size(self) -> int:
        """The deals the sweep's weights add up to: should be ``C(116, n)``."""
        n = self.hand_size
        total = 0
        for k in range(n + 1):
            ways = sum(self.needed.get(k, {}).values()) + self.hopeless.get(k, 0)
            total += ways * comb(WILDS, n - k)
        return total

    @property
    def go_out(self) -> int:
        """Deals that can go out at once: ``k`` naturals needing ``m <= n - k`` wilds."""
        n = self.hand_size
        return sum(
            ways * comb(WILDS, n - k)
            for k, by_need in self.needed.items()
            for m, ways in by_need.items()
            if m <= n - k and (k > 0 or self.all_wild)
        )

    @property
    def go_out_probability(self) -> Fraction:
        return Fraction(self.go_out, self.deals)


def sweep_round(
    rules: RoundRules | int, progress: Callable[[], object] | None = None
) -> SweepCounts:
    """Sweep the ranks 3..K over all hands of the round at once (see the module docstring).

    ``rules`` is the round (its number: the standard game) with its meld model: the
    sweep follows its book and run sizes and whether wilds may meld alone.
    ``progress``, if given, is called once each rank is swept (eleven times).
    """
    rules = _sweepable(rules)
    sweep = _Sweep(rules)
    n = sweep.n
    start = sweep.intern(((((),) * SUITS, 0),))
    layer: dict[tuple[int, int], int] = {(start, 0): 1}
    hopeless: dict[int, int] = defaultdict(int)
    empty: Column = (0,) * SUITS
    left = NATURAL_RANKS  # natural ranks not swept yet
    for rank in RANKS:
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
                    cells = 2 * SUITS * left
                    for more in range(n - held + 1):
                        hopeless[held + more] += weight * ways * comb(cells, more)
        layer = nxt
        if progress is not None:
            progress()
    needed: dict[int, dict[int, int]] = defaultdict(lambda: defaultdict(int))
    for (number, k), weight in layer.items():
        needed[k][sweep.needed[number]] += weight
    return SweepCounts(
        rules.round_no,
        {k: dict(sorted(v.items())) for k, v in sorted(needed.items())},
        dict(sorted(hopeless.items())),
        len(sweep.frontiers),
        rules.meld.all_wild,
    )


def _sweepable(rules: RoundRules | int) -> RoundRules:
    """The round's rules, if the sweep can count under their meld model.

    The sweep sends any copies of a rank to its book, so books in different suits are
    beyond it (the enumeration in :mod:`.counting` counts them).
    """
    rules = round_rules(rules)
    if rules.meld.distinct_suits:
        raise ProbabilityError(
            _(
                "The rank sweep cannot count under {variants}: it lets a book hold two "
                "cards of one suit; count the hands one by one instead (count_round)."
            ).format(variants=", ".join(_(name) for name in rules.variant_names()))
        )
    return rules


def goes_out(cards: Iterable[Card], rules: RoundRules | int) -> bool:
    """Whether one hand goes out, decided by the sweep's own moves (the tests compare it
    with :func:`~fivecrowns_lab.core.solver.can_go_out`).

    >>> from fivecrowns_lab.core.cards import parse_cards
    >>> goes_out(parse_cards("4H 5H JK"), 1), goes_out(parse_cards("4H 6S JK"), 1)
    (True, False)
    """
    rules = _sweepable(rules)
    held: dict[tuple[int, int], int] = defaultdict(int)
    wilds = 0
    for card in cards:
        if is_wild(card, rules):
            wilds += 1
        else:
            assert card.suit is not None
            held[card.rank, card.suit.index] += 1
    if not held:  # wilds alone: as many as the model lets meld alone, or none at all
        return wilds == 0 or wilds >= rules.meld.wild_meld_least
    sweep = _Sweep(rules, rename_suits=False)
    number = sweep.intern(((((),) * SUITS, 0),))
    # The budget at each rank is the hand's wilds plus the naturals still to come (as in
    # the sweep, where it is the hand size less the naturals so far).
    later = sum(held.values())
    for rank in RANKS:
        column = tuple(held[rank, suit] for suit in range(SUITS))
        later -= sum(column)
        number = sweep.step(number, column, wilds + later)
        if number < 0:
            return False
    return sweep.needed[number] <= wilds
