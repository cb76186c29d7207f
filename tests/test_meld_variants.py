"""The meld variants (RULES.md: Melds, variants): books in different suits, no all-wild melds.

Each is a ``GameRules`` setting carried into the round as ``RoundRules``; the meld check,
the solver, ``can_go_out`` and ``going_out_discards`` obey it, and a brute force written
from the rules agrees on small hands under every combination of the two.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from itertools import product

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fivecrowns_lab.core.cards import parse_cards
from fivecrowns_lab.core.melds import MeldError, check_meld, make_book, make_run
from fivecrowns_lab.core.rules import (
    MELD_VARIANTS,
    STANDARD_MELDS,
    VARIANTS,
    GameRules,
    MeldRules,
    RoundRules,
    Variant,
    card_points,
    round_rules,
)
from fivecrowns_lab.core.solver import best_arrangement, can_go_out, going_out_discards, penalty

from .brute_force import brute_penalty
from .test_solver import hands

DISTINCT = RoundRules(1, books_distinct_suits=True)
NO_ALL_WILD = RoundRules(1, no_all_wild_melds=True)
# Every combination of the meld variants in VARIANTS (a new one is tested by itself).
COMBINATIONS = [
    dict(zip(MELD_VARIANTS, on, strict=True))
    for on in product([False, True], repeat=len(MELD_VARIANTS))
]


def _rules(round_no: int, flags: dict[str, bool]) -> RoundRules:
    """The round's rules under the meld variants ``flags``, as a game makes them."""
    return GameRules(**flags).for_round(round_no)


def _brute(cards, rules: RoundRules) -> int:
    """The brute force's penalty, told the model's numbers (its meld test is its own)."""
    model = rules.meld
    return brute_penalty(
        tuple(cards),
        rules.round_no,
        model.distinct_suits,
        not model.all_wild,
        model.book_least,
        model.run_least,
    )


def _name(flags: dict[str, bool]) -> str:
    return "+".join(k for k in flags if flags[k]) or "standard"


def test_meld_variants_are_off_by_default_and_listed_in_variants():
    rules = GameRules()
    assert not any(getattr(rules, name) for name in MELD_VARIANTS)
    assert round_rules(4) == GameRules().for_round(4) == RoundRules(4)
    fields = {v.field for v in VARIANTS if v.meld}
    # A new meld variant joins the list by its VARIANTS line alone.
    assert fields == set(MELD_VARIANTS) >= {"books_distinct_suits", "no_all_wild_melds"}


def test_plain_round_number_means_the_standard_rules():
    assert round_rules(11).wild_rank == 13 and round_rules(11).hand_size == 13
    assert round_rules(11).is_standard
    assert check_meld("8H 8H 8*", 1).valid
    assert check_meld("JK JK JK", 1).valid


def test_round_rules_refuse_bad_values_with_a_sentence():
    with pytest.raises(ValueError, match="round 12"):
        RoundRules(12)
    with pytest.raises(ValueError, match="True or False"):
        RoundRules(3, books_distinct_suits="yes")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="True or False"):
        GameRules(no_all_wild_melds=1)  # type: ignore[arg-type]


# -- books in different suits ---------------------------------------------------------------


def test_books_distinct_suits_refuses_a_suit_twice_and_says_which_card():
    check = check_meld("8H 8H 8*", DISTINCT)
    assert not check.valid
    assert check.reason == (
        "In this game a book needs a different suit on every card: 8♥ is there twice."
    )


def test_books_distinct_suits_accepts_different_suits_and_wilds_in_any_place():
    assert check_meld("8H 8S 8*", DISTINCT).valid
    assert check_meld("8H JK 3H", DISTINCT).valid  # 3♥ is wild in round 1: it fills a place
    assert check_meld("8H 8C JK JK 8D", DISTINCT).valid


def test_books_distinct_suits_leaves_runs_alone():
    assert check_meld("5H 6H 7H", DISTINCT).valid


def test_books_distinct_suits_six_cards_of_a_rank_make_two_books():
    # Two of every suit but one: five and five naturals would need no wild; here the
    # six 8s split as two books of three, one of each suit in each.
    arrangement = best_arrangement("8H 8H 8S 8S 8C 8C", RoundRules(2, books_distinct_suits=True))
    assert arrangement.penalty == 0
    assert len(arrangement.melds) == 2
    for meld in arrangement.melds:
        suits = [c.suit for c in meld.cards]
        assert len(set(suits)) == len(suits)


