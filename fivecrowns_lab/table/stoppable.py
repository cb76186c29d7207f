"""A bot that a Stop button can interrupt between two moves.

A lesson that plays many games on a background thread ends a run within one move of a
*Stop* click: each bot checks the run's stop flag before it chooses, and raises
:class:`StopRequested` once it is set (the game being played is then dropped).
"""

from __future__ import annotations

import threading

from .actions import Action
from .observation import Observation
from .players import make_bot

__all__ = ["StopRequested", "StoppableBot"]


class StopRequested(Exception):
    """Raised inside a step when the learner pressed Stop (the step is dropped)."""


class StoppableBot:
    """A bot, by name, that raises :class:`StopRequested` before a move once Stop is pressed.

    It plays exactly like ``make_bot(name, seed)`` (it is one, wrapped), so a run's
    games are the same as the engine's for the same seed.
    """

    def __init__(self, name: str, stop: threading.Event, seed: int | None = 0) -> None:
        self.name = name
        self._stop = stop
        self._bot = make_bot(name, seed)

    def with_seed(self, seed: int) -> StoppableBot:
        """The same bot with a new seed (a new game's), sharing the stop flag."""
        return StoppableBot(self.name, self._stop, seed)

    def choose(self, observation: Observation) -> Action:
        """The wrapped bot's move, unless Stop was pressed."""
        if self._stop.is_set():
            raise StopRequested
        return self._bot.choose(observation)
