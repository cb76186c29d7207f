"""Widget tests: drive the views with ``click()`` and ``.value``, no browser.

Every test uses ``widget_errors``, so an exception swallowed by a button callback fails it.
"""

from __future__ import annotations

import json
import random
import re

import ipywidgets as widgets
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fivecrowns_lab import Draw, best_arrangement, hand_size, lessons
from fivecrowns_lab.errors import LessonError, ScoreError
from fivecrowns_lab.render import points_text
from fivecrowns_lab.table.deal import deal_hand
from fivecrowns_lab.table.scorebook import ScoreSheet
from fivecrowns_lab.views import (
    DealLab,
    Gallery,
    HandWidget,
    MeldLab,
    ScheduleView,
    Scorekeeper,
    ScoringLesson,
    find_lessons,
    placements,
)

pytestmark = pytest.mark.usefixtures("widget_errors")


# --- the fixture itself --------------------------------------------------------------------
def test_fixture_sees_exceptions_that_button_click_swallows(widget_errors):
    button = widgets.Button()
    button.on_click(lambda _b: 1 / 0)
    button.click()  # does not raise: ipywidgets logs it
    assert any("ZeroDivisionError" in repr(r.exc_info) for r in widget_errors)
    widget_errors.clear()  # seen on purpose; the fixture must not fail this test


@pytest.mark.parametrize(
    ("error", "internals"),
    [
        pytest.param(
            RuntimeError("the solver broke"),
            "the solver broke",
            id="unexpected_error_is_shown_on_screen_and_logged",
        ),
        pytest.param(
            ValueError("zip() argument 2 is shorter than argument 1"),
            "zip()",
            id="a_bug_raising_value_error_is_logged_not_blamed_on_the_learner",
        ),
    ],
)
def test_a_bug_is_shown_as_ours_on_screen_and_logged(widget_errors, monkeypatch, error, internals):
    view = DealLab()

    def broken(*_args):
        raise error

    monkeypatch.setattr("fivecrowns_lab.views.deal.best_arrangement", broken)
    view.deal_button.click()
    assert view.status.kind == "error" and "on our side" in view.status.text
    assert internals not in view.status.text  # no internals reach the learner
    assert any(internals in repr(r.exc_info) for r in widget_errors)
    widget_errors.clear()


# --- the hand widget -----------------------------------------------------------------------
def test_hand_widget_labels_cards_for_screen_readers_and_marks_wilds():
    hand = HandWidget("7H JK 3S", round_no=5)
    assert [c["label"] for c in hand.cards] == ["7 of hearts, wild", "joker, wild", "3 of spades"]
    assert ">WILD<" in hand.cards[0]["svg"]


def test_hand_widget_selection_is_synced_and_follows_reordering():
    hand = HandWidget("3H 4H 5H 9S")
    hand.toggle(0)
    hand.toggle(3)
    assert str(hand.selected_cards) == "3♥ 9♠"
    hand.move(3, 1)
    assert str(hand.hand) == "3♥ 9♠ 4♥ 5♥"
    assert hand.selected == [0, 1] and str(hand.selected_cards) == "3♥ 9♠"
    hand.toggle(0)
    assert str(hand.selected_cards) == "9♠"


def test_hand_widget_takes_selection_and_clicks_from_browser_messages():
    hand = HandWidget("3H 4H 5H", mode="multi")
    update = {"method": "update", "state": {"selected": [0, 2]}, "buffer_paths": []}
    hand._handle_msg({"content": {"data": update}, "buffers": []})  # as the comm delivers it
    assert str(hand.selected_cards) == "3♥ 5♥"
    moved = {"method": "custom", "content": {"type": "move", "from": 0, "to": 2}}
    hand._handle_msg({"content": {"data": moved}, "buffers": []})
    assert str(hand.hand) == "4♥ 5♥ 3♥" and str(hand.selected_cards) == "5♥ 3♥"


def test_hand_widget_ignores_bad_indices_from_the_browser():
    hand = HandWidget("3H 4H")
    hand.selected = [0, 5, -1]
    assert hand.selected == [0]
    hand._on_custom_msg(hand, {"type": "move", "from": 0, "to": 9}, [])
    hand._on_custom_msg(hand, {"type": "nonsense"}, [])
    assert str(hand.hand) == "3♥ 4♥"


def test_hand_widget_pick_mode_calls_back_with_the_card():
    hand = HandWidget("3H 4H", mode="pick")
    picked = []
    hand.on_pick(lambda i, card: picked.append((i, str(card))))
    hand._on_custom_msg(hand, {"type": "pick", "index": 1}, [])
    hand.disabled = True
    hand.pick(0)
    assert picked == [(1, "4♥")]


def test_hand_widget_sort_keeps_the_selection_on_the_same_cards():
    hand = HandWidget("JK 9S 3H")
    hand.select_cards("9S")
    hand.sort()
    assert str(hand.hand) == "3♥ 9♠ JK" and str(hand.selected_cards) == "9♠"


# --- 1. schedule ---------------------------------------------------------------------------
def test_schedule_king_is_13_except_in_round_11_where_it_is_20():
    view = ScheduleView()
    for r in range(1, 11):
        view.round.value = r
        assert view.points()["K"] == 13
    view.round.value = 11
    assert view.points()["K"] == 20
    assert "13 cards" in view.summary.value and "Ks</b> are wild" in view.summary.value
    assert "not 13" in view.table.value


def test_schedule_shows_hand_size_and_wild_rank_for_every_round():
    view = ScheduleView()
    for r in range(1, 12):
        view.round.value = r
        assert f"{hand_size(r)} cards" in view.summary.value
        assert view.points()["JK"] == 50


def test_schedule_round_slider_gives_each_of_the_11_rounds_room_but_fits_a_phone():
    view = ScheduleView()
    width = view.round.layout.width
    # "min(<px>px, <n>%)": the fixed width leaves at least 32 px a stop, the share fits.
    px, share = re.fullmatch(r"min\((\d+)px, (\d+)%\)", width).groups()
    stops = view.round.max - view.round.min + 1
    assert stops == 11 and int(px) / stops >= 32 and int(share) <= 100


# --- 2. deal lab ---------------------------------------------------------------------------
def test_deal_lab_same_seed_same_hand_and_shows_the_best_arrangement():
    view = DealLab(round_no=5, seed=11)
    first = view.hand
    view.deal_button.click()
    assert view.hand == first == deal_hand(5, random.Random(11))
    assert view.arrangement == best_arrangement(first, 5)
    assert f"{view.arrangement.penalty} points" in view.status.text


