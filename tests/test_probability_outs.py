"""Outs (RULES.md: A turn, Going out): which draws let a hand go out, and how likely they are."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import combinations
from math import comb

import pytest

from fivecrowns_lab import DECK, CardError, HandSizeError, parse_cards
from fivecrowns_lab.core.rules import hand_size
from fivecrowns_lab.odds.outs import OutsError, outs, rule_of_thumb

from .brute_force import brute_penalty

COPIES = Counter(DECK)


def test_outs_of_a_hand_one_card_from_going_out_are_the_wilds_and_the_missing_book_card():
    result = outs("8H 9H 10H QS QC KD", 4)
    cards = {str(o.card) for o in result.outs}
    assert cards == {"JK", "6★", "6♥", "6♣", "6♠", "6♦", "Q★", "Q♥", "Q♦", "Q♣", "Q♠"}
    # 6 jokers + 10 sixes (wild in round 4) + 8 unseen queens (2 of the 10 are held)
    assert result.count == 6 + 10 + 8
    assert result.unseen_total == 116 - 6
    assert result.probability == Fraction(24, 110)
    by_card = {str(o.card): o for o in result.outs}
    assert by_card["Q♠"].unseen == 1 and by_card["Q♦"].unseen == 2
    assert set(map(str, by_card["Q♠"].discards)) == {"K♦"}


def test_seen_cards_are_not_in_the_stock_so_they_are_not_outs():
    result = outs("8H 9H 10H QS QC KD", 4, seen="QH QH JK 3C")
    assert result.count == 24 - 3
    assert result.unseen_total == 110 - 4
    assert result.probability == Fraction(21, 106)


def test_chance_over_several_draws_is_one_minus_missing_every_time():
    result = outs("8H 9H 10H QS QC KD", 4)
    for draws in range(5):
        miss = Fraction(comb(110 - 24, draws), comb(110, draws))
        assert result.within(draws) == 1 - miss
    assert result.within(1) == result.probability
    assert result.within(200) == 1
    with pytest.raises(OutsError, match="not -1"):
        result.within(-1)


def test_rule_of_thumb_is_close_for_few_outs_and_overshoots_for_many():
    few = outs("8H 9H 10H QS QC KD", 4, seen="JK JK JK JK JK JK")
    assert abs(rule_of_thumb(few.count, 1) - float(few.probability)) < 0.02
    exact_many = 1 - Fraction(comb(100 - 60, 3), comb(100, 3))
    assert rule_of_thumb(60, 3) > 1 > exact_many


def test_a_hand_that_can_already_go_out_has_every_unseen_card_as_an_out():
    result = outs("7H 8H 9H", 1)
    assert result.count == result.unseen_total == 113
    assert result.probability == 1


def test_after_drawing_the_best_discard_is_chosen():
    result = outs("8H 9H 10H QS QC KD 3S", 4)
    assert result.discard is not None and str(result.discard) in ("K♦", "3♠")
    assert result.count == 24
    assert len(result.hand) == hand_size(4)
    assert not result.goes_out_now
    assert outs("8H 9H 10H QS QC QD 3S", 4).goes_out_now


@pytest.mark.parametrize("text", ["8H 9H", "8H 9H 10H QS QC KD 3S 4S"])
def test_outs_need_a_hand_of_the_round_size_or_one_more(text):
    with pytest.raises(HandSizeError, match="outs are for a hand of 6 cards"):
        outs(text, 4)


def test_seen_cards_cannot_repeat_cards_the_deck_lacks():
    with pytest.raises(CardError, match="only 2 copies of Q♠"):
        outs("8H 9H 10H QS QS KD", 4, seen="QS")


def naive_is_out(hand, card, round_no):
    cards = (*hand, card)
    return any(brute_penalty(rest, round_no) == 0 for rest in combinations(cards, len(hand)))


@pytest.mark.parametrize("round_no", [1, 2, 3])
def test_outs_agree_with_the_naive_solver_on_random_hands(round_no):
    rng = random.Random(round_no)
    types = sorted(COPIES, key=lambda c: c.sort_key)
    for _ in range(12):
        hand = parse_cards(rng.sample(DECK, hand_size(round_no)))
        found = {o.card for o in outs(hand, round_no).outs}
        possible = [c for c in types if hand.count(c) < COPIES[c]]
        assert found == {c for c in possible if naive_is_out(hand, c, round_no)}
