"""A game of Five Crowns at the table: rounds, turns, going out, final turns and scoring.

The shape is the one every game in the package has: the state offers
``legal_actions()``, ``check(action)`` raises a :class:`GameError` with a sentence a
learner can read, ``can(action)`` says yes or no, and ``apply(action)`` plays it and
returns a frozen :class:`~fivecrowns_lab.table.actions.ActionRecord`. An illegal action
changes nothing. Randomness comes only from the seed, so a game replays exactly
from its seed and its actions (that is also how :meth:`Game.to_json` saves it).

>>> game = Game(["Ana", "Ben"], GameRules(rounds=1), seed=7)
>>> game.round_no, game.names[game.current_player], game.phase
(1, 'Ben', 'draw')
>>> game.discard(game.hands[1][0])
Traceback (most recent call last):
...
fivecrowns_lab.errors.PhaseError: You must draw before you discard.
>>> record = game.draw("stock")
>>> len(game.hands[1])
4
"""

from __future__ import annotations

import hashlib
import json
import random
import secrets
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from numbers import Integral
from typing import TYPE_CHECKING, Any

from ..core.cards import DECK, Card, Hand
from ..core.layoff import best_with_layoff
from ..core.melds import Meld, check_meld
from ..core.rules import GameRules, hand_size, wild_rank
from ..core.solver import Arrangement, best_arrangement
from .actions import Action, ActionRecord, Discard, Draw, GoOut, Source, action_from_dict
from .legality import (
    CardNotHeldError,
    EmptyPileError,
    GameError,
    GoOutError,
    PhaseError,
    TurnError,
    check_action,
    list_legal,
)
from .observation import Observation, Phase

if TYPE_CHECKING:
    import pandas as pd

    from .players import Player

__all__ = [
    "CardNotHeldError",
    "EmptyPileError",
    "Game",
    "GameError",
    "GoOutError",
    "PhaseError",
    "PlayoffResult",
    "RoundResult",
    "TurnError",
    "play_game",
]

_FORMAT = "fivecrowns-game"
_VERSION = 1


@dataclass(frozen=True)
class RoundResult:
    """A scored round: each player's points, who went out, and how each hand was laid down."""

    round_no: int
    points: tuple[int, ...]
    went_out: int | None
    arrangements: tuple[Arrangement, ...]
    dealer: int


@dataclass(frozen=True)
class PlayoffResult:
    """The tiebreak round: who played it, who went out first and so won."""

    players: tuple[int, ...]
    winner: int
    hand_size: int


