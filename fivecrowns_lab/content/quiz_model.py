"""A self-check question as plain data: a prompt, its answers, and why each is right or wrong.

The banks are in :mod:`~fivecrowns_lab.content.game_quizzes` (lessons 01-06),
:mod:`~fivecrowns_lab.content.odds_quizzes` (07-11) and
:mod:`~fivecrowns_lab.content.expert_quiz` (12); :mod:`~fivecrowns_lab.content.quizzes`
names them by topic and by lesson.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import LessonError
from ..i18n import gettext as _

__all__ = ["Answer", "Question", "bank_state"]


@dataclass(frozen=True)
class Answer:
    """One answer: its text, whether it is right, and why."""

    text: str
    correct: bool
    why: str


@dataclass(frozen=True)
class Question:
    """A prompt and its answers (exactly one of them right)."""

    prompt: str
    answers: tuple[Answer, ...]

    def __post_init__(self) -> None:
        if sum(a.correct for a in self.answers) != 1:
            raise LessonError(f"Question {self.prompt!r} needs exactly one right answer.")

    @property
    def right(self) -> int:
        """The index of the right answer."""
        return next(i for i, a in enumerate(self.answers) if a.correct)


def bank_state(questions: tuple[Question, ...]) -> list[dict[str, Any]]:
    """A quiz bank as plain JSON-ready data (what the quiz widget sends the page)."""
    return [
        {
            # in the learner's language (the banks of lessons 02 and 04 are in the catalogue)
            "prompt": _(q.prompt),
            "answers": [
                {"text": _(a.text), "correct": a.correct, "why": _(a.why)} for a in q.answers
            ],
        }
        for q in questions
    ]
