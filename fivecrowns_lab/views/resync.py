"""Keep the screen with the kernel while a page loads: :class:`Resync`.

A lesson's run on a thread (lessons 10 and 11 play their first games as the page opens)
changes widgets while the browser may still be building them. On a class server a
student is often given a preheated kernel whose first run is still going; the browser
takes a snapshot of every widget, then makes them one by one, and it drops a change to
a widget it has not made yet. The last changes of the run (its final progress, its
results, "Played 50 deals") could be lost, and the screen would stop following the
kernel for good. A :class:`Resync` in every view, once the browser has drawn it (and so
has made every widget of the snapshot), asks the kernel to send the view's widgets again.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as widgets

from .chart import Chart

__all__ = ["KERNEL_WRITTEN", "Resync", "kernel_written", "widget_tree"]

#: The widgets only the kernel writes (the browser shows them, a click is a message):
#: sending them again can only bring the screen up to date. Boxes for their children,
#: layouts for what is shown. Inputs are left out, since the browser writes them too
#: (a page restores the student's high-contrast choice into its switch as it draws).
KERNEL_WRITTEN: tuple[type[widgets.Widget], ...] = (
    widgets.HTML,
    widgets.Label,
    widgets.IntProgress,
    widgets.FloatProgress,
    widgets.Button,
    widgets.Box,
    widgets.Layout,
    Chart,
)


def widget_tree(root: widgets.Widget) -> Iterator[widgets.Widget]:
    """``root`` and every widget it reaches through its synced traits, each once."""
    seen: set[int] = set()
    stack = [root]
    while stack:
        widget = stack.pop()
        if id(widget) in seen:
            continue
        seen.add(id(widget))
        yield widget
        for name in widget.keys:
            value = getattr(widget, name, None)
            items = value if isinstance(value, (list, tuple)) else (value,)
            stack.extend(item for item in items if isinstance(item, widgets.Widget))


def kernel_written(root: widgets.Widget) -> list[widgets.Widget]:
    """The widgets under ``root`` that :class:`Resync` sends again (still open ones)."""
    return [w for w in widget_tree(root) if isinstance(w, KERNEL_WRITTEN) and w.comm is not None]


class Resync(anywidget.AnyWidget):
    """Invisible: once drawn, it asks the kernel to send ``root``'s widgets again."""

    _esm = Path(__file__).with_name("resync.js")

    def __init__(self, root: widgets.Widget, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._root = root
        self.on_msg(self._on_message)

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("event") == "drawn":
            for widget in kernel_written(self._root):
                widget.send_state()
