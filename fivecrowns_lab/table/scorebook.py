"""The scoresheet of a game at a real table: players, each round's points, totals, places.

Everything here is plain Python (no widgets), so the scorekeeper view only shows it:

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
import csv
import glob
import io
import json
import os
import re
import shutil
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.rules import GOING_OUT_BONUS, MAX_PLAYERS, MIN_PLAYERS, ROUNDS
from ..errors import ScoreError, quote
from ..i18n import LANGUAGES, N_, language, number_text, typed_number
from ..i18n import gettext as _
from ..i18n import ngettext as _n
from ..validators import clean_name, read_json
from .rows import Rows

if TYPE_CHECKING:
    import pandas as pd

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

NAME_LETTERS = 30
MAX_POINTS = 1000
#: Digits a typed score may have (leading zeros aside): more is refused before ``int()``,
#: which raises on 4,300 digits and is slow well before.
MAX_POINT_DIGITS = len(str(MAX_POINTS))
SAVE_VERSION = 1
#: The keys a save may hold; "revision" counts the saves of this game (see SaveFile).
SAVE_KEYS = ("version", "players", "going_out_bonus", "rounds", "revision")
#: A saved game of 7 players and 11 rounds is about 1 kB; anything far bigger is not one.
MAX_SAVE_CHARS = 20_000
# A scoresheet is a dictionary of lists of lists: nothing deeper is ever one.
_MAX_SAVE_DEPTH = 4
#: The most revisions a save counts (far more than eleven rounds' worth of edits).
MAX_REVISION = 2**31
#: Where saves cannot be locked (Windows), a temporary file older than this is taken as
#: left by a killed save (a save takes milliseconds); younger ones may be another tab's.
STALE_TEMPORARY_SECONDS = 60
_NUMBER = re.compile(r"^[+-]?\d+$")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
#: What a spreadsheet reads as the start of a formula (or strips before looking for one).
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
#: What a tab that saves over a newer save is told (its own copy is out of date).
CHANGED_ELSEWHERE = N_(
    "This game was changed in another tab: reload it to continue; nothing was lost."
)

#: What a learner whose save file is damaged is told will become of it.
DAMAGED_KEPT = N_(
    "Your next save keeps the damaged file beside it, renamed with the time, and saves "
    "this game anew."
)


def placements(totals: Sequence[int]) -> list[int]:
    """Places from totals, lowest first, ties shared: ``[10, 5, 10, 20] -> [2, 1, 2, 4]``."""
    if (
        not isinstance(totals, (list, tuple))
        or len(totals) > MAX_PLAYERS
        or not all(type(t) is int and abs(t) <= ROUNDS[-1] * MAX_POINTS for t in totals)
    ):
        raise ScoreError(
            _(
                "Places come from up to {most} players' totals (whole numbers), not {value}."
            ).format(most=MAX_PLAYERS, value=quote(totals))
        )
    return [1 + sum(1 for other in totals if other < t) for t in totals]


# Too many or too few players, one whole sentence for each list a caller checks (a typed
# list, a game's players), so that a translation never glues a noun into a sentence.
_PLAYER_COUNTS = {
    "list": N_("Five Crowns is for {low} to {high} players; this list has {count}."),
    "game": N_("Five Crowns is for {low} to {high} players; this game has {count}."),
}


def _check_names(names: Sequence[str], where: str) -> None:
    """Refuse a list of names unless it is 2 to 7 clean, short, different names.

    ``where`` is ``"list"`` (names typed in a box) or ``"game"`` (a game's players).
    """
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        sentence = _PLAYER_COUNTS[where]
        raise ScoreError(_(sentence).format(low=MIN_PLAYERS, high=MAX_PLAYERS, count=len(names)))
    seen: set[str] = set()
    for name in names:
        if not name or name != clean_name(name):
            raise ScoreError(
                _("The player name {name} is empty or has odd characters.").format(
                    name=quote(name)
                )
            )
        if len(name) > NAME_LETTERS:
            raise ScoreError(
                _("The name {name} is too long ({letters} letters at most).").format(
                    name=quote(name), letters=NAME_LETTERS
                )
            )
        if name.casefold() in seen:
            raise ScoreError(
                _("Two players are called {name}: give them different names.").format(
                    name=quote(name)
                )
            )
        seen.add(name.casefold())


def parse_players(text: str) -> list[str]:
    """Names separated by commas or new lines: 2 to 7 of them, all different.

    Each name is cleaned first (:func:`~fivecrowns_lab.validators.clean_name`): accents
    normalised, invisible and bidirectional characters dropped, spaces tidied.

    >>> parse_players("Ann, Ben\\nCleo\\u200b")
    ['Ann', 'Ben', 'Cleo']
    """
    if not isinstance(text, str):
        raise ScoreError(
            _("The players are typed as names separated by commas, not {value}.").format(
                value=quote(text)
            )
        )
    names = [n for n in (clean_name(part) for part in re.split(r"[,\n]", text)) if n]
    if len(names) < MIN_PLAYERS:
        raise ScoreError(
            _("Enter 2 to 7 players separated by commas; {value} has {count}.").format(
                value=quote(text.strip()), count=len(names)
            )
        )
    _check_names(names, "list")
    return names


def _points(value: int) -> str:
    """A score as the sheet's messages write it: "−3" with the minus sign of "−10", any
    size cut short (a score can arrive from a save or a call, not only typed)."""
    return number_text(quote(value))


def _check_points(value: object, player: str, round_no: int, bonus: bool) -> int:
    if type(value) is not int:  # not bool, not 1.5: a save of it could not be read back
        raise ScoreError(
            _(
                "{player}'s score in round {round} is a whole number of points, not {value}."
            ).format(player=player, round=round_no, value=quote(value))
        )
    if value < 0 and not (bonus and value == GOING_OUT_BONUS):
        if bonus:
            raise ScoreError(
                _(
                    "{player}'s {value} in round {round}: the only negative score is −10, for "
                    "going out."
                ).format(player=player, round=round_no, value=_points(value))
            )
        raise ScoreError(
            _(
                "{player}'s {value} in round {round}: scores are never negative (turn on the "
                "going-out bonus to allow −10)."
            ).format(player=player, round=round_no, value=_points(value))
        )
    if value > MAX_POINTS:
        raise ScoreError(
            _("{player}'s {value} in round {round} is more points than a hand can hold.").format(
                player=player, round=round_no, value=quote(value)
            )
        )
    return value


def parse_score(text: str, player: str, round_no: int, bonus: bool) -> int:
    """One typed score, checked: a whole number, not negative (except -10 with the bonus).

    >>> parse_score(" 25 ", "Ann", 1, False)
    25
    """
    if not isinstance(text, str):
        raise ScoreError(
            _("A score is typed as a whole number, not {value}.").format(value=quote(text))
        )
    typed = typed_number(text)  # "−10" copied from the sheet's own messages, or "-10"
    if not typed:
        raise ScoreError(
            _("Enter a score for {player} in round {round} (type 0 if {player} went out).").format(
                player=player, round=round_no
            )
        )
    if not _NUMBER.match(typed):
        raise ScoreError(
            _("{value} is not a number of points ({player}, round {round}).").format(
                value=quote(typed), player=player, round=round_no
            )
        )
    if len(typed.lstrip("+-").lstrip("0")) > MAX_POINT_DIGITS:  # checked before any arithmetic
        raise ScoreError(
            _("{value} is more points than a hand can hold ({player}, round {round}).").format(
                value=quote(typed), player=player, round=round_no
            )
        )
    return _check_points(int(typed), player, round_no, bonus)


def csv_cell(text: str) -> str:
    """A name as a CSV cell that a spreadsheet shows as text, never runs as a formula.

    >>> csv_cell("=1+1"), csv_cell("\\t=cmd"), csv_cell("Ann")
    ("'=1+1", "'\\t=cmd", 'Ann')
    """
    if not isinstance(text, str):
        raise ScoreError(_("A CSV cell is made from text, not {value}.").format(value=quote(text)))
    return "'" + text if text.startswith(_FORMULA_START) else text


@dataclass
class ScoreSheet:
    """Players, the going-out bonus setting, and one list of points per finished round.

    The changes (:meth:`with_round`, :meth:`without_last_round`) return a new sheet and
    leave this one as it was, so a view can save the new sheet first and keep it only
    if the save worked. Every field is checked when a sheet is made (names are cleaned
    with :func:`~fivecrowns_lab.validators.clean_name`); anything else is a
    :class:`ScoreError`.
    """

    players: list[str] = field(default_factory=list)
    going_out_bonus: bool = False
    rounds: list[list[int]] = field(default_factory=list)

    def __post_init__(self) -> None:
        players: object = self.players
        if not isinstance(players, (list, tuple)) or not all(isinstance(p, str) for p in players):
            raise ScoreError(
                _("The players are a list of names, not {value}.").format(value=quote(players))
            )
        self.players = [clean_name(p) for p in players]
        if self.players:
            _check_names(self.players, "game")
        if not isinstance(self.going_out_bonus, bool):
            raise ScoreError(
                _("The going-out bonus is on or off (True or False), not {value}.").format(
                    value=quote(self.going_out_bonus)
                )
            )
        rounds: object = self.rounds
        if not isinstance(rounds, (list, tuple)) or len(rounds) > ROUNDS[-1]:
            raise ScoreError(
                _("The rounds are a list of at most {most} rounds, not {value}.").format(
                    most=ROUNDS[-1], value=quote(rounds)
                )
            )
        if rounds and not self.players:
            raise ScoreError(_("Enter the players' names before any round."))
        for n, row in enumerate(rounds, start=1):
            self._check_row(row, n)
        self.rounds = [list(row) for row in rounds]

    def _check_row(self, points: object, round_no: int) -> None:
        if not isinstance(points, (list, tuple)) or len(points) != len(self.players):
            count = len(points) if isinstance(points, (list, tuple)) else quote(points)
            raise ScoreError(
                _n(
                    "A round needs {count} score, one a player; got {got}.",
                    "A round needs {count} scores, one a player; got {got}.",
                    len(self.players),
                ).format(count=len(self.players), got=count)
            )
        for value, name in zip(points, self.players, strict=True):
            _check_points(value, name, round_no, self.going_out_bonus)

    def totals(self) -> list[int]:
        """Each player's points so far."""
        return [sum(r[p] for r in self.rounds) for p in range(len(self.players))]

    @property
    def going_out_score(self) -> int:
        """The round's score of the player who went out: 0, or −10 under the going-out bonus."""
        return GOING_OUT_BONUS if self.going_out_bonus else 0

    def nobody_went_out(self, points: Sequence[int]) -> bool:
        """True when no score in ``points`` is :attr:`going_out_score`.

        A round ends when someone goes out, so such a round is most likely a slip (a
        view asks before adding it); it is not refused: a table may score otherwise.
        """
        if not isinstance(points, (list, tuple)):
            sentence = _("A round's scores are a list of whole numbers, not {value}.")
            raise ScoreError(sentence.format(value=quote(points)))
        return self.going_out_score not in points

    @property
    def over(self) -> bool:
        """True once all eleven rounds are entered."""
        return len(self.rounds) >= ROUNDS[-1]

    def with_round(self, points: Sequence[int]) -> ScoreSheet:
        """A new sheet with one more round (checked as a restore would check it).

        >>> ScoreSheet(["Ann", "Ben"]).with_round([1.5, 0])
        Traceback (most recent call last):
        ...
        fivecrowns_lab.errors.ScoreError: Ann's score in round 1 is a whole number ..., not 1.5.
        """
        if not self.players:
            raise ScoreError(_("Start a game first: enter the players' names."))
        if self.over:
            raise ScoreError(_("All eleven rounds are entered: the game is over."))
        self._check_row(points, len(self.rounds) + 1)
        return ScoreSheet(
            list(self.players), self.going_out_bonus, [*map(list, self.rounds), list(points)]
        )

    def without_last_round(self) -> ScoreSheet:
        """A new sheet without the last round entered."""
        if not self.rounds:
            raise ScoreError(_("There is no round to undo."))
        return ScoreSheet(
            list(self.players), self.going_out_bonus, [list(r) for r in self.rounds[:-1]]
        )

    # --- saving ------------------------------------------------------------------------
    def to_json(self, revision: int = 0) -> str:
        """The sheet as the JSON text :meth:`from_json` reads back.

        ``revision`` is the save's revision number (see :class:`SaveFile`); 0 writes none.
        """
        data: dict[str, Any] = {
            "version": SAVE_VERSION,
            "players": self.players,
            "going_out_bonus": self.going_out_bonus,
            "rounds": self.rounds,
        }
        if revision:
            data["revision"] = _check_revision(revision)
        return json.dumps(data, indent=1)

    @classmethod
    def from_json(cls, text: str) -> ScoreSheet:
        """Read a saved sheet, checking every field; anything else is a :class:`ScoreError`.

        >>> ScoreSheet.from_json('{"version": 1, "players": "AB", "rounds": []}')
        Traceback (most recent call last):
        ...
        fivecrowns_lab.errors.ScoreError: The saved "players" should be a list of names, not 'AB'.
        """
        return cls.from_data(_parse_save(text))

    @classmethod
    def from_data(cls, data: Any) -> ScoreSheet:
        """A sheet from already-parsed JSON data, every field checked (see :meth:`from_json`)."""
        if not isinstance(data, dict):
            raise ScoreError(
                _("The saved game should be a JSON object, not {value}.").format(value=quote(data))
            )
        unknown = [key for key in data if key not in SAVE_KEYS]
        if unknown:
            named = ", ".join(quote(key) for key in unknown[:4])
            if len(unknown) > 4:
                sentence = _("The saved game has fields a scoresheet does not: {fields} and more.")
            else:
                sentence = _("The saved game has fields a scoresheet does not: {fields}.")
            raise ScoreError(sentence.format(fields=named))
        if type(data.get("version")) is not int or data["version"] != SAVE_VERSION:
            raise ScoreError(
                _(
                    "The saved game is version {value}; this scorekeeper reads version {version}."
                ).format(value=quote(data.get("version")), version=SAVE_VERSION)
            )
        _saved_revision(data)
        players = data.get("players")
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise ScoreError(
                _('The saved "players" should be a list of names, not {value}.').format(
                    value=quote(players)
                )
            )
        for name in players:
            # No version of the scorekeeper wrote these. Invisible and bidirectional
            # characters or decomposed accents it did write: the sheet cleans them below,
            # so a game saved before names were cleaned still opens.
            if name != name.strip() or _CONTROL.search(name):
                raise ScoreError(
                    _("The player name {name} is empty or has odd characters.").format(
                        name=quote(name)
                    )
                )
        bonus = data.get("going_out_bonus", False)
        if not isinstance(bonus, bool):
            raise ScoreError(
                _('The saved "going_out_bonus" should be true or false, not {value}.').format(
                    value=quote(bonus)
                )
            )
        rounds = data.get("rounds", [])
        if not isinstance(rounds, list) or len(rounds) > ROUNDS[-1]:
            raise ScoreError(
                _(
                    'The saved "rounds" should be a list of at most {most} rounds, not {value}.'
                ).format(most=ROUNDS[-1], value=quote(rounds))
            )
        try:
            sheet = cls(list(players), bonus, [])
        except ScoreError as exc:
            raise ScoreError(
                _("The saved players cannot be read back: {problem}").format(problem=exc)
            ) from None
        for n, row in enumerate(rounds, start=1):
            if (
                not isinstance(row, list)
                or len(row) != len(players)
                or not all(type(x) is int for x in row)
            ):
                raise ScoreError(
                    _n(
                        "Saved round {round} should be {count} whole number, one a player, "
                        "not {value}.",
                        "Saved round {round} should be {count} whole numbers, one a player, "
                        "not {value}.",
                        len(players),
                    ).format(round=n, count=len(players), value=quote(row))
                )
            sheet = sheet.with_round(row)
        return sheet

    def to_csv(self, lang: str | None = None) -> str:
        """One row per player: each round's points, the total and the place.

        The header row is in the learner's language; ``lang="en"`` writes the same English
        header in every language, for a program that reads the file by its column names.
        """
        if lang is not None:
            if not isinstance(lang, str) or lang not in LANGUAGES:
                raise ScoreError(
                    _("The CSV header is written in 'en' or 'da', not {value}.").format(
                        value=quote(lang)
                    )
                )
            with language(lang):
                return self.to_csv()
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        rounds = [_("round {number}").format(number=i + 1) for i in range(len(self.rounds))]
        writer.writerow([_("player"), *rounds, _("total"), _("place")])
        totals = self.totals()
        for p, (name, total, place) in enumerate(
            zip(self.players, totals, placements(totals), strict=True)
        ):
            writer.writerow([csv_cell(name), *[r[p] for r in self.rounds], total, place])
        return out.getvalue()

    def to_rows(self) -> Rows:
        """One row per player, under the English header of ``to_csv(lang="en")``."""
        rounds = [f"round {i + 1}" for i in range(len(self.rounds))]
        totals = self.totals()
        return Rows(
            ("player", *rounds, "total", "place"),
            tuple(
                (name, *[r[p] for r in self.rounds], total, place)
                for p, (name, total, place) in enumerate(
                    zip(self.players, totals, placements(totals), strict=True)
                )
            ),
        )

    def to_frame(self) -> pd.DataFrame:
        """:meth:`to_rows` as a pandas DataFrame (see :meth:`Rows.to_frame`)."""
        return self.to_rows().to_frame()


def _check_revision(value: object) -> int:
    if type(value) is not int or not 0 <= value <= MAX_REVISION:
        raise ScoreError(
            _("A save's revision is a whole number from 0 up, not {value}.").format(
                value=quote(value)
            )
        )
    return value


def _parse_save(text: object) -> Any:
    """The JSON data of a save's text, refusing what cannot be one with a sentence."""
    return read_json(text, "scoresheet", MAX_SAVE_CHARS, _MAX_SAVE_DEPTH, ScoreError)


def _saved_revision(data: dict[str, Any]) -> int:
    revision = data.get("revision", 0)
    if type(revision) is not int or not 0 <= revision <= MAX_REVISION:
        raise ScoreError(
            _('The saved "revision" should be a whole number from 0 up, not {value}.').format(
                value=quote(revision)
            )
        )
    return revision


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
                data = _parse_save(src.read(MAX_SAVE_CHARS + 1))
            return _saved_revision(data) if isinstance(data, dict) else None, True
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
        data = _parse_save(text)
        sheet = ScoreSheet.from_data(data)
        return sheet, _saved_revision(data)
