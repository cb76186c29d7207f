"""Benchmark of the probability engine (issues 5 and 14).

Prints:
- per round, the time to count going out on the deal exactly by the sweep over the ranks
  (all hands at once; target: all eleven rounds in under 10 minutes on one core) next to
  the old enumeration of hands up to renaming the suits (rounds 1-4 only: round 5 takes
  minutes, round 6 hours), with wall-clock and CPU seconds (the machine may be shared);
- for rounds 6-11, the simulation check: the swept exact value must lie in the 99.9%
  Wilson interval of a seeded simulation of ``--deals`` deals (default 200,000);
- Monte Carlo throughput in dealt hands per second for 13-card hands, dealing and
  counting wilds (target: at least 5,000/s), as the median of 5 runs, with the ratio
  against a naive baseline (shuffle the whole deck, test every card), and the
  throughput of the (costlier) go-out check on simulated hands.

Run: ``python benchmarks/probability.py`` (``--max-round 8 --deals 20000`` for a quick run).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from fractions import Fraction
from math import comb

from fivecrowns_lab import DECK, is_wild
from fivecrowns_lab.odds.counting import count_round
from fivecrowns_lab.odds.probability import go_out_on_deal, sample_wild_counts
from fivecrowns_lab.odds.stats import wilson_interval
from fivecrowns_lab.odds.sweep import sweep_round

Z999 = 3.2905267314919255  # two-sided 99.9% normal quantile


def timed(fn, *args):
    start, cpu = time.perf_counter(), time.process_time()
    result = fn(*args)
    return result, time.perf_counter() - start, time.process_time() - cpu


def exact_rounds(max_round: int, old_rounds: set[int]) -> dict[int, Fraction]:
    print(f"{'round':>5} {'sweep wall':>11} {'sweep cpu':>10} {'old wall':>9} {'old cpu':>8}  P")
    values = {}
    total = total_cpu = 0.0
    for r in range(1, max_round + 1):
        swept, wall, cpu = timed(sweep_round, r)
        total += wall
        total_cpu += cpu
        assert swept.hands_of_size() == comb(116, r + 2), "the weights must sum to C(116, n)"
        old = "      -         -"
        if r in old_rounds:
            counts, old_wall, old_cpu = timed(count_round, r)
            assert counts.go_out == swept.go_out, f"round {r}: the two methods disagree"
            old = f"{old_wall:8.1f}s {old_cpu:7.1f}s"
        p = swept.go_out_probability
        values[r] = p
        print(f"{r:>5} {wall:10.1f}s {cpu:9.1f}s {old}  {p} ≈ {float(p):.6g}", flush=True)
    verdict = "meets" if total_cpu < 600 else "MISSES"
    print(
        f"  rounds 1-{max_round} by the sweep: {total:.1f} s wall, {total_cpu:.1f} s CPU "
        f"({verdict} the 10-minute target on one core)"
    )
    return values


def simulation_check(values: dict[int, Fraction], deals: int) -> None:
    print(f"Simulation check, {deals:,} seeded deals per round, 99.9% Wilson interval:")
    for r in sorted(v for v in values if v >= 6):
        start = time.perf_counter()
        estimate = go_out_on_deal(r, method="simulate", n=deals, seed=1000 + r)
        hits = round(float(estimate.probability) * deals)
        low, high = wilson_interval(hits, deals, z=Z999)
        inside = low <= values[r] <= high
        print(
            f"  round {r}: simulated {hits / deals:.5f} in [{low:.5f}, {high:.5f}], exact "
            f"{float(values[r]):.5f}: {'inside' if inside else 'OUTSIDE'} "
            f"({time.perf_counter() - start:.0f} s)",
            flush=True,
        )


def naive_wild_counts(n: int, seed: int) -> list[int]:
    rng = random.Random(seed)
    deck = list(DECK)
    counts = []
    for _ in range(n):
        rng.shuffle(deck)
        counts.append(sum(1 for card in deck[:13] if is_wild(card, 11)))
    return counts


def rate(fn, n: int, repeats: int = 5) -> float:
    times = []
    for seed in range(repeats):
        start = time.perf_counter()
        fn(n, seed)
        times.append(time.perf_counter() - start)
    return n / statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--max-round", type=int, default=11)
    parser.add_argument("--deals", type=int, default=200_000)
    parser.add_argument("--old-rounds", default="1-4", help="rounds to enumerate the old way")
    args = parser.parse_args()
    low, _, high = args.old_rounds.partition("-")
    old = set(range(int(low), int(high or low) + 1)) if low else set()

    print("Exact count of going out on the deal (one process):")
    values = exact_rounds(args.max_round, old)
    simulation_check(values, args.deals)

    print("Monte Carlo throughput, 13-card hands (round 11), median of 5 runs:")
    fast = rate(lambda n, seed: sample_wild_counts(11, n, seed=seed), 20_000)
    naive = rate(naive_wild_counts, 20_000)
    verdict = "meets" if fast >= 5000 else "MISSES"
    print(f"  deal + count wilds: {fast:,.0f} hands/s ({verdict} the 5,000/s target)")
    print(f"  naive baseline (shuffle all 116): {naive:,.0f} hands/s; ratio {fast / naive:.1f}x")

    def go_out(n: int, seed: int) -> None:
        go_out_on_deal(11, method="simulate", n=n, seed=seed)

    checks = rate(go_out, 2_000, repeats=3)
    print(f"  deal + go-out check (can_go_out): {checks:,.0f} hands/s")


if __name__ == "__main__":
    main()
