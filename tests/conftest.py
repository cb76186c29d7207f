"""Shared fixtures. Keep this small and general: other test modules add to it.

Under ``pytest -n 2 --dist loadgroup`` (``pytest_collection_modifyitems`` below makes each
test file one group) each test file runs whole in one worker, so a module-scoped fixture is
made once, and a session-scoped one once per worker (each worker has its own Chromium, Voilà
server and PostgreSQL cluster, on ports picked free, in its own temporary folder). ``make
test`` still runs the browser and slow tests in one process after the others: a worker that
has run a Playwright test keeps an event loop running, where unit tests calling
``asyncio.run`` fail. What to reach for in a new test:

- ``browser``: the session's one headless Chromium (Playwright's sync API starts once per
  process: never launch another). ``page``: a fresh tab (its own context) for one test; for
  several checks on one lesson, open a module-scoped tab and load the lesson once.
- ``voila_url``: the session's Voilà server on a copy of ``notebooks/`` (``make app``'s
  settings, every lesson preheated). A test needing other settings starts its own with
  ``start_voila(folder, free_port(), extra)`` in a module-scoped fixture, stopped with
  ``stop_process``.
- ``postgres_server``: a throwaway PostgreSQL cluster of the worker; call it for a database.
- ``package_wheel``: this checkout's pure-Python wheel, built once per run (every worker
  shares it). ``built_once(tmp_path_factory, name, build)`` does the same for any other
  build product; ``run_lock(tmp_path_factory, name)`` keeps a step that writes into the
  checkout (``npm ci`` in ``lite/``, ``make site``) to one worker at a time.
- ``axe_script`` and ``axe_violations``: the WCAG A/AA scan.

Wait on conditions (``wait_for_selector``, ``expect``, a polled predicate with a deadline),
never on a fixed sleep: another worker shares the cores, so a page may take longer.
"""

from __future__ import annotations

import contextlib
import fcntl
import logging
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

# tests/test_compiled.py runs the engine's tests again on the optional compiled core: the
# compiled copy of the package named here goes first on the path before anything imports
# the package, in every xdist worker too, and a worker that still loads the pure path stops.
_COMPILED_COPY = os.environ.get("FIVECROWNS_COMPILED_COPY")
if _COMPILED_COPY:
    sys.path.insert(0, _COMPILED_COPY)
    import fivecrowns_lab

    if not fivecrowns_lab.compiled:
        raise RuntimeError(f"no compiled core in {_COMPILED_COPY}: {fivecrowns_lab.__file__}")


def pytest_report_header() -> str | None:
    if not _COMPILED_COPY:
        return None
    import fivecrowns_lab

    return f"compiled core: {', '.join(fivecrowns_lab.compiled.modules)}"


# Property tests judge correctness, never speed: a busy machine must not fail them.
settings.register_profile(
    "fivecrowns", deadline=None, suppress_health_check=[HealthCheck.too_slow], print_blob=True
)
settings.load_profile("fivecrowns")


@pytest.fixture(autouse=True)
def _english_again_after_each_test():
    """A test that switches to Danish (or a fuzzed ``set_language``) must not leave the
    next test, which may compare English sentences, reading Danish."""
    yield
    from fivecrowns_lab.i18n import set_language

    set_language("en")


class _Collector(logging.Handler):
    def __init__(self) -> None:
        super().__init__(level=logging.WARNING)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture
