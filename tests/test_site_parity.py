"""The same lesson tasks on both servers: Voilà (a Python kernel on the server) and the static
site (Voici, the Pyodide kernel in the page), with one driver per task for both.

Issue 48 found lesson 04's free play, lesson 10's fourth seat and lesson 08's reveals broken
on the site only: widgets hidden with ``layout.display = None``, which the site's widget
manager never applies (views/base.py ``set_shown`` now writes ``""`` or ``"none"``). A
driver here fails on the server where a control the lesson's text names never shows.

Skipped unless ``FIVECROWNS_BUILD_SITE=1`` (as .ci/run sets): the site is built once by
tests/test_site.py's ``site_url`` fixture, if it is not built yet, and served offline.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import pytest
from playwright.sync_api import expect

from .test_browser_play import (
    choose_free_game,
    play_the_coached_game,
    press,
    select,
    wait_focus,
)
from .test_site import (  # noqa: F401 - site_url is a fixture
    WIDGET_TIMEOUT_MS,
    nothing_was_blocked,
    offline_tab,
    shoot,
    site_url,
    wait_for_lesson,
    wait_text,
)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.slow,
    pytest.mark.skipif(
        os.environ.get("FIVECROWNS_BUILD_SITE") != "1",
        reason="SITE PARITY TESTS SKIPPED: set FIVECROWNS_BUILD_SITE=1 (builds _site/ if needed)",
    ),
]

#: A click answered by a kernel that is already up: generous, for a busy shared machine.
ANSWER_MS = 60_000


@dataclass
class Served:
    """One server's tab: ``open`` a lesson by its name and wait for its first widget."""

    kind: str
    url: str
    page: object

    def open(self, lesson: str, selector: str) -> object:
        if self.kind == "site":
            self.page.goto(f"{self.url}/voici/render/{lesson}.html")
        else:
            self.page.goto(f"{self.url}/voila/render/{lesson}.ipynb")
        wait_for_lesson(self.page, selector)
        return self.page

    def done(self, name: str) -> None:
        """The task ended well: a screenshot, and on the site no request left the machine."""
        shoot(self.page, f"parity-{self.kind}-{name}")
        if self.kind == "site":
            nothing_was_blocked(self.page)


@contextlib.contextmanager
def _voila_tab(browser) -> Iterator[object]:
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    try:
        yield context.new_page()
    finally:
        context.close()


@pytest.fixture(params=["voila", "site"])
def served(request, browser) -> Iterator[Served]:
    """A fresh tab on Voilà or on the static site (offline), as the test's parameter says."""
    if request.param == "site":
        url = request.getfixturevalue("site_url")
        tab = offline_tab(browser)
    else:
        url = request.getfixturevalue("voila_url")
        tab = _voila_tab(browser)
    with tab as page:
        yield Served(request.param, url, page)


def _wait_in(page, selector: str, text: str, timeout: int = ANSWER_MS) -> None:
    """Wait until an element of ``selector`` shows ``text`` (innerText: hidden parts are not)."""
    wait_text(page, selector, text, timeout=timeout)


# -- lesson 04: the coached game, then a free round with Hint, settings, Go out? and Next round --


def play_04(served: Served) -> None:
    page = served.open("04-play-a-round", ".fc-play")
    view = page.locator(".fc-play")
    expect(view.locator(".fc-coach")).to_contain_text("step 1 of 5", use_inner_text=True)
    play_the_coached_game(page, view)

    press(view, page, "Free play next")
    _wait_in(page, ".fc-play", "New game: You, Bot 1")
    # The issue: "Your turn to draw." with no hand, no Hint and no Game settings.
    hand = view.locator(".fc-play-hand button.fc-cardbtn")
    expect(hand.first).to_be_visible()
    expect(view.get_by_role("button", name="Hint", exact=True)).to_be_visible()
    expect(view.get_by_role("button", name="Game settings", exact=True)).to_be_visible()

    # Five rounds, so that the round's end asks for Next round; seed 12 deals K♦ 3♣ 8♠ and
    # the stock gives K♠: discarding the 8♠ goes out.
    choose_free_game(page, view, length="5 rounds")
    press(view, page, "New game")
    _wait_in(page, ".fc-play", "New game: You, Bot 1.")
    press(view, page, "Draw from the stock")
    wait_focus(page, "fc-cardbtn")
    press(view, page, "Hint")
    _wait_in(page, ".fc-play", "Hint:")
    select(view, "8S")
    press(view, page, "Discard 8♠")
    _wait_in(page, ".fc-play", "Go out? Discarding 8♠")
    press(view, page, "Go out, discarding 8♠")

    _wait_in(page, ".fc-play", "Round 1 summary")
    next_round = view.get_by_role("button", name="Next round", exact=True)
    expect(next_round).to_be_visible(timeout=ANSWER_MS)
    next_round.click()
    # Round 2 deals four cards, and the learner's hand shows again.
    _wait_in(page, ".fc-play", "Round 2:")
    page.wait_for_function(
        "() => [...document.querySelectorAll('.fc-play-hand button.fc-cardbtn')]"
        ".filter(b => b.offsetParent).length >= 4",
        timeout=ANSWER_MS,
    )
    served.done("04-free-round")


