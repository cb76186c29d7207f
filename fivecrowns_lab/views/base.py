"""What every view shares: a status line, guarded handlers, the theme, and the page's
switches (dark theme, high contrast, projector: made in :mod:`.page_switches`).

The dark-theme switch (:class:`ThemeSwitch`) works in the browser alone: it swaps Voilà's
light stylesheet for its dark one on the page and keeps the choice in ``localStorage``, so
the kernel never knows the theme and a preheated kernel serves both (see
``theme_switch.js``).

The high-contrast switch is one per page: every view shows the same
:class:`ContrastSwitch` (one widget per kernel), and in the browser only the first
copy on the page is drawn. Its choice is kept in the browser's ``localStorage``, so it
carries over from lesson to lesson, and it works on a static page with no kernel too.

Voilà hides tracebacks, so a view never lets an exception escape a handler: a
:class:`~fivecrowns_lab.errors.FiveCrownsError` (a learner's mistake, already a
readable sentence) is shown in the status line. Anything else is a bug on our side:
it is logged, so tests that capture the log fail on it, and the learner sees a
plain apology with no internals (no paths, no exception text).
"""

from __future__ import annotations

import functools
import logging
import re
import time
from collections.abc import Callable
from html import escape
from pathlib import Path
from typing import Any, TypeVar

import ipywidgets as widgets
import traitlets

from ..classroom.experiments import find_experiment
from ..classroom.recompute import MAX_TRIALS
from ..classroom.records import new_record_id
from ..core.rules import VARIANTS
from ..errors import FiveCrownsError
from ..i18n import gettext as _
from ..i18n import number
from .lesson_parts import next_seed
from .page_switches import (
    ContrastSwitch,
    FieldMarks,
    ThemeSwitch,
    contrast_switch,
    field_marks,
    page_script,
    projector_switch,
    theme_switch,
)
from .predict import Predictions
from .resync import Resync

__all__ = [
    "ClampedIntText",
    "ContrastSwitch",
    "FieldMarks",
    "Lesson",
    "Status",
    "ThemeSwitch",
    "View",
    "contrast_switch",
    "css",
    "field_marks",
    "next_seed_button",
    "page_script",
    "seed_box",
    "set_shown",
    "shorten",
    "theme_switch",
]

log = logging.getLogger("fivecrowns_lab.views")
_R = TypeVar("_R")
_HERE = Path(__file__).parent


@functools.cache
def css() -> str:
    """The theme shared by every view (read once from ``theme.css``, with ``page.css``:
    the page on paper and on a projector)."""
    return "\n".join(
        (_HERE / name).read_text(encoding="utf-8") for name in ("theme.css", "page.css")
    )


_LONG_WORD = re.compile(r"\S{41,}")
_MAX_TEXT = 400


def shorten(text: str) -> str:
    """Cut a message for the page: each run of over 40 characters without a space (a pasted
    token) to 40 and an ellipsis, and the whole to at most 400 characters.

    >>> shorten("There is no card " + "Z" * 200_000 + " in the deck.")
    'There is no card ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ… in the deck.'
    """
    text = _LONG_WORD.sub(lambda m: m[0][:40] + "…", text)
    return text if len(text) <= _MAX_TEXT else text[: _MAX_TEXT - 1] + "…"


def set_shown(*parts: widgets.Widget, shown: bool) -> None:
    """Show or hide widgets, the one way both Voilà and the static site honour.

    A hidden widget's layout says ``display: none``; a shown one has no display rule
    (``""``). The static site's widget manager ignores ``None``, so a widget once hidden
    that way never came back there (lesson 04's *Next round* and *Hint*).
    """
    for part in parts:
        part.layout.display = "" if shown else "none"


def variant_checkbox(name: str) -> widgets.Checkbox:
    """The checkbox for one on/off variant of the rules' ``VARIANTS`` table (by its field)."""
    variant = next(v for v in VARIANTS if v.field == name)
    box = widgets.Checkbox(
        value=variant.default,
        description=_(variant.label or variant.name),
        tooltip=_(variant.description),
        indent=False,
    )
    box.add_class("fc-variant-" + variant.field.replace("_", "-"))
    return box


def variant_checkboxes() -> dict[str, widgets.Checkbox]:
    """A checkbox for every on/off variant in the rules' ``VARIANTS`` table, by field.

    Views build their game settings from this, so a new variant (a ``GameRules``
    field and its ``VARIANTS`` line) appears in every lesson that lets a learner
    choose the rules without touching a view.
    """
    return {v.field: variant_checkbox(v.field) for v in VARIANTS if isinstance(v.default, bool)}


