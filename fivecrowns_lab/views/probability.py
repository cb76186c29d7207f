"""Probability lessons: counting wild cards (07), going out on the deal (08), and outs (09).

Every number a lesson shows comes from the engine (:mod:`fivecrowns_lab.odds`): exact
values where it answers (an exact :class:`~fractions.Fraction`, shown as a fraction
and a percentage), simulated values with their 95% intervals otherwise. Each lesson
asks for a prediction first and shows it beside the answer; every lesson that
samples has a seed the learner can change.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Iterator
from fractions import Fraction
from html import escape
from math import comb, sqrt
from typing import Any

import ipywidgets as widgets

from ..classroom.experiments import draw_out_id, experiment_id, most_common_wilds, wild_count_id
from ..classroom.predictions import outs_question
from ..classroom.recompute import held, lesson_08_trial
from ..core.cards import Hand, parse_cards
from ..core.rules import FIRST_ROUND, LAST_ROUND, ROUNDS, hand_size, is_wild, wild_rank_text
from ..core.solver import can_go_out, going_out_discards
from ..errors import LessonError, quote
from ..i18n import N_, number, number_text, percent, typed_number
from ..i18n import gettext as _
from ..i18n import ngettext as _n
from ..odds.counting import DECK_SIZE, WILDS_IN_DECK, wild_count_distribution
from ..odds.hardest import HardestVerdict, judge_hardest
from ..odds.outs import Outs, outs, rule_of_thumb
from ..odds.probability import (
    Estimate,
    ExactUnavailableError,
    deal,
    expected_penalty,
    first_turn_go_out,
    go_out_on_deal,
    sample_wild_counts,
)
from ..odds.stats import mean_interval, wilson_interval
from ..render import hand_html
from .base import View, seed_box, set_shown
from .chart import Chart
from .counting import CountingSteps
from .draws import OutDraws
from .plots import fraction_html, pct, style, table_html
from .predict import CommitRow
from .specs import (
    EXACT_COLOUR,
    SIMULATED_COLOUR,
    THUMB_COLOUR,
    by_round_spec,
    grouped_bars_spec,
    intervals_spec,
    lines_spec,
    running_spec,
)
from .verdicts import LOOK_AGAIN, PATTERN_PROMPTS, verdict_html
from .work import LIVE_SECONDS, Outcome, Progress, Runner

__all__ = [
    "QUESTIONS",
    "GoOutLesson",
    "OutsLesson",
    "WildCountLesson",
    "gap_explanation",
    "guess_verdict",
    "pattern_explanation",
    "simulate_round",
]

_NATURALS = DECK_SIZE - WILDS_IN_DECK


def _wilds(k: int) -> str:
    """``'1 wild'``, ``'2 wilds'``, in the learner's language."""
    return _n("{count} wild", "{count} wilds", k).format(count=number(k))


def _hands(n: int) -> str:
    """``'1 hand'``, ``'1,000 hands'``, in the learner's language."""
    return _n("{count} hand", "{count} hands", n).format(count=number(n))


def _deals(n: int) -> str:
    """``'1 deal'``, ``'1,000 deals'``, in the learner's language."""
    return _n("{count} deal", "{count} deals", n).format(count=number(n))


# -- lesson 07: counting wild cards -------------------------------------------------------------


def gap_explanation(exact: dict[int, Fraction], counts: dict[int, int], dealt: int) -> str:
    """How far the most surprising bar is from its exact share, in plain words, with a *Why?*.

    The bar chosen is the one furthest off for what chance allows: each bar's count of
    hands wanders by about ±√(hands · p · (1 − p)) by chance alone, so a rare count stays
    far off, in relative terms, for a long time. The paragraph says only whether the gap
    is usual for this many hands; the z-score reasoning waits in a ``<details>`` block.
    """
    if not dealt:
        return ""

    def swings(k: int) -> float:
        p = float(exact[k])
        spread = sqrt(dealt * p * (1 - p))
        return abs(counts.get(k, 0) - dealt * p) / spread if spread else 0.0

    k = max(exact, key=swings)
    p = float(exact[k])
    expected = dealt * p
    got = counts.get(k, 0)
    far = swings(k)
    points = 100 * abs(got / dealt - p)
    fields = {
        "wilds": _wilds(k),
        "share": pct(got / dealt),
        "hands": _hands(dealt),
        "exact": pct(p),
        "points": number(points, spec=".2f" if points < 1 else ".1f"),
        "expected": number(expected, spec=",.1f"),
        "got": number(got),
        "typical": number(sqrt(dealt * p * (1 - p)), spec=",.1f"),
        "gap": number(abs(got - expected), spec=",.1f"),
        "far": number(far, spec=".1f"),
        "bars": len(exact),
    }
    # Whole sentences for an ordinary gap and for an unusual one, each told from the start.
    if far < 2:
        text = _(
            "The most surprising bar so far is <b>{wilds}</b>: {share} of your {hands}, where "
            "the exact share is {exact}. That is {points} percentage points off, a usual gap "
            "for {hands}: chance alone moves a bar this far."
        )
        summary = _("Why is that a usual gap?")
        why = _(
            "You would expect about {expected} hands with {wilds} and got {got}. Chance alone "
            "swings a count like that by about ±{typical} hands: that is its standard error, "
            "√(hands × p × (1 − p)), roughly √{expected}. Your gap of {gap} hands is {far} "
            "standard errors (a z-score of {far}), and every bar is within 2 of them: about 95 "
            "of 100 counts land that close, so these gaps are ordinary."
        )
    else:
        text = _(
            "The most surprising bar so far is <b>{wilds}</b>: {share} of your {hands}, where "
            "the exact share is {exact}. That is {points} percentage points off, a bigger gap "
            "than usual for {hands}; but with {bars} bars, one of them is often this far off. "
            "Keep dealing: the gaps shrink as you deal more hands."
        )
        summary = _("Why is that an unusual gap?")
        why = _(
            "You would expect about {expected} hands with {wilds} and got {got}. Chance alone "
            "swings a count like that by about ±{typical} hands: that is its standard error, "
            "√(hands × p × (1 − p)), roughly √{expected}. Your gap of {gap} hands is {far} "
            "standard errors (a z-score of {far}): unusual for one bar, since about 95 of 100 "
            "counts land within 2, but with {bars} bars one of them is often out this far. A "
            "rare count is off by a large <i>share</i> of itself for a long time, because its "
            "swing (√ of a small number) is big next to the number; the relative gap shrinks "
            "like 1/√(hands)."
        )
    return (
        f"<div class='fc-panel fc-gap'><p>{text.format(**fields)}</p>"
        f"<details><summary>{summary}</summary><p>{why.format(**fields)}</p></details></div>"
    )


