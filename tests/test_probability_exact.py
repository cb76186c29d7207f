"""Exact counting (RULES.md: Cards, The round schedule, Melds, Going out, Scoring a round).

The shipped table is checked three ways: by brute force over every deal of
round 1, by an independent count over every hand of round 2 and 3 with the
naive meld test of ``tests/brute_force.py``, and by recounting the cheap rounds
with the solver the table was built with.
"""

from __future__ import annotations

import csv
import io
from collections import Counter
from fractions import Fraction
from itertools import combinations, combinations_with_replacement, permutations
from math import comb
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fivecrowns_lab import DECK, JOKER, SUITS, Card, can_go_out, parse_cards, penalty
from fivecrowns_lab.core.rules import ROUNDS, hand_size, is_wild
from fivecrowns_lab.odds.counting import (
    WILDS_IN_DECK,
    canonical_hands,
    count_round,
    first_turn_outs,
    wild_count_distribution,
)
from fivecrowns_lab.odds.probability import (
    ExactUnavailableError,
    exact_table,
    expected_penalty,
    first_turn_go_out,
    go_out_on_deal,
    penalty_distribution,
)
from fivecrowns_lab.odds.sweep import goes_out, sweep_round
from fivecrowns_lab.odds.sweep_penalty import penalty_counts
from fivecrowns_lab.odds.teacher import teacher_csv, teacher_markdown

from .brute_force import brute_penalty, is_meld

COPIES = Counter(DECK)
CARD_TYPES = sorted(COPIES, key=lambda c: c.sort_key)


def table_count(round_no: int, key: str) -> int:
    return int(exact_table()["rounds"][str(round_no)][key]["count"])


# -- wild cards --------------------------------------------------------------------------------


@pytest.mark.parametrize("round_no", ROUNDS)
def test_wild_count_distribution_is_hypergeometric_with_16_wilds_in_116_cards(round_no):
    dist = wild_count_distribution(round_no)
    n = hand_size(round_no)
    assert sum(dist.values()) == 1
    assert sorted(dist) == list(range(n + 1))
    assert sum(k * p for k, p in dist.items()) == Fraction(16 * n, 116)
    wilds = sum(is_wild(card, round_no) for card in DECK)
    assert wilds == WILDS_IN_DECK == 16
    for k, p in dist.items():
        assert p == Fraction(comb(16, k) * comb(100, n - k), comb(116, n))


def test_wild_count_distribution_round_1_matches_every_deal():
    counts = Counter(sum(is_wild(c, 1) for c in hand) for hand in combinations(DECK, 3))
    total = comb(116, 3)
    assert {k: Fraction(v, total) for k, v in counts.items()} == wild_count_distribution(1)


# -- canonical hands ---------------------------------------------------------------------------


@pytest.mark.parametrize("round_no", [1, 2, 3, 4])
def test_canonical_hands_stand_for_every_deal_exactly(round_no):
    ways = sum(hand.ways for hand in canonical_hands(round_no))
    assert ways == comb(116, hand_size(round_no))


def relabel_key(naturals, perm):
    return tuple(sorted((c.rank, perm[c.suit.index]) for c in naturals))


@pytest.mark.parametrize("round_no", [1, 2])
def test_canonical_hands_are_distinct_under_renaming_the_suits(round_no):
    seen = set()
    for hand in canonical_hands(round_no):
        orbit = {relabel_key(hand.naturals, p) for p in permutations(range(5))}
        key = (min(orbit), hand.wilds)
        assert key not in seen
        seen.add(key)
        assert len(hand.naturals) + hand.wilds == hand_size(round_no)
        assert not any(is_wild(c, round_no) for c in hand.naturals)


def test_canonical_hand_ways_count_the_orbit_and_the_copies():
    # Round 1, one natural 5 and two wilds: 5 suits x 2 copies x C(16, 2) wild pairs.
    hands = [h for h in canonical_hands(1) if h.wilds == 2]
    assert len(hands) == 10  # one per natural rank 4..K
    assert all(h.ways == 5 * 2 * comb(16, 2) for h in hands)