def test_books_distinct_suits_a_duplicate_left_over_scores_its_points():
    rules = RoundRules(2, books_distinct_suits=True)
    arrangement = best_arrangement("9H 9H 9S 9C", rules)
    assert arrangement.penalty == 9
    assert [str(c) for c in arrangement.leftover] == ["9♥"]
    assert best_arrangement("9H 9H 9S 9C", 2).penalty == 0


def test_books_distinct_suits_make_book_refuses_with_the_sentence():
    with pytest.raises(MeldError, match="8♥ is there twice"):
        make_book(parse_cards("8H 8H 8*"), DISTINCT)


def test_books_distinct_suits_can_go_out_and_going_out_discards_follow_it():
    rules = RoundRules(2, books_distinct_suits=True)  # 4 cards dealt, 4s wild
    assert can_go_out("9H 9H 9S", 2)
    assert not can_go_out("9H 9H 9S", rules)
    # 4♠ is wild in round 2: under the variant only a spare 9♥ may go.
    assert set(going_out_discards("9H 9H 9S 9C 4S", 2)) == set(parse_cards("4♠ 9♣ 9♥ 9♠"))
    assert going_out_discards("9H 9H 9S 9C 4S", rules) == tuple(parse_cards("9♥"))


# -- no all-wild melds ----------------------------------------------------------------------


def test_no_all_wild_melds_refuses_wilds_alone_in_a_sentence():
    check = check_meld("JK JK 3H", NO_ALL_WILD)
    assert not check.valid
    assert check.reason == (
        "In this game every meld needs at least one card that is not wild: JK JK 3♥ are all wild."
    )
    with pytest.raises(MeldError, match="not wild"):
        make_book(parse_cards("JK JK JK"), NO_ALL_WILD)
    with pytest.raises(MeldError, match="not wild"):
        make_run(parse_cards("JK JK JK"), NO_ALL_WILD)


def test_no_all_wild_melds_still_allows_one_natural_with_wilds():
    assert check_meld("9C JK JK", NO_ALL_WILD).valid


def test_no_all_wild_melds_wilds_alone_score_their_points():
    rules = RoundRules(1, no_all_wild_melds=True)
    assert penalty("JK JK JK", 1) == 0
    assert penalty("JK JK JK", rules) == 150
    assert not can_go_out("JK JK JK", rules)
    assert best_arrangement("JK JK 3H 9C", rules).penalty == 0  # all three wilds join 9♣
    assert best_arrangement("JK JK JK 3H 9C", rules).penalty == 0  # the wilds join 9♣


def test_no_all_wild_melds_spare_wilds_beside_a_full_run_find_a_meld():
    # Round 11: kings are wild. 3♥ 4♥ and eleven wilds: a run of eleven cannot take the
    # last wild, and a book of wilds alone is not allowed, so the arrangement must split.
    rules = RoundRules(11, no_all_wild_melds=True)
    cards = parse_cards("3H 4H JK JK JK JK JK JK KH KH KS KS KC")
    arrangement = best_arrangement(cards, rules)
    assert arrangement.penalty == 0
    for meld in arrangement.melds:
        assert check_meld(meld.cards, rules).valid
    assert Counter(c for m in arrangement.melds for c in m) == Counter(cards)


# -- every combination against the brute force ----------------------------------------------


def _check_against_brute_force(cards, round_no, flags):
    rules = _rules(round_no, flags)
    arrangement = best_arrangement(cards, rules)
    expected = _brute(cards, rules)
    assert arrangement.penalty == expected
    for meld in arrangement.melds:
        check = check_meld(meld.cards, rules)
        assert check.valid, f"{meld} is not a meld under {flags}: {check.reason}"
    used = Counter(c for m in arrangement.melds for c in m) + Counter(arrangement.leftover)
    assert used == Counter(cards)
    assert arrangement.penalty == sum(card_points(c, rules) for c in arrangement.leftover)
    assert penalty(cards, rules) == expected
    assert can_go_out(cards, rules) == (expected == 0)


@pytest.mark.parametrize(
    "flags", COMBINATIONS, ids=lambda f: "+".join(k for k in f if f[k]) or "standard"
)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=hands(max_size=8))
def test_meld_variants_solver_matches_brute_force_on_small_hands(flags, case):
    cards, round_no = case
    _check_against_brute_force(cards, round_no, flags)


