"""The class engine: records, both databases, pooled figures, faults, rate limit, load."""

from __future__ import annotations

import csv
import html
import io
import json
import sqlite3
import threading

import pytest

from fivecrowns_lab.classroom import (
    Classroom,
    RateLimit,
    SqliteStore,
    exact_value,
    merge_result_files,
    open_store,
    parse_record,
    results_file,
)
from fivecrowns_lab.classroom.keyfile import SecretFile
from fivecrowns_lab.classroom.kit import KIT_LESSONS, kit_html, kit_steps
from fivecrowns_lab.classroom.pages import dashboard_report
from fivecrowns_lab.classroom.recompute import replay_experiment
from fivecrowns_lab.classroom.records import check_code, check_nickname
from fivecrowns_lab.classroom.report import EXPORT_HEADER
from fivecrowns_lab.classroom.schema import MIGRATIONS
from fivecrowns_lab.classroom.store import PostgresStore
from fivecrowns_lab.content.quizzes import QUIZZES
from fivecrowns_lab.errors import ClassError, ClassUnavailableError, FiveCrownsError
from fivecrowns_lab.i18n import language
from fivecrowns_lab.odds.stats import wilson_interval

RIGHT = {q: question.right + 1 for q, question in enumerate(QUIZZES["cards"], start=1)}


def quiz(question: int, answer: int) -> dict[str, object]:
    return {"kind": "quiz", "topic": "cards", "question": question, "answer": answer}


def deal(round_no: int, seed: int, trials: int, successes: int) -> dict[str, object]:
    return {
        "kind": "experiment",
        "experiment": f"go-out-on-deal/round-{round_no}",
        "seed": seed,
        "trials": trials,
        "successes": successes,
    }


def hits(round_no: int, seed: int, trials: int) -> int:
    """What the server counts for ``deal(round_no, seed, trials, ...)``: its own replay."""
    return replay_experiment(f"go-out-on-deal/round-{round_no}", seed, trials)


def wrong(question: int) -> int:
    return 1 if RIGHT[question] != 1 else 2


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request, tmp_path):
    if request.param == "sqlite":
        return SqliteStore(tmp_path / "class.sqlite3")
    return PostgresStore(request.getfixturevalue("postgres_server")())


@pytest.fixture
def room(store):
    classroom, _secret = Classroom.open(store)
    return classroom


# -- records ----------------------------------------------------------------------------------


def test_class_code_is_cleaned_and_bounded():
    assert check_code(" abc d2 ") == "ABCD2"
    for bad in ["", "AB", "ABCDEFGHJ", "AB0O1I", 5, None, "ÄBCD"]:
        with pytest.raises(ClassError):
            check_code(bad)


def test_nickname_is_cleaned_and_bounded():
    assert check_nickname("  Zoe\u0301\u200b ") == "Zo\u00e9"
    for bad in ["", "   ", "\u200b", "x" * 25, 3, ["Ann"]]:
        with pytest.raises(ClassError):
            check_nickname(bad)


def test_quiz_record_takes_rightness_and_texts_from_the_bank_not_the_page():
    record = parse_record({**quiz(1, RIGHT[1]), "correct": False, "prompt": "<b>x</b>"})
    assert record.correct is True
    assert record.prompt == QUIZZES["cards"][0].prompt
    assert parse_record(quiz(1, wrong(1))).correct is False


@pytest.mark.parametrize(
    "payload",
    [
        None,
        [],
        {"kind": "exam"},
        quiz(0, 1),
        quiz(1, 99),
        {**quiz(1, 1), "topic": "chess"},
        {**quiz(1, 1), "question": True},
        deal(5, 1, 5001, 0),  # more deals than lesson 08 deals in a round
        deal(5, 1, 10**6, 10**6),
        deal(5, 1, 0, 0),
        deal(5, -1, 10, 1),
        deal(5, 2**64, 10, 1),
        deal(12, 1, 10, 1),
        {**deal(5, 1, 10, 1), "trials": 10.0},
        {
            "kind": "prediction",
            "lesson": "08",
            "prediction": "p",
            "predicted": "1",
            "outcome": "2",
        },
        {"kind": "prediction", "question": "THE TEACHER IS A ROBOT", "guess": None},
        {"kind": "prediction", "question": "10/interval-width", "guess": "THE TEACHER IS A ROBOT"},
        {"kind": "prediction", "question": "08/hardest-round/go-out-on-deal", "guess": 12},
        {"kind": "prediction", "question": "08/hardest-round/go-out-on-deal", "guess": 2.5},
        {"kind": "prediction", "question": "07/share-of-most-common/round-5", "guess": 101},
    ],
)
def test_bad_record_is_refused_with_a_sentence(payload):
    with pytest.raises(ClassError) as caught:
        parse_record(payload)
    assert str(caught.value).endswith(".")


