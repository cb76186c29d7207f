"""What a first visit of the static site downloads, measured in headless Chromium offline.

The built ``_site/`` is served from 127.0.0.1 by a server that counts the bytes of every
response it sends (the kernel's worker fetches Pyodide and the wheels, and its requests reach
the same server); every other address is aborted. A first visit is a fresh browser context
opening one lesson until its first widget shows and the network is idle.

Two rules: the first visit is at most 20 MB (it was 27.9 MB when jedi, pygments' 250 other
lexers and prompt_toolkit came with it), and the wheels it fetches are exactly those named in
``lite/first-visit-wheels.txt``: a wheel that enters the first visit unannounced fails here,
and so does one that left it while the list still names it.
"""

from __future__ import annotations

import collections
import functools
import http.server
import re
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from .test_site import (  # noqa: F401 - site_url is a fixture (it builds or skips)
    SITE,
    WIDGET_TIMEOUT_MS,
    _Quiet,
    offline_tab,
    site_url,
    wait_for_lesson,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parent.parent
ALLOWED = ROOT / "lite" / "first-visit-wheels.txt"
#: The rule: a first visit of a lesson downloads at most this many bytes (20 MB).
FIRST_VISIT_LIMIT = 20_000_000
#: The landing page and the lesson whose first widget the benchmark times.
FIRST_VISIT_LESSONS = {"00-index": ".fc-gallery", "04-play-a-round": ".fc-play"}


class Counted:
    """A static server of ``folder`` on 127.0.0.1 that adds up the bytes of each response
    body by path, until :meth:`reset`."""

    def __init__(self, folder: Path) -> None:
        self.sent: collections.Counter[str] = collections.Counter()
        lock = threading.Lock()
        sent = self.sent

        class Handler(_Quiet):
            def copyfile(self, source, outputfile) -> None:  # type: ignore[no-untyped-def]
                data = source.read()
                outputfile.write(data)
                with lock:
                    sent[self.path.split("?")[0]] += len(data)

        handler = functools.partial(Handler, directory=str(folder))
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def reset(self) -> None:
        self.sent.clear()


def allowed_wheels() -> set[str]:
    """The wheels a first visit may fetch: ``lite/first-visit-wheels.txt``, a name a line."""
    lines = ALLOWED.read_text(encoding="utf-8").splitlines()
    return {line.split("#")[0].strip() for line in lines if line.split("#")[0].strip()}


def first_visit(browser, server: Counted, lesson: str, selector: str) -> dict[str, int]:
    """Open ``lesson`` in a fresh offline context; return the bytes sent, by path."""
    with offline_tab(browser, home=server.url) as page:
        server.reset()
        page.goto(f"{server.url}/voici/render/{lesson}.html")
        wait_for_lesson(page, selector)
        page.wait_for_load_state("networkidle", timeout=WIDGET_TIMEOUT_MS)
        assert page.blocked == []
        return dict(server.sent)


@pytest.fixture(scope="module")
def counted(site_url) -> Iterator[Counted]:  # noqa: F811 - the fixture of test_site
    server = Counted(SITE)
    try:
        yield server
    finally:
        server.server.shutdown()


@pytest.fixture(scope="module")
def visits(browser, counted) -> dict[str, dict[str, int]]:
    """Each lesson of :data:`FIRST_VISIT_LESSONS`, visited once: its bytes by path."""
    return {
        lesson: first_visit(browser, counted, lesson, selector)
        for lesson, selector in FIRST_VISIT_LESSONS.items()
    }


def _wheels(sent: dict[str, int]) -> set[str]:
    names = (Path(path).name for path in sent if path.endswith(".whl"))
    return {re.sub(r"[-.]+", "_", name.split("-")[0]).lower() for name in names}


def test_site_first_visit_wheel_list_names_only_wheels_the_site_has():
    if not (SITE / "static" / "pyodide").is_dir():
        pytest.skip("STATIC SITE TESTS SKIPPED: _site/ is not built")
    shipped = {re.sub(r"[-.]+", "_", p.name.split("-")[0]).lower() for p in SITE.rglob("*.whl")}
    assert allowed_wheels() <= shipped


@pytest.mark.parametrize("lesson", list(FIRST_VISIT_LESSONS))
def test_site_first_visit_fetches_only_the_announced_wheels(visits, lesson):
    fetched = _wheels(visits[lesson])
    unannounced = sorted(fetched - allowed_wheels())
    assert unannounced == [], f"add to {ALLOWED.name} if the lessons need them: {unannounced}"
    assert sorted(allowed_wheels() - fetched) == [], f"no longer fetched: drop from {ALLOWED.name}"


@pytest.mark.parametrize("lesson", list(FIRST_VISIT_LESSONS))
def test_site_first_visit_downloads_at_most_20_mb(visits, lesson):
    sent = visits[lesson]
    total = sum(sent.values())
    largest = sorted(sent.items(), key=lambda item: -item[1])[:5]
    print(f"{lesson}: first visit {total / 1e6:.2f} MB; largest {largest}")
    assert "/static/pyodide/pyodide.asm.wasm" in sent  # the measure sees the worker's fetches
    assert total <= FIRST_VISIT_LIMIT, largest
