"""Widget tests for Five Crowns Solitaire: draw, place, hands turning over, win or lose."""

from __future__ import annotations

import pytest

from fivecrowns_lab.table.solitaire import SolitaireBot
from fivecrowns_lab.views.solitaire import SolitaireLesson

pytestmark = pytest.mark.usefixtures("widget_errors")


def test_draw_then_place_keeps_the_hand_size():
    view = SolitaireLesson(seed=1)
    g = view.game
    view.hand.disabled = False
    view.hand.pick(0)  # placing before drawing: a message, nothing changes
    assert view.status.kind == "error" and g.phase == "draw"
    view.stock_button.click()
    assert g.phase == "place" and "You drew" in view.status.text
    k = view.target.value
    size = len(g.hands[k - 1])
    assert len(view.hand.hand) == size + 1
    view.hand.pick(len(view.hand.hand) - 1)  # discard the drawn card
    assert len(g.hands[k - 1]) == size and g.phase in ("draw", "won", "lost")


def test_face_up_card_only_on_the_first_turn():
    view = SolitaireLesson(seed=2)
    assert not view.upcard_button.disabled
    view.upcard_button.click()
    view.hand.pick(0)
    assert view.upcard_button.disabled


def test_playing_to_the_end_says_won_or_lost_and_closed_hands_turn_over():
    view = SolitaireLesson(seed=4)
    bot = SolitaireBot()
    for _ in range(200):
        g = view.game
        if g.is_over:
            break
        action = bot.choose(g)
        if g.phase == "draw":
            (view.stock_button if action.source == "stock" else view.upcard_button).click()
        else:
            view.target.value = action.hand
            cards = list(view.hand.hand)
            view.hand.pick(len(cards) - 1 - cards[::-1].index(action.discard))
    g = view.game
    assert g.is_over
    assert ("won" in view.status.text) or ("lost" in view.status.text)
    assert view.board.value.count("closed ✔") == sum(g.closed)


def test_hint_names_a_move():
    view = SolitaireLesson(seed=1)
    view.hint_button.click()
    assert "bot would" in view.hint_text.value
