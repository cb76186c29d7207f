"""A view whose sheet is saved: per browser, commit-after-write, never over another tab's.

Served to a class, many visitors share one server, so each visitor's game goes to a file
of its own, named by the id the visitor's browser keeps
(:class:`~fivecrowns_lab.views.browser_id.BrowserId`): a reload in the same browser finds
the same game; another browser never sees it. The saves live in
:func:`~fivecrowns_lab.views.browser_id.saves_folder`. Given an explicit ``path`` (one
person in JupyterLab, and the tests), the view saves there.

Every change is commit-after-write: the new sheet is saved first and shown only if the
save worked; a failed save leaves the memory, the screen and the file as they were, and
the status line says so.

Two tabs of one browser share its save. Each save carries a revision
(:class:`~fivecrowns_lab.table.scorebook.SaveFile`), so a tab whose game is older than the
save (the other tab changed it since) is refused with a sentence and offered a button to
reload the saved game; the other tab's rounds are kept, and so are the scores typed here.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from ..errors import ScoreError
from ..i18n import gettext as _
from ..i18n import ngettext as _n
from ..table.scorebook import SaveFile, ScoreSheet
from .base import View, set_shown
from .browser_id import BROWSER_NOTE, VISITOR_ID, BrowserId, saves_folder
from .score_boxes import ScoreBoxes

__all__ = ["SavedSheetView"]


class SavedSheetView(View):
    """The saving half of the scorekeeper: ``sheet``, its ``store`` and the browser's id.

    A subclass builds ``boxes`` (the score boxes), ``reload_button`` and :meth:`_rebuild`
    (show ``sheet``), then calls :meth:`_open_save`.
    """

    boxes: ScoreBoxes
    reload_button: widgets.Button

    def __init__(
        self, path: str | Path | None = None, saves: str | Path | None = None, **kwargs: Any
    ) -> None:
        super().__init__(**kwargs)
        self.sheet = ScoreSheet()
        self.store: SaveFile | None = SaveFile(path) if path is not None else None
        self.saves = Path(saves) if saves is not None else saves_folder()
        self.browser = BrowserId()
        # The game a new game replaced, until the new game gets its first round.
        self._replaced: ScoreSheet | None = None

    def _rebuild(self) -> None:
        raise NotImplementedError

    def _open_save(self) -> None:
        """Load the save given, or wait for the browser's id to find this visitor's."""
        if self.store is None:
            self._rebuild()
            self.status.info(_("Opening your saved game…"))
            self.browser.observe(self._guard(self._on_visitor), names="visitor")
        else:
            self.load()

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
        typed = [box.value for box in self.boxes.entries]
        self.sheet = sheet if sheet is not None else ScoreSheet()
        set_shown(self.reload_button, shown=False)
        self._replaced = None
        self._rebuild()
        kept = ""
        if any(typed) and list(self.sheet.players) == players and self.boxes.entries:
            self.boxes.fill(typed)
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
