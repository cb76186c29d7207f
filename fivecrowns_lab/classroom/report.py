"""What the dashboard shows, computed from a class's records: pooled, per question, per student.

:func:`class_report` reads a store once and returns a :class:`ClassReport` of small frozen
values; :meth:`ClassReport.as_json` is what the dashboard's page refreshes from.
:func:`export_csv` writes every record of a class as CSV for a spreadsheet, from the rows
of :func:`export_rows` (which ``.to_frame()`` makes a pandas DataFrame).
"""

from __future__ import annotations

import csv
import io
from collections import Counter, defaultdict
from dataclasses import asdict, dataclass
from typing import Any

from ..odds.stats import wilson_interval
from ..table.rows import Rows
from .experiments import EXPERIMENTS, exact_value, find_experiment
from .predictions import came_true, find_question, question_label
from .store import ClassStore

__all__ = [
    "EXPORT_HEADER",
    "ClassReport",
    "ExperimentSummary",
    "PredictionSummary",
    "QuestionSummary",
    "StudentEstimate",
    "StudentProgress",
    "class_report",
    "export_csv",
    "export_rows",
]


@dataclass(frozen=True)
class QuestionSummary:
    """How the class did at one quiz question at the first try."""

    lesson: str
    question: int
    prompt: str
    answered: int
    right: int
    common_wrong: str | None
    common_wrong_count: int

    @property
    def share_right(self) -> float:
        return self.right / self.answered if self.answered else 0.0


@dataclass(frozen=True)
class StudentEstimate:
    """One student's own estimate for an experiment (a dot on the dashboard)."""

    nickname: str
    trials: int
    successes: int

    @property
    def estimate(self) -> float:
        return self.successes / self.trials


@dataclass(frozen=True)
class ExperimentSummary:
    """The class's pooled counts for one experiment, its 95% interval and the exact value.

    ``trials`` and ``successes`` count each seed once (``seeds`` of them), however many
    students ran it: the same seed deals the same hands.
    """

    experiment: str
    label: str
    lesson: str
    trials: int
    successes: int
    seeds: int
    low: float
    high: float
    exact: float | None
    students: tuple[StudentEstimate, ...]
    unit: str = "deals"
    #: The lesson's question it answers ("go out on the deal"): the dashboard draws one
    #: chart per question, with each of its experiments (a round, a hand) on one axis.
    question: str = ""
    round_no: int = 0

    @property
    def estimate(self) -> float:
        return self.successes / self.trials


@dataclass(frozen=True)
class PredictionSummary:
    """The class's guesses at one prediction question, and how many came true.

    ``came_true`` and ``truth`` are None where the engine knows no exact answer (the
    dashboard then shows the guesses alone). Lesson 09's questions, one per hand, are
    pooled in one row (``question`` ``"09/outs"``): each guess is judged against its own
    hand, and no single truth or common guess is shown.
    """

    lesson: str
    question: str
    label: str
    made: int
    skipped: int
    came_true: int | None
    common_guess: str | None
    common_count: int
    truth: str | None


@dataclass(frozen=True)
class StudentProgress:
    """What one student has done: quiz questions answered (and right), experiments, deals."""

    nickname: str
    answered: int
    right: int
    predictions: int
    experiments: int
    trials: int
    last_seen: str
    student: str = ""
    hidden: bool = False


@dataclass(frozen=True)
class ClassReport:
    """Everything the dashboard shows for one class."""

    code: str
    questions: tuple[QuestionSummary, ...]
    experiments: tuple[ExperimentSummary, ...]
    progress: tuple[StudentProgress, ...]
    predictions: tuple[PredictionSummary, ...] = ()

    def as_json(self) -> dict[str, Any]:
        """Plain JSON-ready data (shares and estimates included)."""
        return {
            "code": self.code,
            "questions": [asdict(q) | {"share_right": q.share_right} for q in self.questions],
            "experiments": [
                asdict(e)
                | {
                    "estimate": e.estimate,
                    "students": [asdict(s) | {"estimate": s.estimate} for s in e.students],
                }
                for e in self.experiments
            ],
            "progress": [asdict(p) for p in self.progress],
            "predictions": [asdict(p) for p in self.predictions],
        }


