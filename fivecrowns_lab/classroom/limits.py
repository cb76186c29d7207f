"""The class's rate limits, counted in the class database (so every process counts alike).

Joins are limited per browser and per address, wrong rejoin codes per nickname, and
records per student (experiment runs apart, since the server replays each). The counts
are :mod:`.shared_state`'s events, keyed ``<class code>:<kind>:<who>``; the times are
wall-clock seconds (``time.time``), the one clock two processes share.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..errors import ClassError
from ..i18n import N_
from .shared_state import Window
from .store import ClassStore

__all__ = ["N_ADDRESS", "N_BROWSER", "N_REJOINS", "RateLimit", "admit_records", "count_join"]


@dataclass(frozen=True)
class RateLimit:
    """At most ``records`` records from one student in any ``seconds`` seconds, of which at
    most ``experiments`` experiment runs: the server replays each run (up to a second of
    one core), so one student cannot keep the server busy (a lesson-08 run sends 11)."""

    records: int = 240
    seconds: float = 60.0
    experiments: int = 40
    #: Join attempts one browser (``browser``) or one address (``address``: a whole school
    #: behind one router, so many more) may make in ``join_seconds``.
    browser: int = 10
    address: int = 120
    join_seconds: float = 600.0
    #: Wrong rejoin codes for one nickname in ``join_seconds``.
    rejoin: int = 5


N_BROWSER = N_(
    "Too many tries to join from this browser ({count}): wait {minutes} minutes, or ask "
    "your teacher."
)
N_ADDRESS = N_(
    "Too many tries to join from this network ({count}): wait {minutes} minutes, or ask "
    "your teacher."
)
N_REJOINS = N_(
    "Too many wrong rejoin codes for this nickname ({count}): wait {minutes} minutes, or "
    "ask your teacher."
)


def count_join(
    store: ClassStore, key: str, most: int, window: float, now: float, sentence: str
) -> None:
    """Count one attempt under ``key``, or refuse it with ``sentence`` (nothing counted)
    when ``most`` attempts were counted in the last ``window`` seconds."""
    seen: dict[str, Window] = {}

    def decide(windows: Mapping[str, Window]) -> dict[str, int]:
        seen.update(windows)
        return {key: 0 if windows[key][0] >= most else 1}

    if store.admit([key], now - window, now, decide)[key]:
        return
    oldest = seen[key][1]
    left = (oldest if oldest is not None else now) + window - now
    raise ClassError.because(sentence, count=most, minutes=max(1, round(left / 60)))


def admit_records(
    store: ClassStore, keys: tuple[str, str], runs: Sequence[bool], limit: RateLimit, now: float
) -> int:
    """How many of a batch's records (in order; ``runs`` says which are experiment runs)
    the student may send now; those are counted. ``keys``: the records' and the runs'."""
    records_key, runs_key = keys

    def decide(windows: Mapping[str, Window]) -> dict[str, int]:
        sent, ran = windows[records_key][0], windows[runs_key][0]
        taken = taken_runs = 0
        for run in runs:
            if sent + taken >= limit.records or (run and ran + taken_runs >= limit.experiments):
                break
            taken += 1
            taken_runs += run
        return {records_key: taken, runs_key: taken_runs}

    return store.admit(keys, now - limit.seconds, now, decide)[records_key]


def too_many_records(limit: RateLimit) -> ClassError:
    """The refusal of a record past the limit (the page sends it again later)."""
    return ClassError(
        f"Too many records from you at once (more than {limit.records} in "
        f"{limit.seconds:.0f} seconds): wait a minute, then go on."
    )
