"""Benchmark full games (issues 3 and 21): speed on one core, simulate's speed-up, strength.

Prints:
- the four speeds of issue 21 on one core, each against its target as a ratio:
  full 11-round four-player games per second with four greedy bots (target 50),
  four lookahead bots (10) and four expert bots (2), and Five Crowns Solitaire deals
  per second (20). Each is the median over several batches of the same seeded games,
  timed in a fresh process per batch. With ``--baseline DIR`` (an earlier checkout,
  e.g. ``git worktree add /tmp/speed-base d50a911``) every batch is also timed there,
  in turns (A B A B ...) within this run, and the ratio this / baseline is printed;
  with ``--compiled`` the same batches also run on the optional compiled core (a copy of
  this checkout compiled with ``build_compiled.py`` into a temporary folder, or the
  compiled copy ``--compiled DIR`` names), with its ratio to the target and to this
  (pure-Python) checkout; with ``--baseline`` also ``--paired`` games (24) of each
  workload in one process, each game on this checkout and the baseline back to back, in
  turns: the ratio a noisy machine cannot move by slowing down between batches;
- where a move's time goes in the game workloads: the table's own work per move (dealing,
  observations with their legal moves, applying the move) and the bots' choosing, and
  the games a second the table alone would play with bots that cost nothing (the most
  any bot can reach), and the greedy bots' speed when every solver position is already
  known (the most a faster solver alone could give them);
- the speed-up of ``simulate`` with two worker processes over a serial run;
- bot strength: four-player games seating random, greedy, lookahead and greedy in
  every circular order and rotation (so each bot sits after the random bot equally
  often); each bot's mean total with a 95% confidence interval, and the paired
  per-game differences lookahead - greedy and greedy - random with their intervals
  (lower totals are better).

Run: ``python benchmarks/games.py [--baseline DIR] [--compiled [DIR]]`` (``--games N``
for the strength
table, default 2000; ``--skip-strength`` for the speeds only; ``--batches B``).
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from fivecrowns_lab import simulate

Z95 = 1.959964

# (what is timed, games a batch, target a second): the targets of issue 21, on one core.
WORKLOADS: dict[str, tuple[int, float]] = {
    "greedy": (6, 50.0),
    "lookahead": (3, 10.0),
    "expert": (1, 2.0),
    "solitaire": (10, 20.0),
}

# Run in a fresh process with a checkout first on the path: prints games per second.
_TIMER = """
import sys, time
sys.path.insert(0, sys.argv[1])
kind, games, first = sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
from fivecrowns_lab import Game, Solitaire, make_bot, play_game
start = time.process_time()
for seed in range(first, first + games):
    if kind == "solitaire":
        Solitaire(seed=seed).play()
    else:
        play_game(Game(4, seed=seed), [make_bot(kind, seed + s) for s in range(4)])
print(games / (time.process_time() - start))
"""


# Run in a fresh process: this checkout's package and the baseline's, copied under two
# names (the package imports itself only relatively), play the same seeded games one
# after the other, in turns, each timed alone. Prints one line per workload: the games
# played, each copy's CPU seconds in all, and the per-game ratios (baseline / this).
_PAIRED = """
import importlib, shutil, sys, time
from pathlib import Path
root, this, base, games = Path(sys.argv[1]), sys.argv[2], sys.argv[3], int(sys.argv[4])
for name, src in (("fcl_this", this), ("fcl_base", base)):
    shutil.copytree(Path(src) / "fivecrowns_lab", root / name,
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))
sys.path.insert(0, str(root))
copies = [importlib.import_module(name) for name in ("fcl_this", "fcl_base")]
def play(m, kind, seed):
    if kind == "solitaire":
        m.Solitaire(seed=seed).play()
    else:
        m.play_game(m.Game(4, seed=seed), [m.make_bot(kind, seed + s) for s in range(4)])
