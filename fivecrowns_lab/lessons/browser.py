"""What the lessons need in a browser kernel (the static site: Pyodide, ``sys.platform ==
"emscripten"``), set up when :mod:`fivecrowns_lab.lessons` is imported there.

Pyodide's ``sqlite3`` is a package of its own that only Pyodide's CDN provides, and the site
uses no CDN. The lessons never open a database in the browser (a class's records live on a
class server), but importing the class code names ``sqlite3``; a stand-in module lets that
import succeed, and opening a database says why it cannot. IPython has already started by
then and keeps its history in memory, as it does whenever ``sqlite3`` is missing.
"""

from __future__ import annotations

import sys
import types
from typing import Any, NoReturn

__all__ = ["NO_SQLITE", "set_up_browser_kernel", "stand_in_for_sqlite3"]

NO_SQLITE = (
    "This web version of the lessons has no database (SQLite): a class's records are kept "
    "by a class server (make serve)."
)


def stand_in_for_sqlite3(platform: str = sys.platform) -> types.ModuleType | None:
    """In a browser kernel without ``sqlite3``, register a stand-in and return it.

    Anywhere else (or when ``sqlite3`` imports) nothing changes and None is returned.

    >>> stand_in_for_sqlite3() is None  # CPython has sqlite3
    True
    """
    if platform != "emscripten":
        return None
    try:
        import sqlite3  # noqa: F401
    except ImportError:
        pass
    else:
        return None
    module = types.ModuleType("sqlite3", NO_SQLITE)

    class Error(Exception):
        pass

    class DatabaseError(Error):
        pass

    class OperationalError(DatabaseError):
        pass

    class IntegrityError(DatabaseError):
        pass

    class Connection:
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            raise OperationalError(NO_SQLITE)

    def connect(*args: Any, **kwargs: Any) -> NoReturn:
        raise OperationalError(NO_SQLITE)

    for name, value in {
        "Error": Error,
        "DatabaseError": DatabaseError,
        "OperationalError": OperationalError,
        "IntegrityError": IntegrityError,
        "Connection": Connection,
        "connect": connect,
        "Row": tuple,
    }.items():
        setattr(module, name, value)
    sys.modules["sqlite3"] = module
    return module


def set_up_browser_kernel(platform: str = sys.platform) -> None:
    """Everything above, in a browser kernel; nothing anywhere else."""
    stand_in_for_sqlite3(platform)
