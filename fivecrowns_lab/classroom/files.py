"""Results files: a student without a class server saves their records; a teacher merges them.

A results file is JSON that the lesson pages write (the *Save my results to a file* link)::

    {"format": "fivecrowns-lab-results", "version": 1, "nickname": "Ann",
     "records": [{"kind": "quiz", "topic": "cards", "question": 1, "answer": 2}, ...]}

:func:`merge_result_files` reads any number of them into a class kept in memory and
returns the same :class:`~fivecrowns_lab.classroom.report.ClassReport` the dashboard shows,
so a teacher can look at a class's work in a notebook with no server at all.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from ..errors import ClassError, FiveCrownsError, quote
from ..validators import read_json
from .backends import SqliteStore
from .records import check_nickname, parse_record
from .report import ClassReport, class_report
from .store import ClassInfo, Student

__all__ = ["FORMAT", "MAX_FILE_BYTES", "MAX_RECORDS", "merge_result_files", "results_file"]

FORMAT = "fivecrowns-lab-results"
MAX_FILE_BYTES = 1_000_000
MAX_RECORDS = 5_000
_CODE = "FILES"


def results_file(nickname: str, records: Sequence[dict[str, Any]]) -> str:
    """The text of a results file for ``nickname`` (what the page's link saves)."""
    return json.dumps(
        {"format": FORMAT, "version": 1, "nickname": nickname, "records": list(records)},
        ensure_ascii=False,
    )


def _read(path: Path) -> tuple[str, list[Any]]:
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise ClassError(f"{path.name!r} is {size:,} bytes; a results file is at most 1 MB.")
        raw = path.read_bytes()
    except OSError as err:
        raise ClassError(f"{path.name!r} cannot be read: {err.strerror}.") from None
    try:
        data = read_json(raw, "results file", MAX_FILE_BYTES, 8, ClassError)
    except ClassError:
        raise ClassError(f"{path.name!r} is not a results file (it is not JSON).") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ClassError(f"{path.name!r} is not a Five Crowns Lab results file.")
    records = data.get("records")
    if not isinstance(records, list) or len(records) > MAX_RECORDS:
        raise ClassError(
            f"{path.name!r} should list at most {MAX_RECORDS:,} records, not {quote(records)}."
        )
    return check_nickname(data.get("nickname")), records


def merge_result_files(paths: Iterable[str | Path]) -> ClassReport:
    """The class report of any number of results files (one student each).

    Two files with the same nickname count as two students ("Ann", "Ann (2)"). A bad
    record refuses the whole file with a sentence naming it, so nothing is half merged.
    """
    store = SqliteStore(":memory:")
    store.migrate()
    store.create_class(ClassInfo(_CODE, "-", "-", "-"))
    taken: set[str] = set()
    for path in map(Path, paths):
        nickname, payloads = _read(path)
        try:
            records = [parse_record(p) for p in payloads]
        except FiveCrownsError as err:
            raise ClassError(f"{path.name!r} has a record that cannot be read: {err}") from None
        name, n = nickname, 1
        while name in taken:
            n += 1
            name = f"{nickname} ({n})"
        taken.add(name)
        student = Student(secrets.token_hex(8), _CODE, name, "-")
        store.add_student(student)
        for i, record in enumerate(records):
            at = payloads[i].get("at") if isinstance(payloads[i].get("at"), str) else "-"
            store.add_record(student.id, record, str(at)[:40])
    return class_report(store, _CODE)
