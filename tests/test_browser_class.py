"""A class of ten students through lessons 01 and 08 against a live class server, in real
headless Chromium, on SQLite and on PostgreSQL (issue 20's "done when"), losing nothing
through a database outage and a server restart (issue 44).

Each student is a browser context of their own (their own cookies): they join with the
class code and a nickname, answer lesson 01's quiz (one question before, one during a
database outage, one while the class server restarts), and run lesson 08's experiment
with a seed of their own while the database is away again. The teacher's dashboard must
then show every record exactly once: the pooled counts (checked against the engine's own
simulation of the same seeds) and the quiz shares; a student gets 403 from every teacher
page and reads only their own line from ``api/me``.

The waits are on conditions (the page's outbox in ``localStorage`` empty, its class line
saying so), never on sleeps. To keep it quick the server serves only the index and lessons
01 and 08, lesson 08 deals 200 hands a round, and no kernel is preheated.
"""

from __future__ import annotations

import contextlib
import csv
import functools
import io
import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import nbformat
import pytest
from playwright.sync_api import expect

from fivecrowns_lab.content.quizzes import QUIZZES
from fivecrowns_lab.odds.trials import trial_batches

from .conftest import ROOT, SERVER_LOGS, free_port, stop_process, wait_for_http
from .test_browser import SHOTS, assert_no_errors

pytestmark = pytest.mark.browser

STUDENTS = 10
DEALS = 200
TOKEN = "class-test-token"
SECRET = "class-test-secret"
#: Jupyter's login cookie stays valid across a restart only with the same key.
COOKIE_SECRET = "class-test-cookie-secret"
TIMEOUT_MS = 240_000
BANK = QUIZZES["cards"]
RIGHT_1 = BANK[0].right
WRONG_1 = next(i for i in range(len(BANK[0].answers)) if i != RIGHT_1)
RIGHT_AT_FIRST = 7  # students 0-6 answer question 1 right, 7-9 wrong
LATE_RENDER = "late-render"

#: The page has kept at least n records and its outbox is empty: all acknowledged.
DELIVERED = """n => {
  const read = k => JSON.parse(localStorage.getItem(k) || '[]');
  return read('fivecrowns-lab-results').length >= n
    && read('fivecrowns-lab-outbox').length === 0;
}"""


class ClassServer:
    """A class server on a port of its own that a test can stop and start again."""

    def __init__(self, tmp_path: Path, db: str, extra: tuple[str, ...] = ()) -> None:
        self.tmp_path, self.db, self.extra = tmp_path, db, extra
        self.folder = class_notebooks(tmp_path)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen | None = None
        self.code = ""
        self.start()

    def start(self) -> None:
        log_path = self.tmp_path / "voila.log"
        SERVER_LOGS.append(log_path)
        log = open(log_path, "w")  # noqa: SIM115 - closed with the process
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "fivecrowns_lab.serving",
                "--ip=127.0.0.1",
                f"--port={self.port}",
                f"--notebooks={self.folder}",
                f"--class-db={self.db}",
                f"--class-secret={SECRET}",
                "--VoilaConfiguration.preheat_kernel=False",
                f"--Voila.cookie_secret={COOKIE_SECRET}",
            ],
            cwd=self.tmp_path,
            stdout=log,
            stderr=subprocess.STDOUT,
            env={**os.environ, "FIVECROWNS_LAB_TOKEN": TOKEN},
        )
        wait_for_http(f"{self.url}/voila/render/00-index.ipynb?token={TOKEN}", self.proc)
        code = re.search(r"Class code: (\w+)", log_path.read_text(encoding="utf-8"))
        assert code, log_path.read_text(encoding="utf-8")
        assert self.code in ("", code.group(1))  # a restart keeps the class
        self.code = code.group(1)

    def stop(self) -> None:
        if self.proc is not None:
            stop_process(self.proc)
            self.proc = None


def class_notebooks(tmp_path: Path) -> Path:
    """The served folder: the index, lessons 01 and 08 (200 deals a round), and a page
    whose records are all sent before its class line renders, twice."""
    folder = tmp_path / "notebooks"
    folder.mkdir()
    for name in ("00-index", "01-cards-and-wilds", "08-go-out-on-the-deal"):
        shutil.copy(ROOT / "notebooks" / f"{name}.ipynb", folder)
    lesson_08 = folder / "08-go-out-on-the-deal.ipynb"
    text = lesson_08.read_text(encoding="utf-8")
    assert "go_out_lesson()" in text
    lesson_08.write_text(text.replace("go_out_lesson()", f"go_out_lesson(n={DEALS})"))
    late = nbformat.v4.new_notebook()
    late.cells = [
        nbformat.v4.new_code_cell(
            "from fivecrowns_lab.views.classlink import ClassLink\n"
            'link = ClassLink("07")\n'
            'link.send({"kind": "experiment", "experiment": "go-out-on-deal/round-3", '
            '"seed": 77, "trials": 10, "successes": 1},\n'
            '          {"kind": "prediction", "question": "07/most-common-wilds/round-3", '
            '"guess": 1})'
        ),
        nbformat.v4.new_code_cell("display(link)\ndisplay(link)"),
    ]
    nbformat.write(late, folder / f"{LATE_RENDER}.ipynb")
    shutil.copy(ROOT / "voila.json", tmp_path / "voila.json")
    return folder


