"""Exact counting over dealt hands: wild cards, going out on the deal, penalties.

Glossary
--------
deal
    The ``n`` cards a player is dealt in a round, as a set of positions in the
    shuffled deck: there are ``C(116, n)`` deals, all equally likely.
natural
    A card that is not wild in the round (the deck holds 100 in every round).
canonical hand
    One hand standing for all the hands that differ from it only by renaming the
    suits. Suits play no role in the rules except that a run keeps to one suit, so
    all those hands go out, or score, alike.
ways
    How many deals a canonical hand stands for.

How the exact counts are made
-----------------------------
A hand's naturals form a 5 x 10 table: one row per suit, one column per natural
rank, each entry 0, 1 or 2 (every card exists twice). Renaming suits permutes the
rows, so one canonical hand is a *multiset* of five rows, listed in a fixed order.
It stands for ``5! / (product of repeat counts!)`` row orders; an entry of 1 can
be either of the two copies (a factor 2), and the ``k`` wilds can be any ``k`` of
the deck's 16 (``C(16, k)``). Summing these ways over all canonical hands gives
back ``C(116, n)``, which the tests check.

>>> sum(hand.ways for hand in canonical_hands(1)) == comb(116, 3)
True
>>> wild_count_distribution(1)[3]
Fraction(28, 12673)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import product
from math import comb, factorial

from ..core.cards import DECK, JOKER, RANKS, SUITS, Card
from ..core.rules import (
    JOKER_POINTS,
    WILD_POINTS,
    RoundRules,
    hand_size,
    round_rules,
    wild_rank,
)
from ..core.solver import can_go_out, going_out_discards, penalty
from ..errors import ProbabilityError, quote
from ..i18n import gettext as _

__all__ = [
    "DECK_SIZE",
    "WILDS_IN_DECK",
    "CanonicalHand",
    "ExactCounts",
    "WildCase",
    "canonical_hands",
    "count_round",
    "first_turn_outs",
    "go_out_by_wilds",
    "wild_count_distribution",
]

#: Cards in the deck.
DECK_SIZE = len(DECK)
#: Wild cards in every round: 6 jokers and the 10 cards of the round's wild rank.
WILDS_IN_DECK = 16
_JOKERS = 6
_WILD_RANK_CARDS = WILDS_IN_DECK - _JOKERS
_N_SUITS = len(SUITS)


def wild_count_distribution(round_no: int) -> dict[int, Fraction]:
    """The exact chance of holding each number of wilds in a dealt hand.

    This is the hypergeometric distribution: of the 116 cards, 16 are wild, and a
    hand of ``n`` cards holds ``k`` of them in ``C(16, k) * C(100, n - k)`` of the
    ``C(116, n)`` equally likely deals.

    >>> dist = wild_count_distribution(11)
    >>> sum(dist.values())
    Fraction(1, 1)
    >>> round(float(dist[0]), 4), max(dist, key=dist.__getitem__)
    (0.1292, 2)
    """
    n = hand_size(round_no)
    total = comb(DECK_SIZE, n)
    naturals = DECK_SIZE - WILDS_IN_DECK
    return {
        k: Fraction(comb(WILDS_IN_DECK, k) * comb(naturals, n - k), total) for k in range(n + 1)
    }


# -- canonical hands --------------------------------------------------------------------------


@dataclass(frozen=True)
class CanonicalHand:
    """A hand standing for every hand that differs only by the names of the suits.

    ``naturals`` are its non-wild cards (suits renamed to a fixed order),
    ``wilds`` how many wild cards it holds, and ``ways`` how many of the
    ``C(116, n)`` deals it stands for.
    """

    naturals: tuple[Card, ...]
    wilds: int
    ways: int
    round_no: int

    def cards(self, jokers: int | None = None) -> tuple[Card, ...]:
        """The hand as cards: its naturals and its wilds, jokers first.

        ``jokers`` says how many of the wilds are jokers (default: as many as
        possible); the rest are cards of the round's wild rank.
        """
        n_jokers = min(self.wilds, _JOKERS) if jokers is None else jokers
        return self.naturals + _wild_cards(self.round_no, n_jokers, self.wilds - n_jokers)


@cache
def _wild_cards(round_no: int, jokers: int, others: int) -> tuple[Card, ...]:
    rank = wild_rank(round_no)
    suited = [Card(rank, suit) for suit in SUITS for _ in range(2)]
    return (JOKER,) * jokers + tuple(suited[:others])


@cache
def _rows(max_sum: int) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """Every suit row (copies of each natural rank) holding at most ``max_sum`` cards.

    Sorted by card count, largest first, so a search can stop early.
    """
    rows = [row for row in product(range(3), repeat=len(RANKS) - 1) if sum(row) <= max_sum]
    rows.sort(key=lambda row: (sum(row), row), reverse=True)
    return tuple(rows), tuple(sum(row) for row in rows)


def _row_choices(
    sums: tuple[int, ...], start: int, left: int, slots: int
) -> Iterator[tuple[int, ...]]:
    """Non-decreasing row indices (so each multiset once) whose counts add to ``left``."""
    if slots == 0:
        if left == 0:
            yield ()
        return
    for i in range(start, len(sums)):
        size = sums[i]
        if size > left:
            continue
        if size * slots < left:  # rows only get smaller from here
            break
        for rest in _row_choices(sums, i, left - size, slots - 1):
            yield (i, *rest)


def canonical_hands(round_no: int) -> Iterator[CanonicalHand]:
    """Every hand of the round, once per renaming of the suits, with its number of deals.

    >>> hands = list(canonical_hands(1))
    >>> len(hands), hands[-1].wilds, hands[-1].ways == comb(16, 3)
    (1101, 3, True)
    """
    n = hand_size(round_no)
    wild = wild_rank(round_no)
    ranks = [rank for rank in RANKS if rank != wild]
    rows, sums = _rows(n)
    cards = [[Card(rank, suit) for rank in ranks] for suit in SUITS]
    row_orders = factorial(_N_SUITS)
    for wilds in range(n + 1):
        wild_ways = comb(WILDS_IN_DECK, wilds)
        for chosen in _row_choices(sums, 0, n - wilds, _N_SUITS):
            naturals: list[Card] = []
            ways = row_orders * wild_ways
            repeat = 1
            for position, index in enumerate(chosen):
                if position and index == chosen[position - 1]:
                    repeat += 1
                    ways //= repeat
                else:
                    repeat = 1
                for column, copies in enumerate(rows[index]):
                    if copies:
                        naturals.extend([cards[position][column]] * copies)
                        if copies == 1:
                            ways *= 2
            yield CanonicalHand(tuple(naturals), wilds, ways, round_no)


# -- exact counts ------------------------------------------------------------------------------


@dataclass(frozen=True)
class ExactCounts:
    """Exact counts over every deal of one round.

    ``deals`` is ``C(116, n)``; ``go_out`` counts the deals that can go out at
    once; ``penalty_counts`` maps each penalty to its number of deals (if
    computed); ``first_turn`` counts (hand, face-up card, stock card) draws where
    the first player goes out on the first turn, out of ``first_turn_total``.
    """

    round_no: int
    deals: int
    canonical: int
    go_out: int
    penalty_counts: dict[int, int] | None = None
    first_turn: int | None = None
    first_turn_total: int | None = None

    @property
    def go_out_probability(self) -> Fraction:
        """Chance that a dealt hand can go out before drawing."""
        return Fraction(self.go_out, self.deals)

    @property
    def expected_penalty(self) -> Fraction | None:
        """Mean penalty of a dealt hand (None if penalties were not counted)."""
        if self.penalty_counts is None:
            return None
        total = sum(points * ways for points, ways in self.penalty_counts.items())
        return Fraction(total, self.deals)

    @property
    def first_turn_probability(self) -> Fraction | None:
        """Chance the first player goes out on the first turn (None if not counted)."""
        if self.first_turn is None or self.first_turn_total is None:
            return None
        return Fraction(self.first_turn, self.first_turn_total)


def _hand_penalties(hand: CanonicalHand, rules: RoundRules) -> Iterator[tuple[int, int]]:
    """(penalty, deals) for a canonical hand, split by how many of its wilds are jokers.

    Only wilds that no meld can use score their own points, so only then does the
    split between jokers (50) and wild-rank cards (20) matter. Whether they did is
    read off the solver's answer (wild points charged means every natural was left
    too), so no rule about when wilds score is repeated here.
    """
    k = hand.wilds
    if not k:
        yield penalty(hand.cards(), rules), hand.ways
        return
    base = penalty(hand.cards(jokers=0), rules)
    wild_points_charged = base >= k * WILD_POINTS and base - k * WILD_POINTS == sum(
        c.rank for c in hand.naturals
    )
    for jokers in range(max(0, k - _WILD_RANK_CARDS), min(k, _JOKERS) + 1):
        ways = hand.ways * comb(_JOKERS, jokers) * comb(_WILD_RANK_CARDS, k - jokers)
        ways //= comb(WILDS_IN_DECK, k)
        if wild_points_charged:
            yield base + jokers * (JOKER_POINTS - WILD_POINTS), ways
        else:
            yield base, ways


def first_turn_outs(hand: CanonicalHand, rules: RoundRules | None = None) -> int:
    """How many of the cards not in the hand would let it go out if drawn.

    A hand that can already go out counts every card (draw it, discard it).
    ``rules`` default to the standard rules of the hand's round.
    """
    rules = rules or round_rules(hand.round_no)
    n = len(hand.naturals) + hand.wilds
    unseen = DECK_SIZE - n
    cards = hand.cards()
    if can_go_out(cards, rules):
        return unseen
    outs = 0
    wild_card = _wild_cards(hand.round_no, 0, 1)[0]
    if hand.wilds < WILDS_IN_DECK and going_out_discards((*cards, wild_card), rules):
        outs += WILDS_IN_DECK - hand.wilds
    held: dict[Card, int] = {}
    for card in hand.naturals:
        held[card] = held.get(card, 0) + 1
    wild = wild_rank(hand.round_no)
    for suit in SUITS:
        for rank in RANKS:
            if rank == wild:
                continue
            card = Card(rank, suit)
            left = 2 - held.get(card, 0)
            if left and going_out_discards((*cards, card), rules):
                outs += left
    return outs


def count_round(
    rules: RoundRules | int, penalties: bool = False, first_turn: bool = False
) -> ExactCounts:
    """Count, over every deal of a round, the hands that go out (and optionally more).

    ``rules`` is the round's :class:`~fivecrowns_lab.core.rules.RoundRules` (or its
    number, for the standard game); both meld variants keep the suits' symmetry, so
    the canonical hands serve them too. ``penalties`` also counts each penalty;
    ``first_turn`` also counts how often the first player goes out on the first turn:
    they take the face-up card if it lets them go out, and otherwise draw from the
    stock (the best they can do).

    >>> counts = count_round(1)
    >>> counts.go_out, counts.deals
    (26720, 253460)
    """
    rules = round_rules(rules)
    round_no = rules.round_no
    n = rules.hand_size
    deals = comb(DECK_SIZE, n)
    unseen = DECK_SIZE - n
    go_out = canonical = 0
    penalty_counts: dict[int, int] = {}
    turn = 0
    for hand in canonical_hands(round_no):
        canonical += 1
        if can_go_out(hand.cards(), rules):
            go_out += hand.ways
        if penalties:
            for points, ways in _hand_penalties(hand, rules):
                penalty_counts[points] = penalty_counts.get(points, 0) + ways
        if first_turn:
            outs = first_turn_outs(hand, rules)
            # face-up card is an out, or it is not and the stock card is one
            turn += hand.ways * (outs * (unseen - 1) + (unseen - outs) * outs)
    return ExactCounts(
        round_no,
        deals,
        canonical,
        go_out,
        dict(sorted(penalty_counts.items())) if penalties else None,
        turn if first_turn else None,
        deals * unseen * (unseen - 1) if first_turn else None,
    )


#: The rounds whose go-out count :func:`go_out_by_wilds` splits by case (a few thousand
#: canonical hands at most, so a lesson can show them in well under a second).
CASE_ROUNDS = (1, 2)


@dataclass(frozen=True)
class WildCase:
    """The deals of a round that hold exactly ``wilds`` wild cards, and how many go out.

    ``deals`` is ``C(16, wilds) * C(100, n - wilds)``; ``go_out`` counts those that can
    go out on the deal; ``example_out`` and ``example_not`` are a hand of each kind
    (None when there is none).
    """

    wilds: int
    deals: int
    go_out: int
    canonical: int
    example_out: tuple[Card, ...] | None
    example_not: tuple[Card, ...] | None


def go_out_by_wilds(round_no: int) -> tuple[WildCase, ...]:
    """The go-out count of a small round, built up case by case: 0, 1, 2, ... wilds.

    The cases' deals add up to ``C(116, n)`` and their go-out counts to the round's
    total (:func:`count_round`).

    >>> cases = go_out_by_wilds(1)
    >>> [(c.wilds, c.deals, c.go_out) for c in cases]
    [(0, 161700, 1520), (1, 79200, 12640), (2, 12000, 12000), (3, 560, 560)]
    >>> sum(c.go_out for c in cases), sum(c.deals for c in cases)
    (26720, 253460)
    """
    if type(round_no) is not int or round_no not in CASE_ROUNDS:
        raise ProbabilityError(
            _(
                "Going out is split by the number of wilds only for rounds {rounds}, not {value}."
            ).format(rounds=", ".join(map(str, CASE_ROUNDS)), value=quote(round_no))
        )
    n = hand_size(round_no)
    cases = []
    for k in range(n + 1):
        deals = go_out = canonical = 0
        example_out: tuple[Card, ...] | None = None
        example_not: tuple[Card, ...] | None = None
        for hand in canonical_hands(round_no):
            if hand.wilds != k:
                continue
            canonical += 1
            deals += hand.ways
            cards = hand.cards()
            if can_go_out(cards, round_no):
                go_out += hand.ways
                example_out = example_out or cards
            else:
                example_not = example_not or cards
        cases.append(WildCase(k, deals, go_out, canonical, example_out, example_not))
    return tuple(cases)
