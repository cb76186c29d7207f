"""The one game loop: ask each seat's player for a move, apply it, until the game ends.

:func:`play_moves` yields each move just before it is applied (so a caller can time moves,
show them, or stop at a position); :func:`play_game` runs it through. A table where people
sit among the bots passes the bots by seat and stops the loop where a person is to play
(``until``), as the play lesson does.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, NamedTuple

from ..errors import GameError, quote
from ..i18n import gettext as _
from ..validators import is_numpy
from .actions import Action
from .observation import Observation

if TYPE_CHECKING:
    from .game import Game
    from .players import Player

__all__ = ["Move", "last_round_scored", "play_game", "play_moves"]


class Move(NamedTuple):
    """One move of :func:`play_moves`: the seat, what it saw, what it chose, and how long
    choosing took (seconds of wall clock)."""

    seat: int
    observation: Observation
    action: Action
    seconds: float


Players = Sequence["Player"] | Mapping[int, "Player"]


def last_round_scored(game: Game) -> bool:
    """True when the game's last round is scored and no playoff follows.

    Then :meth:`Game.next_round` only ends the game: a table need not wait for a click.
    """
    return (
        game.phase == "round_over"
        and len(game.round_results) >= game.rules.rounds
        and game.rules.ties == "shared"
    )


def play_moves(
    game: Game, players: Players, until: Callable[[Game], bool] | None = None
) -> Iterator[Move]:
    """Play ``game`` until it ends or ``until(game)`` is true, yielding each move just
    before it is applied.

    The one game loop: :func:`play_game` runs it through, and callers that time the
    moves or look for a position iterate it. Stop iterating to stop there: the move
    yielded last is then not applied. ``players`` is one player per seat, or a mapping
    from seats to players when some seats are people's (``until`` must then stop the
    loop before a seat without a player is to move). ``until`` is asked before every
    move and before dealing each next round. The players are checked at once, not on
    the first move.

    >>> from fivecrowns_lab.table.game import Game
    >>> from fivecrowns_lab.table.players import make_bot
    >>> game = Game(2, seed=1)
    >>> first = next(play_moves(game, [make_bot("greedy", 1), make_bot("greedy", 2)]))
    >>> first.seat, type(first.action).__name__, game.phase
    (1, 'Draw', 'draw')
    >>> game = Game(2, seed=1)
    >>> bot = {1: make_bot("greedy", 2)}  # seat 0 is a person's: stop on its turn
    >>> moves = list(play_moves(game, bot, until=lambda g: g.current_player == 0))
    >>> [type(m.action).__name__ for m in moves], game.current_player
    (['Draw', 'Discard'], 0)
    """
    from .game import Game  # the game module imports this one

    if not isinstance(game, Game):
        raise GameError(_("play_game plays a Game, not {value}.").format(value=quote(game)))
    seats = _seated(game, players)
    return _moves(game, seats, until or (lambda _game: False))


def _seated(game: Game, players: Players) -> dict[int, Player]:
    """``players`` by seat, checked: a choose method each, and seats the game has."""
    if isinstance(players, Mapping):
        if not all(isinstance(s, int) and 0 <= s < len(game.names) for s in players):
            raise GameError(
                _("This game has {seats} seats, but the players given sit at {given}.").format(
                    seats=len(game.names), given=quote(sorted(players, key=str))
                )
            )
        seats = dict(players)
    elif isinstance(players, (list, tuple)) and len(players) == len(game.names):
        seats = dict(enumerate(players))
    else:
        count = len(players) if isinstance(players, (list, tuple)) else quote(players)
        raise GameError(
            _("This game has {seats} seats, but the players given are {count}.").format(
                seats=len(game.names), count=count
            )
        )
    for player in seats.values():
        if is_numpy(player) or not callable(getattr(player, "choose", None)):
            raise GameError(
                _("A player has a choose(observation) method; {value} has none.").format(
                    value=quote(player)
                )
            )
    return seats


def _moves(
    game: Game, players: Mapping[int, Player], until: Callable[[Game], bool]
) -> Iterator[Move]:
    while not game.is_over and not until(game):
        if game.phase == "round_over":
            game.next_round()
            continue
        seat = game.current_player
        assert seat is not None
        if seat not in players:
            raise GameError(
                _(
                    "Seat {seat} has no player, and nothing stopped the game before its turn."
                ).format(seat=seat + 1)
            )
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
