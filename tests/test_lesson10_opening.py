"""Lesson 10's "Try this" starts from the setup the lab opens with (issue 48): the bots it
names first are the lab's opening seats, and the games the lab's opening count, in both
languages."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import nbformat
import pytest

from fivecrowns_lab import set_language
from fivecrowns_lab.lessons import strategy_lab
from fivecrowns_lab.table.players import bot_word

NOTEBOOKS = Path(__file__).parent.parent / "notebooks"
LABELS = {"en": ("", "**Try this.**"), "da": ("da", "**Prøv selv.**")}


def _first_sentence(folder: str, label: str) -> str:
    book = nbformat.read(NOTEBOOKS / folder / "10-strategy-lab.ipynb", as_version=4)
    cells = [c.source for c in book.cells if c.cell_type == "markdown" and label in c.source]
    assert len(cells) == 1, f"one {label} cell"
    text = cells[0].split(label, 1)[1]
    return text.split(". ", 1)[0]


@pytest.mark.parametrize("language", sorted(LABELS))
def test_lesson_10_try_this_names_the_seats_and_games_the_lab_opens_with(language):
    folder, label = LABELS[language]
    defaults = inspect.signature(strategy_lab).parameters
    players, games = defaults["players"].default, defaults["n_games"].default
    set_language(language)
    sentence = _first_sentence(folder, label)
    assert re.findall(r"\*([^*]+)\*", sentence) == [bot_word(p) for p in players], sentence
    assert re.search(rf"\b{games}\b", sentence), sentence
