"""The static site (``make site``) in headless Chromium, offline: the lessons run in the browser.

The built ``_site/`` is served from 127.0.0.1 by a plain ``http.server`` in a thread, and
every request for another address is aborted, so a lesson that needed a CDN or PyPI would
fail here. Each test opens a lesson, waits for its widgets (Pyodide starts in the page: half a
minute or more on a busy machine) and clicks a control that the browser's Python answers.
The other lessons are opened in two tabs taking turns, the next lesson loading while one
is checked (the browser's cache serves Pyodide and the wheels after the first).

Skips when ``_site/`` is not built, unless ``FIVECROWNS_BUILD_SITE=1`` asks for a build
(``make site``: about a minute here, plus the site's venv the first time).
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import os
import re
import subprocess
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import ClassVar

import pytest
from playwright.sync_api import expect

from .conftest import run_lock
from .test_browser_lessons import new_hand_deals_other_cards

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "_site"
SHOTS = ROOT / "artifacts" / "screenshots"
#: Pyodide and the kernel start in each page: generous, for a machine shared by many.
WIDGET_TIMEOUT_MS = 240_000


class _Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".json": "application/json",
    }

    def log_message(self, format: str, *args: object) -> None:
        pass


def serve(folder: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    """Serve ``folder`` on a free port of 127.0.0.1 from a thread; return the server and URL."""
    handler = functools.partial(_Quiet, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


@pytest.fixture(scope="session")
def site_url(tmp_path_factory) -> Iterator[str]:
    # One worker builds the site; the others wait for it (tests/test_pyodide.py's npm ci too).
    with run_lock(tmp_path_factory, "lite"):
        if not (SITE / "voici" / "render" / "00-index.html").is_file():
            if os.environ.get("FIVECROWNS_BUILD_SITE") == "1":
                subprocess.run(["make", "site"], cwd=ROOT, check=True, timeout=1800)
            else:
                pytest.skip(
                    "STATIC SITE TESTS SKIPPED: _site/ is not built "
                    "(run `make site`, or set FIVECROWNS_BUILD_SITE=1)"
                )
    server, url = serve(SITE)
    try:
        yield url
    finally:
        server.shutdown()


@contextlib.contextmanager
def offline_tab(
    browser, width: int = 1100, height: int = 900, home: str = "http://127.0.0.1:", **options
):
    """A tab of a fresh context (``options``: Playwright's) whose every request for an
    address outside ``home`` is aborted and recorded in ``page.blocked``."""
    context = browser.new_context(viewport={"width": width, "height": height}, **options)
    blocked: list[str] = []

    def route(request_route):
        url = request_route.request.url
        if url.startswith((home, "data:", "blob:")):
            request_route.continue_()
        else:
            blocked.append(url)
            request_route.abort()

    context.route("**/*", route)
    page = context.new_page()
    page.blocked = blocked
    try:
        yield page
    finally:
        context.close()


@pytest.fixture
def offline_page(browser, site_url):
    """A tab of its own for one test, offline."""
    with offline_tab(browser) as page:
        yield page


def open_lesson(page, site_url: str, name: str, selector: str) -> None:
    page.goto(f"{site_url}/voici/render/{name}.html")
    wait_for_lesson(page, selector)


def wait_for_lesson(page, selector: str) -> None:
    """Wait for the lesson's first widget, then check that no cell failed."""
    page.wait_for_selector(selector, state="visible", timeout=WIDGET_TIMEOUT_MS)
    errors = page.locator(
        ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr'],"
        " .jp-RenderedText[data-mime-type='application/vnd.jupyter.error'], .fc-msg.fc-error"
    )
    assert not [errors.nth(i).inner_text() for i in range(errors.count())]
    assert "Traceback" not in page.inner_text("body")


def wait_text(page, selector: str, text: str, timeout: int = 60_000) -> None:
    page.wait_for_function(
        "([sel, text]) => [...document.querySelectorAll(sel)]"
        ".some(e => e.innerText.includes(text))",
        arg=[selector, text],
        timeout=timeout,
    )


def nothing_was_blocked(page) -> None:
    """The page asked no other server for anything (the icon font is bundled too)."""
    assert page.blocked == []


def shoot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def test_site_bundles_every_lesson_and_no_page_loads_pyodide_from_a_cdn(site_url):
    # site_url builds the site first when FIVECROWNS_BUILD_SITE=1 (as .ci/run sets), or skips
    assert (SITE / "voici" / "render").is_dir()
    pages = {p.stem for p in (SITE / "voici" / "render").glob("*.html")}
    assert pages == {p.stem for p in (ROOT / "notebooks").glob("*.ipynb")}
    config = (SITE / "jupyter-lite.json").read_text(encoding="utf-8")
    assert '"pyodideUrl": "./static/pyodide/pyodide.js"' in config
    assert '"disablePyPIFallback": true' in config
    lock = (SITE / "static" / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8")
    for wheel in re.findall(r'"file_name": "([^"]+)"', lock):
        assert (SITE / "static" / "pyodide" / wheel).is_file(), wheel


def check_index(page) -> None:
    """The gallery lists the lessons with links to their pages; a link keeps the theme."""
    wait_for_lesson(page, ".fc-gallery")
    links = page.locator(".fc-gallery a.fc-lesson").evaluate_all(
        "a => a.map(x => x.getAttribute('href'))"
    )
    assert "01-cards-and-wilds.html" in links and len(links) >= 12
    for href in [*links, "00-rules.html", "00-teachers.html"]:
        assert (SITE / "voici" / "render" / href).is_file(), href
    page.locator(".fc-gallery a.fc-lesson").first.click()
    # The link carries the theme in force (a new visit, a light system: light).
    page.wait_for_url(re.compile(r".*/voici/render/01-cards-and-wilds\.html\?theme=light$"))


def check_01_slider_redraws_the_schedule(page) -> None:
    wait_for_lesson(page, ".fc-quiz")
    assert page.locator(".fc-lessonnav a[rel=next]").get_attribute("href") == (
        "02-books-runs-and-wilds.html"
    )
    schedule = page.locator(".fc-view").first
    handle = schedule.locator(".noUi-handle, .ui-slider-handle, [role=slider]").first
    handle.focus()
    for _ in range(10):
        handle.press("ArrowRight")
    wait_text(page, ".fc-view", "13 cards")  # round 11, drawn by the browser's Python
    # the table below the sentence is a second widget, drawn a moment after the sentence
    wait_text(page, ".fc-view", "not 13")


def check_02_new_hand_deals(page) -> None:
    wait_for_lesson(page, ".fc-quiz")
    expect(page.locator(".fc-meldchecks")).to_contain_text(
        "not a meld. Runs cannot wrap", use_inner_text=True
    )
    new_hand_deals_other_cards(page, page.locator(".fc-view").nth(1))


#: True when the page shows JupyterLab's dark colours (its body's background is not white).
IS_DARK = """() => document.body.dataset.jpThemeLight === 'false'
  && getComputedStyle(document.body).backgroundColor !== 'rgb(255, 255, 255)'"""

#: Run in every page of the tab before its own scripts: the page's background at the moment
#: Voici first shows the lesson's cells (window.__firstShown), to catch a flash of light.
FIRST_SHOWN = """(() => {
  const look = () => {
    const cells = document.getElementById('rendered_cells');
    if (cells && cells.style.display !== 'none') {
      window.__firstShown = getComputedStyle(document.body).backgroundColor;
      return;
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();"""


def test_site_dark_theme_switch_and_the_next_page_opens_dark(offline_page, site_url):
    page = offline_page
    page.add_init_script(FIRST_SHOWN)
    open_lesson(page, site_url, "01-cards-and-wilds", ".fc-quiz")
    assert page.evaluate(IS_DARK) is False  # a new visit, and the system's theme is light
    page.get_by_role("button", name="Dark theme").first.click()
    page.wait_for_function(IS_DARK)
    sheets = page.evaluate(
        "() => [...document.querySelectorAll('link[rel=stylesheet]')]"
        ".map(l => l.href).filter(h => h.includes('theme-dark-extension'))"
    )
    assert len(sheets) == 1 and sheets[0].startswith(site_url)  # the site's own copy
    page.locator(".fc-lessonnav a[rel=next]").click()
    page.wait_for_url(re.compile(r"02-books-runs-and-wilds\.html\?theme=dark$"))
    wait_for_lesson(page, ".fc-quiz")
    assert page.evaluate(IS_DARK) is True
    # The lesson's cells were dark from the moment they first showed: no flash of light.
    dark = page.evaluate("() => getComputedStyle(document.body).backgroundColor")
    assert page.evaluate("() => window.__firstShown") == dark
    page.get_by_role("button", name="Dark theme").first.click()
    page.wait_for_function("() => document.body.dataset.jpThemeLight === 'true'")
    assert page.evaluate(IS_DARK) is False
    assert page.url.endswith("?theme=light")  # a reload keeps the choice made since
    nothing_was_blocked(page)


@pytest.mark.parametrize(
    ("stored", "system", "dark"),
    [("dark", "light", True), (None, "dark", True), ("light", "dark", False)],
    ids=["stored-dark", "system-dark", "stored-light-beats-system"],
)
def test_site_lesson_opened_from_a_bare_address_shows_the_visitors_theme_from_the_start(
    offline_page, site_url, stored, system, dark
):
    # A bookmark or a typed address carries no ?theme=: the page still opens in the theme
    # the visitor chose (else the system's), with no light loading screen or cells first.
    page = offline_page
    page.emulate_media(color_scheme=system)
    if stored:
        page.add_init_script(f"localStorage.setItem('fivecrowns-lab:theme', '{stored}')")
    page.add_init_script(FIRST_SHOWN)
    page.goto(f"{site_url}/voici/render/01-cards-and-wilds.html")
    if dark:
        page.wait_for_url(re.compile(r".*/01-cards-and-wilds\.html\?theme=dark$"))
    page.wait_for_selector("#loading, #rendered_cells", state="attached")
    ground = page.evaluate("() => getComputedStyle(document.body).backgroundColor")
    assert (ground != "rgb(255, 255, 255)") is dark  # the loading screen's ground already
    wait_for_lesson(page, ".fc-quiz")
    assert page.evaluate(IS_DARK) is dark
    # The early dark ground gave way to the theme's own (so the switch can turn it light).
    assert (
        page.evaluate("() => document.documentElement.classList.contains('fc-dark-start')")
        is False
    )
    shown = page.evaluate("() => getComputedStyle(document.body).backgroundColor")
    assert page.evaluate("() => window.__firstShown") == shown
    if not dark:
        assert "theme=" not in page.url  # a light visit is not sent anywhere
    nothing_was_blocked(page)


# -- each page's own check (tests/test_site_pages.py opens every page and runs it) -------------


def _view(page):
    return page.locator(".fc-view").first


def _button(page, name: str) -> None:
    _view(page).get_by_role("button", name=name, exact=True).click()


def _rules(page) -> None:
    expect(page.locator("table.fc-table").first).to_contain_text(
        "A king scores", use_inner_text=True
    )
    _high_contrast(page)


def _high_contrast(page) -> None:
    # A page with no Python control: its high-contrast switch (a widget of the page).
    # The choice holds for the visit (the tab went through other pages): it flips.
    was = page.evaluate("() => document.documentElement.classList.contains('fc-hc')")
    page.get_by_role("button", name="High contrast").first.click()
    page.wait_for_function(
        "was => document.documentElement.classList.contains('fc-hc') !== was", arg=was
    )


def _teachers(page) -> None:
    assert page.locator(".fc-teacher a[download]").count() >= 10  # a worksheet per quiz
    _high_contrast(page)


def _scoring(page) -> None:
    _button(page, "Just show me")
    wait_text(page, ".fc-view .fc-status", "Ann")


def _play(page) -> None:
    _view(page).get_by_role("button", name=re.compile(r"^Draw from the stock")).click()
    wait_text(page, ".fc-coach", "step 2")


def _solitaire(page) -> None:
    _button(page, "Hint")
    wait_text(page, ".fc-view", "Hint:")


def _scorekeeper(page) -> None:
    view = _view(page)
    view.get_by_placeholder("Ann, Ben, Cleo").fill("Ida, Jo")
    _button(page, "Start a new game")
    wait_text(page, ".fc-view .fc-status", "Ida, Jo")
    boxes = view.locator("input[placeholder=points]")
    boxes.nth(0).fill("12")
    boxes.nth(1).fill("0")
    boxes.nth(1).press("Enter")
    wait_text(page, ".fc-view .fc-status", "Round 1 added")


def _guess(label: str, nth: int = 0, share: bool = False) -> Callable[[object], None]:
    def commit(page) -> None:
        # The nth dropdown of the view (lesson 08's question comes before its guess).
        _view(page).locator("select").nth(nth).select_option(label=label)
        if share:  # lesson 07: an untouched share slider is no guess
            handle = _view(page).locator(".noUi-handle").nth(1)
            handle.focus()
            handle.press("ArrowRight")  # its change reaches Python before the click, in order
        _button(page, "Commit my guess")
        wait_text(page, ".fc-view", "Your guess, and the truth", timeout=WIDGET_TIMEOUT_MS)

    return commit


def _outs(page) -> None:
    _button(page, "Just show me")
    wait_text(page, ".fc-view", "24 unseen copies")


def _new_seed(first_run: str) -> Callable[[object], None]:
    def reseed(page) -> None:
        # The lesson's first run is played as the page opens (in turns in the browser).
        wait_text(page, ".fc-view", first_run, timeout=WIDGET_TIMEOUT_MS)
        seed = _view(page).locator(".widget-inline-hbox", has_text="Seed").locator("input").first
        before = int(seed.input_value())
        _button(page, "New seed")
        # The browser's Python picks the next seed and the box shows it.
        page.wait_for_function(
            "([box, want]) => box.value === want", arg=[seed.element_handle(), str(before + 1)]
        )

    return reseed


def _expert(page) -> None:
    _view(page).locator("button.fc-cardbtn").first.click()
    wait_text(page, ".fc-view", "The expert throws", timeout=WIDGET_TIMEOUT_MS)


def _stop_ends_a_run(page) -> None:
    # No thread in the browser: the games play in turns, and a Stop click is read between
    # two games; the games played so far are kept.
    view = _view(page)
    expect(view).to_contain_text(
        "Stop ends a run once the game being played ends", use_inner_text=True
    )
    games = view.locator(".widget-inline-hbox", has_text="Games").locator("input").first
    games.fill("5000")
    games.press("Enter")  # more than a run may play: the box takes the cap
    page.wait_for_function("box => Number(box.value) < 5000", arg=games.element_handle())
    total = int(games.input_value())
    _button(page, "Play the games")
    wait_text(page, ".fc-view", f" of {total:,} games")  # the bar counts the games played
    _button(page, "Stop")
    wait_text(page, ".fc-view", "Stopped after")
    stopped = re.search(r"Stopped after ([\d,]+) of ([\d,]+) games", view.inner_text())
    assert stopped is not None
    assert 0 < int(stopped[1].replace(",", "")) < total == int(stopped[2].replace(",", ""))
    expect(view.get_by_role("button", name="Play the games", exact=True)).to_be_enabled()
    expect(view.get_by_role("button", name="Stop", exact=True)).to_be_disabled()
    shoot(page, "site-10-stopped")


def _lesson_10(page) -> None:
    _new_seed("50 of 50 games")(page)
    _stop_ends_a_run(page)


#: Each lesson but 00-index, 01 and 02 (tested above): what shows it is ready, and one
#: control that it answers (07, 08 and 10 show their quiz only after the first guess).
LESSON_CHECKS: dict[str, tuple[str, Callable[..., None]]] = {
    "00-rules": ("table.fc-table", _rules),
    "00-teachers": (".fc-teacher", _teachers),
    "03-scoring-a-round": (".fc-quiz", _scoring),
    "04-play-a-round": (".fc-play", _play),
    "05-solitaire": (".fc-quiz", _solitaire),
    "06-scorekeeper": (".fc-quiz", _scorekeeper),
    "07-counting-wild-cards": (".fc-view", _guess("2 wilds", share=True)),
    "08-go-out-on-the-deal": (".fc-view", _guess("round 3 (5 cards)", nth=1)),
    "09-outs": (".fc-quiz", _outs),
    "10-strategy-lab": (".fc-view", _lesson_10),
    "11-solitaire-odds": (".fc-quiz", _new_seed("50 of 50 deals")),
    "12-how-the-expert-plays": (".fc-quiz", _expert),
}


#: The Danish edition in the site (voici/render/da/): the gallery and a lesson, scanned for
#: English words of the views as the Voilà test scans them, and the links between editions.
DANISH_PAGES_CHECKED = {"00-index": "Lektion 02", "02-books-runs-and-wilds": "Meldingsbyggeren"}


def check_danish(name: str) -> Callable[[object], None]:
    """The Danish page ``name`` shows no English label and links to Danish pages only."""

    def check(page) -> None:
        from .test_browser_danish import ENGLISH_UI

        shown = page.inner_text("body").replace("Five Crowns", "").replace("Coach Bot", "")
        assert DANISH_PAGES_CHECKED[name] in shown
        assert sorted(set(ENGLISH_UI.findall(shown))) == [], name
        link = page.locator(".fc-language a")
        assert link.inner_text() == "English" and link.get_attribute("href") == f"../{name}.html"
        render = SITE / "voici" / "render"
        for href in page.locator(
            ".fc-gallery a.fc-lesson, .fc-pages a, .fc-lessonnav a"
        ).evaluate_all("a => a.map(x => x.getAttribute('href'))"):
            assert (render / "da" / href).resolve().is_file(), href  # Danish, or ../ in English

    return check


def test_site_kernel_wheels_carry_bytecode_for_what_a_page_imports_and_records_match(site_url):
    # lite/compile_wheels.mjs: the modules a page imports as it opens are bytecode (a page
    # compiles none of them), the rest of a wheel stays source, each RECORD names the files
    # its wheel holds with their hashes, and our wheel leaves its server side out.
    import base64
    import hashlib
    import importlib.util
    import zipfile

    spec = importlib.util.spec_from_file_location("build_site", ROOT / "lite" / "build_site.py")
    assert spec and spec.loader
    build_site = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build_site)
    wheels = {p.name.split("-")[0]: p for p in (SITE / "static" / "pyodide").glob("*.whl")}
    for name, wheel in wheels.items():
        with zipfile.ZipFile(wheel) as zf:
            files = set(zf.namelist())
            (record,) = (n for n in files if n.endswith(".dist-info/RECORD"))
            for line in zf.read(record).decode("utf-8").splitlines():
                path, digest, _size = line.rsplit(",", 2)
                if digest:
                    data = zf.read(path)
                    want = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
                    assert digest == f"sha256={want.decode()}", (wheel.name, path)
            compiled = {n for n in files if n.endswith(".pyc")}
            if name.startswith(build_site.SOURCE_WHEELS):
                assert not compiled, wheel.name
            assert not {n.removesuffix("c") for n in compiled} & files  # no source beside
    with zipfile.ZipFile(wheels["ipython"]) as zf:
        assert "IPython/__init__.pyc" in zf.namelist()
    with zipfile.ZipFile(wheels["fivecrowns_lab"]) as zf:
        assert not set(build_site.SERVER_ONLY) & set(zf.namelist())
        assert "fivecrowns_lab/i18n.py" in zf.namelist()
