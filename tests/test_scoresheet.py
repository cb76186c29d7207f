"""The scoresheet and standings tables of a played game, and the real-table scorebook."""

from __future__ import annotations

import csv
import io
import itertools
import json
import signal
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fivecrowns_lab.core.rules import GOING_OUT_BONUS, GameRules
from fivecrowns_lab.errors import ScoreError
from fivecrowns_lab.table.deal import Deal
from fivecrowns_lab.table.game import Game, play_game
from fivecrowns_lab.table.players import make_bot
from fivecrowns_lab.table.scorebook import (
    SaveFile,
    ScoreSheet,
    csv_cell,
    parse_players,
    parse_score,
    placements,
)
from fivecrowns_lab.validators import clean_name


def played() -> Game:
    game = Game(["Ana", "Ben", "Cy"], GameRules(rounds=4), seed=6)
    return play_game(game, [make_bot("greedy", 1), make_bot("random", 2), make_bot("greedy", 3)])


def test_scoresheet_has_one_row_per_player_per_round_with_running_totals():
    game = played()
    sheet = game.scoresheet()
    assert list(sheet.columns) == [
        "round",
        "wild_rank",
        "player",
        "points",
        "total",
        "went_out_first",
    ]
    assert len(sheet) == 3 * 4
    assert sheet["wild_rank"][::3] == ["3", "4", "5", "6"]
    for name in game.names:
        rows = sheet.where("player", name)
        assert rows["total"] == list(itertools.accumulate(rows["points"]))
        assert rows["total"][-1] == game.totals[game.names.index(name)]
    assert [sum(sheet.where("round", r)["went_out_first"]) for r in range(1, 5)] == [1, 1, 1, 1]


def test_the_player_who_went_out_first_scores_zero_on_the_sheet():
    sheet = played().scoresheet()
    assert set(sheet.where("went_out_first", True)["points"]) == {0}


def test_standings_give_totals_rounds_gone_out_first_and_placement():
    game = played()
    table = game.standings()
    assert list(table.columns) == ["player", "total_points", "rounds_gone_out_first", "placement"]
    assert sum(table["rounds_gone_out_first"]) == 4
    assert table["placement"][0] == 1
    assert table["total_points"] == sorted(table["total_points"])


def test_tied_players_share_a_placement_and_the_next_place_is_skipped():
    # Ana goes out, Ben melds everything on his final turn, Cy keeps 8♠ 8♦ K♣: 0, 0, 29.
    deal = Deal.arrange(1, ["5H 6H 9C", "5S 6S 7S", "8S 8D KC"], "7H", stock="QC QH", dealer=2)
    game = Game(["Ana", "Ben", "Cy"], GameRules(rounds=1), seed=1, deal=deal)
    game.draw("discard")
    game.go_out("9C")
    for drawn in ("QH", "QC"):
        game.draw("stock")
        game.discard(drawn)
    assert game.round_results[0].points == (0, 0, 29)
    game.next_round()
    table = game.standings()
    assert table["placement"] == [1, 1, 3]
    assert table["rounds_gone_out_first"] == [1, 0, 0]


def test_both_tables_export_to_csv_and_read_back():
    game = played()
    for table in (game.scoresheet(), game.standings()):
        lines = list(csv.reader(io.StringIO(table.to_csv())))
        assert tuple(lines[0]) == table.columns
        assert lines[1:] == [[str(v) for v in row] for row in table.data]


def test_both_tables_become_pandas_frames_with_the_same_values():
    pd = pytest.importorskip("pandas")
    game = played()
    for table in (game.scoresheet(), game.standings()):
        frame = table.to_frame()
        assert isinstance(frame, pd.DataFrame) and tuple(frame.columns) == table.columns
        assert frame.to_dict("records") == table.records()


def test_a_game_without_scored_rounds_has_an_empty_sheet():
    sheet = Game(2, seed=1).scoresheet()
    assert sheet.empty and "total" in sheet.columns


# --- the real-table scoresheet (fivecrowns_lab.table.scorebook) -----------------------------

names = st.lists(
    st.text(st.characters(codec="utf-8", exclude_categories=["Cc", "Cs"]), min_size=1, max_size=30)
    .map(clean_name)
    .filter(lambda n: n and "," not in n),
    min_size=2,
    max_size=7,
    unique_by=str.casefold,
)


