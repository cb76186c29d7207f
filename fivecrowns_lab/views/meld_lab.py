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
from ..i18n import N_
from ..i18n import gettext as _
from ..i18n import ngettext as _n
from ..render import arrangement_html, card_html, hand_html, points_text
from ..table.deal import deal_hand
from .base import View, css, next_seed_button, seed_box
from .hand import HandWidget

__all__ = ["MeldChecks", "MeldLab"]


def _round_text(r: int) -> str:
    """``'Round 5 (5s wild)'`` in the learner's language."""
    return _("Round {round} ({rank}s wild)").format(round=r, rank=wild_rank_text(r))


def _verdict_word(valid: bool) -> str:
    return _("a meld") if valid else _("not a meld")


class MeldChecks(widgets.HTML):
    """A list of example melds: the cards, the round, and the engine's verdict with its reason."""

    def __init__(self, examples: list[tuple[str, int]], **kwargs: Any) -> None:
        self.results = [(parse_cards(text), r, check_meld(text, r)) for text, r in examples]
        items = "".join(
            "<li style='display:flex;flex-wrap:wrap;align-items:center;gap:4px 12px;"
            "padding:6px 0;border-bottom:1px solid var(--jp-border-color2, #ddd)'>"
            f"<span style='display:inline-flex;flex-wrap:nowrap'>"
            f"{''.join(card_html(c, r, width=36) for c in cards)}</span>"
            f"<span style='flex:1 1 14em'>{escape(_round_text(r))}: "
            f"<b>{escape(_verdict_word(result.valid))}</b>. {escape(result.reason)}</span>"
            "</li>"
            for cards, r, result in self.results
        )
        super().__init__(
            f"<style>{css()}</style>"
            "<ul class='fc-meldchecks' aria-label='"
            + escape(_("Example melds and why they are or are not melds"), quote=True)
            + f"' style='list-style:none;padding:0;margin:4px 0'>{items}</ul>",
            **kwargs,
        )


