"""CONTRIBUTING's "How to add a lesson", followed with a throw-away lesson (issue 46): the
recipe names eight files, and everything else a lesson needs is made from its record."""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
import sys
import types
from pathlib import Path

import ipywidgets as widgets
from babel.messages.catalog import Catalog

from fivecrowns_lab.content import catalogue
from fivecrowns_lab.content.catalogue import LessonEntry, find_lessons, group, outline
from fivecrowns_lab.core.cards import DECK
from fivecrowns_lab.lessons import open_lesson

from .test_danish_notebooks_built import builder  # tools/danish_notebooks.py, loaded

ROOT = Path(__file__).resolve().parents[1]
_README_SPEC = importlib.util.spec_from_file_location(
    "readme_lessons", ROOT / "tools" / "readme_lessons.py"
)
assert _README_SPEC and _README_SPEC.loader
readme = importlib.util.module_from_spec(_README_SPEC)
_README_SPEC.loader.exec_module(readme)


def _recipe() -> str:
    text = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    return text.split("## How to add a lesson\n", 1)[1].split("\n## ", 1)[0]


def _recipe_files() -> list[str]:
    """The file each numbered step of the recipe starts with."""
    return re.findall(r"^\d+\. `([^`]+)`", _recipe(), re.M)


def test_the_lesson_recipe_names_eight_files_each_where_the_repository_has_its_folder():
    files = _recipe_files()
    assert len(files) == len(set(files)) == 8, files
    for name in files:
        assert (ROOT / name).parent.is_dir(), name
    # The steps are numbered 1..8 in order, one file each.
    assert re.findall(r"^(\d+)\. `", _recipe(), re.M) == [str(n) for n in range(1, 9)]


class _Probe(widgets.VBox):
    """A throw-away view: one button that counts the deck into a label."""

    def __init__(self, start: int = 0) -> None:
        self.button = widgets.Button(description="Count the deck")
        self.count = widgets.Label(str(start))
        self.button.on_click(lambda _button: setattr(self.count, "value", str(len(DECK))))
        super().__init__([self.button, self.count])


def _notebook(title: str, number: str) -> dict:
    cell = {"cell_type": "markdown", "id": "c00", "metadata": {}}
    code = {"cell_type": "code", "id": "c01", "metadata": {}, "outputs": []}
    return {
        "cells": [
            {**cell, "source": [f"# {title}\n", "\n", "Count the cards of the deck.\n"]},
            {
                **code,
                "execution_count": None,
                "source": [
                    "from fivecrowns_lab.lessons import open_lesson\n",
                    "\n",
                    f'open_lesson("{number}")',
                ],
            },
        ],
        "metadata": {"title": f"{title} · Five Crowns Lab"},
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def test_a_new_lesson_by_the_recipe_needs_only_its_files_and_the_rest_follows_its_record(
    tmp_path, monkeypatch, widget_errors
):
    from fivecrowns_lab.views import gallery

    number = f"{int(catalogue.CATALOGUE[-1].number) + 1:02d}"
    slug = f"{number}-recipe-probe"
    # Step 1, the view: a module of its own under views/.
    module = types.ModuleType("fivecrowns_lab.views.recipe_probe")
    module.Probe = _Probe  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, module.__name__, module)
    # Step 3, the record, naming the view.
    entry = LessonEntry(
        number, f"{slug}.ipynb", "Recipe probe", "game", "beginner", 5, (),
        "How many cards a deck holds.", ("Say how many cards a deck holds.",),
        quiz=None, view="recipe_probe:Probe",
    )  # fmt: skip
    monkeypatch.setattr(catalogue, "CATALOGUE", (*catalogue.CATALOGUE, entry))
    monkeypatch.setattr(gallery, "CATALOGUE", catalogue.CATALOGUE)
    monkeypatch.setitem(catalogue._BY_NUMBER, number, entry)
    # Step 4, the notebook, beside the others.
    folder = tmp_path / "notebooks"
    shutil.copytree(builder.ENGLISH, folder)
    english = folder / f"{slug}.ipynb"
    english.write_text(json.dumps(_notebook(entry.title, number)), encoding="utf-8")

    # The factory is the registry's: the view inside its page, with the previous link.
    page = open_lesson(number, start=3)
    probe = next(child for child in page.children if isinstance(child, _Probe))
    assert probe.count.value == "3"
    probe.button.click()
    assert probe.count.value == "116"
    assert page.nav.before == catalogue.CATALOGUE[-2] and page.nav.after is None
    # The gallery, its group, the docs' line per lesson and the teachers' page follow.
    assert find_lessons(folder)[-1].filename == entry.filename
    assert group("game")[-1] == entry
    assert outline()[-1] == (number, slug, entry.title, entry.teaches)
    assert entry.label in gallery.TeacherPage().table.value
    # Step 8: the README's table gets the lesson's row from the record.
    assert readme.table().splitlines()[-1] == (
        f"| {number} | [Recipe probe]({readme.DOCS}/{slug}.html) | How many cards a deck holds. |"
    )
    # Steps 5 and 7: the Danish page is built from the English one and lessons.po.
    translated = Catalog(locale="da")
    translated.add(entry.title + " · Five Crowns Lab", "Prøve", context=f"{slug}.ipynb title")
    for context, text in builder._entries(english)[1:]:
        translated.add(text, "# Prøve\n\nTæl kortene.", context=context)
    danish, missing = builder.built(english, translated)
    assert missing == []
    assert danish["metadata"]["title"] == "Prøve"
    sources = ["".join(c["source"]) for c in danish["cells"]]
    assert builder.LANGUAGE_CELL in sources and sources[-1].endswith(f'open_lesson("{number}")')
