"""Figures a student cannot forge: record ids stored once, experiments the server replays,
bounded pools, structured predictions, and the teacher's Hide button (both databases)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fivecrowns_lab.classroom import Classroom, SqliteStore
from fivecrowns_lab.classroom.experiments import draw_out_id, exact_value
from fivecrowns_lab.classroom.recompute import MAX_TRIALS, replay_experiment, replayed_trials
from fivecrowns_lab.classroom.records import check_record_id
from fivecrowns_lab.classroom.store import PostgresStore
from fivecrowns_lab.core.cards import parse_cards
from fivecrowns_lab.errors import ClassError, ClassUnavailableError

ROUND_6 = "go-out-on-deal/round-6"
HAND_09 = "draw-an-out/round-4/8H-9H-10H-QC-QS-KD"
SEATS = "seat-1-wins/greedy-vs-random/rounds-11"


@pytest.fixture(params=["sqlite", "postgresql"])
def room(request, tmp_path):
    if request.param == "sqlite":
        store: Any = SqliteStore(tmp_path / "class.sqlite3")
    else:
        store = PostgresStore(request.getfixturevalue("postgres_server")())
    classroom, _secret = Classroom.open(store)
    return classroom


def forged(experiment: str, seed: int, trials: int, rid: str) -> dict[str, Any]:
    """The attack of issue 44: every trial a success."""
    return {"kind": "experiment", "id": rid, "experiment": experiment, "seed": seed,
            "trials": trials, "successes": trials}  # fmt: skip


def pooled(room: Classroom) -> dict[str, Any]:
    return {e.experiment: e for e in room.report().experiments}


# -- ids: a retry is stored once -----------------------------------------------------------


def test_record_id_rule_8_to_64_letters_digits_dash_underscore():
    assert check_record_id({"id": "abcDEF12"}) == "abcDEF12"
    for bad in [None, "", "short", "x" * 65, "has space", "ÆØÅæøå12", 12345678, "a/b-c_d12"]:
        with pytest.raises(ClassError, match="needs an id"):
            check_record_id({"id": bad})


def test_a_retried_batch_is_stored_once_and_acknowledged_again(room):
    ann = room.join(room.code, "Ann")
    batch = [
        forged(ROUND_6, 7, 1000, "run-000000001"),
        {"kind": "quiz", "id": "quiz-00000001", "topic": "cards", "question": 1, "answer": 1},
        {"kind": "prediction", "id": "pred-00000001", "question": "08/hardest-round/penalty",
         "guess": 8},
    ]  # fmt: skip
    first = room.record_batch(ann, batch)
    again = room.record_batch(ann, batch)
    ids = ["run-000000001", "quiz-00000001", "pred-00000001"]
    assert first.as_json() == {"acked": ids, "stored": 3, "refused": []}
    assert again.as_json() == {"acked": ids, "stored": 0, "refused": []}
    assert room.store.query("SELECT COUNT(*) FROM record_ids") == [(3,)]
    (run,) = room.report().experiments
    assert (run.trials, run.successes) == (1000, replay_experiment(ROUND_6, 7, 1000))


def test_an_id_twice_in_one_batch_counts_once(room):
    ann = room.join(room.code, "Ann")
    twice = [forged(ROUND_6, 7, 1000, "same-id-1"), forged(ROUND_6, 8, 1000, "same-id-1")]
    outcome = room.record_batch(ann, twice)
    assert outcome.stored == 1 and outcome.acked == ("same-id-1", "same-id-1")
    assert room.store.query("SELECT COUNT(*) FROM experiments") == [(1,)]


def test_a_record_refused_for_good_is_acknowledged_with_its_sentence_one_without_id_too(room):
    ann = room.join(room.code, "Ann")
    outcome = room.record_batch(
        ann,
        [
            forged(ROUND_6, 1, 10**6, "huge-run-01"),
            {"kind": "experiment", "experiment": ROUND_6, "seed": 1, "trials": 10},
        ],
    )
    data = outcome.as_json()
    assert data["acked"] == ["huge-run-01"] and data["stored"] == 0
    (huge, anonymous) = data["refused"]
    assert huge["id"] == "huge-run-01" and "trials" in huge["message"]
    assert anonymous["id"] is None and "needs an id" in anonymous["message"]


def test_a_database_away_stores_nothing_of_the_batch_and_acknowledges_nothing(tmp_path):
    class Failing(SqliteStore):
        """Fails on the second record of a batch, after the first was written."""

        def add_records(self, code, student_id, items, at):  # type: ignore[override]
            with self._connection() as conn:
                cur = conn.cursor()
                cur.execute(
                    "INSERT INTO record_ids VALUES (?, ?, ?, ?)", (code, "x" * 8, student_id, at)
                )
                import sqlite3

                raise sqlite3.OperationalError("disk I/O error")

    store = Failing(tmp_path / "c.sqlite3")
    room, _ = Classroom.open(store)
    ann = room.join(room.code, "Ann")
    with pytest.raises(ClassUnavailableError, match="Recording is off"):
        room.record_batch(
            ann, [forged(ROUND_6, 1, 100, "first-one"), forged(ROUND_6, 2, 100, "second-1")]
        )
    assert store.query("SELECT COUNT(*) FROM record_ids") == [(0,)]


def test_past_the_rate_limit_a_record_is_not_acknowledged_so_the_page_sends_it_again(room):
    from fivecrowns_lab.classroom import RateLimit

    room.limit = RateLimit(records=2, seconds=60)
    ann = room.join(room.code, "Ann")
    batch = [forged(ROUND_6, s, 10, f"rate-limit-{s}") for s in range(4)]
    outcome = room.record_batch(ann, batch)
    assert outcome.acked == ("rate-limit-0", "rate-limit-1") and outcome.stored == 2


def test_replay_rate_limit_few_experiment_runs_a_minute_so_one_student_cannot_busy_the_server(
    room,
):
    from fivecrowns_lab.classroom import RateLimit

    now = [0.0]
    room.limit, room.clock = RateLimit(records=100, seconds=60, experiments=3), lambda: now[0]
    ann = room.join(room.code, "Ann")
    batch = [forged(ROUND_6, s, 10, f"replay-cap-{s}") for s in range(5)]
    assert room.record_batch(ann, batch).acked == tuple(f"replay-cap-{s}" for s in range(3))
    quiz = {"kind": "quiz", "id": "quiz-after-cap", "topic": "cards", "question": 1, "answer": 1}
    assert room.record_batch(ann, [quiz]).acked == ("quiz-after-cap",)  # quizzes go on
    now[0] = 61.0
    assert room.record_batch(ann, batch).acked == tuple(f"replay-cap-{s}" for s in range(5))


# -- experiments: the server's own count -----------------------------------------------------


def test_forged_counts_and_million_trial_records_leave_the_pool_at_the_servers_count(room):
    ann, bea = room.join(room.code, "Ann"), room.join(room.code, "Bea")
    room.record_batch(bea, [forged(ROUND_6, 500, 2000, "honest-run-1")])
    before = room.report().as_json()["experiments"]
    attack = [forged(ROUND_6, 10_000 + i, 10**6, f"attack-big-{i}") for i in range(20)]
    outcome = room.record_batch(ann, attack)
    assert outcome.stored == 0 and len(outcome.refused) == 20
    assert room.report().as_json()["experiments"] == before  # the pool is unchanged
    # within the lesson's bound: the server's replay is stored, never the forged count
    attack = [forged(ROUND_6, 20_000 + i, 5000, f"attack-max-{i}") for i in range(20)]
    room.record_batch(ann, attack)
    stored = room.store.query("SELECT MAX(successes) FROM experiments")[0][0]
    assert stored < 100  # round 6 goes out on the deal 0.49% of the time, not 100%
    run = pooled(room)[ROUND_6]
    assert run.trials == 2000 + 5000  # one (longest) run per student
    assert run.low < float(exact_value(ROUND_6)) < run.high


@settings(max_examples=15, deadline=None)
@given(
    seed=st.integers(0, 2**63 - 1),
    trials=st.integers(1, 300),
    claimed=st.integers(0, 10**6),
)
def test_recompute_rule_the_stored_count_ignores_the_posted_one(seed, trials, claimed):
    from fivecrowns_lab.classroom import parse_record

    record = parse_record(
        {
            "kind": "experiment",
            "experiment": HAND_09,
            "seed": seed,
            "trials": trials,
            "successes": claimed,
        }
    )
    assert record.successes == replay_experiment(HAND_09, seed, trials) <= trials


def test_lesson_10_is_replayed_on_a_fixed_sample_of_its_first_games():
    done = replayed_trials(SEATS, MAX_TRIALS["10"])
    assert 2 <= done < MAX_TRIALS["10"]
    assert replayed_trials(SEATS, 10) == 10
    assert replay_experiment(SEATS, 4, 10) <= 10


def test_lesson_09_hands_must_be_real_cards_and_one_student_adds_at_most_3_hands(room):
    ann, bea = room.join(room.code, "Ann"), room.join(room.code, "Bea")
    impossible = "draw-an-out/round-4/8H-8H-10H-QC-QS-KD/seen-8H"  # a third 8♥ seen
    (refusal,) = room.record_batch(ann, [forged(impossible, 1, 100, "fake-hand-1")]).refused
    assert "more often than the two decks" in refusal[1]
    hands = [draw_out_id(4, parse_cards(f"{a}H {a + 1}H {a + 2}H QC QS KD")) for a in range(3, 8)]
    for i, hand in enumerate(hands):
        room.record_batch(ann, [forged(hand, i, 100, f"hand-run-{i}")])
    room.record_batch(bea, [forged(hands[0], 99, 100, "bea-hand-0")])
    figures = pooled(room)
    ann_hands = [
        h for h in hands if h in figures and any(s.nickname == "Ann" for s in figures[h].students)
    ]
    assert ann_hands == hands[-3:]  # her latest three
    assert set(figures) == {hands[0], *hands[-3:]}  # Bea's hand stays


# -- predictions ---------------------------------------------------------------------------


def test_a_students_prediction_is_stored_once_per_question_the_latest_standing(room):
    ann = room.join(room.code, "Ann")
    for i, value in enumerate([3, 5, 6]):
        prediction = {"kind": "prediction", "id": f"guess-run-{i}",
                      "question": "08/hardest-round/go-out-on-deal", "guess": value}  # fmt: skip
        room.record_batch(ann, [prediction])
    (summary,) = room.report().predictions
    assert (summary.made, summary.came_true, summary.common_guess) == (1, 1, "6")


def test_lesson_07_share_guess_comes_true_as_the_lesson_says_very_close(room):
    truth = float(exact_value("most-common-wilds/round-5")) * 100
    for i, share in enumerate([truth + 1.5, truth - 5, 0]):
        student = room.join(room.code, f"S{i}")
        room.record(student, {"kind": "prediction", "question": "07/share-of-most-common/round-5",
                              "guess": share})  # fmt: skip
    (summary,) = room.report().predictions
    assert (summary.made, summary.came_true, summary.truth) == (3, 1, f"{truth:.1f}")


# -- hiding a student ------------------------------------------------------------------------


def test_hide_rule_a_hidden_student_is_left_out_of_every_pooled_figure(room):
    ann, bea = room.join(room.code, "Ann"), room.join(room.code, "Bea")
    honest = [forged(ROUND_6, 5, 1000, "bea-run-001"),
              {"kind": "quiz", "id": "bea-quiz-01", "topic": "cards", "question": 1, "answer": 1},
              {"kind": "prediction", "id": "bea-pred-01", "question": "10/interval-width",
               "guess": "half as wide"}]  # fmt: skip
    room.record_batch(bea, honest)
    alone = room.report().as_json()
    quiz = {"kind": "quiz", "id": "ann-quiz-01", "topic": "cards", "question": 1, "answer": 2}
    mischief = [forged(ROUND_6, 6, 5000, "ann-run-001"), quiz,
                {"kind": "prediction", "id": "ann-pred-01", "question": "10/interval-width",
                 "guess": "twice as wide"}]  # fmt: skip
    room.record_batch(ann, mischief)
    assert room.report().as_json()["experiments"] != alone["experiments"]
    assert room.set_hidden(ann.id, True) is True
    hidden = room.report().as_json()
    for part in ("experiments", "questions", "predictions"):
        assert hidden[part] == alone[part]
    progress = {p["nickname"]: p for p in hidden["progress"]}
    assert progress["Ann"]["hidden"] and not progress["Bea"]["hidden"]
    assert progress["Ann"]["experiments"] == 1  # her records stay stored
    room.set_hidden(ann.id, False)
    assert room.report().as_json()["experiments"] != alone["experiments"]
    assert room.set_hidden("nobody-here", True) is False
    with pytest.raises(ClassError):
        room.set_hidden(ann.id, "yes")
