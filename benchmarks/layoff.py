"""Benchmark the exact lay-off search against the bounded one it replaced, in one run.

Run: ``python benchmarks/layoff.py [--games N] [--crafted M] [--wide W] [--baseline DIR]``

Five sets of final turns, each scored by this checkout's ``best_with_layoff`` (exact, no
budget) and, in the same run, by the baseline's (commit a676caa, the search that stopped
at 8,000 nodes), in a subprocess that imports the baseline's package:

- **seed 62**: lesson 04's game with lay-off on, seven greedy bots and seed 62 (issue 23's
  38 s click), replayed at the engine level as the view builds it.
- **games**: every final turn of ``--games`` seeded 7-player lay-off games of greedy bots.
- **crafted**: ``--crafted`` round-11 positions: a 13-card hand biased to two suits, with
  up to three wilds, against 6 to 12 table books and runs with wilds.
- **wide**: ``--wide`` round-11 positions drawn from two decks: 15 to 20 table melds
  (books, runs, a few all-wild melds), a 13- or 14-card hand with up to seven wilds,
  under every meld variant.
- **hard**: the hardest positions found (``HARD``, also in ``tests/test_layoff.py`` with
  their optimum), issue 45's example first.

Times are CPU seconds of one thread (``time.thread_time``) per position, each the least of
``--repeat`` runs. For each set it prints the median and the worst for both searches and
their ratios (baseline / this), and how many baseline scores were above the optimum.

The baseline is ``--baseline DIR`` (a folder holding the baseline's ``fivecrowns_lab``,
e.g. ``git worktree add DIR a676caa``); without it, the script extracts the package of
commit a676caa into a temporary folder with ``git archive``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from fivecrowns_lab.core.cards import DECK, SUITS, Card, parse_cards
from fivecrowns_lab.core.layoff import best_with_layoff
from fivecrowns_lab.core.melds import Meld, make_book, make_run
from fivecrowns_lab.core.rules import GameRules, RoundRules, is_wild
from fivecrowns_lab.table import turns as game_module  # where a final turn calls the search
from fivecrowns_lab.table.game import Game, play_moves
from fivecrowns_lab.table.players import make_bot

ROOT = Path(__file__).resolve().parent.parent
BASELINE_COMMIT = "a676caa"
JOKER = next(c for c in DECK if c.is_joker)

# Four with heart runs and books of every rank but the loose cards' (5C 9S QD): with the
# wilds no natural is stranded, so only the full search finds the optimum. The last two:
# heart runs and two all-wild melds (a thousand options each), the slowest found.
HEART_RUNS = ["7H 8H 9H", "4H 5H 6H", "JH QH KS", "10H JH QH", "3H 4H 5H"]
BOOKS = ["3S 3D 3C", "4S 4D 4C", "6S 6D 6C", "7S 7D 7C", "8S 8D 8C", "10S 10D 10C",
         "JS JD JC"]  # fmt: skip

# (books in different suits, no all-wild melds, hand, table melds as a list or joined by
# ' | '): round 11. The first is issue 45's example.
HARD = [
    (False, False, "KH KH 7C 10D 5S 3S 6H 6* JD 4H 9S 3* Q*",
     ["6H 7H 8H 9H 10H JH", "6* JK 8* 9* 10* J*", "3D 3S 3H 3D", "6C K* JK", "K* 10C 10D 10S",
      "7* 7H 7S 7C", "JS JD JC JS J*", "5S 5H 5H", "4* 4S 4D"]),
    (True, False, "8D KC JD 4* 10S 10D 5S 8H QS 7D QD JC 8S 7*",
     (
      "7S 7H KC | 5C 6C 7C KD | 3C 3D 3H | 10C 10* 10H | 3H 4H K* 6H 7H | 6D 6C 6S | K* KD "
      "JK | 6D JK JK | 4C 4H 4* | 5D 5* 5C | 4C JK KH | 4S JK JK | 7C 8C KH | 5S 5* 5D | JS "
      "JH KS | 8S 9S 10S JS | 9D 9C 9H"
     )),
    (False, False, "K* K* JH JC 9C 9S 3H 10D 6* 8S 5S 5H QD 6D",
     (
      "7* 8* 9* 10* | 3S 4S 5S | 9S KD JS QS JK | 7D 8D 9D 10D JD QD JK | 8H 9H KC KH QH KC "
      "| 3C 3* KD | 6H 7H 8H 9H | 10S JS QS KS | 5D 5C 5D 5H | 10C 10C JK | 4C KS 6C 7C 8C "
      "9C | 4H 5H KH 7H JK | 3C 4C 5C 6C | 6S 7S 8S JK 10S JK | 9D 10D JD | 9* 10* J* Q* | "
      "7D 7C 7S 7* | JC J* JH | 3S 4S 5S 6S"
     )),
    (False, True, "8* JH 4* K* 10* JD 6H 8S 7H 8D 6* Q* JC 7*",
     (
      "6C KC 8C KD 10C | 7D 7* 7* 7H | 6* JK 8* | 8D 9D 10D JD | 4S 5S KH | 10* KD Q* | 9* "
      "10* J* | 3S 4S 5S KH | 9S 9H 9D 9S | 8H 8C 8S 8H | 7H JK 9H JK | 7D 8D KC 10D JD | "
      "6S 7S 8S JK 10S JS | 10H 10H KS | JS JC KS | Q* QD QS | 8* 9* JK J* | JC JK K* | QH "
      "QD K* | 6* 6S 6D 6C"
     )),
    (True, True, "KH QS 9C 7C QC 6C 3C 4C 10S 5H 5S 10C 5C 4*",
     (
      "7H 7D KC | 6C KH 8C K* 10C JC | 9C 10C JC | 5D 6D KS | 4S 4H JK | 3* 3D KC | 5S 5D "
      "KD | 6S 7S 8S | QH Q* KD | 7C 8C 9C JK KS QC K* | QC Q* QS QD | 8* 9* 10* J* | 5S 6S "
      "7S 8S 9S 10S | 3* JK 5* 6* 7* 8* 9* | 5C JK JK | 4D 4* JK"
     )),
    (False, False, "JS 10S QC JC 4S JH 7C QH 4S 9C JC 5S 9S 10*",
     (
      "6* 7* 8* | 3S KH K* | 9S 10S JS QS KH | K* KC KC | JK KS KS KD | KD 7D 8D | 8S 8S 8* "
      "8H | 6H 7H 8H 9H 10H | 3D 4D 5D 6D 7D 8D 9D | 6H 6C 6* 6D | 5S 5* 5C 5* | 5D 5H 5C | "
      "3* 3C 3C 3S | JH J* J* | Q* QS QC | 7* 7S 7S 7H"
     )),
    (True, False, "9H 6* QH 8H 5* 4H 8C 6H 7D 9C 4S 3* 7* JH",
     (
      "K* JK KH | KS QC KC | 6* K* 8* 9* 10* | 10* 10H KC | KD KH KD KS | Q* QD QC | 3D 4D "
      "5D 6D 7D 8D 9D | 3D 4D 5D 6D | 8C 8S 8* | 9* 9H 9S | 10S 10D 10H | JS JD J* | 6S 7S "
      "8S 9S 10S JS QS | JC JH J* | QH Q* QD | 3* 3C 3H"
     )),
    (False, False, "10C 4S 8D 9D 10* 5C 5* 9* 7H 3* QS 6* 3C J*",
     (
      "9S 9S KS KS KC | 4D 4* K* | 3D 4D 5D 6D 7D | 10C KC KD | 3* JK 5* 6* 7* 8* 9* | KD "
      "KH KH | QH QH QD QD Q* | 8* 8C K* | 7H 7C 7D 7* | 5H 5S 5D | Q* QC QC | 8D 8H 8H | "
      "9C 9D 9C | 4H 4* 4H | JH JC JH"
     )),
    (False, False, "3H 4H 5H 6H 7H 8H 9H 10H JH 5C 9S QD JK JK",
     [*HEART_RUNS, *BOOKS]),
    (False, False, "3H 4H 5H 6H 7H 8H 9H 10H JH 3H 5C 9S QD JK",
     [*HEART_RUNS, *BOOKS]),
    (False, False, "3H 4H 5H 6H 7H 3* 4* 5* 6* 7* 5C 9S QD JK JK",
     [*HEART_RUNS, "3* 4* 5*", "6* 7* 8*", "5* 6* 7*", *BOOKS]),
    (False, False, "3H 4H 5H 6H 7H 8H 9H 10H 3* 4* 5C 9S QD JK",
     [*HEART_RUNS, "3* 4* 5*", "6* 7* 8*", *BOOKS, "3H 3* 3C", "4H 4* JK",
         "JK KD KC"]),
    (False, False, "3H 4H 5H 6H 7H 8H 9H 10H JH QH 6H 4H 5S JD",
     [*HEART_RUNS, "JK KD KC", "KH KS JK"]),
    (False, False, "3H 4H 5H 6H 7H 8H 9H 10H JH QH 3H 4H JC 9S",
     [*HEART_RUNS, "JK KD KC", "KH KS JK"]),
]  # fmt: skip


@dataclass(frozen=True)
class Position:
    cards: tuple[Card, ...]
    rules: RoundRules
    table: tuple[Meld, ...]


# -- positions -----------------------------------------------------------------------------------


def game_positions(seed: int, names: Sequence[str]) -> list[Position]:
    """Every final turn with lay-offs of one game of greedy bots, as the play view seeds them."""
    found: list[Position] = []
    real = game_module.best_with_layoff

    def record(cards, rules, table, **kwargs):  # type: ignore[no-untyped-def]
        found.append(Position(tuple(cards), rules, tuple(table)))
        return real(cards, rules, table, **kwargs)

    game_module.best_with_layoff = record  # type: ignore[assignment]
    try:
        game = Game(list(names), GameRules(lay_off=True), seed=seed)
        players = [make_bot("greedy", seed + p) for p in range(len(names))]
        for _move in play_moves(game, players):
            pass
    finally:
        game_module.best_with_layoff = real  # type: ignore[assignment]
    return found


def crafted_positions(count: int, seed: int = 1) -> list[Position]:
    """Round-11 positions: 6 to 12 table melds, a hand of two suits and up to three wilds."""
    rng = random.Random(seed)
    natural = [c for c in DECK if not c.is_joker and c.rank != 13]
    found = []
    for _ in range(count):
        table: list[Meld] = []
        for _ in range(rng.randint(6, 12)):
            if rng.random() < 0.5:
                rank, n = rng.randint(3, 12), rng.randint(3, 5)
                suits = rng.sample(SUITS, rng.randint(1, n))
                table.append(
                    make_book([Card(rank, s) for s in suits] + [JOKER] * (n - len(suits)), 11)
                )
            else:
                n = rng.randint(3, 6)
                start, suit = rng.randint(3, 14 - n), rng.choice(SUITS)
                cards = [
                    JOKER if rng.random() < 0.25 or r == 13 else Card(r, suit)
                    for r in range(start, start + n)
                ]
                cards[0] = Card(start, suit)
                table.append(make_run(cards, 11, suit, start))
        liked = rng.sample(SUITS, 2)
        weights = [3 if c.suit in liked else 1 for c in natural]
        hand: list[Card] = []
        wilds = rng.randint(0, 3)
        while len(hand) < 13 - wilds:
            card = rng.choices(natural, weights)[0]
            if hand.count(card) < 2:
                hand.append(card)
        hand += [JOKER if i % 2 else Card(13, SUITS[i]) for i in range(wilds)]
        found.append(Position(tuple(hand), RoundRules(11), tuple(table)))
    return found


class _Pool:
    """The two decks' cards not yet dealt (a natural twice, six jokers)."""

    def __init__(self, rng: random.Random, rules: RoundRules) -> None:
        self.rng, self.rules = rng, rules
        self.left: Counter[Card] = Counter({c: 2 for c in DECK if not c.is_joker})
        self.left[JOKER] = 6

    def take(self, card: Card) -> bool:
        if self.left[card] <= 0:
            return False
        self.left[card] -= 1
        return True

    def give_back(self, cards: Sequence[Card]) -> None:
        self.left.update(cards)

    def wild(self) -> Card | None:
        wilds = [c for c, n in self.left.items() if n and is_wild(c, self.rules)]
        if not wilds:
            return None
        card = self.rng.choice(sorted(wilds, key=lambda c: c.sort_key))
        self.left[card] -= 1
        return card