@contextlib.contextmanager
def sqlite_away(path: Path) -> Iterator[None]:
    """The SQLite file cannot be opened for a while (a folder stands in its place; the
    tests run as root, for whom a read-only file is no obstacle), then it is back."""
    aside = path.parent / "aside"
    aside.mkdir()
    moved = [p for p in path.parent.glob(path.name + "*") if p.is_file()]
    for p in moved:
        p.rename(aside / p.name)
    path.mkdir()
    try:
        yield
    finally:
        path.rmdir()
        for p in moved:
            (aside / p.name).rename(p)
        aside.rmdir()


def expected_pool(round_no: int) -> tuple[int, int]:
    """Deals and successes of the ten students' seeds, from the engine's own simulation."""
    hits = 0
    for i in range(STUDENTS):
        seed = 100 * (10 + i) + round_no
        *_, values = trial_batches("go out on the deal", round_no, DEALS, seed)
        hits += sum(values)
    return STUDENTS * DEALS, hits


def class_line(page):
    return page.locator(".fc-class-line").first


def wait_delivered(page, kept: int) -> None:
    """Wait until the page has made ``kept`` records and the server acknowledged them all."""
    page.wait_for_function(DELIVERED, arg=kept, timeout=TIMEOUT_MS)
    expect(class_line(page)).to_contain_text("Sent to your teacher", timeout=TIMEOUT_MS)


def wait_waiting(page, count: int) -> None:
    """Wait until the line says ``count`` records wait for a server or database away."""
    said = "1 result waiting." if count == 1 else f"{count} results waiting."
    expect(class_line(page)).to_contain_text(f"Recording paused: {said}", timeout=TIMEOUT_MS)
    expect(class_line(page)).not_to_contain_text("Join the class")


@pytest.fixture(params=["sqlite", "postgresql"])
def class_server(request, tmp_path):
    """A class server, and a context that takes its database away for a while."""
    if request.param == "sqlite":
        path = tmp_path / "class.sqlite3"
        db, outage = str(path), functools.partial(sqlite_away, path)
    else:
        new_database = request.getfixturevalue("postgres_server")
        db, outage = new_database(), new_database.stopped
    server = ClassServer(tmp_path, db)
    try:
        yield request.param, server, outage
    finally:
        server.stop()


def answer(page, question: int, choice: int) -> None:
    page.locator(".fc-quiz-q").nth(question).locator(".fc-quiz-answer").nth(choice).click()


