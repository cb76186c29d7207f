"""Build hook: compile the gettext catalogues (``.po``) to ``.mo`` files with Babel.

Hatchling runs it for the wheel and for an editable install (``pip install -e .``), so
both find ``fivecrowns_lab/locale/<code>/LC_MESSAGES/fivecrowns_lab.mo``. The ``.mo``
files are build products: they are written beside their ``.po`` (ignored by git) and
added to the wheel as artifacts.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

LOCALE = Path("fivecrowns_lab") / "locale"


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
        mo = po.with_suffix(".mo")
        with mo.open("wb") as target:
            write_mo(target, catalogue)
        written.append(mo)
    return written


class CatalogueHook(BuildHookInterface):
    """Compile the catalogues before hatchling collects the files."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        root = Path(self.root)
        for mo in compile_catalogues(root):
            # .mo files are ignored by git, and hatchling leaves ignored files out
            # unless they are named as artifacts.
            build_data["artifacts"].append(mo.relative_to(root).as_posix())
