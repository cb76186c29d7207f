"""The ``fivecrowns-lab`` command (also ``python -m fivecrowns_lab``).

``fivecrowns-lab serve``
    Serve the lessons with Voilà, with the same settings as ``make app`` (read from the
    packaged ``voila.json``), from a writable copy of the lessons in your user folder;
    for one person, so no kernel is preheated.
``fivecrowns-lab serve --class``
    Serve a class, as ``make serve`` does: on the machine's network address with a token,
    a class code and the teacher's dashboard (``--class-db postgresql://...`` for PostgreSQL);
    ``--lessons 07,08`` preheats only the day's lessons (``--language da``: the Danish ones).
``fivecrowns-lab class``
    Serve a class alone, with no lessons and no kernels: the join page, the dashboard, the
    kits and the records API, for the static site's lessons (``--allow-origin`` names the
    site) and for several processes on one PostgreSQL (:mod:`fivecrowns_lab.class_service`).
``fivecrowns-lab lessons DIR``
    Copy the lesson notebooks into ``DIR`` to open them in JupyterLab, code and all.
``fivecrowns-lab table ...``
    Count the exact-probability table (``fivecrowns_lab.odds.probability``'s command).

The notebooks and ``voila.json`` are inside the installed package; in a clone of the
repository (an editable install) they are read from ``notebooks/`` and the root.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import os
import shutil
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from . import __version__
from .content.catalogue import DANISH_FOLDER
from .serving_options import add_preheat_options

__all__ = [
    "copy_lessons",
    "danish_notebooks",
    "lesson_notebooks",
    "main",
    "notebooks_folder",
    "voila_settings",
]

_PACKAGE = Path(__file__).resolve().parent
_REPO = _PACKAGE.parent


def notebooks_folder() -> Path:
    """The lesson notebooks' folder: inside the installed package, or a clone's ``notebooks/``."""
    for folder in (_PACKAGE / "notebooks", _REPO / "notebooks"):
        if any(folder.glob("00-*.ipynb")):
            return folder
    raise FileNotFoundError(
        "The lesson notebooks are missing from this installation; reinstall fivecrowns_lab."
    )


def lesson_notebooks() -> list[Path]:
    """Every lesson notebook, in order (the index ``00-`` first)."""
    return sorted(notebooks_folder().glob("[0-9][0-9]-*.ipynb"))


def danish_notebooks() -> list[Path]:
    """The Danish edition's notebooks (``da/``, docs/danish.md), in order."""
    return sorted((notebooks_folder() / DANISH_FOLDER).glob("[0-9][0-9]-*.ipynb"))


def voila_settings() -> dict[str, dict[str, Any]]:
    """The Voilà settings of ``make app``: the packaged ``voila.json`` (or a clone's)."""
    for path in (_PACKAGE / "voila.json", _REPO / "voila.json"):
        if path.is_file():
            settings: dict[str, dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))
            return settings
    raise FileNotFoundError("voila.json is missing from this installation; reinstall it.")


def copy_lessons(target: Path, *, overwrite: bool) -> list[Path]:
    """Copy the lesson notebooks into ``target``; keep existing ones unless ``overwrite``."""
    target.mkdir(parents=True, exist_ok=True)
    copied = []
    danish = target / DANISH_FOLDER
    every = [(n, target) for n in lesson_notebooks()] + [(n, danish) for n in danish_notebooks()]
    for notebook, folder in every:
        destination = folder / notebook.name
        if overwrite or not destination.exists():
            folder.mkdir(exist_ok=True)
            shutil.copyfile(notebook, destination)
            copied.append(destination)
    return copied


def _user_lessons_folder() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "fivecrowns-lab" / "lessons"


