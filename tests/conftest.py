"""Shared fixtures. Keep this small and general: other test modules add to it."""

from __future__ import annotations

import logging

import pytest


class _Collector(logging.Handler):
    def __init__(self) -> None:
        super().__init__(level=logging.WARNING)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture
def widget_errors():
    """Fail the test if a widget callback raised.

    ``Button.click()`` and message handlers swallow exceptions into the
    ``traitlets`` log, and the views log unexpected errors to
    ``fivecrowns_lab.views``; both are collected here and fail the test at teardown.
    Yields the list of collected records (a test expecting none can also check it).
    """
    collector = _Collector()
    loggers = [logging.getLogger(name) for name in ("traitlets", "fivecrowns_lab.views")]
    for logger in loggers:
        logger.addHandler(collector)
    yield collector.records
    for logger in loggers:
        logger.removeHandler(collector)
    if collector.records:
        messages = "\n".join(
            f"{r.name}: {r.getMessage()} {r.exc_info[1]!r}" if r.exc_info else r.getMessage()
            for r in collector.records
        )
        pytest.fail(f"A widget callback raised:\n{messages}")
