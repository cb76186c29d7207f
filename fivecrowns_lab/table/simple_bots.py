"""The three bots that think with the solver alone: random, greedy and lookahead.

``random`` plays any legal move (but goes out when it can); ``greedy`` keeps the hand
that leaves the fewest points now; ``lookahead`` also weighs what the unseen cards may
still bring (see :mod:`~fivecrowns_lab.table.players` for the whole line-up).
"""

from __future__ import annotations

from operator import mul

from ..core.cards import CARDS_BY_INDEX, DECK, JOKER, SUITS, Card, Hand, card_order
from ..core.rules import MAX_RANK, MIN_RANK, is_wild
from ..core.solver import shared_solver
from ..i18n import gettext as _
from ..validators import Seed
from .actions import DRAW_STOCK, TAKE_DISCARD, Action, discard_of
from .bot_base import (
    Bot,
    cost_of,
    discard_options,
    loose_points,
    move_words,
    plain_reason,
    points_at,
    without,
)
from .observation import Observation
from .reasons import keep_reason, take_reason

__all__ = ["GreedyBot", "LookaheadBot", "RandomBot"]


# Every suited card, made once (Card() checks its input; the bots look many up).
_SUITED = {(c.rank, c.suit): c for c in DECK if c.suit is not None}
# The draws that could meld with a natural, by wild rank then the natural's Card.index
# (as indexes): its rank in every suit, and its suit within two ranks (the wild rank's
# cards count as wilds, weighed apart).
_NEAR_DRAWS = {
    wild: [
        ()
        if card.suit is None or card.rank == wild
        else tuple(
            {_SUITED[card.rank, suit].index for suit in SUITS}
            | {
                _SUITED[card.rank + step, card.suit].index
                for step in (-2, -1, 1, 2)
                if MIN_RANK <= card.rank + step <= MAX_RANK and card.rank + step != wild
            }
        )
        for card in CARDS_BY_INDEX
    ]
    for wild in range(MIN_RANK, MAX_RANK + 1)
}


class RandomBot(Bot):
    """Picks any legal move at random; it goes out when it can (otherwise rounds never end)."""

    kind = "random"

    def _choose(self, observation: Observation) -> Action:
        going = self._go_out_action(observation)
        if going is not None:
            return going
        action = self.rng.choice(observation.legal_actions)
        self.last_reason = _("Pick any legal move, as a beginner does: {move}.").format(
            move=move_words(action)
        )
        return action


