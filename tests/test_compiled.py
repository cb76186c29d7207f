"""The optional compiled core plays exactly like the pure-Python one.

The compiled wheel is built once per run as the wheels workflow builds it (a wheel build
with ``FIVECROWNS_COMPILE=1``: the build hook has ``build_compiled.py`` compile the
unchanged hot modules with mypyc) and unpacked into a temporary folder, where it is the
installed package; the workflow's own test command is run on it. Both paths then play the
seeded games and solitaire deals of the replay test and score the same seeded hands, in
every round and under the meld variants, each path in its own process; every result must
be identical.
And every test of the engine runs again on the compiled path and must pass there too,
the fuzz of each public entry point among them: mypyc raises its own TypeError on a
wrongly typed argument of a compiled function, so a compiled public entry point would
refuse bad input in mypyc's words, not ours (the compiled Solver takes its numbers and
switches as ``object`` and checks them itself).

It runs when ``FIVECROWNS_TEST_COMPILED=1`` is set, as ``make test``'s browser lane (after
the browser tests; marker ``compiled``) and the wheels workflow
(``.github/workflows/wheels.yml``) do:
``FIVECROWNS_TEST_COMPILED=1 pytest -m slow tests/test_compiled.py``. Building the wheel
takes about a minute, the engine's tests on two workers about another. It skips where mypyc
or a C compiler is missing (``.ci/run`` installs one): the compiled core is never required.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytestmark = [
    pytest.mark.slow,
    pytest.mark.compiled,
    pytest.mark.skipif(
        os.environ.get("FIVECROWNS_TEST_COMPILED") != "1",
        reason="compiles the core: set FIVECROWNS_TEST_COMPILED=1 (make test sets it)",
    ),
]

# Run with one path first on sys.path: prints every result as JSON.
_PLAY = """
import json, random, sys
sys.path.insert(0, sys.argv[1])
sys.path.insert(0, sys.argv[2])
import fivecrowns_lab
from fivecrowns_lab import RoundRules, best_arrangement, can_go_out, going_out_discards
from fivecrowns_lab.core.solver import penalties_without_each
from fivecrowns_lab.table.deal import deal_hand
import test_replays

hands = []
for variant in ({}, {"books_distinct_suits": True}, {"no_all_wild_melds": True}):
    for round_no in range(1, 12):
        rules = RoundRules(round_no, **variant)
        rng = random.Random(round_no)
        for _ in range(12):
            hand = deal_hand(rules, rng, extra=1)
            best = best_arrangement(hand[:-1], rules)
            hands.append([
                str(best.melds), str(best.leftover), best.penalty,
                can_go_out(hand, rules), [str(c) for c in going_out_discards(hand, rules)],
                sorted((str(c), p) for c, p in penalties_without_each(hand, rules).items()),
            ])
errors = []
for bad in ["5H 6H 7", "5H 6H", "ZZ"]:
    try:
        best_arrangement(bad, 3)
    except ValueError as error:
        errors.append([type(error).__name__, str(error)])
print(json.dumps({
    "compiled": list(fivecrowns_lab.compiled.modules),
    "replays": test_replays.record(), "hands": hands, "errors": errors,
}))
"""


@pytest.fixture(scope="session")
def compiled_wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The compiled wheel, built as the wheels workflow builds it: ``FIVECROWNS_COMPILE=1``
    and a standard wheel build (the build hook runs ``build_compiled.py``)."""
    if importlib.util.find_spec("mypyc") is None or shutil.which("cc") is None:
        pytest.skip("the compiled core needs mypyc and a C compiler")
    out = tmp_path_factory.mktemp("compiled-wheel")
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(out), str(ROOT)],
        env={**os.environ, "FIVECROWNS_COMPILE": "1"},
        capture_output=True, text=True, timeout=900,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    (wheel,) = out.glob("*.whl")
    return wheel


