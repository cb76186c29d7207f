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
from ..core.rules import (
    LAST_ROUND,
    MAX_RANK,
    MIN_RANK,
    RoundRules,
    card_points,
    is_wild,
    round_rules,
)
from ..core.solver import best_arrangement
from ..errors import LessonError
from ..i18n import gettext as _
from ..i18n import ngettext as _n
from ..i18n import number, pgettext
from .actions import Action, Discard
from .observation import Observation
from .reasons import partners_text, tie_clause

if TYPE_CHECKING:
    from .expert import Decision
    from .sampling import TableRead

__all__ = [
    "WorkedPosition",
    "cards_named",
    "draw_reason",
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
    return {Card(r, a.suit) for r in ranks if MIN_RANK <= r <= MAX_RANK and r != wild}


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


def throw_reason(decision: Decision, observation: Observation) -> str:
    """One sentence from the expert's decision to throw a card: which cards to keep and
    why, which to throw and why."""
    return _throw_reason(decision, observation)[0]


def _throw_reason(decision: Decision, observation: Observation) -> tuple[str, bool]:
    """The throw's sentence, and whether it teaches (names a pair to keep or a table fact)."""
    rules = observation.round_rules
    if not isinstance(decision.action, Discard):
        raise LessonError(
            _("A throw's reason explains a discard, not {action}.").format(action=decision.action)
        )
    card = decision.action.card
    read = decision.table
    assert read is not None  # the expert read the table before weighing a throw
    rest = list(observation.hand)
    rest.remove(card)
    loose = list(best_arrangement(tuple(sorted(rest)), rules).leftover)
    plan_after = dict(decision.plan_after)
    if plan_after[card] == decision.hand_plan:
        text = _(
            "Throw {card}: the melds stay whole without it, so it costs nothing and "
            "every loose card keeps its chances."
        )
        return text.format(card=card), False
    best: tuple[float, tuple[Card, Card], int, int] | None = None
    for pair in _pairs(loose, rules):
        live, total = _live_outs(pair, observation, read.unseen)
        share = live / total if total else 0.0
        if best is None or share > best[0]:
            best = (share, pair, live, total)
    why, teaches = _why_throw(decision, card, observation, read)
    throw = why.format(card=card)
    if best is None or best[2] == 0:
        return _capital(_("{throw}.").format(throw=throw)), teaches
    _share, (a, b), live, total = best
    # English says "cards" even for one (the sentence has always read so); Danish "kort".
    if live == total:
        text = _n(
            "Keep {a} {b}: all {total} cards that meld with them are still unseen; {throw}.",
            "Keep {a} {b}: all {total} cards that meld with them are still unseen; {throw}.",
            total,
        )
    else:
        text = _n(
            "Keep {a} {b}: {live} of the {total} cards that meld with them are still unseen; "
            "{throw}.",
            "Keep {a} {b}: {live} of the {total} cards that meld with them are still unseen; "
            "{throw}.",
            live,
        )
    return text.format(a=a, b=b, live=live, total=total, throw=throw), True


def _capital(text: str) -> str:
    """``text`` with its first letter a capital: a clause that opens the sentence."""
    return text[:1].upper() + text[1:]


def _subject(name: str) -> str:
    """A seat's name as the subject inside a sentence: "you" for the learner's seat."""
    return pgettext("subject", "you") if name in ("You", _("You")) else name


def _connected(a: Card, b: Card) -> bool:
    return a.rank == b.rank or (a.suit == b.suit and abs(a.rank - b.rank) <= 2)


def _chances(card: Card, others: list[Card], rules: RoundRules, unseen: Counter[Card]) -> int:
    """Unseen natural cards that would put ``card`` in a meld with one of ``others``."""
    joins: set[Card] = set()
    for other in others:
        if other != card and not is_wild(other, rules) and _connected(card, other):
            joins |= finishers(card, other, rules)
    return sum(unseen[c] for c in joins)


def draw_reason(
    top: Card, hand: list[Card], rules: RoundRules, unseen: Counter[Card], take: bool
) -> str:
    """Why to take the top discard or leave it, in facts a player can check at the table."""
    arrangement = best_arrangement(tuple(sorted([*hand, top])), rules)
    meld = next((m for m in arrangement.melds if top in m.cards), None)
    partners = [c for c in hand if not is_wild(c, rules) and _connected(top, c)]
    if take and meld is not None:
        others = list(meld.cards)
        others.remove(top)
        if meld.kind == "book":
            text = _("Take the {card}: it makes a book with {cards}.")
        else:
            text = _("Take the {card}: it makes a run with {cards}.")
        return text.format(card=top, cards=" ".join(map(str, others)))
    if take and partners:
        chances = _chances(top, partners, rules, unseen)
        text = _n(
            "Take the {card}: it goes with {partner}, and {count} unseen cards (and "
            "every wild) would make them a meld.",
            "Take the {card}: it goes with {partner}, and {count} unseen cards (and "
            "every wild) would make them a meld.",
            chances,
        )
        return text.format(card=top, partner=partners[0], count=chances)
    if take:
        text = _("Take the {card}: the hand is better with it than with a card from the stock.")
        return text.format(card=top)
    if partners:
        text = _(
            "Draw from the stock: the {card} would only go with {partner}; a card from the "
            "stock has a better chance of helping."
        )
        return text.format(card=top, partner=partners_text(top, partners))
    return _(
        "Draw from the stock: the {card} goes with none of the cards in hand; an unseen "
        "card might."
    ).format(card=top)


def _why_throw(
    decision: Decision, card: Card, observation: Observation, read: TableRead
) -> tuple[str, bool]:
    """The clause "throw {card}" with its reason (``{card}`` left for the caller to fill),
    and whether the reason is a fact the table showed."""
    rules = observation.round_rules
    nxt = read.next_opponent()
    if nxt is not None and card in nxt.passed:
        text = _("throw {card}, which {who} passed over")
        return _fill(text, who=_subject(nxt.name)), True
    if nxt is not None and card in nxt.threw:
        text = _("throw {card}, which {who} threw away earlier")
        return _fill(text, who=_subject(nxt.name)), False
    threat = read.threat()
    points = card_points(card, rules)
    plan_after = dict(decision.plan_after)
    now = plan_after[card]
    fewest = min((p for c, p in plan_after.items() if not is_wild(c, rules)), default=now)
    if threat is not None and threat.chance >= _RISKY and points >= 9 and now <= fewest:
        took = len(threat.holds)
        you = threat.name in ("You", _("You"))
        if took and you:
            text = _n(
                "throw {card} now: you have taken {took} discard and may go out soon, "
                "and it is {points} points",
                "throw {card} now: you have taken {took} discards and may go out soon, "
                "and it is {points} points",
                took,
            )
        elif took:
            text = _n(
                "throw {card} now: {who} has taken {took} discard and may go out soon, "
                "and it is {points} points",
                "throw {card} now: {who} has taken {took} discards and may go out soon, "
                "and it is {points} points",
                took,
            )
        else:
            text = _("throw {card} now: {who} may go out soon, and it is {points} points")
        return _fill(text, who=_subject(threat.name), took=took, points=points), True
    others = list(observation.hand)
    others.remove(card)
    fits = any(_connected(c, card) for c in others if not is_wild(c, rules))
    values = {o.card: o.value for o in decision.options if o.card is not None}
    rivals = sorted((v, c.sort_key, c) for c, v in values.items() if c != card)
    if card in values and rivals:
        value, _key, rival = rivals[0]
        if nxt is not None and not nxt.spurned(rival) and nxt.wants(rival, rules):
            near = [h for h in nxt.holds if _connected(h, rival)]
            if near:
                seen = " ".join(str(h) for h in near)
                text = _("throw {card}, not {rival}: {who} took {seen} and could use {rival}")
                return _fill(text, who=_subject(nxt.name), rival=rival, seen=seen), False
        if abs(values[card] - value) < 0.5:
            plan, hand = dict(decision.plan_after), list(observation.hand)
            who = _subject(nxt.name) if nxt is not None else ""
            return tie_clause(card, rival, plan, hand, rules, nxt, who), False
        mine = _chances(card, others, rules, read.unseen)
        theirs = _chances(rival, [c for c in observation.hand if c != rival], rules, read.unseen)
        if mine < theirs:
            text = _n(
                "throw {card}: {mine} unseen card would put it in a meld, against {theirs} "
                "for {rival}",
                "throw {card}: {mine} unseen cards would put it in a meld, against {theirs} "
                "for {rival}",
                mine,
            )
            return _fill(text, mine=number(mine), theirs=theirs, rival=rival), False
    if not fits:
        text = _("throw {card}: it goes with none of the other cards and costs {points} points")
        return _fill(text, points=points), False
    text = _("throw {card}: it is the card the hand needs least ({points} points)")
    return _fill(text, points=points), False


def _fill(text: str, **fields: object) -> str:
    """``text`` with ``fields`` filled in and ``{card}`` kept for the caller."""
    return text.format(card="{card}", **fields)


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
        took = " ".join(str(c) for c in o.holds)
        passed = " ".join(str(c) for c in o.passed)
        if o.holds and o.passed:
            text = _n(
                "{name} took {took} from the discard pile and passed over {passed} "
                "({turns} turn so far).",
                "{name} took {took} from the discard pile and passed over {passed} "
                "({turns} turns so far).",
                o.turns,
            )
        elif o.holds:
            text = _n(
                "{name} took {took} from the discard pile ({turns} turn so far).",
                "{name} took {took} from the discard pile ({turns} turns so far).",
                o.turns,
            )
        elif o.passed:
            text = _n(
                "{name} passed over {passed} ({turns} turn so far).",
                "{name} passed over {passed} ({turns} turns so far).",
                o.turns,
            )
        elif o.turns:
            text = _n(
                "{name} has only drawn from the stock ({turns} turn so far).",
                "{name} has only drawn from the stock ({turns} turns so far).",
                o.turns,
            )
        else:
            text = _("{name} has not played yet (0 turns so far).")
        facts.append(text.format(name=o.name, took=took, passed=passed, turns=o.turns))
    return tuple(facts)


def _teaches(decision: Decision | None, observation: Observation) -> bool:
    """A throw worth a worked example: it names a pair to keep or what the table showed."""
    return decision is not None and _throw_reason(decision, observation)[1]


def worked_position(seed: int = 1, min_round: int = 4, max_games: int = 20) -> WorkedPosition:
    """Play seeded games (the expert in seat 0, greedy bots around it) until, on a discard
    in round ``min_round`` or later, the expert and a greedy bot in its place disagree.

    Deterministic: the same seed gives the same position. Games ``seed``, ``seed + 1``, ...
    are tried until one has such a moment.
    """
    from ..core.rules import GameRules
    from .expert import ExpertBot
    from .game import Game, play_moves
    from .players import make_bot

    for game_seed in range(seed, seed + max_games):
        game = Game(WORKED_NAMES, GameRules(rounds=min(LAST_ROUND, min_round + 2)), seed=game_seed)
        expert = make_bot("expert", game_seed)
        assert isinstance(expert, ExpertBot)
        bots = [expert] + [make_bot("greedy", game_seed + p) for p in range(1, 4)]
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
                    and _teaches(expert.last_decision, observation)
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
    raise LessonError(
        _("No position where the bots disagree in games {first}..{last}.").format(
            first=seed, last=seed + max_games
        )
    )
