"""The scoresheet and the standings of a game, as pandas tables (both export with ``.to_csv``).

>>> from fivecrowns_lab.table.game import Game, play_game
>>> from fivecrowns_lab.table.players import make_bot
>>> from fivecrowns_lab.core.rules import GameRules
>>> game = play_game(Game(["Ana", "Ben"], GameRules(rounds=2), seed=3),
...                  [make_bot("greedy"), make_bot("greedy")])
>>> list(game.scoresheet().columns)
['round', 'wild_rank', 'player', 'points', 'total', 'went_out_first']
>>> list(game.standings().columns)
['player', 'total_points', 'rounds_gone_out_first', 'placement']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.melds import rank_text
from ..core.rules import wild_rank

if TYPE_CHECKING:
    import pandas as pd

    from .game import Game

__all__ = ["scoresheet", "standings"]

SCORESHEET_COLUMNS = ["round", "wild_rank", "player", "points", "total", "went_out_first"]
STANDINGS_COLUMNS = ["player", "total_points", "rounds_gone_out_first", "placement"]


def scoresheet(game: Game) -> pd.DataFrame:
    """One row per player per scored round: its points, the running total, who went out first."""
    import pandas as pd

    rows = []
    totals = [0] * len(game.names)
    for result in game.round_results:
        for player, name in enumerate(game.names):
            totals[player] += result.points[player]
            rows.append(
                {
                    "round": result.round_no,
                    "wild_rank": rank_text(wild_rank(result.round_no)),
                    "player": name,
                    "points": result.points[player],
                    "total": totals[player],
                    "went_out_first": result.went_out == player,
                }
            )
    frame = pd.DataFrame(rows, columns=SCORESHEET_COLUMNS)
    typed: pd.DataFrame = frame.astype(
        {"round": int, "points": int, "total": int, "went_out_first": bool}
    )
    return typed


def standings(game: Game) -> pd.DataFrame:
    """One row per player, best first: total points, rounds gone out first, placement.

    Players tied on total share a placement (1, 1, 3) unless a playoff settled it.
    """
    import pandas as pd

    gone_out = [0] * len(game.names)
    for result in game.round_results:
        if result.went_out is not None:
            gone_out[result.went_out] += 1
    frame = pd.DataFrame(
        {
            "player": list(game.names),
            "total_points": list(game.totals),
            "rounds_gone_out_first": gone_out,
            "placement": list(game.placements()),
        },
        columns=STANDINGS_COLUMNS,
    )
    ordered: pd.DataFrame = frame.sort_values("placement", kind="stable").reset_index(drop=True)
    return ordered
