"""Cards as pictures and the engine's answers as HTML: plain strings, no widget library.

The cards are drawn in :mod:`~fivecrowns_lab.render.card_pictures`, the answers
(estimates, outs, comparisons, a game so far) in :mod:`~fivecrowns_lab.render.result_html`;
this package gives both under one name.

How the cards look and why (their colours, the WILD badge, contrast in every theme) is
said once, in :mod:`~fivecrowns_lab.render.card_pictures`.
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
