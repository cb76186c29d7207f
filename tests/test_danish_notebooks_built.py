"""The Danish lessons are built from the English ones and the lessons' catalogue
(tools/danish_notebooks.py, run by ``make messages``), never kept by hand (issue 46)."""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
_SPEC = importlib.util.spec_from_file_location(
    "danish_notebooks", ROOT / "tools" / "danish_notebooks.py"
)
assert _SPEC and _SPEC.loader
builder = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(builder)


def test_danish_notebooks_are_exactly_the_build_of_the_english_ones_and_the_catalogue():
    assert builder.build(write=False) == []


def test_every_lesson_text_in_the_catalogue_is_translated_and_none_is_stale():
    catalog = builder._load()
    wanted = {
        (context, text)
        for path in builder._english()
        if (builder.DANISH / path.name).exists()
        for context, text in builder._entries(path)
    }
    present = {(m.context, m.id) for m in catalog if m.id}
    assert present == wanted
    assert all(m.string and m.string != m.id for m in catalog if m.id)


def _copy_lesson(tmp_path: Path, name: str) -> Path:
    english = tmp_path / "notebooks"
    english.mkdir()
    shutil.copy(builder.ENGLISH / name, english / name)
    return english / name


def test_a_change_to_an_english_code_cell_reaches_the_danish_lesson(tmp_path):
    path = _copy_lesson(tmp_path, "01-cards-and-wilds.ipynb")
    notebook = json.loads(path.read_text(encoding="utf-8"))
    code = next(c for c in notebook["cells"] if c["cell_type"] == "code")
    code["source"] = ['parse_cards("KD")\n']
    path.write_text(json.dumps(notebook), encoding="utf-8")
    danish, missing = builder.built(path, builder._load())
    sources = ["".join(c["source"]) for c in danish["cells"] if c["cell_type"] == "code"]
    assert missing == []
    assert sources[0] == builder.LANGUAGE_CELL  # the language is switched before anything runs
    assert sources[1] == 'parse_cards("KD")\n'


def test_a_changed_english_sentence_is_named_untranslated_not_shown_in_english_silently(
    tmp_path,
):
    path = _copy_lesson(tmp_path, "01-cards-and-wilds.ipynb")
    notebook = json.loads(path.read_text(encoding="utf-8"))
    prose = [c for c in notebook["cells"] if c["cell_type"] == "markdown"]
    prose[1]["source"] = ["**The schedule.** A new sentence nobody has translated."]
    path.write_text(json.dumps(notebook), encoding="utf-8")
    _, missing = builder.built(path, builder._load())
    assert missing == [f"01-cards-and-wilds.ipynb {prose[1]['id']}"]


def test_build_refuses_to_write_a_lesson_with_a_gap(tmp_path, monkeypatch):
    english = tmp_path / "notebooks"
    (english / "da").mkdir(parents=True)
    for name in ("03-scoring-a-round.ipynb",):
        shutil.copy(builder.ENGLISH / name, english / name)
        shutil.copy(builder.DANISH / name, english / "da" / name)
    notebook = json.loads((english / "03-scoring-a-round.ipynb").read_text(encoding="utf-8"))
    notebook["metadata"]["title"] = "A title nobody has translated"
    (english / "03-scoring-a-round.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    before = (english / "da" / "03-scoring-a-round.ipynb").read_bytes()
    monkeypatch.setattr(builder, "ENGLISH", english)
    monkeypatch.setattr(builder, "DANISH", english / "da")
    with pytest.raises(SystemExit, match=re.escape("03-scoring-a-round.ipynb title")):
        builder.build()
    assert (english / "da" / "03-scoring-a-round.ipynb").read_bytes() == before


def test_add_gives_a_lesson_its_danish_page_once_its_texts_are_translated(tmp_path, monkeypatch):
    english = tmp_path / "notebooks"
    (english / "da").mkdir(parents=True)
    shutil.copy(builder.ENGLISH / "03-scoring-a-round.ipynb", english / "03-scoring-a-round.ipynb")
    monkeypatch.setattr(builder, "ENGLISH", english)
    monkeypatch.setattr(builder, "DANISH", english / "da")
    monkeypatch.setattr(builder, "CATALOGUE", tmp_path / "lessons.po")
    gaps = builder.add("03-scoring-a-round.ipynb")
    prose = [
        c for c in _cells(english / "03-scoring-a-round.ipynb") if c["cell_type"] == "markdown"
    ]
    assert len(gaps) == len(prose) + 1  # every text cell and the title wait for a translator
    with pytest.raises(SystemExit, match="Untranslated"):
        builder.build()
    catalog = builder._load()
    for message in catalog:
        if message.id:
            message.string = "Dansk: " + message.id
    builder._save(catalog)
    assert builder.build() == ["03-scoring-a-round.ipynb"]
    built = _cells(english / "da" / "03-scoring-a-round.ipynb")
    assert "".join(built[0]["source"]).startswith("Dansk: # ")
    assert any("".join(c["source"]) == builder.LANGUAGE_CELL for c in built)


def _cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]
