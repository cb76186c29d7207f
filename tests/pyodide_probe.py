"""What tests/test_pyodide.py compares: run by CPython and by Pyodide, prints one JSON line.

Stdlib and fivecrowns_lab only, so that the same file runs in both interpreters.
"""

import json
import random

from fivecrowns_lab import (
    DECK,
    Game,
    best_arrangement,
    go_out_on_deal,
    hand_size,
    make_bot,
    penalty,
    play_game,
)


def seeded_games() -> list[dict[str, object]]:
    games = []
    for seed, bots in [
        (1, ("greedy", "random")),
        (2, ("greedy", "greedy", "random")),
        (3, ("lookahead", "greedy")),
    ]:
        game = Game(len(bots), seed=seed)
        play_game(game, [make_bot(name, seed=seed * 10 + i) for i, name in enumerate(bots)])
        games.append({"seed": seed, "totals": list(game.totals), "save": game.to_json()})
    return games


def solved_hands() -> list[dict[str, object]]:
    rng = random.Random(2026)
    hands = []
    for round_no in range(1, 12):
        for _ in range(3):
            cards = rng.sample(DECK, hand_size(round_no))
            text = " ".join(card.code for card in cards)
            hands.append(
                {
                    "round": round_no,
                    "hand": text,
                    "arrangement": repr(best_arrangement(text, round_no)),
                    "penalty": penalty(text, round_no),
                }
            )
    return hands


def odds_table() -> list[dict[str, object]]:
    rows = []
    for round_no in (1, 2, 3, 5, 8, 11):
        exact = go_out_on_deal(round_no)
        rows.append({"round": round_no, "exact": str(exact.value), "ci": list(exact.ci)})
    simulated = go_out_on_deal(1, method="simulate", n=300, seed=4)
    rows.append({"round": 1, "simulated": str(simulated.value), "ci": list(simulated.ci)})
    return rows


if __name__ == "__main__":
    print(json.dumps({"games": seeded_games(), "hands": solved_hands(), "odds": odds_table()}))
