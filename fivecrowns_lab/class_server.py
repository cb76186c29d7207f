"""The class server's pages: joining, recording, and the teacher's dashboard.

One implementation, two ways to mount it (:func:`mounted`): added to the Voilà server by
:mod:`fivecrowns_lab.serving` when it serves a class (:func:`class_handlers`, behind
Jupyter Server's login), or served alone, with no lessons and no kernels, by
:mod:`fivecrowns_lab.class_service` (``fivecrowns-lab class``), for the static site's
lessons on another origin. Everything lives under ``<base>/fivecrowns/class/``:

- ``join`` (anyone): GET the form; POST a class code and a nickname, and the browser gets
  a cookie holding a random student id signed with the class's key (nothing about the
  machine is stored);
- ``api/join`` (anyone): POST ``{"code", "nickname", "rejoin"?, "browser"?}`` as JSON:
  the same checks as the join page, answered with a bearer token (a session kept in the
  database) that a page on another origin keeps and sends as ``Authorization: Bearer``;
- ``api/me`` (anyone): JSON saying whether this browser is in the class, and its nickname;
- ``api/records`` (a student): POST ``{"records": [...]}``, each with an ``id``: checked,
  experiments replayed by the server, stored once per id (see :class:`RecordsHandler`);
- ``dashboard`` (the teacher): the dashboard page; ``?secret=...`` once sets the
  teacher's cookie and leaves the address bar without the secret;
- ``api/report`` (the teacher): the dashboard's figures as JSON (refreshed every 3 s);
- ``export.csv`` (the teacher): every record as CSV;
- ``api/clear`` (the teacher): POST, delete every student and record of the class;
- ``api/hide`` (the teacher): POST ``{"student": id, "hidden": true}``, leave a student out
  of every pooled figure (or ``false``: count them again);
- ``kit/NN`` (the teacher): lesson NN's teacher's kit, to print (plan, record sheet, key).

The join page and the dashboard are written in the visitor's language: ``?lang=da`` (or
the *Dansk* link at their top) chooses Danish, and a session cookie keeps the choice for
the visit (:mod:`fivecrowns_lab.classroom.pages` has their words).

On Voilà every handler needs the server's login (the class token); the class service has
no login (the class code is the door). POSTs need the ``_xsrf`` token, unless they carry
a bearer token (no cookie is then read),
and the teacher's ones also need the teacher's secret: a student gets ``403`` and can
never read another student's rows. A server that serves a class's students beside the
teacher's (``--student-server``) has no teacher: its teacher's pages answer ``403``.
Every ``api/...`` answer, errors included, is JSON with a ``message`` sentence, never an
HTML page (an ended login, too: the dashboard's script shows the sentence).

Joining checks the class code and the nickname (unique up to look-alikes), counts the
attempt against the browser (a cookie id) and the address (``X-Forwarded-For``'s last
entry only when the server is told it sits behind a proxy), and shows a new student
their rejoin code; ``next`` may only be a path of this server. The database calls run
in a thread, so a slow disk never stalls the lessons.
"""

from __future__ import annotations

import functools
import html
import secrets
import urllib.parse
from typing import Any

from tornado import web

from .class_base import (
    BROWSER_COOKIE,
    CLASS_PATH,
    MAX_BATCH,
    STUDENT_COOKIE,
    ClassHandler,
    api,
)
from .class_paths import safe_next
from .class_teacher import (
    ClearHandler,
    DashboardHandler,
    ExportHandler,
    HideHandler,
    KitHandler,
    ReportHandler,
)
from .classroom import Classroom
from .classroom.pages import (
    join_page,
    joined_note,
    language_nav,
    refusal,
    refused_note,
    rejoin_note,
)
from .errors import ClassError, ClassUnavailableError, FiveCrownsError
from .i18n import LANGUAGES, N_, language
from .i18n import gettext as _

__all__ = [
    "CLASS_PATH",
    "STUDENT_COOKIE",
    "class_handlers",
    "mounted",
    "routes",
]


