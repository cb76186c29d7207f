"""Probability lessons: counting wild cards, going out on the deal, and outs.

Plots are drawn by matplotlib's object API (``Figure``, no pyplot state) into a
PNG and put in an ``Output`` widget: that renders the same in Jupyter, in Voilà
and in the saved widget state of the docs, and needs no interactive backend.
"""

from __future__ import annotations

import io
import random
from fractions import Fraction
from html import escape
from math import comb

import ipywidgets as widgets
from IPython.display import Image
from matplotlib.figure import Figure

from ..core.cards import Hand, parse_cards
from ..core.rules import ROUNDS, hand_size, is_wild, wild_rank_text
from ..errors import LessonError
from ..odds.counting import wild_count_distribution
from ..odds.outs import outs, rule_of_thumb
from ..odds.probability import (
    Estimate,
    ExactUnavailableError,
    deal,
    expected_penalty,
    first_turn_go_out,
    go_out_on_deal,
    sample_wild_counts,
)
from ..render import hand_html
from .base import View

__all__ = ["GoOutLesson", "OutsLesson", "PlotArea", "WildCountLesson"]

# Okabe-Ito colours, as in the card theme.
EXACT_COLOUR = "#0072B2"
SIMULATED_COLOUR = "#E69F00"
THUMB_COLOUR = "#D55E00"
_FONT = {"title": 14, "label": 12, "tick": 11}


def new_figure(width: float = 7.5, height: float = 3.8) -> tuple[Figure, object]:
    """A figure and its axes with fonts big enough to read on a projector."""
    fig = Figure(figsize=(width, height), dpi=100, layout="constrained")
    ax = fig.subplots()
    ax.tick_params(labelsize=_FONT["tick"])
    return fig, ax


def label(ax, title: str, xlabel: str, ylabel: str) -> None:
    """Title and axis labels in the lesson's font sizes."""
    ax.set_title(title, fontsize=_FONT["title"])
    ax.set_xlabel(xlabel, fontsize=_FONT["label"])
    ax.set_ylabel(ylabel, fontsize=_FONT["label"])


class PlotArea(widgets.Output):
    """An ``Output`` widget showing one matplotlib figure at a time, as a PNG.

    ``png`` keeps the last picture's bytes and ``title`` its title, so that a test
    (or a screen reader's caption) can tell what is shown.
    """

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.png = b""
        self.title = ""
        self.add_class("fc-plot")

    def show(self, fig: Figure) -> None:
        buffer = io.BytesIO()
        fig.savefig(buffer, format="png")
        self.png = buffer.getvalue()
        self.title = fig.axes[0].get_title() if fig.axes else ""
        self.outputs = ()
        self.append_display_data(Image(data=self.png, format="png"))


def _pct(value: float) -> str:
    return f"{100 * value:.3g}%"


def _fraction_html(value: Fraction) -> str:
    return f"<sup>{value.numerator:,}</sup>&frasl;<sub>{value.denominator:,}</sub>"


# -- lesson 07: counting wild cards -------------------------------------------------------------