@st.composite
def sheets(draw):
    players = draw(names)
    bonus = draw(st.booleans())
    low = -10 if bonus else 0
    points = st.integers(0, 1000) | st.just(low)
    rounds = draw(
        st.lists(st.lists(points, min_size=len(players), max_size=len(players)), max_size=11)
    )
    return ScoreSheet(players, bonus, rounds)


@given(sheets())
def test_scorebook_save_and_restore_give_back_the_same_sheet(sheet):
    assert ScoreSheet.from_json(sheet.to_json()) == sheet


@given(st.lists(st.integers(-10, 400), min_size=1, max_size=7))
def test_scorebook_placements_lowest_total_first_and_ties_share_a_place(totals):
    places = placements(totals)
    for total, place in zip(totals, places, strict=True):
        assert place == 1 + sum(other < total for other in totals)
    assert min(places) == 1


@given(sheets())
def test_scorebook_csv_cells_never_start_a_spreadsheet_formula(sheet):
    rows = list(csv.reader(io.StringIO(sheet.to_csv())))
    for row in rows[1:]:
        assert not row[0].startswith(("=", "+", "-", "@", "\t", "\r"))


def test_scorebook_csv_guard_catches_a_leading_tab_or_carriage_return():
    for name in ["=SUM(A1)", "+1", "-1", "@cmd", "\t=1+1", "\r=1+1"]:
        assert csv_cell(name) == "'" + name
    assert csv_cell("Ann") == "Ann"
    sheet = ScoreSheet.from_data({"version": 1, "players": ["=1+1", "Ben"], "rounds": [[1, 2]]})
    assert sheet.to_csv().splitlines()[1] == "'=1+1,1,1,1"


GOOD = {"version": 1, "players": ["Ann", "Ben"], "going_out_bonus": False, "rounds": [[3, 0]]}


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        ({"players": "AB"}, "should be a list of names, not 'AB'"),
        ({"players": ["Ann"]}, "2 to 7 players"),
        ({"players": ["Ann", "ann"]}, "Two players are called"),
        ({"players": ["Ann", 7]}, "list of names"),
        ({"players": ["Ann", "x" * 31]}, "too long"),
        ({"players": ["Ann", " Ben"]}, "odd characters"),
        ({"going_out_bonus": "no"}, "should be true or false, not 'no'"),
        ({"going_out_bonus": 1}, "true or false"),
        ({"rounds": [[3]]}, "Saved round 1 should be 2 whole numbers"),
        ({"rounds": [[3, True]]}, "whole numbers"),
        ({"rounds": [[3, 2.5]]}, "whole numbers"),
        ({"rounds": [[3, -10]]}, "never negative"),
        ({"rounds": [[3, 1001]]}, "more points than a hand"),
        ({"rounds": [[1, 1]] * 12}, "at most 11 rounds"),
        ({"rounds": "[[3, 0]]"}, "list of at most 11"),
        ({"version": 2}, "version 2"),
        ({"extra": 1}, "fields a scoresheet does not"),
    ],
)
def test_scorebook_restore_checks_every_field(change, expected):
    with pytest.raises(ScoreError) as caught:
        ScoreSheet.from_json(json.dumps({**GOOD, **change}))
    assert expected in str(caught.value)


def test_scorebook_restore_refuses_deeply_nested_and_oversized_json_with_a_sentence():
    for text in ["[" * 10_000 + "]" * 10_000, '{"players": ' * 5000, "[" * 100_000, "{oops"]:
        with pytest.raises(ScoreError) as caught:
            ScoreSheet.from_json(text)
        assert "scoresheet" in str(caught.value)  # one sentence from the one JSON reader
    with pytest.raises(ScoreError, match="JSON object"):
        ScoreSheet.from_json("[1, 2]")


def test_scorebook_typed_input_is_checked_with_the_input_quoted():
    assert parse_players("Ann,\nBen , Cleo") == ["Ann", "Ben", "Cleo"]
    with pytest.raises(ScoreError, match="'Ann' has 1"):
        parse_players("Ann")
    with pytest.raises(ScoreError, match="'12x' is not a number"):
        parse_score("12x", "Ann", 2, False)
    assert parse_score("-10", "Ann", 2, True) == -10
    long = "9" * 80
    with pytest.raises(ScoreError) as caught:
        parse_score(long + "x", "Ann", 2, False)
    assert len(str(caught.value)) < 90


