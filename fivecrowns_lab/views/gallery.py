"""The gallery (lesson 00) and the previous/next links under every lesson.

What the lessons are, who they are for and what they teach is plain data in
:mod:`fivecrowns_lab.content.catalogue`; this module only lays it out as links.
"""

from __future__ import annotations

import sys
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from ..content.catalogue import (
    CATALOGUE,
    DANISH_FOLDER,
    DANISH_PAGES,
    GROUPS,
    INDEX_FILE,
    RULES_FILE,
    TEACHER_FILE,
    LessonEntry,
    LessonInfo,
    default_folder,
    find_lessons,
    lesson,
    neighbours,
)
from ..content.handout import handout_data_url, handout_filename
from ..content.quizzes import LESSON_QUIZZES
from ..i18n import N_, get_language
from ..i18n import gettext as _
from ..i18n import ngettext as _n
from .base import View

__all__ = [
    "Gallery",
    "IndexLink",
    "LanguageLink",
    "LessonInfo",
    "LessonNav",
    "TeacherPage",
    "find_lessons",
    "page_href",
]

_BY_NUMBER = {entry.number: entry for entry in CATALOGUE}

# Styles for the parts theme.css does not know about (the groups, the facts, the page links
# and the previous/next bar); colours come from JupyterLab's variables, so dark mode works.
_STYLE = """<style>
.fc-gallery .fc-group { grid-column: 1 / -1; margin: 10px 0 0; font-size: 16px; }
.fc-lesson .fc-facts { font-size: 13px; margin: 2px 0 4px; color: var(--jp-ui-font-color1, #333); }
.fc-pages { display: flex; flex-wrap: wrap; gap: 8px; margin-top: 12px; }
.fc-pages a, .fc-lessonnav a { color: var(--jp-content-link-color, #0b57d0); padding: 6px 10px;
  border: 1px solid var(--jp-border-color1, #888); border-radius: 6px; text-decoration: none; }
.fc-pages a:focus-visible, .fc-lessonnav a:focus-visible { outline: 3px solid #0b57d0; }
.fc-lessonnav { display: flex; flex-wrap: wrap; gap: 8px; justify-content: space-between;
  margin: 12px 0; }
.fc-teacher a, .fc-serving a { color: var(--jp-content-link-color, #0b57d0);
  text-decoration: underline; }
.fc-teacher ul { margin: 0; padding-left: 1.1em; text-align: left; }
.fc-teacher td.fc-obj { min-width: 16em; }
@media (max-width: 600px) {
  .fc-table.fc-teacher th[scope='row'] { display: block; border: none; }
  .fc-table.fc-teacher td.fc-obj { min-width: 0; display: block; text-align: left; }
  .fc-table.fc-teacher td.fc-obj::before { display: block; margin-bottom: 2px; }
}
/* Projector mode: at its 20px type the plan's six columns need about 930px, so below 960px
   each lesson is a block of its own there too, as on a phone (theme.css, fc-stack). */
@media (max-width: 960px) {
  html.fc-projector .fc-view .fc-table.fc-teacher { display: block; width: 100%; }
  html.fc-projector .fc-table.fc-teacher thead { display: none; }
  html.fc-projector .fc-table.fc-teacher tbody, html.fc-projector .fc-table.fc-teacher tr,
  html.fc-projector .fc-table.fc-teacher th[scope='row'] { display: block; }
  html.fc-projector .fc-table.fc-teacher tr { border: 1px solid var(--fc-border);
    border-radius: 6px; margin: 0 0 6px; }
  html.fc-projector .fc-table.fc-teacher th[scope='row'] { border: none; }
  html.fc-projector .fc-table.fc-teacher td { display: flex; justify-content: space-between;
    gap: 12px; border: none; border-top: 1px solid var(--fc-border); text-align: right; }
  html.fc-projector .fc-table.fc-teacher td::before { content: attr(data-label);
    text-align: left; font-weight: 600; white-space: normal; }
  html.fc-projector .fc-table.fc-teacher td.fc-obj { min-width: 0; display: block;
    text-align: left; }
  html.fc-projector .fc-table.fc-teacher td.fc-obj::before { display: block; margin-bottom: 2px; }
}
@media print { .fc-lessonnav, .fc-pages { display: none; } }
</style>"""


