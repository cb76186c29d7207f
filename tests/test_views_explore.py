"""Issue 18's explorables in the kernel: lesson 08's gate per question, the running
estimates of 08 and 10, and every bounded box saying what its clamp did."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

from fivecrowns_lab.core.rules import ROUNDS
from fivecrowns_lab.lessons import go_out_lesson, strategy_lab
from fivecrowns_lab.odds.probability import go_out_on_deal
from fivecrowns_lab.odds.run_cost import game_cap
from fivecrowns_lab.views import DealLab, MeldLab, PlayLesson, ScoringLesson, SolitaireLesson
from fivecrowns_lab.views.go_out_words import ASK, hardest_round
from fivecrowns_lab.views.outs_lesson import OutsLesson
from fivecrowns_lab.views.strategy_lab import StrategyLab
from fivecrowns_lab.views.wild_count import WildCountLesson


def test_08_every_question_is_gated_by_its_own_guess(widget_errors):
    lesson = go_out_lesson(n=200, seed=3).view
    # Before the guess, nothing that gives an answer away is on the page.
    assert lesson.results.layout.display == "none"
    assert lesson.counting in lesson.results.children, "the counting of round 1 waits too"
    assert not lesson.running.visible and lesson.table.value == ""
    lesson.hardest.value = 2
    lesson.commit.commit_button.click()
    assert lesson.results.layout.display == "" and lesson.running.visible
    lesson.question.value = "penalty of a dealt hand"
    lesson.runner.join()
    # A new question: its own guess first, and the last question's answer has gone.
    assert lesson.results.layout.display == "none" and lesson.reveal_view.value == ""
    assert not lesson.hardest.disabled and lesson.hardest.value == 0
    assert ASK["penalty of a dealt hand"] in lesson.ask.value
    assert lesson.table.value == "" and not lesson.plot.visible and not lesson.running.visible
    lesson.hardest.value = 11
    lesson.commit.commit_button.click()
    values = {r: float(sim.value) for r, (_e, sim) in lesson.estimates.items()}
    for r, (exact, _sim) in lesson.estimates.items():
        if exact is not None:
            values[r] = float(exact.value)
    most = hardest_round("penalty of a dealt hand", values)
    assert most == max(values, key=lambda r: values[r])
    assert f"round {most}</b>" in lesson.reveal_view.value
    assert lesson.predictions[-1]["guess"] == 11 and lesson.predictions[-1]["truth"] == most
    # Back to the first question: its guess is kept and its answer shows again.
    lesson.question.value = "go out on the deal"
    lesson.runner.join()
    assert lesson.hardest.value == 2 and lesson.hardest.disabled
    assert "You guessed <b>round 2</b>" in lesson.reveal_view.value
    assert lesson.results.layout.display == "" and lesson.table.value


def test_08_a_guess_needs_every_round_simulated_and_changes_nothing_before(widget_errors):
    lesson = go_out_lesson(n=200, seed=3).view
    lesson.question.value = "go out on the first turn"
    lesson.runner.join()
    lesson.estimates = {}  # as if the run was stopped before its rounds were simulated
    lesson.hardest.value = 4
    lesson.commit.commit_button.click()
    assert lesson.status.kind == "error" and "not simulated yet" in lesson.status.text
    assert not lesson.commit.committed and lesson.results.layout.display == "none"
    assert "go out on the first turn" not in lesson.guesses


def test_08_running_estimate_follows_the_guessed_round_to_its_exact_value(widget_errors):
    lesson = go_out_lesson(n=1000, seed=4).view
    lesson.hardest.value = 6
    lesson.commit.commit_button.click()
    rows = lesson.running.data["running"]
    assert [row["n"] for row in rows] == list(range(50, 1001, 50))
    assert all(row["low"] <= row["value"] <= row["high"] for row in rows)
    _exact, sim = lesson.estimates[6]
    assert rows[-1]["value"] == sim.value and (rows[-1]["low"], rows[-1]["high"]) == sim.ci
    exact = float(go_out_on_deal(6).value)
    assert lesson.running.data["marks"] == [{"value": exact, "series": "exact"}]
    assert "round 6" in lesson.running.title and "running estimate" in lesson.running.label
    lesson.seed.value = 5
    assert not lesson.running.visible, "the old seed's estimate left the screen"


def test_10_win_share_runs_game_by_game_and_a_new_count_clears_the_old_results(widget_errors):
    lab = strategy_lab(n_games=6, seed=2).view
    lab.runner.join()
    rows = lab.running.data["running"]
    assert [row["n"] for row in rows] == list(range(1, 7))
    # The engine's rows (one per player per round per game): seat 1 won a game when its
    # placement is 1 (a shared first place counts, as in the summary table).
    wins = len({r["game"] for r in lab.rows if r["player"] == 0 and r["placement"] == 1})
    assert rows[-1]["value"] == wins / 6 and rows[-1]["low"] <= wins / 6 <= rows[-1]["high"]
    assert "Seat 1 (greedy)" in lab.running.title
    lab.n_games.value = 8
    assert not lab.running.visible and not lab.plot.visible and lab.summary.value == ""
    assert "8 games: press Play the games" in lab.status.text


def test_10_play_four_times_keeps_its_prediction_through_the_games_box(widget_errors):
    lab = strategy_lab(n_games=2, seed=2).view
    lab.runner.join()
    lab.prediction.value = "half as wide"
    lab.play_four_times()
    lab.runner.join()
    assert lab.n_games.value == 8 and lab.predictions[-1]["guess"] == "half as wide"
    assert "You predicted: <b>half as wide</b>" in lab.shrink.value


def test_10_games_box_says_what_its_clamp_did(widget_errors):
    lab = StrategyLab(n_games=2, background=False)
    cap = game_cap(lab.players())
    lab.n_games.value = 99_999
    assert lab.n_games.value == cap
    assert f"Games are 2 to {cap:,}; playing {cap:,}." in lab.status.text
    lab.n_games.value = 0
    assert lab.n_games.value == 2 and "playing 2." in lab.status.text
    lab.n_games.value = cap
    lab.seats[1].value = "lookahead"  # a slower seat lowers the cap: said, not silent
    slower = game_cap(lab.players())
    assert lab.n_games.value == slower and f"playing {slower:,}." in lab.status.text


@pytest.mark.parametrize(
    "make",
    [
        lambda: DealLab(3, 1),
        lambda: MeldLab(5, 7, None),
        lambda: ScoringLesson(6, 4, 3),
        lambda: SolitaireLesson(1),
        lambda: WildCountLesson(),
        lambda: OutsLesson(),
    ],
    ids=["02-deal", "02-melds", "03", "05", "07", "09"],
)
def test_every_seed_box_says_what_its_clamp_did(make, widget_errors):
    view = make()
    view.seed.value = 10**12
    assert view.seed.value == 10**9
    assert "Seeds are 0 to 1,000,000,000; using 1,000,000,000." in view.status.text
    view.seed.value = -5
    assert view.seed.value == 0 and "using 0." in view.status.text


def test_09_guess_must_be_typed_and_04_bots_say_what_their_clamps_did(widget_errors):
    outs = OutsLesson()
    outs.commit.commit_button.click()  # an untouched box is no guess of 0
    assert outs.status.kind == "error" and "Type your guess first" in outs.status.text
    assert outs.guessed is None and outs.outs_view.value == ""
    outs.guess_outs.value = "500"
    outs.commit.commit_button.click()
    unseen = outs.result.unseen_total
    assert f"A guess is 0 to {unseen}" in outs.status.text and outs.outs_view.value == ""
    outs.guess_outs.value = "eight"
    outs.commit.commit_button.click()
    assert "'eight' is not a whole number" in outs.status.text
    outs.guess_outs.value = "0"  # a typed 0 is a guess
    outs.commit.commit_button.click()
    assert outs.guessed == 0 and "You guessed <b>0</b>" in outs.reveal_view.value
    play = PlayLesson()
    play.bots.value = 40
    assert play.bots.value == play.bots.max and "playing with" in play.status.text


def test_05_a_new_seed_says_the_board_keeps_its_game_until_new_game(widget_errors):
    view = SolitaireLesson(1)
    view.seed.value = 2
    assert "press New game" in view.status.text and "seed 1" in view.status.text
    view.new_button.click()
    assert "seed" not in view.status.text and view.dealt_seed == 2


def test_08_hardest_round_is_the_lowest_chance_or_the_most_points():
    values = {r: float(r) for r in ROUNDS}
    assert hardest_round("go out on the deal", values) == ROUNDS[0]
    assert hardest_round("penalty of a dealt hand", values) == ROUNDS[-1]