def test_a_class_of_ten_loses_nothing_through_an_outage_and_a_restart(browser, class_server):
    backend, server, outage = class_server
    url, code = server.url, server.code
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
            expect(class_line(page)).to_contain_text(f"as Student {i}", timeout=TIMEOUT_MS)
            assert_no_errors(page)
            first = RIGHT_1 if i < RIGHT_AT_FIRST else WRONG_1
            answer(page, 0, first)
            if first != RIGHT_1:  # a second try: never counted
                answer(page, 0, RIGHT_1)
            wait_delivered(page, 1)

        # The database goes away: question 2's answers wait in each page, then go.
        with outage():
            for page in pages:
                answer(page, 1, BANK[1].right)
            for page in pages:
                wait_waiting(page, 1)
        for page in pages:
            wait_delivered(page, 2)

        # The class server restarts (the kernels go with it): question 3 waits too.
        server.stop()
        for page in pages:
            answer(page, 2, BANK[2].right)
        for page in pages:
            wait_waiting(page, 1)
        server.start()
        for page in pages:
            wait_delivered(page, 3)
        # The teacher signs in again: a restart may give the teacher's cookie a new key.
        teacher.goto(f"{base}/dashboard?token={TOKEN}&secret={SECRET}")
        teacher.wait_for_selector("#code", state="visible")

        # Lesson 08 (a new page, after the restart: still in class), its runs made while
        # the database is away.
        for page in pages:
            page.goto(f"{url}/voila/render/08-go-out-on-the-deal.ipynb", wait_until="commit")
        for i, page in enumerate(pages):
            # The run on opening waits for a guess (commit before reveal): these students
            # skip it with Just show me, which the class keeps as a skipped prediction.
            page.wait_for_function(
                "() => /Simulated|commit your guess/.test("
                "document.querySelector('.fc-view .fc-status')?.innerText ?? '')",
                timeout=TIMEOUT_MS,
            )
            expect(class_line(page)).to_contain_text(f"as Student {i}", timeout=TIMEOUT_MS)
            page.locator(".fc-view button", has_text="Just show me").first.click()
            page.wait_for_function(
                "() => /Simulated/.test(document.querySelector('.fc-view .fc-status')?.innerText"
                " ?? '')",
                timeout=TIMEOUT_MS,
            )
            seed = page.locator(".fc-view .widget-inline-hbox", has_text="Seed").locator("input")
            seed.fill(str(10 + i))
            seed.press("Enter")
        for page in pages:  # the skips reach the class before the database goes away
            wait_delivered(page, 3 + 1)
        with outage():
            for page in pages:
                page.locator("button", has_text="Simulate").click()
            for i, page in enumerate(pages):
                page.wait_for_function(
                    "s => (document.querySelector('.fc-view .fc-status')?.innerText ?? '')"
                    ".includes(s)",
                    arg=f"(seed {10 + i})",
                    timeout=TIMEOUT_MS,
                )
                wait_waiting(page, 11)
        # Back in view: a student who clicks into the page after the outage sends at once
        # (the first outage above waits out the page's doubling pause instead).
        for page in pages:
            page.evaluate("window.dispatchEvent(new Event('focus'))")
        for page in pages:
            wait_delivered(page, 3 + 1 + 11)  # three first tries, the skip, eleven rounds
            assert_no_errors(page)

        # The teacher's figures, as JSON and on the page: every record, each once.
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
        for q in (2, 3):
            assert (questions[q]["answered"], questions[q]["right"]) == (STUDENTS, STUDENTS)

        trials, hits = expected_pool(3)
        # round 3 is a column of lesson 08's one chart; its figures, a line below the chart
        section = teacher.locator("g.column[data-experiment='go-out-on-deal/round-3']")
        section.wait_for(timeout=30_000)  # the page refreshes every 3 s
        teacher.wait_for_function(
            "t => (document.querySelector(\"p[data-experiment='go-out-on-deal/round-3']"
            " .pooled\")?.textContent ?? '') === t",
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

        # The export has every record once: 10 x 3 first tries, 10 skipped predictions of
        # lesson 08's hardest round and 10 x 11 rounds.
        csv_text = teacher.request.get(f"{base}/export.csv").text()
        rows = list(csv.DictReader(io.StringIO(csv_text)))
        assert len(rows) == STUDENTS * 3 + STUDENTS + STUDENTS * 11
        assert sum(row["record"] == "prediction" for row in rows) == STUDENTS
        assert {row["class"] for row in rows} == {code}
    finally:
        for context in [*contexts, teacher_context]:
            context.close()


def test_a_try_before_joining_is_the_first_try_and_a_late_class_line_takes_all(browser, tmp_path):
    """A quiz try made before joining waits in the page and counts as the first try once
    the student joins; records sent before the page's class line rendered (twice) reach
    the class, each once."""
    server = ClassServer(tmp_path, str(tmp_path / "class.sqlite3"))
    base = f"{server.url}/fivecrowns/class"
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    teacher = context.request
    try:
        page.goto(f"{server.url}/voila/render/01-cards-and-wilds.ipynb?token={TOKEN}")
        page.wait_for_selector(".fc-quiz-answer", state="visible", timeout=TIMEOUT_MS)
        expect(class_line(page)).to_contain_text("Join the class", timeout=TIMEOUT_MS)
        answer(page, 0, WRONG_1)  # the first try: wrong
        answer(page, 0, RIGHT_1)
        expect(class_line(page)).to_contain_text("1 result will be sent when you join.")
        page.locator(".fc-class-join").click()
        page.fill("#code", server.code)
        page.fill("#nickname", "Early Bird")
        page.click("button[type=submit]")
        # a new student is shown their rejoin code, then goes on to the lesson
        page.wait_for_selector("#rejoin-code", state="visible", timeout=TIMEOUT_MS)
        page.click("#go-on")
        page.wait_for_selector(".fc-quiz-answer", state="visible", timeout=TIMEOUT_MS)
        expect(class_line(page)).to_contain_text("as Early Bird", timeout=TIMEOUT_MS)
        wait_delivered(page, 1)

        page.goto(f"{server.url}/voila/render/{LATE_RENDER}.ipynb")
        expect(class_line(page)).to_contain_text("as Early Bird", timeout=TIMEOUT_MS)
        wait_delivered(page, 3)
        expect(page.locator(".fc-class-line")).to_have_count(2)

        assert teacher.get(f"{base}/dashboard?secret={SECRET}").ok
        report = json.loads(teacher.get(f"{base}/api/report").text())
        questions = {q["question"]: q for q in report["questions"]}
        assert (questions[1]["answered"], questions[1]["right"]) == (1, 0)
        (progress,) = report["progress"]
        assert progress["predictions"] == 1
        pooled = {e["experiment"]: e for e in report["experiments"]}
        assert pooled["go-out-on-deal/round-3"]["trials"] == 10
        csv_text = teacher.get(f"{base}/export.csv").text()
        assert csv_text.count("07/most-common-wilds/round-3") == 1  # the late page's guess
    finally:
        context.close()
        server.stop()


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
