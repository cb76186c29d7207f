"""The solver's scoring of a hand and of the hand less each card: its memo, the points
its wilds add, and the search for the cheapest discards.

Internal: :class:`~fivecrowns_lab.core.solving.Solver` is this class with its public
questions; compiled with it.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Iterable

from ..errors import CardError
from ..i18n import gettext as _
from ..validators import whole_number
from .cards import Card, Hand, format_cards, parse_cards
from .packing import ONLY_CARDS, SLOT_AT, as_hand, order, slot_of, split
from .rules import RoundRules, card_points, round_rules
from .search import INF, Search

__all__ = ["Scoring"]


class Scoring:
    """The memo and the scoring behind :class:`~fivecrowns_lab.core.solving.Solver`."""

    def __init__(self, rules: object, limit: object = 100_000) -> None:
        if type(limit) is not int or limit < 1:  # the sentence is looked up only on a refusal
            limit = whole_number(
                limit,
                _(
                    "A solver's limit of positions is a whole number of at least {low}, "
                    "not {value}."
                ),
                low=1,
            )
        self.limit: int = limit
        self.rules: RoundRules = round_rules(rules)  # type: ignore[arg-type]
        self._search = Search(self.rules.meld)

    def __repr__(self) -> str:
        return f"Solver({self.rules!r})"

    def clear(self) -> None:
        """Forget every solved position."""
        self._search = Search(self.rules.meld)

    def _hand(self, cards: str | Iterable[Card]) -> Hand:
        """The cards as a hand; checked like the functions' input, but cheaply for a Hand."""
        hand = as_hand(cards)
        self._within_limit()
        return hand

    def _within_limit(self) -> None:
        """Start the memo afresh once it holds more positions than ``limit``."""
        search = self._search
        if len(search.leftover) + len(search.needed) > self.limit:
            self.clear()

    def _charged(self, value: int, natural_sum: int, wilds: list[Card]) -> int:
        """The penalty of a hand whose naturals leave ``value`` points with the wilds' help."""
        rules = self.rules
        if rules.meld.wilds_score(len(wilds), value == natural_sum):
            value += sum(card_points(c, rules) for c in wilds)
        return value

    def _lowest(
        self, cards: str | Iterable[Card], among: Iterable[Card] | None, building: bool, keep: int
    ) -> dict[Card, int]:
        """:meth:`lowest_without_one` once its numbers are checked."""
        hand = self._hand(cards)
        if among is None:
            wanted = set(hand)
        elif type(among) in (list, tuple) and {*map(type, among)} <= ONLY_CARDS:
            wanted = set(among)  # the bots' lists of cards: nothing to read
        else:
            wanted = set(parse_cards(among, check=False))
        missing = wanted - set(hand)
        if missing:
            raise CardError(
                _("{cards} is not in the hand, so it cannot be left out of it.").format(
                    cards=format_cards(sorted(missing, key=order))
                )
            )
        packed, naturals, wilds = split(hand, self.rules)
        natural_sum = sum(c.rank for c in naturals)
        search = self._search
        whole = search.min_leftover(packed, len(wilds))
        loose, spare = search.loose(packed, len(wilds))
        wild = self.rules.wild_rank
        own = self._points_are_naturals(wilds, building)
        found: dict[Card, int] = {}
        later: list[tuple[int, int, Card]] = []  # (bound, order, card)
        for card in wanted:
            if card.suit is None or card.rank == wild:
                if spare:  # a wild no best meld needs: the same naturals' points
                    found[card] = self._wild_out(card, whole, natural_sum, wilds, building)
                else:
                    later.append((whole, card._order, card))
            elif (loose >> SLOT_AT[card.index]) & 0b11:  # loose in a best arrangement
                found[card] = (
                    whole - card.rank
                    if own  # _natural_out would add nothing
                    else self._natural_out(card, whole - card.rank, natural_sum, wilds, building)
                )
            else:
                later.append((whole - card.rank, card._order, card))
        values = sorted(found.values())
        later.sort()
        if keep == 1:
            self._add_lowest_later(found, later, values, packed, natural_sum, wilds, building, own)
            return found
        for bound, _key, card in later:
            if len(values) >= keep and bound > values[keep - 1]:
                break  # and every bound after it: this card and the rest leave more
            found[card] = self._searched_out(card, packed, natural_sum, wilds, building)
            insort(values, found[card])
        return found

    def _points_are_naturals(self, wilds: list[Card], building: bool) -> bool:
        """True when a hand keeping these wilds scores exactly its naturals' points left
        (:meth:`_kept_points` adds nothing, whatever the naturals do)."""
        if not wilds:
            return True
        if len(wilds) >= self.rules.meld.least:
            return self.rules.meld.all_wild
        return building

    def _add_lowest_later(
        self,
        found: dict[Card, int],
        later: list[tuple[int, int, Card]],
        values: list[int],
        packed: int,
        natural_sum: int,
        wilds: list[Card],
        building: bool,
        own: bool,
    ) -> None:
        """:meth:`lowest_without_one`'s last step for ``keep=1``: add to ``found`` every card
        of ``later`` that leaves the fewest points, with one search for all its naturals.

        ``later`` holds (bound, order, card) for the cards ``found`` lacks, ``values`` the
        points in ``found``; ``own`` says the points are the naturals' own (see
        :meth:`_points_are_naturals`). A card whose bound is above the fewest points found
        is never needed; of the others, the naturals that leave less than the rest are
        found together by ``Search.min_after_drop``, and each wild on its own.
        """
        search = self._search
        wild = self.rules.wild_rank
        cap = values[0] if values else None
        allowed = 0
        naturals: list[tuple[int, Card]] = []
        for bound, _key, card in later:
            if cap is not None and bound > cap:
                break  # and every bound after it
            if card.suit is None or card.rank == wild:
                found[card] = self._searched_out(card, packed, natural_sum, wilds, building)
            else:
                allowed |= 0b11 << slot_of(card)
                naturals.append((bound, card))
        if not naturals:
            return
        limit = INF if cap is None else cap  # above the loose cards' best: not needed
        value, thrown = search.min_after_drop(packed, len(wilds), allowed, limit, {})
        if value > limit:
            return  # a penalty is never below its naturals' points: none is needed
        best = [card for _bound, card in naturals if (thrown >> slot_of(card)) & 1]
        # Charged as the hand's penalty: the naturals' own points, unless nothing melds
        # and the one or two wilds are charged too.
        if own or all(
            self._natural_out(card, value, natural_sum, wilds, building) == value for card in best
        ):
            for card in best:
                found[card] = value  # and every other natural leaves more points than this
            return
        # A hand left with no meld has its wilds charged, so a card whose naturals leave
        # more may still leave a lower penalty: each is searched on its own, cheapest
        # bound first, until the bounds pass the fewest points found.
        low = min(found.values(), default=INF)
        for bound, card in naturals:
            if bound > low:
                break
            found[card] = self._searched_out(card, packed, natural_sum, wilds, building)
            low = min(low, found[card])

    def _searched_out(
        self, card: Card, packed: int, natural_sum: int, wilds: list[Card], building: bool
    ) -> int:
        """The points of the hand (``packed`` naturals beside ``wilds``) without ``card``,
        searched on its own."""
        if card.suit is None or card.rank == self.rules.wild_rank:
            value = self._search.min_leftover(packed, len(wilds) - 1)
            return self._wild_out(card, value, natural_sum, wilds, building)
        value = self._search.min_leftover(packed - (1 << slot_of(card)), len(wilds))
        return self._natural_out(card, value, natural_sum, wilds, building)

    def _wild_out(
        self, card: Card, value: int, natural_sum: int, wilds: list[Card], building: bool
    ) -> int:
        rest = list(wilds)
        rest.remove(card)
        return self._kept_points(value, natural_sum, rest, building)

    def _natural_out(
        self, card: Card, value: int, natural_sum: int, wilds: list[Card], building: bool
    ) -> int:
        return self._kept_points(value, natural_sum - card.rank, wilds, building)

    def _kept_points(self, value: int, natural_sum: int, wilds: list[Card], building: bool) -> int:
        """The penalty (``building``: the points of a hand still being built) of naturals
        adding to ``natural_sum`` that leave ``value`` points beside ``wilds``."""
        charged = self._charged(value, natural_sum, wilds)
        if building and 0 < len(wilds) < self.rules.meld.least and charged > value:
            return value  # no meld yet: a wild will find one later, so it counts 0
        return charged
