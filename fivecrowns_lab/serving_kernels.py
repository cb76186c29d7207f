"""The kernels of a served class: steady ports, Voilà's request-info WebSocket kept to this
machine, and :class:`PoolKeepingKernelManager` (culling that spares the preheated pool, and
a record of which visitor owns each kernel). See :mod:`fivecrowns_lab.serving`.
"""

from __future__ import annotations

import json
import random
import socket
from pathlib import Path
from typing import Any

from jupyter_client.connect import LocalPortCache
from jupyter_server._tz import utcnow
from jupyter_server.base.call_context import CallContext
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import Int
from voila.handler import VoilaHandler  # type: ignore[import-untyped]
from voila.request_info_handler import RequestInfoSocketHandler  # type: ignore[import-untyped]

from .kernel_bound import bound_kernels_per_visitor
from .serving_logs import scrub_secrets_in_logs

__all__ = [
    "KERNEL_REFUSED",
    "PoolKeepingKernelManager",
    "SteadyPortCache",
    "ephemeral_ports",
    "guard_request_info",
    "use_steady_ports",
]

#: What a visitor is told when a request addresses a kernel that is not theirs (403).
KERNEL_REFUSED = "This kernel belongs to another visitor."


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
