"""The engine loops the lessons pace: play_moves with people at the table (until=...),
runs of games and solitaire deals, the run's cost caps, and the bot Stop interrupts."""

from __future__ import annotations

import threading
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fivecrowns_lab.core.rules import GameRules
from fivecrowns_lab.errors import GameError
from fivecrowns_lab.odds.game_runs import RunningShare, seat_one_games, solitaire_deals
from fivecrowns_lab.odds.run_cost import (
    BROWSER_SLOWDOWN,
    GAME_SECONDS,
    game_cap,
    solitaire_cap,
)
from fivecrowns_lab.odds.simulate import game_seed, play_games
from fivecrowns_lab.odds.stats import wilson_interval
from fivecrowns_lab.odds.strategy import solitaire_odds
from fivecrowns_lab.table.game import Game
from fivecrowns_lab.table.loop import last_round_scored, play_game, play_moves
from fivecrowns_lab.table.players import make_bot
from fivecrowns_lab.table.solitaire import Solitaire
from fivecrowns_lab.table.stoppable import StoppableBot, StopRequested


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6), st.integers(2, 4))
def test_play_moves_until_a_persons_turn_stops_before_asking_for_that_seat(seed, seats):
    """Property: with seat 0 a person, the loop stops exactly when seat 0 is to move
    (or a round ends), and every move it played was a bot's."""
    game = Game(seats, GameRules(rounds=2), seed=seed)
    bots = {p: make_bot("greedy", p) for p in range(1, seats)}

    def waits(g: Game) -> bool:
        return g.current_player == 0 or g.phase == "round_over"

    moves = list(play_moves(game, bots, until=waits))
    assert all(move.seat != 0 for move in moves)
    assert game.is_over or waits(game)


def test_play_moves_until_at_the_last_round_deals_no_new_round_but_ends_the_game():
    game = Game(2, GameRules(rounds=1), seed=4)
    bots = [make_bot("greedy", 1), make_bot("greedy", 2)]
    list(play_moves(game, bots, until=lambda g: g.phase == "round_over"))
    assert game.phase == "round_over" and last_round_scored(game)
    list(
        play_moves(
            game, bots, until=lambda g: g.phase == "round_over" and not last_round_scored(g)
        )
    )
    assert game.is_over


def test_play_moves_with_a_seat_left_empty_and_no_stop_refuses_naming_the_seat():
    game = Game(2, seed=1)
    with pytest.raises(GameError, match="Seat 1 has no player"):
        list(play_moves(game, {1: make_bot("greedy", 1)}))


def test_play_moves_refuses_players_at_seats_the_game_does_not_have():
    with pytest.raises(GameError, match="sit at"):
        play_moves(Game(2, seed=1), {5: make_bot("greedy", 1)})


def test_players_by_seat_play_the_same_game_as_players_in_a_list():
    by_list = play_game(
        Game(3, GameRules(rounds=2), seed=9), [make_bot("greedy", s) for s in range(3)]
    )
    by_seat = Game(3, GameRules(rounds=2), seed=9)
    list(play_moves(by_seat, {s: make_bot("greedy", s) for s in range(3)}))
    assert by_seat.to_json() == by_list.to_json()


def test_seat_one_games_are_the_simulations_games_with_a_running_wilson_share():
    rules = GameRules(rounds=2)
    played = list(seat_one_games(["greedy", "random"], 3, rules, seed=5))
    rows = [row for p in played for row in p.rows]
    assert rows == play_games(["greedy", "random"], [0, 1, 2], rules, 5)
    wins = sum(any(r["player"] == 0 and r["placement"] == 1 for r in p.rows) for p in played)
    last = played[-1].share
    assert last.n == 3 and last.value == wins / 3
    assert (last.low, last.high) == wilson_interval(wins, 3)


def test_solitaire_deals_tally_counts_the_deals_the_bot_plays_from_each_game_seed():
    results = [Solitaire(seed=game_seed(3, i)).play() for i in range(4)]
    tally = list(solitaire_deals(4, seed=3))[-1]
    assert tally.games == 4 and tally.wins == sum(r.won for r in results)
    assert tally.closed == Counter(r.closed for r in results)
    assert tally.odds(3) == solitaire_odds(4, seed=3)


def test_solitaire_deals_stop_drops_the_deal_being_played_and_ends():
    asked = iter([False] * 5 + [True] * 1000)
    assert list(solitaire_deals(3, seed=1, stop=lambda: next(asked))) == []


def test_running_share_rows_are_what_the_running_chart_reads():
    assert RunningShare.of(1, 4).row() == {
        "n": 4,
        "value": 0.25,
        **dict(zip(("low", "high"), wilson_interval(1, 4), strict=True)),
    }


def test_run_cost_caps_slower_seats_to_fewer_games_and_a_browser_to_fewer_still(monkeypatch):
    assert game_cap(["greedy", "greedy"]) > game_cap(["expert", "expert"]) >= 2
    assert game_cap(["greedy"], rounds=1) > game_cap(["greedy"])
    server = game_cap(["greedy"]), solitaire_cap()
    monkeypatch.setattr("sys.platform", "emscripten")
    browser = game_cap(["greedy"]), solitaire_cap()
    for here, there in zip(server, browser, strict=True):
        assert there == pytest.approx(here / BROWSER_SLOWDOWN, abs=1)
    assert set(GAME_SECONDS) <= {"random", "greedy", "lookahead", "expert"}


def test_a_stoppable_bot_plays_as_its_bot_until_stop_then_raises_before_the_move():
    stop = threading.Event()
    game = Game(2, seed=2)
    observation = game.observation(game.current_player)
    bot = StoppableBot("greedy", stop, 7)
    assert bot.choose(observation) == make_bot("greedy", 7).choose(observation)
    stop.set()
    with pytest.raises(StopRequested):
        bot.with_seed(8).choose(observation)
