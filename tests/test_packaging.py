"""The package is built right: one version, the metadata PyPI shows, the lessons in the wheel,
and a command that serves them after a plain ``pip install`` of the wheel.

The wheel is built once per module (``pip wheel``, in pip's isolated build environment,
so it tests the ``[build-system]`` table too). The slow test installs it into a fresh
virtual environment and serves a lesson with ``fivecrowns-lab serve``.
"""

from __future__ import annotations

import itertools
import json
import os
import re
import subprocess
import sys
import sysconfig
import urllib.request
import zipfile
from email.parser import Parser
from pathlib import Path

import pytest

import fivecrowns_lab
from fivecrowns_lab import cli

from .conftest import free_port, stop_process, wait_for_http

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))


def pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


# -- the source of the metadata ------------------------------------------------------------------


def test_build_backend_is_hatchling_1_27_or_newer_the_first_to_write_license_expression():
    # Babel compiles the translations in the build hook (hatch_build.py).
    assert pyproject()["build-system"]["requires"] == ["hatchling>=1.27", "babel>=2.12"]


def test_version_is_written_once_in_the_package():
    project = pyproject()["project"]
    assert "version" not in project and "version" in project["dynamic"]
    assert pyproject()["tool"]["hatch"]["version"]["path"] == "fivecrowns_lab/__init__.py"
    assert re.fullmatch(r"\d+\.\d+\.\d+", fivecrowns_lab.__version__)


def test_test_tooling_is_in_dependency_groups_not_published_extras():
    project = pyproject()["project"]
    # Extras are for users: the app, the PostgreSQL driver of a class server, pandas tables.
    assert set(project["optional-dependencies"]) == {"app", "class", "data"}
    groups = pyproject()["dependency-groups"]
    names = {re.split(r"[<>=;\s\[]", r)[0] for r in groups["test"] if isinstance(r, str)}
    assert {"pytest", "hypothesis", "ruff", "mypy", "playwright", "import-linter"} <= names
    assert any(r.startswith("tomli") and "python_version < '3.11'" in r for r in groups["test"])
    assert {"include-group": "test"} in groups["dev"] and {"include-group": "docs"} in groups[
        "dev"
    ]


def test_make_test_installs_the_groups_with_a_pip_that_reads_them():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    recipe = makefile.split("$(VENV)/.test-installed:", 1)[1].split("\n\n", 1)[0]
    assert '--upgrade "pip>=25.1"' in recipe  # pip 25.1 is the first with --group
    assert "--group dev" in recipe and "'.[app]'" in recipe


# -- the command (in this checkout) -------------------------------------------------------------


def test_command_finds_every_lesson_and_the_voila_settings_of_make_app():
    assert [p.name for p in cli.lesson_notebooks()] == sorted(
        n for n in NOTEBOOKS if re.match(r"\d\d-", n)
    )
    settings = json.loads((ROOT / "voila.json").read_text(encoding="utf-8"))
    assert cli.voila_settings() == settings


def test_serve_runs_voila_with_the_settings_of_make_app_on_a_copy_of_the_lessons(
    tmp_path, monkeypatch, capsys
):
    import voila.app

    from fivecrowns_lab import serving

    calls = []
    monkeypatch.setattr(
        voila.app.Voila,
        "launch_instance",
        classmethod(lambda cls, argv, config: calls.append((argv, config))),
    )
    served = tmp_path / "served"
    (served).mkdir()
    (served / "scorekeeper.autosave.json").write_text("{}")  # a visitor's save is kept
    monkeypatch.setenv("JUPYTER_PATH", "/elsewhere")
    assert cli.main(["serve", "--port=9123", f"--dir={served}", "--no-browser", "--debug"]) == 0
    ((argv, config),) = calls
    # Voilà finds the page template voila.json names in the package, before anything else.
    ours = str(serving.PAGE_TEMPLATES)
    assert os.environ["JUPYTER_PATH"] == os.pathsep.join([ours, "/elsewhere"])
    template = config["VoilaConfiguration"]["template"]
    assert (serving.PAGE_TEMPLATES / "voila" / "templates" / template / "index.html.j2").is_file()
    # one person's server preheats nothing, as make app (APP_ARGS) does
    assert argv == [
        str(served),
        "--port=9123",
        "--no-browser",
        "--VoilaConfiguration.preheat_kernel=False",
        "--debug",
    ]
    settings = json.loads((ROOT / "voila.json").read_text(encoding="utf-8"))
    for section, values in settings.items():
        for name, value in values.items():
            assert config[section][name] == value, (section, name)
    assert sorted(p.name for p in served.glob("*.ipynb")) == [
        p.name for p in cli.lesson_notebooks()
    ]
    assert (served / "scorekeeper.autosave.json").read_text() == "{}"
    assert "http://localhost:9123/voila/render/00-index.ipynb" in capsys.readouterr().out


