"""Five Crowns Lab: the card game Five Crowns as an engine, bots and Jupyter lessons.

The engine (everything importable from here) is pure Python and never imports a
widget library; the interactive views live in :mod:`fivecrowns_lab.views`.

>>> from fivecrowns_lab import best_arrangement
>>> best_arrangement("7H 8H JK 10H QS", 1).penalty
12
"""

from .cards import (
    DECK,
    JOKER,
    RANKS,
    SUITS,
    Card,
    CardError,
    Hand,
    Suit,
    format_cards,
    parse_cards,
)
from .melds import Meld, MeldCheck, MeldError, WildUse, check_meld
from .rules import (
    ROUNDS,
    GameRules,
    RoundError,
    RulesError,
    card_points,
    hand_size,
    is_wild,
    wild_rank,
)
from .solver import (
    Arrangement,
    HandSizeError,
    best_arrangement,
    can_go_out,
    going_out_discards,
    penalty,
)

__version__ = "0.1.0"

__all__ = [
    "DECK",
    "JOKER",
    "RANKS",
    "ROUNDS",
    "SUITS",
    "Arrangement",
    "Card",
    "CardError",
    "GameRules",
    "Hand",
    "HandSizeError",
    "Meld",
    "MeldCheck",
    "MeldError",
    "RoundError",
    "RulesError",
    "Suit",
    "WildUse",
    "best_arrangement",
    "can_go_out",
    "card_points",
    "check_meld",
    "format_cards",
    "going_out_discards",
    "hand_size",
    "is_wild",
    "parse_cards",
    "penalty",
    "wild_rank",
]
