"""Lessons 07-09's views: one module per lesson, small, and no engine logic of their own.

The simulations, the dealing and the rules come from the engine (``odds/``, ``core/``);
these views only pace, show and stop them (issue 46).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import fivecrowns_lab

PACKAGE = Path(fivecrowns_lab.__file__).parent
LESSON_VIEWS = [
    "wild_count",
    "wild_words",
    "wild_intervals",
    "go_out",
    "go_out_words",
    "go_out_charts",
    "outs_lesson",
    "outs_words",
    "lesson_parts",
]
ENGINE_LAYERS = ("core", "table", "odds", "classroom", "content")
#: Engine functions that deal, score or estimate: a view that calls one has a second engine.
ENGINE_LOGIC = {
    "can_go_out",
    "going_out_discards",
    "penalty",
    "is_wild",
    "deal_hand",
    "wilson_interval",
    "mean_interval",
    "sample_wild_counts",
    "lesson_08_trial",
    "trial",
}


def _tree(name: str) -> ast.Module:
    return ast.parse((PACKAGE / "views" / f"{name}.py").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", LESSON_VIEWS)
def test_lesson_view_module_is_under_450_lines_with_no_function_over_60(name):
    text = (PACKAGE / "views" / f"{name}.py").read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 450
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            assert node.end_lineno is not None
            assert node.end_lineno - node.lineno + 1 <= 60, f"{name}.{node.name}"


@pytest.mark.parametrize("name", LESSON_VIEWS)
def test_lesson_view_module_names_no_engine_logic(name):
    imported = {
        alias.name
        for node in ast.walk(_tree(name))
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    }
    assert not imported & ENGINE_LOGIC, sorted(imported & ENGINE_LOGIC)


@pytest.mark.parametrize("name", LESSON_VIEWS)
def test_lesson_view_module_name_is_unique_across_layers(name):
    for layer in ENGINE_LAYERS:
        assert not (PACKAGE / layer / f"{name}.py").exists(), f"{layer}/{name}.py"


def test_the_old_three_lesson_module_and_its_second_engine_are_gone():
    assert not (PACKAGE / "views" / "probability.py").exists()
    for name in LESSON_VIEWS:
        defined = {n.name for n in ast.walk(_tree(name)) if isinstance(n, ast.FunctionDef)}
        assert not defined & {"simulate_round", "_one_trial", "_estimate"}, name
