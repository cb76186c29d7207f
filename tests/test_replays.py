"""Same seeds, same games: seeded games replay every action recorded on commit d50a911.

The recording (``tests/data/replays_d50a911.json``) was made before the speed work of
issue 21 (a shared solver memo, one-pass discard scoring). Those change how fast a bot
thinks, never what it chooses, so every action of every recorded game must come out the
same. If a deliberate change of a bot's choice makes a game differ, say so in
CHANGELOG.md and re-record with ``python tests/test_replays.py tests/data/<file>.json``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from fivecrowns_lab import Game, GameRules, Solitaire, make_bot
from fivecrowns_lab.table.game import play_moves

RECORDING = Path(__file__).parent / "data" / "replays_d50a911.json"

# (name, bots, rules, seed): bot i of a game is seeded 10 * seed + i.
CASES: list[tuple[str, list[str], dict[str, Any], int]] = [
    ("greedy x4, 11 rounds", ["greedy"] * 4, {}, 1),
    ("lookahead x4, 6 rounds", ["lookahead"] * 4, {"rounds": 6}, 2),
    ("mixed, 5 rounds", ["random", "greedy", "lookahead", "expert"], {"rounds": 5}, 3),
    ("expert x3, 3 rounds", ["expert"] * 3, {"rounds": 3}, 4),
    (
        "books in different suits",
        ["greedy", "lookahead", "greedy"],
        {"rounds": 6, "books_distinct_suits": True},
        5,
    ),
    (
        "no all-wild melds",
        ["lookahead", "greedy", "expert"],
        {"rounds": 4, "no_all_wild_melds": True},
        6,
    ),
    ("no final discard", ["greedy", "lookahead"], {"rounds": 6, "no_final_discard": True}, 7),
]
SOLITAIRE_SEEDS = range(6)


def play_case(bots: list[str], rules: dict[str, Any], seed: int) -> dict[str, Any]:
    game = Game(len(bots), GameRules(**rules), seed=seed)
    players = [make_bot(bot, 10 * seed + i) for i, bot in enumerate(bots)]
    actions = [str(move.action) for move in play_moves(game, players)]
    return {"actions": actions, "totals": list(game.totals)}


def play_solitaire(seed: int) -> dict[str, Any]:
    game = Solitaire(seed=seed)
    result = game.play()
    actions = [str(record.action) for record in game.history]
    return {"actions": actions, "won": result.won, "closed": result.closed}


def record() -> dict[str, Any]:
    games = [
        {"name": name, "bots": bots, "rules": rules, "seed": seed, **play_case(bots, rules, seed)}
        for name, bots, rules, seed in CASES
    ]
    solitaire = [{"seed": seed, **play_solitaire(seed)} for seed in SOLITAIRE_SEEDS]
    return {"games": games, "solitaire": solitaire}


RECORDED = json.loads(RECORDING.read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", RECORDED["games"], ids=lambda case: case["name"])
def test_seeded_game_replays_every_recorded_action(case: dict[str, Any]) -> None:
    played = play_case(case["bots"], case["rules"], case["seed"])
    for i, (now, then) in enumerate(zip(played["actions"], case["actions"], strict=False)):
        assert now == then, f"{case['name']}: action {i} is {now!r}, recorded {then!r}"
    assert len(played["actions"]) == len(case["actions"])
    assert played["totals"] == case["totals"]


@pytest.mark.parametrize("case", RECORDED["solitaire"], ids=lambda case: f"seed {case['seed']}")
def test_seeded_solitaire_replays_every_recorded_action(case: dict[str, Any]) -> None:
    played = play_solitaire(case["seed"])
    assert played["actions"] == case["actions"]
    assert (played["won"], played["closed"]) == (case["won"], case["closed"])


if __name__ == "__main__":  # re-record: python tests/test_replays.py tests/data/<file>.json
    Path(sys.argv[1]).write_text(json.dumps(record(), indent=1) + "\n", encoding="utf-8")
