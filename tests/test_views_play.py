"""Widget tests for playing against the computer: turns, laying down, going out, the coach,
hints, focus, and that no opponent's card ever reaches a widget."""

from __future__ import annotations

import json
import re
from collections import Counter
from html import escape

import ipywidgets as widgets
import pytest

from fivecrowns_lab.content.coach import Coach
from fivecrowns_lab.content.quizzes import QUIZZES
from fivecrowns_lab.content.scenarios import FIRST_GAME, Step
from fivecrowns_lab.core.cards import Card, parse_card, parse_cards
from fivecrowns_lab.core.melds import check_meld
from fivecrowns_lab.core.rules import GameRules
from fivecrowns_lab.core.solver import penalty
from fivecrowns_lab.lessons import coached_game, play_lesson
from fivecrowns_lab.render import points_text
from fivecrowns_lab.table.actions import GoOut
from fivecrowns_lab.table.game import Game
from fivecrowns_lab.table.players import BOT_DESCRIPTIONS, BOTS
from fivecrowns_lab.views.play import PlayLesson, ScriptedPlayer, bot_levels, hint_level

pytestmark = pytest.mark.usefixtures("widget_errors")

# Seed 12, one bot, round 1 (3s wild): you draw from the stock and hold K♦ 3♣ 8♠ K♠, so
# K♦ K♠ 3♣ is a book and discarding the 8♠ goes out.
GO_OUT_SEED = 12


# -- the hidden-card check ------------------------------------------------------------------------


_BEFORE: set[str] = set()  # widgets alive before the test (see fresh_widgets)


def synced_state() -> str:
    """Every synced trait of every widget made during the test (all reach the browser), as JSON.

    Widgets alive before the test (other tests' views, shared page-level widgets) are
    left out; nothing is closed, so shared widgets keep working.
    """
    from ipywidgets.widgets.widget import _instances

    states = [w.get_state() for k, w in list(_instances.items()) if k not in _BEFORE]
    return json.dumps(states, default=str, ensure_ascii=False)


def card_forms(card: Card) -> list[str]:
    """Every way a card could be written in a widget: code, symbol, words, screen-reader label."""
    return [card.code, str(card), card.describe(), card.describe() + ", wild"]


def visible_forms(state: str, cards: list[Card]) -> list[str]:
    """The forms of ``cards`` that occur in ``state`` as whole tokens."""
    found = []
    for card in cards:
        for form in dict.fromkeys(card_forms(card)):
            pattern = r"(?<![0-9A-Za-z])" + re.escape(form) + r"(?![0-9A-Za-z])"
            if re.search(pattern, state):
                found.append(form)
    return found


def hidden_cards(game: Game, viewer: int | None) -> list[Card]:
    """Cards only opponents hold and that the viewer (None: nobody) has never seen.

    A card counts as seen (and so may be named on screen) when the viewer holds a copy,
    or a copy is on the table, in the discard pile, or was discarded or taken from the
    discard pile this round (the moves log names those).
    """
    public = Counter(game.hands[viewer] if viewer is not None else ()) + Counter(game.discard_pile)
    for melds in game.table:
        for meld in melds:
            public.update(meld.cards)
    for record in game.history:
        if record.round_no != game.round_no:
            continue
        if record.drawn is not None:
            public[record.drawn] += 1
        shown = getattr(record.action, "card", None) or getattr(record.action, "discard", None)
        if shown is not None:
            public[shown] += 1
    hidden: Counter[Card] = Counter()
    for p, hand in enumerate(game.hands):
        if p != viewer:
            hidden.update(hand)
    return [c for c in hidden if c not in public]


@pytest.fixture
def fresh_widgets():
    """Check only this test's widgets: remember which ones were alive before it."""
    from ipywidgets.widgets.widget import _instances

    _BEFORE.clear()
    _BEFORE.update(_instances)
    yield
    _BEFORE.clear()


def play_my_turn(view: PlayLesson) -> None:
    """Draw from the stock, then go out if the hand can, else discard the first card."""
    view.stock_button.click()
    if view.game.phase != "discard" or view.game.current_player != 0:
        return
    going = [a for a in view.game.legal_actions() if isinstance(a, GoOut)]
    card = going[0].discard if going else view.hand.hand[0]
    view.hand.select_cards([card])
    view.throw_button.click()
    if view.pending is not None:
        view.confirm_yes.click()


