"""A release is what CONTRIBUTING.md's checklist says, and what it publishes is linked truly.

pyproject.toml's Documentation URL is the docs path of the repository's GitHub Pages site,
which ``pages.yml`` fills (the lesson site at the root, the docs under ``docs/``); every
link to the published docs leads to a page the docs build makes. CHANGELOG.md's unreleased
section is release notes by reader, the package's version is its newest released heading,
and each step of "Releasing a version" names commands, files and workflows that exist and
do what it says.
"""

from __future__ import annotations

import fnmatch
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest

import fivecrowns_lab

from .test_docs import _conf
from .test_workflows import _pyproject, _triggers, _workflow

ROOT = Path(__file__).resolve().parent.parent
CHANGELOG = ROOT / "CHANGELOG.md"
#: The sections of the unreleased notes, in this order: who reads each line.
READERS = ("For learners", "For teachers", "For developers")
#: A line of the notes is short: what changed for its reader, not how it was done.
MAX_ENTRY_LINES = 5
RELEASED = re.compile(r"## \[(?P<version>\d+\.\d+\.\d+)\] - (?P<date>\d{4}-\d{2}-\d{2})")
#: The one line that states the version (the wheel reads it through [tool.hatch.version]).
VERSION_LINE = re.compile(r'^__version__ = "(?P<version>\d+\.\d+\.\d+)"$', re.MULTILINE)


def _urls() -> dict[str, str]:
    urls: dict[str, str] = _pyproject()["project"]["urls"]
    return urls


def _pages_base() -> str:
    """The GitHub Pages address of the repository pyproject.toml names as its home."""
    home = re.fullmatch(r"https://github\.com/([\w.-]+)/([\w.-]+)", _urls()["Homepage"])
    assert home, f"Homepage is not a GitHub repository: {_urls()['Homepage']}"
    return f"https://{home[1].lower()}.github.io/{home[2]}/"


def _version_of(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split("."))


# -- Where the docs are published -----------------------------------------------------


def test_documentation_url_is_the_docs_path_of_the_repositorys_pages_site():
    urls = _urls()
    assert urls["Source"] == urls["Homepage"]
    docs = _pages_base() + "docs/"
    assert urls["Documentation"] == docs
    assert urls["Changelog"] == docs + "changelog.html"
    assert (ROOT / "docs" / "changelog.md").is_file()
    conf = _conf()
    assert conf.SITE_URL + "/" == _pages_base()
    assert conf.DOCS_URL == docs
    assert conf.html_baseurl == docs  # the English edition: each page's canonical address


def _published_page_source(path: str) -> Path:
    """The source of the page at ``path`` under the published docs (``""`` is the home)."""
    path = path.split("#", 1)[0]
    folder = ""
    if path.startswith("da/"):  # the Danish edition: the same pages, the Danish lessons
        folder, path = "da", path[3:]
    stem = (path or "index.html").removesuffix("/").removesuffix(".html")
    if stem.startswith("lessons/"):
        return ROOT / "notebooks" / folder / (stem.removeprefix("lessons/") + ".ipynb")
    return ROOT / "docs" / (stem + ".md")


def _files_with_links() -> list[Path]:
    files = [ROOT / name for name in ("README.md", "CONTRIBUTING.md", "CHANGELOG.md")]
    files += [ROOT / "pyproject.toml", *sorted((ROOT / ".github" / "workflows").glob("*.yml"))]
    files += sorted((ROOT / "docs").glob("**/*.md"))
    files += sorted((ROOT / "docs" / "locale").glob("**/*.po"))
    files += sorted((ROOT / "fivecrowns_lab").glob("**/*.py"))
    files += sorted((ROOT / "notebooks").glob("**/*.ipynb"))
    copies = (ROOT / "docs" / "_build", ROOT / "docs" / "lessons", ROOT / "docs" / "_vendor")
    return [f for f in files if not any(f.is_relative_to(c) for c in copies)]


