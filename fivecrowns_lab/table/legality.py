"""Which moves are allowed now, and the sentence that says why one is not.

Every refusal is a :class:`GameError` (a ``ValueError``) whose message a learner can
read: "You must draw before you discard.", "Cannot go out: 9♣ is in no meld.",
"It is Ana's turn, not Ben's." Checking never changes the game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..core.cards import Card, format_cards
from ..core.melds import check_meld
from ..core.solver import best_arrangement, going_out_discards
from ..errors import CardNotHeldError, EmptyPileError, GameError, GoOutError, PhaseError, TurnError
from .actions import Action, Discard, Draw, GoOut, Source

if TYPE_CHECKING:
    from .game import Game

__all__ = [
    "CardNotHeldError",
    "EmptyPileError",
    "GameError",
    "GoOutError",
    "PhaseError",
    "TurnError",
    "check_action",
    "list_legal",
]


def _and(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def check_action(game: Game, action: Action, player: int | None = None) -> None:
    """Raise a :class:`GameError` saying why ``action`` is not allowed now in ``game``."""
    if game._phase == "game_over":
        raise TurnError("The game is over: no more moves.")
    if game._phase == "round_over":
        raise TurnError("The round is over: start the next round before playing on.")
    if player is not None and player != game._current:
        raise TurnError(f"It is {game.names[game._current]}'s turn, not {game.names[player]}'s.")
    hand = game._hands[game._current]
    if isinstance(action, Draw):
        _check_draw(game, action.source)
    elif isinstance(action, Discard):
        if game._phase == "draw":
            raise PhaseError("You must draw before you discard.")
        _check_held(action.card, hand, "discard")
    elif isinstance(action, GoOut):
        if game._phase == "draw":
            raise PhaseError("You must draw before you go out.")
        _check_go_out(game, action, hand)
    else:
        raise GameError(f"{action!r} is not an action of a game at the table.")


def _check_draw(game: Game, source: Source) -> None:
    if game._phase == "discard":
        raise PhaseError("You have already drawn this turn: discard a card or go out.")
    if source == "discard" and not game._discard:
        raise EmptyPileError("The discard pile is empty: draw from the stock.")
    if source == "stock" and not game._stock and len(game._discard) < 2:
        raise EmptyPileError(
            "The stock is empty and the discard pile has only its top card: take that card."
        )


def _check_held(card: Card | None, hand: list[Card], verb: str) -> None:
    if not isinstance(card, Card):
        raise GameError(f"{card!r} is not a card.")
    if card not in hand:
        raise CardNotHeldError(f"You cannot {verb} {card}: it is not in your hand.")


def _check_go_out(game: Game, action: GoOut, hand: list[Card]) -> None:
    rest = list(hand)
    if action.discard is None:
        if not game.rules.no_final_discard:
            raise GoOutError(
                "Going out needs a final discard: melding every card with no discard "
                "is a variant that is off in this game."
            )
    else:
        _check_held(action.discard, hand, "discard")
        rest.remove(action.discard)
    if action.melds is None:
        arrangement = best_arrangement(rest, game._round_no)
        if arrangement.leftover:
            cards = sorted(set(arrangement.leftover), key=lambda c: c.sort_key)
            words = "is in no meld" if len(cards) == 1 else "are in no meld"
            raise GoOutError(f"Cannot go out: {_and([str(c) for c in cards])} {words}.")
        return
    laid = Counter(card for meld in action.melds for card in meld)
    missing = laid - Counter(rest)
    if missing:
        card = sorted(missing, key=lambda c: c.sort_key)[0]
        raise GoOutError(f"Cannot go out: {card} is not in your hand to lay down.")
    left = Counter(rest) - laid
    if left:
        cards = sorted(left, key=lambda c: c.sort_key)
        words = "is in no meld" if len(cards) == 1 else "are in no meld"
        raise GoOutError(f"Cannot go out: {_and([str(c) for c in cards])} {words}.")
    for meld in action.melds:
        verdict = check_meld(meld, game._round_no)
        if not verdict.valid:
            raise GoOutError(
                f"Cannot go out: {format_cards(meld)} is not a meld. {verdict.reason}"
            )


def list_legal(game: Game) -> tuple[Action, ...]:
    """Every action the current player may take (going out with the engine's melds)."""
    if game._phase == "draw":
        return tuple(a for a in (Draw("stock"), Draw("discard")) if game.can(a))
    if game._phase != "discard":
        return ()
    hand = game._hands[game._current]
    ordered = sorted(set(hand), key=lambda c: c.sort_key)
    actions: list[Action] = [Discard(c) for c in ordered]
    actions += [GoOut(c) for c in going_out_discards(hand, game._round_no)]
    if game.rules.no_final_discard and not best_arrangement(hand, game._round_no).leftover:
        actions.append(GoOut(None))
    return tuple(actions)
