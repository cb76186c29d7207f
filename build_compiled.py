"""Compile the engine's hot core with mypyc: an optional build, never required.

The pure-Python modules stay the default (``pip install`` and the static site use them).
This script compiles the *unchanged* modules listed in ``COMPILED`` into C extensions
placed beside their ``.py`` files; Python imports an extension before a source file of
the same name, so a copy of the package with them runs the compiled path.

Used by ``hatch_build.py`` (a wheel built with ``FIVECROWNS_COMPILE=1``), by the test
that requires both paths to play the same games, and by hand:
``python build_compiled.py OUTDIR`` writes a compiled copy of the package into OUTDIR
(put OUTDIR first on ``PYTHONPATH`` to use it). Needs mypy (with mypyc) and a C compiler.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
PACKAGE = "fivecrowns_lab"

# The solver (core/search.py: the search; core/solving.py: the public Solver and its
# questions; core/discards.py: its scoring; core/packing.py: packed hands; core/shortcuts.py:
# what one drawn card does without a search), where the profile of benchmarks/games.py
# spends its time, compiled as they are. mypyc refuses a wrongly typed argument with its
# own TypeError before the function's checks run, so every compiled public entry point
# takes its numbers and switches as ``object`` and checks them itself (Solver's
# ``building``, ``keep``, ``limit``, ``loose_packed``), and cards and rules go through their
# own checks. (core/cards.py and core/melds.py do not compile unchanged at all: the Suit
# enum's metaclass, Hand subclassing tuple, a str subclass for reasons.)
COMPILED = (
    "core/search.py",
    "core/packing.py",
    "core/shortcuts.py",
    "core/discards.py",
    "core/solving.py",
)

# Run in a folder holding a copy of the package and no pyproject.toml (setuptools would
# read ours, which it does not understand): builds the extensions in place.
_SETUP = """
import sys
from setuptools import setup
from mypyc.build import mypycify
setup(
    name="fivecrowns_lab_compiled",
    ext_modules=mypycify(sys.argv[1:], group_name="fivecrowns_lab_core"),
    script_args=["build_ext", "--inplace", "--quiet"],
)
"""


def compile_into(out: Path, source: Path = HERE / PACKAGE) -> list[Path]:
    """Copy the package into ``out`` and compile ``COMPILED`` there; return the extensions.

    Parameters
    ----------
    out : Path
        An empty or new folder; ``out/fivecrowns_lab`` becomes the compiled copy and the
        shared runtime library lands in ``out`` itself.
    source : Path
        The package folder to copy.
    """
    out.mkdir(parents=True, exist_ok=True)
    target = out / PACKAGE
    if target.exists():
        raise FileExistsError(f"{target} exists already; give an empty folder.")
    shutil.copytree(source, target, ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    paths = [f"{PACKAGE}/{module}" for module in COMPILED]
    done = subprocess.run(
        [sys.executable, "-c", _SETUP, *paths], cwd=out, capture_output=True, text=True
    )
    # mypyc leaves its C sources and objects in out/build: only the extensions are kept.
    shutil.rmtree(out / "build", ignore_errors=True)
    if done.returncode:
        raise RuntimeError(f"mypyc failed:\n{done.stdout[-4000:]}{done.stderr[-4000:]}")
    return (
        sorted(out.glob("*.so"))
        + sorted(out.glob("*.pyd"))
        + [path for module in COMPILED for path in _extensions_of(target / module)]
    )


def _extensions_of(module: Path) -> list[Path]:
    stem = module.with_suffix("").name
    return sorted(module.parent.glob(f"{stem}.*.so")) + sorted(module.parent.glob(f"{stem}.*.pyd"))


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python build_compiled.py OUTDIR")
    for path in compile_into(Path(sys.argv[1]).resolve()):
        print(path)