def test_no_opponent_card_reaches_any_widget_trait_in_any_form(fresh_widgets):
    view = PlayLesson(bots=3, level="greedy", rounds=11, seed=5)
    checked = 0
    for turn in range(14):
        g = view.game
        if g.phase == "round_over":
            view.next_button.click()
            continue
        if g.phase == "game_over":
            break
        if turn % 3 == 0:
            view.hint_button.click()  # a hint must not leak either (the expert takes a while)
        state = synced_state()
        if g.current_player == 0:  # the check does see cards: our own hand is in the state
            assert visible_forms(state, [g.hands[0][0]])
        hidden = hidden_cards(g, 0)
        assert visible_forms(state, hidden) == [], "an opponent's card is visible"
        checked += len(hidden)
        play_my_turn(view)
    assert checked > 20


@pytest.mark.parametrize("form", range(4))
@pytest.mark.parametrize("where", ["html", "hand", "tooltip"])
def test_hidden_card_check_catches_a_planted_card(fresh_widgets, form, where):
    view = PlayLesson(bots=2, rounds=11, seed=3)
    card = hidden_cards(view.game, 0)[0]
    assert visible_forms(synced_state(), [card]) == []
    text = card_forms(card)[form]
    if where == "html":
        view.hint_text.value = f"<p>Bot 1 holds {text}.</p>"
    elif where == "hand":
        view.hand.cards = [*view.hand.cards, {"code": "", "label": text, "svg": ""}]
    else:
        view.lay_button.tooltip = f"({text})"
    assert text in visible_forms(synced_state(), [card])


def test_hidden_card_check_sees_widgets_outside_the_view_tree(fresh_widgets):
    view = PlayLesson(bots=1, rounds=11, seed=3)
    card = hidden_cards(view.game, 0)[0]
    orphan = widgets.HTML(card.code)  # never displayed, but its state still reaches the page
    assert visible_forms(synced_state(), [card]) == [card.code]
    orphan.close()


# -- setup, levels, hints ---------------------------------------------------------------------


def test_level_chooser_lists_every_bot_weakest_first_and_shows_its_description():
    view = PlayLesson(bots=2, level="greedy", seed=3)
    # (label, level) pairs: the label is the level's name in the learner's language
    assert [level for _label, level in view.level.options] == bot_levels()
    assert [label for label, _level in view.level.options] == bot_levels()  # in English
    assert set(bot_levels()) <= set(BOTS)
    assert {BOTS[n] for n in bot_levels()} == set(BOTS.values())  # every kind, aliases once
    described = [n for n in BOT_DESCRIPTIONS if n in BOTS]
    assert bot_levels()[: len(described)] == described
    assert BOT_DESCRIPTIONS["greedy"] in view.level_text.value


def test_changing_the_level_redraws_its_description_and_the_bots_at_once():
    view = PlayLesson(bots=2, level="greedy", seed=3)
    other = next(n for n in bot_levels() if n != "greedy")
    view.level.value = other
    assert BOT_DESCRIPTIONS.get(other, "A computer player.") in view.level_text.value
    assert all(bot.name == other for bot in view.players.values())
    assert f"{other} bot" in view.table.value


def test_hint_comes_from_the_expert_or_else_the_strongest_level():
    assert hint_level() == ("expert" if "expert" in BOTS else bot_levels()[-1])
    view = PlayLesson(bots=2, rounds=11, seed=3)
    view.hint_button.click()
    assert f"the {hint_level()} bot would" in view.hint_text.value


def test_settings_are_collapsed_until_asked_for():
    view = PlayLesson()
    assert view.setup.layout.display == "none"
    view.settings_button.value = True
    assert view.setup.layout.display == ""
    view.settings_button.value = False
    assert view.setup.layout.display == "none"


def test_changed_settings_say_they_start_a_new_game():
    view = PlayLesson(bots=2, seed=3)
    view.bots.value = 3
    assert "New game" in view.setup_note.value
    view.new_button.click()
    assert len(view.game.names) == 4 and view.setup_note.value == ""


def test_new_game_with_an_unchanged_seed_deals_the_next_seed():
    view = PlayLesson(bots=1, seed=3)
    view.new_button.click()
    assert view.seed.value == 4 and view.game.seed == 4
    assert "seed 4" in view.status.text
    view.seed.value = 3  # a typed seed replays that deal
    view.new_button.click()
    assert view.game.seed == 3


def test_no_button_carries_an_icon_glyph_into_its_name():
    view = PlayLesson()
    found, stack = [], [view]
    while stack:  # every widget of the view's tree, hidden ones too
        w = stack.pop()
        if w.has_trait("icon"):
            found.append(w)
        stack += [c for c in getattr(w, "children", ()) if isinstance(c, widgets.Widget)]
    assert len(found) >= 12  # every button of the table and the setup
    assert [w.description for w in found if w.icon] == []
    assert all(i == "" for i in view.mode.icons or [""])


