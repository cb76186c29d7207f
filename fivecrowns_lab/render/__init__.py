"""Cards as pictures and the engine's answers as HTML: plain strings, no widget library.

The cards are drawn in :mod:`~fivecrowns_lab.render.card_pictures`, the answers
(estimates, outs, comparisons, a game so far) in :mod:`~fivecrowns_lab.render.result_html`;
this package gives both under one name.

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

from .card_pictures import (
    CARD_FACE,
    SUIT_INK,
    WENT_OUT_LEGEND,
    WENT_OUT_MARK,
    WILD_COLOUR,
    arrangement_html,
    card_back_svg,
    card_html,
    card_label,
    card_svg,
    hand_html,
    hand_svg,
    points_text,
    went_out_mark,
)
from .result_html import comparison_html, estimate_html, game_html, outs_html, score_sheet_html

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
    "comparison_html",
    "estimate_html",
    "game_html",
    "hand_html",
    "hand_svg",
    "outs_html",
    "points_text",
    "score_sheet_html",
    "went_out_mark",
]
