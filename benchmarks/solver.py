"""Benchmark the arrangement solver against a plain memoised reference search.

Run: ``python benchmarks/solver.py [--hands N] [--reference-hands M] [--baseline DIR]``

For seeded random hands of 11, 13 and 14 cards and for adversarial 14-card
hands (one or two suits, up to six wilds) it prints the median and worst time
of ``best_arrangement`` and ``going_out_discards`` (each call starts with a
cold cache: the solver keeps no state between calls), then the same for a
straightforward memoised search written here, and the ratio. The reference
also cross-checks every penalty.

With ``--baseline DIR`` (a checkout of an earlier version, e.g. made with
``git worktree add /tmp/base HEAD~5``) it also times ``best_arrangement`` at 13
cards in this checkout and in that one, in turns (A B A B ...) in fresh processes
within this run, and prints both medians and their ratio; the variants' cost is
timed on the same hands.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from functools import cache
from itertools import combinations, product
from pathlib import Path

from fivecrowns_lab import DECK, SUITS, best_arrangement, card_points, going_out_discards
from fivecrowns_lab.core.cards import Card


def reference_penalty(cards: tuple[Card, ...], round_no: int) -> int:
    """Fewest points left: take the lowest natural, try leaving it or every meld it can start."""
    wild_rank = round_no + 2
    naturals = tuple(sorted((c for c in cards if c.suit is not None and c.rank != wild_rank),
                            key=lambda c: (c.rank, c.suit.index)))  # fmt: skip
    wilds = [c for c in cards if c.suit is None or c.rank == wild_rank]

    @cache
    def best(rest: tuple[Card, ...], spare: int) -> int:
        if not rest:
            return 0
        first, others = rest[0], rest[1:]
        value = first.rank + best(others, spare)
        same = [i for i, c in enumerate(others) if c.rank == first.rank]
        for size in range(len(same) + 1):
            for chosen in combinations(same, size):
                need = max(0, 2 - size)
                if need <= spare:
                    left = tuple(c for i, c in enumerate(others) if i not in chosen)
                    value = min(value, best(left, spare - need))
        for end in range(first.rank + 1, 14):
            slots = []
            for rank in range(first.rank + 1, end + 1):
                where = [i for i, c in enumerate(others) if c == Card(rank, first.suit)][:1]
                slots.append([*where, None])
            for picks in product(*slots):
                need = max(0, 3 - (end - first.rank + 1)) + picks.count(None)
                if need <= spare and picks[-1] is not None:
                    left = tuple(c for i, c in enumerate(others) if i not in picks)
                    value = min(value, best(left, spare - need))
        return value

    value = best(naturals, len(wilds))
    if value == sum(c.rank for c in naturals) and 0 < len(wilds) < 3:
        value += sum(card_points(c, round_no) for c in wilds)
    return value


def random_hand(rng: random.Random, size: int) -> tuple[tuple[Card, ...], int]:
    return tuple(rng.sample(DECK, size)), max(1, min(11, size - 2))


def adversarial_hand(
    rng: random.Random, size: int = 14, round_no: int | None = None
) -> tuple[tuple[Card, ...], int]:
    """A hand crowded into one or two suits with up to six wilds: many overlapping melds."""
    round_no = round_no or rng.randint(1, 11)
    suits = rng.sample(SUITS, rng.randint(1, 2))
    wild_pool = [c for c in DECK if c.suit is None or c.rank == round_no + 2]
    pool = [c for c in DECK if c.suit in suits and c.rank != round_no + 2]
    n_wild = rng.randint(0, 6)
    return tuple(rng.sample(wild_pool, n_wild) + rng.sample(pool, size - n_wild)), round_no


def timed(func, *args) -> float:
    start = time.perf_counter()
    func(*args)
    return time.perf_counter() - start


def reference_discards(cards: tuple[Card, ...], round_no: int) -> list[Card]:
    found = []
    for card in set(cards):
        rest = list(cards)
        rest.remove(card)
        if reference_penalty(tuple(rest), round_no) == 0:
            found.append(card)
    return found


def row(name: str, times: list[float], ref: list[float] | None = None) -> str:
    median, worst = statistics.median(times), max(times)
    text = f"{name:<34} median {median * 1e6:9.1f} µs   worst {worst * 1e3:8.2f} ms"
    if ref:
        ratio = statistics.median(ref) / median
        text += (
            f"   reference median {statistics.median(ref) * 1e6:10.1f} µs   speed-up x{ratio:6.1f}"
        )
    return text


_TIMER = """
import json, statistics, sys, time
sys.path.insert(0, sys.argv[1])
from fivecrowns_lab import best_arrangement, parse_cards
hands = [(parse_cards(text), r) for text, r in json.loads(sys.stdin.read())]
rules = None
if sys.argv[2] != "standard":
    from fivecrowns_lab.core.rules import RoundRules
    flags = dict.fromkeys(sys.argv[2].split("+"), True)
    rules = {r: RoundRules(r, **flags) for r in range(1, 12)}
