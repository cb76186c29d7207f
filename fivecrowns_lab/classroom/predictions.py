"""The class's prediction questions: what each lesson asks, the guesses it allows, the truth.

A prediction record names a question by its id and carries a guess from the question's
own choices (or ``None``: the student pressed *Just show me*); no free text reaches the
dashboard. The truth comes from the engine, exact where one is known: lesson 08's
hardest round to go out on the deal comes from the exact table in
:mod:`fivecrowns_lab.odds.probability`, never from a student's simulation. Where the engine
knows no exact value (the first turn's table stops at round 4), :attr:`Question.truth`
is ``None`` and the dashboard shows the class's guesses without a "came true".

The ids:

- lesson 07: ``"07/most-common-wilds/round-5"`` (a whole number of wilds a hand of that
  round can hold) and ``"07/share-of-most-common/round-5"`` (a percentage, 0 to 100);
- lesson 08: ``"08/hardest-round/go-out-on-deal"`` (and ``go-out-first-turn``,
  ``penalty``): a round, 1 to 11;
- lesson 09: ``"09/outs/draw-an-out/round-4/8H-9H-10H-QC-QS-KD"`` (``/seen-…``): how many unseen
  cards are outs for that hand, a whole number up to the unseen cards;
- lessons 10 and 11: ``"10/interval-width"``, ``"11/interval-width"``: how wide the 95%
  interval will be with four times the games (or deals), one of :data:`WIDTH_CHOICES`.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from ..core.rules import ROUNDS, hand_size
from ..errors import ExactUnavailableError
from ..i18n import N_
from ..i18n import gettext as _
from ..odds.counting import WILDS_IN_DECK, wild_count_distribution
from ..odds.outs import outs
from ..odds.probability import expected_penalty, first_turn_go_out, go_out_on_deal
from .experiments import _cards, find_experiment, most_common_wilds

__all__ = [
    "WIDTH_CHOICES",
    "Question",
    "came_true",
    "find_question",
    "outs_question",
    "question_label",
]

#: Lessons 10 and 11: the interval's width with 4x the games, as the lessons offer it.
WIDTH_CHOICES = ("about the same width", "half as wide", "a quarter as wide", "twice as wide")
_HARDEST = {
    # id tail -> (the question's words, the exact function, hardest = the lowest value)
    "go-out-on-deal": (N_("Hardest round to go out on the deal"), go_out_on_deal, True),
    "go-out-first-turn": (
        N_("Hardest round to go out on the first turn"),
        first_turn_go_out,
        True,
    ),
    "penalty": (
        N_("Round whose dealt hand leaves the most penalty points"),
        expected_penalty,
        False,
    ),
}
_OUTS = re.compile(r"09/outs/(draw-an-out/.+)")
_OUTS_LABEL = N_("How many unseen cards are outs (each student's own hand)")


@dataclass(frozen=True)
class Question:
    """One prediction question: the guesses it allows and the truth (None if unknown).

    ``choices`` lists the allowed guesses when they are few; a number from ``low`` to
    ``high`` otherwise (``whole``: a whole number). ``close`` is how far a number may be
    from the truth and still come true (the lesson's own "very close").
    """

    id: str
    lesson: str
    label: str
    truth: str | None
    choices: tuple[str, ...] = ()
    low: float = 0
    high: float = 0
    whole: bool = True
    close: float = 0.0

    def check(self, guess: object) -> str | None:
        """The guess as stored (text), or None if the question does not allow it."""
        if self.choices:
            return guess if isinstance(guess, str) and guess in self.choices else None
        if isinstance(guess, bool) or not isinstance(guess, int | float):
            return None
        if not (math.isfinite(guess) and self.low <= guess <= self.high):
            return None
        if self.whole:
            return str(int(guess)) if guess == int(guess) else None
        return f"{round(float(guess), 1):g}"


def _hardest(tail: str) -> Question:
    label, exact, lowest = _HARDEST[tail]
    values: dict[int, Fraction] = {}
    try:
        for r in ROUNDS:
            values[r] = Fraction(exact(r).value)
    except ExactUnavailableError:  # not every round is counted: no exact hardest round
        values = {}
    pick = min if lowest else max
    truth = str(pick(values, key=lambda r: values[r])) if values else None
    first, last = min(ROUNDS), max(ROUNDS)
    return Question(f"08/hardest-round/{tail}", "08", label, truth, low=first, high=last)


def _wilds(kind: str, round_no: int) -> Question:
    top = most_common_wilds(round_no)
    if kind == "most-common-wilds":
        most = min(hand_size(round_no), WILDS_IN_DECK)
        label = N_("Most common number of wilds in a hand of round {round}")
        return Question(f"07/{kind}/round-{round_no}", "07", label, str(top), low=0, high=most)
    share = float(wild_count_distribution(round_no)[top]) * 100
    label = N_("Share of round-{round} hands with the most common number of wilds (%)")
    # come true as the lesson's gap sentence says "very close": 2 points, or a tenth
    return Question(
        f"07/{kind}/round-{round_no}",
        "07",
        label,
        f"{share:.1f}",
        low=0,
        high=100,
        whole=False,
        close=max(2.0, share / 10),
    )


def outs_question(experiment: str) -> str:
    """The id of lesson 09's question for the hand of a draw-an-out experiment id."""
    return f"09/outs/{experiment}"


def _outs(question: str) -> Question | None:
    match = _OUTS.fullmatch(question)
    experiment = match[1] if match else ""
    found = find_experiment(experiment) if len(experiment) <= 200 else None
    if found is None or found.lesson != "09":
        return None
    parts = experiment.split("/")
    seen = _cards(parts[3][len("seen-") :]) if len(parts) > 3 else ()
    result = outs(_cards(parts[2]), found.round_no, seen)
    count, most = str(result.count), result.unseen_total
    return Question(question, "09", _OUTS_LABEL, count, low=0, high=most)


@lru_cache(maxsize=512)
def find_question(question: str) -> Question | None:
    """The question an id names, or None.

    >>> find_question("08/hardest-round/go-out-on-deal").truth
    '6'
    >>> find_question("08/hardest-round/go-out-first-turn").truth is None
    True
    """
    if question.startswith("09/"):
        return _outs(question)
    match = re.fullmatch(r"07/(most-common-wilds|share-of-most-common)/round-(\d{1,2})", question)
    if match and int(match[2]) in ROUNDS:
        return _wilds(match[1], int(match[2]))
    match = re.fullmatch(r"08/hardest-round/([a-z-]+)", question)
    if match and match[1] in _HARDEST:
        return _hardest(match[1])
    if question in ("10/interval-width", "11/interval-width"):
        # Four times the trials: the interval's width shrinks like 1/sqrt(4) = 1/2, exactly.
        label = N_("How wide the 95% interval will be with 4 times the trials")
        return Question(question, question[:2], label, "half as wide", WIDTH_CHOICES)
    return None


def came_true(question: Question, guess: str | None) -> bool | None:
    """Whether a stored guess came true; None if it was skipped or no truth is known."""
    if guess is None or question.truth is None:
        return None
    if question.close:
        return abs(float(guess) - float(question.truth)) <= question.close
    return guess == question.truth


def question_label(question: str) -> str:
    """The dashboard's words for a question id (``"09/outs"``: lesson 09's, pooled), in the
    current language; the id itself if unknown."""
    found = find_question(question) if question != "09/outs" else None
    if found is None:
        return _(_OUTS_LABEL) if question == "09/outs" else question
    match = re.search(r"round-(\d{1,2})$", found.id)
    return _(found.label).format(round=match[1]) if match else _(found.label)
