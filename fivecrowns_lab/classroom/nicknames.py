"""When two nicknames are the same nickname: a key that look-alikes share.

A teacher reading the dashboard cannot tell "S00" from "s00", from "Ѕ00" (a Cyrillic
Ѕ) or from "SOO": a class holds at most one of them. :func:`nickname_key` maps a
nickname to the key a class keeps unique: NFKC (full-width and compatibility forms
become plain ones), case folding, then a skeleton where every character that reads
like another one becomes a single representative (Cyrillic and Greek letters that look
Latin, and the digit/letter pairs a projector blurs: 0/O, 1/l/I, 5/S, 2/Z, 8/B).

This is a small table of its own for the look-alikes a class meets, not Unicode's whole
confusables list: a key is for telling names apart on one dashboard, not for security.
"""

from __future__ import annotations

import unicodedata

__all__ = ["nickname_key"]

# Capitals first, before case folding: Greek Ν reads as N, its small ν as v.
_CAPITALS = {
    # Cyrillic
    "А": "A", "В": "B", "С": "C", "Е": "E", "Н": "H", "І": "I", "Ј": "J", "К": "K",
    "М": "M", "О": "O", "Р": "P", "Ѕ": "S", "Т": "T", "Х": "X", "У": "Y", "Ү": "Y",
    "Ԛ": "Q", "Ԝ": "W", "З": "3",
    # Greek
    "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M",
    "Ν": "N", "Ο": "O", "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X",
}  # fmt: skip

# Each small look-alike (after case folding) and the letter it reads as: Cyrillic and
# Greek first, then the digits and the Latin pairs.
_LOOK_ALIKES = {
    # Cyrillic
    "а": "a", "в": "b", "с": "c", "ԁ": "d", "е": "e", "ё": "e", "һ": "h", "і": "i",
    "ї": "i", "ј": "j", "к": "k", "ӏ": "l", "м": "m", "н": "h", "о": "o", "р": "p",
    "ԛ": "q", "ѕ": "s", "т": "t", "у": "y", "ԝ": "w", "х": "x", "ү": "y", "ь": "b",
    "з": "3", "ч": "4", "б": "6",
    # Greek
    "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "i", "κ": "k", "μ": "m", "ν": "v",
    "ο": "o", "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "γ": "y", "ζ": "z", "ω": "w",
    "ς": "s", "σ": "o",
    # digits and Latin letters that read alike
    "0": "o", "1": "l", "i": "l", "|": "l", "5": "s", "2": "z", "8": "b", "$": "s",
}  # fmt: skip


def nickname_key(nickname: str) -> str:
    """The key ``nickname`` shares with every nickname that looks like it.

    >>> nickname_key("S00") == nickname_key("s00") == nickname_key("\\u040500")
    True
    >>> nickname_key("Ann") == nickname_key("Anne")
    False
    """
    plain = unicodedata.normalize("NFKC", nickname)
    folded = "".join(_CAPITALS.get(char, char) for char in plain).casefold()
    # Accents dropped too: "Zoë" and "Zoe" read alike from the back of a room.
    bare = "".join(
        char for char in unicodedata.normalize("NFD", folded) if unicodedata.category(char) != "Mn"
    )
    skeleton = "".join(_LOOK_ALIKES.get(char, char) for char in bare)
    return " ".join(skeleton.split())