def test_deal_lab_surprise_uses_the_injected_rng():
    a = DealLab(rng=random.Random(4))
    b = DealLab(rng=random.Random(4))
    a.surprise_button.click()
    b.surprise_button.click()
    assert a.seed.value == b.seed.value and a.hand == b.hand


def test_deal_lab_typed_hand_mistakes_are_shown_not_raised():
    view = DealLab(round_no=1)
    view.typed.value = "3H 4X"
    view.arrange_button.click()
    assert view.status.kind == "error" and "4X" in view.status.text
    view.typed.value = "__import__('os').system('true')"
    view.arrange_button.click()
    assert view.status.kind == "error" and "is not a card" in view.status.text
    view.typed.value = ""
    view.arrange_button.click()
    assert view.status.kind == "error"
    view.round.value = 5
    view.typed.value = "QD KD 3D"
    view.arrange_button.click()
    assert view.status.kind == "ok" and view.arrangement.penalty == 12 + 13 + 3


# --- 3. meld builder -----------------------------------------------------------------------
def test_meld_builder_check_lay_down_and_take_back():
    view = MeldLab(round_no=1, cards="5H 6H 7H QS QC JK")
    assert view.left_points() == 5 + 6 + 7 + 12 + 12 + 50
    view.hand.select_cards("5H 6H 7H")
    view.check_button.click()
    assert "Valid" in view.verdict.value and "run of hearts" in view.verdict.value
    view.lay_button.click()
    assert len(view.melds) == 1 and str(view.hand.hand) == "Q♠ Q♣ JK"
    assert view.left_points() == 74 and "74 points" in view.score.value
    view.hand.select_cards("QS QC JK")
    view.lay_button.click()
    assert view.left_points() == 0 and "0 points" in view.score.value
    view.undo_button.click()
    assert sorted(c.code for c in view.hand.hand) == ["JK", "QC", "QS"]


def test_meld_builder_sort_clears_the_took_back_status_it_makes_stale():
    view = MeldLab(round_no=1, cards="QS 5H 6H 7H QC")
    view.hand.select_cards("5H 6H 7H")
    view.lay_button.click()
    view.undo_button.click()
    assert view.status.text.startswith("Took back")
    assert [c.code for c in view.hand.hand][-3:] == ["5H", "6H", "7H"]  # back at the end
    view.sort_button.click()
    assert view.status.kind == "none" and view.status.text == ""
    keys = [c.sort_key for c in view.hand.hand]
    assert keys == sorted(keys) and len(keys) == 5


def test_meld_builder_says_why_not_and_changes_nothing():
    view = MeldLab(round_no=2, cards="QH KH 3H 8S")
    view.hand.select_cards("QH KH 3H")
    view.lay_button.click()
    assert "cannot wrap" in view.verdict.value
    assert view.status.kind == "error" and not view.melds
    assert len(view.hand.hand) == 4


def test_meld_builder_books_ignore_suits_and_allow_duplicates():
    view = MeldLab(round_no=1, cards="8H 8H 8*")
    view.hand.select_cards("8H 8H 8*")
    assert view.check().valid


def test_meld_builder_new_hand_and_best_arrangement():
    view = MeldLab(round_no=5, seed=7)
    assert len(view.hand.hand) == hand_size(5)
    view.round.value = 9
    assert len(view.hand.hand) == hand_size(9)
    view.best_button.value = True
    assert "Best possible" in view.best.value


def test_meld_builder_empty_take_back_is_a_message():
    view = MeldLab()
    view.undo_button.click()
    assert view.status.kind == "error"


# --- 4. scoring step by step ---------------------------------------------------------------
def test_scoring_lesson_steps_player_by_player_line_by_line():
    view = ScoringLesson(round_no=6, players=3, seed=3)
    game = view.game
    assert "not scored yet" in view.steps.value
    for p in range(3):
        view.skip_button.click()  # Just show me: scored without a guess
        assert f"scores {game.score(p)} point" in view.status.text
    assert view.step_button.disabled and view.skip_button.disabled
    assert [e["guess"] for e in view.predictions] == [None, None, None]
    for p in (1, 2):
        assert f"<td>{best_arrangement(game.hands[p], 6).penalty}</td>" in view.steps.value
    view.step_button.disabled = False  # as if a stale page clicked it
    view.step_button.click()  # past the end: a message, not a crash
    assert view.status.kind == "error"


def test_scoring_lesson_bad_player_count_is_a_message():
    view = ScoringLesson()
    view.players.value = 7
    view.deal_button.click()
    assert len(view.game.names) == 7 and view.status.kind == "info"


def test_scoring_lesson_a_guess_of_thousands_of_digits_is_a_sentence(widget_errors):
    view = ScoringLesson(round_no=6, players=3, seed=3)
    for typed in ("9" * 5000, "-" + "9" * 4400, "12345"):
        view.guess.value = typed
        view.step_button.click()
        assert view.status.kind == "error" and "a few hundred" in view.status.text
        assert len(view.status.text) < 120 and view.shown == 0
    view.guess.value = "0007"
    view.step_button.click()
    assert view.shown == 1 and view.guesses == {0: 7}


# --- 7. scorekeeper ------------------------------------------------------------------------
@pytest.fixture
def keeper(tmp_path):
    view = Scorekeeper(tmp_path / "scores.autosave.json")
    view.names.value = "Ann, Ben, Cleo"
    view.start_button.click()
    return view


def test_scorekeeper_validates_and_changes_nothing_on_a_bad_entry(keeper):
    for typed, expected in [
        (("12", "abc", "0"), "'abc' is not a number"),
        (("12", "-5", "0"), "never negative"),
        (("12", "", "0"), "Enter a score for Ben"),
        (("12", "-10", "0"), "going-out bonus"),
    ]:
        keeper.type_scores(*typed)
        keeper.add_button.click()
        assert keeper.status.kind == "error" and expected in keeper.status.text
        assert keeper.sheet.rounds == []


def test_scorekeeper_running_totals_shared_places_undo_and_reload(keeper, tmp_path):
    keeper.type_scores(10, 0, 25)
    keeper.add_button.click()
    keeper.type_scores(5, 15, 0)
    keeper.add_button.click()
    assert keeper.sheet.totals() == [15, 15, 25]
    assert "1 (tie)" in keeper.table.value
    # Each round's cell holds its points alone; the running total is said once per player.
    assert "Σ" not in keeper.table.value and "total so far" in keeper.table.value
    ann = re.search(r"<td class='fc-left'>Ann</td>(.*?)</tr>", keeper.table.value)
    assert ann is not None
    assert re.findall(r"<td[^>]*>(?:<b>)?(\d+)", ann[1]) == ["10", "5", "15", "1"]
    again = Scorekeeper(tmp_path / "scores.autosave.json")  # a page reload
    assert again.sheet == keeper.sheet and "Restored" in again.status.text
    again.undo_button.click()
    assert again.sheet.rounds == [[10, 0, 25]] and again.entries[0].value == "5"
    assert json.loads((tmp_path / "scores.autosave.json").read_text())["rounds"] == [[10, 0, 25]]


