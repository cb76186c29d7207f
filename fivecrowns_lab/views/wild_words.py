"""Lesson 07's words: the verdict on a guess, the gap explained, the formula and the tables.

Pure functions of the exact distribution and the hands dealt, written in the learner's
language; :class:`~fivecrowns_lab.views.wild_count.WildCountLesson` shows them.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb, sqrt
from typing import Any

from ..core.cards import Hand
from ..core.rules import hand_size
from ..i18n import gettext as _
from ..i18n import ngettext as _n
from ..i18n import number, number_text
from ..odds.counting import DECK_SIZE, WILDS_IN_DECK
from ..render import hand_html
from .lesson_parts import hands_text, reveal_html, wilds_text
from .plots import pct, table_html

__all__ = [
    "bars_text",
    "dealt_sentence",
    "formula_html",
    "gap_explanation",
    "guess_verdict",
    "prediction_html",
    "wild_table_html",
]

_NATURALS = DECK_SIZE - WILDS_IN_DECK


def _gap_fields(
    exact: dict[int, Fraction], counts: dict[int, int], dealt: int
) -> tuple[float, dict[str, Any]]:
    """The bar furthest off for what chance allows, in standard errors, and its numbers."""

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
    return far, {
        "wilds": wilds_text(k),
        "share": pct(got / dealt),
        "hands": hands_text(dealt),
        "exact": pct(p),
        "points": number(points, spec=".2f" if points < 1 else ".1f"),
        "expected": number(expected, spec=",.1f"),
        "got": number(got),
        "typical": number(sqrt(dealt * p * (1 - p)), spec=",.1f"),
        "gap": number(abs(got - expected), spec=",.1f"),
        "far": number(far, spec=".1f"),
        "bars": len(exact),
    }


def gap_explanation(exact: dict[int, Fraction], counts: dict[int, int], dealt: int) -> str:
    """How far the most surprising bar is from its exact share, in plain words, with a *Why?*.

    The bar chosen is the one furthest off for what chance allows: each bar's count of
    hands wanders by about ±√(hands · p · (1 − p)) by chance alone, so a rare count stays
    far off, in relative terms, for a long time. The paragraph says only whether the gap
    is usual for this many hands; the z-score reasoning waits in a ``<details>`` block.
    """
    if not dealt:
        return ""
    far, fields = _gap_fields(exact, counts, dealt)
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
    fields = {"round": round_no, "top": number(top), "wilds": wilds_text(k), "guess": number(k)}
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
        "wilds": wilds_text(k),
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


def formula_html(round_no: int, last_hand: Hand | None) -> str:
    """The hypergeometric formula for the round's hand size, and the last hand dealt."""
    n = hand_size(round_no)
    last = (
        "<p>" + _("Your last hand:") + f"</p>{hand_html(last_hand.sorted(), round_no, width=36)}"
        if last_hand is not None
        else ""
    )
    return (
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


def wild_table_html(
    round_no: int, exact: dict[int, Fraction], counts: dict[int, int], dealt: int
) -> str:
    """The table of every number of wilds: its count of hands, exact share and dealt share."""
    n = hand_size(round_no)
    rows = [
        [
            str(k),
            f"{number(comb(WILDS_IN_DECK, k))} × {number(comb(_NATURALS, n - k))}",
            pct(exact[k]),
            pct(counts.get(k, 0) / dealt) if dealt else "—",
        ]
        for k in sorted(exact)
    ]
    return table_html(
        [
            _("wilds k"),
            _("hands with k wilds"),
            _("exact"),
            _("dealt ({count})").format(count=number(dealt)),
        ],
        rows,
        _("Out of C(116, {n}) = {count} hands").format(n=n, count=number(comb(DECK_SIZE, n))),
    )


def hidden_table_html() -> str:
    """The place of the table before a guess is committed."""
    hidden = _("The table of exact chances appears once you commit a guess.")
    return f"<div class='fc-panel fc-hidden-answer'><p>{hidden}</p></div>"


def prediction_html(
    round_no: int,
    exact: dict[int, Fraction],
    guess: tuple[int, int] | None,
    counts: dict[int, int],
    dealt: int,
) -> str:
    """The guess beside the exact answer (and the dealt hands' answer), with the verdict."""
    top = max(exact, key=lambda j: exact[j])
    rows = []
    if guess is not None:
        rows.append([_("your prediction"), wilds_text(guess[0]), number_text(f"{guess[1]}%")])
    rows.append([_("exact (counting)"), wilds_text(top), pct(exact[top])])
    if dealt:
        dealt_top = max(counts, key=lambda j: counts[j])
        rows.append(
            [
                _n("your {count} hand", "your {count} hands", dealt).format(count=number(dealt)),
                wilds_text(dealt_top),
                pct(counts[dealt_top] / dealt),
            ]
        )
    if guess is None:
        words = _("You skipped the guess: next time, commit one first. It sticks better.")
    else:
        words = guess_verdict(round_no, exact, *guess)
    return reveal_html(
        table_html(["", _("most common number of wilds"), _("its share of hands")], rows)
        + f"<p>{words}</p>"
    )


def bars_text(
    round_no: int, exact: dict[int, Fraction], dealt: int, guess: tuple[int, int] | None
) -> str:
    """The bar chart in words, for a screen reader: one sentence, then the guess."""
    top = max(exact, key=lambda j: exact[j])
    fields = {
        "most": max(exact),
        "count": hand_size(round_no),
        "top": top,
        "share": pct(exact[top]),
        "dealt": number(dealt),
    }
    text = (
        _(
            "Bar chart of the chance of 0 to {most} wild cards in a {count}-card hand; the "
            "most likely is {top} ({share}); {dealt} dealt hands shown beside it."
        )
        if dealt
        else _(
            "Bar chart of the chance of 0 to {most} wild cards in a {count}-card hand; the "
            "most likely is {top} ({share})."
        )
    ).format(**fields)
    if guess is not None:
        text += " " + _("Your prediction: {wilds} in {share} of hands.").format(
            wilds=wilds_text(guess[0]), share=number_text(f"{guess[1]}%")
        )
    return text


def dealt_sentence(round_no: int, exact: dict[int, Fraction], counts: dict[int, int]) -> str:
    """The status after a deal: the mean number of wilds and the largest gap, in words."""
    dealt = sum(counts.values())
    mean = sum(k * v for k, v in counts.items()) / dealt
    size = hand_size(round_no)
    exact_mean = Fraction(WILDS_IN_DECK * size, DECK_SIZE)
    gap = max(abs(counts.get(k, 0) / dealt - float(p)) for k, p in exact.items())
    return _n(
        "{count} hand dealt: on average {mean} wilds per hand (exact: 16 × {size} / 116 = "
        "{exact}). The largest gap between an orange and a blue bar is {gap} percentage "
        "points; it shrinks like 1/√(hands): about {shrink} at this many.",
        "{count} hands dealt: on average {mean} wilds per hand (exact: 16 × {size} / 116 "
        "= {exact}). The largest gap between an orange and a blue bar is {gap} "
        "percentage points; it shrinks like 1/√(hands): about {shrink} at this many.",
        dealt,
    ).format(
        count=number(dealt),
        mean=number(mean, spec=".3f"),
        size=size,
        exact=number(float(exact_mean), spec=".3f"),
        gap=number(100 * gap, spec=".1f"),
        shrink=number(100 / sqrt(dealt), spec=".1f"),
    )
