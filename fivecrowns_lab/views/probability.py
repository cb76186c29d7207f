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
from collections.abc import Callable, Iterator
from fractions import Fraction
from html import escape
from math import comb, sqrt
from typing import Any

import ipywidgets as widgets
from matplotlib.figure import Figure

from ..classroom.experiments import experiment_id
from ..core.cards import Hand, parse_cards
from ..core.rules import FIRST_ROUND, LAST_ROUND, ROUNDS, hand_size, is_wild, wild_rank_text
from ..core.solver import can_go_out, going_out_discards, penalty
from ..errors import LessonError, plural
from ..odds.counting import DECK_SIZE, WILDS_IN_DECK, wild_count_distribution
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
from .base import View
from .plots import (
    EXACT_COLOUR,
    PREDICTION_COLOUR,
    SIMULATED_COLOUR,
    THUMB_COLOUR,
    PlotArea,
    fraction_html,
    label,
    legend_below,
    new_figure,
    pct,
    style,
    table_html,
)
from .work import Outcome, Progress, Runner

__all__ = [
    "QUESTIONS",
    "GoOutLesson",
    "OutsLesson",
    "PlotArea",
    "WildCountLesson",
    "pattern_explanation",
    "simulate_round",
]

_NATURALS = DECK_SIZE - WILDS_IN_DECK


# -- lesson 07: counting wild cards -------------------------------------------------------------