def test_scorekeeper_bonus_allows_minus_ten_only(tmp_path):
    view = Scorekeeper(tmp_path / "s.autosave.json")
    view.names.value = "Ann, Ben"
    view.bonus.value = True
    view.start_button.click()
    view.type_scores(-10, 30)
    view.add_button.click()
    assert view.sheet.rounds == [[-10, 30]]
    assert "<td>\u221210</td>" in view.table.value  # printed with the minus sign
    view.type_scores(-3, 30)
    view.add_button.click()
    assert view.status.kind == "error" and "only negative score is \u221210" in view.status.text
    assert view.sheet.rounds == [[-10, 30]]  # the refused round changed nothing


def test_scorekeeper_takes_the_minus_sign_its_messages_print_as_well_as_a_hyphen(tmp_path):
    view = Scorekeeper(tmp_path / "s.autosave.json")
    view.names.value = "Ann, Ben"
    view.bonus.value = True
    view.start_button.click()
    view.type_scores("\u221210", 25)  # copied from "the only negative score is \u221210"
    view.add_button.click()
    assert view.sheet.rounds == [[-10, 25]]


@pytest.mark.parametrize("bonus", [False, True])
def test_scorekeeper_a_round_where_nobody_went_out_asks_before_it_is_added(tmp_path, bonus):
    # Someone goes out every round: 0 points, or -10 with the going-out bonus.
    view = Scorekeeper(tmp_path / "s.autosave.json")
    view.names.value = "Ann, Ben"
    view.bonus.value = bonus
    view.start_button.click()
    out = "\u221210" if bonus else "0"
    view.type_scores(0 if bonus else 4, 9)  # with the bonus a 0 is not going out
    view.add_button.click()
    assert view.sheet.rounds == [] and view.round_confirm.asking
    assert f"Nobody scored {out} in round 1" in view.round_confirm.question.value
    assert "not added yet" in view.status.text
    view.round_confirm.no_button.click()  # correct it: nothing added, the question goes
    assert view.sheet.rounds == [] and not view.round_confirm.asking
    view.add_button.click()
    view.entries[1].value = "8"  # a score changed: the question was about the old ones
    assert not view.round_confirm.asking and "Correct the scores" in view.status.text
    view.add_button.click()
    view.round_confirm.yes_button.click()  # a table may score otherwise: add it anyway
    assert view.sheet.rounds == [[0 if bonus else 4, 8]] and not view.round_confirm.asking
    view.type_scores(-10 if bonus else 0, 9)
    view.add_button.click()  # someone went out: added at once
    assert len(view.sheet.rounds) == 2 and not view.round_confirm.asking


def test_scorekeeper_players_must_be_two_to_seven_and_different(tmp_path):
    view = Scorekeeper(tmp_path / "s.autosave.json")
    for names, expected in [("Ann", "2 to 7"), ("A,B,C,D,E,F,G,H", "2 to 7"), ("Ann, ann", "Two")]:
        view.names.value = names
        view.start_button.click()
        assert view.status.kind == "error" and expected in view.status.text
    view.add_button.click()
    assert view.status.kind == "error"


def test_scorekeeper_exports_csv_as_a_download_without_writing_on_the_server(keeper, tmp_path):
    keeper.type_scores(3, 0, 5)
    keeper.add_button.click()
    before = sorted(p.name for p in tmp_path.iterdir())
    text = keeper.export()
    assert text.splitlines() == [
        "player,round 1,total,place",
        "Ann,3,3,2",
        "Ben,0,0,1",
        "Cleo,5,5,3",
    ]
    assert "data:text/csv;base64," in keeper.download.value
    assert sorted(p.name for p in tmp_path.iterdir()) == before


def test_scorekeeper_csv_names_are_never_spreadsheet_formulas(tmp_path):
    view = Scorekeeper(tmp_path / "s.autosave.json")
    view.names.value = "=1+1, Ben"
    view.start_button.click()
    assert view.sheet.to_csv().splitlines()[1].startswith("'=1+1,")


def test_scorekeeper_a_damaged_save_gives_a_sentence_and_a_fresh_game(tmp_path):
    path = tmp_path / "s.autosave.json"
    for damage in ["{not json", "[" * 100_000, '{"version": 1, "players": "AB"}', "\x00\xff"]:
        path.write_text(damage)
        view = Scorekeeper(path)
        assert view.status.kind == "error" and view.sheet.players == []
        assert "fresh game" in view.status.text and str(tmp_path) not in view.status.text
        assert view.names.value == "" and view.start_button.disabled is False
        view.names.value = "Ann, Ben"
        view.start_button.click()  # the page still works: a new game starts and is saved
        assert view.status.kind == "ok" and Scorekeeper(path).sheet.players == ["Ann", "Ben"]


def test_scorekeeper_a_damaged_save_falls_back_to_the_last_good_one(keeper, tmp_path):
    keeper.type_scores(1, 0, 3)
    keeper.add_button.click()  # the backup now holds the game before this round
    path = tmp_path / "scores.autosave.json"
    path.write_text('{"version": 1, "players": ["Ann", "Ben", "Cleo"], "going_out_bonus": "no"}')
    view = Scorekeeper(path)
    assert view.sheet.players == ["Ann", "Ben", "Cleo"] and view.sheet.rounds == []
    assert view.status.kind == "error" and "going_out_bonus" in view.status.text
    assert "Restored the saved game" in view.status.text


