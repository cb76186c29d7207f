"""The gallery: a card per lesson notebook, each a link that opens it (in Voilà, as an app)."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from html import escape
from pathlib import Path

import ipywidgets as widgets

from .base import View

__all__ = ["Gallery", "LessonInfo", "find_lessons"]

_NUMBERED = re.compile(r"^(\d\d)-[\w-]+\.ipynb$")


@dataclass(frozen=True)
class LessonInfo:
    """One lesson notebook: its number, file name, title and first sentence."""

    number: str
    filename: str
    title: str
    summary: str


def _describe(path: Path) -> tuple[str, str]:
    """Title (the first ``# `` heading) and summary (the next paragraph) of a notebook."""
    try:
        cells = json.loads(path.read_text(encoding="utf-8")).get("cells", [])
    except (OSError, ValueError):
        return path.stem, ""
    for cell in cells:
        if cell.get("cell_type") != "markdown":
            continue
        source = cell.get("source", "")
        text = "".join(source) if isinstance(source, list) else source
        lines = [line.strip() for line in text.splitlines()]
        title = next((line[2:].strip() for line in lines if line.startswith("# ")), "")
        if title:
            rest = [
                line
                for line in lines
                if line and not line.startswith("#") and not line.startswith("<")
            ]
            return title, (rest[0] if rest else "")
    return path.stem, ""


def find_lessons(directory: str | Path | None = None) -> list[LessonInfo]:
    """Every numbered notebook (``NN-name.ipynb``) in a folder, in order, the index excluded."""
    folder = Path(directory) if directory is not None else _default_folder()
    found = []
    for path in sorted(folder.glob("*.ipynb")):
        match = _NUMBERED.match(path.name)
        if not match or match.group(1) == "00":
            continue
        title, summary = _describe(path)
        found.append(LessonInfo(match.group(1), path.name, title, summary))
    return found


def _default_folder() -> Path:
    here = Path.cwd()
    if any(here.glob("00-*.ipynb")) or not (here / "notebooks").is_dir():
        return here
    return here / "notebooks"


class Gallery(View):
    """Links to every lesson; a link opens the lesson next to this page."""

    title = "Five Crowns Lab: the lessons"

    def __init__(self, directory: str | Path | None = None, **kwargs):
        super().__init__(**kwargs)
        self.lessons = find_lessons(directory)
        cards = "".join(
            f"<a class='fc-lesson' href='{escape(info.filename)}' "
            f"aria-label='Lesson {info.number}: {escape(info.title)}'>"
            f"<div class='fc-num'>Lesson {info.number}</div>"
            f"<div class='fc-name'>{escape(info.title)}</div>"
            f"<div>{escape(info.summary)}</div></a>"
            for info in self.lessons
        )
        self.links = widgets.HTML(f"<nav class='fc-gallery' aria-label='Lessons'>{cards}</nav>")
        self._frame([self.links], "Click a lesson to open it.")
        if self.lessons:
            self.status.info(f"{len(self.lessons)} lessons.")
        else:
            self.status.error("No lesson notebooks were found next to this page.")