def test_too_many_players_is_a_message():
    view = PlayLesson(bots=6)
    view.humans.value = 3
    view.new_button.click()
    assert view.status.kind == "error" and "2 to 7" in view.status.text


# -- a turn, laying down, going out ---------------------------------------------------------------


def test_a_turn_draw_then_select_and_discard_and_buttons_follow_the_phase():
    view = PlayLesson(bots=1, rounds=11, seed=2)  # a first hand that cannot go out
    g = view.game
    assert g.current_player == 0 and g.phase == "draw"
    assert view.hand.disabled and view.throw_button.disabled and view.lay_button.disabled
    view.hand.select_cards([g.hands[0][0]])  # as a stale page would allow
    view.throw_button.click()
    assert view.status.kind == "error" and "Draw a card first" in view.status.text
    assert len(g.hands[0]) == 3
    view.stock_button.click()
    assert g.phase == "discard" and len(g.hands[0]) == 4 and not view.hand.disabled
    assert not any(isinstance(a, GoOut) for a in g.legal_actions())
    card = view.hand.hand[0]
    view.hand.select_cards([card])
    assert view.throw_button.description == f"Discard {card}" and not view.throw_button.disabled
    view.throw_button.click()
    assert view.status.kind == "ok" and f"You: discarded {card}." in [m[0] for m in view.moves]


def test_the_turn_line_speaks_to_the_learner_and_names_anyone_else():
    from fivecrowns_lab.i18n import language

    view = PlayLesson(bots=1, rounds=11, seed=2)
    assert "Your turn to draw." in view.turn.value
    view.stock_button.click()
    assert "Your turn to lay melds down or discard" in view.turn.value
    final = PlayLesson(bots=1, rounds=1, seed=9)  # Bot 1 goes out on its first turn
    assert "Your turn to draw. This is the final turn." in final.turn.value
    two = PlayLesson(humans=2, bots=1, rounds=11, seed=2)  # hot seat: You and Friend
    g = two.game
    for _turn in range(3):  # each seat's turn played on the table itself, up to Friend's
        if g.names[g.current_player] == "Friend":
            break
        g.draw("stock")
        g.discard(g.hands[g.current_player][-1])
        two.refresh()
    assert "Friend to draw." in two.turn.value
    with language("da"):
        assert "Din tur til at trække." in PlayLesson(bots=1, rounds=11, seed=2).turn.value


def test_discard_needs_exactly_one_selected_card():
    view = PlayLesson(bots=1, rounds=11, seed=3)
    view.stock_button.click()
    view.hand.selected = [0, 1]
    assert view.throw_button.disabled
    view.throw_button.click()  # as a stale page would allow
    assert view.status.kind == "error" and "exactly one" in view.status.text


def test_lay_down_is_checked_by_the_engine_with_its_sentence():
    view = PlayLesson(bots=1, rounds=1, seed=GO_OUT_SEED)
    view.stock_button.click()
    cards = parse_cards("KD 8S 3C")
    view.hand.select_cards(cards)
    assert view.lay_button.description == "Lay down " + " ".join(
        str(c) for c in view.hand.selected_cards
    )
    view.lay_button.click()
    reason = check_meld(view.hand.selected_cards or cards, 1).reason
    assert view.status.kind == "error" and reason in view.status.text
    assert view.staged == [] and len(view.hand.hand) == 4


def test_lay_down_then_discard_the_last_card_goes_out_and_the_banner_ends_the_game():
    view = PlayLesson(bots=1, rounds=1, seed=GO_OUT_SEED)
    view.stock_button.click()
    assert Counter(view.game.hands[0]) == Counter(parse_cards("KD 3C 8S KS"))
    view.hand.select_cards("KD KS 3C")
    view.lay_button.click()
    assert view.status.kind == "ok" and "book" in view.status.text
    assert view.hand.hand == parse_cards("8S") and "Laid down this turn" in view.melds_view.value
    view.hand.select_cards("8S")
    assert view.throw_button.description == "Discard 8♠ and go out"
    view.throw_button.click()
    g = view.game
    assert g.round_results[0].went_out == 0 and g.phase == "game_over"
    assert "You win the game" in view.banner.value and view.banner_box.layout.display == ""
    assert "went out" in view.summary.value and "Scoresheet" in view.sheet.value
    assert view.focused is view.again_button


def test_discarding_into_a_hand_that_could_go_out_asks_go_out_first():
    view = PlayLesson(bots=1, rounds=1, seed=GO_OUT_SEED)
    view.stock_button.click()
    view.hand.select_cards("8S")
    view.throw_button.click()
    g = view.game
    assert g.phase == "discard" and g.current_player == 0  # nothing happened yet
    assert view.confirm_box.layout.display == "" and "Go out?" in view.confirm_text.value
    assert view.focused is view.confirm_yes
    view.confirm_yes.click()
    assert g.round_results[0].went_out == 0