def test_scorekeeper_a_failed_save_adds_nothing_and_says_so(keeper, tmp_path, monkeypatch):
    keeper.type_scores(10, 0, 25)
    keeper.add_button.click()
    path = tmp_path / "scores.autosave.json"
    saved = path.read_text()
    table = keeper.table.value

    def refuse(*_args, **_kwargs):
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr("fivecrowns_lab.table.scorebook.os.replace", refuse)
    keeper.type_scores(5, 15, 0)
    keeper.add_button.click()
    assert keeper.status.kind == "error" and "Round 2 could not be saved" in keeper.status.text
    assert str(tmp_path) not in keeper.status.text  # no server paths for visitors
    assert keeper.sheet.rounds == [[10, 0, 25]]  # memory as it was
    assert keeper.table.value == table  # screen as it was, with the typed scores kept
    assert [box.value for box in keeper.entries] == ["5", "15", "0"]
    assert path.read_text() == saved  # file as it was
    assert not [p for p in tmp_path.iterdir() if p.suffix == ".tmp"]  # no leftovers
    keeper.undo_button.click()
    assert keeper.status.kind == "error" and keeper.sheet.rounds == [[10, 0, 25]]
    monkeypatch.undo()
    keeper.add_button.click()  # once saving works again the same round goes in
    assert keeper.sheet.rounds == [[10, 0, 25], [5, 15, 0]]
    assert Scorekeeper(path).sheet.rounds == [[10, 0, 25], [5, 15, 0]]


def test_scorekeeper_two_tabs_of_one_browser_never_overwrite_each_other(tmp_path, widget_errors):
    # Two tabs of one browser: two views (two kernels) on the same browser id, one save.
    tab1, tab2 = Scorekeeper(saves=tmp_path), Scorekeeper(saves=tmp_path)
    tab1.browser.visitor = visitor_id(7)
    tab1.names.value = "Ann, Ben"
    tab1.start_button.click()
    tab2.browser.visitor = visitor_id(7)
    assert tab2.sheet.players == ["Ann", "Ben"]
    tab1.type_scores(12, 0)
    tab1.add_button.click()
    assert tab1.status.text == "Round 1 added and saved."
    tab2.type_scores(3, 0)
    tab2.add_button.click()  # tab 2 still shows the game without tab 1's round
    assert tab2.status.kind == "error"
    assert tab2.status.text == (
        "This game was changed in another tab: reload it to continue; nothing was lost."
    )
    assert tab2.sheet.rounds == [] and [b.value for b in tab2.entries] == ["3", "0"]
    assert tab2.reload_button.layout.display != "none"
    save = tmp_path / f"{visitor_id(7)}.autosave.json"
    assert ScoreSheet.from_json(save.read_text()).rounds == [[12, 0]]  # tab 1's round kept
    tab2.reload_button.click()
    assert tab2.sheet.rounds == [[12, 0]] and "1 round played" in tab2.status.text
    assert "typed scores are still in the boxes" in tab2.status.text
    assert [b.value for b in tab2.entries] == ["3", "0"]  # nothing typed is lost
    assert tab2.reload_button.layout.display == "none"
    tab2.type_scores(0, 5)
    tab2.add_button.click()
    assert tab2.status.text == "Round 2 added and saved."
    tab1.undo_button.click()  # tab 1 is now the stale one: even an undo is refused
    assert "another tab" in tab1.status.text and tab1.sheet.rounds == [[12, 0]]
    assert ScoreSheet.from_json(save.read_text()).rounds == [[12, 0], [0, 5]]


def test_scorekeeper_names_lose_invisible_characters_and_huge_scores_get_a_sentence(
    tmp_path, widget_errors
):
    view = Scorekeeper(tmp_path / "s.autosave.json")
    view.names.value = "Zoe\u0301\u200b, B\u202een"
    view.start_button.click()
    assert view.sheet.players == ["Zo\u00e9", "Ben"]
    view.type_scores("9" * 5000, 0)
    view.add_button.click()
    assert view.status.kind == "error" and "more points than a hand" in view.status.text
    assert view.sheet.rounds == []


def visitor_id(n: int) -> str:
    return f"{n:032x}"


def test_scorekeeper_waits_for_the_browser_id_before_reading_a_save(tmp_path):
    view = Scorekeeper(saves=tmp_path)
    assert view.store is None and "Opening" in view.status.text
    view.names.value = "Ann, Ben"
    view.start_button.click()
    assert view.status.kind == "error" and "connecting" in view.status.text
    assert list(tmp_path.iterdir()) == []
    view.browser.visitor = "../../etc/passwd"
    assert view.status.kind == "error" and view.store is None


def test_scorekeeper_two_visitors_on_one_server_keep_separate_games(tmp_path):
    alice, bob = Scorekeeper(saves=tmp_path), Scorekeeper(saves=tmp_path)
    alice.browser.visitor, bob.browser.visitor = visitor_id(1), visitor_id(2)
    alice.names.value = "Alice, Ann"
    alice.start_button.click()
    alice.type_scores(4, 0)
    alice.add_button.click()
    assert bob.sheet.players == [] and "Restored" not in bob.status.text
    bob.names.value = "Bob, Ben, Bea"
    bob.start_button.click()
    alice.type_scores(0, 9)
    alice.add_button.click()
    # Each reload (a new kernel, the same browser id) finds its own game and no other.
    alice_again, bob_again = Scorekeeper(saves=tmp_path), Scorekeeper(saves=tmp_path)
    alice_again.browser.visitor, bob_again.browser.visitor = visitor_id(1), visitor_id(2)
    assert alice_again.sheet.players == ["Alice", "Ann"]
    assert alice_again.sheet.rounds == [[4, 0], [0, 9]]
    assert bob_again.sheet.players == ["Bob", "Ben", "Bea"] and bob_again.sheet.rounds == []
    newcomer = Scorekeeper(saves=tmp_path)
    newcomer.browser.visitor = visitor_id(3)
    assert newcomer.sheet.players == [] and "Enter the players" in newcomer.status.text


def test_scorekeeper_says_when_the_browser_keeps_nothing(tmp_path):
    view = Scorekeeper(saves=tmp_path)
    view.browser.kept = False
    view.browser.visitor = visitor_id(7)
    assert "lasts only while this page is open" in view.status.text


def test_scorekeeper_new_game_over_a_game_in_progress_asks_first_and_keep_changes_nothing(
    keeper, tmp_path, widget_errors
):
    keeper.type_scores(10, 0, 25)
    keeper.add_button.click()
    saved = (tmp_path / "scores.autosave.json").read_text()
    keeper.names.value = "Dan, Eve"
    keeper.start_button.click()
    assert keeper.confirm_row.layout.display != "none"
    assert "Replace the game with 1 round" in keeper.confirm_text.value
    assert keeper.sheet.players == ["Ann", "Ben", "Cleo"]  # nothing replaced yet
    assert (tmp_path / "scores.autosave.json").read_text() == saved
    keeper.confirm_keep.click()
    assert keeper.confirm_row.layout.display == "none"
    assert keeper.sheet.rounds == [[10, 0, 25]] and keeper.names.value == "Ann, Ben, Cleo"
    assert (tmp_path / "scores.autosave.json").read_text() == saved
    assert "Kept the game" in keeper.status.text


