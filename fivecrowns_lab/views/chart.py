"""Charts drawn in the browser: an anywidget front end over Vega-Lite, bundled in the package.

Why Vega-Lite (through vega-embed) and not Observable Plot: a Vega view keeps named
datasets that can be changed in place (``view.change(name, changeset)``), so when a
learner deals more hands only the new rows cross the websocket and the chart redraws
in milliseconds, with no new spec; Observable Plot redraws a whole new SVG from its
options each time. A Vega-Lite spec is also plain JSON, built and tested in Python
with no JavaScript, and vega-embed draws an SVG whose size follows its container.

The library (vega, vega-lite and vega-embed from npm) is bundled with esbuild into
``static/vega.js`` (``frontend/``: ``npm ci && npm run build``) and shipped in the
wheel: nothing is fetched from a CDN. It reaches the page once, through the kernel's
one :class:`ChartLibrary` widget; each :class:`Chart` has a small front end
(``chart.js``) that waits for it.

Every chart is keyboard focusable, carries an ``aria-label`` that says what it shows
and a visually hidden summary of the key numbers, takes its colours from the page's
theme (light, dark, high contrast) and fills the width of its container.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as widgets
import traitlets

from ..i18n import number, percent
from .specs import running_spec

__all__ = ["Chart", "ChartLibrary", "chart_library", "show_running_share"]

_HERE = Path(__file__).parent
#: The bundled library (built from ``frontend/``); tests check that it is there.
BUNDLE = _HERE / "static" / "vega.js"

_CSS = """
.fc-chart { display: block; width: 100%; max-width: 760px; min-width: 0; margin: 4px 0; }
.fc-chart[hidden] { display: none; }
.fc-chart .fc-chart-box { width: 100%; }
.fc-chart .fc-chart-box:focus-visible { outline: 3px solid #E69F00; outline-offset: 2px; }
.fc-chart .fc-visually-hidden { position: absolute; width: 1px; height: 1px; margin: -1px;
  padding: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
.fc-chart svg { max-width: 100%; height: auto; }
/* The hover box (vega-tooltip's, one per page): in the page's theme and type size, and at
   most half the window wide less its 10 px offset, so it fits beside the pointer on one
   side, even on a phone (wider, it was pushed off the left edge); long lines wrap. */
html #vg-tooltip-element {
  box-sizing: border-box; max-width: min(24rem, calc(50vw - 10px));
  font: 13px/1.35 system-ui, -apple-system, 'Segoe UI', sans-serif;
  background-color: var(--jp-layout-color1, #fff); color: var(--jp-ui-font-color1, #1b1f23);
  border: 1px solid var(--jp-border-color1, #bcc5ce);
}
html #vg-tooltip-element table tr td.key { color: var(--jp-ui-font-color2, #555); }
html #vg-tooltip-element table tr td.value { max-width: none; overflow-wrap: anywhere; }
"""


class ChartLibrary(anywidget.AnyWidget):
    """The charting library's bundle; one per kernel (:func:`chart_library`), never shown."""

    _esm = BUNDLE


_LIBRARY: ChartLibrary | None = None


def chart_library() -> ChartLibrary:
    """The kernel's one :class:`ChartLibrary` (made on first use)."""
    global _LIBRARY
    if _LIBRARY is None:
        _LIBRARY = ChartLibrary()
    return _LIBRARY


class Chart(anywidget.AnyWidget):
    """A Vega-Lite chart whose data are named datasets (``{"data": {"name": ...}}``).

    :meth:`show` sets a new spec; :meth:`update` sends only new rows (the spec stays).
    ``label`` is the chart's ``aria-label``, ``summary`` its visually hidden text,
    ``title`` the spec's title; ``visible`` hides it (before the learner commits a
    guess, say) without forgetting it.
    """

    _esm = _HERE / "chart.js"
    _css = _CSS
    spec = traitlets.Dict().tag(sync=True)
    data = traitlets.Dict().tag(sync=True)
    animate = traitlets.List(traitlets.Unicode()).tag(sync=True)
    label = traitlets.Unicode("").tag(sync=True)
    summary = traitlets.Unicode("").tag(sync=True)
    visible = traitlets.Bool(True).tag(sync=True)
    library = traitlets.Instance(ChartLibrary).tag(sync=True, **widgets.widget_serialization)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(library=chart_library(), **kwargs)
        self.add_class("fc-chart-widget")

    @property
    def title(self) -> str:
        """The spec's title, as text."""
        title = self.spec.get("title", "")
        if isinstance(title, dict):
            title = title.get("text", "")
        return " ".join(title) if isinstance(title, list) else str(title)

    def show(
        self,
        spec: dict[str, Any],
        data: dict[str, list[dict[str, Any]]],
        label: str,
        summary: str = "",
        animate: tuple[str, ...] = (),
    ) -> None:
        """Draw ``spec`` with ``data``; when the spec is unchanged only the data are sent."""
        with self.hold_sync():
            if spec != self.spec:
                self.spec = spec
            self.animate = list(animate)
            self.data = data
            self.label = label
            self.summary = summary or label
            self.visible = True

    def update(self, data: dict[str, list[dict[str, Any]]], label: str, summary: str = "") -> None:
        """New rows for the datasets (the spec stays as it is)."""
        with self.hold_sync():
            self.data = data
            self.label = label
            self.summary = summary or label

    def clear(self) -> None:
        """Hide the chart and forget its data (the next :meth:`show` draws afresh)."""
        with self.hold_sync():
            self.visible = False
            self.data = {}
            self.spec = {}
            self.label = ""
            self.summary = ""


def show_running_share(
    chart: Chart,
    titles: tuple[str, str, str],
    rows: list[dict[str, float]],
    label: str,
    digits: int,
    share: str = "share",
    **words: str,
) -> None:
    """Draw a share won so far as runs are added (``rows``: ``n``, ``value``, ``low``,
    ``high``) with its 95% band, and nothing exact beside it (a bot's games have no exact
    answer). ``titles``: the chart's and its two axes'. ``label``, the screen reader's
    sentence, gets the last row's ``{count}``, ``{low}``, ``{high}`` and its share in the
    slot named ``share``, with ``digits`` decimals; ``words`` fill any other slot."""
    last = rows[-1]
    figures = {name: percent(last[name], digits) for name in ("low", "high")}
    figures[share] = percent(last["value"], digits)
    chart.show(
        running_spec(*titles, exact=False),
        {"running": rows, "marks": []},
        label.format(count=number(int(last["n"])), **figures, **words),
        animate=("running",),
    )
