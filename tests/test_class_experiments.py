"""Lessons 07, 09 and 10 as class experiments: their ids, exact values, pooling and views."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest

from fivecrowns_lab.classroom import Classroom, SqliteStore, parse_record
from fivecrowns_lab.classroom.experiments import (
    EXPERIMENTS,
    draw_out_id,
    exact_value,
    find_experiment,
    lesson_experiments,
    most_common_wilds,
    seat_win_id,
    wild_count_id,
)
from fivecrowns_lab.classroom.recompute import replay_experiment, replayed_trials
from fivecrowns_lab.core.cards import DECK, parse_cards
from fivecrowns_lab.core.rules import ROUNDS
from fivecrowns_lab.errors import ClassError
from fivecrowns_lab.odds.counting import wild_count_distribution
from fivecrowns_lab.odds.outs import outs
from fivecrowns_lab.odds.stats import wilson_interval

HAND = "8H 9H 10H QS QC KD"


class FakeLink:
    """Stands in for the page's class line: keeps what a view sends."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    def send(self, *records: dict[str, Any]) -> None:
        self.sent.extend(records)

    def experiments(self) -> list[dict[str, Any]]:
        return [r for r in self.sent if r["kind"] == "experiment"]


# -- ids and exact values ---------------------------------------------------------------------


@pytest.mark.parametrize("round_no", ROUNDS)
def test_lesson_07_pools_the_share_of_hands_with_the_exact_most_common_number_of_wilds(round_no):
    exact = wild_count_distribution(round_no)
    top = most_common_wilds(round_no)
    assert all(exact[top] >= p for p in exact.values())
    experiment = wild_count_id(round_no)
    assert EXPERIMENTS[experiment].lesson == "07"
    assert exact_value(experiment) == exact[top]


def test_lesson_09_id_names_the_hand_in_one_spelling_whatever_order_it_was_typed_in():
    one = draw_out_id(4, parse_cards("KD QS 8H 9H 10H QC"))
    assert one == draw_out_id(4, parse_cards(HAND)) == "draw-an-out/round-4/8H-9H-10H-QC-QS-KD"
    assert find_experiment(one).lesson == "09"
    assert find_experiment(one).unit == "draws"
    # Another spelling of the same hand would split the pool: it is not an experiment.
    assert find_experiment("draw-an-out/round-4/KD-8H-9H-10H-QC-QS") is None


@pytest.mark.parametrize(
    ("hand", "round_no", "seen"),
    [(HAND, 4, ""), (HAND, 4, "QH QH JK"), ("8H 9H 10H QS QC KD 3S", 4, ""), ("3H 5S 7C", 1, "")],
)
def test_lesson_09_exact_value_is_outs_over_unseen_cards(hand, round_no, seen):
    result = outs(hand, round_no, seen)
    held = parse_cards(hand)
    experiment = draw_out_id(round_no, held, parse_cards(seen))
    assert exact_value(experiment) == Fraction(result.count, result.unseen_total)


@pytest.mark.parametrize(
    "bad",
    [
        "draw-an-out/round-4/8H-9H-10H",  # three cards in a round of six
        "draw-an-out/round-12/8H-9H-10H-QC-QS-KD",
        "draw-an-out/round-4/8H-9H-10H-QC-QS-XX",
        "draw-an-out/round-4/8H-8H-8H-QC-QS-KD",  # a third 8♥ does not exist
        "seat-1-wins/greedy-vs-nobody/rounds-11",
        "seat-1-wins/greedy/rounds-11",
        "seat-1-wins/greedy-vs-random/rounds-12",
        "seat-1-wins/greedy-vs-random/rounds-11/lay_off+lay_off",
        "seat-1-wins/greedy-vs-random/rounds-11/cheating",
        "x" * 300,
    ],
)
def test_an_id_that_names_no_experiment_is_refused_as_a_record(bad):
    assert find_experiment(bad) is None
    with pytest.raises(ClassError, match="no class experiment"):
        parse_record({"kind": "experiment", "experiment": bad, "seed": 1, "trials": 9,
                      "successes": 1})  # fmt: skip


def test_lesson_10_id_names_seats_rounds_and_variants_and_has_no_exact_value():
    experiment = seat_win_id(["lookahead", "greedy", "random"], 5, ["no_final_discard", "lay_off"])
    assert (
        experiment == "seat-1-wins/lookahead-vs-greedy-vs-random/rounds-5/lay_off+no_final_discard"
    )
    found = find_experiment(experiment)
    assert (found.lesson, found.unit) == ("10", "games")
    assert "lookahead in seat 1" in found.label and "lay off" in found.label
    assert exact_value(experiment) is None
    # the posted count is ignored: the server plays the 20 games of seed 3 itself
    record = parse_record({"kind": "experiment", "experiment": experiment, "seed": 3,
                           "trials": 20, "successes": 21})  # fmt: skip
    assert (record.trials, record.successes) == (20, replay_experiment(experiment, 3, 20))


