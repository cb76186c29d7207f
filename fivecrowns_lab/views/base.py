"""What every view shares: a status line, guarded handlers, the theme and a high-contrast switch.

Voilà hides tracebacks, so a view never lets an exception escape a handler: a
:class:`~fivecrowns_lab.errors.FiveCrownsError` (a learner's mistake, already a
readable sentence) is shown in the status line. Anything else is a bug on our side:
it is logged, so tests that capture the log fail on it, and the learner sees a
plain apology with no internals (no paths, no exception text).
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from html import escape
from pathlib import Path
from typing import Any, TypeVar

import ipywidgets as widgets

from ..errors import FiveCrownsError

__all__ = ["Lesson", "Status", "View", "css"]

log = logging.getLogger("fivecrowns_lab.views")
_R = TypeVar("_R")
_HERE = Path(__file__).parent


@functools.cache
def css() -> str:
    """The theme shared by every view (read once from ``theme.css``)."""
    return (_HERE / "theme.css").read_text(encoding="utf-8")


class Status(widgets.HTML):
    """A line under a view saying what just happened, or what went wrong (``role=status``)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("fc-status")
        self.kind = "none"
        self.text = ""
        self.clear()

    def _show(self, kind: str, text: str, icon: str) -> None:
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


class View(widgets.VBox):
    """The root of every view: title, body, status line and a high-contrast switch.

    Subclasses build their widgets, then call :meth:`_frame` once.
    """

    title = "Five Crowns"

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.status = Status()
        self.add_class("fc-view")

    def _frame(self, body: list[widgets.Widget], intro: str = "") -> None:
        contrast = widgets.ToggleButton(
            value=False,
            description="High contrast",
            tooltip="Thicker outlines and stronger colours",
        )
        contrast.add_class("fc-contrast")
        contrast.observe(self._guard(self._on_contrast), names="value")
        self.contrast = contrast
        header = widgets.HTML(
            f"<style>{css()}</style><h3 class='fc-title'>{escape(self.title)}</h3>"
            + (f"<p class='fc-intro'>{intro}</p>" if intro else "")
        )
        header.layout.flex = "1 1 auto"
        top = widgets.HBox([header, contrast])
        top.add_class("fc-top")
        self.children = [top, *body, self.status]

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
                    "Something went wrong on our side; the lesson still works. "
                    "Try again, or reload the page."
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
        button = widgets.Button(
            description=text, button_style=style, tooltip=tooltip or text, icon=icon
        )
        button.on_click(self._guard(lambda _b: handler()))
        return button


class Lesson(widgets.VBox):
    """A lesson's widget: its view, then its self-check quiz (``.view`` and ``.quiz``)."""

    def __init__(self, view: View, quiz: View, **kwargs: Any) -> None:
        super().__init__([view, quiz], **kwargs)
        self.view, self.quiz = view, quiz
        self.add_class("fc-lesson-box")
