"""Five Crowns Solitaire: eleven face-up hands, one player, one draw pile.

Hand ``k`` (1..11) holds ``k + 2`` cards and is played with round ``k``'s wild rank.
Each turn draws a card (the face-up card may be taken on the first turn only), puts
it into an open hand and discards a card of that same hand. A hand whose cards all
meld is closed. Closing every hand wins; running out of draw pile first loses.

The shape is the table game's: ``legal_actions()``, ``check``/``can``, ``apply``
returning an :class:`~fivecrowns_lab.table.actions.ActionRecord`, and JSON save/resume.

>>> game = Solitaire(seed=5)
>>> game.phase, len(game.hands), [len(h) for h in game.hands][:3]
('draw', 11, [3, 4, 5])
>>> game.apply(Place(1, game.hands[0][0]))
Traceback (most recent call last):
...
fivecrowns_lab.errors.SolitaireError: You must draw before you place a card.
"""

from __future__ import annotations

import json
import random
import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from ..core.cards import DECK, Card, Hand, trusted_hand
from ..core.rules import ROUNDS, hand_size
from ..core.solver import shared_solver
from ..errors import FiveCrownsError, SolitaireError, quote
from ..i18n import gettext as _
from ..validators import (
    MAX_SAVE_CHARS,
    MAX_SAVE_DEPTH,
    check_seed,
    derived_rng,
    is_numpy,
    read_json,
    refuse_unknown_keys,
    whole_number,
)
from .actions import Action, ActionRecord, Draw, Place, action_from_dict
from .saves import check_save_version

__all__ = ["Solitaire", "SolitaireBot", "SolitaireError", "SolitaireResult"]

SolitairePhase = Literal["draw", "place", "won", "lost"]
_FORMAT = "fivecrowns-solitaire"
#: Every key a solitaire save may hold.
_SAVE_KEYS = frozenset({"format", "version", "seed", "actions"})
_SAVE_VERSION = 1


@dataclass(frozen=True)
class SolitaireResult:
    """How a finished game went: won or lost, hands closed, cards left in the draw pile."""

    won: bool
    closed: int
    stock_left: int
    turns: int


