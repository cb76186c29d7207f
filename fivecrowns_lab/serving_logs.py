"""No secrets in the serving logs: the class token (any ``token=`` value) and other
secret-looking query values are replaced in every request and error line tornado writes.
"""

from __future__ import annotations

import logging
import re

__all__ = ["SCRUBBED_LOGGERS", "SecretScrubber", "scrub_secrets", "scrub_secrets_in_logs"]

# A query value whose name holds one of these words is a secret (Jupyter Server's own list):
# "token=...", "_xsrf=...", "auth=...", and the class dashboard's "secret=...". Only the
# value is replaced, so the line still says which request it was.
_SECRET_VALUE = re.compile(
    r"(?i)([?&;][^=&\s?#;]*(?:token|auth|key|code|state|xsrf|secret)[^=&\s?#;]*=)[^&\s;#'\")]+"
)
#: The loggers that write request lines and request errors (tornado's) and the server's own.
SCRUBBED_LOGGERS = ("tornado.access", "tornado.general", "tornado.application", "Voila")


def scrub_secrets(text: str) -> str:
    """``text`` with the value of every secret-looking query parameter replaced.

    >>> scrub_secrets("404 GET /voila/render/x.ipynb?token=abc123&theme=dark (127.0.0.1)")
    '404 GET /voila/render/x.ipynb?token=[secret]&theme=dark (127.0.0.1)'
    """
    return _SECRET_VALUE.sub(r"\1[secret]", text)


class SecretScrubber(logging.Filter):
    """A logging filter that takes the class token (any ``token=`` value) out of records.

    Tornado's own request log and error log write a request's full address, query string
    included: ``404 GET /x?token=...`` on every refused request. This filter, on the
    loggers that write such lines, rewrites the message before any handler sees it.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # a broken record is the logging module's to report, not ours
            return True
        scrubbed = scrub_secrets(message)
        if scrubbed != message:
            record.msg, record.args = scrubbed, None
        return True


def scrub_secrets_in_logs() -> None:
    """Put a :class:`SecretScrubber` on every logger that writes request lines (once)."""
    for name in SCRUBBED_LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, SecretScrubber) for f in logger.filters):
            logger.addFilter(SecretScrubber())