# -- lesson 10: the Seat 4 picker once a third seat is chosen -------------------------------------


def seat_four_10(served: Served) -> None:
    page = served.open("10-strategy-lab", ".fc-view")
    # the first run is played as the page opens (in turns, in the browser)
    _wait_in(page, ".fc-view", "50 of 50 games", timeout=WIDGET_TIMEOUT_MS)

    def seat(number: int):
        return page.locator(".fc-view .widget-dropdown", has_text=f"Seat {number}").first

    def choose(number: int, index: int) -> None:
        seat(number).locator("select").select_option(index=index)

    def shows(number: int, index: int) -> None:
        """Wait until seat ``number``'s menu shows its option ``index`` (0: the empty seat)."""
        page.wait_for_function(
            "([s, i]) => s.selectedIndex === i",
            arg=[seat(number).locator("select").element_handle(), index],
            timeout=ANSWER_MS,
        )

    expect(seat(3)).to_be_visible()
    expect(seat(4)).to_be_hidden()
    choose(3, 1)  # the first bot after the empty seat
    expect(seat(4)).to_be_visible(timeout=ANSWER_MS)
    choose(4, 2)
    # emptying seat 3 moves seat 4's bot into it: seat 4 stays, empty
    choose(3, 0)
    shows(3, 2)
    shows(4, 0)
    expect(seat(4)).to_be_visible()
    # and emptying seat 3 again hides seat 4
    choose(3, 0)
    expect(seat(4)).to_be_hidden(timeout=ANSWER_MS)
    served.done("10-seat-4")


# -- lesson 08: every question can be committed (Just show me) and shows its reveal --------------

QUESTIONS_08 = ("go out on the deal", "go out on the first turn", "penalty of a dealt hand")


def reveal_every_question_08(served: Served) -> None:
    page = served.open("08-go-out-on-the-deal", ".fc-view")
    view = page.locator(".fc-view").first
    # The quiz gives the answer away: it opens after the first guess, on both servers.
    quiz = page.locator(".fc-quiz-widget")
    expect(quiz).to_be_hidden()
    expect(page.locator(".fc-quiz-note")).to_be_visible()
    results = view.locator("table").first
    for question in QUESTIONS_08:
        box = view.locator("select").first
        if box.locator("option:checked").inner_text() != question:
            box.select_option(label=question)
        # The question's simulation (in turns, in the browser) ends before a verdict.
        _wait_in(page, ".fc-view .fc-status", "The simulation is ready", WIDGET_TIMEOUT_MS)
        expect(view.locator(".fc-reveal")).to_have_count(0)  # nothing of the answer yet
        view.get_by_role("button", name="Just show me", exact=True).click()
        _wait_in(page, ".fc-view .fc-reveal", "You skipped the guess.")
        expect(view.locator(".fc-reveal")).to_contain_text(
            "Your guess, and the truth", use_inner_text=True
        )
        expect(results).to_be_visible(timeout=ANSWER_MS)  # the table of values, once revealed
        expect(view.get_by_role("button", name="Just show me", exact=True)).to_be_disabled()
        expect(quiz).to_be_visible()
        expect(page.locator(".fc-quiz-note")).to_be_hidden()
    served.done("08-every-reveal")


TASKS: dict[str, Callable[[Served], None]] = {
    "04-free-play": play_04,
    "10-seat-4": seat_four_10,
    "08-reveals": reveal_every_question_08,
}


@pytest.mark.parametrize("task", list(TASKS))
def test_lesson_task_plays_the_same_on_voila_and_the_static_site(served, task):
    TASKS[task](served)
    errors = served.page.locator(".fc-msg.fc-error")
    assert errors.count() == 0, errors.first.inner_text()
    assert "Traceback" not in served.page.inner_text("body")
