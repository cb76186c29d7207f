"""Serving a class: kernels are freed, visitors' games stay apart, `make serve` needs its token.

Browser tests on one Voilà server of our own (on 127.0.0.1), started as ``make app``
starts it (the repository's voila.json) but with a culling interval of seconds and only
the lessons these tests open, so it is quick. Nothing here is timed: waits are bounded
polls, and the figures live in ``benchmarks/serving.py``.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import psutil
import pytest

from .conftest import (
    ROOT,
    free_port,
    start_voila,
    stop_process,
    wait_for_http,
    websocket_status,
)

pytestmark = pytest.mark.browser

WIDGET_TIMEOUT_MS = 120_000
# Long enough for a page on a busy machine to connect to its kernel, short for a test.
CULL_TIMEOUT_S, CULL_INTERVAL_S = 30, 1
LESSONS = ("01-cards-and-wilds", "06-scorekeeper")


def kernel_processes(server: subprocess.Popen) -> list[psutil.Process]:
    """The ipykernel processes a Voilà server has started and not yet ended."""
    try:
        children = psutil.Process(server.pid).children(recursive=True)
    except psutil.NoSuchProcess:
        return []
    alive = []
    for child in children:
        try:
            if (
                "ipykernel_launcher" in " ".join(child.cmdline())
                and child.status() != psutil.STATUS_ZOMBIE
            ):
                alive.append(child)
        except psutil.NoSuchProcess:
            continue
    return alive


def wait_until(check: Callable[[], bool], timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.25)
    raise AssertionError(f"not within {timeout:.0f} s: {what}")


def start_server(
    folder: Path, port: int, saves: Path, extra: tuple[str, ...] = ()
) -> subprocess.Popen:
    """Voilà on ``folder`` with the repository's voila.json, as ``make app`` runs it."""
    return start_voila(folder, port, extra, {"FIVECROWNS_LAB_SAVES": str(saves)})


class Server:
    def __init__(self, root: Path) -> None:
        self.root = root
        self.folder = root / "notebooks"
        self.folder.mkdir()
        for name in LESSONS:
            shutil.copy(ROOT / "notebooks" / f"{name}.ipynb", self.folder)
        self.saves = root / "saves"
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc = start_server(
            self.folder,
            self.port,
            self.saves,
            (
                f"--MappingKernelManager.cull_idle_timeout={CULL_TIMEOUT_S}",
                f"--MappingKernelManager.cull_interval={CULL_INTERVAL_S}",
            ),
        )

    def log(self) -> str:
        return (self.root / "voila.log").read_text(errors="replace")

    def kernels(self) -> int:
        return len(kernel_processes(self.proc))

    def pool_ready(self) -> bool:
        return "Kernel pool of 01-cards-and-wilds.ipynb is filled" in self.log()


@pytest.fixture(scope="module")
def server(browser, tmp_path_factory) -> Iterator[Server]:
    srv = Server(tmp_path_factory.mktemp("serving"))
    try:
        wait_for_http(f"{srv.url}/", srv.proc)
        wait_until(srv.pool_ready, 120, "the preheated kernel of lesson 01 is ready")
        yield srv
    finally:
        stop_process(srv.proc)


def open_lesson(context, server: Server, name: str):
    page = context.new_page()
    page.goto(f"{server.url}/voila/render/{name}.ipynb")
    page.wait_for_selector(".fc-view", state="visible", timeout=WIDGET_TIMEOUT_MS)
    return page


def test_serving_a_closed_tab_frees_its_kernel_however_the_visitor_arrived(browser, server):
    # The pool (one preheated kernel for lesson 01; none for 06, which reads per-visitor
    # state) is all that should stay once every tab is closed.
    pool = 1
    wait_until(lambda: server.kernels() == pool, 60, "only the pool's kernel runs")
    contexts = [browser.new_context() for _ in range(3)]
    try:
        # Straight to a lesson, as from the address `make app` prints: no visit to / first.
        pages = [open_lesson(contexts[0], server, "01-cards-and-wilds")]
        pages.append(open_lesson(contexts[1], server, "01-cards-and-wilds"))
        pages.append(open_lesson(contexts[2], server, "06-scorekeeper"))
        for context in contexts:
            assert "_xsrf" in {c["name"] for c in context.cookies()}
        wait_until(lambda: server.kernels() >= pool + 3, 60, "three visitors' kernels run")
        for page in pages:
            page.close(run_before_unload=True)
        wait_until(lambda: server.kernels() == pool, 30, "the closed tabs' kernels are shut down")
    finally:
        for context in contexts:
            context.close()
    assert "403 POST /voila/api/shutdown" not in server.log()
    assert server.log().count("Kernel shutdown") >= 3


