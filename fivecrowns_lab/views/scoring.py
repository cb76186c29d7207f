"""Scoring step by step: predict each player's score, then see their best melds and points.

The finished round itself (who went out, every hand) is built by the engine in
:mod:`fivecrowns_lab.table.finished_round`; this view only shows it.
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as widgets

from ..core.rules import GOING_OUT_BONUS, ROUNDS, GameRules, card_points, is_wild, wild_rank_text
from ..errors import LessonError, quote
from ..i18n import N_, number, typed_number
from ..i18n import gettext as _
from ..i18n import ngettext as _n
from ..render import arrangement_html, hand_html, points_text
from ..table.finished_round import NAMES, FinishedRound, finished_round
from .base import View, next_seed_button, seed_box, variant_checkbox

__all__ = ["FinishedRound", "ScoringLesson", "finished_round", "parse_guess"]

#: The most digits a guess may have (leading zeros aside); no round scores 10,000 points.
MAX_GUESS_DIGITS = 4


def parse_guess(text: str, name: str) -> int | None:
    """A typed guess of a score as a whole number (None if the box is empty)."""
    text = typed_number(text)
    if not text:
        return None
    out_of_range = _("A round's score is between {low} and a few hundred, not {value}.")
    if len(text.lstrip("+-").lstrip("0")) > MAX_GUESS_DIGITS:  # before int(): 4,300 digits raise
        raise LessonError(out_of_range.format(low=GOING_OUT_BONUS, value=quote(text)))
    try:
        value = int(text)
    except ValueError:
        raise LessonError(
            _("{text} is not a number of points: type a whole number for {name}, like 25.").format(
                text=repr(text[:40]), name=name
            )
        ) from None
    if not GOING_OUT_BONUS <= value <= 2000:
        raise LessonError(out_of_range.format(low=GOING_OUT_BONUS, value=value))
    return value


class ScoringLesson(View):
    """A finished round; type a guess, then "Next step" scores one player, line by line."""

    title = N_("Scoring a round, step by step")

    def __init__(self, round_no: int = 6, players: int = 4, seed: int = 3, **kwargs: Any):
        super().__init__(**kwargs)
        self.round = widgets.Dropdown(
            options=[
                (_("Round {round} ({rank}s wild)").format(round=r, rank=wild_rank_text(r)), r)
                for r in ROUNDS
            ],
            value=round_no,
            description=_("Round"),
        )
        # A plain IntText, clamped here with a word (a bounded box clamps silently).
        self.players = widgets.IntText(value=players, description=_("Players"))
        self.clamped = ""
        self.seed = seed_box(self, seed)
        self.bonus = variant_checkbox("going_out_bonus")
        self.deal_button = next_seed_button(
            self, self.seed, _("Another round"), _("A new round (the next seed)")
        )
        self.guess = widgets.Text(
            description=_("Your guess"),
            placeholder=_("points"),
            layout={"width": "220px"},
        )
        self.step_button = self._button(
            _("Next step"), self.step, style="primary", icon="step-forward"
        )
        self._enter_presses(self.guess, self.step_button)
        self.skip_button = self._button(
            _("Just show me"),
            self.skip,
            tooltip=_("See this score without a guess (recorded)"),
        )
        self.all_button = self._button(_("Show all"), self.show_all, icon="fast-forward")
        self.predictions = self.class_predictions()
        self.steps = widgets.HTML()
        self.totals = widgets.HTML()
        self.guesses: dict[int, int] = {}
        controls = widgets.HBox(
            [self.round, self.players, self.seed, self.bonus, self.deal_button]
        )
        controls.layout.flex_flow = "row wrap"
        stepping = widgets.HBox([self.guess, self.step_button, self.skip_button, self.all_button])
        stepping.layout.flex_flow = "row wrap"
        self._frame(
            [controls, stepping, self.steps, self.totals],
            _(
                "One player went out; everyone else lays down their best books and runs, and "
                "the cards left in hand are added up. Predict, then see: look at the next hand, "
                "type your guess of its score, then press <i>Next step</i>."
            ),
        )
        self._deal()
        for control in (self.round, self.players, self.seed, self.bonus):
            control.observe(self._guard(lambda _c: self._deal()), names="value")

    @property
    def rules(self) -> GameRules:
        return GameRules(going_out_bonus=bool(self.bonus.value))

    def _players(self) -> int:
        """The number of players, brought into 2..7 with a word in the status line."""
        value = int(self.players.value)
        low, high = 2, len(NAMES)
        if low <= value <= high:
            self.clamped = ""
            return value
        fixed = min(max(value, low), high)
        self.clamped = _(
            "A round here has {low} to {high} players, so {value} became {fixed}."
        ).format(low=low, high=high, value=number(value), fixed=fixed)
        self.players.value = fixed  # observed: deals again with the fixed number
        return fixed

    def _deal(self) -> None:
        if not 2 <= int(self.players.value) <= len(NAMES):
            self._players()
            return
        self.game = finished_round(
            self.round.value, self.players.value, self.seed.value, rules=self.rules
        )
        self.shown = 0
        self.guesses = {}
        self.guess.value = ""
        self.refresh()
        g = self.game
        dealt = _(
            "Round {round}, seed {seed}: {name} went out. "
            "Guess {first}'s score, then press Next step."
        ).format(
            round=g.round_no, seed=self.seed.value, name=g.names[g.went_out], first=g.names[0]
        )
        # two whole sentences side by side: the clamp's (if any), then the deal's
        self.status.info(f"{self.clamped} {dealt}" if self.clamped else dealt)
        self.clamped = ""

    def step(self) -> None:
        """Score the next player (and the guess typed for them, if any)."""
        g = self.game
        if self.shown >= len(g.names):
            raise LessonError(
                _("Every player is scored already: press Another round for a new one.")
            )
        p = self.shown
        guess = parse_guess(self.guess.value, g.names[p])
        if guess is None:
            raise LessonError(
                _("First type your guess of {name}'s score (or press Just show me).").format(
                    name=g.names[p]
                )
            )
        self._score_next(guess)

    def skip(self) -> None:
        """Score the next player without a guess (recorded as skipped)."""
        if self.shown >= len(self.game.names):
            raise LessonError(
                _("Every player is scored already: press Another round for a new one.")
            )
        self._score_next(None)

    def _score_next(self, guess: int | None) -> None:
        g = self.game
        p = self.shown
        self.predictions.record("03", f"{g.names[p]}'s score", guess, g.score(p))
        if guess is not None:
            self.guesses[p] = guess
        self.shown += 1
        self.guess.value = ""
        self.refresh()
        score = g.score(p)
        said = _("{name} scores {points}.").format(name=g.names[p], points=points_text(score))
        if guess is None:
            self.status.ok(f"{said} " + _("You skipped the guess: try one for the next player."))
        elif guess == score:
            self.status.ok(
                f"{said} " + _("You guessed {guess}: exactly right!").format(guess=number(guess))
            )
        else:
            off = points_text(abs(guess - score))
            self.status.info(
                f"{said} "
                + _("You guessed {guess}: {points} off.").format(guess=number(guess), points=off)
            )

    def show_all(self) -> None:
        """Score every player at once (no guessing; each is recorded as skipped)."""
        g = self.game
        for p in range(self.shown, len(g.names)):
            self.predictions.record("03", f"{g.names[p]}'s score", None, g.score(p))
        self.shown = len(g.names)
        self.refresh()
        self.status.ok(_("Every hand is scored; the lowest round score is best."))

    def _lines(self, player: int) -> str:
        g = self.game
        arrangement = g.arrangement(player)
        if player == g.went_out:
            score = g.score(player)
            went_out = (
                _(
                    "{name} went out: every card is in a meld, so the round scores {score} "
                    "(the going-out bonus)."
                )
                if score < 0
                else _("{name} went out: every card is in a meld, so the round scores {score}.")
            )
            sentence = escape(went_out).format(
                name=escape(g.names[player]), score=f"<b>{number(score)}</b>"
            )
            return f"<p>{sentence}</p>" + arrangement_html(arrangement)
        lines = []
        for card in arrangement.leftover:
            why = (
                _("joker: 50")
                if card.is_joker
                else _("wild ({rank}s this round): 20").format(rank=wild_rank_text(g.round_no))
                if is_wild(card, g.round_no)
                else _("face value {points}").format(points=card_points(card, g.round_no))
            )
            lines.append(
                f"<tr><td class='fc-left'>{card}</td><td class='fc-left'>{escape(why)}</td>"
                f"<td>{card_points(card, g.round_no)}</td></tr>"
            )
        total = escape(_("total"))
        lines.append(
            f"<tr class='fc-hl'><td class='fc-left' colspan='2'>{total}</td>"
            f"<td>{arrangement.penalty}</td></tr>"
        )
        head = "".join(
            f"<th{' class=fc-left' if i < 2 else ''}>{escape(_(h))}</th>"
            for i, h in enumerate((N_("card left"), N_("why"), N_("points")))
        )
        table = (
            f"<table class='fc-table'><tr>{head}</tr>{''.join(lines)}</table>"
            if arrangement.leftover
            else "<p>" + escape(_("Every card melds on the last turn: 0 points.")) + "</p>"
        )
        return arrangement_html(arrangement) + table

    def _panel(self, p: int) -> str:
        g = self.game
        name = escape(g.names[p])
        if p < self.shown:
            guess = self.guesses.get(p)
            said = ""
            if guess is not None:
                off = guess - g.score(p)
                gap = (
                    _("Your guess {guess}, the score {score}: exactly right.")
                    if off == 0
                    else _("Your guess {guess}, the score {score}: {points} too high.")
                    if off > 0
                    else _("Your guess {guess}, the score {score}: {points} too low.")
                )
                text = gap.format(
                    guess=number(guess), score=number(g.score(p)), points=points_text(abs(off))
                )
                said = f"<p class='fc-reveal'>&nbsp;{escape(text)}</p>"
            return f"<div class='fc-panel'><h4>{name}</h4>{said}{self._lines(p)}</div>"
        count = len(g.hands[p])
        if p == self.shown:
            turn = _("{name}: your turn to guess").format(name=g.names[p])
            ask = (
                _n(
                    "{count} card, not scored yet. What will the player who went out score?",
                    "{count} cards, not scored yet. What will the player who went out score?",
                    count,
                )
                if p == g.went_out
                else _n(
                    "{count} card, not scored yet. What will {name} score?",
                    "{count} cards, not scored yet. What will {name} score?",
                    count,
                )
            ).format(count=count, name=g.names[p])
            return (
                f"<div class='fc-panel fc-next'><h4>{escape(turn)}</h4>"
                f"{hand_html(g.hands[p], g.round_no, width=44)}"
                f"<p><i>{escape(ask)}</i></p></div>"
            )
        waiting = _n("{count} card, not scored yet", "{count} cards, not scored yet", count)
        return (
            f"<div class='fc-panel'><h4>{name}</h4>"
            f"<i>{escape(waiting.format(count=count))}</i></div>"
        )

    def refresh(self) -> None:
        g = self.game
        rows = []
        for p, name in enumerate(g.names):
            guess = self.guesses.get(p)
            shown = p < self.shown
            mark = ""
            if shown and guess is not None:
                mark = " ✔" if guess == g.score(p) else ""
            rows.append(
                f"<tr><td class='fc-left'>{escape(name)}</td>"
                f"<td>{'' if guess is None else number(guess)}{mark}</td>"
                f"<td>{number(g.score(p)) if shown else '…'}</td></tr>"
            )
        scored = [p for p in self.guesses if p < self.shown]
        right = sum(1 for p in scored if self.guesses[p] == g.score(p))
        tally = (
            "<p>"
            + escape(
                _n(
                    "Your guesses: {right} of {count} exactly right.",
                    "Your guesses: {right} of {count} exactly right.",
                    len(scored),
                ).format(right=right, count=len(scored))
            )
            + "</p>"
            if scored
            else ""
        )
        head = "".join(
            f"<th{' class=fc-left' if i == 0 else ''}>{escape(_(h))}</th>"
            for i, h in enumerate((N_("player"), N_("your guess"), N_("points")))
        )
        with self.hold_sync():
            self.steps.value = "".join(self._panel(p) for p in range(len(g.names)))
            self.totals.value = (
                "<h4 style='margin:6px 0 2px'>"
                + escape(_("This round's scores"))
                + f"</h4><table class='fc-table'><tr>{head}</tr>{''.join(rows)}</table>{tally}"
            )
            done = self.shown >= len(g.names)
            self.step_button.disabled = done
            self.skip_button.disabled = done
            self.guess.disabled = done
            self.guess.description = _("Your guess")
            self.guess.placeholder = (
                "" if done else _("points for {name}").format(name=g.names[self.shown])
            )
