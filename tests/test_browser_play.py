"""Lesson 04 in headless Chromium: the coached first game to its end, then free play where
the learner lays a meld down and goes out; focus, Tab stops, accessible names, phone width.

Screenshots go to artifacts/screenshots/ (desktop 1280 px and phone 390 px).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "artifacts" / "screenshots"
WIDGET_TIMEOUT_MS = 90_000
LESSON = "04-play-a-round"
ICON_GLYPHS = re.compile("[\ue000-\uf8ff]")  # icon fonts draw from the private use area


def open_lesson(page, voila_url: str):
    page.goto(f"{voila_url}/voila/render/{LESSON}.ipynb")
    page.wait_for_selector(".fc-play", state="visible", timeout=WIDGET_TIMEOUT_MS)
    page.wait_for_load_state("networkidle")
    page.wait_for_selector(".fc-coach", state="visible")
    assert_no_errors(page)
    return page.locator(".fc-play")


def assert_no_errors(page) -> None:
    errors = page.locator(
        ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr'], .fc-msg.fc-error"
    )
    texts = [errors.nth(i).inner_text() for i in range(errors.count())]
    assert not texts, texts
    assert "Traceback" not in page.inner_text("body")


def shoot(page, name: str, width: int = 1280) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size({"width": width, "height": 900})
    height = page.evaluate(  # Voilà scrolls inside a panel: grow the window to the content
        "() => Math.max(...[...document.querySelectorAll('body *')].map(e => e.scrollHeight))"
    )
    page.set_viewport_size({"width": width, "height": max(900, min(int(height), 6000))})
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
    page.set_viewport_size({"width": width, "height": 900})


def status(view) -> str:
    return view.locator(".fc-status").inner_text()


def wait_status(page, text: str) -> None:
    page.wait_for_function(
        "t => document.querySelector('.fc-play .fc-status').innerText.includes(t)",
        arg=text,
        timeout=15_000,
    )


def wait_text(page, text: str) -> None:
    page.wait_for_function(
        "t => document.querySelector('.fc-play').innerText.includes(t)", arg=text, timeout=15_000
    )


def active(page) -> dict:
    """The focused element: its classes, its text and the card code, if it is a card."""
    return page.evaluate(
        "() => { const e = document.activeElement;"
        " return {cls: e.className || '', text: e.innerText || '', code: e.dataset.code || ''}; }"
    )


def wait_focus(page, css_class: str) -> None:
    page.wait_for_function(
        "c => document.activeElement && document.activeElement.classList.contains(c)",
        arg=css_class,
        timeout=15_000,
    )


def select(view, *codes: str) -> None:
    for code in codes:
        view.locator(f".fc-play-hand button.fc-cardbtn[data-code='{code}']").click()


def press(view, page, name_start: str) -> None:
    """Click the enabled button of the play view whose accessible name starts so."""
    button = view.get_by_role("button", name=re.compile("^" + re.escape(name_start)))
    page.wait_for_function(
        "n => [...document.querySelectorAll('.fc-play button')]"
        ".some(b => b.innerText.trim().startsWith(n) && !b.disabled && b.offsetParent)",
        arg=name_start,
        timeout=15_000,
    )
    button.first.click()


def play_the_coached_game(page, view, shots: bool = False) -> None:
    """Lesson 04's coached first game from its first move to its end (a mistake included);
    shared with tests/test_site_parity.py, which plays it on the static site too."""
    # A mistake is flagged and changes nothing.
    press(view, page, "Take the discard")
    wait_status(page, "Draw from the stock instead")
    assert "J★ would not help" in status(view)
    if shots:
        shoot(page, "lesson-04-coached-mistake")

    # Step 1: draw; the focus moves into the hand.
    press(view, page, "Draw from the stock")
    wait_focus(page, "fc-cardbtn")
    # Step 2: a wild thrown away is flagged, then the Q♣ is discarded.
    select(view, "3*")
    press(view, page, "Discard 3★")
    wait_status(page, "You threw away a wild")
    # The refused 3★ went back down: the learner picks the Q♣ alone.
    page.wait_for_function("() => !document.querySelector('.fc-play-hand button.fc-selected')")
    select(view, "QC")
    press(view, page, "Discard Q♣")
    wait_status(page, "You discarded Q♣")
    wait_focus(page, "fc-play-discard")
    expect(view.locator(".fc-coach")).to_contain_text("step 3 of 5", use_inner_text=True)
    # Step 3: take the 10♥; steps 4 and 5: lay the book down, discard the last card.
    press(view, page, "Take the discard")
    wait_focus(page, "fc-cardbtn")
    select(view, "10D", "10H", "3*")
    press(view, page, "Lay down")
    wait_status(page, "A book of three 10s")
    expect(view).to_contain_text("Laid down this turn", use_inner_text=True)
    select(view, "6*")
    press(view, page, "Discard 6★ and go out")
    page.wait_for_selector(".fc-banner", timeout=15_000)
    wait_text(page, "Round 1 summary")
    expect(view.locator(".fc-banner")).to_contain_text("You win the game", use_inner_text=True)
    expect(view.locator(".fc-coach")).to_contain_text(
        "You went out, so you score 0", use_inner_text=True
    )
    expect(view).to_contain_text("Round 1 summary", use_inner_text=True)
    wait_focus(page, "fc-play-again")


def choose_free_game(page, view, length: str, seed: int = 12) -> None:
    """In free play, open *Game settings* and choose one bot, ``length`` and ``seed``."""
    view.get_by_role("button", name="Game settings").click()
    setup = view.locator(".fc-panel", has=page.locator("text=Bot level")).first
    bots = view.locator(".widget-inline-hbox", has_text="Bots").locator("input")
    bots.fill("1")
    bots.press("Enter")
    view.locator(".widget-inline-hbox", has_text="Length").locator("select").select_option(
        label=length
    )
    box = view.locator(".widget-inline-hbox", has_text="Seed").locator("input")
    box.fill(str(seed))
    box.press("Enter")
    page.wait_for_function("() => document.body.innerText.includes('press New game')")
    assert setup.is_visible()


def test_04_coached_game_to_the_end_then_free_play_lays_down_and_goes_out(page, voila_url):
    page.set_viewport_size({"width": 1280, "height": 900})
    view = open_lesson(page, voila_url)
    expect(view.locator(".fc-coach")).to_contain_text("step 1 of 5", use_inner_text=True)
    expect(view.locator(".fc-coach")).to_contain_text("Draw from the stock", use_inner_text=True)
    shoot(page, "lesson-04-coached-start")

    # The first move is a few Tab stops from the top of the page: after the language link,
    # the page's three switches (dark theme, high contrast, projector) and the two modes.
    page.locator("body").click(position={"x": 2, "y": 2})
    stops = 0
    for stops in range(1, 15):  # noqa: B007 - the count is the result
        page.keyboard.press("Tab")
        if "fc-play-stock" in active(page)["cls"]:
            break
    assert "fc-play-stock" in active(page)["cls"] and stops <= 7, stops

    # No accessible name on the page carries an icon-font glyph ("\uf042 High contrast").
    names = re.findall(r'button "([^"]*)"', page.locator("body").aria_snapshot())
    assert "Draw from the stock (108)" in names and "High contrast" in names, names
    assert [n for n in names if ICON_GLYPHS.search(n)] == []

    play_the_coached_game(page, view, shots=True)
    assert_no_errors(page)
    shoot(page, "lesson-04-coached-end")
    shoot(page, "lesson-04-coached-end-phone", width=390)
    page.set_viewport_size({"width": 1280, "height": 900})

    # Free play: one bot, one round, seed 12 (K♦ 3♣ 8♠ K♠ after drawing from the stock).
    press(view, page, "Free play next")
    page.wait_for_function("() => document.body.innerText.includes('New game: You, Bot 1')")
    expect(view).to_contain_text("Your opponents:", use_inner_text=True)
    choose_free_game(page, view, length="1 round")
    shoot(page, "lesson-04-free-settings")
    press(view, page, "New game")
    page.wait_for_function("() => document.body.innerText.includes('New game: You, Bot 1.')")
    wait_focus(page, "fc-play-stock")
    press(view, page, "Draw from the stock")
    wait_focus(page, "fc-cardbtn")
    # A coloured button that cannot be pressed now looks like any other that cannot: the
    # faded blue of the stock button still read as the move to make.
    stock = view.get_by_role("button", name=re.compile("^Draw from the stock"))
    take = view.get_by_role("button", name=re.compile("^Take the discard"))
    expect(stock).to_be_disabled()
    background = "b => getComputedStyle(b).backgroundColor"
    assert stock.evaluate(background) == take.evaluate(background)
    # Discarding into a hand that could go out asks first.
    select(view, "8S")
    press(view, page, "Discard 8♠")
    page.wait_for_function("() => document.body.innerText.includes('Go out? Discarding 8♠')")
    wait_focus(page, "fc-play-confirm-yes")
    shoot(page, "lesson-04-free-go-out-question")
    # Instead, lay the book down by hand and discard the last card.
    select(view, "KD", "KS", "3C")
    press(view, page, "Lay down")
    wait_status(page, "Laid down")
    select(view, "8S")
    press(view, page, "Discard 8♠ and go out")
    page.wait_for_selector(".fc-banner", timeout=15_000)
    wait_text(page, "Round 1 summary")
    expect(view).to_contain_text("went out", use_inner_text=True)
    expect(view).to_contain_text("You win the game", use_inner_text=True)
    assert_no_errors(page)
    shoot(page, "lesson-04-free-went-out")
    shoot(page, "lesson-04-free-went-out-phone", width=390)


def test_04_phone_width_nothing_overflows_sideways(page, voila_url):
    page.set_viewport_size({"width": 390, "height": 844})
    view = open_lesson(page, voila_url)
    overflow = page.evaluate(
        "() => [...document.querySelectorAll('.fc-play button')]"
        ".filter(b => b.offsetParent && b.getBoundingClientRect().right > window.innerWidth + 1)"
        ".map(b => b.innerText)"
    )
    assert overflow == []
    assert view.get_by_role("button", name="Draw from the stock").is_visible()
    shoot(page, "lesson-04-coached-start-phone", width=390)


def test_04_every_variant_is_a_setting_and_books_in_different_suits_plays(page, voila_url):
    from fivecrowns_lab.core.rules import VARIANTS

    page.set_viewport_size({"width": 390, "height": 844})
    view = open_lesson(page, voila_url)
    view.get_by_role("button", name="Free play").click()
    wait_status(page, "New game")
    view.get_by_role("button", name="Game settings").click()
    for variant in VARIANTS:
        if isinstance(variant.default, bool):  # every on/off variant has its checkbox
            box = view.locator(".fc-variant-" + variant.field.replace("_", "-"))
            box.wait_for(state="visible")
            expect(box).to_contain_text(variant.label, use_inner_text=True)
    view.locator(".fc-variant-books-distinct-suits input").check()
    view.locator(".fc-variant-no-all-wild-melds input").check()
    view.get_by_role("button", name="New game").click()
    wait_status(page, "House rules: books in different suits and no all-wild melds.")
    assert_no_errors(page)
    shoot(page, "lesson-04-house-rules-phone", width=390)