# -- going out on the deal ---------------------------------------------------------------------


def test_go_out_on_deal_round_1_brute_force_over_every_one_of_the_116_choose_3_deals():
    deals = 0
    going_out = 0
    for hand in combinations(DECK, 3):
        deals += 1
        going_out += is_meld(hand, 1)
    assert deals == comb(116, 3) == 253_460
    assert going_out == table_count(1, "go_out")
    assert go_out_on_deal(1).probability == Fraction(going_out, deals)


def multiset_ways(hand):
    ways = 1
    for card, k in Counter(hand).items():
        ways *= comb(COPIES[card], k)
    return ways


def test_go_out_on_deal_round_2_counted_over_every_hand_with_the_naive_meld_test():
    # Four cards can only go out as one meld of four.
    total = going_out = 0
    for hand in combinations_with_replacement(CARD_TYPES, 4):
        ways = multiset_ways(hand)
        total += ways
        if ways and is_meld(hand, 2):
            going_out += ways
    assert total == comb(116, 4)
    assert going_out == table_count(2, "go_out")


def test_go_out_on_deal_round_3_counted_with_the_naive_meld_test():
    # Five cards can only go out as one meld of five; suits renamed as in the table.
    going_out = sum(h.ways for h in canonical_hands(3) if is_meld(h.cards(), 3))
    assert going_out == table_count(3, "go_out")


@pytest.mark.parametrize("round_no", [1, 2, 3])
def test_shipped_table_matches_a_recount_of_the_cheap_rounds(round_no):
    counts = count_round(round_no)
    assert counts.go_out == table_count(round_no, "go_out")
    assert go_out_on_deal(round_no).probability == counts.go_out_probability


# Going out on the deal is in the shipped table for every round, counted by the sweep.
SWEPT_ROUNDS = list(ROUNDS)


def test_shipped_table_has_exact_go_out_on_the_deal_for_every_round_1_to_11():
    values = {r: go_out_on_deal(r).probability for r in SWEPT_ROUNDS}
    assert all(isinstance(v, Fraction) and 0 < v < 1 for v in values.values())
    # Five cards must make one meld of five; six can make two melds of three.
    assert values[1] > values[2] > values[3] < values[4]
    for r in SWEPT_ROUNDS:
        entry = exact_table()["rounds"][str(r)]
        assert entry["go_out"]["deals"] == comb(116, hand_size(r))
        assert Fraction(entry["go_out"]["value"]) == values[r]
        assert entry["seconds"] >= 0 and entry["cpu_seconds"] >= 0 and entry["frontiers"] > 0


def test_exact_value_not_in_the_table_says_to_simulate():
    with pytest.raises(ExactUnavailableError, match=r"rounds 1, 2, 3, 4\); use method='simulate'"):
        first_turn_go_out(11)
    with pytest.raises(ExactUnavailableError, match="method='simulate'"):
        expected_penalty(11)


# -- penalties and the first turn --------------------------------------------------------------


def test_expected_penalty_round_1_matches_the_naive_solver_on_every_hand():
    total = 0
    for hand in canonical_hands(1):
        for jokers in range(max(0, hand.wilds - 10), min(hand.wilds, 6) + 1):
            cards = hand.cards(jokers)
            ways = hand.ways * comb(6, jokers) * comb(10, hand.wilds - jokers)
            ways //= comb(16, hand.wilds)
            total += ways * brute_penalty(cards, 1)
    assert expected_penalty(1).value == Fraction(total, comb(116, 3))


@pytest.mark.parametrize("round_no", [1, 2])
def test_penalty_distribution_recount_and_zero_penalty_is_going_out(round_no):
    counts = count_round(round_no, penalties=True)
    dist = penalty_distribution(round_no)
    assert sum(dist.values()) == 1
    assert dist[0] == go_out_on_deal(round_no).probability
    assert counts.expected_penalty == expected_penalty(round_no).value


