"""The play lesson (04) and the strategy and solitaire-odds labs (10, 11) only draw and pace:
the turn in progress, the bots' loop, the coach, the Stop-aware bot, the run-cost model
and the games' loop are the engine's, and are not defined under views/ again."""

from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

VIEWS = Path(__file__).parent.parent / "fivecrowns_lab" / "views"

# The views modules the play lesson and labs 10-11 are built from.
MODULES = (
    "play",
    "play_parts",
    "play_screen",
    "play_turn",
    "play_html",
    "strategy_lab",
    "strategy_results",
    "solitaire_odds",
    "interval_guess",
    "work",
)

# Engine logic that moved out of views/, by the name it had or has (module or class level).
MOVED = (
    "TurnInProgress",
    "_going_out_discards",
    "_go_out_with",
    "going_out_discards",
    "go_out_with",
    "_finish_if_last_round",
    "last_round_scored",
    "Coach",
    "ScriptedPlayer",
    "scripted_action",
    "StoppableBot",
    "StopRequested",
    "GAME_SECONDS",
    "UNMEASURED_SECONDS",
    "SOLITAIRE_DEAL_SECONDS",
    "BROWSER_SLOWDOWN",
    "PLANNED_SECONDS",
    "game_cap",
    "solitaire_cap",
    "_slowdown",
    "seat_one_games",
    "solitaire_deals",
)

# Engine calls that say a rule or a simulation is being worked out here, not drawn.
ENGINE_CALLS = {"best_arrangement", "play_games", "play_game", "wilson_interval", "Solitaire"}


def _defined(tree: ast.Module) -> set[str]:
    """Names a module defines: its functions, classes, assignments, and their methods."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names |= {t.id for t in targets if isinstance(t, ast.Name)}
    return names


def _called(node: ast.AST) -> str | None:
    func = node.func if isinstance(node, ast.Call) else None
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


@pytest.mark.parametrize("name", MODULES)
def test_views_module_defines_no_engine_logic_that_moved_to_the_engine(name):
    module = importlib.import_module(f"fivecrowns_lab.views.{name}")
    tree = ast.parse(inspect.getsource(module))
    again = sorted(_defined(tree) & set(MOVED))
    assert not again, f"views/{name}.py defines engine logic again: {again}"
    calls = {_called(node) for node in ast.walk(tree)} & ENGINE_CALLS
    assert not calls, f"views/{name}.py works out rules or games itself: {sorted(calls)}"


@pytest.mark.parametrize("name", MODULES)
def test_views_module_runs_no_game_loop_of_its_own(name):
    """No loop in these views asks a player to choose or applies a move: the engine's
    play_moves, seat_one_games and solitaire_deals are the loops."""
    tree = ast.parse((VIEWS / f"{name}.py").read_text(encoding="utf-8"))
    for loop in (n for n in ast.walk(tree) if isinstance(n, (ast.For, ast.While))):
        inner = {_called(node) for node in ast.walk(loop)}
        assert not inner & {"choose", "apply"}, f"views/{name}.py line {loop.lineno}"


@pytest.mark.parametrize("name", MODULES)
def test_views_module_is_short_and_its_functions_shorter(name):
    source = (VIEWS / f"{name}.py").read_text(encoding="utf-8")
    assert len(source.splitlines()) <= 450
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            length = (node.end_lineno or node.lineno) - node.lineno + 1
            assert length <= 60, f"views/{name}.py: {node.name} is {length} lines"


def test_the_play_and_lab_views_are_named_unlike_any_engine_module():
    engine = {
        path.stem
        for package in ("core", "table", "odds", "content", "classroom")
        for path in (VIEWS.parent / package).glob("*.py")
    }
    assert not set(MODULES) & engine
    # lesson 10's view was views/strategy.py beside odds/strategy.py; the coach moved out
    assert not (VIEWS / "strategy.py").exists() and not (VIEWS / "coach.py").exists()


def test_no_views_function_is_over_60_lines():
    # Issue 46: the views stay thin; a long function there is usually logic that belongs in
    # the engine, or a view doing two things.
    import ast

    views = Path(__file__).resolve().parent.parent / "fivecrowns_lab" / "views"
    long = [
        f"{path.name}:{node.name} ({node.end_lineno - node.lineno + 1} lines)"
        for path in sorted(views.rglob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and (node.end_lineno or node.lineno) - node.lineno + 1 > 60
    ]
    assert long == []
