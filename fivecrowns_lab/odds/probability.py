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

import argparse
import json
import math
import numbers
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from ..core.cards import DECK, Hand
from ..core.rules import (
    MAX_RANK,
    MIN_RANK,
    VARIANTS,
    RoundRules,
    hand_size,
    is_wild,
    round_rules,
)
from ..core.solver import can_go_out, going_out_discards, penalty
from ..errors import ExactUnavailableError, GameError, ProbabilityError, quote
from ..i18n import gettext as _
from ..i18n import ngettext as _n
from ..i18n import number
from ..table.deal import deal_hand
from ..validators import check_seed, whole_number
from .counting import DECK_SIZE, count_round, wild_count_distribution
from .simulate import MAX_GAMES
from .stats import mean_interval, wilson_interval
from .sweep import sweep_round
from .sweep_penalty import penalty_counts

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

Method = Literal["exact", "simulate"]
_TABLE_FILE = "exact_table.json"
_DEFAULT_N = 10_000
#: The most hands one call deals: the bound a simulation of games has (``MAX_GAMES``).
MAX_DEALS = MAX_GAMES


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


# -- the shipped table -------------------------------------------------------------------------


@cache
def exact_table() -> dict[str, Any]:
    """The exact counts shipped with the package, as read from its JSON file.

    ``table["rounds"]["3"]["go_out"]`` is ``{"count": ..., "deals": ...,
    "probability": "p/q", "decimal": ...}``; see :func:`build_table`.
    """
    folder = resources.files("fivecrowns_lab.odds").joinpath("data")
    text = folder.joinpath(_TABLE_FILE).read_text("utf-8")
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


# -- dealing -----------------------------------------------------------------------------------


def _rng(seed: int | random.Random | None) -> random.Random:
    """A generator: ``seed`` itself if it is one, else a new one seeded with it."""
    checked = check_seed(seed, ProbabilityError, none=True, generator=True)
    return checked if isinstance(checked, random.Random) else random.Random(checked)


def _check_deals(n: object) -> int:
    """Return ``n`` if it is a number of hands to deal (0 to MAX_DEALS), else raise."""
    return whole_number(
        n,
        _("The number of hands to deal is a whole number from {low} to {most}, not {value}."),
        0,
        MAX_DEALS,
        ProbabilityError,
        most=number(MAX_DEALS),
    )


def deal(
    round_no: RoundRules | int, seed: int | random.Random | None = None, extra: int = 0
) -> Hand:
    """A random hand for the round (plus ``extra`` more cards after it), from a seeded shuffle.

    It is :func:`~fivecrowns_lab.table.deal.deal_hand` with the seed policy of this module.

    >>> len(deal(3, seed=1)), deal(3, seed=1) == deal(3, seed=1)
    (5, True)
    """
    rules = round_rules(round_no)
    try:
        return deal_hand(rules, _rng(seed), extra)
    except GameError as error:  # the number of extra cards
        raise ProbabilityError(str(error)) from None


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


def _simulate_proportion(
    question: str,
    round_no: int,
    n: int,
    seed: int | None,
    success: Callable[[random.Random], bool],
) -> Estimate:
    rng = _rng(seed)
    hits = sum(1 for _ in range(n) if success(rng))
    return Estimate(question, round_no, hits / n, wilson_interval(hits, n), "simulate", n, seed)


def _answer(
    question: str,
    key: str,
    rules: RoundRules | int,
    method: str,
    n: int,
    simulate: Callable[[str, RoundRules], Estimate],
) -> Estimate:
    """The exact value from the table, or ``simulate(question)``: the shape of every question."""
    rules = round_rules(rules)
    _check_method(method, n)
    if not rules.is_standard:
        question = f"{question} ({', '.join(rules.variant_names())})"
    if method == "exact":
        value = _exact(rules, key, question)
        return Estimate(question, rules.round_no, value, (float(value), float(value)), "exact")
    return simulate(question, rules)