def test_scorekeeper_undo_new_game_restores_the_old_sheet_and_its_save(
    keeper, tmp_path, widget_errors
):
    keeper.type_scores(10, 0, 25)
    keeper.add_button.click()
    keeper.type_scores(5, 15, 0)
    keeper.add_button.click()
    old = keeper.sheet
    keeper.names.value = "Dan, Eve"
    keeper.start_button.click()
    keeper.confirm_yes.click()
    assert keeper.sheet.players == ["Dan", "Eve"] and keeper.sheet.rounds == []
    assert keeper.confirm_row.layout.display == "none"
    assert keeper.undo_new_button.layout.display != "none"
    assert "Undo new game brings it back" in keeper.status.text
    path = tmp_path / "scores.autosave.json"
    assert ScoreSheet.from_json(path.read_text()).players == ["Dan", "Eve"]
    keeper.undo_new_button.click()
    assert keeper.sheet == old and keeper.status.kind == "ok"
    assert "Brought back the game of Ann, Ben, Cleo: 2 rounds played." == keeper.status.text
    assert ScoreSheet.from_json(path.read_text()) == old  # the save is the old game again
    assert Scorekeeper(path).sheet == old  # and a reload finds it
    assert keeper.undo_new_button.layout.display == "none"  # one undo, not a stack
    with pytest.raises(ScoreError, match="no replaced game"):
        keeper.undo_new_game()


def test_scorekeeper_a_first_game_or_a_finished_one_is_replaced_without_asking(tmp_path):
    view = Scorekeeper(tmp_path / "s.autosave.json")
    view.names.value = "Ann, Ben"
    view.start_button.click()
    assert view.confirm_row.layout.display == "none" and view.sheet.players == ["Ann", "Ben"]
    view.names.value = "Cy, Di"
    view.start_button.click()  # no round yet: nothing to lose, but it can still be undone
    assert view.sheet.players == ["Cy", "Di"] and view.undo_new_button.layout.display != "none"
    for _ in range(11):
        view.type_scores(1, 0)
        view.add_button.click()
    assert view.sheet.over and view.undo_new_button.layout.display == "none"
    view.names.value = "Ed, Flo"
    view.start_button.click()
    assert view.sheet.players == ["Ed", "Flo"] and view.confirm_row.layout.display == "none"


def test_scorekeeper_undo_new_game_in_a_stale_tab_is_refused_and_offers_a_reload(
    tmp_path, widget_errors
):
    tab1, tab2 = Scorekeeper(saves=tmp_path), Scorekeeper(saves=tmp_path)
    tab1.browser.visitor = visitor_id(9)
    tab1.names.value = "Ann, Ben"
    tab1.start_button.click()
    tab1.type_scores(3, 0)
    tab1.add_button.click()
    tab1.names.value = "Cy, Di"
    tab1.start_button.click()
    tab1.confirm_yes.click()
    tab2.browser.visitor = visitor_id(9)
    tab2.type_scores(1, 0)
    tab2.add_button.click()  # tab 2 adds a round to the new game
    tab1.undo_new_button.click()
    assert "another tab" in tab1.status.text and tab1.reload_button.layout.display != "none"
    save = tmp_path / f"{visitor_id(9)}.autosave.json"
    assert ScoreSheet.from_json(save.read_text()).rounds == [[1, 0]]  # tab 2's round kept


def _submit(box):
    """What the browser sends when Enter is pressed in a Text (ipywidgets 8)."""
    box._handle_custom_msg({"event": "submit"}, [])


def test_scorekeeper_enter_in_a_score_box_adds_the_round_once(keeper, widget_errors):
    keeper.type_scores(10, 0, 25)
    boxes = list(keeper.entries)
    _submit(boxes[2])
    assert keeper.sheet.rounds == [[10, 0, 25]] and "Round 1 added" in keeper.status.text
    _submit(boxes[2])  # a second Enter from the old round's box adds nothing
    assert keeper.sheet.rounds == [[10, 0, 25]]
    keeper.type_scores(4)
    _submit(keeper.entries[0])  # half typed: nothing added, no box marked, what is left said
    assert keeper.sheet.rounds == [[10, 0, 25]] and keeper.status.kind == "info"
    assert "Round 2 still needs a score for Ben and Cleo" in keeper.status.text
    assert not any("fc-invalid" in box._dom_classes for box in keeper.entries)
    keeper.type_scores(4, "x")
    _submit(keeper.entries[1])  # a typed score that is wrong is marked at once
    assert keeper.status.kind == "error" and "fc-invalid" in keeper.entries[1]._dom_classes
    keeper.type_scores(4, 5, 0)
    _submit(keeper.entries[1])
    assert keeper.sheet.rounds == [[10, 0, 25], [4, 5, 0]]


def test_scorekeeper_marks_each_refused_box_with_its_reason_until_it_is_fixed(
    keeper, widget_errors
):
    keeper.type_scores("12", "abc", "")
    keeper.add_button.click()
    marked = ["fc-invalid" in box._dom_classes for box in keeper.entries]
    assert marked == [False, True, True]
    assert "&#x27;abc&#x27; is not a number" in keeper.entry_notes[1].value
    assert "Enter a score for Cleo" in keeper.entry_notes[2].value
    assert keeper.entry_notes[0].value == ""
    assert "'abc' is not a number" in keeper.status.text  # the first problem, in the status
    keeper.entries[1].value = "7"  # fixed: its mark and note go at once
    assert "fc-invalid" not in keeper.entries[1]._dom_classes
    assert keeper.entry_notes[1].value == ""
    keeper.entries[2].value = "-3"  # still wrong: the note says the new reason
    assert "never negative" in keeper.entry_notes[2].value
    keeper.entries[2].value = "0"
    assert not any("fc-invalid" in box._dom_classes for box in keeper.entries)
    assert "press Enter or Add round" in keeper.status.text
    keeper.add_button.click()
    assert keeper.sheet.rounds == [[12, 7, 0]]


def test_placements_share_ties():
    assert placements([10, 5, 10, 20]) == [2, 1, 2, 4]


# --- quizzes, gallery, lessons -------------------------------------------------------------
def test_quizzes_cover_the_common_mistakes():
    text = json.dumps(
        {
            k: [[q.prompt, [a.why for a in q.answers]] for q in v]
            for k, v in lessons.QUIZZES.items()
        },
        ensure_ascii=False,
    )
    for mistake in ["not worth 10", "25", "wrap", "duplicates are fine", "not 13"]:
        assert mistake in text