def test_every_link_to_the_published_docs_and_site_leads_to_a_page_they_build():
    base = re.escape(_pages_base())
    links = re.compile(base + r"([\w./#-]*)")
    found: dict[str, set[str]] = {}
    for path in _files_with_links():
        for target in links.findall(path.read_text(encoding="utf-8")):
            found.setdefault(target.rstrip("."), set()).add(path.name)
    assert any(t.startswith("docs/") for t in found), "nothing links to the published docs"
    missing = []
    for target, where in sorted(found.items()):
        if target.startswith("docs/") or target == "docs":
            source = _published_page_source(target.removeprefix("docs").lstrip("/"))
        elif target in ("", "voici/render/00-index.html") or target.startswith("voici/render/"):
            page = target.removeprefix("voici/render/") or "00-index.html"
            source = ROOT / "notebooks" / page.removesuffix(".html")
            source = source.with_suffix(".ipynb")
        else:
            source = ROOT / "no such page"
        if not source.is_file():
            missing.append(f"{target} (in {', '.join(sorted(where))})")
    assert not missing, f"links to pages the Pages site does not have: {missing}"


def test_the_published_page_of_a_link_is_found_for_every_kind_of_page():
    # The check above can fail: a lesson, a Danish page and a missing page.
    assert _published_page_source("lessons/05-solitaire.html").is_file()
    assert _published_page_source("da/lessons/05-solitaire.html").is_file()
    assert _published_page_source("da/rules-for-learners.html").is_file()
    assert _published_page_source("").name == "index.md"
    assert not _published_page_source("serving-a-klass.html").is_file()


def test_no_live_link_points_at_a_github_tree_of_the_docs_or_the_lessons():
    # Read on GitHub, a docs page is unrendered MyST and a lesson a notebook without outputs.
    tree = re.compile(r"github\.com/[\w.-]+/[\w.-]+/(?:blob|tree)/[^/\s]+/(?:docs|notebooks)\b")
    files = [p for p in _files_with_links() if p.name != "CHANGELOG.md"]
    offenders = [f"{p.relative_to(ROOT)}" for p in files if tree.search(p.read_text("utf-8"))]
    assert not offenders, f"links to GitHub's copy instead of the published docs: {offenders}"


# -- The changelog ----------------------------------------------------------------------


def _headings(text: str, level: str) -> list[tuple[int, str]]:
    return [(m.start(), m[0]) for m in re.finditer(rf"^{level} .*$", text, re.MULTILINE)]


def _unreleased() -> str:
    text = CHANGELOG.read_text(encoding="utf-8")
    (start, first), (end, _) = _headings(text, "##")[:2]
    assert first == "## [Unreleased]", f"the changelog starts with {first!r}"
    return text[start:end]


def test_changelog_starts_with_unreleased_release_notes_by_reader():
    section = _unreleased()
    assert [h.removeprefix("### ") for _, h in _headings(section, "###")] == list(READERS)
    notes = section[section.index("### ") :]
    entries: list[list[str]] = []
    for line in notes.splitlines():
        if line.startswith("### ") or not line.strip():
            continue
        if line.startswith("- "):
            entries.append([line])
        else:
            assert line.startswith("  ") and entries, f"not part of an entry: {line!r}"
            entries[-1].append(line)
    long = [e[0] for e in entries if len(e) > MAX_ENTRY_LINES]
    assert not long, f"entries over {MAX_ENTRY_LINES} lines (a development log?): {long}"


def _released() -> list[tuple[str, str]]:
    text = CHANGELOG.read_text(encoding="utf-8")
    headings = [h for _, h in _headings(text, "##")][1:]
    found = [RELEASED.fullmatch(h) for h in headings]
    assert all(found), f"release headings not '## [X.Y.Z] - YYYY-MM-DD': {headings}"
    return [(m["version"], m["date"]) for m in found if m]


