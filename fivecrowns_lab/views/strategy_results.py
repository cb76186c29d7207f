"""Lesson 10's results drawn: the notes under the summary, the CSV link, and the charts.

Drawing only: the numbers come from the games' rows (:mod:`fivecrowns_lab.odds.strategy`).
"""

from __future__ import annotations

import base64
import math
from collections import Counter
from html import escape

from ..i18n import gettext as _
from ..i18n import ngettext as _n
from ..i18n import number
from ..odds.strategy import Comparison, final_totals
from ..table.players import bot_word
from ..table.rows import Rows
from .chart import Chart, show_running_share
from .interval_guess import units_text
from .specs import EXACT_COLOUR, SIMULATED_COLOUR, THUMB_COLOUR, grouped_bars_spec

__all__ = [
    "download_html",
    "draw_final_totals",
    "draw_share_won",
    "tie_note",
    "verdict_html",
]

_SEAT_COLOUR_LIST = (EXACT_COLOUR, SIMULATED_COLOUR, "#009E73", THUMB_COLOUR)


def draw_share_won(chart: Chart, bot: str, rows: list[dict[str, float]]) -> None:
    """Seat 1's share of wins as games are added, with its 95% band (also during a run)."""
    if not rows:
        chart.clear()
        return
    titles = (
        _("Seat 1 ({bot}): share of games won, game by game").format(bot=bot),
        _("games played"),
        _("share of games won"),
    )
    label = _n(
        "Line chart of seat 1's ({bot}) share of games won after each of {count} game, "
        "with its 95% band: {share} so far, interval {low} to {high}.",
        "Line chart of seat 1's ({bot}) share of games won after each of {count} games, "
        "with its 95% band: {share} so far, interval {low} to {high}.",
        int(rows[-1]["n"]),
    )
    show_running_share(chart, titles, rows, label, 0, bot=bot)


def draw_final_totals(chart: Chart, table: Rows) -> None:
    """The final totals' histogram, seat by seat, with each seat's mean in its summary."""
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
        _("Final totals, {games}").format(games=units_text(games, "games")),
        _("final total (points; lower is better)"),
        _("games"),
        series,
        percent=False,
        series_title=_("player"),
    )
    spec["layer"][0]["encoding"]["x"]["sort"] = {"field": "order"}
    spec["layer"][0]["encoding"]["x"]["axis"] = {"labelAngle": -45}
    chart.show(
        spec,
        {"bars": rows},
        _(
            "Histogram of final totals over {games}, from {low} to {high} points; "
            "mean totals: {means}."
        ).format(games=units_text(games, "games"), low=low, high=high, means=means),
    )


def tie_note(summary: Rows, finals: Rows, games: int) -> str:
    """Why the win rates add up to more than 100% (shared first places), or that they don't."""
    firsts = Counter(r["game"] for r in finals.records() if r["placement"] == 1)
    ties = sum(count > 1 for count in firsts.values())
    if not ties:
        return _("No game ended in a shared first place, so the win rates add up to 100%.")
    total_wins = float(sum(summary["win_rate"]))
    return _n(
        "Win rates add up to {sum}%, not 100%: in {ties} of the {games} game two or "
        "more players shared the lowest total, and a shared first place counts as a "
        "win for each of them.",
        "Win rates add up to {sum}%, not 100%: in {ties} of the {games} games two or "
        "more players shared the lowest total, and a shared first place counts as a "
        "win for each of them.",
        games,
    ).format(sum=number(100 * total_wins, spec=".0f"), ties=number(ties), games=number(games))


def verdict_html(games: int, comparisons: list[Comparison]) -> str:
    """Each seat against seat 1, or why one game compares nothing."""
    if games < 2:
        return (
            "<p><b>" + _("One game gives no interval: play at least two to compare.") + "</b></p>"
        )
    return (
        "".join(f"<p><b>{escape(str(c))}</b></p>" for c in comparisons)
        + "<p class='fc-note'>"
        + _("A difference is clear when its interval excludes 0.")
        + "</p>"
    )


def download_html(table: Rows) -> str:
    """A link that downloads the games' rows as CSV."""
    csv = table.to_csv().encode("utf-8")
    link = base64.b64encode(csv).decode("ascii")
    rows_text = _n(
        "({count} row: one per player per round per game)",
        "({count} rows: one per player per round per game)",
        len(table),
    ).format(count=number(len(table)))
    return (
        f"<a download='fivecrowns-strategy-lab.csv' href='data:text/csv;base64,{link}' "
        "class='fc-download'>" + _("⬇ Download the results as CSV") + f"</a> {rows_text}"
    )
