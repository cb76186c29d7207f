"""Lessons 00-03 and 05 in real headless Chromium: the quiz, the lesson fixes, the pages.

Uses the session's shared Chromium and Voilà server from conftest. One test runs the
quiz's own JavaScript on a bare page with no kernel at all, as the static docs do.
Screenshots (desktop and phone width) go to artifacts/screenshots/.
"""

from __future__ import annotations

import json
import urllib.parse
from pathlib import Path

import pytest
from playwright.sync_api import expect

from .test_browser import assert_no_errors

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "artifacts" / "screenshots"
WIDGET_TIMEOUT_MS = 90_000
PHONE = {"width": 390, "height": 844}


def open_page(page, voila_url: str, name: str, selector: str = ".fc-view"):
    page.goto(f"{voila_url}/voila/render/{name}.ipynb")
    page.wait_for_selector(selector, state="visible", timeout=WIDGET_TIMEOUT_MS)
    page.wait_for_load_state("networkidle")
    assert_no_errors(page)
    return page


def no_developer_output(page) -> None:
    """No print() output, no pandas frame, no raw repr in the app view."""
    assert page.locator(".jp-RenderedText[data-mime-type='text/plain'] pre").count() == 0
    assert page.locator("table.dataframe").count() == 0
    assert "parse_cards(" not in page.inner_text("body")


def wait_text(page, selector: str, text: str) -> None:
    page.wait_for_function(
        "([sel, text]) => [...document.querySelectorAll(sel)]"
        ".some(e => e.innerText.includes(text))",
        arg=[selector, text],
        timeout=15_000,
    )


def shoot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def shoot_phone(page, name: str) -> None:
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(300)
    shoot(page, f"{name}-phone")
    quiz_overflow = page.evaluate(
        "() => [...document.querySelectorAll('.fc-quiz, .fc-lessonnav')]"
        ".filter(e => e.scrollWidth > e.clientWidth + 1).length"
    )
    assert quiz_overflow == 0, "the quiz or the lesson links overflow a phone screen"


def open_app_page(page, voila_url: str, lesson: str) -> None:
    """Open ``lesson`` until its quiz shows: no error, and no developer output."""
    open_page(page, voila_url, lesson, selector=".fc-quiz")
    no_developer_output(page)


def shoot_clean_at_both_widths(page, name: str) -> None:
    """No error on screen; the page shot at the desktop width, then on a phone."""
    assert_no_errors(page)
    shoot(page, name)
    shoot_phone(page, name)


def new_hand_deals_other_cards(page, builder) -> None:
    """Lesson 02's New hand: the next seed (8) is said, and the builder's cards change."""
    codes = "buttons => buttons.map(b => b.dataset.code)"
    before = builder.locator("button.fc-cardbtn").evaluate_all(codes)
    builder.get_by_role("button", name="New hand").click()
    wait_text(page, ".fc-status", "(seed 8)")
    assert builder.locator("button.fc-cardbtn").evaluate_all(codes) != before


def csv_of(page) -> str:
    href = page.locator(".fc-quiz-download").first.get_attribute("href")
    assert href.startswith("data:text/csv;charset=utf-8,")
    return urllib.parse.unquote(href.split(",", 1)[1])


# --- the gallery, the teachers' page and the rules ---------------------------------------------
def test_gallery_groups_lessons_and_links_rules_and_teachers(page, voila_url):
    open_page(page, voila_url, "00-index")
    assert page.title() == "Five Crowns Lab: the lessons"
    text = page.locator(".fc-gallery").first.inner_text()
    assert text.index("Learn the game") < text.index("Probability with the game")
    assert "Beginner · 10 min · Start here" in text
    shoot(page, "lessons-00-index")
    shoot_phone(page, "lessons-00-index")
    page.locator(".fc-pages a", has_text="For teachers").click()
    page.wait_for_selector(".fc-teacher", timeout=WIDGET_TIMEOUT_MS)
    assert "/voila/render/00-teachers.ipynb" in page.url
    assert page.title() == "For teachers · Five Crowns Lab"
    sheets = page.locator(".fc-teacher a[download]")
    from fivecrowns_lab.content.quizzes import LESSON_QUIZZES

    assert sheets.count() == len(LESSON_QUIZZES)
    assert sheets.first.get_attribute("href").startswith("data:text/html;charset=utf-8;base64,")
    assert_no_errors(page)
    shoot(page, "lessons-00-teachers")
    # On a phone the plan's six columns made the whole page as wide as the table: its
    # headings ran off the screen's edge. Each lesson is now a block of its own.
    shoot_phone(page, "lessons-00-teachers")
    widest = page.evaluate(
        "() => Math.max(...[...document.querySelectorAll('.fc-teacher, .fc-view h4')]"
        ".map(e => e.getBoundingClientRect().right))"
    )
    assert widest <= PHONE["width"], widest
    goals = page.locator(".fc-teacher td.fc-obj").first
    assert goals.evaluate("e => getComputedStyle(e, '::before').content") == '"Objectives"'


