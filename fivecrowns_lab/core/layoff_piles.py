"""The table melds as the lay-off search sees them: piles, and every way each can grow.

Internal to :mod:`.layoff_search`. A *pile* is a table meld's naturals, its wild count
and the readings it can grow in (a book of its rank, a run of its suit, or, all wild,
any of them). An *option* is one way it grows from the whole hand: the naturals it
takes and the fewest wilds that bridge a run's gaps (a book needs none: it already has
three cards; spare wilds are laid off at the end), each checked by the lay-off rule.
States of the search are packed hands: the naturals two bits a card as the solver packs
them (:mod:`.solving`), above the wild count and the table's room for spare wilds.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from .cards import Card, Suit
from .melds import Meld
from .rules import MAX_RUN, MIN_RANK, RoundRules, is_wild

__all__ = [
    "FIRST_BITS",
    "ROOM_MASK",
    "SHIFT",
    "WILD_BITS",
    "Option",
    "Pile",
    "meld_takes_rules",
    "natural_bit",
    "options",
    "pile_of",
    "room_after",
]

FIRST_BITS = sum(1 << 2 * slot for slot in range(55))  # the low bit of every natural's slot
_HIGH = FIRST_BITS << 1  # the high bit: two copies
WILD_BITS = 5  # the wild count (at most 14 in a hand) and the room (capped by it)
ROOM_MASK = (1 << WILD_BITS) - 1
SHIFT = 2 * WILD_BITS  # a state: naturals << SHIFT | wilds << WILD_BITS | room


def natural_bit(card: Card) -> int:
    """The bit of one copy of a natural in the packed hand (as :mod:`.solving` packs it)."""
    assert card.suit is not None
    return 1 << ((card.rank - MIN_RANK) * 5 + card.suit.index) * 2


def meld_takes_rules(naturals: Sequence[Card], wilds: int, rules: RoundRules) -> bool:
    """:func:`.layoff.meld_takes` for checked rules (see there): the meld model's answer."""
    return rules.meld.fits(naturals, wilds)


def _book_reading(naturals: Sequence[Card], rules: RoundRules) -> bool:
    """True when a table meld with these naturals is, or grows into, a book: with enough
    cards (a run of one natural and two wilds becomes a book when books need four)."""
    return rules.meld.book_fits(naturals, MAX_RUN)


@dataclass(frozen=True)
class Pile:
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
    def pure_book(self) -> bool:
        """Read only as a book: it stays one whatever it takes, so it takes any wilds."""
        return self.book_rank is not None and self.run_suit is None


def pile_of(meld: Meld, rules: RoundRules) -> Pile:
    """The pile a table meld is for the search."""
    naturals = tuple(c for c in meld.cards if not is_wild(c, rules))
    wilds = len(meld.cards) - len(naturals)
    if not naturals:
        return Pile(naturals, wilds, None, None, any_reading=True)
    book = naturals[0].rank if _book_reading(naturals, rules) else None
    run = naturals[0].suit if rules.meld.run_fits(naturals, wilds) else None
    return Pile(naturals, wilds, book, run)


def room_after(naturals: Sequence[Card], wilds: int, rules: RoundRules, cap: int) -> int:
    """How many more wilds a meld can take (``cap`` standing for any number)."""
    if not naturals:
        return cap if rules.meld.all_wild else 0
    if _book_reading(naturals, rules):
        return cap  # a book takes any number of wilds (a short one is a run until then)
    return max(0, MAX_RUN - len(naturals) - wilds)


@dataclass(frozen=True)
class Option:
    """One way a pile grows: the naturals it takes, the wilds that bridge its gaps, and
    the room for more wilds it has after (``room``; only counted without a book)."""

    cards: tuple[Card, ...]
    wilds: int
    room: int
    need: int  # the cards packed: subtracted from a state
    ones: int  # low bits of the slots that must hold a card
    twos: int  # high bits of the slots that must hold both copies


def _option(
    pile: Pile, cards: tuple[Card, ...], wilds: int, rules: RoundRules, cap: int
) -> Option:
    need = sum(natural_bit(c) for c in cards)
    ones = (need | need >> 1) & FIRST_BITS
    room = room_after([*pile.naturals, *cards], pile.wilds + wilds, rules, cap)
    return Option(cards, wilds, room, need << SHIFT | wilds << WILD_BITS, ones, need & _HIGH)


def options(pile: Pile, hand: Counter[Card], wilds: int, rules: RoundRules) -> list[Option]:
    """Every way ``pile`` can grow from the whole hand (taking nothing first)."""
    found: dict[tuple[tuple[Card, ...], int], None] = {((), 0): None}
    if pile.any_reading:
        ranks = sorted({c.rank for c in hand})
        suits = sorted({c.suit for c in hand if c.suit is not None}, key=lambda s: s.index)
    else:
        ranks = [] if pile.book_rank is None else [pile.book_rank]
        suits = [] if pile.run_suit is None else [pile.run_suit]
    taken_suits = {c.suit for c in pile.naturals}
    for rank in ranks:
        same = sorted((c for c in hand if c.rank == rank), key=lambda c: c.sort_key)
        if rules.meld.distinct_suits:
            same = [c for c in same if c.suit not in taken_suits]
        limits = [1 if rules.meld.distinct_suits else hand[c] for c in same]
        for takes in itertools.product(*(range(n + 1) for n in limits)):
            cards = tuple(c for c, k in zip(same, takes, strict=True) for _ in range(k))
            if cards and meld_takes_rules([*pile.naturals, *cards], pile.wilds, rules):
                found[cards, 0] = None
    for suit in suits:
        _run_options(pile, [c for c in hand if c.suit == suit], wilds, rules, found)
    cap = wilds + 1
    return [_option(pile, cards, w, rules, cap) for cards, w in found]


def _run_options(
    pile: Pile,
    same: list[Card],
    wilds: int,
    rules: RoundRules,
    found: dict[tuple[tuple[Card, ...], int], None],
) -> None:
    """The run options: naturals of the suit (one a rank) and the fewest wilds bridging."""
    ranks = [c.rank for c in pile.naturals]
    size = len(pile.naturals) + pile.wilds
    low = min(ranks, default=99)
    high = max(ranks, default=0)
    # A card further than a full run from the pile's naturals can never join it.
    same = sorted(
        (
            c
            for c in same
            if c.rank not in ranks and max(high, c.rank) - min(low, c.rank) < MAX_RUN
        ),
        key=lambda c: c.rank,
    )
    for n in range(1, min(len(same), MAX_RUN - size) + 1):
        for cards in itertools.combinations(same, n):
            every = [*ranks, *(c.rank for c in cards)]
            need = max(0, max(every) - min(every) + 1 - size - n)
            if need <= wilds and meld_takes_rules(
                [*pile.naturals, *cards], pile.wilds + need, rules
            ):
                found[cards, need] = None


def _within_run(low: int, high: int, rank: int) -> bool:
    """True when ``rank`` and the naturals from ``low`` to ``high`` fit in one run."""
    return max(high, rank) - min(low, rank) < MAX_RUN
