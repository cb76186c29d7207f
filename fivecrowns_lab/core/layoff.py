"""The lay-off variant: on a final turn, cards may be added to melds already on the table.

The rule
--------
Cards may be added to a table meld when the meld with the added cards is still a
valid book or run under the round's rules. A meld is read in whichever way suits
the player laying off: ``4♥ JK JK`` can take ``5♥`` (a run) or ``4♠`` (a book);
once it holds ``4♥ 5♥`` it is a run. The wilds already in a meld may stand for
whatever makes it valid.

So a table meld is modelled as its *naturals* and its *number of wilds*, and it is
valid when it has at least three cards and is either a book (naturals of one rank;
of different suits under ``books_distinct_suits``) or a run (naturals of one suit,
no rank twice, whose span fits in its length, at most eleven). An all-wild meld can
become any book or run; ``no_all_wild_melds`` forbids it staying all-wild.

The search
----------
The table melds are taken one at a time; for each, the search chooses which hand
cards join it (a state is the meld's index and the cards left, memoised), and when
every meld is done it scores the cards kept with the solver's :func:`penalty`. Two
dominance rules keep it small: a wild joins a book only to be dumped (a book already
has three cards), and a run takes only the fewest wilds that bridge its gaps. Spare
wilds the kept hand cannot meld are dumped onto any meld with room at the end (a book
takes any number). Wilds laid off are the costly ones first (jokers).

The search starts from a greedy answer (lay off the cards the player's own best melds
leave over), improves it a card or two at a time, and then searches. It stops at a lower
bound (the points of cards that can neither be laid off nor meld) or at a fixed number
of nodes (``budget``), so it is reproducible and never slow: about 0.1 s of one core at
13 cards. :attr:`LayoffResult.exact` says whether the answer is proven best.

>>> from fivecrowns_lab.core.melds import make_run
>>> from fivecrowns_lab.core.cards import parse_cards
>>> table = [make_run(parse_cards("5H 6H 7H"), 1)]
>>> result = best_with_layoff(parse_cards("8H 9C KS"), 1, table)
>>> [str(c) for c in result.cards_laid_off], result.arrangement.penalty, result.exact
(['8♥'], 22, True)
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import FiveCrownsError, quote
from .arrangement import Arrangement
from .cards import Card, Hand, Suit
from .melds import Meld, make_book, make_run
from .rules import MAX_RUN, MIN_MELD, RoundRules, card_points, is_wild, round_rules
from .solver import best_arrangement, penalty

__all__ = ["DEFAULT_BUDGET", "LayoffResult", "best_with_layoff", "meld_takes"]

#: Search nodes allowed per final turn. A state visited is one node and a kept hand scored
#: by the solver is ``_SCORE_NODES`` more (it costs about that many visits). 8,000 nodes
#: are about 0.1 s of one core at 13 cards (measured by ``benchmarks/layoff.py``).
DEFAULT_BUDGET = 8000
_SCORE_NODES = 8
#: Run subsets examined per node (a node costs about as much as this many).
_SUBSETS_PER_NODE = 8
_INF = 1 << 30


@dataclass(frozen=True)
class LayoffResult:
    """The best final turn found with lay-offs.

    ``laid_off`` pairs each added card with the index of the table meld it joined;
    ``table`` is the table melds after the additions, ``arrangement`` the player's own
    melds and leftover. ``exact`` is True when the search finished within its budget,
    so no lay-off leaves fewer points; ``nodes`` is the work it did.
    """

    arrangement: Arrangement
    laid_off: tuple[tuple[Card, int], ...]
    table: tuple[Meld, ...]
    exact: bool = True
    nodes: int = 0

    @property
    def cards_laid_off(self) -> tuple[Card, ...]:
        """Just the cards added to the table."""
        return tuple(card for card, _ in self.laid_off)


def meld_takes(naturals: Sequence[Card], wilds: int, rules: RoundRules | int) -> bool:
    """True when ``naturals`` with ``wilds`` wild cards are a valid book or run (the lay-off rule).

    >>> from fivecrowns_lab.core.cards import parse_cards
    >>> meld_takes(parse_cards("4H 5H"), 2, 1), meld_takes(parse_cards("4H 4S"), 2, 1)
    (True, True)
    >>> meld_takes(parse_cards("4H 5H 4S"), 1, 1)
    False
    """
    rules = round_rules(rules)
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


def _solver_rules(rules: RoundRules) -> RoundRules:
    """What the solver and the meld builders are given: the round's rules."""
    return rules


