"""What a game is given, checked: the players' names, a scripted deal, cards and melds as text.

:class:`~fivecrowns_lab.table.game.Game` and a save's reader
(:mod:`~fivecrowns_lab.table.saves`) both read their input through these checks, each
refusing what it cannot use with a :class:`GameError` sentence that quotes it.

>>> check_names(2)
('Player 1', 'Player 2')
>>> read_melds(["3H 4H 5H"])
((Card(3, Suit.HEARTS), Card(4, Suit.HEARTS), Card(5, Suit.HEARTS)),)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..core.cards import DECK, Card, parse_cards
from ..core.rules import MAX_PLAYERS, GameRules, check_player_count
from ..errors import quote
from ..i18n import gettext as _
from ..i18n import ngettext as _n
from ..validators import clean_name
from .deal import Deal
from .legality import GameError, GoOutError

__all__ = ["MAX_NAME", "check_deal", "check_names", "check_next_deal", "read_card", "read_melds"]

#: A player's name is at most this long.
MAX_NAME = 40


def check_names(players: object) -> tuple[str, ...]:
    """The players' names from a count or a list of names; :class:`GameError` if neither."""
    if isinstance(players, int) and not isinstance(players, bool):
        check_player_count(players, GameError)
        return tuple(f"Player {i + 1}" for i in range(players))
    if not isinstance(players, (list, tuple)):
        raise GameError(
            _(
                "Players are a number (2 to {most}) or a list of names, such as "
                "['Ana', 'Ben'], not {value}."
            ).format(most=MAX_PLAYERS, value=quote(players))
        )
    check_player_count(len(players), GameError)
    for name in players:
        # Cleaned first (NFC, no invisible or bidirectional characters), so two names that
        # look alike are compared as a person sees them.
        if not isinstance(name, str) or not clean_name(name) or len(name) > MAX_NAME:
            raise GameError(
                _("A player's name is some text of 1 to {most} characters, not {value}.").format(
                    most=MAX_NAME, value=quote(name)
                )
            )
    names = tuple(clean_name(name) for name in players)
    if len(set(names)) != len(names):
        raise GameError(
            _("Each player needs a different name: {names}.").format(names=quote(", ".join(names)))
        )
    return names


def check_deal(deal: object, names: Sequence[str], rules: GameRules) -> Deal:
    """``deal`` if a game of ``names`` can start from it under ``rules``, else a GameError."""
    if not isinstance(deal, Deal):
        raise GameError(_("A game starts from a Deal, not {value}.").format(value=quote(deal)))
    if len(deal.hands) != len(names):
        raise GameError(
            _("This deal is for {count} players, but the game has {players}.").format(
                count=len(deal.hands), players=len(names)
            )
        )
    if deal.round_no > rules.rounds:
        raise GameError(
            _n(
                "This deal is for round {round}, but the game has {count} round.",
                "This deal is for round {round}, but the game has {count} rounds.",
                rules.rounds,
            ).format(round=deal.round_no, count=rules.rounds)
        )
    return deal


def check_next_deal(deal: Deal, players: int, round_no: int, seats: tuple[int, ...]) -> None:
    """Refuse a deal given for the next round unless it is for ``round_no``, ``players``
    players and the ``seats`` dealt next (a playoff is dealt to the tied players only)."""
    if len(deal.hands) != players or deal.round_no != round_no:
        raise GameError(
            _(
                "The next round is round {next} for {players} players; this deal is for "
                "round {round} and {count} players."
            ).format(
                next=round_no,
                players=players,
                round=deal.round_no,
                count=len(deal.hands),
            )
        )
    if deal.seats != seats:
        raise GameError(
            _("The next round is dealt to seats {seats}, not {given}.").format(
                seats=seats, given=deal.seats
            )
        )


def read_card(card: Card | str) -> Card:
    """A card given as a Card or as its text (``"10H"``)."""
    if isinstance(card, Card):
        return card
    return Card.parse(card)


def read_melds(melds: object) -> tuple[tuple[Card, ...], ...]:
    """Melds given as lists of cards or as card text, read into tuples of cards."""
    if isinstance(melds, (str, bytes)) or not isinstance(melds, Iterable):
        raise GoOutError(
            _("Melds are a list of melds, such as ['3H 4H 5H', '8S 8D 8C'], not {value}.").format(
                value=quote(melds)
            )
        )
    groups: list[tuple[Card, ...]] = []
    for meld in melds:
        if len(groups) >= len(DECK):
            raise GoOutError(_("That is more melds than the deck has cards."))
        groups.append(tuple(parse_cards(meld)))
    return tuple(groups)