class WildCountLesson(View):
    """Exact distribution of the number of wilds in a hand, beside a growing simulation."""

    title = "Counting wild cards"

    def __init__(self, round_no: int = 5, seed: int = 2026, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.round = widgets.IntSlider(
            value=round_no,
            min=FIRST_ROUND,
            max=LAST_ROUND,
            description="Round",
            continuous_update=False,
            style={"description_width": "initial"},
        )
        self.round.observe(self._guard(lambda _c: self.reset()), names="value")
        self.seed = widgets.BoundedIntText(value=seed, min=0, max=10**9, description="Seed")
        self.seed.observe(self._guard(lambda _c: self.reset()), names="value")
        self.new_seed_button = self._button("New seed", self.new_seed, icon="random")
        self.guess_k = widgets.Dropdown(
            description="Most common:", style={"description_width": "initial"}
        )
        self.guess_share = widgets.IntSlider(
            value=30,
            min=0,
            max=100,
            step=5,
            description="in this share of hands (%):",
            continuous_update=False,
            style={"description_width": "initial"},
        )
        self.deal_buttons = [
            self._button(f"Deal {n:,}", self._dealer(n), style="primary" if n == 100 else "")
            for n in (1, 10, 100, 1000)
        ]
        self.reset_button = self._button("Start again", self.reset, icon="undo")
        self.prediction_view = widgets.HTML()
        self.formula = widgets.HTML()
        self.table = widgets.HTML()
        self.plot = PlotArea()
        controls = widgets.HBox([self.round, self.seed, self.new_seed_button])
        controls.layout.flex_flow = "row wrap"
        predict = widgets.HBox([self.guess_k, self.guess_share])
        predict.layout.flex_flow = "row wrap"
        deals = widgets.HBox([*self.deal_buttons, self.reset_button])
        deals.layout.flex_flow = "row wrap"
        panels = widgets.HBox([self.formula, self.table])
        panels.layout.flex_flow = "row wrap"
        self._frame(
            [
                style(),
                controls,
                widgets.HTML(
                    "<h4>First predict</h4><p>Before you deal: which number of wild cards "
                    "will be the most common in a hand of this round, and in what share "
                    "of the hands?</p>"
                ),
                predict,
                deals,
                self.prediction_view,
                self.plot,
                panels,
            ],
            "Blue bars: the exact chance of each number of wilds, by counting. Orange bars: "
            "the share of the hands you have dealt. Green outline: your prediction.",
        )
        self.reset()

    def _dealer(self, n: int) -> Callable[[], None]:
        return lambda: self.deal(n)

    @property
    def exact(self) -> dict[int, Fraction]:
        return wild_count_distribution(self.round.value)

    def new_seed(self) -> None:
        """Move to the next seed (new hands) and start again."""
        self.seed.value = (self.seed.value + 1) % (10**9 + 1)

    def reset(self) -> None:
        """Forget the dealt hands and the prediction (for the chosen round) and redraw."""
        self.rng = random.Random(self.seed.value)
        self.counts: dict[int, int] = {}
        self.dealt = 0
        self.last_hand: Hand | None = None
        n, r = hand_size(self.round.value), self.round.value
        with self.hold_sync():
            self.guess_k.options = [("— choose —", -1)] + [
                (plural(k, "wild"), k) for k in range(min(n, WILDS_IN_DECK) + 1)
            ]
            self.guess_k.value = -1
            self.guess_k.disabled = self.guess_share.disabled = False
            self.prediction_view.value = ""
            self.refresh()
        self.status.info(
            f"Round {r}: {n} cards, {wild_rank_text(r)}s and jokers wild (seed "
            f"{self.seed.value}). Make your prediction, then press a Deal button."
        )

    @property
    def predicted(self) -> tuple[int, int] | None:
        k = int(self.guess_k.value)
        return None if k < 0 else (k, int(self.guess_share.value))

    def deal(self, n: int) -> None:
        """Deal ``n`` more hands and add their wild counts to the histogram."""
        if self.predicted is None:
            raise LessonError(
                "First predict: choose the number of wilds you expect most often, then deal."
            )
        self.guess_k.disabled = self.guess_share.disabled = True
        r = self.round.value
        if n == 1:
            self.last_hand = deal(r, self.rng)
            counts = [sum(is_wild(c, r) for c in self.last_hand)]
        else:
            self.last_hand = None
            counts = sample_wild_counts(r, n, self.rng)
        for k in counts:
            self.counts[k] = self.counts.get(k, 0) + 1
        self.dealt += n
        self.refresh()
        mean = sum(k * v for k, v in self.counts.items()) / self.dealt
        size = hand_size(r)
        exact_mean = Fraction(WILDS_IN_DECK * size, DECK_SIZE)
        gap = max(
            abs(self.counts.get(k, 0) / self.dealt - float(p)) for k, p in self.exact.items()
        )
        self.status.ok(
            f"{plural(self.dealt, 'hand')} dealt: on average {mean:.3f} wilds per hand "
            f"(exact: 16 × {size} / 116 = {float(exact_mean):.3f}). The largest gap between "
            f"an orange and a blue bar is {100 * gap:.1f} percentage points; it shrinks "
            f"like 1/√(hands): about {100 / sqrt(self.dealt):.1f} at this many."
        )

    def refresh(self) -> None:
        r = self.round.value
        n = hand_size(r)
        exact = self.exact
        shown = sorted(exact)  # every possible number of wilds, none dropped
        with self.hold_sync():
            self.formula.value = (
                "<div class='fc-panel'><h4>The formula</h4>"
                f"<p>A hand of <b>n = {n}</b> cards from 116, of which <b>16</b> are wild "
                "(6 jokers and 10 cards of the wild rank):</p>"
                "<p style='font-size:16px'>P(k wilds) = "
                f"C(16, k) · C(100, {n} − k) / C(116, {n})</p>"
                "<p>C(a, b) counts the ways to choose b cards out of a. This is the "
                "<i>hypergeometric</i> distribution.</p>"
                + (
                    f"<p>Your last hand:</p>{hand_html(self.last_hand.sorted(), r, width=36)}"
                    if self.last_hand is not None
                    else ""
                )
                + "</div>"
            )
            rows = [
                [
                    str(k),
                    f"{comb(WILDS_IN_DECK, k):,} × {comb(_NATURALS, n - k):,}",
                    pct(exact[k]),
                    pct(self.counts.get(k, 0) / self.dealt) if self.dealt else "—",
                ]
                for k in shown
            ]
            self.table.value = table_html(
                ["wilds k", "hands with k wilds", "exact", f"dealt ({self.dealt:,})"],
                rows,
                f"Out of C(116, {n}) = {comb(DECK_SIZE, n):,} hands",
            )
            self._show_prediction()
            self.draw(exact, shown)

    def _show_prediction(self) -> None:
        guess = self.predicted
        if guess is None or not self.dealt:
            self.prediction_view.value = ""
            return
        k, share = guess
        exact = self.exact
        top = max(exact, key=lambda j: exact[j])
        dealt_top = max(self.counts, key=lambda j: self.counts[j])
        right = "You were right about the most common number." if k == top else ""
        self.prediction_view.value = (
            "<div class='fc-panel'>"
            + table_html(
                ["", "most common number of wilds", "its share of hands"],
                [
                    ["your prediction", str(k), f"{share}%"],
                    ["exact (counting)", str(top), pct(exact[top])],
                    [
                        f"your {plural(self.dealt, 'hand')}",
                        str(dealt_top),
                        pct(self.counts[dealt_top] / self.dealt),
                    ],
                ],
            )
            + (
                f"<p>{right} Exact share of hands with {plural(k, 'wild')}: "
                f"{pct(exact[k])}.</p></div>"
            )
        )

    def draw(self, exact: dict[int, Fraction], shown: list[int]) -> None:
        r = self.round.value
        guess = self.predicted if self.dealt else None

        def figure(narrow: bool) -> Figure:
            fig, ax = new_figure(narrow)
            ks = list(shown)
            ax.bar(
                [k - 0.2 for k in ks],
                [float(exact[k]) for k in ks],
                0.4,
                color=EXACT_COLOUR,
                label="exact (counting)",
            )
            if self.dealt:
                ax.bar(
                    [k + 0.2 for k in ks],
                    [self.counts.get(k, 0) / self.dealt for k in ks],
                    0.4,
                    color=SIMULATED_COLOUR,
                    label=f"dealt hands ({self.dealt:,})",
                )
            if guess is not None:
                ax.bar(
                    [guess[0]],
                    [guess[1] / 100],
                    0.9,
                    fill=False,
                    edgecolor=PREDICTION_COLOUR,
                    linewidth=2.5,
                    linestyle="--",
                    label="your prediction",
                )
            ax.set_xticks(ks if len(ks) <= 9 or not narrow else ks[::2])
            label(ax, f"Wilds in a {hand_size(r)}-card hand (round {r})", "wild cards", "share")
            ax.yaxis.set_major_formatter(lambda y, _pos: f"{100 * y:.0f}%")
            legend_below(fig, ax)
            return fig

        top = max(exact, key=lambda j: exact[j])
        self.plot.show(
            figure,
            f"Bar chart of the chance of 0 to {max(shown)} wild cards in a {hand_size(r)}-card "
            f"hand; the most likely is {top} ({pct(exact[top])})"
            + (f"; {self.dealt:,} dealt hands shown beside it." if self.dealt else "."),
        )


# -- lesson 08: going out on the deal ------------------------------------------------------------

QUESTIONS: dict[str, Callable[..., Estimate]] = {
    "go out on the deal": go_out_on_deal,
    "go out on the first turn": first_turn_go_out,
    "penalty of a dealt hand": expected_penalty,
}
_BATCH = 50


def _one_trial(question: str, round_no: int, rng: random.Random) -> int:
    """One simulated deal, drawn from ``rng`` exactly as the engine's simulation draws it."""
    if question == "go out on the deal":
        return int(can_go_out(deal(round_no, rng), round_no))
    if question == "penalty of a dealt hand":
        return penalty(deal(round_no, rng), round_no)
    cards = deal(round_no, rng, extra=2)
    hand, face_up, stock = cards[:-2], cards[-2], cards[-1]
    if going_out_discards((*hand, face_up), round_no):
        return 1
    return int(bool(going_out_discards((*hand, stock), round_no)))


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
        for _ in range(min(_BATCH, n - len(values))):
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
        return (
            "<p>No round has been counted exactly yet, so there is nothing exact to explain.</p>"
        )
    rounds = sorted(exact)
    listed = ", ".join(f"{hand_size(r)} cards {pct(exact[r])}" for r in rounds)
    rises = [r for r in rounds[1:] if r - 1 in exact and exact[r] > exact[r - 1]]
    falls = [r for r in rounds[1:] if r - 1 in exact and exact[r] < exact[r - 1]]
    hardest = min(rounds, key=lambda r: exact[r])
    easiest = max(rounds, key=lambda r: exact[r])
    rise_text = (
        "It rises only on the way to "
        + ", ".join(f"{hand_size(r)} cards" for r in rises)
        + (
            ": hand sizes that split into melds of three exactly."
            if all(hand_size(r) % 3 == 0 for r in rises)
            else "."
        )
        if rises
        else "It never rises from one round to the next."
    )
    sawtooth = bool(rises) and all(hand_size(r) % 3 == 0 for r in rises)
    shape = (
        "so the chance rises and falls in a <b>saw-tooth with period three</b>"
        if sawtooth
        else "so hand sizes that split into threes have an edge, although in the counted "
        "rounds the chance does not rise only at them"
    )
    missing = [r for r in ROUNDS if r not in exact]
    missing_text = (
        f" Rounds {', '.join(map(str, missing))} are not counted exactly, only simulated."
        if missing
        else ""
    )
    return (
        f"<p><b>The exact chances:</b> {listed}.{missing_text}</p>"
        f"<p>The chance falls from one round to the next in {len(falls)} of the "
        f"{len(falls) + len(rises)} steps counted. {rise_text} The hardest counted round is "
        f"round {hardest} ({hand_size(hardest)} cards, {pct(exact[hardest])}); the easiest is "
        f"round {easiest} ({hand_size(easiest)} cards, {pct(exact[easiest])}).</p>"
        "<p><b>Why.</b> To go out, every card must sit in a book or a run of at least three "
        "cards, and melds of three are by far the easiest to find. A hand of 3, 6, 9 or 12 "
        "cards can be split into melds of three exactly. A hand of 4, 7, 10 or 13 cards needs "
        "at least one meld of four, and a hand of 5, 8 or 11 cards a meld of five or two melds "
        f"of four. Longer melds are much rarer, {shape}. It does not simply keep falling as "
        "hands grow, because a bigger hand also holds more wild cards: 16 × n / 116 of them on "
        "average.</p>"
    )


class GoOutLesson(View):
    """Exact values per round beside simulated ones with intervals, and a plot across rounds."""

    title = "Will I go out on the deal?"

    #: Deals per round a visitor may ask for: the largest (5,000 × 11 rounds of the slowest
    #: question, the first turn) takes about a minute of one core (benchmarks/lesson_work.py).
    DEAL_CHOICES = (200, 400, 1000, 2000, 5000)

    def __init__(self, n: int = 1000, seed: int = 1, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.question = widgets.Dropdown(
            options=list(QUESTIONS), value="go out on the deal", description="Question"
        )
        self.question.observe(self._guard(lambda _c: self.run()), names="value")
        self.n = widgets.Dropdown(
            options=[(f"{k:,}", k) for k in self.DEAL_CHOICES],
            value=n,
            description="Deals/round",
        )
        self.seed = widgets.BoundedIntText(value=seed, min=0, max=10**9, description="Seed")
        self.new_seed_button = self._button("New seed", self.new_seed, icon="random")
        self.run_button = self._button("Simulate", self.run, style="primary", icon="play")
        self.progress = Progress("deal")
        self.runner = Runner(self.progress, self._guard, [self.run_button])
        self.table = widgets.HTML()
        self.plot = PlotArea()
        self.hardest = widgets.Dropdown(
            options=[("— choose —", 0)]
            + [(f"round {r} ({hand_size(r)} cards)", r) for r in ROUNDS],
            value=0,
            description="Your guess",
            layout=widgets.Layout(width="min(320px, 90vw)"),
        )
        self.guess = widgets.Textarea(
            placeholder="Why does the chance fall, then jump at some rounds? "
            "Write your idea here, then press the button.",
            layout=widgets.Layout(width="95%", height="70px"),
        )
        self.explain_button = self._button(
            "Show the explanation", self.explain, icon="lightbulb-o"
        )
        self.explanation = widgets.HTML()
        self.estimates: dict[int, tuple[Estimate | None, Estimate]] = {}
        controls = widgets.HBox(
            [
                self.question,
                self.n,
                self.seed,
                self.new_seed_button,
                self.run_button,
                self.runner.stop_button,
            ]
        )
        controls.layout.flex_flow = "row wrap"
        self._frame(
            [
                style(),
                widgets.HTML(
                    "<h4>First predict</h4><p>Which round is the hardest one to go out on "
                    "the deal? Choose before you look closely at the plot.</p>"
                ),
                self.hardest,
                controls,
                self.progress,
                self.plot,
                self.table,
                widgets.HTML("<h4>Your turn: explain the pattern</h4>"),
                self.guess,
                self.explain_button,
                self.explanation,
            ],
            "Exact values are counted over every possible deal; simulated values deal "
            "random hands and come with a 95% confidence interval.",
        )
        self.run(background=False)

    def new_seed(self) -> None:
        """Next seed: the next simulation deals new hands."""
        self.seed.value = (self.seed.value + 1) % (10**9 + 1)
        self.status.info(f"Seed {self.seed.value}: press Simulate to deal new hands.")

    def run(self, background: bool = True) -> None:
        """Take the exact values the engine has, and simulate every round (cancellable)."""
        question, n, seed = self.question.value, self.n.value, self.seed.value
        exact = {r: _exact_or_none(question, r) for r in ROUNDS}
        results: dict[int, Estimate] = {}
        self.status.info(f"Simulating {plural(n, 'deal')} in each round… press Stop to end early.")

        def work(stop: threading.Event) -> Iterator[tuple[int, int]]:
            total = n * len(ROUNDS)
            for i, r in enumerate(ROUNDS):
                for values in simulate_round(question, r, n, 100 * seed + r, stop):
                    yield i * n + len(values), total
                    if len(values) == n:
                        results[r] = _estimate(question, r, values, 100 * seed + r)

        def finish(outcome: Outcome) -> None:
            if not results:
                self.status.info("Stopped before a round was finished: nothing simulated yet.")
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
        self.table.value = self._table()  # the numbers first; the plot takes longer to draw
        self.draw()
        agree = sum(
            1 for e, sim in self.estimates.values() if e is not None and sim.contains(e.value)
        )
        counted = sum(1 for e, _ in self.estimates.values() if e is not None)
        n = next(iter(results.values())).trials
        rounds = plural(len(results), "round")
        done = f"Simulated {plural(n, 'deal')} in each of {rounds} (seed {self.seed.value})."
        check = (
            f" {agree} of the {counted} exact values lie inside their 95% interval "
            "(about 1 interval in 20 is expected to miss)."
            if counted
            else ""
        )
        if outcome.complete:
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
        if records and self.hardest.value and len(results) == len(ROUNDS):
            found = min(results, key=lambda r: float(results[r].value))
            records.append(
                {
                    "kind": "prediction",
                    "lesson": "08",
                    "prediction": "hardest round, " + question,
                    "predicted": f"round {self.hardest.value}",
                    "outcome": f"round {found}",
                }
            )
        self.record_for_class(*records)

    def _is_penalty(self) -> bool:
        return self.shown_question == "penalty of a dealt hand"

    def _fmt(self, value: float | Fraction) -> str:
        return f"{float(value):.2f}" if self._is_penalty() else pct(value)

    def _table(self) -> str:
        rows = []
        for r in ROUNDS:
            exact = self.estimates[r][0] if r in self.estimates else self.missing_exact.get(r)
            exact_text = (
                f"{fraction_html(Fraction(exact.value))} ≈ {self._fmt(exact.value)}"
                if exact is not None
                else "not counted"
            )
            if r in self.estimates:
                sim = self.estimates[r][1]
                low, high = sim.ci
                sim_cells = [self._fmt(sim.value), f"{self._fmt(low)} – {self._fmt(high)}"]
            else:
                sim_cells = ["stopped", "—"]
            rows.append([str(r), str(hand_size(r)), exact_text, *sim_cells])
        what = "mean penalty (points)" if self._is_penalty() else "chance"
        return table_html(["round", "cards", f"exact {what}", "simulated", "95% interval"], rows)

    def exact_values(self) -> dict[int, Fraction]:
        """The exact values of the question shown, for every round the engine counts."""
        found = {r: e for r, (e, _s) in self.estimates.items()} | self.missing_exact
        return {r: Fraction(e.value) for r, e in sorted(found.items()) if e is not None}

    def draw(self) -> None:
        rounds = list(self.estimates)
        sims = [self.estimates[r][1] for r in rounds]
        values = [float(s.value) for s in sims]
        lows = [v - s.ci[0] for v, s in zip(values, sims, strict=True)]
        highs = [s.ci[1] - v for v, s in zip(values, sims, strict=True)]
        exact = self.exact_values()
        penalty_question = self._is_penalty()
        title = (
            "Mean penalty of a dealt hand"
            if penalty_question
            else f"Chance to {self.shown_question}"
        )

        def figure(narrow: bool) -> Figure:
            fig, ax = new_figure(narrow, height=4.4 if narrow else 4.0)
            ax.errorbar(
                [r + 0.15 for r in rounds],
                values,
                yerr=[lows, highs],
                fmt="o",
                color=SIMULATED_COLOUR,
                capsize=4,
                label="simulated, with 95% interval",
            )
            if exact:
                ax.plot(
                    list(exact),
                    [float(v) for v in exact.values()],
                    "s-",
                    color=EXACT_COLOUR,
                    markersize=7,
                    label="exact (counting)",
                )
            ax.set_xticks(list(ROUNDS))
            if narrow:
                ax.set_xticklabels([str(r) for r in ROUNDS])
                xlabel = "round"
            else:
                ax.set_xticklabels([f"{r}\n({hand_size(r)})" for r in ROUNDS])
                xlabel = "round (cards dealt)"
            if not penalty_question:
                ax.yaxis.set_major_formatter(lambda y, _pos: f"{100 * y:.0f}%")
            label(ax, f"{title}, by round", xlabel, "points" if penalty_question else "chance")
            legend_below(fig, ax)
            ax.grid(alpha=0.3)
            return fig

        exact_text = (
            "exact values for rounds " + ", ".join(map(str, exact)) if exact else "no exact values"
        )
        self.plot.show(
            figure,
            f"{title} in rounds 1 to 11: simulated points with 95% intervals, and "
            f"{exact_text}. " + "; ".join(f"round {r}: {self._fmt(v)}" for r, v in exact.items()),
        )

    def explain(self) -> None:
        """Reveal the explanation (after the learner has predicted and written a guess)."""
        if not self.hardest.value:
            raise LessonError("First choose which round you think is hardest, then press again.")
        if not self.guess.value.strip():
            raise LessonError(
                "Write your own idea in the box first (a sentence is enough), then press again."
            )
        exact = {
            r: v
            for r, v in ((r, _exact_or_none("go out on the deal", r)) for r in ROUNDS)
            if v is not None
        }
        values = {r: Fraction(e.value) for r, e in exact.items()}
        guess = int(self.hardest.value)
        sims = {r: float(s.value) for r, (_e, s) in self.estimates.items()}
        best = {
            r: float(values[r]) if r in values else sims[r]
            for r in ROUNDS
            if r in values or r in sims
        }
        hardest = min(best, key=lambda r: best[r])
        how = (
            "counted exactly over every deal"
            if hardest in values
            else "simulated, not counted exactly yet: neighbouring intervals may overlap"
        )
        answer = (
            f"The hardest is <b>round {hardest}</b> ({hand_size(hardest)} cards, "
            f"{pct(best[hardest])}, {how})."
        )
        verdict = "You were right." if guess == hardest else ""
        self.explanation.value = (
            "<div class='fc-panel'>"
            f"<p><b>Your prediction:</b> round {guess} ({hand_size(guess)} cards). {answer} "
            f"{verdict}</p>{pattern_explanation(values)}</div>"
        )
        self.status.ok("Compare the explanation with yours.")


# -- lesson 09: outs -----------------------------------------------------------------------------


class OutsLesson(View):
    """Enter or deal a hand; see its outs and the chance to draw one, exact and rule of thumb."""

    title = "Outs: the cards that let you go out"

    def __init__(
        self, round_no: int = 4, hand: str = "8H 9H 10H QS QC KD", seed: int = 1, **kwargs: Any
    ) -> None:
        super().__init__(**kwargs)
        self.round = widgets.Dropdown(
            options=[
                (f"Round {r}: {hand_size(r)} cards, {wild_rank_text(r)}s wild", r) for r in ROUNDS
            ],
            value=round_no,
            description="Round",
        )
        self.round.observe(self._guard(self._on_round), names="value")
        self.hand_text = widgets.Text(value=hand, description="Hand", continuous_update=False)
        self.seen_text = widgets.Text(
            value="",
            description="Seen",
            placeholder="cards you saw, e.g. QH JK",
            continuous_update=False,
        )
        self.seed = widgets.BoundedIntText(value=seed, min=0, max=10**9, description="Seed")
        self.show_button = self._button("Find the outs", self.update, style="primary")
        self.deal_button = self._button("Deal a hand", self.deal_new, icon="refresh")
        self.draws = widgets.IntSlider(
            value=5,
            min=1,
            max=12,
            description="Turns ahead",
            style={"description_width": "initial"},
        )
        self.draws.observe(self._guard(lambda _c: self.update()), names="value")
        self.hand_view = widgets.HTML()
        self.outs_view = widgets.HTML(layout=widgets.Layout(min_width="min(300px, 90vw)"))
        self.table = widgets.HTML()
        self.plot = PlotArea()
        self.result: Outs | None = None
        top = widgets.HBox([self.round, self.seed, self.deal_button])
        top.layout.flex_flow = "row wrap"
        middle = widgets.HBox([self.hand_text, self.seen_text, self.show_button])
        middle.layout.flex_flow = "row wrap"
        bottom = widgets.HBox([self.outs_view, widgets.VBox([self.draws, self.plot, self.table])])
        bottom.layout.flex_flow = "row wrap"
        self._frame(
            [style(), top, middle, self.hand_view, bottom],
            "An <b>out</b> is a card that lets you go out if you draw it. Every card you "
            "have not seen is equally likely to be next, so the chance is outs ÷ unseen cards.",
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
        self.status.info(
            f"Round {r} deals {size} cards, so here is a new hand of {size} "
            f"({wild_rank_text(r)}s wild). {self.status.text}"
        )

    def deal_new(self) -> None:
        """Deal a random hand for the round (from the seed), then find its outs."""
        hand = deal(self.round.value, self.seed.value)
        self.seed.value = (self.seed.value + 1) % (10**9 + 1)
        self.hand_text.value = str(hand.sorted())
        self.update()

    def update(self) -> None:
        """Parse the hand and seen cards, find the outs, redraw."""
        r = self.round.value
        hand = parse_cards(self.hand_text.value)
        seen = parse_cards(self.seen_text.value)
        result = outs(hand, r, seen)
        self.result = result
        complete = result.discard is None and can_go_out(result.hand, r)
        with self.hold_sync():
            note = (
                f"<p>Round {r}: {hand_size(r)} cards, <b>{escape(wild_rank_text(r))}s and "
                "jokers wild</b>.</p>"
            )
            if result.discard is not None:
                if result.goes_out_now:
                    discards = going_out_discards(hand, r)
                    note += (
                        f"<p><b>You can go out right now</b>: lay down your melds and discard "
                        f"{escape(str(discards[0]))}. No outs to count.</p>"
                    )
                else:
                    note += (
                        f"<p>You hold {len(hand)} cards (after drawing): discard "
                        f"<b>{escape(str(result.discard))}</b> to keep the most outs.</p>"
                    )
            self.hand_view.value = (
                f"{note}<div class='fc-felt'>{hand_html(Hand(result.hand).sorted(), r)}</div>"
            )
            if complete or result.goes_out_now:
                self.outs_view.value = (
                    "<div class='fc-panel'><p><b>This hand can already go out.</b> "
                    "Whatever card you draw, you can meld and discard: every card would be "
                    "an “out”, so counting outs tells you nothing here. Change a card "
                    "to see a hand that is waiting.</p></div>"
                )
                self.table.value = ""
                self.plot.value = ""
                self.plot.png = b""
                self.status.ok("This hand can go out already: nothing to wait for.")
                return
            if result.outs:
                rows = [
                    [
                        escape(str(o.card)),
                        str(o.unseen),
                        escape(" ".join(map(str, o.discards))),
                    ]
                    for o in result.outs
                ]
                outs_table = table_html(["out", "unseen copies", "then discard"], rows)
            else:
                outs_table = "<p>No single card lets this hand go out: it needs two or more.</p>"
            self.outs_view.value = (
                f"<p><b>{result.count}</b> of the <b>{result.unseen_total}</b> unseen cards are "
                f"outs: the chance that the next card is one is "
                f"{fraction_html((result.count, result.unseen_total))} = "
                f"<b>{pct(result.probability)}</b>.</p>" + outs_table
            )
            self.table.value = self._turns_table(result)
            self.draw(result)
        self.status.ok(
            f"{plural(len(result.outs), 'kind')} of card, {result.count} unseen copies: "
            f"{pct(result.probability)} on the next draw."
        )

    @staticmethod
    def _thumb(count: int, turns: int) -> str:
        value = rule_of_thumb(count, turns)
        return pct(value) if value <= 1 else "breaks down (over 100%)"

    def _turns_table(self, result: Outs) -> str:
        rows = [
            [str(d), pct(result.within(d)), self._thumb(result.count, d)]
            for d in range(1, self.draws.value + 1)
        ]
        return table_html(
            ["within turns", "exact", "rule of thumb: 1% per out per turn"], rows
        ) + (
            "<p class='fc-note'>Exact: 1 − C(unseen − outs, t) / C(unseen, t), keeping the "
            "same hand and discarding each card that is not an out. The rule of thumb adds "
            "1% per out per turn, so with many outs it passes 100%, which no chance can.</p>"
        )

    def draw(self, result: Outs) -> None:
        turns = list(range(1, self.draws.value + 1))

        def figure(narrow: bool) -> Figure:
            fig, ax = new_figure(narrow)
            ax.plot(
                turns,
                [float(result.within(t)) for t in turns],
                "o-",
                color=EXACT_COLOUR,
                label="exact",
            )
            thumb = [(t, rule_of_thumb(result.count, t)) for t in turns]
            ax.plot(
                [t for t, v in thumb if v <= 1],
                [v for _t, v in thumb if v <= 1],
                "s--",
                color=THUMB_COLOUR,
                label="rule of thumb (1% per out per turn)",
            )
            ax.set_xticks(turns)
            ax.set_ylim(0, 1.05)
            ax.axhline(1, color="#888", linewidth=0.8)
            ax.yaxis.set_major_formatter(lambda y, _pos: f"{100 * y:.0f}%")
            label(ax, f"Drawing one of {plural(result.count, 'out')}", "turns from now", "chance")
            legend_below(fig, ax)
            ax.grid(alpha=0.3)
            return fig

        last = turns[-1]
        self.plot.show(
            figure,
            f"Line chart: the exact chance to have drawn an out within "
            f"{plural(last, 'turn')} rises to {pct(result.within(last))}; the rule of thumb "
            f"gives {self._thumb(result.count, last)} at {plural(last, 'turn')}.",
        )
