"""Lesson 08: will I go out on the deal? Exact values per round beside simulated ones.

The exact values come from :mod:`fivecrowns_lab.odds.probability`, the simulated ones
from the engine's running estimates (:func:`~fivecrowns_lab.odds.trials.running_estimates`):
this view only paces them (a batch at a time, on the runner with Stop), draws them and
stops them. Its words and table are :mod:`~fivecrowns_lab.views.go_out_words`.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import ipywidgets as widgets

from ..classroom.experiments import experiment_id
from ..core.rules import ROUNDS
from ..errors import LessonError
from ..i18n import N_, number, percent
from ..i18n import gettext as _
from ..i18n import ngettext as _n
from ..odds.estimate import Estimate
from ..odds.hardest import HardestVerdict, judge_hardest
from ..odds.trials import running_estimates
from .base import View, seed_box, set_shown
from .chart import Chart
from .counting import CountingSteps
from .go_out_charts import by_round_chart, running_chart
from .go_out_words import (
    ASK,
    HARDEST_QUESTIONS,
    PENALTY,
    QUESTION_NAMES,
    QUESTIONS,
    exact_or_none,
    explanation_html,
    results_table_html,
    summary_sentence,
    value_text,
)
from .lesson_parts import next_seed, predict_html, reveal_html, round_guess, row
from .plots import style
from .predict import CommitRow
from .verdicts import LOOK_AGAIN, PATTERN_PROMPTS, verdict_html
from .work import LIVE_SECONDS, Outcome, Progress, Runner

__all__ = ["GoOutLesson"]


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
        self._build_guess()
        self._build_results()
        for control in (self.n, self.seed):
            control.observe(self._guard(lambda _c: self._setting_changed()), names="value")
        controls = row(
            self.n, self.seed, self.new_seed_button, self.run_button, self.runner.stop_button
        )
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

    def _build_guess(self) -> None:
        """The guess of the hardest round, its commit row, and each question's reveal."""
        self.predictions = self.class_predictions()
        self.ask = widgets.HTML()
        self.hardest = round_guess()
        self.hardest.observe(self._guard(self._on_hardest), names="value")
        self.commit = CommitRow(self._button, self.commit_guess, self.skip)
        self.reveal_view = widgets.HTML()
        #: Each question's committed guess (None: skipped) and its reveal, once committed.
        self.guesses: dict[str, int | None] = {}
        self.reveals: dict[str, str] = {}

    def _build_results(self) -> None:
        """The charts, the table, the pattern and the counting: hidden until the guess."""
        self.table = widgets.HTML()
        self.plot = Chart()
        self.running = Chart()
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

    def _ask(self) -> None:
        """The question's guess: open until committed, then its reveal and its results."""
        q = self.question.value
        done = q in self.guesses
        with self.hold_sync():
            then = _(
                "Commit your guess: the exact values, the plot, the table and the counting "
                "appear after it."
            )
            self.ask.value = predict_html(f"{_(ASK[q])} {then}")
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

    def _clear_results(self) -> None:
        self.explanation.value = ""
        self.table.value = ""
        self.plot.clear()
        self.running.clear()

    def _on_question(self, _change: object) -> None:
        """A new question: its own guess first (or its reveal, if already committed)."""
        with self.hold_sync():
            self._clear_results()
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
        exact = {r: exact_or_none(question, r) for r in ROUNDS}
        return judge_hardest(sims, exact, highest=question == PENALTY, guess=guess)

    def _reveal(self, guess: int | None) -> None:
        question = self.question.value
        verdict = self.verdict(question, guess)
        self.predictions.record(
            "08", ASK[question], guess, verdict.hardest, {HARDEST_QUESTIONS[question]: guess}
        )
        self.guesses[question] = guess
        self.reveals[question] = reveal_html(verdict_html(question, verdict))
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
            self._clear_results()
        self.status.info(
            _("{count} deals per round, seed {seed}: press Simulate.").format(
                count=number(self.n.value), seed=self.seed.value
            )
        )

    def new_seed(self) -> None:
        """Next seed: the next simulation deals new hands."""
        self.seed.value = next_seed(self.seed.value)
        self.status.info(
            _("Seed {seed}: press Simulate to deal new hands.").format(seed=self.seed.value)
        )

    def run(self, background: bool = True) -> None:
        """Take the exact values the engine has, and simulate every round (cancellable)."""
        question, n, seed = self.question.value, self.n.value, self.seed.value
        exact = {r: exact_or_none(question, r) for r in ROUNDS}
        results: dict[int, Estimate] = {}
        series: dict[int, list[dict[str, float]]] = {r: [] for r in ROUNDS}
        with self.hold_sync():  # nothing of the old setting stays on screen
            self._clear_results()
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
            # Each round's deals come from its own seed, so a round replays alone.
            for i, r in enumerate(ROUNDS):
                for now in running_estimates(question, r, n, 100 * seed + r):
                    low, high = now.ci
                    series[r].append(
                        {"n": now.trials, "value": float(now.value), "low": low, "high": high}
                    )
                    live = r == self.focus() and not stop.is_set()
                    if live and time.monotonic() - shown[0] >= LIVE_SECONDS:
                        shown[0] = time.monotonic()  # the estimate moves while deals are dealt
                        self.draw_running()
                    yield i * n + now.trials, n * len(ROUNDS)
                    if now.trials == n:
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
        """A run has ended: keep its estimates, show them if the guess is in, and say so."""
        self.estimates = {r: (exact[r], results[r]) for r in results}
        self.shown_question = question
        self.missing_exact = {r: exact[r] for r in ROUNDS if r not in results}
        committed = question in self.guesses
        if committed:  # before the guess, nothing of the answer reaches the page
            self.table.value = self._table()
            self.draw()
        trials = next(iter(results.values())).trials
        self.summary = summary_sentence(self.estimates, trials, self.seed.value)
        if not committed:
            try:
                self.verdict(question, None)
                ready = _("The simulation is ready: commit your guess (or Just show me).")
            except LessonError as missing:  # stopped early: say what a verdict still needs
                ready = str(missing)
            self.status.info(("" if outcome.complete else outcome.sentence("deal") + " ") + ready)
        elif outcome.complete:
            self.status.ok(self.summary)
        else:
            self.status.info(outcome.sentence("deal") + " " + self.summary)
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
        return self.shown_question == PENALTY

    def _fmt(self, value: float | Fraction) -> str:
        return value_text(value, self._is_penalty())

    def _table(self) -> str:
        return results_table_html(self.estimates, self.missing_exact, self._is_penalty())

    def exact_values(self) -> dict[int, Fraction]:
        """The exact values of the question shown, for every round the engine counts."""
        found = {r: e for r, (e, _s) in self.estimates.items()} | self.missing_exact
        return {r: Fraction(e.value) for r, e in sorted(found.items()) if e is not None}

    def draw(self) -> None:
        """The running estimate, and every round's simulated value beside its exact one."""
        self.draw_running()
        by_round_chart(self.plot, self.shown_question, self.estimates, self.exact_values())

    def draw_running(self) -> None:
        """The running estimate of the followed round (the guess), with its band and the exact
        value: it draws itself as batches of deals are added, also while they are dealt."""
        r = self.focus()
        rows = list(self.series.get(r, [])) if r is not None else []
        if r is None or not rows:
            self.running.clear()
            return
        running_chart(self.running, self.shown_question, r, rows)

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
        guess = self.guesses.get("go out on the deal")
        verdict = self.verdict("go out on the deal", guess)
        self.explanation.value = explanation_html(guess, verdict)
        self.status.ok(_("Compare the explanation with yours."))
