"""The dark-theme switch across links, solitaire's click-to-target board and the
scorekeeper's Enter, marked boxes and undoable new game, in real headless Chromium.

Uses the session's shared Chromium and Voilà server from conftest. Screenshots of the
gallery, lesson 05 and lesson 06 in dark, at 1280 and 390 px, go to
artifacts/screenshots/.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from .browser_helpers import fill_scores, start_scorekeeping
from .conftest import SERVER_LOGS
from .test_browser import assert_no_errors

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "artifacts" / "screenshots"
WIDGET_TIMEOUT_MS = 120_000
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}

IS_DARK = """() => {
  const rgb = getComputedStyle(document.body).backgroundColor.match(/\\d+/g).map(Number);
  return rgb[0] + rgb[1] + rgb[2] < 3 * 80 && document.body.dataset.jpThemeLight === "false"
    && document.documentElement.dataset.fcTheme === "dark";
}"""
IS_LIGHT = """() => {
  const rgb = getComputedStyle(document.body).backgroundColor.match(/\\d+/g).map(Number);
  return rgb[0] + rgb[1] + rgb[2] > 3 * 200 && document.body.dataset.jpThemeLight === "true";
}"""


def wait_for_view(page, selector: str = ".fc-view") -> None:
    page.wait_for_selector(selector, state="visible", timeout=WIDGET_TIMEOUT_MS)
    page.wait_for_load_state("networkidle")


def status_of(page) -> str:
    return page.locator(".fc-view .fc-status").first.inner_text()


def wait_status(page, pattern: str) -> None:
    page.wait_for_function(
        "(p) => new RegExp(p).test(document.querySelector('.fc-view .fc-status').innerText)",
        arg=pattern,
        timeout=20_000,
    )


def shoot(page, name: str) -> None:
    """The whole page at 1280 and at 390 px (the window grows to the page's height, since
    Voilà scrolls inside a panel), then back to the desktop size."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width, suffix in ((DESKTOP["width"], "1280"), (PHONE["width"], "390")):
        page.set_viewport_size({"width": width, "height": 844})
        page.wait_for_timeout(300)
        height = page.evaluate(
            "() => Math.max(...[...document.querySelectorAll('body *')].map(e => e.scrollHeight))"
        )
        page.set_viewport_size({"width": width, "height": max(844, min(int(height), 7000))})
        page.wait_for_timeout(200)
        page.screenshot(path=str(SHOTS / f"{name}-{suffix}.png"), full_page=True)
        if width == PHONE["width"]:
            wide = page.evaluate("() => document.scrollingElement.scrollWidth")
            assert wide <= PHONE["width"] + 1, f"{name}: the page scrolls sideways ({wide} px)"
    page.set_viewport_size(DESKTOP)


def server_log(voila_url: str) -> str:
    """The log of the Voilà server at ``voila_url`` (it names its own address)."""
    for path in reversed(SERVER_LOGS):
        text = path.read_text(encoding="utf-8", errors="replace")
        if voila_url in text:
            return text
    raise AssertionError(f"no server log mentions {voila_url}")


def preheated_uses(voila_url: str, name: str) -> int:
    """How many visits to ``name`` the server served from its pool of preheated kernels."""
    pattern = rf"Using pre-heated kernel: \S+ for {re.escape(name)}"
    return len(re.findall(pattern, server_log(voila_url)))


def wait_for_full_pool(voila_url: str, name: str, timeout: float = 120) -> None:
    """Wait until the server's pool for ``name`` has refilled since its last use."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        text = server_log(voila_url)
        used = text.rfind(f" for {name}")
        if text.rfind(f"Kernel pool of {name} is filled") > used:
            return
        time.sleep(1)


def theme_switch(page):
    switch = page.get_by_role("button", name="Dark theme")
    assert switch.count() == 1, "one dark-theme switch per page"
    return switch


def switch_theme(page, to: str) -> None:
    """Click the dark-theme switch: the page turns ``to`` ("dark" or "light"), the switch
    says whether it is pressed, and the choice is stored for the visit's next pages."""
    theme_switch(page).click()
    page.wait_for_function(IS_DARK if to == "dark" else IS_LIGHT, timeout=10_000)
    pressed = "true" if to == "dark" else "false"
    assert theme_switch(page).get_attribute("aria-pressed") == pressed
    assert page.evaluate("localStorage.getItem('fivecrowns-lab:theme')") == to


def test_dark_theme_switch_holds_across_every_link_with_no_theme_in_the_address(
    browser, voila_url
):
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    try:
        page.goto(f"{voila_url}/voila/render/00-index.ipynb", timeout=WIDGET_TIMEOUT_MS)
        wait_for_view(page, ".fc-gallery")
        page.wait_for_function(IS_LIGHT)
        assert theme_switch(page).get_attribute("aria-pressed") == "false"
        switch_theme(page, "dark")
        # The theme's own colour variables changed (what charts and the views read).
        layout = page.evaluate(
            "getComputedStyle(document.body).getPropertyValue('--jp-layout-color0').trim()"
        )
        assert layout.lower() not in ("white", "#fff", "#ffffff"), layout
        assert_no_errors(page)
        shoot(page, "dark-00-index")

        # The gallery's link to lesson 05: a plain address, so a preheated kernel serves it,
        # and the browser makes it dark.
        wait_for_full_pool(voila_url, "05-solitaire.ipynb")
        before = preheated_uses(voila_url, "05-solitaire.ipynb")
        page.locator("a.fc-lesson[href='05-solitaire.ipynb']").click()
        wait_for_view(page)
        assert "theme=" not in page.url
        assert preheated_uses(voila_url, "05-solitaire.ipynb") == before + 1, "not preheated"
        page.wait_for_function(IS_DARK, timeout=10_000)
        assert page.title() == "Five Crowns Solitaire · Five Crowns Lab"
        assert theme_switch(page).get_attribute("aria-pressed") == "true"
        page.locator(".fc-view").first.get_by_role("button", name="Hint").click()
        page.wait_for_selector(".fc-view .fc-msg.fc-info svg.fc-icon")
        assert_no_errors(page)
        shoot(page, "dark-05-solitaire")

        # Next lesson, then back to the gallery: still dark; then the switch turns it off.
        page.locator(".fc-lessonnav a[rel='next']").first.click()
        wait_for_view(page)
        assert "06-scorekeeper" in page.url and "theme=" not in page.url
        page.wait_for_function(IS_DARK, timeout=10_000)
        assert_no_errors(page)
        shoot(page, "dark-06-scorekeeper")
        page.locator(".fc-lessonnav a", has_text="All lessons").first.click()
        wait_for_view(page, ".fc-gallery")
        page.wait_for_function(IS_DARK, timeout=10_000)
        switch_theme(page, "light")
    finally:
        context.close()