# -- the table melds as the search sees them ----------------------------------------------------


@dataclass(frozen=True)
class _Pile:
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
    def size(self) -> int:
        return len(self.naturals) + self.wilds


def _pile(meld: Meld, rules: RoundRules) -> _Pile:
    naturals = tuple(c for c in meld.cards if not is_wild(c, rules))
    wilds = len(meld.cards) - len(naturals)
    if not naturals:
        return _Pile(naturals, wilds, None, None, any_reading=True)
    ranks = {c.rank for c in naturals}
    suits = {c.suit for c in naturals}
    book = None
    if len(ranks) == 1 and (not rules.books_distinct_suits or len(suits) == len(naturals)):
        book = naturals[0].rank
    run = None
    span = max(ranks) - min(ranks) + 1
    if len(suits) == 1 and len(ranks) == len(naturals) and span <= len(meld) <= MAX_RUN:
        run = naturals[0].suit
    return _Pile(naturals, wilds, book, run)


def _suit_order(suit: Suit) -> int:
    return suit.index


def _room(naturals: Sequence[Card], wilds: int, rules: RoundRules, cap: int) -> int:
    """How many more wilds the meld can take (``cap`` standing for any number)."""
    size = len(naturals) + wilds
    if not naturals:
        return cap if not rules.no_all_wild_melds else 0
    ranks = {c.rank for c in naturals}
    if len(ranks) == 1 and (
        not rules.books_distinct_suits or len({c.suit for c in naturals}) == len(naturals)
    ):
        return cap  # a book takes any number of wilds
    return max(0, MAX_RUN - size)


# -- the search --------------------------------------------------------------------------------

# An option for one pile: ((card type, count) pairs of naturals added, wilds added).
_Option = tuple[tuple[tuple[int, int], ...], int]


