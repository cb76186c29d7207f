"""What every class page shares, on either mount: the classroom, cookies, bearer tokens,
sentences in the visitor's language, and errors as JSON.

The handlers themselves are :mod:`fivecrowns_lab.class_server` (the students') and
:mod:`fivecrowns_lab.class_teacher` (the teacher's); this module has no route.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
from collections.abc import Awaitable, Callable
from typing import Any

from tornado import web

from .classroom import Classroom, Student
from .errors import ClassError, ClassUnavailableError
from .i18n import LANGUAGES, N_, language
from .i18n import gettext as _
from .validators import read_json

__all__ = [
    "BROWSER_COOKIE",
    "CLASS_PATH",
    "LANGUAGE_COOKIE",
    "LOGIN_ENDED",
    "MAX_BATCH",
    "NO_TEACHER_HERE",
    "STUDENT_COOKIE",
    "TEACHER_COOKIE",
    "ClassHandler",
    "api",
]

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


class ClassHandler(web.RequestHandler):
    """What every class page shares: the classroom, cookies, bearer tokens, plain errors.

    Mounted on two bases (:func:`fivecrowns_lab.class_server.mounted`): Jupyter Server's
    handler in Voilà (its login, its XSRF check), or the class service's own
    (:mod:`fivecrowns_lab.class_service`: no login, CORS for the teacher's origins).
    """

    classroom: Classroom
    gallery: str
    behind_proxy: bool
    #: An ``api/...`` handler: an ended login is a JSON 403 with a sentence, not a
    #: redirect to Jupyter's login page (HTML where a script expects JSON).
    api_json = False
    #: Answered to a page on another origin the teacher named (the class service only).
    cors = False

    def initialize(self, classroom: Classroom, gallery: str, behind_proxy: bool = False) -> None:
        self.classroom = classroom
        self.gallery = gallery
        self.behind_proxy = behind_proxy

    @property
    def site_base(self) -> str:
        """The base path the pages are served under (``/`` unless a proxy says otherwise)."""
        return str(self.settings.get("base_url", "/"))

    async def prepare(self) -> None:
        mount: Any = super()  # Jupyter Server's handler, or the class service's
        if not self.api_json:
            await mount.prepare()
            return
        try:
            await mount.prepare(_redirect_to_login=False)
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

    def finish_json(self, status: int, data: dict[str, Any]) -> None:
        """Answer ``data`` as JSON with ``status``, never cached."""
        self.set_status(status)
        self.set_header("Content-Type", "application/json")
        self.set_header("Cache-Control", "no-store")
        self.finish(json.dumps(data))

    def refuse(self, status: int, message: str) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "application/json")
        self.finish(json.dumps({"message": message}))

    def _cookie(self, name: str, value: str) -> None:
        self.set_cookie(
            name,
            value,
            path=self.site_base,
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
                LANGUAGE_COOKIE, asked, path=self.site_base, samesite="Strict", httponly=True
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

    def bearer(self) -> str | None:
        """The bearer token of a page on another origin (``Authorization: Bearer ...``)."""
        scheme, _sep, value = self.request.headers.get("Authorization", "").partition(" ")
        return value.strip() if scheme.lower() == "bearer" and value.strip() else None

    def check_xsrf_cookie(self) -> None:
        # A request that proves itself with a bearer token uses no cookie, so another
        # site cannot forge it (a form cannot set the header): no XSRF token to check.
        # Such a request is never taken for the teacher (is_teacher) or a cookie's student.
        if self.bearer() is None:
            super().check_xsrf_cookie()

    async def find_student(self) -> Student | None:
        """This browser's student, or None; :class:`ClassUnavailableError` when the
        database cannot say. A bearer token, when sent, is the only proof looked at."""
        token = self.bearer()
        if token is not None:
            by_token: Student | None = await self.run(self.classroom.session_student, token)
            return by_token
        student_id = self.classroom.unsign(self.get_cookie(STUDENT_COOKIE))
        if student_id is None:
            return None
        found: Student | None = await self.run(self.classroom.student, student_id)
        return found

    async def refreshed(self) -> None:
        """The class's teacher's secret as the database has it now (a database away
        leaves the one known)."""
        with contextlib.suppress(ClassUnavailableError):
            await self.run(self.classroom.refresh)

    def is_teacher(self) -> bool:
        if not self.classroom.teacher or self.bearer() is not None:
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
    async def checked(self: ClassHandler, *args: Any) -> None:
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
