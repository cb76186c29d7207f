"""The checks every entry point makes on a learner's input, each defined once.

Four kinds of input come from outside at every layer: counts and indexes (a whole
number within bounds), seeds (the one seed policy), saved JSON text (read only when it is
small and shallow enough), and names people type (cleaned of characters nobody sees).
Each check raises the caller's error class, a
:class:`~fivecrowns_lab.errors.FiveCrownsError`, with one whole sentence in the learner's
language that quotes the input (a number's sentence comes from its caller; a seed's and a
save's are kept here, one per kind of save, never a noun glued into a sentence);
none of them allocates or searches in proportion to the input before refusing it.

This module sits just above :mod:`fivecrowns_lab.i18n` and :mod:`fivecrowns_lab.errors`
and below ``core``, so that every layer can use it.

>>> whole_number(3, "There are {low} to {high} players, not {value}.", 2, 7)
3
>>> whole_number(True, "There are {low} to {high} players, not {value}.", 2, 7)
Traceback (most recent call last):
...
fivecrowns_lab.errors.FiveCrownsError: There are 2 to 7 players, not True.
>>> check_seed("Ana's bot", text=True), check_seed(None, none=True)
("Ana's bot", None)
>>> read_json('{"a": [1, 2]}', "game")
{'a': [1, 2]}
"""

from __future__ import annotations

import hashlib
import json
import random
import re
import unicodedata
from collections.abc import Callable, Container
from typing import Any, Literal, NamedTuple

from .errors import FiveCrownsError, quote
from .i18n import N_
from .i18n import gettext as _
from .i18n import ngettext as _n

__all__ = [
    "MAX_SAVED_MOVES",
    "MAX_SAVE_CHARS",
    "MAX_SAVE_DEPTH",
    "MAX_SEED",
    "SaveKind",
    "Seed",
    "check_seed",
    "clean_name",
    "derived_rng",
    "is_numpy",
    "json_depth",
    "read_json",
    "whole_number",
]

ErrorClass = type[Exception]

# -- numpy values -----------------------------------------------------------------------------


def is_numpy(value: object) -> bool:
    """True for a numpy array or scalar (or anything array-like): never a card, a count or a
    player here, though it may look like one (an array has a ``choose`` method, and
    ``array == "stock"`` is an array). Found without importing numpy, which the package
    does not need.

    >>> is_numpy(3), is_numpy("8H"), is_numpy([1])
    (False, False, False)
    """
    kind = type(value)
    return kind.__module__.split(".")[0] == "numpy" or hasattr(kind, "__array__")


#: What a numpy number where a whole number belongs is told (numpy's own errors say less).
NUMPY_NUMBER = N_(
    "{value} is a numpy value; pass a plain Python whole number instead, such as int(x)."
)


# -- whole numbers ----------------------------------------------------------------------------


def whole_number(
    value: object,
    sentence: str,
    low: int | None = None,
    high: int | None = None,
    error: ErrorClass = FiveCrownsError,
    **values: object,
) -> int:
    """Return ``value`` if it is a real ``int`` (not a ``bool``) in ``low..high``; else raise.

    ``sentence`` is the caller's whole refusal, already in the learner's language (``_()``),
    with ``{value}`` (the quoted input), ``{low}``, ``{high}`` and any of ``values``; ``low``
    and ``high`` are inclusive bounds (None: no bound). ``error`` is the caller's error
    class. The input is quoted into the sentence, never read as a template.

    >>> whole_number(0, "The number of draws is a whole number of at least {low}.", low=0)
    0
    >>> whole_number(9, "There is no seat {value}: {low} to {high}.", 0, 2)
    Traceback (most recent call last):
    ...
    fivecrowns_lab.errors.FiveCrownsError: There is no seat 9: 0 to 2.
    """
    if is_numpy(value):
        raise error(_(NUMPY_NUMBER).format(value=quote(value)))
    if (
        isinstance(value, bool)
        or not isinstance(value, int)
        or (low is not None and value < low)
        or (high is not None and value > high)
    ):
        raise error(sentence.format(value=quote(value), low=low, high=high, **values))
    return value


# -- seeds ------------------------------------------------------------------------------------

#: Seeds are whole numbers within 64 bits either way (or, where a caller allows it, a text).
MAX_SEED = 2**64
#: What seeds a bot or a game: a whole number, a text, or None for a fresh random seed.
Seed = int | str | None


# What a caller may allow besides a whole number, in the order the sentence lists them.
_SEED_KINDS = (
    ("text", N_("a text")),
    ("generator", N_("a random.Random to keep dealing from")),
    ("none", N_("None (for a random one)")),
)
# Whose seed a sentence is about: one whole sentence each, never a glued subject.
_SEED_SENTENCES = {
    "A": (
        N_("A seed is {choices}, not {value}."),
        N_(
            "A seed text is letters, digits and symbols; {value} holds a broken character "
            "(a lone surrogate)."
        ),
    ),
    "A bot's": (
        N_("A bot's seed is {choices}, not {value}."),
        N_(
            "A bot's seed text is letters, digits and symbols; {value} holds a broken character "
            "(a lone surrogate)."
        ),
    ),
}


