"""Every rule's number lives here: ranks, rounds, players, runs, points, and the variants.

Each bound is defined once, in this module, and everything else imports it (see
"Where each rule lives" in CONTRIBUTING.md).

>>> hand_size(11), wild_rank(11)
(13, 13)
>>> from fivecrowns_lab.core.cards import Card, Suit
>>> card_points(Card(13, Suit.HEARTS), 10), card_points(Card(13, Suit.HEARTS), 11)
(13, 20)
>>> [v.field for v in VARIANTS][:6]
['rounds', 'ties', 'playoff_hand_size', 'lay_off', 'going_out_bonus', 'no_final_discard']
>>> MELD_VARIANTS
('books_distinct_suits', 'no_all_wild_melds')
>>> rules = GameRules(books_distinct_suits=True).for_round(4)
>>> rules.wild_rank, rules.hand_size, rules.books_distinct_suits, rules.no_all_wild_melds
(6, 6, True, False)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..errors import RoundError, RulesError, quote
from ..i18n import gettext as _
from ..validators import whole_number

if TYPE_CHECKING:
    from .cards import Card

__all__ = [
    "FIRST_ROUND",
    "GOING_OUT_BONUS",
    "JOKER_POINTS",
    "LAST_ROUND",
    "MAX_PLAYERS",
    "MAX_RANK",
    "MAX_RUN",
    "MELD_VARIANTS",
    "MIN_MELD",
    "MIN_PLAYERS",
    "MIN_RANK",
    "ROUNDS",
    "STANDARD_MELDS",
    "TIE_POLICIES",
    "VARIANTS",
    "WILD_POINTS",
    "GameRules",
    "MeldRules",
    "RoundError",
    "RoundRules",
    "RulesError",
    "Variant",
    "card_points",
    "check_player_count",
    "check_round",
    "hand_size",
    "is_wild",
    "round_rules",
    "run_fits",
    "wild_rank",
    "wild_rank_text",
]

# -- cards ------------------------------------------------------------------------------------

#: The lowest rank (3) and the highest (K = 13); J = 11, Q = 12. There are no aces or twos.
MIN_RANK = 3
MAX_RANK = 13

# -- melds ------------------------------------------------------------------------------------

#: A book or a run has at least three cards.
MIN_MELD = 3
#: Runs do not wrap (K is not followed by 3), so the longest run is 3..K: eleven cards.
MAX_RUN = MAX_RANK - MIN_RANK + 1

# -- rounds -----------------------------------------------------------------------------------

#: Round ``r`` deals ``r + 2`` cards and rank ``r + 2`` is wild: rounds 1 (3s) to 11 (kings).
FIRST_ROUND = 1
LAST_ROUND: int = MAX_RANK - 2
#: The rounds of a full game.
ROUNDS: tuple[int, ...] = tuple(range(FIRST_ROUND, LAST_ROUND + 1))

# -- players ----------------------------------------------------------------------------------

#: Players at the table (one player plays the solitaire edition instead).
MIN_PLAYERS = 2
MAX_PLAYERS = 7

# -- points -----------------------------------------------------------------------------------

#: Points for a card of the round's wild rank left in hand.
WILD_POINTS = 20
#: Points for a joker left in hand.
JOKER_POINTS = 50
#: The round's score of the player who goes out under the going-out-bonus variant.
GOING_OUT_BONUS = -10


# What a book and a run may hold is one model, built from the bounds above (which it
# imports from here, so it is imported only now).
from .meld_rules import STANDARD_MELDS, MeldRules, _check_bool  # noqa: E402


def run_fits(low: int, high: int) -> bool:
    """True when a run may cover ranks ``low..high``: it stays within 3..K (no wrap, <= 11)."""
    return MIN_RANK <= low <= high <= MAX_RANK


def check_player_count(count: int, error: type[Exception] = RulesError) -> int:
    """Return ``count`` if 2..7 players can sit at the table, else raise ``error`` saying so."""
    whole_number(count, _("The number of players is a whole number, not {value}."), error=error)
    return whole_number(
        count,
        _(
            "Five Crowns is played by {low} to {high} players, not {value}; "
            "one player plays the solitaire edition (Solitaire)."
        ),
        MIN_PLAYERS,
        MAX_PLAYERS,
        error,
    )


def check_round(round_no: int) -> int:
    """Return ``round_no`` if it is a round of the game (1..11), else raise :class:`RoundError`."""
    return whole_number(
        round_no,
        _(
            "There is no round {value}: a game has rounds {low} to {high} "
            "(round {low} deals {first} cards with {first}s wild, "
            "round {high} deals {last} with kings wild)."
        ),
        FIRST_ROUND,
        LAST_ROUND,
        RoundError,
        first=FIRST_ROUND + 2,
        last=LAST_ROUND + 2,
    )


def hand_size(round_no: int) -> int:
    """Cards dealt in a round: ``round_no + 2``."""
    return check_round(round_no) + 2


def wild_rank(round_no: int) -> int:
    """The rank that is wild in a round: ``round_no + 2`` (11 = J, 12 = Q, 13 = K)."""
    return check_round(round_no) + 2


def wild_rank_text(round_no: int) -> str:
    """The wild rank as printed: ``'3'`` .. ``'10'``, ``'J'``, ``'Q'``, ``'K'``."""
    from .cards import RANK_NAMES  # cards imports this module's bounds

    rank = wild_rank(round_no)
    return RANK_NAMES.get(rank, str(rank))


@dataclass(frozen=True)
class RoundRules:
    """The rules in force in one round: what is wild, how many cards, and what a meld is.

    Every meld, solver, lay-off and counting function takes one of these; a plain round
    number ``r`` stands for ``RoundRules(r)``, the standard game. Make one from a game's
    settings with :meth:`GameRules.for_round`.

    Parameters
    ----------
    round_no
        The round (1..11): round ``r`` deals ``r + 2`` cards and rank ``r + 2`` is wild.
    books_distinct_suits
        A book's natural cards must all be of different suits (the Danish rule sheet).
    no_all_wild_melds
        Every meld needs at least one natural card.
    base_melds
        The melds the switches above change: the standard ones unless
        :meth:`with_melds` gave melds of one's own (kept by ``dataclasses.replace``).
    """

    round_no: int
    books_distinct_suits: bool = False
    no_all_wild_melds: bool = False
    base_melds: MeldRules = field(default=STANDARD_MELDS, kw_only=True, repr=False, compare=False)
    #: What a meld is: the model every meld question reads (:attr:`base_melds` with the
    #: switches above applied).
    meld: MeldRules = field(init=False)
    wild_rank: int = field(init=False, compare=False)
    hand_size: int = field(init=False, compare=False)

    def __post_init__(self) -> None:
        check_round(self.round_no)
        for name in ROUND_SWITCHES:
            _check_bool(name, getattr(self, name))
        if not isinstance(self.base_melds, MeldRules):
            raise RulesError(
                _("The melds of a round are a MeldRules, not {value}.").format(
                    value=quote(self.base_melds)
                )
            )
        # The switches change the model as their VARIANTS lines say.
        on = [v for v in VARIANTS if v.field in ROUND_SWITCHES and getattr(self, v.field)]
        object.__setattr__(self, "meld", melds_with(on, self.base_melds))
        # Derived once here: the solver and the bots read them in their inner loops.
        object.__setattr__(self, "wild_rank", self.round_no + 2)
        object.__setattr__(self, "hand_size", self.round_no + 2)

    @classmethod
    def with_melds(cls, round_no: int, meld: MeldRules, **switches: bool) -> RoundRules:
        """The rules of a round whose melds are ``meld`` (a variant of one's own), with
        the meld variants in ``switches`` applied on top.

        >>> RoundRules.with_melds(1, MeldRules(book_least=4)).meld.book_least
        4
        """
        return cls(round_no, base_melds=meld, **switches)

    def _meld_variants_on(self) -> list[Variant]:
        return meld_variants_in(self.meld)

    @property
    def is_standard(self) -> bool:
        """True when no variant changes what a meld is."""
        return self.meld == STANDARD_MELDS

    def variant_names(self) -> tuple[str, ...]:
        """The names (as in :data:`VARIANTS`) of the meld variants switched on."""
        return tuple(v.name for v in self._meld_variants_on())

    def variant_fields(self) -> tuple[str, ...]:
        """The fields (as in :data:`VARIANTS`) of the meld variants switched on."""
        return tuple(v.field for v in self._meld_variants_on())

    @property
    def exact_rounds(self) -> tuple[int, ...]:
        """The rounds whose exact odds are shipped for these melds (the table policy).

        Every round for the standard melds; under meld variants, the rounds each of them
        ships (:attr:`Variant.exact_rounds`); none for melds of one's own.

        >>> RoundRules(1, books_distinct_suits=True).exact_rounds
        (1, 2, 3, 4, 5)
        >>> RoundRules.with_melds(1, MeldRules(book_least=4)).exact_rounds
        ()
        """
        if self.is_standard:
            return ROUNDS
        on = self._meld_variants_on()
        if not on or melds_with(on) != self.meld:  # melds of one's own: never counted
            return ()
        return tuple(r for r in ROUNDS if all(r in v.exact_rounds for v in on))


# The standard rules of each round, made once: a plain round number means one of these.
_STANDARD: dict[int, RoundRules] = {}


def round_rules(rules: RoundRules | int) -> RoundRules:
    """The :class:`RoundRules` meant by ``rules``: itself, or the standard game's round.

    >>> round_rules(11).wild_rank
    13
    """
    if type(rules) is RoundRules:
        return rules
    found = _STANDARD.get(rules) if type(rules) is int else None
    if found is None:
        found = RoundRules(check_round(rules))  # type: ignore[arg-type]
        _STANDARD[found.round_no] = found
    return found


def _wild_rank_of(rules: RoundRules | int) -> int:
    if type(rules) is RoundRules:
        return rules.wild_rank
    return wild_rank(rules)  # type: ignore[arg-type]


def _not_a_card(card: object) -> Exception:
    from .cards import CardError

    return CardError(
        _("{value} is not a card; parse text first, as in parse_card('9C').").format(
            value=quote(card)
        )
    )


def is_wild(card: Card, rules: RoundRules | int) -> bool:
    """True for a joker and for every card of the round's wild rank."""
    rank = _wild_rank_of(rules)
    try:
        return card.is_joker or card.rank == rank
    except AttributeError:  # checked only on failure: this runs in the solver's loops
        raise _not_a_card(card) from None


def card_points(card: Card, rules: RoundRules | int) -> int:
    """Penalty points of a card left in hand: face value, wild rank 20, joker 50."""
    rank = _wild_rank_of(rules)
    try:
        if card.is_joker:
            return JOKER_POINTS
        return WILD_POINTS if card.rank == rank else card.rank
    except AttributeError:
        raise _not_a_card(card) from None


# The variants' table and the game's settings, which read the rules above (so they are
# imported only now); this module re-exports them.
from .variants import (  # noqa: E402
    MELD_VARIANTS,
    ROUND_SWITCHES,
    TIE_POLICIES,
    VARIANTS,
    GameRules,
    Variant,
    meld_variants_in,
    melds_with,
)
