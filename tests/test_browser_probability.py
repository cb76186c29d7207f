"""The probability lessons (07-11) as apps in real headless Chromium, desktop and phone.

The fixtures (one Chromium, one Voilà server) come from ``tests/conftest.py``; the
helpers from ``tests/test_browser.py``. Each test does the lesson's new interactions
(predict, reseed, Stop) and saves a desktop and a phone (390 px) screenshot.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from fivecrowns_lab.core.rules import ROUNDS
from fivecrowns_lab.errors import ExactUnavailableError
from fivecrowns_lab.odds.probability import go_out_on_deal
from fivecrowns_lab.table.players import BOT_DESCRIPTIONS

from . import test_browser as base
from .browser_helpers import guess_two_wilds
from .test_browser import WIDGET_TIMEOUT_MS, assert_no_errors, open_lesson, status_of

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}


def view_text_js(test: str) -> str:
    """A page function applying ``test`` to the views' text: the prose may say it already."""
    text = "[...document.querySelectorAll('.fc-view')].map(v => v.innerText).join('\\n')"
    return f"arg => {{ const text = {text}; return {test}; }}"


def wait_text(page, text: str, timeout: int = 60_000) -> None:
    page.wait_for_function(view_text_js("text.includes(arg)"), arg=text, timeout=timeout)


def wait_status(page, text: str, timeout: int = 60_000) -> None:
    """Wait until the first view's status line says ``text`` (headings may say it already)."""
    page.wait_for_function(
        "t => (document.querySelector('.fc-view .fc-status')?.innerText ?? '').includes(t)",
        arg=text,
        timeout=timeout,
    )


def wait_match(page, pattern: str, timeout: int = 60_000) -> None:
    page.wait_for_function(
        view_text_js("new RegExp(arg).test(text)"), arg=pattern, timeout=timeout
    )


def shoot_lesson(page, name: str) -> None:
    """A screenshot of the whole lesson (its view and its quiz), the window made tall enough."""
    base.SHOTS.mkdir(parents=True, exist_ok=True)
    height = page.evaluate(
        "() => Math.max(...[...document.querySelectorAll('body *')].map(e => e.scrollHeight))"
    )
    width = page.viewport_size["width"]
    page.set_viewport_size({"width": width, "height": max(844, min(int(height) + 40, 8000))})
    page.wait_for_timeout(300)  # let the layout settle at the new height (not a check)
    page.locator(".fc-lesson-box").first.screenshot(path=str(base.SHOTS / f"{name}.png"))


def assert_hidden_code_is_not_served(page) -> None:
    """The JupyterLab-only cells (tag remove-cell) never reach a Voilà visitor."""
    assert "In JupyterLab" not in page.inner_text("body")


def open_with_hidden_code_kept_back(page, voila_url: str, lesson: str):
    """Open ``lesson``, check its JupyterLab-only cells were not served; its first view."""
    open_lesson(page, voila_url, lesson)
    assert_hidden_code_is_not_served(page)
    return page.locator(".fc-view").first


def check_phone(browser, voila_url: str, lesson: str, ready: str = "") -> None:
    """At 390 px the lesson fits the width (tables scroll inside it) and has plot alt text."""
    context = browser.new_context(viewport=PHONE)
    try:
        page = context.new_page()
        open_lesson(page, voila_url, lesson)
        if ready:
            # The lesson's first run (50 games, 50 deals) shares the cores with the refill
            # that this visit starts and the kernel of the test before: allow for it.
            # On a starved machine the run may end at its time budget instead: its results
            # show all the same, and the layout is what is checked here.
            pattern = f"{re.escape(ready)}|Stopped at the time limit"
            try:
                wait_match(page, pattern, timeout=3 * WIDGET_TIMEOUT_MS)
            except Exception:  # what the phone showed instead, for the report
                base.SHOTS.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(base.SHOTS / f"failed-{lesson}-phone.png"))
                status = page.locator(".fc-view .fc-status").first.inner_text(timeout=5_000)
                text = page.locator(".fc-view").first.inner_text(timeout=5_000)
                progress = re.findall(r"\d+ of \d+ \w+", text)
                pytest.fail(
                    f"{lesson} at 390 px never said {ready!r}: status {status!r}, "
                    f"progress {progress!r}"
                )
        overflow = page.evaluate(
            "() => [...document.querySelectorAll('.fc-view')]"
            ".map(v => v.scrollWidth - v.clientWidth)"
        )
        assert max(overflow) <= 1, f"{lesson} is wider than a phone: {overflow}"
        charts = page.locator(".fc-chart:not([hidden]) .fc-chart-box")
        for i in range(charts.count()):
            assert len(charts.nth(i).get_attribute("aria-label") or "") > 20
        shoot_lesson(page, f"lesson-{lesson}-phone")
    finally:
        context.close()