def _serve(args: argparse.Namespace, extra: list[str]) -> int:
    if importlib.util.find_spec("voila") is None:
        print(
            'Voilà is not installed. Install the app extra: pip install "fivecrowns_lab[app]"',
            file=sys.stderr,
        )
        return 1
    folder = Path(args.dir).expanduser() if args.dir else _user_lessons_folder()
    if args.serve_class:
        copy_lessons(folder, overwrite=True)
        from traitlets.config import Config

        from . import serving

        settings = voila_settings()
        settings.get("Voila", {}).pop("ip", None)  # the class server chooses its address
        class_args = [f"--notebooks={folder}", f"--port={args.port}", f"--ip={args.ip}"]
        if args.class_db:
            class_args.append(f"--class-db={args.class_db}")
        if isinstance(args.serve_class, str):  # --class CODE: that class, reopened
            class_args.append(f"--class={args.serve_class}")
        if args.lessons:  # only the day's lessons preheated, in the class's language
            class_args += [f"--lessons={args.lessons}", f"--language={args.language}"]
        return serving.main([*class_args, *extra], config=Config(settings))
    # The served copy is refreshed from the package every time; the scorekeeper's
    # saves and the CSV files it writes beside the lessons are left alone.
    copy_lessons(folder, overwrite=True)
    from traitlets.config import Config

    from .serving import find_page_template

    find_page_template()  # the page template voila.json names ships in the package
    voila_app = importlib.import_module("voila.app")
    argv = [str(folder), f"--port={args.port}", *(["--no-browser"] if args.no_browser else [])]
    # One person: no kernel waits for a visitor (as `make app`); the gallery answers at
    # once and each lesson starts its kernel when opened.
    argv.append("--VoilaConfiguration.preheat_kernel=False")
    url = f"http://localhost:{args.port}/voila/render/00-index.ipynb"
    print(f"Serving the lessons from {folder}: open {url} (Ctrl+C stops).", flush=True)
    # voila.json's settings, exactly as `make app` reads them from the repository root;
    # options given on the command line come on top.
    voila_app.Voila.launch_instance(argv=[*argv, *extra], config=Config(voila_settings()))
    return 0


def _lessons(args: argparse.Namespace) -> int:
    target = Path(args.dir).expanduser()
    copied = copy_lessons(target, overwrite=args.force)
    kept = len(lesson_notebooks()) + len(danish_notebooks()) - len(copied)
    print(f"Copied {len(copied)} lesson notebooks into {target}.")
    if kept:
        print(f"Kept {kept} that were already there (--force replaces them).")
    print(f"Open them with: jupyter lab {target}")
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="fivecrowns-lab",
        description="Five Crowns Lab: serve the lessons, copy them, or count the odds table.",
    )
    parser.add_argument("--version", action="version", version=f"fivecrowns_lab {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    serve = commands.add_parser(
        "serve",
        help="serve the lessons in the browser with Voilà (needs the app extra)",
        description="Serve the lessons with Voilà, with the settings of `make app`. "
        "Options after these are passed on to Voilà.",
    )
    serve.add_argument("--port", type=int, default=8866, help="port to listen on (8866)")
    serve.add_argument(
        "--dir", help="folder to serve the lessons from (default: your user data folder)"
    )
    serve.add_argument("--no-browser", action="store_true", help="do not open a browser")
    serve.add_argument(
        "--class",
        dest="serve_class",
        nargs="?",
        const=True,
        default=False,
        metavar="CODE",
        help="serve a class: the network address with a token, a class code and the "
        "teacher's dashboard (as `make serve`); --class CODE reopens an older class",
    )
    serve.add_argument(
        "--class-db", help="with --class: a postgresql:// URL or a SQLite file for the records"
    )
    serve.add_argument(
        "--ip", default="0.0.0.0", help="with --class: the address to listen on (all)"
    )
    add_preheat_options(
        serve,
        lessons="with --class: preheat only these lessons (such as 07,08: the day's)",
        language="with --class --lessons: the class's language, whose edition is preheated",
        checked=False,  # passed on as typed: the class server checks it
    )

    lessons = commands.add_parser(
        "lessons", help="copy the lesson notebooks into a folder, to open in JupyterLab"
    )
    lessons.add_argument("dir", metavar="DIR", help="the folder to copy them into")
    lessons.add_argument("--force", action="store_true", help="replace notebooks already there")

    commands.add_parser(
        "class",
        help="serve a class alone, no lessons and no kernels (see `fivecrowns-lab class --help`)",
        add_help=False,
    )
    commands.add_parser(
        "table",
        help="count the exact-probability table (see `fivecrowns-lab table --help`)",
        add_help=False,
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; return its exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] == "table":
        from .odds import probability

        return probability.main(argv[1:])
    if argv and argv[0] == "class":
        from . import class_service

        return class_service.main(argv[1:])
    parser = _parser()
    args, extra = parser.parse_known_args(argv)
    if args.command == "serve":
        return _serve(args, extra)
    if extra:
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    if args.command == "lessons":
        return _lessons(args)
    parser.print_help()
    return 0
