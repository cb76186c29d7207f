"""One factory per lesson, each returning the widget a lesson notebook ends with.

The views are imported inside each factory, so importing this module (or the
engine) never loads a widget library. The self-check questions are plain data
in :mod:`fivecrowns_lab.quizzes`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .quizzes import QUIZZES, Answer, Question

__all__ = [
    "QUIZZES",
    "Answer",
    "Question",
    "deal_lab",
    "gallery",
    "meld_lab",
    "play_lesson",
    "quiz",
    "schedule_lesson",
    "scorekeeper",
    "scoring_lesson",
    "solitaire_lesson",
]


def quiz(topic: str) -> Any:
    """The self-check quiz of a lesson: ``"cards"``, ``"melds"`` or ``"scoring"``."""
    from .views.quiz import Quiz

    if topic not in QUIZZES:
        raise ValueError(f"There is no quiz on {topic!r}; try one of {sorted(QUIZZES)}.")
    return Quiz(QUIZZES[topic])


def _with_quiz(view: Any, topic: str) -> Any:
    from .views.base import Lesson

    return Lesson(view, quiz(topic))


def schedule_lesson(round_no: int = 1) -> Any:
    """Lesson 01: the wild-card schedule, then a quiz."""
    from .views.schedule import ScheduleView

    return _with_quiz(ScheduleView(round_no), "cards")


def deal_lab(round_no: int = 3, seed: int = 1) -> Any:
    """Deal a seeded hand and see its best arrangement."""
    from .views.deal import DealLab

    return DealLab(round_no, seed)


def meld_lab(round_no: int = 5, seed: int = 7, cards: str | None = None) -> Any:
    """Lesson 02: build books and runs, then a quiz."""
    from .views.meld_lab import MeldLab

    return _with_quiz(MeldLab(round_no, seed, cards), "melds")


def scoring_lesson(round_no: int = 6, players: int = 4, seed: int = 3) -> Any:
    """Lesson 03: a finished round scored step by step, then a quiz."""
    from .views.scoring import ScoringLesson

    return _with_quiz(ScoringLesson(round_no, players, seed), "scoring")


def play_lesson(bots: int = 2, level: str = "greedy", humans: int = 1, seed: int = 7) -> Any:
    """Lesson 04: play against 1 to 6 bots (several people can share the screen)."""
    from .views.play import PlayLesson

    return PlayLesson(bots=bots, level=level, humans=humans, seed=seed)


def solitaire_lesson(seed: int = 1) -> Any:
    """Lesson 05: Five Crowns Solitaire, eleven hands at once."""
    from .views.solitaire import SolitaireLesson

    return SolitaireLesson(seed)


def scorekeeper(path: str | Path | None = None) -> Any:
    """Lesson 06: keep the score of a real game (autosaved to ``path``)."""
    from .views.scorekeeper import Scorekeeper

    return Scorekeeper(path)


def gallery(directory: str | Path | None = None) -> Any:
    """Lesson 00: links to every lesson notebook."""
    from .views.gallery import Gallery

    return Gallery(directory)