def test_07_predict_then_deal_then_reseed(page, voila_url, browser):
    view = open_with_hidden_code_kept_back(page, voila_url, "07-counting-wild-cards")
    assert not view.get_by_role("button", name="Deal 100", exact=True).is_visible()
    view.get_by_role("button", name="Commit my guess").click()  # no guess chosen yet
    wait_status(page, "First predict")  # the lesson's heading says it too
    assert "First predict" in status_of(page)
    guess_two_wilds(view)
    wait_status(page, "Now press Commit my guess")
    view.get_by_role("button", name="Commit my guess").click()
    wait_text(page, "Your guess, and the truth")
    view.get_by_role("button", name="Deal 100", exact=True).click()
    wait_text(page, "100 hands dealt")
    expect(view).to_contain_text("your prediction", use_inner_text=True)
    assert "Bar chart" in view.locator(".fc-chart-box").first.get_attribute("aria-label")
    for k in range(8):  # round 5: every count of wilds, 0 to 7, is listed
        assert view.locator(f"td:text-is('{k}')").count() >= 1
    shoot_lesson(page, "lesson-07-counting-wild-cards")
    why = view.locator(".fc-gap details")
    assert not why.locator("p").is_visible(), "the z-score reasoning waits behind Why?"
    why.locator("summary").click()
    expect(why).to_contain_text("standard error", use_inner_text=True)
    view.get_by_role("button", name="Try again").click()
    wait_status(page, "Guess again")
    assert not view.get_by_role("button", name="Deal 100", exact=True).is_visible()
    view.locator("select").first.select_option(label="1 wild")
    view.get_by_role("button", name="Commit my guess").click()
    wait_text(page, "You were right")
    view.get_by_role("button", name="New seed").click()
    wait_text(page, "seed 2027")
    assert_no_errors(page)
    check_phone(browser, voila_url, "07-counting-wild-cards")


def test_08_exact_curve_prediction_explanation_and_stop(page, voila_url, browser):
    view = open_with_hidden_code_kept_back(page, voila_url, "08-go-out-on-the-deal")
    exact = []
    for r in ROUNDS:
        try:
            go_out_on_deal(r)
        except ExactUnavailableError:
            continue
        exact.append(r)
    assert view.locator(".fc-chart svg").count() == 0, "no plot until the guess"
    assert view.locator("table").count() == 0, "no table until the guess"
    selects = view.locator("select")
    selects.nth(1).select_option(label="round 3 (5 cards)")  # the prediction: hardest round
    view.get_by_role("button", name="Commit my guess").click()
    wait_text(page, "Your guess, and the truth")
    page.wait_for_function(  # the chart's label arrives in a message of its own
        "t => [...document.querySelectorAll('.fc-chart-box')]"
        ".some(b => (b.getAttribute('aria-label') ?? '').includes(t))",
        arg=f"exact values for rounds {', '.join(map(str, exact))}",
        timeout=WIDGET_TIMEOUT_MS,
    )
    table = view.locator("table").first.inner_text()
    assert table.count("not counted") == len(ROUNDS) - len(exact)
    view.locator("textarea").fill("Six cards can split into two melds of three.")
    view.locator("textarea").blur()
    view.get_by_role("button", name="Show the explanation").click()
    wait_text(page, "The exact chances:")
    expect(view).to_contain_text("Your prediction: round 3", use_inner_text=True)
    shoot_lesson(page, "lesson-08-go-out-on-the-deal")
    selects.nth(2).select_option(label="5,000")  # deals per round
    selects.nth(0).select_option(label="go out on the first turn")  # its own guess; a run
    wait_match(page, r"[1-9][\d,]* of 55,000 deals")
    view.get_by_role("button", name="Stop").click()
    wait_text(page, "Stopped", timeout=WIDGET_TIMEOUT_MS)
    assert re.search(r"Stopped (after|before)", status_of(page))
    assert_no_errors(page)
    check_phone(browser, voila_url, "08-go-out-on-the-deal")


