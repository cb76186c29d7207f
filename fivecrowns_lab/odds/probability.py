"""Probability with Five Crowns: exact answers where counting is feasible, simulation otherwise.

Every question comes in two forms. ``method="exact"`` counts: it returns a
:class:`fractions.Fraction`, from the table shipped with the package (built by
``python -m fivecrowns_lab.odds.probability --build-table``). ``method="simulate"``
deals ``n`` random hands from a seeded generator and returns a float with a 95%
confidence interval; the same seed always gives the same answer.

>>> go_out_on_deal(1).probability
Fraction(1336, 12673)
>>> estimate = go_out_on_deal(1, method="simulate", n=2000, seed=7)
>>> estimate.contains(go_out_on_deal(1).probability)
True
>>> expected_penalty(2).value
Fraction(45214876, 1432049)
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from importlib import resources
from typing import Any

from ..core.rules import RoundRules, round_rules
from ..errors import ExactUnavailableError, ProbabilityError, quote
from ..i18n import gettext as _
from ..i18n import number
from ..validators import whole_number
from .counting import wild_count_distribution
from .estimate import Estimate, Method
from .trials import (
    MAX_DEALS,
    QUESTIONS,
    deal,
    estimate_of,
    sample_wild_counts,
    trial_stream,
)

__all__ = [
    "MAX_DEALS",
    "Estimate",
    "ExactUnavailableError",
    "Method",
    "ProbabilityError",
    "deal",
    "exact_table",
    "expected_penalty",
    "first_turn_go_out",
    "go_out_on_deal",
    "penalty_distribution",
    "sample_wild_counts",
    "wild_count_distribution",
]

TABLE_FILE = "exact_table.json"
_DEFAULT_N = 10_000


# -- the shipped table -------------------------------------------------------------------------


@cache
def exact_table() -> dict[str, Any]:
    """The exact counts shipped with the package, as read from its JSON file.

    ``table["rounds"]["3"]["go_out"]`` is ``{"count": ..., "deals": ...,
    "probability": "p/q", "decimal": ...}``; see :func:`build_table`.
    """
    folder = resources.files("fivecrowns_lab.odds").joinpath("data")
    text = folder.joinpath(TABLE_FILE).read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def variant_key(rules: RoundRules) -> str:
    """The meld variants switched on, as the exact table names them (``""`` if none)."""
    return "+".join(rules.variant_fields())


def _rounds_counted(rules: RoundRules) -> dict[str, Any]:
    table = exact_table()
    if rules.is_standard:
        rows: dict[str, Any] = table["rounds"]
        return rows
    found: dict[str, Any] = table.get("variants", {}).get(variant_key(rules), {})
    return found


def _exact(rules: RoundRules, key: str, question: str) -> Fraction:
    rows = _rounds_counted(rules)
    entry = rows.get(str(rules.round_no), {}).get(key)
    if entry is None:
        have = sorted(int(r) for r, row in rows.items() if key in row)
        listed = (
            _("it has for rounds {rounds}").format(rounds=", ".join(map(str, have)))
            if have
            else _("nor any round")
        )
        sentence = (
            _(
                "The exact chance of {question} in round {round} has not been counted "
                "({listed}); use method='simulate' for an estimate."
            )
            if rules.is_standard
            else _(
                "The exact chance of {question} in round {round} under {variants} has not been "
                "counted ({listed}); use method='simulate' for an estimate."
            )
        )
        raise ExactUnavailableError(
            sentence.format(
                question=_(question.partition(" (")[0]),  # the variants are named after
                round=rules.round_no,
                variants=", ".join(_(name) for name in rules.variant_names()),
                listed=listed,
            )
        )
    return Fraction(entry["value"])


def _check_method(method: str, n: int) -> None:
    if method not in ("exact", "simulate"):
        raise ProbabilityError(
            _("The method is 'exact' or 'simulate', not {value}.").format(value=quote(method))
        )
    if method == "simulate":
        whole_number(
            n,
            _(
                "A simulation needs a whole number of at least {low} deals "
                "(at most {most}), not {value}."
            ),
            2,
            MAX_DEALS,
            ProbabilityError,
            most=number(MAX_DEALS),
        )


def _answer(
    asked: str, key: str, rules: RoundRules | int, method: str, n: int, seed: int | None
) -> Estimate:
    """The exact value from the table, or ``n`` trials of ``asked`` (:mod:`.trials`) from
    ``seed``: the shape of every question."""
    rules = round_rules(rules)
    _check_method(method, n)
    if method == "simulate":
        return estimate_of(asked, rules, list(trial_stream(asked, rules, seed, n)), seed)
    question = QUESTIONS[asked][1]
    if not rules.is_standard:
        question = f"{question} ({', '.join(rules.variant_names())})"
    value = _exact(rules, key, question)
    return Estimate(question, rules.round_no, value, (float(value), float(value)), "exact")


# -- the questions -----------------------------------------------------------------------------


def go_out_on_deal(
    rules: RoundRules | int, method: Method = "exact", n: int = _DEFAULT_N, seed: int | None = 0
) -> Estimate:
    """The chance that a freshly dealt hand can go out at once (before drawing).

    Exact (counted over all ``C(116, n)`` deals) for the rounds in the table: every
    round of the standard game, rounds 1-5 under each meld variant.

    >>> str(go_out_on_deal(3))
    'Round 3, going out on the deal: exactly 140031/20048686 ≈ 0.00698455'
    """
    return _answer("go out on the deal", "go_out", rules, method, n, seed)


def first_turn_go_out(
    rules: RoundRules | int, method: Method = "exact", n: int = _DEFAULT_N, seed: int | None = 0
) -> Estimate:
    """The chance that the first player goes out on the very first turn.

    The player sees the face-up card: they take it if it lets them go out, and
    otherwise draw the top of the stock. The other players' hands are unseen, so
    the face-up and stock cards are two random cards of the 116 less the hand.

    >>> first_turn_go_out(1).probability > go_out_on_deal(1).probability
    True
    """
    return _answer("go out on the first turn", "first_turn", rules, method, n, seed)


def expected_penalty(
    rules: RoundRules | int, method: Method = "exact", n: int = _DEFAULT_N, seed: int | None = 0
) -> Estimate:
    """The mean penalty of a dealt hand after its best melds (if it were scored at once)."""
    return _answer("penalty of a dealt hand", "penalty", rules, method, n, seed)


def penalty_distribution(round_no: int) -> dict[int, Fraction]:
    """The exact chance of each penalty for a dealt hand (rounds in the table).

    >>> penalty_distribution(1)[0] == go_out_on_deal(1).probability
    True
    """
    round_no = round_rules(round_no).round_no
    entry = exact_table()["rounds"].get(str(round_no), {}).get("penalty")
    if entry is None or "distribution" not in entry:
        raise ExactUnavailableError(
            _(
                "The exact penalty distribution for round {round} has not been counted; "
                "simulate it with expected_penalty(..., method='simulate')."
            ).format(round=round_no)
        )
    deals = int(entry["deals"])
    return {int(points): Fraction(ways, deals) for points, ways in entry["distribution"].items()}


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m fivecrowns_lab.odds.probability --build-table``: count and save the table
    (:func:`fivecrowns_lab.odds.recount.main`)."""
    from .recount import main as recount  # lazy: counting is for maintainers, not lessons

    return recount(argv)


if __name__ == "__main__":
    sys.exit(main())
