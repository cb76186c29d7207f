"""The class line of the lesson pages: what lesson 08 and the quizzes hand it to record."""

from __future__ import annotations

from fivecrowns_lab import lessons
from fivecrowns_lab.classroom import Classroom, SqliteStore, parse_record
from fivecrowns_lab.core.rules import ROUNDS
from fivecrowns_lab.lessons import go_out_lesson


def test_lesson_08_sends_each_rounds_counts_of_a_run_the_student_started(widget_errors):
    page = go_out_lesson(n=200, seed=3)
    lesson = page.view
    assert page.class_link.outbox == []  # the run on opening the page is not the student's
    lesson.seed.value = 5
    lesson.hardest.value = 3
    lesson.run(background=False)
    sent = page.class_link.outbox
    experiments = [r for r in sent if r["kind"] == "experiment"]
    assert [r["experiment"] for r in experiments] == [f"go-out-on-deal/round-{r}" for r in ROUNDS]
    for record in experiments:
        r = int(record["experiment"].rsplit("-", 1)[1])
        _exact, sim = lesson.estimates[r]
        assert record["seed"] == 500 + r and record["trials"] == 200
        assert record["successes"] / 200 == sim.value
    assert not [r for r in sent if r["kind"] == "prediction"]  # sent when committed
    lesson.commit_guess()
    sent = page.class_link.outbox
    (prediction,) = [r for r in sent if r["kind"] == "prediction"]
    assert prediction["question"] == "08/hardest-round/go-out-on-deal"
    assert prediction["guess"] == 3
    assert set(prediction) == {"kind", "question", "guess", "id", "seq"}
    for record in sent:  # every record is one the class server accepts, with its own id
        parse_record({k: v for k, v in record.items() if k != "seq"})
    assert len({r["id"] for r in sent}) == len(sent)
    assert [r["seq"] for r in sent] == list(range(1, len(sent) + 1))


def test_lesson_08_penalty_question_sends_no_experiment(widget_errors):
    page = go_out_lesson(n=200, seed=3)
    page.view.question.value = "penalty of a dealt hand"  # runs at once
    page.view.run(background=False)
    assert page.class_link.outbox == []


def test_recorded_lesson_08_run_reaches_the_pooled_estimate(widget_errors, tmp_path):
    page = go_out_lesson(n=200, seed=3)
    page.view.seed.value = 9
    page.view.run(background=False)
    room, _ = Classroom.open(SqliteStore(tmp_path / "c.sqlite3"))
    ann = room.join(room.code, "Ann")
    for record in page.class_link.outbox:
        room.record(ann, {k: v for k, v in record.items() if k != "seq"})
    pooled = {e.experiment: e for e in room.report().experiments}
    _exact, sim = page.view.estimates[4]
    assert pooled["go-out-on-deal/round-4"].estimate == sim.value


def test_quiz_tells_the_page_its_topic_for_the_class():
    assert lessons.schedule_lesson().quiz.class_topic == "cards"


def test_a_committed_guess_and_a_skipped_one_go_to_the_class_as_predictions(widget_errors):
    page = lessons.wild_count_lesson(round_no=3, seed=1)
    lesson = page.view
    lesson.guess_k.value = 1
    lesson.guess_share.value = 40
    lesson.commit.commit_button.click()
    sent = [r for r in page.class_link.outbox if r["kind"] == "prediction"]
    assert {r["question"]: r["guess"] for r in sent} == {
        "07/most-common-wilds/round-3": 1,
        "07/share-of-most-common/round-3": 40,
    }
    for record in sent:  # every record is one the class server accepts
        assert parse_record({k: v for k, v in record.items() if k != "seq"}).lesson == "07"
    outs = lessons.outs_lesson()
    outs.view.commit.skip_button.click()
    (skipped,) = [r for r in outs.class_link.outbox if r["kind"] == "prediction"]
    assert skipped["question"].startswith("09/outs/draw-an-out/") and skipped["guess"] is None
    assert parse_record({k: v for k, v in skipped.items() if k != "seq"}).guess is None


def test_lesson_11_sends_the_deals_a_student_played_not_the_ones_on_opening(widget_errors):
    from fivecrowns_lab.classroom.experiments import SOLITAIRE_WIN, exact_value

    page = lessons.solitaire_odds_lesson(n=3, seed=2)
    page.view.runner.join()
    assert page.class_link.outbox == []  # the deals played on opening are not the student's
    page.view.seed.value = 7
    page.view.run(background=False)
    (sent,) = page.class_link.outbox
    assert sent["experiment"] == SOLITAIRE_WIN and sent["trials"] == 3 and sent["seed"] == 7
    assert sent["successes"] == page.view.odds.wins
    record = parse_record({k: v for k, v in sent.items() if k != "seq"})
    assert record.lesson == "11" and exact_value(SOLITAIRE_WIN) is None
