"""The strategy lab (lesson 10) and solitaire odds (lesson 11): simulated games with intervals.

Both run their games on a background thread (:mod:`.work`): a progress bar fills,
*Stop* ends the run within one move and keeps the games played so far, and each run
is capped so that it takes a few minutes of one core at most. Both ask the learner
to predict how an interval changes with four times the games, then show the
prediction beside what happened.
"""

from __future__ import annotations

import base64
import math
import sys
import threading
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

import ipywidgets as widgets

from ..classroom.experiments import SEAT_WIN_VARIANTS, SOLITAIRE_WIN, seat_win_id
from ..core.rules import FIRST_ROUND, LAST_ROUND, ROUNDS, GameRules, hand_size
from ..errors import LessonError
from ..i18n import N_, number, percent
from ..i18n import gettext as _
from ..i18n import ngettext as _n
from ..odds.simulate import game_seed, play_games, table_of
from ..odds.stats import wilson_interval
from ..odds.strategy import SolitaireOdds, compare, final_totals, summarize
from ..table.players import BOT_DESCRIPTIONS, BOTS, bot_word
from ..table.rows import Rows
from ..table.solitaire import Solitaire, SolitaireBot
from .base import ClampedIntText, View, seed_box, set_shown, variant_checkboxes
from .chart import Chart
from .plots import style, table_html
from .specs import (
    EXACT_COLOUR,
    SIMULATED_COLOUR,
    THUMB_COLOUR,
    grouped_bars_spec,
    running_spec,
)
from .work import (
    LIVE_SECONDS,
    Outcome,
    Progress,
    Runner,
    StoppableBot,
    steps_in_turns,
    threads_allowed,
)

__all__ = [
    "BROWSER_SLOWDOWN",
    "GAME_SECONDS",
    "SOLITAIRE_DEAL_SECONDS",
    "SolitaireOddsLesson",
    "StrategyLab",
    "game_cap",
    "solitaire_cap",
]

_EMPTY = N_("(empty seat)")
_SEAT_COLOUR_LIST = (EXACT_COLOUR, SIMULATED_COLOUR, "#009E73", THUMB_COLOUR)

#: Seconds one seat of each bot adds to an 11-round game, on one core of the lesson server:
#: twice what ``benchmarks/lesson_work.py`` measured on a quiet core (random 0.030, greedy
#: 0.017, lookahead 0.033, expert 0.148), for a server that is busy. A bot missing here,
#: like a new slow level, counts as ``UNMEASURED_SECONDS`` until measured, and the time
#: budget bounds it anyway.
GAME_SECONDS: dict[str, float] = {
    "random": 0.06,
    "greedy": 0.035,
    "lookahead": 0.07,
    "expert": 0.3,
}
UNMEASURED_SECONDS = 10.0
#: Seconds per solitaire deal played by the bot (same benchmark: 0.024 measured).
SOLITAIRE_DEAL_SECONDS = 0.05
#: How much longer the same work takes in a browser kernel (the static site):
#: ``benchmarks/pyodide_games.py`` measured Pyodide at 0.49 (greedy) and 0.46 (expert) of
#: CPython's games a second.
BROWSER_SLOWDOWN = 2.2
#: The planned length of the longest run; the wall-clock budget in :mod:`.work` is a backstop.
PLANNED_SECONDS = 150.0

#: The prediction's choices, by their English words (the value a prediction records);
#: the dropdown shows them in the learner's language.
SHRINK_CHOICES = {
    N_("about the same width"): 1.0,
    N_("half as wide"): 0.5,
    N_("a quarter as wide"): 0.25,
    N_("twice as wide"): 2.0,
}


def _units(count: int, unit: str) -> str:
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


def game_cap(
    players: Sequence[str], rounds: int = LAST_ROUND, seconds: float = PLANNED_SECONDS
) -> int:
    """The most games these seats may play in one run: about ``seconds`` of one core.

    >>> game_cap(["greedy", "random"]) > game_cap(["lookahead"] * 4) >= 2
    True
    """
    per_game = sum(GAME_SECONDS.get(p, UNMEASURED_SECONDS) for p in players) * rounds / LAST_ROUND
    return max(2, int(seconds / (per_game * _slowdown())))


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


def _run_note(unit: str) -> str:
    """The note for runs of ``unit`` ("games" or "deals") where this kernel plays them."""
    where = "server" if threads_allowed() else "browser" if steps_in_turns() else "foreground"
    return _(_RUN_NOTES[unit, where])


def solitaire_cap(seconds: float = PLANNED_SECONDS) -> int:
    """The most solitaire deals one run may play."""
    return max(2, int(seconds / (SOLITAIRE_DEAL_SECONDS * _slowdown())))


