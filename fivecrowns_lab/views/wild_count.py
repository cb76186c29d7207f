"""Lesson 07: counting wild cards, the exact distribution beside a growing simulation.

Every number comes from the engine: the exact shares from
:func:`~fivecrowns_lab.odds.counting.wild_count_distribution`, the dealt hands from
:mod:`fivecrowns_lab.odds.trials`; the words are :mod:`~fivecrowns_lab.views.wild_words`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import ipywidgets as widgets

from ..classroom.experiments import most_common_wilds, wild_count_id
from ..core.cards import Hand
from ..core.rules import hand_size, wild_rank_text
from ..errors import LessonError
from ..i18n import N_, number
from ..i18n import gettext as _
from ..odds.counting import WILDS_IN_DECK, wild_count_distribution
from ..odds.trials import dealt_wild_counts, share_series
from .base import View, seed_box, set_shown
from .chart import Chart
from .lesson_parts import next_seed, predict_html, round_slider, row, wilds_text
from .plots import pct, style
from .predict import CommitRow
from .specs import EXACT_COLOUR, SIMULATED_COLOUR, grouped_bars_spec, running_spec
from .wild_intervals import SAMPLE_CHOICES, CoverageIntervals
from .wild_words import (
    bars_text,
    dealt_sentence,
    formula_html,
    gap_explanation,
    guess_verdict,
    hidden_table_html,
    prediction_html,
    wild_table_html,
)

__all__ = ["WildCountLesson", "gap_explanation", "guess_verdict"]


class WildCountLesson(View):
    """Exact distribution of the number of wilds in a hand, beside a growing simulation.

    The learner commits a guess (the most common number of wilds and its share)
    before the exact answer, the table and any dealt hands are shown; the running
    estimate of the share of hands with that number of wilds then draws itself with
    its 95% band as hands are dealt, and *Draw 100 intervals* shows how often a 95%
    interval from a fresh sample holds the exact value.
    """

    title = N_("Counting wild cards")
    quiz_after_guess = True  # the quiz's questions answer the prediction

    #: Hands in each of the 100 samples of the interval view a learner may choose.
    SAMPLE_CHOICES = SAMPLE_CHOICES

    def __init__(self, round_no: int = 5, seed: int = 2026, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.predictions = self.class_predictions()
        self.round = round_slider(round_no)
        self.round.observe(self._guard(lambda _c: self.reset()), names="value")
        self.seed = seed_box(self, seed)
        self.seed.observe(self._guard(lambda _c: self.reset()), names="value")
        self.new_seed_button = self._button(_("New seed"), self.new_seed, icon="random")
        self._build_guess()
        self._build_answer()
        self._frame(
            [
                style(),
                row(self.round, self.seed, self.new_seed_button),
                widgets.HTML(
                    predict_html(
                        _(
                            "Before you see anything: which number of wild cards will be the "
                            "most common in a hand of this round, and in what share of the "
                            "hands? Commit your guess to see the exact answer."
                        )
                    )
                ),
                row(self.guess_k, self.guess_share),
                self.commit,
                self.prediction_view,
                self.try_again_button,
                self.after_commit,
                row(self.formula, self.table),
            ],
            _(
                "Blue bars: the exact chance of each number of wilds, by counting. Orange bars: "
                "the share of the hands you have dealt. Green outline: your prediction."
            ),
        )
        self.reset()

    def _build_guess(self) -> None:
        """The guess (a number of wilds and its share), its commit row and *Try again*."""
        self.guess_k = widgets.Dropdown(
            description=_("Most common:"), style={"description_width": "initial"}
        )
        self.guess_share = widgets.IntSlider(
            value=30,
            min=0,
            max=100,
            step=5,
            description=_("in this share of hands (%):"),
            continuous_update=False,
            style={"description_width": "initial"},
        )
        self.guess_k.observe(self._guard(self._on_guess), names="value")
        # An untouched slider is no guess: its starting 30% would be recorded as the
        # learner's share (as lesson 09's empty box is no guess of 0). Once moved, it keeps
        # the learner's share for the next round's guess too.
        self.share_moved = False
        self.guess_share.observe(self._guard(self._on_share), names="value")
        self.commit = CommitRow(self._button, self.commit_guess, self.skip)
        self.try_again_button = self._button(
            _("Try again"),
            self.try_again,
            tooltip=_("Guess again, for this round or another (your new guess is recorded)"),
        )
        self.prediction_view = widgets.HTML()

    def _build_answer(self) -> None:
        """Everything that waits for the guess: dealing, the charts, the 100 intervals."""
        self.deal_buttons = [
            self._button(
                _("Deal {count}").format(count=number(n)),
                self._dealer(n),
                style="primary" if n == 100 else "",
            )
            for n in (1, 10, 100, 1000)
        ]
        self.reset_button = self._button(_("Start again"), self.reset, icon="undo")
        self.gap_view = widgets.HTML()
        self.formula = widgets.HTML()
        self.table = widgets.HTML()
        self.plot = Chart()
        self.running = Chart()
        self.coverage_part = CoverageIntervals(self._button, self.draw_intervals)
        self.sample_size = self.coverage_part.sample_size
        self.sample_size.observe(
            self._guard(lambda _c: self._sample_size_changed()), names="value"
        )
        self.coverage_button = self.coverage_part.button
        self.coverage = self.coverage_part.chart
        self.coverage_view = self.coverage_part.view
        how_often = _(
            "Each of 100 samples deals fresh hands and builds a 95% interval for the share of "
            "hands with your number of wilds. How many of the 100 will hold the exact value?"
        )
        self.after_commit = widgets.VBox(
            [
                widgets.HTML("<h4>" + _("Then deal, and watch") + "</h4>"),
                row(*self.deal_buttons, self.reset_button),
                self.plot,
                self.running,
                self.gap_view,
                widgets.HTML(
                    "<h4>" + _("How often is a 95% interval right?") + f"</h4><p>{how_often}</p>"
                ),
                *self.coverage_part.parts,
            ]
        )

    def _dealer(self, n: int) -> Callable[[], None]:
        return lambda: self.deal(n)

    @property
    def exact(self) -> dict[int, Fraction]:
        return wild_count_distribution(self.round.value)

    @property
    def top(self) -> int:
        """The most common number of wilds (exact)."""
        exact = self.exact
        return max(exact, key=lambda j: exact[j])

    @property
    def focus(self) -> int:
        """The number of wilds the running estimate follows: the guess, or the exact top."""
        guess = self.predicted
        return guess[0] if guess is not None else self.top

    @property
    def intervals(self) -> list[tuple[float, float]]:
        """The 95% intervals of the last *Draw 100 intervals* (none since a reset)."""
        return self.coverage_part.intervals

    def new_seed(self) -> None:
        """Move to the next seed (new hands) and start again."""
        self.seed.value = next_seed(self.seed.value)

    def reset(self) -> None:
        """Forget the dealt hands and the prediction (for the chosen round) and redraw."""
        self.rng = random.Random(self.seed.value)
        self.counts: dict[int, int] = {}
        self.dealt = 0
        self.hits = 0
        self.series: list[dict[str, float]] = []
        self.last_hand: Hand | None = None
        self.skipped = False
        n, r = hand_size(self.round.value), self.round.value
        with self.hold_sync():
            self.guess_k.options = [(_("— choose —"), -1)] + [
                (wilds_text(k), k) for k in range(min(n, WILDS_IN_DECK) + 1)
            ]
            self.guess_k.value = -1
            self.guess_k.disabled = self.guess_share.disabled = False
            self.commit.reopen()
            self.prediction_view.value = ""
            self.gap_view.value = ""
            set_shown(self.after_commit, self.try_again_button, shown=False)
            self.plot.clear()
            self.running.clear()
            self.coverage_part.clear()
            self.refresh()
        self.status.info(
            _(
                "Round {round}: {count} cards, {rank}s and jokers wild (seed {seed}). Make your "
                "prediction, then commit it."
            ).format(round=r, count=n, rank=wild_rank_text(r), seed=self.seed.value)
        )

    def _on_guess(self, _change: object) -> None:
        if self.status.kind == "error" and self.predicted is not None:
            self.status.info(
                _("Now press Commit my guess.") if self.share_moved else self._move_slider()
            )

    def _move_slider(self) -> str:
        """What an untouched share slider asks of the learner, naming their number of wilds."""
        guess = self.predicted
        wilds = wilds_text(guess[0] if guess is not None else self.top)
        return _(
            "Move the slider to your guess first: in what share of hands are there {wilds}? "
            "Then commit."
        ).format(wilds=wilds)

    def _on_share(self, _change: object) -> None:
        """The learner moved the share slider: their share is a guess now."""
        asked = self.predicted is not None and self._move_slider() in self.status.text
        self.share_moved = True
        if asked or (self.status.kind == "error" and self.predicted is not None):
            self.status.info(_("Now press Commit my guess."))

    @property
    def predicted(self) -> tuple[int, int] | None:
        k = int(self.guess_k.value)
        if k < 0 or self.skipped:
            return None
        return (k, int(self.guess_share.value))

    def commit_guess(self) -> None:
        """Lock the prediction and reveal the exact answer beside it."""
        guess = self.predicted
        if guess is None:
            raise LessonError(
                _("First predict: choose the number of wilds you expect most often, then commit.")
            )
        if not self.share_moved:
            raise LessonError(self._move_slider())
        self._reveal(guess)

    def skip(self) -> None:
        """Show the answer without a guess (recorded as skipped)."""
        self.skipped = True
        self._reveal(None)

    def _reveal(self, guess: tuple[int, int] | None) -> None:
        exact, top = self.exact, self.top
        self.predictions.record(
            "07",
            # the class record's question stays English: the teacher's results pool them
            f"most common number of wilds in round {self.round.value}, and its share",
            None if guess is None else {"wilds": guess[0], "share": guess[1] / 100},
            {"wilds": top, "share": float(exact[top])},
            {
                f"07/most-common-wilds/round-{self.round.value}": guess and guess[0],
                f"07/share-of-most-common/round-{self.round.value}": guess and guess[1],
            },
        )
        with self.hold_sync():
            self.commit.close_question()
            self.guess_k.disabled = self.guess_share.disabled = True
            set_shown(self.after_commit, self.try_again_button, shown=True)
            self.refresh()
        self.status.ok(
            _("Now deal hands and watch the orange bars and the running estimate close in.")
            if guess is not None
            else _("Here is the answer. Deal hands to see a simulation close in on it.")
        )

    def try_again(self) -> None:
        """A second try: the answer hides and the guess opens again, as last chosen.

        The learner may keep the round or move the slider to another; the hands dealt go
        (they followed the old guess), and the new commit is recorded as a new prediction.
        """
        last = self.predicted
        self.reset()
        if last is not None:
            with self.hold_sync():
                self.guess_k.value, self.guess_share.value = last
        self.status.info(
            _(
                "Guess again: keep round {round} or choose another, change your guess, then "
                "commit it."
            ).format(round=self.round.value)
        )

    def deal(self, n: int) -> None:
        """Deal ``n`` more hands and add their wild counts to the histogram."""
        if not self.commit.committed:
            raise LessonError(
                _(
                    "First predict: choose the number of wilds you expect most often, commit "
                    "your guess (or press Just show me), then deal."
                )
            )
        r = self.round.value
        self.last_hand, counts = dealt_wild_counts(r, n, self.rng)
        for k in counts:
            self.counts[k] = self.counts.get(k, 0) + 1
        focus = self.focus
        self.hits, rows = share_series([k == focus for k in counts], (self.hits, self.dealt))
        self.series.extend(rows)
        self.dealt += n
        self.refresh()
        r_top = most_common_wilds(r)  # the class pools one share a round: the exact top's
        self.record_experiment(
            wild_count_id(r), self.seed.value, self.dealt, self.counts.get(r_top, 0)
        )
        self.gap_view.value = gap_explanation(self.exact, self.counts, self.dealt)
        self.status.ok(dealt_sentence(r, self.exact, self.counts))

    def _sample_size_changed(self) -> None:
        """New sample sizes: the 100 intervals drawn (and their count) go."""
        self.coverage_part.clear()
        if self.commit.committed:
            self.status.info(
                _("Samples of {count} hands: press Draw 100 intervals.").format(
                    count=self.sample_size.value
                )
            )

    def draw_intervals(self) -> None:
        """100 fresh samples, each with its 95% interval for the share with ``focus`` wilds."""
        if not self.commit.committed:
            raise LessonError(_("Commit your guess first (or press Just show me)."))
        r, k = self.round.value, self.focus
        draws = len(self.predictions) + len(self.intervals)
        rng = random.Random(self.seed.value * 1_000_003 + 7919 * r + draws)
        self.status.ok(self.coverage_part.draw(r, k, float(self.exact[k]), rng))

    def refresh(self) -> None:
        r = self.round.value
        revealed = self.commit.committed
        with self.hold_sync():
            self.formula.value = formula_html(r, self.last_hand)
            self.table.value = (
                wild_table_html(r, self.exact, self.counts, self.dealt)
                if revealed
                else hidden_table_html()
            )
            self.prediction_view.value = (
                prediction_html(r, self.exact, self.predicted, self.counts, self.dealt)
                if revealed
                else ""
            )
            if revealed:
                self.draw(self.exact, sorted(self.exact))

    def draw(self, exact: dict[int, Fraction], shown: list[int]) -> None:
        """The bars (exact beside dealt, with the guess) and the running estimate."""
        r = self.round.value
        guess = self.predicted
        bars = [
            {"k": k, "value": float(exact[k]), "series": N_("exact (counting)")} for k in shown
        ]
        if self.dealt:
            bars += [
                {"k": k, "value": self.counts.get(k, 0) / self.dealt, "series": N_("dealt hands")}
                for k in shown
            ]
        self.plot.show(
            grouped_bars_spec(
                _("Wilds in a {count}-card hand (round {round})").format(
                    count=hand_size(r), round=r
                ),
                _("wild cards"),
                _("share of hands"),
                [("exact (counting)", EXACT_COLOUR), ("dealt hands", SIMULATED_COLOUR)],
                guess=True,
                series_title=_("source"),
            ),
            {
                "bars": bars,
                "guess": [] if guess is None else [{"k": guess[0], "value": guess[1] / 100}],
            },
            bars_text(r, exact, self.dealt, guess),
        )
        self.draw_running(float(exact[self.focus]), guess)

    def draw_running(self, p: float, guess: tuple[int, int] | None) -> None:
        """The running share of hands with the followed number of wilds, against exact ``p``."""
        k = self.focus
        marks = [{"value": p, "series": "exact"}]
        if guess is not None and guess[0] == k:
            marks.append({"value": guess[1] / 100, "series": "your guess"})
        last = self.series[-1] if self.series else None
        now = (
            _("After {count} hands: {share}, 95% interval {low} to {high}; exact {exact}.").format(
                count=number(int(last["n"])),
                share=pct(last["value"]),
                low=pct(last["low"]),
                high=pct(last["high"]),
                exact=pct(p),
            )
            if last
            else _("No hands dealt yet; exact {exact}.").format(exact=pct(p))
        )
        self.running.show(
            running_spec(
                _("Share of hands with {wilds}, as hands are dealt").format(wilds=wilds_text(k)),
                _("hands dealt (each step ×10)"),
                _("share of hands"),
            ),
            {"running": list(self.series), "marks": marks},
            _(
                "Line chart of the running share of dealt hands with {wilds}, with its 95% "
                "band, against the exact value. {now}"
            ).format(wilds=wilds_text(k), now=now),
            animate=("running",),
        )