def test_05_a_click_on_a_hand_of_the_board_puts_the_drawn_card_there(page, voila_url):
    page.set_viewport_size(DESKTOP)
    page.goto(f"{voila_url}/voila/render/05-solitaire.ipynb", timeout=WIDGET_TIMEOUT_MS)
    wait_for_view(page, ".fc-board table")
    widths = page.evaluate(
        "[...document.querySelectorAll('.fc-board svg.fc-card-svg')]"
        ".map(s => s.getBoundingClientRect().width)"
    )
    assert widths and min(widths) >= 56, min(widths)
    view = page.locator(".fc-view").first
    view.get_by_role("button", name=re.compile("Draw from the stock")).click()
    wait_status(page, "You drew")
    open_rows = page.locator(".fc-board tr[data-closed='false']")
    hands = [int(open_rows.nth(i).get_attribute("data-hand")) for i in range(open_rows.count())]
    k = hands[-1]  # the biggest open hand, not the one chosen at the start
    page.locator(f".fc-board tr[data-hand='{k}'] .fc-board-cards").click()  # its cards
    wait_status(page, f"Hand {k} chosen")
    assert f"hand {k} (" in view.locator("select").first.evaluate(
        "s => s.options[s.selectedIndex].text.replace(/\\u00a0/g, ' ')"
    )
    page.wait_for_function(
        "(n) => document.querySelectorAll('.fc-handw button.fc-cardbtn').length === n",
        arg=k + 3,  # hand k's k + 2 cards and the drawn one
    )
    pressed = page.locator(f".fc-board tr[data-hand='{k}'] button.fc-hand-pick")
    assert pressed.get_attribute("aria-pressed") == "true"
    shoot(page, "polish-05-chosen-hand")
    page.locator(".fc-handw button.fc-cardbtn").last.click()  # discard the drawn card
    wait_status(page, f"from hand {k}|goes out|won|lost")
    # The keyboard's way: the hand's button takes focus and Enter chooses it.
    other = hands[0]
    button = page.locator(f".fc-board tr[data-hand='{other}'] button.fc-hand-pick")
    button.focus()
    page.keyboard.press("Enter")
    wait_status(page, f"Hand {other} chosen")
    assert_no_errors(page)


def test_06_enter_adds_the_round_a_refused_box_is_marked_and_a_new_game_asks_and_undoes(
    page, voila_url
):
    page.set_viewport_size(DESKTOP)
    page.goto(f"{voila_url}/voila/render/06-scorekeeper.ipynb", timeout=WIDGET_TIMEOUT_MS)
    wait_for_view(page)
    view = page.locator(".fc-view").first
    boxes = start_scorekeeping(view, "Ida, Jo")
    fill_scores(boxes, "12", "abc")
    boxes.nth(1).press("Enter")
    wait_status(page, "not a number")
    page.wait_for_selector("input[aria-invalid='true']")
    assert view.locator("input[aria-invalid='true']").count() == 1
    described = boxes.nth(1).get_attribute("aria-describedby")
    assert described and "not a number" in page.locator(f"#{described}").inner_text()
    ring = boxes.nth(1).evaluate("e => getComputedStyle(e).boxShadow")
    assert "2px" in ring, ring  # a red ring around the refused box, focused or not
    shoot(page, "polish-06-refused-box")
    boxes.nth(1).fill("0")  # fixed: the mark and the note go
    page.wait_for_function("() => !document.querySelector('input[aria-invalid]')")
    assert view.locator(".fc-field-msg").count() == 0
    boxes.nth(1).press("Enter")
    wait_status(page, "Round 1 added")
    boxes.nth(0).fill("5")
    boxes.nth(0).press("Enter")  # Enter with Jo's box still empty: nothing added, nothing marked
    wait_status(page, "Round 2 still needs a score for Jo")
    assert view.locator("input[aria-invalid='true']").count() == 0
    expect(view.locator("table")).not_to_contain_text("R2", use_inner_text=True)

    view.get_by_placeholder("Ann, Ben, Cleo").fill("Kai, Lu")
    view.get_by_role("button", name="Start a new game").click()
    wait_status(page, "replace it with a new game, or keep it")
    expect(view.locator(".fc-confirm:visible")).to_contain_text(
        "Replace the game with 1 round", use_inner_text=True
    )
    shoot(page, "polish-06-confirm")
    view.get_by_role("button", name="Yes, replace it").click()
    wait_status(page, "New game for Kai, Lu")
    view.get_by_role("button", name="Undo new game").click()
    wait_status(page, "Brought back the game of Ida, Jo: 1 round played")
    table = view.locator("table").inner_text()
    assert "Ida" in table and "12" in table
    assert_no_errors(page)
