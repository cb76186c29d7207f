"""Five Crowns Solitaire: eleven face-up hands; draw a card, put it in a hand, discard from it."""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as widgets

from ..core.cards import Card
from ..core.rules import ROUNDS, hand_size, wild_rank_text
from ..core.solver import penalty
from ..errors import LessonError, plural
from ..render import card_back_svg, card_html, points_text
from ..table.actions import Action, Draw, Place
from ..table.solitaire import Solitaire, SolitaireBot
from .base import View
from .deal import cards_text
from .hand import HandWidget

__all__ = ["SolitaireLesson", "hint_text"]


def hint_text(game: Solitaire, bot: SolitaireBot | None = None) -> str:
    """What the solitaire bot would do now, and why, in one or two sentences."""
    bot = bot if bot is not None else SolitaireBot()
    if game.is_over:
        return "The game is over: press New game to play again."
    action = bot.choose(game)
    if game.phase == "draw":
        top = game.discard_pile[-1] if game.discard_pile else None
        if action == Draw("discard") and top is not None:
            place, saving = bot.best_place(game, top)
            return (
                f"The bot would take the face-up {top}: in hand {place.hand}, "
                f"discarding {place.discard}, "
                + (
                    "it closes the hand."
                    if saving >= 1000
                    else f"it lowers that hand's points by {saving}."
                )
            )
        if top is not None and game.can(Draw("discard")):
            return (
                f"The bot would draw from the stock: the face-up {top} would not lower any "
                "hand's points."
            )
        return (
            "The bot would draw from the stock: after the first turn every card comes from "
            "the draw pile."
        )
    assert isinstance(action, Place) and game.drawn is not None
    return _place_reason(game, game.drawn, action, bot)


def _place_reason(game: Solitaire, drawn: Card, place: Place, bot: SolitaireBot) -> str:
    k = place.hand
    hand = list(game.hands[k - 1])
    kept = [*hand, drawn]
    kept.remove(place.discard)
    before, after = penalty(hand, k), penalty(kept, k)
    where = f"The bot would put the {drawn} in hand {k} and discard {place.discard}"
    if place.discard == drawn:
        where = f"The bot would discard the {drawn} at once (from hand {k})"
    if after == 0:
        return f"{where}: every card of hand {k} then melds, so it closes."
    if after < before:
        return (
            f"{where}: hand {k} then leaves {points_text(after)} instead of "
            f"{points_text(before)}, the biggest drop of any move."
        )
    return f"{where}: the {drawn} lowers no hand's points, so keeping it would not help."