def guess_verdict(round_no: int, exact: dict[int, Fraction], k: int, share: int) -> str:
    """The learner's guess beside the truth, comparing like with like, in plain words.

    First which number of wilds is the most common (and whether the learner named
    it), then their share against the exact share of *the number they chose*, so a
    gap is never measured against one number beside another number's share.
    """
    top = max(exact, key=lambda j: exact[j])
    fields = {"round": round_no, "top": number(top), "wilds": _wilds(k), "guess": number(k)}
    if k == top:
        which = _("You were right: {wilds} is the most common number in round {round}.").format(
            **fields
        )
    else:
        which = _(
            "The most common number of wilds in round {round} is {top} ({share} of hands), "
            "not {guess}."
        ).format(share=pct(exact[top]), **fields)
    truth = 100 * float(exact[k])
    gap = share - truth
    size = abs(gap)
    said = {
        "wilds": _wilds(k),
        "said": number_text(f"{share}%"),
        "truth": pct(exact[k]),
        "size": number(size, spec=".1f"),
    }
    # One whole sentence for each verdict, so a translator never glues halves together.
    if size < 0.05:
        how = _(
            "You said {wilds} in {said} of hands: hands with {wilds} are {truth}, so your share "
            "was exactly right."
        )
    elif size <= max(2.0, 0.1 * truth):
        how = _(
            "You said {wilds} in {said} of hands: hands with {wilds} are {truth}, so your share "
            "was very close ({size} points off)."
        )
    elif gap > 0:
        how = _(
            "You said {wilds} in {said} of hands: hands with {wilds} are {truth}, so your share "
            "was {size} points too high."
        )
    else:
        how = _(
            "You said {wilds} in {said} of hands: hands with {wilds} are {truth}, so your share "
            "was {size} points too low."
        )
    return f"{which} {how.format(**said)}"


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
    SAMPLE_CHOICES = (25, 100, 400)

    def __init__(self, round_no: int = 5, seed: int = 2026, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.predictions = self.class_predictions()
        self.round = widgets.IntSlider(
            value=round_no,
            min=FIRST_ROUND,
            max=LAST_ROUND,
            description=_("Round"),
            continuous_update=False,
            style={"description_width": "initial"},
        )
        self.round.observe(self._guard(lambda _c: self.reset()), names="value")
        self.seed = seed_box(self, seed)
        self.seed.observe(self._guard(lambda _c: self.reset()), names="value")
        self.new_seed_button = self._button(_("New seed"), self.new_seed, icon="random")
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
        self.commit = CommitRow(self._button, self.commit_guess, self.skip)
        self.try_again_button = self._button(
            _("Try again"),
            self.try_again,
            tooltip=_("Guess again, for this round or another (your new guess is recorded)"),
        )
        self.deal_buttons = [
            self._button(
                _("Deal {count}").format(count=number(n)),
                self._dealer(n),
                style="primary" if n == 100 else "",
            )
            for n in (1, 10, 100, 1000)
        ]
        self.reset_button = self._button(_("Start again"), self.reset, icon="undo")
        self.prediction_view = widgets.HTML()
        self.gap_view = widgets.HTML()
        self.formula = widgets.HTML()
        self.table = widgets.HTML()
        self.plot = Chart()
        self.running = Chart()
        self.sample_size = widgets.Dropdown(
            options=[
                (_n("{count} hand each", "{count} hands each", m).format(count=m), m)
                for m in self.SAMPLE_CHOICES
            ],
            value=100,
            description=_("Samples of"),
        )
        self.sample_size.observe(
            self._guard(lambda _c: self._sample_size_changed()), names="value"
        )
        self.coverage_button = self._button(_("Draw 100 intervals"), self.draw_intervals)
        self.coverage = Chart()
        self.coverage_view = widgets.HTML()
        controls = widgets.HBox([self.round, self.seed, self.new_seed_button])
        controls.layout.flex_flow = "row wrap"
        predict = widgets.HBox([self.guess_k, self.guess_share])
        predict.layout.flex_flow = "row wrap"
        deals = widgets.HBox([*self.deal_buttons, self.reset_button])
        deals.layout.flex_flow = "row wrap"
        panels = widgets.HBox([self.formula, self.table])
        panels.layout.flex_flow = "row wrap"
        coverage_row = widgets.HBox([self.sample_size, self.coverage_button])
        coverage_row.layout.flex_flow = "row wrap"
        self.after_commit = widgets.VBox(
            [
                widgets.HTML("<h4>" + _("Then deal, and watch") + "</h4>"),
                deals,
                self.plot,
                self.running,
                self.gap_view,
                widgets.HTML(
                    "<h4>"
                    + _("How often is a 95% interval right?")
                    + "</h4><p>"
                    + _(
                        "Each of 100 samples deals fresh hands and builds a 95% interval for "
                        "the share of hands with your number of wilds. How many of the 100 will "
                        "hold the exact value?"
                    )
                    + "</p>"
                ),
                coverage_row,
                self.coverage,
                self.coverage_view,
            ]
        )
        self._frame(
            [
                style(),
                controls,
                widgets.HTML(
                    "<h4>"
                    + _("First predict")
                    + "</h4><p>"
                    + _(
                        "Before you see anything: which number of wild cards will be the most "
                        "common in a hand of this round, and in what share of the hands? Commit "
                        "your guess to see the exact answer."
                    )
                    + "</p>"
                ),
                predict,
                self.commit,
                self.prediction_view,
                self.try_again_button,
                self.after_commit,
                panels,
            ],
            _(
                "Blue bars: the exact chance of each number of wilds, by counting. Orange bars: "
                "the share of the hands you have dealt. Green outline: your prediction."
            ),
        )
        self.reset()

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

    def new_seed(self) -> None:
        """Move to the next seed (new hands) and start again."""
        self.seed.value = (self.seed.value + 1) % (10**9 + 1)

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
                (_wilds(k), k) for k in range(min(n, WILDS_IN_DECK) + 1)
            ]
            self.guess_k.value = -1
            self.guess_k.disabled = self.guess_share.disabled = False
            self.commit.reopen()
            self.prediction_view.value = ""
            self.gap_view.value = ""
            set_shown(self.after_commit, self.try_again_button, shown=False)
            self.plot.clear()
            self.running.clear()
            self._clear_coverage()
            self.refresh()
        self.status.info(
            _(
                "Round {round}: {count} cards, {rank}s and jokers wild (seed {seed}). Make your "
                "prediction, then commit it."
            ).format(round=r, count=n, rank=wild_rank_text(r), seed=self.seed.value)
        )

    def _on_guess(self, _change: object) -> None:
        if self.status.kind == "error" and self.predicted is not None:
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
        if n == 1:
            self.last_hand = deal(r, self.rng)
            counts = [sum(is_wild(c, r) for c in self.last_hand)]
        else:
            self.last_hand = None
            counts = sample_wild_counts(r, n, self.rng)
        focus = self.focus
        marks = {max(1, round(n * (i + 1) / 25)) for i in range(25)}
        for i, k in enumerate(counts, 1):
            self.counts[k] = self.counts.get(k, 0) + 1
            self.hits += k == focus
            if i in marks:
                total = self.dealt + i
                low, high = wilson_interval(self.hits, total)
                self.series.append(
                    {"n": total, "value": self.hits / total, "low": low, "high": high}
                )
        self.dealt += n
        self.refresh()
        r_top = most_common_wilds(r)  # the class pools one share a round: the exact top's
        self.record_experiment(
            wild_count_id(r), self.seed.value, self.dealt, self.counts.get(r_top, 0)
        )
        mean = sum(k * v for k, v in self.counts.items()) / self.dealt
        size = hand_size(r)
        exact_mean = Fraction(WILDS_IN_DECK * size, DECK_SIZE)
        gap = max(
            abs(self.counts.get(k, 0) / self.dealt - float(p)) for k, p in self.exact.items()
        )
        self.gap_view.value = gap_explanation(self.exact, self.counts, self.dealt)
        self.status.ok(
            _n(
                "{count} hand dealt: on average {mean} wilds per hand (exact: 16 × {size} / 116 = "
                "{exact}). The largest gap between an orange and a blue bar is {gap} percentage "
                "points; it shrinks like 1/√(hands): about {shrink} at this many.",
                "{count} hands dealt: on average {mean} wilds per hand (exact: 16 × {size} / 116 "
                "= {exact}). The largest gap between an orange and a blue bar is {gap} "
                "percentage points; it shrinks like 1/√(hands): about {shrink} at this many.",
                self.dealt,
            ).format(
                count=number(self.dealt),
                mean=number(mean, spec=".3f"),
                size=size,
                exact=number(float(exact_mean), spec=".3f"),
                gap=number(100 * gap, spec=".1f"),
                shrink=number(100 / sqrt(self.dealt), spec=".1f"),
            )
        )

    def _sample_size_changed(self) -> None:
        """New sample sizes: the 100 intervals drawn (and their count) go."""
        self._clear_coverage()
        if self.commit.committed:
            self.status.info(
                _("Samples of {count} hands: press Draw 100 intervals.").format(
                    count=self.sample_size.value
                )
            )

    def _clear_coverage(self) -> None:
        self.coverage.clear()
        self.coverage_view.value = ""
        self.intervals: list[tuple[float, float]] = []

    def draw_intervals(self) -> None:
        """100 fresh samples, each with its 95% interval for the share with ``focus`` wilds."""
        if not self.commit.committed:
            raise LessonError(_("Commit your guess first (or press Just show me)."))
        r, k, m = self.round.value, self.focus, int(self.sample_size.value)
        p = float(self.exact[k])
        draws = len(self.predictions) + len(self.intervals)
        rng = random.Random(self.seed.value * 1_000_003 + 7919 * r + draws)
        rows = []
        self.intervals = []
        for i in range(100):
            hits = sum(1 for j in sample_wild_counts(r, m, rng) if j == k)
            low, high = wilson_interval(hits, m)
            self.intervals.append((low, high))
            rows.append(
                {
                    "i": i + 1,
                    "low": low,
                    "high": high,
                    "value": hits / m,
                    "series": "holds the exact value" if low <= p <= high else "misses it",
                }
            )
        held = sum(1 for low, high in self.intervals if low <= p <= high)
        sentence = _(
            "{held} of 100 intervals hold the exact value ({share} of hands have {wilds})."
        ).format(held=held, share=pct(p), wilds=_wilds(k))
        self.coverage.show(
            intervals_spec(
                _("100 samples of {count} hands: 95% intervals for hands with {wilds}").format(
                    count=m, wilds=_wilds(k)
                ),
                _("share of hands"),
            ),
            {"intervals": rows, "exact": [{"value": p}]},
            _(
                "100 horizontal 95% intervals, one per sample of {count} hands, for the share of "
                "round-{round} hands with {wilds}, and a vertical line at the exact value "
                "{exact}. {sentence}"
            ).format(count=m, round=r, wilds=_wilds(k), exact=pct(p), sentence=sentence),
            animate=("intervals",),
        )
        why = _(
            "A 95% interval is built so that about 95 of 100 samples catch the exact value; the "
            "ones that miss (in orange) are not mistakes, they are the 5% the method allows. "
            "Bigger samples give narrower intervals, and still about 95 of 100 hold the truth."
        )
        self.coverage_view.value = f"<p class='fc-big'><b>{sentence}</b></p><p>{why}</p>"
        self.status.ok(sentence)

    def refresh(self) -> None:
        r = self.round.value
        n = hand_size(r)
        exact = self.exact
        shown = sorted(exact)  # every possible number of wilds, none dropped
        revealed = self.commit.committed
        with self.hold_sync():
            last = (
                "<p>"
                + _("Your last hand:")
                + f"</p>{hand_html(self.last_hand.sorted(), r, width=36)}"
                if self.last_hand is not None
                else ""
            )
            self.formula.value = (
                "<div class='fc-panel'><h4>"
                + _("The formula")
                + "</h4><p>"
                + _(
                    "A hand of <b>n = {n}</b> cards from 116, of which <b>16</b> are wild (6 "
                    "jokers and 10 cards of the wild rank):"
                ).format(n=n)
                + "</p><p class='fc-lead'>"
                + _("P(k wilds) = C(16, k) · C(100, {n} − k) / C(116, {n})").format(n=n)
                + "</p><p>"
                + _(
                    "C(a, b) counts the ways to choose b cards out of a. This is the "
                    "<i>hypergeometric</i> distribution."
                )
                + "</p>"
                + last
                + "</div>"
            )
            if revealed:
                rows = [
                    [
                        str(k),
                        f"{number(comb(WILDS_IN_DECK, k))} × {number(comb(_NATURALS, n - k))}",
                        pct(exact[k]),
                        pct(self.counts.get(k, 0) / self.dealt) if self.dealt else "—",
                    ]
                    for k in shown
                ]
                self.table.value = table_html(
                    [
                        _("wilds k"),
                        _("hands with k wilds"),
                        _("exact"),
                        _("dealt ({count})").format(count=number(self.dealt)),
                    ],
                    rows,
                    _("Out of C(116, {n}) = {count} hands").format(
                        n=n, count=number(comb(DECK_SIZE, n))
                    ),
                )
            else:
                hidden = _("The table of exact chances appears once you commit a guess.")
                self.table.value = f"<div class='fc-panel fc-hidden-answer'><p>{hidden}</p></div>"
            self._show_prediction()
            if revealed:
                self.draw(exact, shown)

    def _show_prediction(self) -> None:
        if not self.commit.committed:
            self.prediction_view.value = ""
            return
        exact, top = self.exact, self.top
        guess = self.predicted
        rows = []
        if guess is not None:
            rows.append([_("your prediction"), _wilds(guess[0]), number_text(f"{guess[1]}%")])
        rows.append([_("exact (counting)"), _wilds(top), pct(exact[top])])
        if self.dealt:
            dealt_top = max(self.counts, key=lambda j: self.counts[j])
            rows.append(
                [
                    _n("your {count} hand", "your {count} hands", self.dealt).format(
                        count=number(self.dealt)
                    ),
                    _wilds(dealt_top),
                    pct(self.counts[dealt_top] / self.dealt),
                ]
            )
        if guess is None:
            words = _("You skipped the guess: next time, commit one first. It sticks better.")
        else:
            words = guess_verdict(self.round.value, exact, *guess)
        heading = _("Your guess, and the truth")
        self.prediction_view.value = (
            f"<div class='fc-panel fc-reveal'><h4>{heading}</h4>"
            + table_html(["", _("most common number of wilds"), _("its share of hands")], rows)
            + f"<p>{words}</p></div>"
        )

    def draw(self, exact: dict[int, Fraction], shown: list[int]) -> None:
        r = self.round.value
        guess = self.predicted
        bars = [
            {"k": k, "value": float(exact[k]), "series": N_("exact (counting)")} for k in shown
        ]
        if self.dealt:
            bars += [
                {
                    "k": k,
                    "value": self.counts.get(k, 0) / self.dealt,
                    "series": N_("dealt hands"),
                }
                for k in shown
            ]
        top = self.top
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
            self._bars_text(shown, top, guess),
        )
        k = self.focus
        p = float(exact[k])
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
                _("Share of hands with {wilds}, as hands are dealt").format(wilds=_wilds(k)),
                _("hands dealt (each step ×10)"),
                _("share of hands"),
            ),
            {"running": list(self.series), "marks": marks},
            _(
                "Line chart of the running share of dealt hands with {wilds}, with its 95% "
                "band, against the exact value. {now}"
            ).format(wilds=_wilds(k), now=now),
            animate=("running",),
        )

    def _bars_text(self, shown: list[int], top: int, guess: tuple[int, int] | None) -> str:
        """The bar chart in words, for a screen reader: one sentence, then the guess."""
        r = self.round.value
        fields = {
            "most": max(shown),
            "count": hand_size(r),
            "top": top,
            "share": pct(self.exact[top]),
            "dealt": number(self.dealt),
        }
        text = (
            _(
                "Bar chart of the chance of 0 to {most} wild cards in a {count}-card hand; the "
                "most likely is {top} ({share}); {dealt} dealt hands shown beside it."
            )
            if self.dealt
            else _(
                "Bar chart of the chance of 0 to {most} wild cards in a {count}-card hand; the "
                "most likely is {top} ({share})."
            )
        ).format(**fields)
        if guess is not None:
            text += " " + _("Your prediction: {wilds} in {share} of hands.").format(
                wilds=_wilds(guess[0]), share=number_text(f"{guess[1]}%")
            )
        return text