def page_href(filename: str, platform: str | None = None) -> str:
    """The link to another lesson page, as the page showing it can follow it.

    Voilà and Jupyter serve each notebook under its own name (``01-cards.ipynb``). In the
    static site the browser runs the lessons (Pyodide: ``sys.platform == "emscripten"``) and
    Voici has rendered each notebook to a page of the same name ending in ``.html`` beside
    the others, where a ``.ipynb`` link finds nothing.

    >>> page_href("01-cards-and-wilds.ipynb", platform="linux")
    '01-cards-and-wilds.ipynb'
    >>> page_href("01-cards-and-wilds.ipynb", platform="emscripten")
    '01-cards-and-wilds.html'
    """
    platform = sys.platform if platform is None else platform
    if platform == "emscripten" and filename.endswith(".ipynb"):
        return filename[: -len(".ipynb")] + ".html"
    return filename


def _danish_page() -> bool:
    # The Danish notebooks (notebooks/da/) switch the language in their first cell, so a
    # page built in Danish is one folder below the English pages.
    return get_language() == "da"


def _href(filename: str) -> str:
    """The link to another page, in this page's language where that page has it."""
    if _danish_page() and filename not in DANISH_PAGES:
        filename = "../" + filename
    return escape(page_href(filename))


_LEVELS = {
    "beginner": N_("beginner"),
    "intermediate": N_("intermediate"),
    "advanced": N_("advanced"),
}


def _prereq_text(entry: LessonEntry) -> str:
    if not entry.prerequisites:
        return _("Start here")
    return _("After {lessons}").format(lessons=", ".join(entry.prerequisites))


class LanguageLink(widgets.HTML):
    """English ⇄ Dansk: the same page in the other language, on pages that have both.

    A plain link: the theme (dark or light) is kept for the whole visit in the browser's
    storage (``theme_switch.js``), so the other language opens in the same theme.
    """

    def __init__(self, filename: str, **kwargs: Any) -> None:
        if _danish_page():
            href, code, name = "../" + filename, "en", "English"
        elif filename in DANISH_PAGES:
            href, code, name = f"{DANISH_FOLDER}/{filename}", "da", "Dansk"
        else:
            href = code = name = ""
        label = escape(_("Language"))
        link = (
            f"<nav class='fc-language' aria-label='{label}'>"
            # a target of at least 24 by 24 pixels (WCAG 2.2's target size), padding included
            f"<a href='{escape(page_href(href))}' hreflang='{code}' lang='{code}' "
            "style='display:inline-block;min-width:24px;min-height:24px;padding:4px 8px;"
            f"box-sizing:border-box'>{name}</a></nav>"
            if href
            else ""
        )
        super().__init__(link, **kwargs)
        self.href = href


def _card(info: LessonInfo, entry: LessonEntry | None) -> str:
    title = info.title or (entry.title if entry else info.filename)
    if entry is None:
        facts, teaches = "", info.summary
    else:
        level = _(_LEVELS.get(entry.level, entry.level))
        facts = (
            f"<div class='fc-facts'>{escape(level.capitalize())} · "
            f"{entry.minutes} min · {escape(_prereq_text(entry))}</div>"
        )
        teaches = _(entry.teaches)
    number = _("Lesson {number}").format(number=info.number)
    return (
        # no aria-label: the link's name is its own text, so what a screen reader says
        # starts with what a sighted visitor reads (WCAG's label in name)
        f"<a class='fc-lesson' href='{_href(info.filename)}'>"
        f"<div class='fc-num'>{escape(number)}</div>"
        f"<div class='fc-name'>{escape(title)}</div>{facts}"
        f"<div>{escape(teaches)}</div></a>"
    )


def _danish_lessons(folder: Path) -> list[LessonInfo]:
    """The Danish gallery's list: every lesson of the English folder above, with the
    Danish notebook's title and summary where it has one, else the catalogue's, translated.
    """
    found = []
    for info in find_lessons(folder.parent):
        if info.filename in DANISH_PAGES and (folder / info.filename).is_file():
            danish = next(i for i in find_lessons(folder) if i.filename == info.filename)
            found.append(danish)
        elif info.number in _BY_NUMBER:
            entry = _BY_NUMBER[info.number]
            title = _("{title} (in English)").format(title=_(entry.title))
            found.append(LessonInfo(info.number, info.filename, title, _(entry.teaches)))
        else:
            found.append(info)
    return found


