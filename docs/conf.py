"""Sphinx configuration for the Five Crowns Lab documentation site.

Every notebook in ``notebooks/`` is copied into ``docs/lessons/`` (gitignored) when
the build starts, executed by MyST-NB, and rendered with its outputs; widget state is
saved so the views show up as static pictures. ``make docs`` builds with ``-W``.

The Danish edition is the same sources built with the tag ``da`` (``-t da``, into
``_build/html/da/``): the hand-written pages through Sphinx's gettext catalogues
(``docs/locale/da/LC_MESSAGES/*.po``, kept with ``sphinx-intl``), the lessons from the
Danish notebooks in ``notebooks/da/`` (their prose and views already Danish), so only the
lessons that have a Danish notebook are executed twice.
"""

from __future__ import annotations

import filecmp
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
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

# The Danish edition: `-t da` (make docs builds it after the English one, into html/da/).
DANISH = "tags" in globals() and tags.has("da")  # noqa: F821 - Sphinx's conf namespace
language = "da" if DANISH else "en"
locale_dirs = ["locale/"]
gettext_compact = False  # one catalogue per page: a page is translated whole or not at all
gettext_uuid = False
gettext_location = False  # no line numbers in the catalogues: an edit moves no entry

REPO_URL = "https://github.com/fivecrowns-lab/fivecrowns_lab"
# Binder builds the `binder` branch, which .github/workflows/binder.yml moves to each release
# tag: a push to main does not make every visitor wait for a rebuild.
BINDER_URL = "https://mybinder.org/v2/gh/fivecrowns-lab/fivecrowns_lab/binder"
# Where .github/workflows/pages.yml publishes, from each release tag, the static site (every
# lesson in the browser) at the root and this documentation under docs/ (the Danish edition
# under docs/da/). pyproject.toml's Documentation URL is DOCS_URL (tests/test_release.py).
SITE_URL = "https://fivecrowns-lab.github.io/fivecrowns_lab"
DOCS_URL = f"{SITE_URL}/docs/"
# Each page names its published address (<link rel="canonical">).
html_baseurl = f"{DOCS_URL}da/" if DANISH else DOCS_URL

extensions = [
    "myst_nb",
    "sphinx.ext.autodoc",
    "sphinx.ext.intersphinx",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
]

# Links to Python's and pandas' own docs. Their inventories are kept in docs/_intersphinx/
# (from Debian's python3.11-doc and python-pandas-doc), so the build needs no network.
intersphinx_mapping = {
    "python": ("https://docs.python.org/3", str(DOCS / "_intersphinx" / "python.inv")),
    "pandas": ("https://pandas.pydata.org/docs/", str(DOCS / "_intersphinx" / "pandas.inv")),
}

exclude_patterns = ["_build", "**/.ipynb_checkpoints", "Thumbs.db", ".DS_Store"]
source_suffix = {".md": "myst-nb", ".ipynb": "myst-nb"}

# -- The lessons: copied from notebooks/, executed at every build ----------------------

# FIVECROWNS_DOCS_NOTEBOOKS points the build at another folder (to try the machinery).
LESSONS_SRC = Path(os.environ.get("FIVECROWNS_DOCS_NOTEBOOKS", ROOT / "notebooks"))
LESSONS_DST = DOCS / "lessons"
#: The Danish notebooks, under the English ones' names: whatever the folder holds.
DANISH_SRC = LESSONS_SRC / "da"


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


# The Danish edition's lessons are the Danish notebooks only (a lesson not yet translated is
# linked in the English edition); the English build leaves the folder out. Both editions
# share docs/lessons/ (their pages have the same names), so build them one after the other.
LESSONS = copy_lessons(DANISH_SRC) if DANISH else copy_lessons()

