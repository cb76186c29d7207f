"""The class server keeps visitors apart and its logs free of the token (issue 23).

No browser: the requests a visitor's page would send are sent over HTTP with each
visitor's own cookies (the server tells visitors apart by its signed login cookie). The
browser version, with real pages, is in ``tests/test_serving.py``.
"""

from __future__ import annotations

import http.cookiejar
import json
import logging
import re
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

pytest.importorskip("voila")

from fivecrowns_lab.serving import (
    KERNEL_REFUSED,
    SCRUBBED_LOGGERS,
    SecretScrubber,
    scrub_secrets,
    scrub_secrets_in_logs,
)

from .conftest import (
    free_port,
    run_apart,
    start_voila,
    stop_process,
    wait_for_http,
    websocket_status,
)


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        (
            "404 GET /x?token=abc123 (127.0.0.1) 2.10ms",
            "404 GET /x?token=[secret] (127.0.0.1) 2.10ms",
        ),
        (
            "403 GET /voila/render/a.ipynb?theme=dark&token=T0k-en_1&x=2 (::1)",
            "403 GET /voila/render/a.ipynb?theme=dark&token=[secret]&x=2 (::1)",
        ),
        ("POST /login?next=%2F&_xsrf=2|abc|def", "POST /login?next=%2F&_xsrf=[secret]"),
        ("referer=http://h:8866/?TOKEN=abc", "referer=http://h:8866/?TOKEN=[secret]"),
        ("Kernel started: 1234-abcd", "Kernel started: 1234-abcd"),
    ],
)
def test_serving_a_log_line_loses_the_value_of_every_secret_query_parameter(line, expected):
    assert scrub_secrets(line) == expected


def test_serving_tornados_request_and_error_loggers_never_write_the_token():
    scrub_secrets_in_logs()
    scrub_secrets_in_logs()  # once is enough: no second filter
    for name in SCRUBBED_LOGGERS:
        logger = logging.getLogger(name)
        assert sum(isinstance(f, SecretScrubber) for f in logger.filters) == 1
        # As tornado writes them: a request line with %-arguments (the filters of a logger
        # run on every record it makes, before any handler writes it).
        record = logger.makeRecord(
            name, logging.WARNING, __file__, 1, "%d %s %.2fms",
            (404, "GET /nothere?token=s3cr3t (127.0.0.1)", 2.1), None,
        )  # fmt: skip
        assert logger.filter(record)
        assert record.getMessage() == "404 GET /nothere?token=[secret] (127.0.0.1) 2.10ms"


def test_serving_only_this_machine_may_open_voilas_request_info_socket():
    from types import SimpleNamespace

    from voila.request_info_handler import RequestInfoSocketHandler

    from fivecrowns_lab.serving import guard_request_info

    guard_request_info()

    class Handler:
        def __init__(self, address: str) -> None:
            self.request = SimpleNamespace(remote_ip=address)
            self.status, self.body = 200, None

        def set_status(self, status: int) -> None:
            self.status = status

        def finish(self, body: str) -> None:
            self.body = body

    for address, status in (("192.168.1.40", 403), ("10.0.0.7", 403), ("127.0.0.1", 200)):
        handler = Handler(address)
        run_apart(RequestInfoSocketHandler.prepare(handler))
        assert handler.status == status
        assert (handler.body is None) == (status == 200)


# -- a real server, two visitors ------------------------------------------------------------------

NOTEBOOK = {
    "cells": [
        {
            "cell_type": "code",
            "execution_count": None,
            "id": "a",
            "metadata": {},
            "outputs": [],
            "source": ["1 + 1"],
        }
    ],
    "metadata": {
        "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}
    },
    "nbformat": 4,
    "nbformat_minor": 5,
}
# 01-... is preheated (a visitor takes a kernel from the pool); 06-scorekeeper is on
# voila.json's preheat denylist (a kernel is started for the visitor's request).
PREHEATED, STARTED = "01-tiny.ipynb", "06-scorekeeper.ipynb"