@pytest.mark.parametrize(
    "factory",
    [lessons.schedule_lesson, lessons.meld_lab, lessons.scoring_lesson, lessons.solitaire_lesson],
)
def test_every_rules_lesson_ends_with_a_quiz_with_instant_feedback(factory):
    lesson = factory()
    quiz = lesson.quiz
    for q, question in enumerate(quiz.questions):
        right = next(i for i, a in enumerate(question.answers) if a.correct)
        wrong = next(i for i, a in enumerate(question.answers) if not a.correct)
        quiz.answer(q, wrong)  # what a click on the wrong button does
        assert "Not quite" in quiz.feedback_text(q)
        assert question.answers[wrong].why in quiz.feedback_text(q)
        quiz.answer(q, right)
        assert "Right!" in quiz.feedback_text(q)
    assert f"0 of {len(quiz.questions)}" in quiz.score_text()


def test_high_contrast_switch_adds_a_class():
    view = ScheduleView()
    view.contrast.value = True
    assert "fc-hc" in view._dom_classes
    view.contrast.value = False
    assert "fc-hc" not in view._dom_classes


def test_gallery_links_every_numbered_notebook(tmp_path):
    from pathlib import Path

    notebooks = Path(__file__).parent.parent / "notebooks"
    found = find_lessons(notebooks)
    names = [info.filename for info in found]
    expected = sorted(p.name for p in notebooks.glob("[0-9][0-9]-*.ipynb") if p.name[:2] != "00")
    assert names == expected
    view = Gallery(notebooks)
    for name in names:
        assert f"href='{name}'" in view.links.value


def test_lesson_factories_return_widgets(tmp_path):
    for widget in [
        lessons.schedule_lesson(),
        lessons.deal_lab(),
        lessons.meld_lab(),
        lessons.scoring_lesson(),
        lessons.scorekeeper(tmp_path / "k.autosave.json"),
        lessons.scorekeeper(),
        lessons.gallery(tmp_path),
    ]:
        assert isinstance(widget, widgets.Widget)


# --- the quiz: checked in the page, mirrored in Python -----------------------------------------
def _answer_all(quiz, right=True):
    for q, question in enumerate(quiz.questions):
        pick = next(i for i, a in enumerate(question.answers) if a.correct == right)
        quiz.answer(q, pick)


def test_quiz_state_holds_questions_answers_and_explanations_so_it_needs_no_kernel():
    quiz = lessons.quiz("melds")
    state = quiz.get_state()
    assert state["bank"][1]["prompt"] == quiz.questions[1].prompt
    assert all("why" in a and "correct" in a for q in state["bank"] for a in q["answers"])
    assert "_esm" in state and "function render" in str(state["_esm"])  # checks answers in JS
    assert state["handout_url"].startswith("data:text/html")
    assert state["lesson_label"] == "Lesson 02: Books, runs and wilds"


def test_quiz_reset_clears_every_answer_and_the_score():
    quiz = lessons.quiz("cards")
    _answer_all(quiz)
    assert quiz.finished and quiz.score_text().startswith(f"First-try score: {len(quiz)} of")
    quiz.reset()
    assert not quiz.finished and quiz.choices == [[] for _ in quiz.questions]
    assert quiz.score_text() == f"First-try score: 0 of {len(quiz)} (0 answered)"
    assert quiz.feedback_text(0) == ""


def test_quiz_first_try_counts_even_after_a_later_right_answer():
    quiz = lessons.quiz("scoring")
    wrong = next(i for i, a in enumerate(quiz.questions[0].answers) if not a.correct)
    assert quiz.answer(0, wrong) is False
    assert quiz.answer(0, quiz.questions[0].right) is True
    assert quiz.first_tries == {0: False}
    assert "Right!" in quiz.feedback_text(0)


def test_quiz_results_file_has_one_row_per_question_to_hand_in():
    quiz = lessons.quiz("cards")
    quiz.learner = "=HYPERLINK(evil)"
    _answer_all(quiz, right=False)
    rows = quiz.results_rows()
    assert rows[0] == (
        "lesson", "name", "question", "first answer", "right the first time", "tries",
        "right answer",
    )  # fmt: skip
    assert len(rows) == len(quiz) + 1
    first = rows[1]
    assert first[0] == "Lesson 01: Cards and the wild-card schedule"
    assert first[1] == "'=HYPERLINK(evil)"  # never a spreadsheet formula
    assert first[4] == "no" and first[5] == "1" and first[6] == "11"
    text = quiz.results_csv()
    assert text.splitlines()[0].startswith('"lesson","name"') and text.endswith("\n")
    assert quiz.results_url().startswith("data:text/csv;charset=utf-8,%22lesson%22")


def test_quiz_ignores_impossible_answers_from_the_page_and_refuses_them_from_python():
    quiz = lessons.quiz("cards")
    quiz.choices = [[0, 99, -1, True], "x", [1]]  # what a tampered page could send
    assert quiz.choices[0] == [0] and quiz.choices[1] == [] and quiz.choices[2] == [1]
    assert len(quiz.choices) == len(quiz)
    with pytest.raises(LessonError, match="no answer 7"):
        quiz.answer(0, 7)
    with pytest.raises(LessonError, match="no question 50"):
        quiz.answer(50, 0)
    quiz.learner = "x" * 500
    assert len(quiz.learner) == 80
    quiz.learner = {"not": "a name"}
    assert quiz.learner == ""


def test_quiz_for_an_unknown_topic_names_the_topics():
    with pytest.raises(LessonError, match=r"'astrology'.*cards"):
        lessons.quiz("astrology")


# --- lesson pages: quiz, previous and next ------------------------------------------------------
@pytest.mark.parametrize(
    ("factory", "number", "before", "after"),
    [
        (lessons.schedule_lesson, "01", None, "02-books-runs-and-wilds.ipynb"),
        (lessons.meld_lab, "02", "01-cards-and-wilds.ipynb", "03-scoring-a-round.ipynb"),
        (lessons.scoring_lesson, "03", "02-books-runs-and-wilds.ipynb", "04-play-a-round.ipynb"),
        (lessons.solitaire_lesson, "05", "04-play-a-round.ipynb", "06-scorekeeper.ipynb"),
        (lessons.scorekeeper, "06", "05-solitaire.ipynb", "07-counting-wild-cards.ipynb"),
    ],
)
def test_every_lesson_page_links_the_previous_and_next_lesson(factory, number, before, after):
    page = factory()
    assert page.children[-1] is page.nav and page.nav.number == number
    html = page.nav.value
    assert "href='00-index.ipynb'" in html and f"href='{after}'" in html and "rel='next'" in html
    assert (f"href='{before}'" in html) if before else ("rel='prev'" not in html)