class Status(widgets.HTML):
    """A line under a view saying what just happened, or what went wrong (``role=status``)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("fc-status")
        self.kind = "none"
        self.text = ""
        self._said: tuple[str, float] = ("", 0.0)
        self.clear()

    def clamped(self, sentence: str) -> None:
        """Say what a clamp did; the message the change then causes keeps it in front.

        A box's handlers run right after its clamp and usually write their own line
        ("press Play"); that line would hide the clamp's sentence, so it is put in front
        of every message written within a second (later ones are about other things).
        """
        self.info(sentence)
        self._said = (sentence, time.monotonic())

    def _show(self, kind: str, text: str, icon: str) -> None:
        said, when = self._said
        if said and time.monotonic() - when < 1.0 and said not in text:
            text = f"{said} {text}"
        text = shorten(text)
        self.kind, self.text = kind, text
        role = "alert" if kind == "error" else "status"
        self.value = (
            f'<div class="fc-msg fc-{kind}" role="{role}" aria-live="polite">'
            f"{icon}{escape(text)}</div>"
        )

    def ok(self, text: str) -> None:
        """Say something good happened."""
        self._show("ok", text, "✔ ")

    def info(self, text: str) -> None:
        """Say something neutral."""
        self._show("info", text, "")

    def error(self, text: str) -> None:
        """Show a problem in words (the view keeps working)."""
        self._show("error", text, "⚠ ")

    def clear(self) -> None:
        """Show nothing."""
        self.kind, self.text = "none", ""
        self.value = '<div class="fc-msg" role="status" aria-live="polite"></div>'


class ClampedIntText(widgets.IntText):
    """A whole-number box that brings a number into ``min``..``max`` and says so.

    ipywidgets' bounded boxes clamp silently in the browser; this one clamps in the
    kernel and tells ``status`` in a sentence ("Games are 2 to 41; playing 41."), so a
    learner who typed 99,999 knows what happened. ``verb`` says what is done with the
    number ("playing", "using").
    """

    def __init__(
        self,
        status: Status,
        value: int,
        low: int,
        high: int,
        noun: str,
        verb: str | None = None,
        **kwargs: Any,
    ) -> None:
        self.min, self.max = low, high  # named as a bounded box's
        self._status, self._noun, self._verb = status, noun, verb or _("using")
        super().__init__(value=value, **kwargs)

    def sentence(self, fixed: int) -> str:
        return _("{noun} are {low} to {high}; {verb} {fixed}.").format(
            noun=self._noun,
            low=number(self.min),
            high=number(self.max),
            verb=self._verb,
            fixed=number(fixed),
        )

    @traitlets.validate("value")
    def _clamp(self, proposal: dict[str, Any]) -> int:
        value = int(proposal["value"])
        fixed = min(max(value, self.min), self.max)
        if fixed != value:
            self._status.clamped(self.sentence(fixed))
        return fixed

    def set_range(self, low: int, high: int) -> None:
        """New bounds; a number now outside them is brought in, with its sentence."""
        self.min, self.max = low, high  # named as a bounded box's
        self.value = int(self.get_state("value")["value"])  # validated again: new bounds


def seed_box(view: View, value: int, **kwargs: Any) -> ClampedIntText:
    """A lesson's Seed box: 0 to 10⁹, a number outside brought in with a sentence."""
    return ClampedIntText(
        view.status, value, 0, 10**9, _("Seeds"), description=_("Seed"), **kwargs
    )


def next_seed_button(view: View, seed: ClampedIntText, text: str, tooltip: str) -> widgets.Button:
    """A button that moves ``seed`` on to the next seed (0 after the last): a view that
    deals as its seed changes deals anew, never the same hand twice in a row."""

    def step() -> None:
        seed.value = next_seed(seed.value)

    return view._button(text, step, icon="refresh", tooltip=tooltip)