class WildCountLesson(View):
    """Exact distribution of the number of wilds in a hand, beside a growing simulation."""

    title = "Counting wild cards"

    def __init__(self, round_no: int = 5, seed: int = 2026, **kwargs):
        super().__init__(**kwargs)
        self.seed = seed
        self.round = widgets.IntSlider(
            value=round_no,
            min=1,
            max=11,
            description="Round",
            continuous_update=False,
            style={"description_width": "initial"},
        )
        self.round.observe(self._guard(lambda _c: self.reset()), names="value")
        self.deal_buttons = [
            self._button(
                f"Deal {n:,}", lambda n=n: self.deal(n), style="primary" if n == 100 else ""
            )
            for n in (1, 10, 100, 1000)
        ]
        self.reset_button = self._button("Start again", self.reset, icon="undo")
        self.formula = widgets.HTML()
        self.table = widgets.HTML()
        self.plot = PlotArea()
        controls = widgets.HBox([self.round, *self.deal_buttons, self.reset_button])
        controls.layout.flex_flow = "row wrap"
        self._frame(
            [controls, self.plot, widgets.HBox([self.formula, self.table])],
            "Blue bars: the exact chance of each number of wilds, by counting. Orange bars: "
            "the share of the hands you have dealt. Deal more and watch orange approach blue.",
        )
        self.reset()

    def reset(self) -> None:
        """Forget the dealt hands (for the chosen round) and redraw."""
        self.rng = random.Random(self.seed)
        self.counts: dict[int, int] = {}
        self.dealt = 0
        self.last_hand: Hand | None = None
        self.refresh()
        n, r = hand_size(self.round.value), self.round.value
        self.status.info(
            f"Round {r}: {n} cards, {wild_rank_text(r)}s and jokers wild. Press a Deal button."
        )

    def deal(self, n: int) -> None:
        """Deal ``n`` more hands and add their wild counts to the histogram."""
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
        exact_mean = Fraction(16 * hand_size(r), 116)
        self.status.ok(
            f"{self.dealt:,} hands dealt: on average {mean:.3f} wilds per hand "
            f"(exact: 16 × {hand_size(r)} / 116 = {float(exact_mean):.3f})."
        )

    def refresh(self) -> None:
        r = self.round.value
        n = hand_size(r)
        exact = wild_count_distribution(r)
        shown = [k for k in exact if exact[k] >= Fraction(1, 10**5) or self.counts.get(k)]
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
            rows = "".join(
                f"<tr><td>{k}</td><td style='white-space:nowrap'>"
                f"{comb(16, k):,} · {comb(100, n - k):,}</td>"
                f"<td>{_pct(float(exact[k]))}</td>"
                f"<td>{_pct(self.counts.get(k, 0) / self.dealt) if self.dealt else '—'}</td></tr>"
                for k in shown
            )
            self.table.value = (
                "<table class='fc-table'><tr><th>wilds k</th><th>hands with k wilds</th>"
                f"<th>exact</th><th>dealt ({self.dealt:,})</th></tr>{rows}</table>"
                f"<p style='font-size:13px'>out of C(116, {n}) = {comb(116, n):,} hands</p>"
            )
            self.draw(exact, shown)

    def draw(self, exact: dict[int, Fraction], shown: list[int]) -> None:
        fig, ax = new_figure()
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
        ax.set_xticks(ks)
        r = self.round.value
        label(
            ax,
            f"Wild cards in a {hand_size(r)}-card hand (round {r})",
            "number of wild cards in the hand",
            "share of hands",
        )
        ax.legend(fontsize=_FONT["tick"])
        self.plot.show(fig)


# -- lesson 08: going out on the deal ------------------------------------------------------------

QUESTIONS = {
    "go out on the deal": go_out_on_deal,
    "go out on the first turn": first_turn_go_out,
    "penalty of a dealt hand": expected_penalty,
}

PATTERN_EXPLANATION = (
    "To go out, every card must sit in a book or a run of at least three cards, and melds "
    "of three are by far the easiest to find. A hand of 3, 6, 9 or 12 cards can be split "
    "into melds of three exactly. A hand of 4, 7, 10 or 13 cards needs at least one meld "
    "of four. A hand of 5, 8 or 11 cards needs a meld of five or two melds of four. "
    "Longer melds are much rarer, so the chance rises and falls in a <b>saw-tooth with "
    "period three</b>: highest at 3, 6, 9 and 12 cards, lowest at 5, 8 and 11. It does not "
    "keep falling as hands grow, because a bigger hand also holds more wild cards: "
    "16 × n / 116 of them on average."
)