class SolitaireLesson(View):
    """Close all eleven hands before the draw pile runs out."""

    title = "Five Crowns Solitaire"

    def __init__(self, seed: int = 1, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.seed = widgets.BoundedIntText(
            value=seed, min=0, max=10**9, description="Seed", layout={"width": "200px"}
        )
        self.new_button = self._button("New game", self.new_game, style="primary", icon="play")
        self.stock_button = self._button(
            "Draw from the stock", lambda: self.act(Draw("stock")), icon="clone"
        )
        self.upcard_button = self._button(
            "Take the face-up card", lambda: self.act(Draw("discard")), icon="hand-paper-o"
        )
        self.hint_button = self._button("Hint", self.hint, icon="lightbulb-o")
        self.drawn_view = widgets.HTML()
        self.target = widgets.Dropdown(description="Put it in", options=[("-", 0)], value=0)
        self.target.observe(self._guard(lambda _c: self.refresh()), names="value")
        self.hand = HandWidget(
            mode="pick", label="The chosen hand and the drawn card: click the card to discard"
        )
        self.hand.on_pick(self._guard(lambda _i, card: self.place(card)))
        self.board = widgets.HTML()
        self.hint_text = widgets.HTML()
        self._frame(
            [
                widgets.HBox([self.seed, self.new_button]),
                widgets.HBox(
                    [self.stock_button, self.upcard_button, self.drawn_view, self.hint_button],
                    layout={"align_items": "center", "flex_flow": "row wrap"},
                ),
                self.target,
                self.hand,
                self.hint_text,
                self.board,
            ],
            "Hand <i>k</i> has <i>k</i> + 2 cards and round <i>k</i>'s wild rank. Draw, choose an "
            "open hand, then click the card of that hand (or the drawn one) to discard. A hand "
            "whose cards all meld closes. Close all eleven to win.",
        )
        self.new_game()

    def new_game(self) -> None:
        """Deal eleven new hands from the seed."""
        self.game = Solitaire(self.seed.value)
        self.hint_text.value = ""
        self.refresh()
        closed = sum(self.game.closed)
        self.status.info(f"New game: {plural(closed, 'hand')} closed on the deal. Draw a card.")

    def act(self, action: Action) -> None:
        self.game.apply(action)
        self.hint_text.value = ""
        self.refresh()
        self.status.ok(f"You drew {self.game.drawn}: choose a hand, then the card to discard.")

    def place(self, card: Card) -> None:
        """Put the drawn card into the chosen hand and discard ``card`` from it."""
        k = self.target.value
        if self.game.phase != "place":
            raise LessonError("Draw a card first.")
        before = sum(self.game.closed)
        self.game.apply(Place(k, card))
        self.hint_text.value = ""
        self.refresh()
        closed = sum(self.game.closed)
        phase: str = self.game.phase  # apply() moved it on
        if phase == "won":
            self.status.ok("You won: every hand is closed!")
        elif phase == "lost":
            self.status.info(
                f"The draw pile is empty: you lost with {closed} of {len(ROUNDS)} hands closed."
            )
        elif closed > before:
            self.status.ok(f"Hand {k} goes out and turns over! {closed} of {len(ROUNDS)} closed.")
        else:
            self.status.info(f"Discarded {card} from hand {k}. Draw again.")

    def hint(self) -> None:
        """What the solitaire bot would do now."""
        self.hint_text.value = (
            "<div class='fc-msg fc-info' role='status'>💡 <b>Hint:</b> "
            f"{escape(hint_text(self.game))}</div>"
        )

    def refresh(self) -> None:
        g = self.game
        legal = g.legal_actions()
        open_hands = g.open_hands
        with self.hold_sync():
            self.stock_button.description = f"Draw from the stock ({g.stock_size})"
            self.stock_button.disabled = Draw("stock") not in legal
            self.upcard_button.disabled = Draw("discard") not in legal
            if g.phase == "draw" and g.discard_pile and Draw("discard") in legal:
                self.drawn_view.value = "face-up: " + card_html(g.discard_pile[-1])
            elif g.drawn is not None:
                self.drawn_view.value = "drawn: " + card_html(g.drawn)
            else:
                self.drawn_view.value = ""
            options = [
                (f"hand {k} ({hand_size(k)} cards, {wild_rank_text(k)}s wild)", k)
                for k in open_hands
            ] or [("-", 0)]
            current = self.target.value if self.target.value in open_hands else options[0][1]
            self.target.options = options
            self.target.value = current
            k = self.target.value
            if k and g.phase == "place" and g.drawn is not None:
                self.hand.set_cards([*g.hands[k - 1], g.drawn], k)
                self.hand.disabled = False
            elif k:
                self.hand.set_cards(g.hands[k - 1], k)
                self.hand.disabled = True
            else:
                self.hand.set_cards([], None)
                self.hand.disabled = True
            self.hint_button.disabled = g.is_over
            rows = []
            for i, cards in enumerate(g.hands, start=1):
                if g.closed[i - 1]:
                    shown = card_back_svg(width=26, label=f"hand {i} closed")
                    state = "<b>closed ✔</b>"
                else:
                    shown = "".join(card_html(c, i, width=32) for c in cards)
                    state = f"{wild_rank_text(i)}s wild"
                mark = " class='fc-hl'" if i == k else ""
                rows.append(
                    f"<tr{mark}><td>{i}</td><td class='fc-left'>{state}</td>"
                    f"<td class='fc-left'>{shown}</td></tr>"
                )
            self.board.value = (
                f"<p><b>{sum(g.closed)} of {len(ROUNDS)} hands closed</b>, "
                f"{cards_text(g.stock_size)} to draw.</p>"
                "<table class='fc-table'><tr><th>hand</th><th>state</th><th>cards</th></tr>"
                f"{''.join(rows)}</table>"
            )