def _derive(seed: int, *parts: object) -> random.Random:
    """A generator that depends only on the seed and the parts (stable across processes)."""
    text = ":".join(str(p) for p in (seed, *parts))
    digest = hashlib.sha256(text.encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


class Game:
    """A game for 2 to 7 players.

    Parameters
    ----------
    players
        The number of players or their names, in seat order (clockwise).
    rules
        The settings and variants (:class:`~fivecrowns_lab.core.rules.GameRules`).
    seed
        Decides every shuffle; None picks one at random (it is kept, see ``seed``).
    """

    def __init__(
        self,
        players: int | Sequence[str],
        rules: GameRules | None = None,
        seed: int | None = None,
    ) -> None:
        rules = GameRules() if rules is None else rules
        if isinstance(players, int):
            names = tuple(f"Player {i + 1}" for i in range(players))
        else:
            names = tuple(str(n) for n in players)
        if not 2 <= len(names) <= 7:
            raise GameError(
                f"Five Crowns is played by 2 to 7 players, not {len(names)}; "
                "one player plays the solitaire edition (Solitaire)."
            )
        if len(set(names)) != len(names):
            raise GameError(f"Each player needs a different name: {', '.join(names)}.")
        self.names = names
        self.rules = rules
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, Integral)):
            raise GameError(f"A seed is a whole number (or None for a random one), not {seed!r}.")
        self.seed = secrets.randbits(63) if seed is None else int(seed)
        self._results: list[RoundResult] = []
        self._history: list[ActionRecord] = []
        self._playoff: PlayoffResult | None = None
        self._rounds_started = 0
        self._phase: Phase = "draw"
        self._deal(self._players_range(), rules.round_numbers[0], playoff=False)

    # -- the deal ----------------------------------------------------------------------------

    def _players_range(self) -> tuple[int, ...]:
        return tuple(range(len(self.names)))

    def _deal(self, seats: tuple[int, ...], round_no: int, playoff: bool) -> None:
        n = len(self.names)
        self._seats = seats
        self._round_no = round_no
        self._is_playoff = playoff
        self._dealer = self._rounds_started % n
        self._rng = _derive(self.seed, "round", self._rounds_started)
        self._rounds_started += 1
        stock = list(DECK)
        self._rng.shuffle(stock)
        self._stock = stock
        self._hands: list[list[Card]] = [[] for _ in range(n)]
        self._table: list[list[Meld]] = [[] for _ in range(n)]
        order = self._seat_order(self._next_seat(self._dealer))
        for _ in range(hand_size(round_no)):
            for player in order:
                self._hands[player].append(self._stock.pop())
        self._discard = [self._stock.pop()]
        self._current = order[0]
        self._phase = "draw"
        self._went_out: int | None = None
        self._final_left: list[int] = []
        self._arrangements: dict[int, Arrangement] = {}
        self._turn = 0
        self._legal: tuple[Action, ...] | None = None
        self._round_start = len(self._history)

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

    # -- reading the state ----------------------------------------------------------------------

    @property
    def round_no(self) -> int:
        """The round whose hand size and wild rank apply (a playoff uses its hand size - 2)."""
        return self._round_no

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
        return tuple(Hand(h) for h in self._hands)

    @property
    def stock(self) -> Hand:
        """The face-down draw pile, bottom to top."""
        return Hand(self._stock)

    @property
    def discard_pile(self) -> Hand:
        """The face-up pile, bottom to top."""
        return Hand(self._discard)

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

    @property
    def totals(self) -> tuple[int, ...]:
        """Each player's points over the scored rounds."""
        return tuple(sum(r.points[p] for r in self._results) for p in range(len(self.names)))

    @property
    def history(self) -> tuple[ActionRecord, ...]:
        """Every action applied so far, in order."""
        return tuple(self._history)

    def placements(self) -> tuple[int, ...]:
        """Each player's place: ties share it (1, 1, 3); a playoff's winner is alone in 1st."""
        totals = self.totals
        places = [1 + sum(t < mine for t in totals) for mine in totals]
        if self._playoff is not None:
            for player in self._playoff.players:
                places[player] = 1 if player == self._playoff.winner else 2
        return tuple(places)

    def winners(self) -> tuple[int, ...]:
        """The players in first place (more than one only when they share it)."""
        return tuple(p for p, place in enumerate(self.placements()) if place == 1)

    # -- checking actions -----------------------------------------------------------------------

    def check(self, action: Action, player: int | None = None) -> None:
        """Raise a :class:`GameError` saying why ``action`` is not allowed now; else return."""
        check_action(self, action, player)

    def can(self, action: Action, player: int | None = None) -> bool:
        """True when :meth:`check` would accept the action."""
        try:
            self.check(action, player)
        except GameError:
            return False
        return True

    def legal_actions(self) -> tuple[Action, ...]:
        """Every action the current player may take (going out with the engine's melds)."""
        if self._legal is None:
            self._legal = self._list_legal()
        return self._legal

    def _list_legal(self) -> tuple[Action, ...]:
        return list_legal(self)

    # -- applying actions -----------------------------------------------------------------------

    def apply(self, action: Action, player: int | None = None) -> ActionRecord:
        """Play ``action`` for the current player (who must be ``player`` if given); record it."""
        self.check(action, player)
        if isinstance(action, Draw):
            record = self._do_draw(action)
        elif isinstance(action, GoOut):
            record = self._do_go_out(action)
        else:
            assert isinstance(action, Discard)  # check() accepted only these three
            record = self._do_discard(action)
        self._history.append(record)
        self._legal = None
        return record

    def draw(self, source: Source = "stock") -> ActionRecord:
        """Draw from the ``"stock"`` or the ``"discard"`` pile."""
        return self.apply(Draw(source))

    def discard(self, card: Card | str) -> ActionRecord:
        """Discard a card (a :class:`Card` or its notation, like ``"9C"``)."""
        return self.apply(Discard(_card(card)))

    def go_out(
        self, discard: Card | str | None, melds: Iterable[Iterable[Card]] | None = None
    ) -> ActionRecord:
        """Go out discarding ``discard``; ``melds`` None lets the engine lay the best melds."""
        laid = None if melds is None else tuple(tuple(m) for m in melds)
        return self.apply(GoOut(None if discard is None else _card(discard), laid))

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
            result = best_with_layoff(hand, self._round_no, table)
            arrangement = result.arrangement
            self._replace_table(result.table)
            laid_off = result.cards_laid_off
        else:
            arrangement = best_arrangement(hand, self._round_no)
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
        self._hands[player] = [c for c in sorted(remaining.elements(), key=lambda c: c.sort_key)]
        self._table[player].extend(arrangement.melds)
        self._arrangements[player] = arrangement

    def _do_go_out(self, action: GoOut) -> ActionRecord:
        hand = self._hands[self._current]
        if action.discard is not None:
            hand.remove(action.discard)
            self._discard.append(action.discard)
        if action.melds is None:
            melds = best_arrangement(hand, self._round_no).melds
        else:
            melds = tuple(check_meld(m, self._round_no).meld for m in action.melds)  # type: ignore[misc]
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
        bonus = -10 if self.rules.going_out_bonus else 0
        points = []
        arrangements = []
        for player in range(len(self.names)):
            arrangement = self._arrangements[player]
            arrangements.append(arrangement)
            points.append(bonus if player == went_out else arrangement.penalty)
        self._results.append(
            RoundResult(self._round_no, tuple(points), went_out, tuple(arrangements), self._dealer)
        )
        self._phase = "round_over"

    # -- rounds and the game's end ------------------------------------------------------------

    def _playoff_players(self) -> tuple[int, ...]:
        totals = self.totals
        low = min(totals)
        return tuple(p for p, t in enumerate(totals) if t == low)

    def next_round(self) -> None:
        """Deal the next round (or the playoff), or end the game after the last one."""
        if self._phase != "round_over":
            raise TurnError("The round is still being played: it ends when every turn is taken.")
        played = len(self._results)
        if not self._is_playoff and played < self.rules.rounds:
            self._deal(self._players_range(), self.rules.round_numbers[played], playoff=False)
            return
        tied = self._playoff_players()
        if self.rules.ties == "playoff" and len(tied) > 1 and not self._is_playoff:
            self._deal(tied, self.rules.playoff_hand_size - 2, playoff=True)
            return
        self._phase = "game_over"
        self._legal = None

    # -- players, observations -------------------------------------------------------------------

    def observation(self, player: int) -> Observation:
        """What ``player`` may see now (their own hand and public facts only)."""
        current = self.current_player
        mine = current == player
        return Observation(
            player=player,
            names=self.names,
            rules=self.rules,
            round_no=self._round_no,
            wild_rank=wild_rank(self._round_no),
            is_playoff=self._is_playoff,
            hand=Hand(self._hands[player]),
            top_discard=self._discard[-1] if self._discard else None,
            discard_pile=Hand(self._discard),
            stock_size=len(self._stock),
            hand_sizes=tuple(len(h) for h in self._hands),
            table=self.table,
            totals=self.totals,
            scores=tuple(r.points for r in self._results),
            current_player=current,
            dealer=self._dealer,
            phase=self._phase,
            went_out=self._went_out,
            is_final_turn=self.is_final_turn,
            legal_actions=self.legal_actions() if mine else (),
            history=tuple(self._history[self._round_start :]),
        )

    def play(self, players: Sequence[Player]) -> Game:
        """Let ``players`` (one per seat) play until the game ends; return the game."""
        return play_game(self, players)

    # -- saving and replaying -------------------------------------------------------------------

    def to_json(self) -> str:
        """The game as JSON: seed, rules, names and actions (replayed by :meth:`from_json`)."""
        data = {
            "format": _FORMAT,
            "version": _VERSION,
            "names": list(self.names),
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "actions": [r.action.to_dict() for r in self._history],
            "rounds_started": self._rounds_started,
            "game_over": self._phase == "game_over",
        }
        return json.dumps(data, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> Game:
        """Resume a game saved with :meth:`to_json`; it continues exactly as the original would."""
        data = _read_save(text)
        try:
            rules = GameRules.from_dict(data["rules"])
        except TypeError as error:
            raise GameError(f"This saved game has unknown rules: {error}.") from None
        actions = [action_from_dict(a) for a in data["actions"]]
        game = cls.replay(data["seed"], rules, actions, data["names"])
        while game._rounds_started < data["rounds_started"] or (
            data.get("game_over") and not game.is_over
        ):
            game.next_round()
        return game

    @classmethod
    def replay(
        cls, seed: int, rules: GameRules, actions: Iterable[Action], players: int | Sequence[str]
    ) -> Game:
        """Play ``actions`` from the deal of ``seed`` (starting the next round when one ends)."""
        game = cls(players, rules, seed)
        for action in actions:
            if game.phase == "round_over":
                game.next_round()
            game.apply(action)
        return game

    # -- tables ---------------------------------------------------------------------------------

    def scoresheet(self) -> pd.DataFrame:
        """One row per player per round: wild rank, points, running total, went out first."""
        from .scoresheet import scoresheet

        return scoresheet(self)

    def standings(self) -> pd.DataFrame:
        """One row per player: total points, rounds gone out first, placement."""
        from .scoresheet import standings

        return standings(self)

    def __repr__(self) -> str:
        return (
            f"<Game {len(self.names)} players, round {self._round_no}, {self._phase}, "
            f"totals {self.totals}>"
        )

    def _repr_html_(self) -> str:
        from ..render import game_html  # lazy: rendering is only needed in notebooks

        return game_html(self)


def _read_save(text: str) -> dict[str, Any]:
    """The fields of a saved game, or a :class:`GameError` saying what is wrong with it."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, TypeError) as error:
        raise GameError(f"This is not a saved game: {error}.") from None
    if not isinstance(data, dict) or data.get("format") != _FORMAT:
        raise GameError("This is not a saved Five Crowns game (its 'format' is missing).")
    missing = [k for k in ("names", "rules", "seed", "actions", "rounds_started") if k not in data]
    if missing:
        raise GameError(f"This saved game is incomplete: it has no {', '.join(missing)}.")
    if not isinstance(data["actions"], list) or not isinstance(data["rules"], dict):
        raise GameError("This saved game is damaged: its actions or rules are not readable.")
    return data


def _card(card: Card | str) -> Card:
    if isinstance(card, Card):
        return card
    return Card.parse(card)


def play_game(game: Game, players: Sequence[Player]) -> Game:
    """Ask each player in turn for an action until the game is over; return the game."""
    if len(players) != len(game.names):
        raise GameError(
            f"This game has {len(game.names)} seats, but {len(players)} players were given."
        )
    while not game.is_over:
        if game.phase == "round_over":
            game.next_round()
            continue
        player = game.current_player
        assert player is not None
        game.apply(players[player].choose(game.observation(player)), player)
    return game
