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
- :func:`main` is ``make serve``: Voilà on the machine's network address with a fresh
  token printed once, and a line saying how many visitors the machine can hold.

This module imports Voilà and Jupyter Server (the ``app`` extra), never a widget library.
"""

from __future__ import annotations

import argparse
import os
import random
import secrets
import socket
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from jupyter_client.connect import LocalPortCache
from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado.websocket import WebSocketHandler
from voila.voila_identity_provider import VoilaIdentityProvider  # type: ignore[import-untyped]

__all__ = [
    "KERNEL_MIB",
    "PoolKeepingKernelManager",
    "SteadyPortCache",
    "XsrfCookieIdentityProvider",
    "capacity",
    "main",
    "network_address",
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


class XsrfCookieIdentityProvider(VoilaIdentityProvider):  # type: ignore[misc]
    """Voilà's identity provider, plus: every page request gets the ``_xsrf`` cookie.

    Reading ``handler.xsrf_token`` makes tornado set the cookie when the browser has none
    (it does nothing when it has one), so the beacon a closing tab sends can prove it
    comes from the page. WebSocket upgrades are left alone.
    """

    async def _get_user(self, handler: Any) -> Any:
        user = await super()._get_user(handler)
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


class PoolKeepingKernelManager(AsyncMappingKernelManager):
    """Jupyter Server's culling, sparing the preheated kernels Voilà keeps for visitors.

    A kernel waiting in the pool is never culled. One that left the pool since the last
    pass counts as just used (its visitor's page is still connecting), so it is judged
    from then on like any other.
    """

    _pooled_before: frozenset[str] = frozenset()

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)  # type: ignore[no-untyped-call]
        use_steady_ports()

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
    args, extra = parser.parse_known_args(argv)
    args.voila_args = extra  # anything else goes to Voilà as it is (--Class.trait=value)
    return args


def main(argv: Sequence[str] | None = None) -> None:
    """``make serve``: print the address with its token once, then run Voilà."""
    args = _arguments(argv)
    token = args.token or secrets.token_urlsafe(18)
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
    from voila.app import Voila  # type: ignore[import-untyped]

    Voila.launch_instance(
        argv=[
            args.notebooks,
            f"--port={args.port}",
            f"--Voila.ip={args.ip}",
            "--no-browser",
            "--Voila.port_retries=0",
            *args.voila_args,
        ],
        token=token,
    )


if __name__ == "__main__":  # pragma: no cover - the command line
    main(sys.argv[1:])
