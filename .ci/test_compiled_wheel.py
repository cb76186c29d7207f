"""Test an installed compiled wheel: the wheels workflow's test command.

Usage: ``python PROJECT/.ci/test_compiled_wheel.py PROJECT``, run from outside the checkout
(cibuildwheel runs its test command in a temporary folder) in an environment where the
compiled wheel is installed.

The wheel must load its compiled core, and the recorded games must replay exactly on it.
A plain ``pytest PROJECT/tests/test_replays.py`` would not test the wheel: ``tests`` is a
package, so pytest puts PROJECT first on ``sys.path`` and the checkout's pure-Python
modules would be imported instead. ``FIVECROWNS_COMPILED_COPY`` makes ``tests/conftest.py``
put the installed package first and stop if the pure path still loads.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def main(project: Path) -> int:
    import fivecrowns_lab

    installed = Path(fivecrowns_lab.__file__).resolve().parent
    if project.resolve() in installed.parents:
        print(f"The package was imported from the checkout ({installed}), not the wheel.")
        return 1
    if not fivecrowns_lab.compiled:
        print(f"The installed package ({installed}) has no compiled core.")
        return 1
    print(f"Compiled core in {installed}: {', '.join(fivecrowns_lab.compiled.modules)}")
    env = {**os.environ, "FIVECROWNS_COMPILED_COPY": str(installed.parent)}
    tests = project / "tests" / "test_replays.py"
    command = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-o", "addopts="]
    return subprocess.call([*command, "-q", str(tests)], env=env)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python .ci/test_compiled_wheel.py PROJECT")
    sys.exit(main(Path(sys.argv[1])))