#: The students whose records the pooled figures count: the teacher hides the others.
_SHOWN = "s.class_code = ? AND s.hidden = 0"
#: Lesson 09's hands one student adds to the pool: their latest few (no flood of charts).
HANDS_PER_STUDENT = 3


def _questions(store: ClassStore, code: str) -> tuple[QuestionSummary, ...]:
    rows = store.query(
        "SELECT q.lesson, q.question, q.prompt, q.answer, q.correct, COUNT(*) "
        f"FROM quiz_answers q JOIN students s ON s.id = q.student_id WHERE {_SHOWN} "
        "GROUP BY q.lesson, q.question, q.prompt, q.answer, q.correct",
        (code,),
    )
    answered: Counter[tuple[str, int]] = Counter()
    right: Counter[tuple[str, int]] = Counter()
    wrong: dict[tuple[str, int], Counter[str]] = defaultdict(Counter)
    prompts: dict[tuple[str, int], str] = {}
    for lesson, question, prompt, answer, correct, count in rows:
        key = (str(lesson), int(question))
        prompts[key] = str(prompt)
        answered[key] += int(count)
        if int(correct):
            right[key] += int(count)
        else:
            wrong[key][str(answer)] += int(count)
    out = []
    for key in sorted(answered):
        # Most common wrong answer; a tie goes to the answer first in alphabetical order.
        ranked = sorted(wrong[key].items(), key=lambda item: (-item[1], item[0]))
        out.append(
            QuestionSummary(
                key[0],
                key[1],
                prompts[key],
                answered[key],
                right[key],
                ranked[0][0] if ranked else None,
                ranked[0][1] if ranked else 0,
            )
        )
    return tuple(out)


def _longest_runs(store: ClassStore, code: str) -> dict[str, dict[str, tuple[int, int, int]]]:
    """Each shown student's longest run of each experiment: ``{experiment: {nickname:
    (seed, trials, successes)}}``. One student adds at most one run to a pool, and at
    most their latest :data:`HANDS_PER_STUDENT` hands to lesson 09's."""
    rows = store.query(
        "SELECT e.experiment, e.seed, s.id, s.nickname, e.trials, e.successes, e.at "
        f"FROM experiments e JOIN students s ON s.id = e.student_id WHERE {_SHOWN} "
        "ORDER BY e.experiment, s.nickname, e.seed",
        (code,),
    )
    best: dict[tuple[str, str], tuple[int, int, int]] = {}
    latest: dict[tuple[str, str], str] = {}
    names: dict[str, str] = {}
    for experiment, seed, student, nickname, trials, successes, at in rows:
        key = (str(student), str(experiment))
        names[str(student)] = str(nickname)
        latest[key] = max(latest.get(key, ""), str(at))
        if int(trials) > best.get(key, (0, 0, 0))[1]:
            best[key] = (int(seed), int(trials), int(successes))
    hands: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for student, experiment in best:
        if experiment.startswith("draw-an-out/"):
            hands[student].append((latest[(student, experiment)], experiment))
    dropped = {
        (student, experiment)
        for student, mine in hands.items()
        for _at, experiment in sorted(mine, reverse=True)[HANDS_PER_STUDENT:]
    }
    runs: dict[str, dict[str, tuple[int, int, int]]] = defaultdict(dict)
    for (student, experiment), run in best.items():
        if (student, experiment) not in dropped:
            runs[experiment][names[student]] = run
    return runs


