"""Five Crowns Lab: the card game Five Crowns as an engine, bots and Jupyter lessons.

The engine (everything importable from here) is pure Python and never imports a
widget library; the interactive views live in :mod:`fivecrowns_lab.views`.

>>> from fivecrowns_lab import best_arrangement
>>> best_arrangement("7H 8H JK 10H QS", 1).penalty
12
"""

from .core.arrangement import Arrangement
from .core.cards import (
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
from .core.compiled import compiled_core
from .core.melds import Meld, MeldCheck, MeldError, WildUse, check_meld
from .core.rules import (
    ROUNDS,
    GameRules,
    RoundError,
    RoundRules,
    RulesError,
    card_points,
    hand_size,
    is_wild,
    wild_rank,
)
from .core.solver import (
    HandSizeError,
    best_arrangement,
    can_go_out,
    going_out_discards,
    penalty,
)
from .errors import (
    ActionError,
    BotError,
    CardNotHeldError,
    ClassError,
    ClassUnavailableError,
    EmptyPileError,
    FiveCrownsError,
    GoOutError,
    LanguageError,
    LessonError,
    OutsError,
    PhaseError,
    ProbabilityError,
    ScoreError,
    SimulationError,
    SolitaireError,
    StatsError,
    TurnError,
)
from .i18n import LANGUAGES, get_language, language, set_language
from .odds.outs import Out, Outs, outs, rule_of_thumb
from .odds.probability import (
    Estimate,
    ExactUnavailableError,
    expected_penalty,
    first_turn_go_out,
    go_out_on_deal,
    penalty_distribution,
    sample_wild_counts,
    wild_count_distribution,
)
from .odds.simulate import simulate
from .odds.stats import mean_interval, wilson_interval
from .odds.strategy import Comparison, SolitaireOdds, compare, run_games, solitaire_odds, summarize
from .table.actions import ActionRecord, Discard, Draw, GoOut, Place, action_from_dict
from .table.deal import Deal
from .table.expert import ExpertBot
from .table.game import Game, GameError, PlayoffResult, RoundResult, play_game
from .table.observation import Observation
from .table.players import BOTS, Bot, GreedyBot, LookaheadBot, Player, RandomBot, make_bot
from .table.solitaire import Solitaire, SolitaireBot

__version__ = "0.1.0"

#: Which path is in use: true (with the module names) when the optional compiled core
#: (a wheel built with FIVECROWNS_COMPILE=1) is loaded, false on the pure-Python path.
compiled = compiled_core()

__all__ = [
    "BOTS",
    "DECK",
    "JOKER",
    "LANGUAGES",
    "RANKS",
    "ROUNDS",
    "SUITS",
    "ActionError",
    "ActionRecord",
    "Arrangement",
    "Bot",
    "BotError",
    "Card",
    "CardError",
    "CardNotHeldError",
    "ClassError",
    "ClassUnavailableError",
    "Comparison",
    "Deal",
    "Discard",
    "Draw",
    "EmptyPileError",
    "Estimate",
    "ExactUnavailableError",
    "ExpertBot",
    "FiveCrownsError",
    "Game",
    "GameError",
    "GameRules",
    "GoOut",
    "GoOutError",
    "GreedyBot",
    "Hand",
    "HandSizeError",
    "LanguageError",
    "LessonError",
    "LookaheadBot",
    "Meld",
    "MeldCheck",
    "MeldError",
    "Observation",
    "Out",
    "Outs",
    "OutsError",
    "PhaseError",
    "Place",
    "Player",
    "PlayoffResult",
    "ProbabilityError",
    "RandomBot",
    "RoundError",
    "RoundResult",
    "RoundRules",
    "RulesError",
    "ScoreError",
    "SimulationError",
    "Solitaire",
    "SolitaireBot",
    "SolitaireError",
    "SolitaireOdds",
    "StatsError",
    "Suit",
    "TurnError",
    "WildUse",
    "action_from_dict",
    "best_arrangement",
    "can_go_out",
    "card_points",
    "check_meld",
    "compare",
    "compiled",
    "expected_penalty",
    "first_turn_go_out",
    "format_cards",
    "get_language",
    "go_out_on_deal",
    "going_out_discards",
    "hand_size",
    "is_wild",
    "language",
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
    "set_language",
    "simulate",
    "solitaire_odds",
    "summarize",
    "wild_count_distribution",
    "wild_rank",
    "wilson_interval",
]


def __getattr__(name: str) -> str:
    """``fivecrowns_lab.LANG``: the current language's code, read when it is asked for.

    A plain module attribute would be a copy taken once and go stale after
    :func:`set_language`; this reads :func:`get_language` on every access. (``from
    fivecrowns_lab import LANG`` still copies the value of that moment: call
    ``get_language()`` to follow changes.)
    """
    if name == "LANG":
        return get_language()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
