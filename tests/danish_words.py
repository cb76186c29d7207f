"""Telling English from Danish in a sentence the package writes (issue 45).

:func:`english_words` lists the English words of a sentence once the quoted input, the
card codes, code and the names tests type are taken out; :func:`texts_of` collects the
sentences a learner reads in an answer, :func:`said` a refusal as the learner reads it.
``tests/test_danish_detector.py`` checks the detector on the issue's sentences and on the
whole catalogue; ``tests/test_danish_fuzz.py`` uses it on the public API.
"""

from __future__ import annotations

import contextlib
import re
from typing import Any

import fivecrowns_lab
from fivecrowns_lab import FiveCrownsError
from fivecrowns_lab.classroom.pages import refusal
from fivecrowns_lab.errors import ClassError

#: Words that are English and never Danish. Words both languages spell alike ("for",
#: "under", "over", "bot", "joker", "point", "score", "total") and Danish words that look
#: English ("to" is two, "have" and "at" are Danish verbs and markers, "given" is the deal)
#: are left out: a real English sentence is still caught by the rest.
ENGLISH_WORDS = frozenset(
    re.findall(
        r"\S+",
        """
    a an the is are was were be been being not no nothing of and or this that these those
    with from your you it its than only there which when what must cannot can't should
    would could has does into on in by each every any all here out one two three four five
    six seven eight nine ten card cards round rounds hand hands points player players game
    games deal deals draws whole number numbers between after before still yet already
    left needs need got gets choose try first next last more less instead while because
    holds melds run runs book books wild wilds jokers seed seeds stock discard pile place
    name names turn phase scores expecting character value key keys line column delimiter
    property empty none saved broken damaged too large small my now press seat seats turns
    passed billion confidence difference estimate share result results waiting paused
    """,
    )
)
# "none" is also Python's None, written with a capital: see _CODE below.

#: What a sentence may hold besides its words: quoted input ('x', "x", “x”), card codes
#: (10H, Q*, JK, 7♥), code (None, True, random.Random, 2**64) and the names tests type.
_QUOTED = re.compile(
    r"'(?:[^'\\\n…]|\\[^…])*(?:'|\\?…)|\"(?:[^\"\\\n…]|\\[^…])*(?:\"|\\?…)|“[^”]*”|`[^`]*`"
)  # a quote cut short by quote() ends in "…" instead of its closing mark
_CUT = re.compile(r"\w+…")  # the end of an input quote() cut short ("…, 'format': No…")
_CARD = re.compile(r"(?<!\w)(?:(?:10|[3-9JQK])[HSCD*♥♠♣♦★]|JK)(?!\w)")
_CODE = re.compile(r"\w+(?:\.\w+)*\([^()]*\)|\b(?:None|True|False|\w+\.[\w.]+|\w*_\w*)\b")
#: The package's class names, written as they are in a sentence of any language.
CLASSES = frozenset({"Deal", "Game", "GameRules", "Hand", "Solitaire", "ScoreSheet", "Card"})
NAMES = frozenset({"Ana", "Ben", "Ann", "Bo", "Cy", "Zoe", "Zoé", "Dan", "Eve"})
_GAME_NAME = re.compile(r"Five Crowns")
_WORD = re.compile(r"[^\W\d_]+(?:'[a-z]+)?")


def english_words(text: str) -> list[str]:
    """The English words of ``text`` (empty for a Danish sentence), input and codes aside.

    >>> english_words("Runde 4 giver 6 kort, ikke 'the cards'.")
    []
    >>> english_words("Left in hand: 9C = 9 points.")
    ['Left', 'in', 'hand', 'points']
    """
    bare = _CUT.sub(" ", _QUOTED.sub(" ", _GAME_NAME.sub(" ", text)))
    bare = _CODE.sub(" ", _CARD.sub(" ", bare))
    return [
        word
        for word in _WORD.findall(bare)
        if word not in NAMES and word not in CLASSES and word.lower() in ENGLISH_WORDS
    ]


#: Answers whose str() is a summary a learner prints in a notebook.
SUMMARIES = (
    fivecrowns_lab.Estimate,
    fivecrowns_lab.Comparison,
    fivecrowns_lab.SolitaireOdds,
    fivecrowns_lab.ActionRecord,
    fivecrowns_lab.Draw,
    fivecrowns_lab.Discard,
    fivecrowns_lab.GoOut,
    fivecrowns_lab.Place,
)
#: Methods whose returned text is a description a learner reads.
DESCRIBING = ("describe", "last_reason", "reason")


def texts_of(name: str, result: Any) -> list[str]:
    """The sentences a learner reads in ``result``, the answer of the call ``name``."""
    texts = []
    if isinstance(result, str) and name.rsplit(".", 1)[-1] in DESCRIBING:
        texts.append(result)
    if name.endswith(".to_csv") and isinstance(result, str):
        texts.append(result.split("\n", 1)[0])  # the header row (the rest are names, numbers)
    # A value type built by hand from arbitrary fields (Arrangement(melds=[None], ...)) is
    # not checked, and its text fields are the caller's: only the API's answers are read.
    built_by_hand = name == type(result).__name__
    if isinstance(result, SUMMARIES) and not built_by_hand:
        texts.append(str(result))
    describe = getattr(result, "describe", None)
    if callable(describe) and not isinstance(result, type):
        with contextlib.suppress(Exception if built_by_hand else TypeError):
            described = describe()  # a DataFrame's describe() is a table, not a sentence
            if isinstance(described, str):
                texts.append(described)
    reason = getattr(result, "reason", None)
    if isinstance(reason, str):
        texts.append(reason)
    return texts


def said(error: FiveCrownsError) -> str:
    """A refusal as the learner reads it (a class page writes a ClassError from its sentence)."""
    return refusal(error) if isinstance(error, ClassError) else str(error)
