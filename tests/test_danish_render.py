"""The engine's rich displays in Danish (issue 22): what a notebook shows for an estimate,
the outs of a hand, a comparison of two players and a game's scoresheet has no English
word left and writes numbers the Danish way ("0,105421", "10,5 %", "1.336")."""

from __future__ import annotations

import re
from fractions import Fraction
from html import unescape

import pytest

from fivecrowns_lab import Comparison, Game, GameRules, language, make_bot, outs, parse_cards
from fivecrowns_lab.core.rules import RoundRules
from fivecrowns_lab.odds.outs import Out, Outs
from fivecrowns_lab.odds.probability import Estimate, expected_penalty, go_out_on_deal
from fivecrowns_lab.render import comparison_html, estimate_html, game_html, outs_html

#: Words only the English displays have (Danish shares "point", "total", "minus", "chance",
#: "over", "for", "given" and "joker", so those are not here).
ENGLISH = re.compile(
    r"\b(the|is|are|not|of|an?|to|by|and|or|from|with|among|this|round|rounds|deals?|"
    r"dealt|simulated|exactly|about|confidence|interval|counted|every|possible|going|outs?|"
    r"first|turn|penalty|unseen|copies|cards?|next|drawn|discard|then|beats|clear|winner|"
    r"yet|includes|play|more|games?|average|same|fewer|better|points|wild|won|went|draw|"
    r"scored|hands?|already|leaves|most|face|seed|hearts|stars|clubs|spades|"
    r"diamonds|king|queen|jack)\b",
    re.IGNORECASE,
)
#: An English decimal (one or two places: a Danish thousands dot "1.336" has three) or a
#: percent sign with no space before it.
ENGLISH_NUMBER = re.compile(r"\d\.\d{1,2}(?!\d)|\d%")
DANISH_PERCENT = re.compile(r"\d(,\d+)? %")


def _read(html: str) -> str:
    """What a reader meets: the text, and the titles and labels a screen reader says."""
    said = " ".join(re.findall(r'(?:aria-label|title)="([^"]*)"', html))
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html) + " " + said))


def _danish(html: str) -> str:
    text = _read(html)
    assert ENGLISH.search(text) is None, text
    assert ENGLISH_NUMBER.search(text) is None, text
    return text


def _tie(players: int) -> Game:
    """A one-round game that every player wins (the first seed whose round ends in a tie)."""
    for seed in range(60):
        game = Game(["Ana", "Ben", "Cy"][:players], GameRules(rounds=1), seed=seed)
        game.play([make_bot("greedy") for _ in range(players)])
        if len(game.winners()) == players:
            return game
    raise AssertionError("no tie in 60 seeded games")


def test_estimates_in_danish_words_and_number_marks():
    with language("da"):
        exact = _danish(estimate_html(go_out_on_deal(1)))
        simulated = _danish(estimate_html(go_out_on_deal(2, method="simulate", n=200, seed=3)))
        penalty = _danish(estimate_html(expected_penalty(1)))
        variants = RoundRules(2, books_distinct_suits=True, no_all_wild_melds=True)
        variant = _danish(estimate_html(go_out_on_deal(variants)))
        one = _danish(estimate_html(Estimate("x", 2, 0.5, (0.1, 0.9), "simulate", 1, None)))
    assert "Runde 1: at gå ud på given præcis 1.336 ⁄ 12.673 (1336/12673)" in exact
    assert "= 0,105421 ≈ 10,5 % talt op over alle mulige givninger" in exact
    assert "95 %-konfidensinterval: 0,01382 til 0,06389 (1,4 % til 6,4 %)" in simulated
    assert "ud fra 200 simulerede givninger, given nr. 3" in simulated
    assert "Runde 1: strafpoint for en given hånd" in penalty
    assert "(sæt i forskellige farver, ingen meldinger af lutter vilde kort)" in variant
    assert "ud fra 1 simuleret givning" in one and "given nr." not in one
    assert all(DANISH_PERCENT.search(t) for t in (exact, simulated, variant, one))


