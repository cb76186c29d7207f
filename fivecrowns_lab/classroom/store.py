"""Where a class's records are kept: SQLite (the default) or PostgreSQL, behind one protocol.

:class:`ClassStore` is what the rest of the package uses. Both backends run the same SQL
(written with ``?`` placeholders; PostgreSQL's driver gets ``%s``) and write each batch of
records in a transaction of its own. SQLite opens the file for each operation; PostgreSQL keeps
one connection per thread and makes a new one after a failure, so an unreachable
database recovers by itself once it is back. A database error that says the database cannot be
reached or written (disk full, server down) becomes
:class:`~fivecrowns_lab.errors.ClassUnavailableError`; what was committed stays.

SQLite runs in WAL mode with a busy timeout, so 30 students writing at once wait their
turn for a few milliseconds instead of failing (``tests/test_classroom.py`` checks it).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from ..errors import ClassError
from .records import ExperimentResult, Prediction, QuizAnswer, Record
from .schema import ID_COLUMN, MIGRATIONS
from .shared_state import Decide, SharedState

__all__ = ["ClassInfo", "ClassStore", "Student"]


@dataclass(frozen=True)
class ClassInfo:
    """A class: its code, the hash of the teacher's secret, the key that signs cookies."""

    code: str
    secret_hash: str
    cookie_key: str
    created_at: str


@dataclass(frozen=True)
class Student:
    """A student of a class, known by a random id and the nickname they chose."""

    id: str
    class_code: str
    nickname: str
    joined_at: str


class ClassStore(Protocol):
    """The operations a class database offers (each one transaction)."""

    def migrate(self) -> int: ...
    def create_class(self, info: ClassInfo) -> None: ...
    def get_class(self, code: str) -> ClassInfo | None: ...
    def latest_class(self) -> ClassInfo | None: ...
    def set_secret(self, code: str, secret_hash: str) -> None: ...
    def add_student(self, student: Student, key: str = "", rejoin_hash: str = "") -> bool: ...
    def student_by_key(self, code: str, key: str) -> tuple[Student, str] | None: ...
    def fill_nickname_keys(self, key: Callable[[str], str]) -> int: ...
    def class_keys(self) -> list[tuple[str, str]]: ...
    def forget_cookie_key(self, code: str) -> None: ...
    def get_student(self, student_id: str) -> Student | None: ...
    def add_record(self, student_id: str, record: Record, at: str) -> bool: ...
    def add_records(
        self, code: str, student_id: str, items: Sequence[tuple[str, Record]], at: str
    ) -> list[str]: ...
    def set_hidden(self, code: str, student_id: str, hidden: bool) -> bool: ...
    def query(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]: ...
    def clear(self, code: str) -> int: ...
    def describe(self) -> str: ...
    def admit(
        self, keys: Sequence[str], since: float, now: float, decide: Decide
    ) -> dict[str, int]: ...
    def forget_events(self, prefix: str) -> int: ...
    def add_session(self, token_hash: str, student_id: str, at: str) -> None: ...
    def session_student(self, token_hash: str) -> tuple[str, str, str, str] | None: ...


