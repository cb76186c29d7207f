"""The parts lessons 10 and 11 share: the run's size note, the prediction and its verdict.

Both lessons run simulated games (or deals) and ask the learner to predict how an
interval's width changes with four times as many; this module words the run's cap, the
prediction's choices, and the verdict that sets the prediction beside the theory and the
measurement. The costs behind the caps are the engine's (:mod:`fivecrowns_lab.odds.run_cost`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from html import escape
from typing import Protocol

import ipywidgets as widgets

from ..errors import LessonError
from ..i18n import N_, number, percent
from ..i18n import gettext as _
from ..i18n import ngettext as _n
from .base import ClampedIntText
from .plots import table_html
from .predict import Predictions
from .work import steps_in_turns, threads_allowed

__all__ = [
    "SHRINK_CHOICES",
    "FourTimesView",
    "Width",
    "closest",
    "four_times",
    "interval_text",
    "num",
    "play_four_times",
    "predict_html",
    "prediction_row",
    "run_note",
    "share_text",
    "shrink_html",
    "shrink_verdict",
    "units_text",
]


class FourTimesView(Protocol):
    """A lab whose *Play 4×* runs four times the games or deals of its last run."""

    prediction: widgets.Dropdown
    predictions: Predictions
    four_setting: bool

    def run(self, background: bool = True, record: bool = True) -> None: ...


#: The prediction's choices, by their English words (the value a prediction records);
#: the dropdown shows them in the learner's language.
SHRINK_CHOICES = {
    N_("about the same width"): 1.0,
    N_("half as wide"): 0.5,
    N_("a quarter as wide"): 0.25,
    N_("twice as wide"): 2.0,
}


def units_text(count: int, unit: str) -> str:
    """``count`` games or deals, in words (``unit`` is "games" or "deals")."""
    if unit == "deals":
        return _n("{count} deal", "{count} deals", count).format(count=number(count))
    return _n("{count} game", "{count} games", count).format(count=number(count))


def four_times(done: int, cap: int, unit: str, predicted: object, skip: bool = False) -> int:
    """What "Play 4× the games/deals" plays: four times the last run, if within ``cap``
    and once the learner has made a prediction (the task asks for one first)."""
    target = 4 * done
    if target > cap and unit == "deals":
        raise LessonError(
            _(
                "4 × {done} = {target} deals is more than one run plays ({cap}); start from "
                "fewer deals."
            ).format(done=number(done), target=number(target), cap=number(cap))
        )
    if target > cap:
        raise LessonError(
            _(
                "4 × {done} = {target} games is more than one run plays ({cap}); start from "
                "fewer games."
            ).format(done=number(done), target=number(target), cap=number(cap))
        )
    if not predicted and not skip:
        raise LessonError(
            _(
                "First choose your prediction: how wide will the interval be? "
                "(Or press Just show me.)"
            )
        )
    return target


#: The labs' note on a run's size and its Stop, by what a run plays and where it plays: on
#: the server's threads, in a browser kernel in turns (Stop between games or deals), or
#: before the cell returns (the documentation's build).
_RUN_NOTES = {
    ("games", "server"): N_(
        "With these seats a run plays at most <b>{cap}</b> games (about {minutes} "
        "minutes of the server's time); <i>Stop</i> ends a run at once and keeps the "
        "games played so far."
    ),
    ("games", "browser"): N_(
        "With these seats a run plays at most <b>{cap}</b> games (about {minutes} "
        "minutes in this browser); <i>Stop</i> ends a run once the game being played "
        "ends and keeps the games played so far."
    ),
    ("games", "foreground"): N_(
        "With these seats a run plays at most <b>{cap}</b> games (about {minutes} "
        "minutes); in this browser the page waits until the run ends, so start with "
        "a few games."
    ),
    ("deals", "server"): N_(
        "A run plays at most <b>{cap}</b> deals (about {minutes} minutes of the server's "
        "time); <i>Stop</i> keeps the deals played so far."
    ),
    ("deals", "browser"): N_(
        "A run plays at most <b>{cap}</b> deals (about {minutes} minutes in this browser); "
        "<i>Stop</i> keeps the deals played so far."
    ),
    ("deals", "foreground"): N_(
        "A run plays at most <b>{cap}</b> deals (about {minutes} minutes); in this browser the "
        "page waits until the run ends, so start with a few deals."
    ),
}


def run_note(unit: str) -> str:
    """The note for runs of ``unit`` ("games" or "deals") where this kernel plays them."""
    where = "server" if threads_allowed() else "browser" if steps_in_turns() else "foreground"
    return _(_RUN_NOTES[unit, where])


def num(x: float, digits: int = 1) -> str:
    return "—" if math.isnan(x) else number(x, digits)


def interval_text(low: float, high: float, floor: float) -> str:
    """A mean's interval, cut at ``floor``; a dash when one game gives no interval."""
    if math.isnan(low) or math.isnan(high):
        return "—"
    return f"{num(max(floor, low))} – {num(high)}"


