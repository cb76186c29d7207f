"""The class line of the lesson pages: what lesson 08 and the quizzes hand it to record."""

from __future__ import annotations

import re
import threading

from hypothesis import given
from hypothesis import strategies as st

from fivecrowns_lab import lessons
from fivecrowns_lab.classroom import Classroom, SqliteStore, parse_record
from fivecrowns_lab.core.rules import ROUNDS
from fivecrowns_lab.lessons import go_out_lesson
from fivecrowns_lab.views.classlink import ClassLink

#: The ids the class server takes (issue 44): 8 to 64 letters, digits, "_" and "-".
RECORD_ID = re.compile(r"[A-Za-z0-9_-]{8,64}")


def quiz_record(question: int) -> dict[str, object]:
    return {"kind": "quiz", "topic": "cards", "question": 1 + question % 5, "answer": 1}


def page_takes(link: ClassLink, ids: list[str]) -> None:
    """What a view of the page does once it keeps records: tells the kernel their ids."""
    link._handle_custom_msg({"taken": ids}, [])


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
    assert set(prediction) == {"kind", "question", "guess", "id"}
    for record in sent:  # every record is one the class server accepts, with its own id
        parse_record(record)
    assert len({r["id"] for r in sent}) == len(sent)
    assert all(RECORD_ID.fullmatch(r["id"]) for r in sent)


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
        room.record(ann, record)
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
        assert parse_record(record).lesson == "07"
    outs = lessons.outs_lesson()
    outs.view.commit.skip_button.click()
    (skipped,) = [r for r in outs.class_link.outbox if r["kind"] == "prediction"]
    assert skipped["question"].startswith("09/outs/draw-an-out/") and skipped["guess"] is None
    assert parse_record(skipped).guess is None


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
    record = parse_record(sent)
    assert record.lesson == "11" and exact_value(SOLITAIRE_WIN) is None


def test_nothing_lost_records_wait_in_the_kernel_until_a_view_has_taken_them():
    """A page that renders late (or whose first view never rendered) still finds every
    record: the kernel drops none, however many, until the page says it has them."""
    link = ClassLink("01")
    link.send(*[quiz_record(i) for i in range(120)])  # more than the old cut of 50
    ids = [r["id"] for r in link.outbox]
    assert len(ids) == 120 and len(set(ids)) == 120
    assert all(RECORD_ID.fullmatch(i) for i in ids)
    page_takes(link, ids[:70])
    assert [r["id"] for r in link.outbox] == ids[70:]
    page_takes(link, [*ids[70:], "not-an-id-sent", 7])  # unknown ids and junk are ignored
    assert link.outbox == []


def test_nothing_lost_a_record_keeps_the_id_it_was_made_with():
    link = ClassLink("01")
    link.send({**quiz_record(0), "id": "made-in-the-page-1"}, quiz_record(1))
    first, second = link.outbox
    assert first["id"] == "made-in-the-page-1" and second["id"] != first["id"]
    link._handle_custom_msg("not a message", [])  # anything else from a page: ignored
    link._handle_custom_msg({"taken": "made-in-the-page-1"}, [])
    assert len(link.outbox) == 2


@given(st.lists(st.one_of(st.integers(1, 5), st.lists(st.integers(0, 40), max_size=6))))
def test_nothing_lost_the_outbox_is_what_was_sent_less_what_the_page_took(steps):
    """Sends (a count) and page messages (positions among the ids made so far), in any
    order: the outbox holds exactly the records not yet taken, in the order sent."""
    link = ClassLink("01")
    made: list[str] = []
    taken: set[str] = set()
    for step in steps:
        if isinstance(step, int):
            link.send(*[quiz_record(i) for i in range(step)])
            made = [*made, *(r["id"] for r in link.outbox if r["id"] not in made)]
        else:
            ids = [made[i] for i in step if i < len(made)]
            taken.update(ids)
            page_takes(link, ids)
        assert [r["id"] for r in link.outbox] == [i for i in made if i not in taken]


def test_nothing_lost_records_sent_from_worker_threads_while_the_page_takes_them():
    """A lesson's run sends from its worker thread while the page's messages arrive."""
    link = ClassLink("08")
    sent_ids: list[str] = []

    def worker() -> None:
        for i in range(100):
            link.send(quiz_record(i))

    threads = [threading.Thread(target=worker) for _ in range(3)]
    for thread in threads:
        thread.start()
    while any(t.is_alive() for t in threads) or link.outbox:
        ids = [r["id"] for r in link.outbox]
        sent_ids.extend(ids)
        page_takes(link, ids)
    for thread in threads:
        thread.join()
    assert len(sent_ids) == len(set(sent_ids)) == 300
