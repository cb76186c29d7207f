"""The class service alone: ``fivecrowns-lab class``, the class pages with no lessons and no
kernels.

The same handlers as the Voilà class server (:mod:`fivecrowns_lab.class_server`), mounted
on :class:`ServiceHandler` instead of Jupyter Server's: the join page, the dashboard, the
kits and the records API, on SQLite or PostgreSQL. It is what a class on the static site
joins (a lesson address with ``?class=<this service>&code=<class code>``): the lessons run
in the students' browsers and post their records here, cross-origin.

- No login: the class code is the door, and joins are rate-limited per browser and per
  address (``--behind-proxy``: by the proxy's ``X-Forwarded-For``).
- CORS is answered only to the origins the teacher names (``--allow-origin``, as many as
  needed), only on ``api/join``, ``api/me`` and ``api/records``, and never with
  credentials: a page on another origin joins with ``api/join`` and sends the bearer
  token it got, never a cookie.
- Nothing of a class lives in the process: students, sessions, records and the rate
  limits are in the database, so several processes on one PostgreSQL serve one class
  (behind a reverse proxy, docs/serving-a-class.md). A process holds the class's cookie
  key (read from the key file all processes share), one database connection per worker
  thread, and a few seconds' memory of a database outage.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import sys
import urllib.parse
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tornado import web

from .class_base import CLASS_PATH
from .serving_options import (
    CLASS_DB_HELP,
    add_address_options,
    add_class_options,
    add_keys_option,
    add_proxy_option,
)

__all__ = [
    "ServiceHandler",
    "check_origin",
    "default_class_db",
    "main",
    "open_classroom",
    "secrets_file",
    "service_app",
]


class ServiceHandler(web.RequestHandler):
    """The class service's base under every class page: no login, and CORS for the
    origins the teacher named on the handlers that take bearer tokens."""

    cors = False

    def get_current_user(self) -> str:
        return "class"  # no login: the class code is the door

    async def prepare(self, *, _redirect_to_login: bool = True) -> None:
        return None

    def allowed_origin(self) -> str | None:
        """The request's ``Origin`` if the teacher named it and this address answers CORS."""
        origin = self.request.headers.get("Origin", "")
        named = self.settings.get("class_origins", frozenset())
        return origin if self.cors and origin in named else None

    def set_default_headers(self) -> None:
        origin = self.allowed_origin()
        self.set_header("Vary", "Origin")
        if origin:
            self.set_header("Access-Control-Allow-Origin", origin)

    def options(self, *args: str) -> None:
        """The browser's preflight: the methods and headers a named origin may send."""
        if self.allowed_origin() is None:
            self.set_status(403)
            self.finish()
            return
        self.set_header("Access-Control-Allow-Methods", "GET, POST, OPTIONS")
        self.set_header("Access-Control-Allow-Headers", "Authorization, Content-Type")
        self.set_header("Access-Control-Max-Age", "600")
        self.set_status(204)
        self.finish()


def service_app(
    classroom: Any, *, origins: Sequence[str] = (), behind_proxy: bool = False
) -> web.Application:
    """The class service's tornado application for ``classroom``."""
    from .class_server import routes

    join = f"/{CLASS_PATH}/join"
    handlers = routes(classroom, "/", join, behind_proxy=behind_proxy, mount=ServiceHandler)
    return web.Application(
        handlers,
        xsrf_cookies=True,
        base_url="/",
        class_origins=frozenset(origins),
        xheaders=False,
    )


