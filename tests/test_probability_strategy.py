"""Strategy comparisons and solitaire odds (RULES.md: The game, Five Crowns Solitaire)."""

from __future__ import annotations

from collections import Counter

import pytest

from fivecrowns_lab.core.rules import GameRules
from fivecrowns_lab.odds.simulate import SimulationError, game_seed, simulate
from fivecrowns_lab.odds.strategy import (
    compare,
    final_totals,
    run_games,
    solitaire_odds,
    summarize,
)
from fivecrowns_lab.table.solitaire import Solitaire

SHORT = GameRules(rounds=3)


def test_run_games_gives_the_same_table_as_simulate_and_reports_progress():
    seen = []
    table = run_games(
        ["greedy", "random"],
        7,
        SHORT,
        seed=4,
        progress=lambda d, t: seen.append((d, t)),
        chunk_size=3,
    )
    assert table == simulate(["greedy", "random"], 7, SHORT, seed=4, progress=False)
    assert seen == [(3, 7), (6, 7), (7, 7)]


def test_summary_has_one_row_per_seat_with_intervals_around_the_mean():
    table = run_games(["greedy", "random", "greedy"], 8, SHORT, seed=1)
    summary = summarize(table)
    assert list(summary["seat"]) == [1, 2, 3] and list(summary["games"]) == [8, 8, 8]
    for row in summary.records():
        assert row["total_low"] <= row["mean_total"] <= row["total_high"]
        assert 0 <= row["win_low"] <= row["win_rate"] <= row["win_high"] <= 1


def test_final_totals_are_the_last_round_running_totals():
    table = run_games(["greedy", "random"], 4, SHORT, seed=2)
    finals = final_totals(table)
    sums: Counter[tuple[int, int]] = Counter()
    for row in table.records():
        sums[row["game"], row["player"]] += row["points"]
    assert len(finals) == 4 * 2
    for row in finals.records():
        assert row["total"] == sums[row["game"], row["player"]]


def test_the_lowest_total_wins_so_wins_follow_placements():
    table = run_games(["greedy", "random"], 6, SHORT, seed=3)
    finals = final_totals(table)
    for game in set(finals["game"]):
        group = finals.where("game", game)
        best = min(group["total"])
        assert set(group.where("placement", 1)["total"]) == {best}


def test_paired_comparison_is_antisymmetric_and_says_who_wins():
    table = run_games(["greedy", "random"], 12, GameRules(rounds=5), seed=5)
    ab, ba = compare(table, 0, 1), compare(table, 1, 0)
    assert ab.mean == pytest.approx(-ba.mean)
    assert ab.ci[0] <= ab.mean <= ab.ci[1]
    assert ab.mean < 0 and ab.ci[1] < 0  # greedy plays far better than random
    assert str(ab).startswith("Greedy 1 scored ")
    assert " less than random 2 over 12 games, and the 95% interval (" in str(ab)
    assert str(ab).endswith("excludes 0: greedy 1 is the better bot.")
    assert " more than greedy 1 " in str(ba) and str(ba).endswith(": greedy 1 is the better bot.")


def test_solitaire_odds_replay_each_deal_from_its_seed():
    odds = solitaire_odds(4, seed=9)
    assert odds.games == 4 and sum(odds.closed.values()) == 4
    results = [Solitaire(seed=game_seed(9, i)).play() for i in range(4)]
    assert odds.wins == sum(r.won for r in results)
    assert odds.ci[0] <= odds.win_rate <= odds.ci[1]
    assert odds == solitaire_odds(4, seed=9)


@pytest.mark.parametrize("bad", [0, -1, True])
def test_a_number_of_games_below_one_is_refused(bad):
    with pytest.raises(SimulationError):
        solitaire_odds(bad)
    with pytest.raises(SimulationError):
        run_games(["greedy", "random"], bad)


def test_unknown_bot_names_are_refused_before_any_game():
    with pytest.raises(ValueError, match="wizard"):
        run_games(["greedy", "wizard"], 3)
