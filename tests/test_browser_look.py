"""Every lesson reads in light and in dark, fits a phone, and names its buttons in words.

For each lesson, served by Voilà with ``?theme=dark`` (then switched to Voilà's light
theme stylesheet on the same page, which is what ``?theme=light`` serves), headless
Chromium computes the WCAG contrast of every visible piece of text against what is
behind it (HTML text against its composited background; SVG text, such as a card's
corner index, against the shape drawn under it) and every one must reach 4.5:1, the AA
level for normal text. The accessible names of the buttons (as Chromium computes them
for a screen reader) must hold no icon-font glyphs (private-use characters), and at
390 px nothing may stick out sideways; a phone-width screenshot of each lesson is saved
(under ``$FIVECROWNS_SHOTS`` when set, else the test's tmp_path).

The high-contrast switch is checked too: one per page, and it stays on across lessons.
"""

from __future__ import annotations

import contextlib
import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
LESSONS = sorted(p.stem for p in (ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))
WIDGET_TIMEOUT_MS = 120_000
PHONE = {"width": 390, "height": 844}
PRIVATE_USE = re.compile("[\ue000-\uf8ff]")

# Runs in the page: [{text, ratio, fg, bg}] for every visible text below 4.5:1.
CONTRAST_JS = r"""
() => {
  const parse = (c) => {
    let m = c.match(/^rgba?\(([^)]+)\)$/);
    if (m) {
      const p = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
      return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
    }
    m = c.match(/^color\(srgb ([^)]+)\)$/);
    if (m) {
      const p = m[1].split(/[ /]+/).filter(Boolean).map(Number);
      return [p[0] * 255, p[1] * 255, p[2] * 255, p.length > 3 ? p[3] : 1];
    }
    return null;  // a colour this check cannot read: reported below
  };
  const over = (top, below) => {  // alpha-composite top over an opaque colour
    const a = top[3];
    return [0, 1, 2].map(i => top[i] * a + below[i] * (1 - a)).concat([1]);
  };
  const lum = (c) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
  };
  const ratio = (a, b) => {
    const [h, l] = [lum(a), lum(b)].sort((x, y) => y - x);
    return (h + 0.05) / (l + 0.05);
  };
  const pageBg = () => {
    for (const el of [document.body, document.documentElement]) {
      const c = parse(getComputedStyle(el).backgroundColor);
      if (c && c[3] > 0) return over(c, [255, 255, 255]);
    }
    return [255, 255, 255, 1];
  };
  const htmlBg = (el) => {
    const layers = [];
    for (let e = el; e && e.nodeType === 1; e = e.parentElement) {
      const s = getComputedStyle(e);
      const field = e === el && e.matches("select, input, textarea");  // its image: an arrow
      // A view's table draws its edge shadows as background images (theme.css): a 14 px
      // shadow at an edge with more past it, under covers of the view's own colour. Text
      // away from the edges reads over the colours below, as this check reads them.
      const edges = e.matches(".fc-view .fc-table");
      const image = s.backgroundImage && s.backgroundImage !== "none";
      if (image && !field && !edges) return null;  // an image: the colour below is unknown
      const c = parse(s.backgroundColor);
      if (c && c[3] > 0) { layers.push(c); if (c[3] >= 1) break; }
    }
    let bg = layers.length && layers[layers.length - 1][3] >= 1 ? layers.pop() : pageBg();
    while (layers.length) bg = over(layers.pop(), bg);
    return bg;
  };
  const svgBg = (text) => {
    // The last filled shape drawn before the text (document order) under its centre.
    const svg = text.ownerSVGElement;
    const box = text.getBoundingClientRect();
    const cx = box.x + box.width / 2, cy = box.y + box.height / 2;
    let found = null;
    for (const shape of svg.querySelectorAll("rect, circle, path, ellipse, polygon")) {
      if (shape.compareDocumentPosition(text) & Node.DOCUMENT_POSITION_PRECEDING) continue;
      const fill = parse(getComputedStyle(shape).fill);
      if (!fill || fill[3] === 0) continue;
      const r = shape.getBoundingClientRect();
      if (cx >= r.left && cx <= r.right && cy >= r.top && cy <= r.bottom) found = fill;
    }
    return found ? over(found, htmlBg(svg) || [255, 255, 255, 1]) : htmlBg(svg);
  };
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    // a box of a pixel or less shows no readable text (the screen-reader-only names)
    if (r.width <= 1 || r.height <= 1) return false;
    let opacity = 1;
    for (let e = el; e && e.nodeType === 1; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.visibility === "hidden" || s.display === "none") return false;
      opacity *= Number(s.opacity);
    }
    return opacity >= 0.9;  // fainter is a disabled control, which WCAG exempts
  };
  const disabled = (el) => !!el.closest(
    "button:disabled, input:disabled, select:disabled, [aria-disabled=true], .mod-disabled");
  const out = [];
  const seen = new Set();
  const check = (el, fgText, bg, text) => {
    const fg = parse(fgText);
    if (!bg || !fg) { out.push({ text, ratio: 0, fg: fgText, bg: String(bg) }); return; }
    const r = ratio(over(fg, bg), bg);
    if (r < 4.5) {
      const shown = bg.map(Math.round).join(",");
      out.push({ text, ratio: Math.round(r * 100) / 100, fg: fgText, bg: shown });
    }
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!node.textContent.trim() || !el || seen.has(el)) continue;
    seen.add(el);
    if (el.closest("style, script, noscript, title, option") || disabled(el)) continue;
    if (el instanceof SVGElement) {
      if (!(el instanceof SVGTextElement || el.closest("text")) || !visible(el)) continue;
      const t = el.closest("text");
      check(t, getComputedStyle(t).fill, svgBg(t), "svg: " + t.textContent.trim().slice(0, 30));
    } else {
      if (!visible(el)) continue;
      check(el, getComputedStyle(el).color, htmlBg(el), node.textContent.trim().slice(0, 40));
    }
  }
  const fields = "input[type=text], input[type=number], input:not([type]), select, textarea";
  for (const el of document.querySelectorAll(fields)) {
    if (!visible(el) || disabled(el) || !(el.value || "").trim()) continue;
    check(el, getComputedStyle(el).color, htmlBg(el), "field: " + el.value.slice(0, 30));
  }
  return out;
}
"""


