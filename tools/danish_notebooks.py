"""Build the Danish lessons (notebooks/da/) from the English ones and a catalogue.

A Danish lesson is its English notebook with every markdown cell and the title translated
and one code cell that switches the language put before the first code cell; the code
cells are the English ones, so a change to a lesson's code reaches both editions at once.
The translations live in ``locale/da/lessons.po`` (outside the package: no kernel reads
them), one entry a cell (its context the notebook's name and the cell's id), where a
translator sees what changed.

    python tools/danish_notebooks.py update   # new English prose into the catalogue
    python tools/danish_notebooks.py build    # write notebooks/da/ (refuses a gap)
    python tools/danish_notebooks.py check    # exit 1 if notebooks/da/ is not the build
    python tools/danish_notebooks.py add NN-name.ipynb   # a lesson gets its Danish page

``make messages`` runs ``update`` then ``build``. ``seed`` (once, and after a hand edit of
a Danish notebook) takes the translations from notebooks/da/ as they are.
"""

from __future__ import annotations

import copy
import json
import sys
from datetime import datetime, timezone
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
ENGLISH = ROOT / "notebooks"
DANISH = ENGLISH / "da"
CATALOGUE = ROOT / "locale" / "da" / "lessons.po"
LANGUAGE_CELL = 'from fivecrowns_lab import set_language\n\nset_language("da")'
TITLE = "title"  # the catalogue's context for a notebook's title: "<name> title"


def _source(cell: dict) -> str:
    return "".join(cell["source"])


def _lines(text: str) -> list[str]:
    # The way Jupyter stores a cell's source: lines that keep their ends.
    return text.splitlines(keepends=True)


def _english() -> list[Path]:
    return sorted(ENGLISH.glob("*.ipynb"))


def _read(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def _write(path: Path, notebook: dict) -> None:
    text = json.dumps(notebook, indent=1, ensure_ascii=False) + "\n"
    path.write_text(text, encoding="utf-8")


def _entries(path: Path) -> list[tuple[str, str]]:
    """(context, English text) of each thing to translate in one English lesson."""
    notebook = _read(path)
    found = [(f"{path.name} {TITLE}", notebook["metadata"]["title"])]
    found += [
        (f"{path.name} {cell['id']}", _source(cell))
        for cell in notebook["cells"]
        if cell["cell_type"] == "markdown"
    ]
    return found


HEADER = """\
# The Danish lessons' prose: one entry a markdown cell of an English lesson (its context the
# notebook's name and the cell's id) or a lesson's title. tools/danish_notebooks.py builds
# notebooks/da/ from the English lessons and this file; `make messages` runs it."""


def _new(created: datetime | None = None) -> Catalog:
    # The creation date is kept from the catalogue's first build, so a rebuild that
    # changes no text changes no line of the file.
    return Catalog(
        locale="da",
        project="fivecrowns_lab lessons",
        header_comment=HEADER,
        fuzzy=False,
        creation_date=created or datetime(2026, 12, 7, tzinfo=timezone.utc),
        revision_date=created or datetime(2026, 12, 7, tzinfo=timezone.utc),
    )


def _load() -> Catalog:
    if not CATALOGUE.exists():
        return _new()
    with CATALOGUE.open("rb") as handle:
        return read_po(handle, locale="da")


def _save(catalog: Catalog) -> None:
    with CATALOGUE.open("wb") as handle:
        write_po(handle, catalog, width=0, sort_output=False, omit_header=False)


def _has_lesson(name: str) -> bool:
    return (DANISH / name).exists() or not (ENGLISH / name).exists()


def update() -> Catalog:
    """Put every English text of the lessons that have a Danish edition in the catalogue
    (new ones untranslated) and drop the texts no lesson has any more."""
    old = _load()
    new = _new(old.creation_date)
    for path in _english():
        if not (DANISH / path.name).exists():
            continue  # an English-only lesson (the gallery marks it)
        for context, text in _entries(path):
            kept = old.get(text, context=context)
            new.add(text, kept.string if kept else "", context=context)
    _save(new)
    return new


def seed() -> None:
    """Take the translations from the Danish notebooks as they stand (cell for cell)."""
    catalog = _new()
    for path in _english():
        if not (DANISH / path.name).exists():
            continue
        danish = _read(DANISH / path.name)
        prose = [c for c in danish["cells"] if c["cell_type"] == "markdown"]
        entries = _entries(path)
        if len(prose) != len(entries) - 1:
            raise SystemExit(f"{path.name}: the Danish lesson has another number of text cells")
        catalog.add(entries[0][1], danish["metadata"]["title"], context=entries[0][0])
        for (context, text), cell in zip(entries[1:], prose, strict=True):
            catalog.add(text, _source(cell), context=context)
    _save(catalog)


def built(path: Path, catalog: Catalog) -> tuple[dict, list[str]]:
    """The Danish edition of one English lesson, and the contexts left untranslated."""
    notebook = copy.deepcopy(_read(path))
    missing: list[str] = []

    def translate(text: str, context: str) -> str:
        message = catalog.get(text, context=context)
        if message is None or not message.string:
            missing.append(context)
            return text
        return str(message.string)

    metadata = notebook["metadata"]
    metadata["title"] = translate(metadata["title"], f"{path.name} {TITLE}")
    cells = []
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code" and not any(_source(c) == LANGUAGE_CELL for c in cells):
            cells.append(
                {
                    "cell_type": "code",
                    "execution_count": None,
                    "id": "dansk-sprog",
                    "metadata": {},
                    "outputs": [],
                    "source": _lines(LANGUAGE_CELL),
                }
            )
        if cell["cell_type"] == "markdown":
            cell["source"] = _lines(translate(_source(cell), f"{path.name} {cell['id']}"))
        cells.append(cell)
    notebook["cells"] = cells
    return notebook, missing


def build(write: bool = True) -> list[str]:
    """Build every Danish lesson; the names of those that differ from notebooks/da/."""
    catalog = _load()
    differ, gaps = [], []
    for path in _english():
        target = DANISH / path.name
        if not target.exists():
            continue
        notebook, missing = built(path, catalog)
        gaps += missing
        if notebook != _read(target):
            differ.append(path.name)
            if write and not missing:
                _write(target, notebook)
    if gaps:
        raise SystemExit("Untranslated in lessons.po (fill msgstr, run again): " + ", ".join(gaps))
    return differ


def add(name: str) -> list[str]:
    """Give the English lesson ``name`` a Danish page: its texts go into the catalogue,
    untranslated; the page is built once they are (the contexts still to translate)."""
    english = ENGLISH / name
    if not english.is_file():
        raise SystemExit(f"There is no English lesson {name!r} in notebooks/.")
    target = DANISH / name
    if not target.exists():
        _write(target, _read(english))  # a stand-in the next build replaces
    catalog = update()
    return built(english, catalog)[1]


def main(argv: list[str]) -> int:
    command = argv[1] if len(argv) > 1 else "build"
    if command == "add" and len(argv) == 3:
        gaps = add(argv[2])
        print(f"{len(gaps)} texts of {argv[2]} to translate in {CATALOGUE.relative_to(ROOT)}")
    elif command == "seed":
        seed()
    elif command == "update":
        update()
    elif command == "build":
        for name in build():
            print(f"rebuilt notebooks/da/{name}")
    elif command == "check":
        differ = build(write=False)
        if differ:
            print(
                "notebooks/da/ is not built from the English lessons and lessons.po: "
                + ", ".join(differ)
                + " (run make messages)"
            )
            return 1
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
