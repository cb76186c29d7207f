"""What a person types into the real-table scorebook, and what a save of it may hold.

The checks behind :mod:`fivecrowns_lab.table.scorebook`: player names
(:func:`parse_players`), one typed score (:func:`parse_score`), places from totals
(:func:`placements`), a CSV cell a spreadsheet never runs (:func:`csv_cell`), and the
fields of a saved scoresheet (its JSON, version and revision).

>>> parse_players("Ann, Ben"), parse_score(" 25 ", "Ann", 1, False), placements([10, 5, 10])
(['Ann', 'Ben'], 25, [2, 1, 2])
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ..core.rules import GOING_OUT_BONUS, MAX_PLAYERS, MIN_PLAYERS, ROUNDS
from ..errors import ScoreError, quote
from ..i18n import N_, number_text, typed_number
from ..i18n import gettext as _
from ..validators import clean_name, read_json

__all__ = ["csv_cell", "parse_players", "parse_score", "placements"]

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
_NUMBER = re.compile(r"^[+-]?\d+$")
CONTROL = re.compile(r"[\x00-\x1f\x7f]")
#: What a spreadsheet reads as the start of a formula (or strips before looking for one).
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


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


def check_player_names(names: Sequence[str], where: str) -> None:
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
    check_player_names(names, "list")
    return names


def _points(value: int) -> str:
    """A score as the sheet's messages write it: "−3" with the minus sign of "−10", any
    size cut short (a score can arrive from a save or a call, not only typed)."""
    return number_text(quote(value))


def check_points(value: object, player: str, round_no: int, bonus: bool) -> int:
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
    return check_points(int(typed), player, round_no, bonus)


def csv_cell(text: str) -> str:
    """A name as a CSV cell that a spreadsheet shows as text, never runs as a formula.

    >>> csv_cell("=1+1"), csv_cell("\\t=cmd"), csv_cell("Ann")
    ("'=1+1", "'\\t=cmd", 'Ann')
    """
    if not isinstance(text, str):
        raise ScoreError(_("A CSV cell is made from text, not {value}.").format(value=quote(text)))
    return "'" + text if text.startswith(_FORMULA_START) else text


def check_revision(value: object) -> int:
    if type(value) is not int or not 0 <= value <= MAX_REVISION:
        raise ScoreError(
            _("A save's revision is a whole number from 0 up, not {value}.").format(
                value=quote(value)
            )
        )
    return value


def parse_save(text: object) -> Any:
    """The JSON data of a save's text, refusing what cannot be one with a sentence."""
    return read_json(text, "scoresheet", MAX_SAVE_CHARS, _MAX_SAVE_DEPTH, ScoreError)


def saved_revision(data: dict[str, Any]) -> int:
    revision = data.get("revision", 0)
    if type(revision) is not int or not 0 <= revision <= MAX_REVISION:
        raise ScoreError(
            _('The saved "revision" should be a whole number from 0 up, not {value}.').format(
                value=quote(revision)
            )
        )
    return revision
