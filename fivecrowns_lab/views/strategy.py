"""The strategy lab (lesson 10) and solitaire odds (lesson 11): simulated games with intervals."""

from __future__ import annotations

import base64
from html import escape

import ipywidgets as widgets
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from ..core.rules import GameRules
from ..errors import LessonError
from ..odds.strategy import compare, final_totals, run_games, solitaire_odds, summarize
from ..table.players import BOTS
from .base import View
from .probability import EXACT_COLOUR, SIMULATED_COLOUR, THUMB_COLOUR, PlotArea, label, new_figure

__all__ = ["SolitaireOddsLesson", "StrategyLab"]

_EMPTY = "(empty seat)"
_SEAT_COLOURS = (EXACT_COLOUR, SIMULATED_COLOUR, "#009E73", THUMB_COLOUR)


class _Progress(widgets.HBox):
    """A progress bar with a 'done of total' label."""

    def __init__(self, unit: str):
        self.bar = widgets.IntProgress(value=0, min=0, max=1, description="Progress")
        self.text = widgets.Label("")
        self.unit = unit
        super().__init__([self.bar, self.text])

    def __call__(self, done: int, total: int) -> None:
        self.bar.max = total
        self.bar.value = done
        self.text.value = f"{done:,} of {total:,} {self.unit}"


