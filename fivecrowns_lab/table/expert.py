"""The expert bot: it plays the cards it cannot see by sampling them.

The method, and why
-------------------
A Five Crowns player does not know the stock or the other hands, so the right
question for a move is "which choice leaves me the fewest points, on average over
the deals I cannot tell apart from this one?". The expert answers it by
*determinised sampling* (perfect-information Monte Carlo):

1. **What could the hidden cards be?** From its observation only
   (:mod:`~fivecrowns_lab.table.sampling`), the expert forms the pool of unseen
   cards: the deck less its own hand, the discard pile, the table and the cards an
   opponent took from the pile (those are known to be in that hand). The stock and
   the other hands were dealt from one shuffle, so each unseen card is equally
   likely to be the next one drawn; the expert deals a fixed number of sequences
   of the next few stock cards from that pool (the same sequences for every choice,
   so the choices are compared on the same luck).
2. **How long will the round last?** Every opponent has a chance of going out on
   each turn, which grows with the turns they have had and with every discard they
   took (someone who keeps taking discards is building melds). That sets how much
   of the average comes from "the round ends after my next draw" (then only the
   points in hand count, so high cards should go) and how much from "the round goes
   on for a few more draws" (then pairs and near-runs that the pool can still finish
   are worth keeping).
3. **Play each sequence out with a fast policy.** For every choice (which card to
   throw; whether to take the upcard), the melds already made are kept and the loose
   cards meet the sampled draws one at a time: the exact solver rearranges the loose
   cards with the new one, the policy throws the costliest card that connects to no
   other loose card, and the sequence ends at zero if the hand goes out. A draw that
   comes after an opponent went out is the final turn and scores what is left.
4. **Do not feed the next player.** A card the next player passed over or threw
   is safe; one that fits the cards they took from the pile costs a few points.

Exact search over the whole game tree is hopeless (tens of cards hidden, up to
seven players), and full-game rollouts cost a solver call per player per turn,
which at 13 cards would take many seconds a move. Keeping the melds fixed and
rolling out only the loose cards makes each step a small solve, so a fixed budget
of ``samples`` sequences of ``depth`` draws decides a 13-card move in a few tenths
of a second. The budget is a sample count, not a clock, so a seed replays the same
game; ``time_limit`` (off by default) stops sampling early on a slow machine.

Going out is always taken when possible (zero points is the best a round can
give), throwing the card least useful to the next player; a wild card is never
thrown before the final turn. On the final turn the expert simply keeps the
fewest points, as the round is scored after it.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..core.cards import Card
from ..core.rules import RoundRules, card_points, is_wild
from ..core.solver import (
    Solver,
    packed_naturals,
    shared_solver,
)
from ..i18n import gettext as _
from .actions import Action, Discard, Draw, GoOut
from .bot_base import Seed, discard_options
from .observation import Observation
from .rollout import Step, card_bits, connects, end_weights, near_bits, new_step
from .sampling import TableRead, decision_rng, read_table, sample_draws
from .simple_bots import GreedyBot

__all__ = ["Decision", "ExpertBot", "Option"]

_FEED_POINTS = 4.0  # what handing the next player a card they collect costs, in points


@dataclass(frozen=True)
class Option:
    """One choice the expert weighed and its value: the points it expects to hold at the
    round's end after it (lower is better; feeding the next player counted)."""

    action: Action
    value: float

    @property
    def card(self) -> Card | None:
        """The card thrown, when the option is a discard."""
        return self.action.card if isinstance(self.action, Discard) else None


@dataclass(frozen=True)
class Decision:
    """What the expert chose and what it weighed: the facts its one-sentence reason formats.

    ``options`` are the choices rolled out over ``futures`` sampled futures, with their
    values; ``table`` is what the table showed (the unseen cards, the opponents).
    ``hand_plan`` is the points the hand leaves outside its melds with loose wilds counted
    as 0, and ``plan_after`` the same after throwing each card of the hand (a discard only).
    """

    action: Action
    options: tuple[Option, ...] = ()
    futures: int = 0
    table: TableRead | None = None
    hand_plan: int = 0
    plan_after: tuple[tuple[Card, int], ...] = ()
    reason: str = ""


