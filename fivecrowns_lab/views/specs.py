"""The lessons' Vega-Lite specs, as plain JSON-like dicts (drawn by :class:`.chart.Chart`).

Each spec reads *named* datasets, so that a lesson sends new rows without a new spec
when only its data change. Colours are the Okabe-Ito accents of the card theme; text,
axes and grid take the page's theme colours in the browser (``chart.js``).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from ..core.rules import FIRST_ROUND, LAST_ROUND, ROUNDS
from ..i18n import N_, get_language
from ..i18n import gettext as _

__all__ = [
    "EXACT_COLOUR",
    "MISS_COLOUR",
    "PREDICTION_COLOUR",
    "SIMULATED_COLOUR",
    "THUMB_COLOUR",
    "by_round_spec",
    "grouped_bars_spec",
    "intervals_spec",
    "lines_spec",
    "running_spec",
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


def _translated(domain: list[str], expression: str) -> str | None:
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


def _legend_labels(domain: list[str]) -> dict[str, Any]:
    """The legend of a series field: its names in the learner's language.

    The data keep the English series names (they are keys, shared by every lesson's rows);
    only the legend's text is translated, by a Vega expression that maps each name to its
    translation. In English nothing is added, so the spec stays as it was.
    """
    legend: dict[str, Any] = {"orient": "bottom", "direction": "vertical"}
    expression = _translated(domain, "datum.label")
    if expression is not None:
        legend["labelExpr"] = expression
    return legend


def _series_shown(domain: list[str]) -> tuple[list[Spec], str]:
    """A layer's transforms and the field that name its series in the learner's language
    (for a tooltip: the data keep the English keys, as for the legend)."""
    expression = _translated(domain, "datum.series")
    if expression is None:
        return [], "series"
    return [{"calculate": expression, "as": "series_shown"}], "series_shown"


def _band_symbol(colour_encoding: dict[str, Any], band: str, colour: str) -> dict[str, Any]:
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


def _tip(field: str, title: str, fmt: str | None = None) -> dict[str, Any]:
    """One line of a tooltip: ``title`` and the field's value (a number in ``fmt``)."""
    line: dict[str, Any] = {"field": field, "title": title}
    if fmt is None:
        line["type"] = "nominal"
    else:
        line.update(type="quantitative", format=fmt)
    return line


def _value_format(percent: bool) -> str:
    """How a tooltip writes a value: a share to a tenth of a percent, else up to two
    decimals ("83.5 points", "12 games": no trailing zeros)."""
    return ".1%" if percent else ",.2~f"


def _colour(domain: list[str], colours: list[str], title: str | None = None) -> dict[str, Any]:
    return {
        "field": "series",
        "type": "nominal",
        "title": title,
        "scale": {"domain": domain, "range": colours},
        "legend": _legend_labels(domain),
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


def _chart(title: str, height: int, **body: Any) -> Spec:
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


def _y(
    field: str, title: str, percent: bool, counts: bool = False, **extra: Any
) -> dict[str, Any]:
    """A quantitative y: shares as percentages, ``counts`` on whole ticks."""
    axis: dict[str, Any] = {}
    if percent:
        axis = {"format": ".0%"}
    elif counts:
        axis = _whole_ticks("y", "ceil(height/40)")
    return {"field": field, "type": "quantitative", "title": title, "axis": axis, **extra}


def _whole_ticks(channel: str, most: str) -> dict[str, Any]:
    """Axis ticks on whole numbers only (a count of games or deals): at most ``most`` (a
    Vega expression), and never more than the axis spans, so 1 deal gets "0, 1", not
    "0.0, 0.2, … 1.0". (Vega-Lite 5 leaves an axis's ``tickMinStep`` out of the chart.)"""
    return {"tickCount": {"expr": f"max(1, min({most}, span(domain('{channel}'))))"}}


def grouped_bars_spec(
    title: str,
    x_title: str,
    y_title: str,
    series: list[tuple[str, str]],
    percent: bool = True,
    guess: bool = False,
    *,
    series_title: str,
) -> Spec:
    """Bars side by side per category ``k``, one colour per series; dataset ``bars``
    (rows ``k``, ``value``, ``series``) and, with ``guess``, a dashed outline (``guess``).
    Without ``percent`` the values are counts (games, deals), named on whole ticks.
    ``series_title`` names what tells the series apart in a tooltip ("player")."""
    domain = [name for name, _ in series]
    transform, shown = _series_shown(domain)
    layers: list[Spec] = [
        {
            "data": {"name": "bars"},
            "transform": transform,
            "mark": {"type": "bar"},
            "encoding": {
                "x": {
                    "field": "k",
                    "type": "ordinal",
                    "title": x_title,
                    "axis": {"labelAngle": 0},
                },
                "xOffset": {"field": "series", "scale": {"domain": domain}},
                "y": _y("value", y_title, percent, counts=not percent),
                "color": _colour(domain, [c for _, c in series]),
                "tooltip": [
                    # one series (the solitaire's deals) needs no name of its own
                    *([_tip(shown, series_title)] if len(domain) > 1 else []),
                    _tip("k", x_title),
                    _tip("value", y_title, _value_format(percent)),
                ],
            },
        }
    ]
    if guess:
        layers.append(
            {
                "data": {"name": "guess"},
                "mark": {
                    "type": "bar",
                    "fillOpacity": 0,
                    "stroke": PREDICTION_COLOUR,
                    "strokeWidth": 3,
                    "strokeDash": [6, 4],
                },
                "encoding": {
                    "x": {"field": "k", "type": "ordinal"},
                    "y": {"field": "value", "type": "quantitative"},
                },
            }
        )
    return _chart(title, 240, layer=layers)


def running_spec(
    title: str,
    x_title: str,
    y_title: str,
    percent: bool = True,
    exact: bool = True,
    guess: bool = True,
) -> Spec:
    """A running estimate (dataset ``running``: ``n``, ``value``, ``low``, ``high``) with
    its 95% band, and horizontal rules for the exact value and the guess (``marks``:
    ``value``, ``series``). The x axis is logarithmic: each step is ten times the hands."""
    x = {
        "field": "n",
        "type": "quantitative",
        "title": x_title,
        "scale": {"type": "log", "nice": False},  # ends at the hands dealt, not the next 10×
        "axis": {**_whole_ticks("x", "5"), "format": "~s"},  # 2 deals: "1, 2", no "1.2"
    }
    domain = [N_("estimate so far"), N_("95% interval"), N_("exact"), N_("your guess")]
    colours = [SIMULATED_COLOUR, SIMULATED_COLOUR, EXACT_COLOUR, PREDICTION_COLOUR]
    if not exact:  # nothing exact to compare with (solitaire): no such legend entries
        domain, colours = domain[:2], colours[:2]
    elif not guess:  # the guess is not a value on this axis (lesson 08 guesses a round)
        domain, colours = domain[:3], colours[:3]
    return _chart(
        title,
        220,
        layer=[
            {
                "data": {"name": "running"},
                "mark": {"type": "area", "opacity": BAND_OPACITY, "color": SIMULATED_COLOUR},
                "encoding": {
                    "x": x,
                    "y": _y("low", y_title, percent),
                    "y2": {"field": "high"},
                },
            },
            {
                "data": {"name": "running"},
                "mark": {"type": "line", "color": SIMULATED_COLOUR, "point": False},
                "encoding": {"x": x, "y": {"field": "value", "type": "quantitative"}},
            },
            {
                "data": {"name": "marks"},
                "mark": {"type": "rule", "strokeWidth": 2.5},
                "encoding": {
                    "y": {"field": "value", "type": "quantitative"},
                    "color": _band_symbol(_colour(domain, colours), domain[1], SIMULATED_COLOUR),
                    "strokeDash": {
                        "field": "series",
                        "type": "nominal",
                        "scale": {
                            "domain": domain,
                            "range": [[1, 0], [1, 0], [1, 0], [6, 4]][: len(domain)],
                        },
                        "legend": None,
                    },
                },
            },
        ],
    )


def intervals_spec(title: str, x_title: str, percent: bool = True) -> Spec:
    """One horizontal interval per sample (dataset ``intervals``: ``i``, ``low``, ``high``,
    ``value``, ``series``: covers or misses) and the exact value as a vertical rule
    (dataset ``exact``: ``value``)."""
    fmt = ".0%" if percent else ""
    x = {
        "field": "low",
        "type": "quantitative",
        "title": x_title,
        "axis": {"format": fmt},
        "scale": {"zero": False},
    }
    domain = [N_("holds the exact value"), N_("misses it")]
    transform, shown = _series_shown(domain)
    value = _value_format(percent)
    return _chart(
        title,
        300,
        layer=[
            {
                "data": {"name": "intervals"},
                "transform": transform,
                "mark": {"type": "rule", "strokeWidth": 2},
                "encoding": {
                    "y": {
                        "field": "i",
                        "type": "quantitative",
                        "title": _("sample"),
                        "axis": None,
                    },
                    "x": x,
                    "x2": {"field": "high"},
                    "color": _colour(domain, [EXACT_COLOUR, MISS_COLOUR]),
                    "tooltip": [
                        _tip(shown, _("the interval")),
                        _tip("value", _("estimate"), value),
                        _tip("low", _("95% interval from"), value),
                        _tip("high", _("to"), value),
                    ],
                },
            },
            {
                "data": {"name": "intervals"},
                "mark": {"type": "point", "size": 14, "filled": True},
                "encoding": {
                    "y": {"field": "i", "type": "quantitative"},
                    "x": {"field": "value", "type": "quantitative", "scale": {"zero": False}},
                    "color": {"field": "series", "type": "nominal", "legend": None},
                },
            },
            {
                "data": {"name": "exact"},
                "mark": {"type": "rule", "strokeWidth": 2.5, "color": PREDICTION_COLOUR},
                "encoding": {
                    "x": {"field": "value", "type": "quantitative", "scale": {"zero": False}}
                },
            },
        ],
    )


def by_round_spec(title: str, y_title: str, percent: bool) -> Spec:
    """Simulated points with 95% error bars (dataset ``sim``: ``round``, ``value``,
    ``low``, ``high``) and exact values joined by a line (dataset ``exact``)."""
    x = {
        "field": "round",
        "type": "quantitative",
        "title": _("round"),
        "scale": {"domain": [FIRST_ROUND - 0.5, LAST_ROUND + 0.5]},
        "axis": {"values": list(ROUNDS)},
    }
    domain = [N_("simulated, with 95% interval"), N_("exact (counting)")]
    colour = _colour(domain, [SIMULATED_COLOUR, EXACT_COLOUR])
    transform, shown = _series_shown(domain)
    value = ".2%" if percent else ",.2f"  # a round's chance can be under 1%
    return _chart(
        title,
        260,
        layer=[
            {
                "data": {"name": "sim"},
                "mark": {"type": "rule", "strokeWidth": 2},
                "encoding": {
                    "x": x,
                    "y": _y("low", y_title, percent),
                    "y2": {"field": "high"},
                    "color": colour,
                },
            },
            {
                "data": {"name": "sim"},
                "transform": transform,
                "mark": {"type": "point", "filled": True},
                "encoding": {
                    "x": x,
                    "y": {"field": "value", "type": "quantitative"},
                    "color": colour,
                    "tooltip": [
                        _tip(shown, _("source")),
                        _tip("round", _("round"), "d"),
                        _tip("value", y_title, value),
                        _tip("low", _("95% interval from"), value),
                        _tip("high", _("to"), value),
                    ],
                },
            },
            {
                "data": {"name": "exact"},
                "transform": transform,
                "mark": {"type": "line", "point": {"shape": "square", "size": 60}},
                "encoding": {
                    "x": x,
                    "y": {"field": "value", "type": "quantitative"},
                    "color": colour,
                    "tooltip": [
                        _tip(shown, _("source")),
                        _tip("round", _("round"), "d"),
                        _tip("value", y_title, value),
                    ],
                },
            },
        ],
    )


def lines_spec(
    title: str,
    x_title: str,
    y_title: str,
    series: list[tuple[str, str]],
    percent: bool = True,
    x_values: Sequence[int] = (),
    *,
    series_title: str,
) -> Spec:
    """Lines with points, one per series (dataset ``lines``: ``x``, ``value``, ``series``);
    ``x_values``: the whole numbers the x axis names (every x of the rows);
    ``series_title``: what tells the series apart, as a tooltip names it ("method")."""
    domain = [name for name, _ in series]
    transform, shown = _series_shown(domain)
    return _chart(
        title,
        240,
        data={"name": "lines"},
        transform=transform,
        mark={"type": "line", "point": True},
        encoding={
            "x": {
                "field": "x",
                "type": "quantitative",
                "title": x_title,
                # Whole ticks: over 1 to 2 Vega also put one at 1.5, which "d" wrote
                # "2", so the axis read "1, 2, 2".
                "axis": {"format": "d", "values": list(x_values)}
                if x_values
                else {**_whole_ticks("x", "ceil(width/40)"), "format": "d"},
            },
            "y": _y("value", y_title, percent, scale={"domain": [0, 1]} if percent else {}),
            "color": _colour(domain, [c for _, c in series]),
            "tooltip": [
                *([_tip(shown, series_title)] if len(domain) > 1 else []),
                _tip("x", x_title, "d"),
                _tip("value", y_title, _value_format(percent)),
            ],
        },
    )
