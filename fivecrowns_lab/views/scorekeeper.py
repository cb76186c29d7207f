"""A scorekeeper for a real game at the table: players, each round's points, totals, places.

The game logic lives in :mod:`fivecrowns_lab.table.scorebook`; this module only shows it.

Where a game is saved. Served to a class, many visitors share one server, so each
visitor's game goes to a file of its own, named by a random id that the visitor's browser
makes once and keeps (in ``localStorage``, through the small :class:`BrowserId` widget).
A reload in the same browser finds the same id and so the same game; another browser
has another id and never sees it. The saves live in ``scorekeeper-saves/`` beside the
notebook, or in the folder named by the ``FIVECROWNS_LAB_SAVES`` environment variable.
Given an explicit ``path`` (one person in JupyterLab, and the tests), the view saves there.

Every change is commit-after-write: the new sheet is saved first and shown only if the
save worked; a failed save leaves the memory, the screen and the file as they were, and
the status line says so.

Two tabs of one browser share its save. Each save carries a revision
(:class:`~fivecrowns_lab.table.scorebook.SaveFile`), so a tab whose game is older than the
save (the other tab changed it since) is refused with a sentence and offered a button to
reload the saved game; the other tab's rounds are kept.

Nothing typed is lost by a slip: "Start a new game" over a game in progress asks first
(an inline row, no browser dialog), and the replaced game can be brought back with
"Undo new game". Enter in a score box adds the round; a score that is refused marks its
box (the class ``fc-invalid``, which :class:`~fivecrowns_lab.views.base.FieldMarks` turns
into ``aria-invalid``) with the reason beside it, until the box is fixed. A round where
nobody has the going-out score (0, or −10 with the bonus) asks before it is added.
"""

from __future__ import annotations

import base64
import os
import re
import sys
from html import escape
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as widgets
import traitlets

from ..core.rules import ROUNDS, hand_size, wild_rank_text
from ..errors import ScoreError
from ..i18n import N_, number
from ..i18n import gettext as _
from ..i18n import ngettext as _n
from ..table.scorebook import SaveFile, ScoreSheet, parse_players, parse_score, placements
from .base import FieldMarks, View, set_shown, shorten, variant_checkbox
from .confirm_row import ConfirmRow

__all__ = ["BrowserId", "ScoreError", "ScoreSheet", "Scorekeeper", "placements"]

SAVES_ENV = "FIVECROWNS_LAB_SAVES"
DEFAULT_SAVES = "scorekeeper-saves"
VISITOR_ID = re.compile(r"^[0-9a-f]{32}$")

_BROWSER_ID_JS = """
const KEY = "fivecrowns-lab.scorekeeper.visitor";
function newId() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
function render({ model, el }) {
  el.hidden = true;
  let id = "";
  let kept = true;
  try {
    id = window.localStorage.getItem(KEY) || "";
    if (!/^[0-9a-f]{32}$/.test(id)) {
      id = newId();
      window.localStorage.setItem(KEY, id);
    }
  } catch (err) {
    kept = false;
  }
  if (!/^[0-9a-f]{32}$/.test(id)) {
    id = newId();
    kept = false;
  }
  model.set("kept", kept);
  model.set("visitor", id);
  model.save_changes();
}
export default { render };
"""


class BrowserId(anywidget.AnyWidget):
    """An invisible widget whose ``visitor`` is a random id the browser keeps for this site.

    ``kept`` is False when the browser refuses to keep it (private windows, blocked
    storage): the id then lasts only as long as the page.
    """

    _esm = _BROWSER_ID_JS
    visitor = traitlets.Unicode("").tag(sync=True)
    kept = traitlets.Bool(True).tag(sync=True)


#: In a browser kernel (the static site) the working folder is the site's virtual drive, kept
#: by the browser; whether it supports the atomic save (a temporary file, fsync, rename) is
#: not checked, so the saves go to Pyodide's in-memory file system, for as long as the page
#: is open (the status line says so).
BROWSER_SAVES = "/tmp/fivecrowns-lab-scorekeeper-saves"
BROWSER_NOTE = N_("In this web version the game is kept only while this page is open.")