class StrategyLab(View):
    """Pick bots and variants, play N games, compare mean totals and win rates with intervals."""

    title = "Strategy lab"

    def __init__(self, players=("greedy", "random"), n_games: int = 20, seed: int = 1, **kwargs):
        super().__init__(**kwargs)
        names = list(BOTS)
        self.seats = [
            widgets.Dropdown(
                options=names if i < 2 else [_EMPTY, *names],
                value=players[i] if i < len(players) else _EMPTY,
                description=f"Seat {i + 1}",
                layout=widgets.Layout(width="210px"),
            )
            for i in range(4)
        ]
        self.rounds = widgets.IntSlider(
            value=11, min=1, max=11, description="Rounds", continuous_update=False
        )
        self.lay_off = widgets.Checkbox(value=False, description="Lay off on the final turn")
        self.bonus = widgets.Checkbox(value=False, description="−10 for going out")
        self.no_discard = widgets.Checkbox(value=False, description="Go out with no discard")
        self.n_games = widgets.BoundedIntText(value=n_games, min=2, max=5000, description="Games")
        self.seed = widgets.BoundedIntText(value=seed, min=0, max=10**9, description="Seed")
        self.run_button = self._button("Play the games", self.run, style="primary", icon="play")
        self.progress = _Progress("games")
        self.summary = widgets.HTML()
        self.verdict = widgets.HTML()
        self.plot = PlotArea()
        self.download = widgets.HTML()
        self.table = None
        row = widgets.HBox(self.seats)
        row.layout.flex_flow = "row wrap"
        variants = widgets.HBox([self.rounds, self.lay_off, self.bonus, self.no_discard])
        variants.layout.flex_flow = "row wrap"
        self._frame(
            [
                row,
                variants,
                widgets.HBox([self.n_games, self.seed, self.run_button]),
                self.progress,
                self.verdict,
                self.summary,
                self.plot,
                self.download,
            ],
            "Every seat plays the same deals, so strategies are compared game by game. "
            "Lower totals are better; the intervals show how sure we can be.",
        )
        self.run()

    def players(self) -> list[str]:
        return [seat.value for seat in self.seats if seat.value != _EMPTY]

    def rules(self) -> GameRules:
        return GameRules(
            rounds=self.rounds.value,
            lay_off=self.lay_off.value,
            going_out_bonus=self.bonus.value,
            no_final_discard=self.no_discard.value,
        )

    def run(self) -> None:
        """Play the games, then show the summary, the comparison, the plot and the CSV link."""
        players = self.players()
        n = self.n_games.value
        self.status.info(f"Playing {n:,} games…")
        table = run_games(players, n, self.rules(), self.seed.value, progress=self.progress)
        self.table = table
        summary = summarize(table)
        comparisons = [compare(table, i, 0) for i in range(1, len(players))]
        with self.hold_sync():
            # Without the -10 bonus no total is negative: cut the interval there.
            floor = float("-inf") if self.bonus.value else 0.0
            rows = "".join(
                f"<tr><td>{row.seat}</td><td>{escape(row.bot)}</td><td>{row.mean_total:.1f}</td>"
                f"<td>{max(floor, row.total_low):.1f} – {row.total_high:.1f}</td>"
                f"<td>{row.win_rate:.0%}</td><td>{row.win_low:.0%} – {row.win_high:.0%}</td>"
                f"<td>{row.out_first_per_game:.2f}</td></tr>"
                for row in summary.itertuples()
            )
            self.summary.value = (
                "<table class='fc-table'><tr><th>seat</th><th>bot</th><th>mean total</th>"
                "<th>95% interval</th><th>win rate</th><th>95% interval</th>"
                f"<th>rounds out first per game</th></tr>{rows}</table>"
            )
            self.verdict.value = (
                "".join(f"<p><b>{escape(str(c))}</b></p>" for c in comparisons)
                + "<p style='font-size:13px'>"
                + "A difference is clear when its interval excludes 0.</p>"
            )
            self.draw(table)
            csv = table.to_csv(index=False).encode("utf-8")
            link = base64.b64encode(csv).decode("ascii")
            self.download.value = (
                f"<a download='fivecrowns-strategy-lab.csv' href='data:text/csv;base64,{link}' "
                "class='fc-download'>⬇ Download the results as CSV</a> "
                f"({len(table):,} rows: one per player per round per game)"
            )
        self.status.ok(
            f"Played {n:,} games of {self.rounds.value} rounds (seed {self.seed.value})."
        )

    def csv(self) -> str:
        """The last results as CSV text (one row per player per round per game)."""
        if self.table is None:
            raise LessonError("Play some games first.")
        return self.table.to_csv(index=False)

    def draw(self, table) -> None:
        finals = final_totals(table)
        fig, ax = new_figure(8, 3.8)
        low, high = int(finals["total"].min()), int(finals["total"].max())
        bins = min(30, max(5, (high - low) // 10 + 1))
        for seat, group in finals.groupby("player"):
            colour = _SEAT_COLOURS[int(seat) % len(_SEAT_COLOURS)]
            name = f"seat {int(seat) + 1}: {group['bot'].iloc[0]}"
            ax.hist(
                group["total"],
                bins=bins,
                range=(low, high + 1),
                histtype="step",
                linewidth=2.5,
                color=colour,
                label=name,
            )
        label(
            ax,
            f"Final totals over {finals['game'].nunique():,} games (lower is better)",
            "final total (points)",
            "number of games",
        )
        ax.legend(fontsize=11)
        ax.grid(alpha=0.3)
        ax.yaxis.set_major_locator(MaxNLocator(integer=True))
        self.plot.show(fig)


class SolitaireOddsLesson(View):
    """Play many solitaire deals with the bot's policy; the win rate with an interval."""

    title = "Solitaire odds"

    def __init__(self, n: int = 10, seed: int = 1, **kwargs):  # few deals: a quick first page
        super().__init__(**kwargs)
        self.n = widgets.BoundedIntText(value=n, min=1, max=5000, description="Deals")
        self.seed = widgets.BoundedIntText(value=seed, min=0, max=10**9, description="Seed")
        self.run_button = self._button("Play the deals", self.run, style="primary", icon="play")
        self.progress = _Progress("deals")
        self.result_view = widgets.HTML()
        self.plot = PlotArea()
        self.odds = None
        self._frame(
            [
                widgets.HBox([self.n, self.seed, self.run_button]),
                self.progress,
                self.result_view,
                self.plot,
            ],
            "The bot closes a hand when it can, and otherwise puts each card where it "
            "lowers a hand's points most. How often does it win?",
        )
        self.run()

    def run(self) -> None:
        """Play the deals and show the win rate, its interval and the hands closed."""
        odds = solitaire_odds(self.n.value, self.seed.value, progress=self.progress)
        self.odds = odds
        low, high = odds.ci
        zero = (
            f"<p>No win in {odds.games} deals does not mean the bot never wins: "
            f"the interval still reaches {high:.1%}. (Rule of three: with 0 wins in n "
            f"tries, the 95% upper bound is about 3/n = {3 / odds.games:.1%}.)</p>"
            if odds.wins == 0
            else ""
        )
        with self.hold_sync():
            self.result_view.value = (
                f"<p style='font-size:16px'>The bot won <b>{odds.wins}</b> of "
                f"<b>{odds.games}</b> deals: <b>{odds.win_rate:.1%}</b>, "
                f"95% interval {low:.1%} to {high:.1%}.</p>{zero}"
                "<p>The interval is a Wilson interval: it stays between 0 and 1 and works "
                "even when wins are rare. Four times as many deals halve its width.</p>"
            )
            self.draw()
        self.status.ok(f"Played {odds.games:,} deals: {odds}.")

    def draw(self) -> None:
        odds = self.odds
        fig = Figure(figsize=(9.5, 3.8), dpi=100, layout="constrained")
        left, right = fig.subplots(1, 2)
        ks = list(range(12))
        left.bar(
            ks,
            [odds.closed.get(k, 0) for k in ks],
            color=[SIMULATED_COLOUR if k < 11 else EXACT_COLOUR for k in ks],
        )
        left.set_xticks(ks)
        label(
            left,
            "Hands closed per deal (11 = a win)",
            "hands closed at the end",
            "number of deals",
        )
        left.yaxis.set_major_locator(MaxNLocator(integer=True))
        hands = list(range(1, 12))
        right.bar(hands, [c / odds.games for c in odds.closed_by_hand], color=EXACT_COLOUR)
        right.set_xticks(hands)
        right.set_xticklabels([str(k + 2) for k in hands])
        right.set_ylim(0, 1)
        label(right, "Share of deals closing each hand", "hand (cards in it)", "share of deals")
        for ax in (left, right):
            ax.tick_params(labelsize=11)
            ax.grid(alpha=0.3, axis="y")
        fig.suptitle(f"{odds.games:,} solitaire deals, seed {odds.seed}", fontsize=14)
        self.plot.show(fig)