class ExpertBot(GreedyBot):
    """Samples the unseen cards, rolls each choice out over them, keeps the best average.

    :meth:`decide` returns the move with what was weighed for it (a :class:`Decision`);
    :meth:`choose` returns the move alone and ``last_decision`` keeps the decision.
    """

    kind = "expert"
    samples = 24  # sequences of stock cards dealt from the unseen pool per move
    depth = 3  # rounds of the table each sequence looks ahead
    time_limit: float | None = None  # seconds; None keeps the sample budget exact

    last_decision: Decision | None = None

    def __init__(self, seed: Seed = 0, name: str | None = None) -> None:
        super().__init__(seed, name)
        # Per (loose cards, card drawn): the step's outcome, for the round.
        self._step_memo: dict[tuple[int, int], Step] = {}
        # Per set of loose naturals: the one to throw and the points of the rest.
        self._throws: dict[int, tuple[int, int]] = {}
        # Per (packed loose cards, drawing now): the outlook, for this decision's samples.
        self._outlooks: dict[tuple[int, bool], float] = {}
        # This decision's samples as card bits (made on first use).
        self._codes: list[list[int]] | None = None

    def _forget_round(self) -> None:
        super()._forget_round()
        self._step_memo.clear()
        self._throws.clear()

    def decide(self, observation: Observation) -> Decision:
        """The move for ``observation``, the options weighed with their values, and why.

        The same as :meth:`choose` (which returns ``decide(...).action``), with the facts.
        """
        action = self.choose(observation)
        decision = self.last_decision
        if decision is None or decision.action != action:
            decision = Decision(action, reason=self.last_reason)
        return decision

    def _choose(self, observation: Observation) -> Action:
        self.last_decision = None
        self._read = read_table(observation)
        rng = decision_rng(self.seed, observation)
        self._draws = sample_draws(self._read.unseen, self.samples, self.depth + 1, rng)
        # The chance the round ends in each later cycle, worked out once per decision.
        self._end_chances = [self._read.later_end_chance(c) for c in range(self.depth + 1)]
        self._outlooks.clear()
        self._codes = None
        self._started = time.perf_counter()
        if observation.is_final_turn:
            return super()._choose(observation)  # scored right after: fewest points now
        if observation.phase == "draw":
            return self._draw_choice(observation)
        going = self._go_out_action(observation)
        if going is not None:
            return self._safest_go_out(going, observation)
        card, _value = self._best_throw(list(observation.hand), observation, immediate=False)
        decision = self._throw_decision(card, observation)
        self.last_reason = decision.reason
        self.last_decision = decision
        return decision.action

    # -- the draw ---------------------------------------------------------------------------

    def _draw_choice(self, observation: Observation) -> Action:
        top = observation.top_discard
        take = Draw("discard")
        rules = observation.round_rules
        if top is None or take not in observation.legal_actions:
            self.last_reason = _("Draw from the stock: there is no discard to take.")
            return Draw("stock")
        if is_wild(top, rules):
            self.last_reason = _("Take the {card}: a wild card always finds a meld.").format(
                card=top
            )
            return take
        hand = list(observation.hand)
        if not any(connects(top, c, rules) for c in hand if not is_wild(c, rules)):
            self.last_reason = _(
                "Draw from the stock: the {card} goes with none of the cards in hand; an "
                "unseen card might."
            ).format(card=top)
            return Draw("stock")
        with_top = [*hand, top]
        if len(self._leftover(with_top, rules)) <= 1 and any(
            not is_wild(c, rules) for c in shared_solver(rules).going_out_discards(with_top)
        ):
            self.last_reason = _("Take the {card}: with it the hand can go out.").format(card=top)
            return take
        _card, took = self._best_throw(with_top, observation, immediate=False, keep=top)
        loose = list(self._leftover(hand, rules))
        stock = self._outlook(loose, (), observation, immediate=True)
        from .hints import draw_reason

        if took < stock:
            self.last_reason = draw_reason(top, hand, rules, self._read.unseen, take=True)
            return take
        self.last_reason = draw_reason(top, hand, rules, self._read.unseen, take=False)
        return Draw("stock")

    # -- the discard -----------------------------------------------------------------------

    def _candidates(
        self, hand: list[Card], observation: Observation, keep: Card | None
    ) -> list[tuple[Card, list[Card]]]:
        """Cards worth considering to throw, each with the loose cards it leaves."""
        rules = observation.round_rules
        arrangement = self._arrange(hand, rules)
        allowed = discard_options(hand, observation)  # a list: a set's order varies by run
        found: dict[Card, list[Card]] = {}
        for card in arrangement.leftover:
            if card in allowed and card != keep and card not in found:
                rest = list(arrangement.leftover)
                rest.remove(card)
                found[card] = rest
        for meld in arrangement.melds:  # a spare end of a long meld costs nothing to throw
            ends = meld.cards if meld.kind == "book" else (meld.cards[0], meld.cards[-1])
            for card in ends:
                free = card in allowed and card != keep and card not in found
                if free and _still_melds(meld.cards, card, meld.kind, rules):
                    found[card] = list(arrangement.leftover)
        if not found:  # everything melds in threes: any throw breaks a meld, so solve each
            for card in allowed:
                if card != keep and card not in found:
                    rest = list(hand)
                    rest.remove(card)
                    found[card] = list(self._leftover(rest, rules))
        return list(found.items())

    def _best_throw(
        self,
        hand: list[Card],
        observation: Observation,
        immediate: bool,
        keep: Card | None = None,
    ) -> tuple[Card, float]:
        """The discard with the lowest expected points (feeding the next player counted)."""
        rules = observation.round_rules
        best: tuple[float, int, tuple[int, int], Card] | None = None
        self._values: dict[Card, float] = {}
        for card, rest in self._candidates(hand, observation, keep):
            value = self._outlook(rest, (), observation, immediate) + self._feed(card, observation)
            self._values[card] = value
            key = (value, -card_points(card, rules), card.sort_key, card)
            if best is None or key < best:
                best = key
        assert best is not None
        return best[3], best[0]

    def _feed(self, card: Card, observation: Observation) -> float:
        nxt = self._read.next_opponent()
        if nxt is None or nxt.spurned(card):
            return 0.0
        if nxt.wants(card, observation.round_rules):
            return _FEED_POINTS
        return 0.0

    # -- the rollout --------------------------------------------------------------------------

    def _outlook(
        self,
        loose: Sequence[Card],
        _melded: tuple[Card, ...],
        observation: Observation,
        immediate: bool,
    ) -> float:
        """Expected points at the round's end keeping ``loose`` outside melds, over the samples.

        ``immediate``: the first sampled card is drawn now (the choice "draw from the
        stock"); otherwise the table plays a round before each draw.
        """
        rules = observation.round_rules
        solver = shared_solver(rules)
        naturals, wilds = solver.pack(loose)
        held = naturals << 5 | wilds
        # Several throws can leave the same loose cards (the spare ends of long melds).
        known = self._outlooks.get((held, immediate))
        if known is not None:
            return known
        points = sum(rank for rank, _suit, _bit in packed_naturals(naturals))
        if self._codes is None:  # the samples as card bits, once per decision
            bits = card_bits(rules)
            self._codes = [[bits[card] for card in draws] for draws in self._draws]
        # Every sample is as long (depth + 1 cards, fewer only when few cards are unseen).
        length = len(self._codes[0]) if self._codes else 0
        steps = length if immediate else max(0, length - 1)
        weights, last = end_weights(self._end_chances, immediate, steps)
        near = near_bits(rules)
        total = 0.0
        used = 0
        for codes in self._codes:
            if used and self._out_of_time():
                break
            used += 1
            drawn = codes if immediate else codes[1:]
            total += self._one_sequence(held, points, drawn, weights, last, near, solver)
        outlook = total / max(1, used)
        if used == len(self._codes):  # a value cut short by the time limit is not kept
            self._outlooks[held, immediate] = outlook
        return outlook

    def _one_sequence(
        self,
        held: int,
        points: int,
        draws: list[int],
        weights: list[float],
        last: float,
        near: dict[int, int],
        solver: Solver,
    ) -> float:
        """Points expected at the round's end from the packed loose cards ``held`` (holding
        ``points``), drawing ``draws`` (each a card's bit, 0 for a wild) while the table may
        end the round: before each draw with the chance ``weights`` gives, else ``last``."""
        score = 0.0
        memo = self._step_memo
        for drawn, ends in zip(draws, weights, strict=True):
            found = memo.get((held, drawn))
            if found is None:
                found = memo[held, drawn] = new_step(held, drawn, near, self._throws, solver)
            held, out, points = found
            if out:
                return score
            score += ends * points
        return score + last * points

    def _out_of_time(self) -> bool:
        limit = self.time_limit
        return limit is not None and time.perf_counter() - self._started > limit

    # -- going out and the reasons ------------------------------------------------------------

    def _safest_go_out(self, going: GoOut, observation: Observation) -> GoOut:
        rules = observation.round_rules
        options = [
            a
            for a in observation.legal_actions
            if isinstance(a, GoOut) and a.discard is not None and not is_wild(a.discard, rules)
        ]
        if going.discard is None or not options:
            return going
        nxt = self._read.next_opponent()

        def risk(action: GoOut) -> tuple[float, bool, tuple[int, int]]:
            card = action.discard
            assert card is not None
            spurned = nxt is not None and nxt.spurned(card)
            return (self._feed(card, observation), not spurned, card.sort_key)

        best = min(options, key=risk)
        card = best.discard
        assert card is not None
        if nxt is not None and nxt.spurned(card):
            text = _(
                "Go out: every card but {card} is in a meld, and {card} is a card {who} "
                "passed over."
            )
        else:
            text = _(
                "Go out: every card but {card} is in a meld, and {card} is the least useful "
                "card to pass on."
            )
        from .hints import _subject  # "you" for the learner's seat, not "You" mid-sentence

        self.last_reason = text.format(card=card, who=_subject(nxt.name) if nxt else "")
        return best

    def _throw_decision(self, card: Card, observation: Observation) -> Decision:
        from .hints import throw_reason

        rules = observation.round_rules
        hand = list(observation.hand)
        after = []
        for other in dict.fromkeys(hand):
            rest = list(hand)
            rest.remove(other)
            after.append((other, self._plan_points(rest, rules)))
        decision = Decision(
            Discard(card),
            tuple(Option(Discard(c), v) for c, v in self._values.items()),
            len(self._draws),
            self._read,
            self._plan_points(hand, rules),
            tuple(after),
        )
        return replace(decision, reason=throw_reason(decision, observation))


def _still_melds(cards: Sequence[Card], card: Card, kind: str, rules: RoundRules) -> bool:
    """True when ``cards`` less ``card`` is still a meld of its kind (the round's meld model
    says what a book and a run hold), so throwing ``card`` costs nothing."""
    rest = list(cards)
    rest.remove(card)
    naturals = [c for c in rest if not is_wild(c, rules)]
    wilds = len(rest) - len(naturals)
    if kind == "book":
        return rules.meld.book_fits(naturals, wilds)
    return rules.meld.run_fits(naturals, wilds)