# -- both databases ---------------------------------------------------------------------------


def test_schema_has_a_version_and_migrating_twice_changes_nothing(store):
    latest = len(MIGRATIONS)
    assert store.migrate() == latest
    assert store.migrate() == latest
    assert store.query("SELECT version FROM schema_version ORDER BY version") == [
        (number,) for number in range(1, latest + 1)
    ]


def test_restart_keeps_the_class_its_students_and_records_with_a_new_secret(store, tmp_path):
    keys = SecretFile(tmp_path / "class.keys")  # beside a SQLite file without being named
    room, secret = Classroom.open(store, keys=keys)
    ann = room.join(room.code, "Ann")
    room.record(ann, deal(3, 7, 200, 3))
    again, new_secret = Classroom.open(store, keys=keys)
    assert again.code == room.code
    assert again.student(ann.id) == ann
    assert again.is_teacher(new_secret) and not again.is_teacher(secret)
    assert again.report().experiments[0].trials == 200
    # The cookie key is the class's own, in its key file: a student's signed cookie
    # survives the restart.
    assert again.unsign(room.sign(ann.id)) == ann.id


def test_sqlite_file_is_in_wal_mode_and_opens_again(tmp_path):
    SqliteStore(tmp_path / "c.sqlite3").migrate()
    again = SqliteStore(tmp_path / "c.sqlite3")
    assert again.query("PRAGMA journal_mode") == [("wal",)]


def test_teacher_secret_is_stored_only_as_a_hash(store):
    _room, secret = Classroom.open(store)
    assert secret not in json.dumps(store.query("SELECT * FROM classes"))


def test_nickname_taken_in_the_class_is_refused(room):
    room.join(room.code, "Ann")
    with pytest.raises(ClassError, match="already uses the nickname 'Ann' or one that looks"):
        room.join(room.code.lower(), " Ann ")
    with pytest.raises(ClassError, match="not this class's code"):
        room.join("ZZZZ", "Bea")


def test_only_the_first_try_at_a_question_counts(room):
    ann = room.join(room.code, "Ann")
    assert room.record(ann, quiz(1, wrong(1))) is True
    assert room.record(ann, quiz(1, RIGHT[1])) is False
    (summary,) = room.report().questions
    assert (summary.answered, summary.right) == (1, 0)


def test_pooled_quiz_share_and_most_common_wrong_answer(room):
    bank = QUIZZES["cards"][0]
    wrongs = [a for a in range(1, len(bank.answers) + 1) if a != RIGHT[1]]
    picks = [RIGHT[1], RIGHT[1], RIGHT[1], wrongs[0], wrongs[-1], wrongs[-1]]
    for i, pick in enumerate(picks):
        room.record(room.join(room.code, f"S{i}"), quiz(1, pick))
    (summary,) = room.report().questions
    assert (summary.lesson, summary.question, summary.answered, summary.right) == ("01", 1, 6, 3)
    assert summary.share_right == 0.5
    assert summary.common_wrong == bank.answers[wrongs[-1] - 1].text
    assert summary.common_wrong_count == 2


def test_pooled_experiment_has_wilson_interval_exact_value_and_each_students_estimate(room):
    runs = {"Ann": (10, 200), "Bea": (20, 400), "Cy": (30, 100)}
    for name, (seed, trials) in runs.items():
        room.record(room.join(room.code, name), deal(3, seed, trials, trials))  # forged counts
    counts = {name: (n, hits(3, seed, n)) for name, (seed, n) in runs.items()}
    successes = sum(k for _n, k in counts.values())
    (pooled,) = room.report().experiments
    assert (pooled.trials, pooled.successes) == (700, successes)
    assert (pooled.low, pooled.high) == wilson_interval(successes, 700)
    assert pooled.exact == pytest.approx(float(exact_value("go-out-on-deal/round-3")))
    assert {s.nickname: (s.trials, s.successes) for s in pooled.students} == counts


