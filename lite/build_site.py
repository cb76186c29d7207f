"""Build the static site: every lesson as a Voici app that runs in the visitor's browser.

    python lite/build_site.py [--output _site]

``make site`` runs this with the site's own venv (``.venv-site``, from
``lite/requirements.txt``). It needs the network only to reach npm and PyPI, and only for
what is not already here:

1. Pyodide's core (the npm ``pyodide`` package, pinned with ``lite/package-lock.json``);
2. the pure-Python wheels the browser runs (``lite/browser-requirements.txt``);
3. this package's wheel, built from the working tree.

It then writes a Pyodide lock file that names only those wheels, so that the kernel loads
everything from the site itself, never from a CDN or PyPI, and runs ``voici build``. The
lessons are not changed: what the browser kernel needs is set up here.

Standard library only (apart from ``packaging``, in the site's venv), so that the tests can
import its helpers (``prepare_pyodide``, ``build_wheel``).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import time
import zipfile
from email.parser import Parser
from pathlib import Path

LITE = Path(__file__).resolve().parent
ROOT = LITE.parent
CACHE = LITE / ".cache"
WHEELS = CACHE / "wheels"
WORK = LITE / "_work"
PYODIDE_NPM = LITE / "node_modules" / "pyodide"
FONTAWESOME_NPM = LITE / "node_modules" / "@fortawesome" / "fontawesome-free"
BROWSER_REQUIREMENTS = LITE / "browser-requirements.txt"
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"

#: The files of the npm ``pyodide`` package the browser needs (the rest is for Node or types).
PYODIDE_CORE = (
    "pyodide.js",
    "pyodide.mjs",
    "pyodide.asm.js",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
)

#: What Pyodide evaluates environment markers with (CPython 3.13 in the browser).
BROWSER_ENV = {
    "python_version": "3.13",
    "python_full_version": "3.13.2",
    "sys_platform": "emscripten",
    "platform_system": "Emscripten",
    "platform_machine": "wasm32",
    "os_name": "posix",
    "implementation_name": "cpython",
    "platform_python_implementation": "CPython",
    "extra": "",
}

#: What the kernel (jupyterlite-pyodide-kernel 0.7) installs at start-up, and the lessons'
#: own packages: all loaded by Pyodide from the site's lock file as it starts.
STARTUP_PACKAGES = [
    "micropip",
    "sqlite3",
    "ipykernel",
    "comm",
    "pyodide_kernel",
    "jedi",
    "ipython",
    "fivecrowns_lab",
    "ipywidgets",
    "anywidget",
    "tqdm",
]


def log(message: str) -> None:
    print(f"[site] {message}", flush=True)


def run(args: list[str], **kwargs: object) -> None:
    log(" ".join(str(a) for a in args))
    subprocess.run(args, check=True, **kwargs)  # type: ignore[call-overload]


# -- what the build and tests/test_pyodide.py share ---------------------------------------------


def npm_install() -> Path:
    """Install Pyodide's core from npm (``npm ci``) unless it is there; return its folder."""
    if not (PYODIDE_NPM / "pyodide.asm.wasm").is_file() or not FONTAWESOME_NPM.is_dir():
        npm = shutil.which("npm")
        if npm is None:
            raise RuntimeError("The site needs npm to fetch Pyodide: apt-get install npm.")
        run([npm, "ci", "--no-audit", "--no-fund", "--silent"], cwd=LITE)
    return PYODIDE_NPM


def browser_requirements() -> list[str]:
    """The pinned ``name==version`` lines of ``lite/browser-requirements.txt``."""
    lines = BROWSER_REQUIREMENTS.read_text(encoding="utf-8").splitlines()
    return [line.split("#")[0].strip() for line in lines if line.split("#")[0].strip()]


def _wheel_name(requirement: str) -> str:
    name, version = requirement.split("==")
    return f"{name.replace('-', '_').lower()}-{version}-"


def download_wheels(python: str = sys.executable) -> list[Path]:
    """Download the browser's wheels from PyPI unless they are in ``lite/.cache/wheels``."""
    wanted = browser_requirements()
    WHEELS.mkdir(parents=True, exist_ok=True)
    have = {p.name.lower(): p for p in WHEELS.glob("*.whl")}

    def find(req: str) -> Path | None:
        prefix = _wheel_name(req)
        return next((p for n, p in have.items() if n.startswith(prefix)), None)

    if any(find(req) is None for req in wanted):
        run(
            [
                python,
                "-m",
                "pip",
                "download",
                "--quiet",
                "--no-deps",
                "--only-binary=:all:",
                "--python-version=3.13",
                "--implementation=py",
                "--platform=any",
                "--dest",
                str(WHEELS),
                "-r",
                str(BROWSER_REQUIREMENTS),
            ]
        )
        have = {p.name.lower(): p for p in WHEELS.glob("*.whl")}
    missing = [req for req in wanted if find(req) is None]
    if missing:
        raise RuntimeError(f"These wheels were not downloaded: {missing}")
    return [p for req in wanted if (p := find(req)) is not None]