def _shots(tmp_path: Path) -> Path:
    folder = Path(os.environ["FIVECROWNS_SHOTS"]) if "FIVECROWNS_SHOTS" in os.environ else tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _open(page, voila_url: str, lesson: str, theme: str) -> None:
    # Voila sends the page as the notebook runs: a busy machine needs more than 30 s
    page.goto(f"{voila_url}/voila/render/{lesson}.ipynb?theme={theme}", timeout=WIDGET_TIMEOUT_MS)
    page.wait_for_selector(".fc-view", state="visible", timeout=WIDGET_TIMEOUT_MS)
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(300)  # the last widgets draw after the network settles


def _shoot(page, path: Path, width: int) -> None:
    """A screenshot of the whole lesson (Voila scrolls inside a panel, so grow the window)."""
    height = page.evaluate(
        "() => Math.max(...[...document.querySelectorAll('body *')].map(e => e.scrollHeight))"
    )
    page.set_viewport_size({"width": width, "height": max(844, min(int(height), 6000))})
    page.wait_for_timeout(200)
    page.screenshot(path=str(path), full_page=True)


def _button_names(page) -> list[str]:
    """The accessible names Chromium gives every button on the page (its accessibility tree)."""
    session = page.context.new_cdp_session(page)
    try:
        nodes = session.send("Accessibility.getFullAXTree")["nodes"]
    finally:
        session.detach()
    return [
        str(node.get("name", {}).get("value", ""))
        for node in nodes
        if node.get("role", {}).get("value") in ("button", "togglebutton")
        and not node.get("ignored")
    ]


SPILL_JS = r"""
() => {
  // Elements whose right edge is past the window and that no scrolling box clips.
  const clipped = (el) => {
    for (let e = el.parentElement; e; e = e.parentElement) {
      const o = getComputedStyle(e).overflowX;
      if (o !== "visible" && e.getBoundingClientRect().right <= innerWidth + 1) return true;
    }
    return false;
  };
  return [...document.querySelectorAll(".fc-view *")]
    .filter(e => { const r = e.getBoundingClientRect();
                   return r.width > 0 && r.right > innerWidth + 1 && !clipped(e); })
    .map(e => e.tagName + "." + String(e.getAttribute("class") || "").split(" ")[0]
              + ": " + (e.textContent || "").trim().slice(0, 40))
    .slice(0, 8);
}
"""


# True once every shown chart's first axis label has its chart's theme text colour (both
# normalised by the browser), as lesson charts draw it (views/chart.js); true with no chart.
CHARTS_RECOLOURED = """() => {
  const norm = (c) => { const d = document.createElement('div'); d.style.color = c;
    document.body.append(d); const out = getComputedStyle(d).color; d.remove(); return out; };
  return [...document.querySelectorAll('.fc-chart:not([hidden])')].every((chart) => {
    const label = chart.querySelector('svg .role-axis-label text');
    const want = getComputedStyle(chart).getPropertyValue('--jp-ui-font-color1').trim();
    return !label || norm(label.getAttribute('fill')) === norm(want);
  });
}"""


