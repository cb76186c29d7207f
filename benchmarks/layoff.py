"""Benchmark the bounded lay-off search against the old exact one, on the worst deals found.

Run: ``python benchmarks/layoff.py [--games N] [--crafted M] [--old-seconds S]``

Three sets of final turns, each searched by ``best_with_layoff`` (bounded, default
budget) and, beside it in the same run, by the old exact search kept below as the
baseline (stopped after ``--old-seconds``; a stopped search counts as "> S"):

- **seed 62**: lesson 04's game with lay-off on, six greedy bots and seed 62 (issue 23's
  38 s click), replayed at the engine level as the view builds it: seats "You", "Bot 1"
  .. "Bot 6", ``GameRules(lay_off=True)``, bot ``p`` is ``make_bot("greedy", 62 + p)``.
  The learner's seat is played by ``make_bot("greedy", 62)``: the learner's own clicks
  were not recorded, so round 11 is not the audited position itself.
- **games**: every final turn of ``--games`` seeded 7-player lay-off games of greedy bots.
- **crafted**: ``--crafted`` adversarial positions: a 13-card round-11 hand biased to two
  suits, with up to three wilds, against 6 to 12 table books and runs with wilds; then
  half as many 14-card hands (one drawn) with up to six wilds.

Times are CPU seconds of the one thread (``time.thread_time``), so that other work on a
shared machine does not inflate them; the old search's cap is wall-clock.

For each set it prints the count, the median and worst time of the bounded search, the
old search's median and worst (with how many it finished in time), how many bounded
answers were not proven exact, and how many equal the exact optimum (an unbounded run of
the new search, checked against the old one wherever the old one finished).
"""

from __future__ import annotations

import argparse
import random
import signal
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

from fivecrowns_lab.core.cards import DECK, SUITS, Card, Hand
from fivecrowns_lab.core.layoff import best_with_layoff
from fivecrowns_lab.core.melds import Meld, make_book, make_run
from fivecrowns_lab.core.rules import MAX_RUN, GameRules, RoundRules, is_wild, run_fits
from fivecrowns_lab.core.solver import penalty
from fivecrowns_lab.table import turns as game_module  # where a final turn calls the search
from fivecrowns_lab.table.game import Game, play_moves
from fivecrowns_lab.table.players import make_bot

# -- the old exact search (before the bound), kept as the baseline ------------------------------

_Shape = tuple[str, int, int, int]


def _old_shape(meld: Meld) -> _Shape:
    if meld.kind == "book":
        return ("book", meld.ranks[0], 0, 0)
    assert meld.suit is not None
    return ("run", meld.suit.index, meld.ranks[0], meld.ranks[-1])


def _old_moves(card: Card, shapes: tuple[_Shape, ...], round_no: int) -> list[tuple[int, _Shape]]:
    wild = is_wild(card, round_no)
    found: list[tuple[int, _Shape]] = []
    book_done = False
    for i, (kind, key, low, high) in enumerate(shapes):
        if kind == "book":
            if (wild and not book_done) or (not wild and card.rank == key):
                found.append((i, (kind, key, low, high)))
                book_done = book_done or wild
            continue
        if high - low + 1 >= MAX_RUN:
            continue
        if wild:
            if run_fits(low, high + 1):
                found.append((i, (kind, key, low, high + 1)))
            if run_fits(low - 1, high):
                found.append((i, (kind, key, low - 1, high)))
        elif card.suit is not None and card.suit.index == key:
            if card.rank == high + 1:
                found.append((i, (kind, key, low, high + 1)))
            elif card.rank == low - 1:
                found.append((i, (kind, key, low - 1, high)))
    return found


class _OldSearch:
    def __init__(self, round_no: int) -> None:
        self.round_no = round_no
        self.best: dict[tuple[Hand, tuple[_Shape, ...]], int] = {}
        self.points: dict[Hand, int] = {}

    def own(self, hand: Hand) -> int:
        value = self.points.get(hand)
        if value is None:
            value = penalty(hand, self.round_no) if hand else 0
            self.points[hand] = value
        return value

    def value(self, hand: Hand, shapes: tuple[_Shape, ...]) -> int:
        key = (hand, shapes)
        found = self.best.get(key)
        if found is not None:
            return found
        best = self.own(hand)
        for card in dict.fromkeys(hand):
            for index, shape in _old_moves(card, shapes, self.round_no):
                if best == 0:
                    break
                cards = list(hand)
                cards.remove(card)
                moved = (*shapes[:index], shape, *shapes[index + 1 :])
                best = min(best, self.value(Hand(cards), moved))
        self.best[key] = best
        return best


def old_value(cards: Sequence[Card], round_no: int, table: Sequence[Meld]) -> int:
    """The old exact lay-off search's answer: the fewest points left (standard rules)."""
    hand = Hand(sorted(cards, key=lambda c: c.sort_key))
    return _OldSearch(round_no).value(hand, tuple(_old_shape(m) for m in table))