@pytest.mark.parametrize("code", ["en", "da"])
def test_the_moves_list_tells_every_move_in_the_past(code):
    # "Bot 1: took the 9♣ …", "Bot 1: discarded Q♠.", "You: went out, discarding 8♠, …":
    # one tense for draws, discards and going out, in English and in Danish.
    from fivecrowns_lab.i18n import language

    past = {
        "en": ("took the ", "drew from the stock", "discarded ", "went out"),
        "da": ("tog ", "trak fra trækbunken", "smed ", "gik ud"),
    }[code]
    with language(code):
        view = PlayLesson(bots=1, rounds=5, seed=14)  # round 1: every kind of move
        while view.game.phase in ("draw", "discard"):
            g = view.game
            if g.phase == "draw":
                view.stock_button.click()
                continue
            going = [a for a in g.legal_actions() if isinstance(a, GoOut)]
            view.act(going[0] if going else g.legal_actions()[0])
        lines = [seen for seen, _why in view.moves]
    told = [line.split(": ", 1)[1] for line in lines]
    assert len(told) > 8 and all(line.endswith(".") for line in told)
    assert all(line.startswith(past) for line in told), [t for t in told if not t.startswith(past)]
    for start in past:  # every kind of move was told
        assert any(line.startswith(start) for line in told), start


def test_go_out_can_be_declined_and_then_it_is_a_plain_discard():
    view = PlayLesson(bots=1, rounds=1, seed=GO_OUT_SEED)
    view.stock_button.click()
    view.hand.select_cards("8S")
    view.throw_button.click()
    assert view.confirm_no.description == "Just discard 8♠"
    view.confirm_no.click()
    assert view.game.went_out != 0 and "You: discarded 8♠." in [m[0] for m in view.moves]


def test_discarding_a_card_that_would_not_go_out_names_the_one_that_would():
    view = PlayLesson(bots=1, rounds=1, seed=GO_OUT_SEED)
    view.stock_button.click()
    view.hand.select_cards("KD")
    view.throw_button.click()
    assert "Discarding 8♠ instead of K♦" in view.confirm_text.value
    assert view.confirm_yes.description == "Go out, discarding 8♠"
    assert view.confirm_no.description == "Discard K♦ anyway"
    view.confirm_no.click()
    assert "You: discarded K♦." in [m[0] for m in view.moves]


def test_selecting_another_card_cancels_the_go_out_question():
    view = PlayLesson(bots=1, rounds=1, seed=GO_OUT_SEED)
    view.stock_button.click()
    view.hand.select_cards("8S")
    view.throw_button.click()
    view.hand.select_cards("3C")
    assert view.pending is None and view.confirm_box.layout.display == "none"


def test_melds_stay_down_only_when_going_out_and_take_back_returns_them():
    view = PlayLesson(bots=1, rounds=11, seed=GO_OUT_SEED)
    view.stock_button.click()  # K♦ 3♣ 8♠ K♠ in round 1 of a full game
    view.hand.select_cards("KD KS 3C")
    view.lay_button.click()
    assert len(view.hand.hand) == 1 and view.take_back_button.layout.display == ""
    view.take_back_button.click()
    assert view.staged == [] and len(view.hand.hand) == 4
    view.hand.select_cards("KD KS 3C")
    view.lay_button.click()
    assert view.game.phase == "discard"


def test_on_the_final_turn_a_discard_lays_the_best_melds_down_for_you():
    view = PlayLesson(bots=1, rounds=1, seed=9)  # Bot 1 goes out on its first turn
    g = view.game
    assert g.went_out == 1 and g.is_final_turn and g.current_player == 0
    assert "final turn" in view.turn.value
    view.stock_button.click()
    view.hand.select_cards(view.hand.hand[:3])
    assert view.lay_button.disabled
    view.lay_button.click()  # as a stale page would allow
    assert "final turn just discard" in view.status.text
    last = g.hands[0][-1]
    view.hand.select_cards([last])
    view.throw_button.click()
    result = g.round_results[0]
    assert view.status.kind == "ok" and "Final turn" in view.status.text
    assert f"leaving {points_text(result.points[0])}" in view.status.text
    assert g.phase == "game_over" and "Bot 1 wins the game" in view.banner.value


