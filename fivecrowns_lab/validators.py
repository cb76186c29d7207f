"""Cleaning what people type as names, before any check or save.

A name typed on a phone or pasted from a chat can carry characters nobody sees: control
characters, zero-width spaces and joiners, and bidirectional controls that make a name
display in another order than it is stored (``'Ann\\u202e'`` shows text after it reversed).
Two names that look the same may also differ in how an accent is encoded. :func:`clean_name`
settles all of that once, so the checks after it (empty, too long, two players with the
same name) compare what a person sees.
"""

from __future__ import annotations

import unicodedata

from .errors import FiveCrownsError, quote

__all__ = ["clean_name"]

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
        raise FiveCrownsError(f"A name is text, not {quote(text)}.")
    kept = "".join(
        " " if char.isspace() else char
        for char in text
        if char.isspace() or unicodedata.category(char) not in _INVISIBLE
    )
    # Normalised after the removal: a dropped character may have sat between a letter and
    # its accent.
    return unicodedata.normalize("NFC", " ".join(kept.split()))
