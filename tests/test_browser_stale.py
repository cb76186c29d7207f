"""No stale screen: in every lesson 01-12, served by Voilà in headless Chromium, changing a
control that results depend on clears or recomputes those results.

One page per lesson: each test shows a result (a reveal, a table, a status line), changes
a control, and waits until the old result's text has left the view's visible text and
the new setting's has arrived. A result still on screen after the change fails the test
with the text that stayed. Kernel-side checks of the same lessons are in
``tests/test_views_explore.py``.
"""

from __future__ import annotations

import re

import pytest

from .browser_helpers import guess_two_wilds
from .test_browser import assert_no_errors, open_lesson

pytestmark = pytest.mark.browser

WAIT_MS = 45_000

# A view's visible text without the option lists of its dropdowns (they would always
# contain every round's label, old or new).
_TEXT = """i => {
  const v = document.querySelectorAll('.fc-view')[i];
  if (!v) return '';
  const lists = [...v.querySelectorAll('select')];
  lists.forEach(s => { s.style.display = 'none'; });
  const text = v.innerText;
  lists.forEach(s => { s.style.display = ''; });
  return text;
}"""


def text(page, i: int = 0) -> str:
    return page.evaluate(_TEXT, i)


def status(page, i: int = 0) -> str:
    return page.locator(".fc-view").nth(i).locator(".fc-status").first.inner_text()


def shows(page, wanted: str, i: int = 0, timeout: int = WAIT_MS) -> None:
    """Wait until the view's text holds ``wanted``."""
    page.wait_for_function(
        f"a => ({_TEXT})(a.i).includes(a.wanted)", arg={"i": i, "wanted": wanted}, timeout=timeout
    )


def settles(page, gone: list[str], wanted: str, i: int = 0, old_status: str = "") -> None:
    """After a change: ``wanted`` is on screen, every text of ``gone`` has left it, and the
    status line is no longer ``old_status``; otherwise fail naming what stayed."""
    check = (
        f"a => {{ const t = ({_TEXT})(a.i);"
        " const s = document.querySelectorAll('.fc-view')[a.i].querySelector('.fc-status');"
        " return t.includes(a.wanted) && a.gone.every(g => !t.includes(g))"
        " && (!a.old || (s && s.innerText.trim() !== a.old.trim())); }"
    )
    try:
        page.wait_for_function(
            check,
            arg={"i": i, "gone": gone, "wanted": wanted, "old": old_status},
            timeout=WAIT_MS,
        )
    except Exception:
        now = text(page, i)
        stayed = [g for g in gone if g in now]
        pytest.fail(
            f"stale screen: still showing {stayed!r}; wanted {wanted!r} "
            f"(found: {wanted in now}); status now {status(page, i)!r}, was {old_status!r}"
        )


def fill(locator, value: str) -> None:
    locator.fill(value)
    locator.press("Enter")


def test_01_the_round_slider_redraws_the_schedule(page, voila_url):
    open_lesson(page, voila_url, "01-cards-and-wilds")
    shows(page, "Round 1: each player is dealt 3 cards")
    handle = page.locator(".fc-view").first.locator("[role=slider], .noUi-handle").first
    handle.focus()
    handle.press("End")
    settles(page, ["Round 1: each player is dealt 3 cards"], "Round 11: each player is dealt 13")


def test_02_round_and_seed_redeal_and_an_old_message_goes(page, voila_url):
    open_lesson(page, voila_url, "02-books-runs-and-wilds")
    deal = page.locator(".fc-view").first
    header = re.search(r"Round \d+ hand \(seed (\d+)\)", text(page))
    assert header, text(page)[:400]
    old = status(page)
    deal.locator("select").first.select_option(label="Round 11: 13 cards, Ks wild")
    settles(page, [header[0]], "Round 11 hand", old_status=old)
    seed = int(header[1])
    fill(deal.locator("input[type=number]").first, str(seed + 1))
    settles(page, [f"(seed {seed})"], f"Round 11 hand (seed {seed + 1})")
    builder = page.locator(".fc-view").nth(1)
    builder.get_by_role("button", name="Take back").click()  # nothing laid down: a message
    builder.locator(".fc-status .fc-msg.fc-error").wait_for(timeout=WAIT_MS)
    refused = status(page, 1)
    assert refused
    builder.locator("select").first.select_option(index=0)
    settles(page, [refused], "", i=1, old_status=refused)
    assert builder.locator(".fc-status .fc-msg.fc-error").count() == 0


