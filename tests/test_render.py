"""Cards as pictures: labels, wild badges, suit symbols and colours, hands and arrangements."""

from __future__ import annotations

import re

import pytest

from fivecrowns_lab import (
    DECK,
    JOKER,
    Card,
    Comparison,
    Game,
    GameRules,
    Suit,
    best_arrangement,
    go_out_on_deal,
    make_bot,
    outs,
    parse_cards,
)
from fivecrowns_lab.render import (
    CARD_FACE,
    SUIT_INK,
    WILD_COLOUR,
    arrangement_html,
    card_back_svg,
    card_html,
    card_label,
    card_svg,
    comparison_html,
    estimate_html,
    game_html,
    hand_html,
    hand_svg,
    outs_html,
)


def test_every_card_shows_its_rank_in_the_corner_and_its_suit_symbol_and_ink():
    for card in set(DECK):
        svg = card_svg(card)
        assert f">{card.rank_text}<" in svg
        if card.suit is not None:
            assert card.suit.symbol in svg and f'fill="{SUIT_INK[card.suit]}"' in svg


def _luminance(colour: str) -> float:
    channels = [int(colour.lstrip("#")[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    """The WCAG contrast ratio of two ``#rrggbb`` colours."""
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_contrast_helper_matches_the_wcag_examples():
    assert contrast("#000000", "#ffffff") == pytest.approx(21)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)


@pytest.mark.parametrize("width", [60, 48, 32])
def test_every_text_on_a_card_reaches_wcag_aa_on_the_face_at_every_size(width):
    """Corner indices included (stars, clubs and hearts in their Okabe-Ito colours do not)."""
    for card in set(DECK):
        for round_no in (None, 1, 5):
            svg = card_svg(card, round_no, width=width)
            assert f'fill="{CARD_FACE}"' in svg
            for fill in re.findall(r'<text[^>]*fill="(#[0-9a-fA-F]{6})"', svg):
                badge = fill.lower() == "#ffffff"  # the WILD badge: white on purple
                background = WILD_COLOUR if badge else CARD_FACE
                assert contrast(fill, background) >= 4.5, (card, fill)


def test_suit_inks_stay_distinct():
    assert len(set(SUIT_INK.values())) == len(Suit)


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


# -- rich display --------------------------------------------------------------------------------


def test_card_and_hand_mimebundle_has_a_standalone_svg_for_pdf_and_viewers():
    import xml.etree.ElementTree as ET

    hand = parse_cards("3H 7* JK")
    for value in (hand, hand[0]):
        bundle = value._repr_mimebundle_()
        assert bundle["text/plain"] == repr(value)
        assert "<svg" in bundle["text/html"]
        root = ET.fromstring(bundle["image/svg+xml"])  # a well-formed SVG document
        assert root.tag == "{http://www.w3.org/2000/svg}svg"
    svg = hand._repr_mimebundle_()["image/svg+xml"]
    assert svg.count('class="fc-card-svg"') == 3
    assert re.findall(r'<svg x="(\d+)"', svg) == ["0", "66", "132"]  # side by side
    assert 'aria-label="3 of hearts, 7 of stars, joker, wild"' in svg
    assert hand_svg([]).startswith("<svg") and "no cards" in hand_svg([])


def test_estimate_html_shows_the_fraction_the_decimal_and_the_interval():
    exact = go_out_on_deal(1)
    html = exact._repr_html_()
    assert html == estimate_html(exact)
    fraction = exact.value
    assert f"({fraction.numerator}/{fraction.denominator})" in html
    assert f"{float(fraction):.6g}" in html and "exactly" in html
    simulated = go_out_on_deal(2, method="simulate", n=200, seed=3)
    html = simulated._repr_html_()
    low, high = simulated.ci
    assert f"{low:.4g} to {high:.4g}" in html
    assert "200 simulated deals, seed 3" in html


def test_outs_html_lists_each_out_with_its_unseen_copies_and_the_chance():
    result = outs("8H 9H 10H QS QC KD", 4)
    html = result._repr_html_()
    assert html == outs_html(result)
    assert f"<b>{result.count} outs</b> among {result.unseen_total} unseen cards" in html
    assert html.count("<tr>") == len(result.outs) + 1  # the header, then one row per out
    for out in result.outs:
        assert f"<td>{out.unseen}</td>" in html


def test_comparison_html_says_the_verdict_with_its_interval():
    clear = Comparison("greedy 1", "random 2", 40, -12.5, (-20.0, -5.0))
    assert "<b>greedy 1 beats random 2</b> by 12.5 points" in clear._repr_html_()
    assert "\u221220.0 to \u22125.0" in comparison_html(clear)  # minus signs, not hyphens
    unclear = Comparison("greedy 1", "greedy 2", 10, 1.0, (-3.0, 5.0))
    assert "No clear winner yet" in comparison_html(unclear)


def test_game_html_is_the_scoresheet_so_far_with_running_totals():
    game = Game(["Ana", "Ben"], GameRules(rounds=3), seed=7)
    assert "no round scored yet" in game._repr_html_()
    assert f"{game.names[game.current_player]} to draw" in game_html(game)
    game.play([make_bot("greedy"), make_bot("greedy")])
    html = game_html(game)
    running = [0, 0]
    for result in game.round_results:
        for player, points in enumerate(result.points):
            running[player] += points
            assert f"{points} <small>({running[player]})" in html
    assert html.count("<tr>") == 1 + len(game.round_results) + 1  # header, rounds, totals
    assert "Game over" in html
    assert "&lt;b&gt;" in game_html(Game(["<b>", "Ben"], seed=1))  # names are escaped


def test_went_out_is_marked_with_a_word_and_a_check_not_a_suit_symbol():
    from fivecrowns_lab.core.cards import Suit
    from fivecrowns_lab.render import WENT_OUT_LEGEND, WENT_OUT_MARK
    from fivecrowns_lab.views.play_html import sheet_html

    game = Game(["Ana", "Ben"], GameRules(rounds=2), seed=7)
    game.play([make_bot("greedy"), make_bot("greedy")])
    symbols = [suit.symbol for suit in Suit]
    for html in (game_html(game), sheet_html(game)):
        assert html.count(WENT_OUT_MARK) == sum(r.went_out is not None for r in game.round_results)
        assert WENT_OUT_LEGEND in html
        assert not any(s in html for s in symbols), html
    assert "out" in WENT_OUT_MARK and "✓" in WENT_OUT_MARK


def test_the_penalty_estimate_is_points_on_average_never_a_percentage():
    # A mean number of points is not a chance: "about 34.13 ≈ 3413.0%" misled a learner.
    from fivecrowns_lab import language
    from fivecrowns_lab.odds.probability import expected_penalty
    from fivecrowns_lab.render import estimate_html

    exact, simulated = expected_penalty(2), expected_penalty(3, method="simulate", n=50, seed=1)

    def text(html: str) -> str:  # what a reader sees: no tags, no style
        return re.sub(r"<[^>]+>", " ", html)

    for estimate in (exact, simulated):
        shown = text(estimate_html(estimate))
        assert "points on average" in shown and "%" not in shown.replace("95%", ""), shown
    with language("da"):
        danish = text(estimate_html(simulated))
    assert "point i gennemsnit" in danish and "til" in danish
    assert "%" not in danish.replace("95 %", ""), danish


def test_a_hand_is_a_list_whose_cards_are_its_items_for_screen_readers():
    from fivecrowns_lab.render import hand_html

    html = hand_html(parse_cards("5H QC JK"), 3)
    assert html.count('role="list"') == 1
    assert html.count('role="listitem"') == 3
    from fivecrowns_lab.render import card_html

    assert "listitem" not in card_html(parse_cards("5H")[0], 3)  # a lone card is no item


def test_a_row_of_card_backs_is_named_once_and_each_back_hidden():
    from fivecrowns_lab.render import card_back_svg

    hidden = card_back_svg(width=22, label="")
    assert 'aria-hidden="true"' in hidden and "role=" not in hidden and "<title>" not in hidden
    named = card_back_svg(width=22)
    assert 'role="img" aria-label="face-down card"' in named