times = []
for cards, r in hands:
    start = time.perf_counter()
    best_arrangement(cards, rules[r] if rules else r)
    times.append(time.perf_counter() - start)
print(statistics.median(times))
"""


def _median_in(checkout: Path, hands: str, variant: str = "standard") -> float:
    out = subprocess.run(
        [sys.executable, "-c", _TIMER, str(checkout), variant],
        input=hands, capture_output=True, text=True, check=True,
    )  # fmt: skip
    return float(out.stdout)


def compare_with_baseline(baseline: Path, n_hands: int, seed: int, turns: int = 5) -> None:
    """Median ``best_arrangement`` time at 13 cards here and in ``baseline``, in turns."""
    rng = random.Random(seed)
    hands = json.dumps([(" ".join(map(str, c)), r) for c, r in
                        (random_hand(rng, 13) for _ in range(n_hands))])  # fmt: skip
    here = Path(__file__).resolve().parents[1]
    runs: dict[str, list[float]] = {"this checkout": [], "baseline": []}
    for _ in range(turns):
        runs["this checkout"].append(_median_in(here, hands))
        runs["baseline"].append(_median_in(baseline, hands))
    print(f"\nbest_arrangement at 13 cards, {n_hands} hands, {turns} turns each (A B A B ...)")
    mine, base = (statistics.median(v) for v in runs.values())
    print(f"this checkout   median {mine * 1e6:8.1f} µs")
    print(f"baseline        median {base * 1e6:8.1f} µs   ({baseline})")
    print(f"ratio this / baseline  {mine / base:6.3f}  (the limit is 1.10)")
    for variant in ("books_distinct_suits", "no_all_wild_melds"):
        cost = statistics.median(_median_in(here, hands, variant) for _ in range(3))
        print(f"{variant:<22}  median {cost * 1e6:8.1f} µs   x{cost / mine:5.2f} of standard")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--reference-hands", type=int, default=60)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--baseline", type=Path, help="an earlier checkout to compare with")
    args = parser.parse_args()
    if args.baseline:
        compare_with_baseline(args.baseline, args.hands, args.seed)
    rng = random.Random(args.seed)
    cases = {
        "random 11 cards (round 9)": [random_hand(rng, 11) for _ in range(args.hands)],
        "random 13 cards (round 11)": [random_hand(rng, 13) for _ in range(args.hands)],
        "random 14 cards (round 11)": [
            (tuple(rng.sample(DECK, 14)), 11) for _ in range(args.hands)
        ],
        "adversarial 14 cards": [adversarial_hand(rng) for _ in range(args.hands)],
    }
    print(f"best_arrangement, {args.hands} hands; reference on the first {args.reference_hands}")
    for name, hands in cases.items():
        times = [timed(best_arrangement, cards, r) for cards, r in hands]
        ref = [timed(reference_penalty, cards, r) for cards, r in hands[: args.reference_hands]]
        for cards, r in hands[: args.reference_hands]:
            assert best_arrangement(cards, r).penalty == reference_penalty(cards, r), cards
        print(row(name, times, ref))
    print("\ngoing_out_discards (hands of hand size + 1)")
    discard_cases = {
        "random 14 cards (round 11)": cases["random 14 cards (round 11)"],
        "adversarial 14 cards (round 11)": [
            adversarial_hand(rng, 14, round_no=11) for _ in range(args.hands)
        ],
    }
    checked = args.reference_hands // 3  # the reference solves 14 hands per discard check
    for name, hands in discard_cases.items():
        times = [timed(going_out_discards, cards, 11) for cards, _ in hands]
        ref = [timed(reference_discards, cards, 11) for cards, _ in hands[:checked]]
        for cards, _ in hands[:checked]:
            assert set(going_out_discards(cards, 11)) == set(reference_discards(cards, 11))
        print(row(name, times, ref))
    print(
        "\nTargets: median best_arrangement at 13 cards <= 150 µs; median going_out_discards at 14"
    )
    print("cards <= 1 ms; worst adversarial 14-card hand <= 20 ms (pure Python, one core).")


if __name__ == "__main__":
    main()
