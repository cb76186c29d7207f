"""The benchmarks still run: each one on a tiny workload, so a refactor cannot silently break them.

These check that the scripts work and that their own correctness checks pass (the
solver benchmark cross-checks every penalty against its reference search); the speed
figures come from running them in full (``make bench``), never from a test.
"""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"

TINY_RUNS = {
    "solver.py": ["--hands", "20", "--reference-hands", "6"],
    "games.py": ["--games", "8", "--batches", "1", "--skip-strength"],
    "solitaire.py": ["--games", "5", "--batches", "1"],
    "lesson_work.py": ["--seconds", "0.1", "--batches", "1"],
    "strength.py": ["--deals", "1", "--seatings", "2", "--rounds", "2"],
    "layoff.py": ["--games", "1", "--crafted", "3", "--wide", "3"],
    "class_db.py": ["--students", "3", "--records", "5"],
    "class_recompute.py": ["--repeat", "1"],
    "class_service.py": ["--students", "4", "--records", "6", "--seconds", "2"],
}


@pytest.mark.parametrize("script", sorted(TINY_RUNS))
def test_benchmark_runs_on_a_tiny_workload(script):
    result = subprocess.run(
        [sys.executable, str(BENCHMARKS / script), *TINY_RUNS[script]],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    assert result.stdout.strip(), "a benchmark prints its figures"


def test_games_benchmark_times_a_baseline_in_turns_and_in_one_process():
    # The baseline is this checkout itself: both copies play the same games.
    root = BENCHMARKS.parent
    result = subprocess.run(
        [sys.executable, str(BENCHMARKS / "games.py"), "--batches", "1", "--skip-strength",
         "--only", "greedy", "solitaire", "--baseline", str(root), "--paired", "2"],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr[-3000:]
    assert "this / baseline" in result.stdout
    # The table's own share of a move, and the most any bot could reach (no solitaire line:
    # a solitaire deal has no bots).
    share = result.stdout.split("Where a move's time goes")[1].split("In one process")[0]
    assert re.search(r"greedy x4 +\d+ moves a game; the table +\d+ us a move", share)
    assert "with bots that cost nothing" in share and "solitaire" not in share
    known = re.search(r"every solver position already known .*?: ([\d.]+) games/s", share)
    assert known and float(known.group(1)) > 0
    paired = result.stdout.split("In one process")[1]
    assert "greedy x4" in paired and "solitaire" in paired and "middle half" in paired


def test_games_benchmark_refuses_a_baseline_that_holds_no_package(tmp_path):
    # A commit id or a missing folder would otherwise be timed as this checkout (ratio 1).
    for option in ("--baseline", "--compiled"):
        result = subprocess.run(
            [sys.executable, str(BENCHMARKS / "games.py"), option, str(tmp_path)],
            capture_output=True, text=True, timeout=60,
        )  # fmt: skip
        assert result.returncode == 2
        assert f"{option} is a folder holding a copy of the package" in result.stderr
        assert f"{tmp_path} holds none" in result.stderr
        assert not result.stdout


@pytest.mark.parametrize(
    "script",
    [
        "app.py",
        "charts.py",
        "probability.py",
        "pyodide_games.py",
        "serving.py",
        "site.py",
        "site_warm.py",
    ],
)
def test_long_benchmarks_at_least_import(script):
    # These take minutes or need Chromium or Node (a browser per lesson; charts in Chromium;
    # games in Pyodide under Node; exact
    # counting; a server with 30 visitors; or a built static site), so only their imports
    # run here (tests/test_serving.py covers
    # the serving behaviour).
    spec = importlib.util.spec_from_file_location(f"bench_{script[:-3]}", BENCHMARKS / script)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert callable(module.main)


def test_every_benchmark_is_covered():
    assert {p.name for p in BENCHMARKS.glob("*.py")} == {
        *TINY_RUNS,
        "app.py",
        "charts.py",
        "pyodide_games.py",
        "probability.py",
        "serving.py",
        "site.py",
        "site_warm.py",
    }


def test_games_benchmark_prints_the_strength_table():
    # The strength table reads the simulations' plain rows (no pandas needed).
    result = subprocess.run(
        [sys.executable, str(BENCHMARKS / "games.py"), "--batches", "1", "--only", "solitaire",
         "--games", "24"],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr[-3000:]
    table = result.stdout.split("Bot strength: ")[1]
    assert table.startswith("24 four-player games")
    for bot in ("random", "greedy", "lookahead"):
        assert re.search(rf"{bot}: mean total +\d+\.\d ± +\d+\.\d \(95% CI, n=\d+\)", table)
    assert re.search(r"lookahead - greedy: +[-+]\d+\.\d ± +\d+\.\d points per game", table)