def test_rules_page_shows_the_schedule_table(page, voila_url):
    open_page(page, voila_url, "00-rules", selector="table.fc-table")
    assert page.title() == "The rules of Five Crowns · Five Crowns Lab"
    expect(page.locator("table.fc-table")).to_contain_text("A king scores", use_inner_text=True)
    shoot(page, "lessons-00-rules")


# --- lesson 01 -------------------------------------------------------------------------------
def test_01_wild_badge_quiz_feedback_reset_summary_and_results(browser, voila_url):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True)
    page = context.new_page()
    try:
        _lesson_01(page, voila_url)
    finally:
        context.close()


def _lesson_01(page, voila_url):
    open_page(page, voila_url, "01-cards-and-wilds", selector=".fc-quiz")
    assert page.title() == "Cards and the wild-card schedule · Five Crowns Lab"
    no_developer_output(page)
    dealt = page.locator(".fc-felt").first  # the dealt round-5 hand, drawn with its round
    badges = dealt.evaluate(
        "e => [...e.querySelectorAll('svg text')].filter(t => t.textContent === 'WILD').length"
    )
    assert badges == 2  # 7♥ and the joker: the round-5 wilds carry their badge
    quiz = page.locator(".fc-quiz")
    quiz.get_by_role("button", name="9", exact=True).click()  # the common mistake
    wait_text(page, ".fc-quiz", "Not quite.")
    expect(quiz).to_contain_text("miscounts", use_inner_text=True)
    quiz.get_by_role("button", name="11", exact=True).click()
    wait_text(page, ".fc-quiz", "Right!")
    expect(quiz).to_contain_text("First-try score: 0 of 5 (1 answered)", use_inner_text=True)
    quiz.get_by_role("button", name="Reset").click()
    wait_text(page, ".fc-quiz-score", "0 of 5 (0 answered)")
    expect(quiz).not_to_contain_text("Right!", use_inner_text=True)
    for q in range(5):  # answer every question right
        box = quiz.locator("fieldset").nth(q)
        for b in range(box.locator("button").count()):
            box.locator("button").nth(b).click()
            if "Right!" in box.inner_text():
                break
    wait_text(page, ".fc-quiz-summary", "Finished")
    quiz.locator("input").fill("Ada")
    quiz.locator("input").press("Enter")
    page.wait_for_function("() => decodeURIComponent(document.querySelector("
                           "'.fc-quiz-download').href).includes('Ada')")  # fmt: skip
    rows = csv_of(page).splitlines()
    assert rows[0].startswith('"lesson","name","question","first answer"')
    assert len(rows) == 6 and all('"Ada"' in r for r in rows[1:])
    assert rows[1].endswith('"11","yes","1","11"')  # after Reset, the earlier 9 is gone
    assert rows[2].endswith('"20","no","2","13"')  # the first try is what counts
    with page.expect_download() as results:  # a real download, as a learner hands it in
        quiz.get_by_role("link", name="Download my results (CSV)").click()
    assert results.value.suggested_filename.endswith("-results-ada.csv")
    assert Path(results.value.path()).read_text(encoding="utf-8") == csv_of(page)
    with page.expect_download() as sheet:
        quiz.get_by_role("link", name="Printable worksheet with answer key").click()
    assert sheet.value.suggested_filename == "lesson-01-handout.html"
    assert "Answer key" in Path(sheet.value.path()).read_text(encoding="utf-8")
    nav = page.locator(".fc-lessonnav")
    assert nav.locator("a[rel=next]").get_attribute("href") == "02-books-runs-and-wilds.ipynb"
    assert nav.locator("a[rel=prev]").count() == 0
    shoot_clean_at_both_widths(page, "lessons-01-cards-and-wilds")


# --- lesson 02 -------------------------------------------------------------------------------
def test_02_deal_with_the_same_seed_says_so_and_new_hand_moves_on(page, voila_url):
    open_app_page(page, voila_url, "02-books-runs-and-wilds")
    expect(page.locator(".fc-meldchecks")).to_contain_text(
        "not a meld. Runs cannot wrap", use_inner_text=True
    )
    deal = page.locator(".fc-view").first
    deal.get_by_role("button", name="Deal").click()
    wait_text(page, ".fc-view .fc-status", "same hand")
    builder = page.locator(".fc-view").nth(1)
    new_hand_deals_other_cards(page, builder)
    assert page.locator(".fc-lessonnav a[rel=prev]").get_attribute("href") == (
        "01-cards-and-wilds.ipynb"
    )
    shoot_clean_at_both_widths(page, "lessons-02-books-runs-and-wilds")