class Solitaire:
    """A game of Five Crowns Solitaire, dealt from ``seed`` (None: a random seed, kept).

    Like a :class:`~fivecrowns_lab.table.game.Game`, it belongs to one thread: moves from
    two threads at once can lose cards (give each thread its own, or hold a lock).
    """

    def __init__(self, seed: int | None = None) -> None:
        check_seed(seed, SolitaireError, none=True)
        self.seed = secrets.randbits(63) if seed is None else int(seed)
        rng: random.Random = derived_rng(self.seed, "solitaire")
        stock = list(DECK)
        rng.shuffle(stock)
        self._hands: list[list[Card]] = []
        for round_no in ROUNDS:
            self._hands.append([stock.pop() for _ in range(hand_size(round_no))])
        self._discard = [stock.pop()]
        self._stock = stock
        self._closed = [shared_solver(k).can_go_out(h) for k, h in enumerate(self._hands, start=1)]
        self._drawn: Card | None = None
        self._first_turn = True
        self._turn = 0
        self._history: list[ActionRecord] = []
        self._phase: SolitairePhase = "draw"
        self._settle()

    # -- state ---------------------------------------------------------------------------------

    @property
    def hands(self) -> tuple[Hand, ...]:
        """The eleven hands (hand ``k`` is ``hands[k - 1]``), all face up."""
        return tuple(trusted_hand(h) for h in self._hands)

    @property
    def closed(self) -> tuple[bool, ...]:
        """For each hand, whether it has gone out and been turned over."""
        return tuple(self._closed)

    @property
    def open_hands(self) -> tuple[int, ...]:
        """The numbers (1..11) of the hands still open."""
        return tuple(k for k, done in enumerate(self._closed, start=1) if not done)

    @property
    def drawn(self) -> Card | None:
        """The card drawn this turn, waiting to be placed."""
        return self._drawn

    @property
    def stock_size(self) -> int:
        """Cards left in the draw pile."""
        return len(self._stock)

    @property
    def discard_pile(self) -> Hand:
        """The discarded cards, bottom to top (dead after the first turn)."""
        return trusted_hand(self._discard)

    @property
    def phase(self) -> SolitairePhase:
        """``"draw"``, ``"place"``, ``"won"`` or ``"lost"``."""
        return self._phase

    @property
    def is_over(self) -> bool:
        """True once won or lost."""
        return self._phase in ("won", "lost")

    @property
    def history(self) -> tuple[ActionRecord, ...]:
        """Every action applied, in order."""
        return tuple(self._history)

    def result(self) -> SolitaireResult:
        """The outcome so far."""
        return SolitaireResult(
            self._phase == "won", sum(self._closed), len(self._stock), self._turn
        )

    def _settle(self) -> None:
        if all(self._closed):
            self._phase = "won"
        elif self._phase == "draw" and not self._stock and not self._can_take_upcard():
            self._phase = "lost"

    def _can_take_upcard(self) -> bool:
        return self._first_turn and bool(self._discard)

    # -- actions -------------------------------------------------------------------------------

    def check(self, action: Action) -> None:
        """Raise :class:`SolitaireError` saying why ``action`` is not allowed now."""
        if self.is_over:
            raise SolitaireError(_over_sentence(self._phase))
        if isinstance(action, Draw):
            if self._phase != "draw":
                raise SolitaireError(
                    _("You have drawn the {card} already: put it into an open hand.").format(
                        card=self._drawn
                    )
                )
            if action.source == "discard" and not self._can_take_upcard():
                raise SolitaireError(
                    _("Only the first turn may take the face-up card; discarded cards are dead.")
                )
            if action.source == "stock" and not self._stock:
                raise SolitaireError(_("The draw pile is empty."))
        elif isinstance(action, Place):
            if self._phase != "place":
                raise SolitaireError(_("You must draw before you place a card."))
            k = action.hand
            whole_number(
                k,
                _("There is no hand {value}: the hands are numbered {low} to {high}."),
                1,
                len(self._hands),
                SolitaireError,
            )
            if self._closed[k - 1]:
                raise SolitaireError(
                    _("Hand {hand} is closed: put the card into an open hand.").format(hand=k)
                )
            if not isinstance(action.discard, Card):
                raise SolitaireError(
                    _("{value} is not a card to discard.").format(value=quote(action.discard))
                )
            if action.discard != self._drawn and action.discard not in self._hands[k - 1]:
                raise SolitaireError(
                    _(
                        "You cannot discard {card} from hand {hand}: it holds {cards} and the "
                        "drawn {drawn}."
                    ).format(
                        card=action.discard,
                        hand=k,
                        cards=trusted_hand(self._hands[k - 1]),
                        drawn=self._drawn,
                    )
                )
        else:
            raise SolitaireError(
                _("{value} is not a solitaire move (draw, then place).").format(
                    value=quote(action)
                )
            )

    def can(self, action: Action) -> bool:
        """True when :meth:`check` would accept the action."""
        try:
            self.check(action)
        except SolitaireError:
            return False
        return True

    def legal_actions(self) -> tuple[Action, ...]:
        """Every move allowed now."""
        if self._phase == "draw":
            return tuple(a for a in (Draw("stock"), Draw("discard")) if self.can(a))
        if self._phase != "place":
            return ()
        assert self._drawn is not None
        actions: list[Action] = []
        for k in self.open_hands:
            cards = dict.fromkeys([*self._hands[k - 1], self._drawn])
            actions.extend(Place(k, c) for c in sorted(cards, key=lambda c: c.sort_key))
        return tuple(actions)

    def apply(self, action: Action) -> ActionRecord:
        """Play ``action`` and record it; an illegal one raises and changes nothing."""
        self.check(action)
        if isinstance(action, Draw):
            if action.source == "discard":
                self._drawn = self._discard.pop()
            else:
                self._drawn = self._stock.pop()
            self._first_turn = False
            self._phase = "place"
            drawn = self._drawn if action.source == "discard" else None
            record = ActionRecord(0, action, 0, self._turn, drawn=drawn)
        else:
            assert isinstance(action, Place) and self._drawn is not None
            k = action.hand
            hand = [*self._hands[k - 1], self._drawn]
            hand.remove(action.discard)
            self._hands[k - 1] = hand
            self._discard.append(action.discard)
            self._drawn = None
            self._closed[k - 1] = shared_solver(k).can_go_out(hand)
            record = ActionRecord(0, action, k, self._turn)
            self._turn += 1
            self._phase = "draw"
        self._history.append(record)
        self._settle()
        return record

    # -- saving --------------------------------------------------------------------------------

    def to_json(self) -> str:
        """The game as JSON (seed and actions); :meth:`from_json` resumes it exactly."""
        actions = [r.action.to_dict() for r in self._history]
        return json.dumps(
            {"format": _FORMAT, "version": _SAVE_VERSION, "seed": self.seed, "actions": actions}
        )

    @classmethod
    def from_json(cls, text: str) -> Solitaire:
        """Resume a game saved with :meth:`to_json`."""
        data = read_json(text, "solitaire game", MAX_SAVE_CHARS, MAX_SAVE_DEPTH, SolitaireError)
        if not isinstance(data, dict) or data.get("format") != _FORMAT:
            raise SolitaireError(_("This is not a saved Five Crowns Solitaire game."))
        refuse_unknown_keys(data, _SAVE_KEYS, "solitaire game", SolitaireError)
        check_save_version(data, _SAVE_VERSION, "solitaire game", SolitaireError)
        missing = [k for k in ("seed", "actions") if k not in data]
        if missing:
            raise SolitaireError(
                _("This saved solitaire game is incomplete: it has no {field}.").format(
                    field=missing[0]
                )
            )
        seed = check_seed(data["seed"], SolitaireError)
        if not isinstance(data["actions"], list):
            raise SolitaireError(
                _("This saved solitaire game is damaged: its actions are no list.")
            )
        try:
            actions = [action_from_dict(a) for a in data["actions"]]
        except FiveCrownsError as error:
            raise SolitaireError(
                _("This saved solitaire game is damaged: {problem}").format(problem=error)
            ) from None
        return cls.replay(seed, actions)

    @classmethod
    def replay(cls, seed: int, actions: Iterable[Action]) -> Solitaire:
        """Deal from ``seed`` and play ``actions``."""
        game = cls(seed)
        if isinstance(actions, (str, bytes, dict)) or not isinstance(actions, Iterable):
            raise SolitaireError(
                _("The actions to replay are a list of moves, not {value}.").format(
                    value=quote(actions)
                )
            )
        for action in actions:
            game.apply(action)
        return game

    def play(self, bot: SolitaireBot | None = None) -> SolitaireResult:
        """Let ``bot`` (default: :class:`SolitaireBot`) play to the end; return the result."""
        bot = SolitaireBot() if bot is None else bot
        if is_numpy(bot) or not callable(getattr(bot, "choose", None)):
            raise SolitaireError(
                _("A solitaire bot has a choose(game) method; {value} has none.").format(
                    value=quote(bot)
                )
            )
        while not self.is_over:
            self.apply(bot.choose(self))
        return self.result()

    def __repr__(self) -> str:
        return (
            f"<Solitaire seed={self.seed}, {sum(self._closed)}/{len(self._closed)} closed, "
            f"{len(self._stock)} to draw, {self._phase}>"
        )