def _slowdown() -> float:
    """How much longer a game takes in this kernel than the plan's figures say."""
    return BROWSER_SLOWDOWN if sys.platform == "emscripten" else 1.0


def _num(x: float, digits: int = 1) -> str:
    return "—" if math.isnan(x) else number(x, digits)


def _interval(low: float, high: float, floor: float) -> str:
    """A mean's interval, cut at ``floor``; a dash when one game gives no interval."""
    if math.isnan(low) or math.isnan(high):
        return "—"
    return f"{_num(max(floor, low))} – {_num(high)}"


def _share(x: float) -> str:
    return "—" if math.isnan(x) else percent(x, 0)


def _prediction_row(label_text: str) -> widgets.Dropdown:
    """The prediction's choices; ``label_text`` is the question, shown above it."""
    dropdown = widgets.Dropdown(
        options=[(_("— choose —"), ""), *[(_(k), k) for k in SHRINK_CHOICES]],
        value="",
        description=_("Your guess"),
        layout=widgets.Layout(width="min(320px, 90vw)"),
    )
    dropdown.question = label_text
    return dropdown


def _predict_html(question: str) -> widgets.HTML:
    """The heading and question above the prediction (``question`` is marked, English)."""
    return widgets.HTML("<h4>" + _("Predict, then see") + "</h4><p>" + _(question) + "?</p>")


@dataclass(frozen=True)
class _Width:
    """An interval's half-width after a run, to compare with the run of 4× the games."""

    games: int
    half: float
    what: str


def _closest(ratio: float) -> str:
    return min(SHRINK_CHOICES, key=lambda k: abs(SHRINK_CHOICES[k] - ratio))


def _play_four_times(
    view: StrategyLab | SolitaireOddsLesson,
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
        _closest(math.sqrt(done / target)),
        {f"{lesson}/interval-width": view.prediction.value or None},
    )
    view._four = True  # the box's observer leaves the results and prediction alone
    try:
        size.value = target
    finally:
        view._four = False
    view.run()


def shrink_verdict(prediction: str, ratio: float, before: int, after: int, unit: str) -> str:
    """The prediction judged against the theory first, then against this run's measurement.

    >>> shrink_verdict("half as wide", 0.37, 30, 120, "deals")[:46]
    'Your prediction is right: theory says <b>half '
    """
    theory = math.sqrt(before / after)
    expected = _closest(theory)
    measured = _closest(ratio) if not math.isnan(ratio) else expected
    if not prediction:
        said = _("You skipped the guess. Theory says <b>{expected}</b>.")
    elif prediction == expected:
        said = _("Your prediction is right: theory says <b>{expected}</b>.")
    else:
        said = _("Theory says <b>{expected}</b>, not {prediction}.")
    said = said.format(expected=_(expected), prediction=escape(_(prediction)))
    if measured == expected:
        run = _("This run agrees: it measured {ratio}×.").format(ratio=_num(ratio, 2))
    else:
        run = _(
            "This run measured {ratio}×, nearer “{measured}”: with only {count} the width of "
            "an interval is itself uncertain, so one run can land well away from the theory. "
            "Play 4× again, or use a new seed, and it settles."
        ).format(ratio=_num(ratio, 2), measured=_(measured), count=_units(before, unit))
    return said + " " + run


def _shrink_html(prediction: str, before: _Width, after: _Width, unit: str = "games") -> str:
    """The learner's prediction beside the measured change and the theory."""
    ratio = after.half / before.half if before.half > 0 else math.nan
    guess = _(prediction) if prediction else _("no prediction (skipped)")
    theory = math.sqrt(before.games / after.games)
    verdict = shrink_verdict(prediction, ratio, before.games, after.games, unit)
    predicted = _(
        "You predicted: <b>{guess}</b>. Measured: the interval is <b>{ratio}×</b> as wide. "
        "{verdict}"
    ).format(guess=escape(guess), ratio=_num(ratio, 2), verdict=verdict)
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
                [_("before"), number(before.games), _num(before.half, 2)],
                [_("after"), number(after.games), _num(after.half, 2)],
            ],
        )
        + f"<p>{predicted}</p><p>{law}</p></div>"
    )


# -- lesson 10: the strategy lab ----------------------------------------------------------------