class GreedyBot(Bot):
    """Lowers its penalty now: takes a useful upcard, discards to leave the fewest points."""

    kind = "greedy"

    def _score(self, cards: list[Card], observation: Observation) -> float:
        """How bad a hand of the round's size is (lower is better).

        Its points outside melds, a loose wild counted as 0 while the hand is
        still being built; on the final turn, the real penalty.
        """
        if observation.is_final_turn:
            return self._points(cards, observation.round_rules)
        return self._plan_points(cards, observation.round_rules)

    def _best_discard(
        self, hand: Hand | list[Card], observation: Observation
    ) -> tuple[Card, float]:
        """The discard leaving the best-scored hand; ties drop the costliest card."""
        rules = observation.round_rules
        best: tuple[float, int, int] | None = None
        choice = hand[0]
        options = discard_options(hand, observation)
        after = self._lowest_after(hand, options, rules, observation.is_final_turn, 1)
        points = points_at(rules)
        for card, value in after.items():
            key = (value, -points[card.index], card_order(card))
            if best is None or key < best:
                best, choice = key, card
        assert best is not None
        self._remember_kept(hand, choice, after[choice], observation.is_final_turn)
        return choice, best[0]

    def _choose(self, observation: Observation) -> Action:
        if observation.phase == "draw":
            return self._draw(observation)
        going = self._go_out_action(observation)
        if going is not None:
            return going
        card, value = self._best_discard(observation.hand, observation)
        self._reason_when_read(self._discard_reason, card, value, observation)
        return discard_of(card)

    def _discard_reason(self, card: Card, value: float, observation: Observation) -> str:
        return plain_reason(card, value, observation)

    def _draw(self, observation: Observation) -> Action:
        top = observation.top_discard
        take = TAKE_DISCARD
        if top is None or take not in observation.legal_actions:
            self.last_reason = _("Draw from the stock: there is no discard to take.")
            return DRAW_STOCK
        if is_wild(top, observation.round_rules):
            self.last_reason = _("Take the {card}: a wild card always finds a meld.").format(
                card=top
            )
            return take
        now, after = self._weigh_take(observation, top)
        if now is None or after < now:
            self._reason_when_read(self._take_reason, top, now, after, observation)
            return take
        self._reason_when_read(self._keep_reason, top, observation)
        return DRAW_STOCK

    def _weigh_take(self, observation: Observation, top: Card) -> tuple[float | None, float]:
        """The score of the hand held (:meth:`_score`) and the best with the upcard taken and
        a card thrown; the first is None when it is known to be above the second.

        One question to the solver: the hand with the upcard without each card, the upcard
        too. Without the upcard it is the hand held, so its points are in the answer, unless
        the upcard leaves more than the best discard and was dropped from it.
        """
        with_top = [*observation.hand, top]
        options = discard_options(with_top, observation)
        rules = observation.round_rules
        found = self._lowest_after(with_top, options, rules, observation.is_final_turn, 1)
        return found.get(top), min(found.values())

    def _points_held(self, observation: Observation) -> float:
        # A reason names whole points, never a weighted score (the lookahead's is a float).
        return GreedyBot._score(self, list(observation.hand), observation)

    def _keep_reason(self, top: Card, observation: Observation) -> str:
        shown = self._points_held(observation)
        return keep_reason(top, observation.hand, shown, observation.round_rules)

    def _take_reason(
        self, top: Card, now: float | None, after: float, observation: Observation
    ) -> str:
        if now is None:  # known to be above ``after``: worked out only to be said
            now = self._points_held(observation)
        return take_reason(top, observation.hand, now, after, observation.round_rules)


