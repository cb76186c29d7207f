"""The lesson registry: every lesson as plain data, for the gallery, the teacher page, the
previous/next links, the quizzes and the Danish edition.

Each lesson is one record of :data:`CATALOGUE`: its number, file name (from its slug),
title, group, quiz topic and whether it has a Danish page; the lists the rest of the
package keeps (:data:`DANISH_PAGES`, ``content.quizzes.LESSON_QUIZZES``) are derived
from it, and a test checks it against the notebooks and the lesson lists in the prose.

Each entry says what a teacher needs to plan a class: its level, how long it takes, what
to do first and what it teaches. The gallery groups the entries into the game lessons
and the probability lessons.

>>> lesson("03").title
'Scoring a round'
>>> [e.number for e in neighbours("03") if e is not None]
['02', '04']
>>> [e.number for e in group("probability")]
['07', '08', '09', '10', '11']
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from ..errors import LessonError, quote
from ..i18n import N_
from ..i18n import gettext as _

__all__ = [
    "CATALOGUE",
    "DANISH_FOLDER",
    "DANISH_PAGES",
    "GROUPS",
    "INDEX_FILE",
    "RULES_FILE",
    "TEACHER_FILE",
    "Group",
    "LessonEntry",
    "LessonInfo",
    "default_folder",
    "describe_notebook",
    "find_lessons",
    "group",
    "lesson",
    "neighbours",
    "outline",
]

Group = Literal["game", "probability"]

#: The two groups of lessons, in the order the gallery shows them, with their headings.
GROUPS: dict[Group, str] = {
    "game": N_("Learn the game"),
    "probability": N_("Probability with the game"),
}

#: The gallery, the teacher page and the rules page (notebooks next to the lessons).
INDEX_FILE = "00-index.ipynb"
TEACHER_FILE = "00-teachers.ipynb"
RULES_FILE = "00-rules.ipynb"

#: The Danish edition: these pages also exist in Danish, under the same file names in
#: ``notebooks/da/`` (docs/danish.md). A Danish page links every other page in English.
DANISH_FOLDER = "da"


@dataclass(frozen=True)
class LessonEntry:
    """One lesson: what it is called, who it is for, how long it takes, what it teaches."""

    number: str
    filename: str
    title: str
    group: Group
    level: str
    minutes: int
    prerequisites: tuple[str, ...]
    teaches: str
    objectives: tuple[str, ...]
    #: The topic of its quiz in ``content.quizzes.QUIZZES`` (None: no quiz).
    quiz: str | None = None
    #: Whether the lesson also exists in Danish (``notebooks/da/`` + its file name).
    danish: bool = True
    #: The view its page shows, ``"module:Class"`` in ``fivecrowns_lab.views``: then
    #: ``lessons.open_lesson(number)`` is its factory (None: a factory of its own).
    view: str | None = None

    @property
    def danish_filename(self) -> str | None:
        """``'da/03-scoring-a-round.ipynb'``: its Danish page beside the lessons, or None."""
        return f"{DANISH_FOLDER}/{self.filename}" if self.danish else None

    @property
    def label(self) -> str:
        """``'Lesson 03: Scoring a round'``, in the learner's language."""
        return _("Lesson {number}: {title}").format(number=self.number, title=_(self.title))


def _entry(
    number: str,
    slug: str,
    title: str,
    group: Group,
    level: str,
    minutes: int,
    prerequisites: tuple[str, ...],
    teaches: str,
    *objectives: str,
    quiz: str | None,
    danish: bool = True,
    view: str | None = None,
) -> LessonEntry:
    filename = f"{number}-{slug}.ipynb"
    fields = (title, group, level, minutes, prerequisites, teaches, objectives, quiz, danish)
    return LessonEntry(number, filename, *fields, view)


