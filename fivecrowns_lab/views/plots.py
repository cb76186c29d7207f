"""What the probability lessons share: number formats, tables that scroll, their styles.

The charts themselves are drawn in the browser (:mod:`.chart`, specs in :mod:`.specs`).
"""

from __future__ import annotations

import re
from fractions import Fraction
from html import escape, unescape

import ipywidgets as widgets

from ..i18n import number_text

__all__ = ["ODDS_CSS", "fraction_html", "pct", "style", "table_html"]


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
.fc-view .fc-big { font-size: 16px; }
.fc-view .fc-reveal { border-left: 4px solid #009E73; }
/* Sliders keep a usable track: the label goes above the track when space is short. */
.fc-view .widget-hslider { flex-wrap: wrap; width: min(460px, 100%); max-width: 100%;
  height: auto; row-gap: 2px; }
.fc-view .widget-hslider .widget-label { max-width: 100%; width: auto !important; }
.fc-view .widget-hslider .slider-container { flex: 1 1 180px; min-width: 150px; }
@media (max-width: 620px) {
  .fc-view { padding: 8px 6px; }
  .fc-view .widget-hbox { flex-wrap: wrap; }
  .fc-view .widget-inline-hbox, .fc-view .widget-text, .fc-view .widget-dropdown,
  .fc-view .widget-textarea { max-width: 100%; }
  .fc-view .widget-inline-hbox .widget-label { max-width: 45vw; }
  .fc-view .widget-hslider .widget-label { max-width: 100%; }
  .fc-view .widget-hslider .slider-container { flex: 1 1 100%; }
}
"""


def style() -> widgets.HTML:
    """An ``HTML`` widget carrying :data:`ODDS_CSS` (put first in a lesson's body)."""
    return widgets.HTML(f"<style>{ODDS_CSS}</style>", layout=widgets.Layout(height="0px"))


def pct(value: float | Fraction) -> str:
    """A chance as a percentage a learner reads: 38.4%, 0.52%, <0.001%, 0% or 100%.

    In Danish the marks follow the language: 38,4 %, <0,001 %.
    """
    x = 100 * float(value)
    if x == 0:
        text = "0%"
    elif x < 0.001:
        text = "<0.001%"
    elif x >= 99.95 and x < 100:
        text = ">99.9%"
    elif x >= 10:
        text = f"{x:.1f}%"
    elif x >= 0.01:
        text = f"{x:.2f}%"
    else:
        text = f"{x:.2g}%"
    return number_text(text)


def fraction_html(value: Fraction | tuple[int, int]) -> str:
    """A fraction drawn as a fraction, with thousands separators: ¹³³⁶⁄₁₂₆₇₃.

    A pair ``(numerator, denominator)`` is shown as given, not reduced (24/110).
    """
    top, bottom = value if isinstance(value, tuple) else (value.numerator, value.denominator)
    return f"<span class='fc-frac'><sup>{top:,}</sup>&frasl;<sub>{bottom:,}</sub></span>"


def table_html(
    headers: list[str],
    rows: list[list[str]],
    caption: str = "",
    nowrap: bool = False,
    stack: bool = False,
) -> str:
    """A table that scrolls sideways on a narrow screen instead of being cut (no index).

    ``nowrap``: no cell breaks over lines (a table of numbers and intervals, read
    across: on a phone it scrolls sideways rather than stacking "13.1 –" over "36.3").
    ``stack``: on a phone each row becomes a block of its own, one line per column with
    the column's name beside the value (theme.css), so no column hides past the edge; for
    a few rows of many columns.
    """
    head = "".join(f"<th scope='col'>{h}</th>" for h in headers)
    labels = [f" data-label='{escape(_plain(h))}'" for h in headers] if stack else []

    def cell(column: int, content: str) -> str:
        return f"<td{labels[column] if column < len(labels) else ''}>{content}</td>"

    body = "".join(
        "<tr>" + "".join(cell(i, c) for i, c in enumerate(row)) + "</tr>" for row in rows
    )
    cap = f"<caption>{caption}</caption>" if caption else ""
    name = caption or "table: " + ", ".join(h for h in headers if h)
    kind = "fc-table" + (" fc-nowrap" if nowrap else "") + (" fc-stack" if stack else "")
    return (
        f"<div class='fc-scroll' role='region' tabindex='0' aria-label='{escape(name)}'>"
        f"<table class='{kind}'>{cap}<thead><tr>{head}</tr></thead>"
        f"<tbody>{body}</tbody></table></div>"
    )


def _plain(markup: str) -> str:
    """The text of a header cell, its tags dropped and its entities read (for a label)."""
    return unescape(re.sub(r"<[^>]*>", "", markup))
