"""Benchmark a class of 300 on the class service alone: two processes, one PostgreSQL (issue 47).

Starts a throwaway PostgreSQL cluster (Debian's ``postgresql`` package) and two
``fivecrowns-lab class`` processes on it, all on 127.0.0.1, behind no proxy but told they
are (``--behind-proxy``: each simulated student sends its own ``X-Forwarded-For``, as a
school's proxy would, so the join limit per address counts students, not the benchmark).
Then ``--students`` HTTP clients (threads, no browsers) join through one process or the
other and post ``--records`` records each (one a request: quiz first tries and lesson-08
experiment runs, which the server replays), spread over ``--seconds``; one post in ten is
sent again through the other process, as a page's retry would be.

Prints: records lost and doubled (from the database: must be 0 and 0), p50/p99 post
latency, the dashboard report's time at the end (median of 5), the CPU seconds the two
processes spent per record stored (replays included), and the machine's load average.

Run: ``python benchmarks/class_service.py`` (60 s); ``--seconds 300`` for the issue's 5 minutes.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import psutil


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_postgres(folder: Path) -> tuple[str, list[str], Path]:
    """A cluster in ``folder`` on a free 127.0.0.1 port; its URL, how to run as its owner."""
    initdb = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"))
    if not initdb:
        sys.exit("This benchmark needs Debian's postgresql package (initdb).")
    binaries = initdb[-1].parent
    run_as = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
    if run_as:
        shutil.chown(folder, "postgres", "postgres")
    data, port = folder / "data", free_port()
    subprocess.run([*run_as, str(binaries / "initdb"), "-D", str(data), "-U", "fc",
                    "--auth=trust", "-E", "UTF8"], check=True, capture_output=True)  # fmt: skip
    options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c max_connections=100"
    subprocess.run([*run_as, str(binaries / "pg_ctl"), "-D", str(data), "-l",
                    str(folder / "log"), "-o", options, "-w", "start"],
                   check=True, capture_output=True)  # fmt: skip
    subprocess.run([*run_as, str(binaries / "createdb"), "-h", "127.0.0.1", "-p", str(port),
                    "-U", "fc", "bench"], check=True, capture_output=True)  # fmt: skip
    return f"postgresql://fc@127.0.0.1:{port}/bench", [*run_as, str(binaries / "pg_ctl")], data


def start_service(url: str, port: int, folder: Path, *extra: str) -> subprocess.Popen[bytes]:
    log = open(folder / f"class-{port}.log", "wb")  # noqa: SIM115 - closed with the process
    proc = subprocess.Popen(
        [sys.executable, "-m", "fivecrowns_lab", "class", "--ip=127.0.0.1", f"--port={port}",
         f"--db={url}", f"--class-keys={folder / 'class.keys'}", "--behind-proxy",
         "--class-secret=benchmark-secret", *extra],
        stdout=log, stderr=subprocess.STDOUT,
    )  # fmt: skip
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return proc
        except OSError:
            time.sleep(0.2)
    sys.exit(f"The class service on port {port} did not start: see {log.name}.")


def request(port: int, method: str, path: str, body: object = None, headers=None):
    """One HTTP request to 127.0.0.1:``port``: status, JSON answer, seconds taken."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    data = None if body is None else json.dumps(body).encode()
    began = time.perf_counter()
    conn.request(method, path, data, {"Content-Type": "application/json", **(headers or {})})
    answer = conn.getresponse()
    text = answer.read()
    took = time.perf_counter() - began
    conn.close()
    return answer.status, json.loads(text or b"null"), took


def records_of(k: int, count: int) -> list[dict]:
    """Student ``k``'s records: quiz first tries, then experiment runs (distinct seeds)."""
    quiz = [{"kind": "quiz", "topic": "cards", "question": q + 1, "answer": 1}
            for q in range(min(5, count))]  # fmt: skip
    runs = [{"kind": "experiment", "experiment": f"go-out-on-deal/round-{r % 11 + 1}",
             "seed": 1000 * k + r, "trials": 200, "successes": 0}
            for r in range(count - len(quiz))]  # fmt: skip
    return [{**r, "id": f"s{k:04d}-r{n:03d}-benchmark"} for n, r in enumerate(quiz + runs)]


