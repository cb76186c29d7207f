"""The expert bot's rollouts: loose cards packed as the solver packs them, played forward.

A rollout keeps the melds a hand has made and lets only its loose cards meet sampled
draws, one at a time (:func:`new_step`): the exact solver rearranges them with the new
card, the costliest card that connects to no other loose card is thrown
(:func:`throw`), and the rollout ends at zero when the hand goes out.
:func:`end_weights` says how likely the round is to end before each draw. The method,
and why, is told in :mod:`~fivecrowns_lab.table.expert`.
"""

from __future__ import annotations

from ..core.cards import DECK, JOKER, Card
from ..core.rules import RoundRules, is_wild
from ..core.solver import NATURAL_SLOTS, Solver, shared_solver, stranded_naturals

__all__ = ["Step", "card_bits", "connects", "end_weights", "near_bits", "new_step", "throw"]

SUITED = tuple(dict.fromkeys(c for c in DECK if c.suit is not None))  # each card once

# A rollout holds its loose cards as the solver packs them: the naturals' bits shifted
# left by 5, plus the number of wilds (Solver.pack). One step of a rollout: the loose
# cards after it, whether the hand went out, and the points those loose cards hold.
Step = tuple[int, bool, int]


def end_weights(chances: list[float], immediate: bool, steps: int) -> tuple[list[float], float]:
    """The chance the round ends just before each of ``steps`` draws of a rollout, and
    that it is still going after the last (the same for every sample: only the cards
    differ).

    ``chances`` gives, per cycle of the table, the chance it ends then; ``immediate``: the
    first draw is now, before the table plays.
    """
    alive = 1.0
    weights = []
    for step in range(steps):
        ends = 0.0
        if not (immediate and step == 0):
            ends = alive * chances[step - 1 if immediate else step]
            alive -= ends
        weights.append(ends)
    return weights, alive


# Per wild rank (the packing is the same in every round): each card's bit, 0 for a wild,
# and per natural's bit the bits of both copies of every natural it connects to.
_CARD_BITS: dict[int, dict[Card, int]] = {}
_NEAR_BITS: dict[int, dict[int, int]] = {}


def card_bits(rules: RoundRules) -> dict[Card, int]:
    found = _CARD_BITS.get(rules.wild_rank)
    if found is None:
        solver = shared_solver(rules)
        found = _CARD_BITS[rules.wild_rank] = {}
        for card in (*SUITED, JOKER):
            bit, wild = solver.pack((card,))
            found[card] = 0 if wild else bit
    return found


def near_bits(rules: RoundRules) -> dict[int, int]:
    found = _NEAR_BITS.get(rules.wild_rank)
    if found is None:
        solver = shared_solver(rules)
        found = _NEAR_BITS[rules.wild_rank] = {}
        for card, bit in card_bits(rules).items():
            if bit:
                near = [c for c in SUITED if not is_wild(c, rules) and connects(card, c, rules)]
                found[bit] = 3 * solver.pack(near)[0]  # either copy
    return found


def connects(a: Card, b: Card, rules: RoundRules) -> bool:
    """True when two naturals could be part of one meld: same rank, or same suit within two."""
    if a.rank == b.rank:
        return True
    return a.suit is not None and a.suit == b.suit and abs(a.rank - b.rank) <= 2


def new_step(
    held: int,
    drawn: int,
    near: dict[int, int],
    throws: dict[int, tuple[int, int]],
    solver: Solver,
) -> Step:
    """Draw a card into the packed loose cards ``held``, meld what melds, throw one.

    ``drawn`` is the card's bit (0 for a wild), ``near`` the bits each natural connects
    to, ``throws`` the throws already worked out (filled here), ``solver`` the round's.
    Remembered for the round by the caller: the outcome depends only on which cards are
    loose (a wild is a wild).
    """
    naturals, wilds = held >> 5, held & 31
    if drawn:
        assert naturals & 3 * drawn != 2 * drawn, "a third copy of a card"
        naturals += drawn
        # Loose cards hold no meld (they are what the melds left), so a new meld holds
        # the drawn card: with no wild it needs another of its rank or suit near it, and
        # with at most one wild, at least the neighbours stranded_naturals asks for.
        alone = (not wilds and not (naturals - drawn) & near[drawn]) or (
            wilds < 2 and bool(stranded_naturals(naturals, wilds, drawn))
        )
    else:
        alone = False
        wilds += 1
    if alone:
        loose = naturals
    else:
        loose, _unused = solver.loose_packed(naturals, wilds)
    # Wilds stay in hand only when nothing melds and they cannot meld alone (the model says).
    kept = wilds if solver.rules.meld.wilds_score(wilds, loose == naturals) else 0
    melded = loose != naturals or kept < wilds  # some card went into a meld
    if not loose:
        return (0, True, 0) if melded or not kept else (kept, False, 0)
    if loose in near and (melded or not kept):  # one natural left (one copy): it goes
        return 0, True, 0
    found = throws.get(loose)
    if found is None:
        found = throws[loose] = throw(loose, near)
    thrown, points = found
    return (loose - thrown) << 5 | kept, False, points


def throw(loose: int, near: dict[int, int]) -> tuple[int, int]:
    """The natural to throw from the packed loose naturals, and the points of the rest.

    The highest natural that connects to no other (same rank, or same suit within two
    ranks: nothing near it but itself), else the highest; among equals the last in suit
    order. A higher bit is a higher rank, then a later suit, so walking the naturals
    lowest bit first, the last one seen of each kind is the one to throw.
    """
    points = 0
    highest = alone = 0
    highest_rank = alone_rank = 0
    rest = loose
    while rest:  # the walk of packed_naturals, inlined: this runs once per rollout step
        slot = ((rest & -rest).bit_length() - 1) & ~1
        rank, _suit, bit = NATURAL_SLOTS[slot >> 1]
        if rest & bit << 1:  # two copies: neither is alone
            points += 2 * rank
        else:
            points += rank
            if loose & near[bit] == bit:
                alone, alone_rank = bit, rank
        highest, highest_rank = bit, rank
        rest &= ~(0b11 << slot)
    if alone:
        return alone, points - alone_rank
    return highest, points - highest_rank