# -- The widget scripts, served by this site itself ------------------------------------
#
# A lesson page draws its widgets from their saved state with three scripts: require.js,
# @jupyter-widgets/html-manager's embed-amd.js, and anywidget's AMD module. MyST-NB would
# load them from two CDNs, so a school filter or no network left every widget area empty.
# They are fetched here once, at build time, from their npm packages (pinned versions, npm
# checks each package's integrity), into docs/_vendor/ (gitignored), with their licences,
# and published under _static/widgets/. The versions follow what the Python packages
# expect: html-manager 1.x for ipywidgets 8, anywidget's npm release for the Python one.

VENDOR = DOCS / "_vendor"
WIDGET_PACKAGES = {
    "requirejs": "2.3.8",
    "@jupyter-widgets/html-manager": "1.0.15",
    "anywidget": "0.11.0",
}
# From each package, what the page needs (paths inside the package) and where it goes.
_WIDGET_FILES = {
    "requirejs": {"require.js": "require.js"},
    "@jupyter-widgets/html-manager": {
        "dist/embed-amd.js": "html-manager/embed-amd.js",
        "dist/embed.js.LICENSE.txt": "html-manager/embed-amd.js.LICENSE.txt",
        "dist/*.woff2": "html-manager/",
        "dist/*.woff": "html-manager/",
        "dist/*.ttf": "html-manager/",
        "dist/*.eot": "html-manager/",
        "dist/*.svg": "html-manager/",
    },
    "anywidget": {"dist/index.js": "anywidget/index.js"},
}
# Points require.js at the local anywidget (before embed-amd.js asks a CDN for it).
_OFFLINE_JS = """// Five Crowns Lab docs: load the widget modules from this site, never from a CDN.
(function () {
  var here = document.currentScript.src.replace(/[^/]*$/, "");
  window.requirejs.config({ paths: { anywidget: here + "anywidget/index" } });
})();
"""


def _npm_pack(spec: str, into: Path) -> Path:
    npm = shutil.which("npm")
    if npm is None:
        raise RuntimeError(
            "Building the docs needs npm (to fetch the widget scripts the site serves "
            "itself): install Node.js and npm, e.g. apt-get install npm."
        )
    out = subprocess.run(
        [npm, "pack", spec, "--pack-destination", str(into), "--silent"],
        check=True,
        capture_output=True,
        text=True,
        timeout=300,
    ).stdout.split()[-1]
    return into / out


def vendor_widget_scripts(folder: Path = VENDOR / "widgets") -> Path:
    """Fetch the widget scripts into ``folder`` (once per version set); return it."""
    stamp = folder / "versions.json"
    if stamp.is_file() and json.loads(stamp.read_text()) == WIDGET_PACKAGES:
        return folder
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    notices = [
        "Widget scripts served by the Five Crowns Lab documentation site, unchanged from",
        "their npm packages. Each keeps its own licence:",
        "",
    ]
    with tempfile.TemporaryDirectory() as tmp:
        for name, version in WIDGET_PACKAGES.items():
            tarball = _npm_pack(f"{name}@{version}", Path(tmp))
            unpacked = Path(tmp) / name.replace("/", "__")
            with tarfile.open(tarball) as archive:
                if hasattr(tarfile, "data_filter"):  # refuse links and absolute paths
                    archive.extractall(unpacked, filter="data")
                else:  # pragma: no cover - an old Python 3.10
                    archive.extractall(unpacked)
            package = unpacked / "package"
            meta = json.loads((package / "package.json").read_text(encoding="utf-8"))
            for pattern, target in _WIDGET_FILES[name].items():
                matches = sorted(package.glob(pattern))
                if not matches:
                    raise RuntimeError(f"{name}@{version} has no {pattern}")
                for source in matches:
                    dest = folder / (target + source.name if target.endswith("/") else target)
                    dest.parent.mkdir(parents=True, exist_ok=True)
                    shutil.copyfile(source, dest)
            for licence in sorted(package.glob("LICEN[CS]E*")):
                shutil.copyfile(licence, folder / f"LICENSE.{name.replace('/', '-')}.txt")
            notices.append(f"- {name} {version}: {meta.get('license', 'see the package')}")
    notices += [
        "",
        "require.js carries its MIT licence notice in its first lines; html-manager's",
        "bundled third-party notices are in html-manager/embed-amd.js.LICENSE.txt.",
    ]
    (folder / "LICENSES.txt").write_text("\n".join(notices) + "\n", encoding="utf-8")
    (folder / "offline.js").write_text(_OFFLINE_JS, encoding="utf-8")
    stamp.write_text(json.dumps(WIDGET_PACKAGES), encoding="utf-8")
    return folder