# -- positions -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Position:
    cards: tuple[Card, ...]
    rules: RoundRules
    table: tuple[Meld, ...]


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


def crafted_positions(
    count: int, seed: int = 1, size: int = 13, most_wilds: int = 3
) -> list[Position]:
    """Adversarial round-11 positions: many table melds, a hand of two suits and wilds."""
    rng = random.Random(seed)
    joker = next(c for c in DECK if c.is_joker)
    natural = [c for c in DECK if not c.is_joker and c.rank != 13]
    found = []
    for _ in range(count):
        rules = RoundRules(11)
        table: list[Meld] = []
        for _ in range(rng.randint(6, 12)):
            if rng.random() < 0.5:
                rank, n = rng.randint(3, 12), rng.randint(3, 5)
                suits = rng.sample(SUITS, rng.randint(1, n))
                table.append(
                    make_book([Card(rank, s) for s in suits] + [joker] * (n - len(suits)), 11)
                )
            else:
                n = rng.randint(3, 6)
                start, suit = rng.randint(3, 14 - n), rng.choice(SUITS)
                cards = [
                    joker if rng.random() < 0.25 or r == 13 else Card(r, suit)
                    for r in range(start, start + n)
                ]
                cards[0] = Card(start, suit)
                table.append(make_run(cards, 11, suit, start))
        liked = rng.sample(SUITS, 2)
        weights = [3 if c.suit in liked else 1 for c in natural]
        hand: list[Card] = []
        wilds = rng.randint(0, most_wilds)
        while len(hand) < size - wilds:
            card = rng.choices(natural, weights)[0]
            if hand.count(card) < 2:
                hand.append(card)
        kings = [Card(13, s) for s in SUITS] * 2  # kings are wild in round 11
        extra = [joker if i % 2 else kings[i] for i in range(wilds)]
        found.append(Position(tuple(hand + extra), rules, tuple(table)))
    return found


# -- timing ---------------------------------------------------------------------------------------


class _Late(Exception):
    pass


def _timed_old(position: Position, seconds: float) -> tuple[float, int | None]:
    """Seconds the old search took and its answer (None if stopped after ``seconds``)."""

    def late(_signum, _frame):  # type: ignore[no-untyped-def]
        raise _Late

    previous = signal.signal(signal.SIGALRM, late)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    start = time.thread_time()
    try:
        value: int | None = old_value(position.cards, position.rules.round_no, position.table)
    except _Late:
        value = None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    return time.thread_time() - start, value


def report(name: str, positions: list[Position], old_seconds: float) -> float:
    """Print one set's figures; return its worst bounded time."""
    if not positions:
        print(f"{name}: no final turn with lay-offs")
        return 0.0
    new_times, old_times, stopped, inexact, equal, mismatched = [], [], 0, 0, 0, 0
    for p in positions:
        start = time.thread_time()
        bounded = best_with_layoff(p.cards, p.rules, p.table)
        new_times.append(time.thread_time() - start)
        inexact += not bounded.exact
        exact = best_with_layoff(p.cards, p.rules, p.table, budget=10**12)
        equal += bounded.arrangement.penalty == exact.arrangement.penalty
        seconds, old = _timed_old(p, old_seconds)
        old_times.append(seconds)
        if old is None:
            stopped += 1
        elif p.rules.is_standard and old < exact.arrangement.penalty:
            mismatched += 1  # the old rule was narrower: it can never do better
    worst = max(new_times)
    old_worst = f"> {old_seconds:g}" if stopped else f"{max(old_times):.3f}"
    print(
        f"{name}: {len(positions)} final turns; "
        f"bounded median {statistics.median(new_times):.4f} s, "
        f"worst {worst:.4f} s; old exact median {statistics.median(old_times):.4f} s, worst "
        f"{old_worst} s ({len(positions) - stopped} finished within {old_seconds:g} s); "
        f"not proven exact {inexact}; bounded = exact optimum {equal} of {len(positions)}"
        + (f"; OLD BETTER THAN NEW {mismatched}" if mismatched else "")
    )
    return worst


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="random 7-player lay-off games")
    parser.add_argument("--crafted", type=int, default=200, help="adversarial positions")
    parser.add_argument("--old-seconds", type=float, default=10.0, help="the old search's cap")
    args = parser.parse_args(argv)
    names = ["You"] + [f"Bot {i + 1}" for i in range(6)]
    worst = report("seed 62 (lesson 04)", game_positions(62, names), args.old_seconds)
    games = [p for seed in range(args.games) for p in game_positions(1000 + seed, names)]
    worst = max(worst, report("games", games, args.old_seconds))
    worst = max(worst, report("crafted", crafted_positions(args.crafted), args.old_seconds))
    wild = crafted_positions(args.crafted // 2, seed=2, size=14, most_wilds=6)
    worst = max(worst, report("crafted, 14 cards, up to 6 wilds", wild, args.old_seconds))
    print(f"worst bounded final turn: {worst:.4f} s (target < 0.2 s)")


if __name__ == "__main__":
    main(sys.argv[1:])
