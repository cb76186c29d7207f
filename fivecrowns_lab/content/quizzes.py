"""The lessons' self-check quizzes by topic and by lesson (plain data, no widgets here).

Each question names a mistake people commonly make about Five Crowns, and every
answer says why it is right or wrong; :class:`fivecrowns_lab.views.quiz.Quiz`
shows them with instant feedback (checked in the page, so it needs no kernel).

The banks live by subject (:mod:`~fivecrowns_lab.content.game_quizzes`,
:mod:`~fivecrowns_lab.content.odds_quizzes`, :mod:`~fivecrowns_lab.content.expert_quiz`)
and are named here once, by topic. To give a lesson a quiz: add its bank to one of
those modules under a topic name, name that topic in the lesson's record of the registry
(``quiz=`` in :data:`~fivecrowns_lab.content.catalogue.CATALOGUE`), and end the lesson's
factory with ``lesson_page(view, "NN")`` (in :mod:`fivecrowns_lab.lessons`). The lesson
then gets the quiz, its printable worksheet with an answer key, and the previous/next
links.

>>> [q.prompt[:30] for q in QUIZZES["cards"]][:1]
['How many rounds does a full ga']
>>> quiz_for_lesson("03")
'scoring'
"""

from __future__ import annotations

from .catalogue import CATALOGUE
from .expert_quiz import EXPERT_QUIZ
from .game_quizzes import GAME_QUIZZES
from .odds_quizzes import ODDS_QUIZZES
from .quiz_model import Answer, Question, bank_state

__all__ = ["LESSON_QUIZZES", "QUIZZES", "Answer", "Question", "bank_state", "quiz_for_lesson"]

#: Every quiz bank, by topic.
QUIZZES: dict[str, tuple[Question, ...]] = {
    **GAME_QUIZZES,
    **ODDS_QUIZZES,
    "expert": EXPERT_QUIZ,
}

#: The quiz of each lesson, by lesson number: the ``quiz`` of its record in the lesson
#: registry (:data:`~fivecrowns_lab.content.catalogue.CATALOGUE`).
LESSON_QUIZZES: dict[str, str] = {e.number: e.quiz for e in CATALOGUE if e.quiz is not None}


def quiz_for_lesson(number: str) -> str | None:
    """The quiz topic of a lesson (``"03"`` gives ``"scoring"``), or None if it has none."""
    return LESSON_QUIZZES.get(number)