def test_03_players_round_and_bonus_deal_a_new_round_to_score(page, voila_url):
    open_lesson(page, voila_url, "03-scoring-a-round")
    view = page.locator(".fc-view").first
    view.get_by_role("button", name="Just show me").click()
    page.wait_for_function(
        "() => document.querySelector('.fc-view .fc-status').innerText.includes('scores')"
    )
    shown = status(page)
    fill(view.locator("input[type=number]").first, "99")  # players: brought to 7, and said
    settles(page, [shown], "2 to 7 players, so 99 became 7", old_status=shown)
    view.get_by_role("button", name="Just show me").click()
    page.wait_for_function(
        "() => document.querySelector('.fc-view .fc-status').innerText.includes('scores')"
    )
    shown = status(page)
    view.locator("select").first.select_option(index=0)
    settles(page, [shown], "Round 1", old_status=shown)
    view.get_by_role("button", name="Just show me").click()
    page.wait_for_function(
        "() => document.querySelector('.fc-view .fc-status').innerText.includes('scores')"
    )
    shown = status(page)
    view.locator("input[type=checkbox]").first.check()
    settles(page, [shown], "Round 1", old_status=shown)


def test_04_a_new_seed_or_bots_count_is_announced_for_the_next_game(page, voila_url):
    open_lesson(page, voila_url, "04-play-a-round")
    view = page.locator(".fc-view").first
    view.get_by_role("button", name="Free play").click()
    shows(page, "Your opponents")
    view.get_by_role("button", name="Game settings").click()
    fill(view.locator(".widget-inline-hbox", has_text="Seed").locator("input"), "77")
    shows(page, "These settings start a new game")
    old = status(page)
    fill(view.locator(".widget-inline-hbox", has_text="Bots").locator("input"), "40")
    settles(page, [], "Bots are 1 to 6; playing with 6.", old_status=old)


def test_05_a_new_seed_says_the_board_keeps_its_game(page, voila_url):
    open_lesson(page, voila_url, "05-solitaire")
    old = status(page)
    fill(page.locator(".fc-view").first.locator("input[type=number]").first, "2")
    settles(page, [], "press New game to deal it", old_status=old)


def test_06_a_refused_start_leaves_once_the_names_are_right(page, voila_url):
    open_lesson(page, voila_url, "06-scorekeeper")
    view = page.locator(".fc-view").first
    names = view.locator(".widget-inline-hbox", has_text="Players").locator("input")
    fill(names, "Ann")
    view.get_by_role("button", name="Start a new game").click()
    view.locator(".fc-msg.fc-error").first.wait_for(timeout=WAIT_MS)
    refused = status(page)
    fill(names, "Ann, Ben")
    view.get_by_role("button", name="Start a new game").click()
    settles(page, [refused], "Ann", old_status=refused)
    assert view.locator(".fc-status .fc-msg.fc-error").count() == 0


def test_07_round_seed_and_sample_size_clear_what_they_made_stale(page, voila_url):
    open_lesson(page, voila_url, "07-counting-wild-cards")
    view = page.locator(".fc-view").first
    view.get_by_role("button", name="Commit my guess").click()  # no guess yet: a warning
    view.locator(".fc-status .fc-msg.fc-error").wait_for(timeout=WAIT_MS)
    warned = status(page)
    guess_two_wilds(view)
    shows(page, "Now press Commit my guess")
    view.get_by_role("button", name="Commit my guess").click()
    settles(page, [warned], "Your guess, and the truth", old_status=warned)
    view.get_by_role("button", name="Deal 100", exact=True).click()
    shows(page, "100 hands dealt")
    view.get_by_role("button", name="Draw 100 intervals").click()
    shows(page, "intervals hold the exact value")
    view.locator("select").nth(1).select_option(index=2)  # samples of 400 hands
    settles(page, ["intervals hold the exact value"], "Draw 100 intervals")
    fill(view.locator(".widget-inline-hbox", has_text="Seed").locator("input"), "5")
    settles(page, ["Your guess, and the truth", "100 hands dealt", "dealt (100)"], "seed 5")
    assert view.locator(".fc-chart:not([hidden]) svg").count() == 0, "an old chart stayed"
    view.get_by_role("button", name="Just show me").click()
    view.get_by_role("button", name="Deal 100", exact=True).click()
    shows(page, "100 hands dealt")
    handle = view.locator("[role=slider], .noUi-handle").first
    handle.focus()
    handle.press("End")
    settles(page, ["100 hands dealt", "Your guess, and the truth"], "Round 11")


