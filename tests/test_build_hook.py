"""The build hook compiles the translations without ever showing a half-written catalogue.

A wheel built from the checkout (the packaging, Binder and compiled-wheel tests build one
while lessons run in other processes) compiles every ``.po`` beside itself. A lesson
starting at that moment reads the ``.mo``: it must find the old one or the new one whole.
"""

from __future__ import annotations

import gettext
import importlib.util
import shutil
from pathlib import Path
from types import ModuleType

from .conftest import ROOT

LOCALE = Path("fivecrowns_lab") / "locale"


def _load_hook() -> ModuleType:
    spec = importlib.util.spec_from_file_location("hatch_build", ROOT / "hatch_build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


HOOK = _load_hook()


def _copy_catalogues(tmp_path: Path) -> Path:
    for po in (ROOT / LOCALE).glob("*/LC_MESSAGES/*.po"):
        target = tmp_path / po.relative_to(ROOT)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(po, target)
    return tmp_path


def test_build_hook_compiles_each_catalogue_and_leaves_an_unchanged_one_alone(tmp_path):
    root = _copy_catalogues(tmp_path)
    written = HOOK.compile_catalogues(root)
    assert [mo.relative_to(root).as_posix() for mo in written] == [
        "fivecrowns_lab/locale/da/LC_MESSAGES/fivecrowns_lab.mo"
    ]
    (mo,) = written
    po = mo.with_suffix(".po")
    with mo.open("rb") as compiled:
        danish = gettext.GNUTranslations(compiled)
    assert danish.gettext("Draw from the stock") != "Draw from the stock"
    first = mo.stat()
    again = HOOK.compile_catalogues(root)
    assert again == written
    # The same file, never rewritten: a reader holding it open reads what it opened.
    assert (mo.stat().st_ino, mo.stat().st_mtime_ns) == (first.st_ino, first.st_mtime_ns)
    assert sorted(p.name for p in mo.parent.iterdir()) == [mo.name, po.name]  # no leftovers


def test_build_hook_replaces_a_changed_catalogue_whole(tmp_path):
    root = _copy_catalogues(tmp_path)
    (mo,) = HOOK.compile_catalogues(root)
    held = mo.open("rb")  # a lesson that opened the old catalogue
    old = held.read()
    held.seek(0)
    po = mo.with_suffix(".po")
    po.write_text(
        po.read_text(encoding="utf-8").replace(
            'msgid "Draw from the stock"\nmsgstr "', 'msgid "Draw from the stock"\nmsgstr "NY '
        ),
        encoding="utf-8",
    )
    HOOK.compile_catalogues(root)
    assert held.read() == old  # replaced, not overwritten in place
    held.close()
    with mo.open("rb") as new:
        assert gettext.GNUTranslations(new).gettext("Draw from the stock").startswith("NY ")
    assert sorted(p.name for p in mo.parent.iterdir()) == [mo.name, po.name]  # no leftovers
