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
from ..i18n import N_, number
from ..i18n import gettext as _
from ..i18n import ngettext as _n
from ..odds.counting import DECK_SIZE, WILDS_IN_DECK, WildCase, count_round, go_out_by_wilds
from .plots import fraction_html, pct, table_html

__all__ = ["CountingSteps"]

_ROUND = 1
_NATURALS = DECK_SIZE - WILDS_IN_DECK

#: Why the hands of each case go out (round 1: three cards), in a learner's words.
_WHY = {
    0: N_(
        "With no wild, the three cards must already be a meld: three of one rank (a book), "
        "or three cards in a row of one suit (a run)."
    ),
    1: N_(
        "With one wild, the other two cards must be able to meld with it: a pair of one rank, "
        "or two cards of one suit at most two ranks apart (the wild fills the gap or an end)."
    ),
    2: N_("With two wilds, any third card makes a meld: the wilds copy it into a book."),
    3: N_("Three wilds are a meld by themselves."),
}


class CountingSteps(widgets.VBox):
    """A Next/Previous step-through of the exact count of round 1's going out on the deal."""

    def __init__(self, button: Callable[..., widgets.Button]) -> None:
        self.cases: tuple[WildCase, ...] = go_out_by_wilds(_ROUND)
        self.total = count_round(_ROUND)
        self.step = 0
        self.previous_button = button(_("Previous"), self.back)
        self.next_button = button(_("Next step"), self.forward, style="primary")
        self.body = widgets.HTML()
        self.body.add_class("fc-counting-step")
        buttons = widgets.HBox([self.previous_button, self.next_button])
        buttons.layout.flex_flow = "row wrap"
        super().__init__(
            [
                widgets.HTML(
                    "<h4>"
                    + _("Show the counting: round 1, step by step")
                    + "</h4><p>"
                    + _(
                        "Where does the exact chance of going out on the deal in round 1 come "
                        "from? Split every deal by how many wild cards it holds, count each "
                        "case, then add."
                    )
                    + "</p>"
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
                f"{number(comb(WILDS_IN_DECK, c.wilds))} × {number(comb(_NATURALS, n - c.wilds))}"
                f" = {number(c.deals)}",
                number(c.go_out),
                pct(Fraction(c.go_out, c.deals)),
            ]
            for c in self.cases[:upto]
        ]
        if upto == len(self.cases):
            deals = sum(c.deals for c in self.cases)
            out = sum(c.go_out for c in self.cases)
            rows.append([_("all"), number(deals), number(out), pct(Fraction(out, deals))])
        return table_html(
            [_("wilds"), _("deals with that many"), _("that go out"), _("share")], rows
        )

    def text(self) -> str:
        """The current step, as HTML."""
        n = hand_size(_ROUND)
        deals = self.total.deals
        if self.step == 0:
            text = _(
                "<b>Step 1 of {steps}.</b> Round 1 deals {n} cards ({rank}s and jokers wild). "
                "There are C(116, {n}) = <b>{deals}</b> deals, all equally likely. Of the 116 "
                "cards, {wilds} are wild and {others} are not. Sort the deals by how many wilds "
                "they hold: 0, 1, 2 or {n}."
            ).format(
                steps=self.last + 1,
                n=n,
                rank=wild_rank_text(_ROUND),
                deals=number(deals),
                wilds=WILDS_IN_DECK,
                others=_NATURALS,
            )
            return f"<p>{text}</p>"
        if self.step <= len(self.cases):
            return self._case_text(self.cases[self.step - 1]) + self._table(self.step)
        out = sum(c.go_out for c in self.cases)
        added = " + ".join(number(c.go_out) for c in self.cases)
        chance = Fraction(out, deals)
        text = _(
            "<b>Step {step} of {steps}: add the cases.</b> {added} = <b>{out}</b> of the "
            "{deals} deals go out, so the chance is {fraction} = {lowest} ≈ <b>{share}</b>. "
            "Most of it comes from hands with wilds, although most hands have none."
        ).format(
            step=self.last + 1,
            steps=self.last + 1,
            added=added,
            out=number(out),
            deals=number(deals),
            fraction=fraction_html((out, deals)),
            lowest=fraction_html(chance),
            share=pct(chance),
        )
        return f"<p>{text}</p>" + self._table(len(self.cases))

    def _case_text(self, case: WildCase) -> str:
        """One case of the count: the hands with ``case.wilds`` wilds, with examples."""
        n, k = hand_size(_ROUND), case.wilds
        fields = {
            "step": self.step + 1,
            "steps": self.last + 1,
            "k": k,
            "wilds": WILDS_IN_DECK,
            "rest": n - k,
            "others": _NATURALS,
            "deals": number(case.deals),
            "why": _(_WHY[k]) if k in _WHY else "",
            "out": number(case.go_out),
            "share": pct(Fraction(case.go_out, case.deals)),
        }
        text = _n(
            "<b>Step {step} of {steps}: hands with {k} wild.</b> Choose {k} of the {wilds} "
            "wilds and {rest} of the {others} other cards: C({wilds}, {k}) × C({others}, {rest}) "
            "= <b>{deals}</b> deals. {why} Of them, <b>{out}</b> go out ({share}).",
            "<b>Step {step} of {steps}: hands with {k} wilds.</b> Choose {k} of the {wilds} "
            "wilds and {rest} of the {others} other cards: C({wilds}, {k}) × C({others}, {rest}) "
            "= <b>{deals}</b> deals. {why} Of them, <b>{out}</b> go out ({share}).",
            k,
        ).format(**fields)
        if case.example_out and case.example_not:
            text += " " + _("For example {out} goes out, and {not_out} does not.").format(
                out=escape(format_cards(case.example_out)),
                not_out=escape(format_cards(case.example_not)),
            )
        elif case.example_out:
            text += " " + _("For example {out} goes out.").format(
                out=escape(format_cards(case.example_out))
            )
        return f"<p>{text}</p>"

    def show(self) -> None:
        with self.hold_sync():
            self.body.value = f"<div class='fc-panel'>{self.text()}</div>"
            self.previous_button.disabled = self.step == 0
            self.next_button.disabled = self.step == self.last
