"""Scripted deals for coached games, as plain data (no widgets, no game state here).

A :class:`Scenario` names the players, the seed whose deal it uses, the hands that
seed deals (a test checks them against the engine, so the script cannot drift from
the deal) and every move of the round in order. The learner's moves carry the
coach's line for that step; the opponent's moves are scripted too, so the lesson
does not change when the bots get stronger.

Moves are short strings: ``"stock"`` (draw from the stock), ``"take"`` (take the top
discard), ``"discard QC"``, ``"lay 10D 10H 3*"`` (lay these cards down as one meld)
and ``"go out 6*"`` (discard the last card, going out). Cards use the ASCII codes of
:mod:`fivecrowns_lab.core.cards`.

>>> FIRST_GAME.hands[0]
'QC 10D 3*'
>>> [s.move for s in FIRST_GAME.steps if s.player == 0]
['stock', 'discard QC', 'take', 'lay 10D 10H 3*', 'go out 6*']
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import LessonError
from ..i18n import N_

__all__ = ["FIRST_GAME", "SCENARIOS", "Scenario", "Step"]

_KINDS = ("stock", "take", "discard", "lay", "go")


@dataclass(frozen=True)
class Step:
    """One move of the script: whose it is, the move, and what the coach says first.

    ``mistake`` is the coach's sentence when the learner draws from the other pile
    (discards and melds are judged by the view from the cards themselves).
    """

    player: int
    move: str
    coach: str = ""
    mistake: str = ""

    def __post_init__(self) -> None:
        if self.move.split(" ", 1)[0] not in _KINDS:
            raise LessonError(f"A scripted move starts with one of {_KINDS}, not {self.move!r}.")

    @property
    def kind(self) -> str:
        """``"stock"``, ``"take"``, ``"discard"``, ``"lay"`` or ``"go"`` (go out)."""
        return self.move.split(" ", 1)[0]

    @property
    def cards(self) -> str:
        """The cards the move names (empty for a draw)."""
        words = self.move.split(" ")
        return " ".join(words[2:] if self.kind == "go" else words[1:])


@dataclass(frozen=True)
class Scenario:
    """A whole scripted round: seats, seed, the hands it deals and every move in order."""

    key: str
    title: str
    names: tuple[str, ...]
    seed: int
    rounds: int
    hands: tuple[str, ...]
    top_discard: str
    steps: tuple[Step, ...]
    ending: str
    learner: int = 0

    def __post_init__(self) -> None:
        if len(self.hands) != len(self.names):
            raise LessonError(f"Scenario {self.key!r} needs one hand per player.")


#: Round 1 (3s wild) for two: you and a scripted opponent who plays first.
FIRST_GAME = Scenario(
    key="first-game",
    title="Coached first game",
    names=(N_("You"), N_("Coach Bot")),
    seed=3342,
    rounds=1,
    hands=("QC 10D 3*", "10H 7S J*"),
    top_discard="6H",
    steps=(
        Step(1, "stock"),
        Step(1, "discard J*"),
        Step(
            0,
            "stock",
            N_(
                "Every turn starts with a draw. The J★ on the discard pile fits nothing in your "
                "hand, so take a face-down card: press Draw from the stock."
            ),
            N_(
                "The J★ would not help: it makes no book or run with Q♣, 10♦ and 3★. "
                "Draw from the stock instead."
            ),
        ),
        Step(
            0,
            "discard QC",
            N_(
                "You have four cards; a turn ends with a discard, so throw one away. Keep the "
                "3★: in round 1 every 3 is wild. The Q♣ fits nothing and would cost 12 points: "
                "select it, then press Discard."
            ),
        ),
        Step(1, "stock"),
        Step(1, "discard 10H"),
        Step(
            0,
            "take",
            N_(
                "Coach Bot threw away the 10♥. With your 10♦ and the wild 3★ it makes a book "
                "of three 10s: press Take the discard."
            ),
            N_(
                "The 10♥ on the discard pile finishes a book with your 10♦ and 3★: take it "
                "rather than a card you cannot see."
            ),
        ),
        Step(
            0,
            "lay 10D 10H 3*",
            N_(
                "Now meld. Select 10♦, 10♥ and 3★ (the 3★ stands for a third 10), then press "
                "Lay down."
            ),
        ),
        Step(
            0,
            "go out 6*",
            N_(
                "One card is left, the 6★. Select it and press Discard: discarding your last "
                "card after laying everything else down is how you go out."
            ),
        ),
        Step(1, "stock"),
        Step(1, "discard 3C"),
    ),
    ending=N_(
        "You went out, so you score 0. Coach Bot then had one final turn: it drew, laid "
        "down what it could and threw the 3♣ away. A wild that fits no meld is worth "
        "throwing away on a final turn, because left in hand it scores 20. That is a whole "
        "round: draw, meld, lay down, and discard your last card to go out."
    ),
)

SCENARIOS: dict[str, Scenario] = {FIRST_GAME.key: FIRST_GAME}
