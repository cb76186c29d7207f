"""The documentation site builds with warnings as errors, with every lesson rendered.

The fast tests keep the hand-written pages true to the engine; the slow one runs the
same build as ``make docs`` (every notebook executed) into a temporary folder.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
import re
import subprocess
import sys
from pathlib import Path

import pytest

import fivecrowns_lab
from fivecrowns_lab import JOKER, ROUNDS, Card, Suit, card_points, hand_size, wild_rank

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
RANK_TEXT = {11: "J", 12: "Q", 13: "K"}


def _table_rows(text: str, header: str) -> list[list[str]]:
    """The body rows of the Markdown table whose header line starts with ``header``."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(header))
    rows = []
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip("|").split("|")])
    return rows


def test_rules_page_round_schedule_matches_the_engine():
    text = (DOCS / "rules-for-learners.md").read_text(encoding="utf-8")
    rows = _table_rows(text, "| round | cards dealt | wild rank |")
    expected = [
        [str(r), str(hand_size(r)), RANK_TEXT.get(wild_rank(r), str(wild_rank(r)))] for r in ROUNDS
    ]
    assert rows == expected


def test_rules_page_points_match_the_engine():
    text = (DOCS / "rules-for-learners.md").read_text(encoding="utf-8")
    points = dict(_table_rows(text, "| card | points |"))
    assert points["J, Q, K"] == ", ".join(
        str(card_points(Card(rank, Suit.HEARTS), 1)) for rank in (11, 12, 13)
    )
    assert points["a card of the round's wild rank"] == str(card_points(Card(13, Suit.STARS), 11))
    assert points["joker"] == str(card_points(JOKER, 5))
    assert card_points(Card(10, Suit.CLUBS), 1) == 10  # "3 to 10: the number on the card"


def _api_text() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted((DOCS / "api").glob("*.md")))


def test_api_reference_documents_every_engine_module():
    documented = set(re.findall(r"automodule:: (fivecrowns_lab[\w.]*)", _api_text()))
    modules = {
        m.name
        for m in pkgutil.walk_packages(fivecrowns_lab.__path__, "fivecrowns_lab.")
        if not m.ispkg
        and not m.name.startswith("fivecrowns_lab.views")
        and not m.name.rsplit(".", 1)[-1].startswith("_")
    }
    missing = sorted(modules - documented)
    assert not missing, f"docs/api.md does not document {missing}"


def test_make_docs_treats_warnings_as_errors():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    recipe = makefile.split("\ndocs:", 1)[1].split("\n\n", 1)[0]
    assert "sphinx-build" in recipe and " -W" in recipe


def test_make_docs_keeps_the_doctrees_out_of_the_published_html():
    # Sphinx puts its pickled doctrees (tens of MB) inside the output folder unless -d
    # says where; docs/_build/html is what gets published.
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    recipe = makefile.split("\ndocs:", 1)[1].split("\n\n", 1)[0]
    doctrees = re.search(r" -d (\S+)", recipe)
    assert doctrees, "make docs must pass -d to sphinx-build"
    html = recipe.split()[-1]
    assert not (doctrees[1] + "/").startswith(html + "/"), (doctrees[1], html)


def test_every_lesson_page_gets_links_to_open_it_live():
    conf = _conf()
    line = conf.open_live_html("08-go-out-on-the-deal")
    assert f"{conf.SITE_URL}/voici/render/08-go-out-on-the-deal.html" in line
    assert f"{conf.BINDER_URL}?urlpath=voila/render/notebooks/08-go-out-on-the-deal.ipynb" in line
    assert conf.BINDER_URL.endswith("/binder")  # the release branch, not main


def test_the_docs_build_plays_the_lessons_games_in_the_foreground(monkeypatch):
    # Lessons 10 and 11 were saved mid-run ("4 of 10 deals") when their games ran on a thread.
    from fivecrowns_lab.views.work import threads_allowed

    assert threads_allowed()
    for name, value in _conf().LESSON_ENV.items():
        monkeypatch.setenv(name, value)
    assert not threads_allowed()