@pytest.mark.parametrize(
    "flags", COMBINATIONS, ids=lambda f: "+".join(k for k in f if f[k]) or "standard"
)
@settings(max_examples=60, deadline=None)
@given(case=hands(max_size=8), data=st.data())
def test_meld_variants_going_out_discards_match_brute_force(flags, case, data):
    cards, _ = case
    round_no = len(cards) - 3
    if not 1 <= round_no <= 11:
        return
    rules = _rules(round_no, flags)
    found = set(going_out_discards(cards, rules))
    for card in set(cards):
        rest = list(cards)
        rest.remove(card)
        brute = _brute(rest, rules)
        assert (card in found) == (brute == 0)


@pytest.mark.parametrize("flags", COMBINATIONS[1:], ids=_name)
@settings(max_examples=80, deadline=None)
@given(case=hands(max_size=14))
def test_meld_variants_large_hands_give_valid_consistent_arrangements(flags, case):
    cards, round_no = case
    rules = _rules(round_no, flags)
    arrangement = best_arrangement(cards, rules)
    for meld in arrangement.melds:
        assert check_meld(meld.cards, rules).valid
    used = Counter(c for m in arrangement.melds for c in m) + Counter(arrangement.leftover)
    assert used == Counter(cards)
    assert penalty(cards, rules) == arrangement.penalty
    assert can_go_out(cards, rules) == (arrangement.penalty == 0)
    # A variant only takes melds away: it can never lower the standard penalty.
    assert arrangement.penalty >= penalty(cards, round_no)


# -- games under the variants ---------------------------------------------------------------


@pytest.mark.parametrize("flags", COMBINATIONS[1:], ids=_name)
def test_meld_variants_whole_games_lay_down_only_melds_the_rules_allow(flags):
    from fivecrowns_lab import Game, make_bot, play_game

    rules = GameRules(rounds=4, **flags)
    game = play_game(
        Game(["Ana", "Ben", "Cy"], rules, seed=11),
        [make_bot("greedy", 1), make_bot("lookahead", 2), make_bot("expert", 3)],
    )
    assert game.is_over and len(game.round_results) == 4
    for result in game.round_results:
        round_rules = rules.for_round(result.round_no)
        for arrangement in result.arrangements:
            for meld in arrangement.melds:
                check = check_meld(meld.cards, round_rules)
                assert check.valid, f"{meld} under {flags}: {check.reason}"


def test_meld_variants_simulate_plays_them():
    from fivecrowns_lab import simulate

    table = simulate(
        ["greedy", "random"],
        2,
        GameRules(rounds=2, books_distinct_suits=True),
        seed=3,
        progress=False,
    )
    assert set(table["round"]) == {1, 2}


@pytest.mark.parametrize("flags", COMBINATIONS, ids=_name)
def test_meld_variants_exact_counts_of_round_1_match_every_deal(flags):
    """The canonical-hand count agrees with all C(116, 3) deals taken one by one."""
    from functools import cache
    from itertools import combinations

    from fivecrowns_lab import DECK
    from fivecrowns_lab.odds.counting import count_round

    rules = _rules(1, flags)

    @cache
    def points(hand: tuple[str, ...]) -> int:
        return penalty(parse_cards(" ".join(hand)), rules)

    names = [card.code for card in DECK]
    go_out, by_points = 0, Counter()
    for trio in combinations(range(len(DECK)), 3):
        value = points(tuple(sorted(names[i] for i in trio)))
        by_points[value] += 1
        go_out += value == 0
    counts = count_round(rules, penalties=True)
    assert counts.go_out == go_out
    assert counts.penalty_counts == dict(sorted(by_points.items()))


