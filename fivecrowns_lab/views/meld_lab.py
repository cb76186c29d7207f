"""The meld builder: select cards, check them, lay melds down, watch the leftover's score."""

from __future__ import annotations

import random
from html import escape
from typing import Any

import ipywidgets as widgets

from ..core.cards import Hand, format_cards, parse_cards
from ..core.melds import Meld, MeldCheck, check_meld
from ..core.rules import ROUNDS, card_points, hand_size, wild_rank_text
from ..core.solver import best_arrangement
from ..errors import LessonError
from ..render import arrangement_html, card_html, hand_html, points_text
from ..table.deal import deal_hand
from .base import View, css, seed_box
from .hand import HandWidget

__all__ = ["MeldChecks", "MeldLab"]


class MeldChecks(widgets.HTML):
    """A list of example melds: the cards, the round, and the engine's verdict with its reason."""

    def __init__(self, examples: list[tuple[str, int]], **kwargs: Any) -> None:
        self.results = [(parse_cards(text), r, check_meld(text, r)) for text, r in examples]
        items = "".join(
            "<li style='display:flex;flex-wrap:wrap;align-items:center;gap:4px 12px;"
            "padding:6px 0;border-bottom:1px solid var(--jp-border-color2, #ddd)'>"
            f"<span style='display:inline-flex;flex-wrap:nowrap'>"
            f"{''.join(card_html(c, r, width=36) for c in cards)}</span>"
            f"<span style='flex:1 1 14em'>Round {r} ({escape(wild_rank_text(r))}s wild): "
            f"<b>{'a meld' if result.valid else 'not a meld'}</b>. {escape(result.reason)}</span>"
            "</li>"
            for cards, r, result in self.results
        )
        super().__init__(
            f"<style>{css()}</style>"
            "<ul class='fc-meldchecks' aria-label='Example melds and why they are or are not "
            f"melds' style='list-style:none;padding:0;margin:4px 0'>{items}</ul>",
            **kwargs,
        )


