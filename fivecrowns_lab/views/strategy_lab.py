"""Lesson 10, the strategy lab: seats of bots play many games; totals and wins with intervals.

The games are the engine's (:func:`fivecrowns_lab.odds.game_runs.seat_one_games`), played
on a background thread (:mod:`.work`): a progress bar fills, *Stop* ends the run within
one move and keeps the games played so far, and each run is capped
(:func:`fivecrowns_lab.odds.run_cost.game_cap`) so that it takes a few minutes of one core
at most. The learner predicts how an interval changes with four times the games
(:mod:`.interval_guess`), then sees the prediction beside what happened.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Iterator, Sequence
from html import escape
from typing import Any

import ipywidgets as widgets

from ..classroom.experiments import SEAT_WIN_VARIANTS, seat_win_id
from ..core.rules import FIRST_ROUND, LAST_ROUND, GameRules
from ..errors import LessonError
from ..i18n import N_, number
from ..i18n import gettext as _
from ..i18n import ngettext as _n
from ..odds.game_runs import seat_one_games
from ..odds.run_cost import PLANNED_SECONDS, game_cap
from ..odds.simulate import table_of
from ..odds.strategy import compare, final_totals, summarize
from ..table.players import BOT_DESCRIPTIONS, BOTS, bot_word
from ..table.rows import Rows
from ..table.stoppable import StoppableBot
from .base import ClampedIntText, View, seed_box, set_shown, variant_checkboxes
from .chart import Chart
from .interval_guess import (
    Width,
    interval_text,
    num,
    play_four_times,
    predict_html,
    prediction_row,
    run_note,
    share_text,
    shrink_html,
    units_text,
)
from .lesson_parts import next_seed
from .plots import style, table_html
from .specs import EXACT_COLOUR, SIMULATED_COLOUR, THUMB_COLOUR
from .strategy_results import (
    download_html,
    draw_final_totals,
    draw_share_won,
    tie_note,
    verdict_html,
)
from .work import LIVE_SECONDS, Outcome, Progress, Runner

__all__ = ["StrategyLab"]

_EMPTY = N_("(empty seat)")
_SEAT_COLOUR_LIST = (EXACT_COLOUR, SIMULATED_COLOUR, "#009E73", THUMB_COLOUR)


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
        self._build_setup(players, n_games, seed)
        self._build_results()
        self._wire()
        self._lay_out()
        self._update_cap()
        # The first games run in the background too: the page appears at once and fills in.
        self.run(background=background, record=False)  # not the student's own run

    def _build_setup(self, players: Sequence[str], n_games: int, seed: int) -> None:
        """The seats, rounds, variants, number of games and seed, with their buttons."""
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

    def _build_results(self) -> None:
        """The progress bar, the prediction and the panels the results fill."""
        self.progress = Progress("game")
        self.prediction = prediction_row(N_("With 4× the games, how wide will the interval be"))
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
        self.four_setting = False  # True while "Play 4×" sets the Games box itself
        self.table: Rows | None = None
        self.rows: list[dict[str, Any]] = []
        self.widths: list[tuple[tuple[Any, ...], Width]] = []
        self.runner = Runner(
            self.progress, self._guard, [self.run_button, self.four_button, self.skip_button]
        )

    def _wire(self) -> None:
        """Every setup change updates the cap and clears the old results."""
        self._fill_from_the_left()
        for seat in self.seats:
            # First, so the cap and the cleared results see the seats as they end up.
            seat.observe(self._guard(lambda _c: self._fill_from_the_left()), names="value")
            seat.observe(self._guard(lambda _c: self._update_cap()), names="value")
        self.rounds.observe(self._guard(lambda _c: self._update_cap()), names="value")
        for control in [*self.seats, self.rounds, *self.variants.values(), self.seed]:
            control.observe(self._guard(lambda _c: self._setup_changed()), names="value")
        self.n_games.observe(self._guard(lambda _c: self._games_changed()), names="value")

    def _lay_out(self) -> None:
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
                predict_html(self.prediction.question),
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
        note = run_note("games").format(
            cap=number(cap), minutes=number(PLANNED_SECONDS / 60, spec=".1f")
        )
        self.cap_note.value = f"<p class='fc-note'>{note}</p>"

    def new_seed(self) -> None:
        """Pick the next seed, so the next run plays new deals."""
        self.seed.value = next_seed(self.seed.value)
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
        if self.four_setting:
            return
        self._setup_changed(units_text(self.n_games.value, "games"))

    def play_four_times(self, skip: bool = False) -> None:
        """Play four times as many games as the last run (the prediction is kept)."""
        if self.table is None:
            raise LessonError(
                _("Play some games first, then press this to play four times as many.")
            )
        games = len(set(self.table["game"]))
        play_four_times(self, "10", games, self.cap(), "games", self.n_games, skip)

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
            for played in seat_one_games(specs, n, rules, seed):
                self.rows.extend(played.rows)
                series.append(played.share.row())
                # The share moves as games end (not once a new setup has cleared the chart).
                if time.monotonic() - shown[0] >= LIVE_SECONDS and not stop.is_set():
                    shown[0] = time.monotonic()
                    self.draw_running(bot_word(players[0]), list(series))
                yield played.share.n, n

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
            self.summary.value = self._summary_html(summary, finals, games)
            self.verdict.value = verdict_html(games, comparisons)
            self._record_width(setup, games, summary, comparisons)
            self.download.value = download_html(table)
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
                text.format(games=units_text(games, "games"), rounds=number(rounds), seed=setup[2])
            )
        else:
            self.status.info(text)

    def _summary_html(self, summary: Rows, finals: Rows, games: int) -> str:
        """The table of mean totals and win rates, with a note on ties and the floor at 0."""
        # Without the -10 bonus no total is negative: cut the interval there.
        floor = -math.inf if self.bonus.value else 0.0
        rows = [
            [
                str(row["seat"]),
                escape(bot_word(str(row["bot"]))),
                num(float(row["mean_total"])),
                interval_text(float(row["total_low"]), float(row["total_high"]), floor),
                share_text(float(row["win_rate"])),
                f"{share_text(float(row['win_low']))} – {share_text(float(row['win_high']))}",
                num(float(row["out_first_per_game"]), 2),
            ]
            for row in summary.records()
        ]
        headers = [
            _("seat"),
            _("bot"),
            _("mean total"),
            _("95% interval"),
            _("win rate"),
            _("95% interval"),
            _("rounds out first per game"),
        ]
        floor_note = (
            _("A total cannot be negative without the −10 bonus, so an interval is cut at 0.")
            if not self.bonus.value
            else _("With the −10 bonus a total can be negative.")
        )
        return table_html(headers, rows, nowrap=True, stack=True) + (
            f"<p class='fc-note'>{tie_note(summary, finals, games)} {floor_note}</p>"
        )

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
        width = Width(games, (high - low) / 2, what)
        previous = [w for key, w in self.widths if key == setup]
        self.widths.append((setup, width))
        if previous and width.games == 4 * previous[-1].games and not math.isnan(width.half):
            self.shrink.value = shrink_html(self.prediction.value, previous[-1], width)

    def csv(self) -> str:
        """The last results as CSV text (one row per player per round per game)."""
        if self.table is None:
            raise LessonError(_("Play some games first."))
        return self.table.to_csv()

    def draw_running(self, bot: str, rows: list[dict[str, float]]) -> None:
        """Seat 1's share of wins as games are added, with its 95% band (also during a run)."""
        draw_share_won(self.running, bot, rows)

    def draw(self, table: Rows) -> None:
        """The final totals' histogram, seat by seat."""
        draw_final_totals(self.plot, table)
