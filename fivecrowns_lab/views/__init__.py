"""The interactive views: the ONLY part of Five Crowns Lab that imports ipywidgets or anywidget.

Each view is a widget built over the engine; :mod:`fivecrowns_lab.lessons` has
one factory per lesson that returns one of them.
"""

from .base import Status, View
from .deal import DealLab
from .gallery import Gallery, find_lessons
from .hand import HandWidget
from .meld_lab import MeldLab
from .play import PlayLesson
from .quiz import Answer, Question, Quiz
from .schedule import ScheduleView
from .scorekeeper import ScoreError, Scorekeeper, ScoreSheet, placements
from .scoring import FinishedRound, ScoringLesson, finished_round
from .solitaire import SolitaireLesson

__all__ = [
    "Answer",
    "DealLab",
    "FinishedRound",
    "Gallery",
    "HandWidget",
    "MeldLab",
    "PlayLesson",
    "Question",
    "Quiz",
    "ScheduleView",
    "ScoreError",
    "ScoreSheet",
    "Scorekeeper",
    "ScoringLesson",
    "SolitaireLesson",
    "Status",
    "View",
    "find_lessons",
    "finished_round",
    "placements",
]
