"""Where a scorekeeper's game is saved: a per-browser id, and the folder of the saves.

Served to a class, many visitors share one server, so each visitor's game goes to a file
of its own, named by a random id that the visitor's browser makes once and keeps (in
``localStorage``, through the small :class:`BrowserId` widget). A reload in the same
browser finds the same id and so the same game; another browser has another id and never
sees it. The saves live in :func:`saves_folder`.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import anywidget
import traitlets

from ..i18n import N_

__all__ = ["BROWSER_NOTE", "BROWSER_SAVES", "SAVES_ENV", "VISITOR_ID", "BrowserId", "saves_folder"]

SAVES_ENV = "FIVECROWNS_LAB_SAVES"
DEFAULT_SAVES = "scorekeeper-saves"
VISITOR_ID = re.compile(r"^[0-9a-f]{32}$")

_BROWSER_ID_JS = """
const KEY = "fivecrowns-lab.scorekeeper.visitor";
function newId() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
function render({ model, el }) {
  el.hidden = true;
  let id = "";
  let kept = true;
  try {
    id = window.localStorage.getItem(KEY) || "";
    if (!/^[0-9a-f]{32}$/.test(id)) {
      id = newId();
      window.localStorage.setItem(KEY, id);
    }
  } catch (err) {
    kept = false;
  }
  if (!/^[0-9a-f]{32}$/.test(id)) {
    id = newId();
    kept = false;
  }
  model.set("kept", kept);
  model.set("visitor", id);
  model.save_changes();
}
export default { render };
"""


class BrowserId(anywidget.AnyWidget):
    """An invisible widget whose ``visitor`` is a random id the browser keeps for this site.

    ``kept`` is False when the browser refuses to keep it (private windows, blocked
    storage): the id then lasts only as long as the page.
    """

    _esm = _BROWSER_ID_JS
    visitor = traitlets.Unicode("").tag(sync=True)
    kept = traitlets.Bool(True).tag(sync=True)


#: In a browser kernel (the static site) the working folder is the site's virtual drive, kept
#: by the browser; whether it supports the atomic save (a temporary file, fsync, rename) is
#: not checked, so the saves go to Pyodide's in-memory file system, for as long as the page
#: is open (the status line says so).
BROWSER_SAVES = "/tmp/fivecrowns-lab-scorekeeper-saves"
BROWSER_NOTE = N_("In this web version the game is kept only while this page is open.")


def saves_folder(platform: str = sys.platform) -> Path:
    """Where per-visitor saves go: ``$FIVECROWNS_LAB_SAVES`` or ``scorekeeper-saves/``
    (in a browser kernel, an in-memory folder).

    >>> saves_folder("emscripten").as_posix()
    '/tmp/fivecrowns-lab-scorekeeper-saves'
    """
    if os.environ.get(SAVES_ENV):
        return Path(os.environ[SAVES_ENV])
    return Path(BROWSER_SAVES if platform == "emscripten" else DEFAULT_SAVES)