def test_laying_every_card_down_needs_the_no_final_discard_variant():
    view = PlayLesson(bots=1, rounds=1, seed=99)  # you draw to 4♥ 4★ 4♥ 4♦
    view.stock_button.click()
    view.hand.select_cards("4H 4* 4H 4D")
    view.lay_button.click()
    assert view.status.kind == "error" and "Keep one card back" in view.status.text
    assert view.staged == []
    view.no_discard.value = True
    view.seed.value = 98
    view.seed.value = 99  # typed again: the same deal, now with the variant on
    view.new_button.click()
    view.stock_button.click()
    view.hand.select_cards("4H 4* 4H 4D")
    view.lay_button.click()
    result = view.game.round_results[0]
    assert result.went_out == 0 and "You went out with no discard" in view.status.text


def test_full_game_runs_to_the_end_with_a_scoresheet_and_a_banner():
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
    assert "the game</b>" in view.banner.value
    assert view.next_button.layout.display == "none"
    view.again_button.click()
    assert view.game.phase == "draw" and view.game.seed == 10


# -- focus --------------------------------------------------------------------------------------


def test_focus_moves_to_the_next_sensible_control_after_each_action():
    view = PlayLesson(bots=1, rounds=1, seed=GO_OUT_SEED)
    assert view.focused is view.stock_button
    assert view.focuser.selector == ".fc-play-stock"
    assert "fc-play-stock" in view.stock_button._dom_classes
    view.stock_button.click()
    assert view.focused is view.hand
    assert view.focuser.selector == ".fc-play-hand button.fc-cardbtn"
    view.hand.select_cards("KD KS 3C")
    view.lay_button.click()
    assert view.focused is view.hand
    view.hand.select_cards("8S")
    view.throw_button.click()
    assert view.focused is view.again_button


def test_focus_goes_to_show_my_hand_in_pass_and_play():
    view = PlayLesson(bots=1, humans=2, rounds=11, seed=3)
    assert view.focused is view.reveal_button
    view.reveal_button.click()
    assert view.focused is view.stock_button


# -- pass-and-play, the log ---------------------------------------------------------------------


def test_pass_and_play_hides_each_hand_until_its_owner_asks():
    view = PlayLesson(bots=1, humans=2, rounds=11, seed=3)
    g = view.game
    p = g.current_player
    assert p in (0, 1) and view.hand.hand == ()
    view.stock_button.click()
    assert view.status.kind == "error" and "Show my hand" in view.status.text
    view.reveal_button.click()
    assert view.hand.hand == g.hands[p]


def test_pass_and_play_shows_no_hand_until_its_owner_asks(fresh_widgets):
    view = PlayLesson(bots=1, humans=2, rounds=11, seed=3)
    for _ in range(6):
        g = view.game
        p = g.current_player
        assert p in (0, 1) and g.phase == "draw"
        assert visible_forms(synced_state(), hidden_cards(g, None)) == []
        view.reveal_button.click()
        assert visible_forms(synced_state(), hidden_cards(g, p)) == []
        assert visible_forms(synced_state(), [g.hands[p][0]])  # the owner's cards are there
        play_my_turn_as(view, p)


def play_my_turn_as(view: PlayLesson, player: int) -> None:
    view.stock_button.click()
    view.hand.select_cards([view.hand.hand[0]])
    view.throw_button.click()
    if view.pending is not None:
        view.confirm_no.click()
    assert view.game.current_player != player or view.game.phase != "discard"


def test_pass_and_play_hides_the_melds_laid_down_when_the_turn_passes():
    view = PlayLesson(bots=1, humans=2, rounds=11, seed=3)
    view.reveal_button.click()
    view.stock_button.click()
    view.hand.select_cards([view.hand.hand[0]])
    view.throw_button.click()
    if view.pending is not None:
        view.confirm_no.click()
    assert view.hand.hand == () and view.melds_view.value == ""


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


# -- the coached first game -----------------------------------------------------------------------


def test_scenario_hands_are_the_ones_its_seed_deals():
    game = Game(FIRST_GAME.names, GameRules(rounds=FIRST_GAME.rounds), seed=FIRST_GAME.seed)
    for hand, text in zip(game.hands, FIRST_GAME.hands, strict=True):
        assert Counter(hand) == Counter(parse_cards(text))
    assert game.discard_pile[-1] == parse_cards(FIRST_GAME.top_discard)[0]


def test_scenario_steps_are_legal_moves_in_order_and_the_learner_goes_out():
    game = Game(FIRST_GAME.names, GameRules(rounds=1), seed=FIRST_GAME.seed)
    laid: list[tuple[Card, ...]] = []
    for step in FIRST_GAME.steps:
        assert game.current_player == step.player, step
        if step.kind == "lay":
            meld = tuple(parse_cards(step.cards))
            assert check_meld(meld, 1).valid
            laid.append(meld)
            continue
        if step.kind == "go":
            game.go_out(step.cards, laid)
        elif step.player != FIRST_GAME.learner:
            game.apply(ScriptedPlayer(step.player, [step]).choose(game.observation(step.player)))
        elif step.kind == "discard":
            game.discard(step.cards)
        else:
            game.draw("stock" if step.kind == "stock" else "discard")
    assert game.phase == "round_over" and game.round_results[0].went_out == FIRST_GAME.learner