def check_seed(
    seed: object,
    error: ErrorClass = FiveCrownsError,
    *,
    none: bool = False,
    text: bool = False,
    generator: bool = False,
    whose: Literal["A", "A bot's"] = "A",
) -> Any:
    """The one seed policy: return ``seed`` if it may seed a generator here, else raise ``error``.

    A seed is always a whole number of less than 64 bits in size (``True`` is a switch passed
    by mistake, not a seed). A caller may also allow None (a fresh random seed), a text
    (``none``, ``text``), or a :class:`random.Random` to keep dealing from (``generator``);
    the sentence lists exactly what the caller allows. A text must be writable as UTF-8
    (a lone surrogate such as ``"\\ud800"`` cannot be), because seeding hashes its bytes.
    ``whose`` says whose seed it is: ``"A"`` (a seed) or ``"A bot's"``.

    >>> check_seed(2**64, whose="A bot's", text=True, none=True)
    Traceback (most recent call last):
    ...
    fivecrowns_lab.errors.FiveCrownsError: A bot's seed is a whole number below 2**64, a text,
    or None (for a random one), not 18446744073709551616.
    >>> check_seed("\\ud800", text=True)
    Traceback (most recent call last):
    ...
    fivecrowns_lab.errors.FiveCrownsError: A seed text is letters, digits and symbols; '\\ud800'
    holds a broken character (a lone surrogate).
    """
    not_a_seed, broken_text = _SEED_SENTENCES[whose]
    if seed is None and none:
        return None
    if isinstance(seed, random.Random) and generator:
        return seed
    if isinstance(seed, str) and text:
        try:
            seed.encode("utf-8")
        except UnicodeEncodeError:
            raise error(_(broken_text).format(value=quote(seed))) from None
        return seed
    if isinstance(seed, bool) or not isinstance(seed, int) or not -MAX_SEED < seed < MAX_SEED:
        allowed = {"text": text, "generator": generator, "none": none}
        kinds = [_("a whole number below 2**64")]
        kinds += [_(words) for key, words in _SEED_KINDS if allowed[key]]
        choices = _or_list(kinds)
        raise error(_(not_a_seed).format(choices=choices, value=quote(seed)))
    return seed


def _or_list(items: list[str]) -> str:
    """``items`` as choices inside a sentence: "a", "a or b", "a, b, or c" (in the language)."""
    if len(items) == 1:
        return items[0]
    if len(items) == 2:
        return _("{first} or {last}").format(first=items[0], last=items[1])
    return _("{items}, or {last}").format(items=", ".join(items[:-1]), last=items[-1])


def derived_rng(seed: int, *parts: object) -> random.Random:
    """A generator that depends only on the seed and the parts (stable across processes).

    >>> derived_rng(7, "round", 0).random() == derived_rng(7, "round", 0).random()
    True
    """
    text = ":".join(str(p) for p in (seed, *parts))
    digest = hashlib.sha256(text.encode("utf-8", "surrogatepass")).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


# -- saved JSON -------------------------------------------------------------------------------

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


# -- names ------------------------------------------------------------------------------------

# Unicode categories removed from names: control (Cc), format (Cf: zero-width spaces and
# joiners, bidirectional marks and isolates, the byte-order mark, soft hyphens), lone
# surrogates (Cs: they cannot be written to a UTF-8 file) and line or paragraph separators.
_INVISIBLE = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})


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


def clean_name(text: str) -> str:
    """``text`` as a name: NFC-normalised, invisible characters removed, spaces tidied.

    Every run of whitespace (tabs and new lines included) becomes one space and the ends
    are trimmed; control, zero-width and bidirectional characters are dropped. The result
    may be empty: the caller decides whether an empty name is allowed. A value that is not
    text raises :class:`~fivecrowns_lab.errors.FiveCrownsError`.

    >>> clean_name("  Ann\\u200b  Lee\\u202e ")
    'Ann Lee'
    >>> clean_name("Zoe\\u0301") == "Zo\\u00e9"
    True
    """
    if not isinstance(text, str):
        raise FiveCrownsError(_("A name is text, not {value}.").format(value=quote(text)))
    kept = "".join(
        " " if char.isspace() else char
        for char in text
        if char.isspace() or unicodedata.category(char) not in _INVISIBLE
    )
    # Normalised after the removal: a dropped character may have sat between a letter and
    # its accent.
    return unicodedata.normalize("NFC", " ".join(kept.split()))
