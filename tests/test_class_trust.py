"""A class a teacher can trust, over HTTP (issue 44): look-alikes and rejoin codes on the
join page, join limits, ``next`` only a path of this server, JSON errors on every
``api/...`` address, the ``{xsrf}`` nickname, a students' server beside the teacher's on
one database, the files' modes, a restart without a token page, reopening by code.

The engine's side of the same rules is in ``tests/test_class_identity.py``.
"""

from __future__ import annotations

import json
import os
import re
import stat
import urllib.parse

import pytest

from fivecrowns_lab.class_paths import safe_next, with_class_column
from fivecrowns_lab.classroom.pages import join_page

from .conftest import free_port, stop_process
from .test_class_server import TOKEN, Browser, printed, start

GALLERY = "/voila/render/00-index.ipynb"
CLASS = "/fivecrowns/class"


@pytest.mark.parametrize(
    "hostile",
    [
        "//example.com/",
        "/\\example.com/",
        "\\\\example.com",
        "/%2Fexample.com/",
        "/%2fexample.com",
        "/%5Cexample.com",
        "/%252F%252Fexample.com",
        "/\t/example.com",
        "/ /example.com",
        "/\n/example.com",
        "https://example.com/",
        "javascript:alert(1)",
        "http:/example.com",
        "example.com",
        "/lab/../../..//example.com",
        "/%2e%2e/other",
        "/\x00/x",
        "",
    ],
)
def test_next_rule_only_a_path_of_this_server_is_followed(hostile):
    for base in ("/", "/base/"):
        assert safe_next(hostile, base, "/fallback") == "/fallback"


def test_next_rule_a_path_outside_the_servers_base_is_not_followed():
    assert safe_next("/base/../other", "/base/", "/fallback") == "/fallback"
    assert safe_next("/other", "/base/", "/fallback") == "/fallback"


@pytest.mark.parametrize(
    ("target", "base"),
    [("/voila/render/01.ipynb?theme=dark", "/"), ("/base/voila/render/x.ipynb", "/base/")],
)
def test_next_rule_a_page_of_this_server_is_followed(target, base):
    assert safe_next(target, base, "/fallback") == target


def test_fill_rule_a_nickname_like_a_slot_stays_text():
    page = join_page(
        {
            "nav": "",
            "message": "<p>{xsrf} {next}</p>",
            "xsrf": "THE-TOKEN",
            "next": "/next-page",
            "code": "",
            "nickname": "{xsrf}{next}",
        }
    )
    assert 'value="{xsrf}{next}"' in page and "<p>{xsrf} {next}</p>" in page
    assert page.count("THE-TOKEN") == 1


def test_export_rule_names_the_class_in_a_first_column():
    text = with_class_column("nickname,lesson\r\nAnn,01\r\n", "K7QF2M")
    assert text.splitlines() == ["class,nickname,lesson", "K7QF2M,Ann,01"]


def mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def form(browser: Browser, **fields: str) -> bytes:
    return urllib.parse.urlencode({"_xsrf": browser.cookie("_xsrf"), **fields}).encode()


def join(browser: Browser, code: str, nickname: str, rejoin: str = "", query: str = ""):
    browser.request(f"{CLASS}/join?token={TOKEN}{query}")
    return browser.request(
        f"{CLASS}/join", form(browser, code=code, nickname=nickname, rejoin=rejoin)
    )