# --- lesson 03 -------------------------------------------------------------------------------
def test_03_guess_then_see_and_controls_match_the_round(page, voila_url):
    open_app_page(page, voila_url, "03-scoring-a-round")
    view = page.locator(".fc-view").first
    expect(view).to_contain_text("your turn to guess", use_inner_text=True)
    guess = view.get_by_placeholder("points for Ann")
    guess.fill("0")
    guess.press("Enter")  # Enter does what Next step does
    wait_text(page, ".fc-view .fc-status", "You guessed 0: exactly right!")
    guess = view.get_by_placeholder("points for Ben")
    guess.fill("1")
    view.get_by_role("button", name="Next step").click()
    wait_text(page, ".fc-view .fc-status", "You guessed 1")
    expect(view).to_contain_text("Your guesses:", use_inner_text=True)
    view.locator("select").first.select_option(label="Round 11 (Ks wild)")
    wait_text(page, ".fc-view .fc-status", "Round 11, seed 3")
    view.get_by_role("button", name="Another round").click()
    wait_text(page, ".fc-view .fc-status", "Round 11, seed 4")
    shoot_clean_at_both_widths(page, "lessons-03-scoring-a-round")


# --- lesson 05 -------------------------------------------------------------------------------
def test_05_hint_gives_a_reason_and_the_lesson_has_a_quiz(page, voila_url):
    open_page(page, voila_url, "05-solitaire", selector=".fc-quiz")
    view = page.locator(".fc-view").first
    view.get_by_role("button", name="Hint").click()
    wait_text(page, ".fc-view", "Hint:")
    hint = view.locator(".fc-msg.fc-info", has_text="Hint:").inner_text()
    assert "stock" in hint or "points" in hint or "closes" in hint
    page.locator(".fc-quiz").get_by_role("button", name="When all eleven hands are closed").click()
    wait_text(page, ".fc-quiz", "Right!")
    shoot_clean_at_both_widths(page, "lessons-05-solitaire")


# --- the quiz with no kernel at all ------------------------------------------------------------
def test_quiz_works_on_a_page_with_no_kernel(page):
    """quiz.js with a model that cannot sync (as on the static docs): clicks still answer."""
    from fivecrowns_lab.lessons import quiz

    widget = quiz("scoring")
    state = {k: v for k, v in widget.get_state().items() if not k.startswith("_")}
    js = (ROOT / "fivecrowns_lab" / "views" / "quiz.js").read_text(encoding="utf-8")
    css = (ROOT / "fivecrowns_lab" / "views" / "quiz.css").read_text(encoding="utf-8")
    page.set_content(
        f"<html><head><style>{css}</style></head><body><div id='app'></div>"
        "<script type='module'>"
        + js.replace("export default { render };", "")
        + f"""
        const state = {json.dumps(state)};
        const handlers = {{}};
        const model = {{
          get: (k) => state[k],
          set: (k, v) => {{ state[k] = v; (handlers['change:' + k] || []).forEach((f) => f()); }},
          on: (e, f) => {{ (handlers[e] = handlers[e] || []).push(f); }},
          save_changes: () => {{ throw new Error('Syncing error: no comm channel defined'); }},
        }};
        render({{ model, el: document.getElementById('app') }});
        window.quizState = state;
        </script></body></html>"""
    )
    page.wait_for_selector(".fc-quiz-answer")
    page.get_by_role("button", name="−10", exact=True).click()
    wait_text(page, ".fc-quiz", "Not quite.")
    page.get_by_role("button", name="0", exact=True).click()
    wait_text(page, ".fc-quiz", "Right!")
    assert page.evaluate("window.quizState.choices[0]") == [1, 0]
    page.get_by_role("button", name="Reset").click()
    wait_text(page, ".fc-quiz-score", "0 of 4 (0 answered)")
    widget.answer(0, 1)
    widget.answer(0, 0)
    widget.learner = ""
    page.get_by_role("button", name="−10", exact=True).click()
    page.get_by_role("button", name="0", exact=True).click()
    assert csv_of(page) == widget.results_csv()  # the page's file equals Python's


def test_worksheet_prints_with_the_answer_key_on_its_own_page(page, tmp_path):
    """Chromium prints the worksheet: the questions first, the key on a later page."""
    from fivecrowns_lab.content.handout import handout_html

    page.set_content(handout_html("03"))
    pdf = page.pdf(format="A4")
    (tmp_path / "worksheet.pdf").write_bytes(pdf)
    pages = pdf.count(b"/Type /Page") - pdf.count(b"/Type /Pages")
    assert pages >= 2
    key_top = page.evaluate("document.querySelector('.key').getBoundingClientRect().top")
    assert key_top > 0
    page.emulate_media(media="print")
    assert page.evaluate("getComputedStyle(document.querySelector('.key')).breakBefore") == "page"
    shoot(page, "lessons-03-worksheet")
