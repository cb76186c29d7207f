"""Which path the engine runs: the pure-Python modules or the optional compiled core.

A wheel built with ``FIVECROWNS_COMPILE=1`` (see ``build_compiled.py``) carries C
extensions of the hot modules beside their ``.py`` files, and Python imports those
first. Both paths give the same answers; the compiled one is faster.

>>> from fivecrowns_lab import compiled
>>> bool(compiled) == bool(compiled.modules)
True
"""

from __future__ import annotations

import importlib.machinery
import sys
from dataclasses import dataclass

# Every module of the core that a compiled build may replace (it compiles some of them).
CORE_MODULES = (
    "cards", "rules", "melds", "search", "packing", "shortcuts", "discards", "solving",
    "solver", "layoff",
)  # fmt: skip


@dataclass(frozen=True)
class CompiledCore:
    """The core modules running as compiled extensions; true when there is any.

    Attributes
    ----------
    modules : tuple of str
        Names relative to the package, e.g. ``("core.search",)``; empty on
        the pure-Python path.
    """

    modules: tuple[str, ...]

    def __bool__(self) -> bool:
        return bool(self.modules)


def compiled_core() -> CompiledCore:
    """Look at how each core module was loaded (they are all imported by the package)."""
    package = __name__.rsplit(".", 1)[0]
    found = []
    for name in CORE_MODULES:
        module = sys.modules.get(f"{package}.{name}")
        loader = getattr(getattr(module, "__spec__", None), "loader", None)
        if isinstance(loader, importlib.machinery.ExtensionFileLoader):
            found.append(f"core.{name}")
    return CompiledCore(tuple(found))
