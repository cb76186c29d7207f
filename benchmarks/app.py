"""How fast the lessons feel: time to the first widget and click-to-update, in headless Chromium.

Starts Voilà as ``make app`` does (serving notebooks/, on a free port) and, for each
lesson, opens it cold in a fresh browser context REPEAT times and measures the time
until its first view is visible; then measures click-to-update for one button per
lesson. Prints medians. Targets on the 2-core machine: first widget within 8 s,
click-to-update under 300 ms.

With ``--visitors N`` it instead measures first paint under a class: for each lesson, N
fresh contexts open it at the same moment; it prints each lesson's median and max, and
the median and max across lessons. ``--no-preheat`` turns off voila.json's preheated
kernels, to compare (issue 13: 1 and 8 visitors, before and after preheating).

With ``--restart N`` it measures what ``make app`` takes on a restart (issue 19's target:
under 15 s): N times, it starts Voilà with ``make app``'s arguments in the repository and
times the first answer of the gallery's address and its first widget in Chromium, then
stops the server. Prints each run and the medians.

Run: ``.venv/bin/python benchmarks/app.py [--visitors 8] [--no-preheat] [--restart 5]``
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.conftest import (  # noqa: E402 - reuse the tests' server helpers
    CHROMIUM,
    CHROMIUM_ARGS,
    free_port,
    start_voila,
    wait_for_http,
)

REPEAT = 3
LESSONS = sorted(p.stem for p in (ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))
# One click per interactive lesson: (button name, text the view shows afterwards).
CLICKS = {
    "01-cards-and-wilds": ("11", "Right!"),
    "02-books-runs-and-wilds": ("Surprise me", "Dealt"),
    "03-scoring-a-round": ("Next step", "scores"),
    "04-play-a-round": ("Draw from the stock", "step 2 of 5"),  # the coached first move
    "05-solitaire": ("Hint", "bot would"),
}


def at_once(url: str, visitors: int) -> None:
    """First widget with ``visitors`` opening each lesson at the same moment."""
    from playwright.async_api import async_playwright

    async def one(browser, name: str, go: asyncio.Event) -> float | None:
        context = await browser.new_context()
        page = await context.new_page()
        await go.wait()
        start = time.perf_counter()
        try:
            await page.goto(f"{url}/voila/render/{name}.ipynb", timeout=300_000)
            await page.wait_for_selector(".fc-view", state="visible", timeout=300_000)
            seconds: float | None = time.perf_counter() - start
        except Exception as exc:  # a visitor who never saw the lesson is a result too
            print(f"  {name}: no widget within the bound ({type(exc).__name__})")
            seconds = None
        await context.close()
        return seconds

    async def run() -> None:
        async with async_playwright() as p:
            browser = await p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            medians, maxima = [], []
            print(f"{'lesson':30} {visitors} at once: {'median s':>9} {'max s':>7}")
            for name in LESSONS:
                go = asyncio.Event()
                tasks = [asyncio.ensure_future(one(browser, name, go)) for _ in range(visitors)]
                await asyncio.sleep(0.5)
                go.set()
                results = await asyncio.gather(*tasks)
                times = [t for t in results if t is not None]
                if not times:
                    continue
                medians.append(statistics.median(times))
                maxima.append(max(times))
                seen = f"{len(times)}/{len(results)} saw it"
                print(f"{name:30} {'':>11} {medians[-1]:>9.2f} {maxima[-1]:>7.2f}  {seen}")
                await asyncio.sleep(3)  # let a preheated pool refill, as between classes
            if medians:
                print(
                    f"across lessons: median of medians {statistics.median(medians):.2f} s, "
                    f"max {max(maxima):.2f} s"
                )
            await browser.close()

    asyncio.run(run())


def make_app_command(port: int) -> list[str]:
    """The Voilà command line of ``make app`` (the Makefile's APP_ARGS included), on ``port``."""
    import re

    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    found = re.search(r"^APP_ARGS \?= (.*)$", makefile, re.M)
    app_args = found[1].split() if found else []
    return [
        sys.executable,
        "-m",
        "voila",
        "notebooks",
        f"--port={port}",
        "--no-browser",
        "--Voila.ip=127.0.0.1",
        *app_args,
    ]


def restarts(times: int) -> None:
    """``make app`` started ``times`` times: first answer and first widget, with medians."""
    import subprocess
    import urllib.request

    from playwright.sync_api import sync_playwright

    from tests.conftest import stop_process

    answers, widgets = [], []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        for run in range(times):
            port = free_port()
            url = f"http://127.0.0.1:{port}/voila/render/00-index.ipynb"
            start = time.perf_counter()
            proc = subprocess.Popen(
                make_app_command(port),
                cwd=ROOT,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            try:
                deadline = start + 120
                while time.perf_counter() < deadline:
                    try:
                        with urllib.request.urlopen(url, timeout=60) as response:
                            response.read()
                        break
                    except OSError:
                        time.sleep(0.2)
                answered = time.perf_counter() - start
                context = browser.new_context()
                page = context.new_page()
                page.goto(url, timeout=120_000)
                page.wait_for_selector(".fc-gallery", state="visible", timeout=120_000)
                widget = time.perf_counter() - start
                context.close()
            finally:
                stop_process(proc)
            answers.append(answered)
            widgets.append(widget)
            print(f"restart {run + 1}: answered {answered:5.1f} s, first widget {widget:5.1f} s")
        browser.close()
    print(
        f"make app on a restart ({times} runs): answered in {statistics.median(answers):.1f} s, "
        f"first widget in {statistics.median(widgets):.1f} s (medians)"
    )


def main() -> None:
    import shutil

    parser = argparse.ArgumentParser(description="First widget and click-to-update")
    parser.add_argument("--visitors", type=int, default=0, help="N visitors at once")
    parser.add_argument("--no-preheat", action="store_true", help="no preheated kernels")
    parser.add_argument("--lessons", default="", help="only these, e.g. 01,04 (by number)")
    parser.add_argument("--restart", type=int, default=0, help="time N restarts of make app")
    args = parser.parse_args()
    if args.restart:
        restarts(args.restart)
        return
    if args.lessons:
        wanted = tuple(args.lessons.split(","))
        LESSONS[:] = [name for name in LESSONS if name.startswith(wanted)]

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "notebooks"
        shutil.copytree(ROOT / "notebooks", folder)
        for other in folder.glob("*.ipynb"):  # serve only the lessons measured
            if other.stem not in LESSONS:
                other.unlink()
        port = free_port()
        if args.no_preheat:  # the same server, without voila.json's preheated kernels
            config = json.loads((ROOT / "voila.json").read_text())
            config["VoilaConfiguration"]["preheat_kernel"] = False
            (folder.parent / "voila.json").write_text(json.dumps(config))
            proc = start_voila_as_configured(folder, port)
        else:
            proc = start_voila(folder, port)
        try:
            url = f"http://127.0.0.1:{port}"
            wait_for_http(url + "/", proc)
            pooled = [n for n in LESSONS if "06-scorekeeper" not in n]
            wait_for_pool(folder.parent / "voila.log", 0 if args.no_preheat else len(pooled))
            if args.visitors:
                at_once(url, args.visitors)
                return
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
                print(f"{'lesson':30} {'first widget (median s)':>24} {'click (median ms)':>18}")
                for name in LESSONS:
                    firsts, clicks = [], []
                    for _ in range(REPEAT):
                        context = browser.new_context()
                        page = context.new_page()
                        start = time.perf_counter()
                        page.goto(f"{url}/voila/render/{name}.ipynb")
                        page.wait_for_selector(
                            ".fc-view, .jp-OutputArea-output", state="visible", timeout=120_000
                        )
                        firsts.append(time.perf_counter() - start)
                        if name in CLICKS:
                            button, text = CLICKS[name]
                            page.wait_for_selector(".fc-view", timeout=120_000)
                            page.wait_for_load_state("networkidle")
                            view = page.locator(".fc-view").first
                            if name == "01-cards-and-wilds":
                                view = page.locator(".fc-quiz")
                            page.evaluate(
                                "() => { window.__before = document.body.innerText.length; }"
                            )
                            start = time.perf_counter()
                            exact = button.isdigit()  # quiz answers like "11" must not match "113"
                            view.get_by_role("button", name=button, exact=exact).first.click()
                            page.wait_for_function(
                                f"() => document.body.innerText.includes({text!r})"
                                " && document.body.innerText.length !== window.__before",
                                timeout=10_000,
                            )
                            clicks.append(time.perf_counter() - start)
                        context.close()
                    click = f"{statistics.median(clicks) * 1000:.0f}" if clicks else "-"
                    print(f"{name:30} {statistics.median(firsts):>24.2f} {click:>18}")
                browser.close()
        finally:
            proc.terminate()
            proc.wait(timeout=15)


def start_voila_as_configured(folder: Path, port: int):
    """start_voila, with the voila.json already beside ``folder`` (not the repository's)."""
    import subprocess

    log = open(folder.parent / "voila.log", "w")  # noqa: SIM115 - closed with the process
    return subprocess.Popen(
        [sys.executable, "-m", "voila", str(folder), f"--port={port}", "--no-browser"],
        cwd=folder.parent,
        stdout=log,
        stderr=subprocess.STDOUT,
    )


def wait_for_pool(log: Path, lessons: int, timeout: float = 300) -> None:
    """Wait until Voilà says the preheated pools of ``lessons`` lessons are filled."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if log.read_text(errors="replace").count("Kernel pool of") >= lessons:
            return
        time.sleep(0.5)


if __name__ == "__main__":
    main()
