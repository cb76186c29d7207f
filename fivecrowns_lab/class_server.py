"""The class server's pages: joining, recording, and the teacher's dashboard.

Tornado handlers added to the Voilà server by :mod:`fivecrowns_lab.serving` when it serves
a class. Everything lives under ``<base>/fivecrowns/class/``:

- ``join`` (anyone): GET the form; POST a class code and a nickname, and the browser gets
  a cookie holding a random student id signed with the class's key (nothing about the
  machine is stored);
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

Every handler needs the server's login (the class token), POSTs need the ``_xsrf`` token,
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

import asyncio
import functools
import html
import json
import secrets
import urllib.parse
from collections.abc import Awaitable, Callable
from typing import Any

from jupyter_server.base.handlers import JupyterHandler
from tornado import web

from .class_paths import safe_next, with_class_column
from .classroom import Classroom, Student
from .classroom.pages import (
    dashboard_page,
    dashboard_report,
    join_page,
    joined_note,
    language_nav,
    refused_note,
    rejoin_note,
)
from .errors import ClassError, ClassUnavailableError, FiveCrownsError
from .i18n import LANGUAGES, N_, language
from .i18n import gettext as _
from .validators import read_json

__all__ = ["CLASS_PATH", "STUDENT_COOKIE", "TEACHER_COOKIE", "class_handlers"]

CLASS_PATH = "fivecrowns/class"
STUDENT_COOKIE = "fc_class_student"
TEACHER_COOKIE = "fc_class_teacher"
#: A random id per browser, so that joins can be counted per browser.
BROWSER_COOKIE = "fc_class_browser"
#: The visitor's language on the class pages, chosen with ``?lang=da`` and kept for the visit.
LANGUAGE_COOKIE = "fc_class_lang"
#: Records one POST may carry (a lesson-08 run sends 11).
MAX_BATCH = 50
#: The largest request body read (records are small).
MAX_BODY = 64_000


class _ClassHandler(JupyterHandler):
    """What every class page shares: the classroom, cookies, and plain errors."""

    classroom: Classroom
    gallery: str
    behind_proxy: bool
    #: An ``api/...`` handler: an ended login is a JSON 403 with a sentence, not a
    #: redirect to Jupyter's login page (HTML where a script expects JSON).
    api_json = False

    def initialize(self, classroom: Classroom, gallery: str, behind_proxy: bool = False) -> None:
        self.classroom = classroom
        self.gallery = gallery
        self.behind_proxy = behind_proxy

    async def prepare(self) -> None:  # type: ignore[override]
        if not self.api_json:
            await super().prepare()
            return
        try:
            await super().prepare(_redirect_to_login=False)
        except web.HTTPError as err:
            if err.status_code == 403 and self.current_user is None:
                raise web.HTTPError(403, self.say(LOGIN_ENDED)) from None
            raise

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        # Jupyter Server renders error pages from templates Voilà does not serve; and the
        # dashboard's script reads JSON: every error is a sentence in JSON.
        reason = kwargs.get("exc_info", (None, None))[1]
        message = getattr(reason, "log_message", None)
        if not message:
            message = self.say(
                N_("The class server could not answer ({status} {reason}): try again."),
                status=status_code,
                reason=self._reason,
            )
        self.clear_header("Content-Disposition")
        self.set_header("Content-Type", "application/json")
        self.finish(json.dumps({"message": message}))

    def say(self, sentence: str, **fields: object) -> str:
        """``sentence`` in the visitor's language (their language cookie), filled in."""
        kept = self.get_cookie(LANGUAGE_COOKIE, "")
        with language(kept if kept in LANGUAGES else "en"):
            return _(sentence).format(**fields)

    def address(self) -> str:
        """The visitor's address: the proxy's word for it only when told there is one."""
        forwarded = self.request.headers.get("X-Forwarded-For", "")
        if self.behind_proxy and forwarded.strip():
            # The last entry is the one our proxy added; the ones before, anyone can write.
            return forwarded.split(",")[-1].strip()[:64]
        return str(self.request.remote_ip or "")

    def refuse(self, status: int, message: str) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "application/json")
        self.finish(json.dumps({"message": message}))

    def _cookie(self, name: str, value: str) -> None:
        self.set_cookie(
            name,
            value,
            path=self.base_url,
            httponly=True,
            samesite="Strict",
            secure=self.request.protocol == "https",
            expires_days=1,
        )

    def page_language(self) -> str | None:
        """The language of this visit's pages: ``?lang=`` (then kept in a cookie), the
        cookie, or English. An unknown ``?lang=`` is refused (``None``: the answer is sent).
        """
        asked = self.get_argument("lang", "")
        if asked:
            if asked not in LANGUAGES:
                choices = " or ".join(LANGUAGES)
                self.refuse(404, f"There is no language {asked[:20]!r}: choose {choices}.")
                return None
            # A session cookie: the choice lasts for the visit, like the lessons' theme.
            self.set_cookie(
                LANGUAGE_COOKIE, asked, path=self.base_url, samesite="Strict", httponly=True
            )
            return asked
        kept = self.get_cookie(LANGUAGE_COOKIE, "")
        return kept if kept in LANGUAGES else "en"

    async def run(self, work: Any, *args: Any) -> Any:
        """A classroom call in a thread (the database may be slow; the lessons must not wait)."""
        return await asyncio.to_thread(work, *args)

    async def student(self) -> Student | None:
        """This browser's student; None if it has none or the database is away."""
        try:
            return await self.find_student()
        except ClassUnavailableError:
            return None

    async def find_student(self) -> Student | None:
        """This browser's student, or None; :class:`ClassUnavailableError` when the
        database cannot say."""
        student_id = self.classroom.unsign(self.get_cookie(STUDENT_COOKIE))
        if student_id is None:
            return None
        found: Student | None = await self.run(self.classroom.student, student_id)
        return found

    def is_teacher(self) -> bool:
        if not self.classroom.teacher:
            return False
        signed = self.classroom.unsign(self.get_cookie(TEACHER_COOKIE))
        return signed is not None and signed == f"teacher:{self.classroom.info.secret_hash}"

    def json_body(self) -> Any:
        if len(self.request.body) > MAX_BODY:
            raise ClassError(f"A request to the class is at most {MAX_BODY:,} bytes.")
        return read_json(self.request.body or b"null", "class request", MAX_BODY, 8, ClassError)


