"""Lesson 08's words for each question: its verdict on a guess, its prompts and status.

The verdict itself (which round is hardest, and whether the data can tell) comes from
the engine's :func:`~fivecrowns_lab.odds.hardest.judge_hardest`; this module only says it
in a learner's words, so that exact values are compared with exact ones and simulated
values with simulated ones, and a close call is called close.
"""

from __future__ import annotations

from ..core.rules import hand_size
from ..i18n import N_, and_list, number
from ..i18n import gettext as _
from ..odds.hardest import HardestVerdict
from .plots import pct

__all__ = ["LOOK_AGAIN", "PATTERN_PROMPTS", "verdict_html"]

PENALTY = "penalty of a dealt hand"

#: What to look for in the plot once a question's answer is shown.
LOOK_AGAIN = {
    "go out on the deal": N_("Now look at the plot: where does the chance jump up, and why?"),
    "go out on the first turn": N_(
        "Now look at the plot: how much does one more card (the face-up one or the first one "
        "drawn) add to the chance of going out, round by round?"
    ),
    PENALTY: N_(
        "Now look at the plot: how do the points left in a dealt hand grow from round to "
        "round, and why do more wild cards not stop them growing?"
    ),
}

#: The question under the plot that the learner answers in their own words.
PATTERN_PROMPTS = {
    "go out on the deal": N_(
        "Why does the chance of going out on the deal fall, then jump at some rounds?"
    ),
    "go out on the first turn": N_(
        "Why is going out on the first turn so much likelier than going out on the deal, "
        "and in which rounds does the extra card help most?"
    ),
    PENALTY: N_("Why does a bigger hand leave more points, even though it holds more wild cards?"),
}


def _value(question: str, value: float) -> str:
    shown = number(value, spec=".1f") if question == PENALTY else pct(value)
    words = {
        "go out on the deal": _("{value} of deals go out"),
        "go out on the first turn": _("{value} of deals go out on the first turn"),
        PENALTY: _("{value} penalty points on average"),
    }[question]
    return words.format(value=shown)


def _round(r: int, bold: bool = True) -> str:
    """``<b>round 6</b> (8 cards)``: the round's number in bold, its hand size beside it."""
    words = (
        _("<b>round {round}</b> ({count} cards)") if bold else _("round {round} ({count} cards)")
    )
    return words.format(round=r, count=hand_size(r))


def verdict_html(question: str, verdict: HardestVerdict) -> str:
    """The reveal's paragraph: the hardest round, and how the guess compares, honestly."""
    hardest = verdict.hardest
    if verdict.exact:
        truth = _("The hardest is {round}: {value} (counted exactly).")
    else:
        truth = _("In your simulation the hardest is {round}: {value}.")
    said = [truth.format(round=_round(hardest), value=_value(question, verdict.values[hardest]))]
    if verdict.tied:
        said.append(
            _(
                "But the 95% intervals of {rounds} overlap its interval: this simulation cannot "
                "tell them apart (no exact value is known for every round; more deals would "
                "narrow the intervals)."
            ).format(rounds=and_list([_round(r, bold=False) for r in verdict.tied]))
        )
    guess = verdict.guess
    if verdict.outcome == "skipped":
        said.insert(0, _("You skipped the guess."))
    elif verdict.outcome == "right":
        said.insert(0, _("<b>You were right.</b>"))
    elif verdict.outcome == "cannot tell" and guess is not None:
        said.insert(
            0,
            _(
                "You guessed {round}: {value}. It is close: its interval overlaps the "
                "hardest round's, so your guess may well be right."
            ).format(round=_round(guess), value=_value(question, verdict.values[guess])),
        )
    elif guess is not None:
        sentence = (
            _("You guessed {round}: {value}, {ratio} times the hardest round's value (both "
              "counted exactly).")
            if verdict.exact
            else _("You guessed {round}: {value}, {ratio} times the hardest round's value (both "
                   "from your simulation).")
        )  # fmt: skip
        said.insert(
            0,
            sentence.format(
                round=_round(guess),
                value=_value(question, verdict.values[guess]),
                ratio=number(verdict.ratio(), spec=".2f"),
            ),
        )
    return "<p>" + " ".join(said) + "</p>"
