"""Players: a one-method protocol, and four bots of clearly different strength.

A player is anything with ``choose(observation) -> action``: a bot, or a person
at a widget. A bot sees only its :class:`~fivecrowns_lab.table.observation.Observation`,
never the game, and explains its last move in one sentence (``last_reason``).

Wild cards: no bot above ``random`` ever throws away a joker or a card of the
round's wild rank before its final turn. While a hand is still being built the
bots count a loose wild as worth nothing (it will always find a meld), so a wild
is never "the costliest card" to get rid of; only on the final turn, when a wild
that fits nowhere really scores 20 or 50, may they drop one.

``random``
    Any legal move (but it always goes out when it can).
``greedy``
    Takes the top discard when that lowers its best penalty, discards the card
    whose loss leaves the fewest points, goes out when it can.
``lookahead``
    Like greedy, but it reasons about the cards it has not seen. For its best few
    discards it asks, for every unseen card that could meld with the cards left
    loose, how many points drawing it would save; weighted by the copies still
    unseen, that is the expected saving of the next draw. It keeps the hand with
    the lowest penalty minus that saving (counted more early in a round than late,
    and not at all on its final turn).
``expert``
    Samples the cards it cannot see and plays each choice out over them
    (:mod:`~fivecrowns_lab.table.expert`).

>>> from fivecrowns_lab.table.game import Game, play_game
>>> bots = [make_bot("random", 1), make_bot("greedy"), make_bot("lookahead")]
>>> play_game(Game(3, seed=1), bots).is_over
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from operator import mul
from typing import Protocol, runtime_checkable

from ..core.arrangement import Arrangement
from ..core.cards import CARDS_BY_INDEX, DECK, JOKER, SUITS, Card, Hand, card_order
from ..core.rules import MAX_RANK, MIN_RANK, RoundRules, card_points, is_wild
from ..core.solver import shared_solver
from ..errors import BotError, quote
from ..i18n import N_, get_language, language
from ..i18n import gettext as _
from ..validators import Seed, check_seed
from .actions import DRAW_STOCK, TAKE_DISCARD, Action, Discard, GoOut, discard_of
from .observation import Observation
from .reasons import discard_reason, keep_reason, take_reason

__all__ = [
    "BOTS",
    "BOT_DESCRIPTIONS",
    "BOT_LEVELS",
    "BOT_WORDS",
    "Bot",
    "BotError",
    "GreedyBot",
    "LookaheadBot",
    "Player",
    "RandomBot",
    "Seed",
    "bot_word",
    "check_bot_seed",
    "discard_options",
    "is_wild_discard",
    "make_bot",
]


@runtime_checkable
class Player(Protocol):
    """Anything that picks an action from what one player may see."""

    def choose(self, observation: Observation) -> Action:
        """The action to play now (it must be one the game allows)."""
        ...


def check_bot_seed(seed: object) -> Seed:
    """Return ``seed`` if a bot can be seeded with it, else raise :class:`BotError`.

    A bot takes what :class:`random.Random` takes from a learner: None, a text, or a
    whole number below 2**64 in size (the bound a game's seed has), by the one seed
    policy (:func:`fivecrowns_lab.validators.check_seed`). ``True`` is refused: it is a
    switch passed by mistake, not a seed; so is a text with a lone surrogate.

    >>> check_bot_seed("Ana's bot"), check_bot_seed(7), check_bot_seed(None)
    ("Ana's bot", 7, None)
    >>> check_bot_seed([])
    Traceback (most recent call last):
    ...
    fivecrowns_lab.errors.BotError: A bot's seed is a whole number below 2**64, ... not [].
    """
    checked: Seed = check_seed(seed, BotError, none=True, text=True, whose="A bot's")
    return checked


class Bot:
    """Shared parts of the bots: a name, a seeded generator and the last move's reason.

    Its public surface is what a table needs: :meth:`choose`, :meth:`with_seed`,
    ``name``, ``seed`` and ``last_reason``. The helpers the bots think with (the
    remembered arrangements and penalties, the scoring of a kept hand) are private.
    """

    kind = "bot"

    def __init__(self, seed: Seed = 0, name: str | None = None) -> None:
        seed = check_bot_seed(seed)
        if name is not None and not isinstance(name, str):
            raise BotError(
                _("A bot's name is a text (or None for {kind}), not {value}.").format(
                    kind=repr(self.kind), value=quote(name)
                )
            )
        self.seed = seed
        self.rng = random.Random(seed)
        self.name = name or self.kind
        self._reason = _("No move yet.")
        # A reason to write when it is read: (language, how to write it, with what).
        self._reason_later: tuple[str, Callable[..., str], tuple[object, ...]] | None = None
        self._round: tuple[int, int] | None = None
        self._point_memo: dict[tuple[Card, ...], int] = {}
        self._plan_memo: dict[tuple[Card, ...], int] = {}
        self._arrangement_memo: dict[tuple[Card, ...], Arrangement] = {}
        self._lowest_memo: dict[tuple[bool, int, tuple[Card, ...]], dict[Card, int]] = {}
        self._leftover_memo: dict[tuple[Card, ...], Hand] = {}

    @property
    def last_reason(self) -> str:
        """Why the last move was chosen, in a sentence in the language of that moment."""
        later = self._reason_later
        if later is not None:
            code, write, values = later
            with language(code):
                self._reason = write(*values)
            self._reason_later = None
        return self._reason

    @last_reason.setter
    def last_reason(self, text: str) -> None:
        self._reason = text
        self._reason_later = None

    def _reason_when_read(self, write: Callable[..., str], *values: object) -> None:
        """Make the reason ``write(*values)``, written only when someone reads it: a run of
        thousands of games reads none. ``write`` must depend on its values alone (and the
        bot's state as this move leaves it, which the next move replaces with its reason)."""
        self._reason_later = (get_language(), write, values)

    def with_seed(self, seed: Seed) -> Bot:
        """A fresh bot of the same kind and name with its own seed (used by ``simulate``).

        >>> GreedyBot(1, "Ana").with_seed(2)
        GreedyBot(seed=2, name='Ana')
        """
        return type(self)(seed, self.name)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed!r}, name={self.name!r})"

    def choose(self, observation: Observation) -> Action:
        """The action to play now; ``last_reason`` then says why in a sentence.

        ``observation`` is what the game shows one player (``game.observation(player)``).
        """
        if not isinstance(observation, Observation):
            raise BotError(
                _(
                    "{bot} chooses a move from an observation (game.observation(player)), "
                    "not from {value}."
                ).format(bot=self.name, value=quote(observation))
            )
        if not observation.legal_actions:
            raise BotError(
                _("{bot} was asked to move, but it is not player {player}'s turn to act.").format(
                    bot=self.name, player=observation.player
                )
            )
        key = (len(observation.scores), observation.round_no)
        if key != self._round:  # a new round: old hands will not come back
            self._round = key
            self._forget_round()
        return self._choose(observation)

    def _forget_round(self) -> None:
        """Drop what was remembered about the last round's hands (they will not come back)."""
        self._point_memo.clear()
        self._plan_memo.clear()
        self._arrangement_memo.clear()
        self._lowest_memo.clear()
        self._leftover_memo.clear()

    def _choose(self, observation: Observation) -> Action:
        raise NotImplementedError

    # -- helpers -------------------------------------------------------------------------------

    def _arrange(self, cards: Sequence[Card], rules: RoundRules) -> Arrangement:
        """The best arrangement of a hand, remembered for the rest of the round."""
        key = tuple(sorted(cards, key=card_order))
        found = self._arrangement_memo.get(key)
        if found is None:
            found = self._arrangement_memo[key] = shared_solver(rules).best_arrangement(key)
        return found

    def _leftover(self, cards: Sequence[Card], rules: RoundRules) -> Hand:
        """The cards the best arrangement leaves in hand (its melds not built), remembered."""
        key = tuple(sorted(cards, key=card_order))
        found = self._leftover_memo.get(key)
        if found is None:
            found = self._leftover_memo[key] = shared_solver(rules).leftover(key)
        return found

    def _points(self, cards: Sequence[Card], rules: RoundRules) -> int:
        """Penalty of a hand after its best melds, remembered for the rest of the round."""
        key = tuple(sorted(cards, key=card_order))
        found = self._point_memo.get(key)
        if found is None:
            found = self._point_memo[key] = shared_solver(rules).penalty(key)
        return found

    def _plan_points(self, cards: Sequence[Card], rules: RoundRules) -> int:
        """Points a hand still being built leaves outside its melds, loose wilds counted as 0
        (the solver's ``penalty(..., building=True)``), remembered for the round.

        The score if the round ended now charges a wild 20 or 50 when nothing melds yet;
        but a wild always finds a meld later, so for choosing what to keep it is worth
        nothing (and must never be thrown away).
        """
        key = tuple(sorted(cards, key=card_order))
        found = self._plan_memo.get(key)
        if found is None:
            found = self._plan_memo[key] = shared_solver(rules).penalty(key, building=True)
        return found

    def _remember_kept(
        self, hand: Hand | list[Card], card: Card, points: int, final: bool
    ) -> None:
        """Remember the points of ``hand`` without ``card``, as :meth:`_lowest_after` gave
        them (the real penalty when ``final``, else :meth:`_plan_points`'s): the hand kept
        after this discard is asked about again next turn, and needs no search then."""
        memo = self._point_memo if final else self._plan_memo
        memo.setdefault(tuple(sorted(_without(hand, card), key=card_order)), points)

    def _lowest_after(
        self,
        cards: Sequence[Card],
        options: list[Card],
        rules: RoundRules,
        final: bool,
        keep: int = 1,
    ) -> dict[Card, int]:
        """For the discards ``options``, the points of the hand without each (``final``: the
        real penalty; else :meth:`_plan_points`, loose wilds counted 0), keeping at least
        every card that leaves at most the ``keep``-th fewest points (others may be
        missing); all in one pass of the solver, remembered for the round.

        A draw being weighed asks about the drawn card too, although the bot knows the
        points without it (the hand it held): when the card is loose in the hand's best
        arrangement the solver has its value at once, and it then bounds the search for
        the other cards (measured faster than leaving the card out of the question).
        """
        key = (final, keep, tuple(sorted(cards, key=card_order)))
        found = self._lowest_memo.get(key)
        if found is None:
            solver = shared_solver(rules)
            found = solver.lowest_without_one(key[2], options, building=not final, keep=keep)
            self._lowest_memo[key] = found
        return found

    def _go_out_action(self, observation: Observation) -> GoOut | None:
        """The best way to go out now, if any: no discard first, else never a wild if avoidable."""
        options = [a for a in observation.legal_actions if isinstance(a, GoOut)]
        if not options:
            return None
        for action in options:
            if action.discard is None:
                self.last_reason = _("Go out: every card, the drawn one too, is in a meld.")
                return action
        rules = observation.round_rules
        best = max(options, key=lambda a: (not _wild(a.discard, rules), _cost(a.discard, rules)))
        self.last_reason = _("Go out: every card but {card} is in a meld, so throw it.").format(
            card=best.discard
        )
        return best


