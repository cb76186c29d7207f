"""Every variant and setting of a game: the :data:`VARIANTS` table and :class:`GameRules`
(both re-exported by :mod:`.rules`).

Each line of the table says what the setting is called, its :class:`GameRules` field and
default, what it does, and for a meld variant what it changes in the meld model
(:class:`~.rules.MeldRules`) and which rounds of exact odds the shipped table holds
(its table policy). A meld variant needs nothing else of the engine: a round's rules
(:meth:`GameRules.for_round`) carry the model it changes.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any, Literal

from ..errors import RulesError, quote
from ..i18n import N_
from ..i18n import gettext as _
from ..validators import whole_number
from .meld_rules import STANDARD_MELDS, MeldRules, _check_bool
from .rules import FIRST_ROUND, LAST_ROUND, ROUNDS, RoundRules, hand_size

__all__ = ["MELD_VARIANTS", "TIE_POLICIES", "VARIANTS", "GameRules", "TiePolicy", "Variant"]

TiePolicy = Literal["shared", "playoff"]
#: The tie policies: players tied for the lowest total share first place, or play it off.
TIE_POLICIES: tuple[TiePolicy, ...] = ("shared", "playoff")


@dataclass(frozen=True)
class Variant:
    """One setting of :class:`GameRules`: its name, its field, its default and what it does."""

    name: str
    field: str
    default: int | bool | str
    description: str
    #: What the variant changes in :class:`MeldRules` (field, value) pairs; a variant that
    #: changes what a meld is is part of :class:`RoundRules`.
    meld: tuple[tuple[str, Any], ...] = ()
    #: What a control for it says to a learner (views build their controls from this table).
    label: str = ""
    #: A meld variant's table policy: the rounds whose exact odds the shipped table holds
    #: under it (``()``: none, so adding the variant needs no recount of the tables).
    exact_rounds: tuple[int, ...] = ()


# The rounds the shipped exact table counts under each meld variant (odds/: round 6 would
# take about fifteen minutes a variant).
_COUNTED = (1, 2, 3, 4, 5)

#: Every variant and setting of a game, in one table. :class:`GameRules` takes its fields and
#: defaults from here; views list it to build their controls.
VARIANTS: tuple[Variant, ...] = (
    Variant(N_("short game"), "rounds", LAST_ROUND,
            N_("Play only the first N rounds (5 or 7 are common with children).")),
    Variant(N_("ties"), "ties", "shared",
            N_("'shared': players tied for the lowest total share first; "
               "'playoff': play it off.")),
    Variant(N_("playoff hand"), "playoff_hand_size", 6,
            N_("Cards dealt in the tiebreak round (the rank equal to it is wild).")),
    Variant(N_("lay off"), "lay_off", False,
            N_("On the final turn, cards may be added to melds already on the table."),
            label=N_("Lay off on the final turn")),
    # The bonus is written out (not formatted from GOING_OUT_BONUS) so that the catalogue
    # can hold these sentences; tests/test_rules.py checks they say GOING_OUT_BONUS.
    Variant(N_("going-out bonus"), "going_out_bonus", False,
            N_("The player who goes out scores −10 for the round instead of 0."),
            label=N_("Going-out bonus (−10)")),
    Variant(N_("no final discard"), "no_final_discard", False,
            N_("A player may also go out by melding every card after the draw, with no discard."),
            label=N_("Go out with no discard")),
    Variant(N_("books in different suits"), "books_distinct_suits", False,
            N_("A book's natural cards must all be of different suits: two eights of hearts "
               "cannot share a book."),
            meld=(("distinct_suits", True),), label=N_("Books in different suits"),
            exact_rounds=_COUNTED),
    Variant(N_("no all-wild melds"), "no_all_wild_melds", False,
            N_("Every book and run needs at least one natural card."),
            meld=(("all_wild", False),), label=N_("No melds of wilds alone"),
            exact_rounds=_COUNTED),
)  # fmt: skip
_DEFAULTS: dict[str, Any] = {v.field: v.default for v in VARIANTS}
#: The settings that change what a meld is, which :class:`RoundRules` carries in its model.
MELD_VARIANTS: tuple[str, ...] = tuple(v.field for v in VARIANTS if v.meld)
#: The meld variants :class:`RoundRules` also takes as switches of its own (a new meld
#: variant need not be one: the model it changes is carried all the same).
ROUND_SWITCHES = ("books_distinct_suits", "no_all_wild_melds")


def melds_with(variants: Iterable[Variant], base: MeldRules = STANDARD_MELDS) -> MeldRules:
    """``base`` with the meld changes of ``variants`` applied."""
    changes = {key: value for variant in variants for key, value in variant.meld}
    return replace(base, **changes) if changes else base


def meld_variants_in(meld: MeldRules) -> list[Variant]:
    """The meld variants whose every change ``meld`` holds (those it is "under")."""
    return [
        v for v in VARIANTS if v.meld and all(getattr(meld, key) == value for key, value in v.meld)
    ]


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
        The player who goes out scores −10 for the round instead of 0.
    no_final_discard
        A player may also go out by melding every card after the draw, with no discard.
    books_distinct_suits
        A book's natural cards must all be of different suits.
    no_all_wild_melds
        Every meld needs at least one natural card.
    """

    rounds: int = field(default=_DEFAULTS["rounds"])
    ties: TiePolicy = field(default=_DEFAULTS["ties"])
    playoff_hand_size: int = field(default=_DEFAULTS["playoff_hand_size"])
    lay_off: bool = field(default=_DEFAULTS["lay_off"])
    going_out_bonus: bool = field(default=_DEFAULTS["going_out_bonus"])
    no_final_discard: bool = field(default=_DEFAULTS["no_final_discard"])
    books_distinct_suits: bool = field(default=_DEFAULTS["books_distinct_suits"])
    no_all_wild_melds: bool = field(default=_DEFAULTS["no_all_wild_melds"])

    def __post_init__(self) -> None:
        whole_number(
            self.rounds,
            _("The number of rounds is a whole number, not {value}."),
            error=RulesError,
        )
        whole_number(
            self.rounds,
            _("A game has {low} to {high} rounds, not {value}."),
            1,
            len(ROUNDS),
            RulesError,
        )
        if not isinstance(self.ties, str) or self.ties not in TIE_POLICIES:
            raise RulesError(
                _("Ties are 'shared' or 'playoff', not {value}.").format(value=quote(self.ties))
            )
        size = self.playoff_hand_size
        low, high = hand_size(FIRST_ROUND), hand_size(LAST_ROUND)
        whole_number(
            size,
            _("A playoff hand has {low} to {high} cards (a whole number), not {value}."),
            low,
            high,
            RulesError,
        )
        for variant in VARIANTS:
            if isinstance(variant.default, bool):
                _check_bool(variant.field, getattr(self, variant.field))

    def switched_on(self) -> tuple[str, ...]:
        """The names of the on/off variants switched on, as :data:`VARIANTS` gives them.

        >>> GameRules(lay_off=True, books_distinct_suits=True).switched_on()
        ('lay off', 'books in different suits')
        """
        return tuple(
            v.name for v in VARIANTS if isinstance(v.default, bool) and getattr(self, v.field)
        )

    def for_round(self, round_no: int) -> RoundRules:
        """The rules in force in round ``round_no`` under these settings: the round's meld
        model is the standard one changed by each meld variant switched on."""
        switches = {name: getattr(self, name) for name in ROUND_SWITCHES}
        # The round's own switches are applied by RoundRules on top of the other meld
        # variants' model (so dataclasses.replace on a switch changes the melds with it).
        others = (v for v in VARIANTS if v.meld and v.field not in switches)
        return RoundRules.with_melds(
            round_no, melds_with(v for v in others if getattr(self, v.field)), **switches
        )

    def melds(self) -> MeldRules:
        """What a meld is under these settings (each meld variant's changes applied).

        >>> GameRules(no_all_wild_melds=True).melds().all_wild
        False
        """
        return melds_with(v for v in VARIANTS if v.meld and getattr(self, v.field))

    @property
    def round_numbers(self) -> tuple[int, ...]:
        """The rounds played, in order."""
        return ROUNDS[: self.rounds]

    def to_dict(self) -> dict[str, Any]:
        """The settings as a plain dictionary (for JSON)."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameRules:
        """Rebuild settings from :meth:`to_dict`'s output (:class:`RulesError` if it is not)."""
        if not isinstance(data, dict):
            raise RulesError(
                _("Game settings are a dictionary of settings, not {value}.").format(
                    value=quote(data)
                )
            )
        known = {f.name for f in fields(cls)}
        unknown = [k for k in data if k not in known]
        if unknown:
            raise RulesError(
                _("There is no setting {name}; the settings are {settings}.").format(
                    name=quote(unknown[0]), settings=", ".join(map(repr, sorted(known)))
                )
            )
        return cls(**data)
