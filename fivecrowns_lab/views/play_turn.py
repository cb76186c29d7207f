"""The learner's moves in the play lesson: draw, lay melds down, discard, go out.

Each move asks the engine first: the game checks the action, the turn in progress
(:class:`~fivecrowns_lab.table.turn_in_progress.TurnInProgress`) checks a meld laid down
and finds the discards that go out, and in the coached game the coach judges the move
before it is played. A refused move changes nothing and says why.
"""

from __future__ import annotations

from ..core.cards import Card, format_cards
from ..core.melds import check_meld
from ..core.rules import card_points
from ..errors import LessonError
from ..i18n import gettext as _
from ..render import points_text
from ..table.actions import Action, Discard, Draw, GoOut
from .play_screen import PlayScreen

__all__ = ["PlayTurn"]


class PlayTurn(PlayScreen):
    """The play lesson's handlers for the learner's own moves."""

    def _my_turn(self, phase: str | None = None) -> int:
        """The seat of the person to play now, or a LessonError saying why there is none."""
        game = self.game
        p = game.current_player
        if not self._is_human(p) or p is None:
            raise LessonError(
                _("It is not your turn.")
                if game.phase in ("draw", "discard")
                else _("The round is over: press Next round.")
                if game.phase == "round_over"
                else _("The game is over: press Play again.")
            )
        if self.people > 1 and self.shown_to != p:
            raise LessonError(_("{name}, press Show my hand first.").format(name=game.names[p]))
        if phase == "discard" and game.phase == "draw":
            raise LessonError(_("Draw a card first: from the stock or the discard pile."))
        return p

    def draw(self, source: str) -> None:
        """Draw from the ``"stock"`` or take the top of the ``"discard"`` pile."""
        p = self._my_turn()
        action = Draw("stock" if source == "stock" else "discard")
        self.game.check(action, p)
        if self.coach_script is not None:
            self._judge(self.coach_script.judge_draw(p, action.source))
        self.act(action)

    def act(self, action: Action) -> None:
        """Play an action for the human whose turn it is (a refused action changes nothing)."""
        game = self.game
        p = self._my_turn()
        game.check(action, p)
        seen = self._public(action)  # before the move: it may change the discard pile
        if game.is_final_turn and game.rules.lay_off:
            with self._busy() as announce:  # the lay-off search runs inside the move
                announce(_("{name}: laying your cards down and off…").format(name=game.names[p]))
                game.apply(action, p)
        else:
            game.apply(action, p)
        if self.coach_script is not None:
            self.coach_script.advance(p)
        self.moves.append((f"{game.names[p]}: {seen}.", ""))
        self.hint_text.value = ""
        self.pending = None
        if game.current_player != p:
            self.shown_to = None
            self.staged = []
        self._run_bots()
        self.refresh()
        # Told in the past, as the moves list tells it: "You discarded Q♣.", not an order.
        done = _("{name} {move}.").format(name=game.names[p], move=seen)
        self.status.ok(f"{done} {self._whose_turn()}")
        self._focus_next()

    def lay_down(self) -> None:
        """Lay the selected cards down as one meld (the turn in progress checks it)."""
        p = self._my_turn("discard")
        cards = tuple(self.hand.selected_cards)
        turn = self._turn_now().stage(cards)
        if self.coach_script is not None:
            self._judge(self.coach_script.judge_lay(p, cards))
            self.coach_script.advance(p)
        self.staged = list(turn.staged)
        self.pending = None
        if turn.melds_every_card:  # the no-final-discard variant: every card is down: out
            self.act(GoOut(None, turn.staged))
            return
        self.refresh()
        left = self._remaining()
        if len(left) == 1:
            after = _("Now discard your last card, {card}, to go out.").format(card=left[0])
        else:
            after = _(
                "Melds stay down only if you go out this turn: lay the rest down too "
                "and keep one card to discard, or press Take back."
            )
        reason = check_meld(cards, self.game.round_rules).reason
        self.status.ok(
            _("Laid down {cards}: {reason} {after}").format(
                cards=format_cards(cards), reason=reason, after=after
            )
        )
        self._focus_next()

    def take_back(self) -> None:
        """Put the melds laid down this turn back into the hand."""
        self._my_turn("discard")
        if self.coached:
            raise LessonError(
                _("In the coached game your melds stay down: discard your last card.")
            )
        self.staged = []
        self.pending = None
        self.refresh()
        self.status.info(_("Your melds are back in your hand."))
        self._focus_next()

    def discard_selected(self) -> None:
        """Discard the one selected card: going out when everything else is laid down."""
        p = self._my_turn("discard")
        chosen = list(self.hand.selected_cards)
        if len(chosen) != 1:
            raise LessonError(
                _("Select exactly one card to discard ({count} selected).").format(
                    count=len(chosen)
                )
            )
        self.discard(chosen[0], p)

    def discard(self, card: Card, player: int | None = None) -> None:
        """Discard ``card``: go out if the rest is laid down; ask "Go out?" if it could be."""
        p = self._my_turn("discard") if player is None else player
        game = self.game
        turn = self._turn_now()
        rest = turn.rest_after(card)
        if self.coach_script is not None:
            verdict = self.coach_script.judge_discard(
                p,
                card,
                game.round_no,
                game.is_final_turn,
                list(turn.going_out_discards()),
                list(turn.remaining),
            )
            if verdict is not None:
                # The refused card goes back down, so the card the coach names can be picked
                # at once (with two raised, Discard would just stay greyed out).
                self.hand.selected = []
            self._judge(verdict)
        if game.is_final_turn:
            self._final_discard(card, p)
            return
        if not rest and turn.staged:
            action = GoOut(card, turn.staged)
            game.check(action, p)
            self.act(action)
            return
        loose = turn.left_loose(card)
        if loose:
            raise LessonError(
                _(
                    "{cards} would be left in no meld: melds go down only when you "
                    "go out. Lay the rest down too, or press Take back and just discard."
                ).format(cards=format_cards(loose))
            )
        goes = turn.going_out_card(card)
        if goes is not None:
            self.pending = (card, goes)
            self.refresh()
            self._focus_next()
            return
        self.act(Discard(card))

    def _final_discard(self, card: Card, p: int) -> None:
        """A final turn's discard: the engine lays the best melds down; say what they left."""
        game = self.game
        self.act(Discard(card))
        left = game.hands[p]
        points = sum(card_points(c, game.round_no) for c in left)
        laid = " | ".join(format_cards(m.cards) for m in game.table[p]) or _("no meld")
        self.status.ok(
            _(
                "Final turn: you discarded {card}; your best melds went down for you "
                "({melds}), leaving {points}. "
            ).format(card=card, melds=laid, points=points_text(points))
            + self._whose_turn()
        )

    def confirm_go_out(self) -> None:
        """Answer "Go out?" with yes: lay everything down and discard the card that goes out."""
        p = self._my_turn("discard")
        if self.pending is None:
            raise LessonError(_("There is nothing to confirm: choose a card to discard."))
        action = self._turn_now().go_out_with(self.pending[1])
        self.game.check(action, p)
        self.act(action)

    def decline_go_out(self) -> None:
        """Answer "Go out?" with no: just discard the card that was chosen."""
        self._my_turn("discard")
        if self.pending is None:
            raise LessonError(_("There is nothing to confirm: choose a card to discard."))
        card = self.pending[0]
        self.staged = []
        self.act(Discard(card))

    def _judge(self, verdict: str | None) -> None:
        """A coach's verdict on a move: None lets it be played; a sentence stops it."""
        if verdict is None:
            return
        assert self.coach_script is not None
        self.coach_script.flags.append(verdict)
        self.coach.value = self._coach_html(flag=verdict)
        raise LessonError(verdict)
