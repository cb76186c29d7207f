"""Which round is the hardest? A verdict that compares like with like.

Lesson 08 asks a learner to guess the hardest round of a question (the lowest chance
to go out, or the most penalty points). Some rounds have exact values and some only a
simulation, so a fair verdict never mixes them:

- when **every** round has an exact value, the exact values decide, and the verdict is
  certain;
- otherwise the learner's **simulation** decides, for every round alike, with its 95%
  intervals: rounds whose interval overlaps the interval of the simulated hardest one
  cannot be told apart from it by this data, and the verdict says so.

>>> from fivecrowns_lab.odds.probability import Estimate
>>> sims = {r: Estimate("q", r, v, (v - 1, v + 1), "simulate", 100, 1)
...         for r, v in {1: 10.0, 2: 20.0, 3: 19.5}.items()}
>>> verdict = judge_hardest(sims, {}, highest=True, guess=3)
>>> verdict.hardest, verdict.exact, verdict.tied, verdict.outcome
(2, False, (3,), 'cannot tell')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from ..errors import LessonError
from ..i18n import gettext as _
from .estimate import Estimate

__all__ = ["HardestVerdict", "hardest_round", "judge_hardest"]

Outcome = Literal["right", "cannot tell", "wrong", "skipped"]


@dataclass(frozen=True)
class HardestVerdict:
    """The hardest round and how a guess fares against it.

    ``values`` holds the value of every round the verdict compared, all exact or all
    simulated (``exact`` says which); ``tied`` the other rounds whose 95% interval
    overlaps the hardest one's (always empty when exact); ``outcome`` is ``"right"``,
    ``"cannot tell"`` (the guess is one of ``tied``), ``"wrong"`` or ``"skipped"``.
    """

    hardest: int
    exact: bool
    values: Mapping[int, float]
    tied: tuple[int, ...]
    guess: int | None
    outcome: Outcome

    def ratio(self) -> float:
        """The guessed round's value over the hardest round's (inf when that is 0)."""
        if self.guess is None:
            raise LessonError(_("There is no guess to compare with the hardest round."))
        hardest = self.values[self.hardest]
        return self.values[self.guess] / hardest if hardest else float("inf")


def _overlap(a: Estimate, b: Estimate) -> bool:
    return a.ci[0] <= b.ci[1] and b.ci[0] <= a.ci[1]


def judge_hardest(
    simulated: Mapping[int, Estimate],
    exact: Mapping[int, Estimate | None],
    *,
    highest: bool,
    guess: int | None,
) -> HardestVerdict:
    """The hardest round, from exact values if every round has one, else from ``simulated``.

    ``highest`` is True when a larger value is harder (a penalty), False when a smaller
    one is (a chance). ``simulated`` must hold every round that ``exact`` lacks, and the
    guess (if any) must be one of the compared rounds.
    """
    rounds = sorted(set(simulated) | set(exact))
    counted = {r: e for r, e in exact.items() if e is not None}
    use_exact = bool(rounds) and all(r in counted for r in rounds)
    source: Mapping[int, Estimate] = counted if use_exact else simulated
    missing = [r for r in rounds if r not in source]
    if not rounds or missing:
        raise LessonError(
            _(
                "Rounds {rounds} are not simulated yet: press Simulate and let it finish, then "
                "commit."
            ).format(rounds=", ".join(str(r) for r in missing) or "1-11")
        )
    values = {r: float(source[r].value) for r in rounds}
    pick = max if highest else min
    hardest = pick(rounds, key=lambda r: values[r])
    tied = (
        ()
        if use_exact
        else tuple(r for r in rounds if r != hardest and _overlap(source[r], source[hardest]))
    )
    if guess is not None and guess not in values:
        raise LessonError(
            _("Round {round} is not one of the rounds compared.").format(round=guess)
        )
    outcome: Outcome = (
        "skipped"
        if guess is None
        else "right"
        if guess == hardest
        else "cannot tell"
        if guess in tied
        else "wrong"
    )
    return HardestVerdict(hardest, use_exact, values, tied, guess, outcome)


def hardest_round(question: str, values: Mapping[int, float]) -> int:
    """The hardest round by ``values``: the lowest chance, or the highest mean penalty."""
    if question == "penalty of a dealt hand":
        return max(values, key=lambda r: values[r])
    return min(values, key=lambda r: values[r])
