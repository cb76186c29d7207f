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
import re
import secrets
import time
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from ..core.cards import DECK, Card, Hand, parse_cards
from ..core.layoff import best_with_layoff
from ..core.melds import Meld, check_meld
from ..core.rules import (
    GOING_OUT_BONUS,
    MAX_PLAYERS,
    GameRules,
    RoundRules,
    check_player_count,
    hand_size,
)
from ..core.solver import Arrangement, best_arrangement
from ..errors import RulesError, quote
from .actions import Action, ActionRecord, Discard, Draw, GoOut, Phase, Source, action_from_dict
from .deal import Deal, shuffle_deal
from .legality import (
    CardNotHeldError,
    EmptyPileError,
    GameError,
    GoOutError,
    PhaseError,
    Turn,
    TurnError,
    check_action,
    check_player,
    list_legal,
)
from .observation import Observation
from .scoresheet import PlayoffResult, RoundResult, placements, scoresheet, standings, totals

if TYPE_CHECKING:
    import pandas as pd

    from .players import Player

__all__ = [
    "CardNotHeldError",
    "EmptyPileError",
    "Game",
    "GameError",
    "GoOutError",
    "Move",
    "PhaseError",
    "PlayoffResult",
    "RoundResult",
    "TurnError",
    "play_game",
    "play_moves",
]

_FORMAT = "fivecrowns-game"
_VERSION = 1
#: The largest save read back (a full game of 7 players is about 60 KB) and its deepest nesting.
MAX_SAVE_BYTES = 1_000_000
MAX_SAVE_DEPTH = 8
#: Seeds are whole numbers within 64 bits either way; names at most this long.
MAX_SEED = 2**64
MAX_NAME = 40