def discard_options(hand: Hand | list[Card], observation: Observation) -> list[Card]:
    """The cards a sensible player would consider throwing: never a wild before the final turn.

    On the final turn every card may go (a wild that fits no meld scores 20 or 50);
    a hand made of wilds alone also has to let one go.
    """
    cards = list(dict.fromkeys(hand))
    if observation.is_final_turn:
        return cards
    wild = _wild_at(observation.round_rules)
    natural = [c for c in cards if not wild[c.index]]
    return natural or cards


def is_wild_discard(action: Action, observation: Observation) -> bool:
    """True when ``action`` throws away a wild card before the final turn (a blunder).

    Going out with a wild discard counts only when another going-out discard was possible.
    """
    if observation.is_final_turn:
        return False
    rules = observation.round_rules
    if isinstance(action, Discard):
        return is_wild(action.card, rules) and any(not is_wild(c, rules) for c in observation.hand)
    if isinstance(action, GoOut) and action.discard is not None:
        return is_wild(action.discard, rules) and any(
            isinstance(a, GoOut) and not _wild(a.discard, rules) for a in observation.legal_actions
        )
    return False


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


# Each card's points left in hand and whether it is wild, by Card.index, for each wild
# rank: card_points and is_wild made once, as the bots weigh every discard on every move.
_POINTS_AT: dict[int, list[int]] = {}
_WILD_AT: dict[int, list[bool]] = {}


