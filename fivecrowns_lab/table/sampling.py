"""What the expert reads off the table: the unseen cards, and each opponent's habits.

Everything here is computed from one :class:`~fivecrowns_lab.table.observation.Observation`
and nothing else, so it can only use what that player could know:

* the **unseen** cards (the deck less the own hand, the discard pile, the melds on the
  table and the cards an opponent took from the pile and still holds): the pool from
  which the stock and the other hands were dealt;
* for each opponent, the cards they **took** from the discard pile (they hold them
  until they throw them again), the cards they **passed over** (the top discard when
  they drew from the stock instead) and the cards they **threw**;
* how likely each opponent is to **go out** on their next turn, from how many turns
  they have had this round and how many discards they took (see :func:`going_out_chance`).

>>> from fivecrowns_lab.table.game import Game
>>> read = read_table(Game(3, seed=1).observation(1))
>>> len(read.opponents), sum(read.unseen.values())  # 116 less 3 in hand and the upcard
(2, 112)
"""

from __future__ import annotations

import random
import zlib
from collections import Counter
from dataclasses import dataclass

from ..core.cards import Card
from ..core.rules import RoundRules, is_wild
from .actions import Discard, Draw, GoOut
from .observation import Observation

__all__ = ["OpponentRead", "TableRead", "going_out_chance", "read_table", "sample_draws"]


@dataclass(frozen=True)
class OpponentRead:
    """One opponent as seen from the table this round."""

    player: int
    name: str
    turns: int
    holds: tuple[Card, ...]  # taken from the discard pile and not thrown again
    passed: tuple[Card, ...]  # tops of the discard pile they left for the stock
    threw: tuple[Card, ...]
    chance: float  # that they go out on their next turn

    def wants(self, card: Card, round_no: RoundRules | int) -> bool:
        """True when ``card`` fits what they took: same rank, or same suit within two ranks."""
        if is_wild(card, round_no):
            return True
        for held in self.holds:
            if held.rank == card.rank and not is_wild(held, round_no):
                return True
            if (
                held.suit is not None
                and held.suit == card.suit
                and abs(held.rank - card.rank) <= 2
            ):
                return True
        return False

    def spurned(self, card: Card) -> bool:
        """True when they passed over or threw a card of the same rank and suit this round."""
        return card in self.passed or card in self.threw


@dataclass(frozen=True)
class TableRead:
    """The unseen pool, the opponents, and the chance the round ends before my next turn."""

    unseen: Counter[Card]
    opponents: tuple[OpponentRead, ...]
    next_player: int | None
    round_no: int

    @property
    def end_chance(self) -> float:
        """Chance someone else goes out before my next turn (one round of the table)."""
        stay = 1.0
        for opponent in self.opponents:
            stay *= 1.0 - opponent.chance
        return 1.0 - stay

    def later_end_chance(self, cycles: int) -> float:
        """The same chance ``cycles`` rounds of the table from now (each opponent gets closer)."""
        stay = 1.0
        for o in self.opponents:
            stay *= 1.0 - _chance(o.turns + 1 + cycles, len(o.holds), self.round_no)
        return 1.0 - stay

    def next_opponent(self) -> OpponentRead | None:
        """The player who sees my discard first."""
        for opponent in self.opponents:
            if opponent.player == self.next_player:
                return opponent
        return None

    def threat(self) -> OpponentRead | None:
        """The opponent most likely to go out next turn."""
        return max(self.opponents, key=lambda o: o.chance, default=None)


# Chance a player goes out on their k-th turn of a round, given they had not yet: about
# a + b * k, fitted by eye per round to 250 four-player games of greedy bots (23,046 turns;
# `python benchmarks/strength.py --calibrate 250` prints the measured table).
# Small hands go out early or not at all; big hands, with more ways to meld, go out
# sooner as the turns pass. Each discard taken from the pile adds a little.
_HAZARD: dict[int, tuple[float, float]] = {
    1: (0.25, 0.0),
    2: (0.13, 0.008),
    3: (0.015, 0.015),
    4: (0.028, 0.025),
    5: (0.04, 0.035),
    6: (0.037, 0.04),
    7: (0.033, 0.045),
    8: (0.03, 0.05),
    9: (0.037, 0.052),
    10: (0.043, 0.053),
    11: (0.05, 0.055),
}
_PER_PICKUP = 0.15
_MOST = 0.45


