"""Hatch build hook: a wheel with the compiled core when ``FIVECROWNS_COMPILE=1`` is set.

Without the variable (``pip install``, the static site, every default build) nothing
happens and the wheel is pure Python. With it, the hook compiles the modules that
``build_compiled.py`` lists and adds the extensions to a platform wheel; their ``.py``
files stay in the wheel too (Python imports the extension first).
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

SWITCH = "FIVECROWNS_COMPILE"


def _enabled() -> bool:
    return os.environ.get(SWITCH, "") == "1"


class CompiledCoreHook(BuildHookInterface):  # type: ignore[type-arg]
    """Compile the hot core with mypyc into the wheel, only when asked to."""

    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        # Asked of the build front end before building: mypyc and setuptools only
        # for a compiled build, nothing for the default one.
        return ["mypy>=1.10", "setuptools>=61"] if _enabled() else []

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if not _enabled() or self.target_name != "wheel" or version == "editable":
            return
        spec = importlib.util.spec_from_file_location(
            "build_compiled", Path(self.root) / "build_compiled.py"
        )
        assert spec is not None and spec.loader is not None  # our own file, always there
        build_compiled = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(build_compiled)
        self._out = Path(tempfile.mkdtemp(prefix="fivecrowns-compiled-"))
        for path in build_compiled.compile_into(self._out, Path(self.root) / "fivecrowns_lab"):
            build_data["force_include"][str(path)] = path.relative_to(self._out).as_posix()
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        out = getattr(self, "_out", None)
        if out is not None:
            shutil.rmtree(out, ignore_errors=True)
