"""Benchmark of the probability engine (issue 5).

Prints:
- the time to count going out on the deal exactly for rounds 1-4 (target: under 60 s
  on one core) and for round 5, with how many hands the suit symmetry saves;
- Monte Carlo throughput in dealt hands per second for 13-card hands, dealing and
  counting wilds (target: at least 5,000/s), as the median of 5 runs, with the
  ratio against a naive baseline (shuffle the whole deck, test every card);
- the throughput of the (costlier) go-out check on simulated hands, separately.

Run: ``python benchmarks/probability.py`` (``--skip-round-5`` to leave out the slow round).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from math import comb

from fivecrowns_lab import DECK, is_wild
from fivecrowns_lab.odds.counting import count_round
from fivecrowns_lab.odds.probability import go_out_on_deal, sample_wild_counts


def exact_rounds(rounds: list[int]) -> float:
    total = 0.0
    for r in rounds:
        start = time.perf_counter()
        counts = count_round(r)
        seconds = time.perf_counter() - start
        total += seconds
        print(
            f"  round {r}: {seconds:7.1f} s  {counts.canonical:>9,} canonical hands for "
            f"{counts.deals:>15,} deals (x{counts.deals / counts.canonical:,.0f} fewer)  "
            f"P = {counts.go_out_probability} ≈ {float(counts.go_out_probability):.6f}"
        )
    return total


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
    parser.add_argument("--skip-round-5", action="store_true")
    args = parser.parse_args()

    print("Exact count of going out on the deal (one core):")
    seconds = exact_rounds([1, 2, 3, 4])
    verdict = "meets" if seconds < 60 else "MISSES"
    print(f"  rounds 1-4 together: {seconds:.1f} s ({verdict} the 60 s target)")
    if not args.skip_round_5:
        exact_rounds([5])

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
    print(f"  (C(116, 13) = {comb(116, 13):.3e} deals: round 11 can only be simulated)")


if __name__ == "__main__":
    main()
