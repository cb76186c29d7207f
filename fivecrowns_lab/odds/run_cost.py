"""What one run of simulated games costs: seconds per game by bot, and the caps they set.

A lesson plays its games while a learner waits, so each run is capped at about
:data:`PLANNED_SECONDS` of one core. The figures are measured (``benchmarks/``) and
doubled for a busy server; a browser kernel (Pyodide) plays slower by
:data:`BROWSER_SLOWDOWN`.

>>> game_cap(["greedy", "random"]) > game_cap(["lookahead"] * 4) >= 2
True
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from ..core.rules import LAST_ROUND

__all__ = [
    "BROWSER_SLOWDOWN",
    "GAME_SECONDS",
    "PLANNED_SECONDS",
    "SOLITAIRE_DEAL_SECONDS",
    "UNMEASURED_SECONDS",
    "game_cap",
    "slowdown",
    "solitaire_cap",
]

#: Seconds one seat of each bot adds to an 11-round game, on one core of the lesson server:
#: twice what ``benchmarks/lesson_work.py`` measured on a quiet core (random 0.030, greedy
#: 0.017, lookahead 0.033, expert 0.148), for a server that is busy. A bot missing here,
#: like a new slow level, counts as ``UNMEASURED_SECONDS`` until measured, and the time
#: budget bounds it anyway.
GAME_SECONDS: dict[str, float] = {
    "random": 0.06,
    "greedy": 0.035,
    "lookahead": 0.07,
    "expert": 0.3,
}
UNMEASURED_SECONDS = 10.0
#: Seconds per solitaire deal played by the bot (same benchmark: 0.024 measured).
SOLITAIRE_DEAL_SECONDS = 0.05
#: How much longer the same work takes in a browser kernel (the static site):
#: ``benchmarks/pyodide_games.py`` measured Pyodide at 0.49 (greedy) and 0.46 (expert) of
#: CPython's games a second.
BROWSER_SLOWDOWN = 2.2
#: The planned length of the longest run; a lesson's wall-clock budget is a backstop.
PLANNED_SECONDS = 150.0


def slowdown() -> float:
    """How much longer a game takes in this kernel than the plan's figures say."""
    return BROWSER_SLOWDOWN if sys.platform == "emscripten" else 1.0


def game_cap(
    players: Sequence[str], rounds: int = LAST_ROUND, seconds: float = PLANNED_SECONDS
) -> int:
    """The most games these seats may play in one run: about ``seconds`` of one core."""
    per_game = sum(GAME_SECONDS.get(p, UNMEASURED_SECONDS) for p in players) * rounds / LAST_ROUND
    return max(2, int(seconds / (per_game * slowdown())))


def solitaire_cap(seconds: float = PLANNED_SECONDS) -> int:
    """The most solitaire deals one run may play."""
    return max(2, int(seconds / (SOLITAIRE_DEAL_SECONDS * slowdown())))
