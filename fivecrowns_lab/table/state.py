"""What a game at the table holds, and reading it: the state every move changes.

:class:`GameState` declares the fields of a game (the deal, the piles, the hands, the
table, whose turn it is, the scored rounds) and the read-only properties a view, a bot
or a test reads them through. It has no moves: :mod:`.turns` changes the state,
:class:`~fivecrowns_lab.table.game.Game` checks and applies actions and deals rounds.
"""

from __future__ import annotations

import random

from ..core.arrangement import Arrangement
from ..core.cards import Card, Hand, trusted_hand
from ..core.melds import Meld
from ..core.rules import GameRules, RoundRules
from .actions import Action, ActionRecord, Phase
from .deal import Deal
from .scoresheet import PlayoffResult, RoundResult, placements, totals

__all__ = ["GameState"]


class GameState:
    """The fields of a game and the properties that read them (see :class:`Game`)."""

    names: tuple[str, ...]
    rules: GameRules
    seed: int
    # the game so far
    _results: list[RoundResult]
    _history: list[ActionRecord]
    _playoff: PlayoffResult | None
    _rounds_started: int
    _deals: dict[int, Deal]
    # this round
    _rng: random.Random
    _seats: tuple[int, ...]
    _round_no: int
    _round_rules: RoundRules
    _is_playoff: bool
    _dealer: int
    _stock: list[Card]
    _hands: list[list[Card]]
    _table: list[list[Meld]]
    _discard: list[Card]
    _current: int
    _phase: Phase
    _went_out: int | None
    _final_left: list[int]
    _arrangements: dict[int, Arrangement]
    _turn: int
    _legal: tuple[Action, ...] | None
    _round_start: int

    # -- seats ------------------------------------------------------------------------------------

    def _players_range(self) -> tuple[int, ...]:
        return tuple(range(len(self.names)))

    def _next_seat(self, player: int) -> int:
        """The first player dealt in this round to the left of ``player``."""
        n = len(self.names)
        for step in range(n):
            candidate = (player + step) % n
            if candidate in self._seats and (step > 0 or player not in self._seats):
                return candidate
        return player

    def _seat_order(self, first: int) -> list[int]:
        n = len(self.names)
        return [(first + i) % n for i in range(n) if (first + i) % n in self._seats]

    # -- reading the state ------------------------------------------------------------------------

    @property
    def round_no(self) -> int:
        """The round whose hand size and wild rank apply (a playoff uses its hand size - 2)."""
        return self._round_no

    @property
    def round_rules(self) -> RoundRules:
        """The rules in force this round: what is wild and what a meld is."""
        return self._round_rules

    @property
    def is_playoff(self) -> bool:
        """True during the tiebreak round."""
        return self._is_playoff

    @property
    def phase(self) -> Phase:
        """``"draw"``, ``"discard"``, ``"round_over"`` or ``"game_over"``."""
        return self._phase

    @property
    def current_player(self) -> int | None:
        """Whose turn it is (None once the round is over)."""
        return self._current if self._phase in ("draw", "discard") else None

    @property
    def dealer(self) -> int:
        """Who dealt this round; play starts at their left."""
        return self._dealer

    @property
    def is_over(self) -> bool:
        """True when the game has ended."""
        return self._phase == "game_over"

    @property
    def hands(self) -> tuple[Hand, ...]:
        """Every player's hand: the full state, never shown to another player."""
        return tuple(trusted_hand(h) for h in self._hands)

    @property
    def stock(self) -> Hand:
        """The face-down draw pile, bottom to top."""
        return trusted_hand(self._stock)

    @property
    def discard_pile(self) -> Hand:
        """The face-up pile, bottom to top."""
        return trusted_hand(self._discard)

    @property
    def table(self) -> tuple[tuple[Meld, ...], ...]:
        """The melds each player has laid down this round."""
        return tuple(tuple(m) for m in self._table)

    @property
    def went_out(self) -> int | None:
        """Who went out this round, if anyone has."""
        return self._went_out

    @property
    def is_final_turn(self) -> bool:
        """True while the others take their one last turn after someone went out."""
        return self._went_out is not None and self._phase in ("draw", "discard")

    @property
    def round_results(self) -> tuple[RoundResult, ...]:
        """The scored rounds so far (the playoff is not scored; see ``playoff``)."""
        return tuple(self._results)

    @property
    def playoff(self) -> PlayoffResult | None:
        """The tiebreak round's result, once played."""
        return self._playoff

    # The totals and the rounds' points, and how many results they cover: every observation
    # shows them, and results are only ever appended, so they are made again only after a
    # round.
    _scored_of: tuple[int, tuple[int, ...], tuple[tuple[int, ...], ...]] = (-1, (), ())

    def _scored(self) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
        """Each player's total and each scored round's points by player."""
        count, summed, points = self._scored_of
        if count != len(self._results):
            summed = totals(len(self.names), self._results)
            points = tuple(r.points for r in self._results)
            self._scored_of = (len(self._results), summed, points)
        return summed, points

    @property
    def totals(self) -> tuple[int, ...]:
        """Each player's points over the scored rounds."""
        return self._scored()[0]

    @property
    def history(self) -> tuple[ActionRecord, ...]:
        """Every action applied so far, in order."""
        return tuple(self._history)

    def placements(self) -> tuple[int, ...]:
        """Each player's place: ties share it (1, 1, 3); a playoff's winner is alone in 1st."""
        return placements(self.totals, self._playoff)

    def winners(self) -> tuple[int, ...]:
        """The players in first place (more than one only when they share it)."""
        return tuple(p for p, place in enumerate(self.placements()) if place == 1)