def check_origin(text: str) -> str:
    """``text`` as an origin (``scheme://host[:port]``), or a sentence saying why not."""
    parts = urllib.parse.urlsplit(text.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.path not in ("", "/"):
        raise argparse.ArgumentTypeError(
            f"{text[:80]!r} is not an origin: give a scheme and a host, such as "
            "https://lessons.example.org (no path)."
        )
    if parts.query or parts.fragment or "@" in parts.netloc:
        raise argparse.ArgumentTypeError(f"{text[:80]!r} is not an origin: drop what follows.")
    return f"{parts.scheme}://{parts.netloc.lower()}"


def default_class_db() -> Path:
    """The class database when none is named: ``class.sqlite3`` in the user's data folder."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "fivecrowns-lab" / "class.sqlite3"


def secrets_file(args: argparse.Namespace) -> Any:
    """The file (mode 600) of the class's cookie keys and the Voilà server's login secrets."""
    from .classroom.keyfile import SecretFile

    if args.class_keys:
        return SecretFile(args.class_keys)
    where = str(args.class_db or default_class_db())
    if where.startswith(("postgresql://", "postgres://")):
        return SecretFile(default_class_db().parent / "class.keys")
    return SecretFile(f"{where}.keys")


def open_classroom(args: argparse.Namespace) -> tuple[Any, str]:
    """The class served and the teacher's secret ('' on a students' server): the class
    named by ``--class``, a new one, or the last one in the database."""
    from .classroom import Classroom, open_store

    store = open_store(args.class_db or default_class_db())
    keys = secrets_file(args)
    if getattr(args, "student_server", False):
        return Classroom.attach(store, code=args.class_code, keys=keys), ""
    return Classroom.open(
        store, args.class_secret, new=args.new_class, code=args.class_code, keys=keys
    )


def _arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="fivecrowns-lab class",
        description="Serve a class alone: the join page, the dashboard, the kits and the "
        "records API, with no lessons and no kernels (the static site's lessons join it).",
    )
    add_address_options(parser, 8867)
    add_class_options(
        parser,
        db=("--db", CLASS_DB_HELP),
        secret="the teacher's dashboard secret (default: a new one each start; give every "
        "process of one class the same one)",
        new_class="start a new class",
        older="serve this class",
    )
    add_keys_option(
        parser, "the file (mode 600) of the class's cookie keys, the same for every process"
    )
    parser.add_argument(
        "--allow-origin",
        action="append",
        default=[],
        type=check_origin,
        metavar="ORIGIN",
        help="a site whose lesson pages may post records here (such as "
        "https://lessons.example.org); repeat for more",
    )
    add_proxy_option(parser)
    return parser.parse_args(argv)


def _say_where(args: argparse.Namespace, classroom: Any, secret: str) -> None:
    host = "127.0.0.1" if args.ip in ("", "0.0.0.0") else args.ip
    root = f"http://{f'[{host}]' if ':' in host else host}:{args.port}"
    base = f"{root}/{CLASS_PATH}"
    origins = ", ".join(args.allow_origin) or "none (add --allow-origin for the static site)"
    print(
        f"Serving class {classroom.code} alone: no lessons, no kernels (Ctrl+C stops).\n"
        f"Students join at {base}/join, or open a lesson of the static site with "
        f"?class={root}&code={classroom.code}\n"
        f"Sites whose lessons may post here: {origins}\n"
        "Your dashboard (it holds the teacher's secret; keep it to yourself):\n"
        f"    {base}/dashboard?secret={secret}\n"
        f"The class's records are kept in the {classroom.store.describe()}.",
        flush=True,
    )


async def _serve(app: web.Application, ip: str, port: int) -> None:
    server = app.listen(port, address=ip, xheaders=False)
    try:
        await asyncio.Event().wait()
    finally:
        server.stop()


def main(argv: Sequence[str] | None = None) -> int:
    """``fivecrowns-lab class``: open the class, print where it is, serve until stopped."""
    from .errors import FiveCrownsError

    args = _arguments(argv)
    try:
        classroom, secret = open_classroom(args)
    except FiveCrownsError as err:
        print(f"The class cannot be served: {err}", file=sys.stderr)
        return 1
    _say_where(args, classroom, secret)
    app = service_app(classroom, origins=args.allow_origin, behind_proxy=args.behind_proxy)
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(_serve(app, args.ip, args.port))
    return 0


if __name__ == "__main__":  # pragma: no cover - the command line
    sys.exit(main(sys.argv[1:]))
