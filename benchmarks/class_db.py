"""Benchmark the class database: 30 students writing at once, on SQLite and PostgreSQL (issue 20).

Starts ``--students`` processes (30 by default), each a student who joins the class and
then sends ``--records`` records as fast as it can (lesson 08's experiment counts and
lesson 01's quiz first tries, one transaction each), all starting at the same moment.
Prints, for each database: records written, records lost (expected minus found: must be
0), the wall time, records a second, and the median and slowest time of one record.

Run: ``python benchmarks/class_db.py`` (SQLite in a temporary folder), and with
``--postgres postgresql://user@host:port/db`` (an empty database) for PostgreSQL too.
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import tempfile
import time
from pathlib import Path

from fivecrowns_lab.classroom import Classroom, RateLimit, open_store
from fivecrowns_lab.classroom.store import Student


def _student(where: str, code: str, student: Student, records: int, start: float, out) -> None:
    store = open_store(where)
    info = store.get_class(code)
    room = Classroom(store, info, limit=RateLimit(records=10**9))
    while time.time() < start:  # every process begins at the same moment
        time.sleep(0.001)
    times = []
    for k in range(records):
        payload = (
            {"kind": "quiz", "topic": "cards", "question": k % 5 + 1, "answer": 1}
            if k % 4 == 0
            else {"kind": "experiment", "experiment": f"go-out-on-deal/round-{k % 11 + 1}",
                  "seed": k, "trials": 200, "successes": k % 9}
        )  # fmt: skip
        began = time.perf_counter()
        room.record(student, payload)
        times.append(time.perf_counter() - began)
    out.put(times)


def run(where: str, students: int, records: int) -> None:
    store = open_store(where)
    room, _secret = Classroom.open(store, new=True)
    joined = [room.join(room.code, f"Student {i}") for i in range(students)]
    out: multiprocessing.Queue = multiprocessing.Queue()
    start = time.time() + 2.0
    procs = [
        multiprocessing.Process(target=_student, args=(where, room.code, s, records, start, out))
        for s in joined
    ]
    for p in procs:
        p.start()
    times = [t for _ in procs for t in out.get()]
    for p in procs:
        p.join()
    wall = time.time() - start
    quiz = sum(1 for k in range(records) if k % 4 == 0)
    # A quiz question is stored once per student (first tries only): 5 questions at most.
    expected = students * (records - quiz + min(quiz, 5))
    found = sum(
        store.query(
            f"SELECT COUNT(*) FROM {table} t JOIN students s ON s.id = t.student_id "
            "WHERE s.class_code = ?",
            (room.code,),
        )[0][0]
        for table in ("experiments", "quiz_answers")
    )
    print(
        f"{store.describe()}: {students} students x {records} records in {wall:.1f} s: "
        f"{found:,} stored of {expected:,} expected, {expected - found} lost; "
        f"{len(times) / wall:,.0f} records/s; one record: median "
        f"{1000 * statistics.median(times):.1f} ms, slowest {1000 * max(times):.0f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--records", type=int, default=100)
    parser.add_argument("--postgres", help="an empty PostgreSQL database's URL")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        run(str(Path(folder) / "class.sqlite3"), args.students, args.records)
    if args.postgres:
        run(args.postgres, args.students, args.records)


if __name__ == "__main__":
    main()
