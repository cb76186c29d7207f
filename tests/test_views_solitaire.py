"""Widget tests for Five Crowns Solitaire: draw, place, hands turning over, win or lose."""

from __future__ import annotations

import pytest

from fivecrowns_lab.render import card_label
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


def _closed_game(seed: int = 4, closed: int = 1) -> SolitaireLesson:
    """A lesson played by the bot until at least ``closed`` hands are closed."""
    view = SolitaireLesson(seed=seed)
    bot = SolitaireBot()
    while sum(view.game.closed) < closed and not view.game.is_over:
        view.game.apply(bot.choose(view.game))
    view.refresh()
    return view


def test_board_cards_are_at_least_56_px_wide():
    import re

    view = SolitaireLesson(seed=1)
    widths = [
        int(w)
        for w in re.findall(r'<svg class="fc-card-svg[^"]*"[^>]* width="(\d+)"', view.board.value)
    ]
    assert len(widths) == sum(len(h) for h in view.game.hands)
    assert min(widths) >= 56


def test_a_click_on_a_hand_of_the_board_makes_it_the_target():
    view = SolitaireLesson(seed=1)
    view.stock_button.click()
    drawn = view.game.drawn
    k = next(h for h in view.game.open_hands if h != view.target.value)
    view.board.chosen = k  # what a click on hand k's row sends
    assert view.target.value == k and f"Hand {k} chosen" in view.status.text
    assert list(view.hand.hand) == [*view.game.hands[k - 1], drawn]
    assert f"data-hand='{k}' data-closed='false'" in view.board.value
    assert "aria-pressed='true'>Hand " + str(k) in view.board.value
    view.hand.pick(len(view.hand.hand) - 1)  # the drawn card goes back out of hand k
    assert view.game.phase in ("draw", "won", "lost")
    view.target.value = view.game.open_hands[0]  # the list still works, and the board follows
    assert view.board.chosen == view.game.open_hands[0]


def test_a_closed_hand_cannot_be_chosen_and_stays_readable_on_the_board():
    view = _closed_game()
    k = view.game.closed.index(True) + 1
    before = view.target.value
    view.board.chosen = k
    assert view.status.kind == "error" and f"Hand {k} is closed" in view.status.text
    assert view.target.value == before and view.board.chosen == before
    row = view.board.value.split(f"data-hand='{k}'")[1].split("</tr>")[0]
    assert "closed ✔" in row and "fc-closed-cards" in row and "fc-back" not in row
    for card in view.game.hands[k - 1]:  # every card of the closed hand is still shown
        assert card_label(card, k) in row
    view.board.chosen = 99  # not a hand at all: a sentence, nothing changes
    assert view.status.kind == "error" and view.target.value == before


def test_hint_icon_is_drawn_not_an_emoji():
    view = SolitaireLesson(seed=1)
    view.hint_button.click()
    assert "💡" not in view.hint_text.value and '<svg class="fc-icon"' in view.hint_text.value
    assert 'aria-hidden="true"' in view.hint_text.value