def test_09_round_governs_the_wild_rank_and_complete_hands_have_no_outs(page, voila_url, browser):
    view = open_with_hidden_code_kept_back(page, voila_url, "09-outs")
    wait_text(page, "How many unseen cards are outs?")
    view.get_by_role("button", name="Just show me").click()
    wait_text(page, "24 unseen copies")
    view.locator("select").first.select_option(label="Round 1: 3 cards, 3s wild")
    wait_text(page, "3s and jokers wild")
    hand = view.locator("input[type=text]").first
    assert len(hand.input_value().split()) == 3
    view.locator("select").first.select_option(label="Round 4: 6 cards, 6s wild")
    wait_text(page, "6s and jokers wild")
    hand.fill("QS QC QD 8H 9H 10H")
    hand.press("Enter")  # Enter in the hand box does what Find the outs does
    wait_text(page, "This hand can already go out")
    hand.fill("8H 9H 10H QS QC KD")
    view.get_by_role("button", name="Find the outs").click()
    guess = view.get_by_placeholder("type a whole number")
    guess.fill("20")  # the guess, typed
    guess.press("Enter")  # Enter in the guess box commits it
    wait_text(page, "You guessed 20; the hand has 24")
    wait_text(page, "24 unseen copies")
    expect(view).not_to_contain_text("288%", use_inner_text=True)
    assert_no_errors(page)
    shoot_lesson(page, "lesson-09-outs")
    check_phone(browser, voila_url, "09-outs")


def test_10_strategy_lab_stop_keeps_the_games_played(page, voila_url, browser):
    view = open_with_hidden_code_kept_back(page, voila_url, "10-strategy-lab")
    wait_text(page, "50 of 50 games")
    expect(view).to_contain_text(BOT_DESCRIPTIONS["greedy"], use_inner_text=True)
    games = view.locator("input[type=number]").first
    games.fill("200")
    games.press("Enter")
    view.get_by_role("button", name="Play the games").click()
    wait_match(page, r"([2-9]|[1-9]\d+) of 200 games")  # at least two games to compare
    view.get_by_role("button", name="Stop").click()
    wait_text(page, "Stopped after", timeout=WIDGET_TIMEOUT_MS)
    expect(view).to_contain_text("mean total", use_inner_text=True)
    expect(view).to_contain_text("Download the results as CSV", use_inner_text=True)
    assert_no_errors(page)
    shoot_lesson(page, "lesson-10-strategy-lab")
    check_phone(browser, voila_url, "10-strategy-lab", ready="Played 50 games")


def test_11_solitaire_odds_prediction_beside_4x_the_deals(page, voila_url, browser):
    view = open_with_hidden_code_kept_back(page, voila_url, "11-solitaire-odds")
    wait_text(page, "50 of 50 deals")
    deals = view.locator("input[type=number]").first
    deals.fill("2")
    deals.press("Enter")
    view.get_by_role("button", name="Play the deals").click()
    wait_text(page, "Played 2 deals")
    view.locator("select").first.select_option(label="half as wide")
    view.get_by_role("button", name="Play 4× the deals").click()
    wait_text(page, "Played 8 deals", timeout=WIDGET_TIMEOUT_MS)  # the status comes last
    expect(view).to_contain_text("You predicted: half as wide", use_inner_text=True)
    labels = [
        view.locator(".fc-chart-box").nth(i).get_attribute("aria-label")
        for i in range(view.locator(".fc-chart-box").count())
    ]
    assert any("of 8 solitaire deals" in (label or "") for label in labels)
    assert_no_errors(page)
    shoot_lesson(page, "lesson-11-solitaire-odds")
    check_phone(browser, voila_url, "11-solitaire-odds", ready="Played 50 deals")


# -- issue 18: charts in the browser, commit before reveal, phone sliders and tables -----------

#: Lessons whose every slider and table is measured at 390 px, with what shows they are ready.
PHONE_LESSONS = {
    "01-cards-and-wilds": "face cards are not worth 10",
    "03-scoring-a-round": "Next step",
    "07-counting-wild-cards": "First predict",
    "08-go-out-on-the-deal": "First predict",
    "09-outs": "First predict",
    "10-strategy-lab": "Played",
    "11-solitaire-odds": "Played",
}

MEASURE_JS = """() => {
  const tracks = [...document.querySelectorAll('.fc-view .widget-hslider')]
    .filter(s => s.offsetParent !== null)
    .map(s => {
      const t = s.querySelector('.slider-container') || s;
      return [s.querySelector('.widget-label')?.innerText ?? '', t.getBoundingClientRect().width];
    });
  const cut = [...document.querySelectorAll('.fc-view table')]
    .filter(t => t.offsetParent !== null && !t.closest('.fc-scroll'))
    .filter(t => t.parentElement && t.scrollWidth > t.parentElement.clientWidth + 1)
    .map(t => t.innerText.slice(0, 60));
  const scrollers = [...document.querySelectorAll('.fc-view .fc-scroll')]
    .filter(d => d.offsetParent !== null)
    .filter(d => getComputedStyle(d).overflowX !== 'auto'
      || d.getBoundingClientRect().right > window.innerWidth + 1)
    .map(d => d.innerText.slice(0, 60));
  const stacks = [...document.querySelectorAll('.fc-view table.fc-stack')]
    .filter(t => t.offsetParent !== null);
  const hidden = stacks.filter(t => t.scrollWidth > t.clientWidth + 1)
    .map(t => t.innerText.slice(0, 60));
  const stacked = stacks
    .filter(t => getComputedStyle(t.querySelector('thead')).display === 'none');
  return {tracks, cut, scrollers, hidden, stacked: stacked.length};
}"""


