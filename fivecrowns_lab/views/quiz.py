"""A self-check quiz that answers with or without a kernel.

The questions, their answers and every explanation live in the widget's synced state,
and the page's JavaScript (``quiz.js``) checks a click locally. So the same quiz works
in Voilà, in JupyterLab, on the static documentation site and on any page that embeds
the widget state. This is a self-check quiz, not an exam: the right answers are in the
page for anyone who reads its source, on purpose.

With a kernel, each click is also synced back (``choices``), so Python sees the score,
and :meth:`Quiz.answer` drives the same quiz from a test. *Reset* clears the answers, an
end summary explains what was missed, and *Download my results* saves a CSV file (a
``data:`` link, so it needs no server) for a learner to hand in.
"""

from __future__ import annotations

import csv
import io
import unicodedata
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from urllib.parse import quote

import anywidget
import traitlets

from ..content.catalogue import lesson
from ..content.handout import handout_data_url, handout_filename
from ..content.quizzes import LESSON_QUIZZES, Answer, Question, bank_state
from ..errors import LessonError
from ..i18n import gettext as _

__all__ = ["RESULTS_HEADER", "Answer", "Question", "Quiz"]

_HERE = Path(__file__).parent

#: The columns of the results file, as a learner's spreadsheet shows them.
RESULTS_HEADER = (
    "lesson",
    "name",
    "question",
    "first answer",
    "right the first time",
    "tries",
    "right answer",
)
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


class _Name(traitlets.Unicode):  # type: ignore[type-arg]
    """A learner's name: any text up to 80 characters; anything else a page sends is ''.

    A line break or tab becomes a space and invisible format characters go (a name in the
    results file stays on its row); spaces stay as typed, since the box syncs as the
    learner types and a trimmed end would eat the space before the next word.
    """

    def validate(self, obj: Any, value: Any) -> str:
        if not isinstance(value, str):
            return ""
        kept = (
            " " if unicodedata.category(c) in ("Cc", "Zl", "Zp") else c
            for c in value
            if unicodedata.category(c) != "Cf"
        )
        return "".join(kept)[:80]


def _cell(text: str) -> str:
    """A CSV cell that a spreadsheet never runs as a formula."""
    return "'" + text if text.startswith(_FORMULA_START) else text


def _words() -> dict[str, str]:
    """What quiz.js writes around the questions; ``{name}`` fields are filled in there."""
    return {
        "intro": _(
            "Click an answer: you will see at once if it is right, and why. "
            "The score counts your first try at each question."
        ),
        "name": _("Your name (for the results file) "),
        "download": _("Download my results (CSV)"),
        "reset": _("Reset"),
        "handout": _("Printable worksheet with answer key"),
        "right": _("Right! "),
        "wrong": _("Not quite. "),
        "score": _("First-try score: {right} of {total} ({answered} answered)"),
        "finished": _("Finished: {right} of {total} right the first time."),
        "again": _("Worth another look:"),
        "first": _("You first said “{said}”: {why} The answer is “{answer}”."),
        "perfect": _("Every answer right at the first try. Well done!"),
    }


