"""The probability lessons (07-09) as apps in real headless Chromium, like tests/test_browser.py.

The fixtures (one Chromium, one Voilà server) come from ``tests/conftest.py``; the
helpers from ``tests/test_browser.py``.
"""

from __future__ import annotations

import pytest

from . import test_browser as base
from .test_browser import assert_no_errors, open_lesson, shoot, status_of

pytestmark = pytest.mark.browser


def shoot_view(view, name: str) -> None:
    """A screenshot of the lesson's view alone (the page screenshot may cut it)."""
    base.SHOTS.mkdir(parents=True, exist_ok=True)
    view.screenshot(path=str(base.SHOTS / f"{name}-view.png"))


def wait_text(page, text: str, timeout: int = 30_000) -> None:
    page.wait_for_function("t => document.body.innerText.includes(t)", arg=text, timeout=timeout)


def test_07_deal_hands_and_watch_the_histogram(page, voila_url):
    open_lesson(page, voila_url, "07-counting-wild-cards")
    view = page.locator(".fc-view").first
    assert view.locator(".fc-plot img").count() == 1
    assert "C(16, k)" in view.inner_text()
    view.get_by_role("button", name="Deal 100", exact=True).click()
    wait_text(page, "100 hands dealt")
    view.get_by_role("button", name="Deal 1,000", exact=True).click()
    wait_text(page, "1,100 hands dealt")
    assert "dealt (1,100)" in view.inner_text()
    assert_no_errors(page)
    shoot(page, "lesson-07-counting-wild-cards")
    shoot_view(view, "lesson-07-counting-wild-cards")


def test_08_explain_the_pattern_after_a_guess(page, voila_url):
    open_lesson(page, voila_url, "08-go-out-on-the-deal")
    view = page.locator(".fc-view").first
    assert view.locator(".fc-plot img").count() == 1
    assert "not counted" in view.inner_text()
    view.locator("textarea").fill("Six cards can split into two melds of three.")
    view.locator("textarea").blur()
    view.get_by_role("button", name="Show the explanation").click()
    wait_text(page, "saw-tooth with period three")
    assert_no_errors(page)
    shoot(page, "lesson-08-go-out-on-the-deal")
    shoot_view(view, "lesson-08-go-out-on-the-deal")


def test_09_outs_of_a_typed_hand_with_seen_cards(page, voila_url):
    open_lesson(page, voila_url, "09-outs")
    view = page.locator(".fc-view").first
    wait_text(page, "24 unseen copies")
    seen = view.get_by_placeholder("cards you saw")
    seen.fill("QH QH")
    seen.press("Enter")
    view.get_by_role("button", name="Find the outs").click()
    wait_text(page, "22 unseen copies")
    hand = view.locator("input[type=text]").first
    hand.fill("8H 9H KX")
    hand.press("Enter")
    view.get_by_role("button", name="Find the outs").click()
    page.wait_for_selector(".fc-msg.fc-error")
    assert "'KX' is not a card" in status_of(page)
    shoot(page, "lesson-09-outs")
    shoot_view(view, "lesson-09-outs")


def test_10_strategy_lab_plays_more_games_with_a_progress_bar(page, voila_url):
    open_lesson(page, voila_url, "10-strategy-lab")
    view = page.locator(".fc-view").first
    wait_text(page, "20 of 20 games")
    assert view.locator(".fc-plot img").count() == 1
    assert "Download the results as CSV" in view.inner_text()
    games = view.locator("input[type=number]").first
    games.fill("6")
    games.press("Enter")
    view.get_by_role("button", name="Play the games").click()
    wait_text(page, "Played 6 games")
    assert "6 of 6 games" in view.inner_text()
    href = view.locator("a[download]").get_attribute("href")
    assert href.startswith("data:text/csv;base64,")
    assert_no_errors(page)
    shoot(page, "lesson-10-strategy-lab")
    shoot_view(view, "lesson-10-strategy-lab")


def test_11_solitaire_odds_with_an_interval(page, voila_url):
    open_lesson(page, voila_url, "11-solitaire-odds")
    view = page.locator(".fc-view").first
    wait_text(page, "10 of 10 deals")
    assert "95% interval" in view.inner_text()
    deals = view.locator("input[type=number]").first
    deals.fill("5")
    deals.press("Enter")
    view.get_by_role("button", name="Play the deals").click()
    wait_text(page, "Played 5 deals")
    assert_no_errors(page)
    shoot(page, "lesson-11-solitaire-odds")
    shoot_view(view, "lesson-11-solitaire-odds")