def _experiments(store: ClassStore, code: str) -> tuple[ExperimentSummary, ...]:
    own = _longest_runs(store, code)
    # One seed deals the same hands whoever runs it, and a longer run of a seed starts
    # with the hands of a shorter one: the pool counts each seed once, its longest run.
    by_seed: dict[str, dict[int, tuple[int, int]]] = defaultdict(dict)
    for experiment, students in own.items():
        for seed, n, k in students.values():
            if n > by_seed[experiment].get(seed, (0, 0))[0]:
                by_seed[experiment][seed] = (n, k)
    order = {e: i for i, e in enumerate(EXPERIMENTS)}

    def place(experiment: str) -> tuple[str, int, str]:
        # By lesson, then the fixed experiments in their order, then the named ones by id.
        known = find_experiment(experiment)
        return (known.lesson if known else "99", order.get(experiment, len(order)), experiment)

    out = []
    for experiment in sorted(own, key=place):
        dots = tuple(
            StudentEstimate(name, n, k) for name, (_s, n, k) in sorted(own[experiment].items())
        )
        trials = sum(n for n, _k in by_seed[experiment].values())
        successes = sum(k for _n, k in by_seed[experiment].values())
        low, high = wilson_interval(successes, trials)
        exact = exact_value(experiment)
        known = find_experiment(experiment)
        out.append(
            ExperimentSummary(
                experiment,
                known.label if known else experiment,
                known.lesson if known else "",
                trials,
                successes,
                len(by_seed[experiment]),
                low,
                high,
                float(exact) if exact is not None else None,
                dots,
                known.unit if known else "deals",
                known.question if known else experiment,
                known.round_no if known else 0,
            )
        )
    return tuple(out)


def _progress(store: ClassStore, code: str) -> tuple[StudentProgress, ...]:
    rows = store.query(
        "SELECT s.nickname, s.joined_at, "
        "(SELECT COUNT(*) FROM quiz_answers q WHERE q.student_id = s.id), "
        "(SELECT COALESCE(SUM(q.correct), 0) FROM quiz_answers q WHERE q.student_id = s.id), "
        "(SELECT COUNT(*) FROM guesses g WHERE g.student_id = s.id), "
        "(SELECT COUNT(*) FROM experiments e WHERE e.student_id = s.id), "
        "(SELECT COALESCE(SUM(e.trials), 0) FROM experiments e WHERE e.student_id = s.id), "
        "(SELECT MAX(at) FROM (SELECT at FROM quiz_answers WHERE student_id = s.id "
        " UNION ALL SELECT at FROM experiments WHERE student_id = s.id "
        " UNION ALL SELECT at FROM guesses WHERE student_id = s.id) AS times), "
        "s.id, s.hidden "
        "FROM students s WHERE s.class_code = ? ORDER BY s.nickname",
        (code,),
    )
    return tuple(
        StudentProgress(
            str(nick),
            int(n),
            int(r),
            int(p),
            int(e),
            int(t),
            str(last or joined),
            str(sid),
            bool(hidden),
        )
        for nick, joined, n, r, p, e, t, last, sid, hidden in rows
    )


def _predictions(store: ClassStore, code: str) -> tuple[PredictionSummary, ...]:
    rows = store.query(
        "SELECT g.question, g.guess, s.id, g.at "
        f"FROM guesses g JOIN students s ON s.id = g.student_id WHERE {_SHOWN} "
        "ORDER BY g.at DESC",
        (code,),
    )
    made: Counter[str] = Counter()
    skipped: Counter[str] = Counter()
    true: Counter[str] = Counter()
    said: dict[str, Counter[str]] = defaultdict(Counter)
    hands: Counter[tuple[str, str]] = Counter()
    judged: set[str] = set()
    for question_id, guess, student, _at in rows:
        question = find_question(str(question_id))
        if question is None:  # a question this package no longer asks
            continue
        key = "09/outs" if question.lesson == "09" else question.id
        if key == "09/outs":
            hands[(key, str(student))] += 1
            if hands[(key, str(student))] > HANDS_PER_STUDENT:
                continue  # the student's latest hands only, as in the experiments
        if guess is None:
            skipped[key] += 1
            continue
        made[key] += 1
        said[key][str(guess)] += 1
        verdict = came_true(question, str(guess))
        if verdict is not None:
            judged.add(key)
            true[key] += verdict
    out = []
    for key in sorted(made.keys() | skipped.keys()):
        question = find_question(key) if key != "09/outs" else None
        ranked = sorted(said[key].items(), key=lambda item: (-item[1], item[0]))
        common, count = ranked[0] if ranked and question is not None else (None, 0)
        truth = question.truth if question is not None else None
        out.append(
            PredictionSummary(
                key[:2],
                key,
                question_label(key),
                made[key],
                skipped[key],
                true[key] if key in judged or truth is not None else None,
                common,
                count,
                truth,
            )
        )
    return tuple(out)


