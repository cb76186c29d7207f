"""Benchmark Five Crowns Solitaire (issue 3): the bot's win rate with a 95% interval.

Prints the share of games the built-in bot wins (Wilson 95% interval), the mean
number of hands it closes, and games per second (median of batches) on one core.

Run: ``python benchmarks/solitaire.py`` (``--games N``, default 1000).
"""

from __future__ import annotations

import argparse
import statistics
import time

from fivecrowns_lab import Solitaire

Z95 = 1.959964


def wilson(wins: int, n: int) -> tuple[float, float]:
    """The Wilson score interval for a proportion."""
    p = wins / n
    centre = (p + Z95**2 / (2 * n)) / (1 + Z95**2 / n)
    half = Z95 * ((p * (1 - p) / n + Z95**2 / (4 * n * n)) ** 0.5) / (1 + Z95**2 / n)
    return centre - half, centre + half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--batches", type=int, default=5)
    args = parser.parse_args()
    results = []
    rates = []
    per_batch = max(1, args.games // args.batches)
    for batch in range(args.batches):
        start = time.perf_counter()
        for seed in range(batch * per_batch, (batch + 1) * per_batch):
            results.append(Solitaire(seed=seed).play())
        rates.append(per_batch / (time.perf_counter() - start))
    n = len(results)
    wins = sum(r.won for r in results)
    low, high = wilson(wins, n)
    closed = statistics.fmean(r.closed for r in results)
    print(f"Solitaire bot over {n} seeded games:")
    print(f"  win rate {wins / n:.1%} (95% CI {low:.1%}..{high:.1%}), {wins} wins")
    print(f"  hands closed: mean {closed:.2f} of 11")
    print(f"  speed: {statistics.median(rates):.1f} games/s (median of {args.batches} batches)")


if __name__ == "__main__":
    main()
