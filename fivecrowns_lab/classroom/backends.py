"""The two class databases: SQLite (a file, the default) and PostgreSQL (psycopg 3).

Both run :class:`~.store._SqlStore`'s SQL; each says how it connects and which errors mean
the database is away (:class:`~fivecrowns_lab.errors.ClassUnavailableError`). SQLite opens
the file for each operation (WAL mode, a busy timeout); PostgreSQL keeps one connection per
thread and makes a new one after a failure.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..errors import ClassError, ClassUnavailableError
from .store import _SqlStore

__all__ = ["PostgresStore", "SqliteStore", "open_store"]


def _private_file(path: Path) -> None:
    """Create ``path``'s missing folders (mode 700) and the file itself (mode 600).

    The records are the class's: only the account that serves may read them. SQLite makes
    its ``-wal`` and ``-shm`` files with the database file's mode. Folders and files that
    exist already keep theirs.
    """
    missing = [folder for folder in (path.parent, *path.parent.parents) if not folder.exists()]
    for folder in reversed(missing):
        folder.mkdir(mode=0o700, exist_ok=True)
        folder.chmod(0o700)  # the process's umask may have taken bits off, never added
    if not path.exists():
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT, 0o600))


class SqliteStore(_SqlStore):
    """The class database in one SQLite file (WAL mode); ``":memory:"`` keeps it in memory."""

    dialect = "sqlite"

    def __init__(self, path: str | Path, *, timeout: float = 30.0) -> None:
        self.path = str(path)
        self.timeout = timeout
        self._memory: sqlite3.Connection | None = None
        self._lock = threading.Lock()
        if self.path == ":memory:":
            self._memory = sqlite3.connect(":memory:", check_same_thread=False)
            self._memory.execute("PRAGMA foreign_keys = ON")
        else:
            try:
                _private_file(Path(self.path))
                conn = self._open()  # outside a transaction: the journal mode sticks to the file
                try:
                    conn.execute("PRAGMA journal_mode = WAL")
                finally:
                    conn.close()
            except OSError as err:
                raise ClassUnavailableError(
                    f"The class database {self.path!r} cannot be opened: {err.strerror}."
                ) from None
            except sqlite3.Error as err:
                raise ClassUnavailableError(
                    f"The class database {self.path!r} cannot be opened: {err}."
                ) from None

    def describe(self) -> str:
        return f"SQLite file {self.path}"

    def _open(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, timeout=self.timeout, isolation_level=None)
        conn.execute("PRAGMA foreign_keys = ON")
        conn.execute("PRAGMA synchronous = NORMAL")
        return conn

    @contextlib.contextmanager
    def _connection(self) -> Iterator[sqlite3.Connection]:
        try:
            if self._memory is not None:
                with self._lock:
                    self._memory.execute("BEGIN")
                    try:
                        yield self._memory
                    except BaseException:
                        if self._memory.in_transaction:
                            self._memory.execute("ROLLBACK")
                        raise
                    self._memory.execute("COMMIT")
                return
            conn = self._open()
            try:
                conn.execute("BEGIN IMMEDIATE")
                try:
                    yield conn
                except BaseException:
                    if conn.in_transaction:  # SQLite rolls back by itself on some errors
                        conn.execute("ROLLBACK")
                    raise
                conn.execute("COMMIT")
            finally:
                conn.close()
        except sqlite3.OperationalError as err:
            raise ClassUnavailableError(
                f"The class database cannot be written now ({err}); "
                "nothing already recorded is lost."
            ) from None


class PostgresStore(_SqlStore):
    """The class database on a PostgreSQL server, reached with psycopg 3 (the ``class`` extra)."""

    dialect = "postgresql"
    placeholder = "%s"

    def __init__(self, url: str, *, connect_timeout: int = 5) -> None:
        try:
            import psycopg
        except ImportError:
            raise ClassError(
                'PostgreSQL needs the psycopg driver: pip install "fivecrowns_lab[class]".'
            ) from None
        self._psycopg = psycopg
        self.url = url
        self.connect_timeout = connect_timeout
        self._local = threading.local()

    def describe(self) -> str:
        from urllib.parse import urlsplit

        parts = urlsplit(self.url)
        return f"PostgreSQL database {parts.path.lstrip('/')} on {parts.hostname or 'localhost'}"

    @contextlib.contextmanager
    def _connection(self) -> Iterator[Any]:
        """This thread's connection (made on first use, made again after a failure), in a
        transaction of its own: a new connection per record cost a few hundred ms."""
        psycopg = self._psycopg
        conn = getattr(self._local, "conn", None)
        if conn is not None:
            try:  # a kept connection the server has closed (a restart) is made again
                conn.execute("SELECT 1")
            except psycopg.Error:
                with contextlib.suppress(Exception):
                    conn.close()
                conn = None
        try:
            if conn is None or conn.closed:
                conn = psycopg.connect(
                    self.url, connect_timeout=self.connect_timeout, autocommit=True
                )
                self._local.conn = conn
            with conn.transaction():  # commits at the end, rolls back on an error
                yield conn
        except psycopg.OperationalError as err:
            if conn is not None:
                with contextlib.suppress(Exception):
                    conn.close()
            self._local.conn = None
            text = str(err).strip()
            first = text.splitlines()[0] if text else type(err).__name__
            raise ClassUnavailableError(
                f"The class database cannot be reached now ({first}); "
                "nothing already recorded is lost."
            ) from None


def open_store(where: str | Path) -> SqliteStore | PostgresStore:
    """The store a ``--class-db`` value names: a ``postgresql://`` URL, else a SQLite file."""
    text = str(where)
    if text.startswith(("postgresql://", "postgres://")):
        return PostgresStore(text)
    return SqliteStore(text)
