"""A hand of cards as a widget: click or Enter/Space selects, drag or Shift+arrow reorders.

Only the cards given to it reach the browser (as pictures and labels); a view
never hands it an opponent's cards.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import anywidget
import traitlets
from ipywidgets import CallbackDispatcher

from ..core.cards import Card, Hand, parse_cards
from ..i18n import gettext as _
from ..render import card_label, card_svg

__all__ = ["HandWidget"]

_HERE = Path(__file__).parent
log = logging.getLogger("fivecrowns_lab.views")


def _index(value: object) -> int | None:
    """A card index from a browser message: a plain integer, or None for anything else."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    return None


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
    #: The few words hand.js adds to the cards, in the language of the page that made it.
    words = traitlets.Dict().tag(sync=True)

    def __init__(
        self, cards: Iterable[Card] | str = (), round_no: int | None = None, **kwargs: Any
    ) -> None:
        kwargs.setdefault("label", _("Your hand"))  # the language of the page that made it
        kwargs.setdefault(
            "words",
            {
                "choose": _(", press to choose"),
                "move": _(" (Shift+arrow or drag to move)"),
                "empty": _("no cards"),
            },
        )
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

    def _card_state(self, card: Card) -> dict[str, str]:
        return {
            "code": card.code,
            "label": card_label(card, self._round_no),
            "svg": card_svg(card, self._round_no, width=self.width),
        }

    @traitlets.validate("selected")
    def _valid_selection(self, proposal: dict[str, Any]) -> list[int]:
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

    def on_pick(self, callback: Callable[[int, Card], object], remove: bool = False) -> None:
        """Call ``callback(index, card)`` when a card is clicked in ``pick`` mode."""
        self._pick_handlers.register_callback(callback, remove=remove)

    def pick(self, index: int) -> None:
        """What a click does in ``pick`` mode (tests call it directly)."""
        if self.disabled or not 0 <= index < len(self._hand):
            return
        card = self._hand[index]
        # Not through the dispatcher: in a kernel it prints a failing callback's traceback
        # into the page. A failure here is a bug, logged for the tests and the server log.
        for callback in list(self._pick_handlers.callbacks):
            try:
                callback(index, card)
            except Exception:
                log.exception("Unexpected error in a hand widget pick callback")

    def _on_custom_msg(self, _widget: object, content: object, _buffers: object) -> None:
        """A message from the page. Anything malformed is ignored: only the browser code
        sends these, so a bad one is crafted or corrupt, and the page must never get a
        traceback for it (ipywidgets would print one into the page)."""
        try:
            self._handle(content)
        except Exception:
            log.exception("Unexpected error handling a hand widget message")

    def _handle(self, content: object) -> None:
        if not isinstance(content, dict):
            log.debug("ignored a hand widget message that is not an object")
            return
        kind = content.get("type")
        if kind == "pick":
            index = _index(content.get("index"))
            if index is not None:
                self.pick(index)
                return
        elif kind == "move":
            source, target = _index(content.get("from")), _index(content.get("to"))
            if source is not None and target is not None:
                self.move(source, target)
                return
        log.debug("ignored a malformed hand widget message (type %.40r)", kind)
