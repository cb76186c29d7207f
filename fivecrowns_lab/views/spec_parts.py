"""The parts every lesson's Vega-Lite spec is built from (see :mod:`.specs`).

The colours, a chart's frame with the learner's number marks (:func:`chart_spec`),
axes, tooltips, and legends whose series names are shown in the learner's language
while the data keep their English keys.
"""

from __future__ import annotations

import json
from typing import Any

from ..i18n import get_language
from ..i18n import gettext as _

__all__ = [
    "BAND_OPACITY",
    "EXACT_COLOUR",
    "MISS_COLOUR",
    "PREDICTION_COLOUR",
    "SIMULATED_COLOUR",
    "THUMB_COLOUR",
    "Spec",
    "band_symbol",
    "chart_spec",
    "colour_scale",
    "series_shown",
    "tip",
    "value_format",
    "whole_ticks",
    "y_field",
]

Spec = dict[str, Any]

# Okabe-Ito colours, as in the card theme.
EXACT_COLOUR = "#0072B2"
SIMULATED_COLOUR = "#E69F00"
THUMB_COLOUR = "#D55E00"
PREDICTION_COLOUR = "#009E73"
MISS_COLOUR = "#D55E00"
SCHEMA = "https://vega.github.io/schema/vega-lite/v5.json"  # an identifier, never fetched
#: How opaque the shaded 95% band is, in the chart and in its legend entry.
BAND_OPACITY = 0.25


def translated(domain: list[str], expression: str) -> str | None:
    """A Vega expression giving each name of ``domain`` (the value of ``expression``) in the
    learner's language, or None when none needs it (English: the spec stays as it was)."""
    shown = {name: _(name) for name in domain if _(name) != name}
    if not shown:
        return None
    mapped = expression
    for name, text in shown.items():  # json.dumps quotes a string for the expression too
        quoted = json.dumps(name, ensure_ascii=False), json.dumps(text, ensure_ascii=False)
        mapped = f"{expression} === {quoted[0]} ? {quoted[1]} : {mapped}"
    return mapped


def legend_labels(domain: list[str]) -> dict[str, Any]:
    """The legend of a series field: its names in the learner's language.

    The data keep the English series names (they are keys, shared by every lesson's rows);
    only the legend's text is translated, by a Vega expression that maps each name to its
    translation. In English nothing is added, so the spec stays as it was.
    """
    legend: dict[str, Any] = {"orient": "bottom", "direction": "vertical"}
    expression = translated(domain, "datum.label")
    if expression is not None:
        legend["labelExpr"] = expression
    return legend


def series_shown(domain: list[str]) -> tuple[list[Spec], str]:
    """A layer's transforms and the field that name its series in the learner's language
    (for a tooltip: the data keep the English keys, as for the legend)."""
    expression = translated(domain, "datum.series")
    if expression is None:
        return [], "series"
    return [{"calculate": expression, "as": "series_shown"}], "series_shown"


def band_symbol(colour_encoding: dict[str, Any], band: str, colour: str) -> dict[str, Any]:
    """``colour_encoding`` whose legend draws the entry ``band`` as a filled square of
    ``colour`` at the band's opacity, the other entries as the rule layer's lines.

    The legend belongs to the rules (the exact value, the guess), so Vega drew every
    entry as a line, the shaded 95% band too. Vega's legend ``datum.value`` is the
    series' English key, whatever the language of its label.
    """
    test = f"datum.value === {json.dumps(band)}"
    symbols = {
        "shape": {"signal": f"{test} ? 'square' : 'stroke'"},
        "fill": {"signal": f"{test} ? {json.dumps(colour)} : 'transparent'"},
        "fillOpacity": {"signal": f"{test} ? {BAND_OPACITY} : 1"},
        "strokeOpacity": {"signal": f"{test} ? 0 : 1"},
    }
    legend = {**colour_encoding["legend"], "encode": {"symbols": {"update": symbols}}}
    return {**colour_encoding, "legend": legend}


def tip(field: str, title: str, fmt: str | None = None) -> dict[str, Any]:
    """One line of a tooltip: ``title`` and the field's value (a number in ``fmt``)."""
    line: dict[str, Any] = {"field": field, "title": title}
    if fmt is None:
        line["type"] = "nominal"
    else:
        line.update(type="quantitative", format=fmt)
    return line


def value_format(percent: bool) -> str:
    """How a tooltip writes a value: a share to a tenth of a percent, else up to two
    decimals ("83.5 points", "12 games": no trailing zeros)."""
    return ".1%" if percent else ",.2~f"


def colour_scale(
    domain: list[str], colours: list[str], title: str | None = None
) -> dict[str, Any]:
    return {
        "field": "series",
        "type": "nominal",
        "title": title,
        "scale": {"domain": domain, "range": colours},
        "legend": legend_labels(domain),
    }


#: d3-format's number marks in Danish: decimal comma, thousands dot, a space before the
#: percent sign ("0,5", "1.000", "20 %"), as ``i18n.number`` and ``i18n.percent`` write them.
_DANISH_NUMBERS: Spec = {
    "decimal": ",",
    "thousands": ".",
    "grouping": [3],
    "currency": ["", " kr."],
    "percent": " %",
    "minus": "\u2212",
}


def chart_spec(title: str, height: int, **body: Any) -> Spec:
    """A lesson's spec: its title, height and body (``layer``, or one view's ``data``,
    ``mark`` and ``encoding``), writing its numbers in the learner's language.

    Vega formats every number (ticks, tooltips) with the view's locale, so in Danish the
    spec carries Danish marks; in English it carries none.
    """
    # No screen-reader text from Vega: ``chart.js`` hides the whole plot from assistive
    # technology, and the box's label and summary speak for the chart in the learner's
    # language. Vega's own labels of marks, axes and legends were hidden text built from
    # field names and the data's English keys ("series: dealt hands"), even in Danish.
    config: Spec = {"aria": False}
    if get_language() == "da":
        config["locale"] = {"number": _DANISH_NUMBERS}
    return {"$schema": SCHEMA, "title": title, "height": height, **body, "config": config}


def y_field(
    field: str, title: str, percent: bool, counts: bool = False, **extra: Any
) -> dict[str, Any]:
    """A quantitative y: shares as percentages, ``counts`` on whole ticks."""
    axis: dict[str, Any] = {}
    if percent:
        axis = {"format": ".0%"}
    elif counts:
        axis = whole_ticks("y", "ceil(height/40)")
    return {"field": field, "type": "quantitative", "title": title, "axis": axis, **extra}


def whole_ticks(channel: str, most: str) -> dict[str, Any]:
    """Axis ticks on whole numbers only (a count of games or deals): at most ``most`` (a
    Vega expression), and never more than the axis spans, so 1 deal gets "0, 1", not
    "0.0, 0.2, … 1.0". (Vega-Lite 5 leaves an axis's ``tickMinStep`` out of the chart.)"""
    return {"tickCount": {"expr": f"max(1, min({most}, span(domain('{channel}'))))"}}
