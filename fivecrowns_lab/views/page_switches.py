"""The page's switches (dark theme, high contrast, projector) and the field marks.

Each switch is one widget per kernel, drawn by every view, and works in the browser
alone: its script (``theme_switch.js``, ``contrast.js``, ``projector.js``, each with
``page_memory.js`` in front) changes the page and keeps the choice in
``localStorage``, so the kernel never knows it and a preheated kernel serves every
visitor alike; in the browser only the first copy on a page is drawn.
:class:`FieldMarks` marks refused boxes for screen readers.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ..i18n import N_
from ..i18n import gettext as _

__all__ = [
    "THEME_CHOICE",
    "ContrastSwitch",
    "FieldMarks",
    "PageSwitch",
    "ProjectorSwitch",
    "ThemeSwitch",
    "contrast_switch",
    "field_marks",
    "page_script",
    "projector_switch",
    "theme_switch",
]

_HERE = Path(__file__).parent

#: The choice of a page's theme, in one place for the Voilà template's head, the static
#: site's pages and the dark-theme switch (it sits in the template's folder, where the
#: template includes it).
THEME_CHOICE = _HERE.parent / "share/jupyter/voila/templates/fivecrowns/theme_choice.js"


def page_script(name: str, *before: Path) -> str:
    """The browser script ``name`` (in this folder) with ``page_memory.js`` in front of it:
    the reading and writing of ``localStorage`` and of the page's address that the three
    switches (dark theme, high contrast, projector) share, written once; ``before``: other
    scripts to put between them."""
    parts = [_HERE / "page_memory.js", *before, _HERE / name]
    return "\n".join(part.read_text(encoding="utf-8") for part in parts)


class PageSwitch(anywidget.AnyWidget):
    """One of the page's switches: a button every view draws, shown once a page, whose
    words (``label``) and tooltip (``hint``) are in the language of the page that made it.
    A subclass names its browser script (``_esm``) and its words (``LABEL``, ``HINT``)."""

    LABEL = ""
    HINT = ""
    label = traitlets.Unicode("").tag(sync=True)
    hint = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.label = _(self.LABEL)
        self.hint = _(self.HINT)


class ContrastSwitch(PageSwitch):
    """The page's one "High contrast" switch (``value``), remembered across lessons.

    Switching it puts the class ``fc-hc`` on the page's root element (the theme's
    high-contrast rules hang off it) and stores the choice in ``localStorage``; a page
    that opens later starts from the stored choice. Use :func:`contrast_switch`.
    """

    _esm = page_script("contrast.js")
    LABEL = N_("High contrast")
    HINT = N_("Thicker outlines and stronger colours, on every lesson")
    value = traitlets.Bool(False).tag(sync=True)


class ThemeSwitch(PageSwitch):
    """The page's one "Dark theme" switch, remembered for the whole visit.

    Everything happens in the browser (``theme_switch.js``): the page's Voilà theme
    stylesheet is swapped, the body's ``data-jp-theme-light`` / ``data-jp-theme-name``
    and the root's ``data-fc-theme`` change, the choice goes to ``localStorage`` and the
    window gets a ``fivecrowns-lab:theme`` event (charts redraw on it). The kernel holds
    no theme, so a preheated kernel serves light and dark visits alike. On the static
    site (Voici) JupyterLab's dark stylesheet is laid over the page's light colours, and
    links to the site's other pages carry ``?theme=``, which Voici applies before it shows
    a page. JupyterLab and the static docs do not show it. Use :func:`theme_switch`.
    """

    _esm = page_script("theme_switch.js", THEME_CHOICE)
    LABEL = N_("Dark theme")
    HINT = N_("Light text on a dark page, on every lesson of this visit")


@functools.cache
def theme_switch() -> ThemeSwitch:
    """The kernel's one :class:`ThemeSwitch` (made on first use)."""
    switch = ThemeSwitch()
    switch.add_class("fc-theme")
    return switch


class FieldMarks(anywidget.AnyWidget):
    """An invisible helper: the input of every box with the class ``fc-invalid`` gets
    ``aria-invalid="true"`` (and is described by the note beside it) in the browser, and
    every slider's handle is named after the slider's label. Every view draws one.

    ipywidgets cannot set attributes on a ``Text``'s input, so a view marks a refused
    box with ``box.add_class("fc-invalid")`` and shows one of these anywhere on the page.
    """

    _esm = _HERE / "field_marks.js"


@functools.cache
def field_marks() -> FieldMarks:
    """The kernel's one :class:`FieldMarks`, drawn (invisibly) beside every view's switches."""
    return FieldMarks()


class ProjectorSwitch(PageSwitch):
    """The page's one "Projector" switch: large type and full contrast, kept for the visit.

    All in the browser (``projector.js``): the class ``fc-projector`` on ``<html>``, kept
    in ``localStorage`` like the dark theme; ``?projector=1`` (or ``0``) in the address
    wins. Use :func:`projector_switch`.
    """

    _esm = page_script("projector.js")
    LABEL = N_("Projector")
    HINT = N_("Large type and full contrast for a projector, on every lesson of this visit")


@functools.cache
def projector_switch() -> ProjectorSwitch:
    """The kernel's one :class:`ProjectorSwitch` (made on first use)."""
    switch = ProjectorSwitch()
    switch.add_class("fc-projector-box")
    return switch


@functools.cache
def contrast_switch() -> ContrastSwitch:
    """The kernel's one :class:`ContrastSwitch` (made on first use)."""
    switch = ContrastSwitch()
    switch.add_class("fc-contrast")
    return switch