def api(method: Callable[..., Awaitable[None]]) -> Callable[..., Awaitable[None]]:
    """``web.authenticated`` for the ``api/...`` handlers: an ended login (a restart, a
    cookie gone) answers ``403`` JSON with a sentence, not a redirect to a login page."""

    @functools.wraps(method)
    async def checked(self: _ClassHandler, *args: Any) -> None:
        if not self.current_user:
            self.refuse(403, self.say(LOGIN_ENDED))
            return
        await method(self, *args)

    return checked


LOGIN_ENDED = N_(
    "Your login to this server has ended: open the address with the token again "
    "(your teacher has it)."
)
NO_TEACHER_HERE = N_(
    "This server serves the class's students only: the teacher's dashboard is on the "
    "teacher's server."
)


class JoinHandler(_ClassHandler):
    def _next(self) -> str:
        # Only a page of this server: a path under its base, never another site.
        return safe_next(self.get_argument("next", ""), self.base_url, self.gallery)

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


class MeHandler(_ClassHandler):
    api_json = True

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
                "join": f"{self.base_url}{CLASS_PATH}/join",
            }
        )


class RecordsHandler(_ClassHandler):
    """POST ``{"records": [...]}``, each with its ``id``: the page's contract.

    200 ``{"acked": [...], "stored": n, "refused": [{"id": ..., "message": ...}]}`` (see
    :class:`~fivecrowns_lab.classroom.service.BatchOutcome`); 503 ``{"message": ...,
    "retry": true}`` when the database is away (nothing of the batch stored); 401
    ``{"message": ..., "join": true}`` for a browser not in the class. The replays of the
    experiments run in a thread with the database calls, never on the event loop.
    """

    def _answer(self, status: int, data: dict[str, Any]) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "application/json")
        self.set_header("Cache-Control", "no-store")
        self.finish(json.dumps(data))

    @web.authenticated
    async def post(self) -> None:
        student_id = self.classroom.unsign(self.get_cookie(STUDENT_COOKIE))
        try:
            student = await self.run(self.classroom.student, student_id) if student_id else None
        except ClassUnavailableError as err:
            self._answer(503, {"message": str(err), "retry": True})
            return
        if student is None:
            message = "Join the class first: you are not in it on this browser."
            self._answer(401, {"message": message, "join": True})
            return
        try:
            body = self.json_body()
            records = body.get("records") if isinstance(body, dict) else None
            if not isinstance(records, list) or not 1 <= len(records) <= MAX_BATCH:
                raise ClassError(f"Send 1 to {MAX_BATCH} records at a time.")
            outcome = await self.run(self.classroom.record_batch, student, records)
        except ClassUnavailableError as err:
            self._answer(503, {"message": str(err), "retry": True})
            return
        except FiveCrownsError as err:
            self.refuse(400, str(err))
            return
        self._answer(200, {**outcome.as_json(), "nickname": student.nickname})


