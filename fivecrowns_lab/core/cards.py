"""Cards, suits, the 116-card deck and the text notation.

Glossary
--------
card
    One of 116: five suits of eleven ranks (3 to K), each twice, and six jokers.
wild
    A joker, or any card of the round's wild rank; it stands for any card in a meld.
book
    Three or more cards of one rank (suits do not matter, duplicates allowed).
run
    Three or more cards of one suit in consecutive ranks, 3 to K, no wrapping.
meld
    A book or a run.
hand
    The cards a player holds: a tuple, because every card exists twice.
stock
    The face-down draw pile.
discard pile
    The face-up pile; only its top card can be seen or taken.
round
    One deal; round ``r`` deals ``r + 2`` cards and rank ``r + 2`` is wild.
go out
    Meld every card of a hand except one, which is discarded.

Examples
--------
>>> parse_cards("10H q* JK")
parse_cards('10♥ Q★ JK')
>>> tuple(parse_cards("10H JK"))
(Card(10, Suit.HEARTS), JOKER)
>>> str(Card(10, Suit.HEARTS)), Card(10, Suit.HEARTS).code
('10♥', '10H')
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum, EnumMeta
from operator import attrgetter
from typing import Any

from ..errors import CardError, quote
from ..i18n import N_
from ..i18n import gettext as _
from .rules import MAX_RANK, MIN_RANK

__all__ = [
    "CARDS_BY_INDEX",
    "DECK",
    "JOKER",
    "RANKS",
    "Card",
    "CardError",
    "Hand",
    "Suit",
    "card_order",
    "check_available",
    "format_cards",
    "parse_card",
    "parse_cards",
]

#: The ranks in order: 3..10, then J = 11, Q = 12, K = 13.
RANKS: tuple[int, ...] = tuple(range(MIN_RANK, MAX_RANK + 1))
RANK_NAMES = {11: "J", 12: "Q", 13: "K"}
RANK_WORDS = {11: "jack", 12: "queen", 13: "king"}
# The same words for sentences in the learner's language (RANK_WORDS stays English: the
# engine's API). Marked for the catalogue; translated when a sentence is written.
_RANK_WORDS = {11: N_("jack"), 12: N_("queen"), 13: N_("king")}
_SUITS_WORDS = {
    "star": N_("stars"), "heart": N_("hearts"), "club": N_("clubs"),
    "spade": N_("spades"), "diamond": N_("diamonds"),
}  # fmt: skip
_JOKER_RANK = 0


class _SuitType(EnumMeta):
    """``Suit(value)`` finds a member or raises :class:`CardError`; it never makes a new enum."""

    def __call__(cls, value: object, *args: Any, **kwargs: Any) -> Any:
        if isinstance(value, cls):
            return value
        try:
            member = cls._value2member_map_.get(value) if not args and not kwargs else None
        except TypeError:  # an unhashable value is no suit either
            member = None
        if member is None:
            raise CardError(
                _(
                    "There is no suit {value}: the suits are Suit.STARS, Suit.HEARTS, "
                    "Suit.CLUBS, Suit.SPADES and Suit.DIAMONDS (or parse a card such as '10H')."
                ).format(value=quote(value))
            )
        return member


class Suit(Enum, metaclass=_SuitType):
    """The five suits, each with its own symbol, ASCII letter and colour.

    The colours come from the Okabe-Ito palette, chosen to stay distinct
    for the common kinds of colour blindness; the symbol always goes with them.
    """

    STARS = ("★", "*", "star", "#B8860B")
    HEARTS = ("♥", "H", "heart", "#D55E00")
    CLUBS = ("♣", "C", "club", "#009E73")
    SPADES = ("♠", "S", "spade", "#000000")
    DIAMONDS = ("♦", "D", "diamond", "#0072B2")

    def __init__(self, symbol: str, letter: str, noun: str, colour: str) -> None:
        self.symbol = symbol
        self.letter = letter
        self.noun = noun
        self.colour = colour

    @property
    def index(self) -> int:
        """Position of the suit in :data:`SUITS` order (0..4)."""
        return _SUIT_INDEX[self]

    # Members are singletons: hashing by identity keeps Card hashing fast.
    __hash__ = object.__hash__

    def __repr__(self) -> str:
        return f"Suit.{self.name}"

    def __str__(self) -> str:
        return self.symbol


SUITS: tuple[Suit, ...] = tuple(Suit)
_SUIT_INDEX = {suit: i for i, suit in enumerate(SUITS)}
_SUIT_BY_TEXT = {key.upper(): s for s in SUITS for key in (s.symbol, s.letter)}


@dataclass(frozen=True, slots=True)
class Card:
    """One card: a rank from 3 to 13 and a suit, or the joker (rank 0, no suit).

    Cards carry no round: whether a card is wild, and what it scores, depends on
    the round and is answered by :mod:`fivecrowns_lab.core.rules`.

    Examples
    --------
    >>> Card(11, Suit.CLUBS)
    Card(11, Suit.CLUBS)
    >>> Card.parse("j♣") == Card(11, Suit.CLUBS)
    True
    >>> sorted(parse_cards("JK 5H 3H 4S"))  # by suit, then rank; jokers last
    [Card(3, Suit.HEARTS), Card(5, Suit.HEARTS), Card(4, Suit.SPADES), JOKER]
    """

    rank: int
    suit: Suit | None
    # Derived once: hands are sorted and counted in the solver's and the bots' inner
    # loops, so the order, the hash and the index are stored rather than rebuilt on every
    # use. All are small integers, the same in every process (a pickled card stays valid).
    _order: int = field(init=False, repr=False, compare=False)
    _hash: int = field(init=False, repr=False, compare=False)
    index: int = field(init=False, repr=False, compare=False)
    """A dense index 0..55: suit-major over the 55 suited cards, 55 for the joker."""

    def __post_init__(self) -> None:
        if isinstance(self.rank, bool) or not isinstance(self.rank, int):
            raise CardError(
                _("A card's rank is a whole number, not {value}.").format(value=quote(self.rank))
            )
        if self.suit is None:
            if self.rank != _JOKER_RANK:
                raise CardError(
                    _("A card of rank {value} needs a suit.").format(value=quote(self.rank))
                )
        elif not isinstance(self.suit, Suit):
            raise CardError(
                _("A card's suit is a Suit, such as Suit.HEARTS, not {value}.").format(
                    value=quote(self.suit)
                )
            )
        elif self.rank not in RANKS:
            raise CardError(
                _("There is no rank {value}: ranks run from {low} to {high} (K).").format(
                    value=quote(self.rank), low=MIN_RANK, high=MAX_RANK
                )
            )
        suit_index = len(SUITS) if self.suit is None else self.suit.index
        object.__setattr__(self, "_order", suit_index * 16 + self.rank)
        object.__setattr__(self, "_hash", self.rank * 8 + suit_index)
        index = 55 if self.suit is None else suit_index * 11 + self.rank - MIN_RANK
        object.__setattr__(self, "index", index)

    def __hash__(self) -> int:
        return self._hash

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card written as rank then suit, such as ``10♥``, ``10H`` or ``JK``."""
        return parse_card(text)

    @property
    def is_joker(self) -> bool:
        """True for a joker."""
        return self.suit is None

    @property
    def rank_text(self) -> str:
        """The rank as printed: ``3``..``10``, ``J``, ``Q``, ``K`` (``JK`` for a joker)."""
        if self.suit is None:
            return "JK"
        return RANK_NAMES.get(self.rank, str(self.rank))

    @property
    def code(self) -> str:
        """The ASCII code, typeable on any keyboard: ``10H``, ``Q*``, ``JK``."""
        if self.suit is None:
            return "JK"
        return self.rank_text + self.suit.letter

    @property
    def sort_key(self) -> tuple[int, int]:
        """Sort by suit then rank, jokers last."""
        if self.suit is None:
            return (len(SUITS), 0)
        return (self.suit.index, self.rank)

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._order < other._order

    def describe(self) -> str:
        """Words for a screen reader: ``'7 of hearts'``, ``'king of stars'``, ``'joker'``."""
        if self.suit is None:
            return _("joker")
        rank = _(_RANK_WORDS[self.rank]) if self.rank in _RANK_WORDS else str(self.rank)
        return _("{rank} of {suits}").format(rank=rank, suits=_(_SUITS_WORDS[self.suit.noun]))

    def __str__(self) -> str:
        if self.suit is None:
            return "JK"
        return self.rank_text + self.suit.symbol

    def __repr__(self) -> str:
        if self.suit is None:
            return "JOKER"
        return f"Card({self.rank}, {self.suit!r})"

    def _repr_html_(self) -> str:
        from ..render import card_html  # lazy: rendering is only needed in notebooks

        return card_html(self)

    def _repr_mimebundle_(self, include: object = None, exclude: object = None) -> dict[str, str]:
        from ..render import card_html, card_svg

        return {
            "text/plain": repr(self),
            "text/html": card_html(self),
            "image/svg+xml": card_svg(self),
        }


