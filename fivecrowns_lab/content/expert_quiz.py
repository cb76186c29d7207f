"""The self-check quiz of lesson 12, how the expert plays: plain data."""

from __future__ import annotations

from ..i18n import N_
from .quiz_model import Answer, Question

__all__ = ["EXPERT_QUIZ"]


def _q(prompt: str, right: tuple[str, str], *wrong: tuple[str, str]) -> Question:
    choices = [Answer(right[0], True, right[1])] + [Answer(t, False, w) for t, w in wrong]
    shift = len(prompt) % len(choices)
    return Question(prompt, tuple(choices[shift:] + choices[:shift]))


EXPERT_QUIZ: tuple[Question, ...] = (
    _q(
        N_(
            "An opponent has taken three discards in a row. What should you do with a king "
            "that fits nothing?"
        ),
        (
            N_("Throw it now"),
            N_(
                "Someone who keeps taking discards is building melds and may go out soon; "
                "a loose king would then cost you 13 points."
            ),
        ),
        (
            N_("Keep it for later"),
            N_(
                "Keeping high cards is a gamble that gets worse the closer someone is to "
                "going out."
            ),
        ),
        (N_("Throw a wild card instead"), N_("Never: a wild always finds a meld.")),
    ),
    _q(
        N_("Why does the expert imagine the unseen cards many times over?"),
        (
            N_("To average its choice over the deals it cannot tell apart"),
            N_(
                "It cannot see the stock or the other hands, so it judges each choice by how "
                "it does on average over many possible deals."
            ),
        ),
        (
            N_("To find out the real stock"),
            N_("It never looks at hidden cards: only at what you could see in its seat."),
        ),
        (
            N_("To play more slowly"),
            N_("It has a fixed budget of samples, so it plays at a steady pace."),
        ),
    ),
    _q(
        N_("The next player passed over the Q♣ earlier. Is the Q♣ a safe discard?"),
        (
            N_("Fairly safe"),
            N_("They did not want a Q♣ then, so it probably does not fit their melds now."),
        ),
        (
            N_("Dangerous"),
            N_("A card someone passed over is the one they are least likely to take."),
        ),
        (
            N_("It makes no difference"),
            N_("What the others took or refused tells you what they collect."),
        ),
    ),
)
