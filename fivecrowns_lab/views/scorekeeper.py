"""A scorekeeper for a real game at the table: players, each round's points, totals, places.

The game logic lives in :mod:`fivecrowns_lab.table.scorebook`; this module only shows it.

Where and how a game is saved (per browser, commit-after-write, two tabs never
overwriting each other) is :class:`~fivecrowns_lab.views.saved_sheet.SavedSheetView`'s.

Nothing typed is lost by a slip: "Start a new game" over a game in progress asks first
(an inline row, no browser dialog), and the replaced game can be brought back with
"Undo new game". Enter in a score box adds the round; a score that is refused marks its
box (the class ``fc-invalid``, which :class:`~fivecrowns_lab.views.base.FieldMarks` turns
into ``aria-invalid``) with the reason beside it, until the box is fixed. A round where
nobody has the going-out score (0, or −10 with the bonus) asks before it is added.
"""

from __future__ import annotations

import base64
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from ..core.rules import ROUNDS
from ..errors import ScoreError
from ..i18n import N_, number
from ..i18n import gettext as _
from ..i18n import ngettext as _n
from ..render import score_sheet_html
from ..table.scorebook import ScoreSheet, parse_players, placements
from .base import FieldMarks, set_shown, variant_checkbox
from .browser_id import (
    BROWSER_SAVES,
    SAVES_ENV,
    BrowserId,
    saves_folder,
)
from .confirm_row import ConfirmRow
from .saved_sheet import SavedSheetView
from .score_boxes import ScoreBoxes

__all__ = [
    "BROWSER_SAVES",
    "SAVES_ENV",
    "BrowserId",
    "ScoreError",
    "ScoreSheet",
    "Scorekeeper",
    "placements",
    "saves_folder",
]