def test_an_unmeldable_wild_scores_50_as_a_joker_and_20_as_a_wild_rank_card():
    naturals = [Card(9, SUITS[1]), Card(3, SUITS[3]), Card(13, SUITS[4])]
    assert penalty([JOKER, *naturals], 2) == 50 + 9 + 3 + 13
    assert penalty([Card(4, SUITS[0]), *naturals], 2) == 20 + 9 + 3 + 13


def naive_outs(hand, round_no):
    held = Counter(hand.cards())
    outs = 0
    for card in CARD_TYPES:
        left = COPIES[card] - held[card]
        if left and any(
            is_meld(rest, round_no) for rest in combinations((*hand.cards(), card), 3)
        ):
            outs += left
    return outs


def test_first_turn_round_1_recount_with_the_naive_meld_test():
    unseen = 113
    total = 0
    for hand in canonical_hands(1):
        outs = naive_outs(hand, 1)
        assert outs == first_turn_outs(hand)
        total += hand.ways * (outs * (unseen - 1) + (unseen - outs) * outs)
    assert total == table_count(1, "first_turn")
    assert first_turn_go_out(1).probability == Fraction(total, comb(116, 3) * 113 * 112)


def test_first_turn_is_at_least_going_out_on_the_deal():
    for round_no in (1, 2, 3, 4):
        assert first_turn_go_out(round_no).value > go_out_on_deal(round_no).value


def test_build_table_command_writes_the_same_counts_as_the_shipped_table(tmp_path, capsys):
    import json

    from fivecrowns_lab.odds.probability import main

    out = tmp_path / "table.json"
    args = ["--build-table", "--rounds", "1-2", "--penalty-rounds", "1"]
    args += ["--first-turn-rounds", "1"]
    assert main([*args, "--output", str(out)]) == 0
    built = json.loads(out.read_text(encoding="utf-8"))["rounds"]
    shipped = exact_table()["rounds"]
    assert built["1"]["go_out"] == shipped["1"]["go_out"]
    assert built["1"]["first_turn"] == shipped["1"]["first_turn"]
    assert built["1"]["penalty"] == shipped["1"]["penalty"]
    assert built["2"]["go_out"] == shipped["2"]["go_out"] and "penalty" not in built["2"]
    assert "round 2:" in capsys.readouterr().out


def test_build_table_shows_a_bar_over_every_rank_of_each_sweep(capsys):
    from fivecrowns_lab.odds.recount import build_table

    build_table([1, 2], [1], progress=True)
    captured = capsys.readouterr()
    assert "33/33" in captured.err  # three sweeps of eleven ranks
    assert "round 2: swept" in captured.out  # the log goes above the bar


def test_build_table_command_stops_cleanly_on_ctrl_c_leaving_the_table_as_it_was(
    tmp_path, monkeypatch, capsys
):
    from fivecrowns_lab.odds import recount as probability

    out = tmp_path / "table.json"
    out.write_text('{"rounds": {}}\n', encoding="utf-8")
    swept = []

    def interrupted(round_no, progress=None):
        swept.append(round_no)
        if round_no == 2:
            raise KeyboardInterrupt
        return sweep_round(round_no, progress)

    monkeypatch.setattr(probability, "sweep_round", interrupted)
    code = probability.main(["--build-table", "--rounds", "1-3", "--penalty-rounds", "1",
                             "--first-turn-rounds", "", "--output", str(out)])  # fmt: skip
    assert code == 130 and swept == [1, 2]
    assert out.read_text(encoding="utf-8") == '{"rounds": {}}\n'
    assert not list(tmp_path.glob("*.partial"))
    assert "Stopped: nothing was written" in capsys.readouterr().err


# -- the sweep over the ranks (all hands at once) ---------------------------------------------

# Going out on the deal for rounds 1-5 as enumerated hand by hand (and checked by brute
# force and by independent programs) before the sweep existed.
ENUMERATED_GO_OUT = {1: 26720, 2: 201600, 3: 1120248, 4: 105615098, 5: 644785840}