def _wide_meld(pool: _Pool) -> Meld | None:
    """One table meld from the pool: a book, a run (some places wild) or an all-wild meld;
    None (the cards given back) when the pool is short of what it needs."""
    rng, rules = pool.rng, pool.rules
    kind = rng.random()
    cards: list[Card] = []
    if kind < 0.08:
        cards = [w for w in (pool.wild() for _ in range(3)) if w is not None]
        if len(cards) == 3 and not rules.no_all_wild_melds:
            return make_book(cards, rules, 3)
    elif kind < 0.54:
        rank = rng.randint(3, 12)
        wanted = [Card(rank, rng.choice(SUITS)) for _ in range(rng.randint(2, 4))]
        if rules.books_distinct_suits:
            wanted = list(dict.fromkeys(wanted))
        cards = [c for c in wanted if pool.take(c)]
        cards += [w for w in (pool.wild() for _ in range(3 - len(cards))) if w is not None]
        if len(cards) >= 3 and cards[0].rank == rank:
            return make_book(cards, rules, rank)
    else:
        n, suit = rng.randint(3, 7), rng.choice(SUITS)
        start = rng.randint(3, 14 - n)
        for r in range(start, start + n):
            natural = Card(r, suit)
            if r != 13 and (r == start or rng.random() < 0.8) and pool.take(natural):
                cards.append(natural)
            elif (wild := pool.wild()) is not None:
                cards.append(wild)
        if len(cards) == n and not is_wild(cards[0], rules):
            return make_run(cards, rules, suit, start)
    pool.give_back(cards)
    return None


