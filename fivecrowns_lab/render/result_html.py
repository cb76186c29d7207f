"""The engine's answers as HTML: an estimate, the outs of a hand, a comparison, a game so far,
a real table's scoresheet.

What :class:`~fivecrowns_lab.odds.estimate.Estimate`,
:class:`~fivecrowns_lab.odds.outs.Outs`, :class:`~fivecrowns_lab.odds.strategy.Comparison`
and :class:`~fivecrowns_lab.table.game.Game` show in a notebook (their ``_repr_html_``):
plain HTML strings in the learner's language, every number written with its marks.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from html import escape
from typing import TYPE_CHECKING

from ..core.rules import VARIANTS
from ..i18n import N_, and_list, number, number_text, percent
from ..i18n import gettext as _
from ..i18n import ngettext as _n
from .card_pictures import TEXT, WENT_OUT_LEGEND, card_label, card_svg, hand_html, went_out_mark

if TYPE_CHECKING:  # only for annotations: render imports none of these at run time
    from ..odds.estimate import Estimate
    from ..odds.outs import Outs
    from ..odds.strategy import Comparison
    from ..table.game import Game
    from ..table.scorebook import ScoreSheet

__all__ = ["comparison_html", "estimate_html", "game_html", "outs_html", "score_sheet_html"]


def _percent(value: float) -> str:
    """``'34.3%'`` (``'34,3 %'`` in Danish); tiny non-zero chances keep two significant
    figures (``'0.0041%'``)."""
    percent = 100 * value
    if percent != 0 and abs(percent) < 0.1:
        return number_text(f"{percent:.2g}%")
    return number_text(f"{percent:.1f}%")


#: The confidence of every interval an estimate or a comparison carries (``odds.stats``).
_LEVEL = 0.95


def _box(kind: str, inner: str) -> str:
    return (
        f'<div class="fc-{kind}" style="color:{TEXT};font-family:DejaVu Sans,Segoe UI,'
        f'Arial,sans-serif;line-height:1.45;max-width:100%;overflow-x:auto">{inner}</div>'
    )


#: The questions :mod:`fivecrowns_lab.odds.probability` asks. An estimate keeps its question
#: in English (it is data, like the API); the display translates the ones it knows.
_QUESTIONS = frozenset(
    (
        N_("going out on the deal"),
        N_("going out on the first turn"),
        N_("penalty of a dealt hand"),
    )
)
_PENALTY_QUESTION = "penalty of a dealt hand"
_VARIANT_NAMES = frozenset(variant.name for variant in VARIANTS)


def _question(question: str) -> str:
    """An estimate's question in the learner's language; a question of one's own stays as is.

    Under meld variants the engine writes ``"going out on the deal (books in different
    suits)"``: the question and each variant's name are translated one by one.
    """
    if question in _QUESTIONS:
        return _(question)
    base, bracket, rest = question.partition(" (")
    names = rest.removesuffix(")").split(", ")
    if bracket and rest.endswith(")") and base in _QUESTIONS and _VARIANT_NAMES.issuperset(names):
        variants = ", ".join(_(name) for name in names)
        return _("{question} ({variants})").format(question=_(base), variants=variants)
    return question


def _exact(value: Fraction, chance: bool = True) -> str:
    """A counted value: its fraction (digits grouped), decimal and percentage, and how; a
    mean (``chance`` false: the penalty) is in points, never a percentage."""
    fraction = (
        f"<sup>{number(value.numerator)}</sup>&frasl;<sub>{number(value.denominator)}"
        f"</sub> ({value.numerator}/{value.denominator})"
        if value.denominator != 1
        else str(value)
    )
    exactly = (
        _("<b>exactly {fraction}</b> = {decimal} ≈ {percent}")
        if chance
        else _("<b>exactly {fraction}</b> = {decimal} points on average")
    ).format(fraction=fraction, decimal=number(value, spec=".6g"), percent=_percent(float(value)))
    counted = escape(_("counted over every possible deal"))
    return f"{exactly}<br><small>{counted}</small>"


def _simulated(estimate: Estimate, chance: bool = True) -> str:
    """A simulated value: the value, its interval, and the deals (and seed) it came from; a
    mean (``chance`` false: the penalty) is in points, never a percentage."""
    value = float(estimate.value)
    low, high = estimate.ci
    about = (
        _("<b>about {value}</b> ≈ {percent}")
        if chance
        else _("<b>about {value}</b> points on average")
    ).format(value=number(value, spec=".4g"), percent=_percent(value))
    interval = (
        _("{level} confidence interval: {low} to {high} ({low_percent} to {high_percent})")
        if chance
        else _("{level} confidence interval: {low} to {high} points")
    ).format(
        level=percent(_LEVEL, 0),
        low=number(low, spec=".4g"),
        high=number(high, spec=".4g"),
        low_percent=_percent(low),
        high_percent=_percent(high),
    )
    if estimate.seed is None:
        source = _n("from {count} simulated deal", "from {count} simulated deals", estimate.trials)
    else:
        source = _n(
            "from {count} simulated deal, seed {seed}",
            "from {count} simulated deals, seed {seed}",
            estimate.trials,
        )
    source = source.format(count=number(estimate.trials), seed=estimate.seed)
    return f"{about}<br>{escape(interval)}<br><small>{escape(source)}</small>"


def estimate_html(estimate: Estimate) -> str:
    """An :class:`~fivecrowns_lab.odds.estimate.Estimate`: the fraction, the decimal and
    the interval, in words.

    >>> from fractions import Fraction
    >>> from fivecrowns_lab.odds.probability import Estimate
    >>> exact = Estimate("go out on the deal", 1, Fraction(1, 8), (0.125, 0.125), "exact")
    >>> html = estimate_html(exact)
    >>> "1/8" in html, "0.125" in html, "12.5%" in html
    (True, True, True)
    """
    head = _("Round {round}: {question}").format(
        round=estimate.round_no, question=escape(_question(estimate.question))
    )
    # The penalty's estimate is a mean number of points, not a chance.
    chance = estimate.question.partition(" (")[0] != _PENALTY_QUESTION
    body = (
        _exact(Fraction(estimate.value), chance)
        if estimate.exact
        else _simulated(estimate, chance)
    )
    return _box("estimate", f"<div>{head}</div><div>{body}</div>")


def _or_list(items: Iterable[str]) -> str:
    """``items`` as alternatives: "a or b or c" (every pair joined by the language's "or")."""
    text = ""
    for item in items:
        text = _("{cards} or {card}").format(cards=text, card=item) if text else item
    return text


def outs_html(result: Outs, *, width: int = 36) -> str:
    """An :class:`~fivecrowns_lab.odds.outs.Outs`: the hand, the chance of drawing an out,
    and a table of the out cards with their unseen copies and the discards they allow."""
    r = result.round_no
    parts = [hand_html(result.hand, r, width=width)]
    if result.goes_out_now:
        already = escape(_("This hand can go out already."))
        parts.append(f"<p><b>{already}</b></p>")
    if result.discard is not None:
        text = _("Discard {card} first: it leaves the most outs.").format(card=result.discard)
        parts.append(f"<p>{escape(text)}</p>")
    chance = _n(
        "<b>{count} out</b> among {unseen} unseen cards: a {chance} chance that the next card "
        "drawn is one.",
        "<b>{count} outs</b> among {unseen} unseen cards: a {chance} chance that the next card "
        "drawn is one.",
        result.count,
    ).format(
        count=number(result.count),
        unseen=number(result.unseen_total),
        chance=_percent(float(result.probability)),
    )
    parts.append(f"<p>{chance}</p>")
    if result.outs:
        rows = "".join(
            "<tr>"
            f"<td>{card_svg(out.card, r, width=28)}</td>"
            f'<td class="fc-left">{escape(card_label(out.card, r))}</td>'
            f"<td>{number(out.unseen)}</td>"
            f'<td class="fc-left">{escape(_or_list(str(c) for c in out.discards))}</td>'
            "</tr>"
            for out in result.outs
        )
        out, card = escape(_("out")), escape(_("card"))
        copies, then = escape(_("unseen copies")), escape(_("then discard"))
        parts.append(
            f'<table class="fc-table"><thead><tr><th>{out}</th><th class="fc-left">{card}</th>'
            f'<th>{copies}</th><th class="fc-left">{then}</th></tr></thead>'
            f"<tbody>{rows}</tbody></table>"
        )
    return _box("outs", "".join(parts))


def _one_place(value: float) -> str:
    """Points a game to one decimal place, with no thousands mark (as they always were)."""
    return number(value, spec=".1f")


def comparison_html(comparison: Comparison) -> str:
    """A :class:`~fivecrowns_lab.odds.strategy.Comparison`: the verdict and its interval."""
    low, high = comparison.ci
    a, b = escape(comparison.a), escape(comparison.b)
    if high < 0 or low > 0:
        better, worse = (a, b) if comparison.mean < 0 else (b, a)
        verdict = _("<b>{better} beats {worse}</b> by {points} points a game.").format(
            better=better, worse=worse, points=_one_place(abs(comparison.mean))
        )
    else:
        verdict = _("<b>No clear winner yet</b>: the interval includes 0, so play more games.")
    detail = _n(
        "{a} minus {b}: {mean} points a game on average, {level} confidence interval {low} to "
        "{high}, over {count} game on the same deals (fewer points is better).",
        "{a} minus {b}: {mean} points a game on average, {level} confidence interval {low} to "
        "{high}, over {count} games on the same deals (fewer points is better).",
        comparison.games,
    ).format(
        a=a,
        b=b,
        level=percent(_LEVEL, 0),
        mean=_one_place(comparison.mean),
        low=_one_place(low),
        high=_one_place(high),
        count=number(comparison.games),
    )
    return _box("comparison", f"<div>{verdict}</div><div>{detail}</div>")


def _game_state(game: Game, names: list[str]) -> str:
    """The scoresheet's first line: who won, or where the game stands."""
    if game.is_over:
        return _("Game over: {winners} won.").format(
            winners=and_list([names[w] for w in game.winners()])
        )
    round_no = game.round_no
    if game.phase == "round_over":
        return _("Round {round} is over.").format(round=round_no)
    player = None if game.current_player is None else names[game.current_player]
    if player is not None and game.phase == "draw":
        return _("Round {round}: {player} to draw.").format(round=round_no, player=player)
    if player is not None:
        return _("Round {round}: {player} to discard.").format(round=round_no, player=player)
    return _("Round {round}.").format(round=round_no)


def game_html(game: Game) -> str:
    """A :class:`~fivecrowns_lab.table.game.Game`: the scoresheet so far, one column per
    player, each cell the round's points and the running total, then the totals."""
    from ..core.melds import rank_text
    from ..core.rules import wild_rank

    names = [escape(n) for n in game.names]
    head = "".join(f"<th>{n}</th>" for n in names)
    rows = []
    totals = [0] * len(names)
    for result in game.round_results:
        cells = []
        for player, points in enumerate(result.points):
            totals[player] += points
            first = f" {went_out_mark()}" if result.went_out == player else ""
            cells.append(
                f"<td>{number(points)} <small>({number(totals[player])}){first}</small></td>"
            )
        wild = _("({rank}s wild)").format(rank=rank_text(wild_rank(result.round_no)))
        rows.append(
            f'<tr><td class="fc-left">{result.round_no} <small>{escape(wild)}</small></td>'
            f"{''.join(cells)}</tr>"
        )
    if not rows:
        empty = escape(_("no round scored yet"))
        rows.append(f'<tr><td class="fc-left" colspan="{len(names) + 1}">{empty}</td></tr>')
    total_cells = "".join(f"<th>{number(t)}</th>" for t in game.totals)
    round_, total = escape(_("round")), escape(_("total"))
    legend = escape(_(WENT_OUT_LEGEND))
    return _box(
        "game",
        f"<div>{_game_state(game, names)}</div>"
        f'<table class="fc-table fc-scoresheet"><thead><tr><th class="fc-left">{round_}</th>'
        f"{head}</tr></thead><tbody>{''.join(rows)}</tbody>"
        f'<tfoot><tr><th class="fc-left">{total}</th>{total_cells}</tr></tfoot></table>'
        f"<div><small>{legend}.</small></div>",
    )


def score_sheet_html(sheet: ScoreSheet) -> str:
    """A real-table :class:`~fivecrowns_lab.table.scorebook.ScoreSheet`: one row per player,
    each round's points, then the running total once, the place (ties shared) beside it.

    >>> from fivecrowns_lab.table.scorebook import ScoreSheet
    >>> html = score_sheet_html(ScoreSheet(["Ann", "Ben"]).with_round([12, 0]))
    >>> "total so far" in html and html.count("12") == 2
    True
    """
    from ..table.scorebook import placements

    if not sheet.players:
        return ""
    totals = sheet.totals()
    places = placements(totals)
    short = _("R{round}")  # a column per round, headed short: R1, R2, ...
    head = "".join(f"<th>{short.format(round=i + 1)}</th>" for i in range(len(sheet.rounds)))
    tie_word = _("(tie)")
    rows = []
    for p, name in enumerate(sheet.players):
        cells = "".join(f"<td>{number(r[p])}</td>" for r in sheet.rounds)
        tie = sum(1 for q in places if q == places[p]) > 1
        place = f"{places[p]} {tie_word}" if tie else f"{places[p]}"
        hl = " class='fc-hl'" if places[p] == 1 and sheet.rounds else ""
        rows.append(
            f"<tr{hl}><td class='fc-left'>{escape(name)}</td>{cells}"
            f"<td class='fc-total'><b>{number(totals[p])}</b></td><td>{place}</td></tr>"
        )
    label, player, place_word = _("Scoresheet"), _("player"), _("place")
    # While rounds are still to come the total is the running total: said once, in its column.
    total = _("total") if sheet.over else _("total so far")
    note = _("Lowest total wins; players tied share the place.")
    return (
        f"<table class='fc-table' aria-label='{label}'><tr><th class='fc-left'>{player}</th>"
        f"{head}<th>{total}</th><th>{place_word}</th></tr>{''.join(rows)}</table>"
        f"<p><small>{note}</small></p>"
    )
