"""The solver's packed hands: naturals two bits a card, rank-major, and a count of wilds.

Internal to :mod:`.solving` (see there for the method); compiled with it. A natural's bit
offset is ``((rank - 3) * 5 + suit index) * 2``: ten bits a rank, two a suit.
"""

from __future__ import annotations

from collections.abc import Iterable
from operator import itemgetter

from ..errors import HandSizeError
from ..i18n import gettext as _
from .cards import (
    CARDS_BY_INDEX,
    DECK,
    RANKS,
    SUITS,
    Card,
    Hand,
    card_order,
    check_available,
    parse_cards,
    trusted_hand,
)
from .rules import MAX_RANK, MIN_RANK, RoundRules, round_rules
from .search import BLOCK

__all__ = [
    "BIT_AT",
    "BLOCK_SIZE",
    "CARD",
    "FIRST_BITS",
    "MAX_CARDS",
    "NATURAL_SLOTS",
    "ONLY_CARDS",
    "PACKED_BITS",
    "RANK_BITS",
    "SLOT_AT",
    "as_hand",
    "block_cards",
    "check_drawn",
    "drawn_cards",
    "order",
    "packed_naturals",
    "points_less_highest",
    "prepare",
    "slot_of",
    "split",
]

MAX_CARDS = 20


# Every suited card, built once: the solver makes many and Card() validates its input.
CARD = {(c.rank, c.suit): c for c in DECK if c.suit is not None}
RANK_BITS = (1 << BLOCK) - 1  # one rank's block of the packed naturals


# A natural's bit offset is ((rank - 3) * 5 + suit index) * 2: ten bits a rank, two a suit.
_SUIT_SLOT = {suit: 2 * suit.index - BLOCK * MIN_RANK for suit in SUITS}


def slot_of(card: Card) -> int:
    """Bit offset of a natural card in the packed representation."""
    assert card.suit is not None
    return _SUIT_SLOT[card.suit] + BLOCK * card.rank


# The same by Card.index, for loops over many cards (-1 for the joker), and as a bit.
SLOT_AT = [-1 if c.suit is None else slot_of(c) for c in CARDS_BY_INDEX]
BIT_AT = [0 if slot < 0 else 1 << slot for slot in SLOT_AT]


# BIT_AT with 0 for each card that is wild, by the wild rank (the round's wilds).
_NATURAL_BIT_AT = {
    wild: [
        0 if c.suit is None or c.rank == wild else bit
        for c, bit in zip(CARDS_BY_INDEX, BIT_AT, strict=True)
    ]
    for wild in range(MIN_RANK, MAX_RANK + 1)
}


def split(cards: Hand, rules: RoundRules) -> tuple[int, list[Card], list[Card]]:
    """Pack the naturals into an integer; return it with the naturals and wilds."""
    packed = 0
    naturals: list[Card] = []
    wilds: list[Card] = []
    bits = _NATURAL_BIT_AT[rules.wild_rank]
    for card in cards:
        bit = bits[card.index]
        if bit:
            naturals.append(card)
            if packed & bit << 1:  # a third copy would spill into the next card's bits
                check_available(cards)
            packed += bit
        else:
            wilds.append(card)
    if len(wilds) > 2:
        check_available(wilds)
    return packed, naturals, wilds


def prepare(cards: str | Iterable[Card], rules: RoundRules | int) -> tuple[Hand, RoundRules]:
    rules = round_rules(rules)
    hand = parse_cards(cards)
    if len(hand) > MAX_CARDS:
        raise HandSizeError(
            _(
                "A hand of {count} cards is too large to arrange; the most is {most} "
                "(a hand in the game holds at most 14)."
            ).format(count=len(hand), most=MAX_CARDS)
        )
    return hand, rules


def drawn_cards(draws: str | Iterable[Card]) -> tuple[Card, ...] | list[Card]:
    """The cards of ``draws`` (notation or cards), refusing anything that is not a card
    with a sentence; a tuple of cards is taken as it is (the bots ask many)."""
    extra = draws if type(draws) is tuple else parse_cards(draws, check=False)
    if not {*map(type, extra)} <= ONLY_CARDS:
        extra = parse_cards(extra, check=False)  # raises: says which one is not a card
    return extra


