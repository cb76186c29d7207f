"""Secrets kept beside the class database, in a file only the serving account reads.

The key that signs every student's and the teacher's cookie must not sit in the records
database: whoever could read the records could then sign a teacher's cookie. A
:class:`SecretFile` is a small JSON object in a file of mode 600 (created so, never
widened; a file others can read is refused, because its secrets may have leaked). The
class server keeps two of them: the classes' cookie keys (``<database>.keys``) and the
server's own login secrets (see :mod:`fivecrowns_lab.serving`).

Writers take an exclusive lock on the file, so two servers on one machine never lose
each other's keys.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import hmac
import json
import os
import secrets
import stat
from collections.abc import Iterator
from pathlib import Path

from ..errors import ClassError
from ..i18n import N_
from .store import ClassInfo, ClassStore

__all__ = [
    "SecretFile",
    "cookie_key",
    "default_keys",
    "hash_secret",
    "matches",
    "sign",
    "token_digest",
    "unsign",
]

#: What a secret file may be: read and written by its owner only.
PRIVATE = 0o600


class SecretFile:
    """A JSON object of secrets (name to text) in a file of mode 600 at ``path``."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)

    @contextlib.contextmanager
    def _open(self) -> Iterator[dict[str, str]]:
        """The file's secrets, locked; what the caller changes in the dict is written back."""
        self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        try:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, PRIVATE)
        except OSError as err:
            raise ClassError.because(
                N_("The secrets file {path} cannot be opened: {reason}."),
                path=str(self.path),
                reason=err.strerror,
            ) from None
        try:
            mode = stat.S_IMODE(os.fstat(fd).st_mode)
            if mode & ~PRIVATE:
                raise ClassError.because(
                    N_(
                        "The secrets file {path} can be read by other accounts (mode {mode}): "
                        "its keys may have leaked. Delete it (students join again) or, if "
                        "nobody else could read it, run chmod 600 on it."
                    ),
                    path=str(self.path),
                    mode=f"{mode:o}",
                )
            fcntl.flock(fd, fcntl.LOCK_EX)
            text = os.read(fd, 1_000_000).decode("utf-8")
            kept = json.loads(text) if text.strip() else {}
            data = dict(kept) if isinstance(kept, dict) else {}
            yield data
            if data != kept:
                os.lseek(fd, 0, os.SEEK_SET)
                os.ftruncate(fd, 0)
                os.write(fd, json.dumps(data, indent=1, sort_keys=True).encode())
                os.fsync(fd)
        finally:
            os.close(fd)  # the lock goes with the descriptor

    def get(self, name: str, make: str = "") -> str:
        """The secret ``name``; if the file has none, ``make`` (or a new random one) is
        written and returned. Two servers asking at once get the same one."""
        with self._open() as data:
            if not isinstance(data.get(name), str) or not data[name]:
                data[name] = make or secrets.token_hex(32)
            return str(data[name])

    def replace(self, name: str, value: str) -> None:
        """Write ``value`` as the secret ``name``, in place of the one kept."""
        with self._open() as data:
            data[name] = value


def hash_secret(secret: str, salt: str | None = None) -> str:
    """``salt$hex digest`` of a teacher's secret (a random token, so one hash round is enough)."""
    salt = salt if salt is not None else secrets.token_hex(8)
    digest = hashlib.sha256(f"{salt}:{secret}".encode()).hexdigest()
    return f"{salt}${digest}"


def default_keys(store: ClassStore) -> SecretFile | None:
    """Where a store's cookie keys live when nobody says: beside a SQLite file."""
    path = getattr(store, "path", None)
    return SecretFile(f"{path}.keys") if path and path != ":memory:" else None


def cookie_key(store: ClassStore, info: ClassInfo, keys: SecretFile | None) -> str:
    """The class's cookie key from ``keys``; a key still in the database moves there first
    (every class's, then each is blanked: the database is trusted with none)."""
    if keys is None:  # a database in memory: a key for this process
        return secrets.token_hex(32)
    for code, old in store.class_keys():
        keys.get(code, old)
        store.forget_cookie_key(code)
    return keys.get(info.code)


def sign(key: str, value: str) -> str:
    """``value`` with a signature only ``key`` makes (a class's cookies)."""
    mac = hmac.new(key.encode(), value.encode(), hashlib.sha256)
    return f"{value}.{mac.hexdigest()[:32]}"


def unsign(key: str, signed: object) -> str | None:
    """The value of a cookie ``key`` signed, or None if it is not one."""
    if not isinstance(signed, str) or "." not in signed or len(signed) > 200:
        return None
    value = signed.rsplit(".", 1)[0]
    return value if hmac.compare_digest(sign(key, value), signed) else None


def token_digest(token: str) -> str:
    """What the database keeps of a bearer token: its SHA-256, never the token."""
    return hashlib.sha256(token.encode()).hexdigest()


def matches(secret: str, kept: str) -> bool:
    """Whether ``secret`` is the one ``kept`` (a :func:`hash_secret`) was made from, in
    constant time; never for an empty ``kept``."""
    salt = kept.split("$", 1)[0]
    return bool(kept) and hmac.compare_digest(hash_secret(secret, salt), kept)
