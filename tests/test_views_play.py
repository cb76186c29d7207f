"""Widget tests for playing against the computer: turns, going out, hints, hidden cards."""

from __future__ import annotations

import json
from collections import Counter

import ipywidgets as widgets
import pytest

from fivecrowns_lab.table.actions import GoOut
from fivecrowns_lab.views.play import PlayLesson

pytestmark = pytest.mark.usefixtures("widget_errors")


def all_widget_state(root: widgets.Widget) -> str:
    """Every synced trait of every widget under ``root``, as one JSON string."""
    seen, stack, states = set(), [root], []
    while stack:
        w = stack.pop()
        if w.model_id in seen:
            continue
        seen.add(w.model_id)
        state = w.get_state()
        states.append(state)
        for value in state.values():
            items = value if isinstance(value, (list, tuple)) else [value]
            stack += [v for v in items if isinstance(v, widgets.Widget)]
        for name in ("children", "layout", "style"):
            child = getattr(w, name, None)
            items = child if isinstance(child, (list, tuple)) else [child]
            stack += [v for v in items if isinstance(v, widgets.Widget)]
    return json.dumps(states, default=str, ensure_ascii=False)


def private_cards(view: PlayLesson, viewer: int) -> list:
    """Cards only opponents hold: not in the viewer's hand, the discard pile or on the table."""
    g = view.game
    public = Counter(g.hands[viewer]) + Counter(g.discard_pile)
    for melds in g.table:
        for meld in melds:
            public.update(meld.cards)
    hidden = Counter()
    for p, hand in enumerate(g.hands):
        if p != viewer:
            hidden.update(hand)
    return [c for c in hidden if c not in public]


def play_my_turn(view: PlayLesson) -> None:
    """Draw from the stock and discard the first card (or go out when possible)."""
    view.stock_button.click()
    if not view.go_out_button.disabled:
        view.go_out_button.click()
    else:
        view.hand.pick(0)


def test_opponents_cards_never_reach_a_widget():
    view = PlayLesson(bots=3, level="greedy", rounds=11, seed=5)
    checked = 0
    for _ in range(12):
        g = view.game
        if g.phase == "round_over":
            view.next_button.click()
            continue
        if g.phase == "game_over":
            break
        state = all_widget_state(view)
        if g.current_player == 0:  # the check can see cards: our own hand is there
            assert g.hands[0][0].describe() in state
        for card in private_cards(view, 0):
            assert f'data-code\\": \\"{card.code}' not in state.replace("'", '"')
            assert card.describe() not in state, f"{card} of an opponent is visible"
            checked += 1
        play_my_turn(view)
    assert checked > 0


def test_a_turn_draw_then_discard_and_buttons_follow_the_phase():
    view = PlayLesson(bots=1, rounds=11, seed=3)
    g = view.game
    assert g.current_player == 0 and g.phase == "draw"
    assert view.hand.disabled and view.go_out_button.disabled
    view.hand.disabled = False  # as a stale page would allow
    view.hand.pick(0)  # discarding before drawing is refused, state unchanged
    assert view.status.kind == "error" and "draw" in view.status.text
    assert len(g.hands[0]) == 3
    view.stock_button.click()
    assert g.phase == "discard" and len(g.hands[0]) == 4 and not view.hand.disabled
    view.hand.pick(0)
    assert view.status.kind == "ok"
    assert g.current_player == 0 or g.phase == "round_over"


def test_go_out_is_enabled_only_when_the_hand_can_and_ends_the_round():
    for seed in range(40):
        view = PlayLesson(bots=1, rounds=1, seed=seed)
        if view.game.current_player != 0:
            continue
        view.stock_button.click()
        can = any(isinstance(a, GoOut) for a in view.game.legal_actions())
        assert view.go_out_button.disabled == (not can)
        if can:
            view.go_out_button.click()
            g = view.game
            assert g.went_out == 0 and g.phase in ("round_over", "game_over")
            assert "went out" in view.summary.value and "Scoresheet" in view.sheet.value
            return
    pytest.fail("no seed let the player go out on the first turn")


def test_go_out_refused_with_a_reason_when_the_hand_cannot():
    view = PlayLesson(bots=1, rounds=11, seed=3)
    view.stock_button.click()
    if view.go_out_button.disabled:
        view.go_out()  # as a stale click would
    assert view.status.kind in ("error", "ok")


def test_hint_says_what_the_strongest_bot_would_do_and_why():
    view = PlayLesson(bots=2, rounds=11, seed=3)
    view.hint_button.click()
    assert "lookahead bot would" in view.hint_text.value


def test_full_game_runs_to_the_end_with_a_scoresheet():
    view = PlayLesson(bots=2, level="random", rounds=5, seed=9)
    for _ in range(400):
        g = view.game
        if g.phase == "game_over":
            break
        if g.phase == "round_over":
            view.next_button.click()
        else:
            play_my_turn(view)
    assert view.game.phase == "game_over" and "game is over" in view.status.text
    assert view.sheet.value.count("<tr>") == 4  # header + 3 players


def test_pass_and_play_hides_each_hand_until_its_owner_asks():
    view = PlayLesson(bots=1, humans=2, rounds=11, seed=3)
    g = view.game
    p = g.current_player
    assert p in (0, 1) and view.hand.hand == ()
    view.stock_button.click()
    assert view.status.kind == "error" and "Show my hand" in view.status.text
    view.reveal_button.click()
    assert view.hand.hand == g.hands[p]


def test_too_many_players_is_a_message():
    view = PlayLesson(bots=6)
    view.humans.value = 3
    view.new_button.click()
    assert view.status.kind == "error" and "2 to 7" in view.status.text


def test_bots_explain_their_moves_only_once_the_round_is_over():
    view = PlayLesson(bots=2, level="greedy", rounds=11, seed=4)
    assert view.moves and "<i>" not in view.log_view.value  # reasons hint at their hands
    while view.game.phase in ("draw", "discard"):
        play_my_turn(view)
    assert "<i>" in view.log_view.value


def test_moves_log_names_the_discard_the_learner_took():
    view = PlayLesson(bots=2, level="greedy", rounds=11, seed=0)
    top = view.game.discard_pile[-1]
    view.discard_button.click()
    assert view.moves[-1][0] == f"You: took the {top} from the discard pile."
