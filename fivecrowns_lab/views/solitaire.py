"""Five Crowns Solitaire: eleven face-up hands; draw a card, put it in a hand, discard from it.

The board is a :class:`SolitaireBoard`: a click on a hand's row (or its "Hand k" button,
for the keyboard) chooses where the drawn card goes, as the "Put it in" list does.
Closed hands stay on the board, dimmed and labelled, so the learner can still read them.
"""

from __future__ import annotations

from html import escape
from typing import Any

import anywidget
import ipywidgets as widgets
import traitlets

from ..core.cards import Card
from ..core.rules import ROUNDS, hand_size, wild_rank_text
from ..core.solver import penalty
from ..errors import LessonError
from ..i18n import N_
from ..i18n import gettext as _
from ..i18n import ngettext as _n
from ..render import card_html, points_text
from ..table.actions import Action, Draw, Place
from ..table.solitaire import Solitaire, SolitaireBot
from .base import View, seed_box
from .hand import HandWidget

__all__ = ["SolitaireBoard", "SolitaireLesson", "hint_text"]

#: Board cards are at least this wide (px): readable, and big enough to click on a phone.
BOARD_CARD_WIDTH = 56

# A light bulb drawn inline: Debian's Chromium has no emoji font, so "💡" was an empty box.
HINT_ICON = (
    '<svg class="fc-icon" width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" '
    'focusable="false" style="vertical-align:-2px;margin-right:4px">'
    '<path d="M8 1.2a4.8 4.8 0 0 0-2.9 8.6c.5.4.8 1 .8 1.6v.6h4.2v-.6c0-.6.3-1.2.8-1.6'
    'A4.8 4.8 0 0 0 8 1.2z" fill="#E69F00" stroke="currentColor" stroke-width="1"/>'
    '<rect x="5.9" y="12.6" width="4.2" height="2.2" rx="1" fill="currentColor"/></svg>'
)

_BOARD_JS = """
function render({ model, el }) {
  const draw = () => { el.innerHTML = model.get("value"); };
  draw();
  model.on("change:value", draw);
  // A click anywhere on an open hand's row (or its button) chooses that hand.
  el.addEventListener("click", (event) => {
    const row = event.target.closest("[data-hand]");
    if (!row || !el.contains(row) || row.dataset.closed === "true") return;
    const hand = Number(row.dataset.hand);
    if (model.get("chosen") !== hand) {
      model.set("chosen", hand);
      model.save_changes();
    }
  });
  return () => model.off("change:value", draw);
}
export default { render };
"""


# Whole sentences, one per move (put in a hand, or the drawn card discarded at once) and
# outcome, so a translation can order its words freely.
_PLACE_REASONS = {
    (False, "closes"): N_(
        "The bot would put the {card} in hand {hand} and discard {discard}: every card of "
        "hand {hand} then melds, so it closes."
    ),
    (True, "closes"): N_(
        "The bot would discard the {card} at once (from hand {hand}): every card of hand "
        "{hand} then melds, so it closes."
    ),
    (False, "lowers"): N_(
        "The bot would put the {card} in hand {hand} and discard {discard}: hand {hand} then "
        "leaves {after} instead of {before}, the biggest drop of any move."
    ),
    (True, "lowers"): N_(
        "The bot would discard the {card} at once (from hand {hand}): hand {hand} then leaves "
        "{after} instead of {before}, the biggest drop of any move."
    ),
    (False, "none"): N_(
        "The bot would put the {card} in hand {hand} and discard {discard}: the {card} lowers "
        "no hand's points, so keeping it would not help."
    ),
    (True, "none"): N_(
        "The bot would discard the {card} at once (from hand {hand}): the {card} lowers no "
        "hand's points, so keeping it would not help."
    ),
}


class SolitaireBoard(anywidget.AnyWidget):
    """The eleven hands as a table (``value``, HTML); a click on an open hand's row sets
    ``chosen`` to its number, which the lesson turns into the target hand."""

    _esm = _BOARD_JS
    value = traitlets.Unicode("").tag(sync=True)
    chosen = traitlets.Int(0).tag(sync=True)