class Scorekeeper(SavedSheetView):
    """Type each round's points; see totals and places; undo, export CSV; autosaved."""

    title = N_("Scorekeeper")

    def __init__(
        self,
        path: str | Path | None = None,
        *,
        saves: str | Path | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(path, saves, **kwargs)
        self._build_setup()
        self.boxes = ScoreBoxes(lambda: self.sheet, self._wire_box)
        self.marks = FieldMarks()
        actions = self._build_actions()
        self.download = widgets.HTML()
        self.table = widgets.HTML()
        parts = [self.setup, self.confirm_row, self.boxes, self.round_confirm, actions]
        self._frame([*parts, self.table, self.download, self.browser, self.marks], self._intro())
        self._open_save()

    def _build_setup(self) -> None:
        """The players' names, the bonus, Start, and the row that asks before replacing."""
        self.names = widgets.Text(
            placeholder="Ann, Ben, Cleo", description=_("Players"), continuous_update=False
        )
        self.bonus = variant_checkbox("going_out_bonus")
        self.start_button = self._button(
            _("Start a new game"), self.start, style="primary", icon="play"
        )
        self.setup = widgets.HBox([self.names, self.bonus, self.start_button])
        self.setup.layout.flex_flow = "row wrap"
        # "Start a new game" over a game in progress asks here first (no browser dialog).
        self._pending: tuple[list[str], bool] | None = None
        self.confirm_text = widgets.HTML()
        self.confirm_yes = self._button(_("Yes, replace it"), self._confirm_start, style="danger")
        self.confirm_keep = self._button(_("Keep it"), self._keep_game)
        self.confirm_row = widgets.HBox([self.confirm_text, self.confirm_yes, self.confirm_keep])
        self.confirm_row.add_class("fc-confirm")
        self.confirm_row.layout.flex_flow = "row wrap"
        set_shown(self.confirm_row, shown=False)

    def _build_actions(self) -> widgets.HBox:
        """The round's buttons (add, undo, undo new game, export, reload) and the question
        asked about a round where nobody went out."""
        self.undo_new_button = self._button(
            _("Undo new game"),
            self.undo_new_game,
            tooltip=_("Bring back the game just replaced"),
        )
        set_shown(self.undo_new_button, shown=False)
        self.add_button = self._button(
            _("Add round"), self.add_round, style="success", icon="plus"
        )
        self.undo_button = self._button(_("Undo last round"), self.undo, icon="undo")
        # A round where nobody has the going-out score asks before it is added.
        self.round_confirm = ConfirmRow(
            self._button,
            (_("Add it anyway"), lambda: self.add_round(anyway=True)),
            (_("Let me correct it"), self._correct_round),
        )
        self.export_button = self._button(_("Export CSV"), self.export, icon="download")
        self.reload_button = self._button(
            _("Reload the saved game"),
            self.load,
            icon="refresh",
            tooltip=_("Another tab changed it"),
        )
        set_shown(self.reload_button, shown=False)  # shown when another tab saved since
        buttons = [self.add_button, self.undo_button, self.undo_new_button]
        actions = widgets.HBox([*buttons, self.export_button, self.reload_button])
        actions.layout.flex_flow = "row wrap"
        return actions

    def _intro(self) -> str:
        # Two whole sentences: where the game is saved changes the whole second half.
        if self.store is None:
            return _(
                "For a game at a real table: type each player's points after every round and "
                "press Enter (or Add round). Every change is saved at once, in this browser's "
                "own save on the server: a reload brings it back, and other visitors never "
                "see it."
            )
        return _(
            "For a game at a real table: type each player's points after every round and "
            "press Enter (or Add round). Every change is saved at once, in this notebook's "
            "save file."
        )

    # The score boxes live in a part of their own; these names are the view's for tests.
    @property
    def entries(self) -> list[widgets.Text]:
        """The score boxes of the round being entered, in seat order."""
        return self.boxes.entries

    @property
    def entry_notes(self) -> list[widgets.HTML]:
        """The note beside each score box (why a score is refused)."""
        return self.boxes.notes

    @property
    def entry_title(self) -> widgets.HTML:
        """The heading of the round being entered."""
        return self.boxes.title

    def _wire_box(self, box: widgets.Text) -> None:
        # Scores sync as they are typed (continuous_update), so the Enter message,
        # sent after them, always finds every typed digit in the kernel.
        box.on_msg(self._guard(self._on_box_message))
        box.observe(self._guard(lambda c: self._on_box_changed(c["owner"])), "value")

    # --- actions -------------------------------------------------------------------------
    def in_progress(self) -> bool:
        """True while the game has rounds entered and rounds still to play."""
        return bool(self.sheet.players and self.sheet.rounds and not self.sheet.over)

    def start(self) -> None:
        """Start a game with the typed players; over a game in progress, ask first.

        The replaced game can be brought back with :meth:`undo_new_game`.
        """
        names = parse_players(self.names.value)
        if not self.in_progress():
            self._start(names, self.bonus.value)
            return
        self._pending = (names, self.bonus.value)
        n = len(self.sheet.rounds)
        players = ", ".join(self.sheet.players)
        question = _n(
            "<b>Replace the game with {count} round</b> ({players})? You can undo it.",
            "<b>Replace the game with {count} rounds</b> ({players})? You can undo it.",
            n,
        ).format(count=n, players=escape(players))
        self.confirm_text.value = f"<span class='fc-confirm-text'>{question}</span>"
        set_shown(self.confirm_row, shown=True)
        self.status.info(
            _n(
                "The game of {players} has {count} round entered: replace it with a new game, "
                "or keep it?",
                "The game of {players} has {count} rounds entered: replace it with a new game, "
                "or keep it?",
                n,
            ).format(players=players, count=n)
        )

    def _confirm_start(self) -> None:
        if self._pending is None:
            raise ScoreError(_("There is no new game waiting to start."))
        names, bonus = self._pending
        self._start(names, bonus)

    def _keep_game(self) -> None:
        self._hide_confirm()
        self.names.value = ", ".join(self.sheet.players)
        self.bonus.value = self.sheet.going_out_bonus
        self.status.info(
            _("Kept the game of {players}.").format(players=", ".join(self.sheet.players))
        )

    def _hide_confirm(self) -> None:
        self._pending = None
        set_shown(self.confirm_row, shown=False)
        self.round_confirm.hide()

    def _start(self, names: list[str], bonus: bool) -> None:
        old = self.sheet
        failed = _(
            "The new game could not be saved, so nothing changed: the sheet is as it was last "
            "saved. Try again in a moment."
        )
        if not self._commit(ScoreSheet(names, bonus, []), failed):
            return
        self._replaced = old if old.players else None
        self._rebuild()
        started = _("New game for {players}. Round 1 deals 3 cards, 3s wild.").format(
            players=", ".join(names)
        )
        if self._replaced is not None:
            started += " " + _(
                "The game of {players} is replaced: Undo new game brings it back."
            ).format(players=", ".join(old.players))
        self.status.ok(started)

    def undo_new_game(self) -> None:
        """Bring back (and save again) the game the last new game replaced."""
        old = self._replaced
        if old is None:
            raise ScoreError(_("There is no replaced game to bring back."))
        failed = _(
            "Bringing back the old game could not be saved, so nothing changed: the sheet is as "
            "it was last saved. Try again in a moment."
        )
        if not self._commit(old, failed):
            return
        self._replaced = None
        self._rebuild()
        self.status.ok(
            _n(
                "Brought back the game of {players}: {count} round played.",
                "Brought back the game of {players}: {count} rounds played.",
                len(old.rounds),
            ).format(players=", ".join(old.players), count=len(old.rounds))
        )

    def add_round(self, anyway: bool = False) -> None:
        """Check every typed score; add the round only if all are fine and it was saved.

        A round where nobody has the going-out score (0, or −10 with the bonus) is asked
        about first; ``anyway`` adds it without asking.
        """
        if not self.sheet.players:
            raise ScoreError(_("Start a game first: enter the players' names."))
        self._hide_confirm()
        n = len(self.sheet.rounds) + 1
        if n > ROUNDS[-1]:
            raise ScoreError(_("All eleven rounds are entered: the game is over."))
        points = self.boxes.read_all()
        if not anyway and self.sheet.nobody_went_out(points):
            self._ask_about_round(n)
            return
        failed = _(
            "Round {round} could not be saved, so nothing changed: the sheet is as it was last "
            "saved. Try again in a moment."
        ).format(round=n)
        if not self._commit(self.sheet.with_round(points), failed):
            return
        self._replaced = None
        self._rebuild()
        self.status.ok(_("Round {round} added and saved.").format(round=n))

    def _ask_about_round(self, n: int) -> None:
        score = number(self.sheet.going_out_score)
        self.round_confirm.ask(
            escape(
                _("Nobody scored {score} in round {round}: someone goes out every round.").format(
                    score=score, round=n
                )
            )
        )
        self.status.info(
            _(
                "Round {round} is not added yet: correct the scores, or press Add it anyway."
            ).format(round=n)
        )

    def _correct_round(self) -> None:
        self.round_confirm.hide()
        self.status.info(
            _("Correct the scores of round {round}, then press Enter or Add round.").format(
                round=len(self.sheet.rounds) + 1
            )
        )

    def _on_box_changed(self, box: widgets.Text) -> None:
        """A marked box that is changed is checked again: fixed, its mark goes."""
        if self.round_confirm.asking:  # the question was about the scores before the change
            self._correct_round()
        if self.boxes.recheck(box):
            self.status.info(_("Every score reads well now: press Enter or Add round."))

    def _on_box_message(self, box: widgets.Text, content: Any, _buffers: Any) -> None:
        """Enter in a score box (the front end's ``submit`` message) adds the round."""
        if not isinstance(content, dict) or content.get("event") != "submit":
            return
        if box not in self.entries:
            return  # a box of a round already added (a second Enter): nothing to do
        missing = self.boxes.missing()
        if missing:
            # Enter after one score of several is not a mistake yet: say what is left.
            n = len(self.sheet.rounds) + 1
            self.status.info(
                _(
                    "Round {round} still needs a score for {players} (type 0 for a player who "
                    "went out), then press Enter."
                ).format(round=n, players=_names_and(missing))
            )
            return
        self.add_round()

    def undo(self) -> None:
        """Remove the last round entered (its scores go back in the boxes)."""
        self._hide_confirm()
        removed = self.sheet.rounds[-1] if self.sheet.rounds else []
        n = len(self.sheet.rounds)
        failed = _(
            "Undoing round {round} could not be saved, so nothing changed: the sheet is as it "
            "was last saved. Try again in a moment."
        ).format(round=n)
        if not self._commit(self.sheet.without_last_round(), failed):
            return
        self._rebuild()
        self.boxes.fill([str(value) for value in removed])
        self.status.info(
            _("Removed round {round}; its scores are back in the boxes.").format(round=n)
        )

    def export(self) -> str:
        """Offer the scores as a CSV download (nothing is written on the server)."""
        if not self.sheet.players:
            raise ScoreError(_("There is nothing to export yet."))
        text = self.sheet.to_csv()
        data = base64.b64encode(text.encode()).decode()
        link = _("Download the scores as CSV")
        self.download.value = (
            f"<a download='five-crowns-scores.csv' href='data:text/csv;base64,{data}'>{link}</a>"
        )
        self.status.ok(_("The CSV is ready: use the link to download it."))
        return text

    def type_scores(self, *scores: str | int) -> None:
        """Fill the score boxes (for tests and demos)."""
        self.boxes.fill([str(value) for value in scores])

    # --- display -------------------------------------------------------------------------
    def _rebuild(self) -> None:
        s = self.sheet
        with self.hold_sync():
            self.boxes.show(s)
            self._hide_confirm()
            self.add_button.disabled = not self.entries
            self.undo_button.disabled = not s.rounds
            set_shown(self.undo_new_button, shown=self._replaced is not None)
            self.export_button.disabled = not s.players
            self.names.value = ", ".join(s.players)
            self.bonus.value = s.going_out_bonus
            self.table.value = score_sheet_html(s)
            self.download.value = ""


def _names_and(names: list[str]) -> str:
    """``'Ann'``, ``'Ann and Ben'``, ``'Ann and Ben and Cleo'``: the players still missing."""
    joined = names[0]
    for name in names[1:]:
        joined = _("{first} and {second}").format(first=joined, second=name)
    return joined
