"""Cards as pictures: labels, wild badges, suit symbols and colours, hands and arrangements."""

from __future__ import annotations

import re

import pytest

from fivecrowns_lab import DECK, JOKER, Card, Suit, best_arrangement, parse_cards
from fivecrowns_lab.render import (
    arrangement_html,
    card_back_svg,
    card_html,
    card_label,
    card_svg,
    hand_html,
)


def test_every_card_shows_its_rank_in_the_corner_and_its_suit_symbol_and_colour():
    for card in set(DECK):
        svg = card_svg(card)
        assert f">{card.rank_text}<" in svg
        if card.suit is not None:
            assert card.suit.symbol in svg and card.suit.colour in svg


def test_suits_have_distinct_colours_and_symbols():
    assert len({s.colour for s in Suit}) == 5
    assert len({s.symbol for s in Suit}) == 5


def test_wild_card_is_marked_by_a_text_badge_not_only_colour():
    seven = Card(7, Suit.HEARTS)
    assert ">WILD<" in card_svg(seven, 5)
    assert ">WILD<" not in card_svg(seven, 4)
    assert ">WILD<" not in card_svg(seven)


def test_joker_is_distinct_and_always_wild():
    svg = card_svg(JOKER)
    assert ">JOKER<" in svg and ">WILD<" in svg
    assert card_label(JOKER) == "joker, wild"


def test_screen_reader_labels_say_the_card_and_wildness():
    assert card_label(Card(7, Suit.HEARTS), 5) == "7 of hearts, wild"
    assert card_label(Card(13, Suit.STARS), 10) == "king of stars"
    assert 'aria-label="king of stars, wild"' in card_svg(Card(13, Suit.STARS), 11)


def test_card_back_reveals_nothing_about_a_card():
    back = card_back_svg()
    for card in set(DECK):
        assert f">{card.rank_text}<" not in back
    assert not any(s.symbol in back for s in Suit)


def test_bad_round_is_a_clear_error():
    with pytest.raises(ValueError, match="no round 12"):
        card_svg(JOKER, 12)


def test_hand_html_shows_every_card_in_order_and_empty_hand_says_so():
    hand = parse_cards("3H 7* JK")
    html = hand_html(hand, 1)
    assert re.findall(r'data-card="([^"]+)"', html) == ["3H", "7*", "JK"]
    assert "no cards" in hand_html([])


def test_card_and_hand_repr_html_render_pictures():
    hand = parse_cards("QS KD")
    assert "<svg" in hand._repr_html_()
    assert "<svg" in hand[0]._repr_html_()
    assert card_html(hand[0], 3, points=True).count("12 points") == 1


def test_arrangement_html_lists_melds_wilds_and_adds_up_the_leftover():
    arrangement = best_arrangement("5H 6H JK 9C 9S 9S KD QS", 3)
    html = arrangement_html(arrangement)
    for meld in arrangement.melds:
        assert meld.describe() in html
    assert f"= {arrangement.penalty} points" in html
    assert "<svg" in arrangement._repr_html_()


def test_arrangement_that_goes_out_scores_zero():
    html = arrangement_html(best_arrangement("5H 6H 7H", 1))
    assert "0 points" in html
