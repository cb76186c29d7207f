"""The optional compiled core plays exactly like the pure-Python one.

``build_compiled.py`` compiles the unchanged hot modules with mypyc into a copy of the
package (once per run, in a temporary folder). Both paths then play the seeded games and
solitaire deals of the replay test and score the same seeded hands, in every round and
under the meld variants, each path in its own process; every result must be identical.

It runs when ``FIVECROWNS_TEST_COMPILED=1`` is set, as ``make test``'s second pass and the
wheels workflow (``.github/workflows/wheels.yml``) do:
``FIVECROWNS_TEST_COMPILED=1 pytest -m slow tests/test_compiled.py``. Compiling takes 30 to
70 s; the whole file took 29-65 s here. It skips where mypyc or a C compiler is missing
(``.ci/run`` installs one): the compiled core is never required.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytestmark = [
    pytest.mark.slow,
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
def compiled_copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if importlib.util.find_spec("mypyc") is None or shutil.which("cc") is None:
        pytest.skip("the compiled core needs mypyc and a C compiler")
    spec = importlib.util.spec_from_file_location("build_compiled", ROOT / "build_compiled.py")
    assert spec is not None and spec.loader is not None
    build_compiled = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build_compiled)
    out = tmp_path_factory.mktemp("compiled")
    build_compiled.compile_into(out, ROOT / "fivecrowns_lab")
    return out


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
    assert compiled["compiled"] == ["core.search"]
    assert pure["compiled"] == []
    for part in ("hands", "errors", "replays"):
        assert compiled[part] == pure[part], f"the compiled path differs in {part}"
    # And both still play what the replay test recorded.
    recorded = json.loads((ROOT / "tests/data/replays_d50a911.json").read_text("utf-8"))
    assert pure["replays"] == recorded


# Run with the compiled copy first on the path: pytest on the given tests.
_FUZZ = """
import sys
sys.path.insert(0, sys.argv[1])
import fivecrowns_lab
assert list(fivecrowns_lab.compiled.modules) == ["core.search"], fivecrowns_lab.compiled
import pytest
sys.exit(pytest.main(["-q", "-p", "no:cacheprovider", *sys.argv[2:]]))
"""

_FUZZ_FILE = "tests/test_fuzz_entry_points.py::" + (
    "test_every_entry_point_refuses_bad_input_only_with_a_five_crowns_error_and_no_change"
)
# The exported entry points that reach the solver's search at once (the rest reach it
# through these): fuzzed again on the compiled path.
FUZZED_ON_COMPILED = [
    "best_arrangement", "can_go_out", "going_out_discards", "penalty", "outs", "check_meld",
    "RoundRules", "GameRules", "card_points", "is_wild", "hand_size", "wild_rank",
    "Arrangement", "Game (after drawing).legal_actions", "Game (after drawing).go_out",
    "Solitaire (after drawing).apply", "GreedyBot.choose", "ExpertBot.choose",
]  # fmt: skip


def test_the_compiled_path_refuses_bad_input_with_our_sentences(compiled_copy: Path) -> None:
    """mypyc raises its own TypeError on a wrongly typed argument of a compiled function.

    Only the search (no public entry point) is compiled, so every public entry point
    still refuses in our words: the fuzz of the exported entry points and of the
    solver's own API, run with the compiled core loaded.
    """
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    tests = [f"{_FUZZ_FILE}[{name}]" for name in FUZZED_ON_COMPILED]
    tests.append(
        "tests/test_solver.py::test_the_solvers_entry_points_refuse_any_bad_input_with_a_sentence"
    )
    done = subprocess.run(
        [sys.executable, "-c", _FUZZ, str(compiled_copy), *tests],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=900,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    from .test_solver import _SOLVER_CALLS  # one fuzzed test per solver entry point

    expected = len(FUZZED_ON_COMPILED) + len(_SOLVER_CALLS)
    assert f"{expected} passed" in done.stdout, done.stdout[-2000:]
