"""The line on each lesson page that links it to a class, and carries its records there.

Served by a class server (``make serve``), the line says *Join the class* until the
student has entered the class code and a nickname (once per visit, on the server's join
page), then *In class K7QF2M as Ann*. Without a class server it shows nothing and asks the
server nothing (the kernel knows from :data:`~fivecrowns_lab.classroom.service.SERVED_ENV`,
set by the class server for its kernels), and the lesson works exactly as before.

Records reach it two ways, both ending in the page's JavaScript (``classlink.js``), which
posts them to the class server with the browser's own cookie (the kernel never knows who
the student is):

- from Python: a view calls :meth:`ClassLink.send` (lesson 08's experiment does, through
  :meth:`View.record_for_class <fivecrowns_lab.views.base.View.record_for_class>`);
- from another widget's JavaScript: the quiz dispatches a ``fivecrowns-lab:record`` event
  on ``window`` for each first try.

Nothing a page makes is lost on the way (issue 44). Each record gets an id where it is
made. The kernel keeps a record in :attr:`ClassLink.outbox` until a view of the page says
it has taken it (a ``{"taken": [ids]}`` message), so a view that renders late, or twice,
still takes everything, and the page drops an id it has taken already. The page keeps
every record the server has not acknowledged in a persistent outbox (``localStorage``)
and sends it again, with a growing pause, until the server answers with its id: through
a database outage, a server restart, a reload, or a try made before joining the class.

On the static site there is no class server behind the page: a lesson opened with
``?class=<class service>&code=<class code>`` posts its records cross-origin to that service
(``fivecrowns-lab class``, :mod:`fivecrowns_lab.class_service`), joining on the line itself
(a nickname) and keeping the bearer token the service answers in ``localStorage``. The
outbox, the ids and the first tries are the same; the service replays the experiments.

Every record is also kept in the browser (``localStorage``), so a student with no class
server can *Save my results to a file* and hand the file in;
:func:`fivecrowns_lab.classroom.merge_result_files` merges such files.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Any
from uuid import uuid4

import anywidget
import traitlets

from ..classroom.service import SERVED_ENV
from ..i18n import gettext as _

__all__ = ["ClassLink"]

_HERE = Path(__file__).parent
#: Records the kernel keeps for a page that never takes them (no page, or a closed one).
MAX_OUTBOX = 1000


def _words() -> dict[str, str]:
    """The class line's sentences in the learner's language (classlink.js has the English).

    A ``{name}`` in a sentence is where the page puts a value or a link.
    """
    return {
        "kept": _("Your answers and results stay in this browser:"),
        "save": _("Save my results to a file"),
        "in_class": _(
            "In class {code} as {name}: your quiz first tries and experiment results go to "
            "your teacher."
        ),
        "join": _("Join the class"),
        "join_why": _(
            "{join} (a class code and a nickname) to share your results with your teacher."
        ),
        "refused": _("The class server refused the results ({status})."),
        "sent": _("Sent to your teacher ({count} new)."),
        "paused": _("Recording paused: {count} results waiting."),
        "paused_one": _("Recording paused: 1 result waiting."),
        "waiting": _("{count} results will be sent when you join."),
        "waiting_one": _("1 result will be sent when you join."),
        "nickname": _("Your nickname"),
        "join_button": _("Join"),
        "rejoin_note": _(
            "Your rejoin code is {rejoin}. Write it down: with it you take your nickname "
            "back on another browser."
        ),
        "unreachable": _(
            "The class server cannot be reached: your results are kept in this browser."
        ),
    }


class ClassLink(anywidget.AnyWidget):
    """The class line of a lesson page; ``send`` hands records to the page to post."""

    _esm = _HERE / "classlink.js"

    lesson = traitlets.Unicode("").tag(sync=True)
    #: Whether this page's server serves a class: without one the page asks it nothing.
    served = traitlets.Bool(False).tag(sync=True)
    #: The line's own sentences, in the language of the kernel that made it.
    texts: traitlets.Dict[str, str] = traitlets.Dict().tag(sync=True)
    #: Records the page has not taken yet, each with its ``id``; a view's ``taken``
    #: message removes them.
    outbox: traitlets.List[Any] = traitlets.List().tag(sync=True)

    def __init__(self, lesson: str = "", **kwargs: Any) -> None:
        kwargs.setdefault("served", os.environ.get(SERVED_ENV) == "1")
        kwargs.setdefault("texts", _words())
        super().__init__(lesson=lesson, **kwargs)
        # send() may run in a lesson's worker thread while a taken message arrives.
        self._outbox_lock = threading.Lock()
        self.on_msg(self._on_page_message)
        self.add_class("fc-class-link")

    def send(self, *records: dict[str, Any]) -> None:
        """Hand ``records`` (plain JSON-ready dicts, checked by the server) to the page.

        Each gets an ``id`` (unless it has one) that follows it to the class database, so
        however often the page sends it, it counts once.
        """
        fresh = [{**record, "id": record.get("id") or uuid4().hex} for record in records]
        with self._outbox_lock:
            self.outbox = [*self.outbox, *fresh][-MAX_OUTBOX:]

    def _on_page_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """A view's ``{"taken": [ids]}``: the page keeps those records now; forget them."""
        taken = content.get("taken") if isinstance(content, dict) else None
        if not isinstance(taken, list):
            return
        gone = {i for i in taken if isinstance(i, str)}
        with self._outbox_lock:
            if any(r.get("id") in gone for r in self.outbox):
                self.outbox = [r for r in self.outbox if r.get("id") not in gone]
