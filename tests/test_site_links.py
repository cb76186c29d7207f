"""Links between lesson pages work where the lessons run: ``.ipynb`` under Voilà, ``.html``
in the static site (the browser kernel, ``sys.platform == "emscripten"``)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from fivecrowns_lab.content.catalogue import CATALOGUE
from fivecrowns_lab.views import gallery
from fivecrowns_lab.views.gallery import Gallery, IndexLink, LessonNav, TeacherPage, page_href

ROOT_NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def _hrefs(html: str) -> list[str]:
    return [h for h in re.findall(r"href='([^']+)'", html) if not h.startswith("data:")]


def test_page_href_keeps_notebook_links_on_a_server():
    assert page_href("05-solitaire.ipynb", platform="linux") == "05-solitaire.ipynb"


def test_page_href_links_the_rendered_page_in_the_browser_kernel():
    assert page_href("05-solitaire.ipynb", platform="emscripten") == "05-solitaire.html"
    assert page_href("https://example.org/x", platform="emscripten") == "https://example.org/x"


@pytest.fixture
def in_browser(monkeypatch):
    monkeypatch.setattr(gallery.sys, "platform", "emscripten")


def test_every_link_of_the_gallery_is_an_ipynb_on_a_server():
    assert sys.platform != "emscripten"
    links = _hrefs(Gallery(ROOT_NOTEBOOKS).links.value)
    assert links and all(h.endswith(".ipynb") for h in links)


def test_every_link_of_every_page_is_an_html_page_in_the_browser(in_browser):
    pages = [Gallery(ROOT_NOTEBOOKS).links.value, IndexLink().value, TeacherPage().table.value]
    pages += [LessonNav(entry.number).value for entry in CATALOGUE]
    links = [h for page in pages for h in _hrefs(page) if not h.startswith("https://")]
    assert len(links) > 3 * len(CATALOGUE)
    assert all(re.fullmatch(r"\d\d-[\w-]+\.html", h) for h in links), links
    rendered = {p.stem + ".html" for p in ROOT_NOTEBOOKS.glob("*.ipynb")}
    assert set(links) <= rendered


def _needs(name: str):
    def build():
        raise ModuleNotFoundError(f"No module named {name!r}", name=name)

    return build


def test_a_lesson_needing_matplotlib_says_so_in_the_browser_kernel(monkeypatch):
    from fivecrowns_lab import lessons

    monkeypatch.setattr(lessons.sys, "platform", "emscripten")
    page = lessons._in_browser_or_note("07", _needs("matplotlib.pyplot"))
    text = page.children[0].value
    assert "matplotlib" in text and "make app" in text
    assert page.children[1].before.number == "06" and page.children[1].after.number == "08"


def test_a_missing_package_is_still_an_error_on_a_server(monkeypatch):
    from fivecrowns_lab import lessons

    monkeypatch.setattr(lessons.sys, "platform", "linux")
    with pytest.raises(ModuleNotFoundError):
        lessons._in_browser_or_note("07", _needs("matplotlib"))
    monkeypatch.setattr(lessons.sys, "platform", "emscripten")
    with pytest.raises(ModuleNotFoundError):  # not a package the site leaves out: a bug
        lessons._in_browser_or_note("07", _needs("fivecrowns_lab.nothing"))
