"""Simulating many games: reproducible from the seed, the same on any executor."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

import pytest

from fivecrowns_lab.core.rules import GameRules
from fivecrowns_lab.odds.simulate import SimulationError, simulate
from fivecrowns_lab.table.players import make_bot
from fivecrowns_lab.table.rows import Rows

RULES = GameRules(rounds=3)
PLAYERS = ["greedy", "random", "lookahead"]


@pytest.fixture(scope="module")
def serial() -> Rows:
    return simulate(PLAYERS, 6, RULES, seed=3, progress=False)


def test_one_row_per_player_per_round_per_game(serial):
    for column in ["game", "round", "player", "points", "total", "went_out_first", "bot"]:
        assert column in serial.columns
    assert len(serial) == 6 * 3 * 3
    out_first = Counter((r["game"], r["round"]) for r in serial.records() if r["went_out_first"])
    assert set(out_first.values()) == {1} and len(out_first) == 6 * 3
    per_game: Counter[tuple[int, int]] = Counter()
    for r in serial.records():
        per_game[r["game"], r["player"]] += r["points"]
    last = serial.where("round", 3)
    pairs = zip(last["game"], last["player"], strict=True)
    assert last["total"] == [per_game[g, p] for g, p in pairs]


def test_the_same_seed_gives_the_same_table_whatever_the_chunking(serial):
    again = simulate(PLAYERS, 6, RULES, seed=3, progress=False, chunk_size=4)
    assert again == serial
    other = simulate(PLAYERS, 6, RULES, seed=4, progress=False)
    assert other != serial


def test_a_process_pool_gives_the_same_table(serial):
    with ProcessPoolExecutor(max_workers=2) as pool:
        table = simulate(PLAYERS, 6, RULES, seed=3, executor=pool, progress=False, chunk_size=2)
    assert table == serial


def test_a_dask_cluster_gives_the_same_table(serial):
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        table = simulate(
            PLAYERS, 6, RULES, seed=3, executor=client.get_executor(), progress=False, chunk_size=2
        )
    assert table == serial


def test_players_may_mix_bot_objects_and_names(serial):
    mixed = [make_bot("greedy", 99), "random", make_bot("lookahead")]
    table = simulate(mixed, 6, RULES, seed=3, progress=False)
    assert table == serial  # bot objects are reseeded per game


def test_a_stateless_custom_player_is_copied_per_game():
    class FirstLegal:
        name = "first"

        def choose(self, observation):
            return observation.legal_actions[0]

    table = simulate([FirstLegal(), "greedy"], 2, GameRules(rounds=1), seed=1, progress=False)
    assert table["bot"][:2] == ["first", "greedy"]


def test_bad_settings_are_refused_before_any_game():
    with pytest.raises(ValueError, match="no bot called 'nobody'"):
        simulate(["greedy", "nobody"], 2, progress=False)
    with pytest.raises(SimulationError, match="2 to 7 players"):
        simulate(["greedy"], 2, progress=False)
    with pytest.raises(SimulationError, match="whole number"):
        simulate(["greedy", "random"], -1, progress=False)


def test_progress_bar_can_be_shown(capsys):
    simulate(["greedy", "random"], 1, GameRules(rounds=1), seed=1, progress=True)
    assert "game" in capsys.readouterr().err


# -- bad input (issue 9) -------------------------------------------------------------------------


def test_seats_that_are_neither_bot_names_nor_players_are_refused():
    with pytest.raises(SimulationError, match=r"bot name .* not 5"):
        simulate([5, 6], 1, progress=False)


@pytest.mark.parametrize("chunk_size", [-1, 0, 2.5, "3", True])
def test_a_chunk_size_below_one_is_refused_not_an_empty_table(chunk_size):
    with pytest.raises(SimulationError, match="chunk size"):
        simulate(["greedy", "random"], 2, progress=False, chunk_size=chunk_size)


@pytest.mark.parametrize("n_games", [0, -1, 2.0, True, 10**12])
def test_simulate_and_run_games_share_one_bound_on_the_number_of_games(n_games):
    from fivecrowns_lab.odds.strategy import run_games

    for driver in (simulate, run_games):
        with pytest.raises(SimulationError, match="whole number >= 1"):
            driver(["greedy", "random"], n_games)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": "greedy"}, "list with one bot name"),
        ({"rules": {"rounds": 1}}, "GameRules"),
        ({"seed": "x"}, "A seed is"),
        ({"seed": 10**30}, "A seed is"),
        ({"executor": "pool"}, "Executor"),
        ({"progress": "yes"}, "progress is"),
    ],
)
def test_bad_settings_are_refused_with_a_simulation_error(kwargs, message):
    arguments = {"players": ["greedy", "random"], "n_games": 1, "progress": False} | kwargs
    with pytest.raises(SimulationError, match=message):
        simulate(**arguments)


def test_a_progress_function_is_called_after_each_chunk():
    calls = []
    simulate(["greedy", "random"], 3, RULES, seed=1, progress=lambda d, t: calls.append((d, t)))
    assert calls[-1] == (3, 3) and len(calls) >= 1


def test_a_bad_seat_list_is_refused_before_any_heavy_import_or_game():
    # Importing pandas (when the tables were DataFrames) took 0.5-2.5 s on a first call,
    # before the seats were even looked at; a refusal must not wait for any heavy import.
    # A fresh interpreter shows what was imported.
    code = (
        "import sys\n"
        "import fivecrowns_lab as f\n"
        "for seats in (['greedy', 'nope'], ['expert', 5], 'greedy', ['random'] * 9, []):\n"
        "    for n_games in (5, 0, 'x'):\n"
        "        try:\n"
        "            f.simulate(seats, n_games)\n"
        "        except f.FiveCrownsError:\n"
        "            pass\n"
        "        else:\n"
        "            raise SystemExit('accepted')\n"
        "print(sorted(m for m in ('pandas', 'tqdm', 'numpy') if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