def sample_wild_counts(
    round_no: RoundRules | int, n: int, seed: int | random.Random | None = None
) -> list[int]:
    """The number of wilds in each of ``n`` random hands of the round.

    Pass a :class:`random.Random` as ``seed`` to keep dealing from where a
    previous call stopped (a lesson's histogram filling in).

    >>> sample_wild_counts(1, 8, seed=3)
    [0, 1, 0, 1, 1, 0, 0, 0]
    """
    rules = round_rules(round_no)
    _check_deals(n)
    rng = _rng(seed)
    size = rules.hand_size
    wild = [is_wild(card, rules) for card in DECK]
    positions = range(DECK_SIZE)
    return [sum(wild[i] for i in rng.sample(positions, size)) for _ in range(n)]


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
    return _answer(
        "going out on the deal",
        "go_out",
        rules,
        method,
        n,
        lambda question, rules: _simulate_proportion(
            question, rules.round_no, n, seed, lambda rng: can_go_out(deal(rules, rng), rules)
        ),
    )


def _first_turn_success(rules: RoundRules, rng: random.Random) -> bool:
    cards = deal(rules, rng, extra=2)
    hand, face_up, stock = cards[:-2], cards[-2], cards[-1]
    if going_out_discards((*hand, face_up), rules):
        return True
    return bool(going_out_discards((*hand, stock), rules))


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
    return _answer(
        "going out on the first turn",
        "first_turn",
        rules,
        method,
        n,
        lambda question, rules: _simulate_proportion(
            question, rules.round_no, n, seed, lambda rng: _first_turn_success(rules, rng)
        ),
    )


def expected_penalty(
    rules: RoundRules | int, method: Method = "exact", n: int = _DEFAULT_N, seed: int | None = 0
) -> Estimate:
    """The mean penalty of a dealt hand after its best melds (if it were scored at once)."""

    def simulate(question: str, rules: RoundRules) -> Estimate:
        rng = _rng(seed)
        points = [penalty(deal(rules, rng), rules) for _ in range(n)]
        mean = sum(points) / n
        sd = math.sqrt(sum((p - mean) ** 2 for p in points) / (n - 1))
        interval = mean_interval(mean, sd, n)
        return Estimate(question, rules.round_no, mean, interval, "simulate", n, seed)

    return _answer("penalty of a dealt hand", "penalty", rules, method, n, simulate)


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


# -- building the table ------------------------------------------------------------------------


def _entry(count: int, total: int) -> dict[str, Any]:
    value = Fraction(count, total)
    return {"count": count, "deals": total, "value": str(value), "decimal": float(value)}


def build_table(
    rounds: Sequence[int],
    penalty_rounds: Sequence[int] = (),
    first_turn_rounds: Sequence[int] = (),
    log: Callable[[str], None] = print,
    method: Literal["sweep", "enumerate"] = "sweep",
    keep: dict[str, Any] | None = None,
    progress: bool = False,
) -> dict[str, Any]:
    """Count every deal of each round and return the table as JSON-ready data.

    Going out on the deal and penalties are counted by ``method``: ``"sweep"``
    (all hands at once, :mod:`fivecrowns_lab.odds.sweep` and
    :mod:`fivecrowns_lab.odds.sweep_penalty`) or ``"enumerate"`` (hand by hand
    up to renaming the suits, rounds 1-5). The first turn is enumerated. Rows
    of ``keep`` (a table read before) are kept for whatever this run does not
    count again. ``progress`` shows a bar (tqdm) of the ranks the sweeps have done.
    """
    sweeps = len(rounds) + len(penalty_rounds) if method == "sweep" else 0
    bar = _rank_bar(sweeps * (MAX_RANK - MIN_RANK + 1), progress)
    if progress and log is print:
        log = bar.write  # a printed line would break the bar
    try:
        return _build_table(
            rounds, penalty_rounds, first_turn_rounds, log, method, keep, bar.update
        )
    finally:
        bar.close()


def _rank_bar(total: int, show: bool) -> Any:
    """A tqdm bar over the sweeps' ranks (hidden when ``show`` is false)."""
    from tqdm.auto import tqdm

    return tqdm(total=total, disable=not show, desc="sweeping", unit="rank")


