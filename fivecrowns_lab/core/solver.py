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

>>> best_arrangement("5H 6H JK 9C 9S", 1).penalty  # the joker makes a book of 9s
11
>>> can_go_out("5H 6H JK 9C 9S 9S", 1)
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..errors import HandSizeError
from .cards import DECK, SUITS, Card, Hand, Suit, parse_cards
from .melds import Meld, make_book, make_run
from .rules import (
    MAX_RANK,
    MAX_RUN,
    MIN_MELD,
    MIN_RANK,
    card_points,
    check_round,
    hand_size,
    is_wild,
    wild_rank,
)

__all__ = [
    "Arrangement",
    "HandSizeError",
    "best_arrangement",
    "can_go_out",
    "going_out_discards",
    "penalty",
]

# A game hand holds at most 14 cards; up to 20 still solve in well under a second,
# and refusing larger ones keeps odd input from making the solver hang.
_MAX_CARDS = 20
_INF = 1 << 30
_BLOCK = 10  # bits per rank: 5 suits x 2 bits
_RANK_MASK = (1 << _BLOCK) - 1


# Every suited card, built once: the solver makes many and Card() validates its input.
_CARD = {(c.rank, c.suit): c for c in DECK if c.suit is not None}


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
        from ..render import arrangement_html

        return arrangement_html(self)


def _slot(card: Card) -> int:
    """Bit offset of a natural card in the packed representation."""
    assert card.suit is not None
    return ((card.rank - MIN_RANK) * 5 + card.suit.index) * 2


def _split(cards: Hand, round_no: int) -> tuple[int, list[Card], list[Card]]:
    """Pack the naturals into an integer; return it with the naturals and wilds."""
    packed = 0
    naturals: list[Card] = []
    wilds: list[Card] = []
    wild = wild_rank(round_no)
    for card in cards:
        if card.suit is None or card.rank == wild:
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
            f"A hand of {len(hand)} cards is too large to arrange; the most is {_MAX_CARDS} "
            "(a hand in the game holds at most 14)."
        )
    return hand


# -- the search ------------------------------------------------------------------------------
#
# A "choice" at a state is (points left in hand at the lowest rank, whether the
# rest of that rank is booked, the runs started there, naturals after, wilds after).
# A run needs at least two naturals here: one natural padded with two wilds is
# no better than putting that card in its rank's book, which the search also tries.

Runs = tuple[tuple[int, tuple[int, ...]], ...]  # (suit index, ranks of the naturals taken)
Choice = tuple[int, bool, Runs, int, int]


def _runs_from(
    rem: int, suit: int, rank: int, wilds: int
) -> list[tuple[int, int, tuple[int, ...]]]:
    """Runs whose lowest natural is (rank, suit): (naturals after, wilds after, ranks taken)."""
    found = []
    # Depth-first over the next natural taken; each skipped rank costs one wild.
    stack: list[tuple[int, int, int, tuple[int, ...]]] = [(rem, rank, wilds, (rank,))]
    while stack:
        left, end, spare, taken = stack.pop()
        if len(taken) > 1:
            need = 1 if end - rank == 1 else 0  # two naturals side by side need one more card
            if need <= spare:
                found.append((left, spare - need, taken))
        bit = ((end + 1 - MIN_RANK) * 5 + suit) * 2
        for nxt in range(end + 1, min(MAX_RANK + 1, end + 2 + spare)):  # runs stop at K
            if (left >> bit) & 3:
                stack.append((left - (1 << bit), nxt, spare - (nxt - end - 1), (*taken, nxt)))
            bit += 10
    return found


def _run_sets(
    rem: int, starts: tuple[int, ...], rank: int, wilds: int
) -> list[tuple[int, int, tuple[tuple[int, tuple[int, ...]], ...]]]:
    """Every way to extend each run start in ``starts`` (suits), one after another."""
    sets: list[tuple[int, int, tuple[tuple[int, tuple[int, ...]], ...]]] = [(rem, wilds, ())]
    for suit in starts:
        sets = [
            (left, spare, (*runs, (suit, taken)))
            for before, have, runs in sets
            for left, spare, taken in _runs_from(before, suit, rank, have)
        ]
    return sets


def _choices(rem: int, wilds: int, must_meld: bool) -> list[Choice]:
    """Every choice at the lowest rank held (see the module docstring)."""
    rank_index = ((rem & -rem).bit_length() - 1) // _BLOCK
    rank = rank_index + MIN_RANK
    shift = rank_index * _BLOCK
    block = (rem >> shift) & _RANK_MASK
    rest = rem ^ (block << shift)
    total = 0
    splits: list[tuple[int, ...]] = [()]
    reach = rest >> (shift + _BLOCK)  # the ranks above, where a run from here goes
    for suit in range(5):
        count = (block >> (2 * suit)) & 3
        if not count:
            continue
        total += count
        # A run from here needs another natural of the suit within reach of the wilds.
        near = reach >> (2 * suit)
        for _ in range(min(wilds + 1, MAX_RANK - rank)):
            if near & 3:
                break
            near >>= _BLOCK
        else:
            continue
        splits = [o + (suit,) * k for o in splits for k in range(count + 1)]
    choices: list[Choice] = []
    for starts in splits:
        left_here = total - len(starts)
        if left_here == 0:
            book_options: tuple[bool, ...] = (False,)
        elif must_meld:
            book_options = (True,)
        else:
            book_options = (True, False)
        for book in book_options:
            spare = wilds - (MIN_MELD - left_here if book and left_here < MIN_MELD else 0)
            if spare < 0:
                continue
            points = 0 if book else left_here * rank
            if not starts:
                choices.append((points, book, (), rest, spare))
                continue
            for after, spare_after, runs in _run_sets(rest, starts, rank, spare):
                choices.append((points, book, runs, after, spare_after))
    return choices


