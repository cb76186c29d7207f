"""The lessons' self-check quizzes by topic and by lesson (plain data, no widgets here).

Each question names a mistake people commonly make about Five Crowns, and every
answer says why it is right or wrong; :class:`fivecrowns_lab.views.quiz.Quiz`
shows them with instant feedback (checked in the page, so it needs no kernel).

The banks live by subject (:mod:`~fivecrowns_lab.content.game_quizzes`,
:mod:`~fivecrowns_lab.content.odds_quizzes`, :mod:`~fivecrowns_lab.content.expert_quiz`)
and are named here once, by topic. To give a lesson a quiz: add its bank to one of
those modules under a topic name, map the lesson's number to that topic in
``LESSON_QUIZZES``, and end the lesson's factory with ``lesson_page(view, "NN")`` (in
:mod:`fivecrowns_lab.lessons`). The lesson then gets the quiz, its printable worksheet
with an answer key, and the previous/next links.

>>> [q.prompt[:30] for q in QUIZZES["cards"]][:1]
['How many rounds does a full ga']
>>> quiz_for_lesson("03")
'scoring'
"""

from __future__ import annotations

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

#: The quiz of each lesson, by lesson number (lessons add their topic here).
LESSON_QUIZZES: dict[str, str] = {
    "01": "cards",
    "02": "melds",
    "03": "scoring",
    "04": "play",
    "05": "solitaire",
    "06": "scorekeeping",
    "07": "wilds",
    "08": "go-out",
    "09": "outs",
    "10": "strategy",
    "11": "solitaire-odds",
    "12": "expert",
}


def quiz_for_lesson(number: str) -> str | None:
    """The quiz topic of a lesson (``"03"`` gives ``"scoring"``), or None if it has none."""
    return LESSON_QUIZZES.get(number)
