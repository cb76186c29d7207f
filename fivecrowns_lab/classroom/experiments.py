"""The class experiments: the simulations whose counts a class pools, and their exact values.

An experiment is one question about one round ("go out on the deal, round 5"), named by
an id such as ``"go-out-on-deal/round-5"``. Its exact value comes from the shipped table
of :mod:`fivecrowns_lab.odds.probability` where the package has counted it, else None.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from ..core.rules import ROUNDS
from ..errors import ExactUnavailableError
from ..odds.probability import Estimate, first_turn_go_out, go_out_on_deal

__all__ = ["EXPERIMENTS", "SOLITAIRE_WIN", "Experiment", "exact_value", "experiment_id"]


@dataclass(frozen=True)
class Experiment:
    """One pooled experiment: its lesson, a label for the dashboard, and the question."""

    id: str
    lesson: str
    label: str
    question: str
    round_no: int


_QUESTIONS: dict[str, tuple[str, str, Callable[[int], Estimate]]] = {
    # lesson 08's question -> (id stem, dashboard label, exact function)
    "go out on the deal": ("go-out-on-deal", "Go out on the deal", go_out_on_deal),
    "go out on the first turn": (
        "go-out-first-turn",
        "Go out on the first turn",
        first_turn_go_out,
    ),
}


def experiment_id(question: str, round_no: int) -> str | None:
    """The id of lesson 08's ``question`` in ``round_no``; None if it is not pooled.

    >>> experiment_id("go out on the deal", 5)
    'go-out-on-deal/round-5'
    """
    if question not in _QUESTIONS:
        return None
    return f"{_QUESTIONS[question][0]}/round-{round_no}"


#: Lesson 11's experiment: how often the solitaire bot wins a deal (no exact value known).
SOLITAIRE_WIN = "solitaire-win"

EXPERIMENTS: dict[str, Experiment] = {
    **{
        f"{stem}/round-{r}": Experiment(f"{stem}/round-{r}", "08", f"{label}, round {r}", q, r)
        for q, (stem, label, _f) in _QUESTIONS.items()
        for r in ROUNDS
    },
    SOLITAIRE_WIN: Experiment(
        SOLITAIRE_WIN, "11", "Solitaire: the bot wins a deal", "win at solitaire", 0
    ),
}


@cache
def exact_value(experiment: str) -> Fraction | None:
    """The exact chance an experiment estimates, if the package knows it.

    >>> round(float(exact_value("go-out-on-deal/round-1")), 4)
    0.1054
    >>> exact_value("go-out-first-turn/round-11") is None
    True
    """
    found = EXPERIMENTS.get(experiment)
    if found is None or found.question not in _QUESTIONS:
        return None
    try:
        value = _QUESTIONS[found.question][2](found.round_no).value
    except ExactUnavailableError:
        return None
    return value if isinstance(value, Fraction) else None
