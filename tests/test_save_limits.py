"""What a save may be: every kind checks its version, and a legal game of any sensible
length saves and loads back (a legal game has no longest, see validators.MAX_SAVE_CHARS).
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fivecrowns_lab import Game, GameRules, language
from fivecrowns_lab.errors import GameError, ScoreError, SolitaireError
from fivecrowns_lab.table.actions import TAKE_DISCARD, Discard
from fivecrowns_lab.table.scorebook import ScoreSheet
from fivecrowns_lab.table.solitaire import Solitaire
from fivecrowns_lab.validators import MAX_SAVE_CHARS, MAX_SAVED_MOVES


def _long_legal_game(moves: int) -> Game:
    """A legal game of ``moves`` moves: each player takes the top discard and throws it back
    (the quickest way to a long game; bots playing for real reshuffle the stock too)."""
    game = Game(["Ana", "Ben"], GameRules(rounds=1), seed=1)
    top = game.observation(game.current_player).top_discard
    assert top is not None
    for _turn in range(moves // 2):
        player = game.current_player
        game.apply(TAKE_DISCARD, player)
        game.apply(Discard(top), player)
    return game


def test_a_legal_game_of_30000_moves_saves_and_loads_back():
    game = _long_legal_game(30_000)
    text = game.to_json()
    assert len(text) > 1_000_000  # the old limit refused its own save
    loaded = Game.from_json(text)
    assert len(loaded.history) == 30_000
    assert loaded.to_json() == text


def test_the_save_limit_holds_the_most_moves_it_is_sized_for():
    game = _long_legal_game(2_000)
    per_move = len(json.dumps([r.action.to_dict() for r in game.history])) / 2_000
    assert MAX_SAVED_MOVES * per_move < MAX_SAVE_CHARS


def test_a_whole_bot_game_saves_and_loads_back():
    from fivecrowns_lab import make_bot, play_game

    game = Game(["A", "B", "C"], GameRules(rounds=3), seed=8)
    play_game(game, [make_bot("greedy", seat) for seat in range(3)])
    assert Game.from_json(game.to_json()).to_json() == game.to_json()


_NOT_VERSION_1 = st.one_of(
    st.integers().filter(lambda n: n != 1),
    st.just(True),
    st.just(1.0),
    st.just("1"),
    st.text(max_size=5),
    st.none(),
    st.lists(st.integers(), max_size=2),
)


def _game_save(version: object, *, drop: bool = False) -> str:
    data = json.loads(Game(["Ana", "Ben"], seed=2).to_json())
    if drop:
        del data["version"]
    else:
        data["version"] = version
    return json.dumps(data)


def _solitaire_save(version: object, *, drop: bool = False) -> str:
    data = json.loads(Solitaire(3).to_json())
    if drop:
        del data["version"]
    else:
        data["version"] = version
    return json.dumps(data)


@given(_NOT_VERSION_1)
def test_a_saved_game_of_any_version_but_1_is_refused_with_a_sentence(version):
    with pytest.raises(GameError, match=r"^This saved game is version .*; this program reads"):
        Game.from_json(_game_save(version))


@given(_NOT_VERSION_1)
def test_a_saved_solitaire_game_of_any_version_but_1_is_refused_with_a_sentence(version):
    with pytest.raises(SolitaireError, match=r"^This saved solitaire game is version .*; this"):
        Solitaire.from_json(_solitaire_save(version))


@given(_NOT_VERSION_1)
def test_a_saved_scoresheet_of_any_version_but_1_is_refused_with_a_sentence(version):
    data = json.loads(ScoreSheet(["Ann", "Ben"]).to_json())
    data["version"] = version
    with pytest.raises(ScoreError, match=r"^The saved game is version .*; this scorekeeper"):
        ScoreSheet.from_json(json.dumps(data))


def test_a_save_without_a_version_is_refused_for_every_kind():
    with pytest.raises(GameError, match=r"^This saved game has no version"):
        Game.from_json(_game_save(None, drop=True))
    with pytest.raises(SolitaireError, match=r"^This saved solitaire game has no version"):
        Solitaire.from_json(_solitaire_save(None, drop=True))
    with pytest.raises(ScoreError, match="is version None"):
        ScoreSheet.from_json('{"players": ["Ann", "Ben"], "rounds": []}')


def test_version_1_saves_still_load_and_version_refusals_are_danish():
    assert Game.from_json(_game_save(1)).names == ("Ana", "Ben")
    assert Solitaire.from_json(_solitaire_save(1)).seed == 3
    with language("da"), pytest.raises(GameError) as caught:
        Game.from_json(_game_save(99))
    assert "version 99" in str(caught.value) and "this program" not in str(caught.value)