def wide_positions(count: int, seed: int = 3) -> list[Position]:
    """Round 11 from two decks: 15 to 20 table melds, 13 or 14 cards, up to seven wilds."""
    rng = random.Random(seed)
    found = []
    for i in range(count):
        rules = RoundRules(11, books_distinct_suits=bool(i & 1), no_all_wild_melds=bool(i & 2))
        pool = _Pool(rng, rules)
        hand = [w for w in (pool.wild() for _ in range(rng.randint(0, 7))) if w is not None]
        table: list[Meld] = []
        goal = rng.randint(15, 20)
        for _attempt in range(500):  # the pool may run short of what a kind needs
            if len(table) >= goal:
                break
            meld = _wide_meld(pool)
            if meld is not None:
                table.append(meld)
        liked = rng.sample(SUITS, 2)
        natural = sorted((c for c in pool.left if not is_wild(c, rules)), key=lambda c: c.sort_key)
        size = rng.choice([13, 14])
        while len(hand) < size:
            card = rng.choices(natural, [3 if c.suit in liked else 1 for c in natural])[0]
            if pool.take(card):
                hand.append(card)
        found.append(Position(tuple(hand), rules, tuple(table)))
    return found


def _table_meld(text: str, rules: RoundRules) -> Meld:
    cards = parse_cards(text)
    naturals = [c for c in cards if not is_wild(c, rules)]
    if len({c.rank for c in naturals}) <= 1:
        return make_book(cards, rules, naturals[0].rank if naturals else 3)
    return make_run(cards, rules)


