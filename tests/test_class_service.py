"""The class service alone (``fivecrowns-lab class``) as real processes, over HTTP.

One process on SQLite: the join page (a cookie) and the JSON join (a bearer token) both
record, CORS answers only the origin the teacher named, the teacher's pages need the
secret, and no kernel or lesson is served. Two processes on one PostgreSQL: students
posting through both (each batch sent again through the other) are stored once, and the
join limit is counted across both.
"""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import psutil

from .class_http import JOIN, CookieClient, printed, server_log
from .conftest import free_port, stop_process, wait_for_http

SITE = "http://127.0.0.1:9"  # an origin the teacher names (nothing need listen there)
ROUND_2 = "go-out-on-deal/round-2"


class Client(CookieClient):
    """A cookie jar and the requests a page (or a page on another origin) makes."""

    def request(
        self, path: str, data: bytes | None = None, headers=None, method: str | None = None
    ) -> tuple[int, str, dict[str, str]]:
        return self.exchange(path, data, headers, method)

    def join_api(self, code: str, nickname: str, **more: str) -> tuple[int, dict]:
        body = json.dumps({"code": code, "nickname": nickname, **more}).encode()
        status, text, _ = self.request(
            "/fivecrowns/class/api/join", body, {"Content-Type": "application/json"}
        )
        return status, json.loads(text)

    def post(self, records: list[dict], token: str = "") -> tuple[int, dict]:
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        else:
            headers["X-XSRFToken"] = self.cookie("_xsrf")
        status, text, _ = self.request(
            "/fivecrowns/class/api/records", json.dumps({"records": records}).encode(), headers
        )
        return status, json.loads(text)


def start_service(
    tmp_path: Path, db: str, port: int, *extra: str
) -> tuple[subprocess.Popen, Path]:
    """``fivecrowns-lab class`` on 127.0.0.1:``port``; its log (what it printed)."""
    log_path = tmp_path / f"class-{port}.log"
    log = server_log(log_path)
    proc = subprocess.Popen(
        [sys.executable, "-m", "fivecrowns_lab", "class", "--ip=127.0.0.1", f"--port={port}",
         f"--db={db}", f"--class-keys={tmp_path / 'class.keys'}", *extra],
        cwd=tmp_path, stdout=log, stderr=subprocess.STDOUT, env=dict(os.environ),
    )  # fmt: skip
    wait_for_http(f"http://127.0.0.1:{port}/fivecrowns/class/join", proc)
    return proc, log_path


def code_and_secret(log: Path) -> tuple[str, str]:
    """The class code and the teacher's secret a started service printed."""
    return printed(log, r"Serving class (\w+)"), printed(log, r"secret=([\w-]+)")


def quiz(rid: str, question: int) -> dict:
    return {
        "kind": "quiz",
        "id": f"{rid}-00000000",
        "topic": "cards",
        "question": question,
        "answer": 1,
    }


def run(rid: str, seed: int) -> dict:
    return {"kind": "experiment", "id": f"{rid}-00000000", "experiment": ROUND_2, "seed": seed,
            "trials": 200, "successes": 0}  # fmt: skip


def exported(teacher: Client) -> list[dict]:
    return list(csv.DictReader(io.StringIO(teacher.request("/fivecrowns/class/export.csv")[1])))


def teacher_of(base: str, secret: str) -> Client:
    teacher = Client(base)
    status, _, _ = teacher.request(f"/fivecrowns/class/dashboard?secret={secret}")
    assert status == 200
    return teacher