def _lesson_sections(lessons: list[LessonInfo]) -> str:
    """The lessons' cards under their groups' headings (then any lesson of no group)."""
    sections = []
    for group, heading in GROUPS.items():
        cards = [
            _card(info, _BY_NUMBER[info.number])
            for info in lessons
            if info.number in _BY_NUMBER and _BY_NUMBER[info.number].group == group
        ]
        if cards:
            sections.append(f"<h4 class='fc-group'>{escape(_(heading))}</h4>{''.join(cards)}")
    extra = [_card(info, None) for info in lessons if info.number not in _BY_NUMBER]
    if extra:
        more = escape(_("More lessons"))
        sections.append(f"<h4 class='fc-group'>{more}</h4>{''.join(extra)}")
    return "".join(sections)


def _pages_links(folder: Path) -> str:
    """Links to the rules and teachers' pages that are in ``folder``."""
    pages = [
        (RULES_FILE, _("The rules of Five Crowns"), _("The whole game on one page.")),
        (
            TEACHER_FILE,
            _("For teachers"),
            _("Objectives, timings, worksheets with answer keys, serving a class."),
        ),
    ]
    return "".join(
        f"<a class='fc-page' href='{_href(name)}'><b>{escape(text)}</b> — {escape(about)}</a>"
        for name, text, about in pages
        if (folder / name).is_file()
    )


