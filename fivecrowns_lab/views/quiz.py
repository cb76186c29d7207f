"""A self-check quiz: one button per answer, instant feedback and an explanation for each."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

import ipywidgets as widgets

from ..content.quizzes import Answer, Question
from .base import View

__all__ = ["Answer", "Question", "Quiz"]


class Quiz(View):
    """Questions with answer buttons; a click says right or not, and explains."""

    title = "Check yourself"

    def __init__(self, questions: Sequence[Question], title: str = "Check yourself", **kwargs):
        super().__init__(**kwargs)
        self.title = title
        self.add_class("fc-quiz")
        self.questions = tuple(questions)
        self.answered: dict[int, bool] = {}
        self.buttons: list[list[widgets.Button]] = []
        self.feedback: list[widgets.HTML] = []
        body: list[widgets.Widget] = []
        for q, question in enumerate(self.questions):
            prompt = widgets.HTML(
                f"<div class='fc-question'>{q + 1}. {escape(question.prompt)}</div>"
            )
            row = []
            for a, answer in enumerate(question.answers):
                button = widgets.Button(description=answer.text, tooltip=answer.text)
                button.layout.width = "auto"
                button.on_click(self._guard(lambda _b, q=q, a=a: self.answer(q, a)))
                row.append(button)
            self.buttons.append(row)
            note = widgets.HTML("")
            self.feedback.append(note)
            body += [prompt, widgets.HBox(row, layout={"flex_flow": "row wrap"}), note]
        self.score = widgets.HTML("")
        self._frame(
            [*body, self.score], "Click an answer: you will see at once if it is right, and why."
        )
        self._show_score()

    def answer(self, q: int, a: int) -> bool:
        """Choose answer ``a`` to question ``q`` (what a click does); True if right."""
        answer = self.questions[q].answers[a]
        first_try = q not in self.answered
        if first_try:
            self.answered[q] = answer.correct
        for i, button in enumerate(self.buttons[q]):
            button.button_style = ""
            button.icon = ""
            if i == a:
                button.button_style = "success" if answer.correct else "danger"
                button.icon = "check" if answer.correct else "times"
        verdict = "Right!" if answer.correct else "Not quite."
        kind = "ok" if answer.correct else "error"
        self.feedback[q].value = (
            f"<div class='fc-msg fc-{kind}' role='status'><b>{verdict}</b> "
            f"{escape(answer.why)}</div>"
        )
        self._show_score()
        return answer.correct

    def _show_score(self) -> None:
        right = sum(self.answered.values())
        self.score.value = (
            f"<p><b>First-try score: {right} of {len(self.questions)}</b>"
            f" ({len(self.answered)} answered)</p>"
        )
