"""Cards and notation (RULES.md: Cards, Notation)."""

from collections import Counter

import pytest

from fivecrowns_lab import DECK, JOKER, SUITS, Card, CardError, Hand, Suit, parse_cards
from fivecrowns_lab.core.cards import check_available, parse_card


def test_deck_has_116_cards():
    assert len(DECK) == 116


def test_deck_is_two_decks_of_58():
    counts = Counter(DECK)
    assert all(n == 2 for card, n in counts.items() if not card.is_joker)
    assert len([c for c in counts if not c.is_joker]) == 55
    assert counts[JOKER] == 6


def test_five_suits_of_eleven_ranks_3_to_king():
    assert [s.name for s in SUITS] == ["STARS", "HEARTS", "CLUBS", "SPADES", "DIAMONDS"]
    for suit in SUITS:
        assert sorted({c.rank for c in DECK if c.suit is suit}) == list(range(3, 14))


def test_no_aces_and_no_twos():
    with pytest.raises(CardError, match="no rank 2"):
        Card(2, Suit.HEARTS)
    with pytest.raises(CardError, match="no rank 14"):
        Card(14, Suit.HEARTS)
    with pytest.raises(CardError, match="'AH' is not a card"):
        parse_cards("AH")


def test_jack_queen_king_are_11_12_13():
    assert [c.rank for c in parse_cards("JH QH KH")] == [11, 12, 13]


def test_each_suit_has_its_own_colour_and_symbol():
    assert len({s.colour for s in SUITS}) == 5
    assert len({s.symbol for s in SUITS}) == 5
    assert len({s.letter for s in SUITS}) == 5


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("10♥", Card(10, Suit.HEARTS)),
        ("10H", Card(10, Suit.HEARTS)),
        ("10h", Card(10, Suit.HEARTS)),
        ("Q*", Card(12, Suit.STARS)),
        ("q★", Card(12, Suit.STARS)),
        ("JC", Card(11, Suit.CLUBS)),
        ("j♣", Card(11, Suit.CLUBS)),
        ("KS", Card(13, Suit.SPADES)),
        ("3♦", Card(3, Suit.DIAMONDS)),
        ("JK", JOKER),
        ("Joker", JOKER),
        ("jk", JOKER),
    ],
)
def test_notation_accepts_symbols_and_ascii_case_insensitive(text, card):
    assert parse_card(text) == card


def test_notation_canonical_display_uses_symbols():
    assert [str(c) for c in parse_cards("10H Q* JC KS 3D JK")] == [
        "10♥", "Q★", "J♣", "K♠", "3♦", "JK",
    ]  # fmt: skip


def test_notation_every_card_has_an_ascii_code():
    for card in set(DECK):
        assert card.code.isascii()
        assert parse_card(card.code) == card


def test_notation_hand_separated_by_spaces_and_or_commas():
    assert parse_cards("3H,4H  5H, JK") == parse_cards("3H 4H 5H JK")
    assert len(parse_cards(" 3H , 4H ")) == 2


def test_notation_round_trip_for_every_card_of_the_deck():
    hand = Hand(DECK)
    assert parse_cards(str(hand)) == hand
    assert parse_cards(" ".join(c.code for c in hand)) == hand
    for card in set(DECK):
        assert eval(repr(card), {"Card": Card, "Suit": Suit, "JOKER": JOKER}) == card


def test_notation_bad_token_names_the_token_and_shows_a_card():
    with pytest.raises(CardError) as err:
        parse_cards("3H 4X")
    message = str(err.value)
    assert "'4X'" in message
    assert "like 10♥, 10H or Q*" in message
    assert isinstance(err.value, ValueError)


@pytest.mark.parametrize("token", ["11H", "2S", "H3", "10", "♥", "JKK", "10HH"])
def test_notation_nothing_is_silently_dropped(token):
    with pytest.raises(CardError, match=f"'{token}'"):
        parse_cards(f"3H {token} 5H")


def test_every_non_joker_card_exists_exactly_twice_so_a_third_copy_is_an_error():
    with pytest.raises(CardError, match="only 2 copies of 8♥, but these cards hold 3"):
        parse_cards("8H 8♥ 8h")