def _check_game(game: object) -> None:
    if not isinstance(game, Solitaire):
        raise SolitaireError(
            _("The solitaire bot plays a Solitaire game, not {value}.").format(value=quote(game))
        )


class SolitaireBot:
    """A policy: close a hand when the drawn card lets it; else lower some hand's points most.

    It takes the face-up card on the first turn only if that closes or improves a
    hand. ``last_reason`` explains each move. Everything in solitaire is face up, so
    it reads the game itself.
    """

    name = "solitaire"

    def __init__(self) -> None:
        self.last_reason = _("No move yet.")
        self._cache: dict[tuple[int, tuple[Card, ...]], int] = {}

    def _points(self, cards: list[Card], k: int) -> int:
        key = (k, tuple(sorted(cards, key=lambda c: c.sort_key)))
        found = self._cache.get(key)
        if found is None:
            found = shared_solver(k).penalty(key[1])
            self._cache[key] = found
        return found

    def best_place(self, game: Solitaire, card: Card) -> tuple[Place, int]:
        """The best place for ``card`` and how many points it saves (closing counts 1000)."""
        _check_game(game)
        if not isinstance(card, Card):
            raise SolitaireError(_("{value} is not a card to place.").format(value=quote(card)))
        best: tuple[int, bool, int, Place] | None = None
        hands = game.hands  # eleven tuples: made once, not once per open hand
        for k in game.open_hands:
            hand = list(hands[k - 1])
            before = self._points(hand, k)
            # Only a hand's cheapest discards can be its best place (the saving is the
            # points before less those after); the solver finds them without searching
            # every discard, each with its exact points.
            cheapest = shared_solver(k).lowest_without_one((*hand, card))
            after = min(cheapest.values())
            saving = before - after + (1000 + k if after == 0 else 0)
            # Among equal savings the drawn card itself goes, else the first in the hand.
            discard = next(d for d in (card, *hand) if cheapest.get(d) == after)
            key = (saving, discard == card, -k, Place(k, discard))
            if best is None or key[:3] > best[:3]:
                best = key
        assert best is not None
        return best[3], best[0]

    def choose(self, game: Solitaire) -> Action:
        """The next move for ``game``."""
        _check_game(game)
        if game.is_over:
            raise SolitaireError(_over_sentence(game.phase))
        if game.phase == "draw":
            top = game.discard_pile[-1] if game.discard_pile else None
            if top is None or not game.can(Draw("discard")):
                # After the first turn the face-up card may not be taken at all.
                self.last_reason = _(
                    "Draw from the draw pile: only the first turn may take the face-up card."
                )
                return Draw("stock")
            _place, saving = self.best_place(game, top)
            if saving > 0:
                self.last_reason = _("Take the face-up {card}: it improves a hand.").format(
                    card=top
                )
                return Draw("discard")
            self.last_reason = _(
                "Draw from the draw pile: the face-up {card} would improve no hand."
            ).format(card=top)
            return Draw("stock")
        drawn = game.drawn
        assert drawn is not None
        place, saving = self.best_place(game, drawn)
        if saving >= 1000:
            text = _(
                "Put the {card} into hand {hand} and discard {discard}: every card of that "
                "hand then melds, so it closes."
            )
        elif saving > 0:
            text = _(
                "Put the {card} into hand {hand} and discard {discard}: that hand's points "
                "fall by {points}."
            )
        else:
            text = _("Discard the {card}: it helps no hand.")
        self.last_reason = text.format(
            card=drawn, hand=place.hand, discard=place.discard, points=saving
        )
        return place


def _over_sentence(phase: str) -> str:
    """Why no move is left: the game is won or lost (one whole sentence each)."""
    if phase == "won":
        return _("The game is over: you have won.")
    return _("The game is over: you have lost.")
