"""Lessons 02 and 04 played with the keyboard alone: Tab to a control, Enter or Space to
use it, arrow keys to walk the hand. Every control reached shows where the focus is, and
each result is announced in a live region (the status line, ``aria-live``).

No mouse event is sent in these tests: a learner who cannot use one can finish the round.
"""

from __future__ import annotations

import pytest

from tests.test_browser import WIDGET_TIMEOUT_MS, assert_no_errors
from tests.test_browser_lessons import wait_text

pytestmark = pytest.mark.browser

#: The focused element: its classes, its text, its card code, and whether it shows focus.
FOCUSED = """() => {
  const e = document.activeElement;
  if (!e) return null;
  const s = getComputedStyle(e);
  const ring = (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0)
    || (s.boxShadow && s.boxShadow !== 'none');
  return {cls: String(e.className || ''), text: (e.innerText || '').trim(),
          code: e.dataset ? (e.dataset.code || '') : '', ring, disabled: !!e.disabled,
          play: !!e.closest('.fc-play')};
}"""


def focused(page) -> dict:
    return page.evaluate(FOCUSED)


def tab_to(page, wanted, limit: int = 80) -> dict:
    """Press Tab until ``wanted(focused)`` holds; the control reached must show its focus."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        now = focused(page)
        if now and wanted(now):
            assert now["ring"], f"no visible focus on {now}"
            return now
    raise AssertionError(f"Tab never reached the control (last: {focused(page)})")


def button(text: str):
    return lambda f: f["text"].startswith(text) and not f["disabled"]


def ready(page, text: str, scope: str = ".fc-play") -> None:
    """Wait until the button ``text`` in ``scope`` can be used (the kernel enables it after
    the selection it follows has reached it): Tab skips a disabled button."""
    page.wait_for_function(
        "([s, t]) => [...document.querySelectorAll(s + ' button')]"
        ".some(b => b.innerText.trim().startsWith(t) && !b.disabled && b.offsetParent)",
        arg=[scope, text],
        timeout=20_000,
    )


def play_button(text: str):
    return lambda f: f["play"] and f["text"].startswith(text) and not f["disabled"]


def walk_to_card(page, code: str) -> None:
    """From a card of the hand, the arrow keys to the card ``code``."""
    for key in ("ArrowLeft",) * 14 + ("ArrowRight",) * 14:
        if focused(page)["code"] == code:
            return
        page.keyboard.press(key)
    assert focused(page)["code"] == code, focused(page)


def live_text(page, scope: str) -> str:
    return page.evaluate(
        "s => [...document.querySelectorAll(s + ' [aria-live]')].map(e => e.innerText).join(' ')",
        scope,
    )


def wait_live(page, scope: str, text: str) -> None:
    """Wait until a live region in ``scope`` says ``text`` (what a screen reader reads out)."""
    wait_text(page, scope + " [aria-live]", text)


def test_04_coached_round_played_with_the_keyboard_alone(page, voila_url):
    page.goto(f"{voila_url}/voila/render/04-play-a-round.ipynb")
    page.wait_for_selector(".fc-play", state="visible", timeout=WIDGET_TIMEOUT_MS)
    page.wait_for_load_state("networkidle")
    page.wait_for_selector(".fc-coach", state="visible")
    scope = ".fc-play"

    tab_to(page, lambda f: "fc-play-stock" in f["cls"])
    page.keyboard.press("Enter")  # draw from the stock
    page.wait_for_function("() => document.activeElement.classList.contains('fc-cardbtn')")
    walk_to_card(page, "QC")
    page.keyboard.press("Space")  # choose the Q♣ ...
    ready(page, "Discard Q♣")
    tab_to(page, play_button("Discard Q♣"))
    page.keyboard.press("Enter")  # ... and discard it
    wait_live(page, scope, "You discarded Q♣")
    ready(page, "Take the discard")
    tab_to(page, play_button("Take the discard"))
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.activeElement.classList.contains('fc-cardbtn')")
    for code in ("10D", "10H", "3*"):
        walk_to_card(page, code)
        page.keyboard.press("Space")
    ready(page, "Lay down")
    tab_to(page, play_button("Lay down"))
    page.keyboard.press("Enter")
    wait_live(page, scope, "A book of three 10s")
    tab_to(page, lambda f: f["code"] == "6*")
    page.keyboard.press("Enter")  # Enter chooses a card as Space does
    ready(page, "Discard 6★ and go out")
    tab_to(page, play_button("Discard 6★ and go out"))
    page.keyboard.press("Enter")
    page.wait_for_selector(".fc-banner", timeout=20_000)
    # the end of the round is announced, and the focus lands on what comes next
    page.wait_for_function(
        "() => [...document.querySelectorAll('.fc-play [role=status]')]"
        ".some(e => e.innerText.includes('You win the game'))",
        timeout=20_000,
    )
    page.wait_for_function("() => document.activeElement.classList.contains('fc-play-again')")
    assert focused(page)["ring"]
    assert_no_errors(page)


def test_02_a_meld_built_checked_and_laid_down_with_the_keyboard_alone(page, voila_url):
    page.goto(f"{voila_url}/voila/render/02-books-runs-and-wilds.ipynb")
    page.wait_for_selector(".fc-view", state="visible", timeout=WIDGET_TIMEOUT_MS)
    page.wait_for_load_state("networkidle")
    builder = ".fc-view:nth-of-type(n)"
    tab_to(page, lambda f: "fc-cardbtn" in f["cls"])
    first = focused(page)["code"]
    page.keyboard.press("Space")
    page.keyboard.press("ArrowRight")
    second = focused(page)["code"]
    page.keyboard.press("Enter")
    assert first != second
    page.wait_for_function(
        "() => document.querySelectorAll('.fc-cardbtn[aria-pressed=true]').length === 2"
    )
    ready(page, "Check", ".fc-view")
    tab_to(page, button("Check"))
    page.keyboard.press("Enter")
    # whether the two cards meld or not, the verdict is read out from a live region
    page.wait_for_function(
        "() => [...document.querySelectorAll('[aria-live], [role=status]')]"
        ".some(e => /meld|book|run|three/i.test(e.innerText))",
        timeout=20_000,
    )
    assert live_text(page, builder)
    assert_no_errors(page)
