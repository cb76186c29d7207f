"""Serving the lessons to a class: the Voilà server settings that need Python, and ``make serve``.

Three pieces, named from ``voila.json`` (so ``make app`` and ``make serve`` share them):

- :class:`XsrfCookieIdentityProvider` gives every page its ``_xsrf`` cookie. Voilà's
  render pages never read the XSRF token, so tornado never set the cookie, and a visitor
  who arrived straight at a lesson (the address ``make app`` prints, a gallery link)
  sent the "shut my kernel down" beacon without it and got ``403``: the kernel lived on.
  XSRF checks stay on; the cookie is simply set on the first page, as Jupyter's own
  pages do.
- :class:`PoolKeepingKernelManager` culls idle kernels as Jupyter Server does, except the
  preheated ones waiting in Voilà's pool for their visitor (culling those would empty the
  pool for good), and it counts leaving the pool as activity, so a kernel is not culled
  while its visitor's page is still connecting.
- Each visitor reaches only their own kernel. The kernel manager records which visitor's
  page started (or took from the pool) each kernel, and the identity provider refuses,
  with ``403``, any kernel request (REST, WebSocket, the shutdown beacon) for a kernel
  another visitor owns. A visitor is the user Jupyter Server keeps in its signed login
  cookie: a random id per browser, with or without a class token.
- Voilà's ``/voila/query/<kernel id>`` WebSocket, which hands a preheated kernel its
  visitor's request and checks no login, answers only this machine (the kernels).
- The class token never reaches a log: every request and error line of tornado's loggers
  has its ``token=`` (and other secret-looking) query values replaced by ``[secret]``.
- The page itself is Voilà's "lab" page through this package's template ``fivecrowns``
  (``voila.json``), which makes a page the visitor wants dark dark before its first frame
  (``share/jupyter/voila/templates/fivecrowns/``). :func:`find_page_template` lets Voilà
  find it; ``make app`` sets the same ``JUPYTER_PATH`` itself.
- :func:`main` is ``make serve``: Voilà on the machine's network address with a fresh
  token printed once (to the teacher's terminal, the one place it is meant to be), and a
  line saying how many visitors the machine can hold. It also serves a class (see
  :mod:`fivecrowns_lab.class_server`): it opens the class database (SQLite in the user's
  data folder, or ``--class-db postgresql://...``), keeps the class of the last start
  (its code and records) and prints the code and the teacher's dashboard address.

This module imports Voilà and Jupyter Server (the ``app`` extra), never a widget library.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import random
import re
import secrets
import socket
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from jupyter_client.connect import LocalPortCache
from jupyter_server._tz import utcnow
from jupyter_server.base.call_context import CallContext
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado import web
from tornado.websocket import WebSocketHandler
from traitlets import Int
from voila.handler import VoilaHandler  # type: ignore[import-untyped]
from voila.request_info_handler import RequestInfoSocketHandler  # type: ignore[import-untyped]
from voila.shutdown_kernel_handler import (  # type: ignore[import-untyped]
    VoilaShutdownKernelHandler,
)
from voila.voila_identity_provider import VoilaIdentityProvider  # type: ignore[import-untyped]

from .class_service import default_class_db, open_classroom, secrets_file
from .kernel_bound import KERNELS_PER_ADDRESS, KERNELS_PER_VISITOR, bound_kernels_per_visitor

__all__ = [
    "KERNEL_MIB",
    "PoolKeepingKernelManager",
    "SecretScrubber",
    "SteadyPortCache",
    "XsrfCookieIdentityProvider",
    "capacity",
    "default_class_db",
    "find_page_template",
    "main",
    "network_address",
    "open_classroom",
    "scrub_secrets",
    "secrets_file",
]

#: Memory of one visitor's kernel with a lesson open, as benchmarks/serving.py measured it:
#: the kernel's own (unique) memory, 58 MiB on average over 41 kernels (median 42, max 98).
KERNEL_MIB = 60
#: Kept free for the server, the browser of whoever runs it, and the system.
RESERVE_MIB = 1024
#: Lessons a core opens a minute: benchmarks/app.py --visitors 1 (no preheat) took 9.8 s a
#: lesson (median) on this project's shared 2-core machine, browser included, so about 6 a
#: minute for the machine. Conservative: bursts of visitors were slower still.
OPENING_PER_CORE_MINUTE = 3

ROOT = Path(__file__).resolve().parent.parent
#: A Jupyter data folder inside the package: Voilà finds the page template ``fivecrowns``
#: (``voila.json``'s ``VoilaConfiguration.template``) under ``voila/templates/`` there.
PAGE_TEMPLATES = Path(__file__).resolve().parent / "share" / "jupyter"


def find_page_template(environ: dict[str, str] | None = None) -> None:
    """Put the package's Jupyter data folder first on ``JUPYTER_PATH`` (in ``os.environ``,
    or ``environ``), where Voilà looks for templates, unless it is there already.

    A wheel also installs the template into its environment's ``share/jupyter`` (for
    Binder and a plain ``voila``); this folder comes first, so a clone serves its own.
    """
    env: Any = os.environ if environ is None else environ
    folders = [f for f in env.get("JUPYTER_PATH", "").split(os.pathsep) if f]
    if str(PAGE_TEMPLATES) not in folders:
        env["JUPYTER_PATH"] = os.pathsep.join([str(PAGE_TEMPLATES), *folders])


# -- no secrets in logs ---------------------------------------------------------------------------

# A query value whose name holds one of these words is a secret (Jupyter Server's own list):
# "token=...", "_xsrf=...", "auth=...", and the class dashboard's "secret=...". Only the
# value is replaced, so the line still says which request it was.
_SECRET_VALUE = re.compile(
    r"(?i)([?&;][^=&\s?#;]*(?:token|auth|key|code|state|xsrf|secret)[^=&\s?#;]*=)[^&\s;#'\")]+"
)
#: What a visitor is told when a request addresses a kernel that is not theirs (403).
KERNEL_REFUSED = "This kernel belongs to another visitor."
#: The loggers that write request lines and request errors (tornado's) and the server's own.
SCRUBBED_LOGGERS = ("tornado.access", "tornado.general", "tornado.application", "Voila")


def scrub_secrets(text: str) -> str:
    """``text`` with the value of every secret-looking query parameter replaced.

    >>> scrub_secrets("404 GET /voila/render/x.ipynb?token=abc123&theme=dark (127.0.0.1)")
    '404 GET /voila/render/x.ipynb?token=[secret]&theme=dark (127.0.0.1)'
    """
    return _SECRET_VALUE.sub(r"\1[secret]", text)


class SecretScrubber(logging.Filter):
    """A logging filter that takes the class token (any ``token=`` value) out of records.

    Tornado's own request log and error log write a request's full address, query string
    included: ``404 GET /x?token=...`` on every refused request. This filter, on the
    loggers that write such lines, rewrites the message before any handler sees it.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # a broken record is the logging module's to report, not ours
            return True
        scrubbed = scrub_secrets(message)
        if scrubbed != message:
            record.msg, record.args = scrubbed, None
        return True