def student(k: int, ports: tuple[int, int], code: str, args, start: float, out: dict) -> None:
    rng = random.Random(k)
    here, there = ports[k % 2], ports[1 - k % 2]
    address = {"X-Forwarded-For": f"10.{k // 250}.{k % 250}.1"}
    time.sleep(max(0.0, start + rng.uniform(0, args.seconds / 4) - time.time()))
    status, joined, _ = request(here, "POST", "/fivecrowns/class/api/join",
                                {"code": code, "nickname": f"Student {k}",
                                 "browser": f"b{k}"}, address)  # fmt: skip
    if status != 200:
        out["errors"].append(f"join {k}: {status} {joined}")
        return
    bearer = {**address, "Authorization": f"Bearer {joined['token']}"}
    records = records_of(k, args.records)
    gap = args.seconds * 0.7 / len(records)
    for record in records:
        time.sleep(rng.uniform(0.5, 1.5) * gap)
        for port in (here, there) if rng.random() < 0.1 else (here,):
            status, answer, took = request(
                port, "POST", "/fivecrowns/class/api/records", {"records": [record]}, bearer
            )
            out["latency"].append(took)
            if status != 200 or answer["acked"] != [record["id"]]:
                out["errors"].append(f"post {k}: {status} {answer}")


def count_rows(url: str) -> tuple[int, int]:
    """(distinct record ids stored, record rows stored) in the class database."""
    import psycopg

    with psycopg.connect(url) as conn:
        ids = conn.execute("SELECT COUNT(DISTINCT record_id) FROM record_ids").fetchone()[0]
        rows = sum(conn.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0]
                   for t in ("quiz_answers", "experiments"))  # fmt: skip
    return int(ids), int(rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=300)
    parser.add_argument("--records", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=60, help="300 for the full run")
    args = parser.parse_args(argv)
    folder = Path(tempfile.mkdtemp(prefix="fc-class-bench-"))
    folder.chmod(0o755)
    url, pg_ctl, data = start_postgres(folder)
    ports = (free_port(), free_port())
    procs = []
    try:
        procs.append(start_service(url, ports[0], folder, "--new-class"))
        time.sleep(1)
        printed = (folder / f"class-{ports[0]}.log").read_text(encoding="utf-8")
        code = printed.split("Serving class ", 1)[1].split()[0]
        procs.append(start_service(url, ports[1], folder, f"--class={code}"))
        cpu_before = sum(sum(psutil.Process(p.pid).cpu_times()[:2]) for p in procs)
        out: dict = {"latency": [], "errors": []}
        start = time.time() + 1
        threads = [threading.Thread(target=student, args=(k, ports, code, args, start, out))
                   for k in range(args.students)]  # fmt: skip
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        wall = time.time() - start
        cpu = sum(sum(psutil.Process(p.pid).cpu_times()[:2]) for p in procs) - cpu_before
        status, _, _ = request(ports[0], "GET", "/fivecrowns/class/api/report")
        conn = http.client.HTTPConnection("127.0.0.1", ports[0])
        conn.request("GET", "/fivecrowns/class/dashboard?secret=benchmark-secret")
        cookie = conn.getresponse().getheader("Set-Cookie", "").split(";")[0]
        conn.close()
        report_times = []
        for _ in range(5):
            status, report, took = request(ports[1], "GET", "/fivecrowns/class/api/report",
                                           headers={"Cookie": cookie})  # fmt: skip
            report_times.append(took)
        expected = args.students * args.records
        ids, rows = count_rows(url)
        lat = sorted(out["latency"])
        print(
            f"class service, 2 processes on one PostgreSQL: {args.students} students x "
            f"{args.records} records over {wall:.0f} s ({len(lat)} posts, 1 in 10 retried)"
        )
        print(
            f"records expected {expected}, stored {ids}: lost {expected - ids}, "
            f"doubled {rows - ids} (record rows {rows}); errors {len(out['errors'])}"
        )
        print(
            f"post latency p50 {1000 * lat[len(lat) // 2]:.1f} ms, "
            f"p99 {1000 * lat[int(len(lat) * 0.99)]:.1f} ms"
        )
        print(
            f"dashboard report at {len(report.get('progress', []))} students, {rows} "
            f"records: median {1000 * statistics.median(report_times):.0f} ms (status {status})"
        )
        print(
            f"server CPU {cpu:.1f} s: {1000 * cpu / max(1, ids):.1f} ms a record "
            f"(replays included); load average {os.getloadavg()}"
        )
        for line in out["errors"][:5]:
            print("  ", line)
        return 0 if expected == ids == rows and not out["errors"] else 1
    finally:
        for p in procs:
            p.terminate()
            p.wait(timeout=20)
        subprocess.run([*pg_ctl, "-D", str(data), "-m", "fast", "-w", "stop"],
                       capture_output=True, check=False)  # fmt: skip
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