class _Search:
    """Memoised search over the piles; the hand is card-type counts plus a wild count."""

    def __init__(
        self, hand: Sequence[Card], rules: RoundRules, piles: list[_Pile], budget: int
    ) -> None:
        self.rules = rules
        self.piles = piles
        self.budget = budget
        self.nodes = 0
        self.exhausted = False
        wilds = [c for c in hand if is_wild(c, rules)]
        # Costly wilds first: the search lays off wilds from the front, so it keeps the cheap ones.
        self.wild_cards = sorted(wilds, key=lambda c: -card_points(c, rules))
        counts = Counter(c for c in hand if not is_wild(c, rules))
        self.types = sorted(counts, key=lambda c: c.sort_key)
        self.start = tuple(counts[c] for c in self.types)
        self.memo: dict[tuple[int, tuple[int, ...], int, int], int] = {}
        self.choice: dict[tuple[int, tuple[int, ...], int, int], _Option] = {}
        self.scores: dict[tuple[tuple[int, ...], int, int], int] = {}
        self.rooms: dict[tuple[int, _Option], int] = {}
        self.candidates = [self._candidates(p) for p in piles]
        self.best = _INF
        self.best_path: list[_Option] = []
        self.floor = 0

    # -- options -------------------------------------------------------------------------------
    def _candidates(self, pile: _Pile) -> tuple[int, ...]:
        """The card types that could join ``pile`` in some reading."""
        taken_suits = {c.suit for c in pile.naturals}
        taken_ranks = {c.rank for c in pile.naturals}
        distinct = self.rules.books_distinct_suits
        return tuple(
            t
            for t, card in enumerate(self.types)
            if pile.any_reading
            or (pile.book_rank == card.rank and not (distinct and card.suit in taken_suits))
            or (pile.run_suit == card.suit and card.rank not in taken_ranks)
        )

    def options(self, i: int, counts: tuple[int, ...], wilds_left: int) -> list[_Option]:
        """Every way to grow pile ``i`` from this hand, most points laid off first."""
        pile = self.piles[i]
        here = [t for t in self.candidates[i] if counts[t]]
        if not here:
            return [((), 0)]
        types = self.types
        found: dict[_Option, int] = {((), 0): 0}
        if pile.any_reading:
            books = sorted({types[t].rank for t in here})
            runs = sorted({s for t in here if (s := types[t].suit) is not None}, key=_suit_order)
        else:
            books = [] if pile.book_rank is None else [pile.book_rank]
            runs = [] if pile.run_suit is None else [pile.run_suit]
        taken = {c.suit for c in pile.naturals}
        for rank in books:
            same = [t for t in here if types[t].rank == rank]
            if self.rules.books_distinct_suits:
                same = [t for t in same if types[t].suit not in taken]
                limits = [1] * len(same)
            else:
                limits = [counts[t] for t in same]
            for takes in itertools.product(*(range(n + 1) for n in limits)):
                added = tuple((t, k) for t, k in zip(same, takes, strict=True) if k)
                if added:
                    found[(added, 0)] = sum(types[t].rank * k for t, k in added)
        for suit in runs:
            self._run_options(pile, [t for t in here if types[t].suit == suit], wilds_left, found)
        return sorted(found, key=lambda o: (-found[o], o[1]))

    def _run_options(
        self, pile: _Pile, same: list[int], wilds_left: int, found: dict[_Option, int]
    ) -> None:
        types = self.types
        ranks = [c.rank for c in pile.naturals]
        same = [t for t in same if types[t].rank not in ranks]  # a run holds no rank twice
        base = pile.size
        examined = 0
        for n in range(1, len(same) + 1):
            for subset in itertools.combinations(same, n):
                examined += 1
                added = [types[t].rank for t in subset]
                every = ranks + added
                lo, hi = min(every), max(every)
                size = base + n
                need = max(0, hi - lo + 1 - size)
                if need > wilds_left or size + need > MAX_RUN:
                    continue
                option = (tuple((t, 1) for t in subset), need)
                found.setdefault(option, sum(added))
        self.tick(examined // _SUBSETS_PER_NODE)

    # -- values --------------------------------------------------------------------------------
    def tick(self, weight: int = 1) -> None:
        self.nodes += weight
        if self.nodes > self.budget:
            self.exhausted = True
            raise _Stop

    def kept(self, counts: tuple[int, ...], wilds_left: int) -> list[Card]:
        """The cards kept: the naturals counted, and the cheapest ``wilds_left`` wilds."""
        hand = [c for c, n in zip(self.types, counts, strict=True) for _ in range(n)]
        return hand + self.wild_cards[len(self.wild_cards) - wilds_left :]

    def score(
        self, counts: tuple[int, ...], wilds_left: int, room: int, charge: bool = True
    ) -> int:
        """Points of the kept hand, after dumping the wilds it cannot meld (``room`` of them)."""
        key = (counts, wilds_left, room)
        found = self.scores.get(key)
        if found is not None:
            return found
        if charge:
            self.tick(_SCORE_NODES)
        cards = self.kept(counts, wilds_left)
        value = penalty(cards, _solver_rules(self.rules)) if cards else 0
        if wilds_left and room and value == sum(card_points(c, self.rules) for c in cards):
            # Nothing melds: the dearest spare wilds go onto the table instead.
            value -= sum(card_points(c, self.rules) for c in self.dumped(wilds_left, room))
        self.scores[key] = value
        return value

    def dumped(self, wilds_left: int, room: int) -> list[Card]:
        """The kept wilds dumped onto the table when nothing melds: the dearest first."""
        spare = self.wild_cards[len(self.wild_cards) - wilds_left :]
        return spare[:room]

    def step(
        self, i: int, counts: tuple[int, ...], wilds_left: int, room: int, option: _Option
    ) -> tuple[tuple[int, ...], int, int]:
        """The state after pile ``i`` takes ``option``: cards left, wilds left, room."""
        added, wilds = option
        left = list(counts)
        for t, k in added:
            left[t] -= k
        total = len(self.wild_cards)
        more = self.rooms.get((i, option))
        if more is None:
            pile = self.piles[i]
            naturals = [*pile.naturals, *(self.types[t] for t, k in added for _ in range(k))]
            more = self.rooms[(i, option)] = _room(naturals, pile.wilds + wilds, self.rules, total)
        return tuple(left), wilds_left - wilds, min(total, room + more)

    def offer(self, value: int, path: list[_Option]) -> None:
        """A complete answer: keep it if it is the best so far; stop at the lower bound."""
        if value < self.best:
            self.best, self.best_path = value, list(path)
        if self.best <= self.floor:
            raise _Stop

    def suffix(self, i: int, state: tuple[tuple[int, ...], int, int]) -> list[_Option]:
        """The best options from pile ``i`` on, for a state whose value is known exactly."""
        options = []
        counts, wilds_left, room = state
        for j in range(i, len(self.piles)):
            option = self.choice[(j, counts, wilds_left, room)]
            options.append(option)
            counts, wilds_left, room = self.step(j, counts, wilds_left, room, option)
        return options

    def value(
        self, i: int, counts: tuple[int, ...], wilds_left: int, room: int, path: list[_Option]
    ) -> int:
        """The fewest points reachable from here (exact; raises :class:`_Stop` to stop)."""
        self.tick()
        if i == len(self.piles):
            value = self.score(counts, wilds_left, room)
            self.offer(value, path)
            return value
        key = (i, counts, wilds_left, room)
        found = self.memo.get(key)
        if found is not None:
            if found < self.best:
                self.offer(found, path + self.suffix(i, (counts, wilds_left, room)))
            return found
        best = _INF
        for option in self.options(i, counts, wilds_left):
            state = self.step(i, counts, wilds_left, room, option)
            path.append(option)
            value = self.value(i + 1, *state, path)
            path.pop()
            if value < best:
                best = value
                self.choice[key] = option
        self.memo[key] = best
        return best

    def path_value(self, path: list[_Option], charge: bool = True) -> int:
        """The points a complete list of options leaves (``charge``: count it as work)."""
        counts, wilds_left, room = self.start, len(self.wild_cards), 0
        for i, option in enumerate(path):
            counts, wilds_left, room = self.step(i, counts, wilds_left, room, option)
        return self.score(counts, wilds_left, room, charge)


class _Stop(Exception):
    """The search is over: the budget ran out or the lower bound was reached."""


def _dead_points(search: _Search) -> int:
    """A lower bound: points of naturals that can neither be laid off nor meld in the hand."""
    rules = search.rules
    laid = {t for found in search.candidates for t in found}
    wilds = len(search.wild_cards)
    types, counts = search.types, search.start
    total = 0
    for t, card in enumerate(types):
        if t in laid or wilds >= 2:
            continue
        same_rank = [u for u, other in enumerate(types) if other.rank == card.rank]
        if rules.books_distinct_suits:
            mates = len(same_rank) - 1
        else:
            mates = sum(counts[u] for u in same_rank) - 1
        if mates + wilds >= 2:
            continue
        near = {o.rank for o in types if o.suit == card.suit and 0 < abs(o.rank - card.rank) <= 2}
        if wilds == 1 and near:
            continue
        if any(
            {card.rank + a, card.rank + a + 1, card.rank + a + 2} - {card.rank} <= near
            for a in (-2, -1, 0)
        ):
            continue
        total += counts[t] * card_points(card, rules)
    return total


def _greedy(search: _Search, hand: Sequence[Card]) -> list[_Option]:
    """A first answer: lay off each card the player's own best melds leave over, dearest first."""
    rules = search.rules
    leftover = best_arrangement(hand, _solver_rules(rules)).leftover
    naturals = [list(p.naturals) for p in search.piles]
    added: list[Counter[int]] = [Counter() for _ in search.piles]
    index = {card: t for t, card in enumerate(search.types)}
    for card in sorted(leftover, key=lambda c: -card_points(c, rules)):
        if is_wild(card, rules):
            continue  # spare wilds are dumped at the end
        for i, pile in enumerate(search.piles):
            if meld_takes([*naturals[i], card], pile.wilds, rules):
                naturals[i].append(card)
                added[i][index[card]] += 1
                break
    return [(tuple(sorted(a.items())), 0) for a in added]


def _climb(search: _Search) -> None:
    """Improve the best answer a card or two at a time.

    Each step lays off the single card or the pair of cards (two ranks a run needs, or two
    cards that only help once both are gone) that leaves the fewest points; a single card
    that leaves no more points than now is laid off too (it can open the way for the next).
    """
    rules = search.rules
    path, current = search.best_path, search.best
    while True:
        used: Counter[int] = Counter()
        for added, _wilds in path:
            for t, k in added:
                used[t] += k
        better: list[_Option] | None = None
        value = current
        for i, pile in enumerate(search.piles):
            added, wilds = path[i]
            naturals = [*pile.naturals, *(search.types[t] for t, k in added for _ in range(k))]
            free = [t for t in search.candidates[i] if used[t] < search.start[t]]
            fits = {
                t
                for t in free
                if meld_takes([*naturals, search.types[t]], pile.wilds + wilds, rules)
            }
            moves: list[tuple[int, ...]] = [(t,) for t in free if t in fits]
            moves += [
                pair
                for pair in itertools.combinations(free, 2)
                if meld_takes(
                    [*naturals, *(search.types[t] for t in pair)], pile.wilds + wilds, rules
                )
            ]
            for move in moves:
                grown = Counter(dict(added))
                grown.update(move)
                trial = [*path[:i], (tuple(sorted(grown.items())), wilds), *path[i + 1 :]]
                points = search.path_value(trial)
                if points < value or (better is None and points == value and len(move) == 1):
                    better, value = trial, points
        if better is None:
            return
        path, current = better, value
        search.offer(current, path)


def _check_budget(budget: object) -> int:
    if isinstance(budget, bool) or not isinstance(budget, int) or budget < 0:
        raise FiveCrownsError(
            f"The lay-off search's budget is a whole number of nodes (0 or more), "
            f"not {quote(budget)}."
        )
    return budget


def best_with_layoff(
    cards: Sequence[Card],
    rules: RoundRules | int,
    table: Sequence[Meld],
    *,
    budget: int = DEFAULT_BUDGET,
) -> LayoffResult:
    """The final turn that leaves the fewest points when cards may join ``table`` melds.

    Exact when the search finishes within ``budget`` nodes (``result.exact``); beyond
    it, the best answer found, never worse than laying off only the cards the
    player's own best melds leave over.
    """
    rules = round_rules(rules)
    budget = _check_budget(budget)
    hand = Hand(sorted(cards, key=lambda c: c.sort_key))
    search = _Search(hand, rules, [_pile(m, rules) for m in table], budget)
    exact = True
    try:
        search.floor = _dead_points(search)
        greedy = _greedy(search, hand)
        search.offer(search.path_value(greedy, charge=False), greedy)  # always found
        _climb(search)
        search.value(0, search.start, len(search.wild_cards), 0, [])
    except _Stop:
        exact = not search.exhausted
    return _result(search, list(table), exact)


def _result(search: _Search, table: list[Meld], exact: bool) -> LayoffResult:
    """Play the best options found: grow the table melds and arrange the cards kept."""
    rules = search.rules
    engine = _solver_rules(rules)
    counts, wilds_left, room = search.start, len(search.wild_cards), 0
    additions: list[list[Card]] = [[] for _ in table]
    spare = list(search.wild_cards)  # the dearest first: laid off in that order
    for i, option in enumerate(search.best_path):
        added, wilds = option
        additions[i] += [search.types[t] for t, k in added for _ in range(k)]
        additions[i] += spare[:wilds]
        del spare[:wilds]
        counts, wilds_left, room = search.step(i, counts, wilds_left, room, option)
    kept = search.kept(counts, wilds_left)
    arrangement = best_arrangement(kept, engine)
    dump = [c for c in arrangement.leftover if is_wild(c, rules)]
    dump.sort(key=lambda c: -card_points(c, rules))
    if dump and not arrangement.melds:
        dump = dump[:room]
        for card in dump:
            for i, pile in enumerate(search.piles):
                naturals = [*pile.naturals, *(c for c in additions[i] if not is_wild(c, rules))]
                wilds = pile.wilds + sum(1 for c in additions[i] if is_wild(c, rules))
                if _room(naturals, wilds, rules, 1):
                    additions[i].append(card)
                    break
        rest = Counter(kept)
        rest.subtract(dump)
        arrangement = best_arrangement(list(rest.elements()), engine)
    laid: list[tuple[Card, int]] = []
    for i, cards in enumerate(additions):
        if cards:
            table[i] = _grow(table[i], cards, rules)
            laid += [(card, i) for card in cards]
    return LayoffResult(arrangement, tuple(laid), tuple(table), exact, search.nodes)


def _grow(meld: Meld, cards: list[Card], rules: RoundRules) -> Meld:
    """The table meld with ``cards`` added, read as the book or run it now is."""
    engine = _solver_rules(rules)
    every = [*meld.cards, *cards]
    naturals = [c for c in every if not is_wild(c, rules)]
    ranks = {c.rank for c in naturals}
    distinct = len({c.suit for c in naturals}) == len(naturals)
    if not naturals:
        if meld.kind == "book":
            return make_book(every, engine, meld.ranks[0])
        return make_run(every, engine, meld.suit, start=meld.ranks[0])
    if len(ranks) == 1 and (not rules.books_distinct_suits or distinct):
        return make_book(every, engine)
    return make_run(every, engine, naturals[0].suit, start=meld.ranks[0])
