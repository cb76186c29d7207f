"""How fast a chart follows new data in Chromium: the running estimate with N points.

The lessons' chart front end (``views/chart.js``) and the bundled library
(``views/static/vega.js``) are loaded into a blank page in headless Chromium (served
from memory by Playwright: no server, no kernel), with a small stand-in for the widget
model. For each N it times, REPEAT times each:

* **append**: 10 rows added to the running estimate's N - 10 (what the lessons send as
  hands, deals or games are added), from setting the model's data to the redraw having
  been painted (the view has run and one animation frame has passed);
* **replace**: all N rows new (a new seed, say), timed the same way;
* **re-embed** (the baseline, measured in the same run): the same chart drawn afresh from
  its spec and data, as a chart without named datasets would have to.

Each time is given twice: until the view has run (the SVG is updated) and until the next
painted frame (which adds up to one frame, about 17 ms at 60 Hz). Reduced motion is on,
so an update draws at once (the lessons' growing animation spreads
it over 700 ms on purpose). Prints the medians in ms and the ratios re-embed / update;
issue 18 asks for updates under 100 ms.

Run: ``.venv/bin/python benchmarks/charts.py [--sizes 100 1000] [--repeat 15]``
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from fivecrowns_lab.views.specs import running_spec  # noqa: E402
from tests.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402 - the tests' browser flags

VIEWS = ROOT / "fivecrowns_lab" / "views"
ORIGIN = "http://charts.bench"
TARGET_MS = 100.0

PAGE = """<!doctype html><html><body>
<div id="chart" style="width: 720px"></div>
<script type="module">
import library from "/vega.js";
import chart from "/chart.js";
library.initialize();

// A stand-in for the widget model: get, set (which fires change:<name>) and on.
class Model {
  constructor(state) { this.state = state; this.handlers = {}; }
  get(name) { return this.state[name]; }
  on(event, f) { (this.handlers[event] = this.handlers[event] || []).push(f); }
  set(name, value) {
    this.state[name] = value;
    for (const f of this.handlers["change:" + name] || []) f();
  }
}
const el = document.getElementById("chart");
const SPEC = __SPEC__;
const model = new Model({ spec: {}, data: {}, animate: ["running"], label: "bench",
                          summary: "", visible: true });
chart.render({ model, el });

// Resolves after one painted frame once `attribute` of the chart element has changed,
// with the time it changed (the view had run) and the time of that frame.
function changed(attribute) {
  return new Promise((done) => {
    const watch = new MutationObserver(() => {
      const ran = performance.now();
      watch.disconnect();
      requestAnimationFrame(() => done([ran, performance.now()]));
    });
    watch.observe(el, { attributes: true, attributeFilter: [attribute] });
  });
}

function rows(n, shift) {
  const out = [];
  let hits = 0;
  for (let i = 1; i <= n; i++) {
    hits += ((i * 7 + shift) % 10) < 3 ? 1 : 0;
    const p = hits / i, half = 1.96 * Math.sqrt(p * (1 - p) / i) + 0.5 / i;
    out.push({ n: i * 10, value: p, low: Math.max(0, p - half), high: Math.min(1, p + half) });
  }
  return out;
}

window.bench = {
  async draw(n) {
    const drawn = changed("data-drawn");
    model.state.data = { running: rows(n, 0), marks: [{ value: 0.3, series: "exact" }] };
    model.set("spec", SPEC);
    await drawn;
  },
  async update(n, shift) {
    const updated = changed("data-updated");
    const t0 = performance.now();
    model.set("data", { running: rows(n, shift), marks: [{ value: 0.3, series: "exact" }] });
    return (await updated).map((t) => t - t0);
  },
  async append(n, shift) {
    // Not timed: the view holds the first n - 10 rows. Timed: the last 10 arrive.
    const all = rows(n, shift);
    const ready = changed("data-updated");
    model.set("data", { running: all.slice(0, n - 10), marks: [{ value: 0.3, series: "exact" }] });
    await ready;
    const updated = changed("data-updated");
    const t0 = performance.now();
    model.set("data", { running: all, marks: [{ value: 0.3, series: "exact" }] });
    return (await updated).map((t) => t - t0);
  },
  async reembed(n, shift) {
    const drawn = changed("data-drawn");
    const t0 = performance.now();
    model.state.data = { running: rows(n, shift), marks: [{ value: 0.3, series: "exact" }] };
    model.set("spec", JSON.parse(JSON.stringify(SPEC)));
    return (await drawn).map((t) => t - t0);
  },
};
window.benchReady = true;
</script></body></html>
"""


def measure(page, n: int, repeat: int) -> dict[str, tuple[float, float]]:
    """Median (view run, painted) times in ms of append, replace and re-embed for ``n`` points."""

    def median(call: str) -> tuple[float, float]:
        page.evaluate(f"a => window.bench.{call}(a[0], a[1])", [n, 99])  # warm-up
        times = [
            page.evaluate(f"a => window.bench.{call}(a[0], a[1])", [n, i]) for i in range(repeat)
        ]
        return statistics.median(t[0] for t in times), statistics.median(t[1] for t in times)

    page.evaluate("n => window.bench.draw(n)", n)
    return {
        kind: median(call)
        for kind, call in (("append", "append"), ("replace", "update"), ("re-embed", "reembed"))
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 1000])
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args(argv)
    if not CHROMIUM.exists():
        print(f"{CHROMIUM} is missing: install Debian's chromium to run this benchmark.")
        return 1
    from playwright.sync_api import sync_playwright

    spec = running_spec("Running estimate", "hands dealt", "share of hands")
    files = {
        "/": ("text/html", PAGE.replace("__SPEC__", json.dumps(spec)).encode()),
        "/vega.js": ("text/javascript", (VIEWS / "static" / "vega.js").read_bytes()),
        "/chart.js": ("text/javascript", (VIEWS / "chart.js").read_bytes()),
    }

    def serve(route) -> None:
        path = route.request.url.removeprefix(ORIGIN)
        kind, body = files.get(path, ("text/plain", b""))
        route.fulfill(status=200 if path in files else 404, content_type=kind, body=body)

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            context = browser.new_context(reduced_motion="reduce")
            page = context.new_page()
            page.route(f"{ORIGIN}/**", serve)
            page.goto(f"{ORIGIN}/")
            page.wait_for_function("() => window.benchReady === true", timeout=60_000)
            print(
                f"Chart update in Chromium, medians of {args.repeat}, in ms: until the view has "
                "run / until the next painted frame"
            )
            slow = []
            for n in args.sizes:
                times = measure(page, n, args.repeat)
                embed = times["re-embed"]
                cells = "   ".join(
                    f"{k} {ran:6.1f} / {painted:6.1f}" for k, (ran, painted) in times.items()
                )
                ratios = ", ".join(
                    f"re-embed / {k} {embed[0] / times[k][0]:4.1f}x" for k in ("append", "replace")
                )
                print(f"  N={n:>5}: {cells}   ({ratios}, view run)")
                slow += [n for k in ("append", "replace") if times[k][1] >= TARGET_MS]
            verdict = "all under" if not slow else f"N={sorted(set(slow))} not under"
            print(f"Target: updates painted within {TARGET_MS:.0f} ms: {verdict}.")
        finally:
            browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
