"""A finished round to score: who went out, and every hand as it was at the end.

The scoring lesson deals these; they are plain values with no widgets. One player's
hand is built to go out (books and runs drawn from the deck), the others hold what a
seeded shuffle dealt them, so the same round, player count and seed always give the
same finished round.

>>> game = finished_round(1, 3, seed=5)
>>> game.names, game.score(0)
(('Ann', 'Ben', 'Cleo'), 0)
>>> finished_round(1, 3, seed=5, rules=GameRules(going_out_bonus=True)).score(0)
-10
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from ..core.arrangement import Arrangement
from ..core.cards import DECK, JOKER, RANKS, SUITS, Card, Hand
from ..core.rules import (
    MIN_PLAYERS,
    GameRules,
    RoundRules,
    check_round,
    hand_size,
)
from ..core.solver import best_arrangement, can_go_out
from ..errors import LessonError
from ..i18n import gettext as _
from ..validators import whole_number
from .round_points import going_out_score

__all__ = ["NAMES", "FinishedRound", "finished_round"]

#: Names of the players at the lesson's table, in seat order.
NAMES: tuple[str, ...] = ("Ann", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus")


@dataclass(frozen=True)
class FinishedRound:
    """A round at its end: who went out, and every hand as it was when scoring."""

    round_no: int
    names: tuple[str, ...]
    hands: tuple[Hand, ...]
    went_out: int
    rules: GameRules = field(default_factory=GameRules)

    def arrangement(self, player: int) -> Arrangement:
        """The player's best melds and what they leave in hand."""
        return best_arrangement(self.hands[player], self.rules.for_round(self.round_no))

    def score(self, player: int) -> int:
        """The round's score: the going-out player's 0 (or -10 with the bonus), else the
        points the best melds leave."""
        if player == self.went_out:
            return going_out_score(self.rules.going_out_bonus)
        return self.arrangement(player).penalty

    def scores(self) -> tuple[int, ...]:
        """Every player's score, in seat order."""
        return tuple(self.score(p) for p in range(len(self.names)))


def _take(pool: Counter[Card], card: Card) -> bool:
    if pool[card] <= 0:
        return False
    pool[card] -= 1
    return True


def _meld_sizes(n: int, rng: random.Random) -> list[int]:
    sizes: list[int] = []
    left = n
    while left:
        size = left if left <= 5 else rng.choice([3, 4, 5] if left >= 8 else [3])
        sizes.append(size)
        left -= size
    return sizes


def _going_out_hand(rules: RoundRules, pool: Counter[Card], rng: random.Random) -> list[Card]:
    """A hand whose cards all meld: books and runs drawn from what is left of the deck."""
    n = rules.hand_size
    for _attempt in range(500):
        trial = Counter(pool)
        cards: list[Card] = []
        for size in _meld_sizes(n, rng):
            if rng.random() < 0.5:
                rank = rng.choice(RANKS)
                wanted = [Card(rank, rng.choice(SUITS)) for _ in range(size)]
            else:
                suit = rng.choice(SUITS)
                start = rng.randrange(RANKS[0], RANKS[-1] - size + 2)
                wanted = [Card(start + i, suit) for i in range(size)]
            if size > 3 and rng.random() < 0.6:
                wanted[rng.randrange(size)] = JOKER
            cards += [c for c in wanted if _take(trial, c)]
        if len(cards) == n and can_go_out(cards, rules):
            pool.clear()
            pool.update(trial)
            return cards
    raise RuntimeError("Could not build a hand that goes out.")  # pragma: no cover


def finished_round(
    round_no: int, players: int, seed: int, rules: GameRules | None = None
) -> FinishedRound:
    """A seeded finished round: player 0 went out, the others hold what was dealt to them."""
    check_round(round_no)
    whole_number(
        players,
        _("The number of players is a whole number from {low} to {high}, not {value}."),
        MIN_PLAYERS,
        len(NAMES),
        LessonError,
    )
    rng = random.Random(seed)
    pool: Counter[Card] = Counter(DECK)
    rules = rules or GameRules()
    first = _going_out_hand(rules.for_round(round_no), pool, rng)
    rest = list(pool.elements())
    rng.shuffle(rest)
    n = hand_size(round_no)
    hands = [Hand(first)] + [Hand(rest[i * n : (i + 1) * n]).sorted() for i in range(players - 1)]
    return FinishedRound(round_no, NAMES[:players], tuple(hands), 0, rules)
