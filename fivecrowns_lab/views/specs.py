"""The lessons' Vega-Lite specs, as plain JSON-like dicts (drawn by :class:`.chart.Chart`).

Each spec reads *named* datasets, so that a lesson sends new rows without a new spec
when only its data change. Colours are the Okabe-Ito accents of the card theme; text,
axes and grid take the page's theme colours in the browser (``chart.js``).
"""

from __future__ import annotations

import json
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


def _legend_labels(domain: list[str]) -> dict[str, Any]:
    """The legend of a series field: its names in the learner's language.

    The data keep the English series names (they are keys, shared by every lesson's rows);
    only the legend's text is translated, by a Vega expression that maps each name to its
    translation. In English nothing is added, so the spec stays as it was.
    """
    legend: dict[str, Any] = {"orient": "bottom", "direction": "vertical"}
    shown = {name: _(name) for name in domain if _(name) != name}
    if shown:
        expression = "datum.label"
        for name, text in shown.items():  # json.dumps quotes a string for the expression too
            quoted = json.dumps(name, ensure_ascii=False), json.dumps(text, ensure_ascii=False)
            expression = f"datum.label === {quoted[0]} ? {quoted[1]} : {expression}"
        legend["labelExpr"] = expression
    return legend


def _colour(domain: list[str], colours: list[str], title: str | None = None) -> dict[str, Any]:
    return {
        "field": "series",
        "type": "nominal",
        "title": title,
        "scale": {"domain": domain, "range": colours},
        "legend": _legend_labels(domain),
    }


#: A Danish tick label from the English one Vega writes: comma and dot trade places (a
#: tick has at most one of each) and a percent sign stands a space apart: "0,5", "20 %".
_DANISH_TICK = (
    "replace(replace(replace(replace(datum.label, ',', '_'), '.', ','), '_', '.'), '%', ' %')"
)


def _numbers(axis: dict[str, Any]) -> dict[str, Any]:
    """``axis`` with its tick labels in the learner's language (English: as it is)."""
    return {**axis, "labelExpr": _DANISH_TICK} if get_language() == "da" else axis


def _y(field: str, title: str, percent: bool, **extra: Any) -> dict[str, Any]:
    axis: dict[str, Any] = _numbers({"format": ".0%"}) if percent else {"tickMinStep": 1}
    return {"field": field, "type": "quantitative", "title": title, "axis": axis, **extra}


def grouped_bars_spec(
    title: str,
    x_title: str,
    y_title: str,
    series: list[tuple[str, str]],
    percent: bool = True,
    guess: bool = False,
) -> Spec:
    """Bars side by side per category ``k``, one colour per series; dataset ``bars``
    (rows ``k``, ``value``, ``series``) and, with ``guess``, a dashed outline (``guess``)."""
    domain = [name for name, _ in series]
    layers: list[Spec] = [
        {
            "data": {"name": "bars"},
            "mark": {"type": "bar", "tooltip": True},
            "encoding": {
                "x": {
                    "field": "k",
                    "type": "ordinal",
                    "title": x_title,
                    "axis": {"labelAngle": 0},
                },
                "xOffset": {"field": "series", "scale": {"domain": domain}},
                "y": _y("value", y_title, percent),
                "color": _colour(domain, [c for _, c in series]),
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
    return {"$schema": SCHEMA, "title": title, "height": 240, "layer": layers}


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
        "axis": _numbers({"tickCount": 5, "format": "~s"}),
    }
    domain = [N_("estimate so far"), N_("95% interval"), N_("exact"), N_("your guess")]
    colours = [SIMULATED_COLOUR, SIMULATED_COLOUR, EXACT_COLOUR, PREDICTION_COLOUR]
    if not exact:  # nothing exact to compare with (solitaire): no such legend entries
        domain, colours = domain[:2], colours[:2]
    elif not guess:  # the guess is not a value on this axis (lesson 08 guesses a round)
        domain, colours = domain[:3], colours[:3]
    return {
        "$schema": SCHEMA,
        "title": title,
        "height": 220,
        "layer": [
            {
                "data": {"name": "running"},
                "mark": {"type": "area", "opacity": 0.25, "color": SIMULATED_COLOUR},
                "encoding": {"x": x, "y": _y("low", y_title, percent), "y2": {"field": "high"}},
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
                    "color": _colour(domain, colours),
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
    }


def intervals_spec(title: str, x_title: str, percent: bool = True) -> Spec:
    """One horizontal interval per sample (dataset ``intervals``: ``i``, ``low``, ``high``,
    ``value``, ``series``: covers or misses) and the exact value as a vertical rule
    (dataset ``exact``: ``value``)."""
    fmt = ".0%" if percent else ""
    x = {
        "field": "low",
        "type": "quantitative",
        "title": x_title,
        "axis": _numbers({"format": fmt}),
        "scale": {"zero": False},
    }
    domain = [N_("holds the exact value"), N_("misses it")]
    return {
        "$schema": SCHEMA,
        "title": title,
        "height": 300,
        "layer": [
            {
                "data": {"name": "intervals"},
                "mark": {"type": "rule", "strokeWidth": 2, "tooltip": True},
                "encoding": {
                    "y": {"field": "i", "type": "quantitative", "title": "sample", "axis": None},
                    "x": x,
                    "x2": {"field": "high"},
                    "color": _colour(domain, [EXACT_COLOUR, MISS_COLOUR]),
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
    }


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
    return {
        "$schema": SCHEMA,
        "title": title,
        "height": 260,
        "layer": [
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
                "mark": {"type": "point", "filled": True, "tooltip": True},
                "encoding": {
                    "x": x,
                    "y": {"field": "value", "type": "quantitative"},
                    "color": colour,
                },
            },
            {
                "data": {"name": "exact"},
                "mark": {
                    "type": "line",
                    "point": {"shape": "square", "size": 60},
                    "tooltip": True,
                },
                "encoding": {
                    "x": x,
                    "y": {"field": "value", "type": "quantitative"},
                    "color": colour,
                },
            },
        ],
    }


def lines_spec(
    title: str, x_title: str, y_title: str, series: list[tuple[str, str]], percent: bool = True
) -> Spec:
    """Lines with points, one per series (dataset ``lines``: ``x``, ``value``, ``series``)."""
    domain = [name for name, _ in series]
    return {
        "$schema": SCHEMA,
        "title": title,
        "height": 240,
        "data": {"name": "lines"},
        "mark": {"type": "line", "point": True, "tooltip": True},
        "encoding": {
            "x": {
                "field": "x",
                "type": "quantitative",
                "title": x_title,
                "axis": {"tickMinStep": 1, "format": "d"},
            },
            "y": _y("value", y_title, percent, scale={"domain": [0, 1]} if percent else {}),
            "color": _colour(domain, [c for _, c in series]),
        },
    }
