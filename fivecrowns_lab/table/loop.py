"""The one game loop: ask each seat's player for a move, apply it, until the game ends.

:func:`play_moves` yields each move just before it is applied (so a caller can time moves
or stop at a position); :func:`play_game` runs it through.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, NamedTuple

from ..errors import GameError, quote
from ..i18n import gettext as _
from ..validators import is_numpy
from .actions import Action
from .observation import Observation

if TYPE_CHECKING:
    from .game import Game
    from .players import Player

__all__ = ["Move", "play_game", "play_moves"]


class Move(NamedTuple):
    """One move of :func:`play_moves`: the seat, what it saw, what it chose, and how long
    choosing took (seconds of wall clock)."""

    seat: int
    observation: Observation
    action: Action
    seconds: float


def play_moves(game: Game, players: Sequence[Player]) -> Iterator[Move]:
    """Play ``game`` to its end, yielding each move just before it is applied.

    The one game loop: :func:`play_game` runs it through, and callers that time the
    moves or look for a position iterate it. Stop iterating to stop there: the move
    yielded last is then not applied. The players are checked at once, not on the
    first move.

    >>> from fivecrowns_lab.table.game import Game
    >>> from fivecrowns_lab.table.players import make_bot
    >>> game = Game(2, seed=1)
    >>> first = next(play_moves(game, [make_bot("greedy", 1), make_bot("greedy", 2)]))
    >>> first.seat, type(first.action).__name__, game.phase
    (1, 'Draw', 'draw')
    """
    from .game import Game  # the game module imports this one

    if not isinstance(game, Game):
        raise GameError(_("play_game plays a Game, not {value}.").format(value=quote(game)))
    if not isinstance(players, (list, tuple)) or len(players) != len(game.names):
        count = len(players) if isinstance(players, (list, tuple)) else quote(players)
        raise GameError(
            _("This game has {seats} seats, but the players given are {count}.").format(
                seats=len(game.names), count=count
            )
        )
    for player in players:
        if is_numpy(player) or not callable(getattr(player, "choose", None)):
            raise GameError(
                _("A player has a choose(observation) method; {value} has none.").format(
                    value=quote(player)
                )
            )
    return _moves(game, players)


def _moves(game: Game, players: Sequence[Player]) -> Iterator[Move]:
    while not game.is_over:
        if game.phase == "round_over":
            game.next_round()
            continue
        seat = game.current_player
        assert seat is not None
        observation = game.observation(seat)
        start = time.perf_counter()
        action = players[seat].choose(observation)
        yield Move(seat, observation, action, time.perf_counter() - start)
        game.apply(action, seat)


def play_game(game: Game, players: Sequence[Player]) -> Game:
    """Ask each player in turn for an action until the game is over; return the game."""
    for _move in play_moves(game, players):
        pass
    return game