ONLY_CARDS = frozenset({Card})  # the types in a tuple of cards


order = card_order  # suit then rank, jokers last: the order of sort_key

# Per natural card: (rank, suit index, its bit), by its slot (bit offset / 2).
NATURAL_SLOTS = sorted(
    ((rank, suit.index, 1 << slot_of(CARD[rank, suit])) for suit in SUITS for rank in RANKS),
    key=itemgetter(2),
)
PACKED_BITS = 2 * len(NATURAL_SLOTS)


def packed_naturals(packed: int) -> list[tuple[int, int, int]]:
    """The naturals of a packed hand (:meth:`Solver.pack`), one entry a copy, lowest rank
    first: (rank, suit index, the bit to subtract to take that copy away).
    """
    found: list[tuple[int, int, int]] = []
    while packed:
        slot = ((packed & -packed).bit_length() - 1) & ~1  # a card's two bits start even
        card = NATURAL_SLOTS[slot >> 1]
        found.append(card)
        if (packed >> slot) & 2:
            found.append(card)
        packed &= ~(0b11 << slot)
    return found


# The naturals in each possible block of one rank (two bits a suit).
BLOCK_SIZE = [
    sum((block >> (2 * s)) & 3 for s in range(len(SUITS))) for block in range(1 << BLOCK)
]


FIRST_BITS = sum(bit for _rank, _suit, bit in NATURAL_SLOTS)  # the low bit of every slot
_ONE_RANK_FIRST_BITS = sum(1 << 2 * suit for suit in range(len(SUITS)))  # the same in one block
_LOWEST_SUIT_FIRST_BITS = sum(1 << rank * BLOCK for rank in range(len(RANKS)))  # in every block


def points_less_highest(packed: int) -> int:
    """The points of a packed hand's naturals (a natural scores its rank), less the
    highest one's."""
    if not packed:
        return 0
    total = 0
    rest = packed
    while rest:  # a rank's block at a time
        shift = (((rest & -rest).bit_length() - 1) // BLOCK) * BLOCK
        block = (rest >> shift) & RANK_BITS
        total += BLOCK_SIZE[block] * (shift // BLOCK + MIN_RANK)
        rest ^= block << shift
    return total - ((packed.bit_length() - 1) // BLOCK + MIN_RANK)


_BLOCK_CARDS: dict[tuple[int, int], tuple[Card, ...]] = {}


def block_cards(rank: int, block: int) -> tuple[Card, ...]:
    """The cards of one rank's packed block (two bits a suit), in suit order; remembered."""
    found = _BLOCK_CARDS.get((rank, block))
    if found is None:
        found = _BLOCK_CARDS[rank, block] = tuple(
            CARD[rank, s] for s in SUITS for _ in range((block >> 2 * s.index) & 3)
        )
    return found


def check_drawn(hand: Hand, rules: RoundRules) -> None:
    expected = rules.hand_size + 1
    if len(hand) != expected:
        raise HandSizeError(
            _(
                "Round {round} deals {size} cards, so a hand that has drawn holds {drawn}; "
                "this one holds {count}."
            ).format(round=rules.round_no, size=expected - 1, drawn=expected, count=len(hand))
        )


def as_hand(cards: str | Iterable[Card]) -> Hand:
    """The cards as a hand; checked like the functions' input, but cheaply for a Hand."""
    if type(cards) is Hand:
        hand = cards
    elif (type(cards) is tuple or type(cards) is list) and {*map(type, cards)} <= ONLY_CARDS:
        # The bots and the table ask about many tuples and lists of cards: nothing to
        # read. split checks the copies.
        hand = trusted_hand(cards)
    elif isinstance(cards, str):
        hand = parse_cards(cards)
    else:
        hand = parse_cards(cards, check=False)  # split checks the copies
    if len(hand) > MAX_CARDS:
        prepare(hand, 1)  # raises the size error
    return hand
