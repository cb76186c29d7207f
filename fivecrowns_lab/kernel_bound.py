"""How many lesson kernels one visitor may hold at once.

Every plain GET of a lesson address starts a Voilà kernel (or takes a preheated one),
which lives until its tab closes or it has been idle for ten minutes. Without a bound,
one visitor reloading a lesson address in a loop holds a kernel per reload. The kernel
manager (:class:`fivecrowns_lab.serving.PoolKeepingKernelManager`) knows which visitor
owns each kernel and from which address they came; :func:`bound_kernels_per_visitor`
makes Voilà's page handler ask it first, and a visitor over the bound gets a short page
that says why (``429``), before any kernel starts.

The bound per visitor (their login cookie) is small; the one per address is large, since
a whole school may come through one router, and it stops only a visitor who drops their
cookies to start kernel after kernel.
"""

from __future__ import annotations

import html
import inspect
from typing import Any

from voila.handler import VoilaHandler  # type: ignore[import-untyped]

from .i18n import gettext as _

__all__ = ["KERNELS_PER_ADDRESS", "KERNELS_PER_VISITOR", "bound_kernels_per_visitor"]

#: Lessons one visitor may have open at once (each tab holds a kernel): the gallery
#: and three lessons.
KERNELS_PER_VISITOR = 4
#: Kernels all visitors from one address may hold (a class behind one router).
KERNELS_PER_ADDRESS = 90


def refusal_page(count: int) -> str:
    """The page a visitor over the bound gets, with the sentence that says why."""
    sentence = _(
        "You have {count} lessons open already, each with its own kernel on the server: "
        "close one of their tabs (or wait ten minutes) before opening another."
    ).format(count=count)
    return (
        "<!doctype html><html><head><meta charset='utf-8'><title>Five Crowns Lab</title>"
        "</head><body style='font: 20px system-ui, sans-serif; max-width: 36rem; "
        f"margin: 3rem auto'><p role='alert'>{html.escape(sentence)}</p></body></html>"
    )


def bound_kernels_per_visitor() -> None:
    """Make Voilà's page handler refuse (``429``) a visitor the kernel manager says holds
    too many kernels, before the page starts one. Done once per process."""
    if getattr(VoilaHandler.prepare, "_fc_bounded", False):
        return
    original = VoilaHandler.prepare

    async def prepare(self: Any, *args: Any, **kwargs: Any) -> None:
        started = original(self, *args, **kwargs)
        if inspect.isawaitable(started):
            await started
        if self._finished:
            return
        held = getattr(self.settings.get("kernel_manager"), "held_too_many", None)
        if callable(held):
            count = held(self.current_user, self.request.remote_ip)
            if count:
                self.set_status(429)
                self.set_header("Content-Type", "text/html; charset=utf-8")
                self.set_header("Retry-After", "60")
                self.finish(refusal_page(count))

    prepare._fc_bounded = True  # type: ignore[attr-defined]
    VoilaHandler.prepare = prepare