def test_six_jokers_so_a_seventh_is_an_error():
    parse_cards("JK " * 6)
    with pytest.raises(CardError, match="only 6 jokers, but these cards hold 7"):
        parse_cards("JK " * 7)


def test_more_cards_than_the_deck_is_an_error():
    with pytest.raises(CardError, match="more than the deck's 116"):
        check_available([*DECK, JOKER])


def test_hand_is_a_tuple_that_keeps_duplicates():
    hand = parse_cards("8H 8H")
    assert isinstance(hand, tuple)
    assert len(hand) == 2


def test_cards_are_frozen_values():
    card = Card(5, Suit.CLUBS)
    with pytest.raises(AttributeError):
        card.rank = 6  # type: ignore[misc]
    assert card == Card(5, Suit.CLUBS)
    assert hash(card) == hash(Card(5, Suit.CLUBS))


def test_screen_reader_words():
    assert Card(7, Suit.HEARTS).describe() == "7 of hearts"
    assert Card(13, Suit.STARS).describe() == "king of stars"
    assert JOKER.describe() == "joker"


@pytest.mark.parametrize("bad", [None, 123, 4.5])
def test_notation_input_that_is_not_text_or_cards_is_a_clear_error(bad):
    with pytest.raises(CardError, match="Cards are written as text such as '10H Q\\* JK'"):
        parse_cards(bad)


# -- bad input (issue 9) -------------------------------------------------------------------------


def test_a_long_bad_token_is_quoted_cut_short_not_echoed_whole():
    with pytest.raises(CardError) as caught:
        parse_cards("3H " + "X" * 200_000)
    assert len(str(caught.value)) < 300
    assert "…" in str(caught.value) or "..." in str(caught.value)


def test_a_text_longer_than_the_deck_could_fill_is_refused_before_splitting():
    with pytest.raises(CardError, match="too long to be cards"):
        parse_cards("3H " * 100_000)


def test_a_list_longer_than_the_deck_twice_is_refused_even_unchecked():
    with pytest.raises(CardError, match="more than the deck holds"):
        parse_cards(["3H"] * 1000, check=False)


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Suit("x"), "There is no suit 'x'"),
        (lambda: Card("3", Suit.HEARTS), "rank is a whole number"),
        (lambda: Card(3, "H"), "suit is a Suit"),
        (lambda: Card(10**5000, Suit.HEARTS), "<~10\\*\\*5000>"),
        (lambda: Hand(5), "made of cards"),
        (lambda: Hand(["3H"]), "'3H' is not a card"),
        (lambda: parse_card(None), "written as text"),
        (lambda: parse_cards([3]), "written as text"),
    ],
)
def test_values_that_are_not_cards_raise_a_card_error_quoting_them(make, message):
    with pytest.raises(CardError, match=message):
        make()


@pytest.mark.parametrize("selector", ["\ufe0f", "\ufe0e"])
def test_notation_accepts_a_variation_selector_after_every_suit_symbol_as_phones_type_it(
    selector,
):
    # A phone's keyboard types "10♥️": the heart, then U+FE0F asking for its emoji picture.
    for suit in SUITS:
        for rank_text in ("3", "10", "q"):
            typed = f"{rank_text}{suit.symbol}{selector}"
            assert parse_cards(typed) == (parse_card(f"{rank_text}{suit.symbol}"),)
    assert str(parse_cards("10♥\ufe0f, Q★\ufe0f 3♠\ufe0f")) == "10♥ Q★ 3♠"


@pytest.mark.parametrize(
    "token", ["10X\ufe0f", "10\ufe0f", "JK\ufe0f", "10♥\ufe0f\ufe0f", "\ufe0f", "10H\ufe0f"]
)
def test_notation_a_variation_selector_anywhere_but_after_a_suit_symbol_is_still_a_bad_token(
    token,
):
    with pytest.raises(CardError) as caught:
        parse_cards(token)
    assert "is not a card" in str(caught.value) and "a card is a rank" in str(caught.value)
