"""Confidence intervals for Monte Carlo estimates (standard library only).

A 95% confidence interval comes from a procedure that, over many repeated
simulations, covers the true value 95% of the time.

>>> low, high = wilson_interval(30, 100)
>>> round(low, 4), round(high, 4)
(0.2189, 0.3958)
>>> wilson_interval(0, 50)[0]
0.0
>>> low, high = mean_interval(10.0, 2.0, 4)
>>> round(low, 3), round(high, 3)
(6.818, 13.182)
"""

from __future__ import annotations

import math
from statistics import NormalDist

from ..errors import StatsError, quote
from ..i18n import N_
from ..i18n import gettext as _

__all__ = ["Z95", "StatsError", "mean_interval", "t_quantile", "wilson_interval"]

#: The standard normal quantile for a two-sided 95% interval.
Z95 = NormalDist().inv_cdf(0.975)
# Past this many degrees of freedom, Student's t is the normal quantile to 9 decimals.
_T_NORMAL = 10**9
#: The largest count of trials or samples an interval takes: every count up to it is a
#: float exactly, and no simulation comes near it. Bigger numbers would overflow the
#: float arithmetic below (``z * z / trials``), so they are refused first.
MAX_COUNT = 2**53


def _whole(value: object, what: str, low: int) -> int:
    """``value`` if it is a count from ``low`` to 2**53; ``what`` names it (an ``N_`` phrase)."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= MAX_COUNT:
        raise StatsError(
            _("{what} must be a whole number from {low} to 2**53, not {value}.").format(
                what=_(what), low=low, value=quote(value)
            )
        )
    return value


def _real(value: object, what: str) -> float:
    """``value`` as a finite float; ``what`` names it (an ``N_`` phrase)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise StatsError(
            _("{what} must be a number, not {value}.").format(what=_(what), value=quote(value))
        )
    try:
        number = float(value)
    except OverflowError:
        raise StatsError(
            _("{what} is too large: {value}.").format(what=_(what), value=quote(value))
        ) from None
    if not math.isfinite(number):
        raise StatsError(
            _("{what} must be a finite number, not {value}.").format(
                what=_(what), value=quote(value)
            )
        )
    return number


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion: good even near 0 and 1, unlike ``p ± z·se``."""
    if isinstance(trials, int) and not isinstance(trials, bool) and trials <= 0:
        raise StatsError(
            _("An interval needs at least one trial, not {count}.").format(count=trials)
        )
    _whole(trials, N_("The number of trials"), 1)
    _whole(successes, N_("The number of successes"), 0)
    if _real(z, N_("The z quantile")) <= 0:
        raise StatsError(_("The z quantile must be above 0, not {value}.").format(value=quote(z)))
    if not 0 <= successes <= trials:
        raise StatsError(  # successes < 0 was refused above: only too many are left
            _("There cannot be more successes ({successes}) than trials ({count}).").format(
                successes=successes, count=trials
            )
        )
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return low, high


# Student's t 97.5% quantiles for 1..30 degrees of freedom (printed tables, 4 decimals).
_T95 = (
    12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060, 2.2622, 2.2281,
    2.2010, 2.1788, 2.1604, 2.1448, 2.1314, 2.1199, 2.1098, 2.1009, 2.0930, 2.0860,
    2.0796, 2.0739, 2.0687, 2.0639, 2.0595, 2.0555, 2.0518, 2.0484, 2.0452, 2.0423,
)  # fmt: skip


def t_quantile(df: int) -> float:
    """Student's t quantile for a two-sided 95% interval with ``df`` degrees of freedom.

    From a table up to 30, then the Cornish-Fisher series (within 0.0005 there).

    >>> t_quantile(3), round(t_quantile(1000), 3)
    (3.1824, 1.962)
    """
    if isinstance(df, int) and not isinstance(df, bool) and df < 1:
        raise StatsError(
            _("Student's t needs at least 1 degree of freedom, not {count}.").format(count=df)
        )
    _whole(df, N_("The degrees of freedom"), 1)
    if df <= len(_T95):
        return _T95[df - 1]
    if df > _T_NORMAL:
        return Z95
    z = Z95
    z3, z5, z7 = z**3, z**5, z**7
    return (
        z
        + (z3 + z) / (4 * df)
        + (5 * z5 + 16 * z3 + 3 * z) / (96 * df**2)
        + (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * df**3)
    )


def mean_interval(mean: float, sd: float, n: int) -> tuple[float, float]:
    """The t interval ``mean ± t·sd/√n`` for the mean of ``n`` independent samples."""
    if isinstance(n, int) and not isinstance(n, bool) and n < 2:
        raise StatsError(
            _("An interval for a mean needs at least 2 samples, not {count}.").format(count=n)
        )
    _whole(n, N_("The number of samples"), 2)
    mean, sd = _real(mean, N_("The mean")), _real(sd, N_("The standard deviation"))
    if sd < 0:
        raise StatsError(
            _("A standard deviation is 0 or more, not {value}.").format(value=quote(sd))
        )
    half = t_quantile(n - 1) * sd / math.sqrt(n)
    return mean - half, mean + half