def share_text(x: float) -> str:
    return "—" if math.isnan(x) else percent(x, 0)


def prediction_row(label_text: str) -> widgets.Dropdown:
    """The prediction's choices; ``label_text`` is the question, shown above it."""
    dropdown = widgets.Dropdown(
        options=[(_("— choose —"), ""), *[(_(k), k) for k in SHRINK_CHOICES]],
        value="",
        description=_("Your guess"),
        layout=widgets.Layout(width="min(320px, 90vw)"),
    )
    dropdown.question = label_text
    return dropdown


def predict_html(question: str) -> widgets.HTML:
    """The heading and question above the prediction (``question`` is marked, English)."""
    return widgets.HTML("<h4>" + _("Predict, then see") + "</h4><p>" + _(question) + "?</p>")


@dataclass(frozen=True)
class Width:
    """An interval's half-width after a run, to compare with the run of 4× the games."""

    games: int
    half: float
    what: str


def closest(ratio: float) -> str:
    return min(SHRINK_CHOICES, key=lambda k: abs(SHRINK_CHOICES[k] - ratio))


def play_four_times(
    view: FourTimesView,
    lesson: str,
    done: int,
    cap: int,
    unit: str,
    size: ClampedIntText,
    skip: bool,
) -> None:
    """Record the view's prediction (or its skip) for the class, set ``size`` to four times
    the ``done`` games or deals (as :func:`four_times` allows) and run them."""
    if skip:
        view.prediction.value = ""
    target = four_times(done, cap, unit, view.prediction.value, skip)
    view.predictions.record(
        lesson,
        view.prediction.question,
        view.prediction.value or None,
        closest(math.sqrt(done / target)),
        {f"{lesson}/interval-width": view.prediction.value or None},
    )
    view.four_setting = True  # the box's observer leaves the results and prediction alone
    try:
        size.value = target
    finally:
        view.four_setting = False
    view.run()


def shrink_verdict(prediction: str, ratio: float, before: int, after: int, unit: str) -> str:
    """The prediction judged against the theory first, then against this run's measurement.

    >>> shrink_verdict("half as wide", 0.37, 30, 120, "deals")[:46]
    'Your prediction is right: theory says <b>half '
    """
    theory = math.sqrt(before / after)
    expected = closest(theory)
    measured = closest(ratio) if not math.isnan(ratio) else expected
    if not prediction:
        said = _("You skipped the guess. Theory says <b>{expected}</b>.")
    elif prediction == expected:
        said = _("Your prediction is right: theory says <b>{expected}</b>.")
    else:
        said = _("Theory says <b>{expected}</b>, not {prediction}.")
    said = said.format(expected=_(expected), prediction=escape(_(prediction)))
    if measured == expected:
        run = _("This run agrees: it measured {ratio}×.").format(ratio=num(ratio, 2))
    else:
        run = _(
            "This run measured {ratio}×, nearer “{measured}”: with only {count} the width of "
            "an interval is itself uncertain, so one run can land well away from the theory. "
            "Play 4× again, or use a new seed, and it settles."
        ).format(ratio=num(ratio, 2), measured=_(measured), count=units_text(before, unit))
    return said + " " + run


def shrink_html(prediction: str, before: Width, after: Width, unit: str = "games") -> str:
    """The learner's prediction beside the measured change and the theory."""
    ratio = after.half / before.half if before.half > 0 else math.nan
    guess = _(prediction) if prediction else _("no prediction (skipped)")
    theory = math.sqrt(before.games / after.games)
    verdict = shrink_verdict(prediction, ratio, before.games, after.games, unit)
    predicted = _(
        "You predicted: <b>{guess}</b>. Measured: the interval is <b>{ratio}×</b> as wide. "
        "{verdict}"
    ).format(guess=escape(guess), ratio=num(ratio, 2), verdict=verdict)
    if unit == "deals":
        law = _(
            "Theory: an interval's width goes with 1/√(deals), so {times}× the deals give "
            "√({before}/{after}) = {width}× the width: four times the deals only <b>halve</b> it."
        )
    else:
        law = _(
            "Theory: an interval's width goes with 1/√(games), so {times}× the games give "
            "√({before}/{after}) = {width}× the width: four times the games only <b>halve</b> it."
        )
    law = law.format(
        times=number(after.games / before.games, spec="g"),
        before=number(before.games),
        after=number(after.games),
        width=number(theory, spec=".2f"),
    )
    half = _("± half-width of the 95% interval ({what})").format(what=escape(_(after.what)))
    return (
        "<div class='fc-panel fc-reveal'><h4>"
        + _("Your prediction, and what happened")
        + "</h4>"
        + table_html(
            ["", _("deals") if unit == "deals" else _("games"), half],
            [
                [_("before"), number(before.games), num(before.half, 2)],
                [_("after"), number(after.games), num(after.half, 2)],
            ],
        )
        + f"<p>{predicted}</p><p>{law}</p></div>"
    )