def scrub_secrets_in_logs() -> None:
    """Put a :class:`SecretScrubber` on every logger that writes request lines (once)."""
    for name in SCRUBBED_LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, SecretScrubber) for f in logger.filters):
            logger.addFilter(SecretScrubber())


# -- each visitor reaches only their own kernel ---------------------------------------------------


def _addressed_kernel(handler: Any) -> str | None:
    """The kernel id a request addresses, if it addresses one."""
    kernel_id = (getattr(handler, "path_kwargs", None) or {}).get("kernel_id")
    if kernel_id is None and isinstance(handler, VoilaShutdownKernelHandler):
        args = getattr(handler, "path_args", None) or ()
        kernel_id = args[0] if args else None
    return str(kernel_id) if kernel_id is not None else None


class XsrfCookieIdentityProvider(VoilaIdentityProvider):  # type: ignore[misc]
    """Voilà's identity provider, plus the ``_xsrf`` cookie and a kernel-owner check.

    Reading ``handler.xsrf_token`` makes tornado set the cookie when the browser has none
    (it does nothing when it has one), so the beacon a closing tab sends can prove it
    comes from the page. WebSocket upgrades are left alone.

    A request that addresses a kernel (``/api/kernels/<id>``, its ``/channels``
    WebSocket, ``/voila/api/shutdown/<id>``) is refused with ``403`` unless the kernel
    manager says this visitor owns the kernel (see
    :meth:`PoolKeepingKernelManager.may_use`); with another kernel manager nothing changes.
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        scrub_secrets_in_logs()

    async def _get_user(self, handler: Any) -> Any:
        user = await super()._get_user(handler)
        kernel_id = _addressed_kernel(handler)
        if kernel_id is not None:
            may_use = getattr(handler.settings.get("kernel_manager"), "may_use", None)
            if callable(may_use) and not may_use(kernel_id, user):
                # Answered here, not with HTTPError: the error page Jupyter Server would
                # render for a WebSocket handler needs templates Voilà does not serve.
                handler.set_status(403)
                handler.set_header("Content-Type", "application/json")
                raise web.Finish(json.dumps({"message": KERNEL_REFUSED}))
        if (
            user is not None
            and handler.request.method == "GET"
            and not isinstance(handler, WebSocketHandler)
        ):
            # prepare() sets these right after this returns; tornado's xsrf_token reads them.
            handler.current_user = handler._jupyter_current_user = user
            handler.xsrf_token  # noqa: B018 - read for its side effect: the cookie
        return user


def ephemeral_ports(path: Path = Path("/proc/sys/net/ipv4/ip_local_port_range")) -> range:
    """The ports the system hands out to outgoing connections (Linux; else IANA's range)."""
    try:
        low, high = (int(part) for part in path.read_text().split())
    except (OSError, ValueError):
        low, high = 49152, 65535
    return range(low, high + 1)


class SteadyPortCache(LocalPortCache):
    """Jupyter's kernel-port cache, choosing ports outside the ephemeral range.

    jupyter_client picks a kernel's five ports by binding port 0, which takes them from
    the range the system also hands to *outgoing* connections. When a dozen kernels start
    at once (a preheated server's start, a class arriving), the server's own connections
    to the first kernels can take a port chosen for a later one before that kernel binds
    it; the later kernel then never answers ("Kernel didn't respond in 60 seconds") and
    its lesson stays empty. Ports below the ephemeral range are only ever taken by a
    program that listens on them, so a port found free here stays free.
    """

    def find_available_port(self, ip: str) -> int:
        low = 20000
        high = min(ephemeral_ports().start, 65536) - 1
        chooser = random.SystemRandom()
        for _ in range(200 if high > low else 0):
            port = chooser.randint(low, high)
            if port in self.currently_used_ports:
                continue
            with socket.socket() as probe:
                try:
                    probe.bind((ip, port))
                except OSError:
                    continue
            self.currently_used_ports.add(port)
            return port
        return int(super().find_available_port(ip))


def use_steady_ports() -> bool:
    """Make :class:`SteadyPortCache` the process's port cache (before any kernel starts)."""
    if LocalPortCache.initialized():  # made already: keep it (a plain one still works)
        return isinstance(LocalPortCache.instance(), SteadyPortCache)
    SteadyPortCache.instance()
    return True


#: Addresses a kernel on this machine connects from.
LOOPBACK = ("127.0.0.1", "::1")


async def _local_only(handler: Any) -> None:
    """Refuse (403) a request that does not come from this machine."""
    if handler.request.remote_ip not in LOOPBACK:
        handler.set_status(403)
        handler.finish(json.dumps({"message": KERNEL_REFUSED}))


def guard_request_info() -> None:
    """Let only this machine open Voilà's ``/voila/query/<kernel id>`` WebSocket.

    Voilà hands a preheated kernel the request that took it (its address and query string,
    the class token included) over this WebSocket, which the *kernel* opens, from this
    machine and without cookies. It is a plain tornado handler with no login check, so
    anyone who knew a kernel id could read it. Refusing every other address keeps the
    kernels' own use and closes it to visitors.
    """
    if RequestInfoSocketHandler.prepare is not _local_only:
        RequestInfoSocketHandler.prepare = _local_only


class PoolKeepingKernelManager(AsyncMappingKernelManager):
    """Jupyter Server's culling, sparing the preheated kernels Voilà keeps for visitors;
    and a record of which visitor owns each kernel.

    A kernel waiting in the pool is never culled. One that left the pool since the last
    pass counts as just used (its visitor's page is still connecting), so it is judged
    from then on like any other.

    Owners: when a visitor's page request starts a kernel, or takes a preheated one from
    the pool, the kernel is recorded as that visitor's (the user of the request, from
    Jupyter Server's call context). :meth:`may_use` answers whether a visitor may reach a
    kernel: only its owner may. A kernel in the pool has no owner, so nobody may.
    """

    _pooled_before: frozenset[str] = frozenset()

    # No bound by default: one learner on their own machine (`make app`) may open every
    # lesson in a tab of its own. The server for many visitors (`fivecrowns-lab serve`,
    # `make serve`) sets the bounds (see main).
    kernels_per_visitor = Int(
        0, help="lesson kernels one visitor may hold at once (0: no bound)"
    ).tag(config=True)
    kernels_per_address = Int(
        0, help="lesson kernels one address may hold at once (0: no bound)"
    ).tag(config=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)  # type: ignore[no-untyped-call]
        use_steady_ports()
        scrub_secrets_in_logs()
        guard_request_info()
        bound_kernels_per_visitor()
        #: kernel id -> the username of the visitor whose page it serves
        self.owners: dict[str, str] = {}
        #: kernel id -> the address that visitor came from
        self.addresses: dict[str, str] = {}
        # Voilà's preheating subclass (made from this class) hands out pooled kernels in
        # get_rendered_notebook, which this class cannot override (the subclass is more
        # derived): wrap the bound method on the instance instead.
        handing_out = getattr(self, "get_rendered_notebook", None)
        if callable(handing_out):

            async def get_rendered_notebook(*args: Any, **kw: Any) -> Any:
                result = await handing_out(*args, **kw)
                self._claim(result[2])  # (render task, rendered cells, kernel id)
                return result

            self.get_rendered_notebook = get_rendered_notebook

    def _claim(self, kernel_id: str) -> None:
        """Record ``kernel_id`` as the current page request's visitor's, once per request.

        Pool refills started during a page request inherit its call context; the flag on
        the handler keeps them from being taken for the visitor's kernel.
        """
        handler = CallContext.get(CallContext.JUPYTER_HANDLER)
        if not isinstance(handler, VoilaHandler) or getattr(handler, "_fc_claimed", False):
            return
        user = getattr(handler, "current_user", None)
        username = getattr(user, "username", None)
        if username:
            self.owners[kernel_id] = str(username)
            self.addresses[kernel_id] = str(handler.request.remote_ip or "")
            handler._fc_claimed = True

    def held_too_many(self, user: Any, address: str | None) -> int:
        """The kernels ``user`` (or their address) holds if that is the bound or more, else 0:
        a page request that would start one more is refused."""
        username = getattr(user, "username", None)
        live = getattr(self, "_kernels", {})  # a kernel that died by itself holds nothing
        mine = sum(o == username for k, o in self.owners.items() if k in live) if username else 0
        if self.kernels_per_visitor and mine >= self.kernels_per_visitor:
            return mine
        here = sum(a == address for k, a in self.addresses.items() if k in live) if address else 0
        if self.kernels_per_address and here >= self.kernels_per_address:
            return here
        return 0

    def may_use(self, kernel_id: str, user: Any) -> bool:
        """Whether ``user`` (a Jupyter Server user, or None) may reach kernel ``kernel_id``."""
        owner = self.owners.get(kernel_id)
        return owner is not None and owner == getattr(user, "username", None)

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]
        kernel_id = str(await super().start_kernel(*args, **kwargs))
        self._claim(kernel_id)
        return kernel_id

    async def shutdown_kernel(  # type: ignore[override]
        self, kernel_id: str, *args: Any, **kwargs: Any
    ) -> None:
        await super().shutdown_kernel(kernel_id, *args, **kwargs)  # type: ignore[no-untyped-call]
        self.owners.pop(kernel_id, None)
        self.addresses.pop(kernel_id, None)

    def _pooled_now(self) -> frozenset[str]:
        ids: set[str] = set()
        for pool in getattr(self, "_pools", {}).values():
            for task in pool:
                if task.done() and not task.cancelled() and task.exception() is None:
                    ids.add(task.result()["kernel_id"])
        return frozenset(ids)

    async def cull_kernels(self) -> None:
        pooled = self._pooled_now()
        for kernel_id in self._pooled_before - pooled:
            if kernel_id in self._kernels:  # taken by a visitor since the last pass
                self._kernels[kernel_id].last_activity = utcnow()
        self._pooled_before = pooled
        await super().cull_kernels()  # type: ignore[no-untyped-call]

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        if kernel_id in self._pooled_before:
            return
        await super().cull_kernel_if_idle(kernel_id)  # type: ignore[no-untyped-call]


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


