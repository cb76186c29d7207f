"""The coach of a scripted game: what to do next, and why a move is a mistake.

A :class:`Coach` follows a :class:`~fivecrowns_lab.content.scenarios.Scenario` step by
step. A lesson's view asks it to judge each of the learner's moves *before* playing it: a
verdict is a sentence saying what is wrong ("You threw away a wild: ..."), or None
when the move is the script's. The opponent's moves come from a
:class:`ScriptedPlayer` reading the same script. Nothing here holds a widget or
sees a card the learner could not see: the coach lines are written from the
learner's seat, and the judgements use the learner's own cards only.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations

from ..core.cards import Card, format_cards, parse_card, parse_cards
from ..core.melds import check_meld
from ..core.rules import card_points, is_wild
from ..errors import LessonError
from ..i18n import gettext as _
from ..table.actions import Action, Discard, Draw, GoOut
from ..table.observation import Observation
from .scenarios import Scenario, Step

__all__ = ["Coach", "ScriptedPlayer", "scripted_action"]


def scripted_action(step: Step) -> Action:
    """The engine action of an opponent's scripted move."""
    if step.kind == "stock":
        return Draw("stock")
    if step.kind == "take":
        return Draw("discard")
    if step.kind == "discard":
        return Discard(parse_card(step.cards))
    if step.kind == "go":
        return GoOut(parse_card(step.cards))
    raise LessonError(
        _("A scripted opponent cannot make the move {move}.").format(move=repr(step.move))
    )


def _fits_a_meld(card: Card, hand: Sequence[Card], round_no: int) -> bool:
    """True when ``card`` and two other cards of ``hand`` make a book or run.

    Three cards are enough to ask: a longer meld holding the card holds three that are
    a meld too (the card with two of its book, or a stretch of three of its run).
    """
    rest = list(hand)
    rest.remove(card)
    return any(check_meld((card, a, b), round_no).valid for a, b in combinations(rest, 2))


def _costlier_loose(card: Card, planned: Card, hand: Sequence[Card], round_no: int) -> str | None:
    """Why the plan throws ``planned`` rather than ``card``, when neither makes a book or run
    with the other cards of ``hand`` and ``planned`` costs more left in hand; else None."""
    if card not in hand or planned not in hand or is_wild(planned, round_no):
        return None  # a wild's cost is no reason to throw it before the final turn
    low, high = card_points(card, round_no), card_points(planned, round_no)
    if high <= low or any(_fits_a_meld(c, hand, round_no) for c in (card, planned)):
        return None
    return _(
        "Why not the {card}? Neither it nor the {planned} fits a book or run yet, and a card "
        "still in your hand when the round ends costs its points: the {card} {low}, the "
        "{planned} {high}. Throw the costlier one, the {planned}."
    ).format(card=card, planned=planned, low=low, high=high)


class ScriptedPlayer:
    """A player that makes the scripted moves of a scenario, in order (a ``Player``).

    It shares the list of remaining steps with the coach, so the learner's and its
    own moves come off the same script.
    """

    name = "scripted"

    def __init__(self, seat: int, steps: list[Step]) -> None:
        self.seat = seat
        self.steps = steps
        self.last_reason = ""  # the coach explains; a scripted move has no reason of its own

    def choose(self, observation: Observation) -> Action:
        """The next move of the script, which must be this player's."""
        if not self.steps or self.steps[0].player != self.seat:
            raise LessonError(_("The coached game's script has no move for this player now."))
        return scripted_action(self.steps.pop(0))


class Coach:
    """Walks a learner through a scenario, one step at a time."""

    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario
        self.steps: list[Step] = list(scenario.steps)
        self.flags: list[str] = []

    def players(self) -> dict[int, ScriptedPlayer]:
        """A scripted player for every seat but the learner's."""
        seats = range(len(self.scenario.names))
        return {p: ScriptedPlayer(p, self.steps) for p in seats if p != self.scenario.learner}

    def step(self, player: int | None) -> Step | None:
        """The next step, if it is ``player``'s."""
        if self.steps and self.steps[0].player == player:
            return self.steps[0]
        return None

    def advance(self, player: int | None) -> None:
        """The learner's step is done: move on to the next one."""
        if self.step(player) is not None:
            self.steps.pop(0)

    def judge_draw(self, player: int, source: str) -> str | None:
        """None if drawing from ``source`` is the plan, else what the coach says."""
        step = self.step(player)
        if step is None or step.kind not in ("stock", "take"):
            return _("The coach's plan has no draw now.")
        wanted = "stock" if step.kind == "stock" else "discard"
        return None if source == wanted else _(step.mistake or step.coach)

    def judge_lay(self, player: int, cards: Sequence[Card]) -> str | None:
        """None if laying ``cards`` down (already a valid meld) is the plan."""
        step = self.step(player)
        if step is None or step.kind != "lay":
            plan = _(step.coach) if step is not None and step.coach else ""
            return _("That is a meld, but there is no need to lay it down yet. {plan}").format(
                plan=plan
            )
        wanted = parse_cards(step.cards, check=False)
        if Counter(cards) != Counter(wanted):
            return _("That is a meld, but the coach's plan is the meld {cards}. {plan}").format(
                cards=format_cards(wanted), plan=_(step.coach) if step.coach else ""
            )
        return None

    def judge_discard(
        self,
        player: int,
        card: Card,
        round_no: int,
        final_turn: bool,
        going: Sequence[Card],
        hand: Sequence[Card] = (),
    ) -> str | None:
        """None if discarding ``card`` is the plan; ``going`` are the discards that go out;
        ``hand``: the learner's cards not laid down, ``card`` among them (to say why not)."""
        step = self.step(player)
        if step is None:
            return _("The coach's plan has no discard now.")
        if step.kind in ("discard", "go") and card == parse_card(step.cards):
            return None
        if is_wild(card, round_no) and not final_turn:
            return _(
                "You threw away a wild: {card} can stand for any card in a book or run "
                "in round {round}, and wilds are the first cards to meld. Keep it."
            ).format(card=card, round=round_no)
        if going and card not in going:
            return _("Discarding {card} would not go out; discarding {going} would.").format(
                card=card, going=going[0]
            )
        if step.kind == "lay":
            return _("Not yet: lay your meld down first. {plan}").format(
                plan=_(step.coach) if step.coach else ""
            )
        if step.kind == "discard" and hand:
            why = _costlier_loose(card, parse_card(step.cards), hand, round_no)
            if why is not None:
                return why
        return _(step.coach) if step.coach else step.coach

    def line(self, player: int | None, over: bool) -> tuple[str, str]:
        """The coach's line for the next step (or the ending), and where the learner is:
        "step 3 of 7" or "done" (both in the learner's language)."""
        learner = self.scenario.learner
        total = sum(1 for s in self.scenario.steps if s.player == learner)
        left = sum(1 for s in self.steps if s.player == learner)
        if over:
            return _(self.scenario.ending), _("done")
        step = self.step(player)
        line = _(step.coach) if step is not None else _("Wait for the other player.")
        return line, _("step {number} of {total}").format(number=total - left + 1, total=total)
