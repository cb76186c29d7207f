"""What the dashboard shows, computed from a class's records: pooled, per question, per student.

:func:`class_report` reads a store once and returns a :class:`ClassReport` of small frozen
values; :meth:`ClassReport.as_json` is what the dashboard's page refreshes from.
:func:`export_csv` writes every record of a class as CSV for a spreadsheet.
"""

from __future__ import annotations

import csv
import io
from collections import Counter, defaultdict
from dataclasses import asdict, dataclass
from typing import Any

from ..odds.stats import wilson_interval
from .experiments import EXPERIMENTS, exact_value, find_experiment
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

    @property
    def estimate(self) -> float:
        return self.successes / self.trials


@dataclass(frozen=True)
class PredictionSummary:
    """How the class's predictions before one reveal compared with what happened."""

    lesson: str
    prediction: str
    made: int
    came_true: int
    common_predicted: str
    common_count: int


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


_STUDENTS = "SELECT id FROM students WHERE class_code = ?"


def _questions(store: ClassStore, code: str) -> tuple[QuestionSummary, ...]:
    rows = store.query(
        "SELECT q.lesson, q.question, q.prompt, q.answer, q.correct, COUNT(*) "
        "FROM quiz_answers q JOIN students s ON s.id = q.student_id WHERE s.class_code = ? "
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


def _experiments(store: ClassStore, code: str) -> tuple[ExperimentSummary, ...]:
    rows = store.query(
        "SELECT e.experiment, e.seed, s.nickname, e.trials, e.successes "
        "FROM experiments e JOIN students s ON s.id = e.student_id WHERE s.class_code = ? "
        "ORDER BY e.experiment, s.nickname, e.seed",
        (code,),
    )
    own: dict[str, dict[str, list[int]]] = defaultdict(dict)
    # One seed deals the same hands whoever runs it, and a longer run of a seed starts
    # with the hands of a shorter one: the pool counts each seed once, its longest run.
    by_seed: dict[str, dict[int, tuple[int, int]]] = defaultdict(dict)
    for experiment, seed, nickname, trials, successes in rows:
        key, n, k = str(experiment), int(trials), int(successes)
        counts = own[key].setdefault(str(nickname), [0, 0])
        counts[0] += n
        counts[1] += k
        if n > by_seed[key].get(int(seed), (0, 0))[0]:
            by_seed[key][int(seed)] = (n, k)
    order = {e: i for i, e in enumerate(EXPERIMENTS)}

    def place(experiment: str) -> tuple[str, int, str]:
        # By lesson, then the fixed experiments in their order, then the named ones by id.
        known = find_experiment(experiment)
        return (known.lesson if known else "99", order.get(experiment, len(order)), experiment)

    out = []
    for experiment in sorted(own, key=place):
        students = tuple(StudentEstimate(name, n, k) for name, (n, k) in own[experiment].items())
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
                students,
                known.unit if known else "deals",
            )
        )
    return tuple(out)


def _progress(store: ClassStore, code: str) -> tuple[StudentProgress, ...]:
    rows = store.query(
        "SELECT s.nickname, s.joined_at, "
        "(SELECT COUNT(*) FROM quiz_answers q WHERE q.student_id = s.id), "
        "(SELECT COALESCE(SUM(q.correct), 0) FROM quiz_answers q WHERE q.student_id = s.id), "
        "(SELECT COUNT(*) FROM predictions p WHERE p.student_id = s.id), "
        "(SELECT COUNT(*) FROM experiments e WHERE e.student_id = s.id), "
        "(SELECT COALESCE(SUM(e.trials), 0) FROM experiments e WHERE e.student_id = s.id), "
        "(SELECT MAX(at) FROM (SELECT at FROM quiz_answers WHERE student_id = s.id "
        " UNION ALL SELECT at FROM experiments WHERE student_id = s.id "
        " UNION ALL SELECT at FROM predictions WHERE student_id = s.id) AS times) "
        "FROM students s WHERE s.class_code = ? ORDER BY s.nickname",
        (code,),
    )
    return tuple(
        StudentProgress(str(nick), int(n), int(r), int(p), int(e), int(t), str(last or joined))
        for nick, joined, n, r, p, e, t, last in rows
    )


def _predictions(store: ClassStore, code: str) -> tuple[PredictionSummary, ...]:
    rows = store.query(
        "SELECT p.lesson, p.prediction, p.predicted, p.outcome, COUNT(*) "
        "FROM predictions p JOIN students s ON s.id = p.student_id WHERE s.class_code = ? "
        "GROUP BY p.lesson, p.prediction, p.predicted, p.outcome",
        (code,),
    )
    made: Counter[tuple[str, str]] = Counter()
    true: Counter[tuple[str, str]] = Counter()
    said: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    for lesson, prediction, predicted, outcome, count in rows:
        key = (str(lesson), str(prediction))
        made[key] += int(count)
        true[key] += int(count) if predicted == outcome else 0
        said[key][str(predicted)] += int(count)
    out = []
    for key in sorted(made):
        common, n = sorted(said[key].items(), key=lambda item: (-item[1], item[0]))[0]
        out.append(PredictionSummary(key[0], key[1], made[key], true[key], common, n))
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
    "deals",
    "successes",
    "time",
)
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _cell(value: object) -> str:
    text = "" if value is None else str(value)
    return "'" + text if text.startswith(_FORMULA_START) else text


def export_csv(store: ClassStore, code: str) -> str:
    """Every record of class ``code`` as CSV text (no cell a spreadsheet would run)."""
    rows: list[tuple[Any, ...]] = []
    rows += store.query(
        "SELECT 'quiz', s.nickname, q.lesson, q.question || '. ' || q.prompt, q.answer, "
        "CASE WHEN q.correct = 1 THEN 'right' ELSE 'wrong' END, NULL, NULL, NULL, q.at "
        "FROM quiz_answers q JOIN students s ON s.id = q.student_id WHERE s.class_code = ?",
        (code,),
    )
    rows += store.query(
        "SELECT 'prediction', s.nickname, p.lesson, p.prediction, p.predicted, p.outcome, "
        "NULL, NULL, NULL, p.at "
        "FROM predictions p JOIN students s ON s.id = p.student_id WHERE s.class_code = ?",
        (code,),
    )
    rows += store.query(
        "SELECT 'experiment', s.nickname, e.lesson, e.experiment, NULL, NULL, e.seed, "
        "e.trials, e.successes, e.at "
        "FROM experiments e JOIN students s ON s.id = e.student_id WHERE s.class_code = ?",
        (code,),
    )
    rows.sort(key=lambda row: (str(row[9]), str(row[1])))
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(EXPORT_HEADER)
    writer.writerows([_cell(v) for v in row] for row in rows)
    return out.getvalue()
