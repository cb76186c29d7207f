"""The lessons as apps: Voilà serves notebooks/, real headless Chromium clicks every lesson.

One Voilà server (session scope) serves a copy of notebooks/ on a free port. Each
test opens a lesson, waits for its widgets, checks that no error is on screen,
does the lesson's main interaction and saves a screenshot to artifacts/screenshots/.
Without /usr/bin/chromium these tests skip loudly, except under CI=true where they fail.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from fivecrowns_lab.content.catalogue import GROUPS, group

from .browser_helpers import click_then, fill_scores, start_scorekeeping, wait_for_text
from .conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: F401 - re-exported for other browser tests

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "artifacts" / "screenshots"
WIDGET_TIMEOUT_MS = 90_000


def open_lesson(page, voila_url: str, name: str):
    page.goto(f"{voila_url}/voila/render/{name}.ipynb")
    page.wait_for_selector(".fc-view", state="visible", timeout=WIDGET_TIMEOUT_MS)
    page.wait_for_load_state("networkidle")
    assert_no_errors(page)
    return page


def assert_no_errors(page) -> None:
    """No Python error output and no error in any view's status line."""
    errors = page.locator(
        ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr'],"
        " .jp-RenderedText[data-mime-type='application/vnd.jupyter.error'], .fc-msg.fc-error"
    )
    texts = [errors.nth(i).inner_text() for i in range(errors.count())]
    assert not texts, texts
    assert "Traceback" not in page.inner_text("body")


def shoot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    height = page.evaluate(
        "() => Math.max(...[...document.querySelectorAll('body *')].map(e => e.scrollHeight))"
    )
    page.set_viewport_size({"width": 1100, "height": max(900, min(int(height), 5000))})
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def shoot_clean(page, name: str) -> None:
    """No error on screen, then the screenshot."""
    assert_no_errors(page)
    shoot(page, name)


def status_of(page, view_index: int = 0) -> str:
    return page.locator(".fc-view").nth(view_index).locator(".fc-status").inner_text()