for kind in sys.argv[5:]:
    count = games if kind != "expert" else max(1, games // 4)
    for m in copies:  # first use: imports, tables, caches
        play(m, kind, 10**6)
    spent, ratios = [0.0, 0.0], []
    for seed in range(count):
        took = [0.0, 0.0]
        for i in ((0, 1) if seed % 2 == 0 else (1, 0)):
            start = time.process_time()
            play(copies[i], kind, seed)
            took[i] = time.process_time() - start
        spent[0] += took[0]
        spent[1] += took[1]
        ratios.append(took[1] / took[0])
    print(kind, count, spent[0], spent[1], *ratios)
"""


# Run in a fresh process: plays the same seeded games as the first batch and splits each
# move's time into the bots' choosing and the table's own work (dealing, observations,
# legal moves, applying the move). Prints per workload: games, moves, seconds in all and
# seconds spent choosing (wall clock, as play_moves times the choosing).
_SPLIT = """
import sys, time
sys.path.insert(0, sys.argv[1])
from fivecrowns_lab import Game, make_bot
from fivecrowns_lab.table.loop import play_moves
for kind, games in zip(sys.argv[2::2], map(int, sys.argv[3::2])):
    moves, choosing = 0, 0.0
    start = time.perf_counter()
    for seed in range(games):
        game = Game(4, seed=seed)
        for move in play_moves(game, [make_bot(kind, seed + s) for s in range(4)]):
            moves += 1
            choosing += move.seconds
    print(kind, games, moves, time.perf_counter() - start, choosing)
"""


# Run in a fresh process: four greedy bots play the first batch's games twice with the
# shared solvers never forgetting a position; the second pass finds every search already
# done, so its speed is what the table and the bots' own work allow if the solver cost
# nothing but its memo lookups. Prints games per second of the second pass.
_KNOWN = """
import sys, time
sys.path.insert(0, sys.argv[1])
games = int(sys.argv[2])
from fivecrowns_lab import Game, make_bot, play_game
from fivecrowns_lab.core import solver
solver._SHARED_LIMIT = 10**9  # before the first solver is made: no memo is ever cleared
def batch():
    for seed in range(games):
        play_game(Game(4, seed=seed), [make_bot("greedy", seed + s) for s in range(4)])
batch()
start = time.process_time()
batch()
print(games / (time.process_time() - start))
"""


def table_share(kinds: list[str]) -> None:
    """How much of a game the table itself takes: the speed with bots that cost nothing.

    The table's own work per move (dealing, observations with their legal moves,
    applying each move) bounds the games a second whatever the bots do; the bots'
    choosing is the rest. Games of the first batch, in a fresh process.
    """
    here = Path(__file__).resolve().parents[1]
    args = [str(part) for kind in kinds for part in (kind, WORKLOADS[kind][0])]
    out = subprocess.run(
        [sys.executable, "-c", _SPLIT, str(here), *args],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    print("Where a move's time goes (the table's own work, and the bots' choosing):")
    for line in out.stdout.splitlines():
        kind, games, moves, seconds, choosing = line.split()
        n_games, n_moves = int(games), int(moves)
        table = (float(seconds) - float(choosing)) / n_moves
        bots = float(choosing) / n_moves
        ceiling = n_games / (table * n_moves)
        target = WORKLOADS[kind][1]
        print(
            f"  {kind + ' x4':<13} {n_moves / n_games:5.0f} moves a game; the table "
            f"{table * 1e6:5.0f} us a move, the bots {bots * 1e6:6.0f} us; with bots that "
            f"cost nothing {ceiling:6.1f} games/s ({ceiling / target:.2f} x the target {target:g})"
        )
    if "greedy" in kinds:
        games, target = WORKLOADS["greedy"]
        known = subprocess.run(
            [sys.executable, "-c", _KNOWN, str(here), str(games)],
            capture_output=True, text=True, check=True,
        )  # fmt: skip
        rate = float(known.stdout)
        print(
            f"  greedy x4 with every solver position already known (the search costing only "
            f"its memo lookups): {rate:.1f} games/s ({rate / target:.2f} x the target "
            f"{target:g})"
        )


def paired(baseline: Path, kinds: list[str], games: int) -> None:
    """This checkout against ``baseline`` in one process, game by game in turns.

    A noisy machine (a shared host) changes speed within seconds; batches in fresh
    processes a few seconds apart then disagree by a third. Timing each game on both
    copies back to back puts both under the same conditions, so the ratio holds.
    """
    here = Path(__file__).resolve().parents[1]
    with tempfile.TemporaryDirectory() as tmp:
        out = subprocess.run(
            [sys.executable, "-c", _PAIRED, tmp, str(here), str(baseline), str(games), *kinds],
            capture_output=True, text=True, check=True,
        )  # fmt: skip
    print("In one process, each game on this checkout and the baseline in turns:")
    for line in out.stdout.splitlines():
        kind, count, this, base, *each = line.split()
        ratios = sorted(float(r) for r in each)
        quarter = len(ratios) // 4
        middle = statistics.median(ratios)
        name = kind if kind == "solitaire" else f"{kind} x4"
        print(
            f"  {name:<13} {int(count):4d} games: this {int(count) / float(this):6.2f}/s, "
            f"baseline {int(count) / float(base):6.2f}/s, this / baseline "
            f"{float(base) / float(this):4.2f} (per game: median {middle:4.2f}, "
            f"middle half {ratios[quarter]:4.2f}..{ratios[-1 - quarter]:4.2f})"
        )


def rate_in(checkout: Path, kind: str, games: int, first: int) -> float:
    """Games (or solitaire deals) per second for one batch, in a fresh process."""
    out = subprocess.run(
        [sys.executable, "-c", _TIMER, str(checkout), kind, str(games), str(first)],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    return float(out.stdout)


def compiled_copy(into: Path) -> Path:
    """A copy of this checkout's package with its hot core compiled (build_compiled.py)."""
    here = Path(__file__).resolve().parents[1]
    spec = importlib.util.spec_from_file_location("build_compiled", here / "build_compiled.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    start = time.perf_counter()
    module.compile_into(into, here / "fivecrowns_lab")
    print(f"Compiled {', '.join(module.COMPILED)} in {time.perf_counter() - start:.0f} s")
    return into


def speeds(
    batches: int,
    baseline: Path | None,
    only: list[str] | None = None,
    compiled: Path | None = None,
) -> None:
    here = Path(__file__).resolve().parents[1]
    others = [name for name, path in (("baseline", baseline), ("compiled", compiled)) if path]
    where = f"beside the {' and '.join(others)}, in turns" if others else "this checkout"
    print(f"Speeds on one core, median of {batches} batches of the same seeded games, {where}:")
    for kind, (games, target) in WORKLOADS.items():
        if only and kind not in only:
            continue
        mine: list[float] = []
        base: list[float] = []
        fast: list[float] = []
        for batch in range(batches):
            first = 1000 * batch
            mine.append(rate_in(here, kind, games, first))
            if baseline:
                base.append(rate_in(baseline, kind, games, first))
            if compiled:
                fast.append(rate_in(compiled, kind, games, first))
        median = statistics.median(mine)
        unit = "deals/s" if kind == "solitaire" else "games/s"
        name = kind if kind == "solitaire" else f"{kind} x4"
        line = (
            f"  {name:<13} {median:7.2f} {unit}  (batches {min(mine):.2f}..{max(mine):.2f}); "
            f"{median / target:5.2f} x the target {target:g}"
        )
        if baseline:
            old = statistics.median(base)
            line += (
                f"; baseline {old:6.2f} ({old / target:4.2f} x target); "
                f"this / baseline {median / old:5.2f}"
            )
        if compiled:
            quick = statistics.median(fast)
            line += (
                f"; compiled {quick:6.2f} ({quick / target:4.2f} x target), "
                f"compiled / this {quick / median:4.2f}"
            )
        print(line)


def speedup(games: int) -> None:
    players = ["greedy"] * 4
    # The workers first: forked from a process that has played nothing, they start with
    # the solver's memo as empty as the serial run's. Forked after the serial run, they
    # inherited its memo of these very games and read 3.6x on two cores.
    with ProcessPoolExecutor(max_workers=2) as pool:
        start = time.perf_counter()
        parallel = simulate(players, games, seed=7, executor=pool, progress=False, chunk_size=2)
        two = time.perf_counter() - start
    start = time.perf_counter()
    serial = simulate(players, games, seed=7, progress=False)
    one = time.perf_counter() - start
    same = "identical" if serial.records() == parallel.records() else "DIFFERENT"
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
    finals: list[dict[str, Any]] = []  # each seat's last round, in every game
    with ProcessPoolExecutor(max_workers=2) as pool:
        for k, order in enumerate(tables):
            rows = simulate(order, per_table, seed=100 + k, executor=pool, progress=False)
            last = max(rows["round"])
            for record in rows.where("round", last).records():
                finals.append({**record, "game": record["game"] * len(tables) + k})
    seconds = time.perf_counter() - start
    n_games = len({record["game"] for record in finals})
    print(f"Bot strength: {n_games} four-player games in {seconds:.0f} s (lower total is better)")
    seats: dict[str, list[dict[str, Any]]] = {}
    for record in finals:
        seats.setdefault(record["bot"], []).append(record)
    for bot in ["random", "greedy", "lookahead"]:
        totals = [float(record["total"]) for record in seats[bot]]
        mean, half = interval(totals)
        wins = sum(record["placement"] == 1 for record in seats[bot]) / len(seats[bot])
        print(
            f"  {bot:>9}: mean total {mean:6.1f} ± {half:4.1f} (95% CI, n={len(totals)}), "
            f"first place in {wins:.1%} of seats"
        )
    # Per game, each bot's mean total over its seats (greedy sits twice at every table).
    per_game: dict[int, dict[str, list[float]]] = {}
    for record in finals:
        by_bot = per_game.setdefault(record["game"], {})
        by_bot.setdefault(record["bot"], []).append(float(record["total"]))
    for better, worse in [("lookahead", "greedy"), ("greedy", "random")]:
        diff = [
            statistics.fmean(bots[better]) - statistics.fmean(bots[worse])
            for bots in per_game.values()
        ]
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
    parser.add_argument(
        "--baseline", type=Path, help="an earlier checkout's folder (git worktree add DIR COMMIT)"
    )
    parser.add_argument(
        "--only", nargs="*", choices=list(WORKLOADS), help="time only these workloads"
    )
    parser.add_argument(
        "--compiled", nargs="?", type=Path, const=Path(), default=None,
        help="also time the compiled core (a compiled copy DIR, or compile one now)",
    )  # fmt: skip
    parser.add_argument(
        "--paired", type=int, default=24, metavar="GAMES",
        help="with --baseline: also GAMES games of each workload (a quarter as many expert "
        "games) in one process, game by game in turns (0: none)",
    )  # fmt: skip
    parser.add_argument("--skip-strength", action="store_true")
    args = parser.parse_args()
    # A folder without the package would be timed as this checkout (the fresh processes
    # import the installed one instead), and its ratios would all read 1.
    for option, folder in (("--baseline", args.baseline), ("--compiled", args.compiled)):
        if folder not in (None, Path()) and not (folder / "fivecrowns_lab").is_dir():
            parser.error(
                f"{option} is a folder holding a copy of the package (fivecrowns_lab/), such "
                f"as a checkout made with `git worktree add`; {folder} holds none."
            )
    with tempfile.TemporaryDirectory() as tmp:
        compiled = args.compiled
        if compiled == Path():
            compiled = compiled_copy(Path(tmp))
        speeds(args.batches, args.baseline, args.only, compiled)
    table_share([kind for kind in args.only or WORKLOADS if kind != "solitaire"])
    if args.baseline and args.paired:
        paired(args.baseline, args.only or list(WORKLOADS), args.paired)
    speedup(24)
    if not args.skip_strength:
        strength(args.games)


if __name__ == "__main__":
    main()