def saves_folder(platform: str = sys.platform) -> Path:
    """Where per-visitor saves go: ``$FIVECROWNS_LAB_SAVES`` or ``scorekeeper-saves/``
    (in a browser kernel, an in-memory folder).

    >>> saves_folder("emscripten").as_posix()
    '/tmp/fivecrowns-lab-scorekeeper-saves'
    """
    if os.environ.get(SAVES_ENV):
        return Path(os.environ[SAVES_ENV])
    return Path(BROWSER_SAVES if platform == "emscripten" else DEFAULT_SAVES)


class Scorekeeper(View):
    """Type each round's points; see totals and places; undo, export CSV; autosaved."""

    title = N_("Scorekeeper")

    def __init__(
        self,
        path: str | Path | None = None,
        *,
        saves: str | Path | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.sheet = ScoreSheet()
        self.store: SaveFile | None = SaveFile(path) if path is not None else None
        self.saves = Path(saves) if saves is not None else saves_folder()
        self.browser = BrowserId()
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
        # The game a new game replaced, until the new game gets its first round.
        self._replaced: ScoreSheet | None = None
        self.undo_new_button = self._button(
            _("Undo new game"),
            self.undo_new_game,
            tooltip=_("Bring back the game just replaced"),
        )
        set_shown(self.undo_new_button, shown=False)
        self.entry_title = widgets.HTML()
        self.entries: list[widgets.Text] = []
        self.entry_notes: list[widgets.HTML] = []
        self.entry_box = widgets.VBox()
        self.marks = FieldMarks()
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
        self.download = widgets.HTML()
        self.table = widgets.HTML()
        actions = widgets.HBox(
            [
                self.add_button,
                self.undo_button,
                self.undo_new_button,
                self.export_button,
                self.reload_button,
            ]
        )
        actions.layout.flex_flow = "row wrap"
        # Two whole sentences: where the game is saved changes the whole second half.
        intro = (
            _(
                "For a game at a real table: type each player's points after every round and "
                "press Enter (or Add round). Every change is saved at once, in this browser's "
                "own save on the server: a reload brings it back, and other visitors never "
                "see it."
            )
            if self.store is None
            else _(
                "For a game at a real table: type each player's points after every round and "
                "press Enter (or Add round). Every change is saved at once, in this notebook's "
                "save file."
            )
        )
        self._frame(
            [
                self.setup,
                self.confirm_row,
                self.entry_title,
                self.entry_box,
                self.round_confirm,
                actions,
                self.table,
                self.download,
                self.browser,
                self.marks,
            ],
            intro,
        )
        if self.store is None:
            self._rebuild()
            self.status.info(_("Opening your saved game…"))
            self.browser.observe(self._guard(self._on_visitor), names="visitor")
        else:
            self.load()

    # --- saving --------------------------------------------------------------------------
    def _on_visitor(self, change: dict[str, Any]) -> None:
        visitor = change["new"]
        if not VISITOR_ID.match(visitor):
            raise ScoreError(
                _("This browser sent an id that is not one of ours; reload the page.")
            )
        if self.store is not None and self.store.path.stem == visitor:
            return
        self.store = SaveFile(self.saves / f"{visitor}.autosave.json")
        self.load()
        if not self.browser.kept:
            note = _(
                "This browser does not keep data for this site, so the game lasts only while "
                "this page is open: export a CSV before closing."
            )
            self.status.info(f"{self.status.text} {note}")

    def load(self) -> None:
        """Read this visitor's save if there is one (a damaged save is reported, not trusted)."""
        if self.store is None:
            return
        sheet, problem = self.store.load()
        # After another tab's save, scores typed here but refused are kept in their boxes.
        players = list(self.sheet.players)
        typed = [box.value for box in self.entries]
        self.sheet = sheet if sheet is not None else ScoreSheet()
        set_shown(self.reload_button, shown=False)
        self._replaced = None
        self._rebuild()
        kept = ""
        if any(typed) and list(self.sheet.players) == players and self.entries:
            for box, value in zip(self.entries, typed, strict=False):
                box.value = value
            kept = " " + _(
                "Your typed scores are still in the boxes: check them before adding round {round}."
            ).format(round=len(self.sheet.rounds) + 1)
        if sheet is None and problem:
            self.status.error(problem)
        elif sheet is not None and sheet.players:
            n = len(sheet.rounds)
            restored = (
                _n(
                    "Restored the saved game: {players}, {count} round played.",
                    "Restored the saved game: {players}, {count} rounds played.",
                    n,
                ).format(players=", ".join(sheet.players), count=n)
                + kept
            )
            if problem:
                self.status.error(f"{problem} {restored}")
            else:
                self.status.info(restored)
        else:
            start = _("Enter the players' names and press Start a new game.")
            if sys.platform == "emscripten":
                start += " " + _(BROWSER_NOTE)
            self.status.info(start)

    def _commit(self, sheet: ScoreSheet, failed: str) -> bool:
        """Save ``sheet`` and keep it; if the save fails, change nothing and say ``failed``
        (a whole sentence: what could not be saved, and that nothing changed)."""
        if self.store is None:
            raise ScoreError(
                _("This page is still connecting to your browser; try again in a second.")
            )
        try:
            self.store.save(sheet)
        except ScoreError:
            # Another tab saved since this one loaded: the save is refused and kept; this
            # tab's sheet and typed scores stay as they were until the learner reloads.
            set_shown(self.reload_button, shown=True)
            raise
        except OSError:
            self.status.error(failed)
            return False
        self.sheet = sheet
        return True

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
        points: list[int] = []
        first: ScoreError | None = None
        for i in range(len(self.entries)):
            try:
                points.append(self._check_box(i))
            except ScoreError as exc:
                first = first or exc
        if first is not None:
            raise first
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

    def _check_box(self, i: int) -> int:
        """Read score box ``i``: mark it and say why beside it if refused, unmark it if not."""
        box, note = self.entries[i], self.entry_notes[i]
        try:
            value = parse_score(
                box.value,
                self.sheet.players[i],
                len(self.sheet.rounds) + 1,
                self.sheet.going_out_bonus,
            )
        except ScoreError as exc:
            box.add_class("fc-invalid")
            note.value = f"<span class='fc-field-msg'>⚠ {escape(shorten(str(exc)))}</span>"
            raise
        box.remove_class("fc-invalid")
        note.value = ""
        return value

    def _on_box_changed(self, box: widgets.Text) -> None:
        """A marked box that is changed is checked again: fixed, its mark goes."""
        if self.round_confirm.asking:  # the question was about the scores before the change
            self._correct_round()
        if box not in self.entries or "fc-invalid" not in box._dom_classes:
            return
        try:
            self._check_box(self.entries.index(box))
        except ScoreError:
            return  # still wrong: its note says why
        if not any("fc-invalid" in b._dom_classes for b in self.entries):
            self.status.info(_("Every score reads well now: press Enter or Add round."))

    def _on_box_message(self, box: widgets.Text, content: Any, _buffers: Any) -> None:
        """Enter in a score box (the front end's ``submit`` message) adds the round."""
        if not isinstance(content, dict) or content.get("event") != "submit":
            return
        if box not in self.entries:
            return  # a box of a round already added (a second Enter): nothing to do
        typed = [b for b in self.entries if b.value.strip()]
        missing = [
            n for b, n in zip(self.entries, self.sheet.players, strict=True) if b not in typed
        ]
        if missing and all(self._reads(b) for b in typed):
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

    def _reads(self, box: widgets.Text) -> bool:
        """Whether a typed score would be accepted (the box is not marked either way)."""
        i = self.entries.index(box)
        try:
            parse_score(
                box.value,
                self.sheet.players[i],
                len(self.sheet.rounds) + 1,
                self.sheet.going_out_bonus,
            )
        except ScoreError:
            return False
        return True

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
        for box, value in zip(self.entries, removed, strict=False):
            box.value = str(value)
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
        for box, value in zip(self.entries, scores, strict=False):
            box.value = str(value)

    # --- display -------------------------------------------------------------------------
    def _rebuild(self) -> None:
        s = self.sheet
        n = len(s.rounds) + 1
        with self.hold_sync():
            if s.players and n <= ROUNDS[-1]:
                heading = _(
                    "Round {round} ({count} cards, {rank}s wild): points left in each hand"
                ).format(round=n, count=hand_size(n), rank=wild_rank_text(n))
                self.entry_title.value = f"<h4 style='margin:6px 0 2px'>{heading}</h4>"
                placeholder = _("points")
                self.entries = [
                    widgets.Text(
                        placeholder=placeholder,
                        description=name,
                        layout={"width": "190px"},
                        style={"description_width": "70px"},
                    )
                    for name in s.players
                ]
            else:
                over = _("The game is over.")
                self.entry_title.value = f"<h4>{over}</h4>" if s.players else ""
                self.entries = []
            self.entry_notes = [widgets.HTML() for _ in self.entries]
            rows = []
            for box, note in zip(self.entries, self.entry_notes, strict=True):
                # Scores sync as they are typed (continuous_update), so the Enter message,
                # sent after them, always finds every typed digit in the kernel.
                box.on_msg(self._guard(self._on_box_message))
                box.observe(self._guard(lambda c: self._on_box_changed(c["owner"])), "value")
                note.layout.flex = "1 1 200px"
                row = widgets.HBox([box, note])
                row.add_class("fc-score-row")
                rows.append(row)
            self.entry_box.children = rows
            self._hide_confirm()
            self.add_button.disabled = not self.entries
            self.undo_button.disabled = not s.rounds
            set_shown(self.undo_new_button, shown=self._replaced is not None)
            self.export_button.disabled = not s.players
            self.names.value = ", ".join(s.players)
            self.bonus.value = s.going_out_bonus
            self.table.value = self._table_html()
            self.download.value = ""

    def _table_html(self) -> str:
        s = self.sheet
        if not s.players:
            return ""
        totals = s.totals()
        places = placements(totals)
        short = _("R{round}")  # a column per round, headed short: R1, R2, ...
        head = "".join(f"<th>{short.format(round=i + 1)}</th>" for i in range(len(s.rounds)))
        tie_word = _("(tie)")
        rows = []
        for p, name in enumerate(s.players):
            running = 0
            cells = []
            for r in s.rounds:
                running += r[p]
                cells.append(f"<td>{number(r[p])}<br><small>Σ {number(running)}</small></td>")
            tie = sum(1 for q in places if q == places[p]) > 1
            place = f"{places[p]} {tie_word}" if tie else f"{places[p]}"
            hl = " class='fc-hl'" if places[p] == 1 and s.rounds else ""
            rows.append(
                f"<tr{hl}><td class='fc-left'>{escape(name)}</td>{''.join(cells)}"
                f"<td><b>{number(totals[p])}</b></td><td>{place}</td></tr>"
            )
        label, player, total, place_word = _("Scoresheet"), _("player"), _("total"), _("place")
        note = _("Lowest total wins; players tied share the place.")
        return (
            f"<table class='fc-table' aria-label='{label}'><tr><th class='fc-left'>{player}</th>"
            f"{head}<th>{total}</th><th>{place_word}</th></tr>{''.join(rows)}</table>"
            f"<p><small>{note}</small></p>"
        )


def _names_and(names: list[str]) -> str:
    """``'Ann'``, ``'Ann and Ben'``, ``'Ann and Ben and Cleo'``: the players still missing."""
    joined = names[0]
    for name in names[1:]:
        joined = _("{first} and {second}").format(first=joined, second=name)
    return joined
