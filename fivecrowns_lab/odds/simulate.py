"""Many games at once: one row per player per round per game, ready for pandas.

Each game's seed, and each bot's, comes from ``(seed, game index, seat)`` alone,
so the table is the same whether the games run one after another or spread over
processes or a Dask cluster (any :class:`concurrent.futures.Executor`).

>>> table = simulate(["greedy", "random"], 2, GameRules(rounds=2), seed=1, progress=False)
>>> list(table.columns)
['game', 'round', 'player', 'bot', 'points', 'total', 'went_out_first', 'placement']
>>> len(table)
8
"""

from __future__ import annotations

import copy
import hashlib
from collections.abc import Sequence
from concurrent.futures import Executor
from typing import TYPE_CHECKING, Any

from ..core.rules import GameRules
from ..errors import SimulationError
from ..table.game import Game, play_game
from ..table.players import Player, make_bot

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["COLUMNS", "SimulationError", "game_seed", "simulate"]

COLUMNS = ["game", "round", "player", "bot", "points", "total", "went_out_first", "placement"]


def game_seed(seed: int, *parts: int) -> int:
    """A 63-bit seed that depends only on ``seed`` and ``parts`` (game index, seat)."""
    text = ":".join(str(p) for p in (seed, *parts))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


def _seat(spec: str | Player, seed: int) -> Player:
    if isinstance(spec, str):
        return make_bot(spec, seed)
    reseed = getattr(spec, "with_seed", None)
    if callable(reseed):
        player: Player = reseed(seed)
        return player
    return copy.deepcopy(spec)


def _label(spec: str | Player) -> str:
    if isinstance(spec, str):
        return spec
    return str(getattr(spec, "name", type(spec).__name__))


def play_games(
    specs: Sequence[str | Player], games: Sequence[int], rules: GameRules, seed: int
) -> list[dict[str, Any]]:
    """Play the games numbered ``games`` and return their rows (what each worker runs)."""
    rows: list[dict[str, Any]] = []
    labels = [_label(s) for s in specs]
    names = [f"{label} {seat + 1}" for seat, label in enumerate(labels)]
    for index in games:
        players = [_seat(s, game_seed(seed, index, seat)) for seat, s in enumerate(specs)]
        game = play_game(Game(names, rules, game_seed(seed, index)), players)
        places = game.placements()
        totals = [0] * len(specs)
        for result in game.round_results:
            for seat, points in enumerate(result.points):
                totals[seat] += points
                rows.append(
                    {
                        "game": index,
                        "round": result.round_no,
                        "player": seat,
                        "bot": labels[seat],
                        "points": points,
                        "total": totals[seat],
                        "went_out_first": result.went_out == seat,
                        "placement": places[seat],
                    }
                )
    return rows


def simulate(
    players: Sequence[str | Player],
    n_games: int,
    rules: GameRules | None = None,
    seed: int = 0,
    executor: Executor | None = None,
    progress: bool = True,
    chunk_size: int | None = None,
) -> pd.DataFrame:
    """Play ``n_games`` games and return one row per player per round per game.

    Parameters
    ----------
    players
        One entry per seat: a bot name from :data:`~fivecrowns_lab.table.players.BOTS` or a
        player object. A player with a ``with_seed(seed)`` method (every bot) gets a
        fresh copy seeded for each game; any other player is deep-copied per game.
    n_games
        How many games.
    rules
        The settings for every game.
    seed
        Decides every game; the same seed gives the same table.
    executor
        Spreads the games over workers (a ``ProcessPoolExecutor``, or a Dask
        ``client.get_executor()``); None plays them here, one after another.
    progress
        Show a progress bar (tqdm).
    chunk_size
        Games per task sent to the executor (it never changes the results).
    """
    import pandas as pd
    from tqdm.auto import tqdm

    rules = GameRules() if rules is None else rules
    if isinstance(n_games, bool) or not isinstance(n_games, int) or n_games < 0:
        raise SimulationError(f"The number of games must be a whole number >= 0, not {n_games!r}.")
    if not 2 <= len(players) <= 7:
        raise SimulationError(f"A game needs 2 to 7 players, not {len(players)}.")
    specs = list(players)
    for spec in specs:
        if isinstance(spec, str):
            make_bot(spec)  # raises a readable error for an unknown name, before any work
    size = chunk_size or max(1, min(25, -(-n_games // 16)))
    chunks = [list(range(i, min(i + size, n_games))) for i in range(0, n_games, size)]
    rows: list[dict[str, Any]] = []
    with tqdm(total=n_games, disable=not progress, desc="games", unit="game") as bar:
        if executor is None:
            for chunk in chunks:
                rows.extend(play_games(specs, chunk, rules, seed))
                bar.update(len(chunk))
        else:
            futures = [executor.submit(play_games, specs, chunk, rules, seed) for chunk in chunks]
            for chunk, future in zip(chunks, futures, strict=True):
                rows.extend(future.result())
                bar.update(len(chunk))
    frame = pd.DataFrame(rows, columns=COLUMNS)
    frame = frame.sort_values(["game", "round", "player"], kind="stable").reset_index(drop=True)
    typed: pd.DataFrame = frame.astype(
        {"game": int, "round": int, "player": int, "points": int, "total": int, "placement": int}
    )
    return typed