def test_class_service_alone_joins_by_page_or_token_records_reports_and_exports(tmp_path):
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    proc, log = start_service(
        tmp_path, str(tmp_path / "c.sqlite3"), port, f"--allow-origin={SITE}"
    )
    try:
        code, secret = code_and_secret(log)
        assert f"?class={base}&code={code}" in log.read_text(encoding="utf-8")
        # A student on the service's own join page: a cookie, and the XSRF check.
        ann = Client(base)
        assert ann.join_by_page(JOIN, code, "Ann")[0] == 200
        assert ann.post([quiz("ann-q1", 1)])[1]["stored"] == 1
        assert ann.post([quiz("ann-q1", 1)])[1]["stored"] == 0  # its retry, counted once
        # A page on another origin: the JSON join gives a bearer token, no cookie.
        bea = Client(base)
        status, joined = bea.join_api(code, "Bea", browser="bea-browser")
        assert status == 200 and joined["code"] == code and len(joined["rejoin"]) == 6
        assert not list(bea.jar) and bea.join_api(code, "bea")[0] == 400  # a look-alike
        token = joined["token"]
        status, answer = bea.post([run("bea-r1", 7), quiz("bea-q2", 2)], token)
        assert status == 200 and answer["stored"] == 2 and answer["nickname"] == "Bea"
        assert bea.post([quiz("bea-q3", 3)], token + "x")[0] == 401  # a forged token
        assert bea.post([quiz("bea-q3", 3)])[0] == 403  # no token, no XSRF cookie
        status, me, _ = bea.request(
            "/fivecrowns/class/api/me", None, {"Authorization": f"Bearer {token}"}
        )
        assert json.loads(me)["nickname"] == "Bea"
        # CORS: the named origin only, and never with credentials.
        ask = {"Origin": SITE, "Access-Control-Request-Method": "POST",
               "Access-Control-Request-Headers": "authorization,content-type"}  # fmt: skip
        status, _, headers = bea.request("/fivecrowns/class/api/records", None, ask, "OPTIONS")
        assert status == 204 and headers["Access-Control-Allow-Origin"] == SITE
        assert "Authorization" in headers["Access-Control-Allow-Headers"]
        assert "Access-Control-Allow-Credentials" not in headers
        other = {**ask, "Origin": "http://127.0.0.1:10"}
        status, _, headers = bea.request("/fivecrowns/class/api/records", None, other, "OPTIONS")
        assert status == 403 and "Access-Control-Allow-Origin" not in headers
        status, _, headers = bea.request("/fivecrowns/class/api/report", None, ask, "OPTIONS")
        assert status == 403  # the teacher's pages answer no other origin
        # The teacher: the secret, then the figures, the export and a kit.
        for path in ("dashboard", "api/report", "export.csv", "kit/08"):
            assert bea.request(f"/fivecrowns/class/{path}")[0] == 403
        teacher = teacher_of(base, secret)
        report = json.loads(teacher.request("/fivecrowns/class/api/report")[1])
        assert [p["nickname"] for p in report["progress"]] == ["Ann", "Bea"]
        assert report["experiments"][0]["trials"] == 200
        rows = list(
            csv.DictReader(io.StringIO(teacher.request("/fivecrowns/class/export.csv")[1]))
        )
        assert sorted(r["nickname"] for r in rows) == ["Ann", "Bea", "Bea"]
        assert {r["class"] for r in rows} == {code}
        assert "a plan for 90 minutes" in teacher.request("/fivecrowns/class/kit/08")[1]
        # No lessons and no kernels: one process, no children, no Voilà page.
        assert teacher.request("/voila/render/00-index.ipynb")[0] == 404
        assert psutil.Process(proc.pid).children(recursive=True) == []
    finally:
        stop_process(proc)


def test_class_service_two_processes_on_one_postgresql_store_once_and_count_joins_together(
    tmp_path, postgres_server
):
    url, secret = postgres_server(), "the-teachers-secret"
    ports = free_port(), free_port()
    first, log = start_service(tmp_path, url, ports[0], f"--class-secret={secret}")
    code = printed(log, r"Serving class (\w+)")
    second, _ = start_service(
        tmp_path, url, ports[1], f"--class={code}", f"--class-secret={secret}"
    )
    try:
        bases = [f"http://127.0.0.1:{port}" for port in ports]
        teacher = teacher_of(bases[0], secret)  # its cookie holds on the second process too
        assert Client(bases[1]).request("/fivecrowns/class/api/report")[0] == 403
        sent: dict[str, int] = {}
        for k in range(12):
            here, there = Client(bases[k % 2]), Client(bases[1 - k % 2])
            status, joined = here.join_api(code, f"Student {k}", browser=f"b{k}")
            assert status == 200, joined
            batch = [quiz(f"s{k}-q{q}", q) for q in range(1, 4)] + [run(f"s{k}-r", k)]
            assert here.post(batch, joined["token"])[1]["stored"] == 4
            again = there.post(batch, joined["token"])[1]  # a retry through the other
            assert again["stored"] == 0 and again["acked"] == [r["id"] for r in batch]
            sent[f"Student {k}"] = len(batch)
        for base in bases:
            teacher.base = base
            report = json.loads(teacher.request("/fivecrowns/class/api/report")[1])
            assert len(report["progress"]) == 12 and report["experiments"][0]["trials"] == 2400
            rows = list(
                csv.DictReader(io.StringIO(teacher.request("/fivecrowns/class/export.csv")[1]))
            )
            assert len(rows) == sum(sent.values())
        # One browser's joins are counted across both processes (10 in 10 minutes).
        answers = [Client(bases[n % 2]).join_api(code, f"Tries {n}", browser="one")[0]
                   for n in range(11)]  # fmt: skip
        assert answers == [200] * 10 + [429]
    finally:
        stop_process(first)
        stop_process(second)
