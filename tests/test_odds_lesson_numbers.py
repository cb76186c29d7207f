"""Every number stated in the prose of lessons 07-11 (and their quizzes) is checked by the engine.

The test pulls every number out of each notebook's markdown. Small whole numbers
(0 to 13: rounds, cards in a hand, counts of wilds) may stand as they are; every other
number must have an entry in ``CLAIMS`` for that notebook, which recomputes it from
the engine, so a wrong figure ("25 billion", "1,000 deals") cannot come back unnoticed.
Every ``C(a, b) = N`` is recomputed too. Numbers that are a task for the learner
("play 50 games") are checked to be the number the lesson's box starts with, and
doable four times over within the lesson's caps.
"""

from __future__ import annotations

import inspect
import math
import re
from collections.abc import Callable
from fractions import Fraction
from math import comb
from pathlib import Path
from statistics import NormalDist

import nbformat
import pytest

from fivecrowns_lab.content.odds_quizzes import ODDS_QUIZZES
from fivecrowns_lab.core.cards import DECK
from fivecrowns_lab.core.rules import hand_size
from fivecrowns_lab.odds.counting import DECK_SIZE, WILDS_IN_DECK, wild_count_distribution
from fivecrowns_lab.odds.outs import outs, rule_of_thumb
from fivecrowns_lab.odds.probability import go_out_on_deal
from fivecrowns_lab.odds.stats import Z95, mean_interval, wilson_interval

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
NUMBER = re.compile(r"(?<![\w.,])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(%| billion| million)?")
CHOOSE = re.compile(r"C\((\d+), (\d+)\)(?: = ([\d,]+))?")
SMALL = range(14)
CONFIDENCE = round(100 * (2 * NormalDist().cdf(Z95) - 1))


def _cap_allows(games: int, players: list[str]) -> bool:
    pytest.importorskip("ipywidgets")
    from fivecrowns_lab.odds.run_cost import game_cap

    return 4 * games <= game_cap(players)


def _solitaire_cap_allows(deals: int) -> bool:
    pytest.importorskip("ipywidgets")
    from fivecrowns_lab.odds.run_cost import solitaire_cap

    return 4 * deals <= solitaire_cap()


def _starts_with(view: str, parameter: str) -> int:
    """The number a lesson's box starts with: the view's default for ``parameter``."""
    pytest.importorskip("ipywidgets")
    from fivecrowns_lab.views import solitaire_odds, strategy_lab

    module = strategy_lab if hasattr(strategy_lab, view) else solitaire_odds
    default = inspect.signature(getattr(module, view)).parameters[parameter].default
    assert isinstance(default, int)
    return default


def _lesson_exists(number: str) -> bool:
    return any(NOTEBOOKS.glob(f"{number}-*.ipynb"))


# For each notebook: the text of a number as written -> a check that recomputes it.
CLAIMS: dict[str, dict[str, Callable[[], bool]]] = {
    "07-counting-wild-cards": {
        "116": lambda: len(DECK) == DECK_SIZE == 116,
        # 16 wilds in every round (6 jokers, 10 of the wild rank), and the mean 16 x n / 116
        "16": lambda: (
            all(
                sum(k * p for k, p in wild_count_distribution(r).items())
                == Fraction(16 * hand_size(r), 116)
                for r in range(1, 12)
            )
            and WILDS_IN_DECK == 16
        ),
        # "the 100 other cards"; "Deal 100" is a button (the widget tests press it);
        # "how many of 100 intervals": Draw 100 intervals draws 100 (widget test)
        "100": lambda: DECK_SIZE - WILDS_IN_DECK == 100,
        "95%": lambda: CONFIDENCE == 95,  # "its 95% band"
    },
    "08-go-out-on-the-deal": {
        "95%": lambda: CONFIDENCE == 95,
        "95": lambda: CONFIDENCE == 95,
        "100": lambda: True,  # "95 times out of 100": the definition of 95%
    },
    "09-outs": {
        "1%": lambda: rule_of_thumb(1, 1) == 0.01,
        # "about 100 cards are unseen": 116 less a hand of 3 to 13 and a few seen cards
        "100": lambda: all(90 <= 116 - hand_size(r) - 5 <= 110 for r in range(1, 12)),
        # "with many outs over many turns it passes 100%"
        "100%": lambda: rule_of_thumb(outs("8H 9H 10H QS QC KD", 4).count, 5) > 1,
    },
    "10-strategy-lab": {
        "95%": lambda: CONFIDENCE == 95,
        "100%": lambda: True,  # win rates add to more than 100% with ties: widget test
        # "play 50 games (the number the lab starts with)", then 4x
        "50": lambda: (
            _starts_with("StrategyLab", "n_games") == 50
            and _cap_allows(50, ["lookahead", "greedy"])
        ),
    },
    "11-solitaire-odds": {
        "95%": lambda: CONFIDENCE == 95,
        "3 / n": lambda: abs((1 - 0.05 ** (1 / 300)) * 300 - 3) < 0.05,
        "3.8": lambda: round(wilson_interval(0, 10_000)[1] * 10_000, 1) == 3.8,
        # "Play 50 deals (the number the box starts with)", then 4x
        "50": lambda: _starts_with("SolitaireOddsLesson", "n") == 50 and _solitaire_cap_allows(50),
        "08": lambda: _lesson_exists("08"),
    },
}
ODDS_NOTEBOOKS = sorted(CLAIMS)


