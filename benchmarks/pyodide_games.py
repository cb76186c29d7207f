"""Benchmark full games in Pyodide (the static site's Python) under Node, beside CPython.

Prints games per second for four greedy bots and four expert bots (full 11-round
four-player games, the workloads of ``benchmarks/games.py``), timed inside Pyodide running
in Node on one core, then the same script in this CPython, and the ratio Pyodide / CPython.
Each figure is CPU time, not wall time (the machine may be shared): the CPU time of the
Node (or Python) process that plays the seeded games, less that of the same process started
with no games to play (start-up, the wheel's install, a warm-up game), over the games.
Inside Pyodide only wall time is available, so the CPU time is read from outside.

Needs node and npm: Pyodide comes from ``lite/package.json`` (``npm ci``) and micropip from
its pinned wheel, fetched once as ``make site`` does; this package's wheel is built from the
working tree. Run: ``python benchmarks/pyodide_games.py [--games G]`` (G greedy games, G/4
expert games; default 40).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import resource
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RUNNER = ROOT / "lite" / "run_pyodide.mjs"

# Runs in Pyodide and in CPython alike (KIND and GAMES are set above it).
_PLAYER = """
import sys
from fivecrowns_lab import Game, make_bot, play_game

play_game(Game(4, seed=999_999), [make_bot("greedy", s) for s in range(4)])  # warm-up
for seed in range(GAMES):
    play_game(Game(4, seed=seed), [make_bot(KIND, seed + s) for s in range(4)])
print(sys.platform)
"""


def _site_tools():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("build_site", ROOT / "lite" / "build_site.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def cpu_seconds(command: list[str], cwd: Path, env: dict[str, str] | None = None) -> float:
    """CPU seconds (user + system) a command and its threads used."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    # 40, not fewer: the start-up subtracted (Node, Pyodide, the wheel) varies by about a
    # second from run to run, as much as 8 greedy games take; with 8 games one run here
    # read Pyodide 1.9x faster than CPython, with 40 it reads 0.68x.
    parser.add_argument("--games", type=int, default=40, help="greedy games (expert: a quarter)")
    args = parser.parse_args()
    node = shutil.which("node")
    if node is None:
        sys.exit("This benchmark needs node (apt-get install nodejs npm).")
    tools = _site_tools()
    tools.npm_install()
    micropip = tools.micropip_wheel()
    plays = {"greedy": args.games, "expert": max(1, args.games // 4)}
    rates: dict[str, dict[str, float]] = {"Pyodide": {}, "CPython": {}}
    with tempfile.TemporaryDirectory() as tmp:
        wheel = tools.build_wheel(Path(tmp) / "wheel")

        def seconds(where: str, kind: str, games: int) -> float:
            script = Path(tmp) / f"{kind}{games}.py"
            script.write_text(f"KIND = {kind!r}\nGAMES = {games}\n{_PLAYER}", encoding="utf-8")
            if where == "Pyodide":
                command = [node, str(RUNNER), str(micropip), str(script), str(wheel)]
                return cpu_seconds(command, RUNNER.parent)
            env = {**os.environ, "PYTHONPATH": str(ROOT)}
            return cpu_seconds([sys.executable, str(script)], Path(tmp), env)

        for where in rates:
            idle = seconds(where, "greedy", 0)
            for kind, games in plays.items():
                rates[where][kind] = games / (seconds(where, kind, games) - idle)
    print(f"Full four-player games a CPU second ({plays} games, start-up subtracted):")
    for kind in plays:
        there, here = rates["Pyodide"][kind], rates["CPython"][kind]
        print(
            f"  {kind} x4: Pyodide in Node {there:6.2f} games/s, this CPython {here:6.2f} "
            f"games/s; Pyodide / CPython {there / here:4.2f}"
        )


if __name__ == "__main__":
    main()
