"""One factory per probability lesson (notebooks 07 to 11), each returning a widget.

The views are imported inside each factory, so importing this module never
loads a widget library.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "go_out_lesson",
    "outs_lesson",
    "solitaire_odds_lesson",
    "strategy_lab",
    "wild_count_lesson",
]


def wild_count_lesson(round_no: int = 5, seed: int = 2026) -> Any:
    """Lesson 07: the exact distribution of wild cards beside a histogram of dealt hands."""
    from .views.probability import WildCountLesson

    return WildCountLesson(round_no=round_no, seed=seed)


def go_out_lesson(n: int = 1000, seed: int = 1) -> Any:
    """Lesson 08: going out on the deal, exact and simulated, across the rounds."""
    from .views.probability import GoOutLesson

    return GoOutLesson(n=n, seed=seed)


def outs_lesson(round_no: int = 4, hand: str = "8H 9H 10H QS QC KD") -> Any:
    """Lesson 09: the outs of a hand and the chance of drawing one, exact and by rule of thumb."""
    from .views.probability import OutsLesson

    return OutsLesson(round_no=round_no, hand=hand)


def strategy_lab(players: tuple[str, ...] = ("greedy", "random"), n_games: int = 20) -> Any:
    """Lesson 10: pick bots and variants, play many games, compare with intervals."""
    from .views.strategy import StrategyLab

    return StrategyLab(players=players, n_games=n_games)


def solitaire_odds_lesson(n: int = 10, seed: int = 1) -> Any:
    """Lesson 11: the solitaire bot's win rate, with a confidence interval."""
    from .views.strategy import SolitaireOddsLesson

    return SolitaireOddsLesson(n=n, seed=seed)
