"""A class in session: joining, recording with a rate limit, and recording off when the
database fails.

:class:`Classroom` is what the class server calls. It wraps a :class:`ClassStore` with the
rules that are not the database's business:

- the teacher's secret is kept as a salted hash and checked in constant time;
- a student's cookie is signed with the class's own key (kept in the database, so a
  server restart keeps every student's place in the class);
- one student may send at most :attr:`RateLimit.records` records in
  :attr:`RateLimit.seconds` (a page stuck in a loop cannot flood the class);
- when the database cannot be reached or written, recording is off for
  :data:`RETRY_SECONDS`, every record in that time is refused with one sentence the
  student sees, and nothing already stored is touched. Then the next record tries again.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

from ..errors import ClassError, ClassUnavailableError, FiveCrownsError
from ..i18n import N_
from .records import (
    Record,
    check_code,
    check_nickname,
    check_record_id,
    new_code,
    parse_record,
)
from .report import ClassReport, class_report, export_csv
from .store import ClassInfo, ClassStore, Student

__all__ = [
    "RETRY_SECONDS",
    "SERVED_ENV",
    "BatchOutcome",
    "Classroom",
    "RateLimit",
    "hash_secret",
]

#: Set to "1" in the environment of a server that serves a class (and so of its kernels):
#: a lesson page asks the class server who its student is only then.
SERVED_ENV = "FIVECROWNS_LAB_CLASS_SERVED"

#: How long recording stays off after the database failed, before the next try.
RETRY_SECONDS = 15.0


@dataclass(frozen=True)
class RateLimit:
    """At most ``records`` records from one student in any ``seconds`` seconds, of which at
    most ``experiments`` experiment runs: the server replays each run (up to a second of
    one core), so one student cannot keep the server busy (a lesson-08 run sends 11)."""

    records: int = 240
    seconds: float = 60.0
    experiments: int = 40


@dataclass(frozen=True)
class BatchOutcome:
    """What became of a batch of records: the page's contract (``as_json``).

    ``acked``: every id the page may forget (stored now, stored before, or refused for
    good); ``stored``: how many changed the class's records now; ``refused``: each
    refused record's id (None when it had no valid id) and the sentence why. A record
    past the rate limit is in none of them: the page sends it again later.
    """

    acked: tuple[str, ...]
    stored: int
    refused: tuple[tuple[str | None, str], ...]

    def as_json(self) -> dict[str, Any]:
        return {
            "acked": list(self.acked),
            "stored": self.stored,
            "refused": [{"id": rid, "message": message} for rid, message in self.refused],
        }


def hash_secret(secret: str, salt: str | None = None) -> str:
    """``salt$hex digest`` of a teacher's secret (a random token, so one hash round is enough)."""
    salt = salt if salt is not None else secrets.token_hex(8)
    digest = hashlib.sha256(f"{salt}:{secret}".encode()).hexdigest()
    return f"{salt}${digest}"


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")


