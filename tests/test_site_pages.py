"""Every page of the static site, offline, opened once: it passes axe-core's WCAG 2.0-2.2 A
and AA rules with no violation (as tests/test_browser_a11y.py and tests/test_browser_danish.py
check the Voilà pages), asks no other server for anything, and then answers its own check (a
click its browser Python answers; the Danish pages: no English label).

Every English page is checked in the light theme and every Danish one in the dark theme; a
few pages in both languages are checked in the other theme too. Two tall tabs take the pages
in turn, the next page loading in one while the other is checked (their service worker keeps
Pyodide between pages), so the rules that look only at what is on screen (contrast, target
size) see the whole page.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.conftest import axe_violations

from .test_site import (  # noqa: F401 - site_url is a fixture (it builds or skips)
    DANISH_PAGES_CHECKED,
    LESSON_CHECKS,
    SITE,
    WIDGET_TIMEOUT_MS,
    check_01_slider_redraws_the_schedule,
    check_02_new_hand_deals,
    check_danish,
    check_index,
    nothing_was_blocked,
    offline_tab,
    shoot,
    site_url,
    wait_for_lesson,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow]

#: How long a page gets to show its first widget before the tab reloads it once.
FIRST_TRY_MS = 120_000

ROOT = Path(__file__).resolve().parent.parent
ENGLISH = sorted(p.stem for p in (ROOT / "notebooks").glob("*.ipynb"))
DANISH = sorted(p.stem for p in (ROOT / "notebooks" / "da").glob("*.ipynb"))
#: Pages also checked in the other theme: the gallery, the game and the densest lesson.
BOTH_THEMES = ["00-index", "04-play-a-round", "08-go-out-on-the-deal"]

CASES = [
    *((name, "light") for name in ENGLISH),
    *((f"da/{name}", "dark") for name in DANISH),
    *((name, "dark") for name in BOTH_THEMES),
    *((f"da/{name}", "light") for name in BOTH_THEMES if name in DANISH),
]


def _lesson_check(selector: str, act: Callable[[object], None]) -> Callable[[object], None]:
    def check(page) -> None:
        wait_for_lesson(page, selector)
        act(page)

    return check


#: Each page's own check, run on its first case (English light, Danish dark).
PAGE_CHECKS: dict[str, Callable[[object], None]] = {
    "00-index": check_index,
    "01-cards-and-wilds": check_01_slider_redraws_the_schedule,
    "02-books-runs-and-wilds": check_02_new_hand_deals,
    **{name: _lesson_check(*LESSON_CHECKS[name]) for name in LESSON_CHECKS},
    **{f"da/{name}": check_danish(name) for name in DANISH_PAGES_CHECKED},
}
CHECKED_IN = {"light": set(ENGLISH), "dark": {f"da/{name}" for name in DANISH}}


class PageTabs:
    """Two offline tabs, 4000 px tall, taking the cases in turn: while one case is checked,
    the next one's Pyodide already starts in the other tab."""

    def __init__(self, tabs: list, url: str) -> None:
        self.tabs, self.url = tabs, url
        self.opened: dict[int, object] = {}

    def start(self, index: int) -> object:
        """The tab of case ``index``, navigating to it unless it is already on its way."""
        if index not in self.opened:
            name, theme = CASES[index]
            page = self.tabs[index % len(self.tabs)]
            page.goto(f"{self.url}/voici/render/{name}.html?theme={theme}", wait_until="commit")
            self.opened[index] = page
        return self.opened[index]


@pytest.fixture(scope="module")
def page_tabs(browser, site_url) -> Iterator[PageTabs]:  # noqa: F811 - test_site's fixture
    with (
        offline_tab(browser, width=1280, height=4000) as first,
        offline_tab(browser, width=1280, height=4000) as second,
    ):
        yield PageTabs([first, second], site_url)


@pytest.mark.parametrize(("name", "theme"), CASES, ids=[f"{n}-{t}" for n, t in CASES])
def test_site_page_offline_has_no_wcag_a_or_aa_violation_and_answers_its_check(
    page_tabs, axe_script, name, theme
):
    index = CASES.index((name, theme))
    page = page_tabs.start(index)
    if index + 1 < len(CASES):
        page_tabs.start(index + 1)
    try:
        page.wait_for_selector(".fc-view", state="visible", timeout=FIRST_TRY_MS)
    except PlaywrightTimeoutError:
        # Once in a fresh-clone run (1 of about 110 static-site page loads), a page a tab
        # opened after 29 others never showed its first widget; a reload showed it. Not yet
        # understood (docs: the session note); the tab reloads once, as a learner would.
        page.reload()
    wait_for_lesson(page, ".fc-view")
    page.wait_for_load_state("networkidle", timeout=WIDGET_TIMEOUT_MS)
    dark = "false" if theme == "dark" else "true"
    page.wait_for_function(f"() => document.body.dataset.jpThemeLight === '{dark}'")
    assert axe_violations(page, axe_script) == []
    nothing_was_blocked(page)
    if name in PAGE_CHECKS and name in CHECKED_IN[theme]:
        PAGE_CHECKS[name](page)
        if f"/{name}.html" in page.url:  # (the gallery's check follows a link away)
            errors = page.locator(".fc-msg.fc-error, .jp-RenderedText[data-mime-type*=error]")
            assert errors.count() == 0, errors.first.inner_text()
            assert "Traceback" not in page.inner_text("body")
            shoot(page, f"site-{name.replace('/', '-')}")
        nothing_was_blocked(page)


def test_site_pages_cover_every_page_of_the_site_and_check_every_lesson():
    lessons = {p.stem for p in (ROOT / "notebooks").glob("*.ipynb")}
    assert set(PAGE_CHECKS) >= lessons  # every English page answers its own check
    if not (SITE / "voici" / "render").is_dir():
        pytest.skip("STATIC SITE TESTS SKIPPED: _site/ is not built")
    rendered = {
        p.relative_to(SITE / "voici" / "render").with_suffix("").as_posix()
        for p in (SITE / "voici" / "render").rglob("*.html")
    }
    assert rendered == {name for name, _theme in CASES}
