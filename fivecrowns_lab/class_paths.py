"""Two checks of the class server that need no web server: where ``next`` may lead, and the
export's class column.

Kept apart from :mod:`fivecrowns_lab.class_server` so that they are tested as plain
functions (``tests/test_class_trust.py`` has a table of hostile ``next`` values).
"""

from __future__ import annotations

import csv
import io
import posixpath
import urllib.parse

__all__ = ["safe_next", "with_class_column"]


def safe_next(target: str, base_url: str, fallback: str) -> str:
    r"""``target`` if it is a path of this server (under ``base_url``), else ``fallback``.

    Refused: anything with a scheme or a host, ``//host``, backslashes (browsers read
    ``/\host`` as ``//host``), control characters and spaces (browsers drop some, which
    can make ``//``), the same in percent-encoded form (however often encoded), encoded
    dots, a ``//`` anywhere in the path, and a path whose ``..`` steps lead out of
    ``base_url``.

    >>> safe_next("/voila/render/01.ipynb?x=1", "/", "/g")
    '/voila/render/01.ipynb?x=1'
    >>> safe_next("/\\example.com/", "/", "/g")
    '/g'
    """
    if not target or len(target) > 2000:
        return fallback
    # Decoded until it stops changing: %2F, %252F... are all judged as the slash they are.
    decoded, seen = target, ""
    while decoded != seen:
        seen, decoded = decoded, urllib.parse.unquote(decoded)
    for text in (target, decoded):
        if any(char == "\\" or char.isspace() or not char.isprintable() for char in text):
            return fallback
        if text.startswith("//") or not text.startswith("/"):
            return fallback
    parts = urllib.parse.urlsplit(target)
    if parts.scheme or parts.netloc or "%2e" in target.lower():
        return fallback
    path = posixpath.normpath(urllib.parse.urlsplit(decoded).path)
    base = base_url if base_url.endswith("/") else base_url + "/"
    if (
        path.startswith("//")
        or "//" in decoded.split("?", 1)[0]
        or not (path + "/").startswith(base)
    ):
        return fallback
    return target


def with_class_column(text: str, code: str) -> str:
    """The export with a first column naming the class, so a file away from its name
    still says whose it is."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    for number, row in enumerate(csv.reader(io.StringIO(text))):
        writer.writerow(["class" if number == 0 else code, *row])
    return out.getvalue()
