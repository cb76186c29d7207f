"""Bounded, cancellable work for the lessons: a progress bar, a Stop button, partial results kept.

A kernel runs one callback at a time, so a simulation started from a button click
would block the *Stop* click until it ended. :class:`Runner` therefore runs the work
on a background thread, one small step at a time (a game, a deal, a batch of
hands), and checks a stop flag between steps; the bots of a game check it before
every move (:class:`~fivecrowns_lab.table.stoppable.StoppableBot`), so *Stop* takes
effect within one move. The work also stops by itself at a time budget, so no visitor
can hold a core for long.

A browser kernel (Pyodide, the static site) has no threads: there the work runs as an
asyncio task that pauses after every step, and in each pause the kernel reads the
messages that came meanwhile, a *Stop* click among them, which then ends the run after
the step being played.

The work is a generator: it does one step, updates its own partial results, then
yields ``(done, total)``. When it ends (finished, stopped or out of time) the
runner calls ``finish(outcome)``, which shows whatever has been done so far. A run
*cancelled* because its setting changed never calls ``finish``: its results belong
to a setting no longer on screen.
"""

from __future__ import annotations

import asyncio
import contextvars
import os
import sys
import threading
import time
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets

from ..errors import LessonError, quote
from ..i18n import gettext as _
from ..i18n import ngettext as _n
from ..i18n import number
from ..table.stoppable import StopRequested

__all__ = [
    "BUDGET_SECONDS",
    "LIVE_SECONDS",
    "Outcome",
    "Progress",
    "Runner",
    "StopRequested",
]

#: The most wall-clock time one run may take (a few minutes of one core).
BUDGET_SECONDS = 180.0
_REDRAW_SECONDS = 0.25
#: How often a running chart is sent new rows while a run plays (seconds).
LIVE_SECONDS = 0.5


class _StopSignal(threading.Event):
    """One run's stop flag; ``drop`` also says its results must not be shown."""

    drop = False


@dataclass(frozen=True)
class Outcome:
    """How a run ended: ``done`` of ``total`` steps; ``why`` is "finished", "stopped" or "time"."""

    done: int
    total: int
    why: str
    seconds: float

    @property
    def complete(self) -> bool:
        return self.why == "finished"

    def sentence(self, unit: str) -> str:
        """What happened, in words: "Stopped after 12 of 500 games (3.1 s).".

        ``unit`` is what a step is: ``"deal"`` or ``"game"`` (:data:`UNITS`); each has its
        own whole sentences, so the count agrees with its noun in every language.
        """
        words = _units(unit)
        seconds = number(self.seconds, spec=".1f")
        if self.why == "finished":
            return words("finished", self.total).format(count=number(self.total), seconds=seconds)
        return words("time" if self.why == "time" else "stopped", self.total).format(
            done=number(self.done),
            count=number(self.total),
            seconds=seconds,
            minutes=number(BUDGET_SECONDS / 60, spec=".0f"),
        )


def _deal_words(kind: str, count: int) -> str:
    """A run of deals in words (``kind``: finished, time, stopped, progress)."""
    if kind == "finished":
        return _n(
            "Finished the {count} deal in {seconds} s.",
            "Finished all {count} deals in {seconds} s.",
            count,
        )
    if kind == "time":
        return _n(
            "Stopped at the time limit of {minutes} minutes after {done} of {count} deal; "
            "the results below are for those.",
            "Stopped at the time limit of {minutes} minutes after {done} of {count} deals; "
            "the results below are for those.",
            count,
        )
    if kind == "stopped":
        return _n(
            "Stopped after {done} of {count} deal ({seconds} s); the results below are for those.",
            "Stopped after {done} of {count} deals ({seconds} s); the results below are for "
            "those.",
            count,
        )
    return _n("{done} of {count} deal", "{done} of {count} deals", count)


