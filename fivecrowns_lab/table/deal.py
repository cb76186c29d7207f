"""A deal you can write down: every hand, the discard pile, the stock in order, round, dealer.

The game deals with :func:`shuffle_deal` (the one dealing function of the package); a
lesson or a test that wants a chosen position writes a :class:`Deal` instead and starts
a game from it (``Game(players, rules, seed, deal=...)`` or ``game.next_round(deal)``).
A game started that way saves its deals, so it restores as the same game.

>>> deal = Deal.arrange(1, ["5H 6H 9C", "5S 6S 7D"], discard="7H", stock="KD", dealer=1)
>>> str(deal.hands[0]), str(deal.discard), str(deal.stock[-1]), len(deal.stock)
('5♥ 6♥ 9♣', '7♥', 'K♦', 109)
>>> Deal.from_dict(deal.to_dict()) == deal
True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.cards import DECK, Card, Hand, parse_cards, trusted_hand
from ..core.rules import MAX_PLAYERS, MIN_PLAYERS, RoundRules, check_round, hand_size, round_rules
from ..errors import GameError, quote
from ..i18n import N_
from ..i18n import gettext as _
from ..validators import whole_number

__all__ = ["Deal", "deal_hand", "shuffle_deal"]

_DECK_COUNT = Counter(DECK)


# What a deal's part holds, by part: a sentence each (a whole sentence translates well).
_NOT_CARDS = {
    "hands": N_("The hands of a deal are cards, not {value}."),
    "discard pile": N_("The discard pile of a deal is cards, not {value}."),
    "stock": N_("The stock of a deal is cards, not {value}."),
}


def _hand(cards: object, what: str) -> Hand:
    if isinstance(cards, Hand):
        return cards
    if isinstance(cards, (str, list, tuple)):
        return parse_cards(cards, check=False)
    raise GameError(_(_NOT_CARDS[what]).format(value=quote(cards)))


@dataclass(frozen=True)
class Deal:
    """One round's deal, written down.

    Parameters
    ----------
    round_no
        The round (1..11): it decides the hand size and the wild rank.
    hands
        One hand per seat; a seat not dealt in (in a playoff) has an empty hand.
    discard
        The discard pile, bottom to top (after a shuffled deal, one card; a scripted
        position may leave it empty).
    stock
        The face-down draw pile, bottom to top: the next card drawn is ``stock[-1]``.
    dealer
        Who dealt; play starts at their left.

    Together the hands and piles hold the 116 cards of the deck exactly.
    """

    round_no: int
    hands: tuple[Hand, ...]
    discard: Hand
    stock: Hand
    dealer: int = 0

    def __post_init__(self) -> None:
        check_round(self.round_no)
        if not isinstance(self.hands, (tuple, list)):
            raise GameError(
                _("A deal's hands are a list of hands, not {value}.").format(
                    value=quote(self.hands)
                )
            )
        if not MIN_PLAYERS <= len(self.hands) <= MAX_PLAYERS:
            raise GameError(
                _("A deal is for {low} to {high} players, not {count}.").format(
                    low=MIN_PLAYERS, high=MAX_PLAYERS, count=len(self.hands)
                )
            )
        hands = tuple(_hand(h, "hands") for h in self.hands)
        object.__setattr__(self, "hands", hands)
        object.__setattr__(self, "discard", _hand(self.discard, "discard pile"))
        object.__setattr__(self, "stock", _hand(self.stock, "stock"))
        dealer = self.dealer
        whole_number(
            dealer,
            _("The dealer is a seat from {low} to {high}, not {value}."),
            0,
            len(hands) - 1,
            GameError,
        )
        size = hand_size(self.round_no)
        for seat, hand in enumerate(hands):
            if hand and len(hand) != size:
                raise GameError(
                    _("Round {round} deals {size} cards, but hand {seat} holds {count}.").format(
                        round=self.round_no, size=size, seat=seat, count=len(hand)
                    )
                )
        if not any(hands):
            raise GameError(_("A deal needs at least one hand dealt."))
        held = Counter(c for h in (*hands, self.discard, self.stock) for c in h)
        if held != _DECK_COUNT:
            extra = held - _DECK_COUNT
            if extra:
                card = sorted(extra, key=lambda c: c.sort_key)[0]
                raise GameError(
                    _("This deal holds {card} more often than the deck ({count}).").format(
                        card=card, count=held[card]
                    )
                )
            raise GameError(
                _("A deal holds the whole deck of {deck} cards; this one holds {count}.").format(
                    deck=len(DECK), count=sum(held.values())
                )
            )

    @classmethod
    def _dealt(
        cls, round_no: int, hands: tuple[Hand, ...], discard: Hand, stock: Hand, dealer: int
    ) -> Deal:
        """A deal :func:`shuffle_deal` made from the whole deck, without the checks.

        They hold by construction there, and they cost more than the rest of dealing
        (simulations deal thousands of rounds).
        """
        deal = object.__new__(cls)
        for name, value in (
            ("round_no", round_no), ("hands", hands), ("discard", discard), ("stock", stock),
            ("dealer", dealer),
        ):  # fmt: skip
            object.__setattr__(deal, name, value)
        return deal

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats dealt in (every seat, except in a playoff)."""
        return tuple(seat for seat, hand in enumerate(self.hands) if hand)

    @classmethod
    def arrange(
        cls,
        round_no: int,
        hands: Sequence[str | Iterable[Card]],
        discard: str | Iterable[Card],
        stock: str | Iterable[Card] = "",
        dealer: int | None = None,
    ) -> Deal:
        """A deal with the cards you choose; the rest of the deck goes under the stock.

        ``stock`` lists the cards on top of the stock, bottom to top (its last card is
        drawn first). ``dealer`` None seats the dealer just before player 0, so player 0
        plays first.
        """
        check_round(round_no)
        if not isinstance(hands, (list, tuple)) or not MIN_PLAYERS <= len(hands) <= MAX_PLAYERS:
            raise GameError(
                _("The hands of a deal are a list of {low} to {high} hands, not {value}.").format(
                    low=MIN_PLAYERS, high=MAX_PLAYERS, value=quote(hands)
                )
            )
        chosen = [parse_cards(h) for h in hands]
        pile = parse_cards(discard)
        top = parse_cards(stock)
        rest = Counter(DECK)
        for cards in (*chosen, pile, top):
            rest.subtract(cards)
        over = [card for card, count in rest.items() if count < 0]
        if over:
            card = sorted(over, key=lambda c: c.sort_key)[0]
            raise GameError(
                _("This deal uses {card} more often than the deck holds it.").format(card=card)
            )
        under = sorted(rest.elements(), key=lambda c: c.sort_key)
        seat = len(chosen) - 1 if dealer is None else dealer
        return cls(round_no, tuple(chosen), pile, Hand([*under, *top]), seat)

    def to_dict(self) -> dict[str, Any]:
        """The deal as plain data (card codes), for JSON."""
        return {
            "round": self.round_no,
            "dealer": self.dealer,
            "hands": [[c.code for c in hand] for hand in self.hands],
            "discard": [c.code for c in self.discard],
            "stock": [c.code for c in self.stock],
        }

    @classmethod
    def from_dict(cls, data: Any) -> Deal:
        """Rebuild a deal from :meth:`to_dict`'s output (:class:`GameError` if it is not one)."""
        if not isinstance(data, dict):
            sentence = _("A saved deal is a dictionary, not {value}.")
            raise GameError(sentence.format(value=quote(data)))
        missing = [k for k in ("round", "dealer", "hands", "discard", "stock") if k not in data]
        if missing:
            # the keys are the save's own field names, quoted as they are written
            sentence = _("This saved deal has no {keys}.")
            raise GameError(sentence.format(keys=", ".join(repr(k) for k in missing)))
        hands = data["hands"]
        if not isinstance(hands, list) or not MIN_PLAYERS <= len(hands) <= MAX_PLAYERS:
            sentence = _("A saved deal's hands are a list of {low} to {high} hands, not {value}.")
            raise GameError(sentence.format(low=MIN_PLAYERS, high=MAX_PLAYERS, value=quote(hands)))
        for key in ("discard", "stock"):
            if not isinstance(data[key], list):
                sentence = _("A saved deal's {key} is a list of cards, not {value}.")
                raise GameError(sentence.format(key=repr(key), value=quote(data[key])))
        for hand in hands:
            if not isinstance(hand, list):
                sentence = _("A saved deal's hand is a list of cards, not {value}.")
                raise GameError(sentence.format(value=quote(hand)))
        return cls(data["round"], tuple(hands), data["discard"], data["stock"], data["dealer"])