def test_only_each_students_longest_run_of_an_experiment_counts_in_the_pool(room):
    ann, bea = room.join(room.code, "Ann"), room.join(room.code, "Bea")
    for seed in range(1, 30):  # many runs of fresh seeds from one student
        room.record(ann, deal(6, seed, 200 + seed, 0))
    room.record(bea, deal(6, 500, 1000, 0))
    (pooled,) = room.report().experiments
    assert (pooled.trials, pooled.seeds) == (229 + 1000, 2)
    assert pooled.successes == hits(6, 29, 229) + hits(6, 500, 1000)


def test_a_seed_two_students_ran_counts_once_in_the_pool_its_longest_run(room):
    ann, bea = room.join(room.code, "Ann"), room.join(room.code, "Bea")
    cy = room.join(room.code, "Cy")
    room.record(ann, deal(3, 1, 1000, 7))
    room.record(bea, deal(3, 1, 200, 1))  # the first 200 of Ann's hands
    room.record(cy, deal(3, 2, 200, 3))
    (pooled,) = room.report().experiments
    assert (pooled.trials, pooled.seeds) == (1200, 2)
    assert pooled.successes == hits(3, 1, 1000) + hits(3, 2, 200)
    assert {s.nickname: s.trials for s in pooled.students} == {"Ann": 1000, "Bea": 200, "Cy": 200}


def test_same_seed_reported_again_replaces_the_earlier_counts(room):
    ann = room.join(room.code, "Ann")
    room.record(ann, deal(3, 103, 200, 1))
    room.record(ann, deal(3, 103, 1000, 7))
    (pooled,) = room.report().experiments
    assert (pooled.trials, pooled.successes) == (1000, hits(3, 103, 1000))


def test_progress_csv_and_clear(room):
    ann, bea = room.join(room.code, "Ann"), room.join(room.code, "=Bea")
    room.record(ann, quiz(1, RIGHT[1]))
    room.record(ann, quiz(2, RIGHT[2]))
    room.record(bea, deal(1, 101, 200, 20))
    room.record(bea, {"kind": "prediction", "question": "08/hardest-round/penalty", "guess": 3})
    progress = {p.nickname: p for p in room.report().progress}
    assert (progress["Ann"].answered, progress["Ann"].right, progress["Ann"].trials) == (2, 2, 0)
    assert (progress["=Bea"].experiments, progress["=Bea"].predictions) == (1, 1)
    lines = room.export_csv().splitlines()
    assert lines[0] == ",".join(EXPORT_HEADER)
    assert len(lines) == 1 + 4
    assert all(not line.split(",")[1].startswith("=") for line in lines[1:])  # no formulas
    rows = list(csv.DictReader(io.StringIO(room.export_csv())))
    (run,) = [row for row in rows if row["record"] == "experiment"]
    assert (run["trials"], run["unit"]) == ("200", "deals")  # a unit names what trials count
    assert {row["unit"] for row in rows if row["record"] != "experiment"} == {""}
    assert room.clear() == 2 + 1 + 1 + 2
    report = room.report()
    assert report.questions == report.experiments == report.progress == ()
    assert room.student(ann.id) is None


def guess(question: str, value: object) -> dict[str, object]:
    return {"kind": "prediction", "question": question, "guess": value}


def test_predictions_are_judged_against_the_exact_hardest_round_not_a_simulation(room):
    deal_question, first_turn = (
        "08/hardest-round/go-out-on-deal",
        "08/hardest-round/go-out-first-turn",
    )
    for i, value in enumerate([3, 3, 6, 5, None]):
        student = room.join(room.code, f"S{i}")
        room.record(student, guess(deal_question, value))
        room.record(student, guess(first_turn, value))
    first = room.student(student.id)
    room.record(first, guess(deal_question, 6))  # a change of mind: the latest stands
    summaries = {p.question: p for p in room.report().predictions}
    exact = summaries[deal_question]
    # round 6 has the lowest exact chance (0.49%), whatever a 200-deal simulation showed
    assert (exact.truth, exact.made, exact.skipped, exact.came_true) == ("6", 5, 0, 2)
    assert (exact.common_guess, exact.common_count) == ("3", 2)
    unknown = summaries[first_turn]  # the exact table stops at round 4: nothing to come true
    assert (unknown.truth, unknown.came_true, unknown.made, unknown.skipped) == (None, None, 4, 1)