@pytest.mark.parametrize("round_no", sorted(ENUMERATED_GO_OUT))
def test_sweep_reproduces_the_enumerated_go_out_counts_of_rounds_1_to_5(round_no):
    swept = sweep_round(round_no)
    assert swept.go_out == ENUMERATED_GO_OUT[round_no] == table_count(round_no, "go_out")
    assert go_out_on_deal(round_no).probability == Fraction(swept.go_out, comb(116, round_no + 2))


@pytest.mark.parametrize("round_no", [1, 2, 3, 4, 5, 6, 7])
def test_sweep_weights_of_all_hands_of_each_size_sum_to_116_choose_n(round_no):
    swept = sweep_round(round_no)
    n = hand_size(round_no)
    assert swept.hands_of_size() == comb(116, n)
    # finer: the natural configurations with k naturals are all C(100, k) of them
    for k in range(n + 1):
        assert sum(swept.needed.get(k, {}).values()) + swept.hopeless.get(k, 0) == comb(100, k)
    assert swept.go_out == table_count(round_no, "go_out")


def test_sweep_all_wild_hands_go_out_and_need_no_wilds_for_no_naturals():
    swept = sweep_round(3)
    assert swept.needed[0] == {0: 1}  # one way to hold no naturals, needing nothing


def test_a_run_through_the_wild_rank_spends_a_wild_there():
    # Round 5: 7s are wild, so 6H 8H need a wild in the 7 slot (RULES.md: Melds).
    assert goes_out(parse_cards("6H 8H JK"), 5)
    assert not goes_out(parse_cards("6H 8H 9S"), 5)
    assert goes_out(parse_cards("6H 7C 8H"), 5)  # the 7C is itself wild


def test_the_sweep_keeps_books_runs_and_duplicates_apart():
    assert goes_out(parse_cards("8H 8H 8S"), 1)  # a book may repeat a card
    assert not goes_out(parse_cards("5H 6H 7S"), 1)  # a run keeps to one suit
    assert goes_out(parse_cards("5H 6H 7H 5H 6H 7H"), 4)  # two equal runs in one suit
    assert not goes_out(parse_cards("QH KH 4H"), 1)  # no wrapping from K to 3... 3s wild
    assert goes_out(parse_cards("QH KH 3H"), 1)  # ...but here the 3 is a wild


suits = st.sampled_from(SUITS)


@st.composite
def dense_hands(draw):
    """Hands from a few ranks and suits (and wilds), so that melds are common."""
    round_no = draw(st.integers(1, 11))
    low = draw(st.integers(3, 10))
    ranks = st.integers(low, min(13, low + 4))
    pool = draw(st.lists(suits, min_size=1, max_size=3, unique=True))
    size = draw(st.integers(1, 14))
    cards = []
    while len(cards) < size:
        if draw(st.integers(0, 5)) == 0:
            cards.append(JOKER)
        else:
            cards.append(Card(draw(ranks), draw(st.sampled_from(pool))))
    counts = Counter(cards)
    if any(counts[c] > COPIES[c] for c in counts):
        cards = [c for c in counts for _ in range(min(counts[c], COPIES[c]))]
    return round_no, cards


@given(dense_hands())
@settings(max_examples=400, deadline=None)
def test_sweep_go_out_decision_equals_the_solver_on_dense_hands(case):
    round_no, cards = case
    assert goes_out(cards, round_no) == can_go_out(cards, round_no)


@given(st.integers(1, 11), st.lists(st.sampled_from(CARD_TYPES), min_size=1, max_size=13))
@settings(max_examples=200, deadline=None)
def test_sweep_go_out_decision_equals_the_solver_on_random_hands(round_no, cards):
    counts = Counter(cards)
    cards = [c for c in counts for _ in range(min(counts[c], COPIES[c]))]
    assert goes_out(cards, round_no) == can_go_out(cards, round_no)


