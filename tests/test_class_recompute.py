"""Each lesson's page and the class server count the same: the server's replay of a record a
view sends (lessons 07 to 11) equals the count the view showed the student."""

from __future__ import annotations

from typing import Any

from fivecrowns_lab import lessons
from fivecrowns_lab.classroom import parse_record
from fivecrowns_lab.classroom.recompute import replay_experiment
from tests.test_class_experiments import FakeLink


def assert_replayed_alike(records: list[dict[str, Any]]) -> None:
    assert records
    for sent in records:
        replayed = replay_experiment(sent["experiment"], sent["seed"], sent["trials"])
        assert replayed == sent["successes"]
        record = parse_record(sent)  # the server's own count, the posted one ignored
        assert (record.trials, record.successes) == (sent["trials"], sent["successes"])


def test_lesson_07_recompute_rule_dealt_one_at_a_time_or_in_batches(widget_errors):
    from fivecrowns_lab.views.wild_count import WildCountLesson

    view = WildCountLesson(round_no=6, seed=41)
    view.class_link = link = FakeLink()
    view.skip()
    for n in (1, 100, 1, 10, 1000):
        view.deal(n)
    assert [r["trials"] for r in link.experiments()] == [1, 101, 102, 112, 1112]
    assert_replayed_alike(link.experiments())


def test_lesson_08_recompute_rule_every_round_of_both_pooled_questions(widget_errors):
    page = lessons.go_out_lesson(n=200, seed=3)
    for question in ("go out on the deal", "go out on the first turn"):
        page.view.question.value = question
        page.view.seed.value += 1
        page.view.run(background=False)
    sent = [r for r in page.class_link.outbox if r["kind"] == "experiment"]
    assert len(sent) == 22
    assert_replayed_alike([{k: v for k, v in r.items() if k != "seq"} for r in sent])


def test_lesson_09_recompute_rule_draws_of_every_button(widget_errors):
    from fivecrowns_lab.views.outs_lesson import OutsLesson

    view = OutsLesson(round_no=4, hand="8H 9H 10H QS QC KD", seed=8)
    view.class_link = link = FakeLink()
    view.skip()
    for button in (0, 1, 2, 0):
        view.drawing.buttons[button].click()
    assert [r["trials"] for r in link.experiments()] == [1, 101, 1101, 1102]
    assert_replayed_alike(link.experiments())


def test_lesson_10_recompute_rule_seat_ones_wins(widget_errors):
    from fivecrowns_lab.views.strategy_lab import StrategyLab

    view = StrategyLab(players=("greedy", "random"), n_games=2, seed=2, background=False)
    view.class_link = link = FakeLink()
    view.rounds.value = 3
    view.n_games.value = 6
    view.bonus.value = True
    view.run(background=False)
    assert_replayed_alike(link.experiments())


def test_lesson_11_recompute_rule_solitaire_wins(widget_errors):
    page = lessons.solitaire_odds_lesson(n=3, seed=2)
    page.view.runner.join()
    page.view.n.value = 12
    page.view.seed.value = 7
    page.view.run(background=False)
    assert_replayed_alike(
        [{k: v for k, v in r.items() if k != "seq"} for r in page.class_link.outbox]
    )