def _arguments(argv: Sequence[str] | None) -> argparse.Namespace:
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
    args, extra = parser.parse_known_args(argv)
    args.voila_args = extra  # anything else goes to Voilà as it is (--Class.trait=value)
    return args


def kept_login(args: argparse.Namespace) -> tuple[str, bytes]:
    """The server's token and cookie secret, kept in the class's secrets file, so that a
    restart leaves the address and every visitor's login as they were (no token page
    on a student's reload). A ``--token`` or ``$FIVECROWNS_LAB_TOKEN`` wins over the kept
    token; ``--new-token`` replaces it."""
    keys = secrets_file(args)
    if args.new_token:
        keys.replace("server:token", secrets.token_urlsafe(18))
    token = args.token or keys.get("server:token", secrets.token_urlsafe(18))
    return token, bytes.fromhex(keys.get("server:cookie-secret"))


def _class_voila(classroom: Any, behind_proxy: bool = False) -> Any:
    """Voilà's application class with the class pages added (before Voilà's catch-all)."""
    from voila.app import Voila  # type: ignore[import-untyped]

    from .class_server import class_handlers

    class ClassVoila(Voila):  # type: ignore[misc]
        def init_handlers(self) -> list[Any]:
            handlers: list[Any] = super().init_handlers()
            routes = class_handlers(classroom, self.base_url, behind_proxy=behind_proxy)
            return [*routes, *handlers]

    return ClassVoila


