"""The greedy and lookahead bots' reasons, in words a player checks at the table.

A reason names the move first and then a fact about the cards: which meld the upcard
makes, which card of the hand it goes with, which card is the costliest outside a
meld. The points it names are the points *left over* (outside melds), the words the
lessons use. No reason speaks to a "you": the same sentence is the hint a learner
reads for their own hand and the thought a bot's move is quoted with in the moves
log, where "your hand" would be the bot's.

>>> from fivecrowns_lab.core.cards import parse_cards
>>> from fivecrowns_lab.core.rules import round_rules
>>> rules = round_rules(3)  # fives are wild
>>> print(keep_reason(parse_cards("K♦")[0], parse_cards("9♣ 9♠ J♥"), 29, rules)[:58])
Draw from the stock: the K♦ goes with none of the cards in
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..core.arrangement import Arrangement
from ..core.cards import Card, card_order
from ..core.rules import RoundRules, card_points, is_wild
from ..core.solver import shared_solver
from ..i18n import and_list
from ..i18n import gettext as _
from ..i18n import ngettext as _n

if TYPE_CHECKING:
    from .sampling import OpponentRead

__all__ = ["discard_reason", "keep_reason", "partners_text", "take_reason", "tie_clause"]


def _connected(a: Card, b: Card) -> bool:
    """Two naturals that could share a meld: the same rank, or one suit within two ranks."""
    return a.rank == b.rank or (a.suit == b.suit and abs(a.rank - b.rank) <= 2)


def partners_text(card: Card, partners: Sequence[Card]) -> str:
    """The cards ``card`` goes with, in a reason: the second copy of itself is "the other"."""
    named = list(dict.fromkeys(partners))
    if not named:
        return ""
    return and_list([_("the other {card}").format(card=c) if c == card else str(c) for c in named])


def _partners(card: Card, hand: Sequence[Card], rules: RoundRules) -> list[Card]:
    return [c for c in hand if not is_wild(c, rules) and _connected(card, c)]


def _arrange(cards: Sequence[Card], rules: RoundRules) -> Arrangement:
    return shared_solver(rules).best_arrangement(tuple(sorted(cards, key=card_order)))


def _meld_of(card: Card, arrangement: Arrangement) -> tuple[str, list[Card]]:
    """The kind of meld ``card`` is in, and its other cards ("" and none when left over)."""
    for meld in arrangement.melds:
        if card in meld.cards:
            others = list(meld.cards)
            others.remove(card)
            return meld.kind, others
    return "", []


def keep_reason(top: Card, hand: Sequence[Card], points: float, rules: RoundRules) -> str:
    """Why leaving the upcard ``top`` is right: what it would do for the ``points`` left over."""
    kind, _others = _meld_of(top, _arrange([*hand, top], rules))
    partners = _partners(top, hand, rules)
    if kind:
        text = _(
            "Draw from the stock: the {card} would only take the place of a card already "
            "in a meld, so taking it would not lower the {points} points left over."
        )
    elif partners:
        text = _(
            "Draw from the stock: the {card} goes with {partners} but makes no meld yet, so "
            "taking it would not lower the {points} points left over."
        )
    else:
        text = _(
            "Draw from the stock: the {card} goes with none of the cards in hand, so taking "
            "it would not lower the {points} points left over."
        )
    return text.format(card=top, partners=partners_text(top, partners), points=f"{points:g}")


def take_reason(
    top: Card, hand: Sequence[Card], before: float, after: float, rules: RoundRules
) -> str:
    """Why taking the upcard ``top`` is right: the meld it makes, or the costlier card it
    lets the hand throw (the points left over go from ``before`` to ``after``)."""
    arrangement = _arrange([*hand, top], rules)
    kind, others = _meld_of(top, arrangement)
    if kind:
        text = (
            _("Take the {card}: it makes a book with {cards}.")
            if kind == "book"
            else _("Take the {card}: it makes a run with {cards}.")
        )
        return text.format(card=top, cards=" ".join(map(str, others)))
    loose = [c for c in arrangement.leftover if c != top and not is_wild(c, rules)]
    highest = max(loose, key=lambda c: (card_points(c, rules), card_order(c)), default=None)
    if highest is not None and card_points(highest, rules) > card_points(top, rules):
        text = _(
            "Take the {card}: it costs fewer points than the {high} it lets the hand throw, "
            "so {after} points are left over instead of {before}."
        )
    else:
        text = _("Take the {card}: with it {after} points are left over instead of {before}.")
    return text.format(card=top, high=highest, before=f"{before:g}", after=f"{after:g}")


def discard_reason(
    card: Card, hand: Sequence[Card], points: float, rules: RoundRules, final: bool
) -> str:
    """Why throwing ``card`` from ``hand`` is right for a bot that keeps the fewest
    ``points`` left over (on the ``final`` turn, the fewest points in hand)."""
    if final:
        text = _(
            "Discard {card}: this is the final turn, and without it the hand holds the "
            "fewest points ({points})."
        )
        return text.format(card=card, points=f"{points:g}")
    arrangement = _arrange(hand, rules)
    naturals = [c for c in arrangement.leftover if not is_wild(c, rules)]
    costliest = card in naturals and card_points(card, rules) == max(
        card_points(c, rules) for c in naturals
    )
    wilds = any(is_wild(c, rules) for c in hand)
    if costliest and wilds:
        text = _(
            "Discard {card}: it is the costliest card outside a meld, and without it "
            "{points} points are left over; keep the wilds, they always find a meld."
        )
    elif costliest:
        text = _(
            "Discard {card}: it is the costliest card outside a meld, and without it "
            "{points} points are left over."
        )
    elif wilds:
        text = _(
            "Discard {card}: without it {points} points are left over, the fewest of any "
            "discard; keep the wilds, they always find a meld."
        )
    else:
        text = _(
            "Discard {card}: without it {points} points are left over, the fewest of any discard."
        )
    return text.format(card=card, points=f"{points:g}")


def tie_clause(
    card: Card,
    rival: Card,
    plan: dict[Card, int],
    hand: Sequence[Card],
    rules: RoundRules,
    nxt: OpponentRead | None,
    who: str,
) -> str:
    """The clause "throw {card} or {rival}: ..." for two throws the expert finds equal, with
    why they are equal: the points each leaves (``plan``: the points left over after
    throwing each card of ``hand``), the chances each keeps, what the next player ``nxt``
    (called ``who``) could use. ``{card}`` is left for the caller to fill."""
    if plan[card] == plan[rival]:
        if not any(_connected(c, o) for c in (card, rival) for o in hand if o != c):
            text = _(
                "throw {card} or {rival}: either leaves the same {points} points and neither "
                "goes with another card, so either will do"
            )
        else:
            text = _(
                "throw {card} or {rival}: either leaves the same {points} points and the "
                "chances of a meld come out even, so either will do"
            )
        return text.format(card="{card}", rival=rival, points=plan[card])
    # Throwing one leaves more points: the other card is the costlier one to keep.
    costly, cheap = (rival, card) if plan[card] > plan[rival] else (card, rival)
    more = abs(plan[card] - plan[rival])
    if nxt is not None and not nxt.spurned(cheap) and nxt.wants(cheap, rules):
        text = _n(
            "throw {card} or {rival}: keeping {costly} leaves {more} more point, but "
            "{who} could use {cheap}, so either will do",
            "throw {card} or {rival}: keeping {costly} leaves {more} more points, but "
            "{who} could use {cheap}, so either will do",
            more,
        )
    elif not any(_connected(costly, o) for o in hand if o != costly and not is_wild(o, rules)):
        # A loose card that goes with nothing is the next one thrown: it costs its extra
        # points only if the round ends before then.
        text = _n(
            "throw {card} or {rival}: keeping {costly} costs {more} more point only until "
            "it is thrown next turn, so either will do",
            "throw {card} or {rival}: keeping {costly} costs {more} more points only until "
            "it is thrown next turn, so either will do",
            more,
        )
    else:
        text = _n(
            "throw {card} or {rival}: keeping {costly} leaves {more} more point, but its "
            "chances of a meld make up for it, so either will do",
            "throw {card} or {rival}: keeping {costly} leaves {more} more points, but its "
            "chances of a meld make up for them, so either will do",
            more,
        )
    fields = {"rival": rival, "costly": costly, "cheap": cheap, "more": more, "who": who}
    return text.format(card="{card}", **fields)