#: A key for ``sorted``: a card's stored order (suit, then rank, jokers last), the order
#: ``<`` compares, read without a Python call (the bots sort hands in their inner loops).
card_order: Callable[[Card], int] = attrgetter("_order")

JOKER = Card(_JOKER_RANK, None)

#: The 116 cards: two copies of each of the 55 suited cards, then six jokers.
DECK: tuple[Card, ...] = tuple(
    [Card(rank, suit) for _copy in range(2) for suit in SUITS for rank in RANKS] + [JOKER] * 6
)
# Every different card once, by Card.index (the deck's order).
CARDS_BY_INDEX: tuple[Card, ...] = tuple(sorted(set(DECK), key=attrgetter("index")))
_COPIES = Counter(DECK)
# The most cards any text or list may hold (the deck twice over, for unchecked lists), and
# the longest text read as cards: checked before anything is split or allocated.
_MAX_CARDS = 2 * len(DECK)
_MAX_TEXT = 8 * _MAX_CARDS

_TOKEN = re.compile(r"^(10|[3-9]|[JQK])(.)$", re.IGNORECASE)
# Phones type a suit symbol followed by a variation selector (U+FE0F asks for the emoji
# picture, U+FE0E for the text one): "10♥️" is the card 10♥. Only after a suit symbol.
_VARIATION = re.compile("(?<=[" + "".join(s.symbol for s in SUITS) + "])[\ufe0e\ufe0f]")
_SPLIT = re.compile(r"[\s,]+")
_CARD_SHAPE = N_(
    "a card is a rank (3-10, J, Q, K) then a suit (★ or *, ♥ or H, ♣ or C, ♠ or S, ♦ or D), "
    "like 10♥, 10H or Q*, or JK for a joker"
)


