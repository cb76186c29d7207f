"""A class of ten students through lessons 01 and 08 against a live class server, in real
headless Chromium, on SQLite and on PostgreSQL (issue 20's "done when").

Each student is a browser context of their own (their own cookies): they join with the
class code and a nickname, answer lesson 01's quiz, and run lesson 08's experiment with
a seed of their own. The teacher's dashboard must then show the pooled counts (checked
against the engine's own simulation of the same seeds) and the quiz shares; a student
gets 403 from every teacher page and reads only their own line from ``api/me``.

To keep it quick the server serves only the index and lessons 01 and 08, lesson 08 deals
200 hands a round, and no kernel is preheated.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

from fivecrowns_lab.content.quizzes import QUIZZES
from fivecrowns_lab.views.probability import simulate_round

from .conftest import ROOT, SERVER_LOGS, free_port, stop_process, wait_for_http
from .test_browser import SHOTS, assert_no_errors

pytestmark = pytest.mark.browser

STUDENTS = 10
DEALS = 200
TOKEN = "class-test-token"
SECRET = "class-test-secret"
TIMEOUT_MS = 240_000
BANK = QUIZZES["cards"]
RIGHT_1 = BANK[0].right
WRONG_1 = next(i for i in range(len(BANK[0].answers)) if i != RIGHT_1)
RIGHT_AT_FIRST = 7  # students 0-6 answer question 1 right, 7-9 wrong


def serve_class(tmp_path: Path, class_db: str) -> tuple[subprocess.Popen, str, str]:
    """A class server on a free port; its process, base URL and class code."""
    folder = tmp_path / "notebooks"
    folder.mkdir()
    for name in ("00-index", "01-cards-and-wilds", "08-go-out-on-the-deal"):
        shutil.copy(ROOT / "notebooks" / f"{name}.ipynb", folder)
    lesson_08 = folder / "08-go-out-on-the-deal.ipynb"
    text = lesson_08.read_text(encoding="utf-8")
    assert "go_out_lesson()" in text
    lesson_08.write_text(text.replace("go_out_lesson()", f"go_out_lesson(n={DEALS})"))
    shutil.copy(ROOT / "voila.json", tmp_path / "voila.json")
    port = free_port()
    log_path = tmp_path / "voila.log"
    SERVER_LOGS.append(log_path)
    log = open(log_path, "w")  # noqa: SIM115 - closed with the process
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "fivecrowns_lab.serving",
            "--ip=127.0.0.1",
            f"--port={port}",
            f"--notebooks={folder}",
            f"--class-db={class_db}",
            f"--class-secret={SECRET}",
            "--VoilaConfiguration.preheat_kernel=False",
        ],
        cwd=tmp_path,
        stdout=log,
        stderr=subprocess.STDOUT,
        env={**os.environ, "FIVECROWNS_LAB_TOKEN": TOKEN},
    )
    url = f"http://127.0.0.1:{port}"
    wait_for_http(f"{url}/voila/render/00-index.ipynb?token={TOKEN}", proc)
    code = re.search(r"Class code: (\w+)", log_path.read_text(encoding="utf-8"))
    assert code, log_path.read_text(encoding="utf-8")
    return proc, url, code.group(1)


def expected_pool(round_no: int) -> tuple[int, int]:
    """Deals and successes of the ten students' seeds, from the engine's own simulation."""
    hits = 0
    for i in range(STUDENTS):
        seed = 100 * (10 + i) + round_no
        *_, values = simulate_round("go out on the deal", round_no, DEALS, seed)
        hits += sum(values)
    return STUDENTS * DEALS, hits


def wait_sent(page) -> None:
    page.wait_for_function(
        "() => /Sent to your teacher/.test(document.querySelector('.fc-class-line')?.innerText"
        " ?? '')",
        timeout=TIMEOUT_MS,
    )


@pytest.fixture(params=["sqlite", "postgresql"])
def class_server(request, tmp_path):
    if request.param == "sqlite":
        db = str(tmp_path / "class.sqlite3")
    else:
        db = request.getfixturevalue("postgres_server")()
    proc, url, code = serve_class(tmp_path, db)
    try:
        yield request.param, url, code
    finally:
        stop_process(proc)


def test_a_class_of_ten_pools_lesson_08_and_lesson_01_on_the_dashboard(browser, class_server):
    backend, url, code = class_server
    base = f"{url}/fivecrowns/class"
    teacher_context = browser.new_context(viewport={"width": 1400, "height": 1000})
    teacher = teacher_context.new_page()
    teacher.goto(f"{base}/dashboard?token={TOKEN}&secret={SECRET}")
    teacher.wait_for_selector("#code", state="visible")
    assert SECRET not in teacher.url  # the secret left the address bar
    teacher.wait_for_function(f"() => document.getElementById('code').innerText === '{code}'")

    contexts = [browser.new_context(viewport={"width": 1100, "height": 900}) for _ in range(10)]
    pages = [c.new_page() for c in contexts]
    try:
        # Join: the form sends each student to lesson 01 (all ten start loading at once).
        for i, page in enumerate(pages):
            page.goto(f"{base}/join?token={TOKEN}&next=/voila/render/01-cards-and-wilds.ipynb")
            page.fill("#code", code.lower())
            page.fill("#nickname", f"Student {i}")
            page.click("button[type=submit]")
            # a new student is shown their rejoin code, then goes on to the lesson
            assert len(page.inner_text("#rejoin-code")) == 6
            page.click("#go-on", no_wait_after=True)
        for i, page in enumerate(pages):
            page.wait_for_selector(".fc-quiz-answer", state="visible", timeout=TIMEOUT_MS)
            page.wait_for_function(
                "n => (document.querySelector('.fc-class-line')?.innerText ?? '').includes(n)",
                arg=f"as Student {i}",
                timeout=TIMEOUT_MS,
            )
            assert_no_errors(page)
            questions = page.locator(".fc-quiz-q")
            first = RIGHT_1 if i < RIGHT_AT_FIRST else WRONG_1
            questions.nth(0).locator(".fc-quiz-answer").nth(first).click()
            if first != RIGHT_1:  # a second try: never counted
                questions.nth(0).locator(".fc-quiz-answer").nth(RIGHT_1).click()
            questions.nth(1).locator(".fc-quiz-answer").nth(BANK[1].right).click()
            wait_sent(page)

        # Lesson 08: each student runs the experiment with a seed of their own.
        for page in pages:
            page.goto(f"{url}/voila/render/08-go-out-on-the-deal.ipynb", wait_until="commit")
        for i, page in enumerate(pages):
            # The run on opening waits for a guess (commit before reveal): these students
            # skip it with Just show me, which sends no prediction (no round was guessed).
            page.wait_for_function(
                "() => /Simulated|commit your guess/.test("
                "document.querySelector('.fc-view .fc-status')?.innerText ?? '')",
                timeout=TIMEOUT_MS,
            )
            page.locator(".fc-view button", has_text="Just show me").first.click()
            page.wait_for_function(
                "() => /Simulated/.test(document.querySelector('.fc-view .fc-status')?.innerText"
                " ?? '')",
                timeout=TIMEOUT_MS,
            )
            seed = page.locator(".fc-view .widget-inline-hbox", has_text="Seed").locator("input")
            seed.fill(str(10 + i))
            seed.press("Enter")
            page.locator("button", has_text="Simulate").click()
            page.wait_for_function(
                "s => (document.querySelector('.fc-view .fc-status')?.innerText ?? '')"
                ".includes(s)",
                arg=f"(seed {10 + i})",
                timeout=TIMEOUT_MS,
            )
            wait_sent(page)
            assert_no_errors(page)

        # The teacher's figures, as JSON and on the page.
        report = json.loads(teacher.request.get(f"{base}/api/report").text())
        pooled = {e["experiment"]: e for e in report["experiments"]}
        assert len(pooled) == 11 and len(report["progress"]) == STUDENTS
        for r in (1, 3):
            entry = pooled[f"go-out-on-deal/round-{r}"]
            assert (entry["trials"], entry["successes"]) == expected_pool(r)
            assert len(entry["students"]) == STUDENTS
        questions = {q["question"]: q for q in report["questions"]}
        assert (questions[1]["answered"], questions[1]["right"]) == (STUDENTS, RIGHT_AT_FIRST)
        assert questions[1]["common_wrong"] == BANK[0].answers[WRONG_1].text
        assert questions[1]["common_wrong_count"] == STUDENTS - RIGHT_AT_FIRST
        assert (questions[2]["answered"], questions[2]["right"]) == (STUDENTS, STUDENTS)

        trials, hits = expected_pool(3)
        section = teacher.locator("section[data-experiment='go-out-on-deal/round-3']")
        section.wait_for(timeout=30_000)  # the page refreshes every 3 s
        teacher.wait_for_function(
            "t => (document.querySelector(\"section[data-experiment='go-out-on-deal/round-3']"
            " .pooled\")?.innerText ?? '') === t",
            arg=f"{hits:,} of {trials:,} deals",
            timeout=30_000,
        )
        expect(section.locator("circle.student-dot")).to_have_count(STUDENTS)
        expect(teacher.locator("#questions")).to_contain_text("7 of 10", use_inner_text=True)
        expect(teacher.locator("#progress")).to_contain_text(
            f"Student {STUDENTS - 1}", use_inner_text=True
        )
        SHOTS.mkdir(parents=True, exist_ok=True)
        teacher.screenshot(path=str(SHOTS / f"class-dashboard-{backend}.png"), full_page=True)

        # A student can read neither the dashboard nor anyone else's rows.
        student = contexts[0].request
        for path in ("dashboard", "api/report", "export.csv", f"dashboard?secret={SECRET}x"):
            assert student.get(f"{base}/{path}").status == 403, path
        xsrf = next(c["value"] for c in contexts[0].cookies() if c["name"] == "_xsrf")
        refused = student.post(f"{base}/api/clear", headers={"X-XSRFToken": xsrf})
        assert refused.status == 403
        me = json.loads(student.get(f"{base}/api/me").text())
        assert me["nickname"] == "Student 0" and "Student 1" not in json.dumps(me)

        # The export has every record: 10 x 2 first tries and 10 x 11 rounds.
        csv_text = teacher.request.get(f"{base}/export.csv").text()
        assert len(csv_text.strip().splitlines()) == 1 + STUDENTS * 2 + STUDENTS * 11
    finally:
        for context in [*contexts, teacher_context]:
            context.close()


def test_teachers_kit_prints_the_plan_on_one_page_and_the_sheet_and_key_after(browser):
    from fivecrowns_lab.classroom.kit import kit_html

    context = browser.new_context(viewport={"width": 794, "height": 1123})  # A4 at 96 dpi
    page = context.new_page()
    try:
        page.set_content(kit_html("08"))
        SHOTS.mkdir(parents=True, exist_ok=True)
        pdf = page.pdf(format="A4", print_background=True)
        (SHOTS / "teacher-kit-08.pdf").write_bytes(pdf)
        # Chromium's PDF has one /Type /Page object a page: plan, record sheet, quiz and key.
        pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
        assert 3 <= pages <= 5, pages
        page.emulate_media(media="print")
        # The plan (everything before the record sheet) fits on the first A4 page.
        plan_height = page.evaluate("() => document.querySelector('.sheet').offsetTop")
        assert plan_height <= 1123 - 2 * 53, plan_height  # A4 less its 14 mm margins
        page.screenshot(path=str(SHOTS / "teacher-kit-08-plan.png"), clip={
            "x": 0, "y": 0, "width": 794, "height": 1123})  # fmt: skip
    finally:
        context.close()
