"""The class server over HTTP (no browser): join, record, the teacher's pages, a restart.

Starts ``python -m fivecrowns_lab.serving`` with a SQLite class database, as ``make
serve`` does, and talks to it like two browsers and a teacher would, with cookie jars.
"""

from __future__ import annotations

import itertools
import json
import os
import re
import shutil
import subprocess
import sys
import urllib.error
import urllib.parse
import urllib.request
from math import comb
from pathlib import Path

import pytest

from fivecrowns_lab.classroom.recompute import replay_experiment, replayed_trials

from .class_http import JOIN, CookieClient, printed, server_log
from .conftest import ROOT, free_port, stop_process, wait_for_http

TOKEN = "server-test-token"


class Browser(CookieClient):
    """A cookie jar and the requests a page would make, answering status and text."""

    def request(self, path: str, data: bytes | None = None, headers=None) -> tuple[int, str]:
        return self.exchange(path, data, headers)[:2]

    def join(self, code: str, nickname: str) -> tuple[int, str]:
        return self.join_by_page(f"{JOIN}?token={TOKEN}", code, nickname)[:2]

    def post_records(self, records: list[dict]) -> tuple[int, dict]:
        status, text = self.request(
            "/fivecrowns/class/api/records",
            json.dumps({"records": records}).encode(),
            {"Content-Type": "application/json", "X-XSRFToken": self.cookie("_xsrf")},
        )
        return status, json.loads(text)


def start(tmp_path: Path, db: Path, port: int, *extra: str) -> tuple[subprocess.Popen, Path]:
    folder = tmp_path / "notebooks"
    if not folder.exists():
        folder.mkdir()
        shutil.copy(ROOT / "notebooks" / "00-index.ipynb", folder)
        shutil.copy(ROOT / "voila.json", tmp_path)
    log_path = tmp_path / f"voila-{len(list(tmp_path.glob('voila-*.log')))}.log"
    log = server_log(log_path)
    proc = subprocess.Popen(
        [sys.executable, "-m", "fivecrowns_lab.serving", "--ip=127.0.0.1", f"--port={port}",
         f"--notebooks={folder}", f"--class-db={db}",
         "--VoilaConfiguration.preheat_kernel=False", *extra],
        cwd=tmp_path, stdout=log, stderr=subprocess.STDOUT,
        env={**os.environ, "FIVECROWNS_LAB_TOKEN": TOKEN},
    )  # fmt: skip
    wait_for_http(f"http://127.0.0.1:{port}/fivecrowns/class/join?token={TOKEN}", proc)
    return proc, log_path