def test_scenario_ending_is_true_of_the_round_it_ends():
    view = coached_game()
    play_coached(view)
    game = view.game
    last = game.history[-1]
    assert last.player == 1 and str(last.action) == "discard 3♣"
    assert "3♣ away" in FIRST_GAME.ending and "scores 20" in FIRST_GAME.ending
    kept = game.round_results[0].arrangements[1]
    assert not kept.melds  # the wild fitted no meld with the rest
    assert game.round_results[0].points == (0, kept.penalty)
    held = [*kept.leftover, parse_cards("3C")[0]]  # its four cards before that discard
    for other in kept.leftover:
        rest = list(held)
        rest.remove(other)
        assert penalty(rest, 1) > kept.penalty  # keeping the wild would have cost more


def test_every_learner_step_has_a_coach_line():
    learner = [s for s in FIRST_GAME.steps if s.player == FIRST_GAME.learner]
    assert {s.kind for s in learner} == {"stock", "take", "discard", "lay", "go"}
    assert all(s.coach for s in learner)


def test_a_step_with_an_unknown_move_is_refused():
    with pytest.raises(ValueError, match="scripted move"):
        Step(0, "shuffle")


def play_coached(view: PlayLesson) -> None:
    """Follow the coach to the end, as the lesson's script says."""
    for step in [s for s in FIRST_GAME.steps if s.player == 0]:
        if step.kind == "stock":
            view.stock_button.click()
        elif step.kind == "take":
            view.discard_button.click()
        elif step.kind == "lay":
            view.hand.select_cards(step.cards)
            view.lay_button.click()
        else:
            view.hand.select_cards(step.cards)
            view.throw_button.click()
        assert view.status.kind == "ok", view.status.text


def test_coached_game_walks_draw_meld_lay_down_and_go_out_to_a_banner(fresh_widgets):
    view = coached_game()
    assert "step 1 of 5" in view.coach.value and "Draw from the stock" in view.coach.value
    lines = []
    for step in [s for s in FIRST_GAME.steps if s.player == 0]:
        lines.append(view.coach.value)
        state = synced_state()
        assert visible_forms(state, hidden_cards(view.game, 0)) == []
        view.coach_flags.clear()
        play_coached_step(view, step)
    assert len(set(lines)) == 5
    g = view.game
    assert g.phase == "game_over" and g.round_results[0].went_out == 0
    assert "You win the game" in view.banner.value
    assert escape(FIRST_GAME.ending) in view.coach.value and "(done)" in view.coach.value
    assert view.again_button.description == "Free play next"
    view.again_button.click()
    assert view.mode.value == "free" and not view.coached and len(view.game.names) == 3


def play_coached_step(view: PlayLesson, step: Step) -> None:
    if step.kind == "stock":
        view.stock_button.click()
    elif step.kind == "take":
        view.discard_button.click()
    else:
        view.hand.select_cards(step.cards)
        (view.lay_button if step.kind == "lay" else view.throw_button).click()
    assert view.status.kind == "ok", view.status.text


def coached_to_the_going_out_turn() -> PlayLesson:
    """The coached game at the learner's second turn, the 10♥ just taken from the pile:
    10♦ 3★ 6★ 10♥ in hand, nothing laid down, and only discarding the 6★ goes out."""
    view = coached_game()
    for step in FIRST_GAME.steps[2:4] + FIRST_GAME.steps[6:7]:
        play_coached_step(view, step)
    return view


def test_coach_flags_drawing_from_the_wrong_pile_and_nothing_changes():
    view = coached_game()
    before = view.game.to_json()
    view.discard_button.click()
    assert view.status.kind == "error" and "Draw from the stock instead" in view.status.text
    assert view.game.to_json() == before and view.coach_flags
    assert "Careful:" in view.coach.value and "step 1 of 5" in view.coach.value
    view.stock_button.click()
    assert "Careful:" not in view.coach.value and "step 2 of 5" in view.coach.value


def test_coach_flags_throwing_away_a_wild():
    view = coached_game()
    view.stock_button.click()
    view.hand.select_cards("3*")
    view.throw_button.click()
    assert "You threw away a wild" in view.status.text
    assert len(view.game.hands[0]) == 4