def _to_light_theme(page) -> None:
    """Swap Voila's dark theme stylesheet for its light one on the open page (what
    ``?theme=light`` serves), so one kernel serves both checks."""
    page.evaluate(
        """() => new Promise((resolve, reject) => {
            const link = document.querySelector("link[href*='theme-dark.css']");
            if (!link) { reject(new Error("no dark theme stylesheet on the page")); return; }
            // As JupyterLab's theme manager does: the body says "light" once the light
            // stylesheet has loaded, so whatever redraws on that reads the light colours.
            link.addEventListener("load", () => {
                document.body.dataset.jpThemeLight = "true";
                document.body.dataset.jpThemeName = "JupyterLab Light";
                resolve();
            }, { once: true });
            const fail = () => reject(new Error("no light theme"));
            link.addEventListener("error", fail, { once: true });
            link.href = link.href.replace("theme-dark.css", "theme-light.css").split("?")[0];
        })"""
    )
    # The charts redraw in the new colours: wait until each shown chart's axis text has the
    # theme's text colour (not a check: the contrast check that follows is the one).
    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_function(CHARTS_RECOLOURED, timeout=30_000)


def _check_theme(page, lesson: str, theme: str, shots: Path) -> None:
    background = page.evaluate("() => getComputedStyle(document.body).backgroundColor")
    brightness = sum(map(int, re.findall(r"\d+", background)[:3]))
    assert (brightness < 3 * 80) == (theme == "dark"), f"{theme} theme not on: {background}"
    page.set_viewport_size({"width": 1100, "height": 900})
    low = page.evaluate(CONTRAST_JS)
    assert not low, f"{lesson} ({theme}): text below 4.5:1: {low[:12]}"
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(300)
    low = page.evaluate(CONTRAST_JS)
    assert not low, f"{lesson} ({theme}, phone): text below 4.5:1: {low[:12]}"
    spill = page.evaluate(SPILL_JS)
    _shoot(page, shots / f"{lesson}-{theme}-phone.png", PHONE["width"])
    assert not spill, f"{lesson}: sticks out at 390 px: {spill}"
    wide = page.evaluate("() => document.scrollingElement.scrollWidth")
    assert wide <= PHONE["width"] + 1, f"{lesson}: the page scrolls sideways ({wide} px)"


def _titles() -> dict[str, str]:
    from fivecrowns_lab.content.catalogue import CATALOGUE

    return {Path(entry.filename).stem: entry.title for entry in CATALOGUE}


#: The title each lesson's tab shows, by its name (the pages 00-* have none of their own).
TITLES = _titles()


def test_every_lesson_of_the_catalogue_has_its_tab_title_checked_here():
    # The per-lesson test below checks each lesson's tab title on the page it opens anyway.
    assert TITLES and set(TITLES) <= set(LESSONS)


@pytest.mark.parametrize("lesson", LESSONS)
def test_every_lesson_reads_in_dark_and_light_names_buttons_in_words_and_fits_a_phone(
    page, voila_url, lesson, tmp_path
):
    shots = _shots(tmp_path)
    _open(page, voila_url, lesson, "dark")
    # The tab reads "<lesson title> · Five Crowns Lab" (Voilà's fallback is the file name).
    if lesson in TITLES:
        assert page.evaluate("document.title") == f"{TITLES[lesson]} · Five Crowns Lab"
    names = _button_names(page)
    assert names, f"{lesson}: no buttons found in the accessibility tree"
    glyphs = [n for n in names if PRIVATE_USE.search(n)]
    assert not glyphs, f"{lesson}: icon glyphs in button names: {[ascii(n) for n in glyphs]}"
    assert all(n.strip() for n in names), f"{lesson}: a button without a name"
    assert sum(n == "High contrast" for n in names) == 1, "one high-contrast switch per page"
    _check_theme(page, lesson, "dark", shots)
    _to_light_theme(page)
    _check_theme(page, lesson, "light", shots)


def test_one_high_contrast_switch_applies_to_the_page_and_persists_across_lessons(
    page, voila_url, tmp_path
):
    _open(page, voila_url, "02-books-runs-and-wilds", "light")
    switch = page.get_by_role("button", name="High contrast")
    assert switch.count() == 1
    assert switch.get_attribute("aria-pressed") == "false"
    switch.click()
    assert switch.get_attribute("aria-pressed") == "true"
    assert page.evaluate("() => document.documentElement.classList.contains('fc-hc')")
    # every view on the page changes, not only the one holding the switch
    borders = page.locator(".fc-view").evaluate_all(
        "views => views.map(v => getComputedStyle(v).borderTopWidth)"
    )
    assert len(borders) >= 2 and set(borders) == {"2px"}, borders
    low = page.evaluate(CONTRAST_JS)
    assert not low, f"high contrast: text below 4.5:1: {low[:12]}"
    _shoot(page, _shots(tmp_path) / "02-high-contrast.png", 1100)

    _open(page, voila_url, "05-solitaire", "light")  # the next lesson, same browser
    assert page.evaluate("() => document.documentElement.classList.contains('fc-hc')")
    switch = page.get_by_role("button", name="High contrast")
    assert switch.get_attribute("aria-pressed") == "true"
    assert not page.evaluate(CONTRAST_JS)
    switch.click()
    assert not page.evaluate("() => document.documentElement.classList.contains('fc-hc')")
    _open(page, voila_url, "01-cards-and-wilds", "light")
    assert not page.evaluate("() => document.documentElement.classList.contains('fc-hc')")
