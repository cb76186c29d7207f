"""The play lesson's screen: the table redrawn after every move, and the focus moved on.

Drawing only: every value comes from the game's observation for the person at the
screen (an opponent's cards never reach a widget) and from the turn in progress.
"""

from __future__ import annotations

from collections import Counter
from html import escape
from typing import Any

import ipywidgets as widgets

from ..core.cards import format_cards
from ..core.rules import wild_rank_text
from ..i18n import gettext as _
from ..render import card_html
from ..table.actions import Draw
from ..table.observation import Observation
from ..table.players import make_bot
from .base import set_shown
from .play_html import banner_html, moves_html, sheet_html, staged_html, summary_html, table_html
from .play_parts import PlayParts, level_text

__all__ = ["PlayScreen"]


class PlayScreen(PlayParts):
    """The play lesson's drawing: the table, the hand, the buttons' states and the focus."""

    _refreshing = False
    _hand_round: int | None = None

    def refresh(self) -> None:
        g = self.game
        viewer = self._viewer()
        obs = g.observation(viewer if viewer is not None else 0)
        if viewer is None:
            self.staged, self.pending = [], None
        self._refreshing = True
        try:
            self._redraw(viewer, obs)
        finally:
            self._refreshing = False

    def _redraw(self, viewer: int | None, obs: Observation) -> None:
        g = self.game
        with self.hold_sync():
            self.level_text.value = self._level_html()
            self.coach.value = self._coach_html()
            self.banner.value = banner_html(g)
            set_shown(self.banner_box, shown=g.phase == "game_over")
            self.again_button.description = (
                _("Free play next") if self.coached else _("Play again")
            )
            self.table.value = table_html(g, obs, self._who())
            wild = _("Round {round}: {rank}s and jokers are wild.").format(
                round=obs.round_no, rank=wild_rank_text(obs.round_no)
            )
            self.turn.value = (
                f"<p class='fc-lead'>{escape(wild)} <b>{escape(self._whose_turn())}</b></p>"
            )
            top = obs.top_discard
            empty = escape(_("empty discard pile"))
            self.discard_view.value = (
                card_html(top, obs.round_no) if top is not None else f"<i>{empty}</i>"
            )
            legal = g.legal_actions() if viewer is not None else ()
            self.stock_button.description = _("Draw from the stock ({count})").format(
                count=obs.stock_size
            )
            self.stock_button.disabled = Draw("stock") not in legal
            self.discard_button.disabled = Draw("discard") not in legal
            self.discard_button.description = (
                _("Take the discard ({card})").format(card=top)
                if top is not None
                else _("Take the discard")
            )
            self.hint_button.disabled = viewer is None
            set_shown(self.hint_button, self.settings_button, shown=not self.coached)
            if self.coached:
                set_shown(self.setup, shown=False)
            set_shown(
                self.reveal_button,
                shown=self.people > 1 and self._is_human(g.current_player) and viewer is None,
            )
            self.next_button.disabled = g.phase != "round_over"
            set_shown(self.next_button, shown=g.phase == "round_over")
            self._show_hand(viewer, obs.round_no)
            # at the game's end the banner and scores say it all
            set_shown(self.piles, self.hand, self.moves_box, shown=g.phase != "game_over")
            self.melds_view.value = staged_html(self.staged, obs.round_no)
            set_shown(self.take_back_button, shown=bool(self.staged) and not self.coached)
            self._show_confirm()
            self._update_selection_buttons()
            self.log_view.value = moves_html(self.moves, g.phase in ("round_over", "game_over"))
            self.summary.value = summary_html(g)
            self.sheet.value = sheet_html(g)

    def _show_hand(self, viewer: int | None, round_no: int) -> None:
        g = self.game
        if viewer is None:
            self.hand.set_cards([], round_no)
            self.hand.disabled = True
            self.hand.label = _("No hand is shown: it is not a person's turn")
            return
        cards = self._remaining()
        if Counter(cards) != Counter(self.hand.hand) or self._hand_round != round_no:
            self.hand.set_cards(cards, round_no)  # a learner's own order survives otherwise
            self._hand_round = round_no
        else:
            self.hand.selected = []
        self.hand.disabled = g.phase != "discard"
        self.hand.label = (
            _("{name}'s hand: select cards, then Lay down or Discard")
            if g.phase == "discard"
            else _("{name}'s hand: draw a card first")
        ).format(name=g.names[viewer])

    def _show_confirm(self) -> None:
        if self.pending is None:  # no card names linger in hidden widgets (pass-and-play)
            set_shown(self.confirm_box, shown=False)
            self.confirm_text.value = ""
            self.confirm_yes.description = _("Go out")
            self.confirm_no.description = _("Just discard")
            return
        clicked, goes = self.pending
        rest = self._remaining()
        rest.remove(goes)
        if clicked == goes:
            text = _(
                "Go out? Discarding {card} leaves {rest}, which all fit in books and runs."
            ).format(card=goes, rest=format_cards(rest))
            self.confirm_no.description = _("Just discard {card}").format(card=clicked)
        else:
            text = _(
                "Go out? Discarding {card} instead of {clicked} would let you go out: "
                "{rest} all fit in books and runs."
            ).format(card=goes, clicked=clicked, rest=format_cards(rest))
            self.confirm_no.description = _("Discard {card} anyway").format(card=clicked)
        self.confirm_yes.description = _("Go out, discarding {card}").format(card=goes)
        self.confirm_text.value = f"<div class='fc-msg fc-info' role='alert'>{escape(text)}</div>"
        set_shown(self.confirm_box, shown=True)

    def _on_selection(self, _change: dict[str, Any] | None = None) -> None:
        if self._refreshing:
            return
        self.pending = None
        self._show_confirm()
        self._update_selection_buttons()

    def _update_selection_buttons(self) -> None:
        chosen = list(self.hand.selected_cards)
        playing = self._viewer() is not None and self.game.phase == "discard"
        self.lay_button.disabled = not playing or len(chosen) < 3 or self.game.is_final_turn
        self.lay_button.description = (
            _("Lay down {cards}").format(cards=format_cards(chosen))
            if len(chosen) >= 3
            else _("Lay down")
        )
        self.throw_button.disabled = not playing or len(chosen) != 1
        if len(chosen) == 1:
            last = len(self._remaining()) == 1 and bool(self.staged)
            self.throw_button.description = (
                _("Discard {card} and go out") if last else _("Discard {card}")
            ).format(card=chosen[0])
        else:
            self.throw_button.description = _("Discard")

    def _focus_next(self) -> None:
        """Move the keyboard focus to the control the learner needs next."""
        g = self.game
        target: widgets.Widget | None = None
        viewer = self._viewer()
        if self.pending is not None:
            target = self.confirm_yes
        elif g.phase == "game_over":
            target = self.again_button
        elif g.phase == "round_over":
            target = self.next_button
        elif self._is_human(g.current_player) and viewer is None:
            target = self.reveal_button
        elif viewer is not None and g.phase == "draw":
            step = self.coach_script.step(g.current_player) if self.coach_script else None
            take = (step is not None and step.kind == "take") or self.stock_button.disabled
            target = self.discard_button if take else self.stock_button
        elif viewer is not None:
            target = self.hand
        self.focused = target
        if target is None:
            return
        selector = (
            ".fc-play-hand button.fc-cardbtn"
            if target is self.hand
            else "." + next(c for c in target._dom_classes if c.startswith("fc-play-"))
        )
        self.focuser.selector = selector
        self.focuser.send({"selector": selector})

    def _on_mode(self, _change: dict[str, Any]) -> None:
        self.new_game()

    def _on_settings(self, change: dict[str, Any]) -> None:
        set_shown(self.setup, shown=bool(change["new"]))

    def _on_level(self, change: dict[str, Any]) -> None:
        """A new bot level plays from the next move on (the bots see only their seats)."""
        self.level_text.value = self._level_html()
        if self.coached:
            return
        for p in list(self.players):
            self.players[p] = make_bot(change["new"], self.seed.value + p)
        obs = self.game.observation(self._viewer() or 0)
        self.table.value = table_html(self.game, obs, self._who())
        self.status.info(
            _("The bots now play at the {level} level.").format(level=level_text(change["new"]))
        )

    def _on_seed(self, change: dict[str, Any]) -> None:
        self._seed_typed = True
        self._on_setup_change(change)  # a seed deals from the next game: say so

    def _on_setup_change(self, _change: dict[str, Any]) -> None:
        note = _("These settings start a new game: press <b>New game</b> to deal it.")
        self.setup_note.value = f"<div class='fc-msg fc-info'>{note}</div>"
