"""Hands: tuples of cards, written and read in card notation (re-exported by :mod:`.cards`).

>>> parse_cards("10H q* JK")
parse_cards('10♥ Q★ JK')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from itertools import islice
from typing import Any

from ..errors import CardError, quote
from ..i18n import gettext as _
from .cards import _COPIES, _MAX_CARDS, _MAX_TEXT, _SPLIT, DECK, Card, parse_card

__all__ = ["Hand", "check_available", "format_cards", "parse_cards", "trusted_hand"]


class Hand(tuple[Card, ...]):
    """A tuple of cards that prints in card notation and renders as cards in a notebook.

    >>> hand = parse_cards("3H 4H JK")
    >>> str(hand)
    '3♥ 4♥ JK'
    >>> parse_cards(str(hand)) == hand
    True
    """

    __slots__ = ()

    def __new__(cls, cards: Iterable[Card] = ()) -> Hand:
        if isinstance(cards, (str, bytes, dict)) or not isinstance(cards, Iterable):
            raise CardError(
                _("A Hand is made of cards (parse text with parse_cards), not {value}.").format(
                    value=quote(cards)
                )
            )
        hand = super().__new__(cls, cards)
        for card in hand:
            if type(card) is not Card:
                raise CardError(
                    _("{value} is not a card; a Hand holds only cards.").format(value=quote(card))
                )
        return hand

    def __str__(self) -> str:
        return format_cards(self)

    def __repr__(self) -> str:
        return f"parse_cards({format_cards(self)!r})"

    def sorted(self) -> Hand:
        """The same cards sorted by suit then rank, jokers last."""
        return Hand(sorted(self, key=lambda c: c.sort_key))

    def _repr_html_(self) -> str:
        from ..render import hand_html

        return hand_html(self)

    def _repr_mimebundle_(self, include: object = None, exclude: object = None) -> dict[str, str]:
        from ..render import hand_html, hand_svg

        return {
            "text/plain": repr(self),
            "text/html": hand_html(self),
            "image/svg+xml": hand_svg(self),
        }


def trusted_hand(cards: Iterable[Card]) -> Hand:
    """A :class:`Hand` of cards the engine already holds as cards, without Hand()'s checks.

    For the engine's hot paths only (a game's own piles, the solver's own cards): anything
    that comes from outside goes through ``Hand()`` or :func:`parse_cards`.
    """
    return tuple.__new__(Hand, cards)


def format_cards(cards: Iterable[Card], ascii: bool = False) -> str:
    """Write cards in notation separated by spaces (ASCII codes if ``ascii``)."""
    hand = cards if isinstance(cards, Hand) else Hand(cards)
    return " ".join(card.code if ascii else str(card) for card in hand)


def check_available(cards: Iterable[Card]) -> None:
    """Raise :class:`CardError` if the cards hold more copies of a card than the deck has.

    >>> check_available(parse_cards("8H 8H 8H", check=False))
    Traceback (most recent call last):
    ...
    fivecrowns_lab.errors.CardError: The deck has only 2 copies of 8♥, but these cards hold 3.
    """
    counts = Counter(cards)
    total = sum(counts.values())
    if total > len(DECK):
        raise CardError(
            _("A hand of {count} cards is more than the deck's {deck}.").format(
                count=total, deck=len(DECK)
            )
        )
    for card, count in counts.items():
        if not isinstance(card, Card):
            raise CardError(_("{value} is not a card.").format(value=quote(card)))
        allowed = _COPIES[card]
        if count > allowed:
            if card.is_joker:
                text = _("The deck has only {allowed} jokers, but these cards hold {count}.")
            else:
                text = _(
                    "The deck has only {allowed} copies of {card}, but these cards hold {count}."
                )
            raise CardError(text.format(allowed=allowed, card=card, count=count))


def parse_cards(text: str | Iterable[Any], check: bool = True) -> Hand:
    """Read cards separated by spaces and/or commas.

    Every token must be a card (nothing is silently dropped), and unless
    ``check`` is false no card may appear more often than the deck holds it.
    Cards already given as :class:`Card` values pass through.

    >>> parse_cards("10♥, 10H,JK")
    parse_cards('10♥ 10♥ JK')
    >>> parse_cards("3H 4X")
    Traceback (most recent call last):
    ...
    fivecrowns_lab.errors.CardError: '4X' is not a card: 'X' is not a suit; a card is a rank ...
    """
    if text is None or isinstance(text, (bytes, dict)) or not isinstance(text, (str, Iterable)):
        raise CardError(
            _(
                "Cards are written as text such as '10H Q* JK' or given as a list of cards, "
                "not {value}."
            ).format(value=quote(text))
        )
    if isinstance(text, str):
        if len(text) > _MAX_TEXT:
            raise CardError(
                _("{value} is too long to be cards: the whole deck is {deck} cards.").format(
                    value=quote(text), deck=len(DECK)
                )
            )
        tokens = [t for t in _SPLIT.split(text.strip()) if t]
        items: list[Any] = tokens
    else:
        items = list(islice(text, _MAX_CARDS + 1))
    if len(items) > _MAX_CARDS:
        raise CardError(
            _("More than {count} cards is more than the deck holds.").format(count=_MAX_CARDS)
        )
    cards = Hand(c if isinstance(c, Card) else parse_card(c) for c in items)
    if check:
        check_available(cards)
    return cards