class JoinHandler(ClassHandler):
    def _next(self) -> str:
        # Only a page of this server: a path under its base, never another site.
        return safe_next(self.get_argument("next", ""), self.site_base, self.gallery)

    def _browser(self) -> str:
        """This browser's id for counting joins (given on the join page's first visit)."""
        kept = self.get_cookie(BROWSER_COOKIE, "")
        if kept and len(kept) <= 40:
            return kept
        made = secrets.token_urlsafe(12)
        self._cookie(BROWSER_COOKIE, made)
        return made

    def _page(
        self,
        code_lang: str,
        message: Any = None,
        code: str = "",
        nickname: str = "",
        joined: bool = False,
    ) -> None:
        """The join page in ``code_lang``; ``message`` makes its note (a function, so that
        its sentence is written in that language too)."""
        query = urllib.parse.urlencode({"next": self._next()})
        # The block's language is this request's context only (a ContextVar), so a page
        # written at the same time for another visitor keeps its own language.
        with language(code_lang):
            text = join_page(
                {
                    "nav": language_nav(query),
                    "message": message() if message else "",
                    "xsrf": html.escape(self.xsrf_token.decode()),
                    "next": html.escape(self._next()),
                    "code": html.escape(code),
                    "nickname": html.escape(nickname),
                    **({"t_skip": html.escape(_("Go on to the lessons"))} if joined else {}),
                }
            )
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish(text)

    @web.authenticated
    async def get(self) -> None:
        code_lang = self.page_language()
        if code_lang is None:
            return
        self._browser()
        student = await self.student()
        if student is None:
            self._page(code_lang)
            return
        self._page(
            code_lang, lambda: joined_note(self.classroom.code, student.nickname), joined=True
        )

    @web.authenticated
    async def post(self) -> None:
        code_lang = self.page_language()
        if code_lang is None:
            return
        # Not cut: a nickname too long is refused with a sentence (the form is bounded
        # by the server's request size already).
        code = self.get_body_argument("code", "")[:40]
        nickname = self.get_body_argument("nickname", "")
        rejoin = self.get_body_argument("rejoin", "")[:40]
        try:
            student, rejoin_code = await self.run(
                functools.partial(
                    self.classroom.enter,
                    code,
                    nickname,
                    rejoin,
                    browser=self._browser(),
                    address=self.address(),
                )
            )
        except ClassUnavailableError as err:
            self.set_status(503)
            self._page(code_lang, functools.partial(refused_note, err), code, nickname[:200])
            return
        except FiveCrownsError as err:
            self.set_status(429 if "Too many" in str(err) else 400)
            self._page(code_lang, functools.partial(refused_note, err), code, nickname[:200])
            return
        self._cookie(STUDENT_COOKIE, self.classroom.sign(student.id))
        if not rejoin_code:  # taken back with the rejoin code: on to the lessons
            self.redirect(self._next())
            return
        self._page(
            code_lang,
            lambda: joined_note(self.classroom.code, student.nickname) + rejoin_note(rejoin_code),
            joined=True,
        )


class MeHandler(ClassHandler):
    api_json = True
    cors = True

    @api
    async def get(self) -> None:
        self.set_header("Cache-Control", "no-store")
        try:
            student = await self.find_student()
        except ClassUnavailableError as err:
            # Not "not joined": the student may well be; their page should ask again.
            self.set_status(503)
            self.finish({"message": str(err), "retry": True})
            return
        self.finish(
            {
                "joined": student is not None,
                "nickname": student.nickname if student else None,
                "code": self.classroom.code if student else None,
                "problem": self.classroom.problem,
                "join": f"{self.site_base}{CLASS_PATH}/join",
            }
        )


class JoinApiHandler(ClassHandler):
    """POST ``{"code", "nickname", "rejoin"?, "browser"?, "lang"?}``: join as the join page
    does, and get a bearer token for the page to keep (no cookie is set).

    200 ``{"token", "nickname", "code", "rejoin"}`` (``rejoin`` empty when taken back with
    a rejoin code); 400 or 429 ``{"message"}`` in the page's ``lang``; 503 with ``retry``.
    """

    api_json = True
    cors = True

    def check_xsrf_cookie(self) -> None:
        # No cookie proves anything here: joining makes a new identity and answers it to
        # the caller only, so a forged request gains its forger nothing.
        return

    @api
    async def post(self) -> None:
        self.set_header("Cache-Control", "no-store")
        try:
            body = self.json_body()
            if not isinstance(body, dict):
                raise ClassError("Send the class code and a nickname as a JSON object.")
            lang = body.get("lang") if body.get("lang") in LANGUAGES else "en"
            browser = body.get("browser")
            entered = functools.partial(
                self.classroom.enter,
                body.get("code"),
                body.get("nickname"),
                body.get("rejoin") or "",
                browser=browser[:40] if isinstance(browser, str) else "",
                address=self.address(),
            )
            with language(str(lang)):  # the thread copies this context: its refusals too
                student, rejoin = await self.run(entered)
            token = await self.run(self.classroom.open_session, student)
        except ClassUnavailableError as err:
            self.finish_json(503, {"message": str(err), "retry": True})
            return
        except FiveCrownsError as err:
            with language(str(lang) if "lang" in locals() else "en"):
                sentence = refusal(err) if isinstance(err, ClassError) else str(err)
            self.refuse(429 if "Too many" in str(err) else 400, sentence)
            return
        answer = {"token": token, "nickname": student.nickname, "code": self.classroom.code}
        self.finish({**answer, "rejoin": rejoin})


