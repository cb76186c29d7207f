"""One registry of lesson factories, each returning the widget a lesson notebook ends with.

The views are imported inside each factory, so importing this module (or the
engine) never loads a widget library. The self-check questions are plain data
in :mod:`fivecrowns_lab.content.quizzes`.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from importlib import import_module
from pathlib import Path
from typing import Any

from ..content.catalogue import lesson as catalogue_entry
from ..content.quizzes import LESSON_QUIZZES, QUIZZES, Answer, Question
from ..errors import LessonError, quote
from ..i18n import gettext as _
from .browser import set_up_browser_kernel

# The static site's browser kernel has no sqlite3 (Pyodide's build is on no registry the
# site may use), which the class code of lessons 07-11 imports (see .browser). Nothing
# changes anywhere else.
set_up_browser_kernel()

__all__ = [
    "QUIZZES",
    "Answer",
    "Question",
    "coached_game",
    "deal_lab",
    "dealt_hand",
    "gallery",
    "go_out_lesson",
    "how_the_expert_plays",
    "lesson_page",
    "meld_checks",
    "meld_lab",
    "open_lesson",
    "outs_lesson",
    "play_lesson",
    "quiz",
    "rules_page",
    "schedule_lesson",
    "schedule_table",
    "scorekeeper",
    "scoring_lesson",
    "solitaire_lesson",
    "solitaire_odds_lesson",
    "strategy_lab",
    "teacher_page",
    "wild_count_lesson",
]


def quiz(topic: str) -> Any:
    """The self-check quiz of a lesson, by topic: ``"cards"``, ``"melds"``, ``"play"``, ...

    It checks answers in the page, so it works without a kernel too.
    """
    from ..views.quiz import Quiz

    if topic not in QUIZZES:
        raise LessonError(
            f"There is no quiz on {str(topic)[:40]!r}; try one of {sorted(QUIZZES)}."
        )
    return Quiz(QUIZZES[topic], topic=topic)


def lesson_page(view: Any, number: str, topic: str | None = None) -> Any:
    """A lesson's whole page: its view, its quiz (if it has one) and previous/next links.

    ``topic`` defaults to the lesson's quiz in ``LESSON_QUIZZES``. Every lesson factory
    can end with this, so each lesson gets the same quiz and the same links.
    """
    import ipywidgets as widgets

    from ..views.base import Lesson
    from ..views.classlink import ClassLink
    from ..views.gallery import LanguageLink, LessonNav

    topic = topic if topic is not None else LESSON_QUIZZES.get(number)
    nav = LessonNav(number)
    # English ⇄ Dansk, first on the page, on the lessons that exist in both
    # (content.catalogue.DANISH_PAGES); the other lessons keep their page as it was.
    language = LanguageLink(catalogue_entry(number).filename)
    # The class line: "Join the class" on a class server, nothing otherwise.
    link = ClassLink(number)
    view.class_link = link
    top = (language, link) if language.href else (link,)
    if topic is None:
        page = widgets.VBox([*top, view, nav])
        page.add_class("fc-lesson-box")
    else:
        page = Lesson(view, quiz(topic))
        page.children = (*top, *page.children, nav)
    page.nav = nav
    page.language = language if language.href else None
    page.class_link = link
    return page


#: What the static site's browser kernel cannot load yet: Pyodide's own builds of these are
#: only on its CDN, which the site does not use (issue 19).
NOT_IN_THE_BROWSER = ("matplotlib", "pandas", "numpy")


def _in_browser_or_note(number: str, build: Callable[[], Any]) -> Any:
    """``build()`` the lesson; in the browser kernel (the static site), if it needs a package
    the site cannot load, a page that says so, with the previous/next links, instead of an
    error that Voici would hide behind a blank page."""
    try:
        return build()
    except ModuleNotFoundError as error:
        missing = (error.name or "").split(".")[0]
        if sys.platform != "emscripten" or missing not in NOT_IN_THE_BROWSER:
            raise
    import ipywidgets as widgets

    from ..views.gallery import LessonNav

    note = widgets.HTML(
        "<div class='fc-msg fc-info' role='status'><p>This lesson draws its charts and "
        f"tables with <b>{missing}</b>, which this web version of the lessons cannot load "
        "yet. Open it with <code>make app</code>, your class's server or Binder to run it; "
        "the other lessons run here.</p></div>"
    )
    page = widgets.VBox([note, LessonNav(number)])
    page.add_class("fc-view")
    page.add_class("fc-unavailable")
    return page


def open_lesson(number: str, **options: Any) -> Any:
    """The page of lesson ``number`` whose registry record names its view (``view=``).

    The view is imported from ``fivecrowns_lab.views`` and made with ``options``; the page
    gets the quiz and the previous/next links as every lesson does (:func:`lesson_page`).
    A lesson with a factory of its own (``schedule_lesson``, ...) is refused in a sentence.
    """
    entry = catalogue_entry(number)
    if entry.view is None:
        raise LessonError(
            _("Lesson {value} has a factory of its own; its notebook says which.").format(
                value=quote(number)
            )
        )
    module, _sep, name = entry.view.partition(":")

    def build() -> Any:
        view = getattr(import_module(f"..views.{module}", __package__), name)
        return lesson_page(view(**options), entry.number)

    return _in_browser_or_note(entry.number, build)


def schedule_lesson(round_no: int = 1) -> Any:
    """Lesson 01: the wild-card schedule, then a quiz and the previous/next links."""
    from ..views.schedule import ScheduleView

    return lesson_page(ScheduleView(round_no), "01")


def deal_lab(round_no: int = 3, seed: int = 1) -> Any:
    """Deal a seeded hand and see its best arrangement."""
    from ..views.deal import DealLab

    return DealLab(round_no, seed)


def meld_lab(round_no: int = 5, seed: int = 7, cards: str | None = None) -> Any:
    """Lesson 02: build books and runs, then a quiz."""
    from ..views.meld_lab import MeldLab

    return lesson_page(MeldLab(round_no, seed, cards), "02")


def scoring_lesson(round_no: int = 6, players: int = 4, seed: int = 3) -> Any:
    """Lesson 03: a finished round scored step by step, then a quiz."""
    from ..views.scoring import ScoringLesson

    return lesson_page(ScoringLesson(round_no, players, seed), "03")


def play_lesson(
    bots: int = 2,
    level: str = "greedy",
    humans: int = 1,
    seed: int = 7,
    mode: str = "coached",
) -> Any:
    """Lesson 04: a coached first game, then free play against 1 to 6 bots, then a quiz.

    ``mode`` is ``"coached"`` (the scripted deal with a coach) or ``"free"``; the
    learner can switch at any time. Several people can share the screen in free play.
    """
    from ..views.play import PlayLesson

    view = PlayLesson(bots=bots, level=level, humans=humans, seed=seed, mode=mode)
    return lesson_page(view, "04", "play")


def coached_game(scenario: str = "first-game") -> Any:
    """The coached first game on its own: a scripted deal with a coach line per step."""
    from ..content.scenarios import SCENARIOS
    from ..views.play import PlayLesson

    if scenario not in SCENARIOS:
        raise LessonError(f"There is no scenario {scenario!r}; try one of {sorted(SCENARIOS)}.")
    return PlayLesson(mode="coached", scenario=SCENARIOS[scenario])


def solitaire_lesson(seed: int = 1) -> Any:
    """Lesson 05: Five Crowns Solitaire, eleven hands at once, then a quiz."""
    from ..views.solitaire import SolitaireLesson

    return lesson_page(SolitaireLesson(seed), "05")


def scorekeeper(path: str | Path | None = None) -> Any:
    """Lesson 06: keep the score of a real game (autosaved to ``path``), then a quiz."""
    from ..views.scorekeeper import Scorekeeper

    return lesson_page(Scorekeeper(path), "06")


def gallery(directory: str | Path | None = None) -> Any:
    """Lesson 00: links to every lesson notebook."""
    from ..views.gallery import Gallery

    return Gallery(directory)


def teacher_page() -> Any:
    """The teacher's page: objectives, timings, prerequisites, worksheets, serving a class."""
    from ..views.gallery import TeacherPage

    return TeacherPage()


