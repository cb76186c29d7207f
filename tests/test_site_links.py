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
