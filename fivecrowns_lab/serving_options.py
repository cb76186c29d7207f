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
from collections.abc import Callable, Sequence
from pathlib import Path

__all__ = [
    "CLASS_DB_HELP",
    "KERNEL_MIB",
    "OPENING_PER_CORE_MINUTE",
    "RESERVE_MIB",
    "add_address_options",
    "add_class_options",
    "add_keys_option",
    "add_preheat_options",
    "add_proxy_option",
    "arguments",
    "available_mib",
    "capacity",
    "from_environment",
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


#: What a class's database option takes, as every command that opens one says it.
CLASS_DB_HELP = (
    "a postgresql:// URL or a SQLite file "
    "(default: class.sqlite3 in your user data folder; or $FIVECROWNS_LAB_CLASS_DB)"
)


def from_environment(variable: str) -> str | None:
    """An option's default from the environment: None when ``variable`` is unset or empty."""
    return os.environ.get(variable) or None


def add_address_options(parser: argparse.ArgumentParser, port: int) -> None:
    """``--ip`` and ``--port``: where a server listens (every address, unless told)."""
    parser.add_argument("--ip", default="0.0.0.0", help="address to listen on (default: all)")
    parser.add_argument("--port", type=int, default=port)


def add_class_options(
    parser: argparse.ArgumentParser,
    *,
    db: tuple[str, str],
    secret: str,
    new_class: str,
    older: str,
) -> None:
    """The options that say which class a server serves, each with the command's words:
    its database (``db``: the flag and its help), the teacher's ``secret``, a new class,
    or an ``older`` one (``--class CODE``). The database and the secret default to
    ``$FIVECROWNS_LAB_CLASS_DB`` and ``$FIVECROWNS_LAB_CLASS_SECRET``, which every process
    of one class can share."""
    flag, db_help = db
    database = from_environment("FIVECROWNS_LAB_CLASS_DB")
    parser.add_argument(flag, dest="class_db", default=database, help=db_help)
    parser.add_argument(
        "--class-secret", default=from_environment("FIVECROWNS_LAB_CLASS_SECRET"), help=secret
    )
    parser.add_argument("--new-class", action="store_true", help=new_class)
    parser.add_argument("--class", dest="class_code", metavar="CODE", help=older)


def add_keys_option(parser: argparse.ArgumentParser, help_text: str) -> None:
    """``--class-keys``: the class's key file (default ``$FIVECROWNS_LAB_CLASS_KEYS``)."""
    keys = from_environment("FIVECROWNS_LAB_CLASS_KEYS")
    parser.add_argument("--class-keys", default=keys, help=help_text)


def add_proxy_option(parser: argparse.ArgumentParser) -> None:
    """``--behind-proxy``: count joins by the proxy's forwarded address, not the proxy's."""
    parser.add_argument(
        "--behind-proxy",
        action="store_true",
        help="a proxy forwards the visitors: count joins by its X-Forwarded-For address",
    )


def add_preheat_options(
    parser: argparse.ArgumentParser, *, lessons: str, language: str, checked: bool = True
) -> None:
    """``--lessons NN,NN`` and ``--language en|da`` (English unless told): the day's lessons
    a class server preheats, in which edition; ``lessons`` and ``language`` word them for
    the command. ``checked``: ``--lessons`` is parsed into its numbers here (else it stays
    the text given, for a command that passes it on)."""
    parse: Callable[[str], object] = lesson_numbers if checked else str
    parser.add_argument("--lessons", type=parse, metavar="NN,NN", help=lessons)
    parser.add_argument("--language", choices=("en", "da"), default="en", help=language)


def arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m fivecrowns_lab.serving",
        description="Serve the lessons to a class on this machine's network address.",
    )
    add_address_options(parser, 8866)
    parser.add_argument("--notebooks", default=str(ROOT / "notebooks"))
    parser.add_argument(
        "--token",
        default=from_environment("FIVECROWNS_LAB_TOKEN"),
        help="the token visitors need (default: a new random one; or $FIVECROWNS_LAB_TOKEN)",
    )
    add_class_options(
        parser,
        db=("--class-db", f"where the class's records go: {CLASS_DB_HELP}"),
        secret="the teacher's dashboard secret (default: a new one each start)",
        new_class="start a new class instead of the last one",
        older="reopen the class with this code (an older one) instead of the last one",
    )
    parser.add_argument(
        "--student-server",
        action="store_true",
        help="serve the students of a class the teacher's server opened on the same "
        "--class-db: records only, no dashboard and no teacher's secret",
    )
    add_keys_option(
        parser,
        "the file (mode 600) of the class's cookie keys and this server's login secrets "
        "(default: beside a SQLite database; class.keys in your user data folder for "
        "PostgreSQL)",
    )
    add_proxy_option(parser)
    parser.add_argument(
        "--new-token",
        action="store_true",
        help="make a new token (the kept one stops working) instead of the one kept "
        "beside the class database",
    )
    parser.add_argument(
        "--no-class", action="store_true", help="serve the lessons only, with no class"
    )
    add_preheat_options(
        parser,
        lessons="preheat only these lessons (such as 07,08: the day's), in --language; "
        "without it every lesson is preheated",
        language="the class's language: which edition --lessons preheats (en)",
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