def micropip_wheel(python: str = sys.executable) -> Path:
    """The micropip wheel Pyodide 0.29.3 expects (downloaded with the others)."""
    return next(p for p in download_wheels(python) if p.name.startswith("micropip-"))


def build_wheel(into: Path, python: str = sys.executable) -> Path:
    """This package's wheel, built from the working tree (pip's isolated build)."""
    into.mkdir(parents=True, exist_ok=True)
    for old in into.glob("fivecrowns_lab-*.whl"):
        old.unlink()
    run([python, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(into), str(ROOT)])
    return next(into.glob("fivecrowns_lab-*.whl"))


# -- the Pyodide lock file ----------------------------------------------------------------------


def _normalize(name: str) -> str:
    import re

    return re.sub(r"[-_.]+", "-", name).lower()


def _metadata(wheel: Path) -> tuple[str, str, list[str], list[str]]:
    """A wheel's name, version, dependencies (for the browser) and top-level imports."""
    from packaging.requirements import Requirement

    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
        meta_name = next(n for n in names if n.endswith(".dist-info/METADATA"))
        meta = Parser().parsestr(zf.read(meta_name).decode("utf-8"))
    depends = []
    for line in meta.get_all("Requires-Dist") or []:
        req = Requirement(line)
        if req.marker is None or req.marker.evaluate(BROWSER_ENV):
            depends.append(_normalize(req.name))
    tops = set()
    for name in names:
        top = name.split("/")[0]
        if top.endswith((".dist-info", ".data")):
            continue
        tops.add(top[:-3] if top.endswith(".py") else top)
    return meta["Name"], meta["Version"], depends, sorted(tops)


def _sqlite3_placeholder(into: Path) -> Path:
    """An empty wheel standing in for Pyodide's ``sqlite3`` build, which no registry here
    has. The kernel asks for it for IPython's history; IPython keeps history in memory when
    ``import sqlite3`` fails, which it still does (the wheel holds no module)."""
    wheel = into / "fivecrowns_lab_no_sqlite3-1.0-py3-none-any.whl"
    dist = "fivecrowns_lab_no_sqlite3-1.0.dist-info"
    with zipfile.ZipFile(wheel, "w") as zf:
        zf.writestr(
            f"{dist}/METADATA",
            "Metadata-Version: 2.1\nName: fivecrowns-lab-no-sqlite3\nVersion: 1.0\n",
        )
        zf.writestr(
            f"{dist}/WHEEL", "Wheel-Version: 1.0\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
        )
        zf.writestr(f"{dist}/RECORD", "")
    return wheel


def write_pyodide(into: Path, wheels: list[Path]) -> list[str]:
    """Pyodide's core plus ``wheels`` in ``into``, with a lock file naming only them.

    Returns the dependencies some wheel asks for that are not in the browser (pandas,
    matplotlib): the lessons that need them say so instead of running.
    """
    core = npm_install()
    if into.exists():
        shutil.rmtree(into)
    into.mkdir(parents=True)
    for name in PYODIDE_CORE:
        shutil.copy2(core / name, into / name)
    npm_lock = json.loads((core / "pyodide-lock.json").read_text(encoding="utf-8"))
    wheels = [*wheels, _sqlite3_placeholder(into)]
    packages = {}
    for wheel in wheels:
        target = into / wheel.name
        if wheel.resolve() != target.resolve():
            shutil.copy2(wheel, target)
        name, version, depends, imports = _metadata(target)
        key = "sqlite3" if name == "fivecrowns-lab-no-sqlite3" else _normalize(name)
        packages[key] = {
            "name": key,
            "version": version,
            "file_name": target.name,
            "install_dir": "site",
            "sha256": hashlib.sha256(target.read_bytes()).hexdigest(),
            "package_type": "package",
            "imports": [] if key == "sqlite3" else imports,
            "depends": depends,
            "unvendored_tests": False,
            "shared_library": False,
        }
    missing = sorted({d for p in packages.values() for d in p["depends"]} - set(packages))
    for entry in packages.values():
        entry["depends"] = [d for d in entry["depends"] if d in packages]
    lock = {"info": npm_lock["info"], "packages": dict(sorted(packages.items()))}
    (into / "pyodide-lock.json").write_text(json.dumps(lock, indent=1), encoding="utf-8")
    return missing


