"""Lesson 11, solitaire odds: the solitaire bot plays many deals; its win rate with an interval.

The deals are the engine's (:func:`fivecrowns_lab.odds.game_runs.solitaire_deals`), played
on a background thread (:mod:`.work`) with a progress bar and *Stop*, capped
(:func:`fivecrowns_lab.odds.run_cost.solitaire_cap`) at a few minutes of one core. The
learner predicts how the interval changes with four times the deals (:mod:`.interval_guess`).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

import ipywidgets as widgets

from ..classroom.experiments import SOLITAIRE_WIN
from ..core.rules import ROUNDS, hand_size
from ..errors import LessonError
from ..i18n import N_, number, percent
from ..i18n import gettext as _
from ..i18n import ngettext as _n
from ..odds.game_runs import SolitaireTally, solitaire_deals
from ..odds.run_cost import PLANNED_SECONDS, solitaire_cap
from ..odds.strategy import SolitaireOdds
from .base import ClampedIntText, View, seed_box
from .chart import Chart, show_running_share
from .interval_guess import (
    Width,
    play_four_times,
    predict_html,
    prediction_row,
    run_note,
    shrink_html,
    units_text,
)
from .lesson_parts import next_seed
from .plots import style
from .specs import EXACT_COLOUR, SIMULATED_COLOUR, grouped_bars_spec
from .work import LIVE_SECONDS, Outcome, Progress, Runner

__all__ = ["SolitaireOddsLesson"]


def _cap_note() -> str:
    """The note on how many deals a run plays, and how Stop works where it plays."""
    note = run_note("deals").format(
        cap=number(solitaire_cap()), minutes=number(PLANNED_SECONDS / 60, spec=".1f")
    )
    return f"<p class='fc-note'>{note}</p>"


class SolitaireOddsLesson(View):
    """Play many solitaire deals with the bot's policy; the win rate with an interval."""

    title = N_("Solitaire odds")

    def __init__(self, n: int = 50, seed: int = 1, background: bool = True, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.n = ClampedIntText(
            self.status, n, 1, solitaire_cap(), _("Deals"), _("playing"), description=_("Deals")
        )
        self.n.observe(self._guard(self._deals_changed), names="value")
        self.four_setting = False  # True while "Play 4×" sets the Deals box itself
        self.seed = seed_box(self, seed)
        self.seed.observe(self._guard(lambda _c: self._setup_changed()), names="value")
        self.run_button = self._button(_("Play the deals"), self.run, style="primary", icon="play")
        self.new_seed_button = self._button(_("New seed"), self.new_seed, icon="random")
        self.progress = Progress("deal")
        self.prediction = prediction_row(N_("With 4× the deals, how wide will the interval be"))
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
        self.widths: list[tuple[int, Width]] = []
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
                widgets.HTML(_cap_note()),
                self.progress,
                self.result_view,
                predict_html(self.prediction.question),
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
        self.seed.value = next_seed(self.seed.value)

    def _deals_changed(self, change: dict[str, Any]) -> None:
        """A new count typed: the results shown are for the old one, so they go."""
        if not self.four_setting:  # Play 4× sets the box itself, for the run it starts
            self._setup_changed(units_text(int(change["new"]), "deals"))

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
        play_four_times(self, "11", self.odds.games, solitaire_cap(), "deals", self.n, skip)

    def skip_four_times(self) -> None:
        """Play 4× the deals without a prediction (recorded as skipped)."""
        self.play_four_times(skip=True)

    def run(self, background: bool = True, record: bool = True) -> None:
        """Play the deals on a background thread and show the win rate so far at the end.

        ``record``: the deals go to the class (if the student joined one) when they end.
        """
        n, seed = self.n.value, self.seed.value
        tallies: list[SolitaireTally] = []
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
            for tally in solitaire_deals(n, seed, stop.is_set):
                tallies[:] = [tally]
                running.append(tally.share.row())
                now = time.monotonic()
                # The estimate moves while deals are played (not once a new count cleared it).
                if now - shown[0] >= LIVE_SECONDS and not stop.is_set():
                    shown[0] = now
                    self._show_running(list(running))
                yield tally.games, n

        def finish(outcome: Outcome) -> None:
            if outcome.done == 0 or not tallies:
                self.status.info(_("Stopped before the first deal ended: nothing to show yet."))
                return
            odds = tallies[0].odds(seed)
            self.series = running
            self.show(odds, outcome)
            if record:
                self.record_for_class(
                    {
                        "kind": "experiment",
                        "experiment": SOLITAIRE_WIN,
                        "seed": seed,
                        "trials": odds.games,
                        "successes": odds.wins,
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
                deals=units_text(odds.games, "deals"),
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
            deals=units_text(odds.games, "deals"),
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
            width = Width(odds.games, 100 * (high - low) / 2, N_("win rate, percentage points"))
            previous = [w for s, w in self.widths if s == odds.seed]
            self.widths.append((odds.seed, width))
            if previous and width.games == 4 * previous[-1].games:
                self.shrink.value = shrink_html(
                    self.prediction.value, previous[-1], width, "deals"
                )
        self.draw()  # after the numbers are on screen: drawing takes a moment
        if outcome.complete:
            self.status.ok(
                _(
                    "Played {deals} (seed {seed}): the bot won {wins}, {rate} (95% interval "
                    "{low} to {high})."
                ).format(
                    deals=units_text(odds.games, "deals"),
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
        titles = (_("The bot's win rate, deal by deal"), _("deals played"), _("win rate"))
        label = _n(
            "Line chart of the bot's win rate after each of {count} deal, with its 95% "
            "band: {rate} so far, interval {low} to {high}.",
            "Line chart of the bot's win rate after each of {count} deals, with its 95% "
            "band: {rate} so far, interval {low} to {high}.",
            int(rows[-1]["n"]),
        )
        show_running_share(self.running, titles, rows, label, 1, share="rate")

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
                    all=len(ROUNDS), deals=units_text(odds.games, "deals")
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
