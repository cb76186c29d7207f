"""An inline question with two buttons (no browser dialog): a view asks before it acts."""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as widgets

from .base import set_shown

__all__ = ["ConfirmRow"]


class ConfirmRow(widgets.HBox):
    """A question (HTML), a button that goes ahead and one that steps back; hidden until
    :meth:`ask`. ``button`` is the view's guarded button maker (``View._button``)."""

    def __init__(
        self,
        button: Callable[..., widgets.Button],
        yes: tuple[str, Callable[[], object]],
        no: tuple[str, Callable[[], object]],
    ) -> None:
        self.question = widgets.HTML()
        self.yes_button = button(yes[0], yes[1], style="warning")
        self.no_button = button(no[0], no[1])
        super().__init__([self.question, self.yes_button, self.no_button])
        self.add_class("fc-confirm")
        self.layout.flex_flow = "row wrap"
        self.hide()

    @property
    def asking(self) -> bool:
        """True while the question is shown."""
        return bool(self.layout.display != "none")

    def ask(self, question_html: str) -> None:
        """Show ``question_html`` (already escaped) with the two buttons."""
        self.question.value = f"<span class='fc-confirm-text'>{question_html}</span>"
        set_shown(self, shown=True)

    def hide(self) -> None:
        set_shown(self, shown=False)
