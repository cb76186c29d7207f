"""The wild-card schedule: a round slider; hand size, wild rank and every card's points.

Also the schedule of all eleven rounds as one table, and a seeded dealt hand shown with
its round (so its wild cards carry their WILD badge), both computed by the engine.
"""

from __future__ import annotations

import random
from html import escape
from typing import Any

import ipywidgets as widgets

from ..core.cards import DECK, JOKER, RANK_NAMES, RANKS, Card, Hand, Suit
from ..core.rules import (
    ROUNDS,
    card_points,
    check_round,
    hand_size,
    is_wild,
    wild_rank,
    wild_rank_text,
)
from ..core.solver import best_arrangement
from ..errors import plural
from ..render import arrangement_html, card_html, hand_html, points_text
from .base import View, css

__all__ = ["DealtHand", "ScheduleTable", "ScheduleView", "schedule_rows"]


def schedule_rows() -> list[tuple[int, int, str, int, int]]:
    """(round, cards dealt, wild rank, a king's points, a joker's points) for every round."""
    king = Card(13, Suit.SPADES)
    return [
        (r, hand_size(r), wild_rank_text(r), card_points(king, r), card_points(JOKER, r))
        for r in ROUNDS
    ]


class ScheduleTable(widgets.HTML):
    """All eleven rounds in one table: cards dealt, wild rank, a king's and a joker's points."""

    HEADERS = ("Round", "Cards dealt", "Wild rank", "A king scores", "A joker scores")

    def __init__(self, **kwargs: Any) -> None:
        head = "".join(f"<th scope='col'>{h}</th>" for h in self.HEADERS)
        rows = "".join(
            f"<tr{' class=fc-hl' if r == ROUNDS[-1] else ''}><th scope='row'>{r}</th>"
            f"<td>{n}</td><td>{wild}s</td><td>{king}</td><td>{joker}</td></tr>"
            for r, n, wild, king, joker in schedule_rows()
        )
        super().__init__(
            f"<style>{css()}</style>"
            "<div style='overflow-x:auto;max-width:100%'><table class='fc-table' "
            "aria-label='The eleven rounds: cards dealt, wild rank and points'>"
            f"<thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table></div>",
            **kwargs,
        )


class DealtHand(widgets.HTML):
    """A hand dealt by a seeded shuffle in a round, with its wilds marked, and its best melds."""

    def __init__(self, round_no: int = 5, seed: int = 2026, **kwargs: Any) -> None:
        check_round(round_no)
        self.round_no = round_no
        self.hand = Hand(random.Random(seed).sample(DECK, hand_size(round_no))).sorted()
        self.arrangement = best_arrangement(self.hand, round_no)
        wilds = sum(1 for c in self.hand if is_wild(c, round_no))
        super().__init__(
            f"<style>{css()}</style>"
            f"<p>Round {round_no}: {hand_size(round_no)} cards, "
            f"{escape(wild_rank_text(round_no))}s wild (seed {seed}). "
            f"This hand holds {plural(wilds, 'wild card')}.</p>"
            f"<div class='fc-felt'>{hand_html(self.hand, round_no)}</div>"
            f"<h4 style='margin:8px 0 2px'>Its best arrangement: "
            f"{points_text(self.arrangement.penalty)} left</h4>"
            + arrangement_html(self.arrangement),
            **kwargs,
        )


def _wild_cell(points: int) -> str:
    return f"<b>{points}</b> <span class=fc-badge>WILD</span>"


class ScheduleView(View):
    """Move the slider: see the cards dealt, the wild rank, and what each card scores."""

    title = "The wild-card schedule"

    def __init__(self, round_no: int = 1, **kwargs: Any) -> None:
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
            f"<div style='display:flex;flex-wrap:wrap;align-items:center;gap:6px'>{wilds}"
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
            "<div style='overflow-x:auto;max-width:100%'>"
            "<table class='fc-table' aria-label='Points of each card this round'>"
            f"<tr><th class='fc-left' scope='row'>card</th>{head}</tr>"
            f"<tr><th class='fc-left' scope='row'>points</th>{cells}</tr></table></div>"
            f"<p style='overflow-wrap:anywhere'>{note}</p>"
        )