def _build_table(
    rounds: Sequence[int],
    penalty_rounds: Sequence[int],
    first_turn_rounds: Sequence[int],
    log: Callable[[str], None],
    method: Literal["sweep", "enumerate"],
    keep: dict[str, Any] | None,
    step: Callable[[], object],
) -> dict[str, Any]:
    table: dict[str, Any] = {
        "about": (
            "Exact counts over every deal of each round of Five Crowns (116 cards, 16 wild "
            "in every round). Going out on the deal: fivecrowns_lab.odds.sweep, a sweep over "
            "the ranks that counts all hands at once ('seconds' wall clock on a shared machine, "
            "'cpu_seconds' processor time, one core). "
            "Penalties: fivecrowns_lab.odds.sweep_penalty, the same sweep carrying the points "
            "left in hand ('penalty_seconds'; rounds 1-5 agree exactly with the enumeration). "
            "First turn: fivecrowns_lab.odds.counting, hands enumerated once per renaming of "
            "the suits ('enumeration_seconds')."
        ),
        "rounds": {},
    }
    kept = keep["rounds"] if keep else {}
    all_rounds = set(rounds) | set(penalty_rounds) | set(first_turn_rounds) | set(map(int, kept))
    for round_no in sorted(all_rounds):
        row: dict[str, Any] = {"hand_size": hand_size(round_no)}
        row.update(kept.get(str(round_no), {}))
        if round_no in rounds and method == "sweep":
            start, cpu = time.perf_counter(), time.process_time()
            swept = sweep_round(round_no, step)
            seconds = time.perf_counter() - start
            row["frontiers"] = swept.frontiers
            row["seconds"] = round(seconds, 1)
            row["cpu_seconds"] = round(time.process_time() - cpu, 1)
            row["go_out"] = _entry(swept.go_out, swept.deals)
            log(
                f"round {round_no}: swept {swept.frontiers:,} frontiers, go out "
                f"{swept.go_out_probability} ≈ {float(swept.go_out_probability):.6g} "
                f"({seconds:.1f} s)"
            )
        if round_no in penalty_rounds and method == "sweep":
            start, cpu = time.perf_counter(), time.process_time()
            distribution = penalty_counts(round_no, step)
            seconds = time.perf_counter() - start
            deals = sum(distribution.values())
            expected = Fraction(sum(p * ways for p, ways in distribution.items()), deals)
            row["penalty"] = {
                "deals": deals,
                "value": str(expected),
                "decimal": float(expected),
                "distribution": {str(k): v for k, v in distribution.items()},
            }
            row["penalty_seconds"] = round(seconds, 1)
            row["penalty_cpu_seconds"] = round(time.process_time() - cpu, 1)
            log(f"round {round_no}: swept penalties, mean {expected} ({seconds:.1f} s)")
        enumerate_go_out = round_no in rounds and method == "enumerate"
        enumerate_penalty = round_no in penalty_rounds and method == "enumerate"
        if enumerate_go_out or enumerate_penalty or round_no in first_turn_rounds:
            start = time.perf_counter()
            counts = count_round(
                round_no,
                penalties=enumerate_penalty,
                first_turn=round_no in first_turn_rounds,
            )
            seconds = time.perf_counter() - start
            row["canonical_hands"] = counts.canonical
            row["enumeration_seconds"] = round(seconds, 1)
            if enumerate_go_out:
                row["seconds"] = round(seconds, 1)
                row["go_out"] = _entry(counts.go_out, counts.deals)
            if counts.penalty_counts is not None:
                mean = counts.expected_penalty
                assert mean is not None
                row["penalty"] = {
                    "deals": counts.deals,
                    "value": str(mean),
                    "decimal": float(mean),
                    "distribution": {str(k): v for k, v in counts.penalty_counts.items()},
                }
            if counts.first_turn is not None and counts.first_turn_total is not None:
                row["first_turn"] = _entry(counts.first_turn, counts.first_turn_total)
            log(
                f"round {round_no}: enumerated {counts.canonical:,} canonical hands, "
                f"go out {counts.go_out_probability} ≈ {float(counts.go_out_probability):.6g} "
                f"({seconds:.1f} s)"
            )
        table["rounds"][str(round_no)] = row
    return table


#: The rounds counted under each meld variant: hand by hand up to renaming the suits
#: (the sweep over the ranks models the standard books only). Round 5 takes about two
#: minutes a variant on one core; round 6 would take about fifteen.
VARIANT_ROUNDS = (1, 2, 3, 4, 5)


def variant_rules() -> list[dict[str, bool]]:
    """Every combination of the counted meld variants with at least one switched on: the
    variants whose table policy ships exact rounds (``Variant.exact_rounds``); a variant
    without one needs no recount."""
    counted = [v.field for v in VARIANTS if v.meld and v.exact_rounds]
    combos = []
    for mask in range(1, 1 << len(counted)):
        combos.append({name: bool(mask >> i & 1) for i, name in enumerate(counted)})
    return combos


