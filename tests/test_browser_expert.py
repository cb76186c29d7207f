"""Lesson 12 (how the expert plays) as an app in real headless Chromium.

The fixtures (one Chromium, one Voilà server) come from ``tests/conftest.py``; the
helpers from ``tests/test_browser.py``. Screenshots go to the artifacts folder, at
desktop width and at a phone's 390 px.
"""

from __future__ import annotations

import pytest

from . import test_browser as base
from .test_browser import assert_no_errors, open_lesson

pytestmark = pytest.mark.browser

LESSON = "12-how-the-expert-plays"


def shoot_at_width(page, name: str) -> None:
    """A full-page screenshot at the page's own width (the shared helper widens to 1100 px)."""
    base.SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(base.SHOTS / f"{name}.png"), full_page=True)


def wait_text(page, text: str, timeout: int = 60_000) -> None:
    page.wait_for_function("t => document.body.innerText.includes(t)", arg=text, timeout=timeout)


@pytest.mark.parametrize("width", [1280, 390], ids=["desktop", "phone"])
def test_12_pick_a_discard_then_compare_greedy_and_the_expert(browser, voila_url, width):
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    try:
        open_lesson(page, voila_url, LESSON)
        view = page.locator(".fc-view").first
        wait_text(page, "What the table showed this round")
        cards = view.locator("button.fc-cardbtn")
        assert cards.count() >= 6
        cards.first.click()
        wait_text(page, "The expert throws")
        text = view.inner_text()
        assert "You threw" in text and "Greedy throws" in text
        assert_no_errors(page)
        scroll = page.evaluate("() => document.documentElement.scrollWidth")
        assert scroll <= width + 1, f"the page scrolls sideways at {width} px ({scroll} px)"
        shoot_at_width(page, f"lesson-12-how-the-expert-plays-{width}")
        quiz = page.locator(".fc-quiz").first
        quiz.get_by_role("button", name="Throw it now").click()
        wait_text(page, "Right!")
        view.get_by_role("button", name="Another position").click()
        page.wait_for_function(
            "() => !document.body.innerText.includes('You threw')", timeout=60_000
        )
        assert_no_errors(page)
    finally:
        context.close()
