"""A static-site class in Chromium: pages on one 127.0.0.1 port join the class service
(``fivecrowns-lab class``) on another and post their records cross-origin.

The page is a small static HTML file that loads the real ``views/classlink.js`` (the class
line of every lesson) with a stand-in for the widget's model, served by a plain file
server: building the whole static site (Pyodide) would take minutes, and the line's
script is the part that talks to the class. Ten students join on the line, each page
makes three records (two quiz first tries, one experiment run), and the dashboard's
figures and the export show exactly their records, once each.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pytest

from .conftest import ROOT, free_port, stop_process, wait_for_http
from .test_class_service import Client, code_and_secret, exported, start_service, teacher_of

pytestmark = pytest.mark.browser

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Lesson</title></head>
<body><div id="line"></div>
<script type="module">
import widget from "./classlink.js";
const traits = { served: false, texts: null, outbox: [] };  // the static site's kernel
const model = { get: (k) => traits[k], on() {}, send() {} };
widget.render({ model, el: document.getElementById("line") });
window.makeRecord = (detail) =>
  window.dispatchEvent(new CustomEvent("fivecrowns-lab:record", { detail }));
</script></body></html>
"""


@pytest.fixture
def static_site(tmp_path):
    """A file server on its own port with the page and the real classlink.js."""
    site = tmp_path / "site"
    site.mkdir()
    shutil.copy(ROOT / "fivecrowns_lab" / "views" / "classlink.js", site)
    (site / "lesson.html").write_text(PAGE, encoding="utf-8")
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"],
        cwd=site, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        wait_for_http(f"http://127.0.0.1:{port}/lesson.html", proc)
        yield f"http://127.0.0.1:{port}"
    finally:
        stop_process(proc)


def records_of(k: int) -> list[dict]:
    """Student ``k``'s records, as the lessons make them (ids made by the page)."""
    return [
        {"kind": "quiz", "topic": "cards", "question": 1, "answer": 1},
        {"kind": "quiz", "topic": "cards", "question": 2, "answer": 1},
        {"kind": "experiment", "experiment": "go-out-on-deal/round-2", "seed": 100 + k,
         "trials": 200, "successes": 0},
    ]  # fmt: skip


def test_a_static_site_class_of_ten_joins_cross_origin_and_the_dashboard_shows_their_records(
    browser, static_site, tmp_path
):
    port = free_port()
    service = f"http://127.0.0.1:{port}"
    proc, log = start_service(
        tmp_path, str(tmp_path / "c.sqlite3"), port, f"--allow-origin={static_site}"
    )
    contexts = []
    try:
        code, secret = code_and_secret(log)
        pages = []
        for k in range(10):
            context = browser.new_context()
            contexts.append(context)
            tab = context.new_page()
            tab.goto(f"{static_site}/lesson.html?class={service}&code={code}")
            tab.get_by_placeholder("Your nickname").fill(f"Pupil {k}")
            tab.get_by_role("button", name="Join").click()
            tab.get_by_text(f"In class {code} as Pupil {k}").wait_for()
            assert "rejoin code" in tab.locator(".fc-class-rejoin").inner_text()
            for record in records_of(k):
                tab.evaluate("r => window.makeRecord(r)", record)
            pages.append(tab)
        for tab in pages:  # every outbox empties: the service acknowledged every id
            tab.wait_for_function(
                "() => JSON.parse(localStorage.getItem('fivecrowns-lab-outbox') || '[1]')"
                ".length === 0"
            )
            kept = json.loads(tab.evaluate("localStorage.getItem('fivecrowns-lab-class')"))
            assert kept["token"] and "fivecrowns" not in tab.evaluate("document.cookie")
        # A second lesson of the site, opened without ?class=, is in the same class.
        pages[0].goto(f"{static_site}/lesson.html")
        pages[0].get_by_text(f"In class {code} as Pupil 0").wait_for()
        teacher = teacher_of(service, secret)
        report = json.loads(teacher.request("/fivecrowns/class/api/report")[1])
        assert sorted(p["nickname"] for p in report["progress"]) == [
            f"Pupil {k}" for k in range(10)
        ]
        assert [e["trials"] for e in report["experiments"]] == [2000]
        rows = exported(teacher)
        assert len(rows) == 30
        assert sorted(r["nickname"] for r in rows) == sorted([f"Pupil {k}" for k in range(10)] * 3)
        assert Client(service).request("/fivecrowns/class/api/report")[0] == 403
    finally:
        for context in contexts:
            context.close()
        stop_process(proc)