def test_08_question_deals_and_seed_clear_the_answers_they_made_stale(page, voila_url):
    open_lesson(page, voila_url, "08-go-out-on-the-deal")
    view = page.locator(".fc-view").first
    shows(page, "commit your guess")
    view.get_by_role("button", name="Just show me").click()
    shows(page, "Your guess, and the truth")
    view.locator("table").first.wait_for(timeout=WAIT_MS)
    view.locator("select").first.select_option(label="penalty of a dealt hand")
    settles(page, ["Your guess, and the truth", "exact chance"], "most penalty points")
    assert view.locator(".fc-chart:not([hidden]) svg").count() == 0, "an old chart stayed"
    shows(page, "commit your guess")
    view.get_by_role("button", name="Just show me").click()
    shows(page, "exact mean penalty")
    view.locator("select").nth(2).select_option(label="400")  # deals per round
    settles(page, ["exact mean penalty"], "press Simulate")
    view.get_by_role("button", name="Simulate").click()
    shows(page, "exact mean penalty")
    fill(view.locator(".widget-inline-hbox", has_text="Seed").locator("input"), "9")
    settles(page, ["exact mean penalty"], "seed 9: press Simulate")


def test_09_a_new_round_hides_the_old_hands_answer(page, voila_url):
    open_lesson(page, voila_url, "09-outs")
    view = page.locator(".fc-view").first
    view.get_by_role("button", name="Just show me").click()
    shows(page, "unseen copies")
    answer = status(page)
    view.locator("select").first.select_option(label="Round 6: 8 cards, 8s wild")
    settles(page, [answer], "8s and jokers wild", old_status=answer)


def test_10_seats_variants_and_games_clear_the_old_results(page, voila_url):
    script_errors: list[str] = []  # a chart cleared while it updated threw in the browser
    page.on("pageerror", lambda error: script_errors.append(str(error)))
    open_lesson(page, voila_url, "10-strategy-lab")
    view = page.locator(".fc-view").first
    shows(page, "mean total", timeout=3 * WAIT_MS)
    # At 390 px the summary stacks: one block per seat, one line per column, nothing past
    # the edge, and no number breaks over lines.
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(300)  # let the layout settle at the new width (not a check)
    table = view.locator("table.fc-table", has_text="mean total").first
    cells, line, head, wide = table.evaluate(
        "t => [[...t.querySelectorAll('tbody td')].map(c => c.getBoundingClientRect().height),"
        " parseFloat(getComputedStyle(t.querySelector('td')).lineHeight) || 20,"
        " getComputedStyle(t.querySelector('thead')).display,"
        " t.scrollWidth > t.clientWidth + 1]"
    )
    assert head == "none" and not wide, f"the summary is not stacked at 390 px: {head}, {wide}"
    assert cells and max(cells) < 2 * line, f"a summary line wraps at 390 px: {cells}"
    page.set_viewport_size({"width": 1100, "height": 900})
    view.locator("select").nth(1).select_option(label="lookahead")  # a new seat: cleared too
    settles(page, ["mean total"], "A new setup")
    view.get_by_role("button", name="Play the games").click()
    shows(page, "mean total")
    games = view.locator(".widget-inline-hbox", has_text="Games").locator("input")
    view.locator("input[type=checkbox]").nth(1).check()  # the going-out bonus
    settles(page, ["mean total", "share of games won"], "A new setup")
    assert view.locator(".fc-chart:not([hidden]) svg").count() == 0, "an old chart stayed"
    fill(games, "2")
    view.get_by_role("button", name="Play the games").click()
    shows(page, "mean total")
    fill(games, "1")  # brought to 2, and said; the results were for the old count
    settles(page, ["mean total"], "Games are 2 to")
    assert not script_errors, script_errors


def test_11_a_new_count_of_deals_clears_the_old_win_rate(page, voila_url):
    open_lesson(page, voila_url, "11-solitaire-odds")
    view = page.locator(".fc-view").first
    shows(page, "The bot won", timeout=3 * WAIT_MS)
    deals = view.locator(".widget-inline-hbox", has_text="Deals").locator("input")
    fill(deals, "0")
    from fivecrowns_lab.odds.run_cost import solitaire_cap

    settles(page, ["The bot won"], f"Deals are 1 to {solitaire_cap():,}; playing 1.")
    page.wait_for_function(  # the box shows the number the kernel brought it to
        "e => e.value === '1'", arg=deals.element_handle(), timeout=WAIT_MS
    )


def test_12_another_position_hides_the_last_answer(page, voila_url):
    open_lesson(page, voila_url, "12-how-the-expert-plays")
    view = page.locator(".fc-view").first
    view.get_by_role("button", name="Show both bots' choices").click()
    shows(page, "The expert throws")
    shows(page, "Compare the two reasons")  # the status comes in a message of its own
    old = status(page)
    view.get_by_role("button", name="Another position").click()
    settles(page, ["The expert throws", "Greedy throws"], "Click the card", old_status=old)
    assert_no_errors(page)
