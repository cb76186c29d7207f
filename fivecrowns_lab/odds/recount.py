"""Counting the shipped table of exact answers: ``python -m fivecrowns_lab.odds.probability
--build-table`` (or ``python -m fivecrowns_lab.odds.recount``).

Going out on the deal and penalties are swept (:mod:`fivecrowns_lab.odds.sweep`,
:mod:`fivecrowns_lab.odds.sweep_penalty`), the first turn and the meld variants are
enumerated (:mod:`fivecrowns_lab.odds.counting`); the table is written whole or not at all.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any, Literal

from ..core.rules import MAX_RANK, MIN_RANK, VARIANTS, GameRules, hand_size
from .counting import count_round
from .probability import TABLE_FILE, variant_key
from .sweep import sweep_round
from .sweep_penalty import penalty_counts

__all__ = ["VARIANT_ROUNDS", "build_table", "build_variant_table", "main", "variant_rules"]


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


_ABOUT = (
    "Exact counts over every deal of each round of Five Crowns (116 cards, 16 wild "
    "in every round). Going out on the deal: fivecrowns_lab.odds.sweep, a sweep over "
    "the ranks that counts all hands at once ('seconds' wall clock on a shared machine, "
    "'cpu_seconds' processor time, one core). "
    "Penalties: fivecrowns_lab.odds.sweep_penalty, the same sweep carrying the points "
    "left in hand ('penalty_seconds'; rounds 1-5 agree exactly with the enumeration). "
    "First turn: fivecrowns_lab.odds.counting, hands enumerated once per renaming of "
    "the suits ('enumeration_seconds')."
)


def _build_table(
    rounds: Sequence[int],
    penalty_rounds: Sequence[int],
    first_turn_rounds: Sequence[int],
    log: Callable[[str], None],
    method: Literal["sweep", "enumerate"],
    keep: dict[str, Any] | None,
    step: Callable[[], object],
) -> dict[str, Any]:
    table: dict[str, Any] = {"about": _ABOUT, "rounds": {}}
    kept = keep["rounds"] if keep else {}
    all_rounds = set(rounds) | set(penalty_rounds) | set(first_turn_rounds) | set(map(int, kept))
    for round_no in sorted(all_rounds):
        row: dict[str, Any] = {"hand_size": hand_size(round_no)}
        row.update(kept.get(str(round_no), {}))
        if round_no in rounds and method == "sweep":
            _sweep_go_out(row, round_no, step, log)
        if round_no in penalty_rounds and method == "sweep":
            _sweep_penalties(row, round_no, step, log)
        enumerate_go_out = round_no in rounds and method == "enumerate"
        enumerate_penalty = round_no in penalty_rounds and method == "enumerate"
        first_turn = round_no in first_turn_rounds
        if enumerate_go_out or enumerate_penalty or first_turn:
            _enumerate(row, round_no, (enumerate_go_out, enumerate_penalty, first_turn), log)
        table["rounds"][str(round_no)] = row
    return table


def _sweep_go_out(
    row: dict[str, Any], round_no: int, step: Callable[[], object], log: Callable[[str], None]
) -> None:
    """Going out on the deal, by the sweep over the ranks, into ``row``."""
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


def _sweep_penalties(
    row: dict[str, Any], round_no: int, step: Callable[[], object], log: Callable[[str], None]
) -> None:
    """The penalties' distribution, by the sweep carrying the points, into ``row``."""
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


def _enumerate(
    row: dict[str, Any],
    round_no: int,
    asked: tuple[bool, bool, bool],
    log: Callable[[str], None],
) -> None:
    """What ``asked`` (going out, penalties, the first turn) of the hand-by-hand
    enumeration, into ``row``."""
    go_out, penalties, first_turn = asked
    start = time.perf_counter()
    counts = count_round(round_no, penalties=penalties, first_turn=first_turn)
    seconds = time.perf_counter() - start
    row["canonical_hands"] = counts.canonical
    row["enumeration_seconds"] = round(seconds, 1)
    if go_out:
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
        key = variant_key(GameRules.from_dict(flags).for_round(1))
        variants[key] = {}
        for round_no in rounds:
            start = time.perf_counter()
            counts = count_round(GameRules.from_dict(flags).for_round(round_no))
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
        return package / "odds" / "data" / TABLE_FILE
    return None


def _parser() -> argparse.ArgumentParser:
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
    return parser


def _write(table: dict[str, Any], output: Path, csv: Path | None) -> None:
    """Write the table (and the teacher's CSV), whole or not at all."""
    output.parent.mkdir(parents=True, exist_ok=True)
    # Written beside it, then renamed over it: a stop mid-write never leaves half a table.
    partial = output.with_name(output.name + ".partial")
    partial.write_text(json.dumps(table, indent=1) + "\n", encoding="utf-8")
    partial.replace(output)
    print(f"wrote {output}")
    if csv is not None:
        # Imported here: `python -m fivecrowns_lab.odds.teacher` must find it not yet loaded.
        from .teacher import teacher_csv

        csv.write_text(teacher_csv(table), encoding="utf-8")
        print(f"wrote {csv}")


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m fivecrowns_lab.odds.probability --build-table``: count and save the table."""
    parser = _parser()
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
    _write(table, args.output, args.csv)
    return 0


if __name__ == "__main__":
    sys.exit(main())
