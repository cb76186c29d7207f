"""Cards as pictures and the engine's answers as HTML: plain strings, no widget library.

The cards are drawn in :mod:`~fivecrowns_lab.render.card_pictures`, the answers
(estimates, outs, comparisons, a game so far) in :mod:`~fivecrowns_lab.render.result_html`;
this package gives both under one name: the public names of the two modules, as each
module's ``__all__`` lists them.

How the cards look and why (their colours, the WILD badge, contrast in every theme) is
said once, in :mod:`~fivecrowns_lab.render.card_pictures`.
"""

from . import card_pictures, result_html
from .card_pictures import *  # noqa: F403 - exactly card_pictures.__all__
from .result_html import *  # noqa: F403 - exactly result_html.__all__

__all__ = sorted([*card_pictures.__all__, *result_html.__all__])