# -- lesson 08: going out on the deal ------------------------------------------------------------

QUESTIONS: dict[str, Callable[..., Estimate]] = {
    "go out on the deal": go_out_on_deal,
    "go out on the first turn": first_turn_go_out,
    "penalty of a dealt hand": expected_penalty,
}
_BATCH = 50

#: Lesson 08's class prediction question for each question (the hardest round).
HARDEST_QUESTIONS = {
    "go out on the deal": "08/hardest-round/go-out-on-deal",
    "go out on the first turn": "08/hardest-round/go-out-first-turn",
    "penalty of a dealt hand": "08/hardest-round/penalty",
}

#: Lesson 08's guess for each question: which round is the hardest (the most points, for
#: the penalty). Each question has its own guess, committed before its answer is shown.
ASK = {
    "go out on the deal": N_("Which round is the hardest one to go out on the deal?"),
    "go out on the first turn": N_(
        "Which round is the hardest one to go out on the first turn (taking the face-up card "
        "or the first card drawn)?"
    ),
    "penalty of a dealt hand": N_(
        "In which round does a dealt hand leave the most penalty points (after laying down its "
        "best melds)?"
    ),
}

#: Each question as the learner reads it (the keys stay English: class records use them).
QUESTION_NAMES = {
    "go out on the deal": N_("go out on the deal"),
    "go out on the first turn": N_("go out on the first turn"),
    "penalty of a dealt hand": N_("penalty of a dealt hand"),
}

