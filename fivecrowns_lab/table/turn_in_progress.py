"""The turn in progress: melds laid down one at a time before the discard that goes out.

A person going out lays each meld down on its own (the table checks it at once and says
why when it is not one), then discards the last card. The melds stay down only if the
turn goes out: until then they can be taken back. :class:`TurnInProgress` is that
turn as a value: the hand, the melds staged so far, and the rule checks that the
staging, the discard and the going out obey. Each change returns a new value and an
illegal one raises with a reason, leaving the old value as it was.

>>> from fivecrowns_lab.core.cards import parse_cards
>>> turn = TurnInProgress(parse_cards("7H 8H 9H QS QC QD 4C"), 3)
>>> turn = turn.stage(parse_cards("7H 8H 9H"))
>>> [str(c) for c in turn.going_out_discards()]
['4♣']
>>> turn.go_out_with(parse_cards("4C")[0]).melds is not None
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from ..core.cards import Card, format_cards
from ..core.melds import check_meld
from ..core.rules import RoundRules, round_rules
from ..core.solver import shared_solver
from ..errors import CardNotHeldError, GameError, GoOutError, MeldError, quote
from ..i18n import gettext as _
from .actions import GoOut

__all__ = ["Melds", "TurnInProgress"]

Melds = tuple[tuple[Card, ...], ...]


def _without(cards: Iterable[Card], taken: Iterable[Card]) -> tuple[Card, ...]:
    """``cards`` in their order, less one copy of each card of ``taken``."""
    left = Counter(taken)
    out = []
    for card in cards:
        if left[card] > 0:
            left[card] -= 1
        else:
            out.append(card)
    return tuple(out)


@dataclass(frozen=True)
class TurnInProgress:
    """One player's turn after the draw: the hand and the melds laid down so far.

    ``hand`` holds every card of the player's hand (the staged ones too); ``rules`` is
    the round's; ``final_turn``: a final turn lays its melds down by itself, so nothing
    is staged then; ``no_final_discard``: the variant that lets a hand go out by melding
    every card.
    """

    hand: tuple[Card, ...]
    rules: RoundRules
    staged: Melds = ()
    final_turn: bool = False
    no_final_discard: bool = False

    def __init__(
        self,
        hand: Iterable[Card],
        rules: RoundRules | int,
        staged: Iterable[Iterable[Card]] = (),
        final_turn: bool = False,
        no_final_discard: bool = False,
    ) -> None:
        melds = tuple(tuple(meld) for meld in staged)
        cards = tuple(hand)
        missing = Counter(c for meld in melds for c in meld) - Counter(cards)
        if missing:
            raise CardNotHeldError(
                _("The melds laid down hold {cards}, which the hand does not.").format(
                    cards=quote(format_cards(list(missing.elements())))
                )
            )
        object.__setattr__(self, "hand", cards)
        object.__setattr__(self, "rules", round_rules(rules))
        object.__setattr__(self, "staged", melds)
        object.__setattr__(self, "final_turn", bool(final_turn))
        object.__setattr__(self, "no_final_discard", bool(no_final_discard))

    def _with(self, staged: Melds) -> TurnInProgress:
        return TurnInProgress(
            self.hand, self.rules, staged, self.final_turn, self.no_final_discard
        )

    @property
    def remaining(self) -> tuple[Card, ...]:
        """The cards not laid down this turn, in the hand's order."""
        return _without(self.hand, (c for meld in self.staged for c in meld))

    @property
    def melds_every_card(self) -> bool:
        """True when the staged melds hold the whole hand (going out with no discard)."""
        return bool(self.staged) and not self.remaining

    def stage(self, cards: Iterable[Card]) -> TurnInProgress:
        """This turn with ``cards`` laid down as one more meld (checked first).

        Raises a :class:`~fivecrowns_lab.errors.GameError` when fewer than three cards
        are chosen, on a final turn, when a card is not in hand, when the cards are no
        meld, or when they are every card left and the round needs a final discard.
        """
        chosen = tuple(cards)
        if len(chosen) < 3:
            raise MeldError(
                _(
                    "Select the three or more cards of one book or run first ({count} selected)."
                ).format(count=len(chosen))
            )
        if self.final_turn:
            raise GameError(
                _("On your final turn just discard: your best melds are laid down for you.")
            )
        left = self.remaining
        if Counter(chosen) - Counter(left):
            raise CardNotHeldError(
                _("You cannot lay down {cards}: they are not all in your hand.").format(
                    cards=format_cards(chosen)
                )
            )
        verdict = check_meld(chosen, self.rules)
        if not verdict.valid:
            raise MeldError(
                _("{cards} is not a meld. {reason}").format(
                    cards=format_cards(chosen), reason=verdict.reason
                )
            )
        if len(chosen) == len(left) and not self.no_final_discard:
            raise GoOutError(
                _(
                    "Keep one card back: going out ends with a discard (melding every card with "
                    "no discard is a variant that is off in this game)."
                )
            )
        return self._with((*self.staged, chosen))

    def unstage(self) -> TurnInProgress:
        """This turn with every staged meld back in the hand."""
        return self._with(())

    def rest_after(self, card: Card) -> tuple[Card, ...]:
        """The cards left after discarding ``card`` (which must not be laid down)."""
        left = self.remaining
        if card not in left:
            raise CardNotHeldError(
                _("You cannot discard {card}: it is not in your hand.").format(card=card)
            )
        return _without(left, (card,))

    def left_loose(self, card: Card) -> tuple[Card, ...]:
        """The cards discarding ``card`` would leave in no meld, once melds are staged.

        Melds stay down only when the turn goes out, so with melds staged every other card
        must fit one too; with nothing staged a plain discard leaves nothing loose.
        """
        rest = self.rest_after(card)
        if not rest or not self.staged:
            return ()
        return tuple(shared_solver(self.rules).best_arrangement(rest).leftover)

    def going_out_discards(self) -> tuple[Card, ...]:
        """The cards whose discard lets the rest go out (the staged melds staying down)."""
        left = self.remaining
        solver = shared_solver(self.rules)
        return tuple(
            card
            for card in dict.fromkeys(left)
            if not solver.best_arrangement(_without(left, (card,))).leftover
        )

    def going_out_card(self, card: Card) -> Card | None:
        """The card to discard to go out when ``card`` was chosen: itself if it goes out,
        else the first card that does; None when no discard goes out."""
        going = self.going_out_discards()
        if not going:
            return None
        return card if card in going else going[0]

    def go_out_with(self, card: Card) -> GoOut:
        """Go out discarding ``card``: the staged melds, then the best melds of the rest."""
        rest = self.rest_after(card)
        arrangement = shared_solver(self.rules).best_arrangement(rest)
        if arrangement.leftover:
            raise GoOutError(
                _("Discarding {card} would leave {cards} in no meld.").format(
                    card=card, cards=format_cards(arrangement.leftover)
                )
            )
        melds = self.staged + tuple(tuple(m.cards) for m in arrangement.melds)
        return GoOut(card, melds)
