"""The play lesson's table as HTML strings: seats, laid-down melds, moves, summary, scores.

Pure functions of what one viewer may see (an observation, the public moves, the
scored rounds); :class:`~fivecrowns_lab.views.play.PlayLesson` puts them in widgets.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from ..core.cards import Card, format_cards
from ..errors import plural
from ..render import (
    WENT_OUT_LEGEND,
    WENT_OUT_MARK,
    arrangement_html,
    card_back_svg,
    card_html,
    points_text,
)
from ..table.game import Game
from ..table.observation import Observation

__all__ = [
    "banner_html",
    "moves_html",
    "sheet_html",
    "staged_html",
    "summary_html",
    "table_html",
]


def banner_html(game: Game, learner: str = "You") -> str:
    """The winner banner that ends a game (empty until the game is over)."""
    if game.phase != "game_over":
        return ""
    winners = [game.names[w] for w in game.winners()]
    best = min(game.totals)
    who = " and ".join(winners)
    verb = "win" if winners == [learner] or len(winners) > 1 else "wins"
    share = " (a shared first place)" if len(winners) > 1 else ""
    return (
        "<div class='fc-panel fc-banner' role='status' style='font-size:18px;"
        "background:#e6f4ee;border-color:#009E73'>"
        f"<b>{escape(who)} {verb} the game</b> with {best} "
        f"point{'s' if best != 1 else ''}{share}.</div>"
    )


def staged_html(staged: Sequence[Sequence[Card]], round_no: int) -> str:
    """The melds the person to play has laid down this turn."""
    if not staged:
        return ""
    melds = "".join(
        "<div style='display:flex;gap:2px' role='group' "
        f"aria-label='meld {escape(format_cards(m))}'>"
        + "".join(card_html(c, round_no, width=40) for c in m)
        + "</div>"
        for m in staged
    )
    return (
        "<div class='fc-panel'><b>Laid down this turn</b> "
        "<small>(they stay down when you go out)</small>"
        f"<div style='display:flex;flex-wrap:wrap;gap:10px'>{melds}</div></div>"
    )


def moves_html(moves: Sequence[tuple[str, str]], over: bool) -> str:
    """This round's moves; the bots' reasons (which hint at their hands) once it is over."""
    if not moves:
        return ""
    # The whole round is kept; a long round scrolls inside its box instead of being cut.
    lines = "".join(
        f"<li>{escape(seen)}"
        + (f" <i>Its thinking: “{escape(why)}”</i>" if over and why else "")
        + "</li>"
        for seen, why in moves
    )
    note = (
        ""
        if over
        else "<p><small>The bots explain their moves when the round is over.</small></p>"
    )
    return (
        "<details open><summary>Moves this round</summary>"
        f"<div style='max-height:22em;overflow-y:auto'><ol>{lines}</ol></div>{note}</details>"
    )


def table_html(game: Game, obs: Observation, who: Sequence[str]) -> str:
    """Every seat: name, ``who`` plays it, card backs, total and the melds laid down."""
    seats = []
    for q, name in enumerate(game.names):
        backs = "".join(card_back_svg(width=22, label="") for _ in range(obs.hand_sizes[q]))
        laid = "".join(
            "<div style='display:flex'>"
            + "".join(card_html(c, obs.round_no, width=30) for c in m.cards)
            + "</div>"
            for m in obs.table[q]
        )
        playing = q == game.current_player and game.phase in ("draw", "discard")
        mark = " ◀ to play" if playing else ""
        seats.append(
            f"<div class='fc-panel' style='min-width:150px'><b>{escape(name)}</b> "
            f"<small>({escape(who[q])})</small>{mark}<br><small>"
            f"{plural(obs.hand_sizes[q], 'card')} · total {obs.totals[q]}</small>"
            f"<div aria-label='{plural(obs.hand_sizes[q], 'card')} face down'>{backs}</div>"
            f"{laid}</div>"
        )
    return f"<div style='display:flex;flex-wrap:wrap;gap:8px'>{''.join(seats)}</div>"


def summary_html(game: Game) -> str:
    """The last round's hands, laid out, once it is scored."""
    if game.phase not in ("round_over", "game_over") or not game.round_results:
        return ""
    result = game.round_results[-1]
    parts = [f"<h4 style='margin:6px 0 2px'>Round {result.round_no} summary</h4>"]
    for q, name in enumerate(game.names):
        out = " — <b>went out</b>" if result.went_out == q else ""
        parts.append(
            f"<div class='fc-panel'><b>{escape(name)}</b>{out}: "
            f"{points_text(result.points[q])}"
            f"{arrangement_html(result.arrangements[q], width=34)}"
            "</div>"
        )
    return "".join(parts)


def sheet_html(game: Game) -> str:
    """The scoresheet: each round's points and running totals, the total and the place."""
    if not game.round_results:
        return ""
    places = game.placements()
    head = "".join(f"<th>R{r.round_no}</th>" for r in game.round_results)
    rows = []
    for q, name in enumerate(game.names):
        running, cells = 0, []
        for r in game.round_results:
            running += r.points[q]
            out = f" {WENT_OUT_MARK}" if r.went_out == q else ""
            cells.append(f"<td>{r.points[q]}{out}<br><small>Σ {running}</small></td>")
        rows.append(
            f"<tr><td class='fc-left'>{escape(name)}</td>{''.join(cells)}"
            f"<td><b>{game.totals[q]}</b></td><td>{places[q]}</td></tr>"
        )
    return (
        f"<h4 style='margin:6px 0 2px'>Scoresheet ({WENT_OUT_LEGEND})</h4>"
        "<table class='fc-table'>"
        f"<tr><th class='fc-left'>player</th>{head}<th>total</th><th>place</th></tr>"
        f"{''.join(rows)}</table>"
    )
