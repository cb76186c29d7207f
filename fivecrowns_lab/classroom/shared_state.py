"""What a class-service process would otherwise keep in memory, kept in the class database.

Two things, so that any number of processes on one database serve one class with nothing
lost or doubled (issue 47):

- **rate-limit events**: one row per counted join attempt or record, under a key such as
  ``K7QF2M:records:<student id>``. :meth:`SharedState.admit` reads a key's events in
  its window, lets a function decide how many more to count, and writes them, all in one
  transaction; on PostgreSQL a transaction-scoped advisory lock per key makes two
  processes counting the same key take turns (SQLite's ``BEGIN IMMEDIATE`` already does).
  Events past their window are deleted as the key is next counted.
- **sessions**: a student's bearer token (what a page on another origin sends instead of a
  cookie) is kept as its SHA-256 hash beside the student's id; the token itself is only
  ever in the student's browser.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any

__all__ = ["Decide", "SharedState", "Window"]

#: A key's events in the window: how many, and the time of the oldest (None when none).
Window = tuple[int, float | None]
#: What :meth:`SharedState.admit` asks: from each key's window, how many events to count now.
Decide = Callable[[Mapping[str, Window]], Mapping[str, int]]


class SharedState:
    """Rate-limit events and sessions in SQL; mixed into the stores (needs ``_connection``)."""

    dialect = "sqlite"

    def _connection(self) -> contextlib.AbstractContextManager[Any]:  # pragma: no cover
        raise NotImplementedError

    def _sql(self, sql: str) -> str:  # pragma: no cover - the store's
        raise NotImplementedError

    def admit(
        self, keys: Sequence[str], since: float, now: float, decide: Decide
    ) -> dict[str, int]:
        """Count events under ``keys`` at ``now``, as many as ``decide`` says from each
        key's events after ``since``; what it decided. One transaction: two processes
        deciding on the same key never both see the same count."""
        with self._connection() as conn:
            cur = conn.cursor()
            windows: dict[str, Window] = {}
            for key in sorted(set(keys)):  # one order of locks everywhere: no deadlock
                if self.dialect == "postgresql":
                    cur.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", (key,))
                cur.execute(
                    self._sql("DELETE FROM rate_events WHERE who = ? AND at <= ?"), (key, since)
                )
                cur.execute(
                    self._sql("SELECT COUNT(*), MIN(at) FROM rate_events WHERE who = ?"), (key,)
                )
                count, oldest = cur.fetchone()
                windows[key] = (int(count), None if oldest is None else float(oldest))
            decided = {key: max(0, int(n)) for key, n in decide(windows).items()}
            rows = [(key, now) for key, n in decided.items() for _ in range(n)]
            if rows:
                cur.executemany(self._sql("INSERT INTO rate_events (who, at) VALUES (?, ?)"), rows)
        return decided

    def forget_events(self, prefix: str) -> int:
        """Delete the events of every key that starts with ``prefix``; how many."""
        with self._connection() as conn:
            cur = conn.cursor()
            cur.execute(
                self._sql("DELETE FROM rate_events WHERE substr(who, 1, ?) = ?"),
                (len(prefix), prefix),
            )
            return int(cur.rowcount)

    def add_session(self, token_hash: str, student_id: str, at: str) -> None:
        """Keep a new session of ``student_id`` (its token's hash only)."""
        with self._connection() as conn:
            conn.cursor().execute(
                self._sql(
                    "INSERT INTO sessions (token_hash, student_id, created_at) VALUES (?, ?, ?)"
                ),
                (token_hash, student_id, at),
            )

    def session_student(self, token_hash: str) -> tuple[str, str, str, str] | None:
        """The student (id, class, nickname, joined) whose session has ``token_hash``."""
        with self._connection() as conn:
            cur = conn.cursor()
            cur.execute(
                self._sql(
                    "SELECT s.id, s.class_code, s.nickname, s.joined_at FROM sessions AS t "
                    "JOIN students AS s ON s.id = t.student_id WHERE t.token_hash = ?"
                ),
                (token_hash,),
            )
            row = cur.fetchone()
        return None if row is None else (str(row[0]), str(row[1]), str(row[2]), str(row[3]))
