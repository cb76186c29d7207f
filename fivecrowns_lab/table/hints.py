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
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..core.cards import DECK, SUITS, Card, parse_card
from ..core.rules import RoundRules, card_points, is_wild, round_rules
from ..errors import LessonError
from .actions import Action, Discard
from .observation import Observation

if TYPE_CHECKING:
    from .expert import ExpertBot

__all__ = [
    "WorkedPosition",
    "cards_named",
    "finishers",
    "table_facts",
    "throw_reason",
    "worked_position",
]

_CARD_TEXT = re.compile(r"(?:10|[3-9JQK])[★♥♣♠♦]|JK")
_RISKY = 0.2  # an opponent this likely to go out next turn makes high cards urgent


def cards_named(text: str) -> list[Card]:
    """Every card written in ``text`` (in display notation), in order."""
    return [parse_card(token) for token in _CARD_TEXT.findall(text)]


def finishers(a: Card, b: Card, rules: RoundRules) -> set[Card]:
    """The natural cards that make ``a`` and ``b`` a meld of three (wilds do too)."""
    wild = round_rules(rules).wild_rank
    if a.rank == b.rank:
        return {Card(a.rank, s) for s in SUITS}
    assert a.suit is not None
    low, high = sorted((a.rank, b.rank))
    ranks = [low + 1] if high - low == 2 else [low - 1, high + 1]
    return {Card(r, a.suit) for r in ranks if 3 <= r <= 13 and r != wild}


def _pairs(loose: list[Card], rules: RoundRules) -> list[tuple[Card, Card]]:
    naturals = sorted({c for c in loose if not is_wild(c, rules)}, key=lambda c: c.sort_key)
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
    rules = observation.round_rules
    deck = Counter(DECK)
    mine = Counter(observation.hand)
    cards = finishers(*pair, rules) | {c for c in deck if is_wild(c, rules)}
    total = sum(deck[c] - mine[c] for c in cards)
    live = sum(unseen[c] for c in cards)
    return live, total


def throw_reason(bot: ExpertBot, card: Card, observation: Observation) -> str:
    """One sentence: which cards to keep and why, which to throw and why."""
    rules = observation.round_rules
    read = bot._read
    rest = list(observation.hand)
    rest.remove(card)
    loose = list(bot._arrange(rest, rules).leftover)
    if bot._plan_points(rest, rules) == bot._plan_points(list(observation.hand), rules):
        return (
            f"Throw {card}: your melds stay whole without it, so it costs nothing and "
            "every loose card keeps its chances."
        )
    keep = ""
    best: tuple[float, tuple[Card, Card], int, int] | None = None
    for pair in _pairs(loose, rules):
        live, total = _live_outs(pair, observation, read.unseen)
        share = live / total if total else 0.0
        if best is None or share > best[0]:
            best = (share, pair, live, total)
    if best is not None and best[2] > 0:
        _share, (a, b), live, total = best
        count = f"all {total}" if live == total else f"{live} of the {total}"
        keep = f"Keep {a} {b}: {count} cards that meld with them are still unseen; "
    why = _why_throw(bot, card, observation, loose)
    text = f"{keep}throw {card}{why}." if keep else f"Throw {card}{why}."
    return text