def _chance(turn: int, pickups: int, round_no: int) -> float:
    a, b = _HAZARD.get(round_no, _HAZARD[11])
    return min(_MOST, (a + b * turn) * (1.0 + _PER_PICKUP * pickups))


def going_out_chance(turns: int, pickups: int, round_no: int) -> float:
    """Chance a player who had ``turns`` turns and took ``pickups`` discards goes out next turn.

    >>> going_out_chance(0, 0, 11) < going_out_chance(4, 0, 11) < going_out_chance(4, 2, 11)
    True
    """
    return _chance(turns + 1, pickups, round_no)


def read_table(observation: Observation) -> TableRead:
    """Read the unseen pool and every opponent's round so far from an observation."""
    round_no = observation.round_no
    turns: Counter[int] = Counter()
    holds: dict[int, list[Card]] = {}
    passed: dict[int, list[Card]] = {}
    threw: dict[int, list[Card]] = {}
    tops = _tops_before(observation)
    for record, top in zip(observation.history, tops, strict=True):
        who = record.player
        action = record.action
        if isinstance(action, Draw):
            turns[who] += 1
            if record.drawn is not None:
                holds.setdefault(who, []).append(record.drawn)
            elif top is not None:
                passed.setdefault(who, []).append(top)
            continue
        thrown = action.card if isinstance(action, Discard) else None
        if isinstance(action, GoOut):
            thrown = action.discard
        shown = [c for meld in record.laid for c in meld] + list(record.laid_off)
        if thrown is not None:
            shown.append(thrown)
            threw.setdefault(who, []).append(thrown)
        mine = holds.get(who, [])
        for card in shown:
            if card in mine:
                mine.remove(card)
    opponents = []
    for player in observation.opponents:
        held = tuple(holds.get(player, ()))
        chance = (
            0.0
            if observation.went_out is not None
            else _chance(turns[player] + 1, len(held), round_no)
        )
        opponents.append(
            OpponentRead(
                player,
                observation.names[player],
                turns[player],
                held,
                tuple(passed.get(player, ())),
                tuple(threw.get(player, ())),
                chance,
            )
        )
    return TableRead(observation.unseen(), tuple(opponents), _next_player(observation), round_no)


def _tops_before(observation: Observation) -> list[Card | None]:
    """The top discard just before each record of this round (None once it is unknown).

    Worked backwards from the pile as it is now: a discard is taken off again, a card
    taken from the pile is put back. Before a reshuffle the pile's lower cards are not
    known to the observer, so records before one get None.
    """
    pile = list(observation.discard_pile)
    tops: list[Card | None] = []
    known = True
    for record in reversed(observation.history):
        action = record.action
        if isinstance(action, Draw):
            if record.drawn is not None:
                pile.append(record.drawn)
            tops.append(pile[-1] if known and pile else None)
            if record.reshuffled:
                known = False
            continue
        thrown = action.card if isinstance(action, Discard) else getattr(action, "discard", None)
        if thrown is not None and pile:
            pile.pop()
        tops.append(pile[-1] if known and pile else None)
    tops.reverse()
    return tops


def _next_player(observation: Observation) -> int | None:
    sizes = observation.hand_sizes
    n = len(sizes)
    for step in range(1, n):
        player = (observation.player + step) % n
        if sizes[player] and player != observation.went_out:
            return player
    return None


def sample_draws(
    unseen: Counter[Card], samples: int, depth: int, rng: random.Random
) -> list[tuple[Card, ...]]:
    """``samples`` sequences of the next ``depth`` stock cards, dealt from the unseen pool.

    Every unseen card is as likely to be on top of the stock as any other: the
    stock and the other hands were dealt from one shuffle, so what the observer
    has not seen is exchangeable (each sequence is drawn without replacement).
    """
    pool = sorted(unseen.elements(), key=lambda c: c.sort_key)
    depth = min(depth, len(pool))
    return [tuple(rng.sample(pool, depth)) for _ in range(samples)]


def decision_rng(seed: int | str | None, observation: Observation) -> random.Random:
    """A generator that depends only on the bot's seed and what it observes now.

    So the same observation always gets the same move (a hint asked twice agrees),
    and a game replays exactly from its seeds.
    """
    text = "|".join(
        [
            str(seed),
            str(observation.round_no),
            str(len(observation.history)),
            observation.phase,
            " ".join(c.code for c in observation.hand),
            " ".join(c.code for c in observation.discard_pile),
        ]
    )
    return random.Random(zlib.crc32(text.encode()))
