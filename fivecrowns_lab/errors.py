"""Every error the package raises on purpose, under one base class.

All of them are :class:`FiveCrownsError`, a :class:`ValueError`, and carry a sentence a
learner can read, quoting the input. Views catch :class:`FiveCrownsError` and show its
message; anything else is a bug on our side and is logged, never blamed on the learner.
"""

from __future__ import annotations

import reprlib
from typing import Any

__all__ = [
    "ActionError",
    "BotError",
    "CardError",
    "CardNotHeldError",
    "ClassError",
    "ClassUnavailableError",
    "EmptyPileError",
    "ExactUnavailableError",
    "FiveCrownsError",
    "GameError",
    "GoOutError",
    "HandSizeError",
    "LanguageError",
    "LessonError",
    "MeldError",
    "OutsError",
    "PhaseError",
    "ProbabilityError",
    "RoundError",
    "RulesError",
    "ScoreError",
    "SimulationError",
    "SolitaireError",
    "StatsError",
    "TurnError",
    "plural",
    "quote",
]

#: How much of a learner's input an error message echoes.
QUOTE_LIMIT = 40


class _Short(reprlib.Repr):
    """``repr`` that stays short and safe: no huge digit strings, no deep recursion."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel = 3
        self.maxstring = QUOTE_LIMIT
        self.maxother = QUOTE_LIMIT
        self.maxlong = QUOTE_LIMIT
        self.maxlist = self.maxtuple = self.maxdict = self.maxset = 4

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 128:  # repr() of a 5000-digit number raises; say its size instead
            # in figures, not words: a quote sits inside a sentence of any language
            digits = int(x.bit_length() * 0.30103) + 1
            return f"{'-' if x < 0 else ''}<~10**{digits - 1}>"
        return super().repr_int(x, level)


_SHORT = _Short()


def quote(value: Any, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)`` cut to about ``limit`` characters, for an error message.

    It never fails: a huge number is written by its size (``<~10**5000>``, figures that
    read the same in every language), a deep structure is cut.

    >>> quote("x" * 100)
    "'xxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxx'"
    >>> quote(10**5000)
    '<~10**5000>'
    """
    try:
        text = _SHORT.repr(value)
    except Exception:  # a broken __repr__ must not hide the real message
        text = f"<{type(value).__name__}>"
    if len(text) > limit + 3:
        text = text[: limit - 1] + "…"
    return text


def plural(count: int, noun: str, nouns: str | None = None) -> str:
    """``count`` and ``noun``, the noun made plural unless the count is one (or minus one).

    ``nouns`` is the plural when it is not ``noun + "s"``. Counts get thousands separators.

    >>> plural(1, "round"), plural(3, "round"), plural(12000, "deal")
    ('1 round', '3 rounds', '12,000 deals')
    >>> plural(1, "copy", "copies"), plural(0, "copy", "copies")
    ('1 copy', '0 copies')
    """
    word = noun if abs(count) == 1 else (nouns if nouns is not None else noun + "s")
    return f"{count:,} {word}"


class FiveCrownsError(ValueError):
    """Input or a move that the rules or the engine refuse; the message says why."""


class CardError(FiveCrownsError):
    """A card or hand that cannot exist: a bad token or too many copies of a card."""


class RoundError(FiveCrownsError):
    """A round number outside 1..11."""


class RulesError(FiveCrownsError):
    """Game settings that do not make a game."""


class HandSizeError(FiveCrownsError):
    """A hand of the wrong size for what was asked."""


class MeldError(FiveCrownsError):
    """Cards that do not form the meld asked for."""


class ActionError(FiveCrownsError):
    """Text or data that does not describe an action."""


class GameError(FiveCrownsError):
    """An action the rules do not allow now; the message says why in a sentence."""


class TurnError(GameError):
    """Not this player's turn, or no turn at all (the round or game is over)."""


class PhaseError(GameError):
    """The right player, the wrong step: discarding before drawing, drawing twice."""


class CardNotHeldError(GameError):
    """A card named in an action is not in the player's hand."""


class EmptyPileError(GameError):
    """Drawing from a pile that has no card to give."""


class GoOutError(GameError):
    """A hand that cannot go out the way the action says."""


class SolitaireError(GameError):
    """A solitaire move the rules do not allow now."""


class BotError(FiveCrownsError):
    """A bot name that is not in :data:`BOTS`, or a bot asked to act out of turn."""


class ProbabilityError(FiveCrownsError):
    """A question the probability engine cannot answer as asked (bad method or sample size)."""


class ExactUnavailableError(ProbabilityError):
    """An exact value that is not in the shipped table (too costly to count)."""


class OutsError(FiveCrownsError):
    """A question about outs that makes no sense, such as a negative number of draws."""


class SimulationError(FiveCrownsError):
    """Settings that cannot be simulated."""


class StatsError(FiveCrownsError):
    """Counts that cannot make an interval (no trials, more successes than trials)."""


class ScoreError(FiveCrownsError):
    """A score or a list of players that cannot be entered."""


class LanguageError(FiveCrownsError):
    """A language that has no catalogue: the choices are ``"en"`` and ``"da"``."""


class LessonError(FiveCrownsError):
    """A step a lesson cannot take yet, such as scoring before any cards are typed."""


class ClassError(FiveCrownsError):
    """A class record that cannot be kept: a bad class code, nickname, answer or count.

    A refusal a visitor reads on a class page (:meth:`because`) also keeps its English
    sentence and fields, so the page can write it in the visitor's language.
    """

    sentence: str = ""
    fields: dict[str, object] = {}  # noqa: RUF012 - replaced, never changed, per error

    @classmethod
    def because(cls, sentence: str, **fields: object) -> ClassError:
        """The error whose message is ``sentence`` with ``fields`` filled in (English)."""
        error = cls(sentence.format(**fields))
        error.sentence, error.fields = sentence, fields
        return error


class ClassUnavailableError(ClassError):
    """The class's database cannot take records now (unreachable, full); nothing is lost."""