def _card_cache() -> dict[str, Card]:
    known: dict[str, Card] = {"JK": JOKER, "JOKER": JOKER}
    for card in set(DECK):
        if card.suit is not None:
            for suit_text in (card.suit.symbol, card.suit.letter):
                known[(card.rank_text + suit_text).upper()] = card
    return known


_BY_TEXT = _card_cache()


def parse_card(text: str) -> Card:
    """Read one card token; raise :class:`CardError` naming it if it is not a card.

    >>> parse_card("q★")
    Card(12, Suit.STARS)
    """
    if not isinstance(text, str):
        raise CardError(
            _("A card is written as text such as '10H', not {value}.").format(value=quote(text))
        )
    token = text.strip()
    card = _BY_TEXT.get(_VARIATION.sub("", token).upper()) if len(token) <= 6 else None
    if card is not None:
        return card
    match = _TOKEN.match(token)
    if match and match.group(2).upper() not in _SUIT_BY_TEXT:
        raise CardError(
            _("{token} is not a card: {suit} is not a suit; {shape}.").format(
                token=quote(token), suit=quote(match.group(2)), shape=_(_CARD_SHAPE)
            )
        )
    raise CardError(
        _("{token} is not a card: {shape}.").format(token=quote(token), shape=_(_CARD_SHAPE))
    )


# Hands of cards and their notation, which read the cards above (so they are imported
# only now); this module re-exports them.
from .hands import Hand, check_available, format_cards, parse_cards  # noqa: E402
from .hands import trusted_hand as trusted_hand  # noqa: E402  (the engine's, not public)
