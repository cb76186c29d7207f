"""Cards as pictures: plain HTML and SVG strings, no widget library.

Every card is a small SVG with its rank in two corners and its suit's own
symbol and colour (the colour is never the only clue). In a round, wild cards
carry a "WILD" text badge and a thicker border, and a joker is always wild.

The card faces stay light in every theme, on purpose, and everything printed on
them uses a darker "ink" of its suit's colour (:data:`SUIT_INK`) that reaches the
WCAG AA contrast of 4.5:1 on the face, down to the smallest corner index. The rest
of the HTML takes its colours from JupyterLab's CSS variables (the views' theme,
or the notebook's), with the light values as fallbacks, so it reads in dark mode too.
``Card``, ``Hand``, ``Meld`` and ``Arrangement`` use these functions for
``_repr_html_``, and the widgets in :mod:`fivecrowns_lab.views` reuse them.

>>> from fivecrowns_lab.core.cards import parse_cards
>>> svg = card_svg(parse_cards("7H")[0], 5)
>>> 'aria-label="7 of hearts, wild"' in svg and ">WILD<" in svg
True
>>> card_label(parse_cards("KH")[0], 11)
'king of hearts, wild'
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import TYPE_CHECKING

from ..core.cards import Card, Suit
from ..core.rules import card_points, check_round, is_wild
from ..i18n import N_, number
from ..i18n import gettext as _
from ..i18n import ngettext as _n

if TYPE_CHECKING:  # only for annotations: render imports none of these at run time
    from ..core.arrangement import Arrangement

__all__ = [
    "CARD_FACE",
    "SUIT_INK",
    "WENT_OUT_LEGEND",
    "WENT_OUT_MARK",
    "WILD_COLOUR",
    "arrangement_html",
    "card_back_svg",
    "card_html",
    "card_label",
    "card_svg",
    "hand_html",
    "hand_svg",
    "points_text",
    "went_out_mark",
]

#: How a scoresheet marks the player who went out: a check mark and a word, never a suit
#: symbol (★ is the stars suit). :data:`WENT_OUT_LEGEND` explains it under the table.
WENT_OUT_MARK = '<span class="fc-out" title="went out first">✓ out</span>'
WENT_OUT_LEGEND = N_("✓ out: went out first in that round")


def went_out_mark() -> str:
    """:data:`WENT_OUT_MARK` in the learner's language."""
    title, text = escape(_("went out first"), quote=True), escape(_("✓ out"))
    return f'<span class="fc-out" title="{title}">{text}</span>'


#: Border and badge colour of a wild card (a purple not used by any suit).
WILD_COLOUR = "#6A3D9A"
JOKER_COLOUR = "#6A3D9A"
#: The face of every card: light in every theme (the inks below are chosen for it).
CARD_FACE = "#fffdf7"
#: The colour each suit is printed in on a card: its Okabe-Ito colour darkened to at
#: least 4.5:1 against :data:`CARD_FACE` (stars, hearts and clubs are too light as they are).
SUIT_INK: dict[Suit, str] = {
    Suit.STARS: "#876200",
    Suit.HEARTS: "#B34700",
    Suit.CLUBS: "#00795A",
    Suit.SPADES: "#000000",
    Suit.DIAMONDS: "#005FA3",
}
_MELD_BG = "var(--fc-meld-bg, var(--jp-layout-color2, #f3faf7))"
_LEFTOVER_BG = "var(--fc-leftover-bg, var(--jp-layout-color2, #fdf3ee))"
# Text outside the cards: the page's text colour (views' theme, then JupyterLab's).
TEXT = "var(--fc-text, var(--jp-content-font-color1, #1b1f23))"
_WIDTH, _HEIGHT = 60, 84
_FONT = "DejaVu Sans, Segoe UI Symbol, Arial, sans-serif"


def card_label(card: Card, round_no: int | None = None) -> str:
    """Words for a screen reader: ``'7 of hearts'``, ``'7 of hearts, wild'``, ``'joker, wild'``."""
    wild = card.is_joker or (round_no is not None and is_wild(card, round_no))
    return _("{card}, wild").format(card=card.describe()) if wild else card.describe()