# -- the site -----------------------------------------------------------------------------------


def _kernel_wheels() -> list[Path]:
    """The kernel's own wheels (ipykernel and widgetsnbextension stand-ins, pyodide_kernel,
    piplite), shipped inside jupyterlite-pyodide-kernel's labextension."""
    import jupyterlite_pyodide_kernel  # noqa: F401  (the site's venv must have it)

    share = Path(sys.prefix) / "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension"
    pypi = share / "static" / "pypi"
    return [
        p
        for p in sorted(pypi.glob("*.whl"))
        if not p.name.startswith("widgetsnbextension-3")  # ipywidgets 8 wants 4.x
    ]


def write_config(work: Path) -> None:
    """``jupyter-lite.json`` (the kernel loads the bundled wheels and never PyPI) and
    ``jupyter_lite_config.json`` (no source maps: half the site's size)."""
    settings = {
        "pyodideUrl": "./static/pyodide/pyodide.js",
        "disablePyPIFallback": True,
        "pipliteUrls": [],
        "loadPyodideOptions": {"packages": STARTUP_PACKAGES},
    }
    lite = {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "Five Crowns Lab",
            "litePluginSettings": {KERNEL_PLUGIN: settings},
        },
    }
    (work / "jupyter-lite.json").write_text(json.dumps(lite, indent=2), encoding="utf-8")
    # lite/pluginmanager-shim: without it the Pyodide kernel does not load in Voici 0.10 (see
    # the comment in its static/remoteEntry.js).
    shim = LITE / "pluginmanager-shim"
    config = {"LiteBuildConfig": {"no_sourcemaps": True, "federated_extensions": [str(shim)]}}
    (work / "jupyter_lite_config.json").write_text(json.dumps(config, indent=2), encoding="utf-8")


def copy_lesson(notebook: Path, target: Path) -> None:
    """Copy a lesson for the site, as Voilà shows it and asking for the browser's kernel.

    The cells tagged ``remove-cell`` (the lessons' own checks) are dropped, as voila.json's
    ``TagRemovePreprocessor`` drops them under Voilà: Voici does not read voila.json. The
    lessons name the kernel ``python3`` (a server's ipykernel), and Voici finds no kernel of
    that name ("No kernel available"); the Pyodide kernel is ``python``.
    """
    data = json.loads(notebook.read_text(encoding="utf-8"))
    data["cells"] = [
        cell
        for cell in data["cells"]
        if "remove-cell" not in cell.get("metadata", {}).get("tags", [])
    ]
    data.setdefault("metadata", {})["kernelspec"] = {
        "display_name": "Python (Pyodide)",
        "language": "python",
        "name": "python",
    }
    target.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


#: The icon font Voici's pages link to on a CDN, and the file of the bundled copy for each.
FONT_LINKS = {
    "https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free@^5/css/all.min.css": (
        "css/all.min.css"
    ),
    "https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free@^5/css/v4-shims.min.css": (
        "css/v4-shims.min.css"
    ),
    "https://cdn.jsdelivr.net/npm/font-awesome@4.5.0/css/font-awesome.min.css": (
        "css/v4-shims.min.css"
    ),
}


def bundle_icon_font(output: Path) -> None:
    """Serve Font Awesome (from npm) from the site and point the pages' CDN links at it, so
    that no page asks another server for anything."""
    target = output / "static" / "fontawesome"
    if target.exists():
        shutil.rmtree(target)
    (target / "css").mkdir(parents=True)
    for css in sorted(set(FONT_LINKS.values())):
        shutil.copy2(FONTAWESOME_NPM / css, target / css)
    # Every browser that runs Pyodide reads woff2, the first format the CSS offers.
    (target / "webfonts").mkdir()
    for font in (FONTAWESOME_NPM / "webfonts").glob("*.woff2"):
        shutil.copy2(font, target / "webfonts" / font.name)
    shutil.copy2(FONTAWESOME_NPM / "LICENSE.txt", target / "LICENSE.txt")
    for page in output.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        new = text
        for cdn, local in FONT_LINKS.items():
            relative = os.path.relpath(target / local, page.parent).replace(os.sep, "/")
            new = new.replace(cdn, relative)
        if new != text:
            page.write_text(new, encoding="utf-8")


