"""A page the visitor wants dark is dark from its first frame, in real headless Chromium.

The dark-theme switch (theme_switch.js) runs only once the widgets load; before it, the
page template ``fivecrowns`` (fivecrowns_lab/share/jupyter/voila/templates/) makes the page
dark by the same rules: the address, then the stored choice, then the system's setting.
Every frame the browser draws is sampled from the very start (an init script samples the
painted background on each animation frame) until the lesson's view appears, so a white
flash of even one frame fails. Screenshots go to artifacts/screenshots/.

Uses the session's shared Chromium and Voilà server from conftest.
"""

from __future__ import annotations

import pytest

from .test_browser import assert_no_errors
from .test_browser_polish import (
    DESKTOP,
    IS_DARK,
    IS_LIGHT,
    WIDGET_TIMEOUT_MS,
    shoot,
    switch_theme,
    theme_switch,
    wait_for_view,
)

pytestmark = pytest.mark.browser

LESSON = "01-cards-and-wilds"

# Each animation frame until the view appears: the colour the page's ground is painted in
# (the body's background, else the root's, else the canvas of the root's colour scheme).
SAMPLE_FRAMES = """
window.__fcFrames = [];
(function sample() {
  const root = document.documentElement;
  if (root) {
    const clear = (c) => !c || c === "transparent" || c === "rgba(0, 0, 0, 0)";
    const body = document.body ? getComputedStyle(document.body).backgroundColor : null;
    const own = getComputedStyle(root).backgroundColor;
    const dark = /dark/.test(getComputedStyle(root).colorScheme);
    const canvas = dark ? "rgb(18, 18, 18)" : "rgb(255, 255, 255)";
    const ground = !clear(body) ? body : !clear(own) ? own : canvas;
    window.__fcFrames.push({ ground, view: document.querySelector(".fc-view") !== null });
  }
  if (!document.querySelector(".fc-view")) requestAnimationFrame(sample);
})();
"""


def brightness(rgb: str) -> int:
    """The sum of a CSS ``rgb(...)`` colour's three channels (0 black .. 765 white)."""
    return sum(int(part) for part in rgb[rgb.index("(") + 1 : rgb.index(")")].split(",")[:3])


def open_sampled(page, url: str) -> list[str]:
    """Open ``url`` and return the ground colour of every frame drawn before its view."""
    page.goto(url, timeout=WIDGET_TIMEOUT_MS, wait_until="domcontentloaded")
    # Before any widget is drawn (Voilà adds them after the page has loaded).
    early = page.evaluate("getComputedStyle(document.body).backgroundColor")
    wait_for_view(page)
    frames = page.evaluate("window.__fcFrames")
    grounds = [f["ground"] for f in frames if not f["view"]]
    assert grounds, "no frame was sampled before the view appeared"
    return [early, *grounds]


@pytest.mark.parametrize(
    ("how", "address", "stored", "system"),
    [
        ("stored", "", "dark", "light"),
        ("address", "?theme=dark", None, "light"),
        ("system", "", None, "dark"),
    ],
)
def test_a_page_wanted_dark_is_dark_from_its_first_frame(
    browser, voila_url, how, address, stored, system
):
    context = browser.new_context(viewport=DESKTOP, color_scheme=system)
    page = context.new_page()
    try:
        if stored:  # chosen on an earlier page of the visit
            page.goto(f"{voila_url}/no-such-page", wait_until="commit")
            page.evaluate(f"localStorage.setItem('fivecrowns-lab:theme', '{stored}')")
        page.add_init_script(SAMPLE_FRAMES)
        grounds = open_sampled(page, f"{voila_url}/voila/render/{LESSON}.ipynb{address}")
        light = [g for g in grounds if brightness(g) > 3 * 80]
        assert not light, f"{how}: {len(light)} of {len(grounds)} early frames light: {light[:3]}"
        page.wait_for_function(IS_DARK, timeout=10_000)
        assert theme_switch(page).get_attribute("aria-pressed") == "true"
        assert_no_errors(page)
        if how == "stored":
            shoot(page, f"dark-start-{LESSON}")
            # The switch still turns it light and dark again, and keeps the choice.
            switch_theme(page, "light")
            switch_theme(page, "dark")
    finally:
        context.close()


def test_a_page_with_no_dark_choice_stays_light_from_its_first_frame(browser, voila_url):
    context = browser.new_context(viewport=DESKTOP, color_scheme="light")
    page = context.new_page()
    try:
        page.add_init_script(SAMPLE_FRAMES)
        grounds = open_sampled(page, f"{voila_url}/voila/render/{LESSON}.ipynb")
        dark = [g for g in grounds if brightness(g) < 3 * 200]
        assert not dark, f"{len(dark)} of {len(grounds)} early frames dark: {dark[:3]}"
        page.wait_for_function(IS_LIGHT, timeout=10_000)
        assert page.evaluate("document.documentElement.dataset.fcTheme") == "light"
        assert theme_switch(page).get_attribute("aria-pressed") == "false"
        assert_no_errors(page)
        shoot(page, f"light-start-{LESSON}")
        switch_theme(page, "dark")
        switch_theme(page, "light")
    finally:
        context.close()


# Each animation frame until the projector switch is drawn: whether the page's first prose
# (a markdown cell) shows, and in what type size and mode.
SAMPLE_PROSE = """
window.__fcProse = [];
(function sample() {
  const prose = document.querySelector(".jp-MarkdownOutput");
  if (prose && prose.offsetParent !== null) {
    window.__fcProse.push({
      size: getComputedStyle(prose).fontSize,
      projector: document.documentElement.classList.contains("fc-projector"),
      contrast: document.documentElement.classList.contains("fc-hc"),
    });
  }
  if (!document.querySelector("button.fc-projector-switch")) requestAnimationFrame(sample);
})();
"""


@pytest.mark.parametrize(
    ("how", "address", "stored"),
    [("address", "?projector=1", {}), ("stored", "", {"projector": "on", "high-contrast": "on"})],
)
def test_a_projector_page_shows_its_prose_in_large_type_from_the_first_frame(
    browser, voila_url, how, address, stored
):
    # A teacher projecting a lesson: the prose must not show in small type and then jump
    # once the widgets' scripts load (projector.js, contrast.js).
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    try:
        if stored:
            page.goto(f"{voila_url}/no-such-page", wait_until="commit")
            for key, value in stored.items():
                page.evaluate(f"localStorage.setItem('fivecrowns-lab:{key}', '{value}')")
        page.add_init_script(SAMPLE_PROSE)
        page.goto(
            f"{voila_url}/voila/render/{LESSON}.ipynb{address}",
            timeout=WIDGET_TIMEOUT_MS,
            wait_until="domcontentloaded",
        )
        wait_for_view(page, "button.fc-projector-switch")
        frames = page.evaluate("window.__fcProse")
        assert frames, f"{how}: no frame showed the prose before the switch was drawn"
        small = [f for f in frames if f["size"] != "24px" or not f["projector"]]
        assert not small, f"{how}: {len(small)} of {len(frames)} frames small: {small[:3]}"
        if "high-contrast" in stored:
            assert all(f["contrast"] for f in frames), "high contrast came late"
        pressed = page.locator("button.fc-projector-switch:visible").get_attribute("aria-pressed")
        assert pressed == "true"
        assert_no_errors(page)
    finally:
        context.close()
