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