def prose(name: str) -> str:
    book = nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4)
    return "\n\n".join(cell.source for cell in book.cells if cell.cell_type == "markdown")


def numbers_in(text: str) -> list[str]:
    """Every number in the text as written (with its % or scale word), outside C(a, b)."""
    text = CHOOSE.sub(" ", text)
    text = re.sub(r"3 / n", " «3 / n» ", text)
    found = ["3 / n"] * text.count("«3 / n»")
    text = text.replace("«3 / n»", " ")
    for match in NUMBER.finditer(text):
        found.append(match.group(1) + (match.group(2) or ""))
    return found


@pytest.mark.parametrize("name", ODDS_NOTEBOOKS)
def test_every_number_in_the_lesson_prose_is_checked_by_the_engine(name):
    unchecked = []
    for number in numbers_in(prose(name)):
        claims = CLAIMS[name]
        if number in claims:
            assert claims[number](), f"{name}: the number {number!r} is wrong"
        elif "%" not in number and "." not in number and "," not in number:
            if int(number) not in SMALL:
                unchecked.append(number)
        else:
            unchecked.append(number)
    assert not unchecked, f"{name}: numbers with no check in CLAIMS: {unchecked}"


@pytest.mark.parametrize("name", ODDS_NOTEBOOKS)
def test_every_binomial_coefficient_in_the_lesson_prose_is_right(name):
    for a, b, value in CHOOSE.findall(prose(name)):
        if value:
            assert comb(int(a), int(b)) == int(value.replace(",", "")), f"C({a}, {b})"


def test_the_lesson_08_prose_no_longer_says_25_billion_or_1000_deals():
    text = prose("08-go-out-on-the-deal")
    assert "25 billion" not in text and "1,000 deals" not in text


def test_claims_cover_only_numbers_that_are_in_the_prose():
    """A claim for a number no longer in the text is stale: remove it."""
    for name, claims in CLAIMS.items():
        stated = set(numbers_in(prose(name)))
        assert set(claims) <= stated, (name, set(claims) - stated)


def test_numbers_quoted_in_the_odds_quizzes_match_the_engine():
    text = " ".join(
        f"{q.prompt} {a.text} {a.why}"
        for bank in ODDS_QUIZZES.values()
        for q in bank
        for a in q.answers
    )
    assert "C(116, 7) = 46,627,515,440" in text and comb(116, 7) == 46_627_515_440
    assert "about 22%" in text and "21.8%" in text
    result = outs("8H 9H 10H QS QC KD", 4)
    assert (result.count, result.unseen_total) == (24, 110) and f"{24 / 110:.1%}" == "21.8%"
    assert "120%" in text and rule_of_thumb(24, 5) == 1.2
    assert "≈ 0.97" in text and f"{16 * 7 / 116:.2f}" == "0.97"
    assert "±30 percentage points at 10" in text and round(100 / math.sqrt(10)) in (31, 32)
    low, high = wilson_interval(29, 1000)  # "1,000 deals gives 2.9% ... 2.0% to 4.1%"
    assert "2.0% to 4.1%" in text and (f"{low:.1%}", f"{high:.1%}") == ("2.0%", "4.1%")
    assert "3/30 = 10%" in text and 1 - 0.05 ** (1 / 30) < 0.1
    ratio = (mean_interval(0, 1, 400)[1]) / (mean_interval(0, 1, 100)[1])
    assert "It halves" in text and abs(ratio - 0.5) < 0.01
    assert "the chance falls from 3 to 4 to 5 cards" in text
    p = [go_out_on_deal(r).probability for r in (1, 2, 3)]
    assert p[0] > p[1] > p[2]