def test_a_question_of_ones_own_is_shown_as_written():
    mine = Estimate("my <own> question (of mine)", 3, Fraction(1, 4), (0.25, 0.25), "exact")
    with language("da"):
        html = estimate_html(mine)
    assert "Runde 3: my &lt;own&gt; question (of mine)" in html


def test_outs_in_danish_with_a_discard_a_hand_that_goes_out_and_one_out():
    both = parse_cards("KD 3S")
    single = Outs(parse_cards("8H 9H KD"), 1, (), (Out(parse_cards("10H")[0], 1, both),), 1234)
    with language("da"):
        before = _danish(outs_html(outs("8H 9H 10H QS QC KD", 4)))
        after = _danish(outs_html(outs("8H 9H 10H QS QC KD 3S", 4)))
        now = _danish(outs_html(outs("8H 9H 10H QS QS QC KD", 4)))
        one = _danish(outs_html(single))
    assert "24 udgangskort blandt 110 usete kort: en chance på 21,8 %" in before
    assert "udgangskort kort usete eksemplarer smid så af" in before
    assert "Smid K♦ af først: det giver flest udgangskort." in after
    assert "Denne hånd kan allerede gå ud." in now
    assert "1 udgangskort blandt 1.234 usete kort: en chance på 0,081 %" in one
    assert "er det." in one and "K♦ eller 3♠" in one
    with language("en"):
        assert "K♦ or 3♠" in outs_html(single) and "<b>1 out</b> among 1,234" in outs_html(single)


@pytest.mark.parametrize(
    ("mean", "ci", "verdict"),
    [
        (-12.5, (-20.0, -5.0), "grådig 1 slår tilfældig 2 med 12,5 point pr. spil."),
        (7.25, (0.5, 14.0), "tilfældig 2 slår grådig 1 med 7,2 point pr. spil."),
        (1.0, (-3.0, 5.0), "Ingen klar vinder endnu : intervallet indeholder 0, så spil flere"),
    ],
    ids=["first-wins", "second-wins", "unclear"],
)
def test_comparisons_both_ways_and_unclear_in_danish(mean, ci, verdict):
    comparison = Comparison("grådig 1", "tilfældig 2", 1200, mean, ci)
    with language("da"):
        text = _danish(comparison_html(comparison))
    assert verdict in text
    interval = f"-konfidensinterval {ci[0]:.1f} til {ci[1]:.1f}".replace(".", ",")
    # A negative bound takes the minus sign, not the hyphen of "95 %-konfidensinterval".
    assert interval.replace(" -", " \u2212") in text
    assert "over 1.200 spil på de samme givninger (færre point er bedre)" in text


def test_scoresheets_in_danish_from_the_deal_to_a_shared_win():
    game = Game(["Ana", "Ben", "Cy"], GameRules(rounds=2), seed=7)
    with language("da"):
        start = _danish(game_html(game))
        game.draw("stock")
        middle = _danish(game_html(game))
        bots = [make_bot("greedy") for _ in range(3)]
        for _turn in range(500):  # a round of greedy bots ends long before
            if game.current_player is None:
                break
            game.apply(bots[game.current_player].choose(game.observation(game.current_player)))
        over = _danish(game_html(game))
        shared = _tie(3)
        two, three = _danish(game_html(_tie(2))), _danish(game_html(shared))
    assert "Runde 1: Ben skal trække." in start and "ingen runde er scoret endnu" in start
    assert "Runde 1: Ben skal smide et kort af." in middle
    assert "Runde 1 er slut." in over and "1 (3 er vilde)" in over and "✓ ude" in over
    assert "runde Ana Ben Cy" in over and "total" in over
    assert "Spillet er slut: Ana og Ben vandt." in two
    assert "Spillet er slut: Ana, Ben og Cy vandt." in three
    assert "Game over: Ana, Ben and Cy won." in game_html(shared)  # and_list, in English too
