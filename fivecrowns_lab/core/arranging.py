"""The solver's arrangements: the melds built from the search's optimal path.

Internal to :mod:`.solving`. Every size comes from the round's
:class:`~fivecrowns_lab.core.rules.MeldRules`.
"""

from __future__ import annotations

from .arrangement import Arrangement
from .cards import SUITS, Card, Hand, Suit, trusted_hand
from .melds import Meld, make_book, make_run
from .packing import CARD, block_cards, order
from .rules import MAX_RANK, MAX_RUN, MIN_RANK, RoundRules, card_points, is_wild
from .search import Search

__all__ = ["build"]


def _run_meld(taken: tuple[int, ...], suit: Suit, wilds: list[Card], rules: RoundRules) -> Meld:
    """The run of the naturals ``taken`` (ranks) of ``suit``, wilds filling gaps then padding."""
    span = max(rules.meld.run_least, taken[-1] - taken[0] + 1)
    round_no = rules.round_no
    first = min(taken[0], MAX_RANK + 1 - span)  # pad above, or below when the run reaches K
    spare = iter(wilds)
    at = set(taken)
    cards = [CARD[r, suit] if r in at else next(spare) for r in range(first, first + span)]
    return Meld(trusted_hand(cards), "run", tuple(range(first, first + span)), suit, round_no)


def _split_books(here: list[Card], books: int) -> tuple[list[list[Card]], list[Card]]:
    """Share one rank's cards among ``books`` books of different suits; return the rest."""
    groups: list[list[Card]] = [[] for _ in range(books)]
    rest: list[Card] = []
    by_suit: dict[Suit | None, list[Card]] = {}
    for card in here:
        by_suit.setdefault(card.suit, []).append(card)
    # Pairs first (one card to each book), then singles to the smaller book: balanced
    # books need the fewest wilds.
    for cards in sorted(by_suit.values(), key=len, reverse=True):
        for card in cards[:books] if len(cards) >= books else cards:
            min(
                (g for g in groups if all(c.suit != card.suit for c in g)),
                key=len,
            ).append(card)
        rest.extend(cards[books:])
    return groups, rest


def build(
    hand: Hand, rules: RoundRules, search: Search, packed: int, wilds: list[Card]
) -> Arrangement:
    """The arrangement of the search's optimal path for ``hand`` (``packed`` and ``wilds``)."""
    round_no = rules.round_no
    model = rules.meld
    melds: list[Meld] = []
    leftover: list[Card] = []
    spare = sorted(wilds, key=lambda c: not c.is_joker)  # jokers go into melds first
    for rank, block, books, runs in search.path(packed, len(wilds)):
        for suit_index, taken in runs:
            need = max(model.run_least, taken[-1] - taken[0] + 1) - len(taken)
            melds.append(_run_meld(taken, SUITS[suit_index], spare[:need], rules))
            spare = spare[need:]
        here = list(block_cards(rank, block))
        if books and here:
            groups, rest = _split_books(here, books) if search.distinct else ([here], [])
            leftover.extend(rest)
            for group in groups:
                need = model.book_wilds(len(group))
                cards = trusted_hand(group + spare[:need])
                melds.append(Meld(cards, "book", (rank,) * len(cards), None, round_no))
                spare = spare[need:]
        else:
            leftover.extend(here)
    melds, spare = _place_spare_wilds(melds, spare, rules)
    leftover_hand = trusted_hand(sorted(leftover + spare, key=order))
    points = sum(card_points(c, rules) for c in leftover_hand)
    return Arrangement(tuple(melds), leftover_hand, points, round_no)


def _place_spare_wilds(
    melds: list[Meld], spare: list[Card], rules: RoundRules
) -> tuple[list[Meld], list[Card]]:
    """Put wilds that no meld needed into melds, so they score nothing."""
    if not spare:
        return melds, spare
    for i, meld in enumerate(melds):
        if meld.kind == "book":
            melds[i] = make_book([*meld.cards, *spare], rules, meld.ranks[0])
            return melds, []
    for i, meld in enumerate(melds):
        room = MAX_RUN - len(meld)
        if room and meld.suit is not None:
            take, spare = spare[:room], spare[room:]
            melds[i] = make_run([*meld.cards, *take], rules, meld.suit, meld.ranks[0])
            if not spare:
                return melds, []
    model = rules.meld
    if len(spare) >= model.wild_meld_least:  # wilds alone: a book, or a run if books are longer
        alone = make_book(spare, rules) if len(spare) >= model.book_least else None
        return [*melds, alone or make_run(spare, rules, SUITS[0])], []
    if melds:
        # Only full runs of eleven are left: rebuild one as two melds, then place the rest.
        return _place_spare_wilds([*_split_full_run(melds[0], rules), *melds[1:]], spare, rules)
    return melds, spare


def _split_full_run(full: Meld, rules: RoundRules) -> list[Meld]:
    """Two melds from a run of eleven (each with a card that is not wild), one with room.

    Split it as 3..k and k+1..K where both parts keep a natural; failing that, its
    lowest (or highest) natural leaves as a book padded with the run's end wilds.
    """
    cards = list(full.cards)
    assert full.suit is not None
    natural = [i for i, c in enumerate(cards) if not is_wild(c, rules)]
    least, book_pad = rules.meld.run_least, rules.meld.book_least - 1
    for cut in range(least, MAX_RUN - least + 1):
        if rules.meld.all_wild or (natural[0] < cut <= natural[-1]):
            low = make_run(cards[:cut], rules, full.suit, MIN_RANK)
            return [low, make_run(cards[cut:], rules, full.suit, MIN_RANK + cut)]
    # The naturals sit near one end: the end natural becomes a book, with wilds from the
    # other end of the run, which stays a run.
    if natural[-1] < least:
        book_card, run_cards, pad = cards[natural[0]], cards, cards[-book_pad:]
    else:
        book_card, run_cards, pad = cards[natural[-1]], cards, cards[:book_pad]
    rest = [c for c in run_cards if c is not book_card and all(c is not p for p in pad)]
    return [make_book([book_card, *pad], rules), make_run(rest, rules, full.suit)]
