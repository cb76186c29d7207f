"""Many games at once: one row per player per round per game (plain :class:`Rows`).

Each game's seed, and each bot's, comes from ``(seed, game index, seat)`` alone,
so the table is the same whether the games run one after another or spread over
processes or a Dask cluster (any :class:`concurrent.futures.Executor`).

>>> table = simulate(["greedy", "random"], 2, GameRules(rounds=2), seed=1, progress=False)
>>> table.columns
('game', 'round', 'player', 'bot', 'points', 'total', 'went_out_first', 'placement')
>>> len(table)
8
"""

from __future__ import annotations

import copy
import hashlib
import sys
import warnings
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from typing import Any

from ..core.rules import GameRules, check_player_count
from ..errors import SimulationError, quote
from ..i18n import gettext as _
from ..i18n import number
from ..table.game import Game, play_game
from ..table.players import Player, make_bot
from ..table.rows import Rows
from ..validators import check_seed, is_numpy, whole_number

__all__ = [
    "COLUMNS",
    "MAX_GAMES",
    "MIN_GAMES",
    "Progress",
    "SimulationError",
    "check_games",
    "game_seed",
    "simulate",
    "table_of",
]

COLUMNS = ["game", "round", "player", "bot", "points", "total", "went_out_first", "placement"]
#: The fewest and the most games one call simulates (every driver checks the same bound).
MIN_GAMES = 1
MAX_GAMES = 1_000_000
#: ``progress(done, total)``, called after each chunk of games.
Progress = Callable[[int, int], None]


def check_games(n_games: object) -> int:
    """Return ``n_games`` if it is a whole number of games to play, else raise SimulationError."""
    return whole_number(
        n_games,
        _("The number of games must be a whole number >= {low} (at most {most}), not {value}."),
        MIN_GAMES,
        MAX_GAMES,
        SimulationError,
        most=number(MAX_GAMES),
    )


def _check_specs(players: object) -> list[str | Player]:
    if isinstance(players, (str, bytes)) or not isinstance(players, (list, tuple)):
        raise SimulationError(
            _("Players are a list with one bot name or player per seat, not {value}.").format(
                value=quote(players)
            )
        )
    check_player_count(len(players), SimulationError)
    for spec in players:
        if isinstance(spec, str):
            make_bot(spec)  # raises a readable error for an unknown name, before any work
        elif is_numpy(spec) or not callable(getattr(spec, "choose", None)):
            raise SimulationError(
                _(
                    "Each seat is a bot name (such as 'greedy') or a player with a "
                    "choose(observation) method, not {value}."
                ).format(value=quote(spec))
            )
    return list(players)


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
    progress: bool | Progress = True,
    chunk_size: int | None = None,
) -> Rows:
    """Play ``n_games`` games and return one row per player per round per game.

    Parameters
    ----------
    players
        One entry per seat: a bot name from :data:`~fivecrowns_lab.table.players.BOTS` or a
        player object. A player with a ``with_seed(seed)`` method (every bot) gets a
        fresh copy seeded for each game; any other player is deep-copied per game.
    n_games
        How many games (at least one).
    rules
        The settings for every game.
    seed
        Decides every game; the same seed gives the same table.
    executor
        Spreads the games over workers (a ``ProcessPoolExecutor``, or a Dask
        ``client.get_executor()``); None plays them here, one after another.
    progress
        True shows a progress bar (tqdm); a function ``progress(done, total)`` is called
        after each chunk instead (the strategy lesson's bar); False shows nothing.
    chunk_size
        Games per task sent to the executor (it never changes the results).
    """
    # Every argument is checked before tqdm is imported: a refusal is immediate.
    specs = _check_specs(players)
    check_games(n_games)
    if rules is None:
        rules = GameRules()
    elif not isinstance(rules, GameRules):
        raise SimulationError(
            _("The rules of the games are a GameRules, not {value}.").format(value=quote(rules))
        )
    check_seed(seed, SimulationError)
    if executor is not None and not isinstance(executor, Executor):
        raise SimulationError(
            _("The executor is a concurrent.futures Executor, not {value}.").format(
                value=quote(executor)
            )
        )
    if not isinstance(progress, bool) and not callable(progress):
        raise SimulationError(
            _("progress is True, False or a function, not {value}.").format(value=quote(progress))
        )
    if chunk_size is not None:
        whole_number(
            chunk_size,
            _("The chunk size is a whole number of games >= {low} (or None), not {value}."),
            1,
            error=SimulationError,
        )
    if executor is not None and sys.platform == "emscripten":
        # A browser kernel (Pyodide) has no worker processes: the same games, one by one.
        warnings.warn(
            "This Python runs in a web browser, which has no worker processes: "
            "the games are played here, one after another (the results are the same).",
            stacklevel=2,
        )
        executor = None
    from tqdm.auto import tqdm

    size = chunk_size or max(1, min(25, -(-n_games // 16)))
    chunks = [range(i, min(i + size, n_games)) for i in range(0, n_games, size)]
    report = progress if callable(progress) and not isinstance(progress, bool) else None
    rows: list[dict[str, Any]] = []
    done = 0
    with tqdm(total=n_games, disable=progress is not True, desc="games", unit="game") as bar:
        if executor is None:
            results = (play_games(specs, list(chunk), rules, seed) for chunk in chunks)
        else:
            futures = [executor.submit(play_games, specs, list(c), rules, seed) for c in chunks]
            results = (future.result() for future in futures)
        for chunk, chunk_rows in zip(chunks, results, strict=True):
            rows.extend(chunk_rows)
            bar.update(len(chunk))
            done += len(chunk)
            if report is not None:
                report(done, n_games)
    return table_of(rows)


def table_of(rows: Sequence[dict[str, Any]]) -> Rows:
    """The games' rows as one table, ordered by game, round and seat (as every driver gives)."""
    ordered = sorted(rows, key=lambda r: (r["game"], r["round"], r["player"]))
    return Rows.from_records(COLUMNS, ordered)
