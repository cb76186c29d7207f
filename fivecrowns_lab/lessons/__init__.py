"""One registry of lesson factories, each returning the widget a lesson notebook ends with.

The views are imported inside each factory, so importing this module (or the
engine) never loads a widget library. The self-check questions are plain data
in :mod:`fivecrowns_lab.content.quizzes`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..content.quizzes import QUIZZES, Answer, Question
from ..errors import LessonError

__all__ = [
    "QUIZZES",
    "Answer",
    "Question",
    "deal_lab",
    "gallery",
    "go_out_lesson",
    "how_the_expert_plays",
    "meld_lab",
    "outs_lesson",
    "play_lesson",
    "quiz",
    "schedule_lesson",
    "scorekeeper",
    "scoring_lesson",
    "solitaire_lesson",
    "solitaire_odds_lesson",
    "strategy_lab",
    "wild_count_lesson",
]


def quiz(topic: str) -> Any:
    """The self-check quiz of a lesson: ``"cards"``, ``"melds"`` or ``"scoring"``."""
    from ..views.quiz import Quiz

    if topic not in QUIZZES:
        raise LessonError(f"There is no quiz on {topic!r}; try one of {sorted(QUIZZES)}.")
    return Quiz(QUIZZES[topic])


def _with_quiz(view: Any, topic: str) -> Any:
    from ..views.base import Lesson

    return Lesson(view, quiz(topic))


def schedule_lesson(round_no: int = 1) -> Any:
    """Lesson 01: the wild-card schedule, then a quiz."""
    from ..views.schedule import ScheduleView

    return _with_quiz(ScheduleView(round_no), "cards")


def deal_lab(round_no: int = 3, seed: int = 1) -> Any:
    """Deal a seeded hand and see its best arrangement."""
    from ..views.deal import DealLab

    return DealLab(round_no, seed)


def meld_lab(round_no: int = 5, seed: int = 7, cards: str | None = None) -> Any:
    """Lesson 02: build books and runs, then a quiz."""
    from ..views.meld_lab import MeldLab

    return _with_quiz(MeldLab(round_no, seed, cards), "melds")


def scoring_lesson(round_no: int = 6, players: int = 4, seed: int = 3) -> Any:
    """Lesson 03: a finished round scored step by step, then a quiz."""
    from ..views.scoring import ScoringLesson

    return _with_quiz(ScoringLesson(round_no, players, seed), "scoring")


def play_lesson(bots: int = 2, level: str = "greedy", humans: int = 1, seed: int = 7) -> Any:
    """Lesson 04: play against 1 to 6 bots (several people can share the screen)."""
    from ..views.play import PlayLesson

    return PlayLesson(bots=bots, level=level, humans=humans, seed=seed)


def solitaire_lesson(seed: int = 1) -> Any:
    """Lesson 05: Five Crowns Solitaire, eleven hands at once."""
    from ..views.solitaire import SolitaireLesson

    return SolitaireLesson(seed)


def scorekeeper(path: str | Path | None = None) -> Any:
    """Lesson 06: keep the score of a real game (autosaved to ``path``)."""
    from ..views.scorekeeper import Scorekeeper

    return Scorekeeper(path)


def gallery(directory: str | Path | None = None) -> Any:
    """Lesson 00: links to every lesson notebook."""
    from ..views.gallery import Gallery

    return Gallery(directory)


def wild_count_lesson(round_no: int = 5, seed: int = 2026) -> Any:
    """Lesson 07: the exact distribution of wild cards beside a histogram of dealt hands."""
    from ..views.probability import WildCountLesson

    return WildCountLesson(round_no=round_no, seed=seed)


def go_out_lesson(n: int = 1000, seed: int = 1) -> Any:
    """Lesson 08: going out on the deal, exact and simulated, across the rounds."""
    from ..views.probability import GoOutLesson

    return GoOutLesson(n=n, seed=seed)


def outs_lesson(round_no: int = 4, hand: str = "8H 9H 10H QS QC KD") -> Any:
    """Lesson 09: the outs of a hand and the chance of drawing one, exact and by rule of thumb."""
    from ..views.probability import OutsLesson

    return OutsLesson(round_no=round_no, hand=hand)


def strategy_lab(players: tuple[str, ...] = ("greedy", "random"), n_games: int = 20) -> Any:
    """Lesson 10: pick bots and variants, play many games, compare with intervals."""
    from ..views.strategy import StrategyLab

    return StrategyLab(players=players, n_games=n_games)


def solitaire_odds_lesson(n: int = 10, seed: int = 1) -> Any:
    """Lesson 11: the solitaire bot's win rate, with a confidence interval."""
    from ..views.strategy import SolitaireOddsLesson

    return SolitaireOddsLesson(n=n, seed=seed)


def how_the_expert_plays(seed: int = 1) -> Any:
    """Lesson 12: a real position where the expert and greedy disagree, then a quiz."""
    from ..views.base import Lesson
    from ..views.expert import EXPERT_QUIZ, ExpertLesson
    from ..views.quiz import Quiz

    return Lesson(ExpertLesson(seed), Quiz(EXPERT_QUIZ))
