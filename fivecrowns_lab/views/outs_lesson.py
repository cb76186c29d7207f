"""Lesson 09: outs, the cards that let you go out, and the chance to draw one.

The outs come from the engine (:func:`~fivecrowns_lab.odds.outs.outs`), the dealt hands
from :func:`~fivecrowns_lab.odds.trials.deal`; the words are
:mod:`~fivecrowns_lab.views.outs_words`.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from ..classroom.experiments import draw_out_id
from ..classroom.predictions import outs_question
from ..classroom.recompute import held
from ..core.cards import Hand, parse_cards
from ..core.rules import hand_size, wild_rank_text
from ..errors import LessonError, quote
from ..i18n import N_, number, typed_number
from ..i18n import gettext as _
from ..i18n import ngettext as _n
from ..odds.counting import DECK_SIZE
from ..odds.outs import Outs, outs, rule_of_thumb, waiting_hand
from ..render import hand_html
from .base import View, seed_box, set_shown
from .chart import Chart
from .draws import OutDraws
from .lesson_parts import SEED_LIMIT, next_seed, predict_html, reveal_html, round_dropdown, row
from .outs_words import (
    already_out_html,
    guess_said,
    hand_note_html,
    outs_found_sentence,
    outs_html,
    outs_question_html,
    thumb_text,
    turns_table_html,
)
from .plots import pct, style
from .predict import CommitRow
from .specs import EXACT_COLOUR, THUMB_COLOUR, lines_spec

__all__ = ["OutsLesson"]


class OutsLesson(View):
    """Enter or deal a hand; guess its outs, then see them and the chance to draw one.

    The outs, the table and the plot stay hidden until the learner commits a guess of
    how many unseen cards are outs (or presses *Just show me*); a new hand, round or
    list of seen cards is a new question.
    """

    title = N_("Outs: the cards that let you go out")

    #: How many hands "Deal a hand" tries at most to find one with outs.
    DEAL_TRIES = 2000

    def __init__(
        self, round_no: int = 4, hand: str = "8H 9H 10H QS QC KD", seed: int = 1, **kwargs: Any
    ) -> None:
        super().__init__(**kwargs)
        self.predictions = self.class_predictions()
        self.round = round_dropdown(round_no)
        self.round.observe(self._guard(self._on_round), names="value")
        self.hand_text = widgets.Text(value=hand, description=_("Hand"))
        self.seen_text = widgets.Text(
            value="", description=_("Seen"), placeholder=_("cards you saw, e.g. QH JK")
        )
        self.seed = seed_box(self, seed)
        self.show_button = self._button(_("Find the outs"), self.update, style="primary")
        self.deal_button = self._button(_("Deal a hand"), self.deal_new, icon="refresh")
        for box in (self.hand_text, self.seen_text):
            self._enter_presses(box, self.show_button)
        self._build_guess()
        self._build_answer()
        self._frame(
            [
                style(),
                row(self.round, self.seed, self.deal_button),
                row(self.hand_text, self.seen_text, self.show_button),
                self.hand_view,
                self.ask,
                self.reveal_view,
                self.answer,
                self.drawing,
            ],
            _(
                "An <b>out</b> is a card that lets you go out if you draw it. Every card you "
                "have not seen is equally likely to be next, so the chance is outs ÷ unseen "
                "cards."
            ),
        )
        self.update()

    def _build_guess(self) -> None:
        """The typed guess of the number of outs, with its question and commit row."""
        # A box the learner types in, empty until they do: an untouched number box read as
        # "You guessed 0" (and a typed 0 was then no change to send).
        self.guess_outs = widgets.Text(
            value="",
            placeholder=_("type a whole number"),
            description=_("How many unseen cards are outs?"),
            style={"description_width": "initial"},
            layout=widgets.Layout(width="min(340px, 95%)"),
        )
        self.commit = CommitRow(self._button, self.commit_guess, self.skip)
        self._enter_presses(self.guess_outs, self.commit.commit_button)
        self.question_view = widgets.HTML()
        self.ask = widgets.VBox([self.question_view, self.guess_outs, self.commit])
        self.result: Outs | None = None
        self.guessed: int | None = None
        self._question: tuple[Any, ...] | None = None

    def _build_answer(self) -> None:
        """The outs, the turns ahead with their table and plot, and the draws."""
        self.draws = widgets.IntSlider(
            value=5,
            min=1,
            max=12,
            description=_("Turns ahead"),
            style={"description_width": "initial"},
        )
        self.draws.observe(self._guard(lambda _c: self._show_answer()), names="value")
        self.reveal_view = widgets.HTML()
        self.hand_view = widgets.HTML()
        self.outs_view = widgets.HTML(layout=widgets.Layout(min_width="min(300px, 90vw)"))
        self.table = widgets.HTML()
        self.plot = Chart()
        self.drawing = OutDraws(self._button, self.record_experiment)
        self.seed.observe(self._guard(lambda _c: self._reset_draws()), names="value")
        self.answer = row(self.outs_view, widgets.VBox([self.draws, self.plot, self.table]))

    def _on_round(self, _change: object) -> None:
        """The round governs the wild rank at once; a hand of the wrong size is replaced."""
        r = self.round.value
        size = hand_size(r)
        held = len(parse_cards(self.hand_text.value))
        if held in (size, size + 1):
            self.update()
            return
        self.deal_new()
        text = _n(
            "Round {round} deals {size} card, so here is a new hand of {size} ({rank}s wild). "
            "{then}",
            "Round {round} deals {size} cards, so here is a new hand of {size} ({rank}s wild). "
            "{then}",
            size,
        )
        self.status.info(
            text.format(round=r, size=size, rank=wild_rank_text(r), then=self.status.text)
        )

    def _waiting_hand(self) -> tuple[Hand, int, int]:
        """The first dealt hand, from the seed on, that cannot go out but has outs: the
        hand, its seed and how many seeds were tried."""
        r, start = self.round.value, self.seed.value
        seeds = ((start + i) % (SEED_LIMIT + 1) for i in range(self.DEAL_TRIES))
        found = waiting_hand(r, seeds)
        if found is None:
            raise LessonError(
                _(
                    "No hand of round {round} with outs in {tries} deals from seed {seed}: "
                    "try another seed."
                ).format(round=r, tries=number(self.DEAL_TRIES), seed=start)
            )
        return found

    def deal_new(self) -> None:
        """Deal a random hand for the round that is waiting for outs (from the seed)."""
        hand, seed, tries = self._waiting_hand()
        with self.hold_sync():
            self.seed.value = next_seed(seed)
            self.hand_text.value = str(hand.sorted())
            self.seen_text.value = ""
        self.update()
        skipped = tries - 1
        if skipped:
            text = _n(
                "Dealt a hand that is waiting for outs (seed {seed}; skipped {skipped} hand "
                "that had no single-card out or could already go out). How many unseen cards "
                "are outs? Commit your guess.",
                "Dealt a hand that is waiting for outs (seed {seed}; skipped {skipped} hands "
                "that had no single-card out or could already go out). How many unseen cards "
                "are outs? Commit your guess.",
                skipped,
            )
        else:
            text = _(
                "Dealt a hand that is waiting for outs (seed {seed}). How many unseen cards "
                "are outs? Commit your guess."
            )
        self.status.info(text.format(seed=seed, skipped=number(skipped)))

    def update(self) -> None:
        """Parse the hand and seen cards and find the outs; a new hand is a new question."""
        r = self.round.value
        hand = parse_cards(self.hand_text.value)
        seen = parse_cards(self.seen_text.value)
        result = outs(hand, r, seen)
        self.result = result
        question = (r, tuple(sorted(map(str, hand))), tuple(sorted(map(str, seen))))
        if question != self._question:
            self._question = question
            self._reset_draws()
            self.guessed = None
            self.commit.reopen()
            self.guess_outs.disabled = False
            self.guess_outs.value = ""
        with self.hold_sync():
            self.hand_view.value = (
                f"{hand_note_html(result, hand)}"
                f"<div class='fc-felt'>{hand_html(Hand(result.hand).sorted(), r)}</div>"
            )
            if result.already_out or result.goes_out_now:
                self._show_already_out()
                return
            set_shown(self.ask, shown=True)
            self.question_view.value = predict_html(outs_question_html(result.unseen_total))
            self._show_answer()
        if not self.commit.committed:
            self.status.info(_("How many unseen cards are outs? Commit your guess to see them."))

    def _show_already_out(self) -> None:
        """A hand that can go out already: no question, nothing to draw."""
        set_shown(self.ask, shown=False)
        self.reveal_view.value = ""
        set_shown(self.answer, shown=True)
        self.outs_view.value = already_out_html()
        self.table.value = ""
        self.plot.clear()
        set_shown(self.drawing, shown=False)
        self.status.ok(_("This hand can go out already: nothing to wait for."))

    def _reset_draws(self) -> None:
        """A new question or seed: the draws start again (none for a hand that can go out)."""
        result = self.result
        waiting = result is not None and result.waiting
        self.drawing.reset(result if waiting else None, self.seed.value)

    def commit_guess(self) -> None:
        """Lock the guess of the number of outs and show the outs beside it."""
        self._reveal(self.typed_guess())

    def typed_guess(self) -> int:
        """The number of outs the learner typed, or a :class:`LessonError` saying what to type."""
        text = typed_number(self.guess_outs.value)
        high = self.result.unseen_total if self.result is not None else DECK_SIZE
        if not text:
            raise LessonError(
                _(
                    "Type your guess first: how many of the unseen cards are outs (a whole "
                    "number), or press Just show me."
                )
            )
        if not text.isdigit() or len(text) > 4:
            raise LessonError(
                _(
                    "{text} is not a whole number: type how many unseen cards are outs, like 8."
                ).format(text=quote(text))
            )
        if int(text) > high:
            raise LessonError(
                _("A guess is 0 to {high} (the cards you have not seen), not {value}.").format(
                    high=number(high), value=number(int(text))
                )
            )
        return int(text)

    def skip(self) -> None:
        """Show the outs without a guess (recorded as skipped)."""
        self._reveal(None)

    def _reveal(self, guess: int | None) -> None:
        result = self.result
        if result is None:
            raise LessonError(_("Enter a hand first, then press Find the outs."))
        asked = outs_question(draw_out_id(result.round_no, held(result), result.seen))
        self.predictions.record(
            "09", "unseen cards that are outs", guess, result.count, {asked: guess}
        )
        self.guessed = guess
        with self.hold_sync():
            self.commit.close_question()
            self.guess_outs.disabled = True
            self._show_answer()

    def _show_answer(self) -> None:
        """The outs, the table and the plot, once the guess is in (hidden before)."""
        result = self.result
        if result is None or self.ask.layout.display == "none":
            return
        if not self.commit.committed:
            with self.hold_sync():
                self.reveal_view.value = ""
                set_shown(self.answer, self.drawing, shown=False)
                self.outs_view.value = self.table.value = ""
                self.plot.clear()
            return
        with self.hold_sync():
            self.reveal_view.value = reveal_html(f"<p>{guess_said(self.guessed, result)}</p>")
            set_shown(self.answer, shown=True)
            self.outs_view.value = outs_html(result)
            self.table.value = turns_table_html(result, self.draws.value)
            self.draw(result)
            set_shown(self.drawing, shown=True)
        self.status.ok(outs_found_sentence(result))

    def draw(self, result: Outs) -> None:
        """The exact chance to have drawn an out within 1 to *Turns ahead* turns, and the
        rule of thumb beside it (while it stays under 100%)."""
        turns = list(range(1, self.draws.value + 1))
        exact_name, thumb_name = _("exact"), _("rule of thumb (1% per out per turn)")
        rows = [{"x": t, "value": float(result.within(t)), "series": exact_name} for t in turns]
        rows += [
            {"x": t, "value": v, "series": thumb_name}
            for t in turns
            if (v := rule_of_thumb(result.count, t)) <= 1
        ]
        last = turns[-1]
        self.plot.show(
            lines_spec(
                _n(
                    "Drawing one of {count} out", "Drawing one of {count} outs", result.count
                ).format(count=number(result.count)),
                _("turns from now"),
                _("chance"),
                [(exact_name, EXACT_COLOUR), (thumb_name, THUMB_COLOUR)],
                x_values=turns,
                series_title=_("method"),
            ),
            {"lines": rows},
            _n(
                "Line chart: the exact chance to have drawn an out within {turns} turn rises "
                "to {exact}; the rule of thumb gives {thumb} at {turns} turn.",
                "Line chart: the exact chance to have drawn an out within {turns} turns rises "
                "to {exact}; the rule of thumb gives {thumb} at {turns} turns.",
                last,
            ).format(
                turns=number(last),
                exact=pct(result.within(last)),
                thumb=thumb_text(result.count, last),
            ),
        )