@pytest.fixture(scope="session")
def compiled_copy(compiled_wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The compiled wheel unpacked: put first on the path, it is the installed package."""
    out = tmp_path_factory.mktemp("compiled")
    with zipfile.ZipFile(compiled_wheel) as wheel:
        wheel.extractall(out)
    return out


def test_the_compiled_wheel_is_a_platform_wheel_with_the_solver_compiled_beside_its_source(
    compiled_wheel: Path,
) -> None:
    assert not compiled_wheel.name.endswith("-none-any.whl"), compiled_wheel.name
    with zipfile.ZipFile(compiled_wheel) as wheel:
        names = wheel.namelist()
    for module in ("search", "packing", "shortcuts", "discards", "solving"):
        found = [n for n in names if n.startswith(f"fivecrowns_lab/core/{module}.")]
        assert f"fivecrowns_lab/core/{module}.py" in found  # the pure path stays in the wheel
        assert any(n.endswith((".so", ".pyd")) for n in found), found
    assert any(n.startswith("fivecrowns_lab_core__mypyc") for n in names)  # mypyc's runtime


def test_the_wheels_workflow_command_tests_the_installed_wheel_not_the_checkout(
    compiled_copy: Path, tmp_path: Path
) -> None:
    # The command cibuildwheel runs on every compiled wheel, from a folder of its own.
    workflow = (ROOT / ".github/workflows/wheels.yml").read_text(encoding="utf-8")
    assert "python {project}/.ci/test_compiled_wheel.py {project}" in workflow
    script = [sys.executable, str(ROOT / ".ci/test_compiled_wheel.py"), str(ROOT)]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run(
        script, cwd=tmp_path, env={**env, "PYTHONPATH": str(compiled_copy)},
        capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    out = done.stdout[-3000:] + done.stderr[-2000:]
    assert done.returncode == 0, out
    assert f"Compiled core in {compiled_copy / 'fivecrowns_lab'}: core.search" in done.stdout, out
    assert " passed" in done.stdout and "failed" not in done.stdout, out
    # Run where the checkout's own package is the one imported, it refuses to pass.
    done = subprocess.run(script, cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 1
    assert "imported from the checkout" in done.stdout


def play(first: Path, tmp: Path) -> dict[str, object]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run(
        [sys.executable, "-c", _PLAY, str(first), str(ROOT / "tests")],
        cwd=tmp, env=env, capture_output=True, text=True, check=True, timeout=600,
    )  # fmt: skip
    result: dict[str, object] = json.loads(done.stdout)
    return result


def test_compiled_and_pure_paths_play_identical_games_and_hands(
    compiled_copy: Path, tmp_path: Path
) -> None:
    compiled = play(compiled_copy, tmp_path)
    pure = play(ROOT, tmp_path)
    assert compiled["compiled"] == [
        "core.search", "core.packing", "core.shortcuts", "core.discards", "core.solving"
    ]  # fmt: skip
    assert pure["compiled"] == []
    for part in ("hands", "errors", "replays"):
        assert compiled[part] == pure[part], f"the compiled path differs in {part}"
    # And both still play what the replay test recorded.
    recorded = json.loads((ROOT / "tests/data/replays_d50a911.json").read_text("utf-8"))
    assert pure["replays"] == recorded


# The engine's own tests (rules, melds, the solver, lay-offs, games, bots, solitaire,
# scoresheets, exact counting and simulation, and the fuzz of every public entry point):
# every one runs again with the compiled core loaded, and must pass there too.
ENGINE_TESTS = [
    "test_cards.py", "test_rules.py", "test_melds.py", "test_meld_variants.py",
    "test_solver.py", "test_layoff.py", "test_game.py", "test_game_stateful.py",
    "test_players.py", "test_expert.py", "test_solitaire.py", "test_replays.py",
    "test_simulate.py", "test_scoresheet.py", "test_rows.py", "test_fuzz_entry_points.py",
    "test_bot_and_sampling_refusals.py", "test_validators.py", "test_probability_exact.py",
    "test_probability_outs.py", "test_probability_simulation.py",
    "test_probability_strategy.py",
]  # fmt: skip


_IN_A_CLONE = "test_build_table_command_defaults_to_the_shipped_table_only_in_a_clone"


def test_the_engines_tests_all_pass_on_the_compiled_path(compiled_copy: Path) -> None:
    """The engine's test files, run with the compiled copy first on the path (conftest.py
    puts it there in each worker and stops a worker that loads the pure path)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["FIVECROWNS_COMPILED_COPY"] = str(compiled_copy)
    files = [f"tests/{name}" for name in ENGINE_TESTS]
    # Not about the engine: where the table build writes by default depends on the package
    # sitting in a git clone, and the compiled copy sits in a temporary folder.
    files += ["--deselect", f"tests/test_probability_exact.py::{_IN_A_CLONE}"]
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-n", "2",
         "-m", "not browser and not slow", *files],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=1200,
    )  # fmt: skip
    out = done.stdout[-3000:] + done.stderr[-2000:]
    assert done.returncode == 0, out
    assert "compiled core: core.search" in done.stdout, out
    summary = done.stdout.strip().splitlines()[-1]
    passed = int(summary.split(" passed")[0].split()[-1])
    assert passed > 1000 and "failed" not in summary and "error" not in summary, summary
