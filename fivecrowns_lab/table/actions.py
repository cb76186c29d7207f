"""What a player can do on a turn, as small frozen values that print and travel as JSON.

Glossary
--------
action
    One move: :class:`Draw` a card, :class:`Discard` a card, or :class:`GoOut`.
    The solitaire edition adds :class:`Place` (put the drawn card into a hand).
record
    What an applied action changed that everybody may know (:class:`ActionRecord`).

>>> action_from_dict(Discard(parse_card("9C")).to_dict())
Discard(card=Card(9, Suit.CLUBS))
>>> str(GoOut(parse_card("KS")))
'go out, discarding K♠'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from ..core.cards import CARDS_BY_INDEX, DECK, Card, format_cards, parse_card, parse_cards
from ..errors import ActionError, quote
from ..i18n import gettext as _
from ..validators import whole_number

__all__ = [
    "Action",
    "ActionError",
    "ActionRecord",
    "Discard",
    "Draw",
    "GoOut",
    "Phase",
    "Place",
    "Source",
    "action_from_dict",
]

Source = Literal["stock", "discard"]
#: The step a table game is at: a player to draw, the same player to discard, or between.
Phase = Literal["draw", "discard", "round_over", "game_over"]
_SOURCES = ("stock", "discard")


@dataclass(frozen=True)
class Draw:
    """Take the top card of the stock (face down) or of the discard pile (face up)."""

    source: Source

    def __post_init__(self) -> None:
        if not isinstance(self.source, str) or self.source not in _SOURCES:  # no array
            raise ActionError(
                _("A card is drawn from the 'stock' or the 'discard' pile, not {value}.").format(
                    value=quote(self.source)
                )
            )

    def to_dict(self) -> dict[str, Any]:
        """The action as plain data (for JSON)."""
        return {"type": "draw", "source": self.source}

    def __str__(self) -> str:
        return _("draw from the stock") if self.source == "stock" else _("take the top discard")


@dataclass(frozen=True)
class Discard:
    """Put one card from the hand face up on the discard pile, ending the turn."""

    card: Card

    def to_dict(self) -> dict[str, Any]:
        """The action as plain data (for JSON)."""
        return {"type": "discard", "card": self.card.code}

    def __str__(self) -> str:
        return _("discard {card}").format(card=self.card)


# The two draws and every card's discard, made once: the table lists them on every turn,
# and a bot that plays the listed value itself is found among them by identity, without
# comparing actions field by field.
DRAW_STOCK = Draw("stock")
TAKE_DISCARD = Draw("discard")
_DISCARD_AT = [Discard(card) for card in CARDS_BY_INDEX]  # by Card.index


def discard_of(card: Card) -> Discard:
    """``Discard(card)``, the one shared value for each card of the deck."""
    return _DISCARD_AT[card.index] if type(card) is Card else Discard(card)


Melds = tuple[tuple[Card, ...], ...]


@dataclass(frozen=True)
class GoOut:
    """Lay the whole hand down in melds and discard the last card.

    ``melds`` None lets the engine lay the best arrangement; ``discard`` None
    (meld every card, no discard) is allowed only with the no-final-discard variant.
    """

    discard: Card | None
    melds: Melds | None = None

    def to_dict(self) -> dict[str, Any]:
        """The action as plain data (for JSON)."""
        melds = None if self.melds is None else [[c.code for c in m] for m in self.melds]
        card = None if self.discard is None else self.discard.code
        return {"type": "go_out", "discard": card, "melds": melds}

    def __str__(self) -> str:
        if self.melds is None:
            text = (
                _("go out with no discard")
                if self.discard is None
                else _("go out, discarding {card}")
            )
        elif self.discard is None:
            text = _("go out with no discard laying {melds}")
        else:
            text = _("go out, discarding {card} laying {melds}")
        melds = " | ".join(map(format_cards, self.melds or ()))
        return text.format(card=self.discard, melds=melds)


@dataclass(frozen=True)
class Place:
    """Solitaire: put the drawn card into open hand ``hand`` (1..11), then discard from it."""

    hand: int
    discard: Card

    def to_dict(self) -> dict[str, Any]:
        """The action as plain data (for JSON)."""
        return {"type": "place", "hand": self.hand, "discard": self.discard.code}

    def __str__(self) -> str:
        return _("put the card into hand {hand} and discard {card}").format(
            hand=self.hand, card=self.discard
        )


Action = Draw | Discard | GoOut | Place


def action_from_dict(data: dict[str, Any]) -> Action:
    """Rebuild an action from its :meth:`to_dict` form (:class:`ActionError` if it is none)."""
    kind = data.get("type") if isinstance(data, dict) else None
    try:
        if kind == "draw":
            return Draw(data["source"])
        if kind == "discard":
            return Discard(parse_card(data["card"]))
        if kind == "go_out":
            card = None if data.get("discard") is None else parse_card(data["discard"])
            melds = data.get("melds")
            if melds is not None and (not isinstance(melds, list) or len(melds) > len(DECK)):
                raise ActionError(
                    _("The melds of {value} are not a list of melds.").format(value=quote(data))
                )
            laid = None if melds is None else tuple(tuple(parse_cards(m)) for m in melds)
            return GoOut(card, laid)
        if kind == "place":
            hand = data["hand"]
            whole_number(
                hand,
                _("The hand of {action} is not a hand number."),
                error=ActionError,
                action=quote(data),  # input goes in as a value, never into the template
            )
            return Place(hand, parse_card(data["discard"]))
    except KeyError as error:
        raise ActionError(
            _("{value} is not a complete action: it has no {key}.").format(
                value=quote(data), key=error
            )
        ) from None
    raise ActionError(
        _(
            "{value} is not an action: its type must be 'draw', 'discard', 'go_out' or 'place'."
        ).format(value=quote(data))
    )


@dataclass(frozen=True)
class ActionRecord:
    """One applied action and its public effects.

    ``drawn`` is the card taken only when it came face up from the discard pile;
    a card drawn from the stock stays secret. ``laid`` are melds put on the table,
    ``laid_off`` the cards added to melds already there (lay-off variant), and
    ``reshuffled`` tells that the discard pile became the new stock before the draw.
    """

    player: int
    action: Action
    round_no: int
    turn: int
    drawn: Card | None = None
    reshuffled: bool = False
    laid: Melds = ()
    laid_off: tuple[Card, ...] = ()
    final_turn: bool = False

    def __str__(self) -> str:
        text = _("player {player}: {action}").format(player=self.player, action=self.action)
        if self.drawn is not None:
            text += f" ({self.drawn})"
        return text
