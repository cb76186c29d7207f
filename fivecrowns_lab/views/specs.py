"""The lessons' Vega-Lite specs, as plain JSON-like dicts (drawn by :class:`.chart.Chart`).

Each spec reads *named* datasets, so that a lesson sends new rows without a new spec
when only its data change. Colours are the Okabe-Ito accents of the card theme; text,
axes and grid take the page's theme colours in the browser (``chart.js``).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.rules import FIRST_ROUND, LAST_ROUND, ROUNDS
from ..i18n import N_
from ..i18n import gettext as _
from .spec_parts import (
    BAND_OPACITY,
    EXACT_COLOUR,
    MISS_COLOUR,
    PREDICTION_COLOUR,
    SIMULATED_COLOUR,
    THUMB_COLOUR,
    Spec,
    band_symbol,
    chart_spec,
    colour_scale,
    series_shown,
    tip,
    value_format,
    whole_ticks,
    y_field,
)

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
    transform, shown = series_shown(domain)
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
                "y": y_field("value", y_title, percent, counts=not percent),
                "color": colour_scale(domain, [c for _, c in series]),
                "tooltip": [
                    # one series (the solitaire's deals) needs no name of its own
                    *([tip(shown, series_title)] if len(domain) > 1 else []),
                    tip("k", x_title),
                    tip("value", y_title, value_format(percent)),
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
    return chart_spec(title, 240, layer=layers)


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
        "axis": {**whole_ticks("x", "5"), "format": "~s"},  # 2 deals: "1, 2", no "1.2"
    }
    domain = [N_("estimate so far"), N_("95% interval"), N_("exact"), N_("your guess")]
    colours = [SIMULATED_COLOUR, SIMULATED_COLOUR, EXACT_COLOUR, PREDICTION_COLOUR]
    if not exact:  # nothing exact to compare with (solitaire): no such legend entries
        domain, colours = domain[:2], colours[:2]
    elif not guess:  # the guess is not a value on this axis (lesson 08 guesses a round)
        domain, colours = domain[:3], colours[:3]
    return chart_spec(
        title,
        220,
        layer=[
            {
                "data": {"name": "running"},
                "mark": {"type": "area", "opacity": BAND_OPACITY, "color": SIMULATED_COLOUR},
                "encoding": {
                    "x": x,
                    "y": y_field("low", y_title, percent),
                    "y2": {"field": "high"},
                },
            },
            {
                "data": {"name": "running"},
                "mark": {"type": "line", "color": SIMULATED_COLOUR, "point": False},
                "encoding": {"x": x, "y": {"field": "value", "type": "quantitative"}},
            },
            _marks_layer(domain, colours),
        ],
    )


def _marks_layer(domain: list[str], colours: list[str]) -> Spec:
    """The horizontal rules of a running estimate (dataset ``marks``: the exact value and
    the guess), whose legend also names the shaded band."""
    return {
        "data": {"name": "marks"},
        "mark": {"type": "rule", "strokeWidth": 2.5},
        "encoding": {
            "y": {"field": "value", "type": "quantitative"},
            "color": band_symbol(colour_scale(domain, colours), domain[1], SIMULATED_COLOUR),
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
        "axis": {"format": fmt},
        "scale": {"zero": False},
    }
    domain = [N_("holds the exact value"), N_("misses it")]
    transform, shown = series_shown(domain)
    value = value_format(percent)
    return chart_spec(
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
                    "color": colour_scale(domain, [EXACT_COLOUR, MISS_COLOUR]),
                    "tooltip": [
                        tip(shown, _("the interval")),
                        tip("value", _("estimate"), value),
                        tip("low", _("95% interval from"), value),
                        tip("high", _("to"), value),
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
    colour = colour_scale(domain, [SIMULATED_COLOUR, EXACT_COLOUR])
    transform, shown = series_shown(domain)
    value = ".2%" if percent else ",.2f"  # a round's chance can be under 1%
    tips = [tip(shown, _("source")), tip("round", _("round"), "d"), tip("value", y_title, value)]
    return chart_spec(
        title,
        260,
        layer=[
            {
                "data": {"name": "sim"},
                "mark": {"type": "rule", "strokeWidth": 2},
                "encoding": {
                    "x": x,
                    "y": y_field("low", y_title, percent),
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
                        *tips,
                        tip("low", _("95% interval from"), value),
                        tip("high", _("to"), value),
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
                    "tooltip": tips,
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
    transform, shown = series_shown(domain)
    return chart_spec(
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
                else {**whole_ticks("x", "ceil(width/40)"), "format": "d"},
            },
            "y": y_field("value", y_title, percent, scale={"domain": [0, 1]} if percent else {}),
            "color": colour_scale(domain, [c for _, c in series]),
            "tooltip": [
                *([tip(shown, series_title)] if len(domain) > 1 else []),
                tip("x", x_title, "d"),
                tip("value", y_title, value_format(percent)),
            ],
        },
    )
