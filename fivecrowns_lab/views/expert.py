"""Lesson 12: how the expert plays — one real position where it and greedy disagree.

The position comes from a seeded game (:func:`~fivecrowns_lab.table.hints.worked_position`),
so it is computed, never typed in. The learner picks the card they would throw first,
then sees what greedy and the expert throw, and why.
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as widgets

from ..core.cards import Card
from ..core.rules import wild_rank_text
from ..errors import LessonError
from ..i18n import N_
from ..i18n import gettext as _
from ..render import card_html
from ..table.actions import Discard
from ..table.hints import WorkedPosition, worked_position
from .base import View
from .hand import HandWidget

__all__ = ["ExpertLesson"]


class ExpertLesson(View):
    """A real position: you choose a discard, then compare it with greedy's and the expert's."""

    title = N_("How the expert plays")

    def __init__(self, seed: int = 1, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.seed = seed
        self.position_view = widgets.HTML()
        self.facts = widgets.HTML()
        self.hand = HandWidget(mode="pick", label=_("Your hand: click the card you would throw"))
        self.hand.on_pick(self._guard(lambda _i, card: self.choose(card)))
        self.answer = widgets.HTML()
        self.reveal_button = self._button(_("Show both bots' choices"), self.reveal, icon="eye")
        self.next_button = self._button(
            _("Another position"), self.next_position, style="primary", icon="forward"
        )
        buttons = widgets.HBox(
            [self.reveal_button, self.next_button], layout={"flex_flow": "row wrap"}
        )
        self._frame(
            [self.position_view, self.facts, self.hand, buttons, self.answer],
            _(
                "A position from a real game: the expert (seat 1, “You”) and a greedy bot in "
                "the same seat would throw different cards. Which would you throw?"
            ),
        )
        self.load(seed)

    def load(self, seed: int) -> None:
        """Find the first position from game ``seed`` on where the two bots disagree."""
        self.position: WorkedPosition = worked_position(seed)
        self.seed = self.position.seed
        self.picked: Discard | None = None
        o = self.position.observation
        top = o.top_discard
        with self.hold_sync():
            where = _(
                "Game {game}, round {round} ({rank} wild): you have drawn and must throw one card."
            ).format(game=self.position.seed, round=o.round_no, rank=wild_rank_text(o.round_no))
            self.position_view.value = f"<p>{escape(where)}</p>" + (
                "<p>"
                + escape(_("Top of the discard pile now: {card}")).format(
                    card=card_html(top, o.round_no)
                )
                + "</p>"
                if top is not None
                else ""
            )
            items = "".join(f"<li>{escape(f)}</li>" for f in self.position.facts)
            showed = escape(_("What the table showed this round:"))
            self.facts.value = f"<p>{showed}</p><ul>{items}</ul>"
            # Sorted by suit then rank (the engine's order), as every other lesson shows a
            # hand: the dealt order made the learner hunt for runs before choosing.
            self.hand.set_cards(o.hand.sorted(), o.round_no)
            self.answer.value = ""
        self.status.info(_("Click the card you would throw, or show both bots' choices."))

    def choose(self, card: Any) -> None:
        """The learner's discard: then both bots' choices are shown beside it."""
        self.picked = Discard(card)
        self.reveal()

    def reveal(self) -> None:
        """Show what greedy and the expert throw here, and why."""
        p = self.position
        assert isinstance(p.expert, Discard) and isinstance(p.greedy, Discard)
        mine = ""
        if self.picked is not None:
            same = self.picked == p.expert
            if same:
                verdict = _("You threw {card}: the same card as the expert.")
            else:
                verdict = _("You threw {card}: not the expert's card.")
            mine = self._beside_card(self.picked.card, "fc-msg", escape(verdict), "")
        greedy = _("<b>Greedy</b> throws {card} — {reason}")
        expert = _("<b>The expert</b> throws {card} — {reason}")
        self.answer.value = (
            mine
            + self._beside_card(p.greedy.card, "fc-msg fc-info", greedy, p.greedy_reason)
            + self._beside_card(p.expert.card, "fc-msg fc-ok", expert, p.expert_reason)
            + "<p>"
            + escape(
                _(
                    "Greedy only counts the points in your hand now. The expert imagines the "
                    "cards still to come many times over, and how soon the others may go out."
                )
            )
            + "</p>"
        )
        self.status.ok(_("Compare the two reasons, then try another position."))

    def _beside_card(self, card: Card, kind: str, sentence: str, reason: str) -> str:
        """One line of the answer: the card's picture, and beside it the sentence naming it.

        The picture stands in its own column so the sentence wraps as plain text (a card
        inside a line of text would make that line as tall as the card). ``sentence`` is
        markup with ``{card}`` (and ``{reason}``, filled with ``reason`` escaped).
        """
        picture = card_html(card, self.position.observation.round_no, width=40)
        text = sentence.format(card=escape(str(card)), reason=escape(reason))
        return (
            f"<div class='{kind} fc-beside-card'><div class='fc-beside-card-picture'>"
            f"{picture}</div><div>{text}</div></div>"
        )

    def next_position(self) -> None:
        """The next seeded game's position."""
        if self.seed > 10**6:
            raise LessonError(_("That is enough positions for one lesson: reload the page."))
        self.load(self.seed + 1)
