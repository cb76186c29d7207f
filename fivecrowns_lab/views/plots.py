"""Plots for the probability lessons (PNGs that fit a phone, with alt text), number formats.

A plot is drawn twice by matplotlib's object API (``Figure``, no pyplot state): once
wide for a desktop and once narrow with the same font sizes for a phone, and both
go into one ``<picture>`` element, so that the browser picks the one that fits and
the labels stay readable at 390 px. The picture is plain HTML in an ``HTML``
widget: it renders the same in Jupyter and Voilà, can be updated from a background
thread, and carries an ``alt`` text describing the plot for a screen reader.
"""

from __future__ import annotations

import base64
import io
import textwrap
from collections.abc import Callable
from fractions import Fraction
from html import escape
from typing import Any

import ipywidgets as widgets
from matplotlib.axes import Axes
from matplotlib.figure import Figure

__all__ = [
    "EXACT_COLOUR",
    "SIMULATED_COLOUR",
    "THUMB_COLOUR",
    "PlotArea",
    "fraction_html",
    "label",
    "new_figure",
    "pct",
]

# Okabe-Ito colours, as in the card theme.
EXACT_COLOUR = "#0072B2"
SIMULATED_COLOUR = "#E69F00"
THUMB_COLOUR = "#D55E00"
PREDICTION_COLOUR = "#009E73"
_FONT = {"title": 14, "label": 13, "tick": 12}
#: (width, height) in inches of the desktop and the phone picture, at 100 dots per inch.
WIDE = (7.5, 3.9)
NARROW = (3.9, 3.9)
#: Below this window width the browser shows the narrow picture.
PHONE_MAX_PX = 620


#: Styles the probability lessons add to the shared theme: tables that scroll sideways,
#: pictures that shrink to the screen, controls that wrap on a phone.
ODDS_CSS = """
.fc-view .fc-scroll { max-width: min(100%, calc(100vw - 36px)); overflow-x: auto;
  -webkit-overflow-scrolling: touch; }
.fc-view .widget-html-content { min-width: 0; max-width: 100%; }
.fc-view .fc-scroll:focus-visible { outline: 3px solid #E69F00; }
.fc-view .fc-scroll caption { caption-side: bottom; font-size: 13px; text-align: left; }
.fc-view .fc-figure { margin: 4px 0; max-width: 100%; }
.fc-view .fc-figure img { display: block; width: 100%; height: auto; }
.fc-view .fc-note { font-size: 13px; color: var(--jp-ui-font-color1, #333); }
.fc-view .fc-frac { white-space: nowrap; }
.fc-view .widget-html, .fc-view .widget-hbox > .widget-vbox { min-width: 0; max-width: 100%; }
.fc-view .fc-bots { margin: 2px 0 6px 0; padding-left: 20px; }
@media (max-width: 620px) {
  .fc-view { padding: 8px 6px; }
  .fc-view .widget-hbox { flex-wrap: wrap; }
  .fc-view .widget-inline-hbox, .fc-view .widget-text, .fc-view .widget-dropdown,
  .fc-view .widget-textarea { max-width: 100%; }
  .fc-view .widget-inline-hbox .widget-label { max-width: 45vw; }
}
"""


def style() -> widgets.HTML:
    """An ``HTML`` widget carrying :data:`ODDS_CSS` (put first in a lesson's body)."""
    return widgets.HTML(f"<style>{ODDS_CSS}</style>", layout=widgets.Layout(height="0px"))


def new_figure(narrow: bool = False, height: float | None = None) -> tuple[Figure, Axes]:
    """A figure and its axes, with fonts big enough for a projector and for a phone."""
    width, tall = NARROW if narrow else WIDE
    fig = Figure(figsize=(width, height or tall), dpi=100, layout="constrained")
    ax = fig.subplots()
    ax.tick_params(labelsize=_FONT["tick"])
    return fig, ax


