"""Which moves are allowed now, and the sentence that says why one is not.

Every refusal is a :class:`GameError` (a ``ValueError``) whose message a learner can
read: "You must draw before you discard.", "Cannot go out: 9♣ is in no meld.",
"It is Ana's turn, not Ben's." Checking never changes the game.

The checks read only a :class:`Turn`, the few public facts a move depends on, so this
module knows nothing of :class:`~fivecrowns_lab.table.game.Game` (it builds one with
``Game.turn()``), and a lesson can ask "may this hand go out?" without a game at all.

>>> from fivecrowns_lab.core.cards import parse_cards
>>> turn = Turn("discard", 0, ("Ana", "Ben"), parse_cards("5H 6H 7H 9C KS"), 2, 1, 90)
>>> check_action(turn, GoOut(parse_cards("KS")[0]))
Traceback (most recent call last):
...
fivecrowns_lab.errors.GoOutError: Cannot go out: 9♣ is in no meld.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ..core.cards import Card, card_order, format_cards
from ..core.melds import check_meld
from ..core.rules import RoundRules, round_rules
from ..core.solver import shared_solver
from ..errors import (
    CardNotHeldError,
    EmptyPileError,
    GameError,
    GoOutError,
    PhaseError,
    TurnError,
    quote,
)
from ..i18n import and_list
from ..i18n import gettext as _
from ..i18n import ngettext as _n
from ..validators import whole_number
from .actions import (
    DRAW_STOCK,
    TAKE_DISCARD,
    Action,
    Discard,
    Draw,
    GoOut,
    Phase,
    Source,
    discard_of,
)

__all__ = [
    "CardNotHeldError",
    "EmptyPileError",
    "GameError",
    "GoOutError",
    "PhaseError",
    "Turn",
    "TurnError",
    "check_action",
    "check_player",
    "list_legal",
]


@dataclass(frozen=True)
class Turn:
    """What the legality of a move depends on: whose turn, which step, the hand, the piles.

    ``hand`` is the current player's hand; ``rules`` the round's rules (a plain round
    number means the standard game); ``discard_size`` and ``stock_size`` count the
    piles; ``no_final_discard`` is the variant of that name.
    """

    phase: Phase
    current: int
    names: tuple[str, ...]
    hand: Sequence[Card]
    rules: RoundRules
    discard_size: int
    stock_size: int
    no_final_discard: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "rules", round_rules(self.rules))

    @property
    def round_no(self) -> int:
        """The round being played."""
        return self.rules.round_no


def check_player(player: object, names: Sequence[str]) -> int:
    """Return ``player`` if it is a seat (0-based) at this table, else raise :class:`TurnError`."""
    if type(player) is int and 0 <= player < len(names):  # every move asks: skip the sentence
        return player
    return whole_number(
        player,
        _("There is no player {value}: the seats are numbered {low} to {high}."),
        0,
        len(names) - 1,
        TurnError,
    )


def _not_in_a_meld(cards: Sequence[Card]) -> str:
    return _n(
        "Cannot go out: {cards} is in no meld.",
        "Cannot go out: {cards} are in no meld.",
        len(cards),
    ).format(cards=and_list([str(c) for c in cards]))


def check_action(turn: Turn, action: Action, player: int | None = None) -> None:
    """Raise a :class:`GameError` saying why ``action`` is not allowed now on ``turn``."""
    if player is not None:
        check_player(player, turn.names)
    if turn.phase == "game_over":
        raise TurnError(_("The game is over: no more moves."))
    if turn.phase == "round_over":
        raise TurnError(_("The round is over: start the next round before playing on."))
    if player is not None and player != turn.current:
        raise TurnError(
            _("It is {current}'s turn, not {player}'s.").format(
                current=turn.names[turn.current], player=turn.names[player]
            )
        )
    hand = turn.hand
    if isinstance(action, Draw):
        _check_draw(turn, action.source)
    elif isinstance(action, Discard):
        if turn.phase == "draw":
            raise PhaseError(_("You must draw before you discard."))
        _check_held(action.card, hand)
    elif isinstance(action, GoOut):
        if turn.phase == "draw":
            raise PhaseError(_("You must draw before you go out."))
        _check_go_out(turn, action, hand)
    else:
        raise GameError(
            _("{value} is not an action of a game at the table.").format(value=quote(action))
        )


def _check_draw(turn: Turn, source: Source) -> None:
    if turn.phase == "discard":
        raise PhaseError(_("You have already drawn this turn: discard a card or go out."))
    if source == "discard" and not turn.discard_size:
        raise EmptyPileError(_("The discard pile is empty: draw from the stock."))
    if source == "stock" and not turn.stock_size and turn.discard_size < 2:
        raise EmptyPileError(
            _("The stock is empty and the discard pile has only its top card: take that card.")
        )


def _check_held(card: Card | None, hand: Sequence[Card]) -> None:
    """A card to discard must be a card in the hand."""
    if not isinstance(card, Card):
        raise GameError(_("{value} is not a card.").format(value=quote(card)))
    if card not in hand:
        raise CardNotHeldError(
            _("You cannot discard {card}: it is not in your hand.").format(card=card)
        )


def _check_go_out(turn: Turn, action: GoOut, hand: Sequence[Card]) -> None:
    rest = list(hand)
    if action.discard is None:
        if not turn.no_final_discard:
            raise GoOutError(
                _(
                    "Going out needs a final discard: melding every card with no discard "
                    "is a variant that is off in this game."
                )
            )
    else:
        _check_held(action.discard, hand)
        rest.remove(action.discard)
    if action.melds is None:
        arrangement = shared_solver(turn.rules).best_arrangement(rest)
        if arrangement.leftover:
            cards = sorted(set(arrangement.leftover), key=lambda c: c.sort_key)
            raise GoOutError(_not_in_a_meld(cards))
        return
    if not isinstance(action.melds, tuple) or not all(
        isinstance(meld, tuple) and all(isinstance(c, Card) for c in meld) for meld in action.melds
    ):
        raise GoOutError(
            _(
                "Melds to lay down are groups of cards, such as [['3H', '4H', '5H']], not {value}."
            ).format(value=quote(action.melds))
        )
    laid = Counter(card for meld in action.melds for card in meld)
    missing = laid - Counter(rest)
    if missing:
        card = sorted(missing, key=lambda c: c.sort_key)[0]
        raise GoOutError(
            _("Cannot go out: {card} is not in your hand to lay down.").format(card=card)
        )
    left = Counter(rest) - laid
    if left:
        cards = sorted(left, key=lambda c: c.sort_key)
        raise GoOutError(_not_in_a_meld(cards))
    for meld in action.melds:
        verdict = check_meld(meld, turn.rules)
        if not verdict.valid:
            raise GoOutError(
                _("Cannot go out: {cards} is not a meld. {reason}").format(
                    cards=format_cards(meld), reason=verdict.reason
                )
            )


def _allowed(turn: Turn, action: Action) -> bool:
    try:
        check_action(turn, action)
    except GameError:
        return False
    return True


_DRAWS = (DRAW_STOCK, TAKE_DISCARD)


def list_legal(turn: Turn) -> tuple[Action, ...]:
    """Every action the current player may take (going out with the engine's melds)."""
    if turn.phase == "draw":
        return tuple(a for a in _DRAWS if _allowed(turn, a))
    if turn.phase != "discard":
        return ()
    hand = tuple(turn.hand)  # the solver takes a tuple of cards as it is, with no parsing
    actions: list[Action] = [discard_of(c) for c in sorted(set(hand), key=card_order)]
    solver = shared_solver(turn.rules)
    actions += [GoOut(c) for c in solver.going_out_discards(hand)]
    if turn.no_final_discard and solver.can_go_out(hand):
        actions.append(GoOut(None))
    return tuple(actions)
