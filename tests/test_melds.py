"""Meld checks that explain themselves (RULES.md: Melds)."""

import pytest

from fivecrowns_lab import check_meld, parse_cards
from fivecrowns_lab.core.melds import make_book, make_run

# Each rule a case (its name the case's id): the cards, the round, what the check says.
ACCEPTED = [
    pytest.param("8H 8S 8C 8D", 1, "book", "A book of four 8s.", [],
                 id="book_three_or_more_of_a_rank_suits_irrelevant"),
    pytest.param("8♥ 8♥ 8★", 1, "book", "A book of three 8s.", [],
                 id="book_duplicates_allowed"),
    pytest.param("9C 10C JC QC", 1, "run", "A run of clubs from 9 to Q.", [],
                 id="run_three_or_more_of_one_suit_in_consecutive_ranks"),
    pytest.param("5H JK 7H", 1, "run", "A run of hearts from 5 to 7, with JK as 6♥.",
                 ["JK as 6♥"], id="wilds_stand_for_any_card_in_a_run_and_say_what_they_stand_for"),
    pytest.param("9S JK 9C", 2, "book", "A book of three 9s, with JK as a 9.", ["JK as a 9"],
                 id="wilds_stand_for_any_card_in_a_book"),
    pytest.param("5H JK JK JK 9H", 1, "run",
                 "A run of hearts from 5 to 9, with JK as 6♥, JK as 7♥, JK as 8♥.",
                 ["JK as 6♥", "JK as 7♥", "JK as 8♥"],
                 id="any_number_of_wilds_even_next_to_each_other"),
]  # fmt: skip

REFUSED = [
    pytest.param("8H 8S", 1, "A meld needs at least three cards; this has only two.",
                 id="book_of_two_is_too_short"),
    pytest.param("8★ 9♥ 10♥", 1, "A run needs one suit: 8★ is a star, the others are hearts.",
                 id="run_needs_one_suit_and_says_which_card_is_off"),
    pytest.param("5H 6H 6H 7H", 1,
                 "A run cannot hold the same rank twice: 6♥ is there more than once.",
                 id="run_cannot_hold_the_same_rank_twice"),
    pytest.param("5H 9H JK", 1,
                 "A run needs consecutive ranks: from 5♥ to 9♥ it is missing 6, 7, 8, "
                 "and there is only one wild to fill them.",
                 id="run_gap_without_enough_wilds_names_the_missing_ranks"),
]  # fmt: skip


@pytest.mark.parametrize(("cards", "round_no", "kind", "reason", "wilds"), ACCEPTED)
def test_meld_rule_accepts_with_its_reason_and_what_each_wild_stands_for(
    cards, round_no, kind, reason, wilds
):
    check = check_meld(cards, round_no)
    assert check.valid and check.kind == kind
    assert check.reason == reason
    assert [str(u) for u in check.meld.wilds] == wilds


@pytest.mark.parametrize(("cards", "round_no", "reason"), REFUSED)
def test_meld_rule_refuses_with_the_sentence_that_says_why(cards, round_no, reason):
    check = check_meld(cards, round_no)
    assert not check.valid and check.kind is None
    assert check.reason == reason


def test_run_may_not_wrap_king_to_three():
    check = check_meld("QH KH 3H", 2)
    assert not check.valid
    assert check.reason.startswith("Runs cannot wrap from K to 3")


def test_run_may_not_wrap_even_with_a_wild():
    assert not check_meld("KH JK 4H", 1).valid
    assert "wrap" in check_meld("KH JK 4H", 1).reason


def test_run_at_most_11_long_from_3_to_king():
    eleven = check_meld("3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", 5)
    assert eleven.valid and eleven.kind == "run"
    twelve = check_meld("3S 4S 5S 6S 7S 8S 9S 10S JS QS KS JK", 5)
    assert not twelve.valid
    assert "at most 11 cards" in twelve.reason


def test_a_meld_of_wilds_alone_is_valid():
    check = check_meld("JK JK 7H", 5)  # 7s are wild in round 5
    assert check.valid
    assert "wilds" in check.reason


def test_the_round_wild_rank_is_wild_in_melds():
    assert check_meld("KH KS 5C", 3).valid  # 5s wild in round 3
    assert not check_meld("KH KS 5C", 4).valid


def test_a_wild_used_as_itself_is_still_just_a_wild():
    check = check_meld("4H 5H 6H", 3)  # 5s wild: 5♥ stands for 5♥ but counts as a wild
    assert check.valid
    assert [str(u) for u in check.meld.wilds] == ["5♥ as itself"]


def test_check_meld_rejects_bad_round_and_bad_cards_with_sentences():
    with pytest.raises(ValueError, match="round 12"):
        check_meld("3H 4H 5H", 12)
    with pytest.raises(ValueError, match="'5X'"):
        check_meld("3H 4H 5X", 1)


def test_not_a_book_nor_a_run_explains_both():
    check = check_meld("5H 9H 3C", 2)
    assert not check.valid
    assert check.reason.startswith("Not a book: the ranks differ (3, 5, 9). Not a run:")


def test_make_run_places_wilds_in_gaps_then_above_then_below():
    meld = make_run(parse_cards("JH KH JK JK"), 1)
    assert meld.ranks == (10, 11, 12, 13)
    assert str(meld) == "JK J♥ JK K♥"


def test_make_book_refuses_mixed_ranks():
    with pytest.raises(ValueError, match="is not a book"):
        make_book(parse_cards("7H 8H 9H"), 1)


def test_meld_iterates_its_cards():
    meld = check_meld("5H JK 7H", 1).meld
    assert [str(c) for c in meld] == ["5♥", "JK", "7♥"]
    assert len(meld) == 3
