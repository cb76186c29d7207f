"""Saved JSON text, read only when it is small and shallow enough, refused in a sentence.

Every learner's save (a game, a solitaire game, a scoresheet, a results file, a class
request) is read by :func:`read_json`: its size in bytes and characters, its encoding
and its nesting are checked before the JSON parser sees it, and each problem is one
whole sentence for that kind of save (:data:`SaveKind`). :func:`refuse_unknown_keys`
refuses a save holding keys no save has. Part of :mod:`fivecrowns_lab.validators`,
which gives these names too.

>>> read_json('{"a": [1, 2]}', "game")
{'a': [1, 2]}
>>> json_depth('[{"a": "[["}]')
2
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Container
from typing import Any, Literal, NamedTuple

from ..errors import FiveCrownsError, quote
from ..i18n import N_
from ..i18n import gettext as _
from ..i18n import ngettext as _n

__all__ = [
    "MAX_SAVED_MOVES",
    "MAX_SAVE_CHARS",
    "MAX_SAVE_DEPTH",
    "SaveKind",
    "json_depth",
    "read_json",
    "refuse_unknown_keys",
]

ErrorClass = type[Exception]

# A legal game has no longest: the stock is reshuffled whenever it runs out, and two
# players may take the top discard and throw it back for ever. So the bound is set on
# moves instead: a save holds up to MAX_SAVED_MOVES draws and discards (a full game of
# 7 greedy bots is about 400 moves), each at most MAX_MOVE_CHARS as saved (the longest,
# '{"type": "draw", "source": "discard"}, ', has 39); everything else (the go-outs, at
# most one a player a round, the names, rules and scripted deals) fits in the overhead.
#: The most draws and discards a save is sized for.
MAX_SAVED_MOVES = 200_000
#: The most characters a saved draw or discard takes, with its separator.
MAX_MOVE_CHARS = 40
#: Room for what is not a draw or a discard: go-outs, names, rules and deals.
SAVE_OVERHEAD_CHARS = 200_000
#: The largest save read back (about 8 MB, read and replayed in about a second) and its
#: deepest nesting.
MAX_SAVE_CHARS = MAX_SAVED_MOVES * MAX_MOVE_CHARS + SAVE_OVERHEAD_CHARS
MAX_SAVE_DEPTH = 8

_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKETS = re.compile(r"[\[\]{}]")


def json_depth(text: str) -> int:
    """How deeply the lists and objects of a JSON text nest (strings are skipped).

    >>> json_depth('{"a": [[1], "]]]"]}')
    3
    """
    depth = deepest = 0
    for bracket in _BRACKETS.findall(_STRINGS.sub("", text)):
        depth += 1 if bracket in "[{" else -1
        deepest = max(deepest, depth)
    return deepest


class _SaveSentences(NamedTuple):
    """What :func:`read_json` says about one kind of save: whole sentences (msgids)."""

    too_many_bytes: str
    not_utf8: str
    not_text: str
    too_many_chars: str
    too_deep: str
    not_json: str
    too_large_value: str


# One whole sentence per kind of save and problem, so that a translation never glues a
# noun into a sentence (Danish nouns differ in gender: "et spil", "et pointskema"). The
# sizes quoted are always above the most allowed, so never 1: no plural forms are needed.
_SAVES = {
    "game": _SaveSentences(
        N_("This game is too large: {size} bytes, the most is {most}."),
        N_("This is not a saved game: it is not UTF-8 text."),
        N_("A saved game is JSON text, not {value}."),
        N_("This game is too large: {size} characters, the most is {most}."),
        N_("This is not a saved game: it nests deeper than any save does."),
        N_("This is not a saved game: {problem} at character {position}."),
        N_("This is not a saved game: it holds a value too large to read."),
    ),
    "solitaire game": _SaveSentences(
        N_("This solitaire game is too large: {size} bytes, the most is {most}."),
        N_("This is not a saved solitaire game: it is not UTF-8 text."),
        N_("A saved solitaire game is JSON text, not {value}."),
        N_("This solitaire game is too large: {size} characters, the most is {most}."),
        N_("This is not a saved solitaire game: it nests deeper than any save does."),
        N_("This is not a saved solitaire game: {problem} at character {position}."),
        N_("This is not a saved solitaire game: it holds a value too large to read."),
    ),
    "scoresheet": _SaveSentences(
        N_("This scoresheet is too large: {size} bytes, the most is {most}."),
        N_("This is not a saved scoresheet: it is not UTF-8 text."),
        N_("A saved scoresheet is JSON text, not {value}."),
        N_("This scoresheet is too large: {size} characters, the most is {most}."),
        N_("This is not a saved scoresheet: it nests deeper than any save does."),
        N_("This is not a saved scoresheet: {problem} at character {position}."),
        N_("This is not a saved scoresheet: it holds a value too large to read."),
    ),
    "results file": _SaveSentences(
        N_("This results file is too large: {size} bytes, the most is {most}."),
        N_("This is not a saved results file: it is not UTF-8 text."),
        N_("A saved results file is JSON text, not {value}."),
        N_("This results file is too large: {size} characters, the most is {most}."),
        N_("This is not a saved results file: it nests deeper than any save does."),
        N_("This is not a saved results file: {problem} at character {position}."),
        N_("This is not a saved results file: it holds a value too large to read."),
    ),
    "class request": _SaveSentences(
        N_("This class request is too large: {size} bytes, the most is {most}."),
        N_("This is not a saved class request: it is not UTF-8 text."),
        N_("A saved class request is JSON text, not {value}."),
        N_("This class request is too large: {size} characters, the most is {most}."),
        N_("This is not a saved class request: it nests deeper than any save does."),
        N_("This is not a saved class request: {problem} at character {position}."),
        N_("This is not a saved class request: it holds a value too large to read."),
    ),
}
#: The kinds of saved text :func:`read_json` reads, each with its own sentences.
SaveKind = Literal["game", "solitaire game", "scoresheet", "results file", "class request"]

# The JSON parser's own words (from the json module) for what is wrong, each in the catalogue;
# a message with a detail after these words ("Invalid \\escape: 'x'") is matched by its start.
_JSON_PROBLEMS = (
    N_("Expecting value"),
    N_("Expecting property name enclosed in double quotes"),
    N_("Expecting ':' delimiter"),
    N_("Expecting ',' delimiter"),
    N_("Unterminated string starting at"),
    N_("Invalid control character"),
    N_("Invalid \\uXXXX escape"),
    N_("Invalid \\escape"),
    N_("Extra data"),
)


def _json_problem(message: str) -> str:
    """The parser's ``message`` in the learner's language (as it is, in English)."""
    for words in _JSON_PROBLEMS:
        if message.startswith(words):
            translated = _(words)
            return message if translated == words else translated
    return message


def read_json(
    text: object,
    kind: SaveKind,
    max_chars: int = MAX_SAVE_CHARS,
    max_depth: int = MAX_SAVE_DEPTH,
    error: ErrorClass = FiveCrownsError,
) -> Any:
    """Parse a saved ``kind`` of at most ``max_chars`` nested at most ``max_depth`` deep.

    ``text`` is a ``str`` or UTF-8 ``bytes``; anything else, anything larger or deeper, and
    anything that is not JSON raises ``error`` with a sentence naming the ``kind`` of save
    (a key of ``_SAVES``: "game", "solitaire game", "scoresheet", "results file" or
    "class request"), in the learner's language. The size and depth are checked before
    parsing, so a huge or deeply nested text costs no more than a scan of it.

    >>> read_json('{"a": [1, 2]}', "game")
    {'a': [1, 2]}
    >>> read_json("[[[1]]]", "scoresheet", max_depth=2)
    Traceback (most recent call last):
    ...
    fivecrowns_lab.errors.FiveCrownsError: This is not a saved scoresheet: it nests deeper ...
    """
    says = _SAVES[kind]
    if isinstance(text, bytes):
        if len(text) > max_chars:
            raise error(_(says.too_many_bytes).format(size=len(text), most=max_chars))
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise error(_(says.not_utf8)) from None
    if not isinstance(text, str):
        raise error(_(says.not_text).format(value=quote(text)))
    if len(text) > max_chars:
        raise error(_(says.too_many_chars).format(size=len(text), most=max_chars))
    if json_depth(text) > max_depth:
        raise error(_(says.too_deep))
    try:
        return json.loads(text)
    except json.JSONDecodeError as problem:
        raise error(
            _(says.not_json).format(problem=_json_problem(problem.msg), position=problem.pos)
        ) from None
    except (ValueError, RecursionError):  # such as a number of more than 4300 digits
        raise error(_(says.too_large_value)) from None


# The saves that refuse keys they do not know, each with its sentence for one key or more.
_UNKNOWN_KEYS: dict[str, Callable[[int], str]] = {
    "game": lambda count: _n(
        "This saved game holds a key no save has: {keys}; it may come from another program.",
        "This saved game holds keys no save has: {keys}; it may come from another program.",
        count,
    ),
    "solitaire game": lambda count: _n(
        "This saved solitaire game holds a key no save has: {keys}; it may come from another "
        "program.",
        "This saved solitaire game holds keys no save has: {keys}; it may come from another "
        "program.",
        count,
    ),
}


def refuse_unknown_keys(
    data: dict[Any, Any],
    known: Container[Any],
    kind: Literal["game", "solitaire game"],
    error: type[FiveCrownsError],
) -> None:
    """Refuse a saved ``kind`` whose keys are not all in ``known``, naming up to five.

    A key no save of ours writes means another program (or a hand) made the file; reading
    on would silently drop what it meant.

    >>> refuse_unknown_keys({"seed": 1, "peek": 2}, {"seed"}, "solitaire game", FiveCrownsError)
    Traceback (most recent call last):
    ...
    fivecrowns_lab.errors.FiveCrownsError: This saved solitaire game holds a key no save has: \
'peek'; it may come from another program.
    """
    unknown = sorted(str(k) for k in data if k not in known)
    if unknown:
        names = ", ".join(quote(k) for k in unknown[:5])
        raise error(_UNKNOWN_KEYS[kind](len(unknown)).format(keys=names))