#: Every lesson, in order (the gallery, lesson 00, is not in it).
CATALOGUE: tuple[LessonEntry, ...] = (
    _entry(
        "01",
        "cards-and-wilds",
        N_("Cards and the wild-card schedule"),
        "game",
        "beginner",
        10,
        (),
        N_(
            "The deck, the eleven rounds, which cards are wild in each, and what a card left in "
            "hand costs."
        ),
        N_("Say how many cards a round deals and which rank is wild in it."),
        N_("Give the points of any card left in hand, wild cards and jokers included."),
        quiz="cards",
    ),
    _entry(
        "02",
        "books-runs-and-wilds",
        N_("Books, runs and wilds"),
        "game",
        "beginner",
        15,
        ("01",),
        N_("Books and runs, how wild cards fill them, and why an invalid meld fails."),
        N_("Tell a book from a run, and a valid meld from an invalid one, with the reason."),
        N_("Use wild cards in melds and say what each one stands for."),
        quiz="melds",
    ),
    _entry(
        "03",
        "scoring-a-round",
        N_("Scoring a round"),
        "game",
        "beginner",
        15,
        ("01", "02"),
        N_("How a round ends and how every hand is scored, predicted first and then checked."),
        N_("Find the best melds of a hand and add up the cards left over."),
        N_("Explain why the player with the lowest total wins."),
        quiz="scoring",
    ),
    _entry(
        "04",
        "play-a-round",
        N_("Play a round against the computer"),
        "game",
        "beginner",
        20,
        ("01", "02", "03"),
        N_("A whole round against computer players: draw, meld, discard and go out."),
        N_("Play a turn: draw from the stock or the discard pile, then discard."),
        N_("Recognise a hand that can go out, and go out."),
        quiz="play",
    ),
    _entry(
        "05",
        "solitaire",
        N_("Five Crowns Solitaire"),
        "game",
        "beginner",
        20,
        ("01", "02"),
        N_("The one-player edition: eleven hands at once, each with its own wild rank."),
        N_("Use a card where it is wild and where it completes a meld."),
        N_("Plan which hand to work on with the cards still to come."),
        quiz="solitaire",
    ),
    _entry(
        "06",
        "scorekeeper",
        N_("Scorekeeper for a real game"),
        "game",
        "beginner",
        5,
        ("03",),
        N_("A checked scoresheet for a game played with real cards at the table."),
        N_("Keep running totals and places, ties included, for a real game."),
        quiz="scorekeeping",
    ),
    _entry(
        "07",
        "counting-wild-cards",
        N_("Counting wild cards"),
        "probability",
        "intermediate",
        40,
        ("01",),
        N_(
            "How many wild cards a dealt hand holds: the exact distribution by counting, beside "
            "a simulation."
        ),
        N_("Count hands with binomial coefficients (the hypergeometric distribution)."),
        N_("Compare an exact distribution with the frequencies of a simulation."),
        quiz="wilds",
    ),
    _entry(
        "08",
        "go-out-on-the-deal",
        N_("Will I go out on the deal?"),
        "probability",
        "intermediate",
        40,
        ("02", "07"),
        N_(
            "The exact chance that a dealt hand can already go out, and a simulation with a "
            "confidence interval beside it."
        ),
        N_("Use symmetry to count a very large set of deals."),
        N_("Read a confidence interval and check that it covers the exact value."),
        quiz="go-out",
    ),
    _entry(
        "09",
        "outs",
        N_("Outs"),
        "probability",
        "intermediate",
        40,
        ("02", "07"),
        N_(
            "Which cards let a hand go out, and the chance of drawing one next turn or within a "
            "few turns."
        ),
        N_("List the outs of a hand and find the chance of drawing one."),
        N_("Judge a rule of thumb against the exact answer."),
        quiz="outs",
    ),
    _entry(
        "10",
        "strategy-lab",
        N_("Strategy lab"),
        "probability",
        "advanced",
        50,
        ("04", "08"),
        N_(
            "Comparing ways of playing fairly by simulating many games, with confidence intervals."
        ),
        N_("Design a fair comparison between two strategies."),
        N_("Say how sure a difference in means is, and how more games narrow it."),
        quiz="strategy",
    ),
    _entry(
        "11",
        "solitaire-odds",
        N_("Solitaire odds"),
        "probability",
        "advanced",
        30,
        ("05", "08"),
        N_("Estimating a chance nobody can count exactly: how often solitaire can be won."),
        N_("Estimate a probability by simulation and give its confidence interval."),
        quiz="solitaire-odds",
    ),
    _entry(
        "12",
        "how-the-expert-plays",
        N_("How the expert plays"),
        "game",
        "advanced",
        20,
        ("04",),
        N_("What a strong player weighs that a greedy one does not: unseen cards and opponents."),
        N_("Explain why a discard that leaves more points now can still be the better one."),
        quiz="expert",
    ),
)