class DashboardHandler(_ClassHandler):
    @web.authenticated
    async def get(self) -> None:
        code_lang = self.page_language()  # first: a ?lang= beside the secret is kept too
        if code_lang is None:
            return
        if not self.classroom.teacher:
            self.refuse(403, self.say(NO_TEACHER_HERE))
            return
        secret = self.get_argument("secret", "")
        if secret:
            if not self.classroom.is_teacher(secret):
                self.refuse(403, "That is not this class's teacher secret.")
                return
            self._cookie(
                TEACHER_COOKIE, self.classroom.sign(f"teacher:{self.classroom.info.secret_hash}")
            )
            self.redirect(self.request.path)  # the secret leaves the address bar
            return
        if not self.is_teacher():
            self.refuse(403, "Only the teacher can open the class dashboard.")
            return
        self.xsrf_token  # noqa: B018 - read for its side effect: the _xsrf cookie for Clear
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        with language(code_lang):  # no await inside: this page's sentences only
            self.finish(dashboard_page())


class _TeacherHandler(_ClassHandler):
    async def prepare(self) -> None:  # type: ignore[override]
        await super().prepare()
        if self._finished:
            return
        if not self.classroom.teacher:
            self.refuse(403, self.say(NO_TEACHER_HERE))
        elif not self.is_teacher():
            self.refuse(403, "Only the teacher can read the class's results.")


class ReportHandler(_TeacherHandler):
    api_json = True

    @api
    async def get(self) -> None:
        code_lang = self.page_language()  # the script asks in its page's language
        if code_lang is None:
            return
        self.set_header("Cache-Control", "no-store")
        try:
            report = await self.run(self.classroom.report)
        except ClassUnavailableError as err:
            self.refuse(503, str(err))
            return
        with language(code_lang):  # no await inside: this answer's labels and figures only
            data = dashboard_report(report)
        self.finish({**data, "problem": self.classroom.problem})


class ExportHandler(_TeacherHandler):
    @web.authenticated
    async def get(self) -> None:
        try:
            text = await self.run(self.classroom.export_csv)
        except ClassUnavailableError as err:
            self.refuse(503, str(err))
            return
        self.set_header("Content-Type", "text/csv; charset=utf-8")
        name = f"class-{self.classroom.code}-results.csv"
        self.set_header("Content-Disposition", f'attachment; filename="{name}"')
        self.finish(with_class_column(text, self.classroom.code))


class ClearHandler(_TeacherHandler):
    api_json = True

    @api
    async def post(self) -> None:
        try:
            deleted = await self.run(self.classroom.clear)
        except ClassUnavailableError as err:
            self.refuse(503, str(err))
            return
        self.finish(
            {
                "message": self.say(
                    N_("Class {code} cleared: {count} rows deleted."),
                    code=self.classroom.code,
                    count=deleted,
                )
            }
        )


class HideHandler(_TeacherHandler):
    """POST ``{"student": <id>, "hidden": true|false}``: leave a student out of every pooled
    figure, or count them again (their records stay stored)."""

    @web.authenticated
    async def post(self) -> None:
        try:
            body = self.json_body()
            if not isinstance(body, dict):
                raise ClassError("Send the student's id and hidden: true or false.")
            student, hidden = body.get("student"), body.get("hidden")
            found = await self.run(self.classroom.set_hidden, student, hidden)
        except ClassUnavailableError as err:
            self.refuse(503, str(err))
            return
        except FiveCrownsError as err:
            self.refuse(400, str(err))
            return
        if not found:
            self.refuse(404, "This class has no such student.")
            return
        self.finish({"student": student, "hidden": hidden})


class KitHandler(_TeacherHandler):
    @web.authenticated
    async def get(self, number: str) -> None:
        from .classroom.kit import KIT_LESSONS, kit_html

        if number not in KIT_LESSONS:
            self.refuse(404, f"There is no lesson {number}.")
            return
        code = self.get_argument("lang", "en")
        if code not in LANGUAGES:
            self.refuse(404, f"There is no kit in the language {code[:20]!r}.")
            return
        with language(code):  # ?lang=da: the Danish kit (whole for the Danish lessons 01-04)
            page = kit_html(number)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish(page)


class NoApiHandler(_ClassHandler):
    """Any other ``api/...`` address: a JSON 404, not Voilà's page."""

    api_json = True

    async def get(self, *args: str) -> None:
        self.refuse(404, self.say(N_("The class server has no such address.")))

    post = get


def class_handlers(
    classroom: Classroom, base_url: str = "/", *, behind_proxy: bool = False
) -> list[tuple[str, Any, Any]]:
    """The class pages' routes for a tornado application served at ``base_url``."""
    prefix = base_url.rstrip("/") + "/" + CLASS_PATH
    settings = {
        "classroom": classroom,
        "gallery": f"{base_url}voila/render/00-index.ipynb",
        "behind_proxy": behind_proxy,
    }
    routes: list[tuple[str, type[_ClassHandler]]] = [
        ("join", JoinHandler),
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
    return [(f"{prefix}/{path}", handler, settings) for path, handler in routes]