def test_scorebook_a_refused_negative_score_is_written_with_the_sheets_minus_sign():
    # The messages write the bonus as "−10" (U+2212); the refused score takes the same sign
    # however it was typed, and a huge one from a save or a call is cut short.
    for typed in ("-3", "\u22123", " -3 "):
        with pytest.raises(ScoreError) as caught:
            parse_score(typed, "Ann", 2, False)
        assert str(caught.value).startswith("Ann's \u22123 in round 2: scores are never negative")
    with pytest.raises(ScoreError) as caught:
        ScoreSheet(["Ann", "Ben"], going_out_bonus=True).with_round([-5, 0])
    assert str(caught.value).startswith("Ann's \u22125 in round 1: the only negative score")
    with pytest.raises(ScoreError) as caught:
        ScoreSheet(["Ann", "Ben"]).with_round([-(10**5000), 0])
    assert len(str(caught.value)) < 200 and "-" not in str(caught.value).split("round")[0]


def test_scorebook_changes_return_a_new_sheet_and_leave_the_old_one():
    sheet = ScoreSheet(["Ann", "Ben"])
    one = sheet.with_round([3, 0])
    assert sheet.rounds == [] and one.rounds == [[3, 0]]
    assert one.without_last_round() == sheet and one.rounds == [[3, 0]]
    with pytest.raises(ScoreError, match="no round to undo"):
        sheet.without_last_round()
    with pytest.raises(ScoreError, match="needs 2 scores"):
        sheet.with_round([1])


def test_scorebook_save_file_keeps_the_last_good_save_as_a_backup(tmp_path):
    store = SaveFile(tmp_path / "g.json")
    first = ScoreSheet(["Ann", "Ben"])
    second = first.with_round([1, 2])
    store.save(first)
    assert not store.backup.exists()
    store.save(second)
    assert ScoreSheet.from_json(store.backup.read_text()) == first
    assert ScoreSheet.from_json(store.path.read_text()) == second
    store.path.write_text("{damaged")
    again = SaveFile(tmp_path / "g.json")
    sheet, message = again.load()
    assert sheet == first and "could not be read" in message
    again.save(second)  # the damaged file is not taken as the new backup
    assert ScoreSheet.from_json(again.backup.read_text()) == first
    store.backup.write_text("[")
    store.path.write_text("]")
    sheet, message = SaveFile(tmp_path / "g.json").load()
    assert sheet is None and "fresh game" in message and str(tmp_path) not in message


