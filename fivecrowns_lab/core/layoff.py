"""The lay-off variant: on a final turn, cards may be added to melds already on the table.

The rule
--------
Cards may be added to a table meld when the meld with the added cards is still a
valid book or run under the round's rules. A meld is read in whichever way suits
the player laying off: ``4♥ JK JK`` can take ``5♥`` (a run) or ``4♠`` (a book);
once it holds ``4♥ 5♥`` it is a run. The wilds already in a meld may stand for
whatever makes it valid.

So a table meld is modelled as its *naturals* and its *number of wilds*, and it is
valid when it has at least three cards and is either a book (naturals of one rank;
of different suits under ``books_distinct_suits``) or a run (naturals of one suit,
no rank twice, whose span fits in its length, at most eleven), as the round's
:class:`~fivecrowns_lab.core.rules.MeldRules` says (:meth:`~.MeldRules.fits`). An
all-wild meld can become any book or run; ``no_all_wild_melds`` forbids it staying
all-wild.

The score
---------
The player keeps the cards that leave the fewest points: the search is exact, like the
solver's (RULES.md: the engine scores a hand at its optimum), and has no budget that
could stop it early with a worse answer. :mod:`.layoff_search` says how it stays fast
(the hands that can be kept, as a set, then scored best-bound first).

>>> from fivecrowns_lab.core.melds import make_run
>>> from fivecrowns_lab.core.cards import parse_cards
>>> table = [make_run(parse_cards("5H 6H 7H"), 1)]
>>> result = best_with_layoff(parse_cards("8H 9C KS"), 1, table)
>>> [str(c) for c in result.cards_laid_off], result.arrangement.penalty
(['8♥'], 22)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from .arrangement import Arrangement
from .cards import Card, Hand
from .layoff_piles import Pile, meld_takes_rules, pile_of, room_after
from .layoff_search import search
from .melds import Meld, make_book, make_run
from .rules import RoundRules, card_points, is_wild, round_rules
from .solver import best_arrangement

__all__ = ["LayoffResult", "best_with_layoff", "meld_takes"]


@dataclass(frozen=True)
class LayoffResult:
    """The final turn that leaves the fewest points with lay-offs.

    ``laid_off`` pairs each added card with the index of the table meld it joined;
    ``table`` is the table melds after the additions, ``arrangement`` the player's own
    melds and leftover (its ``penalty`` is the optimum). ``states`` is the work the
    search did: the hands it could keep, summed over the table melds it looked at.
    """

    arrangement: Arrangement
    laid_off: tuple[tuple[Card, int], ...]
    table: tuple[Meld, ...]
    states: int = 0

    @property
    def cards_laid_off(self) -> tuple[Card, ...]:
        """Just the cards added to the table."""
        return tuple(card for card, _ in self.laid_off)


def meld_takes(naturals: Sequence[Card], wilds: int, rules: RoundRules | int) -> bool:
    """True when ``naturals`` with ``wilds`` wild cards are a valid book or run (the lay-off rule).

    >>> from fivecrowns_lab.core.cards import parse_cards
    >>> meld_takes(parse_cards("4H 5H"), 2, 1), meld_takes(parse_cards("4H 4S"), 2, 1)
    (True, True)
    >>> meld_takes(parse_cards("4H 5H 4S"), 1, 1)
    False
    """
    return meld_takes_rules(naturals, wilds, round_rules(rules))


def best_with_layoff(
    cards: Sequence[Card], rules: RoundRules | int, table: Sequence[Meld]
) -> LayoffResult:
    """The final turn that leaves the fewest points when cards may join ``table`` melds.

    Always the optimum: no way of laying off and melding leaves fewer points.
    """
    rules = round_rules(rules)
    hand = Hand(sorted(cards, key=lambda c: c.sort_key))
    piles = [pile_of(m, rules) for m in table]
    # The dearest wilds are laid off first (to bridge a run, or as spares), so the
    # cheapest stay in hand.
    wilds = sorted((c for c in hand if is_wild(c, rules)), key=lambda c: -card_points(c, rules))
    plan = search(hand, rules, piles, wilds)
    additions: list[list[Card]] = []
    spare = list(wilds)
    for option in plan.chosen:
        additions.append([*option.cards, *spare[: option.wilds]])
        del spare[: option.wilds]
    dumped, spare = spare[: plan.dumped], spare[plan.dumped :]
    _lay_off_spares(dumped, piles, additions, rules)
    kept = Counter(c for c in hand if not is_wild(c, rules))
    kept.subtract(c for option in plan.chosen for c in option.cards)
    arrangement = best_arrangement([*kept.elements(), *spare], rules)
    grown = list(table)
    laid: list[tuple[Card, int]] = []
    for i, added in enumerate(additions):
        if added:
            grown[i] = _grow(grown[i], added, rules)
            laid += [(card, i) for card in added]
    return LayoffResult(arrangement, tuple(laid), tuple(grown), plan.states)


def _lay_off_spares(
    dumped: list[Card], piles: list[Pile], additions: list[list[Card]], rules: RoundRules
) -> None:
    """Put each spare wild the search lays off onto the first meld with room for it."""
    for card in dumped:
        for pile, added in zip(piles, additions, strict=True):
            naturals = [*pile.naturals, *(c for c in added if not is_wild(c, rules))]
            wilds = pile.wilds + sum(1 for c in added if is_wild(c, rules))
            if room_after(naturals, wilds, rules, 1):
                added.append(card)
                break
        else:  # pragma: no cover - the search counted the room
            raise AssertionError("a spare wild found no room on the table")


def _grow(meld: Meld, cards: list[Card], rules: RoundRules) -> Meld:
    """The table meld with ``cards`` added, read as the book or run it now is."""
    engine = rules
    every = [*meld.cards, *cards]
    naturals = [c for c in every if not is_wild(c, rules)]
    if not naturals:
        if meld.kind == "book":
            return make_book(every, engine, meld.ranks[0])
        return make_run(every, engine, meld.suit, start=meld.ranks[0])
    if rules.meld.book_fits(naturals, len(every) - len(naturals)):
        return make_book(every, engine)
    return make_run(every, engine, naturals[0].suit, start=meld.ranks[0])