def test_no_free_text_prediction_reaches_the_pool(room):
    ann = room.join(room.code, "Ann")
    for bad in ["THE TEACHER IS A ROBOT", "{'wilds': 1, 'share': 0.3}", 7]:
        with pytest.raises(ClassError):
            room.record(ann, guess("10/interval-width", bad))
    room.record(ann, guess("10/interval-width", "half as wide"))
    (summary,) = room.report().predictions
    assert (summary.common_guess, summary.came_true, summary.truth) == (
        "half as wide",
        1,
        "half as wide",
    )


# -- faults and floods --------------------------------------------------------------------------


def test_a_flood_from_one_student_is_rate_limited_and_others_go_on(room):
    now = [0.0]
    room.limit, room.clock = RateLimit(records=5, seconds=60), lambda: now[0]
    ann, bea = room.join(room.code, "Ann"), room.join(room.code, "Bea")
    for seed in range(5):
        room.record(ann, deal(1, seed, 10, 1))
    with pytest.raises(ClassError, match="Too many records"):
        room.record(ann, deal(1, 99, 10, 1))
    room.record(bea, deal(1, 1000, 10, 1))
    now[0] = 61.0
    room.record(ann, deal(1, 100, 10, 1))
    assert room.store.query("SELECT COUNT(*) FROM experiments") == [(7,)]


class FullDisk(SqliteStore):
    """A SQLite store whose disk fills up once ``full`` is set (SQLite's page limit)."""

    full = False

    def _open(self) -> sqlite3.Connection:
        conn = super()._open()
        if self.full:
            pages = conn.execute("PRAGMA page_count").fetchone()[0]
            conn.execute(f"PRAGMA max_page_count = {pages}")
        return conn


def test_full_disk_turns_recording_off_with_a_sentence_and_loses_nothing(tmp_path):
    store = FullDisk(tmp_path / "class.sqlite3")
    room, _ = Classroom.open(store)
    now = [0.0]
    room.clock = lambda: now[0]
    ann = room.join(room.code, "Ann")
    room.record(ann, deal(1, 1, 200, 20))
    store.full = True
    with pytest.raises(ClassUnavailableError, match=r"Recording is off: .*full"):
        for seed in range(2, 2000):  # fill the last free pages
            room.record_checked(ann, parse_record(deal(1, seed, 200, 20)))
    stored = store.query("SELECT COUNT(*) FROM experiments")[0][0]
    with pytest.raises(ClassUnavailableError, match="Recording is off"):
        room.record(ann, deal(1, 5000, 200, 20))  # refused at once while it is off
    store.full = False
    now[0] += 60
    room.record(ann, deal(1, 5001, 200, 20))  # back on after the retry time
    assert store.query("SELECT COUNT(*) FROM experiments")[0][0] == stored + 1
    assert room.problem == ""


def test_unreachable_postgresql_turns_recording_off_with_a_sentence(postgres_server):
    url = postgres_server()
    room, _ = Classroom.open(PostgresStore(url))
    ann = room.join(room.code, "Ann")
    room.record(ann, deal(1, 1, 200, 20))
    room.store = PostgresStore(url.rsplit(":", 1)[0] + ":1/nowhere", connect_timeout=2)
    with pytest.raises(ClassUnavailableError, match=r"Recording is off: .*cannot be reached"):
        room.record(ann, deal(1, 2, 200, 20))
    assert PostgresStore(url).query("SELECT COUNT(*) FROM experiments") == [(1,)]


def test_postgresql_connection_closed_by_the_server_is_made_again(postgres_server):
    import psycopg

    url = postgres_server()
    room, _ = Classroom.open(PostgresStore(url))
    ann = room.join(room.code, "Ann")
    room.record(ann, deal(1, 1, 200, 20))
    with psycopg.connect(url, autocommit=True) as admin:  # as a server restart would
        admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
    room.record(ann, deal(1, 2, 200, 20))
    assert room.problem == ""
    assert room.store.query("SELECT COUNT(*) FROM experiments") == [(2,)]


def test_open_store_picks_the_backend_from_the_address(tmp_path):
    assert isinstance(open_store(tmp_path / "x.sqlite3"), SqliteStore)
    assert isinstance(open_store("postgresql://u@127.0.0.1:1/x"), PostgresStore)


