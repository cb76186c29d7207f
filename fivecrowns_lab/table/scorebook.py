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
  last save cannot be read.

>>> sheet = ScoreSheet(["Ann", "Ben"]).with_round([12, 0]).with_round([0, 7])
>>> sheet.totals(), placements(sheet.totals())
([12, 7], [2, 1])
>>> ScoreSheet.from_json(sheet.to_json()) == sheet
True
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import shutil
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core.rules import GOING_OUT_BONUS, MAX_PLAYERS, MIN_PLAYERS, ROUNDS
from ..errors import ScoreError

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
SAVE_VERSION = 1
#: A saved game of 7 players and 11 rounds is about 1 kB; anything far bigger is not one.
MAX_SAVE_CHARS = 20_000
_NUMBER = re.compile(r"^[+-]?\d+$")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
#: What a spreadsheet reads as the start of a formula (or strips before looking for one).
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _quote(value: object) -> str:
    """``value`` as the learner would type it, cut to about 40 characters."""
    text = value if isinstance(value, str) else json.dumps(value, default=str)
    text = repr(text) if isinstance(value, str) else text
    return text if len(text) <= 40 else text[:39] + "…"


def placements(totals: Sequence[int]) -> list[int]:
    """Places from totals, lowest first, ties shared: ``[10, 5, 10, 20] -> [2, 1, 2, 4]``."""
    return [1 + sum(1 for other in totals if other < t) for t in totals]


def _check_names(names: Sequence[str], where: str) -> None:
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise ScoreError(
            f"Five Crowns is for {MIN_PLAYERS} to {MAX_PLAYERS} players; {where} has {len(names)}."
        )
    seen: set[str] = set()
    for name in names:
        if not name or name != name.strip() or _CONTROL.search(name):
            raise ScoreError(f"The player name {_quote(name)} is empty or has odd characters.")
        if len(name) > NAME_LETTERS:
            raise ScoreError(
                f"The name {_quote(name)} is too long ({NAME_LETTERS} letters at most)."
            )
        if name.casefold() in seen:
            raise ScoreError(f"Two players are called {name!r}: give them different names.")
        seen.add(name.casefold())


def parse_players(text: str) -> list[str]:
    """Names separated by commas or new lines: 2 to 7 of them, all different.

    >>> parse_players("Ann, Ben\\nCleo")
    ['Ann', 'Ben', 'Cleo']
    """
    names = [n.strip() for n in re.split(r"[,\n]", text) if n.strip()]
    if len(names) < MIN_PLAYERS:
        raise ScoreError(
            f"Enter 2 to 7 players separated by commas; {_quote(text.strip())} has {len(names)}."
        )
    _check_names(names, "this list")
    return names


def _check_points(value: int, player: str, round_no: int, bonus: bool) -> int:
    if value < 0 and not (bonus and value == GOING_OUT_BONUS):
        if bonus:
            raise ScoreError(
                f"{player}'s {value} in round {round_no}: "
                "the only negative score is -10, for going out."
            )
        raise ScoreError(
            f"{player}'s {value} in round {round_no}: scores are never negative "
            "(turn on the going-out bonus to allow -10)."
        )
    if value > MAX_POINTS:
        raise ScoreError(
            f"{player}'s {value} in round {round_no} is more points than a hand can hold."
        )
    return value


def parse_score(text: str, player: str, round_no: int, bonus: bool) -> int:
    """One typed score, checked: a whole number, not negative (except -10 with the bonus).

    >>> parse_score(" 25 ", "Ann", 1, False)
    25
    """
    typed = text.strip()
    if not typed:
        raise ScoreError(
            f"Enter a score for {player} in round {round_no} (type 0 if {player} went out)."
        )
    if not _NUMBER.match(typed):
        raise ScoreError(
            f"{_quote(typed)} is not a number of points ({player}, round {round_no})."
        )
    return _check_points(int(typed), player, round_no, bonus)


