"""Every table the engine returns becomes a pandas DataFrame with ``.to_frame()`` (issue 49).

pandas comes with the app extra and is imported only when ``to_frame()`` is called: the
browser kernel has none, and the engine must import without it.
"""

from __future__ import annotations

import math
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fivecrowns_lab.classroom import Classroom, SqliteStore, export_rows
from fivecrowns_lab.classroom.report import EXPORT_HEADER
from fivecrowns_lab.core.rules import GameRules
from fivecrowns_lab.i18n import language
from fivecrowns_lab.odds.simulate import simulate
from fivecrowns_lab.odds.strategy import (
    compare,
    final_totals,
    run_games,
    solitaire_odds,
    summarize,
)
from fivecrowns_lab.odds.teacher import teacher_rows, teacher_table
from fivecrowns_lab.table.game import Game
from fivecrowns_lab.table.loop import play_game
from fivecrowns_lab.table.players import make_bot
from fivecrowns_lab.table.rows import Rows, TableError
from fivecrowns_lab.table.scorebook import ScoreSheet

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

pd = pytest.importorskip("pandas")

ROOT = Path(__file__).resolve().parents[1]
RULES = GameRules(rounds=3)


def plain(value: Any) -> Any:
    """A frame's cell as the row's value: a missing value is None, numpy scalars are Python."""
    if value is None or value is pd.NA or (isinstance(value, float) and math.isnan(value)):
        return None
    return value.item() if hasattr(value, "item") else value


def assert_same_table(frame: Any, rows: Rows) -> None:
    """Same shape, the rows' keys as the columns in order, and the same values cell by cell."""
    assert isinstance(frame, pd.DataFrame)
    assert frame.shape == (len(rows), len(rows.columns))
    assert tuple(frame.columns) == rows.columns
    cells = [[plain(v) for v in row] for row in frame.astype(object).itertuples(index=False)]
    assert cells == [[None if v is None else v for v in row] for row in rows.data]
    for i, column in enumerate(rows.columns):
        values = [row[i] for row in rows.data if row[i] is not None]
        if values and all(isinstance(v, int) and not isinstance(v, bool) for v in values):
            assert pd.api.types.is_integer_dtype(frame[column]), column  # ints stay ints


def test_app_extra_installs_pandas():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    app = project["optional-dependencies"]["app"]
    assert any(r.startswith("pandas") for r in app)
    assert not any(r.startswith("pandas") for r in project["dependencies"])  # not the browser's


def test_simulate_to_frame_has_one_row_per_player_per_round_per_game():
    table = simulate(["greedy", "random"], 4, RULES, seed=3, progress=False)
    frame = table.to_frame()
    assert_same_table(frame, table)
    assert len(frame) == 4 * 2 * 3 and frame["game"].nunique() == 4


def test_strategy_tables_and_the_comparison_become_frames():
    table = run_games(["greedy", "random"], 5, RULES, seed=1)
    for rows in (final_totals(table), summarize(table)):
        assert_same_table(rows.to_frame(), rows)
    comparison = compare(table)
    assert_same_table(comparison.to_frame(), comparison.to_rows())
    assert comparison.to_rows().records() == [
        {
            "a": comparison.a,
            "b": comparison.b,
            "games": 5,
            "mean": comparison.mean,
            "low": comparison.ci[0],
            "high": comparison.ci[1],
        }
    ]


def test_solitaire_odds_per_hand_and_per_number_closed_become_frames():
    odds = solitaire_odds(4, seed=2)
    hands = odds.to_rows()
    assert_same_table(odds.to_frame(), hands)
    assert hands["hand"] == list(range(1, 12)) and hands["cards"] == list(range(3, 14))
    assert hands["closed"] == list(odds.closed_by_hand) and set(hands["games"]) == {4}
    closed = odds.closed_rows()
    assert_same_table(closed.to_frame(), closed)
    assert sum(closed["games"]) == 4 and closed["hands_closed"] == list(range(12))


