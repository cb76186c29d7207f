"""An answer to one question about one round: exact, or simulated with its interval.

:class:`Estimate` is what every question of :mod:`fivecrowns_lab.odds.probability` and
every simulation of :mod:`fivecrowns_lab.odds.trials` returns.
"""

from __future__ import annotations

import numbers
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from ..errors import ProbabilityError, quote
from ..i18n import gettext as _
from ..i18n import ngettext as _n
from ..i18n import number

__all__ = ["Estimate", "Method"]

Method = Literal["exact", "simulate"]


@dataclass(frozen=True)
class Estimate:
    """An answer to one question about one round: exact, or simulated with an interval.

    ``value`` is a :class:`~fractions.Fraction` when exact (then ``ci`` is the
    value itself, twice) and a float when simulated (then ``ci`` is its 95%
    confidence interval, from ``trials`` simulated deals drawn with ``seed``).
    """

    question: str
    round_no: int
    value: Fraction | float
    ci: tuple[float, float]
    method: Method
    trials: int = 0
    seed: int | None = None

    @property
    def probability(self) -> Fraction | float:
        """The value, under the name a probability question reads best with."""
        return self.value

    @property
    def exact(self) -> bool:
        """True when the value was counted, not sampled."""
        return self.method == "exact"

    def contains(self, value: Fraction | float) -> bool:
        """True when ``value`` lies in the confidence interval (or equals the exact value).

        >>> Estimate("go out", 1, 0.25, (0.2, 0.3), "simulate", 100, 1).contains(10**5000)
        False
        """
        if isinstance(value, bool) or not isinstance(value, numbers.Real):
            raise ProbabilityError(
                _("An estimate is compared with a number, such as 0.25, not {value}.").format(
                    value=quote(value)
                )
            )
        # Python compares int, float and Fraction exactly, with no conversion to float, so
        # a huge whole number is simply outside the interval; NaN is in none.
        if self.exact:
            return bool(value == self.value)
        return bool(self.ci[0] <= value <= self.ci[1])

    def __str__(self) -> str:
        asked = _asked(self.question)
        if self.exact:
            return _("Round {round}, {question}: exactly {fraction} ≈ {value}").format(
                round=self.round_no,
                question=asked,
                fraction=self.value,
                value=number(float(self.value), spec=".6g"),
            )
        low, high = self.ci
        return _n(
            "Round {round}, {question}: about {value} (95% CI {low} to {high}; "
            "{count} simulated deal, seed {seed})",
            "Round {round}, {question}: about {value} (95% CI {low} to {high}; "
            "{count} simulated deals, seed {seed})",
            self.trials,
        ).format(
            round=self.round_no,
            question=asked,
            value=number(float(self.value), spec=".4g"),
            low=number(low, spec=".4g"),
            high=number(high, spec=".4g"),
            count=number(self.trials),
            seed=self.seed,
        )

    def _repr_html_(self) -> str:
        from ..render import estimate_html  # lazy: rendering is only needed in notebooks

        return estimate_html(self)


def _asked(question: str) -> str:
    """An estimate's question in the learner's language, its meld variants' names too.

    The engine writes ``"going out on the deal (books in different suits)"``; the catalogue
    knows the question and each name. A question of one's own stays as it is.
    """
    base, bracket, rest = question.partition(" (")
    if not bracket or not rest.endswith(")"):
        return _(question)
    names = ", ".join(_(name) for name in rest[:-1].split(", "))
    return f"{_(base)} ({names})"
