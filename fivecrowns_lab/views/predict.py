"""Commit before reveal: a lesson asks for a guess, and shows the answer only after it.

A lesson that asks a question hides the answer (the exact value, the plot layer
that gives it away, the simulated result) until the learner presses *Commit my
guess*, or *Just show me* to skip. Either way :class:`Predictions` records it in
``view.predictions`` (a list of dicts: lesson, question, guess or None, truth, time),
which the class-results work can read; the screen then shows the guess beside
the truth and a sentence about the gap (each lesson words its own verdict).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from ..i18n import gettext as _

__all__ = ["CommitRow", "Predictions"]


class Predictions(list[dict[str, Any]]):
    """The guesses a learner committed (or skipped) in one view, oldest first.

    ``send``, when given, is called with each guess as a class record (a question id of
    the class's catalogue and the guess), so a student who joined a class shares it.
    """

    def __init__(self, send: Callable[[dict[str, Any]], None] | None = None) -> None:
        super().__init__()
        self.send = send
        #: Called with each guess recorded (the lesson page opens its quiz on the first).
        self.listeners: list[Callable[[dict[str, Any]], None]] = []

    def record(
        self,
        lesson: str,
        question: str,
        guess: Any,
        truth: Any,
        ask: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """Add one guess (``None`` when the learner pressed *Just show me*).

        ``ask`` maps the class's question ids (:mod:`~fivecrowns_lab.classroom.predictions`)
        to the guess each records (None: skipped); a guess with no question id stays here.
        """
        entry = {
            "lesson": lesson,
            "question": question,
            "guess": guess,
            "truth": truth,
            "skipped": guess is None,
            "time": time.time(),
        }
        self.append(entry)
        for question_id, asked in (ask or {}).items():
            if self.send is not None:
                self.send({"kind": "prediction", "question": question_id, "guess": asked})
        for listener in list(self.listeners):
            listener(entry)
        return entry


class CommitRow(widgets.HBox):
    """*Commit my guess* and *Just show me*, for one question at a time.

    ``committed`` is True once either was pressed, until :meth:`reopen` (a new question).
    """

    def __init__(
        self,
        button: Callable[..., widgets.Button],
        commit: Callable[[], None],
        skip: Callable[[], None],
        commit_text: str | None = None,
    ) -> None:
        label = commit_text if commit_text is not None else _("Commit my guess")
        self.commit_button = button(label, commit, style="primary")
        self.skip_button = button(
            _("Just show me"),
            skip,
            tooltip=_("Skip the guess and see the answer (recorded as skipped)"),
        )
        super().__init__([self.commit_button, self.skip_button])
        self.layout.flex_flow = "row wrap"
        self.add_class("fc-commit")
        self.committed = False

    def close_question(self) -> None:
        """The guess is in (or skipped): the buttons are done until the next question."""
        self.committed = True
        self.commit_button.disabled = self.skip_button.disabled = True

    def reopen(self) -> None:
        """A new question: the buttons work again and the answer is hidden."""
        self.committed = False
        self.commit_button.disabled = self.skip_button.disabled = False