@pytest.mark.parametrize(("card", "points"), [("6*", 6), ("10D", 10)])
def test_coach_says_why_the_plan_throws_the_costlier_loose_card(card, points):
    view = coached_game()
    view.stock_button.click()  # Q♣ 10♦ 3★ 6★: nothing melds yet, and the plan throws Q♣
    before = view.game.to_json()
    view.hand.select_cards(card)
    view.throw_button.click()
    shown = str(parse_card(card))
    assert view.status.kind == "error"
    assert f"Why not the {shown}? Neither it nor the Q♣ fits a book or run yet" in (
        view.status.text
    )
    assert f"the {shown} {points}, the Q♣ 12. Throw the costlier one, the Q♣." in (
        view.status.text
    )
    assert "Careful:" in view.coach.value and "Why not the" in view.coach.value
    assert view.game.to_json() == before and len(view.game.hands[0]) == 4
    assert not view.hand.selected_cards and view.throw_button.disabled  # back down
    view.hand.select_cards("QC")
    assert not view.throw_button.disabled
    view.throw_button.click()
    assert view.status.kind == "ok" and "Careful:" not in view.coach.value


def test_coach_gives_the_costlier_card_reason_only_when_neither_card_fits_a_meld():
    coach = Coach(FIRST_GAME)
    for player in (1, 1, 0):  # to the learner's discard: the plan throws Q♣
        coach.advance(player)
    plan = FIRST_GAME.steps[3].coach

    def verdict(hand: str, card: str) -> str | None:
        return coach.judge_discard(0, parse_card(card), 1, False, (), parse_cards(hand))

    assert verdict("QC 10D 3* 6*", "6*").startswith("Why not the 6★?")
    assert verdict("QC 10D 3* 10H", "10D") == plan  # 10♦ 10♥ 3★ is a book
    assert verdict("QC JC 3* 6*", "6*") == plan  # J♣ Q♣ 3★ is a run: Q♣ fits
    assert verdict("QC KD 3* 6*", "KD") == plan  # the K♦ costs more than the Q♣


def test_coach_flags_a_discard_when_another_would_go_out():
    view = coached_game()
    play_coached_step(view, FIRST_GAME.steps[2])
    play_coached_step(view, FIRST_GAME.steps[3])
    view.discard_button.click()  # 10♦ 3★ 6★ 10♥: discarding 6★ goes out
    view.hand.select_cards("10H 10D 3*")
    view.lay_button.click()
    view.hand.select_cards("10H")
    view.throw_button.click()  # after laying down, 10♥ is no longer in the hand
    assert view.status.kind == "error"
    view.take_back_button.click()  # refused in the coached game: the meld stays down
    assert "stay down" in view.status.text


def test_coach_says_which_discard_would_go_out():
    view = coached_to_the_going_out_turn()
    # 10♦ 3★ 6★ 10♥: only discarding the 6★ goes out ...
    view.hand.select_cards("10D")
    view.throw_button.click()
    assert "Discarding 10♦ would not go out; discarding 6★ would." in view.status.text
    # ... and even that card waits until the meld is laid down.
    view.hand.select_cards("6*")
    view.throw_button.click()
    assert "lay your meld down first" in view.status.text
    assert len(view.game.hands[0]) == 4 and view.game.phase == "discard"


def test_coach_refuses_a_meld_that_is_not_the_plan_with_the_engine_sentence():
    view = coached_to_the_going_out_turn()
    view.hand.select_cards("10D 6* 10H")
    view.lay_button.click()
    assert check_meld(parse_cards("10D 6* 10H"), 1).reason in view.status.text


# -- the lesson ---------------------------------------------------------------------------------


def test_lesson_04_starts_with_the_coached_game_and_ends_with_a_quiz():
    lesson = play_lesson()
    assert isinstance(lesson.view, PlayLesson) and lesson.view.coached
    assert [q.prompt for q in lesson.quiz.questions] == [q.prompt for q in QUIZZES["play"]]
    lesson.view.mode.value = "free"
    assert not lesson.view.coached and len(lesson.view.game.names) == 3


def test_play_quiz_questions_each_explain_every_answer():
    questions = QUIZZES["play"]
    assert len(questions) >= 4
    assert all(a.why for q in questions for a in q.answers)


def test_unknown_mode_or_level_is_a_message():
    with pytest.raises(ValueError, match="mode"):
        PlayLesson(mode="tutorial")
    with pytest.raises(ValueError, match="no 'grandmaster' bot"):
        PlayLesson(level="grandmaster")


# -- no click freezes the lesson: long work says so first ----------------------------------------