def _points_at(rules: RoundRules) -> list[int]:
    found = _POINTS_AT.get(rules.wild_rank)
    if found is None:
        found = _POINTS_AT[rules.wild_rank] = [card_points(c, rules) for c in CARDS_BY_INDEX]
    return found


def _wild_at(rules: RoundRules) -> list[bool]:
    found = _WILD_AT.get(rules.wild_rank)
    if found is None:
        found = _WILD_AT[rules.wild_rank] = [is_wild(c, rules) for c in CARDS_BY_INDEX]
    return found


def _wild(card: Card | None, rules: RoundRules) -> bool:
    return card is not None and is_wild(card, rules)


def _cost(card: Card | None, rules: RoundRules) -> int:
    return 0 if card is None else card_points(card, rules)


def _without(hand: Hand | list[Card], card: Card) -> list[Card]:
    rest = list(hand)
    rest.remove(card)
    return rest


def _loose_points(leftover: Hand, rules: RoundRules) -> int:
    """Points of the cards outside melds, loose wilds counted as 0 (they will meld later)."""
    wild = rules.wild_rank  # a natural scores its rank
    return sum(c.rank for c in leftover if c.suit is not None and c.rank != wild)


class RandomBot(Bot):
    """Picks any legal move at random; it goes out when it can (otherwise rounds never end)."""

    kind = "random"

    def _choose(self, observation: Observation) -> Action:
        going = self._go_out_action(observation)
        if going is not None:
            return going
        action = self.rng.choice(observation.legal_actions)
        self.last_reason = _("Pick any legal move, as a beginner does: {move}.").format(
            move=_move_words(action)
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
        points = _points_at(rules)
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
        return _plain_reason(card, value, observation)

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


def _plain_reason(card: Card, value: float, observation: Observation) -> str:
    rules, final = observation.round_rules, observation.is_final_turn
    return discard_reason(card, observation.hand, value, rules, final)


def _move_words(action: Action) -> str:
    """A move in the words of a reason: 'draw from the stock', 'discard 9♣'."""
    # The same words as the actions' own (table/actions.py), in the learner's language.
    return str(action)


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
        ranked = sorted((plain[c], -_cost(c, rules), c.sort_key, c) for c in plain)
        if not self._weight:
            self._remember_kept(hand, ranked[0][3], ranked[0][0], final)
            return ranked[0][3], ranked[0][0]
        best: tuple[float, int, tuple[int, int], Card] | None = None
        for _points, cost, order, card in ranked[: self.candidates]:
            value = self._score(_without(hand, card), observation)
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
        base = _loose_points(leftover, rules)
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
            base = _loose_points(leftover, rules)
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
        points = self._plan_points(_without(observation.hand, card), observation.round_rules)
        if self._weight and value < points:
            return _(
                "Discard {card}: the cards kept have the best chance that a card still "
                "unseen will join them in a meld."
            ).format(card=card)
        # whole points, as the greedy bot says them (a weighted score is not points)
        shown = GreedyBot._score(self, _without(observation.hand, card), observation)
        return _plain_reason(card, shown, observation)

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


def _expert(seed: Seed = 0, name: str | None = None) -> Bot:
    from .expert import ExpertBot  # it builds on GreedyBot, so it is imported when first used

    return ExpertBot(seed, name)


#: The bots by name, weakest first.
BOTS: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "lookahead": LookaheadBot,
    "expert": _expert,
}

