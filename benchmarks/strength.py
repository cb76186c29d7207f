"""Benchmark the bots' strength (issue 11): every level against every other, paired deals.

Each deal (a game seed) is played by the four levels at one four-player table in
every seating: all 24 orders of random, greedy, lookahead and expert, so each level
sits after each other level and in each seat equally often, on the same cards.
A deal's result for a level is its mean over the seatings, so differences between
levels are paired on the deal and the luck of the cards cancels.

Prints (lower points are better):
- per level: mean points a game with its 95% interval, the share of games it
  placed first (shared first places count for each), and an Elo-style rating from
  the head-to-head comparisons (a win = finishing with fewer points than the other
  bot in the same game), with a 95% bootstrap interval over the deals;
- every pair's paired difference in points a game with its 95% interval;
- the round-by-round gap expert - lookahead: where search helps most;
- the expert's move time (median and maximum, all moves and at 13 cards).

Run: ``python benchmarks/strength.py`` (``--deals N``, default 40 = 960 games;
``--rounds R`` for shorter games; ``--workers W``; ``--calibrate`` prints the
going-out chances per turn the expert uses, from greedy games).
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import statistics
import time
from collections import Counter, defaultdict
from concurrent.futures import ProcessPoolExecutor, as_completed

from fivecrowns_lab import Game, GameRules, make_bot
from fivecrowns_lab.table.actions import Draw, GoOut
from fivecrowns_lab.table.game import play_moves

LEVELS = ["random", "greedy", "lookahead", "expert"]
Z95 = 1.959964

# One game: (per level: total, per-round points, placement) and the expert's move times.
GameResult = tuple[dict[str, tuple[int, tuple[int, ...], int]], list[tuple[int, float]]]


def play(seed: int, order: tuple[str, ...], rounds: int) -> GameResult:
    game = Game(len(order), GameRules(rounds=rounds), seed=seed)
    bots = [make_bot(name, 1000 * seed + seat) for seat, name in enumerate(order)]
    times = [
        (len(move.observation.hand), move.seconds)
        for move in play_moves(game, bots)
        if order[move.seat] == "expert"
    ]
    places = game.placements()
    out = {
        name: (
            game.totals[seat],
            tuple(r.points[seat] for r in game.round_results),
            places[seat],
        )
        for seat, name in enumerate(order)
    }
    return out, times


def play_deal(args: tuple[int, int, int]) -> tuple[int, list[GameResult]]:
    seed, rounds, seatings = args
    orders = list(itertools.permutations(LEVELS))
    if seatings < len(orders):
        orders = random.Random(seed).sample(orders, seatings)
    return seed, [play(seed, order, rounds) for order in orders]


def interval(values: list[float]) -> tuple[float, float]:
    mean = statistics.fmean(values)
    half = Z95 * statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else math.inf
    return mean, half


def head_to_head(deal: list[GameResult]) -> dict[tuple[str, str], float]:
    """Per ordered pair, the share of this deal's games the first finished ahead (ties 1/2)."""
    share: dict[tuple[str, str], float] = {}
    for a, b in itertools.permutations(LEVELS, 2):
        wins = 0.0
        for result, _times in deal:
            ta, tb = result[a][0], result[b][0]
            wins += 1.0 if ta < tb else 0.5 if ta == tb else 0.0
        share[a, b] = wins / len(deal)
    return share


def ratings(deals: list[dict[tuple[str, str], float]]) -> dict[str, float]:
    """Elo-style: 1500 + the mean over opponents of 400 log10(s / (1 - s))."""
    out = {}
    for a in LEVELS:
        diffs = []
        for b in LEVELS:
            if a == b:
                continue
            s = statistics.fmean(d[a, b] for d in deals)
            s = min(max(s, 0.005), 0.995)
            diffs.append(400 * math.log10(s / (1 - s)))
        out[a] = 1500 + statistics.fmean(diffs)
    return out