class Quiz(anywidget.AnyWidget):
    """Questions with answer buttons; a click says right or not, and explains why."""

    _esm = _HERE / "quiz.js"
    _css = _HERE / "quiz.css"

    heading = traitlets.Unicode("Check yourself").tag(sync=True)
    lesson_label = traitlets.Unicode("").tag(sync=True)
    bank = traitlets.List(traitlets.Dict()).tag(sync=True)
    # Untyped on purpose: the validators below clean whatever a page sends.
    choices: traitlets.List[Any] = traitlets.List().tag(sync=True)
    learner = _Name("").tag(sync=True)
    handout_url = traitlets.Unicode("").tag(sync=True)
    handout_name = traitlets.Unicode("").tag(sync=True)
    #: The quiz bank's topic: the page sends first tries to a class by it (classlink.js).
    class_topic = traitlets.Unicode("").tag(sync=True)
    #: The page's own words in the learner's language (quiz.js falls back to English).
    words = traitlets.Dict().tag(sync=True)

    def __init__(
        self,
        questions: Sequence[Question],
        title: str | None = None,
        *,
        topic: str = "",
        **kwargs: Any,
    ) -> None:
        self.questions: tuple[Question, ...] = tuple(questions)
        if not self.questions:
            raise LessonError("A quiz needs at least one question.")
        self.topic = topic
        number = next((n for n, t in LESSON_QUIZZES.items() if t == topic), None)
        extra: dict[str, Any] = {}
        if number is not None:
            entry = lesson(number)
            extra = {
                "lesson_label": entry.label,
                "handout_url": handout_data_url(number),
                "handout_name": handout_filename(number),
            }
        super().__init__(
            heading=_("Check yourself") if title is None else title,
            words=_words(),
            bank=bank_state(self.questions),
            choices=[[] for _ in self.questions],
            class_topic=topic,
            **extra,
            **kwargs,
        )
        self.add_class("fc-quiz-widget")

    @traitlets.validate("choices")
    def _valid_choices(self, proposal: dict[str, Any]) -> list[list[int]]:
        """Keep only real answer indices (the page could send anything)."""
        value = proposal["value"]
        clean: list[list[int]] = []
        for q, question in enumerate(self.questions):
            tries = value[q] if isinstance(value, list) and q < len(value) else []
            n = len(question.answers)
            clean.append(
                [a for a in tries if isinstance(a, int) and not isinstance(a, bool) and 0 <= a < n]
                if isinstance(tries, list)
                else []
            )
        return clean

    # -- what a click does, from Python -------------------------------------------------
    def answer(self, q: int, a: int) -> bool:
        """Choose answer ``a`` to question ``q`` (what a click does); True if it is right."""
        if not (isinstance(q, int) and 0 <= q < len(self.questions)):
            raise LessonError(f"There is no question {q!r:.40}; this quiz has {len(self)}.")
        answers = self.questions[q].answers
        if not (isinstance(a, int) and 0 <= a < len(answers)):
            raise LessonError(f"Question {q + 1} has no answer {a!r:.40}.")
        chosen = [list(tries) for tries in self.choices]
        chosen[q].append(a)
        self.choices = chosen
        return answers[a].correct

    def reset(self) -> None:
        """Clear every answer (what the Reset button does)."""
        self.choices = [[] for _ in self.questions]

    def __len__(self) -> int:
        return len(self.questions)

    # -- what the page shows, computed the same way in Python ---------------------------
    @property
    def first_tries(self) -> dict[int, bool]:
        """Question index → whether its first answer was right (answered questions only)."""
        return {
            q: self.questions[q].answers[tries[0]].correct
            for q, tries in enumerate(self.choices)
            if tries
        }

    def feedback_text(self, q: int) -> str:
        """The feedback under question ``q`` for its latest answer ('' if unanswered)."""
        tries = self.choices[q]
        if not tries:
            return ""
        answer = self.questions[q].answers[tries[-1]]
        return f"{'Right!' if answer.correct else 'Not quite.'} {answer.why}"

    def score_text(self) -> str:
        """``'First-try score: 3 of 5 (4 answered)'``."""
        first = self.first_tries
        text = str(self.words["score"])
        return text.format(right=sum(first.values()), total=len(self), answered=len(first))

    @property
    def finished(self) -> bool:
        """True once every question has an answer."""
        return all(self.choices)

    def results_rows(self) -> list[tuple[str, ...]]:
        """One row per question, as in the downloaded file (header first)."""
        rows: list[tuple[str, ...]] = [RESULTS_HEADER]
        for question, tries in zip(self.questions, self.choices, strict=True):
            first = question.answers[tries[0]] if tries else None
            rows.append(
                (
                    _cell(self.lesson_label or self.heading),
                    _cell(self.learner),
                    _cell(question.prompt),
                    _cell(first.text) if first else "",
                    ("yes" if first.correct else "no") if first else "not answered",
                    str(len(tries)),
                    _cell(question.answers[question.right].text),
                )
            )
        return rows

    def results_csv(self) -> str:
        """The learner's results as CSV text (every cell quoted, one line per question)."""
        out = io.StringIO()
        csv.writer(out, quoting=csv.QUOTE_ALL, lineterminator="\n").writerows(self.results_rows())
        return out.getvalue()

    def results_url(self) -> str:
        """The results as the ``data:`` link the Download button points at."""
        return "data:text/csv;charset=utf-8," + quote(self.results_csv(), safe="-_.!~*'()")