def test_serving_idle_culling_ends_a_kernel_no_browser_connected_to(server):
    import urllib.request

    wait_until(lambda: server.kernels() == 1, 60, "only the pool's kernel runs")
    # A plain GET starts a kernel (curl, a link preview); no page ever connects to it.
    with urllib.request.urlopen(f"{server.url}/voila/render/06-scorekeeper.ipynb") as reply:
        assert reply.status == 200
    assert server.kernels() == 2
    wait_until(lambda: server.kernels() == 1, CULL_TIMEOUT_S + 30, "the idle kernel is culled")
    assert "Culling 'idle' kernel" in server.log()
    # The preheated kernel waiting for a visitor is older than the timeout and never culled.
    with urllib.request.urlopen(f"{server.url}/voila/render/01-cards-and-wilds.ipynb") as reply:
        assert reply.status == 200
    assert "Using pre-heated kernel" in server.log().rsplit("Culling", 1)[-1]


def test_serving_tracebacks_never_reach_a_visitor(browser, server):
    broken = server.folder / "99-broken.ipynb"
    broken.write_text(
        '{"cells": [{"cell_type": "code", "execution_count": null, "id": "a", "metadata": {},'
        ' "outputs": [], "source": ["raise RuntimeError(\\"secret /srv/path\\")"]}],'
        ' "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",'
        ' "language": "python"}}, "nbformat": 4, "nbformat_minor": 5}'
    )
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(f"{server.url}/voila/render/99-broken.ipynb")
        page.wait_for_load_state("networkidle", timeout=WIDGET_TIMEOUT_MS)
        text = page.inner_text("body")
        assert "Traceback" not in text and "/srv/path" not in text and "secret" not in text
    finally:
        context.close()
        broken.unlink()


def start_game(page, players: str) -> None:
    view = page.locator(".fc-view").first
    page.wait_for_function(
        "() => !document.querySelector('.fc-view .fc-status').innerText.includes('Opening')"
    )
    view.get_by_placeholder("Ann, Ben, Cleo").fill(players)
    view.get_by_placeholder("Ann, Ben, Cleo").press("Enter")
    view.get_by_role("button", name="Start a new game").click()
    page.wait_for_function("() => document.body.innerText.includes('New game for')")


def add_round(page, *scores: int, expect: str = "added and saved") -> None:
    boxes = page.locator(".fc-view input[placeholder=points]")
    for i, score in enumerate(scores):
        boxes.nth(i).fill(str(score))
    page.locator(".fc-view").first.get_by_role("button", name="Add round").click()
    page.wait_for_function(f"() => document.body.innerText.includes({expect!r})")


def status(page) -> str:
    return page.locator(".fc-view .fc-status").first.inner_text()


def test_serving_two_visitors_scorekeepers_are_independent(browser, server):
    alice, bob = browser.new_context(), browser.new_context()
    try:
        a = open_lesson(alice, server, "06-scorekeeper")
        start_game(a, "Alice, Ann")
        add_round(a, 12, 0)
        b = open_lesson(bob, server, "06-scorekeeper")
        page_text = b.inner_text("body")
        assert "Alice" not in page_text and "Restored" not in page_text
        start_game(b, "Bob, Ben, Bea")
        add_round(a, 0, 30, expect="Round 2 added")
        a.reload()
        b.reload()
        for page in (a, b):
            page.wait_for_selector(".fc-view", state="visible", timeout=WIDGET_TIMEOUT_MS)
            page.wait_for_function("() => document.body.innerText.includes('Restored')")
        assert "Alice, Ann, 2 rounds played" in status(a)
        assert "Bob, Ben, Bea, 0 rounds played" in status(b)
        assert "Alice" not in b.inner_text("body") and "Bob" not in a.inner_text("body")
        a.screenshot(path=shots() / "scorekeeper-visitor-a.png", full_page=True)
        b.set_viewport_size({"width": 390, "height": 844})  # a phone
        b.screenshot(path=shots() / "scorekeeper-visitor-b-phone.png", full_page=True)
    finally:
        alice.close()
        bob.close()
    assert len(list(server.saves.glob("*.autosave.json"))) == 2


