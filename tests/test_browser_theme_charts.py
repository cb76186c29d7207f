"""The dark-theme switch recolours the charts: after a switch, a chart's axis text has the
new theme's text colour (the page marks the theme only once its stylesheet has loaded, so
the chart's redraw reads the new colours)."""

from __future__ import annotations

import pytest

from .test_browser import assert_no_errors, open_lesson

pytestmark = pytest.mark.browser

# The colour of a chart's first axis label, and the page's text colour variable, both
# normalised by the browser (an "rgb(...)" string), and the theme the body says is on.
_COLOURS = """() => {
  const norm = (c) => { const d = document.createElement('div'); d.style.color = c;
    document.body.append(d); const out = getComputedStyle(d).color; d.remove(); return out; };
  const label = document.querySelector('.fc-chart:not([hidden]) svg .role-axis-label text');
  const chart = document.querySelector('.fc-chart:not([hidden])');
  const want = getComputedStyle(chart).getPropertyValue('--jp-ui-font-color1').trim();
  return { axis: label ? norm(label.getAttribute('fill')) : null, theme: norm(want),
           light: document.body.dataset.jpThemeLight };
}"""


def _settled(page, light: str) -> dict:
    """Wait until the body says ``light`` and the chart's axis text has the theme's colour."""
    page.wait_for_function(
        f"light => {{ const c = ({_COLOURS})(); "
        "return c.light === light && c.axis !== null && c.axis === c.theme; }",
        arg=light,
        timeout=30_000,
    )
    return page.evaluate(_COLOURS)


def test_a_chart_takes_the_new_themes_text_colour_after_each_switch(page, voila_url):
    open_lesson(page, voila_url, "11-solitaire-odds")
    page.locator(".fc-chart:not([hidden]) svg .role-axis-label").first.wait_for(timeout=90_000)
    light = _settled(page, "true")
    switch = page.locator("button.fc-theme-switch:visible").first
    switch.click()
    dark = _settled(page, "false")
    assert dark["axis"] != light["axis"], "the axis text kept the light theme's colour"
    switch.click()
    again = _settled(page, "true")
    assert again["axis"] == light["axis"]
    assert_no_errors(page)


# Every text of every shown chart (titles, axis titles, tick labels, legends): how far it
# lies outside its chart's SVG box, in pixels, with what it says.
_OUTSIDE = """() => [...document.querySelectorAll('.fc-chart:not([hidden]) svg')].flatMap((s) => {
  const svg = s;
  const box = svg.getBoundingClientRect();
  return [...svg.querySelectorAll('text')].filter((t) => t.textContent.trim()).map((t) => {
    const r = t.getBoundingClientRect();
    const out = Math.max(box.left - r.left, r.right - box.right, box.top - r.top,
                         r.bottom - box.bottom);
    return [t.textContent, Math.round(out)];
  }).filter(([, out]) => out > 1);
})"""


def test_no_chart_cuts_off_its_title_axis_titles_or_legend_once_its_data_arrive(page, voila_url):
    # Lesson 10's charts are drawn empty and get their rows from a run. The layout is made
    # again when rows arrive (their tick labels are wider than the empty chart's), so
    # nothing is drawn outside the chart's box and cut off.
    open_lesson(page, voila_url, "10-strategy-lab")
    view = page.locator(".fc-view").first
    rounds = view.locator("[role=slider], .noUi-handle").first
    rounds.focus()
    rounds.press("Home")  # games of one round: a quick run
    games = view.locator("input[type=number]").first
    games.fill("6")
    games.press("Enter")
    view.get_by_role("button", name="Play the games").click()
    page.get_by_text("Played 6 games").first.wait_for(timeout=90_000)
    page.wait_for_function(
        "() => document.querySelectorAll('.fc-chart:not([hidden]) svg .role-title-text')"
        ".length >= 2"
    )
    page.wait_for_timeout(500)  # the last rows' layout
    assert page.evaluate(_OUTSIDE) == []
    assert_no_errors(page)


