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

Every record is also kept in the browser (``localStorage``), so a student with no class
server can *Save my results to a file* and hand the file in;
:func:`fivecrowns_lab.classroom.merge_result_files` merges such files.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ..classroom.service import SERVED_ENV
from ..i18n import gettext as _

__all__ = ["ClassLink"]

_HERE = Path(__file__).parent


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
    #: Records waiting for the page, each with a ``seq`` number the page remembers.
    outbox: traitlets.List[Any] = traitlets.List().tag(sync=True)

    def __init__(self, lesson: str = "", **kwargs: Any) -> None:
        kwargs.setdefault("served", os.environ.get(SERVED_ENV) == "1")
        kwargs.setdefault("texts", _words())
        super().__init__(lesson=lesson, **kwargs)
        self._seq = 0
        self.add_class("fc-class-link")

    def send(self, *records: dict[str, Any]) -> None:
        """Hand ``records`` (plain JSON-ready dicts, checked by the server) to the page."""
        fresh = []
        for record in records:
            self._seq += 1
            fresh.append({**record, "seq": self._seq})
        # Only the latest few stay in the synced state: the page posts them at once.
        self.outbox = [*self.outbox, *fresh][-50:]