def hint_text(game: Solitaire, bot: SolitaireBot | None = None) -> str:
    """What the solitaire bot would do now, and why, in one or two sentences."""
    bot = bot if bot is not None else SolitaireBot()
    if game.is_over:
        return _("The game is over: press New game to play again.")
    action = bot.choose(game)
    if game.phase == "draw":
        top = game.discard_pile[-1] if game.discard_pile else None
        if action == Draw("discard") and top is not None:
            place, saving = bot.best_place(game, top)
            if saving >= 1000:  # the bot's mark for a move that closes the hand
                return _(
                    "The bot would take the face-up {card}: in hand {hand}, discarding "
                    "{discard}, it closes the hand."
                ).format(card=top, hand=place.hand, discard=place.discard)
            return _(
                "The bot would take the face-up {card}: in hand {hand}, discarding "
                "{discard}, it lowers that hand's points by {points}."
            ).format(card=top, hand=place.hand, discard=place.discard, points=saving)
        if top is not None and game.can(Draw("discard")):
            return _(
                "The bot would draw from the stock: the face-up {card} would not lower any "
                "hand's points."
            ).format(card=top)
        return _(
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
    outcome = "closes" if after == 0 else "lowers" if after < before else "none"
    return _(_PLACE_REASONS[place.discard == drawn, outcome]).format(
        card=drawn,
        hand=k,
        discard=place.discard,
        after=points_text(after),
        before=points_text(before),
    )


class SolitaireLesson(View):
    """Close all eleven hands before the draw pile runs out."""

    title = N_("Five Crowns Solitaire")

    def __init__(self, seed: int = 1, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.seed = seed_box(self, seed, layout={"width": "200px"})
        self.new_button = self._button(_("New game"), self.new_game, style="primary", icon="play")
        # The board keeps its game until New game: the status line says which seed it is.
        self.seed.observe(self._guard(lambda _c: self._on_seed()), names="value")
        self.stock_button = self._button(
            _("Draw from the stock"), lambda: self.act(Draw("stock")), icon="clone"
        )
        self.upcard_button = self._button(
            _("Take the face-up card"), lambda: self.act(Draw("discard")), icon="hand-paper-o"
        )
        self.hint_button = self._button(_("Hint"), self.hint, icon="lightbulb-o")
        self.drawn_view = widgets.HTML()
        self.target = widgets.Dropdown(description=_("Put it in"), options=[("-", 0)], value=0)
        self.target.observe(self._guard(lambda _c: self.refresh()), names="value")
        self.hand = HandWidget(
            mode="pick",
            label=_("The chosen hand and the drawn card: click the card to discard"),
        )
        self.hand.on_pick(self._guard(lambda _i, card: self.place(card)))
        self.board = SolitaireBoard()
        self.board.add_class("fc-board")
        self.board.observe(self._guard(self._on_board_pick), names="chosen")
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
            _(
                "Hand <i>k</i> has <i>k</i> + 2 cards and round <i>k</i>'s wild rank. Draw, "
                "choose an open hand (click it on the board, or pick it in the list), then click "
                "the card of that hand (or the drawn one) to discard. A hand whose cards all "
                "meld closes. Close all eleven to win."
            ),
        )
        self.new_game()

    def _on_seed(self) -> None:
        if self.seed.value != self.dealt_seed:
            self.status.info(
                _(
                    "Seed {seed}: press New game to deal it (the board still shows the game of "
                    "seed {dealt})."
                ).format(seed=self.seed.value, dealt=self.dealt_seed)
            )

    def new_game(self) -> None:
        """Deal eleven new hands from the seed."""
        self.game = Solitaire(self.seed.value)
        self.dealt_seed = self.seed.value
        self.hint_text.value = ""
        self.refresh()
        closed = sum(self.game.closed)
        self.status.info(
            _n(
                "New game: {count} hand closed on the deal. Draw a card.",
                "New game: {count} hands closed on the deal. Draw a card.",
                closed,
            ).format(count=closed)
        )

    def act(self, action: Action) -> None:
        self.game.apply(action)
        self.hint_text.value = ""
        self.refresh()
        self.status.ok(
            _("You drew {card}: choose a hand, then the card to discard.").format(
                card=self.game.drawn
            )
        )

    def place(self, card: Card) -> None:
        """Put the drawn card into the chosen hand and discard ``card`` from it."""
        k = self.target.value
        if self.game.phase != "place":
            raise LessonError(_("Draw a card first."))
        before = sum(self.game.closed)
        self.game.apply(Place(k, card))
        self.hint_text.value = ""
        self.refresh()
        closed = sum(self.game.closed)
        phase: str = self.game.phase  # apply() moved it on
        if phase == "won":
            self.status.ok(_("You won: every hand is closed!"))
        elif phase == "lost":
            self.status.info(
                _(
                    "The draw pile is empty: you lost with {closed} of {hands} hands closed."
                ).format(closed=closed, hands=len(ROUNDS))
            )
        elif closed > before:
            self.status.ok(
                _("Hand {hand} goes out and turns over! {closed} of {hands} closed.").format(
                    hand=k, closed=closed, hands=len(ROUNDS)
                )
            )
        else:
            self.status.info(
                _("Discarded {card} from hand {hand}. Draw again.").format(card=card, hand=k)
            )

    def choose(self, k: int) -> None:
        """Make open hand ``k`` the one the drawn card goes into (a click on the board)."""
        if k == self.target.value:
            return
        if k not in self.game.open_hands:
            self.board.chosen = self.target.value
            if 1 <= k <= len(ROUNDS):
                raise LessonError(_("Hand {hand} is closed: choose an open hand.").format(hand=k))
            raise LessonError(_("Choose one of the open hands on the board."))
        self.target.value = k  # refresh() follows
        if self.game.phase == "place":
            self.status.info(
                _("Hand {hand} chosen: click the card of it to discard.").format(hand=k)
            )
        else:
            self.status.info(_("Hand {hand} chosen: draw a card to put in it.").format(hand=k))

    def _on_board_pick(self, change: dict[str, Any]) -> None:
        self.choose(change["new"])

    def hint(self) -> None:
        """What the solitaire bot would do now."""
        label = _("Hint:")
        self.hint_text.value = (
            f"<div class='fc-msg fc-info' role='status'>{HINT_ICON}<b>{label}</b> "
            f"{escape(hint_text(self.game))}</div>"
        )

    def refresh(self) -> None:
        g = self.game
        legal = g.legal_actions()
        open_hands = g.open_hands
        with self.hold_sync():
            self.stock_button.description = _("Draw from the stock ({count})").format(
                count=g.stock_size
            )
            self.stock_button.disabled = Draw("stock") not in legal
            self.upcard_button.disabled = Draw("discard") not in legal
            if g.phase == "draw" and g.discard_pile and Draw("discard") in legal:
                self.drawn_view.value = _("face-up: {card}").format(
                    card=card_html(g.discard_pile[-1])
                )
            elif g.drawn is not None:
                self.drawn_view.value = _("drawn: {card}").format(card=card_html(g.drawn))
            else:
                self.drawn_view.value = ""
            options = [
                (
                    _("hand {hand} ({count} cards, {rank}s wild)").format(
                        hand=k, count=hand_size(k), rank=wild_rank_text(k)
                    ),
                    k,
                )
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
            self.board.value = self._board_html(k)
            self.board.chosen = k

    def _board_html(self, k: int) -> str:
        """The eleven hands: open ones clickable (a button for the keyboard), closed ones
        dimmed with their cards still readable."""
        g = self.game
        rows = []
        # Translated once, outside the f-strings (the catalogue's extractor cannot see in).
        closed_word, chosen_word = _("closed ✔"), _("chosen")
        for i, cards in enumerate(g.hands, start=1):
            shown = "".join(card_html(c, i, width=BOARD_CARD_WIDTH) for c in cards)
            name = _("Hand {hand}").format(hand=i)
            if g.closed[i - 1]:
                pick = name
                state = f"<b>{closed_word}</b>"
                shown = f"<span class='fc-closed-cards'>{shown}</span>"
                extra, closed = " fc-closed", "true"
            else:
                chosen = i == k
                pick = (
                    f"<button type='button' class='fc-hand-pick' aria-pressed="
                    f"'{'true' if chosen else 'false'}'>{name}</button>"
                )
                state = _("{rank}s wild").format(rank=wild_rank_text(i))
                if chosen:
                    state += f" · <b>{chosen_word}</b>"
                extra, closed = " fc-hl" if chosen else "", "false"
            rows.append(
                f"<tr class='fc-board-row{extra}' data-hand='{i}' data-closed='{closed}'>"
                f"<td>{pick}</td><td class='fc-left'>{state}</td>"
                f"<td class='fc-left fc-board-cards'>{shown}</td></tr>"
            )
        summary = _n(
            "<b>{closed} of {hands} hands closed</b>, {count} card to draw. Click a hand to put "
            "the drawn card in it.",
            "<b>{closed} of {hands} hands closed</b>, {count} cards to draw. Click a hand to put "
            "the drawn card in it.",
            g.stock_size,
        ).format(closed=sum(g.closed), hands=len(ROUNDS), count=f"{g.stock_size:,}")
        heads = "".join(f"<th>{head}</th>" for head in (_("hand"), _("state"), _("cards")))
        return (
            f"<p>{summary}</p>"
            "<table class='fc-table fc-board-table'><tr class='fc-board-head'>"
            f"{heads}</tr>{''.join(rows)}</table>"
        )