def test_changelog_releases_are_dated_newest_first_each_with_its_link():
    released = _released()
    assert released
    versions = [_version_of(v) for v, _ in released]
    assert versions == sorted(versions, reverse=True) and len(set(versions)) == len(versions)
    dates = [d for _, d in released]
    assert dates == sorted(dates, reverse=True)
    text = CHANGELOG.read_text(encoding="utf-8")
    repo = _urls()["Source"]
    newest = released[0][0]
    assert f"\n[Unreleased]: {repo}/compare/v{newest}...HEAD\n" in text
    for version, _ in released:
        assert f"\n[{version}]: {repo}/releases/tag/v{version}\n" in text, version


def test_package_version_is_the_changelogs_newest_release():
    # Bumping __version__ and naming the release in the changelog go together (checklist 2-3).
    assert fivecrowns_lab.__version__ == _released()[0][0]
    init = (ROOT / "fivecrowns_lab" / "__init__.py").read_text(encoding="utf-8")
    assert [m["version"] for m in VERSION_LINE.finditer(init)] == [fivecrowns_lab.__version__]


# -- The Pages workflow ----------------------------------------------------------------


def _steps(workflow: dict[Any, Any], job: str) -> list[dict[str, Any]]:
    steps: list[dict[str, Any]] = workflow["jobs"][job]["steps"]
    return steps


def _makefile_html_folder() -> str:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    recipe = makefile.split("\ndocs:", 1)[1].split("\n\n", 1)[0]
    english = next(
        line for line in recipe.splitlines() if "sphinx-build" in line and "-t da" not in line
    )
    return english.split()[-1]


def test_pages_builds_the_site_at_the_root_and_the_docs_under_docs_on_main_and_tags():
    pages = _workflow("pages.yml")
    push = _triggers(pages)["push"]
    assert push["branches"] == ["main"] and push["tags"] == ["v*"]
    steps = _steps(pages, "build")
    runs = [s.get("run", "") for s in steps]
    assert any(r.startswith("make site") for r in runs)
    assert any(r.startswith("make docs") for r in runs)
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    site = re.search(r"build_site\.py --output (\S+)", makefile)
    assert site is not None
    html = _makefile_html_folder()
    assert f"cp -R {html} {site[1]}/docs" in "\n".join(runs)
    # the folder the docs go into is the Documentation URL's path
    assert _urls()["Documentation"] == _pages_base() + "docs/"
    upload = [s for s in steps if s.get("uses", "").startswith("actions/upload-pages-artifact")]
    assert [s["with"]["path"] for s in upload] == [site[1]]


def test_pages_deploys_only_from_a_tag_after_the_build():
    deploy = _workflow("pages.yml")["jobs"]["deploy"]
    assert deploy["needs"] == "build"
    assert deploy["if"] == "startsWith(github.ref, 'refs/tags/v')"
    assert [s.get("uses", "").split("@")[0] for s in deploy["steps"]] == ["actions/deploy-pages"]


