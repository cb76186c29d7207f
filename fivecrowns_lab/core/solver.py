"""The exact arrangement solver: the melds that leave the fewest penalty points.

:class:`Solver` (its work in :mod:`.solving`, which the optional compiled build compiles)
remembers what it has solved; the functions here start afresh on every call;
:func:`shared_solver` keeps one solver per round's rules. See :mod:`.solving` for how
the search works.

>>> shared_solver(3).lowest_without_one("7H 8H 9H QS KS", building=True)[Card.parse("KS")]
12
"""

from __future__ import annotations

from collections.abc import Iterable

from ..errors import HandSizeError
from .arrangement import Arrangement  # what the solver answers with (documented there)
from .cards import Card
from .packing import NATURAL_SLOTS, check_drawn, packed_naturals, prepare
from .rules import RoundRules, round_rules
from .shortcuts import stranded_naturals
from .solving import Solver

__all__ = [
    "NATURAL_SLOTS",
    "HandSizeError",
    "Solver",
    "best_arrangement",
    "can_go_out",
    "going_out_discards",
    "packed_naturals",
    "penalties_without_each",
    "penalty",
    "shared_solver",
    "stranded_naturals",
]

#: The former name of :class:`Solver` (the public class was once a checking copy of it).
SolverCore = Solver


def best_arrangement(cards: str | Iterable[Card], rules: RoundRules | int) -> Arrangement:
    """The melds that leave the fewest penalty points for a hand in a round (exact).

    Parameters
    ----------
    cards
        The hand: card notation (``"5H 6H JK"``) or :class:`Card` values.
    rules
        The round's :class:`~fivecrowns_lab.core.rules.RoundRules` (which rank is wild,
        what a meld is), or just the round number (1..11) for the standard game.

    Examples
    --------
    >>> arrangement = best_arrangement("7H 8H 9H QS QC", 3)
    >>> [str(m) for m in arrangement.melds], str(arrangement.leftover), arrangement.penalty
    (['7♥ 8♥ 9♥'], 'Q♣ Q♠', 24)
    >>> best_arrangement("5H 6H JK 9C 9S", 1).penalty  # the joker makes a book of 9s
    11
    """
    hand, rules = prepare(cards, rules)
    return Solver(rules).best_arrangement(hand)


def penalty(cards: str | Iterable[Card], rules: RoundRules | int) -> int:
    """Points a hand leaves after its best melds (``best_arrangement(...).penalty``, faster)."""
    hand, rules = prepare(cards, rules)
    return Solver(rules).penalty(hand)


def penalties_without_each(
    cards: str | Iterable[Card], rules: RoundRules | int
) -> dict[Card, int]:
    """For each different card of a hand, the penalty left without one copy of it.

    One pass sharing one memo, instead of a :func:`penalty` call per card.

    >>> {str(card): points for card, points in penalties_without_each("7H 8H 9H QS", 3).items()}
    {'7♥': 29, '8♥': 28, '9♥': 27, 'Q♠': 0}
    """
    hand, rules = prepare(cards, rules)
    return Solver(rules).penalties_without_each(hand)


def can_go_out(cards: str | Iterable[Card], rules: RoundRules | int) -> bool:
    """True when every card of the hand can be laid down in books and runs.

    >>> can_go_out("QH KH JK", 11), can_go_out("5H 6H JK 9C 9S 9S", 1)
    (True, True)
    """
    hand, rules = prepare(cards, rules)
    return Solver(rules).can_go_out(hand)


def going_out_discards(cards: str | Iterable[Card], rules: RoundRules | int) -> tuple[Card, ...]:
    """Every card whose discard lets the rest of the hand go out.

    The hand must hold one card more than the round deals (it has just drawn).

    >>> going_out_discards("5H 6H 7H KS", 1)
    (Card(13, Suit.SPADES),)
    """
    hand, rules = prepare(cards, rules)
    check_drawn(hand, rules)
    return Solver(rules).going_out_discards(hand)


# One solver per set of round rules, shared by the game's legal actions and the bots:
# at most 12 (solitaire plays all 11 rounds at once), each starting afresh past 20,000
# positions (about 280 bytes each: some 6 MB a solver, 70 MB at the very most).
_SHARED: dict[RoundRules, Solver] = {}
_SHARED_MOST = 12
_SHARED_LIMIT = 20_000


def shared_solver(rules: RoundRules | int) -> Solver:
    """The process's :class:`Solver` for these rules (made on first use, memory bounded).

    Its answers are exactly the functions' answers; only the time differs.
    """
    global _LAST_SHARED
    last_rules, last_solver = _LAST_SHARED
    if rules is last_rules and last_solver is not None:  # as the last call: a whole round
        return last_solver
    key = round_rules(rules)
    found = _SHARED.get(key)
    if found is None:
        if len(_SHARED) >= _SHARED_MOST:
            _SHARED.clear()
        found = _SHARED[key] = Solver(key, _SHARED_LIMIT)
    if type(rules) is RoundRules:  # a round number is a new int object on most calls
        _LAST_SHARED = (rules, found)
    return found


# The rules object of the last call and its solver, replaced as one tuple (one reference
# assignment, so a thread reading it sees one pair or the other, never a mix).
_LAST_SHARED: tuple[RoundRules | None, Solver | None] = (None, None)
