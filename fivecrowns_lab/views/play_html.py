"""The play lesson's table as HTML strings: seats, laid-down melds, moves, summary, scores.

Pure functions of what one viewer may see (an observation, the public moves, the
scored rounds); :class:`~fivecrowns_lab.views.play.PlayLesson` puts them in widgets.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from ..core.cards import Card, format_cards
from ..i18n import and_list, number
from ..i18n import gettext as _
from ..i18n import ngettext as _n
from ..render import (
    WENT_OUT_LEGEND,
    arrangement_html,
    card_back_svg,
    card_html,
    points_text,
    went_out_mark,
)
from ..table.actions import Action, Discard, Draw, GoOut
from ..table.game import Game
from ..table.observation import Observation

__all__ = [
    "banner_html",
    "coach_html",
    "moves_html",
    "public_move",
    "sheet_html",
    "staged_html",
    "summary_html",
    "table_html",
]


def banner_html(game: Game, learner: str | None = None) -> str:
    """The winner banner that ends a game (empty until the game is over).

    ``learner`` is the name of the person at the screen (``"You"`` in the learner's
    language by default): "You win", but "Bot 1 wins".
    """
    if game.phase != "game_over":
        return ""
    learner = _("You") if learner is None else learner
    winners = [game.names[w] for w in game.winners()]
    best = min(game.totals)
    who = escape(and_list(winners))
    # The bold part ends at "the game"; the tags are in the sentence so each language
    # chooses where (the sentence is ours, the names are escaped).
    if len(winners) > 1:
        text = _n(
            "<b>{who} win the game</b> with {points} point (a shared first place).",
            "<b>{who} win the game</b> with {points} points (a shared first place).",
            best,
        )
    elif winners == [learner]:
        text = _n(
            "<b>{who} win the game</b> with {points} point.",
            "<b>{who} win the game</b> with {points} points.",
            best,
        )
    else:
        text = _n(
            "<b>{who} wins the game</b> with {points} point.",
            "<b>{who} wins the game</b> with {points} points.",
            best,
        )
    return (
        "<div class='fc-panel fc-banner' role='status' style='font-size:18px;"
        "background:#e6f4ee;border-color:#009E73'>"
        f"{text.format(who=who, points=number(best))}</div>"
    )


def staged_html(staged: Sequence[Sequence[Card]], round_no: int) -> str:
    """The melds the person to play has laid down this turn."""
    if not staged:
        return ""
    label = _("meld {cards}")
    melds = "".join(
        "<div style='display:flex;gap:2px' role='group' "
        f"aria-label='{escape(label.format(cards=format_cards(m)))}'>"
        + "".join(card_html(c, round_no, width=40) for c in m)
        + "</div>"
        for m in staged
    )
    heading = escape(_("Laid down this turn"))
    note = escape(_("(they stay down when you go out)"))
    return (
        f"<div class='fc-panel'><b>{heading}</b> <small>{note}</small>"
        f"<div style='display:flex;flex-wrap:wrap;gap:10px'>{melds}</div></div>"
    )


def moves_html(moves: Sequence[tuple[str, str]], over: bool) -> str:
    """This round's moves; the bots' reasons (which hint at their hands) once it is over.

    Each move is (what everyone saw, the bot's thought as the log quotes it, or "").
    """
    if not moves:
        return ""
    # The whole round is kept; a long round scrolls inside its box instead of being cut.
    lines = "".join(
        f"<li>{escape(seen)}" + (f" <i>{escape(why)}</i>" if over and why else "") + "</li>"
        for seen, why in moves
    )
    later = escape(_("The bots explain their moves when the round is over."))
    moves_heading = _("Moves this round")
    note = "" if over else f"<p><small>{later}</small></p>"
    return (
        f"<details open><summary>{escape(moves_heading)}</summary>"
        f"<div style='max-height:22em;overflow-y:auto'><ol>{lines}</ol></div>{note}</details>"
    )


def table_html(game: Game, obs: Observation, who: Sequence[str]) -> str:
    """Every seat: name, ``who`` plays it, card backs, total and the melds laid down."""
    seats = []
    for q, name in enumerate(game.names):
        backs = "".join(card_back_svg(width=22, label="") for _back in range(obs.hand_sizes[q]))
        laid = "".join(
            "<div style='display:flex'>"
            + "".join(card_html(c, obs.round_no, width=30) for c in m.cards)
            + "</div>"
            for m in obs.table[q]
        )
        playing = q == game.current_player and game.phase in ("draw", "discard")
        mark = escape(_(" ◀ to play")) if playing else ""
        n = obs.hand_sizes[q]
        held = _n("{count} card · total {total}", "{count} cards · total {total}", n)
        down = _n("{count} card face down", "{count} cards face down", n)
        seats.append(
            f"<div class='fc-panel' style='min-width:150px'><b>{escape(name)}</b> "
            f"<small>({escape(who[q])})</small>{mark}<br><small>"
            f"{escape(held.format(count=n, total=number(obs.totals[q])))}</small>"
            # one picture of the whole row for a screen reader: "3 cards face down"
            f"<div role='img' aria-label='{escape(down.format(count=n))}'>{backs}</div>"
            f"{laid}</div>"
        )
    return f"<div style='display:flex;flex-wrap:wrap;gap:8px'>{''.join(seats)}</div>"


def summary_html(game: Game) -> str:
    """The last round's hands, laid out, once it is scored."""
    if game.phase not in ("round_over", "game_over") or not game.round_results:
        return ""
    result = game.round_results[-1]
    heading = escape(_("Round {round} summary").format(round=result.round_no))
    parts = [f"<h4 style='margin:6px 0 2px'>{heading}</h4>"]
    went_out = escape(_("went out"))
    for q, name in enumerate(game.names):
        out = f" — <b>{went_out}</b>" if result.went_out == q else ""
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
    short = _("R{round}")
    head = "".join(
        f"<th>{escape(short.format(round=r.round_no))}</th>" for r in game.round_results
    )
    rows = []
    for q, name in enumerate(game.names):
        running, cells = 0, []
        for r in game.round_results:
            running += r.points[q]
            out = f" {went_out_mark()}" if r.went_out == q else ""
            cells.append(
                f"<td>{number(r.points[q])}{out}<br><small>Σ {number(running)}</small></td>"
            )
        rows.append(
            f"<tr><td class='fc-left'>{escape(name)}</td>{''.join(cells)}"
            f"<td><b>{number(game.totals[q])}</b></td><td>{places[q]}</td></tr>"
        )
    heading = escape(_("Scoresheet ({legend})").format(legend=_(WENT_OUT_LEGEND)))
    player, total, place = escape(_("player")), escape(_("total")), escape(_("place"))
    return (
        f"<h4 style='margin:6px 0 2px'>{heading}</h4>"
        "<table class='fc-table'>"
        f"<tr><th class='fc-left'>{player}</th>{head}<th>{total}</th><th>{place}</th></tr>"
        f"{''.join(rows)}</table>"
    )


def coach_html(line: str, where: str, flag: str = "") -> str:
    """The coach's panel: its ``line``, ``where`` the learner is ("step 2 of 7"), and a
    ``flag`` on a mistake just refused (all in the learner's language)."""
    careful, coach = escape(_("Careful:")), escape(_("Coach"))
    warning = (
        "<div class='fc-coach-flag' style='margin-top:4px;padding:4px 8px;"
        "border-left:4px solid #D55E00;background:#fdecea;color:#8a1c0b'>"
        f"<b>{careful}</b> {escape(flag)}</div>"
        if flag
        else ""
    )
    return (
        "<div class='fc-panel fc-coach' role='status' aria-live='polite'>"
        f"<b>{coach}</b> <small>({escape(where)})</small>: {escape(line)}{warning}</div>"
    )


def public_move(action: Action, top: Card | None) -> str:
    """An action as the other players see it, told in the past as the moves list tells
    every move (a card taken from the discard is named: ``top``, the pile's top card)."""
    if isinstance(action, Draw) and action.source == "discard" and top is not None:
        return _("took the {card} from the discard pile").format(card=top)
    if isinstance(action, Draw):
        return _("drew from the stock")
    if isinstance(action, Discard):
        return _("discarded {card}").format(card=action.card)
    if isinstance(action, GoOut):
        melds = " | ".join(map(format_cards, action.melds or ()))
        if action.discard is None:
            text = (
                _("went out with no discard, laying {melds}")
                if melds
                else _("went out with no discard")
            )
        else:
            text = (
                _("went out, discarding {card}, laying {melds}")
                if melds
                else _("went out, discarding {card}")
            )
        return text.format(card=action.discard, melds=melds)
    return str(action)
