"""An independent, deliberately naive arrangement solver for checking the real one.

It tries every partition of the hand into melds plus leftover, with its own
meld test written straight from RULES.md, so it shares no code with the solver.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations, product

from fivecrowns_lab.core.cards import Card


def _wild(card: Card, round_no: int) -> bool:
    return card.suit is None or card.rank == round_no + 2


def _points(card: Card, round_no: int) -> int:
    if card.suit is None:
        return 50
    return 20 if card.rank == round_no + 2 else card.rank


def is_meld(
    cards: tuple[Card, ...],
    round_no: int,
    distinct: bool = False,
    no_all_wild: bool = False,
    book_least: int = 3,
    run_least: int = 3,
) -> bool:
    """Book or run, straight from the rules (and the meld variants: ``book_least`` and
    ``run_least`` are the fewest cards of a book and a run, written here on their own,
    not read from the engine)."""
    if len(cards) < 3:
        return False
    naturals = [c for c in cards if not _wild(c, round_no)]
    if no_all_wild and not naturals:
        return False
    book = len({c.rank for c in naturals}) <= 1 and len(cards) >= book_least
    # a book (or wilds alone); under the variant its naturals have different suits
    if book and (not distinct or len({c.suit for c in naturals}) == len(naturals)):
        return True
    if not run_least <= len(cards) <= 11 or len({c.suit for c in naturals}) > 1:
        return False
    if not naturals:  # wilds alone: a run of them
        return True
    ranks = sorted(c.rank for c in naturals)
    if len(set(ranks)) != len(ranks):
        return False
    return ranks[-1] - ranks[0] + 1 <= len(cards)


def brute_penalty(
    cards: tuple[Card, ...],
    round_no: int,
    distinct: bool = False,
    no_all_wild: bool = False,
    book_least: int = 3,
    run_least: int = 3,
) -> int:
    """Fewest points left over any partition of ``cards`` into melds and leftover."""

    @cache
    def best(rest: tuple[Card, ...]) -> int:
        if not rest:
            return 0
        first, others = rest[0], rest[1:]
        value = _points(first, round_no) + best(others)
        for size in range(2, len(others) + 1):
            for chosen in combinations(range(len(others)), size):
                group = (first, *(others[i] for i in chosen))
                if is_meld(group, round_no, distinct, no_all_wild, book_least, run_least):
                    remaining = tuple(c for i, c in enumerate(others) if i not in chosen)
                    value = min(value, best(remaining))
        return value

    return best(tuple(sorted(cards, key=lambda c: (c.rank, str(c)))))


def brute_layoff(
    cards: tuple[Card, ...],
    table: list[tuple[Card, ...]],
    round_no: int,
    distinct: bool = False,
    no_all_wild: bool = False,
    book_least: int = 3,
) -> int:
    """Fewest points a final turn leaves when cards may be laid off onto ``table`` melds.

    Tries every assignment of each card to one table meld or to the hand: an assignment
    counts when every table meld that took cards is still a meld (:func:`is_meld`), and
    the cards kept score their best partition (:func:`brute_penalty`).
    """
    kept_points: dict[tuple[Card, ...], int] = {}
    order = sorted(cards, key=lambda c: (c.rank, str(c)))
    best = None
    for assignment in product(range(-1, len(table)), repeat=len(order)):
        grown = [list(meld) for meld in table]
        kept: list[Card] = []
        for card, where in zip(order, assignment, strict=True):
            (kept if where < 0 else grown[where]).append(card)
        if any(
            len(meld) > len(table[i])
            and not is_meld(tuple(meld), round_no, distinct, no_all_wild, book_least)
            for i, meld in enumerate(grown)
        ):
            continue
        key = tuple(kept)
        if key not in kept_points:
            kept_points[key] = brute_penalty(key, round_no, distinct, no_all_wild, book_least)
        best = kept_points[key] if best is None else min(best, kept_points[key])
    assert best is not None  # keeping every card is always an assignment
    return best
