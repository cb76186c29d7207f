"""Cards as pictures: plain HTML and SVG strings, no widget library.

Every card is a small SVG with its rank in two corners and its suit's own
symbol and colour (the colour is never the only clue). In a round, wild cards
carry a "WILD" text badge and a thicker border, and a joker is always wild.
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

from .core.cards import Card
from .core.rules import card_points, check_round, is_wild

if TYPE_CHECKING:  # only for annotations: render must not import the solver at run time
    from .core.solver import Arrangement

__all__ = [
    "WILD_COLOUR",
    "arrangement_html",
    "card_back_svg",
    "card_html",
    "card_label",
    "card_svg",
    "hand_html",
    "points_text",
]

#: Border and badge colour of a wild card (a purple not used by any suit).
WILD_COLOUR = "#6A3D9A"
JOKER_COLOUR = "#6A3D9A"
_WIDTH, _HEIGHT = 60, 84
_FONT = "DejaVu Sans, Segoe UI Symbol, Arial, sans-serif"


def card_label(card: Card, round_no: int | None = None) -> str:
    """Words for a screen reader: ``'7 of hearts'``, ``'7 of hearts, wild'``, ``'joker, wild'``."""
    wild = card.is_joker or (round_no is not None and is_wild(card, round_no))
    return card.describe() + (", wild" if wild else "")


def card_svg(card: Card, round_no: int | None = None, *, width: int = _WIDTH) -> str:
    """One card as an inline SVG element, ``width`` pixels wide.

    Without ``round_no`` only jokers are marked wild; with it, every card of the
    round's wild rank is too.
    """
    if round_no is not None:
        check_round(round_no)
    wild = card.is_joker or (round_no is not None and is_wild(card, round_no))
    colour = JOKER_COLOUR if card.suit is None else card.suit.colour
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
        f'rx="6" fill="#fffdf7" stroke="{border}" stroke-width="{3 if wild else 1.5}"/>',
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
            'fill="#ffffff" letter-spacing="0.5">WILD</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def card_back_svg(*, width: int = _WIDTH, label: str = "face-down card") -> str:
    """The back of a card: shows nothing about the card (for opponents' hands and the stock)."""
    height = round(width * _HEIGHT / _WIDTH)
    return (
        f'<svg class="fc-card-svg fc-back" xmlns="http://www.w3.org/2000/svg" width="{width}" '
        f'height="{height}" viewBox="0 0 {_WIDTH} {_HEIGHT}" role="img" '
        f'aria-label="{escape(label)}"><title>{escape(label)}</title>'
        f'<rect x="1.5" y="1.5" width="{_WIDTH - 3}" height="{_HEIGHT - 3}" rx="6" '
        'fill="#1f4e79" stroke="#0d2740" stroke-width="1.5"/>'
        f'<rect x="7" y="7" width="{_WIDTH - 14}" height="{_HEIGHT - 14}" rx="4" fill="none" '
        'stroke="#f2c14e" stroke-width="1.5" stroke-dasharray="3 2"/>'
        f'<text x="30" y="50" font-size="22" text-anchor="middle" fill="#f2c14e" '
        f'font-family="{_FONT}">♛</text></svg>'
    )


def card_html(
    card: Card, round_no: int | None = None, *, width: int = _WIDTH, points: bool = False
) -> str:
    """One card as HTML (an inline-block holding its SVG); ``points`` adds its points below."""
    caption = ""
    if points and round_no is not None:
        caption = (
            '<div style="text-align:center;font-size:12px;color:#333">'
            f"{points_text(card_points(card, round_no))}</div>"
        )
    return (
        f'<span class="fc-card" style="display:inline-block;margin:2px;vertical-align:top" '
        f'data-card="{escape(card.code)}">{card_svg(card, round_no, width=width)}{caption}</span>'
    )


def points_text(points: int) -> str:
    """``'1 point'``, ``'13 points'``."""
    return f"{points} point" + ("" if abs(points) == 1 else "s")


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
        return '<div class="fc-hand fc-empty" style="color:#555;font-style:italic">no cards</div>'
    inner = "".join(card_html(c, round_no, width=width, points=points) for c in cards)
    return (
        '<div class="fc-hand" role="list" style="display:flex;flex-wrap:wrap;gap:2px;'
        f'align-items:flex-start">{inner}</div>'
    )


def arrangement_html(arrangement: Arrangement, *, width: int = 48) -> str:
    """A best arrangement: each meld, what its wilds stand for, the leftover and its points."""
    r = arrangement.round_no
    rows = []
    for meld in arrangement.melds:
        rows.append(
            '<div class="fc-meld" style="display:flex;align-items:center;gap:10px;'
            'margin:4px 0;padding:4px 8px;border-left:4px solid #009E73;background:#f3faf7">'
            f"{hand_html(meld.cards, r, width=width)}"
            f'<div style="font-size:14px">{escape(meld.describe())}</div></div>'
        )
    if arrangement.leftover:
        sums = " + ".join(str(card_points(c, r)) for c in arrangement.leftover)
        text = f"Left in hand: {sums} = {points_text(arrangement.penalty)}."
        rows.append(
            '<div class="fc-leftover" style="display:flex;align-items:center;gap:10px;'
            'margin:4px 0;padding:4px 8px;border-left:4px solid #D55E00;background:#fdf3ee">'
            f"{hand_html(arrangement.leftover, r, width=width, points=True)}"
            f'<div style="font-size:14px"><b>{escape(text)}</b></div></div>'
        )
    else:
        rows.append(
            '<div class="fc-leftover" style="margin:4px 0;padding:4px 8px;'
            'border-left:4px solid #009E73"><b>Every card is in a meld: 0 points.</b></div>'
        )
    if not arrangement.melds:
        rows.insert(
            0,
            '<div style="margin:4px 0;font-style:italic">No book or run can be made.</div>',
        )
    return f'<div class="fc-arrangement">{"".join(rows)}</div>'
