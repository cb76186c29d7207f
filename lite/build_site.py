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
    "piplite",  # else the kernel installs it with micropip first, one step more per page
    "sqlite3",
    "ipykernel",
    "comm",
    "pyodide_kernel",
    "jedi",  # a placeholder (PLACEHOLDERS): the kernel asks for it by name
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
        tops.add(top.removesuffix(".pyc").removesuffix(".py"))
    return meta["Name"], meta["Version"], depends, sorted(tops)


#: Packages the kernel installs by name that the lessons never use, each answered in the lock
#: file by an empty wheel (no module in it): ``import sqlite3`` and ``import jedi`` still fail,
#: so IPython keeps its history in memory and completes without jedi (Voici never asks it to
#: complete). Real ``sqlite3`` is Pyodide's own build, which no registry here has; real
#: ``jedi`` is a 4.9 MB wheel every first visit downloaded for nothing.
PLACEHOLDERS = ("sqlite3", "jedi")


def _placeholder(into: Path, key: str) -> Path:
    """The empty wheel standing in for ``key`` (one of :data:`PLACEHOLDERS`)."""
    project = f"fivecrowns_lab_no_{key}"
    wheel = into / f"{project}-1.0-py3-none-any.whl"
    dist = f"{project}-1.0.dist-info"
    with zipfile.ZipFile(wheel, "w") as zf:
        zf.writestr(
            f"{dist}/METADATA",
            f"Metadata-Version: 2.1\nName: {project.replace('_', '-')}\nVersion: 1.0\n",
        )
        zf.writestr(
            f"{dist}/WHEEL", "Wheel-Version: 1.0\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
        )
        zf.writestr(f"{dist}/RECORD", "")
    return wheel


#: The pygments lexers the browser keeps: IPython colours a traceback with the Python lexer;
#: the other 250 (800 kB) would be downloaded for nothing.
PYGMENTS_LEXERS = ("__init__.py", "_mapping.py", "python.py")
#: Our package's server side (Voila, the class service, the command line): a browser tab
#: never imports it (tests/test_site_build.py checks that no other module does). Its
#: share/ stays: the page switches read theme_choice.js from there.
SERVER_MODULES = (
    "__main__", "class_base", "class_paths", "class_server", "class_service", "class_teacher",
    "cli", "kernel_bound", "serving", "serving_kernels", "serving_logs", "serving_options",
)  # fmt: skip
SERVER_ONLY = tuple(f"fivecrowns_lab/{name}.py" for name in SERVER_MODULES)


def _needless(name: str) -> bool:
    """Whether a wheel's file is of no use to the browser's Python: a JupyterLab or notebook
    extension (the site serves its own copy from ``extensions/``), a translator's catalogue
    (gettext reads the compiled ``.mo``), a pygments lexer for another language or our
    package's :data:`SERVER_ONLY` side."""
    parts = name.split("/")
    shared = len(parts) > 3 and parts[0].endswith(".data") and parts[2:4] == ["share", "jupyter"]
    extension = len(parts) > 2 and parts[1] in ("labextension", "nbextension")
    lexer = parts[:2] == ["pygments", "lexers"] and parts[-1] not in PYGMENTS_LEXERS
    server = name.startswith(SERVER_ONLY)
    return shared or extension or lexer or server or name.endswith((".po", ".pot"))


#: The standard library's parts no lesson can use in a browser tab, left out of the site's copy
#: of ``python_stdlib.zip``: mail and network protocols, the terminal REPL and debugger,
#: processes, doctests, XML, and developers' tools (unittest stays: the kernel's piplite imports
#: unittest.mock).
STDLIB_UNUSED = frozenset(
    [
        "_pyrepl",
        "_pyio",
        "_pydatetime",
        "__hello__",
        "__phello__",
        "antigravity",
        "this",
        "xmlrpc",
        "wsgiref",
        "imaplib",
        "mailbox",
        "smtplib",
        "ftplib",
        "poplib",
        "nntplib",
        "pickletools",
        "tabnanny",
        "pyclbr",
        "zipapp",
        "modulefinder",
        "doctest",
        "xml",
        "multiprocessing",
        "pydoc",
        "pydoc_data",
        "pdb",
        "idlelib",
        "turtledemo",
        "ensurepip",
        "venv",
        "tkinter",
        "curses",
        "dbm",
    ]
)
#: The codecs kept (Python text is UTF-8 here): the other 110 code pages are 290 kB.
ENCODINGS_KEPT = frozenset(
    [
        "__init__",
        "aliases",
        "ascii",
        "latin_1",
        "utf_8",
        "utf_8_sig",
        "utf_16",
        "utf_16_le",
        "utf_16_be",
        "utf_32",
        "utf_32_le",
        "utf_32_be",
        "unicode_escape",
        "raw_unicode_escape",
        "charmap",
        "idna",
        "punycode",
        "cp437",
        "base64_codec",
        "hex_codec",
    ]
)


#: How the slimmed zips are written (as small as deflate makes them).
DEFLATE: dict[str, int] = {"compress_type": zipfile.ZIP_DEFLATED, "compresslevel": 9}


def slim_stdlib(source: Path, target: Path) -> Path:
    """Copy Pyodide's standard library zip without :data:`STDLIB_UNUSED` and the codecs not
    in :data:`ENCODINGS_KEPT`; returns ``target``."""

    def unused(name: str) -> bool:
        parts = name.split("/")
        top = parts[0].removesuffix(".py")
        if top == "encodings" and len(parts) == 2 and parts[1]:
            return parts[1].rsplit(".", 1)[0] not in ENCODINGS_KEPT
        return top in STDLIB_UNUSED

    with zipfile.ZipFile(source) as zin, zipfile.ZipFile(target, "w") as out:
        for info in zin.infolist():
            if not unused(info.filename):
                out.writestr(info, zin.read(info), **DEFLATE)
    return target


