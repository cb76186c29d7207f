"""Lesson 09's words and tables: the hand's note, the guess beside the truth, the outs.

Pure functions of the engine's :class:`~fivecrowns_lab.odds.outs.Outs`; the lesson
(:class:`~fivecrowns_lab.views.outs_lesson.OutsLesson`) shows them.
"""

from __future__ import annotations

from fractions import Fraction
from html import escape

from ..core.cards import Hand
from ..core.rules import hand_size, wild_rank_text
from ..i18n import gettext as _
from ..i18n import ngettext as _n
from ..i18n import number
from ..odds.outs import Outs, rule_of_thumb
from .plots import fraction_html, pct, table_html

__all__ = [
    "already_out_html",
    "guess_said",
    "hand_note_html",
    "outs_found_sentence",
    "outs_html",
    "outs_question_html",
    "thumb_text",
    "turns_table_html",
]


def already_out_html() -> str:
    """The panel that stands for the outs of a hand that can go out already."""
    return (
        "<div class='fc-panel'><p>"
        + _(
            "<b>This hand can already go out.</b> Whatever card you draw, you can "
            "meld and discard: every card would be an “out”, so counting outs "
            "tells you nothing here. Change a card to see a hand that is waiting."
        )
        + "</p></div>"
    )


def hand_note_html(result: Outs, hand: Hand) -> str:
    """The round's wilds, and what the hand does first: go out now, or which card to discard."""
    r = result.round_no
    note = (
        "<p>"
        + _("Round {round}: {count} cards, <b>{rank}s and jokers wild</b>.").format(
            round=r, count=hand_size(r), rank=escape(wild_rank_text(r))
        )
        + "</p>"
    )
    if result.discard is None:
        return note
    if result.goes_out_now:
        said = _(
            "<b>You can go out right now</b>: lay down your melds and discard "
            "{card}. No outs to count."
        ).format(card=escape(str(result.going_out_discard)))
    else:
        said = _(
            "You hold {count} cards (after drawing): discard <b>{card}</b> to keep the most outs."
        ).format(count=len(hand), card=escape(str(result.discard)))
    return note + f"<p>{said}</p>"


def outs_question_html(unseen: int) -> str:
    """The question the guess answers."""
    return _(
        "Of the <b>{unseen}</b> cards you have not seen, how many would let this "
        "hand go out if you drew one? Count the copies (most cards exist twice)."
    ).format(unseen=unseen)


def guess_said(guessed: int | None, result: Outs) -> str:
    """The guess beside the number of unseen outs, in a sentence."""
    truth = result.count
    if guessed is None:
        said = _("You skipped the guess: the hand has <b>{truth}</b> unseen outs.")
    elif guessed == truth:
        said = _("<b>Exactly right:</b> {truth} unseen outs.")
    else:
        off = guessed - truth
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
            guess=guessed,
            truth="{truth}",
            off=abs(off),
            exact=pct(Fraction(truth, result.unseen_total)),
            yours=pct(Fraction(min(guessed, result.unseen_total), result.unseen_total)),
        )
    return said.format(truth=truth)


def outs_html(result: Outs) -> str:
    """The chance that the next card is an out, and the table of the outs."""
    if result.outs:
        rows = [
            [escape(str(o.card)), str(o.unseen), escape(" ".join(map(str, o.discards)))]
            for o in result.outs
        ]
        outs_table = table_html([_("out"), _("unseen copies"), _("then discard")], rows)
    else:
        outs_table = (
            "<p>" + _("No single card lets this hand go out: it needs two or more.") + "</p>"
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
    return f"<p>{chance}</p>" + outs_table


def outs_found_sentence(result: Outs) -> str:
    """The status once the outs are shown."""
    text = _n(
        "{kinds} kind of card, {count} unseen copies: {chance} on the next draw.",
        "{kinds} kinds of card, {count} unseen copies: {chance} on the next draw.",
        len(result.outs),
    )
    return text.format(
        kinds=number(len(result.outs)), count=result.count, chance=pct(result.probability)
    )


def thumb_text(count: int, turns: int) -> str:
    """The rule of thumb's chance, or that it breaks down past 100%."""
    value = rule_of_thumb(count, turns)
    return pct(value) if value <= 1 else _("breaks down (over 100%)")


def turns_table_html(result: Outs, turns: int) -> str:
    """The exact chance and the rule of thumb within 1 to ``turns`` turns."""
    rows = [
        [str(d), pct(result.within(d)), thumb_text(result.count, d)] for d in range(1, turns + 1)
    ]
    headers = [_("within turns"), _("exact"), _("rule of thumb: 1% per out per turn")]
    note = _(
        "Exact: 1 − C(unseen − outs, t) / C(unseen, t), keeping the same hand and "
        "discarding each card that is not an out. The rule of thumb adds 1% per out per "
        "turn, so with many outs it passes 100%, which no chance can."
    )
    return table_html(headers, rows) + f"<p class='fc-note'>{note}</p>"