def label(ax: Axes, title: str, xlabel: str, ylabel: str) -> None:
    """Title and axis labels in the lesson's font sizes (the title wrapped on a phone)."""
    figure = ax.get_figure(root=True)
    if isinstance(figure, Figure) and figure.get_figwidth() < 5:
        ax.set_title("\n".join(textwrap.wrap(title, 30)), fontsize=_FONT["title"])
    else:
        ax.set_title(title, fontsize=_FONT["title"])
    ax.set_xlabel(xlabel, fontsize=_FONT["label"])
    ax.set_ylabel(ylabel, fontsize=_FONT["label"])


def legend_below(fig: Figure, ax: Axes) -> None:
    """The legend under the plot, where it never hides a bar or a point."""
    handles, labels = ax.get_legend_handles_labels()
    if handles:
        fig.legend(handles, labels, loc="outside lower center", fontsize=_FONT["tick"], ncols=1)


def _png(fig: Figure) -> bytes:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png")
    return buffer.getvalue()


class PlotArea(widgets.HTML):
    """One plot at a time, as a ``<picture>`` (wide and narrow PNG) with alt text.

    ``png`` keeps the wide picture's bytes, ``narrow_png`` the phone one's, ``title``
    the plot's title and ``alt`` its description, so that a test can tell what is shown.
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.png = b""
        self.narrow_png = b""
        self.title = ""
        self.alt = ""
        self.add_class("fc-plot")

    def show(self, draw: Callable[[bool], Figure], alt: str) -> None:
        """Draw with ``draw(narrow)`` for both widths; show the pictures, described by ``alt``."""
        wide = draw(False)
        self.title = wide.axes[0].get_title() if wide.axes else ""
        if not self.title and wide.get_suptitle():
            self.title = wide.get_suptitle()
        self.png = _png(wide)
        self.narrow_png = _png(draw(True))
        self.alt = alt
        wide_src = base64.b64encode(self.png).decode("ascii")
        narrow_src = base64.b64encode(self.narrow_png).decode("ascii")
        self.value = (
            "<figure class='fc-figure'><picture>"
            f"<source media='(max-width: {PHONE_MAX_PX}px)' "
            f"srcset='data:image/png;base64,{narrow_src}'>"
            f"<img src='data:image/png;base64,{wide_src}' alt='{escape(alt, quote=True)}' "
            "style='width:100%;max-width:760px;height:auto'>"
            "</picture></figure>"
        )


def pct(value: float | Fraction) -> str:
    """A chance as a percentage a learner reads: 38.4%, 0.52%, <0.001%, 0% or 100%."""
    x = 100 * float(value)
    if x == 0:
        return "0%"
    if x < 0.001:
        return "<0.001%"
    if x >= 99.95 and x < 100:
        return ">99.9%"
    if x >= 10:
        return f"{x:.1f}%"
    if x >= 0.01:
        return f"{x:.2f}%"
    return f"{x:.2g}%"


def fraction_html(value: Fraction | tuple[int, int]) -> str:
    """A fraction drawn as a fraction, with thousands separators: ¹³³⁶⁄₁₂₆₇₃.

    A pair ``(numerator, denominator)`` is shown as given, not reduced (24/110).
    """
    top, bottom = value if isinstance(value, tuple) else (value.numerator, value.denominator)
    return f"<span class='fc-frac'><sup>{top:,}</sup>&frasl;<sub>{bottom:,}</sub></span>"


def table_html(headers: list[str], rows: list[list[str]], caption: str = "") -> str:
    """A table that scrolls sideways on a narrow screen instead of being cut (no index)."""
    head = "".join(f"<th scope='col'>{h}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    cap = f"<caption>{caption}</caption>" if caption else ""
    name = caption or "table: " + ", ".join(h for h in headers if h)
    return (
        f"<div class='fc-scroll' role='region' tabindex='0' aria-label='{escape(name)}'>"
        f"<table class='fc-table'>{cap}<thead><tr>{head}</tr></thead>"
        f"<tbody>{body}</tbody></table></div>"
    )