#: One line of the kernel's own Python changed, per wheel and file: (the old text, the new).
#: jupyterlite-pyodide-kernel 0.7.2 calls ``should_run_async(code)``, which IPython 9.16
#: turned into an error (the transformed cell must be passed); IPython 9.17 is the first that
#: does not import prompt_toolkit when it starts, and the first visit is lighter for it
#: (tests/test_site_weight.py names the versions this papers over).
KERNEL_PATCHES = {
    "pyodide_kernel-0.7.2-py3-none-any.whl": {
        "pyodide_kernel/kernel.py": (
            "self.interpreter.should_run_async(code)",
            "self.interpreter.should_run_async(code, transformed_cell=exec_code)",
        )
    }
}


def slim_wheel(wheel: Path, target: Path) -> Path:
    """Copy ``wheel`` to ``target`` without its :func:`_needless` files (and their RECORD
    lines), with its :data:`KERNEL_PATCHES` applied; returns ``target``."""
    patches = dict(KERNEL_PATCHES.get(wheel.name, {}))
    with zipfile.ZipFile(wheel) as source, zipfile.ZipFile(target, "w") as out:
        for info in source.infolist():
            if _needless(info.filename):
                continue
            data = source.read(info)
            if info.filename in patches:
                old, new = patches.pop(info.filename)
                text = data.decode("utf-8")
                if text.count(old) != 1:
                    raise RuntimeError(f"{wheel.name}: {info.filename} no longer has {old!r}")
                data = text.replace(old, new).encode("utf-8")
            if info.filename.endswith(".dist-info/RECORD"):
                lines = data.decode("utf-8").splitlines(keepends=True)
                data = "".join(x for x in lines if not _needless(x.split(",")[0])).encode()
            out.writestr(info, data, **DEFLATE)
    if patches:
        raise RuntimeError(f"{wheel.name} has no {sorted(patches)}")
    return target


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
        if name == "python_stdlib.zip":
            slim_stdlib(core / name, into / name)
        else:
            shutil.copy2(core / name, into / name)
    npm_lock = json.loads((core / "pyodide-lock.json").read_text(encoding="utf-8"))
    placeholders = {f"fivecrowns-lab-no-{key}": key for key in PLACEHOLDERS}
    wheels = [*wheels, *(_placeholder(into, key) for key in PLACEHOLDERS)]
    targets = []
    for wheel in wheels:
        target = into / wheel.name
        if wheel.resolve() != target.resolve():
            slim_wheel(wheel, target)
        targets.append(target)
    compile_wheels(into, targets)
    packages = {}
    for target in targets:
        name, version, depends, imports = _metadata(target)
        key = placeholders.get(name, _normalize(name))
        packages[key] = {
            "name": key,
            "version": version,
            "file_name": target.name,
            "install_dir": "site",
            "sha256": hashlib.sha256(target.read_bytes()).hexdigest(),
            "package_type": "package",
            "imports": [] if key in PLACEHOLDERS else imports,
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


#: Wheels left as source: ours (its bytecode would add 0.15 MB to a first visit's 20 MB
#: budget, tests/test_site_weight.py) and tqdm (no page imports it as it opens).
SOURCE_WHEELS = ("fivecrowns_lab", "tqdm")


def compile_wheels(folder: Path, wheels: list[Path]) -> None:
    """Compile to bytecode, in place, the modules of ``wheels`` (in ``folder``) that a lesson
    imports as it opens, with the site's own Pyodide under Node (lite/compile_wheels.mjs): a
    page then imports them without compiling them, as it does Pyodide's own packages (about
    a third of a second less before a lesson's first widget, every visit), except
    :data:`SOURCE_WHEELS`."""
    node = shutil.which("node")
    if node is None:
        raise RuntimeError("The site needs Node to compile its wheels: apt-get install nodejs.")
    (micropip,) = (w.name for w in wheels if w.name.startswith("micropip-"))
    names = [w.name for w in wheels]
    compiled = [name for name in names if not name.startswith(SOURCE_WHEELS)]
    args = [str(folder.resolve()), micropip, *names, "--", *compiled]
    run([node, "compile_wheels.mjs", *args], cwd=LITE)


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


#: The folders (under the site's root) whose files lite/service-worker.js answers cache-first.
SERVICE_WORKER = LITE / "service-worker.js"
SERVICE_WORKER_CACHED = (
    "static/pyodide",
    "extensions",
    "voici/build",
    "build",
    "static/fontawesome",
)


def cache_version(output: Path) -> str:
    """A hash of every file the service worker may cache (its path and content): a new
    build with any of them changed gets a new cache, and the old one is deleted."""
    digest = hashlib.sha256()
    for folder in SERVICE_WORKER_CACHED:
        for path in sorted((output / folder).rglob("*")):
            if path.is_file():
                digest.update(path.relative_to(output).as_posix().encode() + b"\0")
                digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:16]


def install_service_worker(output: Path) -> str:
    """Write lite/service-worker.js over each of JupyterLite's ``service-worker.js`` (the one
    at the root is the one the pages register), with this build's cache version; return it."""
    version = cache_version(output)
    script = SERVICE_WORKER.read_text(encoding="utf-8").replace("__CACHE_VERSION__", version)
    for path in output.rglob("service-worker.js"):
        path.write_text(script, encoding="utf-8")
    return version


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
    log(f"service worker cache: fivecrowns-lab-{install_service_worker(output)}")
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