def build_variant_table(
    rounds: Sequence[int] = VARIANT_ROUNDS, log: Callable[[str], None] = print
) -> dict[str, Any]:
    """Count going out on the deal under every combination of the meld variants."""
    variants: dict[str, Any] = {}
    for flags in variant_rules():
        key = variant_key(RoundRules(1, **flags))
        variants[key] = {}
        for round_no in rounds:
            start = time.perf_counter()
            counts = count_round(RoundRules(round_no, **flags))
            seconds = round(time.perf_counter() - start, 1)
            variants[key][str(round_no)] = {
                "hand_size": hand_size(round_no),
                "canonical_hands": counts.canonical,
                "enumeration_seconds": seconds,
                "go_out": _entry(counts.go_out, counts.deals),
            }
            log(f"{key}, round {round_no}: go out {counts.go_out_probability} ({seconds} s)")
    return variants


def _round_list(text: str) -> list[int]:
    if not text:
        return []
    if "-" in text:
        low, high = text.split("-")
        return list(range(int(low), int(high) + 1))
    return [int(part) for part in text.split(",")]


def _default_output() -> Path | None:
    """The shipped table, when this package is a clone of the repository (its maintainers
    recount it there); None when it is installed (in site-packages, which a command should
    not rewrite)."""
    package = Path(__file__).resolve().parent.parent
    if (package.parent / "pyproject.toml").is_file() and "site-packages" not in package.parts:
        return package / "odds" / "data" / _TABLE_FILE
    return None


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m fivecrowns_lab.odds.probability --build-table``: count and save the table."""
    parser = argparse.ArgumentParser(prog="python -m fivecrowns_lab.odds.probability")
    parser.add_argument("--build-table", action="store_true", help="count and write the table")
    parser.add_argument("--rounds", default="1-11", help="rounds for going out on the deal")
    parser.add_argument(
        "--method",
        choices=["sweep", "enumerate"],
        default="sweep",
        help="how to count going out and penalties (enumerate: rounds 1-5 only, slow)",
    )
    parser.add_argument(
        "--penalty-rounds",
        default="1-8",
        help="rounds for penalties (7: ~16 min; 8: ~75 min, 1.9 GB peak)",
    )
    parser.add_argument(
        "--first-turn-rounds", default="1-4", help="rounds for the first turn (4: ~25 min)"
    )
    parser.add_argument(
        "--keep",
        action="store_true",
        help="keep the rows of the existing output file that this run does not count again",
    )
    parser.add_argument(
        "--output",
        type=Path,
        default=None,
        help="where to write the JSON table (required unless this is a clone of the "
        "repository, where it defaults to the shipped table the lessons read)",
    )
    parser.add_argument(
        "--variant-rounds",
        default="",
        help="rounds to count under every meld variant (e.g. 1-5: ~6 min in all)",
    )
    parser.add_argument("--csv", type=Path, default=None, help="also write the teacher's CSV")
    args = parser.parse_args(argv)
    if not args.build_table:
        parser.print_help()
        return 0
    if args.output is None:
        args.output = _default_output()
        if args.output is None:
            parser.error(
                "--output is required: this copy of fivecrowns_lab is installed, and its own "
                "table is not rewritten; name a file to write, e.g. --output exact_table.json"
            )
    keep = None
    if args.keep and args.output.exists():
        keep = json.loads(args.output.read_text(encoding="utf-8"))
    try:
        table = build_table(
            _round_list(args.rounds),
            _round_list(args.penalty_rounds),
            _round_list(args.first_turn_rounds),
            method=args.method,
            keep=keep,
            progress=True,
        )
        if args.variant_rounds:
            table["variants"] = build_variant_table(_round_list(args.variant_rounds))
        elif keep and "variants" in keep:
            table["variants"] = keep["variants"]
    except KeyboardInterrupt:
        print(f"\nStopped: nothing was written, {args.output} is as it was.", file=sys.stderr)
        return 130
    args.output.parent.mkdir(parents=True, exist_ok=True)
    # Written beside it, then renamed over it: a stop mid-write never leaves half a table.
    partial = args.output.with_name(args.output.name + ".partial")
    partial.write_text(json.dumps(table, indent=1) + "\n", encoding="utf-8")
    partial.replace(args.output)
    print(f"wrote {args.output}")
    if args.csv is not None:
        # Imported here: `python -m fivecrowns_lab.odds.teacher` must find it not yet loaded.
        from .teacher import teacher_csv

        args.csv.write_text(teacher_csv(table), encoding="utf-8")
        print(f"wrote {args.csv}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