def test_class_server_records_refuses_students_the_teacher_pages_and_survives_a_restart(
    tmp_path,
):
    db, port = tmp_path / "class.sqlite3", free_port()
    base = f"http://127.0.0.1:{port}"
    proc, log = start(tmp_path, db, port)
    try:
        code = printed(log, r"Class code: (\w+)")
        secret = printed(log, r"secret=([\w-]+)")
        assert secret not in log.read_text(encoding="utf-8").split("Voil", 1)[1]  # not logged
        ann, bea, teacher = Browser(base), Browser(base), Browser(base)
        assert ann.join(code, "Ann")[0] == 200  # redirected to the gallery
        status, page = bea.join(code, " ann ".title())
        assert status == 400 and "already uses the nickname" in page
        assert bea.join(code, "Bea")[0] == 200
        status, answer = ann.post_records(
            [{"kind": "quiz", "id": "quiz-0001", "topic": "cards", "question": 1, "answer": 1},
             {"kind": "experiment", "id": "expt-0001", "experiment": "go-out-on-deal/round-2",
              "seed": 7, "trials": 300, "successes": 9},
             {"kind": "quiz", "id": "quiz-0099", "topic": "cards", "question": 99, "answer": 1}]
        )  # fmt: skip
        assert status == 200 and answer["stored"] == 2 and len(answer["refused"]) == 1
        assert answer["acked"] == ["quiz-0001", "expt-0001", "quiz-0099"]
        assert Browser(base).post_records([{"kind": "quiz"}])[0] in (401, 403)
        for path in ("dashboard", "api/report", "export.csv", "kit/08"):
            assert bea.request(f"/fivecrowns/class/{path}")[0] == 403
        assert bea.request(f"/fivecrowns/class/dashboard?secret={secret}x")[0] == 403
        me = json.loads(bea.request("/fivecrowns/class/api/me")[1])
        assert me["nickname"] == "Bea" and "Ann" not in json.dumps(me)

        assert (
            teacher.request(f"/fivecrowns/class/dashboard?token={TOKEN}&secret={secret}")[0] == 200
        )
        report = json.loads(teacher.request("/fivecrowns/class/api/report")[1])
        assert [p["nickname"] for p in report["progress"]] == ["Ann", "Bea"]
        status, kit = teacher.request("/fivecrowns/class/kit/08")
        assert status == 200 and "a plan for 90 minutes" in kit
        assert teacher.request("/fivecrowns/class/kit/99")[0] == 404
        status, kit = teacher.request("/fivecrowns/class/kit/03?lang=da")
        assert status == 200 and "en plan for 45 minutter" in kit  # the dashboard's Danish link
        assert teacher.request("/fivecrowns/class/kit/03?lang=xx")[0] == 404
        assert report["experiments"][0]["trials"] == 300
    finally:
        stop_process(proc)

    proc, log = start(tmp_path, db, port)
    try:
        assert printed(log, r"Class code: (\w+)") == code  # the same class
        new_secret = printed(log, r"secret=([\w-]+)")
        assert new_secret != secret
        # The server's login is new (open the token address again); the class cookie holds.
        me = json.loads(ann.request(f"/fivecrowns/class/api/me?token={TOKEN}")[1])
        assert me["joined"] and me["nickname"] == "Ann"
        assert teacher.request(f"/fivecrowns/class/api/report?token={TOKEN}")[0] == 403
        teacher.request(f"/fivecrowns/class/dashboard?token={TOKEN}&secret={new_secret}")
        report = json.loads(teacher.request("/fivecrowns/class/api/report")[1])
        assert report["experiments"][0]["trials"] == 300 and len(report["progress"]) == 2
        status, text = teacher.request(
            "/fivecrowns/class/api/clear", b"", {"X-XSRFToken": teacher.cookie("_xsrf")}
        )
        assert status == 200 and "cleared" in text
        assert json.loads(teacher.request("/fivecrowns/class/api/report")[1])["progress"] == []
    finally:
        stop_process(proc)