def _tag_check(tag: str, cwd: Path) -> int:
    step = next(
        s for s in _steps(_workflow("pages.yml"), "build") if "version" in s.get("name", "")
    )
    assert step["if"] == "startsWith(github.ref, 'refs/tags/v')"
    assert step["env"]["TAG"] == "${{ github.ref_name }}"
    # as GitHub runs a step's script: bash -e
    done = subprocess.run(
        ["bash", "-e", "-c", step["run"]],
        cwd=cwd,
        env={"TAG": tag, "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=30,
    )
    return done.returncode


@pytest.mark.parametrize("wrong", ["v9.9.9", "v{v}.1", "v{short}", "v{v}rc1"])
def test_pages_publishes_only_a_tag_that_names_the_version(wrong):
    version = fivecrowns_lab.__version__
    assert _tag_check(f"v{version}", ROOT) == 0
    tag = wrong.format(v=version, short=version.rsplit(".", 1)[0])
    assert _tag_check(tag, ROOT) != 0, tag


def test_pages_tag_check_accepts_the_version_the_checklist_bumps_to(tmp_path):
    bumped = _checklist_version()
    package = tmp_path / "fivecrowns_lab"
    package.mkdir()
    init = (ROOT / "fivecrowns_lab" / "__init__.py").read_text(encoding="utf-8")
    line = re.search(r"`(__version__ = \"[^\"]+\")`", _checklist())
    assert line is not None and VERSION_LINE.fullmatch(line[1])
    (package / "__init__.py").write_text(VERSION_LINE.sub(line[1], init), encoding="utf-8")
    assert _tag_check(f"v{bumped}", tmp_path) == 0
    if bumped != fivecrowns_lab.__version__:  # before the release: the old tag is refused
        assert _tag_check(f"v{fivecrowns_lab.__version__}", tmp_path) != 0


# -- CONTRIBUTING.md's release checklist ----------------------------------------------------


def _checklist() -> str:
    text = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    start = text.index("## Releasing a version")
    end = text.find("\n## ", start + 1)
    return text[start : end if end > 0 else len(text)]


def _checklist_version() -> str:
    tags = set(re.findall(r"git tag -a v(\d+\.\d+\.\d+)", _checklist()))
    assert len(tags) == 1, tags
    return tags.pop()


def test_checklist_commands_are_make_targets_that_exist():
    targets = set(re.findall(r"^([\w-]+):", (ROOT / "Makefile").read_text(), re.MULTILINE))
    named = set(re.findall(r"\bmake ([\w-]+)", _checklist()))
    assert {"test", "docs", "site"} <= named
    assert named <= targets, (
        f"the checklist names make targets that do not exist: {named - targets}"
    )


def test_checklist_files_exist_and_the_version_is_where_the_wheel_reads_it():
    checklist = _checklist()
    workflows = ROOT / ".github" / "workflows"
    for name in set(re.findall(r"`([\w./-]+\.(?:py|yml|toml|md))`", checklist)):
        assert (ROOT / name).is_file() or (workflows / name).is_file(), name
    version_file = _pyproject()["tool"]["hatch"]["version"]["path"]
    assert f"`{version_file}`" in checklist
    assert "release" in (ROOT / "docs" / "conf.py").read_text(encoding="utf-8")


def test_checklist_release_heading_and_sections_are_the_ones_the_changelog_tests_accept():
    checklist = _checklist()
    version = _checklist_version()
    assert _version_of(version) >= _version_of(fivecrowns_lab.__version__)
    heading = re.search(r"`(## \[[\d.]+\] - YYYY-MM-DD)`", checklist)
    assert heading is not None
    example = RELEASED.fullmatch(heading[1].replace("YYYY-MM-DD", "2027-01-15"))
    assert example is not None and example["version"] == version
    assert re.findall(r"`### (For \w+)`", checklist) == list(READERS)
    repo = _urls()["Source"]
    assert f"`compare/v{version}...HEAD`" in checklist
    assert f"`[{version}]: {repo}/releases/tag/v{version}`" in checklist


def _runs_on_a_version_tag(name: str) -> bool:
    push = _triggers(_workflow(name)).get("push", False)
    if push is None or push == {}:  # every push, tags included
        return True
    if not isinstance(push, dict):
        return False
    return any(fnmatch.fnmatch("v1.2.3", pattern) for pattern in push.get("tags", []))


def test_checklist_names_every_workflow_a_tag_starts_and_only_those():
    checklist = _checklist()
    step = checklist[checklist.index("The tag starts:") :]
    step = step[: step.index("\n7. ")]
    named = set(re.findall(r"^   - `([\w-]+\.yml)`", step, re.MULTILINE))
    started = {p.name for p in (ROOT / ".github" / "workflows").glob("*.yml")}
    started = {name for name in started if _runs_on_a_version_tag(name)}
    assert named == started
    assert "lowest.yml" not in started  # the check can tell: it runs on main, not on tags
