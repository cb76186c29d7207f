"""A class in session: joining, recording with a rate limit, and recording off when the
database fails. :class:`Classroom` wraps a :class:`ClassStore` with the rules that are
not the database's business:

- the teacher's secret is kept as a salted hash, checked in constant time; only the
  teacher's server (:meth:`Classroom.open`) has a teacher, a students' server
  (:meth:`Classroom.attach`) accepts no secret at all;
- a student's cookie is signed with the class's own key, kept in a file of mode 600 beside
  the database (:class:`~.keyfile.SecretFile`), so a restart keeps every student's place;
  a page on another origin (the static site) holds a bearer token instead
  (:meth:`Classroom.open_session`), kept in the database as the token's hash;
- a nickname is unique in its class up to look-alikes (:func:`~.nicknames.nickname_key`);
  a student gets a short rejoin code (only its hash is kept) to take it back elsewhere;
- joins are limited per browser and per address, wrong rejoin codes per nickname, and
  records per student (:class:`RateLimit`); every count is kept in the database
  (:mod:`.limits`), so two processes serving one class count together;
- when the database cannot be reached or written, recording is off for
  :data:`RETRY_SECONDS`: every record then is refused with one sentence the student sees,
  nothing stored is touched, and the next record after it tries again.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from datetime import datetime, timezone
from typing import Any

from ..errors import ClassError, ClassUnavailableError, FiveCrownsError
from ..i18n import N_
from .keyfile import (
    SecretFile,
    cookie_key,
    default_keys,
    hash_secret,
    matches,
    sign,
    token_digest,
    unsign,
)
from .limits import (
    N_ADDRESS,
    N_BROWSER,
    N_REJOINS,
    RateLimit,
    admit_records,
    count_join,
    too_many_records,
)
from .nicknames import nickname_key
from .records import (
    CODE_ALPHABET,
    BatchOutcome,
    Record,
    check_code,
    check_nickname,
    check_record_id,
    new_code,
    parse_record,
)
from .report import ClassReport, class_report, export_csv
from .store import ClassInfo, ClassStore, Student

__all__ = ["RETRY_SECONDS", "SERVED_ENV", "BatchOutcome", "Classroom", "RateLimit", "hash_secret"]

#: Set to "1" in the environment of a server that serves a class (and so of its kernels):
#: a lesson page asks the class server who its student is only then.
SERVED_ENV = "FIVECROWNS_LAB_CLASS_SERVED"

#: How long recording stays off after the database failed, before the next try.
RETRY_SECONDS = 15.0


#: Characters in a rejoin code (from the class codes' alphabet: nothing to mix up).
REJOIN_LENGTH = 6


def _find(store: ClassStore, code: str) -> ClassInfo:
    info = store.get_class(check_code(code))
    if info is None:
        raise ClassError.because(
            N_("There is no class {code} in the {database}: check the code."),
            code=repr(check_code(code)),
            database=store.describe(),
        )
    return info


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")


class Classroom:
    """One class served: its code, its students and their records, in ``store``."""

    def __init__(
        self,
        store: ClassStore,
        info: ClassInfo,
        *,
        limit: RateLimit = RateLimit(),  # noqa: B008 - frozen: one shared value is fine
        clock: Callable[[], float] = time.time,
        keys: SecretFile | None = None,
        teacher: bool = True,
    ) -> None:
        self.store = store
        self.info = info
        self.limit = limit
        self.clock = clock
        #: Whether this server is the teacher's (the only one with a dashboard).
        self.teacher = teacher
        #: The class that was the latest before :meth:`open` made a new one.
        self.previous: str | None = None
        self._key = cookie_key(store, info, keys)
        self._down_until = 0.0
        #: Why recording is off ('' while it is on).
        self.problem = ""
        # The students who joined before nickname keys existed get theirs now.
        self._guarded(lambda: store.fill_nickname_keys(nickname_key))

    @property
    def code(self) -> str:
        return self.info.code

    # -- opening a class -------------------------------------------------------------------
    @classmethod
    def open(
        cls,
        store: ClassStore,
        secret: str | None = None,
        *,
        new: bool = False,
        code: str | None = None,
        keys: SecretFile | None = None,
        **kwargs: Any,
    ) -> tuple[Classroom, str]:
        """The teacher's server's class and the teacher's secret for this session.

        The class is ``code`` (an older class reopened), a new one (``new``), or the
        store's latest. The secret is new each time unless given: a restart keeps the
        class, its code and its records, and prints a new dashboard address.
        ``previous`` on the result names the class that was the latest before a new one.
        """
        store.migrate()
        secret = secret or secrets.token_urlsafe(16)
        latest = store.latest_class()
        info = _find(store, code) if code else None if new else latest
        if info is None:
            info = ClassInfo(new_code(), hash_secret(secret), "", _now())
            store.create_class(info)
        elif not matches(secret, info.secret_hash):
            # A second process of the class started with the same secret keeps its hash,
            # so the first one's teacher's cookie holds.
            store.set_secret(info.code, hash_secret(secret))
            info = store.get_class(info.code) or info
        room = cls(store, info, keys=keys or default_keys(store), **kwargs)
        room.previous = latest.code if latest and latest.code != info.code else None
        return room, secret

    @classmethod
    def attach(
        cls,
        store: ClassStore,
        *,
        code: str | None = None,
        keys: SecretFile | None = None,
        **kwargs: Any,
    ) -> Classroom:
        """A class another server (the teacher's) opened, served for its students only.

        Nothing of the class changes and no secret is made: this server's dashboard
        accepts none. ``code`` names the class; else the store's latest.
        """
        store.migrate()
        info = _find(store, code) if code else store.latest_class()
        if info is None:
            raise ClassError.because(
                N_(
                    "There is no class in the {database} yet: start the teacher's server "
                    "(serve --class) first."
                ),
                database=store.describe(),
            )
        return cls(store, info, keys=keys or default_keys(store), teacher=False, **kwargs)

    def is_teacher(self, secret: object) -> bool:
        """Whether ``secret`` is the teacher's secret of this session (never, on a
        students' server)."""
        if not self.teacher or not isinstance(secret, str) or not secret:
            return False
        return matches(secret, self.info.secret_hash)

    # -- signed cookies --------------------------------------------------------------------
    def sign(self, value: str) -> str:
        """``value`` with a signature only this class's key makes."""
        return sign(self._key, value)

    def unsign(self, signed: object) -> str | None:
        """The value of a signed cookie, or None if it is not one this class signed."""
        return unsign(self._key, signed)

    # -- students --------------------------------------------------------------------------
    def join(self, code: object, nickname: object) -> Student:
        """A new student of this class, or a :class:`ClassError` saying what to fix
        (:meth:`enter` without a rejoin code, a browser or an address)."""
        return self.enter(code, nickname)[0]

    def enter(
        self,
        code: object,
        nickname: object,
        rejoin: object = "",
        *,
        browser: str = "",
        address: str = "",
    ) -> tuple[Student, str]:
        """A new student of this class and their rejoin code; or, with the right ``rejoin``
        code, the student who has that nickname (and ``""``). A :class:`ClassError`
        says what to fix; each attempt counts against ``browser`` and ``address``.
        """
        self._admit_join(browser, address)
        if check_code(code) != self.code:
            raise ClassError.because(
                N_("{code} is not this class's code: check the code on the board."),
                code=repr(check_code(code)),
            )
        name = check_nickname(nickname)
        key = nickname_key(name)
        again = rejoin.strip().upper() if isinstance(rejoin, str) else ""
        if again:
            return self._rejoin(name, key, again), ""
        words = secrets.choice
        code_text = "".join(words(CODE_ALPHABET) for _ in range(REJOIN_LENGTH))
        student = Student(secrets.token_urlsafe(12), self.code, name, _now())
        if not self._guarded(lambda: self.store.add_student(student, key, hash_secret(code_text))):
            raise ClassError.because(
                N_(
                    "Someone in this class already uses the nickname {nickname} or one that "
                    "looks like it: choose another, or type your rejoin code if it is yours."
                ),
                nickname=repr(name),
            )
        return student, code_text

    def _rejoin(self, name: str, key: str, again: str) -> Student:
        """The student whose nickname has ``key``, if ``again`` is their rejoin code."""
        self._count(("rejoin", key), self.limit.rejoin, N_REJOINS)
        found: tuple[Student, str] | None = self._guarded(
            lambda: self.store.student_by_key(self.code, key)
        )
        if found is None:
            raise ClassError.because(
                N_(
                    "Nobody in this class has the nickname {nickname} yet: leave the rejoin "
                    "code empty to join with it."
                ),
                nickname=repr(name),
            )
        student, kept = found
        if not matches(again, kept):
            raise ClassError.because(
                N_(
                    "{rejoin} is not the rejoin code of {nickname}: check the code your page "
                    "showed when you joined."
                ),
                rejoin=repr(again[:12]),
                nickname=repr(student.nickname),
            )
        # the right code: its wrong tries are forgiven
        self._guarded(lambda: self.store.forget_events(self._key_of("rejoin", key)))
        return student

    def _admit_join(self, browser: str, address: str) -> None:
        """Count a join attempt against its browser and its address, or refuse it."""
        if browser:
            self._count(("browser", browser), self.limit.browser, N_BROWSER)
        if address:
            self._count(("address", address), self.limit.address, N_ADDRESS)

    def _key_of(self, kind: str, who: str) -> str:
        """The rate-limit key of ``who`` for ``kind`` in this class."""
        return f"{self.code}:{kind}:{who}"

    def _count(self, who: tuple[str, str], most: int, sentence: str) -> None:
        key, now = self._key_of(*who), self.clock()
        window = self.limit.join_seconds
        self._guarded(lambda: count_join(self.store, key, most, window, now, sentence))

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
        # (position in the batch, id, refusal or None): the answer keeps the batch's order.
        acked: list[tuple[int, str]] = []
        refused: list[tuple[int, str | None, str]] = []
        fresh: list[tuple[int, str, Any]] = []
        for at, payload in enumerate(payloads):
            try:
                rid = check_record_id(payload)
            except ClassError as err:
                refused.append((at, None, str(err)))
                continue
            if rid in known:
                acked.append((at, rid))
            else:
                fresh.append((at, rid, payload))
        runs = [isinstance(p, dict) and p.get("kind") == "experiment" for _, _, p in fresh]
        # Past the limit: not acknowledged, the page sends the rest again in a minute.
        items: list[tuple[str, Record]] = []
        for at, rid, payload in fresh[: self._admitted(student.id, runs)]:
            try:
                items.append((rid, parse_record(payload)))
            except FiveCrownsError as err:
                refused.append((at, rid, str(err)))
            acked.append((at, rid))
        fates = self._guarded(lambda: self.store.add_records(self.code, student.id, items, _now()))
        return BatchOutcome(
            tuple(rid for _, rid in sorted(acked)),
            fates.count("stored"),
            tuple((rid, why) for _, rid, why in sorted(refused, key=lambda r: r[0])),
        )

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
        """Count one record of ``student_id``, or refuse it past the rate limit."""
        if not self._admitted(student_id, [run]):
            raise too_many_records(self.limit)

    def _admitted(self, student_id: str, runs: list[bool]) -> int:
        """How many of these records (``runs``: which are experiment runs) are counted now."""
        if not runs:
            return 0
        keys = (self._key_of("records", student_id), self._key_of("runs", student_id))
        now = self.clock()
        counted: int = self._guarded(
            lambda: admit_records(self.store, keys, runs, self.limit, now)
        )
        return counted

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

    # -- sessions: a page on another origin holds a bearer token, not a cookie ------------
    def open_session(self, student: Student) -> str:
        """A new bearer token for ``student`` (the database keeps only its hash)."""
        token = secrets.token_urlsafe(24)
        digest = token_digest(token)
        self._guarded(lambda: self.store.add_session(digest, student.id, _now()))
        return token

    def session_student(self, token: object) -> Student | None:
        """The student of this class whose bearer token is ``token``, or None."""
        if not isinstance(token, str) or not 16 <= len(token) <= 100:
            return None
        digest = token_digest(token)
        row = self._guarded(lambda: self.store.session_student(digest))
        return Student(*row) if row and row[1] == self.code else None

    def refresh(self) -> None:
        """The class as the database has it now: another process serving it may have set
        a new teacher's secret since this one opened it."""
        found = self._guarded(lambda: self.store.get_class(self.code))
        if found is not None:
            self.info = found

    # -- the teacher's side ----------------------------------------------------------------
    def report(self) -> ClassReport:
        """The dashboard's figures."""
        return self._guarded(lambda: class_report(self.store, self.code))  # type: ignore[no-any-return]

    def export_csv(self) -> str:
        """Every record of the class as CSV."""
        return self._guarded(lambda: export_csv(self.store, self.code))  # type: ignore[no-any-return]

    def clear(self) -> int:
        """Delete every student and record of the class (the code stays); rows deleted."""
        self._guarded(lambda: self.store.forget_events(f"{self.code}:"))
        return self._guarded(lambda: self.store.clear(self.code))  # type: ignore[no-any-return]
