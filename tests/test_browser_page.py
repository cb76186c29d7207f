"""A lesson page on paper and on a projector, and no class request without a class.

Uses the session's shared Chromium and Voilà server (no class served) from conftest.
The printed lesson goes to artifacts/screenshots/ as a PDF and its first page as a PNG.
"""

from __future__ import annotations

import contextlib
import re
import shutil
import subprocess

import pytest

from .conftest import PAST_THE_EDGE, ROOT, SERVER_LOGS

pytestmark = pytest.mark.browser

SHOTS = ROOT / "artifacts" / "screenshots"
WIDGET_TIMEOUT_MS = 90_000


def open_lesson(page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector(".fc-view", state="visible", timeout=WIDGET_TIMEOUT_MS)
    page.wait_for_load_state("networkidle")


@contextlib.contextmanager
def projector_tab(browser, url: str, width: int, height: int = 900):
    """A tab ``width`` px wide with ``url`` open in projector mode; closed afterwards."""
    context = browser.new_context(viewport={"width": width, "height": height})
    try:
        page = context.new_page()
        open_lesson(page, f"{url}?projector=1")
        yield page
    finally:
        context.close()


def class_requests(page) -> list[str]:
    seen: list[str] = []
    page.on("request", lambda r: seen.append(r.url) if "/fivecrowns/class/" in r.url else None)
    return seen


def pdf_text(path) -> str:
    if shutil.which("pdftotext") is None:
        pytest.fail("pdftotext is missing: apt-get install poppler-utils (.ci/run does)")
    done = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True,
                          text=True, check=True, timeout=60)  # fmt: skip
    return done.stdout


def test_a_lesson_prints_whole_with_its_output_and_without_its_buttons(page, voila_url):
    from fivecrowns_lab.content.quizzes import QUIZZES

    asked = class_requests(page)
    open_lesson(page, f"{voila_url}/voila/render/09-outs.ipynb")
    page.get_by_role("button", name="Just show me").first.click()
    page.get_by_role("button", name="Draw 100", exact=True).click()
    page.wait_for_selector("text=in 100 draws", timeout=30_000)
    SHOTS.mkdir(parents=True, exist_ok=True)
    pdf = page.pdf(format="A4", print_background=True)
    path = SHOTS / "print-09-outs.pdf"
    path.write_bytes(pdf)
    pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
    assert pages >= 2, f"the lesson printed on {pages} page: clipped"
    text = " ".join(pdf_text(path).split())
    # The whole lesson: its first words, the widgets' output, and the quiz at its end.
    assert "What you will learn" in text
    assert "of the 110 unseen cards are outs" in text and "in 100 draws" in text
    last = QUIZZES["outs"][-1].prompt
    assert " ".join(last.split()[:6]) in text, "the end of the lesson is missing"
    # Buttons do nothing on paper: none is printed (the quiz's answers are, as text).
    for button in ("Just show me", "Find the outs", "Draw 1,000", "Dark theme", "Projector"):
        assert button not in text
    if shutil.which("pdftoppm"):
        subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", str(path),
                        str(SHOTS / "print-09-outs")], check=True, timeout=60)  # fmt: skip
    assert asked == []  # no class served: the page asked for none


def font_px(page, selector: str) -> float:
    return float(page.evaluate(
        "(s) => parseFloat(getComputedStyle(document.querySelector(s)).fontSize)", selector
    ))  # fmt: skip


def test_projector_mode_enlarges_the_type_and_holds_across_a_link(browser, voila_url):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    try:
        asked = class_requests(page)
        open_lesson(page, f"{voila_url}/voila/render/01-cards-and-wilds.ipynb")
        prose, intro, lead = ".jp-RenderedMarkdown p", ".fc-view .fc-intro", ".fc-view .fc-lead"
        before = font_px(page, prose), font_px(page, intro)
        lead_before = font_px(page, lead)  # "Round 1: each player is dealt 3 cards; ..."
        switch = page.locator("button.fc-projector-switch:visible")
        assert switch.count() == 1 and switch.get_attribute("aria-pressed") == "false"
        switch.click()
        assert switch.get_attribute("aria-pressed") == "true"
        after = font_px(page, prose), font_px(page, intro)
        assert after[0] >= 1.4 * before[0] and after[1] >= 1.4 * before[1], (before, after)
        # The view's lead sentence grows too, and stays above its text (it once kept 16 px).
        assert font_px(page, lead) >= 1.4 * lead_before
        assert font_px(page, lead) > font_px(page, ".fc-view"), font_px(page, lead)
        colour = page.evaluate(
            "() => getComputedStyle(document.querySelector('.jp-RenderedMarkdown p')).color"
        )
        assert colour == "rgb(0, 0, 0)"  # full contrast
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "projector-01.png"))
        page.locator(".fc-lessonnav a[rel='next']").first.click()
        page.wait_for_url("**/02-*.ipynb", timeout=WIDGET_TIMEOUT_MS)
        page.wait_for_selector(".fc-view", state="visible", timeout=WIDGET_TIMEOUT_MS)
        assert page.evaluate("() => document.documentElement.classList.contains('fc-projector')")
        assert font_px(page, prose) >= 1.4 * before[0]
        # ?projector=0 in the address wins over the stored choice (and is kept).
        open_lesson(page, f"{voila_url}/voila/render/03-scoring-a-round.ipynb?projector=0")
        assert font_px(page, prose) == before[0]
        assert asked == []
    finally:
        context.close()


