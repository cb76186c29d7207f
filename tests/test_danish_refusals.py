"""A Danish learner's bad input is refused in whole Danish sentences, whichever caller checks it.

The checks of :mod:`fivecrowns_lab.validators` (numbers, seeds, saved JSON) serve about
thirty callers; a few typical ones are taken here, from a code cell, a bot, a simulation and
lesson 06's scorekeeper opening a damaged save.
"""

from __future__ import annotations

import re

import pytest

from fivecrowns_lab import Game, Solitaire, language
from fivecrowns_lab.errors import FiveCrownsError
from fivecrowns_lab.odds.outs import outs
from fivecrowns_lab.odds.probability import deal
from fivecrowns_lab.odds.simulate import simulate
from fivecrowns_lab.table.players import make_bot
from fivecrowns_lab.table.scorebook import ScoreSheet

#: English words these refusals used to glue together; none may be left in Danish ("score"
#: and "point" are Danish too, and the quoted input and code names such as None stay).
ENGLISH = re.compile(
    r"\b(a|an|the|is|are|not|this|saved|seed|text|whole|number|numbers|game|games|player|"
    r"players|round|rounds|draws?|should|has|holds?|too|large|from|of|or|and|Expecting|"
    r"character|value|keys?|damaged|broken|bot's)\b"
)


def _refusal(call) -> str:
    with language("da"), pytest.raises(FiveCrownsError) as caught:
        call()
    return str(caught.value)


@pytest.mark.parametrize(
    ("call", "danish"),
    [
        (lambda: deal(3, seed=1.5), "Et givenummer er et helt tal under 2**64, en random.Random "
         "at blive ved med at give fra eller None (for et tilfældigt), ikke 1.5."),
        (lambda: make_bot("greedy", 2**64), "En bots givenummer er et helt tal under 2**64, "
         "en tekst eller None (for et tilfældigt), ikke 18446744073709551616."),
        (lambda: Game(["Ana", "Ben"], seed=True), "Et givenummer er et helt tal under 2**64 "
         "eller None (for et tilfældigt), ikke True."),
        (lambda: simulate(["greedy", "random"], 0, progress=False), "Antallet af spil skal "
         "være et helt tal >= 1 (højst 1.000.000), ikke 0."),
        (lambda: outs("8H 9H 10H QS QC KD", 4).within(-2), "Antallet af træk er et helt tal "
         "på mindst 0, ikke -2."),
        (lambda: ScoreSheet(["Ana", "Ben"]).with_round([3]), "En runde skal have 2 scorer, "
         "én pr. spiller; fik 1."),
        (lambda: Game.from_json('{"format": "fivecrowns-game", "lur": 1}'), "Dette gemte spil "
         "har en nøgle, som ingen gemt fil har: 'lur'; det kan komme fra et andet program."),
        (lambda: Solitaire.from_json("[1, 2"), "Dette er ikke en gemt kabale: der mangler et "
         "',' ved tegn 5."),
        (lambda: ScoreSheet.from_json(b"\xff"), "Dette er ikke et gemt pointskema: teksten er "
         "ikke UTF-8."),
    ],
    ids=["deal seed", "bot seed", "game seed", "games", "draws", "score row", "game save",
         "solitaire save", "scoresheet save"],
)  # fmt: skip
def test_a_refusal_from_each_kind_of_caller_is_a_whole_danish_sentence(call, danish):
    said = _refusal(call)
    assert said == danish
    assert ENGLISH.search(said) is None, said


def test_the_same_refusals_stay_english_outside_danish():
    with pytest.raises(FiveCrownsError) as caught:
        Solitaire.from_json("[1, 2")
    assert str(caught.value) == (
        "This is not a saved solitaire game: Expecting ',' delimiter at character 5."
    )


def test_lesson_06_opening_a_damaged_save_says_so_in_danish(widget_errors, tmp_path):
    from fivecrowns_lab.lessons import scorekeeper

    save = tmp_path / "game.json"
    save.write_text('{"version": 1, "players": ["Ana", "Ben"], "rounds": [[3, 0]', "utf-8")
    with language("da"):
        status = scorekeeper(save).view.status
    assert status.kind == "error"
    assert status.text == (
        "Det gemte spil kunne ikke læses, så dette er et nyt spil. Dette er ikke et gemt "
        "pointskema: der mangler et ',' ved tegn 59. Når du gemmer næste gang, bliver den "
        "beskadigede fil liggende ved siden af, omdøbt med tidspunktet, og spillet gemmes "
        "på ny."
    )
    assert ENGLISH.search(status.text) is None, status.text