def test_two_open_runs_per_suit_give_the_same_counts_as_three(monkeypatch):
    from fivecrowns_lab.odds import sweep_moves

    counts = {}
    for limit in (2, 3):
        monkeypatch.setattr(sweep_moves, "MAX_RUNS", limit)
        sweep_moves.suit_moves.cache_clear()
        sweep_moves.sorted_moves.cache_clear()
        sweep_moves.joint_moves.cache_clear()
        counts[limit] = sweep_round(6).go_out
    sweep_moves.suit_moves.cache_clear()
    sweep_moves.sorted_moves.cache_clear()
    sweep_moves.joint_moves.cache_clear()
    assert counts[2] == counts[3] == table_count(6, "go_out")


# -- the teacher's table -----------------------------------------------------------------------

ROOT = Path(__file__).resolve().parent.parent


def test_teacher_csv_beside_the_table_lists_every_exact_value_of_the_table():
    shipped = (ROOT / "fivecrowns_lab" / "odds" / "data" / "exact_odds.csv").read_text("utf-8")
    assert shipped == teacher_csv(exact_table())
    rows = list(csv.DictReader(io.StringIO(shipped)))
    go_out = [row for row in rows if row["question"] == "going out on the deal"]
    assert [int(row["round"]) for row in go_out] == SWEPT_ROUNDS
    for row in rows:
        value = Fraction(row["fraction"])
        assert abs(float(row["decimal"]) - float(value)) <= 1e-7 * max(1, float(value))
    for row in go_out:
        assert Fraction(row["fraction"]) == go_out_on_deal(int(row["round"])).probability


def test_docs_page_of_exact_odds_matches_the_shipped_table():
    page = (ROOT / "docs" / "exact-odds.md").read_text("utf-8")
    assert page == teacher_markdown(exact_table())
    for round_no in SWEPT_ROUNDS:
        assert str(go_out_on_deal(round_no).probability) in page
    going_out = page.split("\n## ")[1]
    assert going_out.startswith("Going out on the deal") and "not counted" not in going_out
    assert "| 11 | 13 |" in going_out
    assert "exact-odds" in (ROOT / "docs" / "index.md").read_text("utf-8")


@pytest.mark.parametrize("round_no", [1, 2, 3, 4])
def test_penalty_sweep_reproduces_the_enumerated_penalty_distribution(round_no):
    # The shipped distributions of rounds 1-5 were enumerated hand by hand.
    shipped = exact_table()["rounds"][str(round_no)]["penalty"]["distribution"]
    swept = penalty_counts(round_no)
    assert swept == {int(points): ways for points, ways in shipped.items()}
    assert sum(swept.values()) == comb(116, hand_size(round_no))


def test_penalty_sweep_charges_a_wild_that_no_meld_can_use():
    # Round 1 deals 3 cards: a hand that cannot meld keeps all three, wilds scoring 20 or
    # 50 (RULES.md: Scoring a round), so the least penalty above 0 is 4 + 4 + 5 = 13, and
    # 4 + 5 with a wild left over (9 points if the wild were free) never happens.
    swept = penalty_counts(1)
    assert min(points for points in swept if points) == 13
    assert not any(1 <= points <= 12 for points in swept)
    assert swept[0] == ENUMERATED_GO_OUT[1]


def test_build_table_command_needs_output_when_installed(monkeypatch, capsys):
    from fivecrowns_lab.odds import recount as probability

    monkeypatch.setattr(probability, "_default_output", lambda: None)
    with pytest.raises(SystemExit) as stop:
        probability.main(["--build-table", "--rounds", "1"])
    assert stop.value.code == 2
    assert "--output is required" in capsys.readouterr().err


def test_build_table_command_defaults_to_the_shipped_table_only_in_a_clone():
    from fivecrowns_lab.odds import recount as probability

    assert probability._default_output() == (
        Path(probability.__file__).resolve().parent / "data" / "exact_table.json"
    )