def hard_positions() -> list[Position]:
    found = []
    for distinct, no_all_wild, hand, table in HARD:
        rules = RoundRules(11, books_distinct_suits=distinct, no_all_wild_melds=no_all_wild)
        texts = table.split(" | ") if isinstance(table, str) else table
        melds = tuple(_table_meld(text, rules) for text in texts)
        found.append(Position(tuple(parse_cards(hand)), rules, melds))
    return found


# -- timing ---------------------------------------------------------------------------------------


def _as_json(p: Position) -> dict[str, object]:
    return {
        "round": p.rules.round_no,
        "distinct": p.rules.books_distinct_suits,
        "no_all_wild": p.rules.no_all_wild_melds,
        "hand": " ".join(c.code for c in p.cards),
        "table": [
            [m.kind, " ".join(c.code for c in m.cards), m.ranks[0], m.suit.index if m.suit else -1]
            for m in p.table
        ],
    }


# Run in a subprocess with the baseline's package first on the path: rebuild each position,
# score it with the baseline's best_with_layoff (its default budget, as the game called it).
_BASELINE_RUN = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
import fivecrowns_lab
assert fivecrowns_lab.__file__.startswith(sys.argv[1]), fivecrowns_lab.__file__
from fivecrowns_lab.core.cards import SUITS, parse_cards
from fivecrowns_lab.core.layoff import best_with_layoff
from fivecrowns_lab.core.melds import make_book, make_run
from fivecrowns_lab.core.rules import RoundRules
out = []
for p in json.load(sys.stdin):
    rules = RoundRules(p["round"], books_distinct_suits=p["distinct"],
                       no_all_wild_melds=p["no_all_wild"])
    table = [make_book(parse_cards(c), rules, first) if kind == "book"
             else make_run(parse_cards(c), rules, SUITS[suit], first)
             for kind, c, first, suit in p["table"]]
    cards = parse_cards(p["hand"])
    best = None
    for _ in range(int(sys.argv[2])):
        start = time.thread_time()
        result = best_with_layoff(cards, rules, table)
        seconds = time.thread_time() - start
        best = seconds if best is None else min(best, seconds)
    out.append([result.arrangement.penalty, best])