# -- results files --------------------------------------------------------------------------------


def test_results_files_merge_into_the_dashboards_figures(tmp_path):
    files = []
    for i, trials in enumerate([200, 300, 500]):
        path = tmp_path / f"s{i}.json"
        path.write_text(
            results_file(
                "Ann", [quiz(1, RIGHT[1] if i else wrong(1)), deal(3, 100 + i, trials, trials)]
            )
        )
        files.append(path)
    report = merge_result_files(files)
    assert [p.nickname for p in report.progress] == ["Ann", "Ann (2)", "Ann (3)"]
    (question,) = report.questions
    assert (question.answered, question.right) == (3, 2)
    (pooled,) = report.experiments
    replayed = hits(3, 100, 200) + hits(3, 101, 300) + hits(3, 102, 500)
    assert (pooled.trials, pooled.successes) == (1000, replayed)


def test_a_bad_results_file_is_refused_by_name(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(results_file("Ann", [deal(3, 1, 10**6, 10**6)]))
    with pytest.raises(ClassError, match=r"'bad\.json' has a record"):
        merge_result_files([bad])
    (tmp_path / "x.json").write_text("{")
    with pytest.raises(FiveCrownsError, match="not JSON"):
        merge_result_files([tmp_path / "x.json"])


# -- load ---------------------------------------------------------------------------------------


def test_thirty_students_writing_at_once_lose_no_record(store):
    room, _ = Classroom.open(store)
    students = [room.join(room.code, f"Student {i}") for i in range(30)]
    per_student = 20
    start, errors = threading.Barrier(30), []

    def work(i: int) -> None:
        start.wait()
        try:
            for k in range(per_student):
                room.record(students[i], deal(1 + k % 11, 1000 * i + k, 100, i % 7))
                if k < len(RIGHT):
                    room.record(students[i], quiz(k + 1, RIGHT[k + 1]))
        except Exception as err:  # collected: a thread's exception would be lost
            errors.append(err)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(30)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert store.query("SELECT COUNT(*) FROM experiments") == [(30 * per_student,)]
    assert store.query("SELECT COUNT(*) FROM quiz_answers") == [(30 * len(RIGHT),)]
    report = room.report()
    assert store.query("SELECT SUM(trials) FROM experiments") == [(30 * per_student * 100,)]
    # the pool counts each student's longest run per experiment: one of each of 11 rounds
    assert sum(e.trials for e in report.experiments) == 30 * 11 * 100


# -- the teacher's kit ----------------------------------------------------------------------------


@pytest.mark.parametrize("number", KIT_LESSONS)
def test_every_lessons_kit_fills_45_minutes_and_carries_its_quiz_key(number):
    from fivecrowns_lab.content.catalogue import lesson
    from fivecrowns_lab.content.quizzes import quiz_for_lesson

    assert sum(minutes for minutes, _ in kit_steps(number)) % 45 == 0
    page = kit_html(number)
    for objective in lesson(number).objectives:
        assert html.escape(objective) in page
    topic = quiz_for_lesson(number)
    for question in QUIZZES[topic] if topic else ():
        assert html.escape(question.prompt) in page
        assert html.escape(question.answers[question.right].why) in page
    # the lessons with a class experiment: 07 and 08 (by round), 09 to 11 (by run)
    assert ("Record sheet" in page) == (number in ("07", "08", "09", "10", "11"))
    assert "<script" not in page


def test_dashboard_json_puts_each_lesson_question_in_one_chart_with_its_rounds_as_ticks(room):
    ann = room.join(room.code, "Ann")
    for r in (2, 1, 11):
        room.record(ann, deal(r, 100 + r, 50, 5))
    room.record(ann, {"kind": "experiment", "experiment": "solitaire-win", "seed": 1, "trials": 5})
    with language("da"):
        data = dashboard_report(room.report())["experiments"]
    rounds = [e for e in data if e["lesson"] == "08"]
    assert [e["tick"] for e in rounds] == ["1", "2", "11"]  # in round order, one chart
    assert {(e["question"], e["chart"], e["column"]) for e in rounds} == {
        ("go out on the deal", "Gå ud på given", "runde")
    }
    (solitaire,) = [e for e in data if e["lesson"] == "11"]
    assert (solitaire["tick"], solitaire["column"]) == ("", "")
