"""Benchmark full games (issue 3): speed on one core, simulate's speed-up, and bot strength.

Prints:
- full 11-round four-player games per second on one core with four greedy bots
  (target: at least 5 games/s; the ratio against the target is shown) and with four
  lookahead bots, as the median over several batches;
- the speed-up of ``simulate`` with two worker processes over a serial run;
- bot strength: four-player games seating random, greedy, lookahead and greedy in
  every circular order and rotation (so each bot sits after the random bot equally
  often); each bot's mean total with a 95% confidence interval, and the paired
  per-game differences lookahead - greedy and greedy - random with their intervals
  (lower totals are better).

Run: ``python benchmarks/games.py`` (``--games N`` for the strength table, default 2000;
``--skip-strength`` for the speeds only).
"""

from __future__ import annotations

import argparse
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from fivecrowns_lab import Game, make_bot, play_game, simulate

TARGET = 5.0  # greedy games per second, from the issue
Z95 = 1.959964


def games_per_second(bot: str, games: int, batches: int) -> list[float]:
    rates = []
    for batch in range(batches):
        start = time.perf_counter()
        for g in range(games):
            seed = 1000 * batch + g
            play_game(Game(4, seed=seed), [make_bot(bot, seed + s) for s in range(4)])
        rates.append(games / (time.perf_counter() - start))
    return rates


def speeds(batches: int) -> None:
    print("Full 11-round, four-player games on one core (median of batches):")
    greedy = games_per_second("greedy", 6, batches)
    median = statistics.median(greedy)
    print(
        f"  greedy x4:    {median:6.2f} games/s  (batches {min(greedy):.2f}..{max(greedy):.2f}; "
        f"{median / TARGET:.2f} x the {TARGET:g} games/s target)"
    )
    strong = games_per_second("lookahead", 2, batches)
    print(
        f"  lookahead x4: {statistics.median(strong):6.2f} games/s  "
        f"({statistics.median(strong) / median:.2f} x greedy's speed)"
    )


def speedup(games: int) -> None:
    players = ["greedy"] * 4
    start = time.perf_counter()
    serial = simulate(players, games, seed=7, progress=False)
    one = time.perf_counter() - start
    with ProcessPoolExecutor(max_workers=2) as pool:
        start = time.perf_counter()
        parallel = simulate(players, games, seed=7, executor=pool, progress=False, chunk_size=2)
        two = time.perf_counter() - start
    same = "identical" if serial.equals(parallel) else "DIFFERENT"
    print(
        f"simulate, {games} greedy games: serial {one:.1f} s, 2 processes {two:.1f} s, "
        f"speed-up {one / two:.2f}x (results {same})"
    )


def interval(values: list[float]) -> tuple[float, float]:
    mean = statistics.fmean(values)
    return mean, Z95 * statistics.stdev(values) / len(values) ** 0.5


def seatings() -> list[list[str]]:
    """Every way round the table of random, lookahead and two greedy bots, each rotated.

    The player after the random bot picks up its (often useful) discards; cycling
    through the three circular orders gives every bot that seat equally often.
    """
    orders = [
        ["random", "greedy", "lookahead", "greedy"],
        ["random", "lookahead", "greedy", "greedy"],
        ["random", "greedy", "greedy", "lookahead"],
    ]
    return [order[shift:] + order[:shift] for order in orders for shift in range(4)]


def strength(games: int) -> None:
    tables = seatings()
    per_table = -(-games // len(tables))
    start = time.perf_counter()
    parts = []
    with ProcessPoolExecutor(max_workers=2) as pool:
        for k, order in enumerate(tables):
            table = simulate(order, per_table, seed=100 + k, executor=pool, progress=False)
            table["game"] = table["game"] * len(tables) + k
            parts.append(table)
    seconds = time.perf_counter() - start
    import pandas as pd

    table = pd.concat(parts)
    finals = table[table["round"] == table["round"].max()]
    n_games = finals["game"].nunique()
    print(f"Bot strength: {n_games} four-player games in {seconds:.0f} s (lower total is better)")
    for bot in ["random", "greedy", "lookahead"]:
        totals = finals[finals["bot"] == bot]["total"].astype(float).tolist()
        mean, half = interval(totals)
        wins = (finals[finals["bot"] == bot]["placement"] == 1).mean()
        print(
            f"  {bot:>9}: mean total {mean:6.1f} ± {half:4.1f} (95% CI, n={len(totals)}), "
            f"first place in {wins:.1%} of seats"
        )
    per_game = finals.groupby(["game", "bot"])["total"].mean().unstack()
    for better, worse in [("lookahead", "greedy"), ("greedy", "random")]:
        diff = (per_game[better] - per_game[worse]).tolist()
        mean, half = interval(diff)
        verdict = "significant" if mean + half < 0 else "NOT significant"
        print(
            f"  {better} - {worse}: {mean:+6.1f} ± {half:4.1f} points per game "
            f"(paired 95% CI) -> {verdict}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games for the strength table")
    parser.add_argument("--batches", type=int, default=5, help="batches for the speed medians")
    parser.add_argument("--skip-strength", action="store_true")
    args = parser.parse_args()
    speeds(args.batches)
    speedup(24)
    if not args.skip_strength:
        strength(args.games)


if __name__ == "__main__":
    main()
