"""Outs: the cards that would let a hand go out, and the chance of drawing one.

An *out* is a card that, drawn next, lets the player go out (meld every card but
one and discard it). The player does not know the order of the stock, so every
card they have not seen is equally likely to be the next one drawn: the chance
is the number of unseen copies of the outs over the number of unseen cards.

>>> result = outs("8H 9H 10H QS QC KD", 4)
>>> " ".join(str(out.card) for out in result.outs)
'JK 6★ Q★ 6♥ Q♥ 6♣ 6♠ 6♦ Q♦ Q♣ Q♠'
>>> result.count, result.unseen_total, result.probability
(24, 110, Fraction(12, 55))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from ..core.cards import DECK, Card, Hand, check_available, parse_cards
from ..core.rules import RoundRules, card_points, round_rules
from ..core.solver import HandSizeError, can_go_out, going_out_discards
from ..errors import OutsError
from ..i18n import gettext as _
from ..validators import whole_number
from .trials import deal

__all__ = ["Out", "Outs", "OutsError", "outs", "rule_of_thumb", "waiting_hand"]

_COPIES = Counter(DECK)
_CARD_TYPES = tuple(sorted(_COPIES, key=lambda c: c.sort_key))


@dataclass(frozen=True)
class Out:
    """One card that lets the hand go out, and how many copies are still unseen."""

    card: Card
    unseen: int
    discards: tuple[Card, ...]
    """Cards the player could then discard to go out."""


@dataclass(frozen=True)
class Outs:
    """The outs of a hand waiting to draw, given the cards the player has seen.

    For a hand that has just drawn (one card more than the round deals),
    ``discard`` is the card to throw that leaves the most outs, and the outs are
    those of the hand that remains.
    """

    hand: Hand
    round_no: int
    seen: Hand
    outs: tuple[Out, ...]
    unseen_total: int
    discard: Card | None = None
    goes_out_now: bool = False

    @property
    def count(self) -> int:
        """Unseen cards that are outs (copies counted)."""
        return sum(out.unseen for out in self.outs)

    @property
    def already_out(self) -> bool:
        """True when the hand, before drawing, can go out as it is: it waits for nothing."""
        return self.discard is None and can_go_out(self.hand, self.round_no)

    @property
    def going_out_discard(self) -> Card | None:
        """The card to discard to go out now (a hand that has drawn and can), else None.

        >>> str(outs("8H 9H 10H QS QC QD 3S", 4).going_out_discard)
        '3♠'
        """
        if not self.goes_out_now or self.discard is None:
            return None
        return going_out_discards((*self.hand, self.discard), self.round_no)[0]

    @property
    def waiting(self) -> bool:
        """True when the hand waits for an out: it has one, and cannot go out without it.

        >>> outs("8H 9H 10H QS QC KD", 4).waiting, outs("8H 9H 10H QS QC QD", 4).waiting
        (True, False)
        """
        return bool(self.outs) and not self.goes_out_now and not self.already_out

    @property
    def probability(self) -> Fraction:
        """Exact chance that the next card drawn from the stock is an out."""
        if self.unseen_total == 0:
            return Fraction(0)
        return Fraction(self.count, self.unseen_total)

    def within(self, draws: int) -> Fraction:
        """Exact chance of drawing at least one out in the next ``draws`` draws.

        The hand is kept as it is between draws (each drawn card that is not an
        out is discarded), and every unseen card is equally likely in any order:
        the chance of missing every time is ``C(U - outs, d) / C(U, d)``.

        >>> result = outs("8H 9H 10H QS QC KD", 4)
        >>> result.within(1) == result.probability, round(float(result.within(3)), 4)
        (True, 0.5258)
        """
        whole_number(
            draws,
            _("The number of draws is a whole number of at least {low}, not {value}."),
            low=0,
            error=OutsError,
        )
        draws = min(draws, self.unseen_total)
        if draws == 0:
            return Fraction(0)
        unseen = self.unseen_total
        miss = Fraction(comb(unseen - self.count, draws), comb(unseen, draws))
        return 1 - miss

    def _repr_html_(self) -> str:
        from ..render import outs_html  # lazy: rendering is only needed in notebooks

        return outs_html(self)


def rule_of_thumb(count: int, draws: int = 1) -> float:
    """The quick estimate: about 1% per out per draw, since about 100 cards are unseen.

    Good when outs are few; it overshoots when they are many (it can pass 100%).

    >>> rule_of_thumb(8, 3)
    0.24
    """
    whole_number(
        count,
        _("The number of outs is a whole number from {low} to {high}, not {value}."),
        0,
        len(DECK),
        OutsError,
    )
    whole_number(
        draws,
        _("The number of draws is a whole number from {low} to {high}, not {value}."),
        0,
        len(DECK),
        OutsError,
    )
    return count * draws / 100


def _outs_of(hand: Hand, rules: RoundRules, remaining: Counter[Card]) -> tuple[Out, ...]:
    """Every card that lets ``hand`` (of the round's size) go out when drawn.

    Cards whose every copy is in the hand cannot be drawn and are skipped;
    cards whose unseen copies are all seen stay listed, with ``unseen == 0``.
    """
    complete = can_go_out(hand, rules)
    held = Counter(hand)
    found: list[Out] = []
    for card in _CARD_TYPES:
        if held[card] >= _COPIES[card]:
            continue
        if complete:
            found.append(Out(card, remaining[card], (card,)))
            continue
        discards = going_out_discards((*hand, card), rules)
        if discards:
            found.append(Out(card, remaining[card], discards))
    # Most unseen copies first; then by suit and rank.
    return tuple(sorted(found, key=lambda out: -out.unseen))


def outs(
    cards: str | Iterable[Card], rules: RoundRules | int, seen: str | Iterable[Card] = ()
) -> Outs:
    """The outs of a hand before drawing (or after drawing, for its best discard).

    ``rules`` is the round's :class:`~fivecrowns_lab.core.rules.RoundRules`, or its
    number for the standard game.

    ``seen`` are the other cards the player has seen (the discard pile, cards
    laid down): they cannot be in the stock, so they are not counted as unseen.

    >>> outs("8H 9H 10H QS QC KD", 4, seen="QH QH JK").probability
    Fraction(21, 107)
    >>> after_drawing = outs("8H 9H 10H QS QC KD 3S", 4)
    >>> str(after_drawing.discard), after_drawing.count
    ('K♦', 24)
    """
    rules = round_rules(rules)
    round_no = rules.round_no
    hand = parse_cards(cards)
    seen_cards = parse_cards(seen)
    check_available((*hand, *seen_cards))
    size = rules.hand_size
    remaining = Counter(_COPIES)
    remaining.subtract(hand)
    remaining.subtract(seen_cards)
    unseen_total = sum(remaining.values())
    if len(hand) == size:
        return Outs(hand, round_no, seen_cards, _outs_of(hand, rules, remaining), unseen_total)
    if len(hand) != size + 1:
        raise HandSizeError(
            _(
                "Round {round} deals {size} cards: outs are for a hand of {size} cards "
                "(before drawing) or {drawn} (after drawing), and this one holds {count}."
            ).format(round=round_no, size=size, drawn=size + 1, count=len(hand))
        )
    now = going_out_discards(hand, rules)
    best: Outs | None = None
    for discard in sorted(set(hand), key=lambda c: (-card_points(c, rules), c.sort_key)):
        kept = list(hand)
        kept.remove(discard)
        rest = Hand(kept)
        option = Outs(
            rest,
            round_no,
            seen_cards,
            _outs_of(rest, rules, remaining),
            unseen_total,
            discard,
            bool(now),
        )
        if best is None or option.count > best.count:
            best = option
    assert best is not None
    return best


def waiting_hand(rules: RoundRules | int, seeds: Iterable[int]) -> tuple[Hand, int, int] | None:
    """The first hand dealt from ``seeds`` that cannot go out yet but has an out: the hand,
    its seed and how many seeds were dealt; None if no seed gives one.

    >>> hand, seed, tries = waiting_hand(4, range(1, 100))
    >>> can_go_out(hand, 4), bool(outs(hand, 4).outs), seed == tries
    (False, True, True)
    """
    for tries, seed in enumerate(seeds, 1):
        hand = deal(rules, seed)
        if not can_go_out(hand, rules) and outs(hand, rules).outs:
            return hand, seed, tries
    return None
