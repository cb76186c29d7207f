"""The class database's schema, as numbered migrations, and the step that applies them.

Each migration is applied once, in order, in one transaction, and its number written to
the ``schema_version`` table; a database opened by a newer package than the one running
is refused rather than misread. ``{id}`` stands for each dialect's auto-numbered key.
"""

from __future__ import annotations

__all__ = ["ID_COLUMN", "MIGRATIONS"]

#: The auto-numbered primary key, per dialect.
ID_COLUMN = {
    "sqlite": "INTEGER PRIMARY KEY AUTOINCREMENT",
    "postgresql": "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY",
}

MIGRATIONS: tuple[tuple[str, ...], ...] = (
    # 1: classes, students and the three kinds of record
    (
        """CREATE TABLE classes (
            code TEXT PRIMARY KEY,
            secret_hash TEXT NOT NULL,
            cookie_key TEXT NOT NULL,
            created_at TEXT NOT NULL
        )""",
        """CREATE TABLE students (
            id TEXT PRIMARY KEY,
            class_code TEXT NOT NULL REFERENCES classes (code) ON DELETE CASCADE,
            nickname TEXT NOT NULL,
            joined_at TEXT NOT NULL,
            UNIQUE (class_code, nickname)
        )""",
        """CREATE TABLE quiz_answers (
            id {id},
            student_id TEXT NOT NULL REFERENCES students (id) ON DELETE CASCADE,
            lesson TEXT NOT NULL,
            question INTEGER NOT NULL,
            prompt TEXT NOT NULL,
            answer TEXT NOT NULL,
            correct INTEGER NOT NULL,
            at TEXT NOT NULL,
            UNIQUE (student_id, lesson, question)
        )""",
        """CREATE TABLE predictions (
            id {id},
            student_id TEXT NOT NULL REFERENCES students (id) ON DELETE CASCADE,
            lesson TEXT NOT NULL,
            prediction TEXT NOT NULL,
            predicted TEXT NOT NULL,
            outcome TEXT NOT NULL,
            at TEXT NOT NULL
        )""",
        """CREATE TABLE experiments (
            id {id},
            student_id TEXT NOT NULL REFERENCES students (id) ON DELETE CASCADE,
            lesson TEXT NOT NULL,
            experiment TEXT NOT NULL,
            seed BIGINT NOT NULL,
            trials BIGINT NOT NULL,
            successes BIGINT NOT NULL,
            at TEXT NOT NULL,
            UNIQUE (student_id, experiment, seed)
        )""",
        "CREATE INDEX students_by_class ON students (class_code)",
    ),
    # 2: each record's id stored once per class (a retry counts once), the students the
    # teacher hides from the pooled figures, and predictions as a question id and a guess
    # (one per student and question: the latest stands)
    (
        """CREATE TABLE record_ids (
            class_code TEXT NOT NULL REFERENCES classes (code) ON DELETE CASCADE,
            record_id TEXT NOT NULL,
            student_id TEXT NOT NULL REFERENCES students (id) ON DELETE CASCADE,
            at TEXT NOT NULL,
            PRIMARY KEY (class_code, record_id)
        )""",
        "ALTER TABLE students ADD COLUMN hidden INTEGER NOT NULL DEFAULT 0",
        """CREATE TABLE guesses (
            id {id},
            student_id TEXT NOT NULL REFERENCES students (id) ON DELETE CASCADE,
            lesson TEXT NOT NULL,
            question TEXT NOT NULL,
            guess TEXT,
            at TEXT NOT NULL,
            UNIQUE (student_id, question)
        )""",
    ),
    # identities (issue 44): the look-alike key a class keeps unique, and the hash of the
    # student's rejoin code. Old students get their keys from Python at the next open
    # (ClassStore.fill_nickname_keys); NULL keys never collide.
    (
        "ALTER TABLE students ADD COLUMN nickname_key TEXT",
        "ALTER TABLE students ADD COLUMN rejoin_hash TEXT",
        "CREATE UNIQUE INDEX students_by_nickname_key ON students (class_code, nickname_key)",
    ),
    # a class of any size (issue 47): what a class-service process used to keep in memory,
    # kept in the database so that several processes serve one class. Rate-limit events
    # (one row per counted join or record, deleted once past their window) and the
    # students' bearer sessions (only the token's hash).
    (
        """CREATE TABLE rate_events (
            who TEXT NOT NULL,
            at DOUBLE PRECISION NOT NULL
        )""",
        "CREATE INDEX rate_events_by_who ON rate_events (who, at)",
        """CREATE TABLE sessions (
            token_hash TEXT PRIMARY KEY,
            student_id TEXT NOT NULL REFERENCES students (id) ON DELETE CASCADE,
            created_at TEXT NOT NULL
        )""",
        "CREATE INDEX sessions_by_student ON sessions (student_id)",
    ),
)