class Classroom:
    """One class served: its code, its students and their records, in ``store``."""

    def __init__(
        self,
        store: ClassStore,
        info: ClassInfo,
        *,
        limit: RateLimit = RateLimit(),
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.store = store
        self.info = info
        self.limit = limit
        self.clock = clock
        self._recent: dict[str, deque[float]] = {}
        self._lock = threading.Lock()
        self._down_until = 0.0
        #: Why recording is off ('' while it is on).
        self.problem = ""

    @property
    def code(self) -> str:
        return self.info.code

    # -- opening a class -------------------------------------------------------------------
    @classmethod
    def open(
        cls, store: ClassStore, secret: str | None = None, *, new: bool = False, **kwargs: object
    ) -> tuple[Classroom, str]:
        """The store's latest class (or a new one) and the teacher's secret for this session.

        The secret is new each time unless given: a restart keeps the class, its code and
        its records, and prints a new dashboard address (the old one stops working).
        """
        store.migrate()
        secret = secret or secrets.token_urlsafe(16)
        info = None if new else store.latest_class()
        if info is None:
            info = ClassInfo(new_code(), hash_secret(secret), secrets.token_hex(32), _now())
            store.create_class(info)
        else:
            store.set_secret(info.code, hash_secret(secret))
            info = store.get_class(info.code) or info
        return cls(store, info, **kwargs), secret  # type: ignore[arg-type]

    def is_teacher(self, secret: object) -> bool:
        """Whether ``secret`` is the teacher's secret of this session."""
        if not isinstance(secret, str) or not secret:
            return False
        salt = self.info.secret_hash.split("$", 1)[0]
        return hmac.compare_digest(hash_secret(secret, salt), self.info.secret_hash)

    # -- signed cookies --------------------------------------------------------------------
    def sign(self, value: str) -> str:
        """``value`` with a signature only this class's key makes."""
        mac = hmac.new(self.info.cookie_key.encode(), value.encode(), hashlib.sha256)
        return f"{value}.{mac.hexdigest()[:32]}"

    def unsign(self, signed: object) -> str | None:
        """The value of a signed cookie, or None if it is not one this class signed."""
        if not isinstance(signed, str) or "." not in signed or len(signed) > 200:
            return None
        value = signed.rsplit(".", 1)[0]
        return value if hmac.compare_digest(self.sign(value), signed) else None

    # -- students --------------------------------------------------------------------------
    def join(self, code: object, nickname: object) -> Student:
        """A new student of this class, or a :class:`ClassError` saying what to fix."""
        if check_code(code) != self.code:
            raise ClassError.because(
                N_("{code} is not this class's code: check the code on the board."),
                code=repr(check_code(code)),
            )
        name = check_nickname(nickname)
        student = Student(secrets.token_urlsafe(12), self.code, name, _now())
        if not self._guarded(lambda: self.store.add_student(student)):
            raise ClassError.because(
                N_("Someone in this class already uses the nickname {nickname}: choose another."),
                nickname=repr(name),
            )
        return student

    def student(self, student_id: str | None) -> Student | None:
        """The student with this id, if they are in this class."""
        if not student_id:
            return None
        found = self._guarded(lambda: self.store.get_student(student_id))
        return found if found is not None and found.class_code == self.code else None

    # -- records ---------------------------------------------------------------------------
    def record(self, student: Student, payload: object) -> bool:
        """Check and store one record from ``student``; False if it was already there."""
        record = parse_record(payload)
        self._admit(student.id)
        return self.record_checked(student, record)

    def record_batch(self, student: Student, payloads: list[Any]) -> BatchOutcome:
        """Check, replay and store a page's records by their ids, in one transaction.

        An id the class already has is acknowledged again and not counted twice; a
        record that can never be stored is refused with a sentence and acknowledged (a
        retry would be refused the same way). When the database is away this raises
        :class:`ClassUnavailableError` and nothing of the batch is stored.
        """
        if student.class_code != self.code:
            raise ClassError("That student is not in this class.")
        known = self._known_ids(payloads)
        acked: list[str] = []
        refused: list[tuple[str | None, str]] = []
        items: list[tuple[str, Record]] = []
        for payload in payloads:
            try:
                rid = check_record_id(payload)
            except ClassError as err:
                refused.append((None, str(err)))
                continue
            if rid in known:
                acked.append(rid)
                continue
            try:
                runs = isinstance(payload, dict) and payload.get("kind") == "experiment"
                self._admit(student.id, runs)
            except ClassError:
                break  # not acknowledged: the page sends the rest again in a minute
            try:
                items.append((rid, parse_record(payload)))
            except FiveCrownsError as err:
                refused.append((rid, str(err)))
            acked.append(rid)
        fates = self._guarded(lambda: self.store.add_records(self.code, student.id, items, _now()))
        return BatchOutcome(tuple(acked), fates.count("stored"), tuple(refused))

    def _known_ids(self, payloads: list[Any]) -> set[str]:
        """The ids among ``payloads`` this class already stored (their retries skip the work)."""
        ids = [p["id"] for p in payloads if isinstance(p, dict) and isinstance(p.get("id"), str)]
        if not ids:
            return set()
        marks = ", ".join("?" * len(ids))
        rows = self._guarded(
            lambda: self.store.query(
                "SELECT record_id FROM record_ids "
                f"WHERE class_code = ? AND record_id IN ({marks})",
                (self.code, *ids),
            )
        )
        return {str(row[0]) for row in rows}

    def set_hidden(self, student_id: object, hidden: object) -> bool:
        """Hide a student from every pooled figure (or show them again); False if the class
        has no such student. Their records stay stored."""
        if not isinstance(student_id, str) or not isinstance(hidden, bool):
            raise ClassError.because(
                N_("Hiding takes a student's id and true or false, not {student} and {hidden}."),
                student=repr(student_id)[:40],
                hidden=repr(hidden)[:20],
            )
        return bool(self._guarded(lambda: self.store.set_hidden(self.code, student_id, hidden)))

    def record_checked(self, student: Student, record: Record) -> bool:
        """Store a record already checked (and rate-limited) in its own transaction."""
        if student.class_code != self.code:
            raise ClassError("That student is not in this class.")
        return bool(self._guarded(lambda: self.store.add_record(student.id, record, _now())))

    def _admit(self, student_id: str, run: bool = False) -> None:
        now = self.clock()
        with self._lock:
            recent = self._recent.setdefault(student_id, deque())
            runs = self._recent.setdefault(student_id + "\0runs", deque())
            for times in (recent, runs):
                while times and times[0] <= now - self.limit.seconds:
                    times.popleft()
            if len(recent) >= self.limit.records or (run and len(runs) >= self.limit.experiments):
                raise ClassError(
                    f"Too many records from you at once (more than {self.limit.records} in "
                    f"{self.limit.seconds:.0f} seconds): wait a minute, then go on."
                )
            recent.append(now)
            if run:
                runs.append(now)

    def _guarded(self, work: Callable[[], object]) -> Any:
        """Run a database step; after a failure, refuse at once until the retry time."""
        if self.problem and self.clock() < self._down_until:
            raise ClassUnavailableError(self.problem)
        try:
            result = work()
        except ClassUnavailableError as err:
            self.problem = (
                f"Recording is off: {err} Your lesson still works; your results are kept in "
                "this browser, and you can save them to a file."
            )
            self._down_until = self.clock() + RETRY_SECONDS
            raise ClassUnavailableError(self.problem) from None
        self.problem = ""
        return result

    # -- the teacher's side ----------------------------------------------------------------
    def report(self) -> ClassReport:
        """The dashboard's figures."""
        return self._guarded(lambda: class_report(self.store, self.code))  # type: ignore[no-any-return]

    def export_csv(self) -> str:
        """Every record of the class as CSV."""
        return self._guarded(lambda: export_csv(self.store, self.code))  # type: ignore[no-any-return]

    def clear(self) -> int:
        """Delete every student and record of the class (the code stays); rows deleted."""
        with self._lock:
            self._recent.clear()
        return self._guarded(lambda: self.store.clear(self.code))  # type: ignore[no-any-return]