def widget_errors():
    """Fail the test if a widget callback raised.

    ``Button.click()`` and message handlers swallow exceptions into the
    ``traitlets`` log, and the views log unexpected errors to
    ``fivecrowns_lab.views``; both are collected here and fail the test at teardown.
    Yields the list of collected records (a test expecting none can also check it).
    """
    collector = _Collector()
    loggers = [logging.getLogger(name) for name in ("traitlets", "fivecrowns_lab.views")]
    for logger in loggers:
        logger.addHandler(collector)
    yield collector.records
    for logger in loggers:
        logger.removeHandler(collector)
    if collector.records:
        messages = "\n".join(
            f"{r.name}: {r.getMessage()} {r.exc_info[1]!r}" if r.exc_info else r.getMessage()
            for r in collector.records
        )
        pytest.fail(f"A widget callback raised:\n{messages}")


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Under ``--dist loadgroup`` (``make test``), every test file is one group that a single
    worker runs whole, unless a test names its own ``xdist_group`` (to run apart from its
    file, on whichever worker is free: it must then need none of the file's module fixtures).
    """
    for item in items:
        # the static site's tests (tests/test_site*.py): make test runs them in the engine
        # lane with the slow builds, once its unit tests are done (tools/test_lanes.sh);
        # the Voila half of the parity tests runs with the other Voila tests, whose server
        # is up already (the session's Voila server preheats every lesson: 20 s of a core)
        name = Path(str(item.fspath)).name
        if name.startswith("test_site") and "[voila-" not in item.nodeid:
            item.add_marker(pytest.mark.site)
    for item in items:
        if item.get_closest_marker("xdist_group") is None:
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::", 1)[0]))
    # The browser tests last: once Playwright has run in a process, asyncio.run (the
    # HTTP tests' servers) fails there, so one run can hold both kinds.
    items[:] = sorted(items, key=lambda item: item.get_closest_marker("browser") is not None)


# -- Builds shared by the workers of one run ---------------------------------------------------


def run_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The temporary folder of this whole run: every xdist worker's basetemp sits in it."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


@contextlib.contextmanager
def run_lock(tmp_path_factory: pytest.TempPathFactory, name: str) -> Iterator[None]:
    """Hold the run's lock called ``name``: one worker at a time gets past it."""
    path = run_folder(tmp_path_factory) / f"{name}.lock"
    with open(path, "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def built_once(
    tmp_path_factory: pytest.TempPathFactory, name: str, build: Callable[[Path], None]
) -> Path:
    """The folder ``build`` filled, built by the first worker that asks and reused by the rest
    (a failed build is tried again by the next one that asks, and fails it too)."""
    folder = run_folder(tmp_path_factory) / "built" / name
    with run_lock(tmp_path_factory, f"built-{name}"):
        if not (folder / ".complete").is_file():
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir(parents=True)
            build(folder)
            (folder / ".complete").touch()
    return folder


@pytest.fixture(scope="session")
def package_wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """This checkout's pure-Python wheel (``pip wheel``, pip's isolated build), once per run."""

    def build(out: Path) -> None:
        pip_wheel = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps"]
        subprocess.run([*pip_wheel, "-w", str(out), str(ROOT)], check=True, timeout=300)

    (wheel,) = built_once(tmp_path_factory, "package-wheel", build).glob("fivecrowns_lab-*.whl")
    return wheel


# -- Browser tests: one Chromium and one Voilà server for the whole session ---------------------
#
# Every browser test module shares these: Playwright's sync API cannot be started twice
# in one process, so no test module may open its own.

# Debian's Chromium by default; FIVECROWNS_CHROMIUM names another build of it (on GitHub's
# Ubuntu runners, where chromium is a snap, .github/workflows/ci.yml names their Chrome).
CHROMIUM = Path(os.environ.get("FIVECROWNS_CHROMIUM") or "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ROOT = Path(__file__).resolve().parent.parent


# Every element of a view past the right edge of the window (a name and its right edge).
PAST_THE_EDGE = """() => {
  const edge = document.documentElement.clientWidth;
  const right = e => e.getBoundingClientRect().right;
  return [...document.querySelectorAll('.fc-view *')]
    .filter(e => e.getBoundingClientRect().width > 0 && right(e) > edge + 1)
    .slice(0, 6).map(e => `${e.tagName}.${e.className} ${Math.round(right(e))}`);
}"""


def free_port() -> int:
    """A TCP port on the loopback address that nothing listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


#: Logs of the Voilà servers this session started; a failing browser test shows their tails.
SERVER_LOGS: list[Path] = []
#: The log of each server start_voila started, by its port (to find a failing test's own).
LOGS_BY_PORT: dict[int, Path] = {}


def start_voila(
    folder: Path, port: int, extra: tuple[str, ...] = (), env: dict[str, str] | None = None
) -> subprocess.Popen:
    """Serve ``folder`` with Voilà in tree mode, as ``make app`` does (the repo's voila.json
    applies, its page template found as ``make app`` finds it), with ``extra`` arguments
    and ``env`` added to the environment."""
    from fivecrowns_lab.serving import find_page_template

    shutil.copy(ROOT / "voila.json", folder.parent / "voila.json")
    SERVER_LOGS.append(folder.parent / "voila.log")
    LOGS_BY_PORT[port] = folder.parent / "voila.log"
    environment = {**os.environ, **(env or {})}
    find_page_template(environment)
    log = open(folder.parent / "voila.log", "w")  # noqa: SIM115 - closed with the process
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "voila",
            str(folder),
            f"--port={port}",
            "--no-browser",
            "--Voila.ip=127.0.0.1",
            *extra,
        ],
        cwd=folder.parent,
        stdout=log,
        stderr=subprocess.STDOUT,
        env=environment,
    )


def stop_process(proc: subprocess.Popen, timeout: float = 20) -> None:
    """Ask a server to stop; kill it if it has not stopped within ``timeout`` seconds."""
    proc.terminate()
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()


def wait_for_http(url: str, proc: subprocess.Popen, timeout: float = 60) -> None:
    """Wait until ``url`` answers, failing early if the server process died."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"Voilà exited with code {proc.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except OSError:
            time.sleep(0.3)
    raise RuntimeError(f"Voilà did not answer at {url} within {timeout} s")


def wait_for_preheated_kernels(folder: Path, proc: subprocess.Popen, timeout: float = 300) -> None:
    """Wait until Voilà has run every preheated lesson once, as a teacher's server would have
    before the class arrives; the tests then time the lessons, not the server's start-up.

    Gives up quietly after ``timeout`` seconds (the tests then say what is slow).
    """
    import json

    settings = json.loads((ROOT / "voila.json").read_text(encoding="utf-8"))
    if not settings.get("VoilaConfiguration", {}).get("preheat_kernel"):
        return
    denied = set(settings.get("VoilaKernelManager", {}).get("preheat_denylist", []))
    wanted = {p.name for p in folder.glob("*.ipynb") if p.stem not in denied}
    log = folder.parent / "voila.log"
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and proc.poll() is None:
        text = log.read_text(encoding="utf-8", errors="replace") if log.exists() else ""
        filled = {name for name in wanted if f"Kernel pool of {name} is filled" in text}
        if filled == wanted:
            break
        time.sleep(1)
    # "Filled" means started: the kernels then run their lessons. Wait for them to go quiet.
    import psutil

    server = psutil.Process(proc.pid)
    quiet = 0
    while time.monotonic() < deadline and quiet < 3:
        kernels = server.children(recursive=True)
        for kernel in kernels:
            with contextlib.suppress(psutil.Error):
                kernel.cpu_percent()  # starts the measurement
        time.sleep(1)
        busy = 0.0
        for kernel in kernels:
            with contextlib.suppress(psutil.Error):
                busy += kernel.cpu_percent()
        quiet = quiet + 1 if busy < 10 else 0


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """A failed browser test carries the end of its server's log (CI shows only the report)
    and a screenshot of every page still open (artifacts/screenshots/failed-*.png)."""
    report = yield
    if not (report.failed and item.get_closest_marker("browser")):
        return report
    funcargs = getattr(item, "funcargs", {})
    # The test's own server: the one whose port is in a URL it was given; else the last.
    ports = [
        int(found)
        for value in funcargs.values()
        if isinstance(value, str)
        for found in re.findall(r"127\.0\.0\.1:(\d+)", value)
    ]
    log = next((LOGS_BY_PORT[p] for p in ports if p in LOGS_BY_PORT), None)
    if log is None and SERVER_LOGS:
        log = SERVER_LOGS[-1]
    if log is not None and log.exists():
        tail = log.read_text(encoding="utf-8", errors="replace").splitlines()[-80:]
        report.sections.append((f"Voilà server log {log} (last 80 lines)", "\n".join(tail)))
    browser = funcargs.get("browser")
    if browser is not None:
        shots = ROOT / "artifacts" / "screenshots"
        shots.mkdir(parents=True, exist_ok=True)
        name = re.sub(r"[^A-Za-z0-9_.-]+", "-", item.name)[:120]
        for c, context in enumerate(browser.contexts):
            for t, tab in enumerate(context.pages):
                with contextlib.suppress(Exception):  # a closing page: nothing to show
                    tab.screenshot(path=str(shots / f"failed-{name}-{c}-{t}.png"), full_page=True)
    return report


@pytest.fixture(scope="session")
def browser():
    """Debian's headless Chromium driven by Playwright; skips loudly without it (fails in CI)."""
    if not CHROMIUM.exists():
        reason = f"BROWSER TESTS SKIPPED: {CHROMIUM} is missing (apt-get install chromium)"
        if os.environ.get("CI") == "true":
            pytest.fail(reason.replace("SKIPPED", "CANNOT RUN IN CI"))
        pytest.skip(reason)
    from playwright.sync_api import expect, sync_playwright

    # A page's widgets update one message at a time, so a test that waited for one line
    # reads another through expect(), which retries: give it as long as the waits have.
    expect.set_options(timeout=15_000)
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def voila_url(browser, tmp_path_factory):
    """Base URL of a Voilà server serving a copy of notebooks/ (autosaves stay out of the repo)."""
    folder = tmp_path_factory.mktemp("app") / "notebooks"
    # Without the Danish edition (notebooks/da/): Voilà would preheat its pages too, and
    # tests/test_browser_danish.py serves them on a server of its own.
    shutil.copytree(ROOT / "notebooks", folder, ignore=shutil.ignore_patterns("da"))
    port = free_port()
    proc = start_voila(folder, port)
    try:
        wait_for_http(f"http://127.0.0.1:{port}/", proc)
        wait_for_preheated_kernels(folder, proc)
        yield f"http://127.0.0.1:{port}"
    finally:
        stop_process(proc)


@pytest.fixture
def page(browser):
    """A fresh browser tab (its own context) for one test."""
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    tab = context.new_page()
    yield tab
    context.close()


# -- PostgreSQL: one throwaway cluster for the session, a fresh database per test -------------


def _postgres_bin() -> Path | None:
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"))
    if found:
        return found[-1].parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


@pytest.fixture(scope="session")
def postgres_server(tmp_path_factory):
    """A PostgreSQL cluster of this session on 127.0.0.1 (initdb, a free port, stopped at the
    end); yields a function that makes a fresh, empty database and returns its URL (its
    ``stopped()`` context stops the cluster for a while: a database outage).

    Skips loudly without Debian's ``postgresql`` package or psycopg; fails in CI. As root,
    the server runs as the ``postgres`` user (initdb refuses root) from a folder it owns.
    """
    binaries = _postgres_bin()
    reason = None
    if binaries is None:
        reason = "POSTGRESQL TESTS SKIPPED: initdb is missing (apt-get install postgresql)"
    else:
        try:
            import psycopg
        except ImportError:
            reason = 'POSTGRESQL TESTS SKIPPED: psycopg is missing (pip install "psycopg[binary]")'
    if reason:
        if os.environ.get("CI") == "true":
            pytest.fail(reason.replace("SKIPPED", "CANNOT RUN IN CI"))
        pytest.skip(reason)
    import tempfile

    import psycopg

    folder = Path(tempfile.mkdtemp(prefix="fc-postgres-"))
    run_as: list[str] = []
    if os.geteuid() == 0:
        run_as = ["runuser", "-u", "postgres", "--"]
        shutil.chown(folder, "postgres", "postgres")
    data, port = folder / "data", free_port()

    def run(*args: str) -> None:
        subprocess.run([*run_as, *args], check=True, capture_output=True, timeout=120)

    run(str(binaries / "initdb"), "-D", str(data), "-U", "fc", "--auth=trust", "-E", "UTF8")
    options = (
        f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200"
    )

    def start() -> None:
        run(
            str(binaries / "pg_ctl"),
            "-D",
            str(data),
            "-l",
            str(folder / "log"),
            "-o",
            options,
            "-w",
            "start",
        )

    start()
    base = f"postgresql://fc@127.0.0.1:{port}"
    made = [0]

    def new_database() -> str:
        made[0] += 1
        name = f"class_{made[0]}"
        with psycopg.connect(f"{base}/postgres", autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return f"{base}/{name}"

    @contextlib.contextmanager
    def stopped() -> Any:
        """The whole cluster stopped for a while (a database outage), then started again."""
        run(str(binaries / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop")
        try:
            yield
        finally:
            start()

    new_database.stopped = stopped  # type: ignore[attr-defined]
    try:
        yield new_database
    finally:
        with contextlib.suppress(subprocess.SubprocessError, OSError):
            run(str(binaries / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop")
        shutil.rmtree(folder, ignore_errors=True)


def run_apart(coroutine: Any) -> Any:
    """Run a coroutine in a thread of its own: the browser tests (Playwright's sync API)
    leave an event loop running in this one, where ``asyncio.run`` refuses to start."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result(timeout=60)


def websocket_status(url: str, cookies: str) -> int:
    """The HTTP status a WebSocket upgrade to ``url`` gets with a ``Cookie`` header
    (101 when it opens)."""
    from tornado.httpclient import HTTPClientError, HTTPRequest
    from tornado.websocket import websocket_connect

    async def connect() -> int:
        try:
            socket = await websocket_connect(HTTPRequest(url, headers={"Cookie": cookies}))
        except HTTPClientError as error:
            return error.code
        socket.close()
        return 101

    return run_apart(connect())


# -- axe-core: the accessibility rules the browser tests run on every page --------------------

#: The axe-core release the accessibility tests run (from its npm package, fetched once).
AXE_VERSION = "4.14.1"
#: WCAG 2.0, 2.1 and 2.2, levels A and AA: the rules a lesson page must pass with 0 violations.
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]


@pytest.fixture(scope="session")
def axe_script() -> str:
    """axe-core's browser script, fetched with npm once per machine into ~/.cache.

    Skips loudly without npm (fails in CI, whose .ci/run installs it)."""
    import tarfile
    import tempfile

    cache = Path.home() / ".cache" / "fivecrowns-lab-tests" / f"axe-core-{AXE_VERSION}.min.js"
    if not cache.exists():
        npm = shutil.which("npm")
        if npm is None:
            reason = "ACCESSIBILITY TESTS SKIPPED: npm is missing (apt-get install npm)"
            if os.environ.get("CI") == "true":
                pytest.fail(reason.replace("SKIPPED", "CANNOT RUN IN CI"))
            pytest.skip(reason)
        with tempfile.TemporaryDirectory() as tmp:
            subprocess.run(
                [npm, "pack", f"axe-core@{AXE_VERSION}", "--pack-destination", tmp, "--silent"],
                check=True,
                timeout=300,
                capture_output=True,
            )
            (tarball,) = Path(tmp).glob("axe-core-*.tgz")
            with tarfile.open(tarball) as archive:
                member = archive.extractfile("package/axe.min.js")
                assert member is not None
                cache.parent.mkdir(parents=True, exist_ok=True)
                # Whole or not at all: another worker may read it as soon as it exists.
                partial = cache.with_name(f"{cache.name}.{os.getpid()}.partial")
                partial.write_bytes(member.read())
                os.replace(partial, cache)
    return cache.read_text(encoding="utf-8")


def axe_violations(page, script: str) -> list[str]:
    """The WCAG A/AA violations axe-core finds on ``page`` now, a line each (rule, count,
    the first elements)."""
    page.add_script_tag(content=script)
    found = page.evaluate(
        """async (tags) => {
          const result = await axe.run(document, {runOnly: {type: 'tag', values: tags}});
          return result.violations.map(v => `${v.id} (${v.nodes.length}): ` +
            v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(' | '));
        }""",
        AXE_TAGS,
    )
    return list(found)
