"""A class that learns together: records from students' lessons, pooled for the teacher.

No widgets and no web server here (those are :mod:`fivecrowns_lab.views` and
:mod:`fivecrowns_lab.serving`): this layer checks records, keeps them in SQLite or
PostgreSQL, and computes what the teacher's dashboard shows.

- :mod:`.records` what a record is, and the checks on what a page sends
- :mod:`.experiments` the pooled experiments and their exact values
- :mod:`.schema`, :mod:`.store` the database: migrations, SQLite and PostgreSQL
- :mod:`.report` the pooled figures and the export (CSV, or rows for a DataFrame)
- :mod:`.service` a class in session: joining, rate limit, recording off on a failure
- :mod:`.files` results files saved offline, and merging them
"""

from __future__ import annotations

from .backends import PostgresStore, SqliteStore, open_store
from .experiments import EXPERIMENTS, exact_value, experiment_id
from .files import merge_result_files, results_file
from .records import (
    ExperimentResult,
    Prediction,
    QuizAnswer,
    check_code,
    check_nickname,
    parse_record,
)
from .report import ClassReport, class_report, export_csv, export_rows
from .service import Classroom, RateLimit
from .store import ClassInfo, ClassStore, Student

__all__ = [
    "EXPERIMENTS",
    "ClassInfo",
    "ClassReport",
    "ClassStore",
    "Classroom",
    "ExperimentResult",
    "PostgresStore",
    "Prediction",
    "QuizAnswer",
    "RateLimit",
    "SqliteStore",
    "Student",
    "check_code",
    "check_nickname",
    "class_report",
    "exact_value",
    "experiment_id",
    "export_csv",
    "export_rows",
    "merge_result_files",
    "open_store",
    "parse_record",
    "results_file",
]