def _first(choice: Choice) -> int:
    return choice[0]


class _Search:
    """Memoised minimum of points left (or of wilds needed) over the choices."""

    def __init__(self) -> None:
        self.leftover: dict[tuple[int, int], int] = {}
        self.best_choice: dict[tuple[int, int], Choice] = {}
        self.needed: dict[int, int] = {}

    def min_leftover(self, rem: int, wilds: int) -> int:
        if not rem:
            return 0
        key = (rem, wilds)
        found = self.leftover.get(key)
        if found is not None:
            return found
        best = _INF
        chosen = None
        # Cheapest-looking choices first, so the bound below cuts more.
        for choice in sorted(_choices(rem, wilds, False), key=_first):
            points = choice[0]
            if points >= best:
                break
            value = points + self.min_leftover(choice[3], choice[4])
            if value < best:
                best, chosen = value, choice
                if best == 0:
                    break
        self.leftover[key] = best
        assert chosen is not None  # leaving the whole rank in hand is always a choice
        self.best_choice[key] = chosen
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
            if used >= best:
                continue
            rest = self.wilds_needed(after, spare)
            if used + rest < best:
                best = used + rest
                if best == 0:
                    break
        # Exact when within the limit; otherwise remember only "needs more than limit".
        self.needed[rem] = best if best <= limit else -(limit + 1)
        return best if best <= limit else _INF

    def path(self, rem: int, wilds: int) -> list[tuple[int, int, bool, Runs]]:
        """One optimal sequence of choices: (rank, cards left at that rank, book, runs)."""
        steps = []
        self.min_leftover(rem, wilds)
        while rem:
            _points, book, runs, after, spare = self.best_choice[(rem, wilds)]
            rank_index = ((rem & -rem).bit_length() - 1) // _BLOCK
            block = (rem >> (rank_index * _BLOCK)) & _RANK_MASK
            for suit, _taken in runs:
                block -= 1 << (2 * suit)
            steps.append((rank_index + MIN_RANK, block, book, runs))
            rem, wilds = after, spare
        return steps


def _run_meld(taken: tuple[int, ...], suit: Suit, wilds: list[Card], round_no: int) -> Meld:
    """The run of the naturals ``taken`` (ranks) of ``suit``, wilds filling gaps then padding."""
    span = max(MIN_MELD, taken[-1] - taken[0] + 1)
    first = min(taken[0], MAX_RANK + 1 - span)  # pad above, or below when the run reaches K
    spare = iter(wilds)
    at = set(taken)
    cards = [_CARD[r, suit] if r in at else next(spare) for r in range(first, first + span)]
    return Meld(Hand(cards), "run", tuple(range(first, first + span)), suit, round_no)


def _build(
    hand: Hand, round_no: int, search: _Search, packed: int, wilds: list[Card]
) -> Arrangement:
    melds: list[Meld] = []
    leftover: list[Card] = []
    spare = sorted(wilds, key=lambda c: not c.is_joker)  # jokers go into melds first
    for rank, block, book, runs in search.path(packed, len(wilds)):
        for suit_index, taken in runs:
            need = max(MIN_MELD, taken[-1] - taken[0] + 1) - len(taken)
            melds.append(_run_meld(taken, SUITS[suit_index], spare[:need], round_no))
            spare = spare[need:]
        here = [_CARD[rank, s] for s in SUITS for _ in range((block >> (2 * s.index)) & 3)]
        if book and here:
            need = max(0, MIN_MELD - len(here))
            cards = Hand(here + spare[:need])
            melds.append(Meld(cards, "book", (rank,) * len(cards), None, round_no))
            spare = spare[need:]
        else:
            leftover.extend(here)
    melds, spare = _place_spare_wilds(melds, spare, round_no)
    leftover_hand = Hand(sorted(leftover + spare, key=lambda c: c.sort_key))
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
        room = MAX_RUN - len(meld)
        if room and meld.suit is not None:
            take, spare = spare[:room], spare[room:]
            melds[i] = make_run([*meld.cards, *take], round_no, meld.suit, meld.ranks[0])
            if not spare:
                return melds, []
    if len(spare) >= MIN_MELD:
        return [*melds, make_book(spare, round_no)], []
    if melds:
        # Only full runs of eleven are left: split one as 3..5 and 6..K, and let
        # the wilds extend the short one upward, overlapping the long one.
        full = melds[0]
        low_cards, high_cards = list(full.cards[:3]), list(full.cards[3:])
        assert full.suit is not None
        low = make_run(low_cards + spare, round_no, full.suit, MIN_RANK)
        high = make_run(high_cards, round_no, full.suit, MIN_RANK + 3)
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
    packed, _naturals, wilds = _split(hand, round_no)
    search = _Search()
    search.min_leftover(packed, len(wilds))
    return _build(hand, round_no, search, packed, wilds)


def penalty(cards: str | Iterable[Card], round_no: int) -> int:
    """Points a hand leaves after its best melds (``best_arrangement(...).penalty``, faster)."""
    hand = _prepare(cards, round_no)
    packed, naturals, wilds = _split(hand, round_no)
    value = _Search().min_leftover(packed, len(wilds))
    if value == sum(c.rank for c in naturals) and 0 < len(wilds) < MIN_MELD:
        value += sum(card_points(c, round_no) for c in wilds)
    return value


def _can_meld_all(search: _Search, packed: int, n_wilds: int) -> bool:
    if not packed:
        return n_wilds == 0 or n_wilds >= MIN_MELD
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
