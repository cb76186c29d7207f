"""Scoring step by step: a finished round, each hand's best melds, its points line by line."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

import ipywidgets as widgets

from ..core.cards import DECK, RANKS, SUITS, Card, Hand
from ..core.rules import ROUNDS, card_points, hand_size, is_wild, wild_rank_text
from ..core.solver import Arrangement, best_arrangement, can_go_out
from ..errors import LessonError
from ..render import arrangement_html, points_text
from .base import View

__all__ = ["FinishedRound", "ScoringLesson", "finished_round"]

NAMES = ("Ann", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus")


@dataclass(frozen=True)
class FinishedRound:
    """A round at its end: who went out, and every hand as it was when scoring."""

    round_no: int
    names: tuple[str, ...]
    hands: tuple[Hand, ...]
    went_out: int

    def arrangement(self, player: int) -> Arrangement:
        return best_arrangement(self.hands[player], self.round_no)

    def score(self, player: int) -> int:
        """0 for the player who went out, else the points the best melds leave."""
        return 0 if player == self.went_out else self.arrangement(player).penalty


def _take(pool: Counter[Card], card: Card) -> bool:
    if pool[card] <= 0:
        return False
    pool[card] -= 1
    return True


def _going_out_hand(round_no: int, pool: Counter[Card], rng: random.Random) -> list[Card]:
    """A hand whose cards all meld: books and runs drawn from what is left of the deck."""
    n = hand_size(round_no)
    for _ in range(500):
        trial = Counter(pool)
        cards: list[Card] = []
        sizes, left = [], n
        while left:
            size = left if left <= 5 else rng.choice([3, 4, 5] if left >= 8 else [3])
            sizes.append(size)
            left -= size
        for size in sizes:
            if rng.random() < 0.5:
                rank = rng.choice(RANKS)
                wanted = [Card(rank, rng.choice(SUITS)) for _ in range(size)]
            else:
                suit = rng.choice(SUITS)
                start = rng.randrange(RANKS[0], RANKS[-1] - size + 2)
                wanted = [Card(start + i, suit) for i in range(size)]
            if size > 3 and rng.random() < 0.6:
                wanted[rng.randrange(size)] = next(c for c in DECK if c.is_joker)
            cards += [c for c in wanted if _take(trial, c)]
        if len(cards) == n and can_go_out(cards, round_no):
            pool.clear()
            pool.update(trial)
            return cards
    raise RuntimeError("Could not build a hand that goes out.")  # pragma: no cover


def finished_round(round_no: int, players: int, seed: int) -> FinishedRound:
    """A seeded finished round: player 0 went out, the others hold what was dealt to them."""
    if not 2 <= players <= len(NAMES):
        raise LessonError(f"A table has 2 to {len(NAMES)} players, not {players}.")
    rng = random.Random(seed)
    pool: Counter[Card] = Counter(DECK)
    first = _going_out_hand(round_no, pool, rng)
    rest = list(pool.elements())
    rng.shuffle(rest)
    n = hand_size(round_no)
    hands = [Hand(first)] + [Hand(rest[i * n : (i + 1) * n]).sorted() for i in range(players - 1)]
    return FinishedRound(round_no, NAMES[:players], tuple(hands), 0)


class ScoringLesson(View):
    """A finished round; "Next step" scores one player at a time, line by line."""

    title = "Scoring a round, step by step"

    def __init__(self, round_no: int = 6, players: int = 4, seed: int = 3, **kwargs):
        super().__init__(**kwargs)
        self.round = widgets.Dropdown(
            options=[(f"Round {r} ({wild_rank_text(r)}s wild)", r) for r in ROUNDS],
            value=round_no,
            description="Round",
        )
        self.players = widgets.BoundedIntText(
            value=players, min=2, max=len(NAMES), description="Players"
        )
        self.seed = widgets.BoundedIntText(value=seed, min=0, max=10**9, description="Seed")
        self.deal_button = self._button("Another round", self.another, icon="refresh")
        self.step_button = self._button(
            "Next step", self.step, style="primary", icon="step-forward"
        )
        self.all_button = self._button("Show all", self.show_all, icon="fast-forward")
        self.steps = widgets.HTML()
        self.totals = widgets.HTML()
        controls = widgets.HBox([self.round, self.players, self.seed, self.deal_button])
        controls.layout.flex_flow = "row wrap"
        self._frame(
            [controls, widgets.HBox([self.step_button, self.all_button]), self.steps, self.totals],
            "One player went out; everyone else lays down their best books and runs, "
            "and the cards left in hand are added up.",
        )
        self.another()

    def another(self) -> None:
        """Deal a finished round for the chosen round, players and seed."""
        self.game = finished_round(self.round.value, self.players.value, self.seed.value)
        self.shown = 0
        self.refresh()
        self.status.info(
            f"Round {self.game.round_no} is over: {self.game.names[self.game.went_out]} went out. "
            "Press Next step to score each hand."
        )

    def step(self) -> None:
        """Score the next player."""
        if self.shown >= len(self.game.names):
            raise LessonError("Every player is scored already: press Another round for a new one.")
        self.shown += 1
        self.refresh()
        name = self.game.names[self.shown - 1]
        self.status.ok(f"{name} scores {points_text(self.game.score(self.shown - 1))}.")

    def show_all(self) -> None:
        self.shown = len(self.game.names)
        self.refresh()
        self.status.ok("Every hand is scored; the lowest round score is best.")

    def _lines(self, player: int) -> str:
        g = self.game
        if player == g.went_out:
            arrangement = g.arrangement(player)
            return (
                f"<p>{g.names[player]} <b>went out</b>: every card is in a meld, so the round "
                "scores <b>0</b>.</p>" + arrangement_html(arrangement)
            )
        arrangement = g.arrangement(player)
        lines = []
        for card in arrangement.leftover:
            why = (
                "joker: 50"
                if card.is_joker
                else f"wild ({wild_rank_text(g.round_no)}s this round): 20"
                if is_wild(card, g.round_no)
                else f"face value {card_points(card, g.round_no)}"
            )
            lines.append(
                f"<tr><td class='fc-left'>{card}</td><td class='fc-left'>{why}</td>"
                f"<td>{card_points(card, g.round_no)}</td></tr>"
            )
        lines.append(
            f"<tr class='fc-hl'><td class='fc-left' colspan='2'>total</td>"
            f"<td>{arrangement.penalty}</td></tr>"
        )
        table = (
            "<table class='fc-table'><tr><th class='fc-left'>card left</th>"
            f"<th class='fc-left'>why</th><th>points</th></tr>{''.join(lines)}</table>"
            if arrangement.leftover
            else "<p>Every card melds on the last turn: 0 points.</p>"
        )
        return arrangement_html(arrangement) + table

    def refresh(self) -> None:
        g = self.game
        panels = []
        for p, name in enumerate(g.names):
            if p < self.shown:
                panels.append(f"<div class='fc-panel'><h4>{name}</h4>{self._lines(p)}</div>")
            else:
                panels.append(
                    f"<div class='fc-panel'><h4>{name}</h4><i>{len(g.hands[p])} cards, "
                    "not scored yet</i></div>"
                )
        rows = "".join(
            f"<tr><td class='fc-left'>{name}</td>"
            f"<td>{g.score(p) if p < self.shown else '…'}</td></tr>"
            for p, name in enumerate(g.names)
        )
        with self.hold_sync():
            self.steps.value = "".join(panels)
            self.totals.value = (
                "<h4 style='margin:6px 0 2px'>This round's scores</h4><table class='fc-table'>"
                f"<tr><th class='fc-left'>player</th><th>points</th></tr>{rows}</table>"
            )
            self.step_button.disabled = self.shown >= len(g.names)
