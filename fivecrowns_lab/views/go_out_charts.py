"""Lesson 08's two charts: every round's value (simulated beside exact), and the running
estimate of the round the learner follows as its deals are added."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from ..i18n import gettext as _
from ..i18n import ngettext as _n
from ..i18n import number
from ..odds.estimate import Estimate
from .chart import Chart
from .go_out_words import (
    BY_ROUND_TITLES,
    CHART_TITLES,
    PENALTY,
    RUNNING_TITLES,
    exact_or_none,
    value_text,
)
from .specs import by_round_spec, running_spec

__all__ = ["by_round_chart", "running_chart"]


def by_round_chart(
    chart: Chart,
    question: str,
    estimates: Mapping[int, tuple[Estimate | None, Estimate]],
    exact: Mapping[int, Fraction],
) -> None:
    """Each simulated round with its 95% interval, and each exact value, across the rounds."""
    penalty_question = question == PENALTY
    sim = [
        {
            "round": r,
            "value": float(s.value),
            "low": float(s.ci[0]),
            "high": float(s.ci[1]),
            "series": "simulated, with 95% interval",
        }
        for r, (_e, s) in sorted(estimates.items())
    ]
    exact_rows = [
        {"round": r, "value": float(v), "series": "exact (counting)"} for r, v in exact.items()
    ]
    exact_text = (
        _("exact values for rounds {rounds}").format(rounds=", ".join(map(str, exact)))
        if exact
        else _("no exact values")
    )
    values = "; ".join(
        _("round {round}: {value}").format(round=r, value=value_text(v, penalty_question))
        for r, v in exact.items()
    )
    chart.show(
        by_round_spec(
            _(BY_ROUND_TITLES[question]),
            _("points") if penalty_question else _("chance"),
            not penalty_question,
        ),
        {"sim": sim, "exact": exact_rows},
        _("{title} in rounds 1 to 11: simulated points with 95% intervals, and {exact}. ").format(
            title=_(CHART_TITLES[question]), exact=exact_text
        )
        + values,
    )


def running_chart(chart: Chart, question: str, r: int, rows: list[dict[str, float]]) -> None:
    """The running estimate of round ``r`` (a row per batch of deals), its band and exact value."""
    penalty_question = question == PENALTY
    exact = exact_or_none(question, r)
    marks = [] if exact is None else [{"value": float(exact.value), "series": "exact"}]
    last = rows[-1]

    def fmt(value: float | Fraction) -> str:
        return value_text(value, penalty_question)

    exact_text = (
        _("exact {value}").format(value=fmt(exact.value))
        if exact is not None
        else _("not counted exactly")
    )
    chart.show(
        running_spec(
            _(RUNNING_TITLES[question]).format(round=r),
            _("deals simulated (each step ×10)"),
            _("points") if penalty_question else _("chance"),
            percent=not penalty_question,
            exact=exact is not None,
            guess=False,
        ),
        {"running": rows, "marks": marks},
        _n(
            "Line chart of the running estimate for round {round} with its 95% band: after "
            "{count} deal, {value} (interval {low} to {high}); {exact}.",
            "Line chart of the running estimate for round {round} with its 95% band: after "
            "{count} deals, {value} (interval {low} to {high}); {exact}.",
            int(last["n"]),
        ).format(
            round=r,
            count=number(int(last["n"])),
            value=fmt(last["value"]),
            low=fmt(last["low"]),
            high=fmt(last["high"]),
            exact=exact_text,
        ),
        animate=("running",),
    )