def test_game_scoresheet_and_standings_become_frames():
    game = Game(["Ana", "Ben"], RULES, seed=6)
    game = play_game(game, [make_bot("greedy", 1), make_bot("random", 2)])
    for rows in (game.scoresheet(), game.standings()):
        assert_same_table(rows.to_frame(), rows)


def test_real_table_scoresheet_frame_has_the_english_csv_header():
    sheet = ScoreSheet(["Ann", "=Ben"]).with_round([12, 0]).with_round([0, 7])
    rows = sheet.to_rows()
    assert_same_table(sheet.to_frame(), rows)
    assert ",".join(rows.columns) == sheet.to_csv(lang="en").splitlines()[0]
    ben = {"player": "=Ben", "round 1": 0, "round 2": 7, "total": 7, "place": 1}
    assert rows.records()[1] == ben


def test_teacher_table_is_the_csv_rows_typed():
    rows = teacher_table()
    assert_same_table(rows.to_frame(), rows)
    as_text = [
        {k: "" if v is None else str(v) for k, v in record.items()} for record in rows.records()
    ]
    shipped = teacher_rows(_shipped_table())
    assert [r["round"] for r in as_text] == [r["round"] for r in shipped]
    assert [r["fraction"] for r in as_text] == [r["fraction"] for r in shipped]
    assert [float(r["decimal"]) for r in shipped] == rows["decimal"]


def _shipped_table() -> dict[str, Any]:
    from fivecrowns_lab.odds.probability import exact_table

    return exact_table()


def test_class_export_rows_are_the_csv_and_become_a_frame(tmp_path):
    room, _secret = Classroom.open(SqliteStore(tmp_path / "class.sqlite3"))
    ann = room.join(room.code, "Ann")
    room.record(ann, {"kind": "quiz", "topic": "cards", "question": 1, "answer": 1})
    room.record(
        ann,
        {
            "kind": "experiment",
            "experiment": "go-out-on-deal/round-1",
            "seed": 101,
            "trials": 200,
            "successes": 20,
        },
    )
    rows = export_rows(room.store, room.code)
    assert rows.columns == EXPORT_HEADER and len(rows) == 2
    frame = rows.to_frame()
    assert_same_table(frame, rows)
    assert str(frame["trials"].dtype) == "Int64"  # whole numbers with gaps stay whole
    assert len(room.export_csv().splitlines()) == 1 + len(rows)


@given(st.lists(st.one_of(st.none(), st.integers(-(2**62), 2**62)), min_size=1, max_size=8))
def test_whole_numbers_with_gaps_stay_whole_in_the_frame(values):
    rows = Rows(("n",), tuple((v,) for v in values))
    frame = rows.to_frame()
    assert [plain(v) for v in frame["n"].astype(object)] == values
    if any(v is not None for v in values):
        assert pd.api.types.is_integer_dtype(frame["n"])


def test_to_frame_without_pandas_says_how_to_get_it_in_english_and_danish(monkeypatch):
    table = simulate(["greedy", "random"], 1, RULES, seed=1, progress=False)
    monkeypatch.setitem(sys.modules, "pandas", None)  # as in the browser kernel
    with pytest.raises(TableError) as error:
        table.to_frame()
    assert str(error.value) == (
        "to_frame() needs pandas, which is not installed: pip install pandas "
        '(it comes with "fivecrowns_lab[app]").'
    )
    with language("da"), pytest.raises(TableError, match="kræver pandas"):
        compare(table).to_frame()


def test_importing_the_engine_imports_no_pandas():
    code = (
        "import pkgutil, importlib, sys, fivecrowns_lab\n"
        "for m in pkgutil.walk_packages(fivecrowns_lab.__path__, 'fivecrowns_lab.'):\n"
        "    if not m.name.startswith(('fivecrowns_lab.views', 'fivecrowns_lab.lessons')):\n"
        "        importlib.import_module(m.name)\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('pandas', 'numpy')))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert result.stdout.strip() == "[]", result.stdout