def test_index_links_every_lesson(page, voila_url):
    open_lesson(page, voila_url, "00-index")
    hrefs = page.locator(".fc-gallery a").evaluate_all("links => links.map(a => a.href)")
    lessons = {p.name for p in (ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb")}
    shown = [h.rsplit("/", 1)[1] for h in hrefs]
    # Every lesson once, in the gallery's order: the game lessons, then the probability ones.
    in_groups = [e.filename for g in GROUPS for e in group(g)]
    lesson_links = [s for s in shown if not s.startswith("00")]
    assert lesson_links == in_groups and set(lesson_links) == {
        n for n in lessons if not n.startswith("00")
    }
    assert all("/voila/render/" in h for h in hrefs)
    shoot(page, "lesson-00-index")
    page.locator(".fc-gallery a").first.click()
    page.wait_for_selector(".fc-view", state="visible", timeout=WIDGET_TIMEOUT_MS)
    assert "/voila/render/01-" in page.url


def test_01_schedule_slider_and_quiz(page, voila_url):
    open_lesson(page, voila_url, "01-cards-and-wilds")
    schedule = page.locator(".fc-view").first
    handle = schedule.locator(".noUi-handle, .ui-slider-handle, [role=slider]").first
    handle.focus()
    for _ in range(10):
        handle.press("ArrowRight")
    # The view's sentence and its table are two widgets that update one after the other,
    # so wait for the last one to show round 11 rather than read it once the first has.
    page.wait_for_function(
        "() => { const t = document.querySelector('.fc-view').innerText;"
        " return t.includes('13 cards') && t.includes('not 13'); }",
        timeout=10_000,
    )
    quiz = page.locator(".fc-quiz")
    quiz.get_by_role("button", name="11", exact=True).click()
    page.wait_for_function(
        "() => document.querySelector('.fc-quiz').innerText.includes('Right!')", timeout=10_000
    )
    shoot_clean(page, "lesson-01-cards-and-wilds")


def test_02_deal_and_check_a_meld_from_the_keyboard(page, voila_url):
    open_lesson(page, voila_url, "02-books-runs-and-wilds")
    deal = page.locator(".fc-view").first
    click_then(deal, "Surprise me", status="points")
    builder = page.locator(".fc-view").nth(1)
    builder.get_by_placeholder("or type cards").fill("5H 6H 7H QS")
    builder.get_by_role("button", name="Use these cards").click()
    builder.locator("button.fc-cardbtn[data-code='5H']").wait_for()
    for code in ("5H", "6H"):
        builder.locator(f"button.fc-cardbtn[data-code='{code}']").click()
    seven = builder.locator("button.fc-cardbtn[data-code='7H']")
    seven.focus()
    seven.press("Space")  # keyboard works as well as the mouse
    page.wait_for_function(
        "() => document.querySelectorAll('.fc-cardbtn[aria-pressed=true]').length === 3"
    )
    seven.press("Shift+ArrowLeft")  # move 7♥ one place left, from the keyboard
    page.wait_for_function(
        "() => [...document.querySelectorAll('.fc-view:nth-of-type(n) button.fc-cardbtn')]"
        ".map(b => b.dataset.code).join(' ').includes('5H 7H 6H')"
    )
    click_then(builder, "Check", shows="run of hearts")
    click_then(builder, "Lay down", shows="On the table")
    expect(builder.locator("button.fc-cardbtn")).to_have_count(1)
    shoot_clean(page, "lesson-02-books-runs-and-wilds")


def test_03_score_a_round_step_by_step(page, voila_url):
    open_lesson(page, voila_url, "03-scoring-a-round")
    view = page.locator(".fc-view").first
    click_then(view, "Next step", status="First type")  # no guess: the score stays hidden
    click_then(view, "Just show me", status="scores 0")  # skipping is allowed, and kept
    click_then(view, "Just show me", shows="card left")
    shoot_clean(page, "lesson-03-scoring-a-round")


# Lesson 04 (coached game, laying down, going out) is driven in tests/test_browser_play.py.


def test_05_solitaire_draw_and_place(page, voila_url):
    open_lesson(page, voila_url, "05-solitaire")
    view = page.locator(".fc-view").first
    click_then(view, "Draw from the stock", shows="You drew")
    page.wait_for_function(
        "() => !document.querySelector('.fc-handw').classList.contains('fc-disabled')"
    )
    view.locator("button.fc-cardbtn").last.click()
    page.wait_for_function(
        "() => /Discarded|goes out|won|lost/.test("
        "document.querySelector('.fc-view .fc-status').innerText)"
    )
    shoot_clean(page, "lesson-05-solitaire")


def test_06_scorekeeper_survives_a_reload(page, voila_url):
    open_lesson(page, voila_url, "06-scorekeeper")
    view = page.locator(".fc-view").first
    boxes = start_scorekeeping(view, "Zoe, Yan", enter=True)
    fill_scores(boxes, "abc", "0")
    view.get_by_role("button", name="Add round").click()
    page.wait_for_selector(".fc-msg.fc-error")
    assert "not a number" in status_of(page)
    boxes.nth(0).fill("12")
    view.get_by_role("button", name="Add round").click()
    wait_for_text(page, "Round 1 added")
    page.reload()
    page.wait_for_selector(".fc-view", state="visible", timeout=WIDGET_TIMEOUT_MS)
    wait_for_text(page, "Restored")
    table = page.locator(".fc-view table").inner_text()
    assert "Zoe" in table and "12" in table and "Yan" in table
    # The running total once per player, in its own column; no "Σ" under every score.
    assert "Σ" not in table and "total so far" in table
    zoe = page.locator(".fc-view table tr", has_text="Zoe").locator("td")
    assert zoe.all_inner_texts() == ["Zoe", "12", "12", "2"]
    shoot_clean(page, "lesson-06-scorekeeper")


def test_06_two_tabs_of_one_browser_never_overwrite_each_other(browser, voila_url):
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    try:
        tab1 = context.new_page()
        open_lesson(tab1, voila_url, "06-scorekeeper")
        view1 = tab1.locator(".fc-view").first
        boxes1 = start_scorekeeping(view1, "Tia, Uma")
        tab2 = context.new_page()  # the same browser: the same saved game
        open_lesson(tab2, voila_url, "06-scorekeeper")
        wait_for_text(tab2, "Restored")
        fill_scores(boxes1, "12", "0")
        view1.get_by_role("button", name="Add round").click()
        wait_for_text(tab1, "Round 1 added")
        view2 = tab2.locator(".fc-view").first
        boxes2 = view2.locator("input[placeholder=points]")
        fill_scores(boxes2, "3", "0")
        view2.get_by_role("button", name="Add round").click()
        wait_for_text(tab2, "changed in another tab")
        assert "nothing was lost" in status_of(tab2)
        view2.get_by_role("button", name="Reload the saved game").click()
        wait_for_text(tab2, "1 round played")
        table = tab2.locator(".fc-view table").inner_text()
        assert "12" in table  # tab 1's round, kept
        # The scores typed in tab 2, refused by the server, are still in their boxes.
        assert [boxes2.nth(i).input_value() for i in range(2)] == ["3", "0"]
        assert "still in the boxes" in status_of(tab2)
        shoot_clean(tab2, "lesson-06-two-tabs")
    finally:
        context.close()
