"""Benchmark the class server's replay of an experiment record (issue 44).

The server never trusts a page's count: it replays each experiment record with the
lesson's engine function (:func:`~fivecrowns_lab.classroom.recompute.replay_experiment`).
This prints, for the largest record each lesson may send, the trials the server replays
and the median seconds of one replay (``--repeat`` runs, one core), with lesson 08's
largest round as the baseline measured in the same run, and the ratio against it.

Run: ``python benchmarks/class_recompute.py``.
"""

from __future__ import annotations

import argparse
import statistics
import time

from fivecrowns_lab.classroom.recompute import MAX_TRIALS, replay_experiment, replayed_trials

RECORDS = {
    "07 wilds, round 11": ("most-common-wilds/round-11", MAX_TRIALS["07"]),
    "08 first turn, round 11 (baseline)": ("go-out-first-turn/round-11", MAX_TRIALS["08"]),
    "08 on the deal, round 6": ("go-out-on-deal/round-6", MAX_TRIALS["08"]),
    "09 draw an out": ("draw-an-out/round-4/8H-9H-10H-QC-QS-KD", MAX_TRIALS["09"]),
    "10 greedy vs random, 11 rounds": ("seat-1-wins/greedy-vs-random/rounds-11", MAX_TRIALS["10"]),
    "10 four experts, 11 rounds": (
        "seat-1-wins/expert-vs-expert-vs-expert-vs-expert/rounds-11",
        MAX_TRIALS["10"],
    ),
    "10 lookahead vs greedy vs random, 11 rounds, lay off": (
        "seat-1-wins/lookahead-vs-greedy-vs-random/rounds-11/lay_off",
        MAX_TRIALS["10"],
    ),
    "11 solitaire": ("solitaire-win", MAX_TRIALS["11"]),
}


def median_seconds(experiment: str, trials: int, repeat: int) -> float:
    times = []
    for seed in range(repeat):
        began = time.perf_counter()
        replay_experiment(experiment, seed, trials)
        times.append(time.perf_counter() - began)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    measured = {}
    for name, (experiment, posted) in RECORDS.items():
        replayed = replayed_trials(experiment, posted)
        measured[name] = (posted, replayed, median_seconds(experiment, replayed, args.repeat))
    base = measured["08 first turn, round 11 (baseline)"][2]
    print(f"{'record':58} {'posted':>7} {'replayed':>8} {'median s':>9} {'ratio':>6}")
    for name, (posted, replayed, seconds) in measured.items():
        print(f"{name:58} {posted:>7} {replayed:>8} {seconds:>9.3f} {seconds / base:>6.2f}")


if __name__ == "__main__":
    main()