def card_svg(card: Card, round_no: int | None = None, *, width: int = _WIDTH) -> str:
    """One card as an inline SVG element, ``width`` pixels wide.

    Without ``round_no`` only jokers are marked wild; with it, every card of the
    round's wild rank is too.
    """
    if round_no is not None:
        check_round(round_no)
    wild = card.is_joker or (round_no is not None and is_wild(card, round_no))
    colour = JOKER_COLOUR if card.suit is None else SUIT_INK[card.suit]
    symbol = "♛" if card.suit is None else card.suit.symbol
    rank = card.rank_text
    height = round(width * _HEIGHT / _WIDTH)
    border = WILD_COLOUR if wild else "#5f6368"
    parts = [
        f'<svg class="fc-card-svg" xmlns="http://www.w3.org/2000/svg" width="{width}" '
        f'height="{height}" viewBox="0 0 {_WIDTH} {_HEIGHT}" role="img" '
        f'aria-label="{escape(card_label(card, round_no))}" font-family="{_FONT}">',
        f"<title>{escape(card_label(card, round_no))}</title>",
        f'<rect class="fc-face" x="1.5" y="1.5" width="{_WIDTH - 3}" height="{_HEIGHT - 3}" '
        f'rx="6" fill="{CARD_FACE}" stroke="{border}" stroke-width="{3 if wild else 1.5}"/>',
    ]
    corner = 11 if len(rank) > 1 else 14
    parts.append(
        f'<text x="6" y="17" font-size="{corner}" font-weight="700" fill="{colour}">{rank}</text>'
        f'<text x="6" y="30" font-size="12" fill="{colour}">{symbol}</text>'
    )
    parts.append(
        f'<g transform="rotate(180 {_WIDTH / 2} {_HEIGHT / 2})">'
        f'<text x="6" y="17" font-size="{corner}" font-weight="700" fill="{colour}">{rank}</text>'
        "</g>"
    )
    if card.suit is None:
        parts.append(
            f'<text x="30" y="41" font-size="24" text-anchor="middle" '
            f'fill="{colour}">{symbol}</text>'
            f'<text x="30" y="52" font-size="8" font-weight="700" text-anchor="middle" '
            f'fill="{colour}" letter-spacing="1">JOKER</text>'
        )
    else:
        parts.append(
            f'<text x="30" y="{46 if wild else 52}" font-size="28" text-anchor="middle" '
            f'fill="{colour}">{symbol}</text>'
        )
    if wild:
        parts.append(
            f'<rect class="fc-wild-badge" x="15" y="55" width="30" height="12" rx="3" '
            f'fill="{WILD_COLOUR}"/>'
            '<text x="30" y="64.5" font-size="8" font-weight="700" text-anchor="middle" '
            'fill="#ffffff" letter-spacing="0.5">' + escape(_("WILD")) + "</text>"
        )
    parts.append("</svg>")
    return "".join(parts)


def card_back_svg(*, width: int = _WIDTH, label: str | None = None) -> str:
    """The back of a card: shows nothing about the card (for opponents' hands and the stock).

    ``label`` is what a screen reader says; by default "face-down card" in the language.
    An empty label hides the card from screen readers, for a row of backs that is named
    as a whole ("3 cards face down").
    """
    if label is None:
        label = _("face-down card")
    height = round(width * _HEIGHT / _WIDTH)
    named = (
        f'role="img" aria-label="{escape(label)}"><title>{escape(label)}</title>'
        if label
        else 'aria-hidden="true">'
    )
    return (
        f'<svg class="fc-card-svg fc-back" xmlns="http://www.w3.org/2000/svg" width="{width}" '
        f'height="{height}" viewBox="0 0 {_WIDTH} {_HEIGHT}" {named}'
        f'<rect x="1.5" y="1.5" width="{_WIDTH - 3}" height="{_HEIGHT - 3}" rx="6" '
        'fill="#1f4e79" stroke="#0d2740" stroke-width="1.5"/>'
        f'<rect x="7" y="7" width="{_WIDTH - 14}" height="{_HEIGHT - 14}" rx="4" fill="none" '
        'stroke="#f2c14e" stroke-width="1.5" stroke-dasharray="3 2"/>'
        f'<text x="30" y="50" font-size="22" text-anchor="middle" fill="#f2c14e" '
        f'font-family="{_FONT}">♛</text></svg>'
    )


def card_html(
    card: Card,
    round_no: int | None = None,
    *,
    width: int = _WIDTH,
    points: bool = False,
    item: bool = False,
) -> str:
    """One card as HTML (an inline-block holding its SVG); ``points`` adds its points below.

    ``item`` marks it as one item of a hand's list, for screen readers (a hand is a list).
    """
    caption = ""
    if points and round_no is not None:
        caption = (
            '<div class="fc-points" style="text-align:center;font-size:12px;'
            f'color:{TEXT}">'
            f"{points_text(card_points(card, round_no))}</div>"
        )
    role = ' role="listitem"' if item else ""
    return (
        f'<span class="fc-card"{role} style="display:inline-block;margin:2px;vertical-align:top" '
        f'data-card="{escape(card.code)}">{card_svg(card, round_no, width=width)}{caption}</span>'
    )