class MeldLab(View):
    """Build books and runs from a hand; "Check" says valid or not, and why."""

    title = "Meld builder"

    def __init__(
        self, round_no: int = 5, seed: int = 7, cards: str | None = None, **kwargs: Any
    ) -> None:
        super().__init__(**kwargs)
        self.round = widgets.Dropdown(
            options=[(f"Round {r} ({wild_rank_text(r)}s wild)", r) for r in ROUNDS],
            value=round_no,
            description="Round",
        )
        self.seed = seed_box(self, seed)
        self.new_button = self._button(
            "New hand", self.new_hand, icon="refresh", tooltip="Deal a new hand (the next seed)"
        )
        self.typed = widgets.Text(
            placeholder="or type cards: 7H 8H JK QS", description="Cards", continuous_update=False
        )
        self.use_typed_button = self._button("Use these cards", self.use_typed)
        self.hand = HandWidget(label="Your hand: select cards for a meld")
        self.check_button = self._button(
            "Check",
            self.check,
            style="info",
            icon="question",
            tooltip="Is the selection a book or a run?",
        )
        self.lay_button = self._button(
            "Lay down",
            self.lay_down,
            style="success",
            icon="arrow-down",
            tooltip="Put the selected meld on the table",
        )
        self.undo_button = self._button(
            "Take back", self.take_back, icon="undo", tooltip="Pick up the last meld laid down"
        )
        self.sort_button = self._button("Sort", self.hand.sort, icon="sort")
        self.best_button = widgets.ToggleButton(
            description="Show the best arrangement", icon="lightbulb-o"
        )
        self.best_button.observe(self._guard(lambda _c: self.refresh()), names="value")
        self.verdict = widgets.HTML()
        self.table = widgets.HTML()
        self.score = widgets.HTML()
        self.best = widgets.HTML()
        self.melds: list[Meld] = []
        self.hand.observe(self._guard(lambda _c: self._on_select()), names="selected")
        self.round.observe(self._guard(lambda _c: self._deal()), names="value")
        self.seed.observe(self._guard(lambda _c: self._deal()), names="value")
        top = widgets.HBox([self.round, self.seed, self.new_button])
        top.layout.flex_flow = "row wrap"
        actions = widgets.HBox(
            [
                self.check_button,
                self.lay_button,
                self.undo_button,
                self.sort_button,
                self.best_button,
            ]
        )
        actions.layout.flex_flow = "row wrap"
        self._frame(
            [
                top,
                widgets.HBox([self.typed, self.use_typed_button]),
                self.hand,
                actions,
                self.verdict,
                self.table,
                self.score,
                self.best,
            ],
            "Click cards (or Tab to them and press Space) to select them, then Check or Lay down. "
            "Shift+arrow keys or dragging reorder the hand.",
        )
        if cards:
            self.typed.value = cards
            self.use_typed()
        else:
            self._deal()

    @property
    def round_no(self) -> int:
        """The round chosen in the dropdown."""
        return int(self.round.value)

    def new_hand(self) -> None:
        """Deal a new hand: the next seed, so it is never the same hand again."""
        self.seed.value = (self.seed.value + 1) % (10**9 + 1)  # dealing follows the change

    def _deal(self) -> None:
        """Deal the hand of the chosen round and seed."""
        self._start(deal_hand(self.round_no, random.Random(self.seed.value)).sorted())
        self.status.info(
            f"A round {self.round_no} hand of {hand_size(self.round_no)} cards "
            f"(seed {self.seed.value})."
        )

    def use_typed(self) -> None:
        """Play with the cards typed in the box."""
        cards = parse_cards(self.typed.value)
        if not cards:
            raise LessonError("Type some cards first, such as 7H 8H JK QS.")
        self._start(cards)
        n = len(cards)
        self.status.info(f"Your {n} card{' is' if n == 1 else 's are'} ready.")

    def _start(self, cards: Hand) -> None:
        self.melds = []
        self.hand.set_cards(cards, self.round_no)
        self.verdict.value = ""
        self.refresh()

    def check(self) -> MeldCheck:
        """Say whether the selected cards are a meld, and why."""
        chosen = self.hand.selected_cards
        result = check_meld(chosen, self.round_no)
        kind = "ok" if result.valid else "error"
        word = "Valid" if result.valid else "Not a meld"
        self.verdict.value = (
            f"<div class='fc-msg fc-{kind}' role='status'><b>{word}:</b> "
            f"{escape(format_cards(chosen)) or '(nothing selected)'} — "
            f"{escape(result.reason)}</div>"
        )
        self.status.clear()
        return result

    def lay_down(self) -> None:
        """Lay the selected cards down as a meld, if they are one."""
        result = self.check()
        if not result.valid:
            raise LessonError(f"These cards stay in your hand: {result.reason}")
        remaining = [c for i, c in enumerate(self.hand.hand) if i not in set(self.hand.selected)]
        assert result.meld is not None  # a valid check carries its meld
        self.melds.append(result.meld)
        self.hand.set_cards(remaining, self.round_no)
        self.refresh()
        self.status.ok(f"Laid down: {result.meld}. {self._left_text()}")

    def take_back(self) -> None:
        """Pick up the last meld laid down."""
        if not self.melds:
            raise LessonError("There is no meld on the table to take back.")
        meld = self.melds.pop()
        self.hand.set_cards(list(self.hand.hand) + list(meld.cards), self.round_no)
        self.refresh()
        self.status.info(f"Took back {meld}.")

    def left_points(self) -> int:
        return sum(card_points(c, self.round_no) for c in self.hand.hand)

    def _left_text(self) -> str:
        return f"Left in hand: {points_text(self.left_points())}."

    def _on_select(self) -> None:
        self.verdict.value = ""

    def refresh(self) -> None:
        r = self.round_no
        with self.hold_sync():
            if self.melds:
                rows = "".join(
                    f"<div class='fc-panel'>{hand_html(m.cards, r, width=44)}"
                    f"<div>{escape(m.describe())}</div></div>"
                    for m in self.melds
                )
                self.table.value = f"<h4 style='margin:6px 0 2px'>On the table</h4>{rows}"
            else:
                self.table.value = "<p><i>No melds on the table yet.</i></p>"
            left = self.hand.hand
            if left:
                sums = " + ".join(str(card_points(c, r)) for c in left)
                self.score.value = (
                    f"<p style='font-size:16px'>Left in hand: {sums} = "
                    f"<b>{points_text(self.left_points())}</b></p>"
                )
            else:
                self.score.value = (
                    "<p style='font-size:16px'><b>Every card is melded: 0 points!</b></p>"
                )
            if self.best_button.value:
                all_cards = list(left) + [c for m in self.melds for c in m.cards]
                best = best_arrangement(all_cards, r)
                self.best.value = (
                    f"<h4 style='margin:6px 0 2px'>Best possible: {points_text(best.penalty)}</h4>"
                    + arrangement_html(best)
                )
            else:
                self.best.value = ""