@pytest.mark.parametrize("lesson", list(PHONE_LESSONS))
def test_every_slider_has_a_track_and_no_table_is_cut_at_390_px(browser, voila_url, lesson):
    context = browser.new_context(viewport=PHONE)
    try:
        page = context.new_page()
        open_lesson(page, voila_url, lesson)
        wait_text(page, PHONE_LESSONS[lesson], timeout=3 * WIDGET_TIMEOUT_MS)
        skip = page.get_by_role("button", name="Just show me")
        if lesson in ("07-counting-wild-cards", "08-go-out-on-the-deal", "09-outs"):
            skip.first.click()
            page.wait_for_timeout(800)  # the revealed part lays out (not a check)
        found = page.evaluate(MEASURE_JS)
        narrow = [(name, width) for name, width in found["tracks"] if width < 150]
        assert not narrow, f"slider tracks under 150 px at 390 px wide: {narrow}"
        assert not found["cut"], f"tables cut at 390 px: {found['cut']}"
        assert not found["scrollers"], f"scroll boxes wider than the screen: {found['scrollers']}"
        assert not found["hidden"], f"stacked tables with columns past the edge: {found['hidden']}"
        if lesson == "10-strategy-lab":  # its results: one block per seat on a phone
            assert found["stacked"] >= 1
        if lesson == "01-cards-and-wilds":  # round 11: two wild columns, the widest table
            page.locator(".fc-view .widget-hslider [role='slider']").first.focus()
            page.keyboard.press("End")
            wait_text(page, "the kings are wild")
            found = page.evaluate(MEASURE_JS)
            assert not found["cut"], f"tables cut at 390 px in round 11: {found['cut']}"
            cells = page.evaluate(
                "() => [...document.querySelectorAll('.fc-view table th[scope=col]')]"
                ".map(th => th.getBoundingClientRect().right)"
            )
            assert len(cells) >= 12 and max(cells) <= PHONE["width"], cells
    finally:
        context.close()


def test_wild_count_hides_the_answer_until_the_guess_and_draws_its_charts(page, voila_url):
    open_lesson(page, voila_url, "07-counting-wild-cards")
    wait_text(page, "First predict")
    body = page.inner_text(".fc-view")
    assert "40.9%" not in body and page.locator(".fc-chart svg").count() == 0
    page.locator(".fc-view select").first.select_option(label="1 wild")
    share = page.locator(".fc-view .noUi-handle").nth(1)  # an untouched slider is no guess
    share.focus()
    share.press("ArrowRight")  # its change reaches the kernel before the click, in order
    page.get_by_role("button", name="Commit my guess").click()
    wait_text(page, "Your guess, and the truth")
    page.get_by_role("button", name="Deal 1,000").click()
    wait_status(page, "1,000 hands dealt")
    page.wait_for_function(
        "() => [...document.querySelectorAll('.fc-chart')].filter(c => !c.hidden"
        " && c.querySelector('svg')).length >= 2",
        timeout=WIDGET_TIMEOUT_MS,
    )
    box = page.locator(".fc-chart-box").first
    label = box.get_attribute("aria-label")
    assert label and "wild cards" in label and box.get_attribute("tabindex") == "0"
    expect(page.locator(".fc-chart-summary").first).to_contain_text("40.9%", use_inner_text=True)
    page.get_by_role("button", name="Draw 100 intervals").click()
    wait_match(page, r"\d+ of 100 intervals hold the exact value")
    assert_no_errors(page)


def test_charts_take_their_text_colour_from_the_dark_theme(page, voila_url):
    page.goto(f"{voila_url}/voila/render/07-counting-wild-cards.ipynb?theme=dark")
    page.wait_for_selector(".fc-view", state="visible", timeout=WIDGET_TIMEOUT_MS)
    wait_text(page, "First predict")
    page.get_by_role("button", name="Just show me").click()
    page.wait_for_selector(".fc-chart svg text", timeout=WIDGET_TIMEOUT_MS)
    fill = page.evaluate(
        "() => getComputedStyle(document.querySelector('.fc-chart svg .role-axis-label text'))"
        ".fill"
    )
    channels = [int(c) for c in re.findall(r"\d+", fill)[:3]]
    assert sum(channels) / 3 > 150, f"axis labels must be light on the dark theme, not {fill}"
    assert_no_errors(page)