vendor_widget_scripts()
# Relative paths: Sphinx serves them from each page's own _static/ (html_static_path).
nb_ipywidgets_js = {
    "widgets/require.js": {},
    "widgets/offline.js": {},
    # the CDN attribute only names where a module missing here would be looked for
    "widgets/html-manager/embed-amd.js": {"data-jupyter-widgets-cdn": "_static/widgets/"},
}

# The lessons that play games as they open (10 and 11) play them on a thread; the build saves
# the widgets' state when the last cell returns, which showed them mid-run ("4 of 10
# deals"). In the build they play in the foreground, so the pages show finished results.
# Set in setup() (only Sphinx calls it), and inherited by the kernels that run the lessons.
LESSON_ENV = {"FIVECROWNS_LAB_FOREGROUND": "1"}
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
# The language links of the notebooks: English pages link ``da/NN.ipynb``, Danish pages link
# ``../NN.ipynb`` (an English lesson); on this site the Danish edition is html/da/.
_TO_DANISH = re.compile(r"""(href=\\?['"])da/(\d\d-[\w-]+)\.ipynb(?=\\?['"#])""")
_TO_ENGLISH = re.compile(r"""(href=\\?['"])\.\./(\d\d-[\w-]+)\.ipynb(?=\\?['"#])""")


def link_lessons_to_pages(app, exception) -> None:
    """Point ``NN-name.ipynb`` links in the rendered lessons at the lessons' pages."""
    if exception is not None or app.builder.format != "html":
        return
    for page in Path(app.outdir, "lessons").glob("*.html"):
        text = page.read_text(encoding="utf-8")
        new = _TO_DANISH.sub(r"\1../da/lessons/\2.html", text)
        new = _TO_ENGLISH.sub(r"\1../../lessons/\2.html", new)
        new = _LESSON_LINK.sub(r"\1\2.html", new)
        if new != text:
            page.write_text(new, encoding="utf-8")


_TITLE_END = re.compile(r"(<h1[^>]*>.*?</h1>)", re.S)


def open_live_html(name: str, danish: bool = False) -> str:
    """The "open live" line of a lesson's page: the static site, and Binder (the Danish
    edition's line is in Danish and opens the Danish notebook)."""
    folder = "da/" if danish else ""
    site = f"{SITE_URL}/voici/render/{folder}{name}.html"
    binder = f"{BINDER_URL}?urlpath=voila/render/notebooks/{folder}{name}.ipynb"
    words = (
        ("Åbn lektionen direkte:", "i din browser", "intet at installere", "eller", "på Binder")
        if danish
        else ("Open this lesson live:", "in your browser", "nothing to install", "or", "on Binder")
    )
    return (
        f'<p class="fc-open-live">{words[0]} '
        f'<a class="reference external" href="{site}">{words[1]}</a> '
        f"({words[2]}) {words[3]} "
        f'<a class="reference external" href="{binder}">{words[4]}</a>.</p>'
    )


def add_open_live_links(app, exception) -> None:
    """Put the "open live" line under each lesson page's title."""
    if exception is not None or app.builder.format != "html":
        return
    for page in Path(app.outdir, "lessons").glob("*.html"):
        text = page.read_text(encoding="utf-8")
        if "fc-open-live" in text:
            continue
        line = open_live_html(page.stem, DANISH)
        new = _TITLE_END.sub(lambda m, line=line: m[1] + line, text, count=1)
        if new != text:
            page.write_text(new, encoding="utf-8")


