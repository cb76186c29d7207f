"""The README's lesson table, written from the lesson registry (``content.catalogue``).

``python tools/readme_lessons.py write`` replaces the lines between the two markers of
``README.md`` with one row per ``CATALOGUE`` record (number, title linking the lesson's page
in the documentation, what it teaches); ``make messages`` runs it, so a new lesson's row
comes with its record. ``check`` exits 1 (saying so) when the README's table is not what
``write`` would write; ``tests/test_readme.py`` checks the same.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from fivecrowns_lab.content.catalogue import outline  # noqa: E402 - after the path

README = ROOT / "README.md"
BEGIN = "<!-- lessons: written by `make messages` from the registry; do not edit by hand -->"
END = "<!-- end of lessons -->"
DOCS = "https://fivecrowns-lab.github.io/fivecrowns_lab/docs/lessons"


def table() -> str:
    """The lesson table in Markdown: a header, the gallery's row, then a row a lesson."""
    rows = [
        "| | lesson | what it teaches |",
        "| --- | --- | --- |",
        f"| 00 | [Index]({DOCS}/00-index.html) | the gallery: one link per lesson |",
    ]
    for number, page, title, teaches in outline():
        rows.append(f"| {number} | [{title}]({DOCS}/{page}.html) | {teaches} |")
    return "\n".join(rows)


def written(text: str) -> str:
    """``text`` (the README) with the table between its markers made anew."""
    if text.count(BEGIN) != 1 or text.count(END) != 1:
        raise SystemExit(f"README.md needs the two lines\n{BEGIN}\n{END}\nonce each.")
    head, rest = text.split(BEGIN, 1)
    _old, tail = rest.split(END, 1)
    return f"{head}{BEGIN}\n{table()}\n{END}{tail}"


def main(argv: list[str]) -> int:
    if argv not in (["write"], ["check"]):
        print("usage: python tools/readme_lessons.py write|check")
        return 2
    text = README.read_text(encoding="utf-8")
    fresh = written(text)
    if argv == ["check"]:
        if fresh != text:
            print("README.md's lesson table is not the registry's: run `make messages`.")
            return 1
        return 0
    if fresh != text:
        README.write_text(fresh, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
