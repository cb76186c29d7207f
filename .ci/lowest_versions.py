"""Print the lowest versions pyproject.toml allows for the runtime dependencies, as pins.

    python .ci/lowest_versions.py [--extra app --extra data --extra class] > lowest.txt
    pip install -e ".[app,data,class]" -c lowest.txt ...

The lower bound of each ``>=`` (or ``==``/``~=``) specifier becomes ``name==version``, so
that a CI job installs exactly what the floors promise and runs the tests against it
(the lowest-versions job in .github/workflows/lowest.yml). A dependency without a lower
bound is an error: its floor cannot be tested. Standard library only (Python 3.10 has no
tomllib, so it reads the few lines it needs itself).
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_REQUIREMENT = re.compile(r"^\s*([A-Za-z0-9_.\-]+)(\[[^\]]*\])?\s*(.*)$")


def _array(text: str, key: str) -> list[str]:
    """The strings of the TOML array ``key = [...]`` (one per line, as pyproject.toml has)."""
    match = re.search(rf"^{re.escape(key)}\s*=\s*\[(.*?)\]\s*$", text, re.M | re.S)
    if match is None:
        raise SystemExit(f"pyproject.toml has no array {key!r}.")
    return re.findall(r'"([^"]+)"', match[1])


def floor(requirement: str) -> str:
    """``"ipywidgets>=8.1"`` -> ``"ipywidgets==8.1"``; an unbounded requirement is an error.

    The extras of a requirement are left out (``"psycopg[binary]>=3.1"`` -> ``"psycopg==3.1"``):
    the pins are a constraints file, and pip refuses extras there. The extra's own packages
    (``psycopg-binary``) then follow the pinned version.
    """
    match = _REQUIREMENT.match(requirement.split(";")[0])
    if match is None:
        raise SystemExit(f"Cannot read the requirement {requirement!r}.")
    name, spec = match[1], match[3]
    lows = re.findall(r"(?:>=|==|~=)\s*([0-9][^,\s]*)", spec)
    if not lows:
        raise SystemExit(f"{requirement!r} has no lower bound, so its floor cannot be tested.")
    return f"{name}=={lows[0]}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--extra", action="append", default=[], help="also pin this extra")
    args = parser.parse_args(argv)
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    requirements = _array(text, "dependencies")
    for extra in args.extra:
        requirements += _array(text, extra)
    for requirement in requirements:
        print(floor(requirement))
    return 0


if __name__ == "__main__":
    sys.exit(main())
