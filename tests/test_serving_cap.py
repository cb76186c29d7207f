"""What serving.py relies on: the Voilà versions it is capped to, and the visitors it promises.

``fivecrowns_lab.serving`` imports Voilà's own modules (not a public API), so the ``app``
extra caps Voilà below the next minor; these tests fail when the cap goes, when the
installed Voilà is outside it, or when a name serving.py takes from Voilà is missing.
"""

from __future__ import annotations

import ast
import importlib
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement
from packaging.version import Version

from fivecrowns_lab import serving
from fivecrowns_lab.serving import KERNEL_MIB, OPENING_PER_CORE_MINUTE, RESERVE_MIB, capacity

from .test_binder import binder_pins, pyproject

SERVING = Path(serving.__file__)


def _voila_requirement() -> Requirement:
    app = pyproject()["project"]["optional-dependencies"]["app"]
    (voila,) = [Requirement(r) for r in app if Requirement(r).name == "voila"]
    return voila


def test_voila_is_capped_below_the_next_minor_release():
    spec = _voila_requirement().specifier
    assert any(s.operator == "<" for s in spec), f"voila{spec} has no upper bound"
    assert Version("0.5.0") in spec and Version("0.5.99") in spec
    assert Version("0.6.0") not in spec and Version("1.0") not in spec


def test_the_installed_and_the_binder_voila_are_inside_the_cap():
    spec = _voila_requirement().specifier
    assert Version(metadata.version("voila")) in spec
    assert binder_pins()["voila"] in spec


def test_every_name_serving_takes_from_voila_exists_in_the_installed_voila():
    # serving.py and the modules it was split into (serving_kernels.py, ...)
    trees = [ast.parse(p.read_text(encoding="utf-8")) for p in SERVING.parent.glob("serving*.py")]
    imported = [
        (node.module, alias.name)
        for tree in trees
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("voila")
        for alias in node.names
    ]
    assert len(imported) >= 5, imported  # the handlers, the identity provider, the app
    missing = [
        f"{module}.{name}"
        for module, name in imported
        if not hasattr(importlib.import_module(module), name)
    ]
    assert not missing, f"Voilà no longer has {missing}: check serving.py before moving the cap"


# -- how many visitors the machine holds --------------------------------------------------------


def test_memory_decides_how_many_visitors_are_held_after_the_reserve():
    held, _ = capacity(RESERVE_MIB + 10 * KERNEL_MIB, 2)
    assert held == 10
    assert capacity(RESERVE_MIB + 10 * KERNEL_MIB - 1, 2)[0] == 9  # a kernel needs all its MiB


def test_a_machine_short_of_the_reserve_holds_nobody_but_still_opens_lessons():
    assert capacity(RESERVE_MIB // 2, 4) == (0, 4 * OPENING_PER_CORE_MINUTE)
    assert capacity(0, 0) == (0, OPENING_PER_CORE_MINUTE)  # os.cpu_count() may say nothing


def test_cores_decide_how_fast_a_class_gets_in_not_how_many_it_holds():
    one, two = capacity(8_000, 1), capacity(8_000, 2)
    assert one[0] == two[0]
    assert two[1] == 2 * one[1]
