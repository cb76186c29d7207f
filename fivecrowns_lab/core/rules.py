"""The round schedule, wild cards, card points and the game's settings.

>>> hand_size(11), wild_rank(11)
(13, 13)
>>> from fivecrowns_lab.core.cards import Card, Suit
>>> card_points(Card(13, Suit.HEARTS), 10), card_points(Card(13, Suit.HEARTS), 11)
(13, 20)
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Literal

from ..errors import RoundError, RulesError
from .cards import RANK_NAMES, Card

__all__ = [
    "JOKER_POINTS",
    "ROUNDS",
    "WILD_POINTS",
    "GameRules",
    "RoundError",
    "RulesError",
    "card_points",
    "check_round",
    "hand_size",
    "is_wild",
    "wild_rank",
    "wild_rank_text",
]

#: The rounds of a full game.
ROUNDS: tuple[int, ...] = tuple(range(1, 12))
#: Points for a card of the round's wild rank left in hand.
WILD_POINTS = 20
#: Points for a joker left in hand.
JOKER_POINTS = 50


def check_round(round_no: int) -> int:
    """Return ``round_no`` if it is a round of the game (1..11), else raise :class:`RoundError`."""
    if isinstance(round_no, bool) or not isinstance(round_no, int) or round_no not in ROUNDS:
        raise RoundError(
            f"There is no round {round_no!r}: a game has rounds 1 to 11 "
            "(round 1 deals 3 cards with 3s wild, round 11 deals 13 with kings wild)."
        )
    return round_no


def hand_size(round_no: int) -> int:
    """Cards dealt in a round: ``round_no + 2``."""
    return check_round(round_no) + 2


def wild_rank(round_no: int) -> int:
    """The rank that is wild in a round: ``round_no + 2`` (11 = J, 12 = Q, 13 = K)."""
    return check_round(round_no) + 2


def wild_rank_text(round_no: int) -> str:
    """The wild rank as printed: ``'3'`` .. ``'10'``, ``'J'``, ``'Q'``, ``'K'``."""
    rank = wild_rank(round_no)
    return RANK_NAMES.get(rank, str(rank))


def is_wild(card: Card, round_no: int) -> bool:
    """True for a joker and for every card of the round's wild rank."""
    rank = wild_rank(round_no)
    return card.is_joker or card.rank == rank


def card_points(card: Card, round_no: int) -> int:
    """Penalty points of a card left in hand: face value, wild rank 20, joker 50."""
    rank = wild_rank(round_no)
    if card.is_joker:
        return JOKER_POINTS
    if card.rank == rank:
        return WILD_POINTS
    return card.rank


TiePolicy = Literal["shared", "playoff"]


@dataclass(frozen=True)
class GameRules:
    """The settings of a game; the defaults are the standard game.

    Parameters
    ----------
    rounds
        How many rounds to play, from round 1 (11 is a full game; 5 or 7 make a short game).
    ties
        ``"shared"``: players tied for the lowest total share first place.
        ``"playoff"``: they play one extra round and the first to go out wins.
    playoff_hand_size
        Cards dealt in the playoff round (its wild rank equals the hand size).
    lay_off
        On the final turn, players may add cards to melds already on the table.
    going_out_bonus
        The player who goes out scores -10 for the round instead of 0.
    no_final_discard
        A player may also go out by melding every card after the draw, with no discard.
    """

    rounds: int = 11
    ties: TiePolicy = "shared"
    playoff_hand_size: int = 6
    lay_off: bool = False
    going_out_bonus: bool = False
    no_final_discard: bool = False

    def __post_init__(self) -> None:
        if isinstance(self.rounds, bool) or not isinstance(self.rounds, int):
            raise RulesError(f"The number of rounds must be a whole number, not {self.rounds!r}.")
        if not 1 <= self.rounds <= 11:
            raise RulesError(f"A game has 1 to 11 rounds, not {self.rounds}.")
        if self.ties not in ("shared", "playoff"):
            raise RulesError(f"Ties are 'shared' or 'playoff', not {self.ties!r}.")
        if not 3 <= self.playoff_hand_size <= 13:
            raise RulesError(f"A playoff hand has 3 to 13 cards, not {self.playoff_hand_size}.")

    @property
    def round_numbers(self) -> tuple[int, ...]:
        """The rounds played, in order."""
        return ROUNDS[: self.rounds]

    def to_dict(self) -> dict[str, Any]:
        """The settings as a plain dictionary (for JSON)."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameRules:
        """Rebuild settings from :meth:`to_dict`'s output."""
        return cls(**data)