def test_a_class_database_that_cannot_be_opened_stops_the_server_with_a_sentence(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    done = subprocess.run(
        [sys.executable, "-m", "fivecrowns_lab.serving", f"--class-db={blocker}/x/class.db"],
        capture_output=True, text=True, timeout=120, cwd=tmp_path,
    )  # fmt: skip
    assert done.returncode == 1
    assert done.stderr.startswith("The class cannot be served: ")


@pytest.mark.parametrize("argv", [["serve", "--class", "--class-db", "x.db", "--ip", "1.2.3.4"]])
def test_pip_route_serves_a_class_like_make_serve(argv, monkeypatch, tmp_path):
    from fivecrowns_lab import cli, serving

    seen = {}
    monkeypatch.setattr(serving, "main", lambda a, config=None: seen.update(a=a, c=config) or 0)
    assert cli.main([*argv, "--dir", str(tmp_path)]) == 0
    assert "--class-db=x.db" in seen["a"] and "--ip=1.2.3.4" in seen["a"]
    assert seen["c"]["VoilaConfiguration"]["show_tracebacks"] is False


def test_class_server_pools_lessons_07_09_and_10_from_several_students(tmp_path):
    db, port = tmp_path / "class.sqlite3", free_port()
    base = f"http://127.0.0.1:{port}"
    proc, log = start(tmp_path, db, port)
    wilds = "most-common-wilds/round-5"
    draws = "draw-an-out/round-4/8H-9H-10H-QC-QS-KD"
    games = "seat-1-wins/lookahead-vs-greedy/rounds-3"

    def run(experiment: str, seed: int, trials: int, successes: int) -> dict:
        rid = f"record-{next(numbers):04d}"  # made in each page: unique in the class
        return {"kind": "experiment", "id": rid, "experiment": experiment, "seed": seed,
                "trials": trials, "successes": successes}  # fmt: skip

    numbers = itertools.count()

    def counted(experiment: str, seed: int, trials: int) -> tuple[int, int]:
        done = replayed_trials(experiment, trials)
        return done, replay_experiment(experiment, seed, done)

    try:
        code = printed(log, r"Class code: (\w+)")
        secret = printed(log, r"secret=([\w-]+)")
        students = {name: Browser(base) for name in ("Ann", "Bea", "Cy", "Dee")}
        sent = {
            "Ann": [run(wilds, 1, 100, 38), run(wilds, 1, 400, 150), run(draws, 5, 1000, 222)],
            "Bea": [run(wilds, 2, 300, 110), run(draws, 6, 100, 20), run(games, 1, 20, 12)],
            "Cy": [run(wilds, 1, 400, 150), run(games, 2, 30, 22)],  # Ann's seed: once
            "Dee": [run(draws, 5, 1000, 222), run(games, 3, 10, 5),
                    run(draws.replace("QC-QS", "QS-QC"), 7, 10, 1)],  # another spelling: refused
        }  # fmt: skip
        for name, browser in students.items():
            assert browser.join(code, name)[0] == 200
            status, answer = browser.post_records(sent[name])
            assert status == 200 and answer["stored"] == len(sent[name]) - (name == "Dee")
        assert "no class experiment" in answer["refused"][0]["message"]
        teacher = Browser(base)
        teacher.request(f"/fivecrowns/class/dashboard?token={TOKEN}&secret={secret}")
        report = json.loads(teacher.request("/fivecrowns/class/api/report")[1])
        pooled = {e["experiment"]: e for e in report["experiments"]}
        assert [e["lesson"] for e in report["experiments"]] == ["07", "09", "10"]
        w, d, g = pooled[wilds], pooled[draws], pooled[games]
        hits = counted(wilds, 1, 400)[1] + counted(wilds, 2, 300)[1]
        assert (w["trials"], w["successes"], w["seeds"], w["unit"]) == (700, hits, 2, "hands")
        # round 5: 7 cards, one wild is the most common (hypergeometric, 16 wilds of 116)
        assert w["exact"] == pytest.approx(comb(16, 1) * comb(100, 6) / comb(116, 7))
        assert sorted(s["nickname"] for s in w["students"]) == ["Ann", "Bea", "Cy"]
        hits = counted(draws, 5, 1000)[1] + counted(draws, 6, 100)[1]
        assert (d["trials"], d["successes"], d["seeds"]) == (1100, hits, 2)
        assert d["exact"] == pytest.approx(24 / 110)
        played = [counted(games, *seed_trials) for seed_trials in ((1, 20), (2, 30), (3, 10))]
        n, k = sum(p[0] for p in played), sum(p[1] for p in played)
        assert (g["trials"], g["successes"], g["exact"], g["unit"]) == (n, k, None, "games")
        assert "lookahead in seat 1 wins against greedy" in g["label"]
        csv = teacher.request("/fivecrowns/class/export.csv")[1]
        assert csv.count(games) == 3 and csv.count(draws) == 3
        # the Danish dashboard's script asks in its page's language: labels and figures
        danish = json.loads(teacher.request("/fivecrowns/class/api/report?lang=da")[1])
        dd = {e["experiment"]: e for e in danish["experiments"]}[draws]
        assert dd["label"] == "Træk et udgangskort, runde 4: 8♥ 9♥ 10♥ Q♣ Q♠ K♦"
        assert dd["text"]["exact"] == "21,82 %" and dd["text"]["trials"] == "1.100"
        assert d["text"]["exact"] == "21.82%" and d["label"].startswith("Draw an out, round 4")
    finally:
        stop_process(proc)


def test_class_pages_in_danish_kept_for_the_visit_and_nothing_typed_reaches_another(tmp_path):
    db, port = tmp_path / "class.sqlite3", free_port()
    proc, log = start(tmp_path, db, port)
    try:
        code = printed(log, r"Class code: (\w+)")
        secret = printed(log, r"secret=([\w-]+)")
        ann, bea, teacher = (Browser(f"http://127.0.0.1:{port}") for _ in range(3))
        status, page = ann.request(f"/fivecrowns/class/join?token={TOKEN}&lang=da")
        assert status == 200 and '<html lang="da">' in page
        assert "<h1>Gå med i klassen</h1>" in page and "Kaldenavn" in page
        assert ">English</a>" in page and "Nickname" not in page
        # the choice is kept for the visit: the form's answer is Danish without ?lang
        form = urllib.parse.urlencode(
            {"_xsrf": ann.cookie("_xsrf"), "code": "no!", "nickname": "<b>Ann</b>"}
        )
        status, page = ann.request("/fivecrowns/class/join", form.encode())
        assert status == 400 and "&#x27;no!&#x27; er ikke en klassekode" in page
        assert 'value="&lt;b&gt;Ann&lt;/b&gt;"' in page and "<b>Ann</b>" not in page
        assert ann.join(code, "<i>Ann</i>")[0] == 200
        status, page = ann.request("/fivecrowns/class/join")
        assert "Du er med i klasse" in page and "<b>&lt;i&gt;Ann&lt;/i&gt;</b>" in page
        status, page = bea.join(code, "<i>Ann</i>")  # English: Bea never chose Danish
        assert status == 400 and "already uses the nickname" in page and "<i>Ann" not in page
        assert bea.request("/fivecrowns/class/join?lang=xx")[0] == 404
        # the teacher's dashboard in Danish: its sentences for the script as safe JSON
        teacher.request(f"/fivecrowns/class/dashboard?token={TOKEN}&secret={secret}&lang=da")
        status, page = teacher.request("/fivecrowns/class/dashboard")
        assert status == 200 and "<h2>Hver elev</h2>" in page and "Each student" not in page
        words = json.loads(re.search(r"const WORDS = (\{.*\});", page).group(1))
        assert words["nobody"] == "Ingen er gået med i klassen endnu."
        assert "href='kit/05?lang=da'" in page
        status, page = teacher.request("/fivecrowns/class/dashboard?lang=en")
        assert "<h2>Each student</h2>" in page and "href='kit/05'" in page
    finally:
        stop_process(proc)


def test_records_batch_contract_200_401_503_and_the_teachers_hide_button(tmp_path):
    """The page's contract through the real handler: acked ids, a retry stored once, the
    forged attack of issue 44 counted as the server replays it, 401 join, 503 retry."""
    db, port = tmp_path / "class.sqlite3", free_port()
    base = f"http://127.0.0.1:{port}"
    proc, log = start(tmp_path, db, port)
    six = "go-out-on-deal/round-6"
    try:
        code = printed(log, r"Class code: (\w+)")
        secret = printed(log, r"secret=([\w-]+)")
        ann, bea, teacher = Browser(base), Browser(base), Browser(base)
        stranger = Browser(base)
        stranger.request(f"/fivecrowns/class/join?token={TOKEN}")  # logged in, not joined
        status, answer = stranger.post_records([{"kind": "quiz", "id": "stranger-1"}])
        assert status == 401 and answer["join"] is True and answer["message"]
        assert ann.join(code, "Ann")[0] == 200 and bea.join(code, "Bea")[0] == 200
        attack = [
            {
                "kind": "experiment",
                "id": f"attack-{i:04d}",
                "experiment": six,
                "seed": 9000 + i,
                "trials": 1000000,
                "successes": 1000000,
            }
            for i in range(3)
        ]
        attack.append(
            {
                "kind": "experiment",
                "id": "attack-max-1",
                "experiment": six,
                "seed": 42,
                "trials": 5000,
                "successes": 5000,
            }
        )
        attack.append(
            {
                "kind": "prediction",
                "id": "attack-text",
                "question": "10/interval-width",
                "guess": "THE TEACHER IS A ROBOT",
            }
        )
        attack.append({"kind": "quiz", "topic": "cards", "question": 1, "answer": 1})  # no id
        status, answer = ann.post_records(attack)  # fmt: skip
        assert status == 200 and set(answer) >= {"acked", "stored", "refused"}
        assert answer["acked"] == [r["id"] for r in attack[:5]] and answer["stored"] == 1
        refused = {r["id"]: r["message"] for r in answer["refused"]}
        assert set(refused) == {"attack-0000", "attack-0001", "attack-0002", "attack-text", None}
        again = ann.post_records(attack[3:4])  # a retry: acknowledged, not counted again
        assert again == (200, {"acked": ["attack-max-1"], "stored": 0, "refused": [],
                               "nickname": "Ann"})  # fmt: skip
        honest = {"kind": "experiment", "id": "bea-run-0001", "experiment": six, "seed": 7,
                  "trials": 2000, "successes": 11}  # fmt: skip
        assert bea.post_records([honest])[1]["stored"] == 1

        teacher.request(f"/fivecrowns/class/dashboard?token={TOKEN}&secret={secret}")
        report = json.loads(teacher.request("/fivecrowns/class/api/report")[1])
        (pool,) = report["experiments"]
        hits = replay_experiment(six, 42, 5000) + replay_experiment(six, 7, 2000)
        assert (pool["trials"], pool["successes"]) == (7000, hits)
        assert pool["low"] < pool["exact"] < pool["high"]  # near 0.49%, not 100%
        assert report["predictions"] == []  # no free text reached the dashboard
        ann_id = next(p["student"] for p in report["progress"] if p["nickname"] == "Ann")
        hide = {"Content-Type": "application/json", "X-XSRFToken": teacher.cookie("_xsrf")}
        body = json.dumps({"student": ann_id, "hidden": True}).encode()
        assert bea.request("/fivecrowns/class/api/hide", body, hide)[0] == 403
        assert teacher.request("/fivecrowns/class/api/hide", body)[0] == 403  # no XSRF token
        assert teacher.request("/fivecrowns/class/api/hide", body, hide)[0] == 200
        report = json.loads(teacher.request("/fivecrowns/class/api/report")[1])
        (pool,) = report["experiments"]
        assert (pool["trials"], [s["nickname"] for s in pool["students"]]) == (2000, ["Bea"])
        assert [p["hidden"] for p in report["progress"]] == [True, False]
        page = teacher.request("/fivecrowns/class/dashboard")[1]
        assert 'fetch("api/hide"' in page

        db.rename(tmp_path / "away.sqlite3")  # the database goes away: nothing is acked
        db.mkdir()
        status, answer = bea.post_records([{**honest, "id": "bea-run-0002", "seed": 8}])
        assert (
            status == 503 and answer["retry"] is True and "Recording is off" in answer["message"]
        )
        assert "acked" not in answer
    finally:
        stop_process(proc)


def test_the_class_server_bounds_kernels_per_visitor_and_one_learner_has_no_bound(
    monkeypatch, tmp_path
):
    """`fivecrowns-lab serve` (many visitors) passes the kernel bounds to Voilà; the kernel
    manager's own default (make app, one learner) bounds nothing, so a learner may open
    every lesson in a tab of its own."""
    import voila.app

    from fivecrowns_lab import serving
    from fivecrowns_lab.kernel_bound import KERNELS_PER_ADDRESS, KERNELS_PER_VISITOR

    calls = []
    monkeypatch.setattr(
        voila.app.Voila,
        "launch_instance",
        classmethod(lambda cls, argv, **kw: calls.append(argv)),
    )
    folder = tmp_path / "notebooks"
    folder.mkdir()
    assert serving.main([f"--notebooks={folder}", "--ip=127.0.0.1", "--port=9"]) == 0
    ((argv,),) = [calls]
    assert f"--PoolKeepingKernelManager.kernels_per_visitor={KERNELS_PER_VISITOR}" in argv
    assert f"--PoolKeepingKernelManager.kernels_per_address={KERNELS_PER_ADDRESS}" in argv
    assert serving.PoolKeepingKernelManager.kernels_per_visitor.default_value == 0
