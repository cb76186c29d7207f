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
import os
import secrets
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tornado import web
from tornado.websocket import WebSocketHandler
from voila.shutdown_kernel_handler import (  # type: ignore[import-untyped]
    VoilaShutdownKernelHandler,
)
from voila.voila_identity_provider import VoilaIdentityProvider  # type: ignore[import-untyped]

from .class_service import default_class_db, open_classroom, secrets_file
from .kernel_bound import KERNELS_PER_ADDRESS, KERNELS_PER_VISITOR
from .serving_kernels import (
    KERNEL_REFUSED,
    PoolKeepingKernelManager,
    SteadyPortCache,
    ephemeral_ports,
    guard_request_info,
    use_steady_ports,
)
from .serving_logs import (
    SCRUBBED_LOGGERS,
    SecretScrubber,
    scrub_secrets,
    scrub_secrets_in_logs,
)
from .serving_options import (
    KERNEL_MIB,
    OPENING_PER_CORE_MINUTE,
    RESERVE_MIB,
    arguments,
    available_mib,
    capacity,
    network_address,
    preheat_only,
)

__all__ = [
    "KERNEL_MIB",
    "KERNEL_REFUSED",
    "OPENING_PER_CORE_MINUTE",
    "RESERVE_MIB",
    "SCRUBBED_LOGGERS",
    "PoolKeepingKernelManager",
    "SecretScrubber",
    "SteadyPortCache",
    "XsrfCookieIdentityProvider",
    "capacity",
    "default_class_db",
    "ephemeral_ports",
    "find_page_template",
    "guard_request_info",
    "main",
    "network_address",
    "open_classroom",
    "scrub_secrets",
    "scrub_secrets_in_logs",
    "secrets_file",
    "use_steady_ports",
]

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


#: The lesson voila.json never preheats (it saves files beside the lessons).
NEVER_PREHEATED = "06-scorekeeper"


def preheat_arguments(args: argparse.Namespace) -> tuple[str, list[str]]:
    """What is preheated, in words, and the Voilà arguments that say so: every lesson (as
    voila.json), or with ``--lessons 07,08`` only those, in the ``--language`` edition."""
    if not args.lessons:
        return "every lesson preheated", []
    folder = Path(args.notebooks).resolve()
    pattern = preheat_only(folder, args.lessons, args.language)
    edition = folder / "da" if args.language == "da" else folder
    found = [n for n in args.lessons if any(edition.glob(f"{n}-*.ipynb"))]
    said = f"lessons {', '.join(found) or 'none'} preheated ({args.language})"
    return said, [
        f"--VoilaKernelManager.preheat_denylist={NEVER_PREHEATED}",
        f"--VoilaKernelManager.preheat_denylist={pattern}",
    ]


def main(argv: Sequence[str] | None = None, config: Any = None) -> int:
    """``make serve``: print the address with its token once, then run Voilà.

    ``config`` (a traitlets ``Config``) adds Voilà settings, as ``fivecrowns-lab serve``
    passes the packaged ``voila.json``; ``make serve`` reads it from the folder it runs in.
    """
    args = arguments(argv)
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
    preheating = preheat_arguments(args)
    print(
        "Serving the lessons to a class (Ctrl+C stops).\n"
        f"Give students this address (it holds the token; keep it within the class):\n"
        f"    {url}\n"
        f"With a kernel each, this machine can hold about {held} students at once ({free:,} "
        f"MiB free, about {KERNEL_MIB} MiB each; {preheating[0]}); its {cores} cores open "
        f"about {per_minute} lessons a minute, so let a big class start in waves (figures "
        "from benchmarks/serving.py and app.py). The static site holds any number: its "
        "lessons run in the students' browsers, and `fivecrowns-lab class` collects their "
        "records (docs/serving-a-class.md).\n"
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
            *preheating[1],
            *args.voila_args,
        ],
        token=token,
        **({"config": config} if config is not None else {}),
    )
    return 0


if __name__ == "__main__":  # pragma: no cover - the command line
    sys.exit(main(sys.argv[1:]))