class View(widgets.VBox):
    """The root of every view: title, body, status line, the dark-theme and high-contrast
    switches.

    Subclasses build their widgets, then call :meth:`_frame` once.
    """

    title = "Five Crowns"
    #: True when the lesson's quiz answers its prediction: the page shows the quiz only
    #: after the first guess (see :class:`Lesson`).
    quiz_after_guess = False

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.status = Status()
        self.add_class("fc-view")
        #: The page's class line (a ClassLink), set by ``lesson_page``; None elsewhere.
        self.class_link: Any = None

    def class_predictions(self) -> Predictions:
        """A list of this view's guesses that also goes to the class, if the student joined."""
        return Predictions(send=lambda record: self.record_for_class(record))

    def record_for_class(self, *records: dict[str, Any]) -> None:
        """Hand records to the page's class line, which posts them if the student joined.

        Each gets its ``id`` here (one already given stays), so a retry is stored once.
        """
        if self.class_link is not None and records:
            self.class_link.send(*({"id": new_record_id(), **record} for record in records))

    def record_experiment(self, experiment: str, seed: int, trials: int, successes: int) -> None:
        """Send one run of a class experiment (an id from :mod:`~fivecrowns_lab.classroom.
        experiments`): a later run of the same seed replaces it on the dashboard. A run
        longer than the class counts (the lesson's bound) is not sent: the server would
        refuse it. The server replays the run and keeps its own count."""
        found = find_experiment(experiment)
        if found is not None and 0 < trials <= MAX_TRIALS[found.lesson]:
            self.record_for_class(
                {
                    "kind": "experiment",
                    "experiment": experiment,
                    "seed": seed,
                    "trials": trials,
                    "successes": successes,
                }
            )

    def _frame(self, body: list[widgets.Widget], intro: str = "") -> None:
        contrast = contrast_switch()
        contrast.observe(self._guard(self._on_contrast), names="value")
        self.contrast = contrast
        self._on_contrast({"new": contrast.value})
        header = widgets.HTML(
            # Titles are marked with N_ in the classes and translated here, when shown.
            f"<style>{css()}</style>"
            # A view without a title (the gallery: its page's heading is the title) has none.
            + (f"<h3 class='fc-title'>{escape(_(self.title))}</h3>" if self.title else "")
            + (f"<p class='fc-intro'>{intro}</p>" if intro else "")
        )
        header.layout.flex = "1 1 auto"
        # FieldMarks: the page's one watcher that ties labels to inputs for screen readers
        switches = widgets.HBox([theme_switch(), contrast, projector_switch(), field_marks()])
        switches.add_class("fc-switches")
        top = widgets.HBox([header, switches])
        top.add_class("fc-top")
        # Resync (invisible): what a thread changes while the page loads reaches the screen.
        self.children = [top, *body, self.status, Resync(self)]

    def _on_contrast(self, change: dict[str, Any]) -> None:
        if change["new"]:
            self.add_class("fc-hc")
        else:
            self.remove_class("fc-hc")

    def _guard(self, handler: Callable[..., _R]) -> Callable[..., _R | None]:
        """Wrap a callback so that no exception escapes it (see the module docstring)."""

        @functools.wraps(handler)
        def guarded(*args: Any, **kwargs: Any) -> _R | None:
            try:
                return handler(*args, **kwargs)
            except FiveCrownsError as exc:
                self.status.error(str(exc))
            except Exception:
                log.exception("Unexpected error in %s", getattr(handler, "__name__", handler))
                self.status.error(
                    _(
                        "Something went wrong on our side; the lesson still works. "
                        "Try again, or reload the page."
                    )
                )
            return None

        return guarded

    def _button(
        self,
        text: str,
        handler: Callable[[], object],
        *,
        style: str = "",
        tooltip: str = "",
        icon: str = "",
    ) -> widgets.Button:
        """A guarded button labelled in words.

        ``icon`` is accepted and not drawn: icon-font glyphs end up in the accessible
        name ("\\uf021 Deal") that a screen reader says.
        """
        del icon
        button = widgets.Button(description=text, button_style=style, tooltip=tooltip or text)
        button.on_click(self._guard(lambda _b: handler()))
        return button

    def _enter_presses(self, box: widgets.Text, button: widgets.Button) -> None:
        """Enter in ``box`` presses ``button`` (unless it is disabled).

        The front end sends a ``submit`` message on Enter, *before* the change that syncs
        a box with ``continuous_update=False``; so the box syncs as it is typed in, and
        the message always finds every typed character in the kernel.
        """
        box.continuous_update = True

        def on_message(_box: widgets.Text, content: Any, _buffers: Any) -> None:
            submitted = isinstance(content, dict) and content.get("event") == "submit"
            if submitted and not button.disabled:
                button.click()  # its handler is guarded already

        box.on_msg(on_message)


class Lesson(widgets.VBox):
    """A lesson's widget: its view, then its self-check quiz (``.view`` and ``.quiz``).

    A view whose quiz gives its prediction's answer away (``quiz_after_guess``) gets its
    quiz only after the first guess is committed or skipped (lessons 07, 08 and 10).
    """

    def __init__(self, view: View, quiz: View, **kwargs: Any) -> None:
        self.quiz_note = widgets.HTML()
        super().__init__([view, self.quiz_note, quiz], **kwargs)
        self.view, self.quiz = view, quiz
        self.add_class("fc-lesson-box")
        predictions = getattr(view, "predictions", None)
        gated = getattr(view, "quiz_after_guess", False)
        if gated and isinstance(predictions, Predictions) and not predictions:
            note = _(
                "The quiz opens after your first guess above (commit it, or press Just show me)."
            )
            self.quiz_note.value = f"<p class='fc-quiz-note'><i>{escape(note)}</i></p>"
            set_shown(quiz, shown=False)
            predictions.listeners.append(self._open_quiz)

    def _open_quiz(self, _entry: dict[str, Any]) -> None:
        """The first guess is in: show the quiz, once."""
        predictions = getattr(self.view, "predictions", None)
        if isinstance(predictions, Predictions) and self._open_quiz in predictions.listeners:
            predictions.listeners.remove(self._open_quiz)
        with self.hold_sync():
            self.quiz_note.value = ""
            set_shown(self.quiz, shown=True)
