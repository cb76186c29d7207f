"""The wild-card schedule: a round slider; hand size, wild rank and every card's points."""

from __future__ import annotations

import ipywidgets as widgets

from ..core.cards import JOKER, RANK_NAMES, RANKS, Card, Suit
from ..core.rules import ROUNDS, card_points, hand_size, wild_rank, wild_rank_text
from ..render import card_html
from .base import View

__all__ = ["ScheduleView"]


def _wild_cell(points: int) -> str:
    return f"<b>{points}</b> <span class=fc-badge>WILD</span>"


class ScheduleView(View):
    """Move the slider: see the cards dealt, the wild rank, and what each card scores."""

    title = "The wild-card schedule"

    def __init__(self, round_no: int = 1, **kwargs):
        super().__init__(**kwargs)
        self.round = widgets.IntSlider(
            value=round_no,
            min=ROUNDS[0],
            max=ROUNDS[-1],
            description="Round",
            continuous_update=True,
        )
        self.round.observe(self._guard(lambda _c: self.refresh()), names="value")
        self.summary = widgets.HTML()
        self.cards = widgets.HTML()
        self.table = widgets.HTML()
        self._frame(
            [self.round, self.summary, self.cards, self.table],
            "Round <i>r</i> deals <i>r</i> + 2 cards, and that rank is wild. "
            "Use the slider (or the arrow keys on it).",
        )
        self.refresh()

    def points(self) -> dict[str, int]:
        """Each rank's points this round (and the joker's)."""
        r = self.round.value
        out = {RANK_NAMES.get(k, str(k)): card_points(Card(k, Suit.HEARTS), r) for k in RANKS}
        out["JK"] = card_points(JOKER, r)
        return out

    def refresh(self) -> None:
        r = self.round.value
        wild = wild_rank_text(r)
        self.summary.value = (
            f"<p style='font-size:16px'>Round <b>{r}</b>: each player is dealt "
            f"<b>{hand_size(r)} cards</b>; the <b>{wild}s</b> are wild, and so are the jokers. "
            f"A wild card left in hand scores 20, a joker 50.</p>"
        )
        wilds = "".join(card_html(Card(wild_rank(r), s), r, width=48) for s in Suit)
        self.cards.value = (
            f"<div style='display:flex;align-items:center;gap:6px'>{wilds}"
            f"{card_html(JOKER, r, width=48)}</div>"
        )
        points = self.points()
        head = "".join(f"<th scope='col'>{rank}</th>" for rank in points)
        cells = "".join(
            f"<td{' class=fc-wildcell' if rank in (wild, 'JK') else ''}>"
            f"{_wild_cell(p) if rank in (wild, 'JK') else p}</td>"
            for rank, p in points.items()
        )
        king = points["K"]
        note = (
            "In this last round the kings are wild, so a king left in hand scores 20, not 13."
            if r == ROUNDS[-1]
            else f"A king scores {king} this round, a queen 12, a jack 11: "
            "face cards are not worth 10."
        )
        self.table.value = (
            "<table class='fc-table' aria-label='Points of each card this round'>"
            f"<tr><th class='fc-left' scope='row'>card</th>{head}</tr>"
            f"<tr><th class='fc-left' scope='row'>points</th>{cells}</tr></table>"
            f"<p>{note}</p>"
        )