def test_api_reference_hides_the_values_of_big_constants():
    """A documented module constant whose value prints over 120 characters (DECK's 116
    cards) is shown without its value."""
    from sphinx.pycode import ModuleAnalyzer

    text = _api_text()
    for module in set(re.findall(r"automodule:: (fivecrowns_lab[\w.]*)", text)):
        imported = importlib.import_module(module)
        for scope, name in ModuleAnalyzer.for_module(module).find_attr_docs():
            if scope or len(repr(getattr(imported, name))) <= 120:  # class attributes aside
                continue
            assert f".. autodata:: {module}.{name}\n   :no-value:" in text, name
            assert re.search(rf"automodule:: {module}\n   :exclude-members: .*{name}", text)


def test_api_reference_is_split_by_layer_with_one_page_each():
    pages = {p.stem for p in (DOCS / "api").glob("*.md")}
    assert pages == {"index", "core", "table", "odds", "classroom", "lessons"}
    index = (DOCS / "api" / "index.md").read_text(encoding="utf-8")
    for page in pages - {"index"}:
        assert f"\n{page}\n" in index, f"api/{page}.md is not in the API toctree"


def _conf():
    """docs/conf.py as a module (importing it fetches the widget scripts once, if missing)."""
    sys.path.insert(0, str(DOCS))
    try:
        import conf
    finally:
        sys.path.remove(str(DOCS))
    return conf


def test_intersphinx_uses_the_inventories_kept_in_the_repository():
    conf = _conf()
    assert set(conf.intersphinx_mapping) == {"python", "pandas"}
    for _url, inventory in conf.intersphinx_mapping.values():
        assert Path(inventory).is_file() and Path(inventory).read_bytes().startswith(
            b"# Sphinx inventory version 2"
        )


@pytest.fixture(scope="session")
def site(tmp_path_factory) -> Path:
    """The site, built as ``make docs`` builds it (every lesson executed), once per run (its
    browser test runs after every test without a browser: tests/conftest.py)."""
    tmp_path = tmp_path_factory.mktemp("docs")
    out = tmp_path / "html"
    cmd = [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-b", "html"]
    cmd += ["-d", str(tmp_path / "doctrees"), str(DOCS), str(out)]
    result = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=900)
    log = result.stdout[-3000:] + result.stderr[-6000:]
    assert result.returncode == 0, f"the docs build failed:\n{log}"
    return out


@pytest.mark.slow
def test_docs_build_with_every_lesson_rendered(site):
    out = site

    for page in ("index", "getting-started", "rules-for-learners", "for-teachers", "api/index"):
        assert (out / f"{page}.html").is_file(), f"{page}.html was not built"
    assert "0.1.0" in (out / "changelog.html").read_text(encoding="utf-8")

    notebooks = sorted(p.stem for p in (ROOT / "notebooks").glob("*.ipynb"))
    assert notebooks, "no lesson notebooks to render"
    lessons_index = (out / "lessons.html").read_text(encoding="utf-8")
    for name in notebooks:
        page = out / "lessons" / f"{name}.html"
        assert page.is_file(), f"lesson {name} has no page"
        assert f"lessons/{name}.html" in lessons_index, f"lesson {name} is not listed"
        html = page.read_text(encoding="utf-8")
        if "application/vnd.jupyter.widget-view+json" in html:
            assert "application/vnd.jupyter.widget-state+json" in html, (
                f"{name}: a widget is shown but its state was not saved"
            )

    gallery = out / "lessons" / "00-index.html"
    if gallery.is_file():
        html = gallery.read_text(encoding="utf-8")
        assert not re.search(r"href=\\?['\"]\d\d-[\w-]+\.ipynb", html), "links still to .ipynb"
        for target in set(re.findall(r"href=\\?['\"](\d\d-[\w-]+\.html)", html)):
            assert (out / "lessons" / target).is_file(), f"the gallery links to {target}"


@pytest.mark.slow
def test_api_pages_link_python_and_pandas_and_hide_the_deck_value(site):
    core = (site / "api" / "core.html").read_text(encoding="utf-8")
    assert 'id="fivecrowns_lab.core.cards.DECK"' in core
    assert "Card(3, Suit.STARS), Card(3, Suit.STARS)" not in core  # the 116 cards
    assert core.count("Card(") < 40
    pages = "".join(
        (site / "api" / f"{name}.html").read_text(encoding="utf-8") for name in ("table", "odds")
    )  # the type hints link out, not only the index's prose
    assert "https://docs.python.org/3/library/fractions.html#fractions.Fraction" in pages
    assert "https://pandas.pydata.org/docs/reference/api/pandas.DataFrame.html" in pages


