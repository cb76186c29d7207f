"""The static site (``make site``): its size, its build time, and per lesson the first paint
and the time to the first widget in headless Chromium with the network blocked.

The site is served from 127.0.0.1 by a plain ``http.server`` (as ``tests/test_site.py``
does) and every other request is aborted. Each lesson is opened cold, in a fresh browser
context (no cache), so each figure includes downloading and starting Pyodide and the kernel.
"Downloaded" is what a first visit to that lesson fetched.

Each lesson is opened ``--repeat`` times (3 by default) and the medians are printed, then
the median over the lessons.

Run: ``.venv/bin/python benchmarks/site.py [--build] [--repeat 3] [--lessons 00-index ...]``
(``--build`` times ``make site`` first; without it the built ``_site/`` is measured).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402 - the tests' browser settings
from tests.test_site import SITE, serve  # noqa: E402 - the tests' static server

LESSONS = sorted(p.stem for p in (ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))
TIMEOUT_MS = 300_000


def site_size(folder: Path) -> tuple[int, int]:
    files = [p for p in folder.rglob("*") if p.is_file()]
    return len(files), sum(p.stat().st_size for p in files)


def downloaded(base: str, urls: set[str]) -> int:
    """The bytes of the site's files behind ``urls`` (the server sends them uncompressed)."""
    total = 0
    for url in urls:
        if url.startswith(base):
            path = SITE / urllib.parse.urlparse(url).path.lstrip("/")
            if path.is_dir():
                path = path / "index.html"
            if path.is_file():
                total += path.stat().st_size
    return total


def measure(browser, url: str, lesson: str) -> dict[str, object]:
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    fetched: set[str] = set()

    def route(request_route):
        if request_route.request.url.startswith(("http://127.0.0.1:", "data:", "blob:")):
            request_route.continue_()
        else:
            request_route.abort()

    context.route("**/*", route)
    page = context.new_page()

    # The kernel's worker fetches Pyodide and the wheels; its requests are the page's too.
    page.on("requestfinished", lambda request: fetched.add(request.url))
    start = time.monotonic()
    page.goto(f"{url}/voici/render/{lesson}.html")
    paint = page.evaluate(
        "() => (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime"
    )
    result: dict[str, object] = {"lesson": lesson, "first_paint_s": (paint or 0) / 1000}
    try:
        page.wait_for_selector(".fc-view, .fc-gallery", state="visible", timeout=TIMEOUT_MS)
        result["first_widget_s"] = time.monotonic() - start
        errors = page.locator(".jp-OutputArea-output[data-mime-type*='stderr'], .fc-msg.fc-error")
        result["error"] = errors.first.inner_text()[:80] if errors.count() else ""
    except Exception:
        result["first_widget_s"] = None
        text = page.inner_text("body")
        result["error"] = text[text.find("Error") :][:80] if "Error" in text else "no widget"
    result["downloaded_mib"] = downloaded(url, fetched) / 2**20
    context.close()
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--build", action="store_true", help="time `make site` first")
    parser.add_argument("--lessons", nargs="*", default=LESSONS)
    parser.add_argument("--repeat", type=int, default=3, help="cold visits per lesson")
    args = parser.parse_args(argv)
    if args.build:
        start = time.monotonic()
        subprocess.run(["make", "site"], cwd=ROOT, check=True)
        print(f"make site: {time.monotonic() - start:.0f} s")
    if not (SITE / "voici").is_dir():
        print("The site is not built: run `make site` (or pass --build).")
        return 1
    files, size = site_size(SITE)
    print(f"site: {files} files, {size / 2**20:.1f} MiB in {SITE}")
    from playwright.sync_api import sync_playwright

    server, url = serve(SITE)
    rows = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        for lesson in args.lessons:
            runs = [measure(browser, url, lesson) for _ in range(args.repeat)]
            paints = [float(r["first_paint_s"]) for r in runs]  # type: ignore[arg-type]
            widgets = [w for r in runs if isinstance(w := r["first_widget_s"], float)]
            errors = sorted({str(r["error"]) for r in runs if r["error"]})
            row = {
                "lesson": lesson,
                "first_paint_s": statistics.median(paints),
                "first_widget_s": statistics.median(widgets) if widgets else None,
                "downloaded_mib": max(float(r["downloaded_mib"]) for r in runs),  # type: ignore[arg-type]
            }
            rows.append(row)
            widget = row["first_widget_s"]
            print(
                f"{lesson:28} first paint {row['first_paint_s']:5.1f} s   first widget "
                + (f"{widget:6.1f} s" if isinstance(widget, float) else "  none  ")
                + f"   downloaded {row['downloaded_mib']:5.1f} MiB   "
                + f"(medians of {len(runs)}) {'; '.join(errors)}",
                flush=True,
            )
        seen = [float(r["first_widget_s"]) for r in rows if r["first_widget_s"] is not None]
        if seen:
            print(
                f"across {len(rows)} lessons: median first paint "
                f"{statistics.median(float(r['first_paint_s']) for r in rows):.1f} s, "
                f"median first widget {statistics.median(seen):.1f} s, max {max(seen):.1f} s"
            )
        browser.close()
    server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
