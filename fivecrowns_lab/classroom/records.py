"""What a class records, as small frozen values, and the checks on what a browser sends.

A record arrives as JSON from a student's page (or from a results file saved offline).
:func:`parse_record` turns it into one of three values or raises
:class:`~fivecrowns_lab.errors.ClassError` with a sentence quoting the bad part:

- :class:`QuizAnswer`: a first try at a quiz question. The page sends the quiz's topic,
  the question's number and the chosen answer's number; whether it is right, and the
  texts, come from the quiz bank here, never from the page.
- :class:`Prediction`: a guess before a reveal, as a question id from
  :mod:`~fivecrowns_lab.classroom.predictions` and one of the guesses it allows (never
  free text); the truth comes from the engine, never from the page.
- :class:`ExperimentResult`: counts from a simulation (deals dealt, deals that went out),
  with the seed that replays it. The server replays it
  (:func:`~fivecrowns_lab.classroom.recompute.replay_experiment`) and keeps only its own
  count: a ``successes`` the page sends is ignored, never stored.

Every record a page sends also carries an ``id`` (:func:`check_record_id`), made in the
browser or the kernel, so that a retry is stored once.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..content.quizzes import LESSON_QUIZZES, QUIZZES
from ..errors import ClassError, quote
from ..i18n import N_
from ..validators import clean_name
from .experiments import _DRAW, _cards, find_experiment
from .predictions import find_question
from .recompute import MAX_TRIALS as TRIAL_BOUNDS
from .recompute import real_cards, replay_experiment, replayed_trials

__all__ = [
    "CODE_ALPHABET",
    "MAX_NICKNAME",
    "MAX_TRIALS",
    "BatchOutcome",
    "ExperimentResult",
    "Prediction",
    "QuizAnswer",
    "Record",
    "check_code",
    "check_nickname",
    "check_record_id",
    "new_code",
    "new_record_id",
    "parse_record",
]

#: Class codes use letters and digits nobody mixes up on a projector (no 0/O, 1/I/L).
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
_CODE = re.compile(rf"[{CODE_ALPHABET}]{{4,8}}")
MAX_NICKNAME = 24
#: The most trials one record may report (the lessons' own bounds are in ``recompute``).
MAX_TRIALS = max(TRIAL_BOUNDS.values())
_RECORD_ID = re.compile(r"[A-Za-z0-9_-]{8,64}")
_MAX_SEED = 2**63 - 1


@dataclass(frozen=True)
class QuizAnswer:
    """A first try at a quiz question; ``question`` is its number in the quiz, from 1."""

    lesson: str
    question: int
    prompt: str
    answer: str
    correct: bool


@dataclass(frozen=True)
class Prediction:
    """A guess at ``question`` (an id of the catalogue) before its reveal; None: skipped."""

    lesson: str
    question: str
    guess: str | None


@dataclass(frozen=True)
class ExperimentResult:
    """``successes`` out of ``trials`` simulated deals of one experiment, from ``seed``."""

    lesson: str
    experiment: str
    seed: int
    trials: int
    successes: int


Record = QuizAnswer | Prediction | ExperimentResult


def new_code() -> str:
    """A fresh class code: six characters that read unambiguously aloud and on a screen."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def new_record_id() -> str:
    """A fresh record id (what a kernel gives a record it makes)."""
    return secrets.token_urlsafe(12)


def check_record_id(payload: object) -> str:
    """The ``id`` of a record a page sent, or a :class:`ClassError` saying what is wrong.

    >>> check_record_id({"id": "r-20260101-0001"})
    'r-20260101-0001'
    """
    value = payload.get("id") if isinstance(payload, dict) else None
    if not isinstance(value, str) or not _RECORD_ID.fullmatch(value):
        raise ClassError.because(
            N_("A record needs an id of 8 to 64 letters, digits, '-' or '_', not {value}."),
            value=quote(value)[:80],
        )
    return value


def check_code(code: object) -> str:
    """The class code as stored (upper case, no spaces), or a :class:`ClassError`.

    >>> check_code(" k7q f2m ")
    'K7QF2M'
    """
    if not isinstance(code, str):
        raise ClassError(f"A class code is text, not {quote(code)}.")
    cleaned = "".join(code.split()).upper()
    if not _CODE.fullmatch(cleaned):
        raise ClassError.because(
            N_(
                "{code} is not a class code: it has 4 to 8 letters and digits, as your teacher "
                "shows it."
            ),
            code=quote(code),
        )
    return cleaned


