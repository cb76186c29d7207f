"""The engine's plain-row tables (fivecrowns_lab.table.rows): no pandas needed to use them."""

from __future__ import annotations

import subprocess
import sys

import pytest

from fivecrowns_lab.table.rows import Rows, TableError

SHEET = Rows(("player", "points", "out"), (("Ana", 3, False), ("=SUM(A1)", 0, True)))


def test_a_column_is_its_values_top_to_bottom():
    assert SHEET["points"] == [3, 0]
    assert len(SHEET) == 2 and not SHEET.empty
    assert Rows(("a",), ()).empty


def test_an_unknown_column_names_the_columns_there_are():
    with pytest.raises(TableError, match=r"no column 'score'; the columns are \['player'"):
        SHEET["score"]
    with pytest.raises(TableError, match="no value for the column 'points'"):
        Rows.from_records(["player", "points"], [{"player": "Ana"}])


def test_where_and_filter_keep_the_matching_rows_in_order():
    assert SHEET.where("out", True).records() == [{"player": "=SUM(A1)", "points": 0, "out": True}]
    assert SHEET.filter(lambda r: r["points"] > 1)["player"] == ["Ana"]
    assert SHEET.where("points", 99).empty


def test_csv_has_a_header_and_never_starts_a_spreadsheet_formula():
    assert SHEET.to_csv().splitlines() == ["player,points,out", "Ana,3,False", "'=SUM(A1),0,True"]


def test_html_escapes_every_cell_and_text_aligns_the_columns():
    html = SHEET._repr_html_()
    assert (
        "<th scope='col'>player</th>" in html
        and "<script" not in Rows(("x",), (("<script>",),))._repr_html_()
    )
    assert str(SHEET).splitlines() == [
        "  player  points    out",
        "     Ana       3  False",
        "=SUM(A1)       0   True",
    ]


def test_to_frame_gives_a_dataframe_with_the_same_values():
    pd = pytest.importorskip("pandas")
    frame = SHEET.to_frame()
    assert isinstance(frame, pd.DataFrame)
    assert frame.to_dict("records") == SHEET.records()
    assert str(frame["points"].dtype) == "int64" and str(frame["out"].dtype) == "bool"


def test_to_frame_without_pandas_says_how_to_install_it():
    # A fresh interpreter in which pandas cannot be imported, as in the browser kernel.
    code = (
        "import sys\n"
        "sys.modules['pandas'] = None\n"
        "from fivecrowns_lab.table.rows import Rows, TableError\n"
        "try:\n"
        "    Rows(('a',), ((1,),)).to_frame()\n"
        "except TableError as error:\n"
        "    print(error)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == (
        "to_frame() needs pandas, which is not installed: pip install pandas "
        '(it comes with "fivecrowns_lab[app]").'
    )
