"""Players: a one-method protocol, and four bots of clearly different strength.

A player is anything with ``choose(observation) -> action``: a bot, or a person
at a widget. A bot sees only its :class:`~fivecrowns_lab.table.observation.Observation`,
never the game, and explains its last move in one sentence (``last_reason``).

Wild cards: no bot above ``random`` ever throws away a joker or a card of the
round's wild rank before its final turn. While a hand is still being built the
bots count a loose wild as worth nothing (it will always find a meld), so a wild
is never "the costliest card" to get rid of; only on the final turn, when a wild
that fits nowhere really scores 20 or 50, may they drop one.

``random``
    Any legal move (but it always goes out when it can).
``greedy``
    Takes the top discard when that lowers its best penalty, discards the card
    whose loss leaves the fewest points, goes out when it can.
``lookahead``
    Like greedy, but it reasons about the cards it has not seen. For its best few
    discards it asks, for every unseen card that could meld with the cards left
    loose, how many points drawing it would save; weighted by the copies still
    unseen, that is the expected saving of the next draw. It keeps the hand with
    the lowest penalty minus that saving (counted more early in a round than late,
    and not at all on its final turn).
``expert``
    Samples the cards it cannot see and plays each choice out over them
    (:mod:`~fivecrowns_lab.table.expert`).

>>> from fivecrowns_lab.table.game import Game, play_game
>>> bots = [make_bot("random", 1), make_bot("greedy"), make_bot("lookahead")]
>>> play_game(Game(3, seed=1), bots).is_over
True
"""

from __future__ import annotations

from collections.abc import Callable

from ..errors import BotError, quote
from ..i18n import N_
from ..i18n import gettext as _
from ..validators import Seed
from .bot_base import Bot, Player, check_bot_seed, discard_options, is_wild_discard
from .simple_bots import GreedyBot, LookaheadBot, RandomBot

__all__ = [
    "BOTS",
    "BOT_DESCRIPTIONS",
    "BOT_LEVELS",
    "BOT_WORDS",
    "Bot",
    "BotError",
    "GreedyBot",
    "LookaheadBot",
    "Player",
    "RandomBot",
    "Seed",
    "bot_word",
    "check_bot_seed",
    "discard_options",
    "is_wild_discard",
    "make_bot",
]


def _expert(seed: Seed = 0, name: str | None = None) -> Bot:
    from .expert import ExpertBot  # it builds on GreedyBot, so it is imported when first used

    return ExpertBot(seed, name)


#: The bots by name, weakest first.
BOTS: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "lookahead": LookaheadBot,
    "expert": _expert,
}

#: One sentence per bot for a learner choosing an opponent, weakest first (same keys as BOTS).
BOT_DESCRIPTIONS: dict[str, str] = {
    "random": N_("Beginner: plays any legal move, but always goes out when it can."),
    "greedy": N_(
        "Easy: keeps the hand that leaves the fewest points right now, and never "
        "throws away a wild card."
    ),
    "lookahead": N_("Medium: also counts which unseen cards could still complete its melds."),
    "expert": N_(
        "Expert: imagines the cards it cannot see many times over, plays each choice "
        "out, and watches who is close to going out."
    ),
}

#: Each bot's name as a learner reads it (same keys as BOTS): "greedy" is "grådig" on a
#: Danish page. The names themselves stay identifiers (make_bot, CSV files, class records).
BOT_WORDS: dict[str, str] = {
    "random": N_("random"),
    "greedy": N_("greedy"),
    "lookahead": N_("lookahead"),
    "expert": N_("expert"),
}


def bot_word(name: str) -> str:
    """A bot's name in the learner's language (a name not in :data:`BOTS` as it is).

    >>> bot_word("greedy")
    'greedy'
    """
    return _(BOT_WORDS[name]) if name in BOT_WORDS else name


#: Level words a learner may use instead of the bot names (old names keep working).
BOT_LEVELS: dict[str, str] = {
    "beginner": "random",
    "easy": "greedy",
    "medium": "lookahead",
    "hard": "expert",
}


def make_bot(name: str, seed: Seed = 0) -> Bot:
    """A bot from :data:`BOTS` (or a level word from :data:`BOT_LEVELS`) with its own seed.

    >>> make_bot("greedy").name
    'greedy'
    >>> make_bot("medium").name
    'lookahead'
    >>> make_bot(["greedy"])
    Traceback (most recent call last):
    ...
    fivecrowns_lab.errors.BotError: A bot is chosen by its name, ... not ['greedy'].
    """
    known = ", ".join(repr(k) for k in BOTS)
    if not isinstance(name, str):
        raise BotError(
            _(
                "A bot is chosen by its name, one of {known} (or a level such as 'easy'), "
                "not {value}."
            ).format(known=known, value=quote(name))
        )
    try:
        factory = BOTS[BOT_LEVELS.get(name, name)]
    except KeyError:
        raise BotError(
            _("There is no bot called {value}; the bots are {known}.").format(
                value=quote(name), known=known
            )
        ) from None
    return factory(seed)
