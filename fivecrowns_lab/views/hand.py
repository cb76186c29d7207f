"""A hand of cards as a widget: click or Enter/Space selects, drag or Shift+arrow reorders.

Only the cards given to it reach the browser (as pictures and labels); a view
never hands it an opponent's cards.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import anywidget
import traitlets
from ipywidgets import CallbackDispatcher

from ..core.cards import Card, Hand, parse_cards
from ..render import card_label, card_svg

__all__ = ["HandWidget"]

_HERE = Path(__file__).parent


class HandWidget(anywidget.AnyWidget):
    """Cards in a row, as buttons with ARIA labels such as "7 of hearts, wild".

    ``mode="multi"``: a click toggles the card in ``selected`` (indices, synced).
    ``mode="pick"``: a click calls the :meth:`on_pick` callbacks with the index.
    """

    _esm = _HERE / "hand.js"
    _css = _HERE / "hand.css"

    cards = traitlets.List(traitlets.Dict()).tag(sync=True)
    selected = traitlets.List(traitlets.Int()).tag(sync=True)
    mode = traitlets.Unicode("multi").tag(sync=True)
    disabled = traitlets.Bool(False).tag(sync=True)
    reorder = traitlets.Bool(True).tag(sync=True)
    label = traitlets.Unicode("Your hand").tag(sync=True)
    width = traitlets.Int(60).tag(sync=True)

    def __init__(self, cards: Iterable[Card] | str = (), round_no: int | None = None, **kwargs):
        super().__init__(**kwargs)
        self._hand: list[Card] = []
        self._round_no = round_no
        self._pick_handlers = CallbackDispatcher()
        self.on_msg(self._on_custom_msg)
        self.set_cards(cards, round_no)

    @property
    def hand(self) -> Hand:
        """The cards, in the order shown."""
        return Hand(self._hand)

    @property
    def selected_cards(self) -> Hand:
        """The selected cards, in the order shown."""
        return Hand(self._hand[i] for i in sorted(self.selected))

    def set_cards(self, cards: Iterable[Card] | str, round_no: int | None = None) -> None:
        """Show new cards (clearing the selection)."""
        self._hand = list(parse_cards(cards, check=False))
        self._round_no = round_no
        with self.hold_sync():
            self.selected = []
            self.cards = [self._card_state(c) for c in self._hand]

    def _card_state(self, card: Card) -> dict:
        return {
            "code": card.code,
            "label": card_label(card, self._round_no),
            "svg": card_svg(card, self._round_no, width=self.width),
        }

    @traitlets.validate("selected")
    def _valid_selection(self, proposal):
        n = len(self._hand) if hasattr(self, "_hand") else 0
        return sorted({i for i in proposal["value"] if 0 <= i < n})

    def toggle(self, index: int) -> None:
        """Select or unselect one card (what a click does in ``multi`` mode)."""
        chosen = set(self.selected)
        chosen.symmetric_difference_update({index})
        self.selected = sorted(chosen)

    def select_cards(self, cards: Iterable[Card] | str) -> None:
        """Select the given cards (each occurrence once), unselect the rest."""
        wanted = list(parse_cards(cards, check=False))
        picked = []
        for i, card in enumerate(self._hand):
            if card in wanted:
                wanted.remove(card)
                picked.append(i)
        self.selected = picked

    def move(self, source: int, target: int) -> None:
        """Move the card at ``source`` to ``target``; the selection stays on the same cards."""
        n = len(self._hand)
        if not (0 <= source < n and 0 <= target < n) or source == target:
            return
        flags = [i in set(self.selected) for i in range(n)]
        card, flag = self._hand.pop(source), flags.pop(source)
        self._hand.insert(target, card)
        flags.insert(target, flag)
        with self.hold_sync():
            self.cards = [self._card_state(c) for c in self._hand]
            self.selected = [i for i, f in enumerate(flags) if f]

    def sort(self) -> None:
        """Sort by suit then rank, jokers last (the selection follows the cards)."""
        chosen = [self._hand[i] for i in self.selected]
        self.set_cards(Hand(self._hand).sorted(), self._round_no)
        self.select_cards(chosen)

    def on_pick(self, callback, remove: bool = False) -> None:
        """Call ``callback(index, card)`` when a card is clicked in ``pick`` mode."""
        self._pick_handlers.register_callback(callback, remove=remove)

    def pick(self, index: int) -> None:
        """What a click does in ``pick`` mode (tests call it directly)."""
        if self.disabled or not 0 <= index < len(self._hand):
            return
        self._pick_handlers(index, self._hand[index])

    def _on_custom_msg(self, _widget, content, _buffers) -> None:
        kind = content.get("type") if isinstance(content, dict) else None
        if kind == "pick":
            self.pick(int(content.get("index", -1)))
        elif kind == "move":
            self.move(int(content.get("from", -1)), int(content.get("to", -1)))
