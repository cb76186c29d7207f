"""Steps the browser tests share: waiting for words, and the moves several lessons' tests make.

``tests/test_browser.py`` keeps opening a lesson and the error check (``open_lesson``,
``assert_no_errors``); what more than one browser test file does again goes here.
"""

from __future__ import annotations

SCORE_BOXES = "input[placeholder=points]"


def wait_for_text(page, text: str, timeout: float | None = None) -> None:
    """Wait until the page's text holds ``text`` (Playwright's default time without one)."""
    page.wait_for_function("t => document.body.innerText.includes(t)", arg=text, timeout=timeout)


def wait_for_status(page, text: str, timeout: float | None = None) -> None:
    """Wait until the first view's status line holds ``text``."""
    page.wait_for_function(
        "t => (document.querySelector('.fc-view .fc-status')?.innerText ?? '').includes(t)",
        arg=text,
        timeout=timeout,
    )


def start_scorekeeping(view, names: str, enter: bool = False):
    """Start lesson 06's new game for ``names`` (typed as "Ann, Ben", then Enter pressed in
    the box when ``enter``); its score boxes."""
    names_box = view.get_by_placeholder("Ann, Ben, Cleo")
    names_box.fill(names)
    if enter:
        names_box.press("Enter")
    view.get_by_role("button", name="Start a new game").click()
    boxes = view.locator(SCORE_BOXES)
    boxes.first.wait_for()
    return boxes


def fill_scores(boxes, *scores: str) -> None:
    """Type one score a box, in seat order."""
    for i, score in enumerate(scores):
        boxes.nth(i).fill(score)


def guess_two_wilds(view) -> None:
    """Lesson 07's guess: 2 wilds, the share slider moved once (an untouched one is no guess)."""
    view.locator("select").first.select_option(label="2 wilds")
    share = view.locator(".noUi-handle").nth(1)
    share.focus()
    share.press("ArrowRight")


def click_then(view, button: str, *, shows: str = "", status: str = "") -> None:
    """Click ``view``'s button named ``button``, then wait until the page ``shows`` a text,
    or until the first view's ``status`` line says one."""
    view.get_by_role("button", name=button).click()
    if status:
        wait_for_status(view.page, status)
    else:
        wait_for_text(view.page, shows)