def test_scorebook_save_file_failure_leaves_the_old_save_and_no_temporary_file(
    tmp_path, monkeypatch
):
    store = SaveFile(tmp_path / "g.json")
    store.save(ScoreSheet(["Ann", "Ben"]))
    before = store.path.read_text()

    def refuse(*_args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("fivecrowns_lab.table.scorebook.os.fsync", refuse)
    with pytest.raises(OSError):
        store.save(ScoreSheet(["Ann", "Ben"]).with_round([5, 5]))
    assert store.path.read_text() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.json"]


# -- refusals, names, killed saves and two tabs (issue 23) ---------------------------------------


def test_scorebook_a_score_that_is_not_a_whole_number_is_refused_before_it_is_saved():
    with pytest.raises(ScoreError, match=r"Ann's score in round 1 is a whole number .* not 1\.5"):
        ScoreSheet(["Ann", "Ben"]).with_round([1.5, 0])
    for bad in ([True, 0], ["3", 0], [None, 0], "12", None, 7):
        with pytest.raises(ScoreError):
            ScoreSheet(["Ann", "Ben"]).with_round(bad)


def test_scorebook_a_typed_score_of_thousands_of_digits_is_refused_before_any_arithmetic():
    for typed in ("9" * 5000, "-" + "9" * 5000, "0" * 3 + "9" * 5, "+10000"):
        with pytest.raises(ScoreError, match="more points than a hand can hold") as caught:
            parse_score(typed, "Ann", 1, False)
        assert len(str(caught.value)) < 120
    assert parse_score("000012", "Ann", 1, False) == 12  # leading zeros are not digits of size
    with pytest.raises(ScoreError, match="more points"):
        ScoreSheet(["Ann", "Ben"]).with_round([10**5000, 0])


def test_scorebook_names_are_normalised_and_lose_invisible_and_bidirectional_characters():
    typed = "Zoe\u0301, \u200bAnn\u200d, B\u202een\u2066, Cleo\u0007"
    assert parse_players(typed) == ["Zo\u00e9", "Ann", "Ben", "Cleo"]
    sheet = ScoreSheet(["Zoe\u0301", "A\u200bnn"])
    assert sheet.players == ["Zo\u00e9", "Ann"]
    with pytest.raises(ScoreError, match="Two players are called"):
        parse_players("Ann, A\u200bnn")  # the same name to the eye is the same name
    with pytest.raises(ScoreError, match="has 1"):
        parse_players("Ann, \u200b\u202e")  # a name of invisible characters is no name
    # A game saved before names were cleaned still opens, its names cleaned.
    saved = ScoreSheet.from_json(json.dumps({**GOOD, "players": ["Zoe\u0301", "B\u200ben"]}))
    assert saved.players == ["Zo\u00e9", "Ben"] and saved.rounds == [[3, 0]]


def test_scorebook_wrong_types_are_refused_with_a_sentence():
    for make in (
        lambda: ScoreSheet("AB"),
        lambda: ScoreSheet(["Ann", 7]),
        lambda: ScoreSheet(["Ann", "Ben"], going_out_bonus="no"),
        lambda: ScoreSheet(["Ann", "Ben"], rounds=5),
        lambda: ScoreSheet([], rounds=[[1, 2]]),
        lambda: ScoreSheet.from_json(None),
        lambda: SaveFile(None),
        lambda: SaveFile("/tmp/a\0b"),
        lambda: SaveFile(""),
        lambda: SaveFile("saves/g.json").save("not a sheet"),
        lambda: parse_players(["Ann", "Ben"]),
        lambda: parse_score(12, "Ann", 1, False),
    ):
        with pytest.raises(ScoreError) as caught:
            make()
        assert str(caught.value).endswith(".")


def test_scorebook_a_save_with_unknown_keys_is_refused_naming_them():
    with pytest.raises(ScoreError) as caught:
        ScoreSheet.from_json(json.dumps({**GOOD, "cheat": 1, "x" * 500: 2}))
    message = str(caught.value)
    assert "'cheat'" in message and "'xxxx" in message and len(message) < 200


def test_scorebook_a_killed_saves_temporary_file_is_removed_on_the_next_start(tmp_path):
    store = SaveFile(tmp_path / "g.json")
    sheet = ScoreSheet(["Ann", "Ben"]).with_round([3, 0])
    store.save(sheet)
    # A save killed for real, after writing its temporary file and before the rename.
    code = (
        "import os, signal, sys\n"
        "from fivecrowns_lab.table import scorebook\n"
        "def killed(*args): os.kill(os.getpid(), signal.SIGKILL)\n"
        "scorebook.os.replace = killed\n"
        "store = scorebook.SaveFile(sys.argv[1])\n"
        "store.load()\n"
        "store.save(scorebook.ScoreSheet(['Ann', 'Ben']).with_round([3, 0]).with_round([1, 1]))\n"
    )
    run = subprocess.run([sys.executable, "-c", code, str(store.path)], check=False)
    assert run.returncode == -signal.SIGKILL
    # It was killed at the first rename, the backup's copy: both temporary files are left.
    left = sorted(p.name for p in tmp_path.glob(".g.json.*.tmp"))
    assert len(left) == 2 and any(name.startswith(".g.json.bak.") for name in left), left
    other = tmp_path / ".h.json.k1ll3d.tmp"  # another game's: not this save's to remove
    other.write_text("")
    loaded, message = SaveFile(tmp_path / "g.json").load()  # the next start
    assert loaded == sheet and message == ""  # nothing already saved is lost
    assert sorted(p.name for p in tmp_path.iterdir()) == [".h.json.k1ll3d.tmp", "g.json"]


def test_scorebook_two_tabs_never_overwrite_each_other_the_older_copy_is_refused(tmp_path):
    path = tmp_path / "visitor.autosave.json"
    first, second = SaveFile(path), SaveFile(path)  # two tabs of one browser
    start = ScoreSheet(["Ann", "Ben"])
    first.save(start)
    assert second.load() == (start, "")
    one = start.with_round([5, 0])
    first.save(one)  # tab 1: round 1, saved
    with pytest.raises(ScoreError) as caught:
        second.save(start.with_round([9, 9]))  # tab 2 still shows the game without it
    assert str(caught.value) == (
        "This game was changed in another tab: reload it to continue; nothing was lost."
    )
    assert SaveFile(path).load()[0] == one  # tab 1's round is kept
    reloaded, _ = second.load()
    assert reloaded == one
    two = one.with_round([0, 7])
    second.save(two)  # after reloading, tab 2 goes on
    with pytest.raises(ScoreError, match="another tab"):
        first.save(one.with_round([1, 1]))
    assert SaveFile(path).load()[0] == two
    assert json.loads(path.read_text())["revision"] == 3


# A save damaged on disk but still JSON: a flipped key, a control character in a name.
_DAMAGES = {
    "flipped key": ('"players"', '"plyaers"', "plyaers"),
    "control character in a name": ('"Ann"', '"A\\u0001nn"', "odd characters"),
}


@pytest.mark.parametrize("damage", sorted(_DAMAGES))
def test_scorebook_a_save_after_a_damaged_file_succeeds_and_keeps_the_damaged_file(
    tmp_path, damage
):
    old, new, named = _DAMAGES[damage]
    path = tmp_path / "visitor.autosave.json"
    start = ScoreSheet(["Ann", "Ben"])
    one = start.with_round([5, 0])
    writer = SaveFile(path)
    writer.save(start)
    writer.save(one)  # revision 2 on disk, revision 1 in the backup
    damaged = path.read_text().replace(old, new)
    assert json.loads(damaged)["revision"] == 2  # still JSON, still claims its revision
    path.write_text(damaged)
    tab = SaveFile(path)
    sheet, message = tab.load()
    assert sheet == start and named in message and "damaged" in message  # says what is wrong
    two = start.with_round([0, 7])
    tab.save(two)  # was refused as "changed in another tab", for good
    assert tab.set_aside is not None and tab.set_aside.read_text() == damaged
    assert tab.set_aside.name.startswith("visitor.autosave.json.damaged-")
    assert SaveFile(path).load() == (two, "")  # the reload brings the new save, not the backup
    assert json.loads(path.read_text())["revision"] == 3  # above what the damaged file claimed
    tab.save(two.with_round([1, 1]))  # and the saves after it go on
    assert tab.set_aside is None
    assert len(list(tmp_path.glob("*.damaged-*"))) == 1


def test_scorebook_another_tabs_good_newer_save_is_still_refused_not_set_aside(tmp_path):
    path = tmp_path / "g.json"
    first, second = SaveFile(path), SaveFile(path)
    first.save(ScoreSheet(["Ann", "Ben"]))
    second.load()
    first.save(ScoreSheet(["Ann", "Ben"]).with_round([1, 2]))
    with pytest.raises(ScoreError, match="another tab"):
        second.save(ScoreSheet(["Ann", "Ben"]).with_round([3, 4]))
    assert second.set_aside is None and not list(tmp_path.glob("*.damaged-*"))


def test_scorebook_an_old_save_without_a_revision_is_read_and_saved_over():
    sheet = ScoreSheet.from_json(json.dumps(GOOD))
    assert sheet.rounds == [[3, 0]]
    for bad in (-1, 1.5, "2", True, 2**40):
        with pytest.raises(ScoreError, match='"revision"'):
            ScoreSheet.from_json(json.dumps({**GOOD, "revision": bad}))


@given(
    bonus=st.booleans(),
    points=st.lists(st.integers(min_value=-10, max_value=200), min_size=2, max_size=7),
)
def test_scorebook_nobody_went_out_when_no_score_is_the_going_out_score(bonus, points):
    # The rule: the player who goes out scores 0, or -10 under the going-out bonus.
    sheet = ScoreSheet(["P" + str(i) for i in range(len(points))], bonus)
    out = GOING_OUT_BONUS if bonus else 0
    assert sheet.going_out_score == out
    assert sheet.nobody_went_out(points) == (out not in points)


@given(
    st.lists(st.integers(0, 300), min_size=2, max_size=7),
    st.data(),
    st.booleans(),
)
def test_going_out_bonus_scores_minus_ten_for_the_one_who_went_out_and_only_for_them(
    penalties, data, bonus
):
    from fivecrowns_lab.core.rules import GOING_OUT_BONUS
    from fivecrowns_lab.table.round_points import going_out_score, round_points

    went_out = data.draw(st.integers(0, len(penalties) - 1))
    points = round_points(penalties, went_out, bonus)
    assert points[went_out] == (GOING_OUT_BONUS if bonus else 0) == going_out_score(bonus)
    others = [p for i, p in enumerate(points) if i != went_out]
    assert others == [p for i, p in enumerate(penalties) if i != went_out]
    # The real-table scoresheet asks the same question the same way.
    assert ScoreSheet(["Ann", "Ben"], bonus).going_out_score == going_out_score(bonus)
