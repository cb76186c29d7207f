"""A class-server client for the HTTP tests: a cookie jar, and the requests a page makes.

``tests/test_class_server.py`` (the class pages served with the lessons) and
``tests/test_class_service.py`` (the class service alone) both talk to a real server
through it, each with the answers its tests read.
"""

from __future__ import annotations

import http.cookiejar
import re
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import IO

from .conftest import SERVER_LOGS

JOIN = "/fivecrowns/class/join"


class CookieClient:
    """A cookie jar and the requests a page (or a page on another origin) makes."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def cookie(self, name: str) -> str:
        return next((c.value for c in self.jar if c.name == name), "")

    def exchange(
        self, path: str, data: bytes | None = None, headers=None, method: str | None = None
    ) -> tuple[int, str, dict[str, str]]:
        """The status, text and headers of the answer, an error status included."""
        req = urllib.request.Request(
            self.base + path, data=data, headers=headers or {}, method=method
        )
        try:
            with self.opener.open(req, timeout=30) as answer:
                return answer.status, answer.read().decode(), dict(answer.headers)
        except urllib.error.HTTPError as err:
            return err.code, err.read().decode(), dict(err.headers)

    def join_by_page(self, page: str, code: str, nickname: str) -> tuple[int, str, dict[str, str]]:
        """Open the join page at ``page`` and send its form, as a student does."""
        status, text, _ = self.exchange(page)
        assert status == 200, text
        xsrf = re.search(r'name="_xsrf" value="([^"]+)"', text).group(1)
        form = urllib.parse.urlencode({"_xsrf": xsrf, "code": code, "nickname": nickname})
        return self.exchange(JOIN, form.encode())


def printed(log: Path, pattern: str) -> str:
    """The first group of ``pattern`` in a server's log; the whole log when it is missing."""
    found = re.search(pattern, log.read_text(encoding="utf-8"))
    assert found, log.read_text(encoding="utf-8")
    return found.group(1)


def server_log(log_path: Path) -> IO[str]:
    """Open a server's log for writing; the session prints it when a test fails."""
    SERVER_LOGS.append(log_path)
    return open(log_path, "w")