def test_lessons_command_copies_every_notebook_and_keeps_existing_ones(tmp_path, capsys):
    target = tmp_path / "my lessons"
    assert cli.main(["lessons", str(target)]) == 0
    assert sorted(p.name for p in target.glob("*.ipynb")) == [
        p.name for p in cli.lesson_notebooks()
    ]
    # the Danish edition beside them, in da/ (docs/danish.md)
    danish = [p.name for p in cli.danish_notebooks()]
    assert "02-books-runs-and-wilds.ipynb" in danish
    assert sorted(p.name for p in (target / "da").glob("*.ipynb")) == danish
    first = target / cli.lesson_notebooks()[1].name
    first.write_text("my notes", encoding="utf-8")
    assert cli.main(["lessons", str(target)]) == 0
    assert first.read_text(encoding="utf-8") == "my notes"
    every = len(cli.lesson_notebooks()) + len(danish)
    second_run = capsys.readouterr().out.split("Open them with")[1]  # after the first run's
    assert "Copied 0 lesson notebooks" in second_run
    assert f"Kept {every} that were already there" in second_run
    assert cli.main(["lessons", str(target), "--force"]) == 0
    assert first.read_bytes() == cli.lesson_notebooks()[1].read_bytes()


def test_table_command_is_the_probability_modules_own(capsys):
    with pytest.raises(SystemExit) as exit_:
        cli.main(["table", "--help"])
    assert exit_.value.code == 0
    assert "--build-table" in capsys.readouterr().out


