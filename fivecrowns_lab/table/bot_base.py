"""What every bot shares: the player protocol, a seeded bot's memory and its reasons.

:class:`Bot` holds a bot's name, its generator, the reason of its last move (written
only when read) and the arrangements and penalties it remembers for the round; the
bots themselves are in :mod:`~fivecrowns_lab.table.simple_bots` and
:mod:`~fivecrowns_lab.table.expert`, and :mod:`~fivecrowns_lab.table.players` names
them. :func:`discard_options` and :func:`is_wild_discard` say what a sensible discard
is: never a wild before the final turn.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

from ..core.arrangement import Arrangement
from ..core.cards import CARDS_BY_INDEX, Card, Hand, card_order
from ..core.rules import RoundRules, card_points, is_wild
from ..core.solver import shared_solver
from ..errors import BotError, quote
from ..i18n import get_language, language
from ..i18n import gettext as _
from ..validators import Seed, check_seed
from .actions import Action, Discard, GoOut
from .observation import Observation
from .reasons import discard_reason

__all__ = [
    "Bot",
    "Player",
    "Seed",
    "check_bot_seed",
    "discard_options",
    "is_wild_discard",
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

        >>> from fivecrowns_lab.table.simple_bots import GreedyBot
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
        memo.setdefault(tuple(sorted(without(hand, card), key=card_order)), points)

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
        best = max(
            options, key=lambda a: (not wild_card(a.discard, rules), cost_of(a.discard, rules))
        )
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
    wild = wild_at(observation.round_rules)
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
            isinstance(a, GoOut) and not wild_card(a.discard, rules)
            for a in observation.legal_actions
        )
    return False


# Each card's points left in hand and whether it is wild, by Card.index, for each wild
# rank: card_points and is_wild made once, as the bots weigh every discard on every move.
_POINTS_AT: dict[int, list[int]] = {}
_WILD_AT: dict[int, list[bool]] = {}


def points_at(rules: RoundRules) -> list[int]:
    found = _POINTS_AT.get(rules.wild_rank)
    if found is None:
        found = _POINTS_AT[rules.wild_rank] = [card_points(c, rules) for c in CARDS_BY_INDEX]
    return found


def wild_at(rules: RoundRules) -> list[bool]:
    found = _WILD_AT.get(rules.wild_rank)
    if found is None:
        found = _WILD_AT[rules.wild_rank] = [is_wild(c, rules) for c in CARDS_BY_INDEX]
    return found


def wild_card(card: Card | None, rules: RoundRules) -> bool:
    return card is not None and is_wild(card, rules)


def cost_of(card: Card | None, rules: RoundRules) -> int:
    return 0 if card is None else card_points(card, rules)


def without(hand: Hand | list[Card], card: Card) -> list[Card]:
    rest = list(hand)
    rest.remove(card)
    return rest


def loose_points(leftover: Hand, rules: RoundRules) -> int:
    """Points of the cards outside melds, loose wilds counted as 0 (they will meld later)."""
    wild = rules.wild_rank  # a natural scores its rank
    return sum(c.rank for c in leftover if c.suit is not None and c.rank != wild)


def plain_reason(card: Card, value: float, observation: Observation) -> str:
    rules, final = observation.round_rules, observation.is_final_turn
    return discard_reason(card, observation.hand, value, rules, final)


def move_words(action: Action) -> str:
    """A move in the words of a reason: 'draw from the stock', 'discard 9♣'."""
    # The same words as the actions' own (table/actions.py), in the learner's language.
    return str(action)
