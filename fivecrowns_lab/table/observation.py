"""What one player may see of a game: the :class:`Observation` bots and views act on.

An observation holds that player's own hand and only public facts: the top
discard (and the rest of the discard pile, every card of which was seen face up),
how many cards the stock and each hand hold, the melds on the table, the scores
and this round's public records. It holds no reference to the game, so no hidden
card of another player can be reached from it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, fields
from typing import Any

from ..core.cards import CARDS_BY_INDEX, DECK, Card, Hand
from ..core.melds import Meld
from ..core.rules import GameRules, RoundRules
from .actions import Action, ActionRecord, Discard, Phase

__all__ = ["Observation", "Phase"]

# Every card's copies in the deck, by Card.index.
_DECK_COPIES = [DECK.count(card) for card in CARDS_BY_INDEX]


@dataclass(frozen=True)
class Observation:
    """One player's view of the game at one moment.

    ``legal_actions`` is filled only when it is this player's turn. ``discard_pile``
    lists the pile bottom to top; ``history`` holds this round's public records
    (the card drawn appears only when it came from the discard pile).
    """

    player: int
    names: tuple[str, ...]
    rules: GameRules
    round_no: int
    wild_rank: int
    round_rules: RoundRules
    is_playoff: bool
    hand: Hand
    top_discard: Card | None
    discard_pile: Hand
    stock_size: int
    hand_sizes: tuple[int, ...]
    table: tuple[tuple[Meld, ...], ...]
    totals: tuple[int, ...]
    scores: tuple[tuple[int, ...], ...]
    current_player: int | None
    dealer: int
    phase: Phase
    went_out: int | None
    is_final_turn: bool
    legal_actions: tuple[Action, ...]
    history: tuple[ActionRecord, ...]

    @classmethod
    def _of_table(cls, **values: Any) -> Observation:
        """An observation of every field in ``values``, made without the frozen class's
        one-field-at-a-time set-up (for the table, which makes one before every move and
        passes every field; a missing one is refused)."""
        if len(values) != len(_FIELDS) or not _FIELDS.issuperset(values):
            raise TypeError(f"An observation has the fields {sorted(_FIELDS)}.")  # a bug
        observation = object.__new__(cls)
        observation.__dict__.update(values)
        return observation

    @property
    def discard_size(self) -> int:
        """Cards in the discard pile."""
        return len(self.discard_pile)

    @property
    def is_my_turn(self) -> bool:
        """True when this player is to act."""
        return self.current_player == self.player and self.phase in ("draw", "discard")

    @property
    def opponents(self) -> tuple[int, ...]:
        """The other players still dealt in this round."""
        return tuple(p for p, size in enumerate(self.hand_sizes) if p != self.player and size > 0)

    def unseen(self) -> Counter[Card]:
        """Cards this player has not seen: the deck less own hand, discard pile and table.

        They are in the stock or in other players' hands (a card an opponent took
        from the discard pile is known to them, and is left out too). The cards come in
        the deck's order, as they are dealt from (samplers draw from this order).
        """
        return Counter(
            {
                CARDS_BY_INDEX[index]: count
                for index, count in enumerate(self.unseen_copies())
                if count
            }
        )

    def unseen_copies(self) -> list[int]:
        """:meth:`unseen` as a list: the unseen copies of each card, by :attr:`Card.index`.

        For a caller that weighs the unseen cards many times a move (a list read by a
        whole number costs less than hashing a card).
        """
        left = list(_DECK_COPIES)
        for card in self.hand:
            left[card.index] -= 1
        for card in self.discard_pile:
            left[card.index] -= 1
        for melds in self.table:
            for meld in melds:
                for card in meld.cards:
                    left[card.index] -= 1
        # Cards others took from the pile and have not shown again, by Card.index.
        held: list[int] = []
        me = self.player
        for record in self.history:
            if record.player == me:
                continue
            if record.drawn is not None:
                held.append(record.drawn.index)
            if not held:  # nothing a record shows can be a card taken from the pile
                continue
            action = record.action
            thrown = action.card if type(action) is Discard else getattr(action, "discard", None)
            if isinstance(thrown, Card) and thrown.index in held:
                held.remove(thrown.index)
            if record.laid or record.laid_off:
                for card in (*(card for meld in record.laid for card in meld), *record.laid_off):
                    if card.index in held:
                        held.remove(card.index)
        for index in held:
            left[index] -= 1
        # A hand or table that holds more copies than the deck (a game set up by hand)
        # leaves none unseen, never fewer than none.
        return left if min(left) >= 0 else [count if count > 0 else 0 for count in left]


_FIELDS = frozenset(field.name for field in fields(Observation))