class Visitor:
    """A browser as the server sees it: its own cookies, sending the page's requests."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def cookie(self, name: str) -> str:
        return next(c.value for c in self.jar if c.name == name and c.value is not None)

    def open_page(self, notebook: str) -> str:
        """Open a lesson page; return the id of the kernel behind it."""
        with self.opener.open(f"{self.base}/voila/render/{notebook}", timeout=120) as reply:
            page = reply.read().decode()
        return re.search(r'"kernelId": *"([0-9a-f-]+)"', page)[1]

    def send(self, method: str, path: str) -> int:
        headers = {"X-XSRFToken": self.cookie("_xsrf")} if method != "GET" else {}
        request = urllib.request.Request(f"{self.base}{path}", method=method, headers=headers)
        try:
            with self.opener.open(request, timeout=30) as reply:
                return reply.status
        except urllib.error.HTTPError as error:
            if error.code == 403 and "/api/" in path and "/channels" not in path:
                assert json.loads(error.read())["message"] == KERNEL_REFUSED
            return error.code

    def websocket(self, path: str) -> int:
        """The status of a WebSocket upgrade to ``path`` (101 when it opens)."""
        cookies = "; ".join(f"{c.name}={c.value}" for c in self.jar)
        return websocket_status(self.base.replace("http://", "ws://") + path, cookies)


@pytest.fixture(scope="module")
def class_server(tmp_path_factory):
    root = tmp_path_factory.mktemp("guarded")
    folder = root / "notebooks"
    folder.mkdir()
    for name in (PREHEATED, STARTED):
        (folder / name).write_text(json.dumps(NOTEBOOK))
    port = free_port()
    from fivecrowns_lab.kernel_bound import KERNELS_PER_ADDRESS, KERNELS_PER_VISITOR

    # the bounds `fivecrowns-lab serve` sets for many visitors (make app sets none)
    bounds = (
        f"--PoolKeepingKernelManager.kernels_per_visitor={KERNELS_PER_VISITOR}",
        f"--PoolKeepingKernelManager.kernels_per_address={KERNELS_PER_ADDRESS}",
    )
    proc = start_voila(folder, port, bounds)
    log = root / "voila.log"
    try:
        wait_for_http(f"http://127.0.0.1:{port}/", proc, timeout=120)
        deadline = time.monotonic() + 180
        while f"Kernel pool of {PREHEATED} is filled" not in log.read_text(errors="replace"):
            assert time.monotonic() < deadline, "the preheated kernel never came"
            time.sleep(0.5)
        yield f"http://127.0.0.1:{port}", log
    finally:
        stop_process(proc)


@pytest.mark.slow
def test_serving_a_visitor_can_read_or_stop_only_their_own_kernel_over_http(class_server):
    base, log = class_server
    alice, bob = Visitor(base), Visitor(base)
    kernels = {"alice": alice.open_page(PREHEATED), "bob": bob.open_page(STARTED)}
    assert "Using pre-heated kernel" in Path(log).read_text(errors="replace")
    visitors = {"alice": alice, "bob": bob}
    for me, other in (("alice", "bob"), ("bob", "alice")):
        visitor, theirs, mine = visitors[me], kernels[other], kernels[me]
        assert visitor.send("GET", f"/api/kernels/{theirs}") == 403  # read
        assert visitor.send("DELETE", f"/api/kernels/{theirs}") == 403  # stop
        assert visitor.send("POST", f"/voila/api/shutdown/{theirs}") == 403  # the beacon
        assert visitor.websocket(f"/api/kernels/{theirs}/channels") == 403  # use
        assert visitor.send("GET", f"/api/kernels/{mine}") == 200
        assert visitor.websocket(f"/api/kernels/{mine}/channels") == 101
    # The kernels' own WebSocket for their request still answers this machine.
    assert alice.websocket(f"/voila/query/{kernels['alice']}") == 101
    stranger = Visitor(base)  # no page opened: owns nothing
    assert stranger.send("GET", f"/api/kernels/{kernels['alice']}") == 403
    assert stranger.send("GET", "/api/kernels/00000000-0000-0000-0000-000000000000") == 403
    # Each may still stop their own; the other's kernel lives on.
    assert alice.send("DELETE", f"/api/kernels/{kernels['alice']}") == 204
    assert bob.send("GET", f"/api/kernels/{kernels['bob']}") == 200
    assert bob.send("POST", f"/voila/api/shutdown/{kernels['bob']}") == 204
    text = Path(log).read_text(errors="replace")
    assert "Uncaught exception" not in text and "Traceback" not in text


@pytest.mark.slow
def test_serving_a_refused_request_is_logged_without_its_token(class_server):
    base, log = class_server
    visitor = Visitor(base)
    for path in ("/nothere", "/api/kernels/1-2-3-4-5", "/voila/render/missing.ipynb"):
        assert visitor.send("GET", f"{path}?token=s3cr3t-t0ken&theme=dark") in (403, 404)
    deadline = time.monotonic() + 10
    text = ""
    while "token=[secret]" not in text and time.monotonic() < deadline:
        text = Path(log).read_text(errors="replace")
        time.sleep(0.2)
    assert "token=[secret]" in text and "s3cr3t-t0ken" not in text


@pytest.mark.slow
def test_serving_kernel_bound_rule_one_visitor_holds_a_bounded_number_of_lesson_kernels(
    class_server,
):
    """Each plain GET of a lesson starts a kernel: the one past the bound a visitor would
    hold is refused with a sentence, before it starts; another visitor still gets theirs."""
    from fivecrowns_lab.kernel_bound import KERNELS_PER_VISITOR

    base, _log = class_server
    greedy, other = Visitor(base), Visitor(base)
    held = [greedy.open_page(STARTED) for _ in range(KERNELS_PER_VISITOR)]
    assert len(set(held)) == KERNELS_PER_VISITOR
    try:
        with pytest.raises(urllib.error.HTTPError) as refused:
            greedy.open_page(STARTED)
        assert refused.value.code == 429
        page = refused.value.read().decode()
        assert f"You have {KERNELS_PER_VISITOR} lessons open already" in page
        mine = other.open_page(STARTED)
        assert other.send("DELETE", f"/api/kernels/{mine}") == 204
        # a closed lesson frees its place
        assert greedy.send("DELETE", f"/api/kernels/{held.pop()}") == 204
        held.append(greedy.open_page(STARTED))
    finally:
        for kernel in held:
            greedy.send("DELETE", f"/api/kernels/{kernel}")
