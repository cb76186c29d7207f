"""The checks every entry point makes on a learner's input, each defined once.

Four kinds of input come from outside at every layer: counts and indexes (a whole
number within bounds), seeds (the one seed policy), saved JSON text (read only when it is
small and shallow enough), and names people type (cleaned of characters nobody sees).
Each check raises the caller's error class, a
:class:`~fivecrowns_lab.errors.FiveCrownsError`, with one sentence that quotes the input;
none of them allocates or searches in proportion to the input before refusing it.

This module sits just above :mod:`fivecrowns_lab.errors` and below ``core``, so that every
layer can use it.

>>> whole_number(3, "The number of players", 2, 7)
3
>>> whole_number(True, "The number of players", 2, 7)
Traceback (most recent call last):
...
fivecrowns_lab.errors.FiveCrownsError: The number of players is ... from 2 to 7, not True.
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
from collections.abc import Container
from typing import Any

from .errors import FiveCrownsError, quote

__all__ = [
    "MAX_SAVE_CHARS",
    "MAX_SAVE_DEPTH",
    "MAX_SEED",
    "Seed",
    "check_seed",
    "clean_name",
    "derived_rng",
    "json_depth",
    "read_json",
    "whole_number",
]

ErrorClass = type[Exception]

# -- whole numbers ----------------------------------------------------------------------------


def whole_number(
    value: object,
    what: str,
    low: int | None = None,
    high: int | None = None,
    error: ErrorClass = FiveCrownsError,
    sentence: str | None = None,
) -> int:
    """Return ``value`` if it is a real ``int`` (not a ``bool``) in ``low..high``; else raise.

    ``what`` names the number at the start of the sentence ("The number of games"); ``low``
    and ``high`` are inclusive bounds (None: no bound). ``error`` is the caller's error
    class. A caller whose learners know the refusal by other words passes ``sentence``, a
    template with ``{value}`` (the quoted input), ``{low}`` and ``{high}``.

    >>> whole_number(0, "The number of draws", low=0)
    0
    >>> whole_number(1.5, "The chunk size", low=1)
    Traceback (most recent call last):
    ...
    fivecrowns_lab.errors.FiveCrownsError: The chunk size is a whole number of at least 1, not 1.5.
    >>> whole_number(9, "seat", 0, 2, sentence="There is no {what} {value}: {low} to {high}.")
    Traceback (most recent call last):
    ...
    fivecrowns_lab.errors.FiveCrownsError: There is no seat 9: 0 to 2.
    """
    if (
        isinstance(value, bool)
        or not isinstance(value, int)
        or (low is not None and value < low)
        or (high is not None and value > high)
    ):
        if sentence is None:
            sentence = "{what} is a whole number" + _bounds(low, high) + ", not {value}."
        raise error(sentence.format(what=what, value=quote(value), low=low, high=high))
    return value


def _bounds(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return " from {low} to {high}"
    if low is not None:
        return " of at least {low}"
    if high is not None:
        return " of at most {high}"
    return ""


# -- seeds ------------------------------------------------------------------------------------

#: Seeds are whole numbers within 64 bits either way (or, where a caller allows it, a text).
MAX_SEED = 2**64
#: What seeds a bot or a game: a whole number, a text, or None for a fresh random seed.
Seed = int | str | None


def check_seed(
    seed: object,
    error: ErrorClass = FiveCrownsError,
    *,
    none: bool = False,
    text: bool = False,
    generator: bool = False,
    whose: str = "A",
) -> Any:
    """The one seed policy: return ``seed`` if it may seed a generator here, else raise ``error``.

    A seed is always a whole number of less than 64 bits in size (``True`` is a switch passed
    by mistake, not a seed). A caller may also allow None (a fresh random seed), a text
    (``none``, ``text``), or a :class:`random.Random` to keep dealing from (``generator``);
    the sentence lists exactly what the caller allows. A text must be writable as UTF-8
    (a lone surrogate such as ``"\\ud800"`` cannot be), because seeding hashes its bytes.
    ``whose`` starts the sentence: ``"A"`` (a seed) or ``"A bot's"``.

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
    if seed is None and none:
        return None
    if isinstance(seed, random.Random) and generator:
        return seed
    if isinstance(seed, str) and text:
        try:
            seed.encode("utf-8")
        except UnicodeEncodeError:
            raise error(
                f"{whose} seed text is letters, digits and symbols; {quote(seed)} holds a "
                "broken character (a lone surrogate)."
            ) from None
        return seed
    if isinstance(seed, bool) or not isinstance(seed, int) or not -MAX_SEED < seed < MAX_SEED:
        kinds = ["a whole number below 2**64"]
        kinds += ["a text"] * text
        kinds += ["a random.Random to keep dealing from"] * generator
        kinds += ["None (for a random one)"] * none
        listed = kinds[0] if len(kinds) == 1 else ", ".join(kinds[:-1]) + ", or " + kinds[-1]
        if len(kinds) == 2:
            listed = " or ".join(kinds)
        raise error(f"{whose} seed is {listed}, not {quote(seed)}.")
    return seed


