"""How fast the lessons feel: time to the first widget and click-to-update, in headless Chromium.

Starts Voilà as ``make app`` does (serving notebooks/, on a free port) and, for each
lesson, opens it cold in a fresh browser context REPEAT times and measures the time
until its first view is visible; then measures click-to-update for one button per
lesson. Prints medians. Targets on the 2-core machine: first widget within 8 s,
click-to-update under 300 ms.

Run: ``.venv/bin/python benchmarks/app.py``
"""

from __future__ import annotations

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
    "04-play-a-round": ("Hint", "lookahead bot would"),
    "05-solitaire": ("Hint", "bot would"),
}


def main() -> None:
    import shutil

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "notebooks"
        shutil.copytree(ROOT / "notebooks", folder)
        port = free_port()
        proc = start_voila(folder, port)
        try:
            url = f"http://127.0.0.1:{port}"
            wait_for_http(url + "/", proc)
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


if __name__ == "__main__":
    main()
