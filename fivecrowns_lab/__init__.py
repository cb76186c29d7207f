"""Five Crowns Lab: the card game Five Crowns as an engine, bots and Jupyter lessons.

The engine (everything importable from here) is pure Python and never imports a
widget library; the interactive views live in :mod:`fivecrowns_lab.views`.

>>> from fivecrowns_lab import best_arrangement
>>> best_arrangement("7H 8H JK 10H QS", 1).penalty
12
"""

from .actions import ActionRecord, Discard, Draw, GoOut, Place, action_from_dict
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
from .game import Game, GameError, PlayoffResult, RoundResult, play_game
from .melds import Meld, MeldCheck, MeldError, WildUse, check_meld
from .observation import Observation
from .outs import Out, Outs, outs, rule_of_thumb
from .players import BOTS, Bot, GreedyBot, LookaheadBot, Player, RandomBot, make_bot
from .probability import (
    Estimate,
    ExactUnavailableError,
    expected_penalty,
    first_turn_go_out,
    go_out_on_deal,
    penalty_distribution,
    sample_wild_counts,
    wild_count_distribution,
)
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
from .simulate import simulate
from .solitaire import Solitaire, SolitaireBot
from .solver import (
    Arrangement,
    HandSizeError,
    best_arrangement,
    can_go_out,
    going_out_discards,
    penalty,
)
from .stats import mean_interval, wilson_interval
from .strategy import Comparison, SolitaireOdds, compare, run_games, solitaire_odds, summarize

__version__ = "0.1.0"

__all__ = [
    "BOTS",
    "DECK",
    "JOKER",
    "RANKS",
    "ROUNDS",
    "SUITS",
    "ActionRecord",
    "Arrangement",
    "Bot",
    "Card",
    "CardError",
    "Comparison",
    "Discard",
    "Draw",
    "Estimate",
    "ExactUnavailableError",
    "Game",
    "GameError",
    "GameRules",
    "GoOut",
    "GreedyBot",
    "Hand",
    "HandSizeError",
    "LookaheadBot",
    "Meld",
    "MeldCheck",
    "MeldError",
    "Observation",
    "Out",
    "Outs",
    "Place",
    "Player",
    "PlayoffResult",
    "RandomBot",
    "RoundError",
    "RoundResult",
    "RulesError",
    "Solitaire",
    "SolitaireBot",
    "SolitaireOdds",
    "Suit",
    "WildUse",
    "action_from_dict",
    "best_arrangement",
    "can_go_out",
    "card_points",
    "check_meld",
    "compare",
    "expected_penalty",
    "first_turn_go_out",
    "format_cards",
    "go_out_on_deal",
    "going_out_discards",
    "hand_size",
    "is_wild",
    "make_bot",
    "mean_interval",
    "outs",
    "parse_cards",
    "penalty",
    "penalty_distribution",
    "play_game",
    "rule_of_thumb",
    "run_games",
    "sample_wild_counts",
    "simulate",
    "solitaire_odds",
    "summarize",
    "wild_count_distribution",
    "wild_rank",
    "wilson_interval",
]
