"""A class of ten on the real static site: each student opens lesson 01 of the built site
(Pyodide in the browser) with the class service's address and code in the page's address,
joins on the lesson's class line, answers the quiz's first question, and the teacher's
dashboard on the class service (another port, cross-origin) shows exactly their ten first
tries (issue 47). tests/test_class_static_site.py covers the class line's script alone."""

from __future__ import annotations

import json

import pytest

from .conftest import free_port, stop_process
from .test_class_service import code_and_secret, exported, start_service, teacher_of
from .test_site import offline_tab, site_url, wait_for_lesson  # noqa: F401 - site_url: a fixture

pytestmark = [pytest.mark.browser, pytest.mark.slow]

LESSON = "01-cards-and-wilds"
STUDENTS = 10


def test_site_class_of_ten_joins_a_class_service_and_the_dashboard_shows_their_first_tries(
    browser,
    site_url,  # noqa: F811 - the fixture imported above
    tmp_path,
):
    port = free_port()
    service = f"http://127.0.0.1:{port}"
    proc, log = start_service(
        tmp_path, str(tmp_path / "c.sqlite3"), port, f"--allow-origin={site_url}"
    )
    try:
        code, secret = code_and_secret(log)
        for k in range(STUDENTS):
            with offline_tab(browser) as page:  # its own storage: a student's own browser
                page.goto(f"{site_url}/voici/render/{LESSON}.html?class={service}&code={code}")
                wait_for_lesson(page, ".fc-quiz button")
                page.get_by_placeholder("Your nickname").fill(f"Pupil {k}")
                page.get_by_role("button", name="Join", exact=True).click()
                page.get_by_text(f"In class {code} as Pupil {k}").wait_for()
                page.locator(".fc-quiz button").first.click()  # question 1's first answer
                page.wait_for_function(  # the service acknowledged the record
                    "() => JSON.parse(localStorage.getItem('fivecrowns-lab-outbox') || '[1]')"
                    ".length === 0",
                    timeout=60_000,
                )
                kept = json.loads(page.evaluate("localStorage.getItem('fivecrowns-lab-class')"))
                assert kept["token"] and "fivecrowns" not in page.evaluate("document.cookie")
                assert page.blocked == []  # nothing asked of any other server
        teacher = teacher_of(service, secret)
        report = json.loads(teacher.request("/fivecrowns/class/api/report")[1])
        assert sorted(p["nickname"] for p in report["progress"]) == sorted(
            f"Pupil {k}" for k in range(STUDENTS)
        )
        rows = exported(teacher)
        assert len(rows) == STUDENTS  # one first try each, none lost, none doubled
        assert {r["record"] for r in rows} == {"quiz"}
        assert all(r["item"].startswith("1. ") for r in rows)  # question 1, once each
    finally:
        stop_process(proc)
