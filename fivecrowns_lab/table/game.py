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

import secrets
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from ..core.cards import Card, trusted_hand
from ..core.rules import (
    GameRules,
)
from ..errors import quote
from ..i18n import gettext as _
from ..validators import check_seed, derived_rng
from .actions import Action, ActionRecord, Discard, Draw, GoOut, Source
from .deal import Deal, shuffle_deal
from .game_input import check_deal, check_names, check_next_deal, read_card, read_melds
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
from .loop import Move, play_game, play_moves
from .observation import Observation
from .rows import Rows
from .saves import read_save, save_text
from .scoresheet import PlayoffResult, RoundResult, scoresheet, standings
from .turns import TurnMoves

if TYPE_CHECKING:
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


class Game(TurnMoves):
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

    Notes
    -----
    A game belongs to one thread: its moves change several piles in steps, and two
    threads moving one game at once can lose cards. Give each thread its own game
    (``Game.from_json(game.to_json())`` copies one), or hold a lock around every call.
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
            raise GameError(
                _("The rules of a game are a GameRules, not {value}.").format(value=quote(rules))
            )
        check_seed(seed, GameError, none=True)
        if deal is not None:
            check_deal(deal, names, rules)
        self.names = names
        self.rules = rules
        self.seed = secrets.randbits(63) if seed is None else int(seed)
        self._results = []
        self._history = []
        self._playoff = None
        self._rounds_started = 0
        self._deals = {} if deal is None else {0: deal}
        self._phase = "draw"
        first = rules.round_numbers[0] if deal is None else deal.round_no
        self._deal(self._players_range(), first, playoff=False)

    # -- the deal ----------------------------------------------------------------------------

    def _deal(self, seats: tuple[int, ...], round_no: int, playoff: bool) -> None:
        n = len(self.names)
        index = self._rounds_started
        self._rng = derived_rng(self.seed, "round", index)
        deal = self._deals.get(index)
        if deal is None:
            deal = shuffle_deal(round_no, n, index % n, self._rng, seats)
        elif deal.round_no != round_no or deal.seats != seats:
            raise GameError(
                _(
                    "The deal given is for round {round} and seats {seats}, but this round is "
                    "round {next} for seats {next_seats}."
                ).format(round=deal.round_no, seats=deal.seats, next=round_no, next_seats=seats)
            )
        self._rounds_started += 1
        self._seats = seats
        self._round_no = round_no
        self._round_rules = self.rules.for_round(round_no)
        self._is_playoff = playoff
        self._dealer = deal.dealer
        self._stock = list(deal.stock)
        self._hands = [list(hand) for hand in deal.hands]
        self._table = [[] for _ in range(n)]
        self._discard = list(deal.discard)
        order = self._seat_order(self._next_seat(self._dealer))
        self._current = order[0]
        self._phase = "draw"
        self._went_out = None
        self._final_left = []
        self._arrangements = {}
        self._turn = 0
        self._legal = None
        self._round_start = len(self._history)

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
        legal = self._legal
        mine = player is None or (type(player) is int and player == self._current)
        if not (mine and legal is not None and action in legal):  # a listed move: checked
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
        return self.apply(Discard(read_card(card)))

    def go_out(
        self, discard: Card | str | None, melds: Iterable[Iterable[Card]] | None = None
    ) -> ActionRecord:
        """Go out discarding ``discard``; ``melds`` None lets the engine lay the best melds.

        Each meld is a list of cards or their notation (``["3H 4H 5H", "8S 8D 8C"]``).
        """
        laid = None if melds is None else read_melds(melds)
        return self.apply(GoOut(None if discard is None else read_card(discard), laid))

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
            raise TurnError(
                _("The round is still being played: it ends when every turn is taken.")
            )
        if deal is not None and not isinstance(deal, Deal):
            raise GameError(
                _("A round is dealt from a Deal, not {value}.").format(value=quote(deal))
            )
        if not self._is_playoff and self._round_no < self.rules.rounds:
            self._deal_next(self._players_range(), self._round_no + 1, False, deal)
            return
        tied = self._playoff_players()
        if self.rules.ties == "playoff" and len(tied) > 1 and not self._is_playoff:
            self._deal_next(tied, self.rules.playoff_hand_size - 2, True, deal)
            return
        if deal is not None:
            raise GameError(_("The game is over after this round: there is no round to deal."))
        self._phase = "game_over"
        self._legal = None

    def _deal_next(
        self, seats: tuple[int, ...], round_no: int, playoff: bool, deal: Deal | None
    ) -> None:
        if deal is not None:
            check_next_deal(deal, len(self.names), round_no, seats)
            self._deals[self._rounds_started] = deal
        self._deal(seats, round_no, playoff)

    # -- players, observations -------------------------------------------------------------------

    def observation(self, player: int) -> Observation:
        """What ``player`` may see now (their own hand and public facts only)."""
        check_player(player, self.names)
        current = self.current_player
        mine = current == player
        summed, scores = self._scored()
        return Observation._of_table(
            player=player,
            names=self.names,
            rules=self.rules,
            round_no=self._round_no,
            wild_rank=self._round_rules.wild_rank,
            round_rules=self._round_rules,
            is_playoff=self._is_playoff,
            hand=trusted_hand(self._hands[player]),
            top_discard=self._discard[-1] if self._discard else None,
            discard_pile=trusted_hand(self._discard),
            stock_size=len(self._stock),
            hand_sizes=tuple(map(len, self._hands)),
            table=self.table,
            totals=summed,
            scores=scores,
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
        return save_text(self)

    @property
    def deals(self) -> dict[int, Deal]:
        """The scripted deals this game used, by the index of the round (0 = the first)."""
        return dict(self._deals)

    @property
    def rounds_started(self) -> int:
        """How many rounds (the playoff included) have been dealt so far."""
        return self._rounds_started

    @classmethod
    def from_json(cls, text: str) -> Game:
        """Resume a game saved with :meth:`to_json`; it continues exactly as the original would."""
        saved = read_save(text)
        game = cls.replay(saved.seed, saved.rules, saved.actions, saved.names, saved.deals)
        while game._rounds_started < saved.rounds_started or (
            saved.game_over and not game.is_over
        ):
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
            raise GameError(
                _("Deals are a mapping of round index to Deal, not {value}.").format(
                    value=quote(deals)
                )
            )
        scripted = {} if deals is None else dict(deals)
        game = cls(players, rules, seed, scripted.pop(0, None))
        game._deals.update(scripted)
        if isinstance(actions, (str, bytes, dict)) or not isinstance(actions, Iterable):
            raise GameError(
                _("The actions to replay are a list of actions, not {value}.").format(
                    value=quote(actions)
                )
            )
        for action in actions:
            if game.phase == "round_over":
                game.next_round()
            game.apply(action)
        return game

    # -- tables ---------------------------------------------------------------------------------

    def scoresheet(self) -> Rows:
        """One row per player per round: wild rank, points, running total, went out first."""
        return scoresheet(self.names, self._results)

    def standings(self) -> Rows:
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