def meld_checks(examples: list[tuple[str, int]]) -> Any:
    """A list of example melds (cards, round) with the engine's verdict and reason."""
    from ..views.meld_lab import MeldChecks

    return MeldChecks(examples)


def rules_page() -> Any:
    """The rules page's widgets: every round's schedule and points, and a link to the lessons."""
    import ipywidgets as widgets

    from ..content.catalogue import RULES_FILE
    from ..views.base import contrast_switch, theme_switch
    from ..views.gallery import IndexLink, LanguageLink
    from ..views.schedule import ScheduleTable

    # Styled and switched like every lesson: the theme's root class and the two switches,
    # and the link to the same page in the other language.
    switches = widgets.HBox([theme_switch(), contrast_switch()])
    switches.add_class("fc-switches")
    page = widgets.VBox([switches, LanguageLink(RULES_FILE), ScheduleTable(), IndexLink()])
    page.add_class("fc-view")
    return page


def schedule_table() -> Any:
    """The eleven rounds in one table: cards dealt, wild rank and what a king or joker scores."""
    from ..views.schedule import ScheduleTable

    return ScheduleTable()


def dealt_hand(round_no: int = 5, seed: int = 2026) -> Any:
    """A seeded hand of a round, its wild cards marked, and its best arrangement."""
    from ..views.schedule import DealtHand

    return DealtHand(round_no, seed)


