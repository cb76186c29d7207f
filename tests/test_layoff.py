"""The lay-off search: its rule (the best reading for the one laying off), the meld
variants, and the bounded search checked against an independent brute force."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fivecrowns_lab.core import layoff
from fivecrowns_lab.core.cards import SUITS, Card, parse_cards
from fivecrowns_lab.core.layoff import best_with_layoff, meld_takes
from fivecrowns_lab.core.melds import Meld, make_book, make_run
from fivecrowns_lab.core.rules import RoundRules, is_wild
from fivecrowns_lab.core.solver import penalty
from fivecrowns_lab.errors import FiveCrownsError

VARIANTS = [
    RoundRules(1, books_distinct_suits=d, no_all_wild_melds=a)
    for d in (False, True)
    for a in (False, True)
]


def _meld(text: str, round_no: int = 1) -> Meld:
    cards = parse_cards(text)
    naturals = [c for c in cards if not is_wild(c, round_no)]
    if len({c.rank for c in naturals}) <= 1:
        return make_book(cards, round_no)
    return make_run(cards, round_no)


def _points_left(result: layoff.LayoffResult) -> int:
    return result.arrangement.penalty


# -- an independent brute force -----------------------------------------------------------------


def _is_meld(cards: list[Card], rules: RoundRules) -> bool:
    """A book or a run, straight from RULES.md and the variants (no code shared with layoff)."""
    n = len(cards)
    if n < 3:
        return False
    naturals = [c for c in cards if not is_wild(c, rules.round_no)]
    if not naturals:
        return not rules.no_all_wild_melds
    suits = [c.suit for c in naturals]
    if len({c.rank for c in naturals}) == 1 and (
        not rules.books_distinct_suits or len(set(suits)) == len(suits)
    ):
        return True
    if len(set(suits)) != 1 or len({c.rank for c in naturals}) != len(naturals):
        return False
    # A run: some first rank from which n consecutive ranks within 3..K cover every natural.
    return any(all(start <= c.rank < start + n for c in naturals) for start in range(3, 15 - n))


def brute_force(cards: list[Card], rules: RoundRules, table: list[Meld]) -> int:
    """Try every assignment of each card to "keep" or one table meld; score what is kept."""
    engine = layoff._solver_rules(rules)
    best = None
    for assignment in itertools.product(range(-1, len(table)), repeat=len(cards)):
        groups = {
            i: [c for c, a in zip(cards, assignment, strict=True) if a == i]
            for i in set(assignment)
        }
        if any(i >= 0 and not _is_meld([*table[i].cards, *g], rules) for i, g in groups.items()):
            continue
        kept = groups.get(-1, [])
        value = penalty(kept, engine) if kept else 0
        best = value if best is None else min(best, value)
    assert best is not None
    return best


# -- the rule: the best reading for the one laying off -------------------------------------------


def test_layoff_ambiguous_meld_takes_best_reading():
    table = [_meld("4H JK JK")]
    as_run = best_with_layoff(parse_cards("5H"), 1, table)
    as_book = best_with_layoff(parse_cards("4S"), 1, table)
    assert as_run.cards_laid_off == parse_cards("5H") and _points_left(as_run) == 0
    assert as_book.cards_laid_off == parse_cards("4S") and _points_left(as_book) == 0
    assert as_run.table[0].kind == "run" and as_book.table[0].kind == "book"


def test_layoff_ambiguous_meld_becomes_a_run_once_it_holds_two_suited_ranks():
    run = best_with_layoff(parse_cards("5H"), 1, [_meld("4H JK JK")]).table
    later = best_with_layoff(parse_cards("4S 6H"), 1, list(run))
    assert later.cards_laid_off == parse_cards("6H")
    assert _points_left(later) == 4


def test_layoff_ambiguous_meld_takes_both_readings_only_one_at_a_time():
    # 5H (run) and 4S (book) cannot both join 4H JK JK: 4H 4S 5H is neither.
    result = best_with_layoff(parse_cards("5H 4S"), 1, [_meld("4H JK JK")])
    assert len(result.cards_laid_off) == 1 and _points_left(result) == 4


def test_layoff_several_cards_join_at_once_when_the_result_is_a_run():
    # 9H alone cannot join 5H 6H 7H, but 9H with a wild in the gap can.
    result = best_with_layoff(parse_cards("9H 3C"), 1, [_meld("5H 6H 7H")])
    assert sorted(map(str, result.cards_laid_off)) == ["3♣", "9♥"]
    assert [c.rank for c in result.table[0].cards if c.suit is not None and c.rank != 3] == [
        5,
        6,
        7,
        9,
    ]
    assert _points_left(result) == 0


def test_layoff_all_wild_meld_can_become_any_book_or_run():
    table = [make_book(parse_cards("JK JK JK"), 1)]
    assert _points_left(best_with_layoff(parse_cards("9H 10H"), 1, table)) == 0
    assert _points_left(best_with_layoff(parse_cards("QS QD"), 1, table)) == 0
    assert _points_left(best_with_layoff(parse_cards("9H 10S"), 1, table)) == 9


def test_layoff_wild_in_a_run_may_move_to_make_room_for_a_natural():
    # 5H JK 7H: the joker stood for 6H; with 6H added it stands for 4H or 8H.
    result = best_with_layoff(parse_cards("6H"), 1, [_meld("5H JK 7H")])
    assert result.cards_laid_off == parse_cards("6H")


def test_layoff_books_distinct_suits_refuses_a_suit_already_in_the_book():
    rules = RoundRules(1, books_distinct_suits=True)
    table = [make_book(parse_cards("9H 9S 9D"), 1)]
    assert best_with_layoff(parse_cards("9H"), rules, table).cards_laid_off == ()
    assert best_with_layoff(parse_cards("9C"), rules, table).cards_laid_off == parse_cards("9C")
    # Standard rules: duplicates are welcome in a book.
    assert best_with_layoff(parse_cards("9H"), 1, table).cards_laid_off == parse_cards("9H")


def test_layoff_books_distinct_suits_still_lets_wilds_fill_any_place():
    rules = RoundRules(1, books_distinct_suits=True)
    table = [make_book(parse_cards("9H 9S 9D"), 1)]
    result = best_with_layoff(parse_cards("JK 4C"), rules, table)
    assert result.cards_laid_off == parse_cards("JK")


def test_layoff_no_all_wild_melds_keeps_an_all_wild_meld_from_staying_all_wild():
    rules = RoundRules(1, no_all_wild_melds=True)
    assert meld_takes([], 4, 1) and not meld_takes([], 4, rules)
    assert meld_takes(parse_cards("9H"), 3, rules)


def test_layoff_result_says_it_is_exact_and_counts_its_nodes():
    # 9C and KS can neither be laid off nor meld: 22 points is a proven lower bound.
    result = best_with_layoff(parse_cards("8H 9C KS"), 1, [_meld("5H 6H 7H")])
    assert result.exact and result.arrangement.penalty == 22
    searched = best_with_layoff(*_LARGE)
    assert searched.nodes > 0


def test_layoff_budget_must_be_a_whole_number():
    with pytest.raises(FiveCrownsError, match="budget"):
        best_with_layoff(parse_cards("8H"), 1, [], budget=1.5)  # type: ignore[arg-type]


# -- the bounded search against the brute force -------------------------------------------------

_RANKS = range(3, 9)
_SUITS = SUITS[:3]
_NATURAL = st.builds(Card, st.sampled_from(_RANKS), st.sampled_from(_SUITS))
_CARD = st.one_of(_NATURAL, _NATURAL, _NATURAL, st.just(parse_cards("JK")[0]))


@st.composite
def _table_meld(draw: st.DrawFn, rules: RoundRules) -> Meld:
    wild = Card(rules.wild_rank, SUITS[4])
    kind = draw(st.sampled_from(["book", "run", "wilds"]))
    n = draw(st.integers(3, 5))
    if kind == "book":
        rank = draw(st.sampled_from([r for r in _RANKS if r != rules.wild_rank]))
        suits = draw(st.lists(st.sampled_from(SUITS), min_size=1, max_size=n))
        cards = [Card(rank, s) for s in suits] + [wild] * (n - len(suits))
    elif kind == "run":
        suit = draw(st.sampled_from(_SUITS))
        start = draw(st.integers(3, 13 - n + 1))
        holes = draw(st.lists(st.booleans(), min_size=n, max_size=n))
        cards = [
            wild if hole or r == rules.wild_rank else Card(r, suit)
            for r, hole in zip(range(start, start + n), holes, strict=True)
        ]
    else:
        cards = [wild] * 3
    if not _is_meld(cards, rules):
        cards = [Card(8, s) for s in SUITS[:3]]
    naturals = [c for c in cards if not is_wild(c, rules.round_no)]
    if len({c.rank for c in naturals}) <= 1:
        return make_book(cards, rules.round_no, naturals[0].rank if naturals else 3)
    return make_run(cards, rules.round_no)


@st.composite
def _position(draw: st.DrawFn) -> tuple[list[Card], RoundRules, list[Meld]]:
    variant = draw(st.sampled_from(VARIANTS))
    rules = RoundRules(
        draw(st.integers(1, 6)),
        books_distinct_suits=variant.books_distinct_suits,
        no_all_wild_melds=variant.no_all_wild_melds,
    )
    table = draw(st.lists(_table_meld(rules), min_size=1, max_size=2))
    drawn = draw(st.lists(_CARD, min_size=1, max_size=6))
    cards = [c for i, c in enumerate(drawn) if c.is_joker or drawn[:i].count(c) < 2]
    return cards, rules, table


_QUICK = settings(
    max_examples=60, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck)
)


@_QUICK
@given(_position())
def test_layoff_search_equals_the_brute_force_under_every_meld_variant(position):
    cards, rules, table = position
    result = best_with_layoff(cards, rules, table)
    assert result.exact
    assert result.arrangement.penalty == brute_force(cards, rules, table)
    _check_consistent(cards, rules, table, result)


@_QUICK
@given(_position(), st.integers(0, 30))
def test_layoff_answer_is_the_brute_force_when_exact_and_never_worse_than_none(position, budget):
    cards, rules, table = position
    result = best_with_layoff(cards, rules, table, budget=budget)
    assert result.nodes <= budget + layoff._SCORE_NODES
    engine = layoff._solver_rules(rules)
    assert result.arrangement.penalty <= penalty(cards, engine)
    if result.exact:
        assert result.arrangement.penalty == brute_force(cards, rules, table)
    _check_consistent(cards, rules, table, result)


def _check_consistent(cards, rules, table, result):
    """Every card is kept or laid off once; every grown meld is a meld under the rules."""
    kept = [*result.arrangement.leftover, *(c for m in result.arrangement.melds for c in m)]
    assert sorted(kept + list(result.cards_laid_off)) == sorted(cards)
    for i, meld in enumerate(result.table):
        added = [c for c, j in result.laid_off if j == i]
        assert sorted(meld.cards) == sorted([*table[i].cards, *added])
        if added:
            assert _is_meld(list(meld.cards), rules)


_LARGE = (
    parse_cards("4H 5H 6H 8H 9H 10H QH 5S 6S 8S 9C 9D QD"),
    11,
    [
        _meld("7H 8H 9H", 11),
        _meld("3H JK 5H", 11),
        _meld("JH QH JK", 11),
        _meld("QS QD QC", 11),
        _meld("4S 5S 6S", 11),
        _meld("9S 9D 9C", 11),
        _meld("6D 7D 8D", 11),
    ],
)


def test_layoff_budget_is_respected_on_a_large_position():
    cards, _round, table = _LARGE
    for budget in (0, 10, 100):
        result = best_with_layoff(cards, 11, table, budget=budget)
        assert result.nodes <= budget + layoff._SCORE_NODES
        assert result.arrangement.penalty <= penalty(cards, 11)


def test_layoff_with_no_budget_still_lays_off_what_the_own_melds_leave_over():
    result = best_with_layoff(parse_cards("8H 9C KS"), 1, [_meld("5H 6H 7H")], budget=0)
    assert result.cards_laid_off == parse_cards("8H") and result.arrangement.penalty == 22
    assert result.nodes == 0
    cards, round_no, table = _LARGE
    unsearched = best_with_layoff(cards, round_no, table, budget=0)
    assert unsearched.arrangement.penalty <= penalty(cards, round_no)
