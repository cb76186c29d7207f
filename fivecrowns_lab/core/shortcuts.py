"""The solver's shortcuts: what one more card does to a hand that melds nothing, without
a search, and the naturals no meld can hold.

Internal to :mod:`.solving`, compiled with it. Each shortcut reads the round's
:class:`~fivecrowns_lab.core.rules.MeldRules` for the sizes of books and runs; books of
distinct suits (which a book's copies of one card break) leave the answer to the search.
"""

from __future__ import annotations

from .cards import Card, Hand
from .packing import (
    BLOCK_SIZE,
    FIRST_BITS,
    MAX_CARDS,
    RANK_BITS,
    SLOT_AT,
    as_hand,
    split,
)
from .rules import MAX_RANK, MIN_MELD, MIN_RANK, MeldRules, RoundRules
from .search import BLOCK, Search

__all__ = ["Drawing", "drawing_of", "loose_after", "stranded_naturals", "two_stranded"]

_ONE_RANK_FIRST_BITS = sum(1 << 2 * suit for suit in range(5))  # every suit's low bit in a block
_LOWEST_SUIT_FIRST_BITS = sum(1 << rank * BLOCK for rank in range(MAX_RANK - MIN_RANK + 1))


def stranded_naturals(
    packed: int, wilds: int, among: int | None = None, book_least: int = MIN_MELD
) -> int:
    """The naturals of a packed hand (:meth:`Solver.pack`) that no meld can hold, packed,
    for a hand with at most one wild (with more, any natural can join a book of wilds);
    ``among``: look only at these naturals of the hand (packed), such as a card just drawn.

    A natural can be in a book only if its rank has three naturals (two with the wild),
    and in a run only if same-suit naturals sit close enough: on both sides or two on
    one side (either neighbour within two ranks, with the wild). A card that fails both
    is loose in every arrangement, under every variant whose runs need three cards or more
    (``book_least``: the fewest cards of a book, :attr:`.MeldRules.book_least`).

    >>> from fivecrowns_lab.core.solver import Solver, packed_naturals
    >>> solver = Solver(1)  # threes wild
    >>> def ranks(packed): return [rank for rank, _suit, _bit in packed_naturals(packed)]
    >>> ranks(stranded_naturals(*solver.pack("4H 5H 6H 9S 9C 9D KD")))  # a run, a book, K♦
    [13]
    >>> ranks(stranded_naturals(*solver.pack("4H 7H 9S 9C KD 3S")))  # 3♠ wild: a book of 9s
    [4, 7, 13]
    """
    present = (packed | packed >> 1) & FIRST_BITS  # the low bit of every slot held
    asked = present if among is None else present & (among | among >> 1)
    stranded = asked & ~_run_reach(present, wilds)
    rest = stranded
    while rest:  # a rank at a time: with three naturals (two and the wild) it is a book
        shift = (((rest & -rest).bit_length() - 1) // BLOCK) * BLOCK
        if BLOCK_SIZE[(packed >> shift) & RANK_BITS] + wilds >= book_least:
            stranded &= ~(RANK_BITS << shift)
        rest &= ~(RANK_BITS << shift)
    return packed & stranded * 0b11  # both bits of each stranded slot: every copy


def _run_reach(present: int, wilds: int) -> int:
    """The slots (the low bit of each) where a natural has same-suit naturals close enough
    for a run, for a hand with at most one wild; ``present``: the low bit of each slot the
    hand holds. Close enough: on both sides or two on one side (with the wild, either
    neighbour within two ranks). Every slot at once, with shifts of whole ranks.
    """
    below1, below2 = present << BLOCK, present << 2 * BLOCK
    above1, above2 = present >> BLOCK, present >> 2 * BLOCK
    if wilds:
        return (below1 | below2 | above1 | above2) & FIRST_BITS
    return ((below1 & above1) | (above1 & above2) | (below1 & below2)) & FIRST_BITS


def _joining(packed: int, wilds: int, book_least: int) -> int:
    """The slots (the low bit of each) where one more natural drawn would join a meld of
    the packed hand's naturals, for a hand with at most one wild: a run (as
    :func:`_run_reach`), or a book of its rank (three naturals with it, two with the wild).
    """
    reach = _run_reach((packed | packed >> 1) & FIRST_BITS, wilds)
    rest = packed
    while rest:  # books, a rank at a time
        shift = (((rest & -rest).bit_length() - 1) // BLOCK) * BLOCK
        block = (rest >> shift) & RANK_BITS
        if BLOCK_SIZE[block] + 1 + wilds >= book_least:
            reach |= _ONE_RANK_FIRST_BITS << shift
        rest ^= block << shift
    return reach & FIRST_BITS


def _best_meld_through(
    packed: int, slot: int, wilds: int, meld: MeldRules
) -> tuple[int, int] | None:
    """The naturals (packed) of the meld through the natural at ``slot`` that holds the
    most points, with at most ``wilds`` wilds, and those points; (0, 0) when no meld holds
    that card.

    ``None`` when two different melds tie for the most (the caller's search then
    decides, so every answer is the one the search gives).
    """
    rank_index, suit_slot = divmod(slot, BLOCK)
    best, taken, tied = 0, 0, False
    block = (packed >> rank_index * BLOCK) & RANK_BITS
    if BLOCK_SIZE[block] + wilds >= meld.book_least:  # a book: every copy of the rank joins it
        best, taken = BLOCK_SIZE[block] * (rank_index + MIN_RANK), block << rank_index * BLOCK
    # Runs in the card's suit from each lower end up, each rank without a natural taking
    # a wild; the run must reach the card.
    top = MAX_RANK - MIN_RANK
    for low in range(rank_index, -1, -1):
        gaps = bits = points = 0
        for high in range(low, top + 1):
            at = high * BLOCK + suit_slot
            if (packed >> at) & 3:
                bits, points = bits | 1 << at, points + high + MIN_RANK
            else:
                gaps += 1
                if gaps > wilds:
                    break
            if high < rank_index or high - low + 1 < meld.run_least:
                continue
            if points > best:
                best, taken, tied = points, bits, False
            elif points == best and bits != taken:
                tied = True
        else:
            continue
        if high < rank_index:  # too many gaps below the card: a lower end has them too
            break
    return None if tied else (taken, best)


def _best_meld_with_one_wild(packed: int, meld: MeldRules) -> tuple[int, int] | None:
    """For naturals that meld nothing by themselves (packed), the naturals of the meld one
    wild makes with them that holds the most points, and those points; (0, 0) when the
    wild makes none. ``None`` when two different melds tie for the most (the caller's
    search then decides, so every answer is the one the search gives).

    The wild joins two naturals of a rank (a book), or the naturals of one suit that sit
    in a row but for one missing rank, which it fills or, with none missing, extends.
    Books here may hold two copies of one card (the standard rule).
    """
    best, taken, tied = 0, 0, False
    candidates: list[tuple[int, int]] = []  # (points, naturals)
    rest = packed
    while rest:  # books: every natural of a rank that holds two (meldless: never three)
        shift = (((rest & -rest).bit_length() - 1) // BLOCK) * BLOCK
        block = (rest >> shift) & RANK_BITS
        size = BLOCK_SIZE[block]
        if size + 1 >= meld.book_least:
            candidates.append((size * (shift // BLOCK + MIN_RANK), block << shift))
        rest ^= block << shift
    top = MAX_RANK - MIN_RANK
    present = (packed | packed >> 1) & FIRST_BITS
    for suit_slot in range(0, BLOCK, 2):  # runs, a suit at a time: one copy a rank
        suit = (present >> suit_slot) & _LOWEST_SUIT_FIRST_BITS
        if not suit & (suit >> BLOCK | suit >> 2 * BLOCK):
            continue  # no two naturals within two ranks: one wild makes no run
        held = [i for i in range(top + 1) if (suit >> i * BLOCK) & 1]
        # Rows of ranks in a row; two rows one rank apart join across the gap.
        rows: list[list[int]] = []
        for index in held:
            if rows and rows[-1][-1] == index - 1:
                rows[-1].append(index)
            else:
                rows.append([index])
        for at, row in enumerate(rows):
            spans = [row]
            if at + 1 < len(rows) and rows[at + 1][0] == row[-1] + 2:
                spans.append(row + rows[at + 1])
            for span in spans:
                if len(span) + 1 >= meld.run_least:
                    points = sum(index + MIN_RANK for index in span)
                    bits = sum(1 << (index * BLOCK + suit_slot) for index in span)
                    candidates.append((points, bits))
    for points, bits in candidates:
        if points > best:
            best, taken, tied = points, bits, False
        elif points == best and bits != taken:
            tied = True
    return None if tied else (taken, best)


def two_stranded(packed: int, wilds: list[Card], book_least: int) -> bool:
    """True when the hand holds two naturals no meld can hold (with at most one wild):
    no single discard can then let it go out."""
    if len(wilds) > 1:
        return False
    stranded = stranded_naturals(packed, len(wilds), None, book_least)
    # A slot holds one copy (its low bit) or two (its high bit): count the copies.
    return (stranded & FIRST_BITS).bit_count() + 2 * (stranded & ~FIRST_BITS).bit_count() > 1


#: What :func:`loose_after` needs of a hand, worked out once for many draws: its naturals
#: (packed), its number of wilds, the sum of its naturals' ranks, whether it melds nothing,
#: and (if so) the slots where a drawn natural joins a meld (the low bit of each, shifted
#: one up: see :func:`_joining`).
Drawing = tuple[int, int, int, bool, int]


def drawing_of(search: Search, rules: RoundRules, hand: Hand) -> Drawing:
    """The :data:`Drawing` of ``hand``."""
    packed, naturals, wilds = split(hand, rules)
    total = sum(card.rank for card in naturals)
    least = rules.meld.book_least
    # A hand that melds nothing (a leftover, as the lookahead bot asks about) plus one
    # card melds only in a meld through that card: found directly, without a search.
    # With at most one wild a hand melds nothing exactly when no natural can join a
    # meld; books of distinct suits: the search says.
    meldless = len(wilds) < 2 and (
        search.loose(packed, len(wilds))[0] == packed
        if search.distinct
        else stranded_naturals(packed, len(wilds), None, least) == packed
    )
    joins = _joining(packed, len(wilds), least) << 1 if meldless else 0
    return packed, len(wilds), total, meldless, joins


def loose_after(
    search: Search, rules: RoundRules, hand: Hand, drawing: Drawing, card: Card
) -> tuple[int, int]:
    """The naturals (packed) a best arrangement leaves loose once ``card`` joins ``hand``
    (``drawing``: :func:`drawing_of` the hand), and the sum of their ranks when that came
    cheaply (-1 when not)."""
    packed, wilds, total, meldless, joins = drawing
    distinct = search.distinct
    room = len(hand) < MAX_CARDS
    if card.suit is None or card.rank == rules.wild_rank:
        rem, count = packed, wilds + 1
        simple = room and wilds < 2  # more wilds: the copies need counting
        if simple and meldless and not wilds and not distinct:
            # The drawn wild is the hand's only one: at most one meld, through it.
            meld = _best_meld_with_one_wild(packed, rules.meld)
            if meld is not None:
                taken, points = meld
                return packed - taken, total - points
    else:
        slot = SLOT_AT[card.index]
        rem, count = packed + (1 << slot), wilds
        simple = room and (packed >> slot) & 0b11 < 2
        if simple and meldless:
            if not (joins >> slot) & 2:  # no meld holds it: all stay loose
                return rem, total + card.rank
            # Otherwise one meld holds it; two best, or books of distinct suits:
            # the search decides.
            meld = None if distinct else _best_meld_through(rem, slot, count, rules.meld)
            if meld is not None:
                taken, points = meld
                return rem - taken, total + card.rank - points
    if not simple:  # let the checks of a whole hand refuse a third copy or a 21st card
        rem, _naturals, more = split(as_hand((*hand, card)), rules)
        count = len(more)
    loose, _unused = search.loose(rem, count)
    return loose, -1
