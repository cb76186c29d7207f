"""Every variant and setting of a game, in one table (re-exported by :mod:`.rules`).

Each line says what the setting is called, its :class:`~.rules.GameRules` field and
default, what it does, and for a meld variant what it changes in the meld model
(:class:`~.rules.MeldRules`) and which rounds of exact odds the shipped table holds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from ..i18n import N_
from .rules import LAST_ROUND

__all__ = ["MELD_VARIANTS", "TIE_POLICIES", "VARIANTS", "TiePolicy", "Variant"]

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
#: The settings that change what a meld is, which :class:`RoundRules` carries.
MELD_VARIANTS: tuple[str, ...] = tuple(v.field for v in VARIANTS if v.meld)
