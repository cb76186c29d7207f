"""The GitHub workflows are valid and run what CONTRIBUTING.md says they run.

actionlint (the ``dev`` group installs it) checks every file in ``.github/workflows/``:
syntax, expressions, the actions' inputs and the runner labels GitHub still offers. The
other tests read the workflows as YAML: the checks run on every push and pull request, the
engine's tests on every Python the classifiers claim, no job on a retired runner image.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent
WORKFLOWS = ROOT / ".github" / "workflows"
# Runner images GitHub has retired: a job naming one waits for a runner that never comes.
RETIRED_RUNNERS = {
    "ubuntu-18.04",
    "ubuntu-20.04",
    "macos-10.15",
    "macos-11",
    "macos-12",
    "macos-13",
    "windows-2016",
    "windows-2019",
}


def _actionlint() -> str:
    """The dev group's actionlint; skips loudly without it (fails in CI, where it is installed)."""
    found = shutil.which("actionlint", path=str(Path(sys.executable).parent))
    found = found or shutil.which("actionlint")
    if found is None:
        reason = "ACTIONLINT MISSING: install the dev group (pip install --group dev)"
        if os.environ.get("CI") == "true":
            pytest.fail(reason)
        pytest.skip(reason)
    return found


def _lint(*files: Path) -> subprocess.CompletedProcess[str]:
    # Without shellcheck and pyflakes: they are on some machines and not on others, and the
    # same workflow must get the same verdict everywhere.
    command = [_actionlint(), "-no-color", "-oneline", "-shellcheck=", "-pyflakes="]
    return subprocess.run(
        [*command, *map(str, files)], cwd=ROOT, capture_output=True, text=True, timeout=120
    )


def _workflow(name: str) -> dict[Any, Any]:
    loaded: dict[Any, Any] = yaml.safe_load((WORKFLOWS / name).read_text(encoding="utf-8"))
    return loaded


def _triggers(workflow: dict[Any, Any]) -> dict[str, Any]:
    # YAML 1.1 reads the key `on` as the boolean True.
    triggers = workflow.get("on", workflow.get(True))
    return triggers if isinstance(triggers, dict) else {t: None for t in [triggers]}


def _strings(node: object) -> Iterator[str]:
    """Every string in a loaded YAML document, keys and values, at any depth."""
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for key, value in node.items():
            yield from _strings(key)
            yield from _strings(value)
    elif isinstance(node, list):
        for item in node:
            yield from _strings(item)


def _pyproject() -> dict[str, Any]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_every_workflow_passes_actionlint():
    files = sorted(WORKFLOWS.glob("*.y*ml"))
    assert files
    done = _lint(*files)
    assert done.returncode == 0 and not done.stdout.strip(), done.stdout + done.stderr


def test_actionlint_reports_a_retired_runner_and_a_broken_expression(tmp_path: Path):
    # The check above can fail: the same invocation finds these two mistakes.
    broken = tmp_path / ".github" / "workflows" / "broken.yml"
    broken.parent.mkdir(parents=True)
    broken.write_text(
        "on: push\n"
        "jobs:\n"
        "  x:\n"
        "    runs-on: macos-13\n"
        "    steps:\n"
        "      - run: echo ${{ github.nosuchthing }\n",
        encoding="utf-8",
    )
    done = _lint(broken)
    assert done.returncode == 1, done.stdout + done.stderr
    assert '"macos-13" is unknown' in done.stdout
    assert len(done.stdout.strip().splitlines()) >= 2, done.stdout


def test_no_workflow_runs_on_a_retired_runner_image():
    for path in sorted(WORKFLOWS.glob("*.y*ml")):
        named = set(_strings(yaml.safe_load(path.read_text(encoding="utf-8"))))
        assert not named & RETIRED_RUNNERS, f"{path.name} names {named & RETIRED_RUNNERS}"


def test_ci_runs_make_test_through_ci_run_on_every_push_and_pull_request():
    ci = _workflow("ci.yml")
    triggers = _triggers(ci)
    assert "push" in triggers and "pull_request" in triggers
    for event in ("push", "pull_request"):  # no branch or path filter: every one
        assert not (triggers[event] or {}), f"{event} is filtered: {triggers[event]}"
    runs = [step.get("run", "") for step in ci["jobs"]["test"]["steps"]]
    assert "bash .ci/run" in runs
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert script.rstrip().splitlines()[-1] == "make test"
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    recipe = makefile.split("\ntest:", 1)[1].split("\n\n", 1)[0]
    for tool in ("ruff check", "ruff format --check", "mypy", "lint-imports"):
        assert tool in recipe, f"make test does not run {tool}"
    # the tests themselves run in tools/test_lanes.sh, which the recipe calls
    assert "bash tools/test_lanes.sh" in recipe
    assert "-m pytest" in (ROOT / "tools" / "test_lanes.sh").read_text(encoding="utf-8")


def test_the_engine_job_runs_on_every_python_the_classifiers_claim():
    classifiers = _pyproject()["project"]["classifiers"]
    claimed = {
        c.rsplit(" :: ", 1)[1]
        for c in classifiers
        if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)
    }
    assert claimed
    matrix = _workflow("ci.yml")["jobs"]["engine"]["strategy"]["matrix"]["python"]
    assert set(matrix) == claimed


def test_the_lowest_versions_job_runs_on_the_oldest_python_and_pins_every_extra():
    project = _pyproject()["project"]
    oldest = project["requires-python"].removeprefix(">=")
    steps = _workflow("lowest.yml")["jobs"]["lowest"]["steps"]
    versions = [s["with"]["python-version"] for s in steps if "setup-python" in s.get("uses", "")]
    assert versions == [oldest]
    script = (ROOT / ".ci" / "run-lowest").read_text(encoding="utf-8")
    for extra in project["optional-dependencies"]:
        assert f"--extra {extra}" in script, f"the {extra} extra's floors are not installed"
    installed = re.search(r'-e "\.\[([a-z,]+)\]"', script)
    assert installed is not None
    assert set(installed[1].split(",")) == set(project["optional-dependencies"])


def test_ci_run_installs_with_sudo_when_not_root_and_parses():
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert 'if [ "$(id -u)" -ne 0 ]; then' in script and 'SUDO="sudo"' in script
    lines = [line.strip() for line in script.splitlines()]
    apt = [line for line in lines if "apt-get " in line and not line.startswith("#")]
    assert apt and all(line.startswith("$SUDO ") for line in apt), apt
    assert sum("apt-get update" in line for line in apt) == 1  # once, for every package
    assert subprocess.run(["bash", "-n", str(ROOT / ".ci" / "run")], timeout=30).returncode == 0