def test_lessons_07_to_11_and_no_other_have_class_experiments_for_the_kit():
    with_experiments = {f"{n:02d}" for n in range(13) if lesson_experiments(f"{n:02d}")}
    assert with_experiments == {"07", "08", "09", "10", "11"}


# -- pooling ----------------------------------------------------------------------------------


@pytest.fixture
def room(tmp_path):
    classroom, _secret = Classroom.open(SqliteStore(tmp_path / "class.sqlite3"))
    return classroom


def run(experiment: str, seed: int, trials: int, successes: int) -> dict[str, Any]:
    return {"kind": "experiment", "experiment": experiment, "seed": seed, "trials": trials,
            "successes": successes}  # fmt: skip


def test_the_dashboard_pools_lessons_07_09_and_10_each_beside_its_exact_value(room):
    wilds, draws = wild_count_id(5), draw_out_id(4, parse_cards(HAND))
    games = seat_win_id(["greedy", "random"], 11)
    ann, bea, cy = (room.join(room.code, n) for n in ("Ann", "Bea", "Cy"))
    room.record(ann, run(wilds, 1, 100, 40))
    room.record(ann, run(wilds, 1, 300, 110))  # more hands of the same seed replace the 100
    room.record(bea, run(wilds, 2, 200, 70))
    room.record(cy, run(wilds, 1, 100, 40))  # Ann's seed: her first 100 hands, counted once
    room.record(ann, run(draws, 9, 1000, 230))
    room.record(bea, run(draws, 10, 500, 100))
    room.record(bea, run(games, 4, 20, 15))
    room.record(cy, run(games, 5, 80, 50))
    pooled = {e.experiment: e for e in room.report().experiments}
    assert [e.lesson for e in room.report().experiments] == ["07", "09", "10"]

    def replay(experiment: str, seed: int, trials: int) -> tuple[int, int]:
        done = replayed_trials(experiment, trials)
        return done, replay_experiment(experiment, seed, done)

    w = pooled[wilds]
    hits = replay(wilds, 1, 300)[1] + replay(wilds, 2, 200)[1]
    assert (w.trials, w.successes, w.seeds, w.unit) == (500, hits, 2, "hands")
    assert (w.low, w.high) == wilson_interval(hits, 500)
    assert w.exact == pytest.approx(float(wild_count_distribution(5)[most_common_wilds(5)]))
    assert {s.nickname: (s.trials, s.successes) for s in w.students} == {
        "Ann": replay(wilds, 1, 300), "Bea": replay(wilds, 2, 200), "Cy": replay(wilds, 1, 100)
    }  # fmt: skip

    d = pooled[draws]
    hits = replay(draws, 9, 1000)[1] + replay(draws, 10, 500)[1]
    assert (d.trials, d.successes, d.unit) == (1500, hits, "draws")
    assert d.exact == pytest.approx(24 / 110)

    g = pooled[games]  # lesson 10: the server plays the first games of each seed itself
    (n4, k4), (n5, k5) = replay(games, 4, 20), replay(games, 5, 80)
    assert n4 == 20 and 2 <= n5 < 80
    assert (g.trials, g.successes, g.unit, g.exact) == (n4 + n5, k4 + k5, "games", None)
    assert (g.low, g.high) == wilson_interval(k4 + k5, n4 + n5)
    assert room.report().as_json()["experiments"][2]["unit"] == "games"


# -- the views send what they dealt, drew and played --------------------------------------------


def test_wild_count_lesson_sends_its_hands_so_far_with_the_most_common_count(widget_errors):
    from fivecrowns_lab.views.wild_count import WildCountLesson

    view = WildCountLesson(round_no=5, seed=11)
    view.class_link = link = FakeLink()
    view.skip()
    view.deal(100)
    view.deal(10)
    first, second = link.experiments()
    top = most_common_wilds(5)
    assert first["experiment"] == second["experiment"] == "most-common-wilds/round-5"
    assert (first["seed"], first["trials"], second["trials"]) == (11, 100, 110)
    assert second["successes"] == view.counts[top]
    assert 0 < first["successes"] <= second["successes"] < 110
    parse_record(second)  # the server takes it