def check_nickname(nickname: object) -> str:
    """A nickname cleaned (see :func:`~fivecrowns_lab.validators.clean_name`) and bounded.

    >>> check_nickname("  Ann\\u200b  B. ")
    'Ann B.'
    """
    if not isinstance(nickname, str):
        raise ClassError(f"A nickname is text, not {quote(nickname)}.")
    cleaned = clean_name(nickname)
    if not cleaned:
        raise ClassError.because(
            N_("Type a nickname: any short name your teacher will recognise.")
        )
    if len(cleaned) > MAX_NICKNAME:
        raise ClassError.because(
            N_("The nickname {nickname} is too long: keep it to {count} characters."),
            nickname=quote(cleaned),
            count=MAX_NICKNAME,
        )
    return cleaned


def _whole(payload: dict[str, Any], key: str, low: int, high: int) -> int:
    value = payload.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ClassError(
            f"The {key} of a record is a whole number from {low:,} to {high:,}, "
            f"not {quote(value)}."
        )
    return value


def _quiz(payload: dict[str, Any]) -> QuizAnswer:
    topic = payload.get("topic")
    if not isinstance(topic, str) or topic not in QUIZZES:
        raise ClassError(f"There is no quiz on {quote(topic)}.")
    bank = QUIZZES[topic]
    number = _whole(payload, "question", 1, len(bank))
    question = bank[number - 1]
    choice = _whole(payload, "answer", 1, len(question.answers))
    answer = question.answers[choice - 1]
    lesson = next((n for n, t in LESSON_QUIZZES.items() if t == topic), topic[:2])
    return QuizAnswer(lesson, number, question.prompt, answer.text, answer.correct)


def _experiment(payload: dict[str, Any]) -> ExperimentResult:
    experiment = payload.get("experiment")
    found = find_experiment(experiment) if isinstance(experiment, str) else None
    if found is None:
        raise ClassError(f"There is no class experiment {quote(experiment)}.")
    trials = _whole(payload, "trials", 1, TRIAL_BOUNDS[found.lesson])
    seed = _whole(payload, "seed", 0, _MAX_SEED)
    match = _DRAW.fullmatch(found.id)
    if match and not real_cards((*_cards(match[2]), *_cards(match[3]))):
        raise ClassError.because(
            N_("The hand of {experiment} holds a card more often than the two decks do."),
            experiment=quote(found.id),
        )
    # The page's own count is never trusted (nor stored): the server replays the trials
    # (lessons 10 and 11: the first games of the seed) with the lesson's engine function.
    done = replayed_trials(found.id, trials)
    successes = replay_experiment(found.id, seed, done)
    return ExperimentResult(found.lesson, found.id, seed, done, successes)


def _prediction(payload: dict[str, Any]) -> Prediction:
    question = payload.get("question")
    found = find_question(question) if isinstance(question, str) and len(question) < 240 else None
    if found is None:
        raise ClassError.because(
            N_("There is no prediction question {question}."), question=quote(question)[:120]
        )
    guess = payload.get("guess")
    if guess is None:
        return Prediction(found.lesson, found.id, None)
    checked = found.check(guess)
    if checked is None:
        raise ClassError.because(
            N_("{guess} is not a guess the question {question} allows."),
            guess=quote(guess)[:80],
            question=repr(found.id),
        )
    return Prediction(found.lesson, found.id, checked)


_KINDS: dict[str, Callable[[dict[str, Any]], Record]] = {
    "quiz": _quiz,
    "experiment": _experiment,
    "prediction": _prediction,
}


def parse_record(payload: object) -> Record:
    """The record a page sent (a JSON object with a ``kind``), checked.

    >>> parse_record({"kind": "quiz", "topic": "cards", "question": 1, "answer": 1}).lesson
    '01'
    >>> record = parse_record({"kind": "experiment", "experiment": "go-out-on-deal/round-3",
    ...                        "seed": 303, "trials": 200, "successes": 200})
    >>> record.lesson, record.trials, record.successes
    ('08', 200, 1)
    """
    if not isinstance(payload, dict):
        raise ClassError(f"A record is a JSON object, not {quote(payload)}.")
    kind = payload.get("kind")
    if not isinstance(kind, str) or kind not in _KINDS:
        raise ClassError(
            f"A record is a quiz answer, an experiment or a prediction, not {quote(kind)}."
        )
    return _KINDS[kind](payload)


@dataclass(frozen=True)
class BatchOutcome:
    """What became of a batch of records: the page's contract (``as_json``).

    ``acked``: every id the page may forget (stored now, stored before, or refused for
    good); ``stored``: how many changed the class's records now; ``refused``: each
    refused record's id (None when it had no valid id) and the sentence why. A record
    past the rate limit is in none of them: the page sends it again later.
    """

    acked: tuple[str, ...]
    stored: int
    refused: tuple[tuple[str | None, str], ...]

    def as_json(self) -> dict[str, Any]:
        return {
            "acked": list(self.acked),
            "stored": self.stored,
            "refused": [{"id": rid, "message": message} for rid, message in self.refused],
        }