#: The charts' titles and their screen-reader words, by question, as whole phrases.
CHART_TITLES = {
    "go out on the deal": N_("Chance to go out on the deal"),
    "go out on the first turn": N_("Chance to go out on the first turn"),
    "penalty of a dealt hand": N_("Mean penalty of a dealt hand"),
}
BY_ROUND_TITLES = {
    "go out on the deal": N_("Chance to go out on the deal, by round"),
    "go out on the first turn": N_("Chance to go out on the first turn, by round"),
    "penalty of a dealt hand": N_("Mean penalty of a dealt hand, by round"),
}
RUNNING_TITLES = {
    "go out on the deal": N_("Chance to go out on the deal in round {round}, as deals are added"),
    "go out on the first turn": N_(
        "Chance to go out on the first turn in round {round}, as deals are added"
    ),
    "penalty of a dealt hand": N_(
        "Mean penalty of a dealt hand in round {round}, as deals are added"
    ),
}
#: What a round's value says, by question: "3.1% of deals go out".
VALUE_WORDS = {
    "go out on the deal": N_("{value} of deals go out"),
    "go out on the first turn": N_("{value} of deals go out on the first turn"),
    "penalty of a dealt hand": N_("{value} penalty points on average"),
}


def hardest_round(question: str, values: dict[int, float]) -> int:
    """The answer to :data:`ASK`: the lowest chance, or the highest mean penalty."""
    if question == "penalty of a dealt hand":
        return max(values, key=lambda r: values[r])
    return min(values, key=lambda r: values[r])


#: One simulated deal, drawn from ``rng``: the class server replays a record with the same
#: function (:func:`~fivecrowns_lab.classroom.recompute.replay_experiment`).
_one_trial = lesson_08_trial


def _estimate(question: str, round_no: int, values: list[int], seed: int) -> Estimate:
    n = len(values)
    if question == "penalty of a dealt hand":
        mean = sum(values) / n
        sd = sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
        ci = mean_interval(mean, sd, n) if n > 1 else (mean, mean)
        return Estimate("penalty of a dealt hand", round_no, mean, ci, "simulate", n, seed)
    hits = sum(values)
    label_text = (
        "going out on the deal"
        if question == "go out on the deal"
        else "going out on the first turn"
    )
    return Estimate(label_text, round_no, hits / n, wilson_interval(hits, n), "simulate", n, seed)


def simulate_round(
    question: str, round_no: int, n: int, seed: int, stop: threading.Event | None = None
) -> Iterator[list[int]]:
    """Simulate ``n`` deals of the round in batches, like the engine (same ``seed``, same deals).

    Yields the results so far after each batch of deals; stops early when ``stop`` is set.
    """
    rng = random.Random(seed)
    values: list[int] = []
    while len(values) < n:
        if stop is not None and stop.is_set():
            return
        for _trial in range(min(_BATCH, n - len(values))):
            values.append(_one_trial(question, round_no, rng))
        yield values


def _exact_or_none(question: str, round_no: int) -> Estimate | None:
    try:
        return QUESTIONS[question](round_no)
    except ExactUnavailableError:
        return None


def pattern_explanation(exact: dict[int, Fraction]) -> str:
    """The explanation of the saw-tooth, written from the exact chances the engine gives."""
    if not exact:
        nothing = _("No round has been counted exactly yet, so there is nothing exact to explain.")
        return f"<p>{nothing}</p>"
    rounds = sorted(exact)
    listed = ", ".join(
        _("{count} cards {share}").format(count=hand_size(r), share=pct(exact[r])) for r in rounds
    )
    rises = [r for r in rounds[1:] if r - 1 in exact and exact[r] > exact[r - 1]]
    falls = [r for r in rounds[1:] if r - 1 in exact and exact[r] < exact[r - 1]]
    hardest = min(rounds, key=lambda r: exact[r])
    easiest = max(rounds, key=lambda r: exact[r])
    sawtooth = bool(rises) and all(hand_size(r) % 3 == 0 for r in rises)
    sizes = ", ".join(_("{count} cards").format(count=hand_size(r)) for r in rises)
    if not rises:
        rise_text = _("It never rises from one round to the next.")
    elif sawtooth:
        rise_text = _(
            "It rises only on the way to {sizes}: hand sizes that split into melds of three "
            "exactly."
        ).format(sizes=sizes)
    else:
        rise_text = _("It rises only on the way to {sizes}.").format(sizes=sizes)
    missing = [r for r in ROUNDS if r not in exact]
    missing_text = (
        " "
        + _n(
            "Rounds {rounds} are not counted exactly, only simulated.",
            "Rounds {rounds} are not counted exactly, only simulated.",
            len(missing),
        ).format(rounds=", ".join(map(str, missing)))
        if missing
        else ""
    )
    counted = _("<b>The exact chances:</b> {listed}.").format(listed=listed)
    steps = _(
        "The chance falls from one round to the next in {falls} of the {steps} steps counted."
    ).format(falls=len(falls), steps=len(falls) + len(rises))
    ends = _(
        "The hardest counted round is round {hardest} ({hardest_cards} cards, {hardest_share}); "
        "the easiest is round {easiest} ({easiest_cards} cards, {easiest_share})."
    ).format(
        hardest=hardest,
        hardest_cards=hand_size(hardest),
        hardest_share=pct(exact[hardest]),
        easiest=easiest,
        easiest_cards=hand_size(easiest),
        easiest_share=pct(exact[easiest]),
    )
    # Two whole paragraphs: the counted rounds show the saw-tooth, or they do not quite.
    why = (
        _(
            "<b>Why.</b> To go out, every card must sit in a book or a run of at least three "
            "cards, and melds of three are by far the easiest to find. A hand of 3, 6, 9 or 12 "
            "cards can be split into melds of three exactly. A hand of 4, 7, 10 or 13 cards "
            "needs at least one meld of four, and a hand of 5, 8 or 11 cards a meld of five or "
            "two melds of four. Longer melds are much rarer, so the chance rises and falls in a "
            "<b>saw-tooth with period three</b>. It does not simply keep falling as hands grow, "
            "because a bigger hand also holds more wild cards: 16 × n / 116 of them on average."
        )
        if sawtooth
        else _(
            "<b>Why.</b> To go out, every card must sit in a book or a run of at least three "
            "cards, and melds of three are by far the easiest to find. A hand of 3, 6, 9 or 12 "
            "cards can be split into melds of three exactly. A hand of 4, 7, 10 or 13 cards "
            "needs at least one meld of four, and a hand of 5, 8 or 11 cards a meld of five or "
            "two melds of four. Longer melds are much rarer, so hand sizes that split into "
            "threes have an edge, although in the counted rounds the chance does not rise only "
            "at them. It does not simply keep falling as hands grow, because a bigger hand also "
            "holds more wild cards: 16 × n / 116 of them on average."
        )
    )
    return f"<p>{counted}{missing_text}</p><p>{steps} {rise_text} {ends}</p><p>{why}</p>"


