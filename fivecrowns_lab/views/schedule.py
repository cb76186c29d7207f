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
    MAX_RANK,
    ROUNDS,
    card_points,
    check_round,
    hand_size,
    is_wild,
    wild_rank,
    wild_rank_text,
)
from ..core.solver import best_arrangement
from ..i18n import N_
from ..i18n import gettext as _
from ..i18n import ngettext as _n
from ..render import arrangement_html, card_html, hand_html, points_text
from .base import View, css

__all__ = ["DealtHand", "ScheduleTable", "ScheduleView", "schedule_rows"]


def schedule_rows() -> list[tuple[int, int, str, int, int]]:
    """(round, cards dealt, wild rank, a king's points, a joker's points) for every round."""
    king = Card(MAX_RANK, Suit.SPADES)
    return [
        (r, hand_size(r), wild_rank_text(r), card_points(king, r), card_points(JOKER, r))
        for r in ROUNDS
    ]


class ScheduleTable(widgets.HTML):
    """All eleven rounds in one table: cards dealt, wild rank, a king's and a joker's points."""

    HEADERS = (
        N_("Round"),
        N_("Cards dealt"),
        N_("Wild rank"),
        N_("A king scores"),
        N_("A joker scores"),
    )

    def __init__(self, **kwargs: Any) -> None:
        head = "".join(f"<th scope='col'>{escape(_(h))}</th>" for h in self.HEADERS)
        plural_rank = _("{rank}s")  # the rank's cards: "the 7s"
        rows = "".join(
            f"<tr{' class=fc-hl' if r == ROUNDS[-1] else ''}><th scope='row'>{r}</th>"
            f"<td>{n}</td><td>{escape(plural_rank.format(rank=wild))}</td>"
            f"<td>{king}</td><td>{joker}</td></tr>"
            for r, n, wild, king, joker in schedule_rows()
        )
        label = escape(_("The eleven rounds: cards dealt, wild rank and points"), quote=True)
        super().__init__(
            f"<style>{css()}</style>"
            "<div style='overflow-x:auto;max-width:100%'><table class='fc-table' "
            f"aria-label='{label}'>"
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
        size = hand_size(round_no)
        about = _n(
            "Round {round}: {count} card, {rank}s wild (seed {seed}).",
            "Round {round}: {count} cards, {rank}s wild (seed {seed}).",
            size,
        ).format(round=round_no, count=size, rank=wild_rank_text(round_no), seed=seed)
        holds = _n(
            "This hand holds {count} wild card.", "This hand holds {count} wild cards.", wilds
        ).format(count=wilds)
        best = _("Its best arrangement: {points} left").format(
            points=points_text(self.arrangement.penalty)
        )
        super().__init__(
            f"<style>{css()}</style><p>{escape(about)} {escape(holds)}</p>"
            f"<div class='fc-felt'>{hand_html(self.hand, round_no)}</div>"
            f"<h4 style='margin:8px 0 2px'>{escape(best)}</h4>"
            + arrangement_html(self.arrangement),
            **kwargs,
        )


def _points_table(points: list[tuple[str, int]], wild: str) -> str:
    """A two-row table: the ranks ``points`` names, and each one's points this round."""
    card_word, points_word = escape(_("card")), escape(_("points"))
    head = "".join(f"<th scope='col'>{rank}</th>" for rank, _p in points)
    cells = "".join(
        f"<td class=fc-wildcell>{_wild_cell(p)}</td>" if rank in (wild, "JK") else f"<td>{p}</td>"
        for rank, p in points
    )
    return (
        "<table class='fc-table' style='margin:0'>"
        f"<tr><th class='fc-left' scope='row'>{card_word}</th>{head}</tr>"
        f"<tr><th class='fc-left' scope='row'>{points_word}</th>{cells}</tr></table>"
    )


def _wild_cell(points: int) -> str:
    badge = escape(_("WILD"))
    return f"<b>{points}</b> <span class=fc-badge>{badge}</span>"


# Wide enough that each of the eleven rounds gets a finger's width on the slider's track.
ROUND_SLIDER_WIDTH = "min(480px, 100%)"


class ScheduleView(View):
    """Move the slider: see the cards dealt, the wild rank, and what each card scores."""

    title = N_("The wild-card schedule")

    def __init__(self, round_no: int = 1, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.round = widgets.IntSlider(
            value=round_no,
            min=ROUNDS[0],
            max=ROUNDS[-1],
            description=_("Round"),
            continuous_update=True,
            # The default track is about 124 px for 11 stops, too fine to hit one by touch;
            # 480 px gives each stop about 40 px, and 95% keeps it inside a phone's column.
            layout=widgets.Layout(width=ROUND_SLIDER_WIDTH),
        )
        self.round.observe(self._guard(lambda _c: self.refresh()), names="value")
        self.summary = widgets.HTML()
        self.cards = widgets.HTML()
        self.table = widgets.HTML()
        self.table.add_class("fc-fit")  # theme.css: its table scrolls, its sentence wraps
        self._frame(
            [self.round, self.summary, self.cards, self.table],
            _(
                "Round <i>r</i> deals <i>r</i> + 2 cards, and that rank is wild. "
                "Use the slider (or the arrow keys on it)."
            ),
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
        size = hand_size(r)
        # the bold type is in the sentence, so a translation keeps it on its own words
        dealt = _n(
            "Round <b>{round}</b>: each player is dealt <b>{count} card</b>; the <b>{rank}s</b> "
            "are wild, and so are the jokers. A wild card left in hand scores 20, a joker 50.",
            "Round <b>{round}</b>: each player is dealt <b>{count} cards</b>; the <b>{rank}s</b> "
            "are wild, and so are the jokers. A wild card left in hand scores 20, a joker 50.",
            size,
        )
        sentence = dealt.format(round=r, count=size, rank=escape(wild))
        self.summary.value = f"<p class='fc-lead'>{sentence}</p>"
        wilds = "".join(card_html(Card(wild_rank(r), s), r, width=48) for s in Suit)
        self.cards.value = (
            f"<div style='display:flex;flex-wrap:wrap;align-items:center;gap:6px'>{wilds}"
            f"{card_html(JOKER, r, width=48)}</div>"
        )
        points = self.points()
        label = escape(_("Points of each card this round"), quote=True)
        # Two tables of six cards that wrap: side by side on a wide screen, one above the
        # other on a phone, where one row of twelve would hide the last cards off the edge.
        items = list(points.items())
        half = len(items) // 2
        tables = _points_table(items[:half], wild) + _points_table(items[half:], wild)
        king = points["K"]
        note = (
            _("In this last round the kings are wild, so a king left in hand scores 20, not 13.")
            if r == ROUNDS[-1]
            else _(
                "A king scores {points} this round, a queen 12, a jack 11: "
                "face cards are not worth 10."
            ).format(points=king)
        )
        self.table.value = (
            f"<div role='group' aria-label='{label}' style='display:flex;flex-wrap:wrap;"
            f"gap:6px 12px;margin:6px 0;max-width:100%'>{tables}</div>"
            f"<p style='overflow-wrap:anywhere'>{escape(note)}</p>"
        )
