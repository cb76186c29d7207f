"""The README (and the getting-started page) is true: its examples run as written.

Python blocks are executed; ``pycon`` blocks are run as doctests, so the outputs they
show are checked too. The commands, links, badges and lesson list are checked against
the repository.
"""

from __future__ import annotations

import doctest
import importlib.util
import re
from pathlib import Path

import pytest

from fivecrowns_lab.content.catalogue import CATALOGUE

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
TOOL = ROOT / "tools" / "readme_lessons.py"
PAGES = [README, ROOT / "docs" / "getting-started.md"]
BINDER = "https://mybinder.org/v2/gh/fivecrowns-lab/fivecrowns_lab/binder"
RAW = "https://raw.githubusercontent.com/fivecrowns-lab/fivecrowns_lab/main/"
REPO_FILES = (RAW, "https://github.com/fivecrowns-lab/fivecrowns_lab/blob/main/")

_FENCE = re.compile(r"^```(?P<lang>[\w-]*)\n(?P<body>.*?)^```", re.MULTILINE | re.DOTALL)


def code_blocks(path: Path, *langs: str) -> list[tuple[int, str]]:
    """The fenced blocks of the given languages: (line number, code)."""
    text = path.read_text(encoding="utf-8")
    return [
        (text.count("\n", 0, m.start()) + 1, m["body"])
        for m in _FENCE.finditer(text)
        if m["lang"] in langs
    ]


def _name(path: Path) -> str:
    return str(path.relative_to(ROOT))


@pytest.mark.parametrize("path", PAGES, ids=_name)
def test_python_blocks_run_as_written(path):
    blocks = code_blocks(path, "python", "pycon")
    assert blocks, f"{_name(path)} shows no Python example"
    namespace: dict[str, object] = {"__name__": "__readme__"}
    parser, runner = (
        doctest.DocTestParser(),
        doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE),
    )
    for line, code in blocks:
        if code.lstrip().startswith(">>>"):
            test = parser.get_doctest(code, namespace, f"{_name(path)}:{line}", str(path), line)
            result = runner.run(test, clear_globs=False)
            assert result.failed == 0, f"{_name(path)}:{line}: the shown output is not what runs"
        else:
            exec(compile(code, f"{_name(path)}:{line}", "exec"), namespace)


def test_readme_engine_example_is_five_lines():
    (_, code), *_ = code_blocks(README, "pycon")
    assert sum(line.startswith(">>> ") for line in code.splitlines()) == 5


@pytest.mark.parametrize("path", PAGES, ids=_name)
def test_make_commands_shown_exist_in_makefile(path):
    targets = set(re.findall(r"^([\w-]+):", (ROOT / "Makefile").read_text(), re.MULTILINE))
    shown = set(re.findall(r"`?make (\w+)", path.read_text(encoding="utf-8")))
    assert {"app", "test"} <= shown
    assert shown <= targets, f"{_name(path)} mentions make targets that do not exist"


def test_readme_has_both_binder_badges_the_lessons_one_straight_to_the_gallery():
    text = README.read_text(encoding="utf-8")
    assert f"({BINDER}?urlpath=voila/render/notebooks/00-index.ipynb)" in text
    assert (ROOT / "notebooks" / "00-index.ipynb").is_file()
    assert f"({BINDER}?urlpath=lab/tree/notebooks)" in text


def test_readme_links_and_image_are_absolute_so_they_work_on_pypi_and_exist():
    text = README.read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)\s]+)\)", text)
    relative = [t for t in targets if not re.match(r"https://|mailto:|#", t)]
    assert not relative, f"relative links break on PyPI: {relative}"
    in_repo = [
        t.split(prefix, 1)[1] for t in targets for prefix in REPO_FILES if t.startswith(prefix)
    ]
    assert "docs/_static/lesson-screenshot.png" in in_repo
    assert any(t.startswith(RAW) and t.endswith(".png") for t in targets)  # the picture
    missing = [t for t in in_repo if not (ROOT / t.split("#")[0]).exists()]
    assert not missing, f"README links to files that do not exist: {missing}"


def test_readme_shows_the_installed_command():
    text = README.read_text(encoding="utf-8")
    assert 'pip install "fivecrowns_lab[app]"' in text
    for command in ("fivecrowns-lab serve", "fivecrowns-lab lessons", "python -m fivecrowns_lab"):
        assert command in text


def test_readme_lesson_table_is_the_registrys_written_by_make_messages():
    # The table is written from the registry (tools/readme_lessons.py, run by make
    # messages): a row a CATALOGUE record, so a new lesson's row comes with its record.
    text = README.read_text(encoding="utf-8")
    spec = importlib.util.spec_from_file_location("readme_lessons", TOOL)
    assert spec and spec.loader
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    assert tool.written(text) == text, "run `make messages`"
    rows = re.findall(r"^\| (\d\d) \| \[", text, re.MULTILINE)
    assert rows == ["00", *(e.number for e in CATALOGUE)]
    assert "/docs/lessons/00-index.html" in text and "/docs/for-teachers.html" in text