def main(argv: Sequence[str] | None = None, config: Any = None) -> int:
    """``make serve``: print the address with its token once, then run Voilà.

    ``config`` (a traitlets ``Config``) adds Voilà settings, as ``fivecrowns-lab serve``
    passes the packaged ``voila.json``; ``make serve`` reads it from the folder it runs in.
    """
    args = _arguments(argv)
    classroom, secret = None, ""
    token, cookie_secret = args.token or secrets.token_urlsafe(18), b""
    if not args.no_class:
        from .errors import FiveCrownsError

        try:
            classroom, secret = open_classroom(args)
            token, cookie_secret = kept_login(args)
        except FiveCrownsError as err:
            print(f"The class cannot be served: {err}", file=sys.stderr)
            return 1
    shown_ip = network_address() if args.ip in ("", "0.0.0.0") else args.ip
    host = f"[{shown_ip}]" if ":" in shown_ip else shown_ip
    url = f"http://{host}:{args.port}/voila/render/00-index.ipynb?token={token}"
    free, cores = available_mib(), os.cpu_count() or 1
    held, per_minute = capacity(free, cores)
    print(
        "Serving the lessons to a class (Ctrl+C stops).\n"
        f"Give students this address (it holds the token; keep it within the class):\n"
        f"    {url}\n"
        f"This machine can hold about {held} visitors at once ({free:,} MiB free, about "
        f"{KERNEL_MIB} MiB each); its {cores} cores open about {per_minute} lessons a minute, "
        "so let a big class start in waves (figures from benchmarks/serving.py and app.py).\n"
        "Idle kernels are shut down after 10 minutes without a connection; "
        "no tracebacks are shown.",
        flush=True,
    )
    if classroom is not None and not classroom.teacher:
        print(
            f"Serving the students of class {classroom.code} (their records go to the "
            f"{classroom.store.describe()}). The dashboard is on the teacher's server only: "
            "this one accepts no teacher's secret.",
            flush=True,
        )
    elif classroom is not None:
        base = f"http://{host}:{args.port}/fivecrowns/class"
        print(
            f"Class code: {classroom.code}  (students press Join the class on a lesson page, "
            f"or open {base}/join?token={token})\n"
            "Your dashboard (it holds the teacher's secret; keep it to yourself):\n"
            f"    {base}/dashboard?token={token}&secret={secret}\n"
            f"The class's records are kept in the {classroom.store.describe()}; "
            "a restart keeps the class"
            + (" and this secret." if args.class_secret else ", with a new dashboard secret.")
            + " The address and the students' logins stay the same after a restart.",
            flush=True,
        )
        if classroom.previous:
            print(
                f"The previous class was {classroom.previous}: reopen it with "
                f"--class {classroom.previous}.",
                flush=True,
            )
    from voila.app import Voila

    from .classroom.service import SERVED_ENV

    # Kernels inherit this: their lesson pages ask for the class only when one is served.
    if classroom is None:
        os.environ.pop(SERVED_ENV, None)
    else:
        os.environ[SERVED_ENV] = "1"
    find_page_template()
    app = Voila if classroom is None else _class_voila(classroom, args.behind_proxy)
    if cookie_secret:
        from traitlets.config import Config

        config = config if config is not None else Config()
        config.Voila.cookie_secret = cookie_secret
    app.launch_instance(
        argv=[
            args.notebooks,
            f"--port={args.port}",
            f"--Voila.ip={args.ip}",
            "--no-browser",
            "--Voila.port_retries=0",
            # many visitors: a bound on the kernels each may hold (a later argument wins)
            f"--PoolKeepingKernelManager.kernels_per_visitor={KERNELS_PER_VISITOR}",
            f"--PoolKeepingKernelManager.kernels_per_address={KERNELS_PER_ADDRESS}",
            *args.voila_args,
        ],
        token=token,
        **({"config": config} if config is not None else {}),
    )
    return 0


if __name__ == "__main__":  # pragma: no cover - the command line
    sys.exit(main(sys.argv[1:]))