def report(results: list[tuple[int, list[GameResult]]], seconds: float, rounds: int) -> None:
    n_games = sum(len(deal) for _seed, deal in results)
    print(
        f"Bot strength: {len(results)} deals x {len(results[0][1])} seatings = {n_games} "
        f"four-player games of {rounds} rounds in {seconds:.0f} s (lower points are better)"
    )
    per_deal: dict[str, list[float]] = defaultdict(list)
    firsts: Counter[str] = Counter()
    for _seed, deal in results:
        for name in LEVELS:
            per_deal[name].append(statistics.fmean(r[name][0] for r, _t in deal))
            firsts[name] += sum(r[name][2] == 1 for r, _t in deal)
    shares = [head_to_head(deal) for _seed, deal in results]
    elo = ratings(shares)
    rng = random.Random(1)
    boot: dict[str, list[float]] = defaultdict(list)
    for _ in range(300):
        sample = [rng.choice(shares) for _ in shares]
        for name, value in ratings(sample).items():
            boot[name].append(value)
    print(f"  {'level':>9}  {'points a game (95% CI)':>24}  {'first place':>11}  Elo (95% CI)")
    for name in LEVELS:
        mean, half = interval(per_deal[name])
        low, high = _percentiles(boot[name])
        print(
            f"  {name:>9}  {mean:13.1f} ± {half:5.1f}      {firsts[name] / n_games:10.1%}  "
            f"{elo[name]:5.0f} ({low:.0f}..{high:.0f})"
        )
    print("  Paired differences, points a game (row - column; negative: row is better):")
    for a, b in itertools.combinations(reversed(LEVELS), 2):
        diff = [x - y for x, y in zip(per_deal[a], per_deal[b], strict=True)]
        mean, half = interval(diff)
        verdict = "significant" if abs(mean) > half else "not significant"
        print(f"    {a:>9} - {b:<9} {mean:+7.1f} ± {half:5.1f}  ({verdict})")
    print("  Round by round, expert - lookahead (points in that round, paired 95% CI):")
    for r in range(rounds):
        diff = []
        for _seed, deal in results:
            diff.append(
                statistics.fmean(res["expert"][1][r] - res["lookahead"][1][r] for res, _t in deal)
            )
        mean, half = interval(diff)
        print(f"    round {r + 1:>2} ({r + 3:>2} cards): {mean:+6.1f} ± {half:4.1f}")
    times = [t for _seed, deal in results for _r, ts in deal for t in ts]
    all_times = [t for _size, t in times]
    big = [t for size, t in times if size >= 13]
    print(
        f"  Expert move time: median {statistics.median(all_times) * 1000:.0f} ms, "
        f"max {max(all_times) * 1000:.0f} ms over {len(all_times)} moves"
    )
    if big:
        print(
            f"  At 13 cards (round 11): median {statistics.median(big) * 1000:.0f} ms, "
            f"max {max(big) * 1000:.0f} ms over {len(big)} moves"
        )


def _percentiles(values: list[float]) -> tuple[float, float]:
    ordered = sorted(values)
    return ordered[int(0.025 * len(ordered))], ordered[int(0.975 * len(ordered)) - 1]


def calibrate(games: int) -> None:
    """Per round, the share of turns on which a greedy player went out, by turn number."""
    seen: Counter[tuple[int, int]] = Counter()
    outs: Counter[tuple[int, int]] = Counter()
    for g in range(games):
        game = Game(4, seed=5000 + g)
        bots = [make_bot("greedy", 4 * g + i) for i in range(4)]
        turns: Counter[int] = Counter()
        while not game.is_over:
            if game.phase == "round_over":
                game.next_round()
                turns.clear()
                continue
            player = game.current_player
            assert player is not None
            observation = game.observation(player)
            action = bots[player].choose(observation)
            if isinstance(action, Draw):
                turns[player] += 1
            elif not observation.is_final_turn:
                key = (game.round_no, min(turns[player], 8))
                seen[key] += 1
                outs[key] += isinstance(action, GoOut)
            game.apply(action, player)
    print(f"Chance of going out on turn k of a round ({games} greedy four-player games):")
    for r in range(1, 12):
        cells = [
            f"{outs[r, k] / seen[r, k]:.2f}" if seen[r, k] >= 20 else "  - " for k in range(1, 9)
        ]
        print(f"  round {r:>2}: " + " ".join(cells))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=40, help="game seeds, each in every seating")
    parser.add_argument("--rounds", type=int, default=11, help="rounds a game (11 = full)")
    parser.add_argument("--seatings", type=int, default=24, help="seatings per deal (24 = all)")
    parser.add_argument("--workers", type=int, default=1, help="processes (one core each)")
    parser.add_argument("--calibrate", type=int, default=0, help="greedy games to calibrate on")
    parser.add_argument(
        "--time-limit", type=float, default=0, help="seconds; then report the deals finished"
    )
    args = parser.parse_args()
    if args.calibrate:
        calibrate(args.calibrate)
        return
    jobs = [(seed, args.rounds, args.seatings) for seed in range(1, args.deals + 1)]
    start = time.perf_counter()
    limit = args.time_limit or math.inf
    results: list[tuple[int, list[GameResult]]] = []
    if args.workers > 1:
        with ProcessPoolExecutor(max_workers=args.workers) as pool:
            futures = [pool.submit(play_deal, job) for job in jobs]
            for future in as_completed(futures, timeout=None):
                results.append(future.result())
                print(
                    f"  deal {results[-1][0]} done at {time.perf_counter() - start:.0f} s",
                    flush=True,
                )
                if time.perf_counter() - start > limit:
                    for other in futures:
                        other.cancel()
                    break
    else:
        for job in jobs:
            results.append(play_deal(job))
            print(f"  deal {job[0]} done at {time.perf_counter() - start:.0f} s", flush=True)
            if time.perf_counter() - start > limit:
                break
    if len(results) < len(jobs):
        print(f"Time limit reached: {len(results)} of {len(jobs)} deals finished.")
    results.sort()
    report(results, time.perf_counter() - start, args.rounds)


if __name__ == "__main__":
    main()
