"""The teacher's pages of a class: the dashboard, its figures, the export, clearing,
hiding a student, and the teachers' kits (see :mod:`fivecrowns_lab.class_server`).

Each asks the database for the class's teacher's secret first (:meth:`ClassHandler.refreshed`):
another process serving the same class may have set a new one.
"""

from __future__ import annotations

from tornado import web

from .class_base import NO_TEACHER_HERE, TEACHER_COOKIE, ClassHandler, api
from .class_paths import with_class_column
from .classroom.pages import dashboard_page, dashboard_report
from .errors import ClassError, ClassUnavailableError, FiveCrownsError
from .i18n import LANGUAGES, N_, language

__all__ = [
    "ClearHandler",
    "DashboardHandler",
    "ExportHandler",
    "HideHandler",
    "KitHandler",
    "ReportHandler",
]


class DashboardHandler(ClassHandler):
    @web.authenticated
    async def get(self) -> None:
        code_lang = self.page_language()  # first: a ?lang= beside the secret is kept too
        if code_lang is None:
            return
        if not self.classroom.teacher:
            self.refuse(403, self.say(NO_TEACHER_HERE))
            return
        await self.refreshed()
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


class _TeacherHandler(ClassHandler):
    async def prepare(self) -> None:
        await super().prepare()
        if self._finished:
            return
        if self.classroom.teacher:
            await self.refreshed()
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