def _game_words(kind: str, count: int) -> str:
    """A run of games in words (``kind``: finished, time, stopped, progress)."""
    if kind == "finished":
        return _n(
            "Finished the {count} game in {seconds} s.",
            "Finished all {count} games in {seconds} s.",
            count,
        )
    if kind == "time":
        return _n(
            "Stopped at the time limit of {minutes} minutes after {done} of {count} game; "
            "the results below are for those.",
            "Stopped at the time limit of {minutes} minutes after {done} of {count} games; "
            "the results below are for those.",
            count,
        )
    if kind == "stopped":
        return _n(
            "Stopped after {done} of {count} game ({seconds} s); the results below are for those.",
            "Stopped after {done} of {count} games ({seconds} s); the results below are for "
            "those.",
            count,
        )
    return _n("{done} of {count} game", "{done} of {count} games", count)


#: The sentences of a run, by its unit: a learner reads them in the status line and under
#: the progress bar. Each unit has whole sentences (singular and plural), never a noun
#: glued into a sentence.
UNITS: dict[str, Callable[[str, int], str]] = {"deal": _deal_words, "game": _game_words}


def _units(unit: str) -> Callable[[str, int], str]:
    if unit not in UNITS:
        raise LessonError(
            _("A run counts {choices}, not {unit}.").format(
                choices=" or ".join(repr(u) for u in UNITS), unit=quote(unit)
            )
        )
    return UNITS[unit]


class Progress(widgets.HBox):
    """A progress bar with a 'done of total' label; ``unit`` is ``"deal"`` or ``"game"``."""

    def __init__(self, unit: str) -> None:
        self.words = _units(unit)
        self.bar = widgets.IntProgress(value=0, min=0, max=1, description=_("Progress"))
        self.bar.layout.width = "min(300px, 60vw)"
        self.text = widgets.Label("")
        self.unit = unit
        super().__init__([self.bar, self.text])
        self.layout.flex_flow = "row wrap"

    def clear(self) -> None:
        """An empty bar and no count: what it counted belongs to a setting that changed."""
        with self.hold_sync():
            self.bar.max = 1
            self.bar.value = 0
            self.text.value = ""

    def __call__(self, done: int, total: int) -> None:
        with self.hold_sync():
            self.bar.max = max(total, 1)
            self.bar.value = done
            self.text.value = self.words("progress", total).format(
                done=number(done), count=number(total)
            )


def threads_allowed() -> bool:
    """Whether lesson work may run on a thread.

    Not in a browser kernel (Pyodide, the static site), which cannot start threads, nor
    when ``FIVECROWNS_LAB_FOREGROUND=1`` (the docs build, which saves the widgets' state as
    soon as the last cell returns and must save finished results). In a browser kernel
    the work runs in turns instead (:func:`steps_in_turns`); for the docs build it runs
    where it is asked for, and the page waits for it. The time budget ends it either way.
    """
    return sys.platform != "emscripten" and os.environ.get("FIVECROWNS_LAB_FOREGROUND") != "1"


def steps_in_turns() -> bool:
    """Whether lesson work runs as an asyncio task that lets messages in between its steps.

    In a browser kernel (Pyodide), where no thread can start, unless
    ``FIVECROWNS_LAB_FOREGROUND=1`` asks for the work to end before the cell does.
    """
    return sys.platform == "emscripten" and os.environ.get("FIVECROWNS_LAB_FOREGROUND") != "1"


