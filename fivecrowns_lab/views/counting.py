"""Show the counting: round 1's "go out on the deal" built up from its cases, step by step.

Every number comes from the engine (:func:`fivecrowns_lab.odds.counting.go_out_by_wilds`
and :func:`~fivecrowns_lab.odds.counting.count_round`); the view only words them. In
JupyterLab the lesson's notebook shows the same count as code.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from html import escape
from math import comb

import ipywidgets as widgets

from ..core.cards import format_cards
from ..core.rules import hand_size, wild_rank_text
from ..errors import plural
from ..odds.counting import DECK_SIZE, WILDS_IN_DECK, WildCase, count_round, go_out_by_wilds
from .plots import fraction_html, pct, table_html

__all__ = ["CountingSteps"]

_ROUND = 1
_NATURALS = DECK_SIZE - WILDS_IN_DECK

#: Why the hands of each case go out (round 1: three cards), in a learner's words.
_WHY = {
    0: "With no wild, the three cards must already be a meld: three of one rank (a book), "
    "or three cards in a row of one suit (a run).",
    1: "With one wild, the other two cards must be able to meld with it: a pair of one rank, "
    "or two cards of one suit at most two ranks apart (the wild fills the gap or an end).",
    2: "With two wilds, any third card makes a meld: the wilds copy it into a book.",
    3: "Three wilds are a meld by themselves.",
}


class CountingSteps(widgets.VBox):
    """A Next/Previous step-through of the exact count of round 1's going out on the deal."""

    def __init__(self, button: Callable[..., widgets.Button]) -> None:
        self.cases: tuple[WildCase, ...] = go_out_by_wilds(_ROUND)
        self.total = count_round(_ROUND)
        self.step = 0
        self.previous_button = button("Previous", self.back)
        self.next_button = button("Next step", self.forward, style="primary")
        self.body = widgets.HTML()
        self.body.add_class("fc-counting-step")
        buttons = widgets.HBox([self.previous_button, self.next_button])
        buttons.layout.flex_flow = "row wrap"
        super().__init__(
            [
                widgets.HTML(
                    "<h4>Show the counting: round 1, step by step</h4><p>Where does the "
                    "exact chance of going out on the deal in round 1 come from? Split every "
                    "deal by how many wild cards it holds, count each case, then add.</p>"
                ),
                self.body,
                buttons,
            ]
        )
        self.add_class("fc-counting")
        self.show()

    @property
    def last(self) -> int:
        return len(self.cases) + 1

    def forward(self) -> None:
        """The next step of the count."""
        self.step = min(self.last, self.step + 1)
        self.show()

    def back(self) -> None:
        """The step before."""
        self.step = max(0, self.step - 1)
        self.show()

    def _table(self, upto: int) -> str:
        n = hand_size(_ROUND)
        rows = [
            [
                str(c.wilds),
                f"{comb(WILDS_IN_DECK, c.wilds):,} × {comb(_NATURALS, n - c.wilds):,}"
                f" = {c.deals:,}",
                f"{c.go_out:,}",
                pct(Fraction(c.go_out, c.deals)),
            ]
            for c in self.cases[:upto]
        ]
        if upto == len(self.cases):
            deals = sum(c.deals for c in self.cases)
            out = sum(c.go_out for c in self.cases)
            rows.append(["all", f"{deals:,}", f"{out:,}", pct(Fraction(out, deals))])
        return table_html(["wilds", "deals with that many", "that go out", "share"], rows)

    def text(self) -> str:
        """The current step, as HTML."""
        n = hand_size(_ROUND)
        deals = self.total.deals
        if self.step == 0:
            return (
                f"<p><b>Step 1 of {self.last + 1}.</b> Round 1 deals {n} cards "
                f"({wild_rank_text(_ROUND)}s and jokers wild). There are C(116, {n}) = "
                f"<b>{deals:,}</b> deals, all equally likely. Of the 116 cards, "
                f"{WILDS_IN_DECK} are wild and {_NATURALS} are not. Sort the deals by how many "
                f"wilds they hold: 0, 1, 2 or {n}.</p>"
            )
        if self.step <= len(self.cases):
            case = self.cases[self.step - 1]
            k = case.wilds
            example = (
                f" For example {escape(format_cards(case.example_out))} goes out"
                + (
                    f", and {escape(format_cards(case.example_not))} does not."
                    if case.example_not
                    else "."
                )
                if case.example_out
                else ""
            )
            return (
                f"<p><b>Step {self.step + 1} of {self.last + 1}: hands with "
                f"{plural(k, 'wild')}.</b> Choose {k} of the {WILDS_IN_DECK} wilds and "
                f"{n - k} of the {_NATURALS} other cards: C({WILDS_IN_DECK}, {k}) × "
                f"C({_NATURALS}, {n - k}) = <b>{case.deals:,}</b> deals. "
                f"{_WHY.get(k, '')} Of them, <b>{case.go_out:,}</b> go out "
                f"({pct(Fraction(case.go_out, case.deals))}).{example}</p>"
                + self._table(self.step)
            )
        out = sum(c.go_out for c in self.cases)
        added = " + ".join(f"{c.go_out:,}" for c in self.cases)
        chance = Fraction(out, deals)
        return (
            f"<p><b>Step {self.last + 1} of {self.last + 1}: add the cases.</b> {added} = "
            f"<b>{out:,}</b> of the {deals:,} deals go out, so the chance is "
            f"{fraction_html((out, deals))} = {fraction_html(chance)} ≈ <b>{pct(chance)}</b>. "
            "Most of it comes from hands with wilds, although most hands have none.</p>"
            + self._table(len(self.cases))
        )

    def show(self) -> None:
        with self.hold_sync():
            self.body.value = f"<div class='fc-panel'>{self.text()}</div>"
            self.previous_button.disabled = self.step == 0
            self.next_button.disabled = self.step == self.last
