"""The turn in progress (table/turn_in_progress.py): staging melds, the discards that go
out, and going out with the staged melds."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fivecrowns_lab.core.cards import DECK, parse_card, parse_cards
from fivecrowns_lab.core.melds import check_meld
from fivecrowns_lab.core.rules import ROUNDS, GameRules, hand_size
from fivecrowns_lab.core.solver import shared_solver
from fivecrowns_lab.errors import CardNotHeldError, FiveCrownsError, GoOutError, MeldError
from fivecrowns_lab.table.actions import GoOut
from fivecrowns_lab.table.turn_in_progress import TurnInProgress

HAND = parse_cards("7H 8H 9H QS QC QD 4C")  # played in round 3, where fives are wild


def test_staging_a_meld_leaves_the_other_cards_in_hand_in_their_order():
    turn = TurnInProgress(HAND, 3).stage(parse_cards("QS QC QD"))
    assert turn.staged == (tuple(parse_cards("QS QC QD")),)
    assert turn.remaining == tuple(parse_cards("7H 8H 9H 4C"))


def test_a_meld_needs_three_cards_rule_refuses_two_and_names_the_count():
    with pytest.raises(MeldError, match=r"\(2 selected\)"):
        TurnInProgress(HAND, 3).stage(parse_cards("QS QC"))


def test_cards_that_are_no_meld_rule_are_refused_with_the_reason_and_change_nothing():
    turn = TurnInProgress(HAND, 3)
    with pytest.raises(MeldError, match="is not a meld"):
        turn.stage(parse_cards("QS QC 4C"))
    assert turn.staged == () and turn.remaining == tuple(HAND)


def test_final_turn_rule_stages_nothing_the_best_melds_go_down_by_themselves():
    with pytest.raises(FiveCrownsError, match="final turn"):
        TurnInProgress(HAND, 3, final_turn=True).stage(parse_cards("QS QC QD"))


def test_going_out_ends_with_a_discard_rule_keeps_one_card_back():
    hand = parse_cards("7H 8H 9H")
    with pytest.raises(GoOutError, match="Keep one card back"):
        TurnInProgress(hand, 1).stage(hand)


def test_no_final_discard_variant_lets_a_meld_take_the_last_cards():
    hand = parse_cards("7H 8H 9H")
    turn = TurnInProgress(hand, 1, no_final_discard=True).stage(hand)
    assert turn.melds_every_card and turn.remaining == ()


def test_a_card_staged_twice_is_refused_as_not_in_hand():
    turn = TurnInProgress(HAND, 3).stage(parse_cards("QS QC QD"))
    with pytest.raises(CardNotHeldError):
        turn.stage(parse_cards("QS QC QD"))


def test_staged_melds_must_come_from_the_hand():
    with pytest.raises(CardNotHeldError, match="the hand does not"):
        TurnInProgress(HAND, 3, [parse_cards("KS KC KD")])


def test_unstaging_puts_every_meld_back():
    turn = TurnInProgress(HAND, 3).stage(parse_cards("QS QC QD")).unstage()
    assert turn.staged == () and turn.remaining == tuple(HAND)


def test_going_out_discards_rule_with_melds_staged_keeps_them_down():
    turn = TurnInProgress(HAND, 3).stage(parse_cards("7H 8H 9H"))
    assert turn.going_out_discards() == (parse_card("4C"),)
    action = turn.go_out_with(parse_card("4C"))
    assert isinstance(action, GoOut) and action.discard == parse_card("4C")
    assert action.melds is not None and action.melds[0] == tuple(parse_cards("7H 8H 9H"))


def test_a_discard_with_melds_staged_rule_names_the_cards_left_in_no_meld():
    turn = TurnInProgress(parse_cards("7H 8H 9H QS QC 4C 3D"), 3).stage(parse_cards("7H 8H 9H"))
    assert set(turn.left_loose(parse_card("3D"))) == set(parse_cards("QS QC 4C"))
    assert TurnInProgress(HAND, 3).left_loose(parse_card("4C")) == ()  # nothing staged


def test_the_card_that_goes_out_is_the_one_chosen_when_it_does_else_the_first_that_does():
    turn = TurnInProgress(HAND, 3)
    assert turn.going_out_card(parse_card("4C")) == parse_card("4C")
    assert turn.going_out_card(parse_card("QS")) == parse_card("4C")
    assert TurnInProgress(parse_cards("QS 4C 3D 9H"), 2).going_out_card(parse_card("QS")) is None


def test_going_out_with_a_card_that_leaves_a_loose_card_rule_is_refused():
    with pytest.raises(GoOutError, match="in no meld"):
        TurnInProgress(HAND, 3).go_out_with(parse_card("QS"))


def test_discarding_a_card_not_in_hand_is_refused_naming_it():
    with pytest.raises(CardNotHeldError, match="5♠"):
        TurnInProgress(HAND, 3).rest_after(parse_card("5S"))


@st.composite
def _turns(draw: st.DrawFn) -> TurnInProgress:
    round_no = draw(st.sampled_from(ROUNDS))
    seed = draw(st.integers(0, 10**6))
    hand = random.Random(seed).sample(DECK, hand_size(round_no) + 1)
    turn = TurnInProgress(hand, round_no)
    # Stage the best arrangement's melds one by one while they leave a card to discard.
    for meld in shared_solver(round_no).best_arrangement(hand).melds:
        if len(turn.remaining) - len(meld.cards) >= 1 and draw(st.booleans()):
            turn = turn.stage(meld.cards)
    return turn


@settings(max_examples=60, deadline=None)
@given(_turns())
def test_going_out_rule_every_going_out_discard_melds_the_rest_and_no_other_does(turn):
    """Property: a card is a going-out discard exactly when going out with it succeeds, and
    then the melds laid hold every card but the discard, each a meld of the round."""
    going = turn.going_out_discards()
    for card in dict.fromkeys(turn.remaining):
        if card in going:
            action = turn.go_out_with(card)
            assert action.melds is not None
            laid = Counter(c for meld in action.melds for c in meld)
            assert laid + Counter([card]) == Counter(turn.hand)
            assert all(check_meld(meld, turn.rules).valid for meld in action.melds)
        else:
            with pytest.raises(GoOutError):
                turn.go_out_with(card)


@settings(max_examples=60, deadline=None)
@given(_turns())
def test_staging_rule_conserves_cards_and_an_unstaged_turn_is_the_fresh_hand(turn):
    staged = Counter(c for meld in turn.staged for c in meld)
    assert staged + Counter(turn.remaining) == Counter(turn.hand)
    fresh = turn.unstage()
    assert fresh.remaining == turn.hand
    if len(turn.hand) == hand_size(turn.rules.round_no) + 1:
        # With nothing staged, the discards that go out are the solver's.
        assert set(fresh.going_out_discards()) == set(
            shared_solver(turn.rules).going_out_discards(turn.hand)
        )


def test_the_turn_follows_the_games_variant_rules():
    rules = GameRules(no_final_discard=True)
    turn = TurnInProgress(parse_cards("7H 8H 9H"), rules.for_round(1), no_final_discard=True)
    assert turn.stage(parse_cards("7H 8H 9H")).melds_every_card