def test_python_dash_m_runs_the_command():
    result = subprocess.run(
        [sys.executable, "-m", "fivecrowns_lab", "--version"],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert result.stdout.strip() == f"fivecrowns_lab {fivecrowns_lab.__version__}"
    assert "RuntimeWarning" not in result.stderr


# -- the built wheel -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def wheel(package_wheel) -> Path:
    """The wheel ``pip wheel`` builds (tests/conftest.py builds it once per run)."""
    return package_wheel


def _metadata(wheel: Path):
    with zipfile.ZipFile(wheel) as zf:
        name = next(n for n in zf.namelist() if n.endswith(".dist-info/METADATA"))
        return Parser().parsestr(zf.read(name).decode("utf-8"))


def test_wheel_metadata_has_license_expression_version_urls_and_classifiers(wheel):
    meta = _metadata(wheel)
    assert meta["Version"] == fivecrowns_lab.__version__
    assert wheel.name.startswith(f"fivecrowns_lab-{fivecrowns_lab.__version__}-")
    assert tuple(int(x) for x in meta["Metadata-Version"].split(".")) >= (2, 4)
    assert meta["License-Expression"] == "BSD-3-Clause"
    assert meta.get_all("License-File") == ["LICENSE"]
    assert meta["Requires-Python"] == ">=3.10"
    classifiers = set(meta.get_all("Classifier"))
    for needed in (
        "Typing :: Typed",
        "Framework :: Jupyter :: JupyterLab :: 4",
        "Intended Audience :: Education",
        *(f"Programming Language :: Python :: 3.{minor}" for minor in (10, 11, 12, 13)),
    ):
        assert needed in classifiers
    urls = dict(u.split(", ", 1) for u in meta.get_all("Project-URL"))
    assert {"Documentation", "Source", "Issues", "Changelog", "Binder"} <= set(urls)
    assert all(u.startswith("https://") for u in urls.values())
    # no test or docs extras for users
    assert meta.get_all("Provides-Extra") == ["app", "class", "data"]


def test_wheel_ships_py_typed_the_notebooks_the_voila_settings_and_the_command(wheel):
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
        assert "fivecrowns_lab/py.typed" in names
        for notebook in NOTEBOOKS:
            shipped = zf.read(f"fivecrowns_lab/notebooks/{notebook}")
            assert shipped == (ROOT / "notebooks" / notebook).read_bytes(), notebook
        assert zf.read("fivecrowns_lab/voila.json") == (ROOT / "voila.json").read_bytes()
        for asset in (
            "views/theme.css",
            "views/hand.js",
            "views/contrast.js",
            "views/field_marks.js",
            "views/theme_switch.js",
            "views/projector.js",
            "views/page_memory.js",
            "cli.py",
        ):
            assert f"fivecrowns_lab/{asset}" in names, asset
        assert any(n.startswith("fivecrowns_lab/odds/data/") for n in names)
        # The page template voila.json names: in the package (what `fivecrowns-lab serve`
        # puts on JUPYTER_PATH) and as data for the environment's share/jupyter (Binder).
        settings = json.loads((ROOT / "voila.json").read_text(encoding="utf-8"))
        template = "share/jupyter/voila/templates/" + settings["VoilaConfiguration"]["template"]
        data = next(n for n in names if n.endswith(".data/data/" + template + "/conf.json"))
        for name in ("conf.json", "index.html.j2", "theme_choice.js"):
            source = (ROOT / "fivecrowns_lab" / template / name).read_bytes()
            assert zf.read(f"fivecrowns_lab/{template}/{name}") == source, name
            assert zf.read(data.replace("conf.json", name)) == source, name
        # the build hook compiled the Danish catalogue (.mo files are not in git)
        assert "fivecrowns_lab/locale/da/LC_MESSAGES/fivecrowns_lab.mo" in names
        assert "fivecrowns_lab/locale/da/LC_MESSAGES/fivecrowns_lab.po" in names
        entry_points = zf.read(
            next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
        ).decode()
    assert "fivecrowns-lab = fivecrowns_lab.cli:main" in entry_points


def test_wheel_readme_has_only_absolute_links_so_it_renders_on_pypi(wheel):
    description = _metadata(wheel).get_payload()
    assert "Five Crowns Lab" in description
    targets = re.findall(r"\]\(([^)\s]+)\)", description)
    targets += re.findall(r'(?:src|href)="([^"]+)"', description)
    relative = [t for t in targets if not re.match(r"https://|mailto:|#", t)]
    assert targets and not relative, f"links that break on PyPI: {relative}"


@pytest.mark.slow
def test_fresh_venv_with_only_the_wheel_serves_a_lesson(wheel, tmp_path):
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    # Install only the wheel; its dependencies come from this environment's site-packages,
    # listed AFTER the new environment's own (so the wheel's copy of the package wins).
    site = Path(
        subprocess.check_output(
            [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            text=True,
            cwd=tmp_path,
        ).strip()
    )
    (site / "zz_outer_env.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    subprocess.run(
        [python, "-m", "pip", "install", "--quiet", "--no-deps", wheel],
        check=True,
        timeout=300,
        cwd=tmp_path,
    )
    # (run outside the checkout: Python puts the working folder first on the path)
    where = subprocess.check_output(
        [python, "-c", "import fivecrowns_lab; print(fivecrowns_lab.__file__)"],
        text=True,
        cwd=tmp_path,
    )
    assert where.startswith(str(venv)), f"fivecrowns_lab was imported from {where}"
    command = venv / "bin" / "fivecrowns-lab"
    lessons = tmp_path / "copied"
    subprocess.run([command, "lessons", str(lessons)], check=True, timeout=60, cwd=tmp_path)
    assert sorted(p.name for p in lessons.glob("*.ipynb")) == [
        n for n in NOTEBOOKS if re.match(r"\d\d-", n)
    ]

    # Voila's page templates and the widget extensions are data files of the dependencies,
    # in this environment's share/jupyter: tell the new environment where they are.
    env = {**os.environ, "JUPYTER_PATH": str(Path(sys.prefix) / "share" / "jupyter")}
    port = free_port()
    served = tmp_path / "served"
    log = (tmp_path / "serve.log").open("w")
    proc = subprocess.Popen(
        [command, "serve", f"--port={port}", "--no-browser", f"--dir={served}"],
        stdout=log,
        stderr=subprocess.STDOUT,
        cwd=tmp_path,
        env=env,
    )
    try:
        wait_for_http(f"http://127.0.0.1:{port}/", proc, timeout=90)
        url = f"http://127.0.0.1:{port}/voila/render/01-cards-and-wilds.ipynb"
        with urllib.request.urlopen(url, timeout=120) as response:
            assert response.status == 200
            page = response.read().decode("utf-8", "replace")
        assert "application/vnd.jupyter.widget-view+json" in page
        assert "Traceback" not in page
        # The page template voila.json names, found in the installed package.
        assert "/voila/templates/fivecrowns/static/" in page
        assert "fivecrowns-lab:theme" in page  # its head's early theme script
    finally:
        stop_process(proc)
        log.close()
    assert (served / "01-cards-and-wilds.ipynb").is_file()


def test_make_test_runs_every_test_exactly_once_over_its_lanes():
    # make test runs tools/test_lanes.sh, whose pytest runs pick tests by marker: every
    # mix of the two markers must fall in exactly one run, or a test is skipped or run twice.
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    recipe = makefile.split("\ntest:", 1)[1].split("\n\n", 1)[0]
    assert "bash tools/test_lanes.sh" in recipe
    lanes = (ROOT / "tools" / "test_lanes.sh").read_text(encoding="utf-8")
    runs = re.findall(r'pytest\b[^\n]*?-m "([^"]+)"', lanes)
    assert len(runs) == 4, lanes
    for browser, slow, site, compiled in itertools.product((False, True), repeat=4):
        names = {"browser": browser, "slow": slow, "site": site, "compiled": compiled}
        chosen = [eval(expr, {}, names) for expr in runs]  # pytest -m reads like Python
        assert chosen.count(True) == 1, (names, runs)
