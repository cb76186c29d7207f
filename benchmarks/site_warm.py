"""The static site's first widget, cold and warm, with the site's service worker and without.

A run is one fresh browser context (no cache) visiting a lesson five times: the cold visit,
then four warm ones (the third visit finds every file the first two left in the cache). The
baseline runs in the same process, in contexts where service workers are blocked: the same
built site, as a visit without the worker (or an older build) sees it. The time is from the
navigation to the lesson's first widget; the bytes are what the server sent for that visit.

Served by a counting ``http.server`` on 127.0.0.1 with no cache headers (the worst case for
the browser's own HTTP cache); every other address is aborted. The time is the page's own
clock (``performance.now()`` from the navigation) at the first animation frame that shows
the widget: waiting for the selector from Python would add Playwright's polling (up to half
a second).

Run: ``.venv/bin/python benchmarks/site_warm.py [--runs 5] [--lesson 04-play-a-round]``
after ``make site``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402 - the tests' browser settings
from tests.test_site import SITE, offline_tab  # noqa: E402
from tests.test_site_weight import Counted  # noqa: E402 - the counting static server

SELECTORS = {"04-play-a-round": ".fc-play", "00-index": ".fc-gallery"}
TIMEOUT_MS = 300_000
#: A fresh context's visits of one lesson: the second still fills the worker's cache with what
#: the first fetched before the worker took over; from the third on, Chromium also has the
#: compiled WebAssembly of earlier visits.
VISITS = ("cold", "2nd", "3rd", "4th", "5th")
#: Run in the page before its scripts: the page's clock when the widget first shows.
FIRST_WIDGET = """(() => {
  const look = () => {
    const widget = document.querySelector(%s);
    if (widget && widget.offsetParent !== null) {
      window.__fcFirstWidget = performance.now();
      return;
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();"""


def run(browser, server: Counted, lesson: str, workers: str) -> list[tuple[float, int]]:
    """One context's three visits of ``lesson``: (seconds to the first widget, bytes sent)."""
    selector = SELECTORS.get(lesson, ".fc-view")
    visits = []
    with offline_tab(browser, home=server.url, service_workers=workers) as page:
        page.add_init_script(FIRST_WIDGET % json.dumps(selector))
        for _ in VISITS:
            server.reset()
            page.goto(f"{server.url}/voici/render/{lesson}.html")
            page.wait_for_function("() => window.__fcFirstWidget", timeout=TIMEOUT_MS)
            seconds = page.evaluate("window.__fcFirstWidget") / 1000
            page.wait_for_load_state("networkidle", timeout=TIMEOUT_MS)
            visits.append((seconds, sum(server.sent.values())))
    return visits


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="fresh contexts per mode")
    parser.add_argument("--lesson", default="04-play-a-round")
    args = parser.parse_args(argv)
    if not (SITE / "voici").is_dir():
        print("The site is not built: run `make site`.")
        return 1
    from playwright.sync_api import sync_playwright

    server = Counted(SITE)
    modes = {"service worker": "allow", "baseline (no worker)": "block"}
    results: dict[str, list[list[tuple[float, int]]]] = {mode: [] for mode in modes}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        for _ in range(args.runs):  # the modes take turns, so a busy spell hits both
            for mode, workers in modes.items():
                results[mode].append(run(browser, server, args.lesson, workers))
        browser.close()
    server.server.shutdown()
    print(f"{args.lesson}: first widget, median of {args.runs} fresh contexts per mode")
    medians: dict[str, list[float]] = {}
    for mode, runs in results.items():
        medians[mode] = [statistics.median(r[i][0] for r in runs) for i in range(len(VISITS))]
        sizes = [statistics.median(r[i][1] for r in runs) / 1e6 for i in range(len(VISITS))]
        cells = "   ".join(
            f"{name} {s:4.1f} s ({mb:5.2f} MB)"
            for name, s, mb in zip(VISITS, medians[mode], sizes, strict=True)
        )
        print(f"  {mode:22} {cells}")
    worker, base = medians["service worker"], medians["baseline (no worker)"]
    print(
        f"  warm / baseline warm: {worker[1] / base[1]:.2f} (2nd visit), "
        f"{worker[-1] / base[-1]:.2f} (5th); cold / baseline cold: {worker[0] / base[0]:.2f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