def points_text(points: int) -> str:
    """``'1 point'``, ``'13 points'``."""
    return _n("{count} point", "{count} points", points).format(count=number(points))


def hand_html(
    cards: Iterable[Card],
    round_no: int | None = None,
    *,
    width: int = _WIDTH,
    points: bool = False,
) -> str:
    """A row of cards (wrapping on narrow screens); an empty hand says so."""
    cards = tuple(cards)
    if not cards:
        empty = escape(_("no cards"))
        return (
            f'<div class="fc-hand fc-empty" style="color:{TEXT};font-style:italic">{empty}</div>'
        )
    inner = "".join(card_html(c, round_no, width=width, points=points, item=True) for c in cards)
    return (
        '<div class="fc-hand" role="list" style="display:flex;flex-wrap:wrap;gap:2px;'
        f'align-items:flex-start">{inner}</div>'
    )


#: A meld's or the leftover's sentence beside its cards: on a narrow screen it goes under
#: them rather than squeezing the cards into a column of one.
_ROW_TEXT = "font-size:14px;flex:1 1 12em;min-width:0"


def arrangement_html(arrangement: Arrangement, *, width: int = 48) -> str:
    """A best arrangement: each meld, what its wilds stand for, the leftover and its points."""
    r = arrangement.round_no
    rows = []
    for meld in arrangement.melds:
        rows.append(
            '<div class="fc-meld" style="display:flex;flex-wrap:wrap;align-items:center;gap:10px;'
            "margin:4px 0;padding:4px 8px;border-left:4px solid #009E73;"
            f'background:{_MELD_BG};color:{TEXT}">'
            f"{hand_html(meld.cards, r, width=width)}"
            f'<div style="{_ROW_TEXT}">{escape(meld.describe())}</div></div>'
        )
    if arrangement.leftover:
        sums = " + ".join(str(card_points(c, r)) for c in arrangement.leftover)
        text = _("Left in hand: {sums} = {points}.").format(
            sums=sums, points=points_text(arrangement.penalty)
        )
        rows.append(
            '<div class="fc-leftover" style="display:flex;flex-wrap:wrap;align-items:center;'
            "gap:10px;margin:4px 0;padding:4px 8px;border-left:4px solid #D55E00;"
            f'background:{_LEFTOVER_BG};color:{TEXT}">'
            f"{hand_html(arrangement.leftover, r, width=width, points=True)}"
            f'<div style="{_ROW_TEXT}"><b>{escape(text)}</b></div></div>'
        )
    else:
        rows.append(
            '<div class="fc-leftover" style="margin:4px 0;padding:4px 8px;'
            f'border-left:4px solid #009E73;color:{TEXT}">'
            "<b>" + escape(_("Every card is in a meld: 0 points.")) + "</b></div>"
        )
    if not arrangement.melds:
        rows.insert(
            0,
            f'<div style="margin:4px 0;font-style:italic;color:{TEXT}">'
            + escape(_("No book or run can be made."))
            + "</div>",
        )
    return f'<div class="fc-arrangement">{"".join(rows)}</div>'


def hand_svg(cards: Iterable[Card], round_no: int | None = None, *, width: int = _WIDTH) -> str:
    """A row of cards as ONE standalone SVG document (``image/svg+xml``, for PDF and viewers).

    >>> from fivecrowns_lab.core.cards import parse_cards
    >>> svg = hand_svg(parse_cards("3H JK"), 1)
    >>> svg.startswith("<svg") and svg.count('class="fc-card-svg"'), 'width="126"' in svg
    (2, True)
    """
    cards = tuple(cards)
    gap = 6
    height = round(width * _HEIGHT / _WIDTH)
    total = max(len(cards) * (width + gap) - gap, 1)
    label = ", ".join(card_label(c, round_no) for c in cards) or _("no cards")
    inner = []
    for i, card in enumerate(cards):
        inner.append(
            card_svg(card, round_no, width=width).replace(
                "<svg ", f'<svg x="{i * (width + gap)}" y="0" ', 1
            )
        )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{total}" height="{height}" '
        f'viewBox="0 0 {total} {height}" role="img" aria-label="{escape(label)}">'
        f"<title>{escape(label)}</title>{''.join(inner)}</svg>"
    )