def link_pandas_alias(app, env, node, contnode):
    """Resolve ``pd.DataFrame`` (pandas is imported as ``pd`` for type checking only)."""
    target = node.get("reftarget", "")
    if node.get("refdomain") != "py" or not target.startswith("pd."):
        return None
    from sphinx.ext import intersphinx

    node["reftarget"] = "pandas." + target[3:]
    return intersphinx.missing_reference(app, env, node, contnode)


def lesson_list_nodes(found: set[str], edition: str = "en") -> list:
    """The lessons of the registry (``content.catalogue.outline``), one line each: number,
    title (linking the lesson's page where this edition has one) and what it teaches, in
    ``edition``'s language. The lines have no source, so Sphinx's gettext leaves them alone:
    the Danish edition writes them in Danish from the package's own catalogue."""
    from docutils import nodes
    from sphinx import addnodes

    from fivecrowns_lab.content.catalogue import outline
    from fivecrowns_lab.i18n import language as in_language

    items = nodes.bullet_list()
    with in_language(edition):
        lines = outline()
    for number, name, title, teaches in lines:
        head = nodes.strong(text=f"{number} ")
        page = f"lessons/{name}"
        if page in found:
            link = addnodes.pending_xref(
                "", refdomain="std", reftype="doc", reftarget=f"/{page}", refexplicit=True
            )
            link += nodes.inline(text=title)
            head += link
        else:
            head += nodes.inline(text=title)
        line = nodes.paragraph()
        line += head
        line += nodes.Text(f" — {teaches}")
        items += nodes.list_item("", line)
    return [items]


def _lesson_list_directive():
    from docutils.parsers.rst import Directive

    class LessonList(Directive):
        """``{lesson-list}``: the lessons, one line each, made from the registry."""

        def run(self) -> list:
            env = self.state.document.settings.env
            return lesson_list_nodes(set(env.found_docs), language)

    return LessonList


def setup(app) -> None:
    os.environ.update(LESSON_ENV)
    # The lesson lists in the prose are made from the registry, never written by hand.
    app.add_directive("lesson-list", _lesson_list_directive())
    app.connect("missing-reference", link_pandas_alias)
    # Napoleon converts the sections it knows first (priority 500); this runs after it.
    app.connect("autodoc-process-docstring", headings_to_rubrics, priority=600)
    app.connect("build-finished", link_lessons_to_pages)
    app.connect("build-finished", add_open_live_links)


# -- HTML ------------------------------------------------------------------------------

html_theme = "pydata_sphinx_theme"
templates_path = ["_templates"]
html_title = "Five Crowns Lab"
html_static_path = ["_static", "_vendor"]
html_css_files = ["lessons.css"]
html_theme_options = {
    "github_url": REPO_URL,
    "icon_links": [
        {
            "name": "Open the lessons in your browser (nothing to install)",
            "url": f"{SITE_URL}/voici/render/{'da/' if DANISH else ''}00-index.html",
            "icon": "fa-solid fa-play",
        },
        {
            "name": "Launch the lessons on Binder",
            "url": f"{BINDER_URL}?urlpath=voila/render/notebooks/00-index.ipynb",
            "icon": "fa-solid fa-rocket",
        },
    ],
    "navigation_with_keys": True,
    # English | Dansk: the same page in the other edition (_templates/language-link.html)
    "navbar_end": ["language-link", "theme-switcher", "navbar-icon-links"],
    "show_toc_level": 2,
    "footer_start": ["copyright"],
    "footer_end": ["sphinx-version"],
}
# The pages the Danish edition has: every hand-written page and the Danish lessons.
_DANISH_LESSONS = sorted(
    p.stem for p in DANISH_SRC.glob("*.ipynb") if (LESSONS_SRC / p.name).is_file()
)
html_context = {
    "default_mode": "light",
    "danish_edition": DANISH,
    "danish_lessons": [f"lessons/{name}" for name in _DANISH_LESSONS],
}
# The left sidebar only lists a section's pages: show it where there are some (the lessons).
html_sidebars = {
    page: []
    for page in (
        "index",
        "getting-started",
        "rules-for-learners",
        "for-teachers",
        "changelog",
    )
}
