"""Lesson 07's *Draw 100 intervals*: how often a 95% interval from a fresh sample is right.

The samples come from the engine (:func:`~fivecrowns_lab.odds.trials.share_intervals`);
this part only asks for them, draws them and says how many hold the exact value.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from ..i18n import gettext as _
from ..i18n import ngettext as _n
from ..odds.trials import share_intervals
from .chart import Chart
from .lesson_parts import row, wilds_text
from .plots import pct
from .specs import intervals_spec

__all__ = ["SAMPLE_CHOICES", "CoverageIntervals"]

#: Hands in each of the 100 samples a learner may choose.
SAMPLE_CHOICES = (25, 100, 400)
_SAMPLES = 100


class CoverageIntervals:
    """The sample size, the button, the chart of 100 intervals and their count in words.

    Not a box of its own: :attr:`parts` go into the lesson's column as they always stood.
    """

    def __init__(self, button: Callable[..., widgets.Button], draw: Callable[[], None]) -> None:
        self.sample_size = widgets.Dropdown(
            options=[
                (_n("{count} hand each", "{count} hands each", m).format(count=m), m)
                for m in SAMPLE_CHOICES
            ],
            value=100,
            description=_("Samples of"),
        )
        self.button = button(_("Draw 100 intervals"), draw)
        self.chart = Chart()
        self.view = widgets.HTML()
        self.intervals: list[tuple[float, float]] = []
        self.parts = [row(self.sample_size, self.button), self.chart, self.view]

    def clear(self) -> None:
        """No intervals drawn (a new round, guess or sample size)."""
        self.chart.clear()
        self.view.value = ""
        self.intervals = []

    def draw(self, round_no: int, wilds: int, p: float, rng: random.Random) -> str:
        """Draw 100 fresh samples' intervals for the share with ``wilds`` wilds (exact ``p``);
        returns the sentence saying how many hold it."""
        m = int(self.sample_size.value)
        found = share_intervals(round_no, wilds, m, _SAMPLES, rng)
        self.intervals = [(low, high) for _share, low, high in found]
        rows: list[dict[str, Any]] = [
            {
                "i": i + 1,
                "low": low,
                "high": high,
                "value": share,
                "series": "holds the exact value" if low <= p <= high else "misses it",
            }
            for i, (share, low, high) in enumerate(found)
        ]
        held = sum(1 for low, high in self.intervals if low <= p <= high)
        sentence = _(
            "{held} of 100 intervals hold the exact value ({share} of hands have {wilds})."
        ).format(held=held, share=pct(p), wilds=wilds_text(wilds))
        self.chart.show(
            intervals_spec(
                _("100 samples of {count} hands: 95% intervals for hands with {wilds}").format(
                    count=m, wilds=wilds_text(wilds)
                ),
                _("share of hands"),
            ),
            {"intervals": rows, "exact": [{"value": p}]},
            _(
                "100 horizontal 95% intervals, one per sample of {count} hands, for the share of "
                "round-{round} hands with {wilds}, and a vertical line at the exact value "
                "{exact}. {sentence}"
            ).format(
                count=m, round=round_no, wilds=wilds_text(wilds), exact=pct(p), sentence=sentence
            ),
            animate=("intervals",),
        )
        why = _(
            "A 95% interval is built so that about 95 of 100 samples catch the exact value; the "
            "ones that miss (in orange) are not mistakes, they are the 5% the method allows. "
            "Bigger samples give narrower intervals, and still about 95 of 100 hold the truth."
        )
        self.view.value = f"<p class='fc-big'><b>{sentence}</b></p><p>{why}</p>"
        return sentence
