"""numpy arrays and scalars where cards, hands, round numbers, bots or counts belong: each
is refused with a FiveCrownsError sentence (or read correctly), never with numpy's own
exception. The package itself never imports numpy.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from fivecrowns_lab import (
    Discard,
    Draw,
    FiveCrownsError,
    Game,
    GameRules,
    Hand,
    card_points,
    check_meld,
    hand_size,
    is_wild,
    make_bot,
    parse_cards,
    penalty,
    play_game,
    run_games,
    simulate,
    wild_rank,
)
from fivecrowns_lab.table.scorebook import ScoreSheet, placements
from fivecrowns_lab.table.solitaire import Solitaire
from fivecrowns_lab.validators import is_numpy

np = pytest.importorskip("numpy")

HAND = ["8H", "8S", "8*"]
CARD = parse_cards("8H")[0]


def _game() -> Game:
    return Game(["Ana", "Ben"], GameRules(rounds=1), seed=1)


def _apply(action):
    game = _game()
    seat = game.current_player
    if not isinstance(action, Draw):
        game.apply(Draw("stock"), seat)
    game.apply(action, seat)
    return game.to_json()


# Each call hands numpy to one public entry point where something else belongs.
REFUSED = {
    "round number as numpy int": lambda: check_meld(HAND, np.int64(1)),
    "round number as 0-d array": lambda: hand_size(np.array(3)),
    "round number as array": lambda: wild_rank(np.array([3])),
    "round number as numpy float": lambda: penalty(HAND, np.float64(1.0)),
    "card as array": lambda: card_points(np.array(HAND), 1),
    "card as 0-d object array": lambda: is_wild(np.array(CARD, dtype=object), 1),
    "card in a hand as 0-d array": lambda: Hand([np.array(CARD, dtype=object)]),
    "cards as 2-d array": lambda: check_meld(np.array([HAND, HAND]), 1),
    "discard as array": lambda: _apply(Discard(np.array(["8H"]))),
    "draw source as array": lambda: _apply(Draw(np.array(["stock"]))),
    "players as numpy int": lambda: Game(np.int64(2)),
    "seat as numpy int": lambda: _game().observation(np.int64(0)),
    "rules rounds as numpy int": lambda: GameRules(rounds=np.int64(2)),
    "bot name as array": lambda: make_bot(np.array(["greedy"]), 1),
    "bot seed as numpy int": lambda: make_bot("greedy", np.int64(1)),
    "bot as 0-d object array": lambda: play_game(
        _game(), [np.array(make_bot("greedy", 1), dtype=object), make_bot("greedy", 2)]
    ),
    "bots as array": lambda: simulate(np.array(["greedy", "greedy"]), 2, progress=False),
    "game count as numpy int": lambda: run_games(["greedy", "greedy"], np.int64(2)),
    "solitaire bot as array": lambda: Solitaire(1).play(np.array(["x"])),
    "scores as array": lambda: ScoreSheet(["Ann", "Ben"]).with_round(np.array([1, 2])),
    "totals as array": lambda: placements(np.array([1, 2])),
}


@pytest.mark.parametrize("call", sorted(REFUSED))
def test_numpy_where_cards_rounds_bots_or_counts_belong_is_refused_with_a_sentence(call):
    with pytest.raises(FiveCrownsError) as caught:
        REFUSED[call]()
    said = str(caught.value)
    assert said.endswith(".") and "truth value" not in said and "ambiguous" not in said


def test_a_numpy_whole_number_is_refused_saying_what_to_pass_instead():
    with pytest.raises(FiveCrownsError) as caught:
        check_meld(HAND, np.int64(1))
    assert str(caught.value) == (
        "np.int64(1) is a numpy value; pass a plain Python whole number instead, such as int(x)."
    )


def test_numpy_text_is_text_so_card_codes_in_an_array_read_as_cards():
    # numpy's str_ is a str: a hand written in a numpy array of codes is read correctly.
    assert check_meld(np.array(HAND), 1).valid
    assert parse_cards(np.array(HAND)) == parse_cards(HAND)


def test_numpy_values_are_told_apart_from_plain_ones_without_numpy():
    assert all(is_numpy(v) for v in (np.int64(1), np.array([1]), np.str_("8H"), np.bool_(1)))
    assert not any(is_numpy(v) for v in (1, "8H", [1], (1,), None, CARD, 1.5))


def test_the_package_never_imports_numpy():
    code = (
        "import sys, fivecrowns_lab, fivecrowns_lab.odds.simulate, fivecrowns_lab.validators\n"
        "print('numpy' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