class _SqlStore(SharedState):
    """The SQL both backends share; subclasses say how to connect and which errors mean down."""

    dialect = "sqlite"
    placeholder = "?"

    @contextlib.contextmanager
    def _connection(self) -> Iterator[Any]:  # pragma: no cover - overridden
        raise NotImplementedError
        yield

    def describe(self) -> str:  # pragma: no cover - overridden
        raise NotImplementedError

    def _sql(self, sql: str) -> str:
        return sql if self.placeholder == "?" else sql.replace("?", self.placeholder)

    def _execute(self, statements: Sequence[tuple[str, Sequence[Any]]]) -> list[int]:
        """Run statements in one transaction; the row count of each."""
        counts = []
        with self._connection() as conn:
            cur = conn.cursor()
            for sql, params in statements:
                cur.execute(self._sql(sql), tuple(params))
                counts.append(cur.rowcount)
        return counts

    def query(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        with self._connection() as conn:
            cur = conn.cursor()
            cur.execute(self._sql(sql), tuple(params))
            return [tuple(row) for row in cur.fetchall()]

    # -- the schema ------------------------------------------------------------------------
    def migrate(self) -> int:
        """Apply the migrations this database lacks; the schema version it is at now."""
        with self._connection() as conn:
            cur = conn.cursor()
            if self.dialect == "postgresql":  # one migrating server at a time
                cur.execute("SELECT pg_advisory_xact_lock(2026020)")
            cur.execute(
                "CREATE TABLE IF NOT EXISTS schema_version "
                "(version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)"
            )
            cur.execute("SELECT COALESCE(MAX(version), 0) FROM schema_version")
            current = int(cur.fetchone()[0])
            if current > len(MIGRATIONS):
                raise ClassError(
                    f"The class database is at schema version {current}, newer than this "
                    f"package knows ({len(MIGRATIONS)}): upgrade fivecrowns_lab."
                )
            for number in range(current + 1, len(MIGRATIONS) + 1):
                for statement in MIGRATIONS[number - 1]:
                    cur.execute(statement.replace("{id}", ID_COLUMN[self.dialect]))
                cur.execute(
                    self._sql("INSERT INTO schema_version VALUES (?, ?)"),
                    (number, _now()),
                )
        return len(MIGRATIONS)

    # -- classes and students --------------------------------------------------------------
    def create_class(self, info: ClassInfo) -> None:
        self._execute(
            [
                (
                    "INSERT INTO classes (code, secret_hash, cookie_key, created_at) "
                    "VALUES (?, ?, ?, ?)",
                    (info.code, info.secret_hash, info.cookie_key, info.created_at),
                )
            ]
        )

    def get_class(self, code: str) -> ClassInfo | None:
        rows = self.query(
            "SELECT code, secret_hash, cookie_key, created_at FROM classes WHERE code = ?",
            (code,),
        )
        return ClassInfo(*rows[0]) if rows else None

    def latest_class(self) -> ClassInfo | None:
        rows = self.query(
            "SELECT code, secret_hash, cookie_key, created_at FROM classes "
            "ORDER BY created_at DESC, code LIMIT 1"
        )
        return ClassInfo(*rows[0]) if rows else None

    def set_secret(self, code: str, secret_hash: str) -> None:
        self._execute([("UPDATE classes SET secret_hash = ? WHERE code = ?", (secret_hash, code))])

    def add_student(self, student: Student, key: str = "", rejoin_hash: str = "") -> bool:
        """Add a student; False if the class already has that nickname or a look-alike of it
        (``key``, see :func:`~fivecrowns_lab.classroom.nicknames.nickname_key`)."""
        (count,) = self._execute(
            [
                (
                    "INSERT INTO students (id, class_code, nickname, joined_at, nickname_key, "
                    "rejoin_hash) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                    (
                        student.id,
                        student.class_code,
                        student.nickname,
                        student.joined_at,
                        key or None,
                        rejoin_hash or None,
                    ),
                )
            ]
        )
        return count == 1

    def student_by_key(self, code: str, key: str) -> tuple[Student, str] | None:
        """The class's student whose nickname has ``key``, and their rejoin code's hash."""
        rows = self.query(
            "SELECT id, class_code, nickname, joined_at, COALESCE(rejoin_hash, '') "
            "FROM students WHERE class_code = ? AND nickname_key = ?",
            (code, key),
        )
        return (Student(*rows[0][:4]), str(rows[0][4])) if rows else None

    def fill_nickname_keys(self, key: Callable[[str], str]) -> int:
        """Give students who joined before keys existed their key; the number given.

        Two old look-alikes keep their places: the second one stays without a key.
        """
        rows = self.query(
            "SELECT id, class_code, nickname FROM students WHERE nickname_key IS NULL"
        )
        if not rows:
            return 0
        taken = set(self.query("SELECT class_code, nickname_key FROM students"))
        statements: list[tuple[str, Sequence[Any]]] = []
        for student_id, code, nickname in rows:
            if (code, key(nickname)) not in taken:
                taken.add((code, key(nickname)))
                statements.append(
                    (
                        "UPDATE students SET nickname_key = ? WHERE id = ?",
                        (key(nickname), student_id),
                    )
                )
        return sum(self._execute(statements)) if statements else 0

    def class_keys(self) -> list[tuple[str, str]]:
        """Classes whose cookie key is still in the database (from before key files)."""
        return [
            (str(code), str(key))
            for code, key in self.query(
                "SELECT code, cookie_key FROM classes WHERE cookie_key <> ''"
            )
        ]

    def forget_cookie_key(self, code: str) -> None:
        """Blank a class's cookie key in the database (it lives in the key file now)."""
        self._execute([("UPDATE classes SET cookie_key = '' WHERE code = ?", (code,))])

    def get_student(self, student_id: str) -> Student | None:
        rows = self.query(
            "SELECT id, class_code, nickname, joined_at FROM students WHERE id = ?",
            (student_id,),
        )
        return Student(*rows[0]) if rows else None

    # -- records ---------------------------------------------------------------------------
    def add_record(self, student_id: str, record: Record, at: str) -> bool:
        """Store one record (without an id) in its own transaction; False if it changed nothing."""
        (count,) = self._execute([_record_sql(student_id, record, at)])
        return count == 1

    def add_records(
        self, code: str, student_id: str, items: Sequence[tuple[str, Record]], at: str
    ) -> list[str]:
        """Store records by their ids, all in one transaction: each one's fate.

        ``"stored"``: stored now; ``"kept"``: its id is new but it changed nothing (a
        second try at a quiz question); ``"duplicate"``: this class already has that id
        (a retry), so it is not counted again. Nothing is stored if any step fails.
        """
        fates = []
        with self._connection() as conn:
            cur = conn.cursor()
            for record_id, record in items:
                cur.execute(
                    self._sql(
                        "INSERT INTO record_ids (class_code, record_id, student_id, at) "
                        "VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING"
                    ),
                    (code, record_id, student_id, at),
                )
                if cur.rowcount != 1:
                    fates.append("duplicate")
                    continue
                sql, params = _record_sql(student_id, record, at)
                cur.execute(self._sql(sql), tuple(params))
                fates.append("stored" if cur.rowcount == 1 else "kept")
        return fates

    def set_hidden(self, code: str, student_id: str, hidden: bool) -> bool:
        """Hide a student's records from the pooled figures (or show them); False if the
        class has no such student. The records stay stored either way."""
        (count,) = self._execute(
            [
                (
                    "UPDATE students SET hidden = ? WHERE id = ? AND class_code = ?",
                    (int(hidden), student_id, code),
                )
            ]
        )
        return count == 1

    def clear(self, code: str) -> int:
        """Delete every student and record of the class (the class and its code stay)."""
        tables = (
            "sessions",
            "record_ids",
            "quiz_answers",
            "predictions",
            "guesses",
            "experiments",
        )
        statements: list[tuple[str, Sequence[Any]]] = [
            (
                f"DELETE FROM {table} WHERE student_id IN "
                "(SELECT id FROM students WHERE class_code = ?)",
                (code,),
            )
            for table in tables
        ]
        statements.append(("DELETE FROM students WHERE class_code = ?", (code,)))
        return sum(self._execute(statements))