class GoOutLesson(View):
    """Exact values per round beside simulated ones with intervals, and a plot across rounds.

    Each question asks first which round is the hardest; its answer (the reveal, the
    running estimate, the plot, the table and the counting of round 1) stays hidden
    until the learner commits a guess for that question (or presses *Just show me*).
    """

    title = N_("Will I go out on the deal?")
    quiz_after_guess = True  # the quiz's questions answer the prediction

    #: Deals per round a visitor may ask for: the largest (5,000 × 11 rounds of the slowest
    #: question, the first turn) takes about a minute of one core (benchmarks/lesson_work.py).
    DEAL_CHOICES = (200, 400, 1000, 2000, 5000)

    def __init__(self, n: int = 1000, seed: int = 1, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.question = widgets.Dropdown(
            options=[(_(QUESTION_NAMES[q]), q) for q in QUESTIONS],
            value="go out on the deal",
            description=_("Question"),
        )
        self.question.observe(self._guard(self._on_question), names="value")
        self.n = widgets.Dropdown(
            options=[(number(k), k) for k in self.DEAL_CHOICES],
            value=n,
            description=_("Deals/round"),
            # the label's own width: "Givninger pr. runde" was cut to "Givninger…" at 390 px
            style={"description_width": "initial"},
        )
        self.seed = seed_box(self, seed)
        self.new_seed_button = self._button(_("New seed"), self.new_seed, icon="random")
        self.run_button = self._button(_("Simulate"), self.run, style="primary", icon="play")
        self.progress = Progress("deal")
        self.runner = Runner(self.progress, self._guard, [self.run_button])
        self.table = widgets.HTML()
        self.plot = Chart()
        self.running = Chart()
        self.predictions = self.class_predictions()
        self.ask = widgets.HTML()
        self.hardest = widgets.Dropdown(
            options=[(_("— choose —"), 0)]
            + [
                (_("round {round} ({count} cards)").format(round=r, count=hand_size(r)), r)
                for r in ROUNDS
            ],
            value=0,
            description=_("Your guess"),
            layout=widgets.Layout(width="min(320px, 90vw)"),
        )
        self.hardest.observe(self._guard(self._on_hardest), names="value")
        self.commit = CommitRow(self._button, self.commit_guess, self.skip)
        self.reveal_view = widgets.HTML()
        #: Each question's committed guess (None: skipped) and its reveal, once committed.
        self.guesses: dict[str, int | None] = {}
        self.reveals: dict[str, str] = {}
        self.pattern_prompt = widgets.HTML()
        self.guess = widgets.Textarea(layout=widgets.Layout(width="95%", height="70px"))
        self.explain_button = self._button(
            _("Show the explanation"), self.explain, icon="lightbulb-o"
        )
        self.explanation = widgets.HTML()
        self.estimates: dict[int, tuple[Estimate | None, Estimate]] = {}
        self.missing_exact: dict[int, Estimate | None] = {}
        #: The running estimate of every round of the last run, a row per batch of deals.
        self.series: dict[int, list[dict[str, float]]] = {}
        self.shown_question: str = self.question.value
        self.summary = ""
        self.counting = CountingSteps(self._button)
        controls = widgets.HBox(
            [self.n, self.seed, self.new_seed_button, self.run_button, self.runner.stop_button]
        )
        controls.layout.flex_flow = "row wrap"
        # Everything below gives the answer away: it waits for the guess.
        self.results = widgets.VBox(
            [
                self.running,
                self.plot,
                self.table,
                self.pattern_prompt,
                self.guess,
                self.explain_button,
                self.explanation,
                self.counting,
            ]
        )
        set_shown(self.results, shown=False)
        for control in (self.n, self.seed):
            control.observe(self._guard(lambda _c: self._setting_changed()), names="value")
        self._frame(
            [
                style(),
                self.question,
                self.ask,
                self.hardest,
                self.commit,
                self.reveal_view,
                controls,
                self.progress,
                self.results,
            ],
            # the level is a field: a percent sign in a sentence reads as a format to gettext
            _(
                "Exact values are counted over every possible deal; simulated values deal "
                "random hands and come with a {level} confidence interval."
            ).format(level=percent(0.95, 0)),
        )
        self._ask()
        self.run(background=False)

    def _ask(self) -> None:
        """The question's guess: open until committed, then its reveal and its results."""
        q = self.question.value
        done = q in self.guesses
        with self.hold_sync():
            first = _("First predict")
            then = _(
                "Commit your guess: the exact values, the plot, the table and the counting "
                "appear after it."
            )
            self.ask.value = f"<h4>{first}</h4><p>{_(ASK[q])} {then}</p>"
            heading = _("Your turn: explain the pattern")
            self.pattern_prompt.value = f"<h4>{heading}</h4><p>{_(PATTERN_PROMPTS[q])}</p>"
            self.guess.placeholder = _("Write your idea here, then press the button.")
            # the written explanation and the step-by-step count are of going out on the deal
            on_deal = q == "go out on the deal"
            set_shown(self.guess, self.explain_button, self.explanation, shown=on_deal)
            set_shown(self.counting, shown=on_deal)
            self.hardest.disabled = False
            self.hardest.value = self.guesses.get(q) or 0
            self.hardest.disabled = done
            if done:
                self.commit.close_question()
            else:
                self.commit.reopen()
            self.reveal_view.value = self.reveals.get(q, "")
            set_shown(self.results, shown=done)

    def _on_question(self, _change: object) -> None:
        """A new question: its own guess first (or its reveal, if already committed)."""
        with self.hold_sync():
            self.explanation.value = ""
            self.table.value = ""
            self.plot.clear()
            self.running.clear()
            self._ask()
        self.run()

    def _on_hardest(self, _change: object) -> None:
        if self.status.kind == "error" and self.hardest.value:
            self.status.info(_("Now press Commit my guess."))

    def commit_guess(self) -> None:
        """Lock the guess of the hardest round and reveal the values beside it."""
        if not self.hardest.value:
            raise LessonError(_("First choose which round you think is hardest, then commit."))
        self._reveal(int(self.hardest.value))

    def skip(self) -> None:
        """Show the values without a guess (recorded as skipped)."""
        self._reveal(None)

    def verdict(self, question: str, guess: int | None) -> HardestVerdict:
        """The hardest round of ``question`` and how ``guess`` fares: exact against exact,
        or this simulation's values against each other (see :func:`judge_hardest`)."""
        sims = (
            {r: sim for r, (_e, sim) in self.estimates.items()}
            if self.shown_question == question
            else {}
        )
        exact = {r: _exact_or_none(question, r) for r in ROUNDS}
        highest = question == "penalty of a dealt hand"
        return judge_hardest(sims, exact, highest=highest, guess=guess)

    def _reveal(self, guess: int | None) -> None:
        question = self.question.value
        verdict = self.verdict(question, guess)
        self.predictions.record(
            "08", ASK[question], guess, verdict.hardest, {HARDEST_QUESTIONS[question]: guess}
        )
        self.guesses[question] = guess
        heading = _("Your guess, and the truth")
        said = verdict_html(question, verdict)
        self.reveals[question] = f"<div class='fc-panel fc-reveal'><h4>{heading}</h4>{said}</div>"
        with self.hold_sync():
            self._ask()
            if self.estimates and self.shown_question == question:
                self.table.value = self._table()
                self.draw()
        self.status.ok(f"{self.summary} {_(LOOK_AGAIN[question])}".strip())

    def focus(self) -> int | None:
        """The round the running estimate follows: the guess, or else the hardest round."""
        question = self.shown_question
        if question not in self.guesses:
            return None
        guess = self.guesses[question]
        if guess is not None:
            return guess
        try:
            return self.verdict(question, None).hardest
        except LessonError:  # a round is not simulated yet: no running estimate to follow
            return None

    def _setting_changed(self) -> None:
        """A new seed or number of deals: the old simulation no longer matches, so hide it."""
        self.runner.reset()
        with self.hold_sync():
            self.estimates = {}
            self.series = {}
            self.table.value = ""
            self.plot.clear()
            self.running.clear()
            self.explanation.value = ""
        self.status.info(
            _("{count} deals per round, seed {seed}: press Simulate.").format(
                count=number(self.n.value), seed=self.seed.value
            )
        )

    def new_seed(self) -> None:
        """Next seed: the next simulation deals new hands."""
        self.seed.value = (self.seed.value + 1) % (10**9 + 1)
        self.status.info(
            _("Seed {seed}: press Simulate to deal new hands.").format(seed=self.seed.value)
        )

    def run(self, background: bool = True) -> None:
        """Take the exact values the engine has, and simulate every round (cancellable)."""
        question, n, seed = self.question.value, self.n.value, self.seed.value
        exact = {r: _exact_or_none(question, r) for r in ROUNDS}
        results: dict[int, Estimate] = {}
        series: dict[int, list[dict[str, float]]] = {r: [] for r in ROUNDS}
        with self.hold_sync():  # nothing of the old setting stays on screen
            self.explanation.value = ""
            self.table.value = ""
            self.plot.clear()
            self.running.clear()
            self.estimates, self.series, self.shown_question = {}, series, question
        self.status.info(
            _n(
                "Simulating {count} deal in each round… press Stop to end early.",
                "Simulating {count} deals in each round… press Stop to end early.",
                n,
            ).format(count=number(n))
        )
        shown = [time.monotonic()]

        def work(stop: threading.Event) -> Iterator[tuple[int, int]]:
            total = n * len(ROUNDS)
            for i, r in enumerate(ROUNDS):
                for values in simulate_round(question, r, n, 100 * seed + r, stop):
                    now = _estimate(question, r, values, 100 * seed + r)
                    low, high = now.ci
                    series[r].append(
                        {"n": len(values), "value": float(now.value), "low": low, "high": high}
                    )
                    live = r == self.focus() and not stop.is_set()
                    if live and time.monotonic() - shown[0] >= LIVE_SECONDS:
                        shown[0] = time.monotonic()  # the estimate moves while deals are dealt
                        self.draw_running()
                    yield i * n + len(values), total
                    if len(values) == n:
                        results[r] = now

        def finish(outcome: Outcome) -> None:
            if not results:
                self.status.info(_("Stopped before a round was finished: nothing simulated yet."))
                return
            self.show(question, exact, results, outcome)

        self.runner.start(work, finish, background)

    def show(
        self,
        question: str,
        exact: dict[int, Estimate | None],
        results: dict[int, Estimate],
        outcome: Outcome,
    ) -> None:
        self.estimates = {r: (exact[r], results[r]) for r in results}
        self.shown_question = question
        self.missing_exact = {r: exact[r] for r in ROUNDS if r not in results}
        committed = question in self.guesses
        if committed:  # before the guess, nothing of the answer reaches the page
            self.table.value = self._table()
            self.draw()
        agree = sum(
            1 for e, sim in self.estimates.values() if e is not None and sim.contains(e.value)
        )
        counted = sum(1 for e, _ in self.estimates.values() if e is not None)
        n = next(iter(results.values())).trials
        rounds = _n("{count} round", "{count} rounds", len(results)).format(count=len(results))
        done = _n(
            "Simulated {count} deal in each of {rounds} (seed {seed}).",
            "Simulated {count} deals in each of {rounds} (seed {seed}).",
            n,
        ).format(count=number(n), rounds=rounds, seed=self.seed.value)
        check = (
            " "
            + _(
                "{agree} of the {counted} exact values lie inside their 95% interval (about 1 "
                "interval in 20 is expected to miss)."
            ).format(agree=agree, counted=counted)
            if counted
            else ""
        )
        self.summary = done + check
        if not committed:
            try:
                self.verdict(question, None)
                ready = _("The simulation is ready: commit your guess (or Just show me).")
            except LessonError as missing:  # stopped early: say what a verdict still needs
                ready = str(missing)
            self.status.info(("" if outcome.complete else outcome.sentence("deal") + " ") + ready)
        elif outcome.complete:
            self.status.ok(done + check)
        else:
            self.status.info(outcome.sentence("deal") + " " + done + check)
        self._record_for_class(question, results)

    def _record_for_class(self, question: str, results: dict[int, Estimate]) -> None:
        """Send the finished rounds' counts (and the hardest-round guess) to the class."""
        records: list[dict[str, Any]] = []
        for r, sim in sorted(results.items()):
            experiment = experiment_id(question, r)
            if experiment is not None and sim.seed is not None:
                hits = round(float(sim.value) * sim.trials)
                records.append(
                    {
                        "kind": "experiment",
                        "experiment": experiment,
                        "seed": sim.seed,
                        "trials": sim.trials,
                        "successes": hits,
                    }
                )
        self.record_for_class(*records)

    def _is_penalty(self) -> bool:
        return self.shown_question == "penalty of a dealt hand"

    def _fmt(self, value: float | Fraction) -> str:
        return number(float(value), spec=".2f") if self._is_penalty() else pct(value)

    def _table(self) -> str:
        rows = []
        for r in ROUNDS:
            exact = self.estimates[r][0] if r in self.estimates else self.missing_exact.get(r)
            # On a phone (theme.css) the fraction is hidden and the ≈ value alone stays:
            # "¹³³⁶⁄₁₂₆₇₃ ≈ 10.5%" made the table about twice the screen's width.
            exact_text = (
                f"<span class='fc-exact-fraction'>{fraction_html(Fraction(exact.value))} ≈ "
                f"</span>{self._fmt(exact.value)}"
                if exact is not None
                else _("not counted")
            )
            if r in self.estimates:
                sim = self.estimates[r][1]
                low, high = sim.ci
                # Two unbreakable halves: on a phone (theme.css) the interval may take two
                # lines, "10.1% –" over "14.2%", and the table fits the screen.
                interval = (
                    f"<span class='fc-interval'><span>{self._fmt(low)} –</span> "
                    f"<span>{self._fmt(high)}</span></span>"
                )
                sim_cells = [self._fmt(sim.value), interval]
            else:
                sim_cells = [_("stopped"), "—"]
            rows.append([str(r), str(hand_size(r)), exact_text, *sim_cells])
        exact_head = _("exact mean penalty (points)") if self._is_penalty() else _("exact chance")
        return table_html(
            [_("round"), _("cards"), exact_head, _("simulated"), _("95% interval")],
            rows,
            nowrap=True,
        )

    def exact_values(self) -> dict[int, Fraction]:
        """The exact values of the question shown, for every round the engine counts."""
        found = {r: e for r, (e, _s) in self.estimates.items()} | self.missing_exact
        return {r: Fraction(e.value) for r, e in sorted(found.items()) if e is not None}

    def draw(self) -> None:
        self.draw_running()
        exact = self.exact_values()
        penalty_question = self._is_penalty()
        title = _(CHART_TITLES[self.shown_question])
        sim = [
            {
                "round": r,
                "value": float(s.value),
                "low": float(s.ci[0]),
                "high": float(s.ci[1]),
                "series": "simulated, with 95% interval",
            }
            for r, (_e, s) in sorted(self.estimates.items())
        ]
        exact_rows = [
            {"round": r, "value": float(v), "series": "exact (counting)"} for r, v in exact.items()
        ]
        exact_text = (
            _("exact values for rounds {rounds}").format(rounds=", ".join(map(str, exact)))
            if exact
            else _("no exact values")
        )
        values = "; ".join(
            _("round {round}: {value}").format(round=r, value=self._fmt(v))
            for r, v in exact.items()
        )
        self.plot.show(
            by_round_spec(
                _(BY_ROUND_TITLES[self.shown_question]),
                _("points") if penalty_question else _("chance"),
                not penalty_question,
            ),
            {"sim": sim, "exact": exact_rows},
            _(
                "{title} in rounds 1 to 11: simulated points with 95% intervals, and {exact}. "
            ).format(title=title, exact=exact_text)
            + values,
        )

    def draw_running(self) -> None:
        """The running estimate of the followed round (the guess), with its band and the exact
        value: it draws itself as batches of deals are added, also while they are dealt."""
        r = self.focus()
        rows = list(self.series.get(r, [])) if r is not None else []
        if r is None or not rows:
            self.running.clear()
            return
        question = self.shown_question
        penalty_question = question == "penalty of a dealt hand"
        exact = _exact_or_none(question, r)
        marks = [] if exact is None else [{"value": float(exact.value), "series": "exact"}]
        last = rows[-1]
        exact_text = (
            _("exact {value}").format(value=self._fmt(exact.value))
            if exact is not None
            else _("not counted exactly")
        )
        self.running.show(
            running_spec(
                _(RUNNING_TITLES[question]).format(round=r),
                _("deals simulated (each step ×10)"),
                _("points") if penalty_question else _("chance"),
                percent=not penalty_question,
                exact=exact is not None,
                guess=False,
            ),
            {"running": rows, "marks": marks},
            _n(
                "Line chart of the running estimate for round {round} with its 95% band: after "
                "{count} deal, {value} (interval {low} to {high}); {exact}.",
                "Line chart of the running estimate for round {round} with its 95% band: after "
                "{count} deals, {value} (interval {low} to {high}); {exact}.",
                int(last["n"]),
            ).format(
                round=r,
                count=number(int(last["n"])),
                value=self._fmt(last["value"]),
                low=self._fmt(last["low"]),
                high=self._fmt(last["high"]),
                exact=exact_text,
            ),
            animate=("running",),
        )

    def explain(self) -> None:
        """Reveal the explanation (after the learner has predicted and written a guess)."""
        if self.question.value == "go out on the deal" and not self.commit.committed:
            raise LessonError(_("First commit your guess of the hardest round, then press again."))
        if self.question.value != "go out on the deal":
            raise LessonError(
                _(
                    "The explanation is about going out on the deal: switch the question back "
                    "to it, then press again."
                )
            )
        if not self.guess.value.strip():
            raise LessonError(
                _("Write your own idea in the box first (a sentence is enough), then press again.")
            )
        exact = {
            r: v
            for r, v in ((r, _exact_or_none("go out on the deal", r)) for r in ROUNDS)
            if v is not None
        }
        values = {r: Fraction(e.value) for r, e in exact.items()}
        guess = self.guesses.get("go out on the deal")
        verdict = self.verdict("go out on the deal", guess)
        hardest = verdict.hardest
        answer = (
            _(
                "The hardest is <b>round {round}</b> ({count} cards, {share}, counted exactly "
                "over every deal)."
            )
            if verdict.exact
            else _(
                "The hardest is <b>round {round}</b> ({count} cards, {share}, simulated, not "
                "counted exactly yet: neighbouring intervals may overlap)."
            )
        ).format(round=hardest, count=hand_size(hardest), share=pct(verdict.values[hardest]))
        right = _("You were right.") if guess == hardest else ""
        said = (
            _("<b>Your prediction:</b> round {round} ({count} cards).").format(
                round=guess, count=hand_size(guess)
            )
            if guess
            else _("<b>Your prediction:</b> none (you skipped it).")
        )
        heading = _("Going out on the deal: the pattern")
        self.explanation.value = (
            f"<div class='fc-panel'><h4>{heading}</h4>"
            f"<p>{said} {answer} {right}</p>{pattern_explanation(values)}</div>"
        )
        self.status.ok(_("Compare the explanation with yours."))


# -- lesson 09: outs -----------------------------------------------------------------------------


class OutsLesson(View):
    """Enter or deal a hand; guess its outs, then see them and the chance to draw one.

    The outs, the table and the plot stay hidden until the learner commits a guess of
    how many unseen cards are outs (or presses *Just show me*); a new hand, round or
    list of seen cards is a new question.
    """

    title = N_("Outs: the cards that let you go out")

    #: How many hands "Deal a hand" tries at most to find one with outs.
    DEAL_TRIES = 2000

    def __init__(
        self, round_no: int = 4, hand: str = "8H 9H 10H QS QC KD", seed: int = 1, **kwargs: Any
    ) -> None:
        super().__init__(**kwargs)
        self.predictions = self.class_predictions()
        self.round = widgets.Dropdown(
            options=[
                (
                    _("Round {round}: {count} cards, {rank}s wild").format(
                        round=r, count=hand_size(r), rank=wild_rank_text(r)
                    ),
                    r,
                )
                for r in ROUNDS
            ],
            value=round_no,
            description=_("Round"),
        )
        self.round.observe(self._guard(self._on_round), names="value")
        self.hand_text = widgets.Text(value=hand, description=_("Hand"))
        self.seen_text = widgets.Text(
            value="", description=_("Seen"), placeholder=_("cards you saw, e.g. QH JK")
        )
        self.seed = seed_box(self, seed)
        self.show_button = self._button(_("Find the outs"), self.update, style="primary")
        self.deal_button = self._button(_("Deal a hand"), self.deal_new, icon="refresh")
        for box in (self.hand_text, self.seen_text):
            self._enter_presses(box, self.show_button)
        self.draws = widgets.IntSlider(
            value=5,
            min=1,
            max=12,
            description=_("Turns ahead"),
            style={"description_width": "initial"},
        )
        self.draws.observe(self._guard(lambda _c: self._show_answer()), names="value")
        # A box the learner types in, empty until they do: an untouched number box read as
        # "You guessed 0" (and a typed 0 was then no change to send).
        self.guess_outs = widgets.Text(
            value="",
            placeholder=_("type a whole number"),
            description=_("How many unseen cards are outs?"),
            style={"description_width": "initial"},
            layout=widgets.Layout(width="min(340px, 95%)"),
        )
        self.commit = CommitRow(self._button, self.commit_guess, self.skip)
        self._enter_presses(self.guess_outs, self.commit.commit_button)
        self.question_view = widgets.HTML()
        self.reveal_view = widgets.HTML()
        self.hand_view = widgets.HTML()
        self.outs_view = widgets.HTML(layout=widgets.Layout(min_width="min(300px, 90vw)"))
        self.table = widgets.HTML()
        self.plot = Chart()
        self.drawing = OutDraws(self._button, self.record_experiment)
        self.seed.observe(self._guard(lambda _c: self._reset_draws()), names="value")
        self.result: Outs | None = None
        self.guessed: int | None = None
        self._question: tuple[Any, ...] | None = None
        top = widgets.HBox([self.round, self.seed, self.deal_button])
        top.layout.flex_flow = "row wrap"
        middle = widgets.HBox([self.hand_text, self.seen_text, self.show_button])
        middle.layout.flex_flow = "row wrap"
        self.ask = widgets.VBox([self.question_view, self.guess_outs, self.commit])
        self.answer = widgets.HBox(
            [self.outs_view, widgets.VBox([self.draws, self.plot, self.table])]
        )
        self.answer.layout.flex_flow = "row wrap"
        self._frame(
            [
                style(),
                top,
                middle,
                self.hand_view,
                self.ask,
                self.reveal_view,
                self.answer,
                self.drawing,
            ],
            _(
                "An <b>out</b> is a card that lets you go out if you draw it. Every card you "
                "have not seen is equally likely to be next, so the chance is outs ÷ unseen "
                "cards."
            ),
        )
        self.update()

    def _on_round(self, _change: object) -> None:
        """The round governs the wild rank at once; a hand of the wrong size is replaced."""
        r = self.round.value
        size = hand_size(r)
        held = len(parse_cards(self.hand_text.value))
        if held in (size, size + 1):
            self.update()
            return
        self.deal_new()
        text = _n(
            "Round {round} deals {size} card, so here is a new hand of {size} ({rank}s wild). "
            "{then}",
            "Round {round} deals {size} cards, so here is a new hand of {size} ({rank}s wild). "
            "{then}",
            size,
        )
        self.status.info(
            text.format(round=r, size=size, rank=wild_rank_text(r), then=self.status.text)
        )

    def deal_new(self) -> None:
        """Deal a random hand for the round that is waiting for outs (from the seed)."""
        r = self.round.value
        start = self.seed.value
        for tries in range(1, self.DEAL_TRIES + 1):
            seed = (start + tries - 1) % (10**9 + 1)
            hand = deal(r, seed)
            if can_go_out(hand, r):
                continue
            if outs(hand, r).outs:
                break
        else:
            raise LessonError(
                _(
                    "No hand of round {round} with outs in {tries} deals from seed {seed}: "
                    "try another seed."
                ).format(round=r, tries=number(self.DEAL_TRIES), seed=start)
            )
        with self.hold_sync():
            self.seed.value = (seed + 1) % (10**9 + 1)
            self.hand_text.value = str(hand.sorted())
            self.seen_text.value = ""
        self.update()
        skipped = tries - 1
        if skipped:
            text = _n(
                "Dealt a hand that is waiting for outs (seed {seed}; skipped {skipped} hand "
                "that had no single-card out or could already go out). How many unseen cards "
                "are outs? Commit your guess.",
                "Dealt a hand that is waiting for outs (seed {seed}; skipped {skipped} hands "
                "that had no single-card out or could already go out). How many unseen cards "
                "are outs? Commit your guess.",
                skipped,
            )
        else:
            text = _(
                "Dealt a hand that is waiting for outs (seed {seed}). How many unseen cards "
                "are outs? Commit your guess."
            )
        self.status.info(text.format(seed=seed, skipped=number(skipped)))

    def update(self) -> None:
        """Parse the hand and seen cards and find the outs; a new hand is a new question."""
        r = self.round.value
        hand = parse_cards(self.hand_text.value)
        seen = parse_cards(self.seen_text.value)
        result = outs(hand, r, seen)
        self.result = result
        question = (r, tuple(sorted(map(str, hand))), tuple(sorted(map(str, seen))))
        if question != self._question:
            self._question = question
            self._reset_draws()
            self.guessed = None
            self.commit.reopen()
            self.guess_outs.disabled = False
            self.guess_outs.value = ""
        complete = result.discard is None and can_go_out(result.hand, r)
        with self.hold_sync():
            note = (
                "<p>"
                + _("Round {round}: {count} cards, <b>{rank}s and jokers wild</b>.").format(
                    round=r, count=hand_size(r), rank=escape(wild_rank_text(r))
                )
                + "</p>"
            )
            if result.discard is not None:
                if result.goes_out_now:
                    discards = going_out_discards(hand, r)
                    note += (
                        "<p>"
                        + _(
                            "<b>You can go out right now</b>: lay down your melds and discard "
                            "{card}. No outs to count."
                        ).format(card=escape(str(discards[0])))
                        + "</p>"
                    )
                else:
                    note += (
                        "<p>"
                        + _(
                            "You hold {count} cards (after drawing): discard <b>{card}</b> to "
                            "keep the most outs."
                        ).format(count=len(hand), card=escape(str(result.discard)))
                        + "</p>"
                    )
            self.hand_view.value = (
                f"{note}<div class='fc-felt'>{hand_html(Hand(result.hand).sorted(), r)}</div>"
            )
            if complete or result.goes_out_now:
                set_shown(self.ask, shown=False)
                self.reveal_view.value = ""
                set_shown(self.answer, shown=True)
                self.outs_view.value = (
                    "<div class='fc-panel'><p>"
                    + _(
                        "<b>This hand can already go out.</b> Whatever card you draw, you can "
                        "meld and discard: every card would be an “out”, so counting outs "
                        "tells you nothing here. Change a card to see a hand that is waiting."
                    )
                    + "</p></div>"
                )
                self.table.value = ""
                self.plot.clear()
                set_shown(self.drawing, shown=False)
                self.status.ok(_("This hand can go out already: nothing to wait for."))
                return
            set_shown(self.ask, shown=True)
            self.question_view.value = (
                "<h4>"
                + _("First predict")
                + "</h4><p>"
                + _(
                    "Of the <b>{unseen}</b> cards you have not seen, how many would let this "
                    "hand go out if you drew one? Count the copies (most cards exist twice)."
                ).format(unseen=result.unseen_total)
                + "</p>"
            )
            self._show_answer()
        if not self.commit.committed:
            self.status.info(_("How many unseen cards are outs? Commit your guess to see them."))

    def _reset_draws(self) -> None:
        """A new question or seed: the draws start again (none for a hand that can go out)."""
        result = self.result
        waiting = (
            result is not None
            and bool(result.outs)
            and not result.goes_out_now
            and not (result.discard is None and can_go_out(result.hand, result.round_no))
        )
        self.drawing.reset(result if waiting else None, self.seed.value)

    def commit_guess(self) -> None:
        """Lock the guess of the number of outs and show the outs beside it."""
        self._reveal(self.typed_guess())

    def typed_guess(self) -> int:
        """The number of outs the learner typed, or a :class:`LessonError` saying what to type."""
        text = typed_number(self.guess_outs.value)
        high = self.result.unseen_total if self.result is not None else DECK_SIZE
        if not text:
            raise LessonError(
                _(
                    "Type your guess first: how many of the unseen cards are outs (a whole "
                    "number), or press Just show me."
                )
            )
        if not text.isdigit() or len(text) > 4:
            raise LessonError(
                _(
                    "{text} is not a whole number: type how many unseen cards are outs, like 8."
                ).format(text=quote(text))
            )
        if int(text) > high:
            raise LessonError(
                _("A guess is 0 to {high} (the cards you have not seen), not {value}.").format(
                    high=number(high), value=number(int(text))
                )
            )
        return int(text)

    def skip(self) -> None:
        """Show the outs without a guess (recorded as skipped)."""
        self._reveal(None)

    def _reveal(self, guess: int | None) -> None:
        result = self.result
        if result is None:
            raise LessonError(_("Enter a hand first, then press Find the outs."))
        asked = outs_question(draw_out_id(result.round_no, held(result), result.seen))
        self.predictions.record(
            "09", "unseen cards that are outs", guess, result.count, {asked: guess}
        )
        self.guessed = guess
        with self.hold_sync():
            self.commit.close_question()
            self.guess_outs.disabled = True
            self._show_answer()

    def _show_answer(self) -> None:
        """The outs, the table and the plot, once the guess is in (hidden before)."""
        result = self.result
        if result is None or self.ask.layout.display == "none":
            return
        if not self.commit.committed:
            with self.hold_sync():
                self.reveal_view.value = ""
                set_shown(self.answer, self.drawing, shown=False)
                self.outs_view.value = self.table.value = ""
                self.plot.clear()
            return
        truth = result.count
        if self.guessed is None:
            said = _("You skipped the guess: the hand has <b>{truth}</b> unseen outs.")
        elif self.guessed == truth:
            said = _("<b>Exactly right:</b> {truth} unseen outs.")
        else:
            off = self.guessed - truth
            if off > 0:
                said = _(
                    "You guessed <b>{guess}</b>; the hand has <b>{truth}</b> unseen outs "
                    "({off} too many). That is {exact} on the next draw, against {yours} "
                    "from your guess."
                )
            else:
                said = _(
                    "You guessed <b>{guess}</b>; the hand has <b>{truth}</b> unseen outs "
                    "({off} too few). That is {exact} on the next draw, against {yours} "
                    "from your guess."
                )
            said = said.format(
                guess=self.guessed,
                truth="{truth}",
                off=abs(off),
                exact=pct(Fraction(truth, result.unseen_total)),
                yours=pct(Fraction(min(self.guessed, result.unseen_total), result.unseen_total)),
            )
        said = said.format(truth=truth)
        with self.hold_sync():
            self.reveal_view.value = (
                "<div class='fc-panel fc-reveal'><h4>"
                + _("Your guess, and the truth")
                + f"</h4><p>{said}</p></div>"
            )
            set_shown(self.answer, shown=True)
            if result.outs:
                rows = [
                    [
                        escape(str(o.card)),
                        str(o.unseen),
                        escape(" ".join(map(str, o.discards))),
                    ]
                    for o in result.outs
                ]
                outs_table = table_html([_("out"), _("unseen copies"), _("then discard")], rows)
            else:
                outs_table = (
                    "<p>"
                    + _("No single card lets this hand go out: it needs two or more.")
                    + "</p>"
                )
            chance = _(
                "<b>{count}</b> of the <b>{unseen}</b> unseen cards are outs: the chance that "
                "the next card is one is {fraction} = <b>{chance}</b>."
            ).format(
                count=result.count,
                unseen=result.unseen_total,
                fraction=fraction_html((result.count, result.unseen_total)),
                chance=pct(result.probability),
            )
            self.outs_view.value = f"<p>{chance}</p>" + outs_table
            self.table.value = self._turns_table(result)
            self.draw(result)
            set_shown(self.drawing, shown=True)
        text = _n(
            "{kinds} kind of card, {count} unseen copies: {chance} on the next draw.",
            "{kinds} kinds of card, {count} unseen copies: {chance} on the next draw.",
            len(result.outs),
        )
        self.status.ok(
            text.format(
                kinds=number(len(result.outs)),
                count=result.count,
                chance=pct(result.probability),
            )
        )

    @staticmethod
    def _thumb(count: int, turns: int) -> str:
        value = rule_of_thumb(count, turns)
        return pct(value) if value <= 1 else _("breaks down (over 100%)")

    def _turns_table(self, result: Outs) -> str:
        rows = [
            [str(d), pct(result.within(d)), self._thumb(result.count, d)]
            for d in range(1, self.draws.value + 1)
        ]
        headers = [_("within turns"), _("exact"), _("rule of thumb: 1% per out per turn")]
        note = _(
            "Exact: 1 − C(unseen − outs, t) / C(unseen, t), keeping the same hand and "
            "discarding each card that is not an out. The rule of thumb adds 1% per out per "
            "turn, so with many outs it passes 100%, which no chance can."
        )
        return table_html(headers, rows) + f"<p class='fc-note'>{note}</p>"

    def draw(self, result: Outs) -> None:
        turns = list(range(1, self.draws.value + 1))
        exact_name, thumb_name = _("exact"), _("rule of thumb (1% per out per turn)")
        rows = [{"x": t, "value": float(result.within(t)), "series": exact_name} for t in turns]
        rows += [
            {"x": t, "value": v, "series": thumb_name}
            for t in turns
            if (v := rule_of_thumb(result.count, t)) <= 1
        ]
        last = turns[-1]
        self.plot.show(
            lines_spec(
                _n(
                    "Drawing one of {count} out", "Drawing one of {count} outs", result.count
                ).format(count=number(result.count)),
                _("turns from now"),
                _("chance"),
                [(exact_name, EXACT_COLOUR), (thumb_name, THUMB_COLOUR)],
                x_values=turns,
                series_title=_("method"),
            ),
            {"lines": rows},
            _n(
                "Line chart: the exact chance to have drawn an out within {turns} turn rises "
                "to {exact}; the rule of thumb gives {thumb} at {turns} turn.",
                "Line chart: the exact chance to have drawn an out within {turns} turns rises "
                "to {exact}; the rule of thumb gives {thumb} at {turns} turns.",
                last,
            ).format(
                turns=number(last),
                exact=pct(result.within(last)),
                thumb=self._thumb(result.count, last),
            ),
        )
