"""The meld model's users outside the solver (RULES.md: Melds, variants): the expert bot
and the rank sweep ask the round's ``MeldRules``, and a round's rules keep their model
through ``dataclasses.replace``."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fivecrowns_lab import can_go_out
from fivecrowns_lab.core.rules import (
    MIN_MELD,
    ROUND_SWITCHES,
    ROUNDS,
    GameRules,
    MeldRules,
    RoundRules,
)
from fivecrowns_lab.errors import ProbabilityError
from fivecrowns_lab.odds.counting import count_round
from fivecrowns_lab.odds.sweep import goes_out, sweep_round
from fivecrowns_lab.table.actions import Draw
from fivecrowns_lab.table.expert import ExpertBot
from fivecrowns_lab.table.game import Game

from .test_game import rig
from .test_solver import hands

BOOKS_OF_FOUR = MeldRules(book_least=4)
RUNS_OF_FOUR = MeldRules(run_least=4)
NO_ALL_WILD = MeldRules(all_wild=False)

models = st.builds(
    MeldRules,
    book_least=st.integers(MIN_MELD, 5),
    run_least=st.integers(MIN_MELD, 5),
    distinct_suits=st.booleans(),
    all_wild=st.booleans(),
)
switches = st.fixed_dictionaries({name: st.booleans() for name in ROUND_SWITCHES})


# -- a round's rules keep their model ---------------------------------------------------------


@given(meld=models, on=switches, first=st.sampled_from(ROUNDS), later=st.sampled_from(ROUNDS))
def test_meld_model_survives_dataclasses_replace_of_a_round(meld, on, first, later):
    rules = RoundRules.with_melds(first, meld, **on)
    moved = replace(rules, round_no=later)
    assert moved.meld == RoundRules.with_melds(later, meld, **on).meld
    assert moved.round_no == later and moved.wild_rank == later + 2
    assert replace(rules) == rules and replace(rules).meld == rules.meld


@given(meld=models, on=switches, name=st.sampled_from(ROUND_SWITCHES), value=st.booleans())
def test_meld_model_replace_of_a_switch_changes_the_melds_as_a_new_round_would(
    meld, on, name, value
):
    rules = RoundRules.with_melds(3, meld, **on)
    changed = replace(rules, **{name: value})
    assert changed.meld == RoundRules.with_melds(3, meld, **{**on, name: value}).meld


@given(flags=switches, later=st.sampled_from(ROUNDS))
def test_meld_model_of_a_game_round_survives_replace(flags, later):
    rules = GameRules(**flags).for_round(1)
    assert replace(rules, round_no=later) == GameRules(**flags).for_round(later)


# -- the expert bot ---------------------------------------------------------------------------


def _discard_turn(meld: MeldRules):
    """Player 0 holds four 8s and three loose cards after the draw, in round 4 (6s wild)."""
    game = rig(
        Game(["Ann", "Bo"], GameRules(), seed=4),
        ["8H 8S 8C 8D 3C 4D", "5S 7S 9C JD QC KC"],
        "10C",
        stock="KS",
    )
    game.apply(Draw("stock"))
    observation = game.observation(0)
    rules = RoundRules.with_melds(observation.round_no, meld)
    return replace(observation, round_rules=rules)


def _weighed(meld: MeldRules) -> set[str]:
    decision = ExpertBot(seed=7).decide(_discard_turn(meld))
    return {str(option.card) for option in decision.options}


def test_expert_books_of_four_never_counts_a_card_of_a_four_card_book_as_spare():
    # Standard books: a fourth 8 is a spare end, free to throw. Books of four: throwing
    # any 8 breaks the book, so the expert weighs only the loose cards.
    standard = _weighed(MeldRules())
    assert {"3♣", "4♦", "K♠"} <= standard and standard & {"8♥", "8♠", "8♣", "8♦"}
    assert _weighed(BOOKS_OF_FOUR) == {"3♣", "4♦", "K♠"}


@settings(max_examples=40, deadline=None)
@given(meld=st.sampled_from([BOOKS_OF_FOUR, RUNS_OF_FOUR, NO_ALL_WILD]), seed=st.integers(0, 99))
def test_expert_under_a_meld_variant_plays_legal_moves_to_the_round_end(meld, seed):
    # The bot's rollouts keep wilds as the model says; it never picks a move the table
    # (which asks the same model) refuses.
    bot = ExpertBot(seed=seed)
    observation = _discard_turn(meld)
    action = bot.choose(observation)
    assert action in observation.legal_actions


# -- the rank sweep ---------------------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(case=hands(max_size=8), meld=st.sampled_from([BOOKS_OF_FOUR, RUNS_OF_FOUR, NO_ALL_WILD]))
def test_sweep_goes_out_follows_the_meld_model_as_the_solver_does(case, meld):
    cards, round_no = case
    rules = RoundRules.with_melds(round_no, meld)
    assert goes_out(cards, rules) == can_go_out(cards, rules), cards


@pytest.mark.parametrize("meld", [BOOKS_OF_FOUR, RUNS_OF_FOUR, NO_ALL_WILD], ids=str)
@pytest.mark.parametrize("round_no", [1, 2])
def test_sweep_round_under_a_meld_variant_counts_what_the_enumeration_counts(meld, round_no):
    rules = RoundRules.with_melds(round_no, meld)
    swept = sweep_round(rules)
    counted = count_round(rules)
    assert swept.go_out == counted.go_out and swept.deals == counted.deals
    if round_no == 1:  # three cards: each variant takes some melds away
        assert swept.go_out < sweep_round(round_no).go_out


def test_sweep_refuses_books_in_different_suits_in_a_sentence():
    rules = RoundRules(2, books_distinct_suits=True)
    with pytest.raises(ProbabilityError, match="books in different suits"):
        sweep_round(rules)
    with pytest.raises(ProbabilityError, match="count the hands one by one"):
        goes_out([], rules)