class RecordsHandler(ClassHandler):
    """POST ``{"records": [...]}``, each with its ``id``: the page's contract.

    200 ``{"acked": [...], "stored": n, "refused": [{"id": ..., "message": ...}]}`` (see
    :class:`~fivecrowns_lab.classroom.service.BatchOutcome`); 503 ``{"message": ...,
    "retry": true}`` when the database is away (nothing of the batch stored); 401
    ``{"message": ..., "join": true}`` for a browser not in the class. The replays of the
    experiments run in a thread with the database calls, never on the event loop.
    """

    cors = True

    @web.authenticated
    async def post(self) -> None:
        try:
            student = await self.find_student()
        except ClassUnavailableError as err:
            self.finish_json(503, {"message": str(err), "retry": True})
            return
        if student is None:
            message = "Join the class first: you are not in it on this browser."
            self.finish_json(401, {"message": message, "join": True})
            return
        try:
            body = self.json_body()
            records = body.get("records") if isinstance(body, dict) else None
            if not isinstance(records, list) or not 1 <= len(records) <= MAX_BATCH:
                raise ClassError(f"Send 1 to {MAX_BATCH} records at a time.")
            outcome = await self.run(self.classroom.record_batch, student, records)
        except ClassUnavailableError as err:
            self.finish_json(503, {"message": str(err), "retry": True})
            return
        except FiveCrownsError as err:
            self.refuse(400, str(err))
            return
        self.finish_json(200, {**outcome.as_json(), "nickname": student.nickname})


class NoApiHandler(ClassHandler):
    """Any other ``api/...`` address: a JSON 404, not Voilà's page."""

    api_json = True
    cors = True

    async def get(self, *args: str) -> None:
        self.refuse(404, self.say(N_("The class server has no such address.")))

    post = get


def routes(
    classroom: Classroom, base_url: str, gallery: str, *, behind_proxy: bool, mount: type
) -> list[tuple[str, Any, Any]]:
    """The class pages' routes under ``base_url``, each handler on the ``mount`` base."""
    prefix = base_url.rstrip("/") + "/" + CLASS_PATH
    settings = {"classroom": classroom, "gallery": gallery, "behind_proxy": behind_proxy}
    table: list[tuple[str, type[ClassHandler]]] = [
        ("join", JoinHandler),
        ("api/join", JoinApiHandler),
        ("api/me", MeHandler),
        ("api/records", RecordsHandler),
        ("dashboard", DashboardHandler),
        ("api/report", ReportHandler),
        ("export.csv", ExportHandler),
        ("api/clear", ClearHandler),
        ("api/hide", HideHandler),
        (r"kit/(\d\d)", KitHandler),
        (r"api/(.*)", NoApiHandler),
    ]
    return [(f"{prefix}/{path}", mounted(handler, mount), settings) for path, handler in table]


_MOUNTED: dict[tuple[str, type], type] = {}


def mounted(handler: type[ClassHandler], mount: type) -> type:
    """``handler`` on the ``mount`` base: its pages first, the mount's login and checks after
    (made once per pair)."""
    key = (handler.__qualname__, mount)
    if key not in _MOUNTED:
        _MOUNTED[key] = type(handler.__name__, (handler, mount), {})
    return _MOUNTED[key]


def class_handlers(
    classroom: Classroom, base_url: str = "/", *, behind_proxy: bool = False
) -> list[tuple[str, Any, Any]]:
    """The class pages' routes for the Voilà server served at ``base_url`` (behind Jupyter
    Server's login)."""
    from jupyter_server.base.handlers import JupyterHandler

    gallery = f"{base_url}voila/render/00-index.ipynb"
    return routes(classroom, base_url, gallery, behind_proxy=behind_proxy, mount=JupyterHandler)
