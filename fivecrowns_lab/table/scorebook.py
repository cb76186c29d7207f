"""The scoresheet of a game at a real table: players, each round's points, totals, places.

Everything here is plain Python (no widgets), so the scorekeeper view only shows it. The
typed input's checks live in :mod:`~fivecrowns_lab.table.scorebook_entry`, the sheet as
a value in :mod:`~fivecrowns_lab.table.scorebook_sheet`, and its save file here; this
module gives all of them under one name:

- :func:`parse_players` and :func:`parse_score` check what a person typed;
- :class:`ScoreSheet` holds a game, gives totals and :func:`placements`, and writes CSV
  whose cells a spreadsheet never runs as a formula;
- :meth:`ScoreSheet.from_json` restores a saved game, checking every field (types and
  counts) and refusing anything else with one sentence;
- :class:`SaveFile` is the one place that touches a disk: it saves commit-after-write
  (a new file is written and synced beside the old one, the old one is kept as a backup,
  then the new one takes its place in one step) and restores from the backup when the
  last save cannot be read. Every save carries a revision number, so that two tabs of
  one browser (which share one save) never overwrite each other: a tab whose copy is
  older than the save is refused with a sentence, and the newer save is kept.

>>> sheet = ScoreSheet(["Ann", "Ben"]).with_round([12, 0]).with_round([0, 7])
>>> sheet.totals(), placements(sheet.totals())
([12, 7], [2, 1])
>>> ScoreSheet.from_json(sheet.to_json()) == sheet
True
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from ..core.rules import MAX_PLAYERS, MIN_PLAYERS
from ..errors import ScoreError, quote
from ..i18n import N_
from ..i18n import gettext as _
from .scorebook_entry import (
    MAX_SAVE_CHARS,
    csv_cell,
    parse_players,
    parse_save,
    parse_score,
    placements,
    saved_revision,
)
from .scorebook_sheet import ScoreSheet

try:  # POSIX: a lock makes "check the revision, then replace the file" one step
    import fcntl
except ImportError:  # pragma: no cover - Windows: saves still never lose data, tabs race
    fcntl = None  # type: ignore[assignment]
if fcntl is not None and not hasattr(fcntl, "flock"):
    # A browser kernel (Pyodide) has an fcntl without flock; its files live in the page's
    # own memory, which no other tab can reach, so there is nothing to lock against.
    fcntl = None  # type: ignore[assignment]

__all__ = [
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "SaveFile",
    "ScoreSheet",
    "csv_cell",
    "parse_players",
    "parse_score",
    "placements",
]

#: Where saves cannot be locked (Windows), a temporary file older than this is taken as
#: left by a killed save (a save takes milliseconds); younger ones may be another tab's.
STALE_TEMPORARY_SECONDS = 60
#: What a tab that saves over a newer save is told (its own copy is out of date).
CHANGED_ELSEWHERE = N_(
    "This game was changed in another tab: reload it to continue; nothing was lost."
)

#: What a learner whose save file is damaged is told will become of it.
DAMAGED_KEPT = N_(
    "Your next save keeps the damaged file beside it, renamed with the time, and saves "
    "this game anew."
)


class SaveFile:
    """One game's save file and its backup (``NAME.bak`` beside it).

    :meth:`save` is commit-after-write: it writes the new text to a temporary file of its
    own in the same folder and syncs it, copies the current save (the last good one) to
    the backup, and only then moves the new file into place in one step. If anything
    fails the save file is as it was, and the ``OSError`` reaches the caller. A save
    killed midway leaves only its temporary file, which the next :meth:`load` removes.

    Two tabs of one browser share one save, each through a ``SaveFile`` of its own. Each
    save carries a revision number, one more than the save it replaces; ``revision`` is
    the one this object last read or wrote. A save over a newer revision than that
    (another tab saved since) is refused with :data:`CHANGED_ELSEWHERE`, and the newer
    save is kept: the tab reloads it and goes on from there.
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        text = path if isinstance(path, str) else None
        if isinstance(path, os.PathLike):
            with contextlib.suppress(Exception):  # a broken __fspath__ is not a path
                text = os.fspath(path) if isinstance(os.fspath(path), str) else None
        if not text or "\0" in text or not Path(text).name:
            sentence = _("A save file is named by a path, not {value}.")
            raise ScoreError(sentence.format(value=quote(path)))
        self.path = Path(text)
        self.backup = self.path.with_name(self.path.name + ".bak")
        #: The revision this object last read or wrote (0: none yet).
        self.revision = 0
        # Whether the file at self.path is known to hold a good save (read or written here).
        self._current_is_good = False
        #: Where the last save put a damaged file it found in its place (None: none found).
        self.set_aside: Path | None = None

    def save(self, sheet: ScoreSheet) -> None:
        """Write ``sheet``; on any failure raise ``OSError`` with the old save untouched.

        Raises :class:`ScoreError` (and writes nothing) if the save on disk is newer than
        the one this object last read or wrote.
        """
        if not isinstance(sheet, ScoreSheet):
            raise ScoreError(
                _("Only a ScoreSheet can be saved, not {value}.").format(value=quote(sheet))
            )
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self._locked():
            self.set_aside = None
            on_disk, damaged = self._revision_on_disk()
            if damaged:
                # A file load() cannot read is no other tab's newer game: it is kept aside
                # and this save goes above whatever revision it claims, or the tab would be
                # refused forever and its reload bring back the backup again.
                self.set_aside = self._set_aside_damaged()
            elif on_disk is not None and on_disk > self.revision:
                raise ScoreError(_(CHANGED_ELSEWHERE))
            revision = max(on_disk or 0, self.revision) + 1
            self._write(sheet.to_json(revision))
        self.revision = revision
        self._current_is_good = True

    def _write(self, text: str) -> None:
        fd, tmp_name = tempfile.mkstemp(
            prefix=f".{self.path.name}.", suffix=".tmp", dir=self.path.parent
        )
        tmp = Path(tmp_name)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                out.write(text)
                out.flush()
                os.fsync(out.fileno())
            if self._current_is_good and self.path.is_file():
                self._copy_to_backup()
            os.replace(tmp, self.path)
        except BaseException:
            tmp.unlink(missing_ok=True)
            raise

    @contextlib.contextmanager
    def _locked(self) -> Iterator[None]:
        """Hold a lock on the save's folder (POSIX), so that no other tab saves in between."""
        if fcntl is None:  # pragma: no cover - Windows, or a browser kernel
            yield
            return
        # The folder itself is locked: no lock file is left behind, and saves of other
        # games in it wait only the few milliseconds a save takes.
        folder = os.open(self.path.parent, os.O_RDONLY)
        try:
            fcntl.flock(folder, fcntl.LOCK_EX)
            yield
        finally:
            os.close(folder)  # closing releases the lock

    def _revision_on_disk(self) -> tuple[int | None, bool]:
        """The revision of the save on disk (None: none, or none it can claim) and whether
        the file is damaged: there, but not a save :meth:`load` would read."""
        try:
            return self._read(self.path)[1], False
        except ScoreError:
            if not os.path.lexists(self.path):
                return None, False
        try:  # damaged: the revision it claims, if any, so the next one goes above it
            with self.path.open(encoding="utf-8") as src:
                data = parse_save(src.read(MAX_SAVE_CHARS + 1))
            return saved_revision(data) if isinstance(data, dict) else None, True
        except (OSError, UnicodeDecodeError, ScoreError):
            return None, True

    def _set_aside_damaged(self) -> Path:
        """Rename the damaged save to ``NAME.damaged-<time>`` beside it (never deleted)."""
        stamp = time.strftime("%Y%m%dT%H%M%S")
        aside = self.path.with_name(f"{self.path.name}.damaged-{stamp}")
        n = 1
        while os.path.lexists(aside):  # two in one second: neither is overwritten
            n += 1
            aside = self.path.with_name(f"{self.path.name}.damaged-{stamp}-{n}")
        os.rename(self.path, aside)
        return aside

    def _copy_to_backup(self) -> None:
        fd, tmp_name = tempfile.mkstemp(
            prefix=f".{self.backup.name}.", suffix=".tmp", dir=self.path.parent
        )
        os.close(fd)
        try:
            shutil.copyfile(self.path, tmp_name)
            os.replace(tmp_name, self.backup)
        except BaseException:
            Path(tmp_name).unlink(missing_ok=True)
            raise

    def remove_stale_temporary_files(self) -> list[Path]:
        """Remove what killed saves left: this save's temporary files.

        It holds the folder's lock, which every save holds from its first write to its
        rename, so no file it finds belongs to a save in progress (another tab's). Without
        the lock (Windows) only files older than a minute are removed.
        """
        if not self.path.parent.is_dir():
            return []
        pattern = glob.escape(f".{self.path.name}.") + "*.tmp"
        removed = []
        with self._locked():
            now = time.time()
            for leftover in self.path.parent.glob(pattern):
                try:
                    if fcntl is None and now - leftover.stat().st_mtime < STALE_TEMPORARY_SECONDS:
                        continue  # pragma: no cover - Windows: may be another tab's save
                    leftover.unlink()
                    removed.append(leftover)
                except OSError:
                    continue  # gone already, or not ours to remove: the save is unaffected
        return removed

    def load(self) -> tuple[ScoreSheet | None, str]:
        """The saved sheet (or None) and a sentence for the learner saying what happened.

        A save that cannot be read is reported and the backup is tried; if neither can be
        read the answer is ``(None, reason)`` and the caller starts a fresh game. Temporary
        files left by a killed save are removed first.
        """
        with contextlib.suppress(OSError):  # a folder that cannot be locked: _read says why
            self.remove_stale_temporary_files()
        try:
            found = self.path.exists() or self.backup.exists()
        except OSError:
            found = True  # let _read say, in a sentence, that it cannot be opened
        if not found:
            return None, ""
        problem = ""
        try:
            sheet, self.revision = self._read(self.path)
        except ScoreError as exc:
            problem = str(exc)
        else:
            self._current_is_good = True
            return sheet, ""
        if os.path.lexists(self.path):
            problem += " " + _(DAMAGED_KEPT)
        try:
            sheet, self.revision = self._read(self.backup)
        except ScoreError:
            return None, _(
                "The saved game could not be read, so this is a fresh game. {problem}"
            ).format(problem=problem)
        return sheet, _(
            "The last save could not be read, so the one before it is back. {problem}"
        ).format(problem=problem)

    @staticmethod
    def _read(path: Path) -> tuple[ScoreSheet, int]:
        try:
            with path.open(encoding="utf-8") as src:
                text = src.read(MAX_SAVE_CHARS + 1)
        except FileNotFoundError:
            raise ScoreError(_("There is no saved game.")) from None
        except (OSError, UnicodeDecodeError):
            raise ScoreError(_("The saved game could not be opened.")) from None
        data = parse_save(text)
        sheet = ScoreSheet.from_data(data)
        return sheet, saved_revision(data)