#: One sentence per bot for a learner choosing an opponent, weakest first (same keys as BOTS).
BOT_DESCRIPTIONS: dict[str, str] = {
    "random": N_("Beginner: plays any legal move, but always goes out when it can."),
    "greedy": N_(
        "Easy: keeps the hand that leaves the fewest points right now, and never "
        "throws away a wild card."
    ),
    "lookahead": N_("Medium: also counts which unseen cards could still complete its melds."),
    "expert": N_(
        "Expert: imagines the cards it cannot see many times over, plays each choice "
        "out, and watches who is close to going out."
    ),
}

#: Each bot's name as a learner reads it (same keys as BOTS): "greedy" is "grådig" on a
#: Danish page. The names themselves stay identifiers (make_bot, CSV files, class records).
BOT_WORDS: dict[str, str] = {
    "random": N_("random"),
    "greedy": N_("greedy"),
    "lookahead": N_("lookahead"),
    "expert": N_("expert"),
}


def bot_word(name: str) -> str:
    """A bot's name in the learner's language (a name not in :data:`BOTS` as it is).

    >>> bot_word("greedy")
    'greedy'
    """
    return _(BOT_WORDS[name]) if name in BOT_WORDS else name


#: Level words a learner may use instead of the bot names (old names keep working).
BOT_LEVELS: dict[str, str] = {
    "beginner": "random",
    "easy": "greedy",
    "medium": "lookahead",
    "hard": "expert",
}


def make_bot(name: str, seed: Seed = 0) -> Bot:
    """A bot from :data:`BOTS` (or a level word from :data:`BOT_LEVELS`) with its own seed.

    >>> make_bot("greedy").name
    'greedy'
    >>> make_bot("medium").name
    'lookahead'
    >>> make_bot(["greedy"])
    Traceback (most recent call last):
    ...
    fivecrowns_lab.errors.BotError: A bot is chosen by its name, ... not ['greedy'].
    """
    known = ", ".join(repr(k) for k in BOTS)
    if not isinstance(name, str):
        raise BotError(
            _(
                "A bot is chosen by its name, one of {known} (or a level such as 'easy'), "
                "not {value}."
            ).format(known=known, value=quote(name))
        )
    try:
        factory = BOTS[BOT_LEVELS.get(name, name)]
    except KeyError:
        raise BotError(
            _("There is no bot called {value}; the bots are {known}.").format(
                value=quote(name), known=known
            )
        ) from None
    return factory(seed)
