"""The score boxes of the round a scorekeeper is entering: one per player, each with its note.

A box whose score is refused is marked (the class ``fc-invalid``, which
:class:`~fivecrowns_lab.views.page_switches.FieldMarks` turns into ``aria-invalid``) with the
reason beside it, until it is fixed. The checks are the scorebook's
(:func:`~fivecrowns_lab.table.scorebook.parse_score`); this part only shows them.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets

from ..core.rules import ROUNDS, hand_size, wild_rank_text
from ..errors import ScoreError
from ..i18n import gettext as _
from ..table.scorebook import ScoreSheet, parse_score
from .base import shorten

__all__ = ["ScoreBoxes"]

Handler = Callable[[Any], None]


class ScoreBoxes(widgets.VBox):
    """The heading of the round being entered and one score box per player.

    ``sheet`` gives the sheet the boxes are for (the view's, as it is now); ``wire`` is
    called with each new box, for the view to hang its (guarded) handlers on it.
    """

    def __init__(self, sheet: Callable[[], ScoreSheet], wire: Callable[[widgets.Text], None]):
        super().__init__()
        self._sheet = sheet
        self._wire = wire
        self.title = widgets.HTML()
        self.entries: list[widgets.Text] = []
        self.notes: list[widgets.HTML] = []
        self.rows = widgets.VBox()
        self.children = [self.title, self.rows]

    def show(self, sheet: ScoreSheet) -> None:
        """Boxes for the next round of ``sheet`` (none once the game is over)."""
        n = len(sheet.rounds) + 1
        if sheet.players and n <= ROUNDS[-1]:
            heading = _(
                "Round {round} ({count} cards, {rank}s wild): points left in each hand"
            ).format(round=n, count=hand_size(n), rank=wild_rank_text(n))
            self.title.value = f"<h4 style='margin:6px 0 2px'>{heading}</h4>"
            placeholder = _("points")
            self.entries = [
                widgets.Text(
                    placeholder=placeholder,
                    description=name,
                    layout={"width": "190px"},
                    style={"description_width": "70px"},
                )
                for name in sheet.players
            ]
        else:
            over = _("The game is over.")
            self.title.value = f"<h4>{over}</h4>" if sheet.players else ""
            self.entries = []
        self.notes = [widgets.HTML() for _ in self.entries]
        rows = []
        for box, note in zip(self.entries, self.notes, strict=True):
            self._wire(box)
            note.layout.flex = "1 1 200px"
            row = widgets.HBox([box, note])
            row.add_class("fc-score-row")
            rows.append(row)
        self.rows.children = rows

    def _parse(self, i: int) -> int:
        sheet = self._sheet()
        return parse_score(
            self.entries[i].value, sheet.players[i], len(sheet.rounds) + 1, sheet.going_out_bonus
        )

    def check(self, i: int) -> int:
        """Read box ``i``: mark it and say why beside it if refused, unmark it if not."""
        box, note = self.entries[i], self.notes[i]
        try:
            value = self._parse(i)
        except ScoreError as exc:
            box.add_class("fc-invalid")
            note.value = f"<span class='fc-field-msg'>⚠ {escape(shorten(str(exc)))}</span>"
            raise
        box.remove_class("fc-invalid")
        note.value = ""
        return value

    def read_all(self) -> list[int]:
        """Every box's score; every refused box is marked, and the first refusal raised."""
        points: list[int] = []
        first: ScoreError | None = None
        for i in range(len(self.entries)):
            try:
                points.append(self.check(i))
            except ScoreError as exc:
                first = first or exc
        if first is not None:
            raise first
        return points

    def reads(self, box: widgets.Text) -> bool:
        """Whether a typed score would be accepted (the box is not marked either way)."""
        try:
            self._parse(self.entries.index(box))
        except ScoreError:
            return False
        return True

    def recheck(self, box: widgets.Text) -> bool:
        """Check a marked box again after a change; True when no box is marked any more."""
        if box not in self.entries or "fc-invalid" not in box._dom_classes:
            return False
        try:
            self.check(self.entries.index(box))
        except ScoreError:
            return False  # still wrong: its note says why
        return not any("fc-invalid" in b._dom_classes for b in self.entries)

    def missing(self) -> list[str]:
        """The players whose box is empty, when every typed score reads well (else none:
        Enter then adds the round and says what is wrong)."""
        typed = [b for b in self.entries if b.value.strip()]
        players = self._sheet().players
        left = [n for b, n in zip(self.entries, players, strict=True) if b not in typed]
        return left if all(self.reads(b) for b in typed) else []

    def fill(self, scores: list[str]) -> None:
        """Put ``scores`` in the boxes, in seat order."""
        for box, value in zip(self.entries, scores, strict=False):
            box.value = value