class MeldLab(View):
    """Build books and runs from a hand; "Check" says valid or not, and why."""

    title = N_("Meld builder")

    def __init__(
        self, round_no: int = 5, seed: int = 7, cards: str | None = None, **kwargs: Any
    ) -> None:
        super().__init__(**kwargs)
        self._make_inputs(round_no, seed)
        self._make_buttons()
        self.verdict = widgets.HTML()
        self.table = widgets.HTML()
        self.score = widgets.HTML()
        self.best = widgets.HTML()
        self.melds: list[Meld] = []
        self.hand.observe(self._guard(lambda _c: self._on_select()), names="selected")
        self.round.observe(self._guard(lambda _c: self._deal()), names="value")
        self.seed.observe(self._guard(lambda _c: self._deal()), names="value")
        self._lay_out()
        if cards:
            self.typed.value = cards
            self.use_typed()
        else:
            self._deal()

    def _make_inputs(self, round_no: int, seed: int) -> None:
        """The round, seed and typed-cards boxes, and the hand."""
        self.round = widgets.Dropdown(
            options=[(_round_text(r), r) for r in ROUNDS],
            value=round_no,
            description=_("Round"),
        )
        self.seed = seed_box(self, seed)
        self.new_button = next_seed_button(
            self, self.seed, _("New hand"), _("Deal a new hand (the next seed)")
        )
        self.typed = widgets.Text(
            placeholder=_("or type cards: 7H 8H JK QS"),
            description=_("Cards"),
            continuous_update=False,
        )
        self.use_typed_button = self._button(_("Use these cards"), self.use_typed)
        self.hand = HandWidget(label=_("Your hand: select cards for a meld"))

    def _make_buttons(self) -> None:
        """Check, Lay down, Take back, Sort and Show the best arrangement."""
        self.check_button = self._button(
            _("Check"),
            self.check,
            style="info",
            icon="question",
            tooltip=_("Is the selection a book or a run?"),
        )
        self.lay_button = self._button(
            _("Lay down"),
            self.lay_down,
            style="success",
            icon="arrow-down",
            tooltip=_("Put the selected meld on the table"),
        )
        self.undo_button = self._button(
            _("Take back"),
            self.take_back,
            icon="undo",
            tooltip=_("Pick up the last meld laid down"),
        )
        self.sort_button = self._button(_("Sort"), self.sort, icon="sort")
        self.best_button = widgets.ToggleButton(
            description=_("Show the best arrangement"), icon="lightbulb-o"
        )
        self.best_button.observe(self._guard(lambda _c: self.refresh()), names="value")

    def _lay_out(self) -> None:
        """The view's frame: inputs, hand, buttons, then the answers."""
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
            _(
                "Click cards (or Tab to them and press Space) to select them, then Check or "
                "Lay down. Shift+arrow keys or dragging reorder the hand."
            ),
        )

    @property
    def round_no(self) -> int:
        """The round chosen in the dropdown."""
        return int(self.round.value)

    def _deal(self) -> None:
        """Deal the hand of the chosen round and seed."""
        self._start(deal_hand(self.round_no, random.Random(self.seed.value)).sorted())
        self.status.info(
            _("A round {round} hand of {count} cards (seed {seed}).").format(
                round=self.round_no, count=hand_size(self.round_no), seed=self.seed.value
            )
        )

    def use_typed(self) -> None:
        """Play with the cards typed in the box."""
        cards = parse_cards(self.typed.value)
        if not cards:
            raise LessonError(_("Type some cards first, such as 7H 8H JK QS."))
        self._start(cards)
        n = len(cards)
        self.status.info(
            _n("Your {count} card is ready.", "Your {count} cards are ready.", n).format(count=n)
        )

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
        word = _("Valid") if result.valid else _("Not a meld")
        self.verdict.value = (
            f"<div class='fc-msg fc-{kind}' role='status'><b>{word}:</b> "
            + (escape(format_cards(chosen)) or escape(_("(nothing selected)")))
            + " — "
            f"{escape(result.reason)}</div>"
        )
        self.status.clear()
        return result

    def lay_down(self) -> None:
        """Lay the selected cards down as a meld, if they are one."""
        result = self.check()
        if not result.valid:
            raise LessonError(
                _("These cards stay in your hand: {reason}").format(reason=result.reason)
            )
        remaining = [c for i, c in enumerate(self.hand.hand) if i not in set(self.hand.selected)]
        assert result.meld is not None  # a valid check carries its meld
        self.melds.append(result.meld)
        self.hand.set_cards(remaining, self.round_no)
        self.refresh()
        self.status.ok(
            _("Laid down: {meld}. {left}").format(meld=result.meld, left=self._left_text())
        )

    def take_back(self) -> None:
        """Pick up the last meld laid down."""
        if not self.melds:
            raise LessonError(_("There is no meld on the table to take back."))
        meld = self.melds.pop()
        self.hand.set_cards(list(self.hand.hand) + list(meld.cards), self.round_no)
        self.refresh()
        self.status.info(_("Took back {meld}.").format(meld=meld))

    def sort(self) -> None:
        """Sort the hand; the status line, which spoke of the cards before, is cleared."""
        # "Took back 5♥ 6♥ 7♥." described those cards at the hand's end; after a sort
        # they are elsewhere, so the line would describe a hand no longer shown.
        self.hand.sort()
        self.status.clear()

    def left_points(self) -> int:
        return sum(card_points(c, self.round_no) for c in self.hand.hand)

    def _left_text(self) -> str:
        return _("Left in hand: {points}.").format(points=points_text(self.left_points()))

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
                heading = escape(_("On the table"))
                self.table.value = f"<h4 style='margin:6px 0 2px'>{heading}</h4>{rows}"
            else:
                self.table.value = "<p><i>" + escape(_("No melds on the table yet.")) + "</i></p>"
            left = self.hand.hand
            if left:
                sums = " + ".join(str(card_points(c, r)) for c in left)
                self.score.value = (
                    "<p class='fc-lead'>"
                    + escape(_("Left in hand: {sums} = {points}")).format(
                        sums=sums, points=f"<b>{points_text(self.left_points())}</b>"
                    )
                    + "</p>"
                )
            else:
                self.score.value = (
                    "<p class='fc-lead'>"
                    + "<b>"
                    + escape(_("Every card is melded: 0 points!"))
                    + "</b></p>"
                )
            if self.best_button.value:
                all_cards = list(left) + [c for m in self.melds for c in m.cards]
                best = best_arrangement(all_cards, r)
                self.best.value = (
                    "<h4 style='margin:6px 0 2px'>"
                    + escape(_("Best possible: {points}").format(points=points_text(best.penalty)))
                    + "</h4>"
                    + arrangement_html(best)
                )
            else:
                self.best.value = ""