def _record_sql(student_id: str, record: Record, at: str) -> tuple[str, tuple[Any, ...]]:
    """The statement that stores ``record``.

    A quiz answer after the first try at that question is not stored (first tries only).
    A prediction replaces the student's earlier guess at that question (the latest
    stands). An experiment with a seed the student already reported replaces that one:
    the same seed deals the same hands, so counting both would count them twice.
    """
    if isinstance(record, QuizAnswer):
        return (
            "INSERT INTO quiz_answers (student_id, lesson, question, prompt, answer, "
            "correct, at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
            (
                student_id,
                record.lesson,
                record.question,
                record.prompt,
                record.answer,
                int(record.correct),
                at,
            ),
        )
    if isinstance(record, Prediction):
        return (
            "INSERT INTO guesses (student_id, lesson, question, guess, at) "
            "VALUES (?, ?, ?, ?, ?) ON CONFLICT (student_id, question) DO UPDATE SET "
            "guess = excluded.guess, at = excluded.at",
            (student_id, record.lesson, record.question, record.guess, at),
        )
    if isinstance(record, ExperimentResult):
        return (
            "INSERT INTO experiments (student_id, lesson, experiment, seed, trials, "
            "successes, at) VALUES (?, ?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (student_id, experiment, seed) DO UPDATE SET "
            "trials = excluded.trials, successes = excluded.successes, at = excluded.at",
            (
                student_id,
                record.lesson,
                record.experiment,
                record.seed,
                record.trials,
                record.successes,
                at,
            ),
        )
    raise ClassError(f"{type(record).__name__} is not a class record.")


def _now() -> str:
    from datetime import datetime, timezone

    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")


def __getattr__(name: str) -> Any:
    """The backends live in :mod:`.backends` now; ``store.SqliteStore`` still finds them."""
    if name in ("SqliteStore", "PostgresStore", "open_store"):
        from . import backends

        return getattr(backends, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
