"""Benchmark full games in Pyodide (the static site's Python) under Node, beside CPython.

Prints games per second for four greedy bots and four expert bots (full 11-round
four-player games, the workloads of ``benchmarks/games.py``), timed inside Pyodide running
in Node on one core, then the same script in this CPython, and the ratio Pyodide / CPython.
The clock is read inside the process, around the seeded games only, after a warm-up game:
Node's and Pyodide's start-up and the wheel's install are outside it. It is the wall clock
(the one clock Pyodide has; ``time.process_time`` there is wall time too), so run it on a
quiet machine; both runs use the same clock.

Needs node and npm: Pyodide comes from ``lite/package.json`` (``npm ci``) and micropip from
its pinned wheel, fetched once as ``make site`` does; this package's wheel is built from the
working tree. Run: ``python benchmarks/pyodide_games.py [--games G]`` (G greedy games, G/4
expert games; default 40).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RUNNER = ROOT / "lite" / "run_pyodide.mjs"

# Runs in Pyodide and in CPython alike (KIND and GAMES are set above it); prints the
# platform and the seconds the seeded games took.
_PLAYER = """
import sys, time
from fivecrowns_lab import Game, make_bot, play_game

play_game(Game(4, seed=999_999), [make_bot("greedy", s) for s in range(4)])  # warm-up
start = time.perf_counter()
for seed in range(GAMES):
    play_game(Game(4, seed=seed), [make_bot(KIND, seed + s) for s in range(4)])
print(sys.platform, time.perf_counter() - start)
"""


def _site_tools():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("build_site", ROOT / "lite" / "build_site.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def game_seconds(command: list[str], cwd: Path, env: dict[str, str] | None = None) -> float:
    """The seconds the games took, as the script read them inside its own process."""
    out = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, check=True)
    _platform, seconds = out.stdout.split()[-2:]
    return float(seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    # An earlier version subtracted a start-up timed in a separate process, which varied by
    # as much as 8 greedy games take (one 8-game run read Pyodide 1.9x faster than
    # CPython). The games are now timed inside the process; 40 keeps the default steady.
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
                return game_seconds(command, RUNNER.parent)
            env = {**os.environ, "PYTHONPATH": str(ROOT)}
            return game_seconds([sys.executable, str(script)], Path(tmp), env)

        for where in rates:
            for kind, games in plays.items():
                rates[where][kind] = games / seconds(where, kind, games)
    print(f"Full four-player games a second ({plays} games, timed inside each process):")
    for kind in plays:
        there, here = rates["Pyodide"][kind], rates["CPython"][kind]
        print(
            f"  {kind} x4: Pyodide in Node {there:6.2f} games/s, this CPython {here:6.2f} "
            f"games/s; Pyodide / CPython {there / here:4.2f}"
        )


if __name__ == "__main__":
    main()