def test_projector_mode_on_a_phone_keeps_the_switches_the_slider_and_the_tables_on_screen(
    browser, voila_url
):
    # At 390 px the projector's 200 px labels and 520 px boxes once squeezed lesson 01's
    # round slider to nothing, its three switches ran past the view's edge and its points
    # table hid the joker's column.
    context = browser.new_context(viewport={"width": 390, "height": 900})
    page = context.new_page()
    try:
        open_lesson(page, f"{voila_url}/voila/render/01-cards-and-wilds.ipynb?projector=1")
        assert page.evaluate("() => document.documentElement.classList.contains('fc-projector')")
        slider = page.locator(".fc-view [role=slider]").first
        slider.focus()
        slider.press("End")  # round 11: the widest table, with two wild columns
        page.wait_for_function(
            "() => document.querySelector('.fc-view .fc-lead').innerText.includes('13')",
            timeout=WIDGET_TIMEOUT_MS,
        )
        assert page.evaluate(PAST_THE_EDGE) == []
        track = page.locator(".fc-view .widget-hslider .slider-container").first.bounding_box()
        assert track is not None and track["width"] >= 100, track
        assert font_px(page, ".fc-view .fc-lead") >= 22  # still projector type
        for lesson in ("04-play-a-round", "10-strategy-lab"):
            open_lesson(page, f"{voila_url}/voila/render/{lesson}.ipynb?projector=1")
            assert page.evaluate(PAST_THE_EDGE) == [], lesson
    finally:
        context.close()


def test_the_teachers_plan_stacks_its_lessons_on_a_768_px_projector(browser, voila_url):
    # At the projector's type the plan's six columns need about 930 px: on a 768 px screen
    # the table ran past the view's edge (scrolling inside its box). Below 960 px each
    # lesson is now a block of its own there, as on a phone; from 1024 px it is a table.
    with projector_tab(browser, f"{voila_url}/voila/render/00-teachers.ipynb", 768) as page:
        goals = page.locator(".fc-teacher td.fc-obj").first
        goals.wait_for(timeout=WIDGET_TIMEOUT_MS)
        assert page.evaluate(PAST_THE_EDGE) == []
        assert goals.evaluate("e => getComputedStyle(e, '::before').content") == '"Objectives"'
        assert font_px(page, ".fc-teacher td") >= 20  # still projector type
        page.set_viewport_size({"width": 1024, "height": 900})
        assert page.locator(".fc-teacher thead").first.is_visible()
        assert page.evaluate(PAST_THE_EDGE) == []


def test_the_strategy_labs_table_and_guess_fit_a_1024_px_projector(browser, voila_url):
    # On a 1024 px projector the lab's seven columns ran past the screen ("rounds out
    # first per game" cut off, its headings kept to one line), and the guess's dropdown
    # showed "— choos": its laptop width left the choices a few letters beside the
    # projector's 200 px label.
    lab = f"{voila_url}/voila/render/10-strategy-lab.ipynb"
    with projector_tab(browser, lab, 1024, 800) as page:
        page.locator(".fc-view table.fc-table").first.wait_for(timeout=WIDGET_TIMEOUT_MS)
        assert page.evaluate(PAST_THE_EDGE) == []
        guess = page.locator(".fc-view select").filter(has_text="choose").first
        # The box against its longest choice, measured in the box's own font.
        width, text = guess.evaluate(
            """s => { const c = document.createElement('canvas').getContext('2d');
              c.font = getComputedStyle(s).font;
              const widest = Math.max(...[...s.options].map(o => c.measureText(o.text).width));
              return [s.clientWidth, Math.ceil(widest)]; }"""
        )
        assert width >= text + 20, (width, text)  # and room for the arrow


