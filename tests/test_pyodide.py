"""The built wheel runs in Pyodide (the browser's Python) under Node, with the same results.

Pyodide's core comes from the npm ``pyodide`` package (``lite/package.json`` and its lock,
installed with ``npm ci`` into ``lite/node_modules``) and micropip from its PyPI wheel
(``lite/browser-requirements.txt``); both are fetched from the registries only when missing.
Running Pyodide then needs no network: the wheel is installed by micropip from a local file.

``tests/pyodide_probe.py`` plays seeded bot games, solves hands and reads the exact-odds
table; it runs once in CPython and once in Pyodide, and the two outputs must be identical.
Skips loudly without Node (fails in CI, where `.ci/run` installs it).
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

from .conftest import run_lock

ROOT = Path(__file__).resolve().parent.parent
PROBE = ROOT / "tests" / "pyodide_probe.py"
RUNNER = ROOT / "lite" / "run_pyodide.mjs"

pytestmark = pytest.mark.slow


def _site_tools():
    spec = importlib.util.spec_from_file_location("build_site", ROOT / "lite" / "build_site.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _unavailable(reason: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(f"PYODIDE TEST CANNOT RUN IN CI: {reason}")
    pytest.skip(f"PYODIDE TEST SKIPPED: {reason}")


@pytest.fixture(scope="module")
def pyodide_run(package_wheel, tmp_path_factory):
    """Run a Python file in Pyodide under Node with this package's wheel; return its stdout."""
    node = shutil.which("node")
    if node is None:
        _unavailable("node is missing (apt-get install nodejs npm)")
    tools = _site_tools()
    try:
        with run_lock(tmp_path_factory, "lite"):  # `make site` runs npm ci there too
            tools.npm_install()
            micropip = tools.micropip_wheel()
    except (RuntimeError, subprocess.CalledProcessError) as error:
        _unavailable(f"could not install Pyodide or micropip from the registries: {error}")
    wheel = package_wheel  # the same wheel as `pip wheel` builds (what build_wheel runs)

    def run(script: Path) -> str:
        result = subprocess.run(
            [node, str(RUNNER), str(micropip), str(script), str(wheel)],
            cwd=RUNNER.parent,
            capture_output=True,
            text=True,
            timeout=600,
        )
        assert result.returncode == 0, result.stderr[-3000:]
        return result.stdout

    return run


@pytest.fixture(scope="module")
def both(pyodide_run):
    """The probe's output from Pyodide and from this CPython."""
    in_pyodide = pyodide_run(PROBE)
    in_cpython = subprocess.run(
        [sys.executable, str(PROBE)],
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    ).stdout
    return json.loads(in_pyodide), json.loads(in_cpython)


def test_wheel_imports_in_pyodide_without_pandas_or_tqdm(pyodide_run, tmp_path):
    script = tmp_path / "imports.py"
    script.write_text(
        "import sys\n"
        "import fivecrowns_lab, fivecrowns_lab.core, fivecrowns_lab.table, fivecrowns_lab.odds\n"
        "print(sys.platform)\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('pandas', 'tqdm', 'numpy', 'matplotlib', 'ipywidgets')))\n",
        encoding="utf-8",
    )
    assert pyodide_run(script).split("\n")[:2] == ["emscripten", "[]"]


def test_seeded_bot_games_replay_identically_in_pyodide(both):
    in_pyodide, in_cpython = both
    assert len(in_cpython["games"]) == 3
    assert in_pyodide["games"] == in_cpython["games"]


def test_solved_hands_are_identical_in_pyodide(both):
    in_pyodide, in_cpython = both
    assert len(in_cpython["hands"]) == 33
    assert in_pyodide["hands"] == in_cpython["hands"]


def test_exact_odds_table_and_a_seeded_simulation_are_identical_in_pyodide(both):
    in_pyodide, in_cpython = both
    assert [row["round"] for row in in_cpython["odds"]] == [1, 2, 3, 5, 8, 11, 1]
    assert in_pyodide["odds"] == in_cpython["odds"]
