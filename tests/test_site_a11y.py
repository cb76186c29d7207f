"""Every page of the static site passes axe-core's WCAG 2.0-2.2 A and AA rules with no
violation, offline, as tests/test_browser_a11y.py and tests/test_browser_danish.py check the
Voilà pages.

Every English page is checked in the light theme and every Danish one in the dark theme; a
few pages in both languages are checked in the other theme too. One tall tab takes the pages in
turn (its service worker keeps Pyodide between them), so the rules that look only at what is
on screen (contrast, target size) see the whole page.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.conftest import axe_violations

from .test_site import (  # noqa: F401 - site_url is a fixture (it builds or skips)
    SITE,
    WIDGET_TIMEOUT_MS,
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


@pytest.fixture(scope="module")
def tall_site_tab(browser, site_url) -> Iterator[object]:  # noqa: F811 - test_site's fixture
    """One offline tab, 4000 px tall; a request off 127.0.0.1 is aborted and remembered."""
    context = browser.new_context(viewport={"width": 1280, "height": 4000})
    outside: list[str] = []

    def keep_home(route) -> None:  # type: ignore[no-untyped-def]
        url = route.request.url
        if url.startswith((site_url, "data:", "blob:")):
            route.continue_()
        else:
            outside.append(url)
            route.abort()

    context.route("**/*", keep_home)
    page = context.new_page()
    page.outside = outside
    try:
        yield page
    finally:
        context.close()


@pytest.mark.parametrize(("name", "theme"), CASES, ids=[f"{n}-{t}" for n, t in CASES])
def test_site_page_has_no_wcag_a_or_aa_violation(
    tall_site_tab,
    site_url,  # noqa: F811 - test_site's fixture
    axe_script,
    name,
    theme,
):
    page = tall_site_tab
    page.goto(f"{site_url}/voici/render/{name}.html?theme={theme}")
    try:
        page.wait_for_selector(".fc-view", state="visible", timeout=FIRST_TRY_MS)
    except PlaywrightTimeoutError:
        # Once in a fresh-clone run (1 of about 110 static-site page loads), a page this tab
        # opened after 29 others never showed its first widget; a reload showed it. Not yet
        # understood (docs: the session note); the tab reloads once, as a learner would.
        page.reload()
    wait_for_lesson(page, ".fc-view")
    page.wait_for_load_state("networkidle", timeout=WIDGET_TIMEOUT_MS)
    dark = "false" if theme == "dark" else "true"
    page.wait_for_function(f"() => document.body.dataset.jpThemeLight === '{dark}'")
    assert axe_violations(page, axe_script) == []
    assert page.outside == [], "a page of the site asked a server outside it"


def test_site_a11y_checks_every_page_of_the_site():
    if not (SITE / "voici" / "render").is_dir():
        pytest.skip("STATIC SITE TESTS SKIPPED: _site/ is not built")
    rendered = {
        p.relative_to(SITE / "voici" / "render").with_suffix("").as_posix()
        for p in (SITE / "voici" / "render").rglob("*.html")
    }
    assert rendered == {name for name, _theme in CASES}