def test_no_lesson_page_asks_for_a_class_without_one_and_projector_1_opens_in_that_mode(
    page, voila_url
):
    asked = class_requests(page)
    # A fresh browser: ?projector=1 in the address turns projector mode on by itself.
    open_lesson(page, f"{voila_url}/voila/render/07-counting-wild-cards.ipynb?projector=1")
    pressed = page.locator("button.fc-projector-switch:visible").get_attribute("aria-pressed")
    assert pressed == "true"
    assert page.locator(".fc-class-link").count() == 1  # the class line is on the page...
    assert asked == []  # ...and asked for no class
    # Nor did any lesson page any browser test opened on this server before: none is logged.
    log = next(p for p in reversed(SERVER_LOGS) if p.parent.name.startswith("app"))
    assert "fivecrowns/class" not in log.read_text(encoding="utf-8")


# --- a wide table on a phone ---------------------------------------------------------------------
def _png_rows(data: bytes) -> list[list[float]]:
    """The grey level (0 black .. 255 white) of every pixel of a PNG Chromium took: 8-bit
    RGB or RGBA, not interlaced; rows top to bottom."""
    import struct
    import zlib

    width, height, depth, colour = struct.unpack(">IIBB", data[16:26])
    assert depth == 8 and colour in (2, 6), (depth, colour)
    chunks, at = [], 8
    while at < len(data):
        (size,) = struct.unpack(">I", data[at : at + 4])
        if data[at + 4 : at + 8] == b"IDAT":
            chunks.append(data[at + 8 : at + 8 + size])
        at += 12 + size
    raw = zlib.decompress(b"".join(chunks))
    step = 3 if colour == 2 else 4
    stride = width * step
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind, line = (
            raw[y * (stride + 1)],
            bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)]),
        )
        for x in range(stride):
            left = line[x - step] if x >= step else 0
            up, corner = previous[x], previous[x - step] if x >= step else 0
            if kind == 1:
                line[x] = (line[x] + left) & 255
            elif kind == 2:
                line[x] = (line[x] + up) & 255
            elif kind == 3:
                line[x] = (line[x] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                near = min(
                    (abs(p - left), 0, left), (abs(p - up), 1, up), (abs(p - corner), 2, corner)
                )
                line[x] = (line[x] + near[2]) & 255
        rows.append([sum(line[x : x + 3]) / 3 for x in range(0, stride, step)])
        previous = line
    return rows


def test_a_table_wider_than_a_phone_shows_a_shadow_at_each_edge_with_more_past_it(page):
    # Lesson 08's table of all eleven rounds is some 660 px wide and scrolls sideways on a
    # phone: a shadow at an edge says more lies past it, and goes once that end is in sight.
    import statistics

    from fivecrowns_lab.views.base import css
    from fivecrowns_lab.views.plots import table_html

    rows = [
        [str(n), f"{n * 1234567:,}/{n * 987654321:,} ≈ {n}.5%", "12.0%", "10.1% – 14.2%"]
        for n in range(1, 12)
    ]
    wide = table_html(["round", "exact chance", "simulated", "95% interval"], rows, nowrap=True)
    narrow = table_html(["round", "cards"], [[str(n), str(n + 2)] for n in range(1, 12)])
    page.set_viewport_size({"width": 390, "height": 700})
    page.set_content(f"<style>{css()}</style><div class='fc-view'>{wide}{narrow}</div>")

    def edges(table) -> tuple[float, float]:
        """The grey level of the body rows a few pixels in from the left and right edges."""
        shot = _png_rows(table.screenshot())
        body = shot[len(shot) // 4 :]
        strip = lambda xs: statistics.median(row[x] for row in body for x in xs)  # noqa: E731
        width = len(body[0])
        return strip(range(3, 8)), strip(range(width - 8, width - 3))

    table = page.locator("table.fc-table").first
    assert table.evaluate("t => t.scrollWidth > t.clientWidth + 100")
    left, right = edges(table)
    assert right < left - 15, (left, right)  # more to the right: a shadow there only
    table.evaluate("t => { t.scrollLeft = t.scrollWidth; }")
    left, right = edges(table)
    assert left < right - 15, (left, right)  # scrolled to the end: the shadow moves left
    fits = page.locator("table.fc-table").nth(1)
    assert fits.evaluate("t => t.scrollWidth <= t.clientWidth")
    left, right = edges(fits)
    assert abs(left - right) < 8, (left, right)  # a table that fits: no shadow