class Runner:
    """Runs one piece of work at a time, on a thread, with a progress bar and a Stop button.

    ``guard`` wraps every call into the view (so errors reach its status line);
    ``run_buttons`` are disabled while the work runs, the Stop button only then.
    """

    def __init__(
        self,
        progress: Progress,
        guard: Callable[[Callable[..., Any]], Callable[..., Any]],
        run_buttons: list[widgets.Button],
        budget: float = BUDGET_SECONDS,
    ) -> None:
        self.progress = progress
        self._guard = guard
        self.run_buttons = run_buttons
        self.budget = budget
        self.stop_event = _StopSignal()
        self.thread: threading.Thread | None = None
        # A browser kernel's run: the task and the steps it plays (see steps_in_turns).
        self.task: asyncio.Future[None] | None = None
        self._steps: Generator[bool, None, None] | None = None
        self.last: Outcome | None = None
        self.stop_button = widgets.Button(
            description=_("Stop"),
            button_style="danger",
            tooltip=_("Stop now and keep the results so far"),
            disabled=True,
        )
        self.stop_button.on_click(lambda _b: self.stop())

    @property
    def running(self) -> bool:
        if self.task is not None and not self.task.done():
            return True
        return self.thread is not None and self.thread.is_alive()

    def stop(self) -> None:
        """Ask the work to stop; it ends before its next step (or a bot's next move)."""
        self.stop_event.set()

    def cancel(self) -> None:
        """Stop the work and drop its results: the setting they were for has changed.

        Without this a run stopped by a new setting would, a moment later, show the old
        setting's partial results over the message that the setting changed.
        """
        self.stop_event.drop = True
        self.stop_event.set()

    def reset(self) -> None:
        """The setting changed: drop the run in progress, if any, and empty the bar (a
        finished run's "200 of 200 deals" would otherwise stay beside the new setting)."""
        if self.running:
            self.cancel()
        self.progress.clear()

    def start(
        self,
        work: Callable[[threading.Event], Iterator[tuple[int, int]]],
        finish: Callable[[Outcome], None],
        background: bool = True,
    ) -> None:
        """Run ``work(stop_event)``, then ``finish(outcome)``; on this thread if not background."""
        if self.running and self.thread is not None:
            # A new request replaces the run in progress (it stops within a move).
            self.stop()
            self.thread.join(10)
        self._end_task()
        signal = self.stop_event = _StopSignal()
        self.last = None
        with self.progress.hold_sync():
            self.progress(0, 1)
            self.progress.text.value = _("starting…")
        for button in self.run_buttons:
            button.disabled = True
        self.stop_button.disabled = False
        self.thread = None
        if background and steps_in_turns():
            self._steps = self._loop(work, finish, signal)
            self.task = asyncio.ensure_future(self._play_in_turns(self._steps))
            return
        body = self._guard(lambda: self._play_all(self._loop(work, finish, signal)))
        if background and threads_allowed():
            # The run writes in the language it was started in, as an asyncio task would
            # (a thread starts with an empty context: the process default only).
            context = contextvars.copy_context()
            self.thread = threading.Thread(
                target=context.run, args=(body,), name="fivecrowns-lesson-work", daemon=True
            )
            self.thread.start()
        else:
            body()

    def _end_task(self) -> None:
        """End a browser kernel's run now (a new one replaces it), keeping nothing of it.

        The task is paused between two steps, so closing its steps runs their clean-up at
        once: a later step of the old run cannot touch the new run's bar and buttons.
        """
        if self.task is None:
            return
        if self._steps is not None:
            self._steps.close()
        self.task.cancel()
        self.task = self._steps = None

    @staticmethod
    def _play_all(steps: Iterator[bool]) -> None:
        for _step in steps:
            pass

    async def _play_in_turns(self, steps: Iterator[bool]) -> None:
        """Play ``steps`` one at a time, pausing after each so that the kernel reads the
        messages that came meanwhile (a Stop click); an error goes to the status line."""
        play = self._guard(next)
        while play(steps, False):
            await asyncio.sleep(0)

    def join(self, timeout: float | None = None) -> None:
        """Wait for the work to end (tests and scripts; a lesson never waits)."""
        if self.thread is not None:
            self.thread.join(timeout)

    def _loop(
        self,
        work: Callable[[threading.Event], Iterator[tuple[int, int]]],
        finish: Callable[[Outcome], None],
        signal: _StopSignal,
    ) -> Generator[bool, None, None]:
        """The run, one step at a time: yields True after each step of ``work``."""
        start = time.monotonic()
        shown = 0.0
        done, total, why = 0, 0, "finished"
        try:
            steps = work(signal)
            while True:
                if signal.is_set():
                    why = "stopped"
                    break
                if time.monotonic() - start > self.budget:
                    why = "time"
                    break
                try:
                    done, total = next(steps)
                except StopIteration:
                    if signal.is_set() and done < total:
                        why = "stopped"
                    break
                except StopRequested:
                    why = "stopped"
                    break
                now = time.monotonic()
                if now - shown >= _REDRAW_SECONDS or done == total:
                    self.progress(done, total)
                    shown = now
                yield True
        finally:
            self.stop_button.disabled = True
            for button in self.run_buttons:
                button.disabled = False
        self.last = Outcome(done, total, why, time.monotonic() - start)
        if signal.drop:  # cancelled: the view has already cleared the old results
            self.progress.clear()
            return
        self.progress(done, total)
        finish(self.last)
