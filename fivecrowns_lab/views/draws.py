"""Lesson 09's class experiment: draw the next card many times and count the outs.

The exact chance that the next card is an out is outs ÷ unseen cards; drawing it again
and again (each time from the full stock, as if the hand waited for its next turn)
shows the share of outs settle on that value, and the class pools everyone's draws.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets

from ..classroom.experiments import draw_out_id

# The stock a draw takes from is the engine's, so the class server replays the same draws.
from ..classroom.recompute import held, stock_of
from ..errors import LessonError
from ..i18n import gettext as _
from ..i18n import ngettext as _n
from ..i18n import number
from ..odds.outs import Outs
from ..odds.stats import wilson_interval
from .plots import fraction_html, pct

__all__ = ["DRAW_SIZES", "OutDraws", "held", "stock_of"]

#: The draws one press of a button makes.
DRAW_SIZES = (1, 100, 1000)


class OutDraws(widgets.VBox):
    """Buttons that draw the next card 1, 100 or 1,000 times, and the share that were outs.

    ``button`` makes a guarded button (the view's), ``send(experiment, seed, trials,
    successes)`` hands the draws of this hand and seed so far to the class.
    """

    def __init__(
        self,
        button: Callable[..., widgets.Button],
        send: Callable[[str, int, int, int], None],
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self._tell_class = send
        self.buttons = [
            button(
                _("Draw {count}").format(count=number(n)),
                (lambda n=n: self.draw(n)),
                style="primary" if n == 100 else "",
            )
            for n in DRAW_SIZES
        ]
        self.view = widgets.HTML()
        row = widgets.HBox(self.buttons)
        row.layout.flex_flow = "row wrap"
        self.children = [
            widgets.HTML(
                "<h4>"
                + _("Draw and count")
                + "</h4><p>"
                + _(
                    "Draw the next card again and again (each time from all the unseen cards): "
                    "what share of the draws are outs?"
                )
                + "</p>"
            ),
            row,
            self.view,
        ]
        self.add_class("fc-out-draws")
        self.reset(None, 0)

    def reset(self, result: Outs | None, seed: int) -> None:
        """A new hand, list of seen cards or seed: forget the draws (None: nothing to draw)."""
        self.result, self.seed = result, seed
        self.rng = random.Random(seed)
        self.drawn = self.hits = 0
        self.stock = stock_of(result) if result is not None else []
        self.outs = {o.card for o in result.outs} if result is not None else set()
        for b in self.buttons:
            b.disabled = not self.outs
        self.view.value = "" if self.outs else "<p>" + _("No outs to draw for this hand.") + "</p>"

    def draw(self, n: int) -> None:
        """Draw the next card ``n`` times from the stock, count the outs, tell the class."""
        result = self.result
        if result is None or not self.outs:
            raise LessonError(_("This hand has no outs to draw: enter a hand that is waiting."))
        cards = [self.rng.choice(self.stock) for _ in range(n)]
        self.drawn += n
        self.hits += sum(card in self.outs for card in cards)
        low, high = wilson_interval(self.hits, self.drawn)
        last = ""
        if n == 1 and cards[0] in self.outs:
            last = _("You drew <b>{card}</b>: an out!") + " "
        elif n == 1:
            last = _("You drew <b>{card}</b>: not an out.") + " "
        # Two counts in one sentence: the outs' plural first, then the draws' inside it.
        outs = _n("{hits} out in {draws}", "{hits} outs in {draws}", self.hits)
        draws = _n("{count} draw", "{count} draws", self.drawn).format(count=number(self.drawn))
        sentence = _(
            "{outs} (seed {seed}): <b>{share}</b>, 95% interval {low} to {high}. "
            "Exact: {fraction} = <b>{chance}</b>."
        ).format(
            outs=outs.format(hits=number(self.hits), draws=draws),
            seed=self.seed,
            share=pct(self.hits / self.drawn),
            low=pct(low),
            high=pct(high),
            fraction=fraction_html((result.count, result.unseen_total)),
            chance=pct(result.probability),
        )
        self.view.value = "<p>" + last.format(card=escape(str(cards[0]))) + sentence + "</p>"
        self._tell_class(
            draw_out_id(result.round_no, held(result), result.seen),
            self.seed,
            self.drawn,
            self.hits,
        )
