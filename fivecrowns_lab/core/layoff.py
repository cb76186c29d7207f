"""The lay-off variant: on a final turn, cards may be added to melds already on the table.

A book takes any card of its rank and any wild; a run takes the card just below
or just above it in its suit, or a wild at either end, up to eleven cards. The
search below tries every sequence of such additions (memoised on the cards left
and the shapes of the table melds) and keeps the one whose remaining hand leaves
the fewest points after its own best melds, so the result is exact.

>>> from fivecrowns_lab.core.melds import make_run
>>> from fivecrowns_lab.core.cards import parse_cards
>>> table = [make_run(parse_cards("5H 6H 7H"), 1)]
>>> result = best_with_layoff(parse_cards("8H 9C KS"), 1, table)
>>> [str(c) for c in result.cards_laid_off], result.arrangement.penalty
(['8♥'], 22)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import Card, Hand
from .melds import Meld, make_book, make_run
from .rules import MAX_RUN, RoundRules, is_wild, round_rules, run_fits
from .solver import Arrangement, best_arrangement, penalty

__all__ = ["LayoffResult", "best_with_layoff"]

# A table meld's shape: ("book", rank, 0, 0) or ("run", suit index, low, high).
_Shape = tuple[str, int, int, int]


@dataclass(frozen=True)
class LayoffResult:
    """The best final turn with lay-offs.

    ``laid_off`` pairs each added card with the index of the table meld it joined;
    ``table`` is the table melds after the additions, ``arrangement`` the player's own
    melds and leftover.
    """

    arrangement: Arrangement
    laid_off: tuple[tuple[Card, int], ...]
    table: tuple[Meld, ...]

    @property
    def cards_laid_off(self) -> tuple[Card, ...]:
        """Just the cards added to the table."""
        return tuple(card for card, _ in self.laid_off)


def _shape(meld: Meld) -> _Shape:
    if meld.kind == "book":
        return ("book", meld.ranks[0], 0, 0)
    assert meld.suit is not None
    return ("run", meld.suit.index, meld.ranks[0], meld.ranks[-1])


def _moves(card: Card, shapes: tuple[_Shape, ...], round_no: int) -> list[tuple[int, _Shape]]:
    """Where one card could join: (meld index, the meld's new shape)."""
    wild = is_wild(card, round_no)
    found: list[tuple[int, _Shape]] = []
    book_done = False
    for i, (kind, key, low, high) in enumerate(shapes):
        if kind == "book":
            if (wild and not book_done) or (not wild and card.rank == key):
                found.append((i, (kind, key, low, high)))
                book_done = book_done or wild  # one book is as good as another for a wild
            continue
        if high - low + 1 >= MAX_RUN:
            continue
        if wild:
            if run_fits(low, high + 1):
                found.append((i, (kind, key, low, high + 1)))
            if run_fits(low - 1, high):
                found.append((i, (kind, key, low - 1, high)))
        elif card.suit is not None and card.suit.index == key:
            if card.rank == high + 1:
                found.append((i, (kind, key, low, high + 1)))
            elif card.rank == low - 1:
                found.append((i, (kind, key, low - 1, high)))
    return found


class _Search:
    def __init__(self, round_no: int) -> None:
        self.round_no = round_no
        self.best: dict[tuple[Hand, tuple[_Shape, ...]], int] = {}
        self.points: dict[Hand, int] = {}

    def own(self, hand: Hand) -> int:
        value = self.points.get(hand)
        if value is None:
            value = penalty(hand, self.round_no) if hand else 0
            self.points[hand] = value
        return value

    def value(self, hand: Hand, shapes: tuple[_Shape, ...]) -> int:
        key = (hand, shapes)
        found = self.best.get(key)
        if found is not None:
            return found
        best = self.own(hand)
        for card, index, shape in self.options(hand, shapes):
            if best == 0:
                break
            rest = _remove(hand, card)
            moved = (*shapes[:index], shape, *shapes[index + 1 :])
            best = min(best, self.value(rest, moved))
        self.best[key] = best
        return best

    def options(self, hand: Hand, shapes: tuple[_Shape, ...]) -> list[tuple[Card, int, _Shape]]:
        return [
            (card, index, shape)
            for card in dict.fromkeys(hand)
            for index, shape in _moves(card, shapes, self.round_no)
        ]


def _remove(hand: Hand, card: Card) -> Hand:
    cards = list(hand)
    cards.remove(card)
    return Hand(cards)


def _grow(meld: Meld, card: Card, shape: _Shape) -> Meld:
    """The table meld with ``card`` added, keeping the shape the search chose."""
    cards = [*meld.cards, card]
    if meld.kind == "book":
        return make_book(cards, meld.round_no, meld.ranks[0])
    assert meld.suit is not None
    return make_run(cards, meld.round_no, meld.suit, start=shape[2])


def best_with_layoff(
    cards: Sequence[Card], rules: RoundRules | int, table: Sequence[Meld]
) -> LayoffResult:
    """The final turn that leaves the fewest points when cards may join ``table`` melds."""
    round_no = round_rules(rules).round_no
    hand = Hand(sorted(cards, key=lambda c: c.sort_key))
    shapes = tuple(_shape(m) for m in table)
    search = _Search(round_no)
    target = search.value(hand, shapes)
    melds = list(table)
    laid: list[tuple[Card, int]] = []
    while search.own(hand) != target:
        for card, index, shape in search.options(hand, shapes):
            rest = _remove(hand, card)
            moved = (*shapes[:index], shape, *shapes[index + 1 :])
            if search.value(rest, moved) == target:
                melds[index] = _grow(melds[index], card, shape)
                laid.append((card, index))
                hand, shapes = rest, moved
                break
    return LayoffResult(best_arrangement(hand, round_no), tuple(laid), tuple(melds))
