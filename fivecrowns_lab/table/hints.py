"""The expert's reasons in one sentence a learner can check, using only what they could know.

A hint names the cards to keep and to throw and gives the fact behind the choice:
how many of the cards that would finish a pair or a near-run are still unseen (the
learner can count them too: they are not in the hand, the discard pile or the table),
and what the table showed about the next player (cards they passed over or took).
Every card a hint names is in the player's own hand, the discard pile or a record
everyone saw; :func:`cards_named` lets a test check that.

>>> from fivecrowns_lab.core.cards import parse_cards
>>> [str(c) for c in cards_named("Keep 9♥ 10♥; throw K♣, which Bot 2 passed over.")]
['9♥', '10♥', 'K♣']
"""

from __future__ import annotations

import re
from collections import Counter
from typing import TYPE_CHECKING

from ..core.cards import DECK, SUITS, Card, parse_card
from ..core.rules import card_points, is_wild
from .observation import Observation

if TYPE_CHECKING:
    from .expert import ExpertBot

__all__ = ["cards_named", "finishers", "throw_reason"]

_CARD_TEXT = re.compile(r"(?:10|[3-9JQK])[★♥♣♠♦]|JK")
_RISKY = 0.2  # an opponent this likely to go out next turn makes high cards urgent


def cards_named(text: str) -> list[Card]:
    """Every card written in ``text`` (in display notation), in order."""
    return [parse_card(token) for token in _CARD_TEXT.findall(text)]


def finishers(a: Card, b: Card, round_no: int) -> set[Card]:
    """The natural cards that make ``a`` and ``b`` a meld of three (wilds do too)."""
    wild = round_no + 2
    if a.rank == b.rank:
        return {Card(a.rank, s) for s in SUITS}
    assert a.suit is not None
    low, high = sorted((a.rank, b.rank))
    ranks = [low + 1] if high - low == 2 else [low - 1, high + 1]
    return {Card(r, a.suit) for r in ranks if 3 <= r <= 13 and r != wild}


def _pairs(loose: list[Card], round_no: int) -> list[tuple[Card, Card]]:
    naturals = sorted({c for c in loose if not is_wild(c, round_no)}, key=lambda c: c.sort_key)
    counts = Counter(loose)
    found = []
    for i, a in enumerate(naturals):
        if counts[a] > 1:
            found.append((a, a))
        for b in naturals[i + 1 :]:
            if a.rank == b.rank or (a.suit == b.suit and abs(a.rank - b.rank) <= 2):
                found.append((a, b))
    return found


def _live_outs(
    pair: tuple[Card, Card], observation: Observation, unseen: Counter[Card]
) -> tuple[int, int]:
    """(unseen copies, copies in the deck not in my hand) of the cards finishing ``pair``."""
    round_no = observation.round_no
    deck = Counter(DECK)
    mine = Counter(observation.hand)
    cards = finishers(*pair, round_no) | {c for c in deck if is_wild(c, round_no)}
    total = sum(deck[c] - mine[c] for c in cards)
    live = sum(unseen[c] for c in cards)
    return live, total


def throw_reason(bot: ExpertBot, card: Card, observation: Observation) -> str:
    """One sentence: which cards to keep and why, which to throw and why."""
    round_no = observation.round_no
    read = bot._read
    rest = list(observation.hand)
    rest.remove(card)
    loose = list(bot.arrange(rest, round_no).leftover)
    keep = ""
    best: tuple[float, tuple[Card, Card], int, int] | None = None
    for pair in _pairs(loose, round_no):
        live, total = _live_outs(pair, observation, read.unseen)
        share = live / total if total else 0.0
        if best is None or share > best[0]:
            best = (share, pair, live, total)
    if best is not None and best[2] > 0:
        _share, (a, b), live, total = best
        count = f"all {total}" if live == total else f"{live} of the {total}"
        keep = f"Keep {a} {b}: {count} cards that would make them a meld are still unseen; "
    why = _why_throw(bot, card, observation, loose)
    text = f"{keep}throw {card}{why}." if keep else f"Throw {card}{why}."
    return text


def _why_throw(bot: ExpertBot, card: Card, observation: Observation, loose: list[Card]) -> str:
    round_no = observation.round_no
    read = bot._read
    nxt = read.next_opponent()
    if nxt is not None and card in nxt.passed:
        return f", which {nxt.name} passed over"
    if nxt is not None and card in nxt.threw:
        return f", which {nxt.name} threw away themselves"
    threat = read.threat()
    points = card_points(card, round_no)
    if threat is not None and threat.chance >= _RISKY and points >= 9:
        took = len(threat.holds)
        habit = f"has taken {took} discard{'s' if took != 1 else ''} and " if took else ""
        return f" now: {threat.name} {habit}may go out soon, and it is {points} points"
    fits = any(
        c.rank == card.rank or (c.suit == card.suit and abs(c.rank - card.rank) <= 2)
        for c in loose
        if not is_wild(c, round_no)
    )
    if not fits:
        return f": it fits none of your other cards and costs {points} points"
    return f": over the sampled draws it is the card your hand needs least ({points} points)"
