"""The deal lab: deal a hand for a round and a seed (or type one), and see its best arrangement."""

from __future__ import annotations

import random
from html import escape
from typing import Any

import ipywidgets as widgets

from ..core.cards import Hand, parse_cards
from ..core.solver import best_arrangement
from ..errors import LessonError
from ..i18n import N_
from ..i18n import gettext as _
from ..i18n import ngettext as _n
from ..render import arrangement_html, hand_html, points_text
from ..table.deal import deal_hand
from .base import View, seed_box
from .lesson_parts import round_dropdown

__all__ = ["DealLab", "cards_text"]


def cards_text(n: int) -> str:
    """``'1 card'``, ``'7 cards'``."""
    return _n("{count} card", "{count} cards", n).format(count=f"{n:,}")


class DealLab(View):
    """Choose a round and a seed, deal, see the melds, what each wild stands for, the points."""

    title = N_("Deal lab")

    def __init__(
        self,
        round_no: int = 3,
        seed: int = 1,
        rng: random.Random | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self._rng = rng if rng is not None else random.Random()
        self.round = round_dropdown(round_no)
        self.seed = seed_box(self, seed)
        self.deal_button = self._button(_("Deal"), self.deal, style="primary", icon="refresh")
        self.surprise_button = self._button(_("Surprise me"), self.surprise, icon="random")
        self.typed = widgets.Text(
            placeholder=_("or type a hand, e.g. 5H 6H JK 9C 9S"),
            description=_("Hand"),
            continuous_update=False,
        )
        self.arrange_button = self._button(_("Arrange this hand"), self.arrange_typed)
        self.hand_view = widgets.HTML()
        self.result = widgets.HTML()
        self.hand: Hand = Hand()
        self._dealt: tuple[int, int] | None = None  # the round and seed last dealt
        controls = widgets.HBox([self.round, self.seed, self.deal_button, self.surprise_button])
        controls.layout.flex_flow = "row wrap"
        self._frame(
            [
                controls,
                widgets.HBox([self.typed, self.arrange_button]),
                self.hand_view,
                self.result,
            ],
            _("The same round and seed always deal the same hand: share a hand by its seed."),
        )
        self.deal()
        self.round.observe(self._guard(lambda _c: self.deal()), names="value")
        self.seed.observe(self._guard(lambda _c: self.deal()), names="value")

    def deal(self) -> None:
        """Deal the hand for the chosen round and seed (the same seed says it is the same hand)."""
        key = (self.round.value, self.seed.value)
        again = key == self._dealt
        self.show(deal_hand(key[0], random.Random(key[1])), self.seed.value)
        self._dealt = key
        if again:
            self.status.info(
                _(
                    "Seed {seed} again, so the same hand: a seed always deals the same cards. "
                    "Its best melds leave {points}. Change the seed, or press Surprise me, "
                    "for a new hand."
                ).format(seed=self.seed.value, points=points_text(self.arrangement.penalty))
            )

    def surprise(self) -> None:
        """Pick a new seed at random and deal."""
        seed = self._rng.randrange(10**6)
        if seed == self.seed.value:
            self.deal()
        self.seed.value = seed  # dealing follows from the change

    def arrange_typed(self) -> None:
        """Arrange the hand typed in the box (a typing mistake is shown, never raised)."""
        text = self.typed.value.strip()
        if not text:
            raise LessonError(_("Type some cards first, such as 5H 6H JK 9C 9S."))
        self.show(parse_cards(text), None)
        self._dealt = None

    def show(self, hand: Hand, seed: int | None) -> None:
        """Show a hand, its best arrangement and its points (``seed`` None: a typed hand)."""
        r = self.round.value
        arrangement = best_arrangement(hand, r)
        with self.hold_sync():
            self.hand = hand
            if seed is None:
                heading = _("Round {round} hand (your hand), {cards}:")
            else:
                heading = _("Round {round} hand (seed {seed}), {cards}:")
            heading = heading.format(round=r, seed=seed, cards=cards_text(len(hand)))
            self.hand_view.value = (
                f"<p>{escape(heading)}</p><div class='fc-felt'>{hand_html(hand.sorted(), r)}</div>"
            )
            self.result.value = (
                "<h4 style='margin:8px 0 2px'>"
                + escape(_("The best arrangement"))
                + "</h4>"
                + arrangement_html(arrangement)
            )
            self.arrangement = arrangement
            left = points_text(arrangement.penalty)
            done = (
                _("Dealt {cards}: the best melds leave {points}.")
                if seed is not None
                else _("Arranged your {cards}: {points} left.")
            )
            self.status.ok(done.format(cards=cards_text(len(hand)), points=left))