def kernel_id(page) -> str:
    """The id of the kernel behind a Voilà page (in the page's Jupyter config)."""
    return page.evaluate(
        "() => JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"
    )


def xsrf_headers(context) -> dict[str, str]:
    xsrf = next(c["value"] for c in context.cookies() if c["name"] == "_xsrf")
    return {"X-XSRFToken": xsrf}


def context_websocket_status(url: str, context) -> int:
    """The HTTP status a WebSocket upgrade to ``url`` gets with ``context``'s cookies."""
    return websocket_status(url, "; ".join(f"{c['name']}={c['value']}" for c in context.cookies()))


def test_serving_a_visitor_can_read_or_stop_only_their_own_kernel(browser, server):
    alice, bob = browser.new_context(), browser.new_context()
    try:
        # Alice's page takes the preheated kernel; Bob's (lesson 06, never preheated)
        # has one started for his request: both ways of getting a kernel are covered.
        a = open_lesson(alice, server, "01-cards-and-wilds")
        b = open_lesson(bob, server, "06-scorekeeper")
        kernels = {"alice": kernel_id(a), "bob": kernel_id(b)}
        assert kernels["alice"] != kernels["bob"]
        api = f"{server.url}/api/kernels"
        for context, own, other in ((alice, "alice", "bob"), (bob, "bob", "alice")):
            theirs = kernels[other]
            assert context.request.get(f"{api}/{theirs}").status == 403
            headers = xsrf_headers(context)
            assert context.request.delete(f"{api}/{theirs}", headers=headers).status == 403
            shutdown = f"{server.url}/voila/api/shutdown/{theirs}"
            assert context.request.post(shutdown, headers=headers).status == 403
            ws = f"ws://127.0.0.1:{server.port}/api/kernels"
            assert context_websocket_status(f"{ws}/{theirs}/channels", context) == 403
            mine = context.request.get(f"{api}/{kernels[own]}")
            assert mine.status == 200 and mine.json()["id"] == kernels[own]
            assert mine.json()["connections"] >= 1  # the visitor's page is connected to it
        # Nobody outside a visitor's browser reaches a kernel either.
        import urllib.error
        import urllib.request

        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"{api}/{kernels['bob']}")
        assert refused.value.code == 403
        # Bob's page still works with his kernel after the refusals: a click reaches it.
        start_game(b, "Bob, Ben")
        # And each visitor may still stop their own kernel.
        reply = alice.request.delete(f"{api}/{kernels['alice']}", headers=xsrf_headers(alice))
        assert reply.status == 204
        assert bob.request.get(f"{api}/{kernels['bob']}").status == 200
    finally:
        alice.close()
        bob.close()
    assert "Uncaught exception" not in server.log()


def test_serving_a_forced_save_failure_loses_nothing(browser, server):
    visitor = "f" * 32
    context = browser.new_context()
    context.add_init_script(
        f"window.localStorage.setItem('fivecrowns-lab.scorekeeper.visitor', '{visitor}')"
    )
    try:
        page = open_lesson(context, server, "06-scorekeeper")
        start_game(page, "Zoe, Yan")
        add_round(page, 5, 0)
        save = server.saves / f"{visitor}.autosave.json"
        saved = save.read_text()
        # A directory where the backup goes: the next save cannot complete.
        blocker = server.saves / f"{visitor}.autosave.json.bak"
        blocker.unlink(missing_ok=True)
        blocker.mkdir()
        table = page.locator(".fc-view table").inner_text()
        add_round(page, 0, 9, expect="could not be saved")  # Zoe went out (a 0: no question)
        assert "Round 2 could not be saved, so nothing changed" in status(page)
        assert str(server.root) not in page.inner_text("body")
        assert page.locator(".fc-view table").inner_text() == table
        assert save.read_text() == saved
        page.screenshot(path=shots() / "scorekeeper-save-failed.png", full_page=True)
        blocker.rmdir()
        page.locator(".fc-view").first.get_by_role("button", name="Add round").click()
        page.wait_for_function("() => document.body.innerText.includes('Round 2 added')")
        page.reload()
        page.wait_for_function("() => document.body.innerText.includes('Restored')")
        assert "Zoe, Yan, 2 rounds played" in status(page)
    finally:
        context.close()


def shots() -> Path:
    folder = Path("/work/shots/serve") if Path("/work/shots").is_dir() else ROOT / "artifacts"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