def check_seed(seed: object, error: type[Exception] = GameError) -> int:
    """Return ``seed`` if it is a whole number within 64 bits, else raise ``error``."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not -MAX_SEED < seed < MAX_SEED:
        raise error(
            f"A seed is a whole number below 2**64 (or None for a random one), not {quote(seed)}."
        )
    return seed


def check_names(players: object) -> tuple[str, ...]:
    """The players' names from a count or a list of names; :class:`GameError` if neither."""
    if isinstance(players, int) and not isinstance(players, bool):
        check_player_count(players, GameError)
        return tuple(f"Player {i + 1}" for i in range(players))
    if not isinstance(players, (list, tuple)):
        raise GameError(
            f"Players are a number (2 to {MAX_PLAYERS}) or a list of names, such as "
            f"['Ana', 'Ben'], not {quote(players)}."
        )
    check_player_count(len(players), GameError)
    for name in players:
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
            raise GameError(
                f"A player's name is some text of 1 to {MAX_NAME} characters, not {quote(name)}."
            )
    names = tuple(players)
    if len(set(names)) != len(names):
        raise GameError(f"Each player needs a different name: {quote(', '.join(names))}.")
    return names


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
    deal
        A :class:`~fivecrowns_lab.table.deal.Deal` to start from instead of a shuffle (a
        scripted position); the game then starts at that deal's round and saves it.
    """

    def __init__(
        self,
        players: int | Sequence[str],
        rules: GameRules | None = None,
        seed: int | None = None,
        deal: Deal | None = None,
    ) -> None:
        names = check_names(players)
        if rules is None:
            rules = GameRules()
        elif not isinstance(rules, GameRules):
            raise GameError(f"The rules of a game are a GameRules, not {quote(rules)}.")
        if seed is not None:
            check_seed(seed)
        if deal is not None:
            self._check_deal(deal, names, rules)
        self.names = names
        self.rules = rules
        self.seed = secrets.randbits(63) if seed is None else int(seed)
        self._results: list[RoundResult] = []
        self._history: list[ActionRecord] = []
        self._playoff: PlayoffResult | None = None
        self._rounds_started = 0
        self._deals: dict[int, Deal] = {} if deal is None else {0: deal}
        self._phase: Phase = "draw"
        first = rules.round_numbers[0] if deal is None else deal.round_no
        self._deal(self._players_range(), first, playoff=False)

    @staticmethod
    def _check_deal(deal: object, names: Sequence[str], rules: GameRules) -> Deal:
        if not isinstance(deal, Deal):
            raise GameError(f"A game starts from a Deal, not {quote(deal)}.")
        if len(deal.hands) != len(names):
            raise GameError(
                f"This deal is for {len(deal.hands)} players, but the game has {len(names)}."
            )
        if deal.round_no > rules.rounds:
            raise GameError(
                f"This deal is for round {deal.round_no}, but the game has {rules.rounds} rounds."
            )
        return deal

    # -- the deal ----------------------------------------------------------------------------

    def _players_range(self) -> tuple[int, ...]:
        return tuple(range(len(self.names)))

    def _deal(self, seats: tuple[int, ...], round_no: int, playoff: bool) -> None:
        n = len(self.names)
        index = self._rounds_started
        self._rng = _derive(self.seed, "round", index)
        deal = self._deals.get(index)
        if deal is None:
            deal = shuffle_deal(round_no, n, index % n, self._rng, seats)
        elif deal.round_no != round_no or deal.seats != seats:
            raise GameError(
                f"The deal given is for round {deal.round_no} and seats {deal.seats}, but this "
                f"round is round {round_no} for seats {seats}."
            )
        self._rounds_started += 1
        self._seats = seats
        self._round_no = round_no
        self._round_rules = self.rules.for_round(round_no)
        self._is_playoff = playoff
        self._dealer = deal.dealer
        self._stock = list(deal.stock)
        self._hands: list[list[Card]] = [list(hand) for hand in deal.hands]
        self._table: list[list[Meld]] = [[] for _ in range(n)]
        self._discard = list(deal.discard)
        order = self._seat_order(self._next_seat(self._dealer))
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
        return totals(len(self.names), self._results)

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

    # -- checking actions -----------------------------------------------------------------------

    def turn(self) -> Turn:
        """The facts the legality of a move depends on, now (see :mod:`.legality`)."""
        return Turn(
            self._phase,
            self._current,
            self.names,
            self._hands[self._current],
            self._round_rules,
            len(self._discard),
            len(self._stock),
            self.rules.no_final_discard,
        )

    def check(self, action: Action, player: int | None = None) -> None:
        """Raise a :class:`GameError` saying why ``action`` is not allowed now; else return."""
        check_action(self.turn(), action, player)

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
        return list_legal(self.turn())

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
        """Go out discarding ``discard``; ``melds`` None lets the engine lay the best melds.

        Each meld is a list of cards or their notation (``["3H 4H 5H", "8S 8D 8C"]``).
        """
        laid = None if melds is None else _melds(melds)
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
            result = best_with_layoff(hand, self._round_rules, table)
            arrangement = result.arrangement
            self._replace_table(result.table)
            laid_off = result.cards_laid_off
        else:
            arrangement = best_arrangement(hand, self._round_rules)
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
            melds = best_arrangement(hand, self._round_rules).melds
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
        bonus = GOING_OUT_BONUS if self.rules.going_out_bonus else 0
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

    def next_round(self, deal: Deal | None = None) -> None:
        """Deal the next round (or the playoff), or end the game after the last one.

        ``deal`` (a :class:`~fivecrowns_lab.table.deal.Deal`) replaces the shuffle with
        chosen cards; it must be for the round (and, in a playoff, the seats) dealt next.
        """
        if self._phase != "round_over":
            raise TurnError("The round is still being played: it ends when every turn is taken.")
        if deal is not None and not isinstance(deal, Deal):
            raise GameError(f"A round is dealt from a Deal, not {quote(deal)}.")
        if not self._is_playoff and self._round_no < self.rules.rounds:
            self._deal_next(self._players_range(), self._round_no + 1, False, deal)
            return
        tied = self._playoff_players()
        if self.rules.ties == "playoff" and len(tied) > 1 and not self._is_playoff:
            self._deal_next(tied, self.rules.playoff_hand_size - 2, True, deal)
            return
        if deal is not None:
            raise GameError("The game is over after this round: there is no round to deal.")
        self._phase = "game_over"
        self._legal = None

    def _deal_next(
        self, seats: tuple[int, ...], round_no: int, playoff: bool, deal: Deal | None
    ) -> None:
        if deal is not None:
            if len(deal.hands) != len(self.names) or deal.round_no != round_no:
                raise GameError(
                    f"The next round is round {round_no} for {len(self.names)} players; this "
                    f"deal is for round {deal.round_no} and {len(deal.hands)} players."
                )
            if deal.seats != seats:
                raise GameError(f"The next round is dealt to seats {seats}, not {deal.seats}.")
            self._deals[self._rounds_started] = deal
        self._deal(seats, round_no, playoff)

    # -- players, observations -------------------------------------------------------------------

    def observation(self, player: int) -> Observation:
        """What ``player`` may see now (their own hand and public facts only)."""
        check_player(player, self.names)
        current = self.current_player
        mine = current == player
        return Observation(
            player=player,
            names=self.names,
            rules=self.rules,
            round_no=self._round_no,
            wild_rank=self._round_rules.wild_rank,
            round_rules=self._round_rules,
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
        if self._deals:  # scripted deals, by the index of the round they started
            data["deals"] = [[i, d.to_dict()] for i, d in sorted(self._deals.items())]
        return json.dumps(data, ensure_ascii=False)

    @property
    def deals(self) -> dict[int, Deal]:
        """The scripted deals this game used, by the index of the round (0 = the first)."""
        return dict(self._deals)

    @classmethod
    def from_json(cls, text: str) -> Game:
        """Resume a game saved with :meth:`to_json`; it continues exactly as the original would."""
        data = _read_save(text)
        try:
            rules = GameRules.from_dict(data["rules"])
        except RulesError as error:
            raise GameError(f"This saved game has unknown rules: {error}") from None
        try:
            names = check_names(data["names"])
            seed = check_seed(data["seed"])
        except GameError as error:
            raise GameError(f"This saved game is damaged: {error}") from None
        deals = _read_deals(data.get("deals", []))
        started = data["rounds_started"]
        limit = rules.rounds + 1
        if isinstance(started, bool) or not isinstance(started, int) or not 1 <= started <= limit:
            raise GameError(
                f"This saved game's rounds_started is not 1 to {limit}: {quote(started)}."
            )
        if not isinstance(data.get("game_over", False), bool):
            raise GameError("This saved game is damaged: its game_over is not true or false.")
        actions = [action_from_dict(a) for a in data["actions"]]
        game = cls.replay(seed, rules, actions, names, deals)
        while game._rounds_started < started or (data.get("game_over") and not game.is_over):
            if game.phase != "round_over":
                raise GameError("This saved game is damaged: its rounds do not match its actions.")
            game.next_round()
        return game

    @classmethod
    def replay(
        cls,
        seed: int,
        rules: GameRules,
        actions: Iterable[Action],
        players: int | Sequence[str],
        deals: Mapping[int, Deal] | None = None,
    ) -> Game:
        """Play ``actions`` from the deal of ``seed`` (starting the next round when one ends).

        ``deals`` are the scripted deals by round index, as :attr:`deals` gives them.
        """
        if deals is not None and (
            not isinstance(deals, Mapping)
            or not all(isinstance(i, int) and isinstance(d, Deal) for i, d in deals.items())
        ):
            raise GameError(f"Deals are a mapping of round index to Deal, not {quote(deals)}.")
        scripted = {} if deals is None else dict(deals)
        game = cls(players, rules, seed, scripted.pop(0, None))
        game._deals.update(scripted)
        if isinstance(actions, (str, bytes, dict)) or not isinstance(actions, Iterable):
            raise GameError(f"The actions to replay are a list of actions, not {quote(actions)}.")
        for action in actions:
            if game.phase == "round_over":
                game.next_round()
            game.apply(action)
        return game

    # -- tables ---------------------------------------------------------------------------------

    def scoresheet(self) -> pd.DataFrame:
        """One row per player per round: wild rank, points, running total, went out first."""
        return scoresheet(self.names, self._results)

    def standings(self) -> pd.DataFrame:
        """One row per player: total points, rounds gone out first, placement."""
        return standings(self.names, self._results, self._playoff)

    def __repr__(self) -> str:
        return (
            f"<Game {len(self.names)} players, round {self._round_no}, {self._phase}, "
            f"totals {self.totals}>"
        )

    def _repr_html_(self) -> str:
        from ..render import game_html  # lazy: rendering is only needed in notebooks

        return game_html(self)


_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKETS = re.compile(r"[\[\]{}]")


def json_depth(text: str) -> int:
    """How deeply the lists and objects of a JSON text nest (strings are skipped)."""
    depth = deepest = 0
    for bracket in _BRACKETS.findall(_STRINGS.sub("", text)):
        depth += 1 if bracket in "[{" else -1
        deepest = max(deepest, depth)
    return deepest


def read_json(
    text: object, what: str, error: type[Exception] = GameError, limit: int = MAX_SAVE_BYTES
) -> Any:
    """Parse a saved ``what`` no larger than ``limit`` and nested at most ``MAX_SAVE_DEPTH``."""
    if isinstance(text, bytes):
        if len(text) > limit:
            raise error(f"This {what} is too large: {len(text)} bytes, the most is {limit}.")
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise error(f"This is not a saved {what}: it is not UTF-8 text.") from None
    if not isinstance(text, str):
        raise error(f"A saved {what} is JSON text, not {quote(text)}.")
    if len(text) > limit:
        raise error(f"This {what} is too large: {len(text)} characters, the most is {limit}.")
    if json_depth(text) > MAX_SAVE_DEPTH:
        raise error(f"This is not a saved {what}: it nests deeper than any save does.")
    try:
        return json.loads(text)
    except json.JSONDecodeError as problem:
        raise error(
            f"This is not a saved {what}: {problem.msg} at character {problem.pos}."
        ) from None
    except (ValueError, RecursionError):  # such as a number of more than 4300 digits
        raise error(f"This is not a saved {what}: it holds a value too large to read.") from None


def _read_deals(data: object) -> dict[int, Deal]:
    if not isinstance(data, list) or len(data) > MAX_SAVE_DEPTH * 2:
        raise GameError("This saved game is damaged: its deals are not readable.")
    deals: dict[int, Deal] = {}
    for item in data:
        if not (isinstance(item, list) and len(item) == 2 and isinstance(item[0], int)):
            raise GameError(f"This saved game's deal {quote(item)} is not [round index, deal].")
        deals[item[0]] = Deal.from_dict(item[1])
    return deals


def _read_save(text: str) -> dict[str, Any]:
    """The fields of a saved game, or a :class:`GameError` saying what is wrong with it."""
    data = read_json(text, "game")
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


def _melds(melds: object) -> tuple[tuple[Card, ...], ...]:
    """Melds given as lists of cards or as card text, read into tuples of cards."""
    if isinstance(melds, (str, bytes)) or not isinstance(melds, Iterable):
        raise GoOutError(
            f"Melds are a list of melds, such as ['3H 4H 5H', '8S 8D 8C'], not {quote(melds)}."
        )
    groups: list[tuple[Card, ...]] = []
    for meld in melds:
        if len(groups) >= len(DECK):
            raise GoOutError("That is more melds than the deck has cards.")
        groups.append(tuple(parse_cards(meld)))
    return tuple(groups)


class Move(NamedTuple):
    """One move of :func:`play_moves`: the seat, what it saw, what it chose, and how long
    choosing took (seconds of wall clock)."""

    seat: int
    observation: Observation
    action: Action
    seconds: float


def play_moves(game: Game, players: Sequence[Player]) -> Iterator[Move]:
    """Play ``game`` to its end, yielding each move just before it is applied.

    The one game loop: :func:`play_game` runs it through, and callers that time the
    moves or look for a position iterate it. Stop iterating to stop there: the move
    yielded last is then not applied. The players are checked at once, not on the
    first move.

    >>> from fivecrowns_lab.table.players import make_bot
    >>> game = Game(2, seed=1)
    >>> first = next(play_moves(game, [make_bot("greedy", 1), make_bot("greedy", 2)]))
    >>> first.seat, type(first.action).__name__, game.phase
    (1, 'Draw', 'draw')
    """
    if not isinstance(game, Game):
        raise GameError(f"play_game plays a Game, not {quote(game)}.")
    if not isinstance(players, (list, tuple)) or len(players) != len(game.names):
        count = len(players) if isinstance(players, (list, tuple)) else quote(players)
        raise GameError(
            f"This game has {len(game.names)} seats, but the players given are {count}."
        )
    for player in players:
        if not callable(getattr(player, "choose", None)):
            raise GameError(
                f"A player has a choose(observation) method; {quote(player)} has none."
            )
    return _moves(game, players)


def _moves(game: Game, players: Sequence[Player]) -> Iterator[Move]:
    while not game.is_over:
        if game.phase == "round_over":
            game.next_round()
            continue
        seat = game.current_player
        assert seat is not None
        observation = game.observation(seat)
        start = time.perf_counter()
        action = players[seat].choose(observation)
        yield Move(seat, observation, action, time.perf_counter() - start)
        game.apply(action, seat)


def play_game(game: Game, players: Sequence[Player]) -> Game:
    """Ask each player in turn for an action until the game is over; return the game."""
    for _move in play_moves(game, players):
        pass
    return game
