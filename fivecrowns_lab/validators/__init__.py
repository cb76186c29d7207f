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
import random
import unicodedata
from typing import Any, Literal

from ..errors import FiveCrownsError, quote
from ..i18n import N_
from ..i18n import gettext as _
from .saved_json import (
    MAX_SAVE_CHARS,
    MAX_SAVE_DEPTH,
    MAX_SAVED_MOVES,
    SaveKind,
    json_depth,
    read_json,
)
from .saved_json import (
    refuse_unknown_keys as refuse_unknown_keys,
)

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


# -- names ------------------------------------------------------------------------------------

# Unicode categories removed from names: control (Cc), format (Cf: zero-width spaces and
# joiners, bidirectional marks and isolates, the byte-order mark, soft hyphens), lone
# surrogates (Cs: they cannot be written to a UTF-8 file) and line or paragraph separators.
_INVISIBLE = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})


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