def shuffle_deal(
    round_no: int, players: int, dealer: int, rng: random.Random, seats: Sequence[int] = ()
) -> Deal:
    """Shuffle the deck with ``rng`` and deal round ``round_no``, as the game does.

    Cards go one at a time clockwise from the dealer's left to each seat in ``seats``
    (every seat if empty); the next card starts the discard pile, the rest is the stock.
    """
    dealt = tuple(seats) or tuple(range(players))
    stock = list(DECK)
    rng.shuffle(stock)
    hands: list[list[Card]] = [[] for _ in range(players)]
    order = [(dealer + step) % players for step in range(1, players + 1)]
    order = [seat for seat in order if seat in dealt]
    for _card in range(hand_size(round_no)):
        for seat in order:
            hands[seat].append(stock.pop())
    top = stock.pop()
    return Deal._dealt(
        round_no, tuple(trusted_hand(h) for h in hands), trusted_hand([top]), trusted_hand(stock),
        dealer,
    )  # fmt: skip


def deal_hand(rules: RoundRules | int, rng: random.Random, extra: int = 0) -> Hand:
    """A random hand for the round (and ``extra`` more cards after it), dealt with ``rng``.

    The one way the package deals a single hand: the probability questions, the deal lab
    and the meld lab all call it, so the same generator state deals the same hand everywhere.

    >>> deal_hand(1, random.Random(4)) == deal_hand(1, random.Random(4))
    True
    >>> len(deal_hand(3, random.Random(1), extra=2))
    7
    """
    size = round_rules(rules).hand_size
    if not isinstance(rng, random.Random):
        raise GameError(
            _("A hand is dealt with a random.Random, not {value}.").format(value=quote(rng))
        )
    whole_number(
        extra,
        _("The number of extra cards is a whole number from {low} to {high}, not {value}."),
        0,
        len(DECK) - size,
        GameError,
    )
    return Hand(rng.sample(DECK, size + extra))
