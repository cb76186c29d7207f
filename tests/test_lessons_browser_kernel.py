"""What the lessons set up in a browser kernel (the static site), checked on CPython."""

from __future__ import annotations

import subprocess
import sys

from fivecrowns_lab.lessons.browser import NO_SQLITE, stand_in_for_sqlite3


def test_nothing_is_stood_in_off_the_browser_or_when_sqlite3_imports():
    assert stand_in_for_sqlite3("linux") is None
    assert stand_in_for_sqlite3("emscripten") is None  # this CPython has sqlite3
    import sqlite3

    assert sqlite3.connect(":memory:") is not None


def test_without_sqlite3_the_class_code_imports_and_a_database_says_why_not():
    # A fresh interpreter where sqlite3 cannot be imported, as in Pyodide without its build.
    code = (
        "import sys\n"
        "sys.modules['sqlite3'] = None\n"
        "from fivecrowns_lab.lessons.browser import stand_in_for_sqlite3\n"
        "assert stand_in_for_sqlite3('emscripten') is not None\n"
        "import fivecrowns_lab.classroom\n"
        "import sqlite3\n"
        "try:\n"
        "    sqlite3.connect(':memory:')\n"
        "except sqlite3.OperationalError as error:\n"
        "    print(error)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == NO_SQLITE


def test_the_scorekeeper_saves_in_memory_in_a_browser_kernel(monkeypatch):
    # In the browser the saves stay in Pyodide's memory, never on the site's virtual drive.
    from fivecrowns_lab.views.scorekeeper import BROWSER_SAVES, SAVES_ENV, saves_folder

    monkeypatch.delenv(SAVES_ENV, raising=False)
    assert saves_folder("emscripten").as_posix() == BROWSER_SAVES
    assert saves_folder("linux").as_posix() == "scorekeeper-saves"
    monkeypatch.setenv(SAVES_ENV, "/srv/saves")
    assert saves_folder("emscripten").as_posix() == "/srv/saves"  # a chosen folder wins


def test_a_browser_fcntl_without_flock_still_lets_the_scorekeeper_save(tmp_path):
    # The browser kernel's fcntl has no flock: lesson 06's first save failed there.
    code = (
        "import sys, types\n"
        "sys.modules['fcntl'] = types.ModuleType('fcntl')\n"
        "from pathlib import Path\n"
        "from fivecrowns_lab.table.scorebook import SaveFile, ScoreSheet\n"
        f"save = SaveFile(Path({str(tmp_path / 'x.autosave.json')!r}))\n"
        "save.save(ScoreSheet(['Ida', 'Jo'], False, []))\n"
        "print(save.load()[0].players)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "['Ida', 'Jo']"
