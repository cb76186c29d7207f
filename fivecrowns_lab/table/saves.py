"""A game's save: the JSON text :meth:`Game.to_json` writes and :meth:`Game.from_json` reads.

A save holds what replays the game exactly: the names, the rules, the seed, the actions,
the scripted deals (by the index of the round they started) and how many rounds were
dealt. Reading one checks every field before anything is replayed; anything wrong is a
:class:`~fivecrowns_lab.errors.GameError` saying what.

>>> from fivecrowns_lab.table.game import Game
>>> game = Game(["Ana", "Ben"], seed=3)
>>> saved = read_save(save_text(game))
>>> saved.names, saved.seed, saved.rounds_started, saved.actions
(('Ana', 'Ben'), 3, 1, ())
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from ..core.rules import GameRules
from ..errors import FiveCrownsError, GameError, RulesError, quote
from ..i18n import N_
from ..i18n import gettext as _
from ..validators import (
    MAX_SAVE_CHARS,
    MAX_SAVE_DEPTH,
    check_seed,
    read_json,
    refuse_unknown_keys,
    whole_number,
)
from .actions import Action, action_from_dict
from .deal import Deal
from .game_input import check_names

if TYPE_CHECKING:
    from .game import Game

__all__ = [
    "SAVE_FORMAT",
    "SAVE_VERSION",
    "SavedGame",
    "check_save_version",
    "read_save",
    "save_text",
]

SAVE_FORMAT = "fivecrowns-game"
SAVE_VERSION = 1
_FIELDS = ("names", "rules", "seed", "actions", "rounds_started")
#: Every key a save may hold: anything else is refused by name, not silently dropped.
_KNOWN = frozenset({"format", "version", *_FIELDS, "game_over", "deals"})


@dataclass(frozen=True)
class SavedGame:
    """The fields of a save, each checked: :meth:`Game.from_json` replays them."""

    names: tuple[str, ...]
    rules: GameRules
    seed: int
    actions: tuple[Action, ...]
    deals: dict[int, Deal]
    rounds_started: int
    game_over: bool


def save_text(game: Game) -> str:
    """The game as JSON: seed, rules, names, actions and scripted deals."""
    data: dict[str, Any] = {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "names": list(game.names),
        "rules": game.rules.to_dict(),
        "seed": game.seed,
        "actions": [r.action.to_dict() for r in game.history],
        "rounds_started": game.rounds_started,
        "game_over": game.is_over,
    }
    deals = game.deals
    if deals:  # scripted deals, by the index of the round they started
        data["deals"] = [[i, d.to_dict()] for i, d in sorted(deals.items())]
    return json.dumps(data, ensure_ascii=False)


def read_save(text: object) -> SavedGame:
    """The checked fields of a saved game, or a :class:`GameError` saying what is wrong."""
    data = read_json(text, "game", MAX_SAVE_CHARS, MAX_SAVE_DEPTH, GameError)
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise GameError(_("This is not a saved Five Crowns game (its 'format' is missing)."))
    refuse_unknown_keys(data, _KNOWN, "game", GameError)
    check_save_version(data, SAVE_VERSION, "game", GameError)
    missing = [k for k in _FIELDS if k not in data]
    if missing:
        raise GameError(
            _("This saved game is incomplete: it has no {fields}.").format(
                fields=", ".join(missing)
            )
        )
    if not isinstance(data["actions"], list) or not isinstance(data["rules"], dict):
        raise GameError(_("This saved game is damaged: its actions or rules are not readable."))
    try:
        rules = GameRules.from_dict(data["rules"])
    except RulesError as error:
        raise GameError(
            _("This saved game has unknown rules: {problem}").format(problem=error)
        ) from None
    try:
        names = check_names(data["names"])
        seed = check_seed(data["seed"], GameError)
    except GameError as error:
        raise GameError(_("This saved game is damaged: {problem}").format(problem=error)) from None
    deals = _read_deals(data.get("deals", []))
    limit = rules.rounds + 1
    started = whole_number(
        data["rounds_started"],
        _("This saved game's rounds_started is not {low} to {high}: {value}."),
        1,
        limit,
        GameError,
    )
    game_over = data.get("game_over", False)
    if not isinstance(game_over, bool):
        raise GameError(_("This saved game is damaged: its game_over is not true or false."))
    actions = tuple(action_from_dict(a) for a in data["actions"])
    return SavedGame(names, rules, seed, actions, deals, started, game_over)


def _read_deals(data: object) -> dict[int, Deal]:
    if not isinstance(data, list) or len(data) > MAX_SAVE_DEPTH * 2:
        raise GameError(_("This saved game is damaged: its deals are not readable."))
    deals: dict[int, Deal] = {}
    for item in data:
        if not (isinstance(item, list) and len(item) == 2 and isinstance(item[0], int)):
            raise GameError(
                _("This saved game's deal {deal} is not [round index, deal].").format(
                    deal=quote(item)
                )
            )
        deals[item[0]] = Deal.from_dict(item[1])
    return deals


# What a save of each kind says of its version: missing, or one this program cannot read.
_VERSIONS: dict[str, tuple[str, str]] = {
    "game": (
        N_("This saved game has no version; this program reads version {version}."),
        N_("This saved game is version {value}; this program reads version {version}."),
    ),
    "solitaire game": (
        N_("This saved solitaire game has no version; this program reads version {version}."),
        N_("This saved solitaire game is version {value}; this program reads version {version}."),
    ),
}


def check_save_version(
    data: dict[Any, Any],
    version: int,
    kind: Literal["game", "solitaire game"],
    error: type[FiveCrownsError],
) -> None:
    """Refuse a saved ``kind`` whose ``"version"`` is missing or is not ``version``.

    A version is a whole number: ``"1"``, ``1.0`` or ``true`` is no version 1.

    >>> check_save_version({"version": 99}, 1, "game", FiveCrownsError)
    Traceback (most recent call last):
    ...
    fivecrowns_lab.errors.FiveCrownsError: This saved game is version 99; this program reads \
version 1.
    """
    missing, other = _VERSIONS[kind]
    if "version" not in data:
        raise error(_(missing).format(version=version))
    found = data["version"]
    if type(found) is not int or found != version:
        raise error(_(other).format(value=quote(found), version=version))