def _why_throw(bot: ExpertBot, card: Card, observation: Observation, loose: list[Card]) -> str:
    rules = observation.round_rules
    read = bot._read
    nxt = read.next_opponent()
    if nxt is not None and card in nxt.passed:
        return f", which {nxt.name} passed over"
    if nxt is not None and card in nxt.threw:
        return f", which {nxt.name} threw away themselves"
    threat = read.threat()
    points = card_points(card, rules)
    rest = list(observation.hand)
    rest.remove(card)
    now = bot._plan_points(rest, rules)
    fewest = min(
        bot._plan_points([c for i, c in enumerate(observation.hand) if i != k], rules)
        for k in range(len(observation.hand))
        if not is_wild(observation.hand[k], rules)
    )
    if threat is not None and threat.chance >= _RISKY and points >= 9 and now <= fewest:
        took = len(threat.holds)
        habit = f"has taken {took} discard{'s' if took != 1 else ''} and " if took else ""
        return f" now: {threat.name} {habit}may go out soon, and it is {points} points"
    others = list(observation.hand)
    others.remove(card)
    fits = any(
        c.rank == card.rank or (c.suit == card.suit and abs(c.rank - card.rank) <= 2)
        for c in others
        if not is_wild(c, rules)
    )
    values = getattr(bot, "_values", {})
    rivals = sorted((v, c.sort_key, c) for c, v in values.items() if c != card)
    if card in values and rivals:
        value, _key, rival = rivals[0]
        n = len(bot._draws)
        feeds = ""
        if nxt is not None and not nxt.spurned(rival) and nxt.wants(rival, rules):
            near = [
                h
                for h in nxt.holds
                if h.rank == rival.rank or (h.suit == rival.suit and abs(h.rank - rival.rank) <= 2)
            ]
            feeds = f" (and {nxt.name}, who took {' '.join(str(h) for h in near)}, could use it)"
        return (
            f": in {n} imagined futures it leaves about {values[card]:.0f} points, "
            f"{rival} about {value:.0f}{feeds}"
        )
    if not fits:
        return f": it fits none of your other cards and costs {points} points"
    return f": it is the card your hand needs least ({points} points)"


@dataclass(frozen=True)
class WorkedPosition:
    """A real position from a seeded game where the expert and greedy throw different cards."""

    seed: int
    observation: Observation
    expert: Action
    expert_reason: str
    greedy: Action
    greedy_reason: str
    facts: tuple[str, ...]  # what the table showed this round, in words


WORKED_NAMES = ("You", "Bot 1", "Bot 2", "Bot 3")


def table_facts(observation: Observation) -> tuple[str, ...]:
    """What everybody saw this round about the other players, one sentence each."""
    from .sampling import read_table

    facts = []
    for o in read_table(observation).opponents:
        parts = []
        if o.holds:
            parts.append("took " + " ".join(str(c) for c in o.holds) + " from the discard pile")
        if o.passed:
            parts.append("passed over " + " ".join(str(c) for c in o.passed))
        if not parts:
            parts.append("has only drawn from the stock" if o.turns else "has not played yet")
        turns = f"{o.turns} turn" + ("" if o.turns == 1 else "s")
        facts.append(f"{o.name} " + " and ".join(parts) + f" ({turns} so far).")
    return tuple(facts)


def _teaches(reason: str) -> bool:
    """A reason worth a worked example: it names a pair to keep or what the table showed."""
    return reason.startswith("Keep") or "passed over" in reason or "go out soon" in reason


def worked_position(seed: int = 1, min_round: int = 4, max_games: int = 20) -> WorkedPosition:
    """Play seeded games (the expert in seat 0, greedy bots around it) until, on a discard
    in round ``min_round`` or later, the expert and a greedy bot in its place disagree.

    Deterministic: the same seed gives the same position. Games ``seed``, ``seed + 1``, ...
    are tried until one has such a moment.
    """
    from ..core.rules import GameRules
    from .game import Game, play_moves
    from .players import make_bot

    for game_seed in range(seed, seed + max_games):
        game = Game(WORKED_NAMES, GameRules(rounds=min(11, min_round + 2)), seed=game_seed)
        bots = [make_bot("expert", game_seed)] + [
            make_bot("greedy", game_seed + p) for p in range(1, 4)
        ]
        for player, observation, action, _seconds in play_moves(game, bots):
            if (
                player == 0
                and game.round_no >= min_round
                and isinstance(action, Discard)
                and not observation.is_final_turn
            ):
                greedy = make_bot("greedy", 0)
                other = greedy.choose(observation)
                if (
                    isinstance(other, Discard)
                    and other.card.rank != action.card.rank
                    and _teaches(bots[0].last_reason)
                ):
                    return WorkedPosition(
                        game_seed,
                        observation,
                        action,
                        bots[0].last_reason,
                        other,
                        greedy.last_reason,
                        table_facts(observation),
                    )
    raise LessonError(f"No position where the bots disagree in games {seed}..{seed + max_games}.")