@pytest.mark.slow
def test_every_widget_script_is_served_by_the_site_itself(site):
    for name in ("02-books-runs-and-wilds", "05-solitaire"):
        html = (site / "lessons" / f"{name}.html").read_text(encoding="utf-8")
        scripts = re.findall(r'<script[^>]*src="([^"]+)"', html)
        outside = [s for s in scripts if re.match(r"https?://|//", s)]
        assert not outside, f"{name} loads scripts from outside: {outside}"
        local = [s.split("?")[0] for s in scripts]  # Sphinx adds ?v=<hash>
        assert any(s.endswith("_static/widgets/html-manager/embed-amd.js") for s in local), local
        assert any(s.endswith("_static/widgets/require.js") for s in local), local
    widgets = site / "_static" / "widgets"
    assert (widgets / "anywidget" / "index.js").is_file()
    licences = (widgets / "LICENSES.txt").read_text(encoding="utf-8")
    for package in ("requirejs", "@jupyter-widgets/html-manager", "anywidget"):
        assert package in licences


@pytest.mark.slow
@pytest.mark.browser
@pytest.mark.site  # make test runs it in the process that built the docs (tools/test_lanes.sh)
def test_built_lesson_draws_its_cards_with_the_network_blocked(site, browser):
    """No request may leave the file system: the widgets still draw, anywidget ones too,
    and the high-contrast switch works with no kernel."""
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    outside: list[str] = []

    def only_files(route):
        if route.request.url.startswith(("file:", "data:", "blob:")):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    context.route("**/*", only_files)
    page = context.new_page()
    try:
        page.goto((site / "lessons" / "05-solitaire.html").as_uri())
        page.wait_for_selector(".fc-view svg.fc-card-svg", timeout=60_000)
        page.wait_for_selector(".fc-handw button.fc-cardbtn", timeout=60_000)  # anywidget
        assert page.locator(".fc-view svg.fc-card-svg").count() > 10
        switch = page.get_by_role("button", name="High contrast")
        assert switch.count() == 1
        switch.click()
        assert page.evaluate("() => document.documentElement.classList.contains('fc-hc')")
        shots = Path(os.environ.get("FIVECROWNS_SHOTS", site.parent))
        page.screenshot(path=str(shots / "docs-offline-05-solitaire.png"), full_page=True)
    finally:
        context.close()
    assert not outside, f"requests that left the file system: {outside[:5]}"


# -- The Danish edition (Sphinx i18n, sphinx-intl) -------------------------------------

LOCALE = DOCS / "locale" / "da" / "LC_MESSAGES"


def _translated_pages() -> list[str]:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    return re.search(r"^DOCS_PAGES := (.+)$", makefile, re.M)[1].split()


def test_danish_catalogues_of_the_translated_pages_are_complete():
    from babel.messages.pofile import read_po

    pages = _translated_pages()
    assert {"rules-for-learners", "for-teachers", "lessons"} <= set(pages)
    for page in pages:
        with open(LOCALE / f"{page}.po", "rb") as handle:
            catalogue = read_po(handle)
        entries = [m for m in catalogue if m.id]
        assert len(entries) > 3, page
        assert [m.id for m in entries if not m.string] == [], f"untranslated in {page}"
        assert [m.id for m in entries if m.fuzzy] == [], f"fuzzy in {page}"
        # the page's source still says every sentence the catalogue translates (none stale)
        assert [m.id for m in catalogue.obsolete.values()] == [], f"obsolete in {page}"


def test_danish_rules_page_uses_the_danish_sheets_words():
    from babel.messages.pofile import read_po

    with open(LOCALE / "rules-for-learners.po", "rb") as handle:
        words = {m.id: m.string for m in read_po(handle) if m.id}
    assert words["Book"] == "Sæt" and words["Run"] == "Sekvens"
    assert "I første runde er en trer 20, ikke 3." in " ".join(words.values())


@pytest.fixture(scope="session")
def danish_site(site) -> Path:
    """The Danish edition, built after the English one (they share docs/lessons/) into
    html/da/ as ``make docs`` does."""
    out = site / "da"
    cmd = [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-t", "da", "-b", "html"]
    cmd += ["-d", str(site.parent / "doctrees-da"), str(DOCS), str(out)]
    result = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=900)
    log = result.stdout[-3000:] + result.stderr[-6000:]
    assert result.returncode == 0, f"the Danish docs build failed:\n{log}"
    return out