class StrategyLab(View):
    """Pick bots and variants, play N games, compare mean totals and win rates with intervals."""

    title = N_("Strategy lab")
    quiz_after_guess = True  # the quiz's questions answer the prediction

    def __init__(
        self,
        players: Sequence[str] = ("greedy", "random"),
        n_games: int = 50,
        seed: int = 1,
        background: bool = True,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        names = list(BOTS)
        # Shown in the learner's words; the values stay the bots' names.
        choices = [(bot_word(n), n) for n in names]
        self.seats = [
            widgets.Dropdown(
                options=choices if i < 2 else [(_(_EMPTY), _EMPTY), *choices],
                value=players[i] if i < len(players) else _EMPTY,
                description=_("Seat {number}").format(number=i + 1),
                layout=widgets.Layout(width="210px"),
            )
            for i in range(4)
        ]
        self.bots_help = widgets.HTML(
            "<ul class='fc-bots'>"
            + "".join(
                f"<li><b>{escape(bot_word(name))}</b>: "
                f"{escape(_(BOT_DESCRIPTIONS.get(name, '')))}</li>"
                for name in names
            )
            + "</ul>"
        )
        self.rounds = widgets.IntSlider(
            value=LAST_ROUND,
            min=FIRST_ROUND,
            max=LAST_ROUND,
            description=_("Rounds"),
            continuous_update=False,
        )
        self.variants = variant_checkboxes()
        self.lay_off = self.variants["lay_off"]
        self.bonus = self.variants["going_out_bonus"]
        self.no_discard = self.variants["no_final_discard"]
        self.n_games = ClampedIntText(
            self.status, n_games, 2, 5000, _("Games"), _("playing"), description=_("Games")
        )
        self.seed = seed_box(self, seed)
        self.run_button = self._button(_("Play the games"), self.run, style="primary", icon="play")
        self.new_seed_button = self._button(_("New seed"), self.new_seed, icon="random")
        self.cap_note = widgets.HTML()
        self.progress = Progress("game")
        self.prediction = _prediction_row(N_("With 4× the games, how wide will the interval be"))
        self.four_button = self._button(
            _("Play 4× the games"), self.play_four_times, icon="forward"
        )
        self.skip_button = self._button(_("Just show me"), self.skip_four_times)
        self.predictions = self.class_predictions()
        self.shrink = widgets.HTML()
        self.summary = widgets.HTML()
        self.verdict = widgets.HTML()
        self.running = Chart()
        self.plot = Chart()
        self.download = widgets.HTML()
        #: Seat 1's share of wins after each game of the last run, with its 95% interval.
        self.series: list[dict[str, float]] = []
        self._four = False  # True while "Play 4×" sets the Games box itself
        self.table: Rows | None = None
        self.rows: list[dict[str, Any]] = []
        self.widths: list[tuple[tuple[Any, ...], _Width]] = []
        self.runner = Runner(
            self.progress, self._guard, [self.run_button, self.four_button, self.skip_button]
        )
        self._fill_from_the_left()
        for seat in self.seats:
            # First, so the cap and the cleared results see the seats as they end up.
            seat.observe(self._guard(lambda _c: self._fill_from_the_left()), names="value")
            seat.observe(self._guard(lambda _c: self._update_cap()), names="value")
        self.rounds.observe(self._guard(lambda _c: self._update_cap()), names="value")
        for control in [*self.seats, self.rounds, *self.variants.values(), self.seed]:
            control.observe(self._guard(lambda _c: self._setup_changed()), names="value")
        self.n_games.observe(self._guard(lambda _c: self._games_changed()), names="value")
        row = widgets.HBox(self.seats)
        row.layout.flex_flow = "row wrap"
        variants = widgets.HBox([self.rounds, *self.variants.values()])
        variants.layout.flex_flow = "row wrap"
        run_row = widgets.HBox(
            [
                self.n_games,
                self.seed,
                self.new_seed_button,
                self.run_button,
                self.runner.stop_button,
            ]
        )
        run_row.layout.flex_flow = "row wrap"
        predict_row = widgets.HBox([self.prediction, self.four_button, self.skip_button])
        predict_row.layout.flex_flow = "row wrap"
        self._frame(
            [
                style(),
                row,
                self.bots_help,
                variants,
                run_row,
                self.cap_note,
                self.progress,
                self.verdict,
                self.summary,
                _predict_html(self.prediction.question),
                predict_row,
                self.shrink,
                self.running,
                self.plot,
                self.download,
            ],
            _(
                "Every seat plays the same deals, so strategies are compared game by game. "
                "Lower totals are better; the intervals show how sure we can be."
            ),
        )
        self._update_cap()
        # The first games run in the background too: the page appears at once and fills in.
        self.run(background=background, record=False)  # not the student's own run

    def _fill_from_the_left(self) -> None:
        """Keep the filled seats together: seat 4 shows once seat 3 has a bot, and emptying
        seat 3 moves seat 4's bot into it.

        A game's players are the filled seats in order, so without a gap the numbers in
        the results are the numbers on the menus.
        """
        third, fourth = self.seats[2], self.seats[3]
        if third.value == _EMPTY and fourth.value != _EMPTY:
            moved = fourth.value
            fourth.value = _EMPTY
            third.value = moved
        set_shown(fourth, shown=third.value != _EMPTY)

    def players(self) -> list[str]:
        return [seat.value for seat in self.seats if seat.value != _EMPTY]

    def rules(self) -> GameRules:
        chosen = {field: box.value for field, box in self.variants.items()}
        return GameRules(rounds=self.rounds.value, **chosen)

    def cap(self) -> int:
        """The most games the chosen seats may play in one run."""
        return min(5000, game_cap(self.players(), self.rounds.value))

    def _update_cap(self) -> None:
        cap = self.cap()
        self.n_games.set_range(2, cap)
        note = _run_note("games").format(
            cap=number(cap), minutes=number(PLANNED_SECONDS / 60, spec=".1f")
        )
        self.cap_note.value = f"<p class='fc-note'>{note}</p>"

    def new_seed(self) -> None:
        """Pick the next seed, so the next run plays new deals."""
        self.seed.value = (self.seed.value + 1) % (10**9 + 1)
        self.status.info(_("Seed {seed}: press Play for new deals.").format(seed=self.seed.value))

    def _setup(self) -> tuple[Any, ...]:
        return (tuple(self.players()), self.rules(), self.seed.value)

    def _setup_changed(self, said: str = "") -> None:
        """New seats, rules or seed: every result of the old setup leaves the screen."""
        self.runner.reset()
        with self.hold_sync():
            self.table = None
            self.rows = []
            for html in (self.summary, self.verdict, self.shrink, self.download):
                html.value = ""
            self.plot.clear()
            self.running.clear()
            self.series = []
            self.prediction.value = ""
        self.status.info(
            _("{setup}: press Play the games to see its results.").format(
                setup=said or _("A new setup")
            )
        )

    def _games_changed(self) -> None:
        """A new number of games typed: the results shown are for the old number, so they go
        (Play 4× sets the box itself and keeps the prediction it was made for)."""
        if self._four:
            return
        self._setup_changed(_units(self.n_games.value, "games"))

    def play_four_times(self, skip: bool = False) -> None:
        """Play four times as many games as the last run (the prediction is kept)."""
        if self.table is None:
            raise LessonError(
                _("Play some games first, then press this to play four times as many.")
            )
        games = len(set(self.table["game"]))
        _play_four_times(self, "10", games, self.cap(), "games", self.n_games, skip)

    def skip_four_times(self) -> None:
        """Play 4× the games without a prediction (recorded as skipped)."""
        self.play_four_times(skip=True)

    def run(self, background: bool = True, record: bool = True) -> None:
        """Play the games on a background thread; show the results when done or stopped.

        ``record``: the games go to the class (if the student joined one) when they end.
        """
        players = self.players()
        n = self.n_games.value
        if n > self.cap():
            raise LessonError(
                _n(
                    "These seats play at most {count} game in one run.",
                    "These seats play at most {count} games in one run.",
                    self.cap(),
                ).format(count=number(self.cap()))
            )
        rules, seed = self.rules(), self.seed.value
        setup = self._setup()
        self.status.info(
            _n(
                "Playing {count} game… press Stop to end early.",
                "Playing {count} games… press Stop to end early.",
                n,
            ).format(count=number(n))
        )

        self.series = series = []
        self.running.clear()
        shown = [time.monotonic()]

        def work(stop: threading.Event) -> Iterator[tuple[int, int]]:
            self.rows = []
            specs = [StoppableBot(p, stop) for p in players]
            wins = 0
            for game in range(n):
                rows = play_games(specs, [game], rules, seed)
                self.rows.extend(rows)
                # A shared first place counts as a win for each, as in the summary table.
                wins += any(r["player"] == 0 and r["placement"] == 1 for r in rows)
                low, high = wilson_interval(wins, game + 1)
                series.append(
                    {"n": game + 1, "value": wins / (game + 1), "low": low, "high": high}
                )
                # The share moves as games end (not once a new setup has cleared the chart).
                if time.monotonic() - shown[0] >= LIVE_SECONDS and not stop.is_set():
                    shown[0] = time.monotonic()
                    self.draw_running(bot_word(players[0]), list(series))
                yield game + 1, n

        self.runner.start(work, lambda outcome: self.finish(outcome, setup, record), background)

    def finish(self, outcome: Outcome, setup: tuple[Any, ...], record: bool = False) -> None:
        """Show the results of the games played (all of them, or those before Stop)."""
        if outcome.done == 0:
            self.status.info(_("Stopped before the first game ended: nothing to show yet."))
            return
        if record:
            self._record_wins(setup)
        table = table_of(self.rows)
        self.table = table
        summary = summarize(table)
        players = list(setup[0])
        comparisons = [compare(table, i, 0) for i in range(1, len(players))]
        finals = final_totals(table)
        games = len(set(finals["game"]))
        with self.hold_sync():
            # Without the -10 bonus no total is negative: cut the interval there.
            floor = -math.inf if self.bonus.value else 0.0
            rows = [
                [
                    str(row["seat"]),
                    escape(bot_word(str(row["bot"]))),
                    _num(float(row["mean_total"])),
                    _interval(float(row["total_low"]), float(row["total_high"]), floor),
                    _share(float(row["win_rate"])),
                    f"{_share(float(row['win_low']))} – {_share(float(row['win_high']))}",
                    _num(float(row["out_first_per_game"]), 2),
                ]
                for row in summary.records()
            ]
            firsts = Counter(r["game"] for r in finals.records() if r["placement"] == 1)
            ties = sum(count > 1 for count in firsts.values())
            total_wins = float(sum(summary["win_rate"]))
            if ties:
                tie_note = _n(
                    "Win rates add up to {sum}%, not 100%: in {ties} of the {games} game two or "
                    "more players shared the lowest total, and a shared first place counts as a "
                    "win for each of them.",
                    "Win rates add up to {sum}%, not 100%: in {ties} of the {games} games two or "
                    "more players shared the lowest total, and a shared first place counts as a "
                    "win for each of them.",
                    games,
                ).format(
                    sum=number(100 * total_wins, spec=".0f"),
                    ties=number(ties),
                    games=number(games),
                )
            else:
                tie_note = _(
                    "No game ended in a shared first place, so the win rates add up to 100%."
                )
            self.summary.value = table_html(
                [
                    _("seat"),
                    _("bot"),
                    _("mean total"),
                    _("95% interval"),
                    _("win rate"),
                    _("95% interval"),
                    _("rounds out first per game"),
                ],
                rows,
                nowrap=True,
                stack=True,
            ) + (
                f"<p class='fc-note'>{tie_note} "
                + (
                    _(
                        "A total cannot be negative without the −10 bonus, so an interval is "
                        "cut at 0."
                    )
                    if not self.bonus.value
                    else _("With the −10 bonus a total can be negative.")
                )
                + "</p>"
            )
            if games < 2:
                self.verdict.value = (
                    "<p><b>"
                    + _("One game gives no interval: play at least two to compare.")
                    + "</b></p>"
                )
            else:
                self.verdict.value = (
                    "".join(f"<p><b>{escape(str(c))}</b></p>" for c in comparisons)
                    + "<p class='fc-note'>"
                    + _("A difference is clear when its interval excludes 0.")
                    + "</p>"
                )
            self._record_width(setup, games, summary, comparisons)
            csv = table.to_csv().encode("utf-8")
            link = base64.b64encode(csv).decode("ascii")
            rows_text = _n(
                "({count} row: one per player per round per game)",
                "({count} rows: one per player per round per game)",
                len(table),
            ).format(count=number(len(table)))
            self.download.value = (
                f"<a download='fivecrowns-strategy-lab.csv' href='data:text/csv;base64,{link}' "
                "class='fc-download'>" + _("⬇ Download the results as CSV") + f"</a> {rows_text}"
            )
        self.draw_running(bot_word(players[0]), list(self.series))
        self.draw(table)  # after the numbers are on screen: drawing takes a moment
        text = outcome.sentence("game")
        if outcome.complete:
            rounds = self.rounds.value
            text = _n(
                "Played {games} of {rounds} round (seed {seed}).",
                "Played {games} of {rounds} rounds (seed {seed}).",
                rounds,
            )
            self.status.ok(
                text.format(games=_units(games, "games"), rounds=number(rounds), seed=setup[2])
            )
        else:
            self.status.info(text)

    def _record_wins(self, setup: tuple[Any, ...]) -> None:
        """Send the class how often seat 1 won (a shared first place counts), by seed."""
        players, rules, seed = setup
        games = {row["game"] for row in self.rows}
        won = {row["game"] for row in self.rows if row["player"] == 0 and row["placement"] == 1}
        on = [v for v in SEAT_WIN_VARIANTS if getattr(rules, v)]
        self.record_experiment(seat_win_id(players, rules.rounds, on), seed, len(games), len(won))

    def _record_width(
        self, setup: tuple[Any, ...], games: int, summary: Any, comparisons: list[Any]
    ) -> None:
        if comparisons and not math.isnan(comparisons[0].ci[0]):
            low, high = comparisons[0].ci
            what = N_("difference seat 2 − seat 1")
        else:
            low, high = float(summary["total_low"][0]), float(summary["total_high"][0])
            what = N_("seat 1's mean total")
        width = _Width(games, (high - low) / 2, what)
        previous = [w for key, w in self.widths if key == setup]
        self.widths.append((setup, width))
        if previous and width.games == 4 * previous[-1].games and not math.isnan(width.half):
            self.shrink.value = _shrink_html(self.prediction.value, previous[-1], width)

    def csv(self) -> str:
        """The last results as CSV text (one row per player per round per game)."""
        if self.table is None:
            raise LessonError(_("Play some games first."))
        return self.table.to_csv()

    def draw_running(self, bot: str, rows: list[dict[str, float]]) -> None:
        """Seat 1's share of wins as games are added, with its 95% band (also during a run)."""
        if not rows:
            self.running.clear()
            return
        last = rows[-1]
        self.running.show(
            running_spec(
                _("Seat 1 ({bot}): share of games won, game by game").format(bot=bot),
                _("games played"),
                _("share of games won"),
                exact=False,
            ),
            {"running": rows, "marks": []},
            _n(
                "Line chart of seat 1's ({bot}) share of games won after each of {count} game, "
                "with its 95% band: {share} so far, interval {low} to {high}.",
                "Line chart of seat 1's ({bot}) share of games won after each of {count} games, "
                "with its 95% band: {share} so far, interval {low} to {high}.",
                int(last["n"]),
            ).format(
                bot=bot,
                count=number(int(last["n"])),
                share=percent(last["value"], 0),
                low=percent(last["low"], 0),
                high=percent(last["high"], 0),
            ),
            animate=("running",),
        )

    def draw(self, table: Rows) -> None:
        finals = final_totals(table)
        low, high = min(finals["total"]), max(finals["total"])
        bins = min(12, max(4, (high - low) // 10 + 1))
        width = max(1, math.ceil((high + 1 - low) / bins))
        games = len(set(finals["game"]))
        rows, series = [], []
        seats = [(s, finals.where("player", s)) for s in sorted(set(finals["player"]))]
        words = {s: bot_word(group["bot"][0]) for s, group in seats}
        for seat, group in seats:
            name = _("seat {number}: {bot}").format(number=seat + 1, bot=words[seat])
            series.append((name, _SEAT_COLOUR_LIST[seat % len(_SEAT_COLOUR_LIST)]))
            counts = Counter((int(t) - low) // width for t in group["total"])
            rows += [
                {
                    "k": f"{low + b * width}–{low + (b + 1) * width - 1}",
                    "order": b,
                    "value": counts.get(b, 0),
                    "series": name,
                }
                for b in range(bins)
                if low + b * width <= high
            ]
        means = ", ".join(
            _("seat {number} ({bot}) {mean}").format(
                number=s + 1, bot=words[s], mean=number(sum(g["total"]) / len(g), spec=".0f")
            )
            for s, g in seats
        )
        spec = grouped_bars_spec(
            _("Final totals, {games}").format(games=_units(games, "games")),
            _("final total (points; lower is better)"),
            _("games"),
            series,
            percent=False,
            series_title=_("player"),
        )
        spec["layer"][0]["encoding"]["x"]["sort"] = {"field": "order"}
        spec["layer"][0]["encoding"]["x"]["axis"] = {"labelAngle": -45}
        self.plot.show(
            spec,
            {"bars": rows},
            _(
                "Histogram of final totals over {games}, from {low} to {high} points; "
                "mean totals: {means}."
            ).format(games=_units(games, "games"), low=low, high=high, means=means),
        )


# -- lesson 11: solitaire odds ------------------------------------------------------------------


class SolitaireOddsLesson(View):
    """Play many solitaire deals with the bot's policy; the win rate with an interval."""

    title = N_("Solitaire odds")

    def __init__(self, n: int = 50, seed: int = 1, background: bool = True, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.n = ClampedIntText(
            self.status, n, 1, solitaire_cap(), _("Deals"), _("playing"), description=_("Deals")
        )
        self.n.observe(self._guard(self._deals_changed), names="value")
        self._four = False  # True while "Play 4×" sets the Deals box itself
        self.seed = seed_box(self, seed)
        self.seed.observe(self._guard(lambda _c: self._setup_changed()), names="value")
        self.run_button = self._button(_("Play the deals"), self.run, style="primary", icon="play")
        self.new_seed_button = self._button(_("New seed"), self.new_seed, icon="random")
        self.progress = Progress("deal")
        self.prediction = _prediction_row(N_("With 4× the deals, how wide will the interval be"))
        self.four_button = self._button(
            _("Play 4× the deals"), self.play_four_times, icon="forward"
        )
        self.skip_button = self._button(_("Just show me"), self.skip_four_times)
        self.predictions = self.class_predictions()
        self.shrink = widgets.HTML()
        self.result_view = widgets.HTML()
        self.running = Chart()
        self.plot = Chart()
        self.by_hand = Chart()
        self.odds: SolitaireOdds | None = None
        self.widths: list[tuple[int, _Width]] = []
        self.runner = Runner(
            self.progress, self._guard, [self.run_button, self.four_button, self.skip_button]
        )
        run_row = widgets.HBox(
            [self.n, self.seed, self.new_seed_button, self.run_button, self.runner.stop_button]
        )
        run_row.layout.flex_flow = "row wrap"
        predict_row = widgets.HBox([self.prediction, self.four_button, self.skip_button])
        predict_row.layout.flex_flow = "row wrap"
        self._frame(
            [
                style(),
                run_row,
                widgets.HTML(
                    "<p class='fc-note'>"
                    + _run_note("deals").format(
                        cap=number(solitaire_cap()),
                        minutes=number(PLANNED_SECONDS / 60, spec=".1f"),
                    )
                    + "</p>"
                ),
                self.progress,
                self.result_view,
                _predict_html(self.prediction.question),
                predict_row,
                self.shrink,
                self.running,
                self.plot,
                self.by_hand,
            ],
            _(
                "The bot closes a hand when it can, and otherwise puts each card where it "
                "lowers a hand's points most. How often does it win?"
            ),
        )
        self.run(background=background, record=False)  # not the student's own run

    def new_seed(self) -> None:
        """Pick the next seed, so the next run plays new deals."""
        self.seed.value = (self.seed.value + 1) % (10**9 + 1)

    def _deals_changed(self, change: dict[str, Any]) -> None:
        """A new count typed: the results shown are for the old one, so they go."""
        if not self._four:  # Play 4× sets the box itself, for the run it starts
            self._setup_changed(_units(int(change["new"]), "deals"))

    def _setup_changed(self, said: str = "") -> None:
        """A new seed or count: the old results no longer match the setting, so they go."""
        self.runner.reset()
        with self.hold_sync():
            self.odds = None
            for html in (self.result_view, self.shrink):
                html.value = ""
            for chart in (self.running, self.plot, self.by_hand):
                chart.clear()
            self.prediction.value = ""
        setup = said or _("Seed {seed}").format(seed=self.seed.value)
        self.status.info(_("{setup}: press Play the deals.").format(setup=setup))

    def play_four_times(self, skip: bool = False) -> None:
        """Play four times as many deals as the last run."""
        if self.odds is None:
            raise LessonError(_("Play some deals first."))
        _play_four_times(self, "11", self.odds.games, solitaire_cap(), "deals", self.n, skip)

    def skip_four_times(self) -> None:
        """Play 4× the deals without a prediction (recorded as skipped)."""
        self.play_four_times(skip=True)

    def run(self, background: bool = True, record: bool = True) -> None:
        """Play the deals on a background thread and show the win rate so far at the end.

        ``record``: the deals go to the class (if the student joined one) when they end.
        """
        n, seed = self.n.value, self.seed.value
        closed: Counter[int] = Counter()
        by_hand = [0] * len(ROUNDS)
        wins = [0]
        running: list[dict[str, float]] = []
        shown = [time.monotonic()]
        self.status.info(
            _n(
                "Playing {count} deal… press Stop to end early.",
                "Playing {count} deals… press Stop to end early.",
                n,
            ).format(count=number(n))
        )

        def work(stop: threading.Event) -> Iterator[tuple[int, int]]:
            bot = SolitaireBot()
            for i in range(n):
                game = Solitaire(seed=game_seed(seed, i))
                while not game.is_over:
                    if stop.is_set():
                        return
                    game.apply(bot.choose(game))
                result = game.result()
                wins[0] += result.won
                closed[result.closed] += 1
                for k, done in enumerate(game.closed):
                    by_hand[k] += done
                low, high = wilson_interval(wins[0], i + 1)
                running.append({"n": i + 1, "value": wins[0] / (i + 1), "low": low, "high": high})
                now = time.monotonic()
                # The estimate moves while deals are played (not once a new count cleared it).
                if now - shown[0] >= LIVE_SECONDS and not stop.is_set():
                    shown[0] = now
                    self._show_running(list(running))
                yield i + 1, n

        def finish(outcome: Outcome) -> None:
            if outcome.done == 0:
                self.status.info(_("Stopped before the first deal ended: nothing to show yet."))
                return
            games = outcome.done
            odds = SolitaireOdds(
                games,
                wins[0],
                wilson_interval(wins[0], games),
                dict(sorted(closed.items())),
                seed,
                tuple(by_hand),
            )
            self.series = running
            self.show(odds, outcome)
            if record:
                self.record_for_class(
                    {
                        "kind": "experiment",
                        "experiment": SOLITAIRE_WIN,
                        "seed": seed,
                        "trials": games,
                        "successes": wins[0],
                    }
                )

        self.runner.start(work, finish, background)

    def show(self, odds: SolitaireOdds, outcome: Outcome) -> None:
        self.odds = odds
        low, high = odds.ci
        zero = (
            "<p>"
            + _(
                "No win in {deals} does not mean the bot never wins: the interval still "
                "reaches {high}. (Rule of three: with 0 wins in n tries, the 95% upper bound "
                "is about 3/n = {bound}.)"
            ).format(
                deals=_units(odds.games, "deals"),
                high=percent(high, 1),
                bound=percent(3 / odds.games, 1),
            )
            + "</p>"
            if odds.wins == 0
            else ""
        )
        won = _(
            "The bot won <b>{wins}</b> of <b>{deals}</b>: <b>{rate}</b>, 95% interval {low} "
            "to {high}."
        ).format(
            wins=number(odds.wins),
            deals=_units(odds.games, "deals"),
            rate=percent(odds.win_rate, 1),
            low=percent(low, 1),
            high=percent(high, 1),
        )
        wilson = _(
            "The interval is a Wilson interval: it stays between 0% and 100% and works "
            "even when wins are rare."
        )
        with self.hold_sync():
            self.result_view.value = f"<p class='fc-lead'>{won}</p>{zero}<p>{wilson}</p>"
            width = _Width(odds.games, 100 * (high - low) / 2, N_("win rate, percentage points"))
            previous = [w for s, w in self.widths if s == odds.seed]
            self.widths.append((odds.seed, width))
            if previous and width.games == 4 * previous[-1].games:
                self.shrink.value = _shrink_html(
                    self.prediction.value, previous[-1], width, "deals"
                )
        self.draw()  # after the numbers are on screen: drawing takes a moment
        if outcome.complete:
            self.status.ok(
                _(
                    "Played {deals} (seed {seed}): the bot won {wins}, {rate} (95% interval "
                    "{low} to {high})."
                ).format(
                    deals=_units(odds.games, "deals"),
                    seed=odds.seed,
                    wins=number(odds.wins),
                    rate=percent(odds.win_rate, 1),
                    low=percent(low, 1),
                    high=percent(high, 1),
                )
            )
        else:
            self.status.info(outcome.sentence("deal"))

    def _show_running(self, rows: list[dict[str, float]]) -> None:
        """The win rate so far, deal by deal, with its band (also while the deals are played)."""
        last = rows[-1]
        self.running.show(
            running_spec(
                _("The bot's win rate, deal by deal"),
                _("deals played"),
                _("win rate"),
                exact=False,
            ),
            {"running": rows, "marks": []},
            _n(
                "Line chart of the bot's win rate after each of {count} deal, with its 95% "
                "band: {rate} so far, interval {low} to {high}.",
                "Line chart of the bot's win rate after each of {count} deals, with its 95% "
                "band: {rate} so far, interval {low} to {high}.",
                int(last["n"]),
            ).format(
                count=number(int(last["n"])),
                rate=percent(last["value"], 1),
                low=percent(last["low"], 1),
                high=percent(last["high"], 1),
            ),
            animate=("running",),
        )

    def draw(self) -> None:
        odds = self.odds
        assert odds is not None
        ks = list(range(len(ROUNDS) + 1))  # hands closed in a deal: none to all
        hands = list(ROUNDS)
        self._show_running(list(self.series))
        deals = _("deals")
        closed = [(deals, SIMULATED_COLOUR)]
        self.plot.show(
            grouped_bars_spec(
                _("Hands closed per deal ({all} = a win), {deals}").format(
                    all=len(ROUNDS), deals=_units(odds.games, "deals")
                ),
                _("hands closed"),
                deals,
                closed,
                percent=False,
                series_title=deals,
            ),
            {"bars": [{"k": k, "value": odds.closed.get(k, 0), "series": deals} for k in ks]},
            _n(
                "Bar chart: how many of {count} solitaire deal closed 0 to {all} hands; "
                "{wins} closed all {all}.",
                "Bar chart: how many of {count} solitaire deals closed 0 to {all} hands; "
                "{wins} closed all {all}.",
                odds.games,
            ).format(count=number(odds.games), all=len(ROUNDS), wins=number(odds.wins)),
        )
        worst = min(hands, key=lambda k: odds.closed_by_hand[k - 1])
        share = _("share of deals")
        self.by_hand.show(
            grouped_bars_spec(
                _("Share of deals closing each hand"),
                # Numbered 1 to 11 as lesson 05 numbers them (hand k holds k + 2 cards).
                _("hand (hand k has k + 2 cards)"),
                share,
                [(share, EXACT_COLOUR)],
                series_title=share,
            ),
            {
                "bars": [
                    {"k": k, "value": c / odds.games, "series": share}
                    for k, c in zip(hands, odds.closed_by_hand, strict=True)
                ]
            },
            _(
                "Bar chart of the share of deals closing each hand; hand {hand} ({size} "
                "cards) closed least often ({share})."
            ).format(
                hand=worst,
                size=hand_size(worst),
                share=percent(odds.closed_by_hand[worst - 1] / odds.games, 0),
            ),
        )