def csv_cell(text: str) -> str:
    """A name as a CSV cell that a spreadsheet shows as text, never runs as a formula.

    >>> csv_cell("=1+1"), csv_cell("\\t=cmd"), csv_cell("Ann")
    ("'=1+1", "'\\t=cmd", 'Ann')
    """
    return "'" + text if text.startswith(_FORMULA_START) else text


@dataclass
class ScoreSheet:
    """Players, the going-out bonus setting, and one list of points per finished round.

    The changes (:meth:`with_round`, :meth:`without_last_round`) return a new sheet and
    leave this one as it was, so a view can save the new sheet first and keep it only
    if the save worked.
    """

    players: list[str] = field(default_factory=list)
    going_out_bonus: bool = False
    rounds: list[list[int]] = field(default_factory=list)

    def totals(self) -> list[int]:
        """Each player's points so far."""
        return [sum(r[p] for r in self.rounds) for p in range(len(self.players))]

    @property
    def over(self) -> bool:
        """True once all eleven rounds are entered."""
        return len(self.rounds) >= ROUNDS[-1]

    def with_round(self, points: Sequence[int]) -> ScoreSheet:
        """A new sheet with one more round (checked as a restore would check it)."""
        if not self.players:
            raise ScoreError("Start a game first: enter the players' names.")
        if self.over:
            raise ScoreError("All eleven rounds are entered: the game is over.")
        if len(points) != len(self.players):
            raise ScoreError(
                f"A round needs {len(self.players)} scores, one a player; got {len(points)}."
            )
        n = len(self.rounds) + 1
        for value, name in zip(points, self.players, strict=True):
            _check_points(value, name, n, self.going_out_bonus)
        return ScoreSheet(
            list(self.players), self.going_out_bonus, [*map(list, self.rounds), list(points)]
        )

    def without_last_round(self) -> ScoreSheet:
        """A new sheet without the last round entered."""
        if not self.rounds:
            raise ScoreError("There is no round to undo.")
        return ScoreSheet(
            list(self.players), self.going_out_bonus, [list(r) for r in self.rounds[:-1]]
        )

    # --- saving ------------------------------------------------------------------------
    def to_json(self) -> str:
        """The sheet as the JSON text :meth:`from_json` reads back."""
        return json.dumps(
            {
                "version": SAVE_VERSION,
                "players": self.players,
                "going_out_bonus": self.going_out_bonus,
                "rounds": self.rounds,
            },
            indent=1,
        )

    @classmethod
    def from_json(cls, text: str) -> ScoreSheet:
        """Read a saved sheet, checking every field; anything else is a :class:`ScoreError`.

        >>> ScoreSheet.from_json('{"version": 1, "players": "AB", "rounds": []}')
        Traceback (most recent call last):
        ...
        fivecrowns_lab.errors.ScoreError: The saved "players" should be a list of names, not 'AB'.
        """
        if len(text) > MAX_SAVE_CHARS:
            raise ScoreError(
                f"The saved game is {len(text):,} characters long, too long to be a scoresheet."
            )
        try:
            data = json.loads(text)
        except RecursionError:
            raise ScoreError("The saved game is nested too deeply to be a scoresheet.") from None
        except ValueError as exc:
            raise ScoreError(f"The saved game is not readable JSON ({exc.args[0]}).") from None
        return cls.from_data(data)

    @classmethod
    def from_data(cls, data: Any) -> ScoreSheet:
        """A sheet from already-parsed JSON data, every field checked (see :meth:`from_json`)."""
        if not isinstance(data, dict):
            raise ScoreError(f"The saved game should be a JSON object, not {_quote(data)}.")
        unknown = sorted(set(data) - {"version", "players", "going_out_bonus", "rounds"})
        if unknown:
            raise ScoreError(f"The saved game has fields a scoresheet does not: {unknown}.")
        if data.get("version") != SAVE_VERSION:
            raise ScoreError(
                f"The saved game is version {_quote(data.get('version'))}; "
                f"this scorekeeper reads version {SAVE_VERSION}."
            )
        players = data.get("players")
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise ScoreError(
                f'The saved "players" should be a list of names, not {_quote(players)}.'
            )
        _check_names(players, "the saved game")
        bonus = data.get("going_out_bonus", False)
        if not isinstance(bonus, bool):
            raise ScoreError(
                f'The saved "going_out_bonus" should be true or false, not {_quote(bonus)}.'
            )
        rounds = data.get("rounds", [])
        if not isinstance(rounds, list) or len(rounds) > ROUNDS[-1]:
            raise ScoreError(
                f'The saved "rounds" should be a list of at most {ROUNDS[-1]} rounds, '
                f"not {_quote(rounds)}."
            )
        sheet = cls(list(players), bonus, [])
        for n, row in enumerate(rounds, start=1):
            if (
                not isinstance(row, list)
                or len(row) != len(players)
                or not all(type(x) is int for x in row)
            ):
                raise ScoreError(
                    f"Saved round {n} should be {len(players)} whole numbers, one a player, "
                    f"not {_quote(row)}."
                )
            sheet = sheet.with_round(row)
        return sheet

    def to_csv(self) -> str:
        """One row per player: each round's points, the total and the place."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(
            ["player", *[f"round {i + 1}" for i in range(len(self.rounds))], "total", "place"]
        )
        totals = self.totals()
        for p, (name, total, place) in enumerate(
            zip(self.players, totals, placements(totals), strict=True)
        ):
            writer.writerow([csv_cell(name), *[r[p] for r in self.rounds], total, place])
        return out.getvalue()


class SaveFile:
    """One game's save file and its backup (``NAME.bak`` beside it).

    :meth:`save` is commit-after-write: it writes the new text to a temporary file of its
    own in the same folder and syncs it, copies the current save (the last good one) to
    the backup, and only then moves the new file into place in one step. If anything
    fails the save file is as it was, and the ``OSError`` reaches the caller.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.backup = self.path.with_name(self.path.name + ".bak")
        # Whether the file at self.path is known to hold a good save (read or written here).
        self._current_is_good = False

    def save(self, sheet: ScoreSheet) -> None:
        """Write ``sheet``; on any failure raise ``OSError`` with the old save untouched."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp_name = tempfile.mkstemp(
            prefix=f".{self.path.name}.", suffix=".tmp", dir=self.path.parent
        )
        tmp = Path(tmp_name)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                out.write(sheet.to_json())
                out.flush()
                os.fsync(out.fileno())
            if self._current_is_good and self.path.is_file():
                self._copy_to_backup()
            os.replace(tmp, self.path)
        except BaseException:
            tmp.unlink(missing_ok=True)
            raise
        self._current_is_good = True

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

    def load(self) -> tuple[ScoreSheet | None, str]:
        """The saved sheet (or None) and a sentence for the learner saying what happened.

        A save that cannot be read is reported and the backup is tried; if neither can be
        read the answer is ``(None, reason)`` and the caller starts a fresh game.
        """
        if not self.path.exists() and not self.backup.exists():
            return None, ""
        problem = ""
        try:
            sheet = self._read(self.path)
        except ScoreError as exc:
            problem = str(exc)
        else:
            self._current_is_good = True
            return sheet, ""
        try:
            sheet = self._read(self.backup)
        except ScoreError:
            return None, f"The saved game could not be read, so this is a fresh game. {problem}"
        return sheet, f"The last save could not be read, so the one before it is back. {problem}"

    @staticmethod
    def _read(path: Path) -> ScoreSheet:
        try:
            with path.open(encoding="utf-8") as src:
                text = src.read(MAX_SAVE_CHARS + 1)
        except FileNotFoundError:
            raise ScoreError("There is no saved game.") from None
        except (OSError, UnicodeDecodeError):
            raise ScoreError("The saved game could not be opened.") from None
        return ScoreSheet.from_json(text)
