"""The exact arrangement solver: the melds that leave the fewest penalty points.

How it works
------------
Wild cards are interchangeable within a meld, so a hand is split into its
*naturals* (packed into one integer: two bits per rank and suit, rank-major)
and a *count* of wilds. A dynamic programme then walks the ranks from 3 up.
At the lowest rank still held, every card of that rank either starts a run
(which then claims cards of higher ranks of its suit, filling gaps with
wilds), joins the one book of that rank, or stays in hand. States are
``(naturals left, wilds left)`` and are memoised, so duplicate cards and
symmetric choices cost nothing twice.

One book per rank is enough: a book's wild cost ``max(0, 3 - size)`` only
falls as it grows. Unused wilds never cost points once any meld exists: a book
takes any number, a short run grows, and a run of eleven can be split in two
with the wild overlapping. So wild points are only charged when no meld at all
is possible and fewer than three wilds are held.

>>> best_arrangement("5H 6H JK 9C 9S", 1).penalty
18
>>> can_go_out("5H 6H JK 9C 9S 9S", 1)
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from .cards import SUITS, Card, Hand, parse_cards
from .melds import Meld, make_book, make_run
from .rules import card_points, check_round, hand_size, is_wild

__all__ = [
    "Arrangement",
    "HandSizeError",
    "best_arrangement",
    "can_go_out",
    "going_out_discards",
    "penalty",
]

_MAX_CARDS = 40  # far above any real hand; bounds the work for odd input
_INF = 1 << 30
_BLOCK = 10  # bits per rank: 5 suits x 2 bits
_RANK_MASK = (1 << _BLOCK) - 1


class HandSizeError(ValueError):
    """A hand of the wrong size for what was asked."""


@dataclass(frozen=True)
class Arrangement:
    """Melds laid down, the cards left in hand, and the points those leave.

    Iterating gives the melds; ``len(arrangement.leftover)`` cards stay in hand.
    """

    melds: tuple[Meld, ...]
    leftover: Hand
    penalty: int
    round_no: int

    @property
    def goes_out(self) -> bool:
        """True when every card is in a meld."""
        return not self.leftover

    def describe(self) -> str:
        """Several lines: each meld in words, then the leftover and its points."""
        lines = [f"{meld}: {meld.describe()}" for meld in self.melds]
        if self.leftover:
            pts = " + ".join(str(card_points(c, self.round_no)) for c in self.leftover)
            lines.append(f"Left in hand: {self.leftover} = {pts} = {self.penalty} points.")
        else:
            lines.append("Nothing left in hand: 0 points.")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        from .render import arrangement_html

        return arrangement_html(self)


def _slot(card: Card) -> int:
    """Bit offset of a natural card in the packed representation."""
    assert card.suit is not None
    return ((card.rank - 3) * 5 + card.suit.index) * 2


def _split(cards: Hand, round_no: int) -> tuple[int, list[Card], list[Card]]:
    """Pack the naturals into an integer; return it with the naturals and wilds."""
    packed = 0
    naturals: list[Card] = []
    wilds: list[Card] = []
    for card in cards:
        if is_wild(card, round_no):
            wilds.append(card)
        else:
            naturals.append(card)
            packed += 1 << _slot(card)
    return packed, naturals, wilds


def _prepare(cards: str | Iterable[Card], round_no: int) -> Hand:
    check_round(round_no)
    hand = parse_cards(cards)
    if len(hand) > _MAX_CARDS:
        raise HandSizeError(
            f"A hand of {len(hand)} cards is too large to arrange; the most is {_MAX_CARDS}."
        )
    return hand


# -- the search ------------------------------------------------------------------------------
#
# A "choice" at a state is (points left in hand at the lowest rank, whether the
# rest of that rank is booked, the runs started there, naturals after, wilds after).


def _runs_from(
    rem: int, suit: int, rank: int, wilds: int
) -> Iterator[tuple[int, int, tuple[int, ...]]]:
    """Every run whose lowest natural is (rank, suit): yields (rem after, wilds after, ranks taken)."""
    # Depth-first over the next natural taken; each gap costs one wild.
    stack: list[tuple[int, int, int, tuple[int, ...]]] = [(rem, rank, wilds, (rank,))]
    while stack:
        left, end, spare, taken = stack.pop()
        need = max(0, 3 - (end - rank + 1))
        if need <= spare:
            yield left, spare - need, taken
        for nxt in range(end + 1, 14):
            gap = nxt - end - 1
            if gap > spare:
                break
            bit = ((nxt - 3) * 5 + suit) * 2
            if (left >> bit) & 3:
                stack.append((left - (1 << bit), nxt, spare - gap, (*taken, nxt)))


def _run_sets(
    rem: int, starts: tuple[int, ...], rank: int, wilds: int
) -> Iterator[tuple[int, int, tuple[tuple[int, tuple[int, ...]], ...]]]:
    """Extend every run start in ``starts`` (suits), one after another."""
    if not starts:
        yield rem, wilds, ()
        return
    suit, rest = starts[0], starts[1:]
    for left, spare, taken in _runs_from(rem, suit, rank, wilds):
        for left2, spare2, runs in _run_sets(left, rest, rank, spare):
            yield left2, spare2, ((suit, taken), *runs)


def _splits(counts: list[int]) -> Iterator[tuple[int, ...]]:
    """Every way to pick how many cards of each suit start runs (as a tuple of suits)."""
    options: list[tuple[int, ...]] = [()]
    for suit, count in enumerate(counts):
        if count:
            options = [o + (suit,) * k for o in options for k in range(count + 1)]
    return iter(options)


def _choices(rem: int, wilds: int, must_meld: bool) -> Iterator[tuple[int, bool, tuple, int, int]]:
    low = (rem & -rem).bit_length() - 1
    rank_index = low // _BLOCK
    rank = rank_index + 3
    shift = rank_index * _BLOCK
    block = (rem >> shift) & _RANK_MASK
    rest = rem & ~(_RANK_MASK << shift)
    counts = [(block >> (2 * s)) & 3 for s in range(len(SUITS))]
    total = sum(counts)
    for starts in _splits(counts):
        left_here = total - len(starts)
        book_options: tuple[bool, ...]
        if left_here == 0:
            book_options = (False,)
        elif must_meld:
            book_options = (True,)
        else:
            book_options = (True, False)
        for book in book_options:
            spare = wilds - (max(0, 3 - left_here) if book else 0)
            if spare < 0:
                continue
            points = 0 if book else left_here * rank
            for after, spare_after, runs in _run_sets(rest, starts, rank, spare):
                yield points, book, runs, after, spare_after


class _Search:
    """Memoised minimum of points left (or of wilds needed) over the choices."""

    def __init__(self) -> None:
        self.leftover: dict[tuple[int, int], int] = {}
        self.needed: dict[int, int] = {}

    def min_leftover(self, rem: int, wilds: int) -> int:
        if not rem:
            return 0
        key = (rem, wilds)
        found = self.leftover.get(key)
        if found is not None:
            return found
        best = _INF
        for points, _book, _runs, after, spare in _choices(rem, wilds, False):
            if points >= best:
                continue
            value = points + self.min_leftover(after, spare)
            if value < best:
                best = value
        self.leftover[key] = best
        return best

    def wilds_needed(self, rem: int, limit: int) -> int:
        """Fewest wilds that meld every natural in ``rem`` (``_INF`` if more than ``limit``)."""
        if not rem:
            return 0
        found = self.needed.get(rem)
        if found is not None:
            if found >= 0:
                return found
            if -found > limit:  # known to need more than this limit
                return _INF
        best = _INF
        for _points, _book, _runs, after, spare in _choices(rem, limit, True):
            used = limit - spare
            rest = self.wilds_needed(after, spare)
            if used + rest < best:
                best = used + rest
        # Exact when within the limit; otherwise remember only "needs more than limit".
        self.needed[rem] = best if best <= limit else -(limit + 1)
        return best if best <= limit else _INF

    def path(self, rem: int, wilds: int) -> list[tuple[int, bool, tuple, int]]:
        """The choices along one optimal path (for building the melds)."""
        steps = []
        while rem:
            target = self.min_leftover(rem, wilds)
            for points, book, runs, after, spare in _choices(rem, wilds, False):
                if points + self.min_leftover(after, spare) == target:
                    low = (rem & -rem).bit_length() - 1
                    steps.append((low // _BLOCK + 3, book, runs, rem))
                    rem, wilds = after, spare
                    break
        return steps


def _build(
    hand: Hand, round_no: int, search: _Search, packed: int, wilds: list[Card]
) -> Arrangement:
    pool = Counter(c for c in hand if not is_wild(c, round_no))
    melds: list[Meld] = []
    spare_wilds = sorted(wilds, key=lambda c: -card_points(c, round_no))  # jokers used first
    for rank, book, runs, _rem in search.path(packed, len(wilds)):
        for suit_index, taken in runs:
            suit = SUITS[suit_index]
            naturals = [Card(r, suit) for r in taken]
            for card in naturals:
                pool[card] -= 1
            span = max(3, taken[-1] - taken[0] + 1)
            need = span - len(naturals)
            used, spare_wilds = spare_wilds[:need], spare_wilds[need:]
            melds.append(make_run(naturals + used, round_no, suit, start=taken[0]))
        if book:
            members = [c for c in pool.elements() if c.rank == rank]
            for card in members:
                pool[card] -= 1
            need = max(0, 3 - len(members))
            used, spare_wilds = spare_wilds[:need], spare_wilds[need:]
            melds.append(make_book(members + used, round_no))
    leftover = list(pool.elements())
    melds, spare_wilds = _place_spare_wilds(melds, spare_wilds, round_no)
    leftover_hand = Hand(sorted(leftover + spare_wilds, key=lambda c: c.sort_key))
    points = sum(card_points(c, round_no) for c in leftover_hand)
    return Arrangement(tuple(melds), leftover_hand, points, round_no)


def _place_spare_wilds(
    melds: list[Meld], spare: list[Card], round_no: int
) -> tuple[list[Meld], list[Card]]:
    """Put wilds that no meld needed into melds, so they score nothing."""
    if not spare:
        return melds, spare
    for i, meld in enumerate(melds):
        if meld.kind == "book":
            melds[i] = make_book([*meld.cards, *spare], round_no, meld.ranks[0])
            return melds, []
    for i, meld in enumerate(melds):
        room = 11 - len(meld)
        if room and meld.suit is not None:
            take, spare = spare[:room], spare[room:]
            melds[i] = make_run([*meld.cards, *take], round_no, meld.suit, meld.ranks[0])
            if not spare:
                return melds, []
    if len(spare) >= 3:
        return [*melds, make_book(spare, round_no)], []
    if melds:
        # Only full runs of eleven are left: split one as 3..5 and 6..K, and let
        # the wilds extend the short one upward, overlapping the long one.
        full = melds[0]
        low_cards, high_cards = list(full.cards[:3]), list(full.cards[3:])
        assert full.suit is not None
        low = make_run(low_cards + spare, round_no, full.suit, 3)
        high = make_run(high_cards, round_no, full.suit, 6)
        return [low, high, *melds[1:]], []
    return melds, spare


def best_arrangement(cards: str | Iterable[Card], round_no: int) -> Arrangement:
    """The melds that leave the fewest penalty points for a hand in a round (exact).

    Parameters
    ----------
    cards
        The hand: card notation (``"5H 6H JK"``) or :class:`Card` values.
    round_no
        The round (1..11); it decides which rank is wild.

    Examples
    --------
    >>> arrangement = best_arrangement("7H 8H 9H QS QC", 3)
    >>> [str(m) for m in arrangement.melds], str(arrangement.leftover), arrangement.penalty
    (['7♥ 8♥ 9♥'], 'Q♣ Q♠', 24)
    """
    hand = _prepare(cards, round_no)
    packed, naturals, wilds = _split(hand, round_no)
    search = _Search()
    search.min_leftover(packed, len(wilds))
    return _build(hand, round_no, search, packed, wilds)


def penalty(cards: str | Iterable[Card], round_no: int) -> int:
    """Points a hand leaves after its best melds (the same as ``best_arrangement(...).penalty``)."""
    hand = _prepare(cards, round_no)
    packed, naturals, wilds = _split(hand, round_no)
    value = _Search().min_leftover(packed, len(wilds))
    if value == sum(c.rank for c in naturals) and 0 < len(wilds) < 3:
        value += sum(card_points(c, round_no) for c in wilds)
    return value


def _can_meld_all(search: _Search, packed: int, n_wilds: int) -> bool:
    if not packed:
        return n_wilds == 0 or n_wilds >= 3
    return search.wilds_needed(packed, n_wilds) <= n_wilds


def can_go_out(cards: str | Iterable[Card], round_no: int) -> bool:
    """True when every card of the hand can be laid down in books and runs.

    >>> can_go_out("QH KH JK", 11)
    True
    """
    hand = _prepare(cards, round_no)
    packed, _naturals, wilds = _split(hand, round_no)
    return _can_meld_all(_Search(), packed, len(wilds))


def going_out_discards(cards: str | Iterable[Card], round_no: int) -> tuple[Card, ...]:
    """Every card whose discard lets the rest of the hand go out.

    The hand must hold one card more than the round deals (it has just drawn).

    >>> going_out_discards("5H 6H 7H KS", 1)
    (Card(13, Suit.SPADES),)
    """
    hand = _prepare(cards, round_no)
    expected = hand_size(round_no) + 1
    if len(hand) != expected:
        raise HandSizeError(
            f"Round {round_no} deals {expected - 1} cards, so a hand that has drawn holds "
            f"{expected}; this one holds {len(hand)}."
        )
    packed, _naturals, wilds = _split(hand, round_no)
    search = _Search()
    found = []
    for card in sorted(set(hand), key=lambda c: c.sort_key):
        if is_wild(card, round_no):
            ok = _can_meld_all(search, packed, len(wilds) - 1)
        else:
            ok = _can_meld_all(search, packed - (1 << _slot(card)), len(wilds))
        if ok:
            found.append(card)
    return tuple(found)