class LookaheadBot(GreedyBot):
    """Weighs the points it holds against what the unseen cards may still bring.

    For each of its best few discards it takes the cards the kept hand leaves out
    of its melds, and for every unseen card that could meld with them (each wild
    counts too) it works out how many points that draw would save, after the best
    discard that follows. Weighted by how many copies are still unseen, that is
    the expected saving of the next draw; it keeps the hand with the lowest
    penalty minus that saving times the draws it still expects this round.
    """

    kind = "lookahead"
    horizon = 1.5  # draws it expects before the round ends, early in a round
    candidates = 4  # discards, lowest penalty first, whose outlook it weighs

    def __init__(self, seed: Seed = 0, name: str | None = None) -> None:
        super().__init__(seed, name)
        # Per leftover: the draws that could help it (their cards' indexes), and the points
        # each saves (one more entry, last: any wild's).
        self._draw_memo: dict[Hand, tuple[list[int], list[int]]] = {}
        self._copies = [0] * len(CARDS_BY_INDEX)  # unseen copies of each card, by Card.index

    def _forget_round(self) -> None:
        super()._forget_round()
        self._draw_memo.clear()

    def _choose(self, observation: Observation) -> Action:
        # Copies by card index: the draws are weighed many times a move, and a list
        # lookup by a whole number is cheaper than hashing a card.
        copies = self._copies = observation.unseen_copies()
        self._unseen_total = max(1, sum(copies))
        wild = observation.wild_rank
        self._wild_outs = copies[JOKER.index] + sum(
            copies[_SUITED[wild, suit].index] for suit in SUITS
        )
        self._weight = self._horizon(observation)
        return super()._choose(observation)

    def _horizon(self, observation: Observation) -> float:
        if observation.is_final_turn:
            return 0.0
        players = max(1, sum(1 for size in observation.hand_sizes if size))
        own_turns = len(observation.history) / (2 * players)  # two records a turn
        return self.horizon * max(0.25, 1.0 - own_turns / (observation.round_no + 4))

    def _best_discard(
        self, hand: Hand | list[Card], observation: Observation
    ) -> tuple[Card, float]:
        """Among the discards leaving the fewest points, the one with the best outlook."""
        rules = observation.round_rules
        options = discard_options(hand, observation)
        keep = self.candidates if self._weight else 1
        final = observation.is_final_turn
        plain = self._lowest_after(hand, options, rules, final, keep)
        ranked = sorted((plain[c], -cost_of(c, rules), c.sort_key, c) for c in plain)
        if not self._weight:
            self._remember_kept(hand, ranked[0][3], ranked[0][0], final)
            return ranked[0][3], ranked[0][0]
        best: tuple[float, int, tuple[int, int], Card] | None = None
        for _points, cost, order, card in ranked[: self.candidates]:
            value = self._score(without(hand, card), observation)
            if best is None or (value, cost, order) < best[:3]:
                best = (value, cost, order, card)
        assert best is not None
        self._remember_kept(hand, best[3], plain[best[3]], final)
        return best[3], best[0]

    def _score(self, cards: list[Card], observation: Observation) -> float:
        if not self._weight:
            return super()._score(cards, observation)
        rules = observation.round_rules
        leftover = self._leftover(cards, rules)
        base = loose_points(leftover, rules)
        if not base:
            return base
        return base - self._weight * self._gain(leftover, observation)

    def _gain(self, leftover: Hand, observation: Observation) -> float:
        """Expected points one draw saves, from the cards the melds leave out."""
        found = self._draw_memo.get(leftover)
        if found is None:
            # What each draw saves depends only on the leftover, so it is worked out once
            # for the round; the unseen copies that weigh it change every turn. The save of
            # drawing a card: the leftover's points less those it keeps loose after that
            # card joins and the costliest loose natural goes (never below 0).
            rules = observation.round_rules
            near = _NEAR_DRAWS[observation.wild_rank]
            draws: set[int] = set()
            held: set[int] = set()
            both: set[int] = set()  # cards the leftover holds both copies of: none to draw
            for card in leftover:
                draws.update(near[card.index])  # none for a wild
                (both if card.index in held else held).add(card.index)
            indexes = list(draws - both)
            base = loose_points(leftover, rules)
            asked = (*(CARDS_BY_INDEX[index] for index in indexes), JOKER)  # any wild: a joker
            after = shared_solver(rules).loose_points_after_each(leftover, asked)
            saves = [base - points if points < base else 0 for points in after]
            found = self._draw_memo[leftover] = (indexes, saves)
        indexes, saves = found  # the last save is any wild's
        copies = self._copies
        # Whole numbers throughout (copies times points), so the sum is exact in any order.
        total: int = sum(map(mul, map(copies.__getitem__, indexes), saves))
        total += self._wild_outs * saves[-1]
        return total / self._unseen_total

    def _discard_reason(self, card: Card, value: float, observation: Observation) -> str:
        points = self._plan_points(without(observation.hand, card), observation.round_rules)
        if self._weight and value < points:
            return _(
                "Discard {card}: the cards kept have the best chance that a card still "
                "unseen will join them in a meld."
            ).format(card=card)
        # whole points, as the greedy bot says them (a weighted score is not points)
        shown = GreedyBot._score(self, without(observation.hand, card), observation)
        return plain_reason(card, shown, observation)

    def _weigh_take(self, observation: Observation, top: Card) -> tuple[float | None, float]:
        # Weighted scores, not points: each worked out on its own.
        now = self._score(list(observation.hand), observation)
        _card, after = self._best_discard([*observation.hand, top], observation)
        return now, after

    def _take_reason(
        self, top: Card, now: float | None, after: float, observation: Observation
    ) -> str:
        return _(
            "Take the {card}: with it in hand, more of the cards still unseen could complete "
            "a meld."
        ).format(card=top)