def wild_count_lesson(round_no: int = 5, seed: int = 2026) -> Any:
    """Lesson 07: the exact distribution of wild cards beside a histogram of dealt hands."""

    def build() -> Any:
        from ..views.wild_count import WildCountLesson

        return lesson_page(WildCountLesson(round_no=round_no, seed=seed), "07")

    return _in_browser_or_note("07", build)


def go_out_lesson(n: int = 1000, seed: int = 1) -> Any:
    """Lesson 08: going out on the deal, exact and simulated, across the rounds."""

    def build() -> Any:
        from ..views.go_out import GoOutLesson

        return lesson_page(GoOutLesson(n=n, seed=seed), "08")

    return _in_browser_or_note("08", build)


def outs_lesson(round_no: int = 4, hand: str = "8H 9H 10H QS QC KD", seed: int = 1) -> Any:
    """Lesson 09: the outs of a hand and the chance of drawing one, exact and by rule of thumb."""

    def build() -> Any:
        from ..views.outs_lesson import OutsLesson

        return lesson_page(OutsLesson(round_no=round_no, hand=hand, seed=seed), "09")

    return _in_browser_or_note("09", build)


def strategy_lab(
    players: tuple[str, ...] = ("greedy", "random"), n_games: int = 50, seed: int = 1
) -> Any:
    """Lesson 10: pick bots and variants, play many games, compare with intervals."""

    def build() -> Any:
        from ..views.strategy_lab import StrategyLab

        return lesson_page(StrategyLab(players=players, n_games=n_games, seed=seed), "10")

    return _in_browser_or_note("10", build)


def solitaire_odds_lesson(n: int = 50, seed: int = 1) -> Any:
    """Lesson 11: the solitaire bot's win rate, with a confidence interval."""

    def build() -> Any:
        from ..views.solitaire_odds import SolitaireOddsLesson

        return lesson_page(SolitaireOddsLesson(n=n, seed=seed), "11")

    return _in_browser_or_note("11", build)


def how_the_expert_plays(seed: int = 1) -> Any:
    """Lesson 12: a real position where the expert and greedy disagree, then a quiz."""
    from ..views.expert import ExpertLesson

    return lesson_page(ExpertLesson(seed), "12")