@pytest.mark.slow
def test_danish_edition_has_the_danish_lessons_rules_and_teachers_pages(site, danish_site):
    rules = (danish_site / "rules-for-learners.html").read_text(encoding="utf-8")
    assert '<html lang="da"' in rules and "I første runde er en trer 20, ikke 3." in rules
    assert "Mistakes people often make" not in rules
    teachers = (danish_site / "for-teachers.html").read_text(encoding="utf-8")
    assert "Hvilken lektion til hvilket mål" in teachers
    danish = sorted(p.stem for p in (ROOT / "notebooks" / "da").glob("*.ipynb"))
    index = (danish_site / "lessons.html").read_text(encoding="utf-8")
    for name in danish:  # whatever notebooks/da/ holds, with no list to update
        page = (danish_site / "lessons" / f"{name}.html").read_text(encoding="utf-8")
        assert f"lessons/{name}.html" in index and "voila/render/notebooks/da/" in page
    assert "Sæt, sekvenser og vilde kort" in (
        danish_site / "lessons" / "02-books-runs-and-wilds.html"
    ).read_text(encoding="utf-8")
    # the language links between the editions lead to pages that exist
    english_rules = (site / "rules-for-learners.html").read_text(encoding="utf-8")
    assert 'href="./da/rules-for-learners.html" hreflang="da"' in english_rules
    assert 'href="./../rules-for-learners.html" hreflang="en"' in rules
    for name in danish:
        gallery = (danish_site / "lessons" / name).with_suffix(".html").read_text("utf-8")
        for target in re.findall(r"href=\\?['\"]([\w./-]+\.html)", gallery):
            if not target.startswith(("http", "#", "_")):
                resolved = (danish_site / "lessons" / target).resolve()
                assert resolved.is_file(), f"{name} links {target}"


# -- serving-a-class.md: what a class server records, against the catalogue -------------------

#: "**quiz first tries**, lessons 01 to 12": the kind of record and the lessons documented.
_RECORDED = re.compile(
    r"\*\*(quiz first tries|experiment runs|predictions)\*\*, lessons (\d\d) to (\d\d)"
)


def _documented_lessons() -> dict[str, set[str]]:
    text = (DOCS / "serving-a-class.md").read_text(encoding="utf-8")
    section = text[text.index("**What is recorded**") : text.index("**The dashboard**")]
    found = {kind: (low, high) for kind, low, high in _RECORDED.findall(section)}
    return {
        kind: {f"{n:02d}" for n in range(int(a), int(b) + 1)} for kind, (a, b) in found.items()
    }


def _prediction_lessons() -> set[str]:
    """The lessons of the ids :mod:`~fivecrowns_lab.classroom.predictions` documents, each
    one a question the server accepts (an id it does not know is left out)."""
    from fivecrowns_lab.classroom import predictions

    ids = re.findall(r'"(\d\d/[^"]+)"', predictions.__doc__ or "")
    known = {q.lesson for q in map(predictions.find_question, ids) if q is not None}
    assert len(known) >= 3, "the module's documented ids should name its questions"
    return known


def test_serving_docs_name_exactly_the_lessons_a_class_server_records():
    import fivecrowns_lab.lessons  # noqa: F401 - each lesson adds its quiz to the catalogue
    from fivecrowns_lab.classroom.experiments import lesson_experiments
    from fivecrowns_lab.content.quizzes import LESSON_QUIZZES

    lessons = [f"{n:02d}" for n in range(0, 100)]
    catalogue = {
        "quiz first tries": set(LESSON_QUIZZES),
        "experiment runs": {n for n in lessons if lesson_experiments(n)},
        "predictions": _prediction_lessons(),
    }
    assert _documented_lessons() == catalogue


def test_serving_docs_promise_only_the_class_line_the_page_shows():
    text = (DOCS / "serving-a-class.md").read_text(encoding="utf-8")
    script = (ROOT / "fivecrowns_lab" / "views" / "classlink.js").read_text(encoding="utf-8")
    assert "recording is off" not in text.lower().replace("\n", " ")
    shown = re.search(r"\*(Recording paused: \d+ results waiting\.)\*", text)
    assert shown is not None
    assert re.sub(r"\d+", "{count}", shown[1]) in script
