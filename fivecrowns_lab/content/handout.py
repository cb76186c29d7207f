"""A printable worksheet per lesson: what it teaches, its quiz, and an answer key.

The worksheet is one self-contained HTML page (no scripts, no outside files) that prints
on A4 or Letter: the questions on the first pages with a box to tick, the answer key
with the explanations on a page of its own. :func:`handout_data_url` packs it into a
``data:`` link, which a lesson offers as a download, so it works in Voilà, on a static
page and offline.

>>> html = handout_html("03")
>>> "Scoring a round" in html and "Answer key" in html
True
"""

from __future__ import annotations

import base64
from html import escape

from ..errors import LessonError
from ..i18n import get_language
from ..i18n import gettext as _
from .catalogue import lesson
from .quizzes import QUIZZES, Question, quiz_for_lesson

__all__ = ["handout_data_url", "handout_filename", "handout_html"]

_LETTERS = "ABCDEFGH"

_PRINT_CSS = """
body { font-family: "DejaVu Sans", Arial, sans-serif; color: #111; background: #fff;
       max-width: 44em; margin: 1.5em auto; padding: 0 1em; line-height: 1.45; }
h1 { font-size: 1.5em; margin-bottom: .2em; }
.meta { color: #333; margin-top: 0; }
.name { margin: 1em 0 1.5em; }
.name span { display: inline-block; min-width: 16em; border-bottom: 1px solid #111; }
ol.questions > li { margin: 0 0 1.1em; break-inside: avoid; }
ul.choices { list-style: none; padding-left: .5em; margin: .3em 0; }
ul.choices li::before { content: "\\2610\\00a0"; }
.key { break-before: page; page-break-before: always; }
.key li { margin-bottom: .6em; break-inside: avoid; }
@media print { body { margin: 0; max-width: none; } a { color: inherit; } }
"""


def handout_filename(number: str) -> str:
    """``'lesson-03-handout.html'`` (``'lesson-03-handout-da.html'`` in Danish)."""
    suffix = "" if get_language() == "en" else f"-{get_language()}"
    return f"lesson-{lesson(number).number}-handout{suffix}.html"


def _questions(number: str) -> tuple[Question, ...]:
    topic = quiz_for_lesson(number)
    if topic is None:
        raise LessonError(
            _("Lesson {number} has no quiz yet, so it has no handout.").format(number=number)
        )
    return QUIZZES[topic]


def handout_html(number: str) -> str:
    """The worksheet of a lesson as a whole HTML page: questions, then the answer key.

    In the learner's language: the questions of a bank in the catalogue, and the sheet's
    own words, follow it.
    """
    entry = lesson(number)
    questions = _questions(entry.number)
    prereq = ", ".join(entry.prerequisites) or _("none")
    objectives = "".join(f"<li>{escape(_(o))}</li>" for o in entry.objectives)
    items = []
    key = []
    for question in questions:
        choices = "".join(
            f"<li>{_LETTERS[i]}. {escape(_(a.text))}</li>" for i, a in enumerate(question.answers)
        )
        items.append(f"<li>{escape(_(question.prompt))}<ul class='choices'>{choices}</ul></li>")
        right = question.answers[question.right]
        key.append(
            f"<li><b>{_LETTERS[question.right]}. {escape(_(right.text))}</b> — "
            f"{escape(_(right.why))}</li>"
        )
    title = escape(entry.label)
    meta = _("About {minutes} minutes · level: {level} · do first: {lessons}").format(
        minutes=entry.minutes, level=_(entry.level), lessons=prereq
    )
    head = escape(_("{lesson}: worksheet").format(lesson=entry.label))
    answers = escape(_("Answer key: {lesson}").format(lesson=entry.label))
    able, name = escape(_("You will be able to")), escape(_("Name:"))
    check, tick = escape(_("Check yourself")), escape(_("Tick one answer for each question."))
    return (
        f"<!DOCTYPE html><html lang='{get_language()}'><head><meta charset='utf-8'>"
        f"<title>{head}</title><style>{_PRINT_CSS}</style></head><body>"
        f"<h1>{title}</h1><p class='meta'>{escape(meta)}</p>"
        f"<p>{escape(_(entry.teaches))}</p>"
        f"<h2>{able}</h2><ul>{objectives}</ul>"
        f"<p class='name'>{name} <span>&nbsp;</span></p>"
        f"<h2>{check}</h2><p>{tick}</p>"
        f"<ol class='questions'>{''.join(items)}</ol>"
        f"<section class='key'><h2>{answers}</h2>"
        f"<ol>{''.join(key)}</ol></section>"
        "</body></html>"
    )


def handout_data_url(number: str) -> str:
    """The worksheet as a ``data:text/html`` link (for an ``<a download>``)."""
    encoded = base64.b64encode(handout_html(number).encode("utf-8")).decode("ascii")
    return f"data:text/html;charset=utf-8;base64,{encoded}"