class GoOutLesson(View):
    """Exact values per round beside simulated ones with intervals, and a plot across rounds."""

    title = "Will I go out on the deal?"

    def __init__(self, n: int = 1000, seed: int = 1, **kwargs):
        super().__init__(**kwargs)
        self.question = widgets.Dropdown(
            options=list(QUESTIONS), value="go out on the deal", description="Question"
        )
        self.question.observe(self._guard(lambda _c: self.run()), names="value")
        self.n = widgets.Dropdown(
            options=[200, 400, 1000, 2000, 5000], value=n, description="Deals/round"
        )
        self.seed = widgets.BoundedIntText(value=seed, min=0, max=10**9, description="Seed")
        self.run_button = self._button("Simulate", self.run, style="primary", icon="play")
        self.table = widgets.HTML()
        self.plot = PlotArea()
        self.guess = widgets.Textarea(
            placeholder="Look at the plot: why does the chance drop, then jump at round 4? "
            "Write your idea here, then press the button.",
            layout=widgets.Layout(width="95%", height="70px"),
        )
        self.explain_button = self._button(
            "Show the explanation", self.explain, icon="lightbulb-o"
        )
        self.explanation = widgets.HTML()
        self.estimates: dict[int, tuple[Estimate | None, Estimate]] = {}
        controls = widgets.HBox([self.question, self.n, self.seed, self.run_button])
        controls.layout.flex_flow = "row wrap"
        self._frame(
            [
                controls,
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
        self.run()

    def run(self) -> None:
        """Compute exact values (where counted) and simulate every round."""
        ask = QUESTIONS[self.question.value]
        n, seed = self.n.value, self.seed.value
        self.estimates = {}
        for r in ROUNDS:
            try:
                exact: Estimate | None = ask(r)
            except ExactUnavailableError:
                exact = None
            rounds_n = n if self.question.value != "go out on the first turn" else max(n // 2, 100)
            self.estimates[r] = (exact, ask(r, method="simulate", n=rounds_n, seed=100 * seed + r))
        with self.hold_sync():
            self.draw()
            self.table.value = self._table()
        agree = sum(
            1
            for exact, sim in self.estimates.values()
            if exact is not None and sim.contains(exact.value)
        )
        counted = sum(1 for exact, _ in self.estimates.values() if exact is not None)
        self.status.ok(
            f"Simulated {self.n.value:,} deals per round (seed {seed}). "
            f"{agree} of the {counted} exact values lie inside their 95% interval "
            "(about 1 interval in 20 is expected to miss)."
        )

    def _is_penalty(self) -> bool:
        return self.question.value == "penalty of a dealt hand"

    def _fmt(self, value: float) -> str:
        return f"{value:.2f}" if self._is_penalty() else _pct(value)

    def _table(self) -> str:
        rows = []
        for r, (exact, sim) in self.estimates.items():
            exact_text = (
                f"{_fraction_html(Fraction(exact.value))} ≈ {self._fmt(float(exact.value))}"
                if exact is not None
                else "not counted"
            )
            low, high = sim.ci
            rows.append(
                f"<tr><td>{r}</td><td>{hand_size(r)}</td><td>{exact_text}</td>"
                f"<td>{self._fmt(float(sim.value))}</td>"
                f"<td>{self._fmt(low)} – {self._fmt(high)}</td></tr>"
            )
        what = "mean penalty" if self._is_penalty() else "chance"
        return (
            f"<table class='fc-table'><tr><th>round</th><th>cards</th><th>exact {what}</th>"
            f"<th>simulated</th><th>95% interval</th></tr>{''.join(rows)}</table>"
        )

    def draw(self) -> None:
        fig, ax = new_figure(8, 4)
        rounds = list(self.estimates)
        sims = [self.estimates[r][1] for r in rounds]
        values = [float(s.value) for s in sims]
        lows = [v - s.ci[0] for v, s in zip(values, sims, strict=True)]
        highs = [s.ci[1] - v for v, s in zip(values, sims, strict=True)]
        ax.errorbar(
            rounds,
            values,
            yerr=[lows, highs],
            fmt="o",
            color=SIMULATED_COLOUR,
            capsize=4,
            label="simulated, with 95% interval",
        )
        exact = [(r, float(e.value)) for r, (e, _s) in self.estimates.items() if e is not None]
        if exact:
            ax.plot(
                [r for r, _ in exact],
                [v for _, v in exact],
                "s-",
                color=EXACT_COLOUR,
                markersize=8,
                label="exact (counting)",
            )
        ax.set_xticks(rounds)
        ax.set_xticklabels([f"{r}\n({hand_size(r)})" for r in rounds])
        ylabel = "mean penalty (points)" if self._is_penalty() else "probability"
        label(
            ax,
            f"Chance to {self.question.value}, by round"
            if not self._is_penalty()
            else "Mean penalty of a dealt hand, by round",
            "round (cards dealt)",
            ylabel,
        )
        ax.legend(fontsize=_FONT["tick"])
        ax.grid(alpha=0.3)
        self.plot.show(fig)

    def explain(self) -> None:
        """Reveal the explanation (after the learner has written a guess)."""
        if not self.guess.value.strip():
            raise LessonError(
                "Write your own idea in the box first (a sentence is enough), then press again."
            )
        self.explanation.value = f"<div class='fc-panel'><p>{PATTERN_EXPLANATION}</p></div>"
        self.status.ok("Compare the explanation with yours.")


# -- lesson 09: outs -----------------------------------------------------------------------------


class OutsLesson(View):
    """Enter or deal a hand; see its outs and the chance to draw one, exact and rule of thumb."""

    title = "Outs: the cards that let you go out"

    def __init__(self, round_no: int = 4, hand: str = "8H 9H 10H QS QC KD", **kwargs):
        super().__init__(**kwargs)
        self.round = widgets.Dropdown(
            options=[
                (f"Round {r}: {hand_size(r)} cards, {wild_rank_text(r)}s wild", r) for r in ROUNDS
            ],
            value=round_no,
            description="Round",
        )
        self.hand_text = widgets.Text(value=hand, description="Hand", continuous_update=False)
        self.seen_text = widgets.Text(
            value="",
            description="Seen",
            placeholder="cards you saw, e.g. QH JK",
            continuous_update=False,
        )
        self.seed = widgets.BoundedIntText(value=1, min=0, max=10**9, description="Seed")
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
        self.outs_view = widgets.HTML(layout=widgets.Layout(min_width="300px"))
        self.table = widgets.HTML()
        self.plot = PlotArea()
        self.result = None
        self._frame(
            [
                widgets.HBox([self.round, self.seed, self.deal_button]),
                widgets.HBox([self.hand_text, self.seen_text, self.show_button]),
                self.hand_view,
                widgets.HBox([self.outs_view, widgets.VBox([self.draws, self.plot, self.table])]),
            ],
            "An <b>out</b> is a card that lets you go out if you draw it. Every card you "
            "have not seen is equally likely to be next, so the chance is outs ÷ unseen cards.",
        )
        self.update()

    def deal_new(self) -> None:
        """Deal a random hand for the round (from the seed), then find its outs."""
        hand = deal(self.round.value, self.seed.value)
        self.seed.value = self.seed.value + 1
        self.hand_text.value = hand.sorted().__str__()
        self.update()

    def update(self) -> None:
        """Parse the hand and seen cards, find the outs, redraw."""
        r = self.round.value
        hand = parse_cards(self.hand_text.value)
        seen = parse_cards(self.seen_text.value)
        result = outs(hand, r, seen)
        self.result = result
        with self.hold_sync():
            note = ""
            if result.discard is not None:
                note = (
                    f"<p>You hold {len(hand)} cards (after drawing): discard "
                    f"<b>{escape(str(result.discard))}</b> to keep the most outs.</p>"
                )
                if result.goes_out_now:
                    note += "<p><b>You can go out right now!</b></p>"
            self.hand_view.value = (
                f"{note}<div class='fc-felt'>{hand_html(Hand(result.hand).sorted(), r)}</div>"
            )
            if result.outs:
                rows = "".join(
                    f"<tr><td>{escape(str(o.card))}</td><td>{o.unseen}</td>"
                    f"<td>{escape(' '.join(map(str, o.discards)))}</td></tr>"
                    for o in result.outs
                )
                outs_table = (
                    "<table class='fc-table'><tr><th>out</th><th>unseen copies</th>"
                    f"<th>then discard</th></tr>{rows}</table>"
                )
            else:
                outs_table = "<p>No single card lets this hand go out: it needs two or more.</p>"
            self.outs_view.value = (
                f"<p><b>{result.count}</b> of the <b>{result.unseen_total}</b> unseen cards are "
                f"outs: the chance that the next card is one is {result.count}/"
                f"{result.unseen_total} = <b>{_pct(float(result.probability))}</b>.</p>"
                + outs_table
            )
            self.table.value = self._turns_table()
            self.draw()
        self.status.ok(
            f"{len(result.outs)} kinds of card, {result.count} unseen copies: "
            f"{_pct(float(result.probability))} on the next draw."
        )

    def _turns_table(self) -> str:
        result = self.result
        rows = "".join(
            f"<tr><td>{d}</td><td>{_pct(float(result.within(d)))}</td>"
            f"<td>{_pct(rule_of_thumb(result.count, d))}</td></tr>"
            for d in range(1, self.draws.value + 1)
        )
        return (
            "<table class='fc-table'><tr><th>within turns</th><th>exact</th>"
            f"<th>rule of thumb: 1% per out per turn</th></tr>{rows}</table>"
            "<p style='font-size:13px'>Exact: 1 − C(unseen − outs, t) / C(unseen, t), "
            "keeping the same hand and discarding each card that is not an out.</p>"
        )

    def draw(self) -> None:
        result = self.result
        turns = list(range(1, self.draws.value + 1))
        fig, ax = new_figure(6, 3.6)
        ax.plot(
            turns,
            [float(result.within(t)) for t in turns],
            "o-",
            color=EXACT_COLOUR,
            label="exact",
        )
        ax.plot(
            turns,
            [rule_of_thumb(result.count, t) for t in turns],
            "s--",
            color=THUMB_COLOUR,
            label="rule of thumb (1% per out per turn)",
        )
        ax.set_xticks(turns)
        ax.axhline(1, color="#888", linewidth=0.8)
        label(
            ax,
            f"Chance to have drawn an out ({result.count} outs)",
            "turns from now",
            "probability",
        )
        ax.legend(fontsize=_FONT["tick"])
        ax.grid(alpha=0.3)
        self.plot.show(fig)