class Gallery(View):
    """Links to every lesson, grouped: the game first, then probability with the game."""

    # No title of its own: the page's heading ("Five Crowns Lab", the notebook's first
    # cell) is its one title; a second one stacked under it said the same again.
    title = ""

    def __init__(self, directory: str | Path | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        folder = Path(directory) if directory is not None else default_folder()
        if _danish_page() and folder.name != DANISH_FOLDER and (folder / DANISH_FOLDER).is_dir():
            # A kernel that found the lessons in the package (the static site's): the Danish
            # gallery lists the Danish notebooks packaged beside them.
            folder = folder / DANISH_FOLDER
        danish = _danish_page() and folder.name == DANISH_FOLDER
        self.lessons = _danish_lessons(folder) if danish else find_lessons(folder)
        pages_folder = folder.parent if danish else folder  # the rules and teachers' pages
        lessons_label, pages_label = escape(_("Lessons")), escape(_("Rules and teachers"))
        aside = _pages_links(pages_folder)
        # The rules and teachers' pages first: under twelve lesson cards, a phone's reader
        # (the one most likely to want the rules) scrolled past every lesson to find them.
        self.links = widgets.HTML(
            _STYLE
            + (f"<nav class='fc-pages' aria-label='{pages_label}'>{aside}</nav>" if aside else "")
            + f"<nav class='fc-gallery' aria-label='{lessons_label}'>"
            + f"{_lesson_sections(self.lessons)}</nav>"
        )
        self.language = LanguageLink(INDEX_FILE)
        self._frame(
            [self.language, self.links],
            _(
                "Click a lesson to open it. Each card says its level, its time and what to do "
                "first."
            ),
        )
        if self.lessons:
            self.status.info(_("{count} lessons.").format(count=len(self.lessons)))
        else:
            self.status.error(_("No lesson notebooks were found next to this page."))


class IndexLink(widgets.HTML):
    """A link back to the gallery, for the pages that are not lessons (rules, teachers)."""

    def __init__(self, **kwargs: Any) -> None:
        label, text = escape(_("Pages")), escape(_("All lessons"))
        super().__init__(
            _STYLE + f"<nav class='fc-lessonnav' aria-label='{label}'>"
            f"<a href='{_href(INDEX_FILE)}'>{text}</a></nav>",
            **kwargs,
        )


class LessonNav(widgets.HTML):
    """Previous lesson, all lessons, next lesson: the links under a lesson."""

    def __init__(self, number: str, **kwargs: Any) -> None:
        entry = lesson(number)
        before, after = neighbours(entry.number)
        links = []
        if before is not None:
            links.append(
                f"<a rel='prev' href='{_href(before.filename)}'>← {escape(before.label)}</a>"
            )
        all_lessons = escape(_("All lessons"))
        links.append(f"<a href='{_href(INDEX_FILE)}'>{all_lessons}</a>")
        if after is not None:
            links.append(
                f"<a rel='next' href='{_href(after.filename)}'>{escape(after.label)} →</a>"
            )
        super().__init__(
            _STYLE
            + "<nav class='fc-lessonnav' aria-label='"
            + escape(_("Previous and next lesson"))
            + "'>"
            f"{''.join(links)}</nav>",
            **kwargs,
        )
        self.number = entry.number
        self.before, self.after = before, after


# The published documentation (pyproject.toml's Documentation URL; tests/test_release.py).
SERVING_URL = "https://fivecrowns-lab.github.io/fivecrowns_lab/docs/serving-a-class.html"


class TeacherPage(View):
    """For a teacher: each lesson's objectives, time and prerequisites, and its worksheet."""

    title = N_("For teachers")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        sections = []
        for group, heading in GROUPS.items():
            rows = [_teacher_row(e) for e in CATALOGUE if e.group == group]
            total = sum(e.minutes for e in CATALOGUE if e.group == group)
            title = _("{group} (about {minutes} minutes in all)").format(
                group=_(heading), minutes=total
            )
            columns = "".join(
                f"<th scope='col'>{escape(_(name))}</th>"
                for name in _COLUMNS  # one string per heading, for the catalogue
            )
            sections.append(
                f"<h4>{escape(title)}</h4>"
                "<div style='overflow-x:auto'>"
                "<table class='fc-table fc-teacher fc-stack'>"
                f"<thead><tr>{columns}</tr></thead>"
                f"<tbody>{''.join(rows)}</tbody></table></div>"
            )
        self.table = widgets.HTML(_STYLE + "".join(sections) + _serving())
        self.table.add_class("fc-fit")  # theme.css: as wide as the screen, not the table
        self.language = LanguageLink(TEACHER_FILE)
        self.nav = IndexLink()
        self._frame(
            [self.language, self.table, self.nav],
            _(
                "What each lesson is for, how long it takes and what to do first. Each quiz has "
                "a printable worksheet with an answer key."
            ),
        )
        with_quiz = sum(1 for e in CATALOGUE if e.number in LESSON_QUIZZES)
        self.status.info(
            _n(
                "{count} lesson, {quizzes} with a quiz and a worksheet.",
                "{count} lessons, {quizzes} with a quiz and a worksheet.",
                len(CATALOGUE),
            ).format(count=len(CATALOGUE), quizzes=with_quiz)
        )


def _teacher_row(entry: LessonEntry) -> str:
    """One lesson's row of the teachers' table."""
    # Each sentence outside the f-strings below, where the catalogue's extractor sees it.
    sheet, nothing = escape(_("Worksheet and answer key")), _("none")
    # Each cell but the lesson's names its column: on a phone a row is a block (theme.css).
    minutes, level_of, first, goals, paper = (
        f" data-label='{escape(_(name))}'" for name in _COLUMNS[1:]
    )
    objectives = "".join(f"<li>{escape(_(o))}</li>" for o in entry.objectives)
    worksheet = (
        f"<a download='{handout_filename(entry.number)}' "
        f"href='{handout_data_url(entry.number)}'>{sheet}</a>"
        if LESSON_QUIZZES.get(entry.number) is not None
        else "—"
    )
    level = _(_LEVELS.get(entry.level, entry.level))
    return (
        f"<tr><th scope='row' class='fc-left'><a href='{_href(entry.filename)}'>"
        f"{escape(entry.label)}</a></th>"
        f"<td{minutes}>{entry.minutes} min</td>"
        f"<td{level_of}>{escape(level)}</td>"
        f"<td{first}>{escape(', '.join(entry.prerequisites) or nothing)}</td>"
        f"<td{goals} class='fc-left fc-obj'><ul>{objectives}</ul></td>"
        f"<td{paper}>{worksheet}</td></tr>"
    )


#: The teacher table's column headings, in order.
_COLUMNS = (
    N_("Lesson"),
    N_("Time"),
    N_("Level"),
    N_("Do first"),
    N_("Objectives"),
    N_("Worksheet"),
)


def _serving() -> str:
    """The paragraph on serving a class: one translated sentence around two links."""
    # Escaped before the links go in, so a translation cannot add markup of its own.
    guide_name, button_name = escape(_("Serving a class")), escape(_("Download my results"))
    guide = f"<a href='{SERVING_URL}'>{guide_name}</a>"
    button = f"<i>{button_name}</i>"
    text = escape(
        _(
            "Run the lessons on one machine and give students its address, or launch them on "
            "Binder. The step-by-step guide is {guide}. Students hand in their quiz results "
            "with the {button} button under each quiz (a CSV file with their name, each "
            "question, their first answer and the right one)."
        ),
        quote=False,
    ).format(guide=guide, button=button)
    heading = escape(_("Serving a class"))
    return f"<h4>{heading}</h4><p class='fc-serving'>{text}</p>"
