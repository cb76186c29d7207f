"""Every lesson page passes axe-core's WCAG 2.0-2.2 A and AA rules with no violation,
and asks nothing of any server but the one that serves it (no font from a CDN).

The English pages are checked in the light theme here; the Danish ones in the dark theme
in tests/test_browser_danish.py. A tall window puts the whole page on screen, so the
rules that look only at what is visible (contrast, target size) see all of it.
"""

from __future__ import annotations

import pytest

from tests.conftest import ROOT, axe_violations
from tests.test_browser import WIDGET_TIMEOUT_MS, assert_no_errors

pytestmark = pytest.mark.browser

PAGES = sorted(p.stem for p in (ROOT / "notebooks").glob("*.ipynb"))


#: Every address a page asked for outside this machine (the test's server is on loopback).
OUTSIDE: list[str] = []


@pytest.fixture(scope="module")
def tall_tab(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 4000})

    def keep_home(route):  # a request to another host is refused, and remembered
        url = route.request.url
        if url.startswith(("http://127.0.0.1", "data:", "blob:", "ws://127.0.0.1")):
            route.continue_()
        else:
            OUTSIDE.append(url)
            route.abort()

    context.route("**/*", keep_home)
    yield context.new_page()
    context.close()


@pytest.mark.parametrize("name", PAGES)
def test_page_has_no_wcag_a_or_aa_violation_in_english(tall_tab, voila_url, axe_script, name):
    tall_tab.goto(f"{voila_url}/voila/render/{name}.ipynb")
    tall_tab.wait_for_selector(".fc-view", state="visible", timeout=WIDGET_TIMEOUT_MS)
    tall_tab.wait_for_load_state("networkidle")
    assert_no_errors(tall_tab)
    assert axe_violations(tall_tab, axe_script) == []
    assert OUTSIDE == [], "a lesson page asked a server outside the classroom"