def _lesson_07_charts(browser, voila_url):
    """A 1280 px window on lesson 07 with its charts drawn ("Just show me")."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    open_lesson(page, voila_url, "07-counting-wild-cards")
    page.locator(".fc-view").first.get_by_role("button", name="Just show me").click()
    return context, page


def test_a_chart_lays_its_title_out_again_when_the_window_narrows(browser, voila_url):
    # A long title is cut into lines for the width the chart is drawn at. Made narrower
    # after that (a tablet turned upright), lesson 07's "Share of hands with 1 wild, as
    # hands are dealt" kept one line and ran past its chart's edge, cut off.
    context, page = _lesson_07_charts(browser, voila_url)
    try:
        titles = ".fc-chart:not([hidden]) svg .role-title-text"
        page.wait_for_function(f"() => document.querySelectorAll('{titles}').length >= 2")
        page.wait_for_timeout(500)
        assert page.evaluate(_OUTSIDE) == []
        page.set_viewport_size({"width": 390, "height": 900})
        page.wait_for_function(
            f"() => [...document.querySelectorAll('{titles}')].some("
            "t => t.querySelectorAll('tspan').length > 1)",  # drawn again, on two lines
            timeout=10_000,
        )
        page.wait_for_timeout(500)
        assert page.evaluate(_OUTSIDE) == []
        assert_no_errors(page)
    finally:
        context.close()


_LABEL_PX = """() => {
  const t = document.querySelector('.fc-chart:not([hidden]) svg .role-axis-label text');
  return t ? parseFloat(getComputedStyle(t).fontSize) : 0;
}"""


def test_a_charts_text_grows_in_projector_mode_and_still_fits_a_phone(browser, voila_url):
    # The charts kept 13 px labels on a projector, where the text around them is 22 px:
    # the smallest type on the screen was the one a class has to read from the back.
    context, page = _lesson_07_charts(browser, voila_url)
    try:
        page.wait_for_function(f"() => ({_LABEL_PX})() > 0")
        plain = page.evaluate(_LABEL_PX)
        switch = page.locator("button.fc-projector-switch:visible").first
        switch.click()
        page.wait_for_function(f"() => ({_LABEL_PX})() >= 1.4 * {plain}", timeout=10_000)
        page.wait_for_timeout(500)
        assert page.evaluate(_OUTSIDE) == []
        switch.click()  # and back
        page.wait_for_function(f"() => ({_LABEL_PX})() === {plain}", timeout=10_000)
        # On a phone the projector keeps the charts' own sizes: their titles fit.
        page.set_viewport_size({"width": 390, "height": 900})
        page.goto(f"{voila_url}/voila/render/10-strategy-lab.ipynb?projector=1")
        page.wait_for_selector(".fc-view", state="visible", timeout=90_000)
        page.wait_for_function(f"() => ({_LABEL_PX})() > 0", timeout=90_000)
        page.wait_for_timeout(500)
        assert page.evaluate(_OUTSIDE) == []
        assert_no_errors(page)
    finally:
        context.close()


# The hover box as drawn: its left and right edges, the window's width, and its colours
# with the page's own (all normalised by the browser).
_TIP_BOX = """() => {
  const e = document.getElementById('vg-tooltip-element');
  if (!e || !e.classList.contains('visible')) return null;
  const norm = (c) => { const d = document.createElement('div'); d.style.color = c;
    document.body.append(d); const out = getComputedStyle(d).color; d.remove(); return out; };
  const r = e.getBoundingClientRect();
  const page = getComputedStyle(document.body).getPropertyValue('--jp-layout-color1').trim();
  return { left: r.left, right: r.right, width: window.innerWidth, text: e.innerText,
           ground: norm(getComputedStyle(e).backgroundColor), page: norm(page) };
}"""


def test_a_charts_tooltip_fits_a_phone_screen_in_the_pages_theme(browser, voila_url):
    # At 390 px a long tooltip ("rule of thumb (1% per out per turn)") was placed left of
    # the pointer and pushed past the screen's left edge, half of it unreadable; and it
    # stayed a white box on a dark page.
    context = browser.new_context(viewport={"width": 390, "height": 900})
    page = context.new_page()
    try:
        page.goto(f"{voila_url}/voila/render/09-outs.ipynb?theme=dark")
        page.wait_for_selector(".fc-view", state="visible", timeout=90_000)
        page.get_by_role("button", name="Just show me").first.click()
        points = page.locator(".fc-chart:not([hidden]) svg .mark-symbol.role-mark path")
        points.first.wait_for(timeout=90_000)
        boxes = []
        for i in range(points.count()):
            points.nth(i).scroll_into_view_if_needed()
            points.nth(i).hover(force=True)
            page.wait_for_function(f"() => ({_TIP_BOX})() !== null", timeout=10_000)
            boxes.append(page.evaluate(_TIP_BOX))
            page.mouse.move(0, 0)
        assert any("rule of thumb" in box["text"] for box in boxes)
        for box in boxes:
            assert 0 <= box["left"] and box["right"] <= box["width"], box
            assert box["ground"] == box["page"], box  # the dark theme's ground, not white
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        assert_no_errors(page)
    finally:
        context.close()


def test_counts_of_deals_are_named_on_whole_ticks_after_a_short_run(page, voila_url):
    # After a run of 2 deals the running chart's axis read "1, 1.2, 1.4 … 2" deals and the
    # bars' axis "0.0, 0.5, 1.0, 1.5, 2.0" deals: a count is named on whole numbers only.
    open_lesson(page, voila_url, "11-solitaire-odds")
    page.get_by_text("Played").first.wait_for(timeout=90_000)
    view = page.locator(".fc-view").first
    games = view.locator("input[type=number]").first
    games.fill("2")
    games.press("Enter")
    view.get_by_role("button", name="Play the deals").click()
    page.get_by_text("Played 2 deals").first.wait_for(timeout=90_000)
    charts = page.locator(".fc-chart:not([hidden])")
    running, closed = charts.nth(0), charts.nth(1)

    def ticks(chart, title: str) -> list[str]:
        # the axis whose title is ``title`` (Vega's groups carry no x or y of their own)
        axis = chart.locator("svg .role-axis").filter(
            has=page.locator(".role-axis-title text", has_text=title)
        )
        return [t for t in axis.locator(".role-axis-label text").all_text_contents() if t]

    page.wait_for_function(
        "() => [...document.querySelectorAll('.fc-chart:not([hidden]) .role-axis-label text')]"
        ".some(t => t.textContent === '2')",
        timeout=30_000,
    )
    deals_axis = ticks(running, "deals played")
    count_axis = ticks(closed, "deals")
    assert deals_axis == ["1", "2"], deals_axis
    assert count_axis and all(t.isdigit() for t in count_axis), count_axis
    assert_no_errors(page)
