"""The English detector of the Danish fuzz finds English and passes Danish (issue 45)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import fivecrowns_lab

from .danish_words import english_words

# -- the detector is sound ----------------------------------------------------------------------

#: Sentences the issue quotes, and a few more the fuzz met before the fix: each is English.
ENGLISH_SENTENCES = [
    "Round 4 deals 6 cards: outs are for a hand of 6 cards (before drawing) or 7 (after "
    "drawing), and this one holds 3.",
    "Left in hand: Q♠ = 12 = 12 points.",
    "Nothing left in hand: 0 points.",
    "player,round 1,total,place",
    "Each player needs a different name: 'Ana, Ana'.",
    "A bot is chosen by its name, one of 'random', 'greedy' (or a level such as 'easy'), not [].",
    "The round is still being played: it ends when every turn is taken.",
    "This deal uses 7♥ more often than the deck holds it.",
    "play_game plays a Game, not None.",
    "Ana cannot go out: JK is not in any meld.",
]


@pytest.mark.parametrize("sentence", ENGLISH_SENTENCES)
def test_the_detector_finds_the_english_in_each_english_sentence(sentence):
    assert english_words(sentence), sentence


def test_the_detector_passes_danish_sentences_with_input_cards_names_and_code():
    assert english_words("Runde 4 giver 6 kort: udgangskort tælles for en hånd på 6 kort.") == []
    assert english_words("Tilbage på hånden: Q♠ 10H JK = 12 + 10 + 50 = 72 point.") == []
    assert english_words("Ana og Ben: 'the cards' er ikke et kort, ikke {'hand': 'is…") == []
    assert english_words("play_game spiller et Game, ikke game.observation(player).") == []
    # the cut-short quote of a long input, and a huge number written in figures
    assert english_words("Et kort skrives som tekst, ikke {'actions': <~10**5000>, 'de….") == []


CATALOGUE = Path(fivecrowns_lab.__file__).parent / "locale/da/LC_MESSAGES/fivecrowns_lab.po"


def _catalogue() -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    """Every (English forms, Danish forms) pair of the Danish catalogue."""
    with CATALOGUE.open("rb") as f:
        messages = [m for m in read_po(f) if m.id]
    pairs = []
    for message in messages:
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        pairs.append((ids, strings))
    return pairs


_PLACEHOLDER = re.compile(r"\{[^{}]*\}|<[^<>]*>")
#: Catalogue entries whose letters are mathematics, not words: C(a, b) chooses b of a.
_MATHS = ("C(a, b)", "P(k wilds)", "Class: {pooled}")


def test_the_detector_passes_every_danish_translation_and_flags_every_long_english_one():
    danish_flagged, english_missed = [], []
    for ids, strings in _catalogue():
        if any(maths in ids[0] or any(maths in s for s in strings) for maths in _MATHS):
            continue
        danish_flagged += [s for s in strings if english_words(_PLACEHOLDER.sub(" ", s))]
        english_missed += [
            i
            for i in ids
            if len(_PLACEHOLDER.sub(" ", i).split()) >= 5
            and not english_words(_PLACEHOLDER.sub(" ", i))
        ]
    assert danish_flagged == []
    assert english_missed == []