def derived_rng(seed: int, *parts: object) -> random.Random:
    """A generator that depends only on the seed and the parts (stable across processes).

    >>> derived_rng(7, "round", 0).random() == derived_rng(7, "round", 0).random()
    True
    """
    text = ":".join(str(p) for p in (seed, *parts))
    digest = hashlib.sha256(text.encode("utf-8", "surrogatepass")).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


# -- saved JSON -------------------------------------------------------------------------------

#: The largest save read back (a full game of 7 players is about 60 KB) and its deepest nesting.
MAX_SAVE_CHARS = 1_000_000
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


def read_json(
    text: object,
    what: str,
    max_chars: int = MAX_SAVE_CHARS,
    max_depth: int = MAX_SAVE_DEPTH,
    error: ErrorClass = FiveCrownsError,
) -> Any:
    """Parse a saved ``what`` of at most ``max_chars`` nested at most ``max_depth`` deep.

    ``text`` is a ``str`` or UTF-8 ``bytes``; anything else, anything larger or deeper, and
    anything that is not JSON raises ``error`` with a sentence naming ``what``. The size and
    depth are checked before parsing, so a huge or deeply nested text costs no more than a
    scan of it.

    >>> read_json("[[[1]]]", "scoresheet", max_depth=2)
    Traceback (most recent call last):
    ...
    fivecrowns_lab.errors.FiveCrownsError: This is not a saved scoresheet: it nests deeper ...
    """
    if isinstance(text, bytes):
        if len(text) > max_chars:
            raise error(f"This {what} is too large: {len(text)} bytes, the most is {max_chars}.")
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise error(f"This is not a saved {what}: it is not UTF-8 text.") from None
    if not isinstance(text, str):
        raise error(f"A saved {what} is JSON text, not {quote(text)}.")
    if len(text) > max_chars:
        raise error(f"This {what} is too large: {len(text)} characters, the most is {max_chars}.")
    if json_depth(text) > max_depth:
        raise error(f"This is not a saved {what}: it nests deeper than any save does.")
    try:
        return json.loads(text)
    except json.JSONDecodeError as problem:
        raise error(
            f"This is not a saved {what}: {problem.msg} at character {problem.pos}."
        ) from None
    except (ValueError, RecursionError):  # such as a number of more than 4300 digits
        raise error(f"This is not a saved {what}: it holds a value too large to read.") from None


# -- names ------------------------------------------------------------------------------------

# Unicode categories removed from names: control (Cc), format (Cf: zero-width spaces and
# joiners, bidirectional marks and isolates, the byte-order mark, soft hyphens), lone
# surrogates (Cs: they cannot be written to a UTF-8 file) and line or paragraph separators.
_INVISIBLE = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})


def refuse_unknown_keys(
    data: dict[Any, Any], known: Container[Any], what: str, error: type[FiveCrownsError]
) -> None:
    """Refuse a saved ``what`` whose keys are not all in ``known``, naming up to five.

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
        keys = "a key" if len(unknown) == 1 else "keys"
        names = ", ".join(quote(k) for k in unknown[:5])
        raise error(
            f"This saved {what} holds {keys} no save has: {names}; it may come from another "
            "program."
        )


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
        raise FiveCrownsError(f"A name is text, not {quote(text)}.")
    kept = "".join(
        " " if char.isspace() else char
        for char in text
        if char.isspace() or unicodedata.category(char) not in _INVISIBLE
    )
    # Normalised after the removal: a dropped character may have sat between a letter and
    # its accent.
    return unicodedata.normalize("NFC", " ".join(kept.split()))