# The first thing in a lesson page's head. Voici draws a page in the theme its address
# names (?theme=dark); the site's links carry it, but a bookmark or a typed address does
# not, and the page would show light until the lesson's theme switch loads seconds later.
# So a visitor whose choice is dark (stored by the switch, else the system's setting: the
# switch's own choice, from theme_choice.js) is sent at once to the same page with
# ?theme=dark; light is what the page is built in, so a light visit stays put. And while
# Voici is still fetching its dark stylesheet, the built page's white ground is painted
# JupyterLab Dark's (#111111), until the body says the dark theme is on or the switch
# changes the theme.
THEME_CHOICE = ROOT / "fivecrowns_lab/share/jupyter/voila/templates/fivecrowns/theme_choice.js"
OPEN_IN_CHOSEN_THEME = (
    """<style>
html.fc-dark-start, html.fc-dark-start body { background-color: #111111; color-scheme: dark; }
html.fc-dark-start #loading { color: #e0e0e0; }
</style>
<script>
"""
    + THEME_CHOICE.read_text(encoding="utf-8")
    + """
(function () {
  var root = document.documentElement;
  var theme = fcAskedTheme();
  if (!theme) {
    if (fcChosenTheme() !== "dark") return;
    root.classList.add("fc-dark-start");
    var params = new URLSearchParams(window.location.search);
    params.set("theme", "dark");
    window.location.replace(window.location.pathname + "?" + params + window.location.hash);
    return;
  }
  if (theme !== "dark") return;
  root.classList.add("fc-dark-start");
  function done() { root.classList.remove("fc-dark-start"); }
  var watch = new MutationObserver(function () {
    if (document.body.dataset.jpThemeLight === "false") { done(); watch.disconnect(); }
  });
  document.addEventListener("DOMContentLoaded", function () {
    watch.observe(document.body, { attributes: true, attributeFilter: ["data-jp-theme-light"] });
  });
  window.addEventListener("fivecrowns-lab:theme", done);
})();
</script>"""
)


def open_in_chosen_theme(output: Path) -> int:
    """Put :data:`OPEN_IN_CHOSEN_THEME` first in every lesson page's head; return how many
    pages got it (each rendered page has one ``<head>``)."""
    done = 0
    for page in sorted((output / "voici" / "render").rglob("*.html")):
        text = page.read_text(encoding="utf-8")
        if "fc-dark-start" in text or text.count("<head>") != 1:
            continue
        page.write_text(
            text.replace("<head>", "<head>" + OPEN_IN_CHOSEN_THEME, 1), encoding="utf-8"
        )
        done += 1
    return done


def build(output: Path) -> dict[str, object]:
    start = time.monotonic()
    if WORK.exists():
        shutil.rmtree(WORK)
    (WORK / "contents").mkdir(parents=True)
    for notebook in sorted((ROOT / "notebooks").glob("*.ipynb")):
        copy_lesson(notebook, WORK / "contents" / notebook.name)
    # The Danish edition: whatever notebooks/da/ holds, rendered under voici/render/da/,
    # where the pages' Dansk/English links (da/NN.html, ../NN.html) find them.
    danish = sorted((ROOT / "notebooks" / "da").glob("*.ipynb"))
    if danish:
        (WORK / "contents" / "da").mkdir()
    for notebook in danish:
        copy_lesson(notebook, WORK / "contents" / "da" / notebook.name)
    ours = build_wheel(CACHE / "dist")
    wheels = [*download_wheels(), *_kernel_wheels(), ours]
    missing = write_pyodide(WORK / "static" / "pyodide", wheels)
    log(f"not in the browser (lessons that need them say so): {', '.join(missing) or 'none'}")
    write_config(WORK)
    if output.exists():
        shutil.rmtree(output)
    voici = Path(sys.executable).parent / "voici"
    run(
        [
            str(voici),
            "build",
            "--contents",
            "contents",
            "--output-dir",
            str(output.resolve()),
            "--no-sourcemaps",
        ],
        cwd=WORK,
    )
    bundle_icon_font(output)
    log(f"lesson pages that open in the visitor's theme: {open_in_chosen_theme(output)}")
    size = sum(p.stat().st_size for p in output.rglob("*") if p.is_file())
    seconds = time.monotonic() - start
    log(f"built {output} in {seconds:.0f} s: {size / 2**20:.1f} MiB")
    return {"seconds": seconds, "bytes": size, "missing": missing}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--output", type=Path, default=ROOT / "_site")
    args = parser.parse_args(argv)
    build(args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