def test_meld_variants_exact_go_out_on_the_deal_is_shipped_for_rounds_1_to_5():
    from fractions import Fraction

    from fivecrowns_lab import go_out_on_deal
    from fivecrowns_lab.errors import ExactUnavailableError
    from fivecrowns_lab.odds.counting import count_round

    # Every combination of the variants whose table policy ships rounds 1 to 5 (a new
    # variant ships none, so its combinations are the table policy test's).
    shipped = [f for f in COMBINATIONS[1:] if _rules(1, f).exact_rounds == (1, 2, 3, 4, 5)]
    assert {"books_distinct_suits": True} in [{k: v for k, v in f.items() if v} for f in shipped]
    for flags in shipped:
        for round_no in range(1, 6):
            answer = go_out_on_deal(_rules(round_no, flags))
            assert answer.exact and answer.round_no == round_no
        small = count_round(_rules(2, flags))
        assert go_out_on_deal(_rules(2, flags)).value == Fraction(small.go_out, small.deals)
    text = str(go_out_on_deal(RoundRules(1, books_distinct_suits=True)))
    assert text.startswith("Round 1, going out on the deal (books in different suits): exactly")
    with pytest.raises(ExactUnavailableError, match="round 6 under books in different suits"):
        go_out_on_deal(RoundRules(6, books_distinct_suits=True))
    estimate = go_out_on_deal(RoundRules(6, books_distinct_suits=True), "simulate", n=200)
    assert not estimate.exact and 0 <= estimate.value <= 1


def test_meld_variants_table_policy_says_exactly_which_rounds_ship_exact_odds():
    # Each meld variant's VARIANTS line carries its table policy (Variant.exact_rounds):
    # under every combination of the meld variants, the rounds it names are exact and
    # every other round refuses in a sentence. A new meld variant with no exact rounds
    # passes this with no recount: its combinations refuse exact odds.
    from fivecrowns_lab import go_out_on_deal
    from fivecrowns_lab.errors import ExactUnavailableError
    from fivecrowns_lab.odds.probability import exact_table, variant_key
    from fivecrowns_lab.odds.recount import variant_rules

    every = [dict(zip(MELD_VARIANTS, on, strict=True)) for on in product(
        [False, True], repeat=len(MELD_VARIANTS))][1:]  # fmt: skip
    counted = {variant_key(_rules(1, flags)) for flags in variant_rules()}
    assert set(exact_table()["variants"]) == counted
    for flags in every:
        for round_no in (1, 5, 6):
            rules = _rules(round_no, flags)
            if round_no in rules.exact_rounds:
                assert variant_key(rules) in counted and go_out_on_deal(rules).exact
            else:
                with pytest.raises(ExactUnavailableError, match="has not been counted"):
                    go_out_on_deal(rules)


# -- a meld model of one's own: a book needs four cards ---------------------------------------
#
# What a new meld variant would make (CONTRIBUTING: "A new meld variant"): the search's
# assumption that a run of one natural never beats its book no longer holds, and the
# model's derived rule (MeldRules.lone_runs) switches it off. The brute force is told the
# size on its own; nothing of the engine's meld check is shared.

BOOKS_OF_FOUR = MeldRules(book_least=4)


def _four(round_no: int, flags: dict[str, bool]) -> RoundRules:
    return RoundRules.with_melds(round_no, replace(GameRules(**flags).melds(), book_least=4))


def _brute_four(cards, round_no: int, flags: dict[str, bool]) -> int:
    rules = _four(round_no, flags)
    assert rules.meld.book_least == 4
    return _brute(cards, rules)


def test_books_of_four_switch_on_the_search_for_runs_of_one_natural():
    assert BOOKS_OF_FOUR.lone_runs and not STANDARD_MELDS.lone_runs
    # 9♥ with two wilds: no book of three any more, but a run 9♥ W W still melds.
    assert not check_meld("9H 9S JK", _four(1, {})).valid
    assert check_meld("9H JK JK", _four(1, {})).kind == "run"
    assert check_meld("9H 9S 9C JK", _four(1, {})).kind == "book"
    assert penalty("9H 9S JK", _four(1, {})) == 68  # one wild: neither a book nor a run
    # The search must try the run of one natural: its book would need a third wild.
    assert penalty("9H 5S JK JK", _four(1, {})) == 5


@pytest.mark.parametrize("flags", COMBINATIONS, ids=_name)
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=hands(max_size=8))
def test_books_of_four_solver_matches_brute_force_on_small_hands(flags, case):
    cards, round_no = case
    rules = _four(round_no, flags)
    expected = _brute_four(cards, round_no, flags)
    arrangement = best_arrangement(cards, rules)
    assert arrangement.penalty == expected == penalty(cards, rules)
    for meld in arrangement.melds:
        check = check_meld(meld.cards, rules)
        assert check.valid, f"{meld} is not a meld with books of four: {check.reason}"
    used = Counter(c for m in arrangement.melds for c in m) + Counter(arrangement.leftover)
    assert used == Counter(cards)
    assert can_go_out(cards, rules) == (expected == 0)
    # Books of four only take melds away: never below the standard penalty.
    assert expected >= penalty(cards, _rules(round_no, flags))


