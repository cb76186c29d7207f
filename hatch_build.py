"""Build hook: compile the gettext catalogues, and (only when asked) the hot core.

Catalogues: the ``.po`` files are compiled to ``.mo`` with Babel. Hatchling runs this for
the wheel and for an editable install (``pip install -e .``), so both find
``fivecrowns_lab/locale/<code>/LC_MESSAGES/fivecrowns_lab.mo``. The ``.mo`` files are build
products: they are written beside their ``.po`` (ignored by git) and added to the wheel as
artifacts.

Compiled core: with ``FIVECROWNS_COMPILE=1`` set, a wheel (not an editable install) also
gets the modules ``build_compiled.py`` lists compiled with mypyc, as a platform wheel;
their ``.py`` files stay in it too (Python imports the extension first). Without the
variable (``pip install``, the static site, every default build) the wheel is pure Python.
"""

from __future__ import annotations

import importlib.util
import io
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

LOCALE = Path("fivecrowns_lab") / "locale"
COMPILE_SWITCH = "FIVECROWNS_COMPILE"


def _compile_wanted() -> bool:
    return os.environ.get(COMPILE_SWITCH, "") == "1"


def compile_catalogues(root: Path) -> list[Path]:
    """Compile every ``.po`` under the package's locale folder; return the ``.mo`` paths.

    A catalogue with a fuzzy entry or a broken placeholder still compiles (Babel leaves
    fuzzy entries out); ``tests/test_i18n.py`` is what refuses them.
    """
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    written = []
    for po in sorted((root / LOCALE).glob("*/LC_MESSAGES/*.po")):
        with po.open("rb") as source:
            catalogue = read_po(source, locale=po.parent.parent.name)
        buffer = io.BytesIO()
        write_mo(buffer, catalogue)
        compiled = buffer.getvalue()
        mo = po.with_suffix(".mo")
        # A running lesson or test may be reading this file while a wheel is built from
        # the same checkout: an unchanged catalogue is left alone, a changed one replaced
        # whole (never seen half written).
        if not mo.is_file() or mo.read_bytes() != compiled:
            partial = mo.with_name(f"{mo.name}.{os.getpid()}.partial")
            partial.write_bytes(compiled)
            os.replace(partial, mo)
        written.append(mo)
    return written


class CatalogueHook(BuildHookInterface):  # type: ignore[type-arg]
    """Compile the catalogues before hatchling collects the files (and the core, if asked)."""

    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        # Asked of the build front end before building: mypyc and setuptools only for a
        # compiled build, nothing more for the default one.
        return ["mypy>=1.10", "setuptools>=61"] if _compile_wanted() else []

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        root = Path(self.root)
        for mo in compile_catalogues(root):
            # .mo files are ignored by git, and hatchling leaves ignored files out
            # unless they are named as artifacts.
            build_data["artifacts"].append(mo.relative_to(root).as_posix())
        if _compile_wanted() and self.target_name == "wheel" and version != "editable":
            self._compile_core(root, build_data)

    def _compile_core(self, root: Path, build_data: dict[str, Any]) -> None:
        spec = importlib.util.spec_from_file_location("build_compiled", root / "build_compiled.py")
        assert spec is not None and spec.loader is not None  # our own file, always there
        build_compiled = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(build_compiled)
        self._out = Path(tempfile.mkdtemp(prefix="fivecrowns-compiled-"))
        for path in build_compiled.compile_into(self._out, root / "fivecrowns_lab"):
            build_data["force_include"][str(path)] = path.relative_to(self._out).as_posix()
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        out = getattr(self, "_out", None)
        if out is not None:
            shutil.rmtree(out, ignore_errors=True)
