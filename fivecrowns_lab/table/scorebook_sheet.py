"""The real-table scoresheet as a value: players, the bonus setting, each round's points.

A :class:`ScoreSheet` is checked whole whenever one is made, its changes return a new
sheet, and it reads and writes the JSON a :class:`~fivecrowns_lab.table.scorebook.SaveFile`
keeps, the CSV a spreadsheet opens and :class:`~fivecrowns_lab.table.rows.Rows`.

>>> sheet = ScoreSheet(["Ann", "Ben"]).with_round([12, 0]).with_round([0, 7])
>>> sheet.totals(), sheet.over
([12, 7], False)
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..core.rules import ROUNDS
from ..errors import ScoreError, quote
from ..i18n import LANGUAGES, language
from ..i18n import gettext as _
from ..i18n import ngettext as _n
from ..validators import clean_name
from .round_points import going_out_score
from .rows import Rows
from .scorebook_entry import (
    CONTROL,
    SAVE_KEYS,
    SAVE_VERSION,
    check_player_names,
    check_points,
    check_revision,
    csv_cell,
    parse_save,
    placements,
    saved_revision,
)

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["ScoreSheet"]


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
            check_player_names(self.players, "game")
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
            check_points(value, name, round_no, self.going_out_bonus)

    def totals(self) -> list[int]:
        """Each player's points so far."""
        return [sum(r[p] for r in self.rounds) for p in range(len(self.players))]

    @property
    def going_out_score(self) -> int:
        """The round's score of the player who went out: 0, or −10 under the going-out bonus."""
        return going_out_score(self.going_out_bonus)

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
            data["revision"] = check_revision(revision)
        return json.dumps(data, indent=1)

    @classmethod
    def from_json(cls, text: str) -> ScoreSheet:
        """Read a saved sheet, checking every field; anything else is a :class:`ScoreError`.

        >>> ScoreSheet.from_json('{"version": 1, "players": "AB", "rounds": []}')
        Traceback (most recent call last):
        ...
        fivecrowns_lab.errors.ScoreError: The saved "players" should be a list of names, not 'AB'.
        """
        return cls.from_data(parse_save(text))

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
        saved_revision(data)
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
            if name != name.strip() or CONTROL.search(name):
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
