"""The engine never imports a widget or plotting library (only views/ may)."""

from __future__ import annotations

import pkgutil
import subprocess
import sys

import fivecrowns_lab

WIDGET_LIBRARIES = ("ipywidgets", "anywidget", "matplotlib")


def engine_modules() -> list[str]:
    names = [m.name for m in pkgutil.walk_packages(fivecrowns_lab.__path__, "fivecrowns_lab.")]
    return sorted(n for n in names if not n.startswith("fivecrowns_lab.views"))


def test_engine_modules_are_found():
    modules = engine_modules()
    assert "fivecrowns_lab.core.cards" in modules and "fivecrowns_lab.lessons" in modules


def test_importing_the_engine_loads_no_widget_library():
    code = (
        "import importlib, sys\n"
        f"for name in {['fivecrowns_lab', *engine_modules()]!r}:\n"
        "    importlib.import_module(name)\n"
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {WIDGET_LIBRARIES!r}))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert result.stdout.strip() == "[]", result.stdout


def test_rendering_a_card_loads_no_widget_library():
    code = (
        "import sys\n"
        "from fivecrowns_lab import parse_cards, best_arrangement\n"
        "parse_cards('5H JK')._repr_html_(); best_arrangement('5H 6H JK', 1)._repr_html_()\n"
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {WIDGET_LIBRARIES!r}))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert result.stdout.strip() == "[]", result.stdout