@pytest.mark.slow
def test_class_trust_rules_over_http_with_a_students_server_on_the_same_file(tmp_path):
    db, port, other = tmp_path / "private" / "class.sqlite3", free_port(), free_port()
    base = f"http://127.0.0.1:{port}"
    proc, log = start(tmp_path, db, port)
    students_proc = None
    try:
        code = printed(log, r"Class code: (\w+)")
        secret = printed(log, r"secret=([\w-]+)")
        # files: the records and the keys for the serving account only
        assert mode(db) == 0o600 and mode(db.parent) == 0o700
        assert mode(f"{db}.keys") == 0o600

        ann, bea, eve, teacher = (Browser(base) for _ in range(4))
        status, page = join(ann, code, "S00")
        assert status == 200 and "You are in class" in page
        rejoin = re.search(r"id='rejoin-code'>(\w+)<", page)[1]
        # look-alikes
        status, page = join(bea, code, "\u040500")
        assert status == 400 and "one that looks like it" in page
        # a nickname too long: refused with a sentence, never cut
        status, page = join(bea, code, "B" * 30)
        assert status == 400 and "too long: keep it to 24 characters" in page
        # the {xsrf} nickname stays text; the token is in the form once
        status, page = join(bea, code, "{xsrf}{next}")
        assert status == 200 and "<b>{xsrf}{next}</b>" in page
        assert page.count(bea.cookie("_xsrf")) <= 1
        # rejoin on a new browser, with the code; a wrong code is refused
        phone = Browser(base)
        status, page = join(phone, code, "s00", "WRONG2")
        assert status == 400 and "is not the rejoin code of &#x27;S00&#x27;" in page
        status, _page = join(phone, code, "s00", rejoin)
        assert status == 200
        me = json.loads(phone.request(f"{CLASS}/api/me")[1])
        assert me["joined"] and me["nickname"] == "S00" and me["code"] == code
        # next: a hostile value is replaced by the gallery
        status, page = eve.request(f"{CLASS}/join?token={TOKEN}&next=/%5Cexample.com/")
        assert f'name="next" value="{GALLERY}"' in page
        # the join limit per browser: the 11th try is refused with a sentence
        for _ in range(10):
            assert join(eve, "ZZZZ", "Eve")[0] == 400
        status, page = join(eve, code, "Eve")
        assert status == 429 and "Too many tries to join from this browser" in page

        # JSON errors on every api address, a lost login included
        stranger = Browser(base)
        for path in ("api/report", "api/me", "api/nothing"):
            status, text = stranger.request(f"{CLASS}/{path}")
            assert status in (403, 404) and json.loads(text)["message"].endswith("."), (
                path,
                text[:300],
            )
        status, text = bea.request(f"{CLASS}/api/report")
        assert status == 403 and json.loads(text)["message"]

        teacher.request(f"{CLASS}/dashboard?token={TOKEN}&secret={secret}")
        status, csv_text = teacher.request(f"{CLASS}/export.csv")
        assert status == 200 and csv_text.splitlines()[0].startswith("class,")

        # a students' server on the same database file: records, and no teacher
        students_proc, students_log = start(tmp_path, db, other, "--student-server")
        text = students_log.read_text(encoding="utf-8")
        assert f"Serving the students of class {code}" in text and "secret=" not in text
        there = Browser(f"http://127.0.0.1:{other}")
        assert join(there, code, "Dee")[0] == 200
        there.request(f"{CLASS}/dashboard?token={TOKEN}&secret={secret}")
        for path in ("dashboard", "api/report", "export.csv", "kit/08"):
            status, text = there.request(f"{CLASS}/{path}")
            assert status == 403 and "students only" in json.loads(text)["message"]
        status, text = there.request(
            f"{CLASS}/api/clear", b"", {"X-XSRFToken": there.cookie("_xsrf")}
        )
        assert status == 403
        report = json.loads(teacher.request(f"{CLASS}/api/report")[1])
        assert sorted(p["nickname"] for p in report["progress"]) == ["Dee", "S00", "{xsrf}{next}"]
    finally:
        if students_proc is not None:
            stop_process(students_proc)
        stop_process(proc)

    # a restart: a student's reload keeps them in class, with no token page
    proc, log = start(tmp_path, db, port)
    try:
        status, text = ann.request(f"{CLASS}/api/me")
        assert status == 200 and json.loads(text)["nickname"] == "S00"
        status, page = ann.request(GALLERY)
        assert status == 200 and "jupyter server list" not in page
    finally:
        stop_process(proc)

    # a new class names the old one; --class CODE reopens it
    proc, log = start(tmp_path, db, port, "--new-class")
    try:
        assert printed(log, r"Class code: (\w+)") != code
        assert printed(log, r"The previous class was (\w+)") == code
    finally:
        stop_process(proc)
    proc, log = start(tmp_path, db, port, f"--class={code.lower()}")
    try:
        assert printed(log, r"Class code: (\w+)") == code
        reopened = printed(log, r"secret=([\w-]+)")
        teacher.request(f"{CLASS}/dashboard?token={TOKEN}&secret={reopened}")
        report = json.loads(teacher.request(f"{CLASS}/api/report")[1])
        assert "S00" in [p["nickname"] for p in report["progress"]]
    finally:
        stop_process(proc)


@pytest.mark.slow
def test_me_rule_a_database_away_is_503_to_retry_not_not_joined(tmp_path):
    db, port = tmp_path / "class.sqlite3", free_port()
    proc, log = start(tmp_path, db, port)
    try:
        code = printed(log, r"Class code: (\w+)")
        ann = Browser(f"http://127.0.0.1:{port}")
        assert join(ann, code, "Ann")[0] == 200
        away = tmp_path / "away"
        away.mkdir()
        for path in tmp_path.glob("class.sqlite3*"):
            path.rename(away / path.name)
        db.mkdir()  # the file's place holds a folder: the database cannot be opened
        status, text = ann.request(f"{CLASS}/api/me")
        answer = json.loads(text)
        assert status == 503 and answer["retry"] is True and answer["message"]
        # and the page's own question about joining is not answered "no"
        assert "joined" not in answer
    finally:
        stop_process(proc)


def test_reopen_rule_the_pip_route_passes_a_class_code_on(monkeypatch, tmp_path):
    from fivecrowns_lab import cli, serving

    seen: dict = {}
    monkeypatch.setattr(serving, "main", lambda a, config=None: seen.update(a=a) or 0)
    assert cli.main(["serve", "--class", "K7QF2M", "--dir", str(tmp_path)]) == 0
    assert "--class=K7QF2M" in seen["a"]
    assert cli.main(["serve", "--class", "--student-server", "--dir", str(tmp_path)]) == 0
    assert "--student-server" in seen["a"] and not any(a.startswith("--class=") for a in seen["a"])