def test_lesson_page_without_quiz_still_links_its_neighbours(monkeypatch):
    from fivecrowns_lab.content.quizzes import LESSON_QUIZZES

    monkeypatch.delitem(LESSON_QUIZZES, "06")
    page = lessons.lesson_page(widgets.HTML("a view"), "06")
    assert len(page.children) == 4 and "05-solitaire.ipynb" in page.nav.value
    # the language link (lesson 06 is in Danish too), then the class line: empty without a class
    assert page.children[0] is page.language and page.children[1] is page.class_link


# --- lesson 01: the dealt hand and the schedule table ----------------------------------------
def test_lesson_01_dealt_hand_marks_its_wild_cards_with_the_badge():
    shown = lessons.dealt_hand(round_no=5, seed=2026)
    wilds = [c for c in shown.hand if c.is_joker or c.rank == 7]
    assert wilds, "the lesson's example should hold a wild card"
    dealt = shown.value.split("best arrangement")[0]  # the hand as dealt, before its melds
    assert dealt.count(">WILD<") == len(wilds)
    assert f"holds {len(wilds)} wild card" in shown.value
    assert f"{shown.arrangement.penalty} points left" in shown.value


def test_lesson_01_schedule_table_has_people_headers_and_every_round():
    html = lessons.schedule_table().value
    assert "Cards dealt" in html and "A king scores" in html and "_" not in html.split("<tbody")[0]
    assert html.count("<tr") == 12  # a header and eleven rounds
    assert "<th scope='row'>11</th><td>13</td><td>Ks</td><td>20</td><td>50</td>" in html


# --- lesson 02: the same seed says so; a new hand moves on -------------------------------------
def test_deal_lab_same_seed_says_it_is_the_same_hand_never_silently():
    view = DealLab(round_no=5, seed=11)
    view.deal_button.click()
    assert "same hand" in view.status.text and "Surprise me" in view.status.text
    view.seed.value = 12
    assert view.hand == deal_hand(5, random.Random(12)) and "same hand" not in view.status.text


def test_meld_builder_new_hand_moves_to_the_next_seed():
    view = MeldLab(round_no=5, seed=7)
    first = view.hand.hand
    view.new_button.click()
    assert view.seed.value == 8 and view.hand.hand != first
    assert "seed 8" in view.status.text
    view.seed.value = 7
    assert view.hand.hand == first  # the seed box redeals at once


def test_meld_examples_table_says_why_each_is_or_is_not_a_meld():
    table = lessons.meld_checks([("8H 8H 8*", 1), ("QD KD 3D", 5)])
    assert "<b>a meld</b>. A book of three 8s" in table.value
    assert "<b>not a meld</b>. Runs cannot wrap" in table.value
    assert table.value.count(">WILD<") == 0 and len(table.results) == 2


# --- lesson 03: controls match the round; predict, then see ------------------------------------
def test_scoring_lesson_dropdown_and_shown_round_always_match():
    view = ScoringLesson(round_no=6, players=3, seed=3)
    for r in (11, 1, 6):
        view.round.value = r
        assert view.game.round_no == r and f"Round {r}," in view.status.text
    view.players.value = 5
    assert len(view.game.names) == 5


def test_scoring_lesson_another_round_never_repeats_the_same_round():
    view = ScoringLesson(round_no=6, players=3, seed=3)
    seen = {view.game.hands}
    for _ in range(3):
        view.deal_button.click()
        assert view.game.hands not in seen
        seen.add(view.game.hands)
    assert view.seed.value == 6


def test_scoring_lesson_takes_a_guess_per_player_and_scores_it():
    view = ScoringLesson(round_no=6, players=3, seed=3)
    game = view.game
    assert "your turn to guess" in view.steps.value
    assert view.steps.value.count("fc-cardbtn") == 0 and "data-card=" in view.steps.value
    view.guess.value = "0"
    view.step_button.click()
    assert "You guessed 0: exactly right!" in view.status.text
    view.guess.value = str(game.score(1) + 3)
    view.step_button.click()
    assert "3 points off" in view.status.text
    view.guess.value = "lots"
    view.step_button.click()  # not a number: a message, and nothing moves on
    assert view.status.kind == "error" and "'lots'" in view.status.text and view.shown == 2
    view.guess.value = ""
    view.step_button.click()  # no guess: the score stays hidden until a guess or a skip
    assert view.status.kind == "error" and "First type your guess" in view.status.text
    assert view.shown == 2
    assert "Your guesses: 1 of 2 exactly right." in view.totals.value


def test_scoring_lesson_enter_in_the_guess_box_does_what_next_step_does():
    # The front end sends {"event": "submit"} on Enter; the box syncs as it is typed in,
    # so the message finds the guess (a browser test would press Enter in the box).
    view = ScoringLesson(round_no=6, players=3, seed=3)
    assert view.guess.continuous_update
    view.guess.value = "0"
    view.guess._handle_custom_msg({"event": "submit"}, [])
    assert view.shown == 1 and "You guessed 0: exactly right!" in view.status.text
    view.guess._handle_custom_msg({"event": "submit"}, [])  # empty: Next step's sentence
    assert view.shown == 1 and "First type your guess" in view.status.text
    view.guess.value = "5"
    view.guess._handle_custom_msg({"event": "not a submit"}, [])  # anything else: nothing
    assert view.shown == 1


def test_scoring_lesson_going_out_bonus_scores_minus_ten():
    view = ScoringLesson(round_no=4, players=2, seed=1)
    view.bonus.value = True
    view.guess.value = "0"
    view.step_button.click()
    assert "scores \u221210 points" in view.status.text and "going-out bonus" in view.steps.value


def test_scoring_lesson_writes_a_negative_guess_and_score_with_the_minus_sign():
    view = ScoringLesson(round_no=4, players=2, seed=1)
    view.bonus.value = True
    view.guess.value = "\u221210"  # typed as the page writes it
    view.step_button.click()
    assert "You guessed \u221210: exactly right!" in view.status.text
    assert "<td>\u221210 \u2714</td><td>\u221210</td>" in view.totals.value
    assert "Your guess \u221210, the score \u221210: exactly right." in view.steps.value
    assert "round scores <b>\u221210</b>" in view.steps.value


