"""The scoresheet and standings tables, and their CSV export."""

from __future__ import annotations

import io

import pandas as pd

from fivecrowns_lab.core.rules import GameRules
from fivecrowns_lab.table.deal import Deal
from fivecrowns_lab.table.game import Game, play_game
from fivecrowns_lab.table.players import make_bot


def played() -> Game:
    game = Game(["Ana", "Ben", "Cy"], GameRules(rounds=4), seed=6)
    return play_game(game, [make_bot("greedy", 1), make_bot("random", 2), make_bot("greedy", 3)])


def test_scoresheet_has_one_row_per_player_per_round_with_running_totals():
    game = played()
    sheet = game.scoresheet()
    assert list(sheet.columns) == [
        "round",
        "wild_rank",
        "player",
        "points",
        "total",
        "went_out_first",
    ]
    assert len(sheet) == 3 * 4
    assert sheet["wild_rank"].tolist()[::3] == ["3", "4", "5", "6"]
    for name in game.names:
        rows = sheet[sheet["player"] == name]
        assert rows["total"].tolist() == rows["points"].cumsum().tolist()
        assert rows["total"].iloc[-1] == game.totals[game.names.index(name)]
    assert sheet.groupby("round")["went_out_first"].sum().tolist() == [1, 1, 1, 1]


def test_the_player_who_went_out_first_scores_zero_on_the_sheet():
    sheet = played().scoresheet()
    assert (sheet[sheet["went_out_first"]]["points"] == 0).all()


def test_standings_give_totals_rounds_gone_out_first_and_placement():
    game = played()
    table = game.standings()
    assert list(table.columns) == ["player", "total_points", "rounds_gone_out_first", "placement"]
    assert table["rounds_gone_out_first"].sum() == 4
    assert table["placement"].iloc[0] == 1
    assert table["total_points"].is_monotonic_increasing


def test_tied_players_share_a_placement_and_the_next_place_is_skipped():
    # Ana goes out, Ben melds everything on his final turn, Cy keeps 8♠ 8♦ K♣: 0, 0, 29.
    deal = Deal.arrange(1, ["5H 6H 9C", "5S 6S 7S", "8S 8D KC"], "7H", stock="QC QH", dealer=2)
    game = Game(["Ana", "Ben", "Cy"], GameRules(rounds=1), seed=1, deal=deal)
    game.draw("discard")
    game.go_out("9C")
    for drawn in ("QH", "QC"):
        game.draw("stock")
        game.discard(drawn)
    assert game.round_results[0].points == (0, 0, 29)
    game.next_round()
    table = game.standings()
    assert table["placement"].tolist() == [1, 1, 3]
    assert table["rounds_gone_out_first"].tolist() == [1, 0, 0]


def test_both_tables_export_to_csv_and_read_back():
    game = played()
    for table in (game.scoresheet(), game.standings()):
        text = table.to_csv(index=False)
        again = pd.read_csv(io.StringIO(text), dtype={"wild_rank": str})
        pd.testing.assert_frame_equal(again, table, check_dtype=False)


def test_a_game_without_scored_rounds_has_an_empty_sheet():
    sheet = Game(2, seed=1).scoresheet()
    assert sheet.empty and "total" in sheet.columns
