"""Sphinx configuration for the Five Crowns Lab documentation site.

Every notebook in ``notebooks/`` is copied into ``docs/lessons/`` (gitignored) when
the build starts, executed by MyST-NB, and rendered with its outputs; widget state is
saved so the views show up as static pictures. ``make docs`` builds with ``-W``.
"""

from __future__ import annotations

import filecmp
import os
import re
import shutil
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
sys.path.insert(0, str(ROOT))

import fivecrowns_lab  # noqa: E402

# -- Project ---------------------------------------------------------------------------

project = "Five Crowns Lab"
author = "Five Crowns Lab contributors"
copyright = "2026, Five Crowns Lab contributors"
release = fivecrowns_lab.__version__
version = release

REPO_URL = "https://github.com/fivecrowns-lab/fivecrowns_lab"
BINDER_URL = "https://mybinder.org/v2/gh/fivecrowns-lab/fivecrowns_lab/main"

extensions = [
    "myst_nb",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
]

exclude_patterns = ["_build", "**/.ipynb_checkpoints", "Thumbs.db", ".DS_Store"]
source_suffix = {".md": "myst-nb", ".ipynb": "myst-nb"}

# -- The lessons: copied from notebooks/, executed at every build ----------------------

# FIVECROWNS_DOCS_NOTEBOOKS points the build at another folder (to try the machinery).
LESSONS_SRC = Path(os.environ.get("FIVECROWNS_DOCS_NOTEBOOKS", ROOT / "notebooks"))
LESSONS_DST = DOCS / "lessons"


def _is_lesson_file(path: Path) -> bool:
    return (
        path.is_file()
        and not path.name.startswith(".")
        and not path.name.endswith(".autosave.json")
    )


def copy_lessons(src: Path = LESSONS_SRC, dst: Path = LESSONS_DST) -> list[str]:
    """Mirror the files of ``src`` into ``dst``; return the lesson notebooks' names.

    Files are replaced atomically and only when they differ, and stale ones removed,
    without ever emptying the folder: two builds running at once do not pull files
    from under each other.
    """
    dst.mkdir(exist_ok=True)
    names = sorted(p.name for p in src.iterdir() if _is_lesson_file(p))
    for name in names:
        target = dst / name
        if not target.exists() or not filecmp.cmp(src / name, target, shallow=False):
            partial = dst / f".{name}.{os.getpid()}.partial"
            shutil.copy2(src / name, partial)
            os.replace(partial, target)
    for old in dst.iterdir():
        if _is_lesson_file(old) and old.name not in names:
            old.unlink(missing_ok=True)
    return [name for name in names if name.endswith(".ipynb")]


LESSONS = copy_lessons()

nb_execution_mode = "force"
nb_execution_timeout = 120
nb_execution_raise_on_error = True
nb_execution_show_tb = True
# Run each lesson in docs/lessons/ (gitignored), next to its siblings: the index finds
# the other lessons there, and the scorekeeper's autosave file lands there too.
nb_execution_in_temp = False
nb_merge_streams = True

myst_enable_extensions = ["colon_fence", "deflist", "substitution"]
myst_heading_anchors = 3
myst_substitutions = {"binder_url": BINDER_URL}

# -- API reference from docstrings -----------------------------------------------------

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "show-inheritance": True}
napoleon_numpy_docstring = True
napoleon_google_docstring = False

_HEADING = re.compile(r"^(?P<title>\S.*)\n(?P<rule>[-=~^]{3,})$", re.MULTILINE)


def headings_to_rubrics(app, what, name, obj, options, lines) -> None:
    """Turn the section titles Napoleon leaves alone ("Glossary", "How it works") into rubrics.

    A section title inside a docstring is a docutils error; a rubric reads the same.
    """
    text = "\n".join(lines)
    new = _HEADING.sub(
        lambda m: (
            f".. rubric:: {m['title'].strip()}\n"
            if len(m["rule"]) >= len(m["title"].strip())
            else m[0]
        ),
        text,
    )
    if new != text:
        lines[:] = new.split("\n")


# In Voila the gallery links to ``01-cards-and-wilds.ipynb``; on this site that page is
# ``01-cards-and-wilds.html``. The links live inside saved widget state, which MyST does
# not see, so they are rewritten in the written pages.
_LESSON_LINK = re.compile(r"""(href=\\?['"])(\d\d-[\w-]+)\.ipynb(?=\\?['"#])""")


def link_lessons_to_pages(app, exception) -> None:
    """Point ``NN-name.ipynb`` links in the rendered lessons at the lessons' pages."""
    if exception is not None or app.builder.format != "html":
        return
    for page in Path(app.outdir, "lessons").glob("*.html"):
        text = page.read_text(encoding="utf-8")
        new = _LESSON_LINK.sub(r"\1\2.html", text)
        if new != text:
            page.write_text(new, encoding="utf-8")


def setup(app) -> None:
    # Napoleon converts the sections it knows first (priority 500); this runs after it.
    app.connect("autodoc-process-docstring", headings_to_rubrics, priority=600)
    app.connect("build-finished", link_lessons_to_pages)


# -- HTML ------------------------------------------------------------------------------

html_theme = "pydata_sphinx_theme"
html_title = "Five Crowns Lab"
html_static_path = ["_static"]
html_css_files = ["lessons.css"]
html_theme_options = {
    "github_url": REPO_URL,
    "icon_links": [
        {
            "name": "Launch the lessons on Binder",
            "url": f"{BINDER_URL}?urlpath=voila/render/notebooks/00-index.ipynb",
            "icon": "fa-solid fa-rocket",
        }
    ],
    "navigation_with_keys": True,
    "show_toc_level": 2,
    "footer_start": ["copyright"],
    "footer_end": ["sphinx-version"],
}
html_context = {"default_mode": "light"}
# The left sidebar only lists a section's pages: show it where there are some (the lessons).
html_sidebars = {
    page: []
    for page in (
        "index",
        "getting-started",
        "rules-for-learners",
        "for-teachers",
        "api",
        "changelog",
    )
}