# -- make serve ---------------------------------------------------------------------------------


def test_make_serve_prints_a_token_once_and_a_browser_needs_it(browser, tmp_path):
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    port = free_port()
    out = (tmp_path / "serve.out").open("w")
    proc = subprocess.Popen(
        [
            "make",
            "-s",
            "serve",
            "SERVE_IP=127.0.0.1",  # the class address is overridable; tests stay on loopback
            f"PORT={port}",
            "SERVE_ARGS=--VoilaConfiguration.preheat_kernel=False",
        ],
        cwd=ROOT,
        stdout=out,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        wait_for_http(f"http://127.0.0.1:{port}/login", proc, timeout=120)
        printed = (tmp_path / "serve.out").read_text()
        address = rf"http://127\.0\.0\.1:{port}/voila/render/00-index\.ipynb\?token=(\S+)"
        match = re.search(address, printed)
        assert match, printed
        token = match[1]
        # Once in each address printed for the teacher (the students' address, and with a
        # class the join and dashboard addresses), and nowhere else.
        addresses = [line for line in printed.splitlines() if token in line]
        assert len(addresses) == printed.count(token) <= 3, "the token is printed once an address"
        assert all(re.search(r"https?://\S+token=" + re.escape(token), a) for a in addresses)
        assert re.search(r"can hold about \d+ students at once", printed)
        with_token, without = browser.new_context(), browser.new_context()
        try:
            page = with_token.new_page()
            page.goto(match[0])
            page.wait_for_selector(".fc-view", state="visible", timeout=WIDGET_TIMEOUT_MS)
            page.locator("a.fc-lesson").first.click()  # the gallery's links work too
            page.wait_for_url(re.compile(r"/voila/render/01-"), timeout=30_000)
            page.wait_for_selector(".fc-view", state="visible", timeout=WIDGET_TIMEOUT_MS)
            stranger = without.new_page()
            reply = stranger.goto(f"http://127.0.0.1:{port}/voila/render/01-cards-and-wilds.ipynb")
            assert reply is not None
            stranger.wait_for_load_state("networkidle")
            assert stranger.locator(".fc-view").count() == 0
            assert "/login" in stranger.url or reply.status == 403
            # Refused and failed requests are logged with their address: never the token.
            for path in ("/nothere", "/api/kernels/1-2-3-4-5", "/voila/render/nothere.ipynb"):
                stranger.goto(f"http://127.0.0.1:{port}{path}?token={token}")
            stranger.wait_for_load_state("networkidle")
        finally:
            with_token.close()
            without.close()
    finally:
        stop_serve(proc)
        out.close()
    logged = (tmp_path / "serve.out").read_text()
    assert logged.count(token) == len(addresses), "the token is in the addresses, never logged"
    assert "token=[secret]" in logged


def stop_serve(proc: subprocess.Popen) -> None:
    """Stop make and the server under it (their own process group, started above)."""
    import signal

    try:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def test_serving_kernel_ports_come_from_outside_the_ephemeral_range(tmp_path):
    # Outgoing connections take ports from the ephemeral range at any moment; a kernel
    # port chosen there can be taken before the kernel binds it (a preheated server's
    # start lost a kernel that way in CI). Ports below the range stay free once checked.
    from fivecrowns_lab.serving import SteadyPortCache, ephemeral_ports

    ephemeral = ephemeral_ports()
    cache = SteadyPortCache()
    ports = [cache.find_available_port("127.0.0.1") for _ in range(50)]
    assert len(set(ports)) == 50, "a port was handed out twice"
    assert all(20000 <= port < ephemeral.start for port in ports), ports
    (tmp_path / "range").write_text("1024\t65000\n")  # no room below the range: as before
    assert ephemeral_ports(tmp_path / "range") == range(1024, 65001)
    (tmp_path / "range").write_text("garbage")
    assert ephemeral_ports(tmp_path / "range") == range(49152, 65536)


def test_serving_the_server_uses_the_steady_port_cache():
    # A subprocess: the choice is made once per process, before the first kernel starts.
    code = (
        "from jupyter_client.connect import LocalPortCache\n"
        "from fivecrowns_lab.serving import PoolKeepingKernelManager, SteadyPortCache\n"
        "PoolKeepingKernelManager()\n"
        "print(type(LocalPortCache.instance()).__name__)\n"
    )
    import sys

    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "SteadyPortCache"