@pytest.mark.parametrize("flags", COMBINATIONS, ids=_name)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=hands(max_size=7))
def test_books_of_four_discards_and_solver_questions_match_brute_force(flags, case):
    from fivecrowns_lab.core.solver import Solver

    cards, round_no = case
    rules = _four(round_no, flags)
    solver = Solver(rules)
    each = solver.penalties_without_each(cards)
    for card in set(cards):
        rest = list(cards)
        rest.remove(card)
        assert each[card] == _brute_four(rest, round_no, flags), card
    lowest = solver.lowest_without_one(cards)
    if each:
        assert {c: p for c, p in lowest.items()} == {
            c: p for c, p in each.items() if c in lowest
        } and min(lowest.values()) == min(each.values())
    if len(cards) == rules.hand_size + 1:
        found = set(going_out_discards(cards, rules))
        assert found == {c for c, p in each.items() if p == 0}


@settings(max_examples=60, deadline=None)
@given(case=hands(max_size=5), flags=st.sampled_from(COMBINATIONS))
def test_books_of_four_meld_check_agrees_with_the_brute_force_rule(case, flags):
    from .brute_force import is_meld

    cards, round_no = case
    if len(cards) < 3:
        return
    rules = _four(round_no, flags)
    model = rules.meld
    expected = is_meld(tuple(cards), round_no, model.distinct_suits, not model.all_wild, 4)
    assert check_meld(cards, rules).valid == expected


def test_books_of_four_need_no_exact_table_so_exact_odds_say_so():
    # The table policy: a meld model nobody counted ships no exact values, and asking
    # for one says so in a sentence (nothing to recount for the tests to pass).
    from fivecrowns_lab import go_out_on_deal
    from fivecrowns_lab.errors import ExactUnavailableError

    rules = _four(2, {})
    assert rules.exact_rounds == () and not rules.is_standard
    with pytest.raises(ExactUnavailableError):
        go_out_on_deal(rules)


def test_a_new_meld_variant_by_the_recipe_needs_no_recount_and_matches_the_brute_force(
    monkeypatch,
):
    # CONTRIBUTING's "A new meld variant", step 1, with a throw-away variant: one VARIANTS
    # line that says what it changes in the meld model, and no exact rounds. (Its GameRules
    # field is left out: a dataclass's fields cannot be added for one test; the round's
    # rules are made from the model, as GameRules.for_round makes them.)
    import random

    from fivecrowns_lab import DECK, go_out_on_deal
    from fivecrowns_lab.core import rules as rules_module
    from fivecrowns_lab.core import variants
    from fivecrowns_lab.core.variants import melds_with
    from fivecrowns_lab.errors import ExactUnavailableError
    from fivecrowns_lab.odds import recount

    counted_before = recount.variant_rules()
    # A change of the model no VARIANTS line makes yet (the recipe's own example, books
    # of four, may be in the table by now: then the next one is taken).
    made = {change for v in VARIANTS for change in v.meld}
    change = next(c for c in (("book_least", 4), ("book_least", 5)) if c not in made)
    new = Variant("books of more", "books_of_more", False, "A book needs more cards.",
                  meld=(change,), label="Books of more")  # fmt: skip
    for module in (variants, rules_module, recount):
        monkeypatch.setattr(module, "VARIANTS", (*VARIANTS, new))
    rules = RoundRules.with_melds(2, melds_with([new]))
    assert rules.variant_fields() == ("books_of_more",) and rules.meld.book_least == change[1]
    # The table policy: nothing shipped, nothing to recount, a sentence when asked.
    assert rules.exact_rounds == () and recount.variant_rules() == counted_before
    with pytest.raises(ExactUnavailableError, match="round 2 under books of more"):
        go_out_on_deal(rules)
    # The solver, going out and the meld check follow the model; the brute force agrees.
    rng = random.Random(46)
    for _ in range(150):
        cards = tuple(rng.sample(DECK, rng.randint(3, 7)))
        expected = _brute(cards, rules)
        assert penalty(cards, rules) == expected, cards
        assert can_go_out(cards, rules) == (expected == 0)
        assert all(check_meld(m.cards, rules).valid for m in best_arrangement(cards, rules).melds)
