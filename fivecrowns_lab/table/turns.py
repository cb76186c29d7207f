"""How each move changes a game: drawing, discarding, going out, final turns, scoring.

These are the state changes behind :meth:`Game.apply
<fivecrowns_lab.table.game.Game.apply>`; they run only after the move was checked
(:mod:`.legality`), so none of them refuses anything.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from ..core.arrangement import Arrangement
from ..core.cards import Card, Hand, card_order
from ..core.layoff import best_with_layoff
from ..core.melds import Meld, check_meld
from ..core.rules import hand_size
from ..core.solver import shared_solver
from .actions import Action, ActionRecord, Discard, Draw, GoOut
from .round_points import round_points
from .scoresheet import PlayoffResult, RoundResult
from .state import GameState

__all__ = ["TurnMoves"]


class TurnMoves(GameState):
    """The state changes of each move (the checks come first, in :class:`Game`)."""

    def _record(self, action: Action, **changes: Any) -> ActionRecord:
        return ActionRecord(
            self._current,
            action,
            self._round_no,
            self._turn,
            final_turn=self.is_final_turn,
            **changes,
        )

    def _do_draw(self, action: Draw) -> ActionRecord:
        hand = self._hands[self._current]
        if action.source == "discard":
            card = self._discard.pop()
            hand.append(card)
            record = self._record(action, drawn=card)
        else:
            reshuffled = not self._stock
            if reshuffled:
                self._stock = self._discard[:-1]
                self._discard = self._discard[-1:]
                self._rng.shuffle(self._stock)
            hand.append(self._stock.pop())
            record = self._record(action, reshuffled=reshuffled)
        self._phase = "discard"
        return record

    def _do_discard(self, action: Discard) -> ActionRecord:
        hand = self._hands[self._current]
        hand.remove(action.card)
        self._discard.append(action.card)
        if not self.is_final_turn:
            record = self._record(action)
            self._advance()
            return record
        if self.rules.lay_off:
            table = [m for melds in self._table for m in melds]
            result = best_with_layoff(hand, self._round_rules, table)
            arrangement = result.arrangement
            self._replace_table(result.table)
            laid_off = result.cards_laid_off
        else:
            # The shared solver remembers the hands the bots and the checks just solved.
            arrangement = shared_solver(self._round_rules).best_arrangement(hand)
            laid_off = ()
        self._lay_down(arrangement, laid_off)
        record = self._record(
            action, laid=tuple(tuple(m.cards) for m in arrangement.melds), laid_off=laid_off
        )
        self._end_final_turn()
        return record

    def _replace_table(self, melds: Sequence[Meld]) -> None:
        it = iter(melds)
        self._table = [[next(it) for _ in row] for row in self._table]

    def _lay_down(self, arrangement: Arrangement, laid_off: Sequence[Card]) -> None:
        player = self._current
        remaining = Counter(self._hands[player])
        for meld in arrangement.melds:
            remaining.subtract(meld.cards)
        remaining.subtract(laid_off)
        self._hands[player] = sorted(remaining.elements(), key=card_order)
        self._table[player].extend(arrangement.melds)
        self._arrangements[player] = arrangement

    def _do_go_out(self, action: GoOut) -> ActionRecord:
        hand = self._hands[self._current]
        if action.discard is not None:
            hand.remove(action.discard)
            self._discard.append(action.discard)
        if action.melds is None:
            melds = shared_solver(self._round_rules).best_arrangement(hand).melds
        else:
            melds = tuple(check_meld(m, self._round_rules).meld for m in action.melds)  # type: ignore[misc]
        arrangement = Arrangement(melds, Hand(), 0, self._round_no)
        self._lay_down(arrangement, ())
        record = self._record(action, laid=tuple(tuple(m.cards) for m in melds))
        if self._went_out is not None:
            self._end_final_turn()
            return record
        self._went_out = self._current
        if self._is_playoff:
            self._playoff = PlayoffResult(self._seats, self._current, hand_size(self._round_no))
            self._phase = "round_over"
            return record
        first = self._next_seat(self._current)
        self._final_left = [p for p in self._seat_order(first) if p != self._current]
        self._start_turn(self._final_left[0])
        return record

    def _advance(self) -> None:
        self._start_turn(self._next_seat(self._current))

    def _start_turn(self, player: int) -> None:
        self._current = player
        self._phase = "draw"
        self._turn += 1

    def _end_final_turn(self) -> None:
        self._final_left.pop(0)
        if self._final_left:
            self._start_turn(self._final_left[0])
        else:
            self._score_round()

    def _score_round(self) -> None:
        went_out = self._went_out
        assert went_out is not None
        arrangements = tuple(self._arrangements[p] for p in range(len(self.names)))
        penalties = [a.penalty for a in arrangements]
        points = round_points(penalties, went_out, self.rules.going_out_bonus)
        self._results.append(
            RoundResult(self._round_no, points, went_out, arrangements, self._dealer)
        )
        self._phase = "round_over"