class _Watcher:
    """A bot that notes what the page showed, and whether the buttons were off, as it began."""

    def __init__(self, view: PlayLesson, seat: int, seen: list[tuple[str, str, bool]]) -> None:
        self.view, self.seat, self.seen = view, seat, seen
        self.bot = view.players[seat]

    @property
    def last_reason(self) -> str:
        return str(getattr(self.bot, "last_reason", ""))

    def choose(self, observation):
        controls = self.view._controls()
        off = all(button.disabled for button in controls)
        self.seen.append((self.view.game.names[self.seat], self.view.status.text, off))
        return self.bot.choose(observation)


def test_each_bot_turn_is_announced_with_the_buttons_disabled_before_it_starts():
    view = PlayLesson(bots=3, level="greedy", rounds=11, seed=5)
    seen: list[tuple[str, str, bool]] = []
    for seat in list(view.players):
        view.players[seat] = _Watcher(view, seat, seen)
    for _ in range(6):
        if view.game.phase == "round_over":
            view.next_button.click()
        play_my_turn(view)
    assert {name for name, _text, _off in seen} == {"Bot 1", "Bot 2", "Bot 3"}
    for name, text, off in seen:
        assert text == f"{name} is thinking…" and off
    if view.game.phase == "draw" and view.game.current_player == 0:
        assert not view.stock_button.disabled  # the buttons are given back


def test_a_final_turn_lay_off_search_starts_only_once_the_page_says_it_is_busy(monkeypatch):
    from fivecrowns_lab.table import turns as game_module

    view = PlayLesson(bots=2, rounds=1, seed=3)
    view.lay_off.value = True
    view.new_game()
    assert view.game.rules.lay_off
    real = game_module.best_with_layoff
    calls: list[tuple[str, bool]] = []

    def spy(*args, **kwargs):
        calls.append((view.status.text, all(b.disabled for b in view._controls())))
        return real(*args, **kwargs)

    monkeypatch.setattr(game_module, "best_with_layoff", spy)
    for _ in range(40):
        if view.game.phase != "draw":
            break
        play_my_turn(view)
    assert calls, "a final turn was played"
    for text, off in calls:
        assert ("is thinking…" in text or "laying your cards down and off" in text) and off


def test_a_hint_says_the_bot_is_thinking_before_it_thinks(monkeypatch):
    from fivecrowns_lab.views import play as play_module

    view = PlayLesson(bots=1, rounds=11, seed=3)
    real = play_module.make_bot
    seen: list[tuple[str, bool]] = []

    class Advisor:
        def __init__(self, bot):
            self.bot = bot

        @property
        def last_reason(self) -> str:
            return str(self.bot.last_reason)

        def choose(self, observation):
            seen.append((view.status.text, all(b.disabled for b in view._controls())))
            return self.bot.choose(observation)

    monkeypatch.setattr(play_module, "make_bot", lambda *a, **k: Advisor(real(*a, **k)))
    view.hint_button.click()
    assert seen and "is thinking about your hand…" in seen[0][0] and seen[0][1]
    assert "Hint:" in view.hint_text.value and not view.hint_button.disabled


def test_play_view_builds_a_checkbox_for_every_variant_from_the_variants_table():
    from fivecrowns_lab.core.rules import VARIANTS

    view = PlayLesson(bots=1, rounds=1, seed=99)
    on_off = [v.field for v in VARIANTS if isinstance(v.default, bool)]
    assert list(view.variants) == on_off
    for variant in VARIANTS:
        if variant.field in view.variants:
            assert view.variants[variant.field].description == variant.label
    for field in on_off:
        view.variants[field].value = True
    view.new_button.click()
    assert all(getattr(view.game.rules, field) for field in on_off)


def test_books_in_different_suits_refuses_a_suit_twice_at_the_table():
    view = PlayLesson(bots=1, rounds=1, seed=99)  # you draw to 4♥ 4★ 4♥ 4♦
    view.variants["books_distinct_suits"].value = True
    view.seed.value = 98
    view.seed.value = 99
    view.new_button.click()
    assert view.game.round_rules.books_distinct_suits
    view.stock_button.click()
    view.hand.select_cards("4H 4* 4H")
    view.lay_button.click()
    assert view.status.kind == "error"
    assert "different suit on every card: 4♥ is there twice" in view.status.text
    assert view.staged == []
    view.hand.select_cards("4H 4* 4D")
    view.lay_button.click()
    assert view.status.kind != "error" and len(view.staged) == 1


def test_a_new_game_names_the_house_rules_in_play():
    view = PlayLesson(bots=1, rounds=1, seed=5)
    view.mode.value = "free"
    assert "House rules" not in view.status.text
    view.variants["books_distinct_suits"].value = True
    view.variants["lay_off"].value = True
    view.new_button.click()
    assert "House rules: lay off and books in different suits." in view.status.text