# --- lesson 05: the hint gives a reason --------------------------------------------------------
def test_solitaire_hint_says_what_and_why():
    view = lessons.solitaire_lesson().view
    view.hint_button.click()
    assert "Hint:" in view.hint_text.value
    assert any(w in view.hint_text.value for w in ("points", "stock", "closes"))
    view.stock_button.click()
    view.hint_button.click()
    text = view.hint_text.value
    assert "hand" in text and ("points" in text or "closes" in text or "lowers no" in text)


def test_solitaire_hint_reason_matches_the_points_it_quotes():
    from fivecrowns_lab.core.solver import penalty
    from fivecrowns_lab.table.solitaire import Solitaire, SolitaireBot
    from fivecrowns_lab.views.solitaire import hint_text

    for seed in range(6):
        game = Solitaire(seed)
        game.apply(Draw("stock"))
        bot = SolitaireBot()
        place = bot.choose(game)
        text = hint_text(game, SolitaireBot())
        hand = list(game.hands[place.hand - 1])
        kept = [*hand, game.drawn]
        kept.remove(place.discard)
        assert f"hand {place.hand}" in text
        if "instead of" in text:
            assert f"leaves {points_text(penalty(kept, place.hand))} instead of" in text
            assert f"instead of {points_text(penalty(hand, place.hand))}" in text


# --- the gallery and the teacher's page ------------------------------------------------------
def test_gallery_groups_game_then_probability_with_level_time_and_prerequisites():
    from pathlib import Path

    view = Gallery(Path(__file__).parent.parent / "notebooks")
    html = view.links.value
    assert html.index("Learn the game") < html.index("01-cards") < html.index("06-scorekeeper")
    assert html.index("06-scorekeeper") < html.index("Probability with the game")
    assert html.index("Probability with the game") < html.index("07-counting")
    assert "Beginner · 10 min · Start here" in html
    assert "Intermediate · 40 min · After 02, 07" in html
    assert "href='00-rules.ipynb'" in html and "href='00-teachers.ipynb'" in html
    gallery_part = html.split("class='fc-pages'")[0]
    assert "00-rules" not in gallery_part  # the lesson list holds lessons only


def test_gallery_has_one_title_and_the_rules_link_above_the_lessons():
    from pathlib import Path

    view = Gallery(Path(__file__).parent.parent / "notebooks")
    # The notebook's heading is the page's title: the view adds no second one under it.
    header = view.children[0].children[0].value
    assert "fc-intro" in header and "<h3" not in header and "<h1" not in header
    html = view.links.value
    rules, first_lesson = html.index("href='00-rules.ipynb'"), html.index("01-cards")
    assert html.index("class='fc-pages'") < rules < html.index("class='fc-gallery'")
    assert rules < first_lesson
    assert "<h3 class='fc-title'>" in lessons.meld_lab().view.children[0].children[0].value


def test_teacher_page_has_objectives_timings_prerequisites_and_worksheets():
    from fivecrowns_lab.content.catalogue import CATALOGUE

    page = lessons.teacher_page()
    html = page.table.value
    for entry in CATALOGUE:
        assert f"href='{entry.filename}'" in html
        assert all(o.replace("'", "&#x27;") in html for o in entry.objectives)
    from fivecrowns_lab.content.quizzes import LESSON_QUIZZES

    assert html.count("Worksheet and answer key") == len(LESSON_QUIZZES) >= 4
    assert "download='lesson-03-handout.html'" in html and "Serving a class" in html
    assert f"{len(LESSON_QUIZZES)} with a quiz" in page.status.text
    # every cell names its column, for the phone layout that shows a lesson as a block
    assert "fc-stack" in html and "fc-fit" in page.table._dom_classes
    cells = re.findall(r"<td( data-label='[^']*')?", html)
    assert cells and all(cells), "a cell without its column's name"
    assert html.count("data-label='Objectives'") == len(CATALOGUE)
    from fivecrowns_lab import language

    with language("da"):  # the names in the learner's language
        assert lessons.teacher_page().table.value.count("data-label='Mål'") == len(CATALOGUE)


def test_rules_page_has_the_schedule_and_a_way_back_to_the_lessons():
    from fivecrowns_lab.views.base import contrast_switch, theme_switch

    page = lessons.rules_page()
    switches, language, table, back = page.children
    assert language.href == "da/00-rules.ipynb"  # the Danish edition's twin
    assert "A joker scores" in table.value and "href='00-index.ipynb'" in back.value
    assert list(switches.children) == [theme_switch(), contrast_switch()]
    assert "fc-view" in page._dom_classes


_JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 10) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner),
    max_leaves=12,
)


@settings(max_examples=60)
@given(value=_JSONISH)
def test_quiz_accepts_anything_a_page_sends_and_keeps_only_real_answers(value):
    quiz = lessons.quiz("melds")
    if isinstance(value, list):
        quiz.choices = value  # a list is what the page may send; inside it, anything
    quiz.learner = value
    assert len(quiz.choices) == len(quiz)
    for q, tries in enumerate(quiz.choices):
        assert all(type(a) is int and 0 <= a < len(quiz.questions[q].answers) for a in tries)
    assert isinstance(quiz.learner, str) and len(quiz.learner) <= 80
    assert quiz.results_csv().count("\n") == len(quiz) + 1


def test_expert_lesson_shows_each_card_beside_its_sentence_not_inside_it():
    # A card pictured inside a line of text made that line as tall as the card; the
    # picture stands in its own column and the sentence names the card in text.
    view = lessons.how_the_expert_plays().view
    position = view.position
    view.choose(position.greedy.card)
    blocks = view.answer.value.split("<div class='fc-beside-card-picture'>")[1:]
    assert len(blocks) == 3  # the learner's throw, greedy's, the expert's
    for block, card in zip(
        blocks, (position.greedy.card, position.greedy.card, position.expert.card), strict=True
    ):
        picture, sentence = block.split("</div><div>", 1)
        assert f'data-card="{card.code}"' in picture
        assert "fc-card" not in sentence and str(card) in sentence


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_expert_lesson_shows_the_positions_hand_sorted_by_suit_then_rank(seed):
    view = lessons.how_the_expert_plays().view
    view.load(seed)
    keys = [card.sort_key for card in view.hand.hand]
    assert keys == sorted(keys)
    # The same cards as the position's hand, only in order.
    assert sorted(view.hand.hand, key=str) == sorted(view.position.observation.hand, key=str)


def test_quiz_learner_name_stays_on_its_row_of_the_results_file():
    quiz = lessons.quiz("melds")
    quiz.learner = "Ann\nLee\u200b\t "
    assert quiz.learner == "Ann Lee  "  # spaces as typed: the box syncs while typing
    assert quiz.results_csv().count("\n") == len(quiz) + 1
