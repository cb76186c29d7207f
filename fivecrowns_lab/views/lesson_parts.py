"""The parts the probability lessons (07, 08, 09) share: rows that wrap, round pickers,
the seed's next value, and the *First predict* and *Your guess, and the truth* panels.

The commit row is :class:`~fivecrowns_lab.views.predict.CommitRow`, the chart
:class:`~fivecrowns_lab.views.chart.Chart`, the runner with Stop
:class:`~fivecrowns_lab.views.work.Runner` and the seed box
:func:`~fivecrowns_lab.views.base.seed_box`; this module holds what the lessons built
each for themselves.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from ..core.rules import FIRST_ROUND, LAST_ROUND, ROUNDS, hand_size, wild_rank_text
from ..i18n import gettext as _
from ..i18n import ngettext as _n
from ..i18n import number

__all__ = [
    "SEED_LIMIT",
    "hands_text",
    "next_seed",
    "predict_html",
    "reveal_html",
    "round_dropdown",
    "round_guess",
    "round_slider",
    "row",
    "wilds_text",
]

#: The seed box holds 0 to 10⁹ (:func:`~fivecrowns_lab.views.base.seed_box`).
SEED_LIMIT = 10**9


def next_seed(seed: int) -> int:
    """The seed after ``seed``: *New seed* deals new hands, back to 0 after the last."""
    return (seed + 1) % (SEED_LIMIT + 1)


def row(*children: widgets.Widget, **kwargs: Any) -> widgets.HBox:
    """A row of controls that wraps onto the next line on a narrow screen."""
    box = widgets.HBox(list(children), **kwargs)
    box.layout.flex_flow = "row wrap"
    return box


def round_slider(value: int) -> widgets.IntSlider:
    """A round slider (1 to 11) that answers once it is let go."""
    return widgets.IntSlider(
        value=value,
        min=FIRST_ROUND,
        max=LAST_ROUND,
        description=_("Round"),
        continuous_update=False,
        style={"description_width": "initial"},
    )


def round_dropdown(value: int) -> widgets.Dropdown:
    """A round picker naming each round's hand size and wild rank."""
    return widgets.Dropdown(
        options=[
            (
                _("Round {round}: {count} cards, {rank}s wild").format(
                    round=r, count=hand_size(r), rank=wild_rank_text(r)
                ),
                r,
            )
            for r in ROUNDS
        ],
        value=value,
        description=_("Round"),
    )


def round_guess() -> widgets.Dropdown:
    """A guessed round: *— choose —* (0) until the learner picks one."""
    return widgets.Dropdown(
        options=[(_("— choose —"), 0)]
        + [
            (_("round {round} ({count} cards)").format(round=r, count=hand_size(r)), r)
            for r in ROUNDS
        ],
        value=0,
        description=_("Your guess"),
        layout=widgets.Layout(width="min(320px, 90vw)"),
    )


def predict_html(question: str) -> str:
    """The *First predict* heading over the question (markup already safe)."""
    return "<h4>" + _("First predict") + f"</h4><p>{question}</p>"


def reveal_html(body: str) -> str:
    """The *Your guess, and the truth* panel around ``body`` (markup already safe)."""
    heading = _("Your guess, and the truth")
    return f"<div class='fc-panel fc-reveal'><h4>{heading}</h4>{body}</div>"


def wilds_text(k: int) -> str:
    """``'1 wild'``, ``'2 wilds'``, in the learner's language."""
    return _n("{count} wild", "{count} wilds", k).format(count=number(k))


def hands_text(n: int) -> str:
    """``'1 hand'``, ``'1,000 hands'``, in the learner's language."""
    return _n("{count} hand", "{count} hands", n).format(count=number(n))