def test_outs_lesson_draws_from_the_unseen_cards_and_sends_the_share_that_were_outs(widget_errors):
    from fivecrowns_lab.views.draws import stock_of
    from fivecrowns_lab.views.outs_lesson import OutsLesson

    view = OutsLesson(round_no=4, hand=HAND, seed=3)
    view.class_link = link = FakeLink()
    assert view.drawing.layout.display == "none"  # hidden until the guess is in
    view.guess_outs.value = "20"
    view.commit_guess()
    assert view.drawing.layout.display == ""
    stock = stock_of(view.result)
    out_cards = {o.card for o in view.result.outs}
    assert len(stock) == view.result.unseen_total == 110
    assert sum(card in out_cards for card in stock) == view.result.count == 24
    view.drawing.buttons[2].click()  # Draw 1,000
    (sent,) = link.experiments()
    assert sent["experiment"] == "draw-an-out/round-4/8H-9H-10H-QC-QS-KD"
    assert (sent["seed"], sent["trials"]) == (3, 1000)
    # The same seed replays the same draws, and 1,000 of them land near 24/110.
    rng = random.Random(3)
    replay = sum(rng.choice(stock) in out_cards for _ in range(1000))
    assert sent["successes"] == replay
    low, high = wilson_interval(replay, 1000)
    assert low < 24 / 110 < high
    assert "Exact" in view.drawing.view.value and "21.8%" in view.drawing.view.value
    view.seen_text.value = "QH"  # a new question: the draws start again
    view.show_button.click()
    view.skip()
    view.drawing.buttons[0].click()
    assert link.experiments()[-1]["trials"] == 1
    assert link.experiments()[-1]["experiment"].endswith("/seen-QH")


def test_outs_lesson_after_a_draw_counts_the_discard_as_held_not_unseen(widget_errors):
    from fivecrowns_lab.views.draws import stock_of
    from fivecrowns_lab.views.outs_lesson import OutsLesson

    view = OutsLesson(round_no=4, hand=HAND + " 3S", seed=3)
    view.class_link = link = FakeLink()
    view.skip()
    assert len(stock_of(view.result)) == len(DECK) - 7
    view.drawing.buttons[1].click()
    (sent,) = link.experiments()
    assert exact_value(sent["experiment"]) == view.result.probability


def test_strategy_lab_sends_seat_ones_wins_for_the_students_runs_not_the_opening_one(
    widget_errors,
):
    from fivecrowns_lab.views.strategy_lab import StrategyLab

    view = StrategyLab(players=("greedy", "random"), n_games=2, seed=2, background=False)
    view.class_link = link = FakeLink()
    view.rounds.value = 2
    view.n_games.value = 4
    view.lay_off.value = True
    assert link.sent == []  # the games played on opening the page are not the student's
    view.run(background=False)
    (sent,) = link.experiments()
    assert sent["experiment"] == "seat-1-wins/greedy-vs-random/rounds-2/lay_off"
    finals = [r for r in view.rows if r["round"] == 2]
    won = Counter(r["game"] for r in finals if r["player"] == 0 and r["placement"] == 1)
    assert (sent["seed"], sent["trials"], sent["successes"]) == (2, 4, len(won))
    parse_record(sent)


def test_a_hand_that_can_already_go_out_has_nothing_to_draw_and_sends_nothing(widget_errors):
    from fivecrowns_lab.errors import LessonError
    from fivecrowns_lab.views.outs_lesson import OutsLesson

    view = OutsLesson(round_no=1, hand="7H 8H 9H", seed=3)  # a run: out already
    view.class_link = link = FakeLink()
    assert view.drawing.layout.display == "none"
    assert all(button.disabled for button in view.drawing.buttons)
    with pytest.raises(LessonError, match="no outs to draw"):
        view.drawing.draw(100)
    assert (view.drawing.drawn, link.sent) == (0, [])


def test_lesson_10_ids_name_every_on_off_variant_of_the_rules_table_by_its_own_name():
    # The variant list and the label come from core/rules.py VARIANTS: a game under a meld
    # variant is an experiment of its own, never pooled with the standard game's.
    from fivecrowns_lab.classroom.experiments import SEAT_WIN_VARIANTS, experiment_label
    from fivecrowns_lab.core.rules import VARIANTS
    from fivecrowns_lab.views.base import variant_checkboxes

    switches = [v for v in VARIANTS if isinstance(v.default, bool)]
    assert list(SEAT_WIN_VARIANTS) == [v.field for v in switches]
    assert set(SEAT_WIN_VARIANTS) == set(variant_checkboxes())  # what lesson 10 offers
    for variant in switches:
        experiment = seat_win_id(["greedy", "random"], 11, [variant.field])
        found = find_experiment(experiment)
        assert found is not None and variant.name in found.label
        assert experiment != seat_win_id(["greedy", "random"], 11)
        assert variant.name in experiment_label(experiment)
