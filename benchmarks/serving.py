"""Load test: a class of visitors opens the lessons at once, then closes the tabs.

One Voilà server on 127.0.0.1, started with the repository's voila.json (as ``make app``
and ``make serve`` run it: preheated kernels, culling, no tracebacks), serving a copy of
notebooks/. VISITORS headless Chromium contexts open lessons at the same moment (round
robin over the lessons), each waits for its first widget (bounded by a timeout), then
every tab is closed. Prints:

- time to first widget: min / median / max over the visitors;
- memory of each visitor's kernel (unique set size, median and max) and of all kernels
  plus the server;
- kernels alive 5 s after the tabs closed and one culling interval later, not counting
  the preheated kernels that wait, one per lesson, for the next visitor.

It stops by itself: every wait has a bound, and the server is stopped at the end.

Run: ``.venv/bin/python benchmarks/serving.py [--visitors 30] [--cull-interval 60]``
(the culling defaults are voila.json's: 600 s idle, checked every 60 s)
"""

from __future__ import annotations

import argparse
import asyncio
import json
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.conftest import (  # noqa: E402 - reuse the tests' server helpers
    CHROMIUM,
    CHROMIUM_ARGS,
    free_port,
    stop_process,
    wait_for_http,
)
from tests.test_serving import kernel_processes, start_server  # noqa: E402

LESSONS = sorted(p.stem for p in (ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))
FIRST_WIDGET_TIMEOUT_S = 300
MIB = 1024 * 1024


def preheated_lessons() -> list[str]:
    config = json.loads((ROOT / "voila.json").read_text(encoding="utf-8"))
    if not config.get("VoilaConfiguration", {}).get("preheat_kernel"):
        return []
    denied = config.get("VoilaKernelManager", {}).get("preheat_denylist", [])
    return [name for name in LESSONS if not any(d in name for d in denied)]


def wait_for(check, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.5)
    return False


async def visit(browser, url: str, name: str, start: asyncio.Event):
    context = await browser.new_context()
    page = await context.new_page()
    await start.wait()
    began = time.perf_counter()
    try:
        await page.goto(f"{url}/voila/render/{name}.ipynb", timeout=FIRST_WIDGET_TIMEOUT_S * 1000)
        await page.wait_for_selector(
            ".fc-view", state="visible", timeout=FIRST_WIDGET_TIMEOUT_S * 1000
        )
        seconds: float | None = time.perf_counter() - began
    except Exception as exc:  # a timeout is a result to report, not a crash
        print(f"  {name}: no widget within {FIRST_WIDGET_TIMEOUT_S} s ({type(exc).__name__})")
        seconds = None
    return context, page, seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--visitors", type=int, default=30)
    parser.add_argument("--cull-interval", type=int, default=60)
    parser.add_argument("--cull-timeout", type=int, default=600)
    args = parser.parse_args()
    pool = preheated_lessons()

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "notebooks"
        shutil.copytree(ROOT / "notebooks", folder)
        port = free_port()
        url = f"http://127.0.0.1:{port}"
        proc = start_server(
            folder,
            port,
            Path(tmp) / "saves",
            (
                f"--MappingKernelManager.cull_idle_timeout={args.cull_timeout}",
                f"--MappingKernelManager.cull_interval={args.cull_interval}",
            ),
        )
        log = Path(tmp) / "voila.log"
        try:
            wait_for_http(url + "/", proc, timeout=120)
            filled = lambda: log.read_text().count("Kernel pool of") >= len(pool)  # noqa: E731
            if not wait_for(filled, 300):
                print("warning: the preheated pool did not fill within 300 s")
            print(
                f"{args.visitors} visitors open lessons at once on {psutil.cpu_count()} cores "
                f"({len(pool)} lessons preheated, culling every {args.cull_interval} s "
                f"after {args.cull_timeout} s idle)"
            )
            asyncio.run(run(url, proc, args, pool))
        finally:
            stop_process(proc)


async def run(url: str, proc, args, pool: list[str]) -> None:
    from playwright.async_api import async_playwright

    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        start = asyncio.Event()
        names = [LESSONS[i % len(LESSONS)] for i in range(args.visitors)]
        tasks = [asyncio.ensure_future(visit(browser, url, n, start)) for n in names]
        await asyncio.sleep(1)
        start.set()
        results = await asyncio.gather(*tasks)
        times = [s for _, _, s in results if s is not None]
        if times:
            print(
                f"time to first widget (s): min {min(times):.2f}  "
                f"median {statistics.median(times):.2f}  max {max(times):.2f}  "
                f"({len(times)}/{len(results)} visitors saw it)"
            )
        kernels = kernel_processes(proc)
        sizes = []
        for k in kernels:
            try:
                sizes.append(k.memory_full_info().uss / MIB)
            except psutil.NoSuchProcess:
                continue
        server = psutil.Process(proc.pid).memory_full_info().uss / MIB
        if sizes:
            print(
                f"memory: {len(sizes)} kernels, each median {statistics.median(sizes):.0f} MiB "
                f"(max {max(sizes):.0f}); all kernels {sum(sizes):.0f} MiB, "
                f"server {server:.0f} MiB, total {sum(sizes) + server:.0f} MiB"
            )
        for _, page, _ in results:
            await page.close(run_before_unload=True)
        closed = time.monotonic()
        for label, at in [
            ("5 s", 5.0),
            (f"one culling interval later ({5 + args.cull_interval} s)", 5.0 + args.cull_interval),
        ]:
            await asyncio.sleep(max(0.0, closed + at - time.monotonic()))
            alive = len(kernel_processes(proc))
            print(
                f"kernels alive {label} after the tabs closed: {max(0, alive - len(pool))} "
                f"of the visitors' (plus {min(alive, len(pool))} preheated, waiting)"
            )
        for context, _, _ in results:
            await context.close()
        await browser.close()


if __name__ == "__main__":
    main()