print(json.dumps(out))
"""


def baseline_scores(
    folder: Path, positions: list[Position], repeat: int
) -> list[tuple[int, float]]:
    """The baseline's points and CPU seconds for each position."""
    done = subprocess.run(
        [sys.executable, "-c", _BASELINE_RUN, str(folder), str(repeat)],
        input=json.dumps([_as_json(p) for p in positions]),
        capture_output=True,
        text=True,
        check=True,
        cwd=folder,
    )
    return [(points, seconds) for points, seconds in json.loads(done.stdout)]


def scores(positions: list[Position], repeat: int) -> list[tuple[int, float]]:
    """This checkout's points and CPU seconds for each position."""
    found = []
    for p in positions:
        best = None
        for _ in range(repeat):
            start = time.thread_time()
            result = best_with_layoff(p.cards, p.rules, p.table)
            seconds = time.thread_time() - start
            best = seconds if best is None else min(best, seconds)
        assert best is not None
        found.append((result.arrangement.penalty, best))
    return found


def report(name: str, positions: list[Position], baseline: Path, repeat: int) -> float:
    """Print one set's figures; return its worst time with the exact search."""
    if not positions:
        print(f"{name}: no final turn with lay-offs")
        return 0.0
    new = scores(positions, repeat)
    old = baseline_scores(baseline, positions, repeat)
    worse = sum(o > n for (n, _), (o, _) in zip(new, old, strict=True))
    better = sum(o < n for (n, _), (o, _) in zip(new, old, strict=True))
    if better:  # the baseline's answer is always a real lay-off: never below the optimum
        raise SystemExit(f"{name}: the baseline scored below the exact search {better} times")
    new_times = [t for _, t in new]
    old_times = [t for _, t in old]
    med_new, med_old = statistics.median(new_times), statistics.median(old_times)
    print(
        f"{name}: {len(positions)} final turns; exact median {med_new:.4f} s, worst "
        f"{max(new_times):.4f} s; baseline median {med_old:.4f} s, worst "
        f"{max(old_times):.4f} s; baseline / exact: median {med_old / med_new:.2f}, worst "
        f"{max(old_times) / max(new_times):.2f}; baseline above the optimum {worse} times"
    )
    return max(new_times)


def _baseline_folder(given: Path | None, scratch: Path) -> Path:
    if given is not None:
        if not (given / "fivecrowns_lab" / "core" / "layoff.py").is_file():
            raise SystemExit(f"--baseline {given} holds no fivecrowns_lab package")
        return given.resolve()
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", BASELINE_COMMIT, "fivecrowns_lab"],
        capture_output=True,
        check=True,
    )
    subprocess.run(["tar", "-x", "-C", str(scratch)], input=archive.stdout, check=True)
    return scratch


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="random 7-player lay-off games")
    parser.add_argument("--crafted", type=int, default=200, help="crafted round-11 positions")
    parser.add_argument("--wide", type=int, default=200, help="positions with 15-20 melds")
    parser.add_argument("--repeat", type=int, default=1, help="runs per position (least)")
    parser.add_argument("--baseline", type=Path, help="a folder holding a676caa's package")
    args = parser.parse_args(argv)
    names = ["You"] + [f"Bot {i + 1}" for i in range(6)]
    with tempfile.TemporaryDirectory() as scratch:
        base = _baseline_folder(args.baseline, Path(scratch))
        games = [p for seed in range(args.games) for p in game_positions(1000 + seed, names)]
        sets = [
            ("seed 62 (lesson 04)", game_positions(62, names)),
            ("games", games),
            ("crafted", crafted_positions(args.crafted)),
            ("wide (15-20 melds, every variant)", wide_positions(args.wide)),
            ("hard", hard_positions()),
        ]
        worst = max(report(name, found, base, args.repeat) for name, found in sets)
    print(f"worst exact final turn: {worst:.4f} s CPU (target 0.2 s; lesson 04's click: 1 s)")


if __name__ == "__main__":
    main(sys.argv[1:])
