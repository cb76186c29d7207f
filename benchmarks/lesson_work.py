"""Benchmark the work a visitor can start in lessons 08, 10 and 11, to size its caps (issue 12).

Prints, on one core of this machine:
- for every bot in ``BOTS`` (the expert too, when it exists): seconds per seat per
  11-round game, as the median over batches of two-seat games, beside the figure the
  strategy lab plans with (``GAME_SECONDS``), and how long the lab's largest run of
  four such seats (``game_cap``) would take at the measured speed;
- seconds per solitaire deal and the length of the largest lesson 11 run;
- seconds per simulated deal of the slowest lesson 08 question (the first turn, round
  11) and the length of the largest lesson 08 run (5,000 deals x 11 rounds);
- how long *Stop* takes to end a run of the strategy lab (four of the slowest bot), the
  solitaire odds and lesson 08: from the click to the end of the background thread.

A run is also stopped by the wall-clock budget in ``fivecrowns_lab.views.work``
whatever these figures say; this checks that the planned caps stay under it.

Run: ``python benchmarks/lesson_work.py`` (``--seconds S`` per bot and batch, default 20).
"""

from __future__ import annotations

import argparse
import statistics
import time

from fivecrowns_lab.core.rules import GameRules
from fivecrowns_lab.odds.probability import first_turn_go_out
from fivecrowns_lab.odds.run_cost import (
    GAME_SECONDS,
    PLANNED_SECONDS,
    SOLITAIRE_DEAL_SECONDS,
    UNMEASURED_SECONDS,
    game_cap,
    solitaire_cap,
)
from fivecrowns_lab.odds.simulate import game_seed, play_games
from fivecrowns_lab.table.players import BOTS
from fivecrowns_lab.table.solitaire import Solitaire
from fivecrowns_lab.views.go_out import GoOutLesson
from fivecrowns_lab.views.work import BUDGET_SECONDS


def seat_seconds(bot: str, seconds: float, batches: int) -> list[float]:
    """Seconds per seat per 11-round game, one figure per batch of two-seat games."""
    figures = []
    for batch in range(batches):
        start, games = time.perf_counter(), 0
        while games == 0 or time.perf_counter() - start < seconds:
            play_games([bot, bot], [1000 * batch + games], GameRules(), seed=batch)
            games += 1
        figures.append((time.perf_counter() - start) / games / 2)
    return figures


def solitaire_seconds(seconds: float) -> float:
    start, deals = time.perf_counter(), 0
    while deals == 0 or time.perf_counter() - start < seconds:
        Solitaire(seed=game_seed(3, deals)).play()
        deals += 1
    return (time.perf_counter() - start) / deals


def _stale(planned: float, measured: float) -> str:
    """A warning when the plan is far from the measurement (the plan is about twice it)."""
    if measured > planned:
        return "  <- UPDATE the plan: the measured speed is slower than planned"
    if planned > 4 * measured:
        return "  <- UPDATE the plan: it is over four times the measured time, caps too low"
    return ""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python benchmarks/lesson_work.py")
    parser.add_argument("--seconds", type=float, default=20.0, help="seconds per bot and batch")
    parser.add_argument("--batches", type=int, default=3)
    args = parser.parse_args(argv)
    print(
        f"Budget per run: {BUDGET_SECONDS:.0f} s wall clock; "
        f"caps planned for {PLANNED_SECONDS:.0f} s."
    )
    print("Strategy lab (lesson 10): seconds per seat per 11-round game (median of batches)")
    for bot in BOTS:
        figures = seat_seconds(bot, args.seconds, args.batches)
        measured = statistics.median(figures)
        planned = GAME_SECONDS.get(bot, UNMEASURED_SECONDS)
        cap = game_cap([bot] * 4)
        print(
            f"  {bot:10s} measured {measured:6.3f} s "
            f"(batches {min(figures):.3f}..{max(figures):.3f}),"
            f" planned {planned:6.3f} s; 4 seats: cap {cap:,} games = "
            f"{cap * 4 * measured:5.0f} s at the measured speed{_stale(planned, measured)}"
        )
    deal = solitaire_seconds(args.seconds)
    cap = solitaire_cap()
    print(
        f"Solitaire odds (lesson 11): {deal:.3f} s per deal (planned {SOLITAIRE_DEAL_SECONDS}); "
        f"cap {cap:,} deals = {cap * deal:.0f} s{_stale(SOLITAIRE_DEAL_SECONDS, deal)}"
    )
    n = max(50, int(200 * args.seconds / 20))
    start = time.perf_counter()
    first_turn_go_out(11, method="simulate", n=n, seed=1)
    per_deal = (time.perf_counter() - start) / n
    largest = max(GoOutLesson.DEAL_CHOICES) * 11
    print(
        f"Go out on the deal (lesson 08): first turn, round 11: "
        f"{1000 * per_deal:.2f} ms per deal; "
        f"largest run {largest:,} deals <= {largest * per_deal:.0f} s"
    )
    for name, (ended, shown) in stop_latencies(args.seconds).items():
        print(
            f"Stop, {name}: work ended after {ended:.3f} s, "
            f"partial results and their plot drawn after {shown:.2f} s"
        )
    return 0


def first_turn(lesson: GoOutLesson) -> None:
    """Switch lesson 08 to the first-turn question, which starts a run."""
    lesson.question.value = "go out on the first turn"


def stop_latencies(wait: float) -> dict[str, tuple[float, float]]:
    """Start each lesson's largest run, press Stop a while later, and time two things.

    From the click: until the work ended (the Stop button is disabled again, no more
    games or deals are played) and until the partial results and their plot are drawn.
    """
    from fivecrowns_lab.views.solitaire_odds import SolitaireOddsLesson
    from fivecrowns_lab.views.strategy_lab import StrategyLab

    slowest = max(BOTS, key=lambda b: GAME_SECONDS.get(b, UNMEASURED_SECONDS))
    lab = StrategyLab(players=(slowest,) * 4, n_games=2, background=False)
    lab.n_games.value = lab.n_games.max
    odds = SolitaireOddsLesson(n=1, background=False)
    odds.n.value = solitaire_cap()  # the most deals a run may play
    go_out = GoOutLesson(n=200)
    go_out.n.value = max(GoOutLesson.DEAL_CHOICES)
    found = {}
    for name, view, start in (
        (f"strategy lab, 4 x {slowest}", lab, lab.run),
        ("solitaire odds", odds, odds.run),
        (
            "lesson 08, first turn",
            go_out,
            lambda: setattr(go_out.question, "value", "go out on the first turn"),
        ),
    ):
        start()
        time.sleep(max(wait / 2, 1.0))
        began = time.perf_counter()
        view.runner.stop_button.click()
        while not view.runner.stop_button.disabled:
            time.sleep(0.001)
        ended = time.perf_counter() - began
        view.runner.join()
        found[name] = (ended, time.perf_counter() - began)
    return found


if __name__ == "__main__":
    raise SystemExit(main())
