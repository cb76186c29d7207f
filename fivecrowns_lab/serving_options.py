"""What ``make serve`` and ``fivecrowns-lab serve`` decide before Voilà starts: the
command line, the machine's address and capacity, and which lessons to preheat.

Kept apart from :mod:`fivecrowns_lab.serving` (Voilà's settings that need Python) so that
these are plain functions, tested without a server.
"""

from __future__ import annotations

import argparse
import os
import re
import socket
import subprocess
from collections.abc import Sequence
from pathlib import Path

__all__ = [
    "KERNEL_MIB",
    "OPENING_PER_CORE_MINUTE",
    "RESERVE_MIB",
    "arguments",
    "available_mib",
    "capacity",
    "lesson_numbers",
    "network_address",
    "preheat_only",
]

ROOT = Path(__file__).resolve().parent.parent

#: Memory of one visitor's kernel with a lesson open, as benchmarks/serving.py measured it:
#: the kernel's own (unique) memory, 58 MiB on average over 41 kernels (median 42, max 98).
KERNEL_MIB = 60
#: Kept free for the server, the browser of whoever runs it, and the system.
RESERVE_MIB = 1024
#: Lessons a core opens a minute: benchmarks/app.py --visitors 1 (no preheat) took 9.8 s a
#: lesson (median) on this project's shared 2-core machine, browser included, so about 6 a
#: minute for the machine. Conservative: bursts of visitors were slower still.
OPENING_PER_CORE_MINUTE = 3


def network_address() -> str:
    """This machine's address on its network (what students type), else ``127.0.0.1``."""
    candidates: list[str] = []
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
        candidates += [str(info[4][0]) for info in infos]
    except OSError:
        pass
    try:
        shown = subprocess.run(
            ["hostname", "-I"], capture_output=True, text=True, timeout=5, check=False
        ).stdout
        candidates += [a for a in shown.split() if "." in a]
    except (OSError, subprocess.SubprocessError):
        pass
    for address in candidates:
        if not address.startswith("127."):
            return address
    return "127.0.0.1"


def available_mib() -> int:
    """Memory the system could give new processes now, in MiB (Linux; else a guess)."""
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) // 1024
    except (OSError, ValueError, IndexError):
        pass
    return 4096


def capacity(free_mib: int, cores: int) -> tuple[int, int]:
    """Visitors the machine holds at once (memory) and can open a lesson per minute (CPU).

    A kernel that shows a lesson needs almost no CPU, so memory decides how many it holds;
    starting one needs a few CPU seconds, so the cores decide how fast a class gets in.

    >>> capacity(24_000, 2)
    (382, 6)
    """
    held = max(0, (free_mib - RESERVE_MIB) // KERNEL_MIB)
    return held, max(1, cores) * OPENING_PER_CORE_MINUTE


def arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m fivecrowns_lab.serving",
        description="Serve the lessons to a class on this machine's network address.",
    )
    parser.add_argument("--ip", default="0.0.0.0", help="address to listen on (default: all)")
    parser.add_argument("--port", type=int, default=8866)
    parser.add_argument("--notebooks", default=str(ROOT / "notebooks"))
    parser.add_argument(
        "--token",
        default=os.environ.get("FIVECROWNS_LAB_TOKEN") or None,
        help="the token visitors need (default: a new random one; or $FIVECROWNS_LAB_TOKEN)",
    )
    parser.add_argument(
        "--class-db",
        default=os.environ.get("FIVECROWNS_LAB_CLASS_DB") or None,
        help="where the class's records go: a postgresql:// URL or a SQLite file "
        "(default: class.sqlite3 in your user data folder; or $FIVECROWNS_LAB_CLASS_DB)",
    )
    parser.add_argument(
        "--class-secret",
        default=os.environ.get("FIVECROWNS_LAB_CLASS_SECRET") or None,
        help="the teacher's dashboard secret (default: a new one each start)",
    )
    parser.add_argument(
        "--new-class", action="store_true", help="start a new class instead of the last one"
    )
    parser.add_argument(
        "--class",
        dest="class_code",
        metavar="CODE",
        help="reopen the class with this code (an older one) instead of the last one",
    )
    parser.add_argument(
        "--student-server",
        action="store_true",
        help="serve the students of a class the teacher's server opened on the same "
        "--class-db: records only, no dashboard and no teacher's secret",
    )
    parser.add_argument(
        "--class-keys",
        default=os.environ.get("FIVECROWNS_LAB_CLASS_KEYS") or None,
        help="the file (mode 600) of the class's cookie keys and this server's login secrets "
        "(default: beside a SQLite database; class.keys in your user data folder for "
        "PostgreSQL)",
    )
    parser.add_argument(
        "--behind-proxy",
        action="store_true",
        help="a proxy forwards the visitors: count joins by its X-Forwarded-For address",
    )
    parser.add_argument(
        "--new-token",
        action="store_true",
        help="make a new token (the kept one stops working) instead of the one kept "
        "beside the class database",
    )
    parser.add_argument(
        "--no-class", action="store_true", help="serve the lessons only, with no class"
    )
    parser.add_argument(
        "--lessons",
        type=lesson_numbers,
        metavar="NN,NN",
        help="preheat only these lessons (such as 07,08: the day's), in --language; "
        "without it every lesson is preheated",
    )
    parser.add_argument(
        "--language",
        choices=("en", "da"),
        default="en",
        help="the class's language: which edition --lessons preheats (en)",
    )
    args, extra = parser.parse_known_args(argv)
    args.voila_args = extra  # anything else goes to Voilà as it is (--Class.trait=value)
    return args


def lesson_numbers(text: str) -> list[str]:
    """``"07,08"`` as ``["07", "08"]``; anything else is refused with a sentence."""
    numbers = [part.strip() for part in text.split(",") if part.strip()]
    if not numbers or not all(re.fullmatch(r"\d\d", n) for n in numbers):
        raise argparse.ArgumentTypeError(
            f"--lessons takes two-digit lesson numbers such as 07,08, not {text[:40]!r}."
        )
    return numbers


def preheat_only(folder: str | Path, lessons: Sequence[str], language: str = "en") -> str:
    """A pattern for Voilà's ``preheat_denylist`` that denies every notebook under
    ``folder`` (a full path) except ``lessons`` of the ``language`` edition.

    Voilà matches each pattern from the start of a notebook's full path.

    >>> import re
    >>> kept = lambda p: not re.match(preheat_only("/n", ["07", "08"]), p)
    >>> [kept(p) for p in ("/n/07-a.ipynb", "/n/09-b.ipynb", "/n/da/07-a.ipynb")]
    [True, False, False]
    """
    where = re.escape(str(folder).rstrip("/"))
    edition = "/da" if language == "da" else ""
    return f"^(?!{where}{edition}/(?:{'|'.join(lessons)})-[^/]*\\.ipynb$)"
