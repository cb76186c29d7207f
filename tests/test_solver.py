"""The exact arrangement solver (RULES.md: Melds, Scoring a round)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fivecrowns_lab import (
    DECK,
    JOKER,
    SUITS,
    Card,
    CardError,
    Hand,
    HandSizeError,
    best_arrangement,
    can_go_out,
    card_points,
    check_meld,
    going_out_discards,
    parse_cards,
    penalty,
)
from fivecrowns_lab.core.rules import ROUNDS, hand_size
from fivecrowns_lab.core.solver import Solver, penalties_without_each, shared_solver
from fivecrowns_lab.errors import FiveCrownsError

from .brute_force import brute_penalty, is_meld

SUITED = sorted({c for c in DECK if not c.is_joker}, key=lambda c: c.sort_key)


@st.composite
def hands(draw, max_size: int = 8, biased: bool = True):
    """Hands from the real deck, often biased to one or two suits, few ranks or many wilds."""
    round_no = draw(st.sampled_from(ROUNDS))
    size = draw(st.integers(0, max_size))
    style = draw(st.sampled_from(["any", "one-suit", "two-suits", "wilds", "few-ranks"]))
    if not biased:
        style = "any"
    pool = list(DECK)
    if style == "one-suit":
        suit = draw(st.sampled_from(SUITS))
        pool = [c for c in DECK if c.suit in (suit, None)]
    elif style == "two-suits":
        pair = draw(st.lists(st.sampled_from(SUITS), min_size=2, max_size=2, unique=True))
        pool = [c for c in DECK if c.suit in (*pair, None)]
    elif style == "wilds":
        pool = [c for c in DECK if c.is_joker or c.rank == round_no + 2] * 1 + list(DECK)[:40]
    elif style == "few-ranks":
        ranks = draw(st.lists(st.integers(3, 13), min_size=1, max_size=3, unique=True))
        pool = [c for c in DECK if c.is_joker or c.rank in ranks]
    indices = draw(
        st.lists(st.integers(0, len(pool) - 1), min_size=size, max_size=size, unique=True)
    )
    cards = [pool[i] for i in indices]
    counts = Counter(DECK)
    kept = []
    for card in cards:
        if counts[card] > 0:
            counts[card] -= 1
            kept.append(card)
    return tuple(kept), round_no


def assert_valid_arrangement(cards, round_no, arrangement):
    for meld in arrangement.melds:
        check = check_meld(meld.cards, round_no)
        assert check.valid, f"{meld} is not a meld: {check.reason}"
        assert check.kind == meld.kind or len({c.rank for c in meld}) == 1
    used = Counter(c for meld in arrangement.melds for c in meld) + Counter(arrangement.leftover)
    assert used == Counter(cards), "melds + leftover must be exactly the hand"
    assert arrangement.penalty == sum(card_points(c, round_no) for c in arrangement.leftover)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands(max_size=8))
def test_solver_matches_brute_force_on_small_hands(case):
    cards, round_no = case
    arrangement = best_arrangement(cards, round_no)
    assert arrangement.penalty == brute_penalty(cards, round_no)
    assert_valid_arrangement(cards, round_no, arrangement)
    assert penalty(cards, round_no) == arrangement.penalty
    assert can_go_out(cards, round_no) == (arrangement.penalty == 0)


@settings(max_examples=150, deadline=None)
@given(hands(max_size=14))
def test_solver_arrangement_is_valid_and_consistent_on_large_hands(case):
    cards, round_no = case
    arrangement = best_arrangement(cards, round_no)
    assert_valid_arrangement(cards, round_no, arrangement)
    assert penalty(cards, round_no) == arrangement.penalty
    assert can_go_out(cards, round_no) == (arrangement.penalty == 0)


@settings(max_examples=150, deadline=None)
@given(hands(max_size=12), st.permutations(range(5)), st.randoms(use_true_random=False))
def test_relabelling_suits_and_reordering_never_change_the_penalty(case, perm, rnd):
    cards, round_no = case
    relabelled = [c if c.is_joker else Card(c.rank, SUITS[perm[c.suit.index]]) for c in cards]
    rnd.shuffle(relabelled)
    assert penalty(relabelled, round_no) == penalty(cards, round_no)


@settings(max_examples=150, deadline=None)
@given(hands(max_size=9))
def test_going_out_discards_are_exactly_the_cards_whose_discard_lets_the_rest_go_out(case):
    cards, _ = case
    if not cards:
        return
    round_no = len(cards) - 3 if 1 <= len(cards) - 3 <= 11 else None
    if round_no is None:
        return
    found = set(going_out_discards(cards, round_no))
    for card in set(cards):
        rest = list(cards)
        rest.remove(card)
        assert (card in found) == (brute_penalty(tuple(rest), round_no) == 0)


def test_empty_hand_has_penalty_0():
    assert best_arrangement("", 1).penalty == 0
    assert best_arrangement((), 1).melds == ()


def test_melded_cards_score_nothing_and_the_rest_score_their_points():
    arrangement = best_arrangement("7H 8H 9H QS QC", 3)
    assert arrangement.penalty == 24
    assert str(arrangement.leftover) == "Q♣ Q♠"


def test_best_arrangement_leaves_the_fewest_points_not_the_most_melds():
    # Two small runs would leave the king; one book of kings and a run is better.
    arrangement = best_arrangement("KH KS KC 5H 6H 7H 3S", 2)
    assert arrangement.penalty == 3


def test_a_card_belongs_to_at_most_one_meld():
    # 7♥ could finish the run or the book, not both.
    arrangement = best_arrangement("5H 6H 7H 7S 7C", 1)
    # The run 5-6-7♥ would leave 7♠ 7♣ (14); the book of 7s leaves 5♥ 6♥ (11).
    assert arrangement.penalty == 11
    assert str(arrangement.leftover) == "5♥ 6♥"


def test_wild_cards_left_in_hand_score_20_and_jokers_50():
    assert best_arrangement("5H", 3).penalty == 20
    assert best_arrangement("JK", 3).penalty == 50
    assert best_arrangement("JK 5H", 3).penalty == 70


def test_three_wilds_alone_are_a_meld():
    assert best_arrangement("JK JK 5H", 3).penalty == 0


def test_spare_wilds_join_a_meld_rather_than_score():
    arrangement = best_arrangement("8H 8S 8C JK JK", 1)
    assert arrangement.penalty == 0
    assert len(arrangement.melds) == 1


def test_spare_wild_with_a_full_run_of_eleven_still_scores_nothing():
    cards = parse_cards("3S 4S 5S 6S 7S 8S 9S 10S JS QS KS JK")
    arrangement = best_arrangement(cards, 5)
    assert arrangement.penalty == 0
    assert_valid_arrangement(cards, 5, arrangement)


def test_wilds_are_never_left_in_hand_once_any_meld_exists():
    arrangement = best_arrangement("9S 9C JK 5H KH", 3)  # both wilds join the 9s
    assert arrangement.penalty == 13
    assert JOKER not in arrangement.leftover


@pytest.mark.parametrize("round_no", ROUNDS)
def test_can_go_out_when_every_card_melds(round_no):
    wilds = [JOKER] * 6 + [c for c in DECK if c.rank == round_no + 2]
    hand = wilds[: hand_size(round_no)]
    assert can_go_out(hand, round_no)
    assert best_arrangement(hand, round_no).goes_out


def test_going_out_discards_needs_one_card_more_than_the_deal():
    with pytest.raises(HandSizeError, match="holds 4; this one holds 3"):
        going_out_discards("5H 6H 7H", 1)


def test_going_out_discards_lists_each_card_once():
    assert going_out_discards("5H 6H 7H 7H", 1) == (Card(7, SUITS[1]),)
    assert going_out_discards("5H 5H 5S 5C", 1) == (
        Card(5, SUITS[1]),
        Card(5, SUITS[2]),
        Card(5, SUITS[3]),
    )


def test_solver_rejects_impossible_hands_and_bad_rounds():
    with pytest.raises(CardError, match="8♥"):
        best_arrangement("8H 8H 8H", 1)
    with pytest.raises(ValueError, match="round 0"):
        best_arrangement("8H 8S 8C", 0)
    with pytest.raises(HandSizeError, match="21 cards is too large to arrange; the most is 20"):
        best_arrangement(DECK[:21], 11)


def test_hands_up_to_twenty_cards_are_solved():
    cards = parse_cards("3D 3D 4D 4D 5D 5D 6D 6D 7D 7D 8D 8D 9D 9D 10D 10D JD JD QD JK")
    arrangement = best_arrangement(cards, 11)
    assert_valid_arrangement(cards, 11, arrangement)
    assert arrangement.penalty == 0


def test_arrangement_describes_itself():
    text = best_arrangement("7H 8H JK 10H QS", 1).describe()
    assert "JK as 9♥" in text
    assert "Left in hand: Q♠ = 12 = 12 points." in text


def test_seeded_random_deals_are_valid_for_every_round():
    rng = random.Random(7)
    for round_no in ROUNDS:
        for _ in range(20):
            cards = rng.sample(DECK, hand_size(round_no) + 1)
            arrangement = best_arrangement(cards, round_no)
            assert_valid_arrangement(cards, round_no, arrangement)


# -- the remembering Solver (issue 21): the same answers as the functions ----------------------

_VARIANT_FLAGS = [{}, {"books_distinct_suits": True}, {"no_all_wild_melds": True}]


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands(max_size=12), st.sampled_from(_VARIANT_FLAGS))
def test_penalties_without_each_equal_one_penalty_call_per_card(case, flags):
    from fivecrowns_lab.core.rules import RoundRules
    from fivecrowns_lab.core.solver import penalties_without_each

    cards, round_no = case
    rules = RoundRules(round_no, **flags)
    expected = {}
    for card in sorted(set(cards), key=lambda c: c.sort_key):
        rest = list(cards)
        rest.remove(card)
        expected[card] = penalty(rest, rules)
    found = penalties_without_each(cards, rules)
    assert found == expected
    assert list(found) == list(expected)  # suit-then-rank order


def _building_points(cards, rules):
    """The points of a hand still being built, from its definition: a hand with one or
    two wilds and no meld yet counts its naturals only (a wild finds a meld later)."""
    from fivecrowns_lab.core.rules import card_points, is_wild

    wilds = [c for c in cards if is_wild(c, rules)]
    naturals = sum(c.rank for c in cards if not is_wild(c, rules))
    value = penalty(cards, rules)
    if 0 < len(wilds) < 3 and value == naturals + sum(card_points(c, rules) for c in wilds):
        return naturals
    return value


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    hands(max_size=13).filter(lambda case: case[0]),
    st.sampled_from(_VARIANT_FLAGS),
    st.booleans(),
    st.data(),
)
def test_lowest_without_one_keeps_every_cheapest_discard_with_its_exact_points(
    case, flags, building, data
):
    from fivecrowns_lab.core.rules import RoundRules

    cards, round_no = case
    rules = RoundRules(round_no, **flags)
    distinct = sorted(set(cards), key=lambda c: c.sort_key)
    among = data.draw(st.lists(st.sampled_from(distinct), unique=True, min_size=1), "among")
    exact = {}
    for card in among:
        rest = list(cards)
        rest.remove(card)
        exact[card] = _building_points(rest, rules) if building else penalty(rest, rules)
    keep = data.draw(st.integers(1, 5), "keep")
    found = Solver(rules).lowest_without_one(cards, among, building=building, keep=keep)
    values = sorted(exact.values())
    low = values[min(keep, len(values)) - 1]
    assert set(found) <= set(among)
    assert {c for c, v in exact.items() if v <= low} <= set(found)  # every cheapest one
    assert all(found[c] == exact[c] for c in found)  # and only exact values


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands(max_size=14), st.sampled_from(_VARIANT_FLAGS), st.data())
def test_one_search_for_every_discard_agrees_with_a_search_of_each_smaller_hand(case, flags, data):
    # Search.min_after_drop finds the fewest points any allowed natural's discard leaves
    # and every natural that leaves them, in one search; here each smaller hand is
    # searched on its own, with a fresh memo, and the limit is any number.
    from fivecrowns_lab.core.packing import slot_of as _slot
    from fivecrowns_lab.core.packing import split as _split
    from fivecrowns_lab.core.rules import RoundRules
    from fivecrowns_lab.core.search import INF, Search

    cards, round_no = case
    rules = RoundRules(round_no, **flags)
    packed, naturals, wilds = _split(Hand(cards), rules)
    distinct = sorted(set(naturals), key=lambda c: c.sort_key)
    some = st.lists(st.sampled_from(distinct), unique=True) if distinct else st.just([])
    allowed_cards = data.draw(some, "allowed")
    allowed = sum(0b11 << _slot(card) for card in allowed_cards)
    limit = data.draw(st.integers(0, 200) | st.just(INF), "limit")
    model = rules.meld
    each = {
        card: Search(model).min_leftover(packed - (1 << _slot(card)), len(wilds))
        for card in allowed_cards
    }
    value, thrown = Search(model).min_after_drop(packed, len(wilds), allowed, limit, {})
    if not each:
        assert (value, thrown) == (INF, 0)
        return
    low = min(each.values())
    if low > limit:
        assert value > limit  # not asked about: only "more than the limit"
        return
    assert value == low
    assert thrown == sum(1 << _slot(card) for card, points in each.items() if points == low)


@settings(max_examples=300, deadline=None)
@given(hands(max_size=13), st.sampled_from(_VARIANT_FLAGS))
def test_penalty_of_a_hand_still_being_built_counts_a_wild_outside_every_meld_as_0(case, flags):
    # The one home of the bots' measure of a hand to keep (loose wilds count 0).
    from fivecrowns_lab.core.rules import RoundRules

    cards, round_no = case
    rules = RoundRules(round_no, **flags)
    solver = Solver(rules)
    assert solver.penalty(cards, building=True) == _building_points(cards, rules)
    assert solver.penalty(cards) == penalty(cards, rules)


def test_building_is_true_or_false_and_a_wrong_value_says_so():
    solver = Solver(3)
    for call in (solver.penalty, solver.lowest_without_one):
        with pytest.raises(CardError, match=r"^building is True .* or False, not 1\.$"):
            call("7H QS 5C", building=1)
    assert solver.penalty("7H QS 5C", building=False) == 39  # fives wild: 7 + 12 + 20


def test_the_solver_reads_a_tuple_of_notations_as_it_reads_a_list_and_refuses_a_non_card():
    solver = Solver(3)
    assert solver.penalty(("7H", "8H", "9H", "QS")) == solver.penalty(["7H", "8H", "9H", "QS"])
    assert solver.penalty(("7H", "8H", "9H", "QS")) == 12
    assert solver.penalty([*parse_cards("7H 8H 9H"), "QS"]) == 12  # cards and notation mixed
    with pytest.raises(CardError, match="not 3"):
        solver.penalty(("7H", 3))
    with pytest.raises(CardError, match="not None"):
        solver.penalty([None])


def test_lowest_without_one_refuses_a_card_the_hand_does_not_hold():
    solver = Solver(3)
    with pytest.raises(CardError, match=r"^9♣ is not in the hand, so it cannot be left out"):
        solver.lowest_without_one("7H 8H 9H QS", "9C")
    with pytest.raises(FiveCrownsError, match="a whole number of at least 1, not 0"):
        solver.lowest_without_one("7H 8H 9H QS", keep=0)
    # Without Q♠ the run is all: 0 points; without 7♥ at least 24, so it is not searched.
    # A card in the chosen melds can tie the cheapest discard (another best arrangement
    # leaves it loose): Q★ here, whose bound (33 - 12) is exactly the 16 left without it.
    hand = parse_cards("7* 10* Q* 7H JH 7C JS 6D JK")
    found, every = Solver(6).lowest_without_one(hand), penalties_without_each(hand, 6)
    assert found[parse_cards("Q*")[0]] == 16 == min(every.values())
    assert all(every[card] == points for card, points in found.items())
    assert solver.lowest_without_one("7H 8H 9H QS", "QS 7H") == {parse_cards("QS")[0]: 0}


def test_rule_wilds_in_a_hand_with_no_meld_score_so_the_cheapest_discard_can_be_a_joker():
    # Round 1, threes wild, final turn: the 5♦ and the two wilds are a book (0 points),
    # but throwing the 5♦ leaves two wilds and no meld, scored 50 + 20. Keeping the
    # 5♦ and the 3♥ leaves 5 + 20; keeping the 5♦ and the joker, 5 + 50. The one search
    # for every natural finds 0 points of naturals without the 5♦, which is not its
    # penalty: the solver must charge the wilds and look again.
    found = Solver(1).lowest_without_one("JK 3H 5D")
    assert found[JOKER] == 25
    assert found.get(parse_cards("5D")[0], 70) == 70
    assert found.get(parse_cards("3H")[0], 55) == 55


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(hands(max_size=12), min_size=1, max_size=6), st.sampled_from(_VARIANT_FLAGS))
def test_a_solver_that_remembers_answers_as_the_functions_do(cases, flags):
    # One Solver per round, asked many hands in a row (its memo carries over, and a tiny
    # limit makes it start afresh in between): every answer is the cold functions' answer.
    from fivecrowns_lab.core.rules import RoundRules
    from fivecrowns_lab.core.solver import Solver

    solvers: dict[int, Solver] = {}
    for cards, round_no in cases:
        rules = RoundRules(round_no, **flags)
        solver = solvers.setdefault(round_no, Solver(rules, limit=len(cases) * 40))
        assert solver.penalty(cards) == penalty(cards, rules)
        assert solver.best_arrangement(cards) == best_arrangement(cards, rules)
        assert solver.can_go_out(cards) == can_go_out(cards, rules)
        if len(cards) == rules.hand_size + 1:
            assert solver.going_out_discards(cards) == going_out_discards(cards, rules)


def test_a_solver_refuses_what_the_functions_refuse():
    from fivecrowns_lab.core.solver import Solver, shared_solver

    solver = Solver(3)
    with pytest.raises(CardError, match="only 2 copies of 8♥, but these cards hold 3"):
        solver.penalty(parse_cards("8H 8H 8H", check=False))
    with pytest.raises(CardError, match="only 6 jokers"):
        solver.penalty([JOKER] * 7)
    with pytest.raises(HandSizeError):
        solver.penalty(list(DECK[:21]))
    with pytest.raises(HandSizeError, match="holds 6; this one holds 3"):
        solver.going_out_discards("5H 6H 7H")
    assert shared_solver(3) is shared_solver(3)
    assert shared_solver(3).penalty("7H 8H 9H QS QC") == 24


# The solver module's own entry points (beyond what fivecrowns_lab exports, which
# tests/test_fuzz_entry_points.py drives): tests/test_compiled.py runs this on the
# compiled path too, where a wrongly typed argument must still get our sentence.
_SOLVER_CALLS = {
    "Solver": lambda rules, cards: Solver(rules),
    "Solver(limit)": lambda rules, cards: Solver(3, rules),
    "shared_solver": lambda rules, cards: shared_solver(rules),
    "penalties_without_each": lambda rules, cards: penalties_without_each(cards, rules),
    "Solver.penalty": lambda rules, cards: Solver(3).penalty(cards),
    "Solver.leftover": lambda rules, cards: Solver(4).leftover(cards),
    "Solver.penalties_without_each": lambda rules, cards: Solver(3).penalties_without_each(cards),
    "Solver.going_out_discards": lambda rules, cards: Solver(1).going_out_discards(cards),
    "Solver.best_arrangement": lambda rules, cards: Solver(2).best_arrangement(cards),
    "Solver.can_go_out": lambda rules, cards: Solver(2).can_go_out(cards),
    "Solver.lowest_without_one(hand)": lambda rules, cards: Solver(3).lowest_without_one(cards),
    "Solver.lowest_without_one(among)": lambda rules, cards: Solver(3).lowest_without_one(
        "8H 9H JK", cards
    ),
    "Solver.pack": lambda rules, cards: Solver(5).pack(cards),
    "Solver.loose_packed": lambda rules, cards: Solver(5).loose_packed(cards, 1),
    "Solver.loose_ranks_with_each(hand)": lambda rules, cards: Solver(4).loose_ranks_with_each(
        cards, "8H JK"
    ),
    "Solver.loose_ranks_with_each(draws)": lambda rules, cards: Solver(4).loose_ranks_with_each(
        "8H 9H", cards
    ),
    "Solver.loose_points_after_each(hand)": lambda rules, cards: Solver(4).loose_points_after_each(
        cards, "8H JK"
    ),
    "Solver.loose_points_after_each(draws)": lambda rules, cards: Solver(
        4
    ).loose_points_after_each("8H 9H", cards),
}


@pytest.mark.parametrize("name", list(_SOLVER_CALLS))
@settings(
    max_examples=15, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck)
)
@given(data=st.data())
def test_the_solvers_entry_points_refuse_any_bad_input_with_a_sentence(name, data):
    from .test_fuzz_entry_points import JSON_LIKE

    rules = data.draw(JSON_LIKE | st.sampled_from(ROUNDS), label="rules")
    cards = data.draw(JSON_LIKE | hands(max_size=14).map(lambda case: case[0]), label="cards")
    try:
        _SOLVER_CALLS[name](rules, cards)
    except FiveCrownsError as error:
        assert str(error).strip().endswith((".", ")")), str(error)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands(max_size=14), st.sampled_from(_VARIANT_FLAGS))
def test_a_solvers_leftover_is_the_best_arrangements_leftover(case, flags):
    from fivecrowns_lab.core.rules import RoundRules
    from fivecrowns_lab.core.solver import Solver

    cards, round_no = case
    rules = RoundRules(round_no, **flags)
    arrangement = best_arrangement(cards, rules)
    leftover = Solver(rules).leftover(cards)
    assert leftover == arrangement.leftover
    assert (len(leftover) < len(cards)) == bool(arrangement.melds)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands(max_size=14), st.sampled_from(_VARIANT_FLAGS))
def test_loose_ranks_with_each_of_a_leftover_and_every_card_near_it(case, flags):
    # What the lookahead bot asks: the leftover of a best arrangement (it melds nothing)
    # and each card of a rank it holds or beside one of its naturals. A drawn card no meld
    # can hold is answered without a search: the answers must still be the leftovers'.
    from fivecrowns_lab.core.rules import RoundRules, is_wild

    cards, round_no = case
    rules = RoundRules(round_no, **flags)
    leftover = list(Solver(rules).leftover(cards))
    held = [c for c in leftover if not is_wild(c, rules)]
    near = [
        c
        for c in dict.fromkeys(DECK)
        if c.suit is not None
        and Counter([*leftover, c])[c] <= 2
        and any(c.rank == k.rank or (c.suit == k.suit and abs(c.rank - k.rank) <= 2) for k in held)
    ]
    found = Solver(rules).loose_ranks_with_each(leftover, near)
    for card in near:
        bigger = Solver(rules).leftover([*leftover, card])
        assert found[card] == tuple(sorted(c.rank for c in bigger if not is_wild(c, rules)))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands(max_size=12), hands(max_size=5), st.sampled_from(_VARIANT_FLAGS))
def test_loose_ranks_with_each_draw_are_the_naturals_leftover_leaves(case, draws, flags):
    # The lookahead bot weighs each unseen card by what the loose cards leave with it:
    # one search a card, the same ranks as building the whole leftover of each bigger hand.
    from fivecrowns_lab.core.rules import RoundRules, is_wild

    cards, round_no = case
    rules = RoundRules(round_no, **flags)
    possible = [c for c in draws[0] if Counter([*cards, c])[c] <= (6 if c == JOKER else 2)]
    found = Solver(rules).loose_ranks_with_each(cards, possible)
    expected = {
        card: tuple(
            sorted(c.rank for c in Solver(rules).leftover([*cards, card]) if not is_wild(c, rules))
        )
        for card in possible
    }
    assert found == expected


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands(max_size=14), hands(max_size=6), st.booleans(), st.sampled_from(_VARIANT_FLAGS))
def test_loose_points_after_each_draw_are_the_bigger_leftovers_points_less_the_highest(
    case, draws, of_leftover, flags
):
    # The lookahead bot weighs a draw by the points its hand would keep loose after taking
    # it and throwing the costliest loose natural: worked out here from the leftover of
    # each bigger hand, built in full. Asked of a leftover (it melds nothing, the bot's
    # case: most draws are answered without a search) and of any hand.
    from fivecrowns_lab.core.rules import RoundRules, is_wild

    cards, round_no = case
    rules = RoundRules(round_no, **flags)
    if of_leftover:
        cards = list(Solver(rules).leftover(cards))
    held = [c for c in cards if not is_wild(c, rules)]
    near = [
        c
        for c in dict.fromkeys(DECK)
        if c.suit is not None
        and any(c.rank == k.rank or (c.suit == k.suit and abs(c.rank - k.rank) <= 2) for k in held)
    ]
    asked = [*near, *draws[0], JOKER]
    possible = list(
        dict.fromkeys(c for c in asked if Counter([*cards, c])[c] <= (6 if c == JOKER else 2))
    )
    found = Solver(rules).loose_points_after_each(cards, tuple(possible))
    expected = []
    for card in possible:
        ranks = [c.rank for c in Solver(rules).leftover([*cards, card]) if not is_wild(c, rules)]
        expected.append(sum(ranks) - max(ranks, default=0))
    assert found == expected


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands(max_size=14))
def test_a_drawn_wild_makes_the_one_meld_the_search_makes(case):
    # Naturals that meld nothing (a leftover's) and one wild drawn: the direct rule finds
    # the best meld through the wild (a book of two, or a suit's row with one rank missing
    # or none), or hands a tie to the search. Either way the search's own answer.
    from fivecrowns_lab.core.rules import RoundRules, is_wild

    cards, round_no = case
    rules = RoundRules(round_no)
    naturals = [c for c in Solver(rules).leftover(cards) if not is_wild(c, rules)]
    ranks = [c.rank for c in Solver(rules).leftover([*naturals, JOKER]) if not is_wild(c, rules)]
    expected = sum(ranks) - max(ranks, default=0)
    assert Solver(rules).loose_points_after_each(naturals, (JOKER,)) == [expected]


def test_one_wild_fills_a_missing_rank_and_leaves_a_tie_to_the_search():
    from fivecrowns_lab.core.rules import STANDARD_MELDS
    from fivecrowns_lab.core.shortcuts import _best_meld_with_one_wild

    solver = Solver(1)  # threes wild
    packed, _wilds = solver.pack("5H 6H 8H 9H KS")  # 5-6-W-8-9♥ takes 28 points
    assert _best_meld_with_one_wild(packed, STANDARD_MELDS) == (solver.pack("5H 6H 8H 9H")[0], 28)
    assert solver.loose_points_after_each("5H 6H 8H 9H KS", "JK") == [0]
    packed, _wilds = solver.pack("7S 7C 6H 8H KD")  # 7 7 W and 6 W 8: 14 points each
    assert _best_meld_with_one_wild(packed, STANDARD_MELDS) is None
    assert _best_meld_with_one_wild(solver.pack("5H 9S KD")[0], STANDARD_MELDS) == (
        0,
        0,
    )  # nothing melds
    assert solver.loose_points_after_each("5H 9S KD", "JK") == [5 + 9]


def test_loose_points_after_each_answers_each_different_draw_once_and_keeps_the_hand():
    solver = Solver(3)  # fives wild
    hand = parse_cards("8H 9H QS")
    # 10♥ makes 8-9-10♥: Q♠ alone stays loose and is thrown (0). Q♠ melds nothing: 8, 9,
    # Q, Q stay and a queen goes (29). The second 10♥ is the first one's answer. The
    # wild 5♣ makes 8-9♥ a run: Q♠ alone stays (0).
    assert solver.loose_points_after_each(hand, "10H QS 10H 5C") == [0, 29, 0]
    with pytest.raises(CardError, match="only 2 copies of 8♥, but these cards hold 3"):
        solver.loose_points_after_each(parse_cards("8H 8H 9H"), "8H")
    with pytest.raises(CardError, match="'9X' is not a card"):
        solver.loose_points_after_each(hand, "9X")
    assert hand == parse_cards("8H 9H QS")


def _in_reach_of_a_meld(packed: int, slot: int, wilds: int) -> bool:
    """The rule card by card, for a packed hand holding the natural at ``slot`` and at
    most one wild: three of its rank (the wild counting), or same-suit naturals on both
    sides or two on one side (with the wild, either neighbour within two ranks)."""
    block = 10  # bits a rank
    shift = (slot // block) * block
    held = (packed >> shift) & (1 << block) - 1
    if sum((held >> 2 * suit) & 3 for suit in range(5)) + wilds >= 3:
        return True
    below1 = slot >= block and (packed >> (slot - block)) & 3
    below2 = slot >= 2 * block and (packed >> (slot - 2 * block)) & 3
    above1 = (packed >> (slot + block)) & 3
    above2 = (packed >> (slot + 2 * block)) & 3
    if wilds:
        return bool(below1 or below2 or above1 or above2)
    return bool((below1 and above1) or (above1 and above2) or (below1 and below2))


@settings(max_examples=300, deadline=None)
@given(hands(max_size=12))
def test_the_naturals_in_reach_of_a_meld_are_found_for_every_slot_at_once(case):
    # The solver answers every slot at once (shifts of whole ranks): for the hand's own
    # naturals (the stranded ones are the rest) and for one more natural drawn into any
    # slot the hand could still take. Both agree with the rule applied card by card.
    from fivecrowns_lab.core.packing import NATURAL_SLOTS
    from fivecrowns_lab.core.shortcuts import _joining, stranded_naturals

    cards, round_no = case
    packed, _wilds = Solver(round_no).pack(cards)
    for wilds in (0, 1):
        drawn, stranded = _joining(packed, wilds, 3), stranded_naturals(packed, wilds)
        for _rank, _suit, bit in NATURAL_SLOTS:
            slot = bit.bit_length() - 1
            copies = (packed >> slot) & 3
            if copies:
                joins = _in_reach_of_a_meld(packed, slot, wilds)
                assert (stranded >> slot) & 3 == (0 if joins else copies)
                alone = stranded_naturals(packed, wilds, bit)  # asked about this card only
                assert alone == stranded & 3 * bit
            if copies < 2:
                joins = _in_reach_of_a_meld(packed + bit, slot, wilds)
                assert bool((drawn >> slot) & 1) is joins


def test_loose_ranks_with_each_leaves_a_tie_between_two_best_melds_to_the_search():
    # 6♥ 8♥ 7♠ 7♣ melds nothing; with 7♥ a run (6-7-8♥) and a book (three 7s) both take
    # 21 points. The direct rule finds one meld through the card and cannot choose, so
    # it hands the tie to the search: the answer is the search's own, 7 7 or 6 8.
    from fivecrowns_lab.core.packing import slot_of as _slot
    from fivecrowns_lab.core.rules import STANDARD_MELDS
    from fivecrowns_lab.core.shortcuts import _best_meld_through

    solver = Solver(1)
    packed, wilds = solver.pack("6H 8H 7S 7C 7H")
    assert _best_meld_through(packed, _slot(Card.parse("7H")), wilds, STANDARD_MELDS) is None
    packed, wilds = solver.pack("6H 8H 7S 7H")  # no tie: the run is the one best meld
    run = _best_meld_through(packed, _slot(Card.parse("7H")), wilds, STANDARD_MELDS)
    assert run == (packed - solver.pack("7S")[0], 6 + 7 + 8)
    leftover = solver.leftover("6H 8H 7S 7C 7H")
    assert solver.loose_ranks_with_each("6H 8H 7S 7C", "7H")[Card.parse("7H")] == tuple(
        sorted(card.rank for card in leftover)
    )


def test_loose_ranks_with_each_refuses_a_third_copy_and_keeps_the_hand():
    solver = Solver(3)
    hand = parse_cards("8H 8H 9H")
    with pytest.raises(CardError, match="only 2 copies of 8♥, but these cards hold 3"):
        solver.loose_ranks_with_each(hand, "8H")
    with pytest.raises(CardError, match="only 6 jokers"):
        solver.loose_ranks_with_each("JK " * 6, "JK")
    with pytest.raises(CardError, match="'9X' is not a card"):
        solver.loose_ranks_with_each(hand, "9X")
    assert hand == parse_cards("8H 8H 9H")
    assert solver.loose_ranks_with_each(hand, ["10H", "QS"]) == {
        parse_cards("10H")[0]: (8,),  # 8♥ 9♥ 10♥ melds, one 8♥ stays
        parse_cards("QS")[0]: (8, 8, 9, 12),
    }


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands(max_size=14), st.sampled_from(_VARIANT_FLAGS))
def test_a_packed_hand_leaves_loose_what_leftover_leaves(case, flags):
    # The expert's rollouts stay packed (Solver.pack, loose_packed, packed_naturals): the
    # same naturals as the leftover of the cards, and the wilds no meld needs.
    from fivecrowns_lab.core.rules import RoundRules, is_wild
    from fivecrowns_lab.core.solver import packed_naturals

    cards, round_no = case
    rules = RoundRules(round_no, **flags)
    solver = Solver(rules)
    naturals, wilds = solver.pack(cards)
    assert wilds == sum(is_wild(c, rules) for c in cards)
    assert sorted((rank, suit) for rank, suit, _bit in packed_naturals(naturals)) == sorted(
        (c.rank, c.suit.index) for c in cards if not is_wild(c, rules)
    )
    loose, unused = solver.loose_packed(naturals, wilds)
    leftover = solver.leftover(cards)
    assert sorted(rank for rank, _suit, _bit in packed_naturals(loose)) == sorted(
        c.rank for c in leftover if not is_wild(c, rules)
    )
    assert 0 <= unused <= wilds
    for _rank, _suit, bit in packed_naturals(naturals):  # taking one copy away leaves a hand
        assert solver.loose_packed(naturals - bit, wilds)[0] <= naturals - bit


@pytest.mark.parametrize(
    "packed, wilds",
    [(-1, 0), (1 << 200, 0), ("5", 0), (0, -1), (0, 21), (0, True), (1.0, 0), (None, None)],
)
def test_loose_packed_refuses_what_pack_never_returns(packed, wilds):
    with pytest.raises(CardError, match=r"A packed hand is the two numbers Solver\.pack returns"):
        Solver(3).loose_packed(packed, wilds)


@settings(max_examples=300, deadline=None)
@given(hands(max_size=9), st.sampled_from(_VARIANT_FLAGS))
def test_stranded_naturals_are_in_no_meld_so_two_of_them_block_going_out(case, flags):
    # A rule of melds: a book is three or more of a rank, a run three or more of a suit in
    # sequence, wilds standing in for any card. A natural that no group of the hand's
    # cards holding it makes a meld (checked naively, tests/brute_force.py) is stranded;
    # with two such cards no single discard lets the hand go out.
    from itertools import combinations

    from fivecrowns_lab.core.rules import RoundRules
    from fivecrowns_lab.core.solver import Solver, packed_naturals, stranded_naturals

    cards, round_no = case
    solver = Solver(RoundRules(round_no, **flags))
    packed, wilds = solver.pack(cards)
    if wilds > 1:
        return
    every = stranded_naturals(packed, wilds)
    stranded = packed_naturals(every)
    for _rank, _suit, bit in packed_naturals(packed):  # one card asked about: its own answer
        assert stranded_naturals(packed, wilds, bit) == every & 3 * bit
    assert stranded_naturals(packed, wilds, packed) == every
    distinct = flags.get("books_distinct_suits", False)
    no_all_wild = flags.get("no_all_wild_melds", False)
    for rank, suit_index, _bit in stranded:
        card = Card(rank, SUITS[suit_index])
        others = list(cards)
        others.remove(card)
        for size in range(2, len(others) + 1):
            for group in combinations(others, size):
                assert not is_meld((card, *group), round_no, distinct, no_all_wild), (
                    card,
                    group,
                )
    if len(stranded) > 1:
        assert all(points > 0 for points in solver.penalties_without_each(cards).values())


@settings(max_examples=300, deadline=None)
@given(hands(max_size=14), st.sampled_from(ROUNDS), st.sampled_from(_VARIANT_FLAGS), st.data())
def test_a_stranded_card_drawn_into_a_hand_that_melds_nothing_leaves_it_all_loose(
    case, round_no, flags, data
):
    # The expert's rollouts draw into the loose cards of a best arrangement (they meld
    # nothing) and skip the search when the drawn card is stranded: then nothing melds.
    from fivecrowns_lab.core.rules import RoundRules
    from fivecrowns_lab.core.solver import packed_naturals, stranded_naturals

    solver = Solver(RoundRules(round_no, **flags))
    loose, unused = solver.loose_packed(*solver.pack(case[0]))
    wilds = unused if loose == solver.pack(case[0])[0] and unused < 3 else 0
    if wilds > 1:
        return
    held = [(rank, SUITS[suit]) for rank, suit, _bit in packed_naturals(loose)]
    # Mostly a card beside or of the rank of a loose one: where a meld could start.
    near = [
        c
        for c in dict.fromkeys(DECK)
        if c.suit is not None
        and c.rank != solver.rules.wild_rank
        and any(c.rank == r or (c.suit == s and abs(c.rank - r) <= 2) for r, s in held)
    ]
    if not near:
        return
    drawn = solver.pack([data.draw(st.sampled_from(near), "drawn")])[0]
    if loose & 3 * drawn == 2 * drawn:  # both copies held already
        return
    if stranded_naturals(loose + drawn, wilds, drawn):
        assert solver.loose_packed(loose + drawn, wilds) == (loose + drawn, wilds)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(ROUNDS), st.sampled_from(_VARIANT_FLAGS), st.randoms(use_true_random=False))
def test_going_out_discards_are_the_cards_that_leave_zero_points(round_no, flags, rng):
    # The rule of going out: after the discard every other card is in a meld. The
    # going-out search (fewest wilds to meld the rest, stranded cards first) against the
    # penalty search, which shares none of its shortcuts; biased to hands that nearly meld.
    from fivecrowns_lab.core.rules import RoundRules

    rules = RoundRules(round_no, **flags)
    size = rules.hand_size + 1
    suit = rng.choice(SUITS)
    pool = [c for c in DECK if c.suit in (suit, None) or c.rank == rng.randint(3, 13)]
    cards = rng.sample(pool if len(pool) >= size and rng.random() < 0.7 else list(DECK), size)
    expected = tuple(c for c, v in penalties_without_each(cards, rules).items() if v == 0)
    assert Solver(rules).going_out_discards(cards) == expected
    assert shared_solver(rules).going_out_discards(cards) == expected