def class_report(store: ClassStore, code: str) -> ClassReport:
    """The dashboard's figures for class ``code``, read from ``store``."""
    return ClassReport(
        code,
        _questions(store, code),
        _experiments(store, code),
        _progress(store, code),
        _predictions(store, code),
    )


EXPORT_HEADER = (
    "record",
    "nickname",
    "lesson",
    "item",
    "answer or prediction",
    "right or outcome",
    "seed",
    "trials",
    "unit",
    "successes",
    "time",
)
#: The export's columns: an experiment's ``trials`` are counted in its ``unit`` (hands,
#: deals, draws or games), named in the column after them.
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _cell(value: object) -> str:
    text = "" if value is None else str(value)
    return "'" + text if text.startswith(_FORMULA_START) else text


def _with_unit(row: tuple[Any, ...]) -> tuple[Any, ...]:
    """An experiment's row with its unit filled in (the store keeps the id, not the unit)."""
    if row[0] != "experiment":
        return row
    known = find_experiment(str(row[3]))
    return (*row[:8], known.unit if known else "deals", *row[9:])


def export_rows(store: ClassStore, code: str) -> Rows:
    """Every record of class ``code``, oldest first: the export as typed rows (``.to_frame()``)."""
    rows: list[tuple[Any, ...]] = []
    rows += store.query(
        "SELECT 'quiz', s.nickname, q.lesson, q.question || '. ' || q.prompt, q.answer, "
        "CASE WHEN q.correct = 1 THEN 'right' ELSE 'wrong' END, NULL, NULL, NULL, NULL, q.at "
        "FROM quiz_answers q JOIN students s ON s.id = q.student_id WHERE s.class_code = ?",
        (code,),
    )
    rows += store.query(
        "SELECT 'prediction', s.nickname, g.lesson, g.question, g.guess, NULL, "
        "NULL, NULL, NULL, NULL, g.at "
        "FROM guesses g JOIN students s ON s.id = g.student_id WHERE s.class_code = ?",
        (code,),
    )
    rows += store.query(  # the free-text predictions of the first schema, kept as they were
        "SELECT 'prediction', s.nickname, p.lesson, p.prediction, p.predicted, p.outcome, "
        "NULL, NULL, NULL, NULL, p.at "
        "FROM predictions p JOIN students s ON s.id = p.student_id WHERE s.class_code = ?",
        (code,),
    )
    rows += store.query(
        "SELECT 'experiment', s.nickname, e.lesson, e.experiment, NULL, NULL, e.seed, "
        "e.trials, NULL, e.successes, e.at "
        "FROM experiments e JOIN students s ON s.id = e.student_id WHERE s.class_code = ?",
        (code,),
    )
    rows = [_with_unit(row) for row in rows]
    rows.sort(key=lambda row: (str(row[10]), str(row[1])))
    return Rows(EXPORT_HEADER, tuple(rows))


def export_csv(store: ClassStore, code: str) -> str:
    """Every record of class ``code`` as CSV text (no cell a spreadsheet would run)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(EXPORT_HEADER)
    writer.writerows([_cell(v) for v in row] for row in export_rows(store, code).data)
    return out.getvalue()
