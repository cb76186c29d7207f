"""The probability lessons, driven by their buttons and values (no browser)."""

from __future__ import annotations

import logging

import pytest

pytest.importorskip("ipywidgets")

from fivecrowns_lab.lessons import go_out_lesson, outs_lesson, wild_count_lesson

PNG = b"\x89PNG"


@pytest.fixture(autouse=True)
def no_swallowed_errors(caplog):
    """Button.click() swallows exceptions into the log: fail on any logged error."""
    caplog.set_level(logging.WARNING)
    yield
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not errors, [r.getMessage() for r in errors]


def test_wild_count_lesson_fills_the_histogram_as_hands_are_dealt():
    lesson = wild_count_lesson(round_no=3, seed=1)
    assert lesson.plot.png.startswith(PNG)
    assert "round 3" in lesson.plot.title
    assert "C(16, k)" in lesson.formula.value
    lesson.deal_buttons[2].click()  # Deal 100
    lesson.deal_buttons[3].click()  # Deal 1,000
    assert lesson.dealt == 1100
    assert sum(lesson.counts.values()) == 1100
    assert lesson.status.kind == "ok" and "1,100 hands dealt" in lesson.status.text
    assert "dealt (1,100)" in lesson.table.value


def test_wild_count_lesson_single_deal_shows_the_hand_and_round_change_starts_again():
    lesson = wild_count_lesson(round_no=5, seed=2)
    lesson.deal_buttons[0].click()
    assert lesson.dealt == 1 and lesson.last_hand is not None
    assert "Your last hand" in lesson.formula.value
    lesson.round.value = 11
    assert lesson.dealt == 0 and lesson.counts == {}
    assert "13-card hand" in lesson.plot.title


def test_wild_count_lesson_is_reproducible_from_its_seed():
    a, b = wild_count_lesson(seed=7), wild_count_lesson(seed=7)
    a.deal_buttons[2].click()
    b.deal_buttons[2].click()
    assert a.counts == b.counts


def test_go_out_lesson_shows_exact_and_simulated_values_for_every_round():
    lesson = go_out_lesson(n=200, seed=3)
    assert len(lesson.estimates) == 11
    exact_rounds = [r for r, (exact, _sim) in lesson.estimates.items() if exact is not None]
    assert exact_rounds == [1, 2, 3, 4, 5]
    assert "not counted" in lesson.table.value and "95% interval" in lesson.table.value
    assert lesson.plot.png.startswith(PNG) and "by round" in lesson.plot.title
    assert lesson.status.kind == "ok"


def test_go_out_lesson_asks_for_a_guess_before_explaining():
    lesson = go_out_lesson(n=200)
    lesson.explain_button.click()
    assert lesson.status.kind == "error" and "Write your own idea" in lesson.status.text
    assert lesson.explanation.value == ""
    lesson.guess.value = "Six cards can make two melds of three."
    lesson.explain_button.click()
    assert "saw-tooth with period three" in lesson.explanation.value


@pytest.mark.parametrize("question", ["go out on the first turn", "penalty of a dealt hand"])
def test_go_out_lesson_switches_question(question):
    lesson = go_out_lesson(n=200)
    lesson.question.value = question
    assert lesson.status.kind == "ok"
    exact = [r for r, (e, _s) in lesson.estimates.items() if e is not None]
    assert exact and exact == sorted(exact)
    assert lesson.plot.png.startswith(PNG)


def test_outs_lesson_shows_outs_and_compares_with_the_rule_of_thumb():
    lesson = outs_lesson()
    assert lesson.result.count == 24
    assert "24</b> of the <b>110</b>" in lesson.outs_view.value
    assert "rule of thumb" in lesson.table.value
    lesson.draws.value = 3
    assert lesson.table.value.count("<tr>") == 4  # header + 3 turns
    lesson.seen_text.value = "QH QH"
    lesson.show_button.click()
    assert lesson.result.count == 22 and lesson.status.kind == "ok"


def test_outs_lesson_shows_typing_mistakes_in_the_status_line():
    lesson = outs_lesson()
    before = lesson.result
    lesson.hand_text.value = "8H 9H 10H QS QC KX"
    lesson.show_button.click()
    assert lesson.status.kind == "error" and "'KX' is not a card" in lesson.status.text
    assert lesson.result is before
    lesson.hand_text.value = "8H 9H"
    lesson.show_button.click()
    assert lesson.status.kind == "error" and "outs are for a hand of 6 cards" in lesson.status.text


def test_outs_lesson_deals_hands_and_handles_a_hand_after_drawing():
    lesson = outs_lesson()
    lesson.deal_button.click()
    assert lesson.status.kind == "ok" and len(lesson.hand_text.value.split()) == 6
    lesson.hand_text.value = "8H 9H 10H QS QC KD 3S"
    lesson.show_button.click()
    assert "discard" in lesson.hand_view.value


def test_strategy_lab_plays_games_and_offers_the_csv():
    from fivecrowns_lab.lessons import strategy_lab

    lab = strategy_lab(n_games=4)
    assert lab.status.kind == "ok" and lab.table is not None
    assert lab.progress.bar.value == lab.progress.bar.max == 4
    assert "mean total" in lab.summary.value and "95% interval" in lab.summary.value
    assert "data:text/csv;base64," in lab.download.value
    assert lab.csv().startswith("game,round,player,bot,points,total")
    assert lab.plot.png.startswith(PNG) and "4 games" in lab.plot.title


def test_strategy_lab_variants_and_a_third_seat():
    from fivecrowns_lab.lessons import strategy_lab

    lab = strategy_lab(n_games=2)
    lab.seats[2].value = "greedy"
    lab.rounds.value = 2
    lab.bonus.value = True
    lab.n_games.value = 3
    lab.run_button.click()
    assert lab.status.kind == "ok"
    assert set(lab.table["player"]) == {0, 1, 2} and lab.table["round"].max() == 2
    assert lab.verdict.value.count("<b>") == 2  # seats 2 and 3 against seat 1


def test_solitaire_odds_lesson_shows_the_win_rate_with_its_interval():
    from fivecrowns_lab.lessons import solitaire_odds_lesson

    lesson = solitaire_odds_lesson(n=3, seed=2)
    assert lesson.status.kind == "ok" and lesson.odds.games == 3
    assert "95% interval" in lesson.result_view.value
    assert lesson.plot.png.startswith(PNG) and "11 = a win" in lesson.plot.title
    lesson.n.value = 2
    lesson.run_button.click()
    assert lesson.odds.games == 2 and lesson.progress.bar.value == 2