_BY_NUMBER = {entry.number: entry for entry in CATALOGUE}

#: The pages that also exist in Danish, under the same file names in ``notebooks/da/``
#: (docs/danish.md): the three 00 pages and every lesson the registry marks ``danish``.
#: A Danish page links every other page in English.
DANISH_PAGES = frozenset(
    {INDEX_FILE, RULES_FILE, TEACHER_FILE} | {e.filename for e in CATALOGUE if e.danish}
)


def lesson(number: str) -> LessonEntry:
    """The catalogue entry of a lesson, by its two-digit number (``"03"``)."""
    try:
        return _BY_NUMBER[number]
    except (KeyError, TypeError):
        raise LessonError(
            _("There is no lesson {value}; the lessons are 01 to {last}.").format(
                value=quote(number), last=CATALOGUE[-1].number
            )
        ) from None


def neighbours(number: str) -> tuple[LessonEntry | None, LessonEntry | None]:
    """The previous and the next lesson (``None`` at either end)."""
    i = CATALOGUE.index(lesson(number))
    before = CATALOGUE[i - 1] if i > 0 else None
    after = CATALOGUE[i + 1] if i + 1 < len(CATALOGUE) else None
    return before, after


def outline() -> list[tuple[str, str, str, str]]:
    """Every lesson as (number, page name, title, what it teaches), in the learner's
    language: the line per lesson of the documentation's list (docs/conf.py).

    >>> outline()[0][:2]
    ('01', '01-cards-and-wilds')
    """
    return [
        (e.number, e.filename.removesuffix(".ipynb"), _(e.title), _(e.teaches)) for e in CATALOGUE
    ]


def group(name: Group) -> tuple[LessonEntry, ...]:
    """The lessons of one group, in order."""
    if name not in GROUPS:
        raise LessonError(
            _("There is no group {value}; try 'game' or 'probability'.").format(value=quote(name))
        )
    return tuple(entry for entry in CATALOGUE if entry.group == name)


# -- Discovery: the lesson notebooks actually in a folder ---------------------------------

_NUMBERED = re.compile(r"^(\d\d)-[\w-]+\.ipynb$")


@dataclass(frozen=True)
class LessonInfo:
    """One lesson notebook found in a folder: its number, file name, title and first sentence."""

    number: str
    filename: str
    title: str
    summary: str


def _text(source: Any) -> str:
    if isinstance(source, list):
        return "".join(str(part) for part in source)
    return source if isinstance(source, str) else ""


def describe_notebook(path: str | Path) -> tuple[str, str]:
    """Title (the first level-one heading) and summary (the next paragraph) of a notebook."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return path.stem, ""
    cells = data.get("cells", []) if isinstance(data, dict) else []
    for cell in cells if isinstance(cells, list) else []:
        if not isinstance(cell, dict) or cell.get("cell_type") != "markdown":
            continue
        lines = [line.strip() for line in _text(cell.get("source", "")).splitlines()]
        title = next((line[2:].strip() for line in lines if line.startswith("# ")), "")
        if title:
            rest = [
                line
                for line in lines
                if line and not line.startswith("#") and not line.startswith("<")
            ]
            return title, (rest[0] if rest else "")
    return path.stem, ""


def default_folder() -> Path:
    """The lesson notebooks' folder: the current one, or ``notebooks/`` below it, or else the
    copy the installed package carries (the static site's browser kernel may not see the
    site's files: it then finds the lessons in the wheel)."""
    here = Path.cwd()
    if any(here.glob("00-*.ipynb")):
        return here
    if (here / "notebooks").is_dir():
        return here / "notebooks"
    packaged = Path(__file__).resolve().parent.parent / "notebooks"
    return packaged if any(packaged.glob("00-*.ipynb")) else here


def find_lessons(directory: str | Path | None = None) -> list[LessonInfo]:
    """Every numbered notebook (``NN-name.ipynb``) in a folder, in order, 00 pages excluded."""
    folder = Path(directory) if directory is not None else default_folder()
    found = []
    for path in sorted(folder.glob("*.ipynb")):
        match = _NUMBERED.match(path.name)
        if not match or match.group(1) == "00":
            continue
        title, summary = describe_notebook(path)
        found.append(LessonInfo(match.group(1), path.name, title, summary))
    return found
