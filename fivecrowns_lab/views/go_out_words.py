"""Lesson 08's words and tables: its questions, the pattern explained, the table of rounds.

Pure functions of the engine's estimates (:mod:`fivecrowns_lab.odds.probability` for the
exact values, :mod:`fivecrowns_lab.odds.trials` for the simulated ones); the verdict on a
guess is :mod:`~fivecrowns_lab.views.verdicts`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction

from ..core.rules import ROUNDS, hand_size
from ..i18n import N_, number
from ..i18n import gettext as _
from ..i18n import ngettext as _n
from ..odds.hardest import HardestVerdict, hardest_round
from ..odds.probability import (
    Estimate,
    ExactUnavailableError,
    expected_penalty,
    first_turn_go_out,
    go_out_on_deal,
)
from .plots import fraction_html, pct, table_html

__all__ = [
    "ASK",
    "BY_ROUND_TITLES",
    "CHART_TITLES",
    "HARDEST_QUESTIONS",
    "PENALTY",
    "QUESTIONS",
    "QUESTION_NAMES",
    "RUNNING_TITLES",
    "exact_or_none",
    "explanation_html",
    "hardest_round",
    "pattern_explanation",
    "results_table_html",
    "summary_sentence",
    "value_text",
]

PENALTY = "penalty of a dealt hand"

QUESTIONS: dict[str, Callable[..., Estimate]] = {
    "go out on the deal": go_out_on_deal,
    "go out on the first turn": first_turn_go_out,
    PENALTY: expected_penalty,
}

#: Lesson 08's class prediction question for each question (the hardest round).
HARDEST_QUESTIONS = {
    "go out on the deal": "08/hardest-round/go-out-on-deal",
    "go out on the first turn": "08/hardest-round/go-out-first-turn",
    PENALTY: "08/hardest-round/penalty",
}

#: Lesson 08's guess for each question: which round is the hardest (the most points, for
#: the penalty). Each question has its own guess, committed before its answer is shown.
ASK = {
    "go out on the deal": N_("Which round is the hardest one to go out on the deal?"),
    "go out on the first turn": N_(
        "Which round is the hardest one to go out on the first turn (taking the face-up card "
        "or the first card drawn)?"
    ),
    PENALTY: N_(
        "In which round does a dealt hand leave the most penalty points (after laying down its "
        "best melds)?"
    ),
}

#: Each question as the learner reads it (the keys stay English: class records use them).
QUESTION_NAMES = {
    "go out on the deal": N_("go out on the deal"),
    "go out on the first turn": N_("go out on the first turn"),
    PENALTY: N_("penalty of a dealt hand"),
}

#: The charts' titles and their screen-reader words, by question, as whole phrases.
CHART_TITLES = {
    "go out on the deal": N_("Chance to go out on the deal"),
    "go out on the first turn": N_("Chance to go out on the first turn"),
    PENALTY: N_("Mean penalty of a dealt hand"),
}
BY_ROUND_TITLES = {
    "go out on the deal": N_("Chance to go out on the deal, by round"),
    "go out on the first turn": N_("Chance to go out on the first turn, by round"),
    PENALTY: N_("Mean penalty of a dealt hand, by round"),
}
RUNNING_TITLES = {
    "go out on the deal": N_("Chance to go out on the deal in round {round}, as deals are added"),
    "go out on the first turn": N_(
        "Chance to go out on the first turn in round {round}, as deals are added"
    ),
    PENALTY: N_("Mean penalty of a dealt hand in round {round}, as deals are added"),
}
#: What a round's value says, by question: "3.1% of deals go out".
VALUE_WORDS = {
    "go out on the deal": N_("{value} of deals go out"),
    "go out on the first turn": N_("{value} of deals go out on the first turn"),
    PENALTY: N_("{value} penalty points on average"),
}


def _why(sawtooth: bool) -> str:
    """Why the chance rises and falls: two whole paragraphs, as the counted rounds show
    the saw-tooth or do not quite."""
    return (
        _(
            "<b>Why.</b> To go out, every card must sit in a book or a run of at least three "
            "cards, and melds of three are by far the easiest to find. A hand of 3, 6, 9 or 12 "
            "cards can be split into melds of three exactly. A hand of 4, 7, 10 or 13 cards "
            "needs at least one meld of four, and a hand of 5, 8 or 11 cards a meld of five or "
            "two melds of four. Longer melds are much rarer, so the chance rises and falls in a "
            "<b>saw-tooth with period three</b>. It does not simply keep falling as hands grow, "
            "because a bigger hand also holds more wild cards: 16 × n / 116 of them on average."
        )
        if sawtooth
        else _(
            "<b>Why.</b> To go out, every card must sit in a book or a run of at least three "
            "cards, and melds of three are by far the easiest to find. A hand of 3, 6, 9 or 12 "
            "cards can be split into melds of three exactly. A hand of 4, 7, 10 or 13 cards "
            "needs at least one meld of four, and a hand of 5, 8 or 11 cards a meld of five or "
            "two melds of four. Longer melds are much rarer, so hand sizes that split into "
            "threes have an edge, although in the counted rounds the chance does not rise only "
            "at them. It does not simply keep falling as hands grow, because a bigger hand also "
            "holds more wild cards: 16 × n / 116 of them on average."
        )
    )


def pattern_explanation(exact: dict[int, Fraction]) -> str:
    """The explanation of the saw-tooth, written from the exact chances the engine gives."""
    if not exact:
        nothing = _("No round has been counted exactly yet, so there is nothing exact to explain.")
        return f"<p>{nothing}</p>"
    rounds = sorted(exact)
    listed = ", ".join(
        _("{count} cards {share}").format(count=hand_size(r), share=pct(exact[r])) for r in rounds
    )
    rises = [r for r in rounds[1:] if r - 1 in exact and exact[r] > exact[r - 1]]
    falls = [r for r in rounds[1:] if r - 1 in exact and exact[r] < exact[r - 1]]
    hardest = min(rounds, key=lambda r: exact[r])
    easiest = max(rounds, key=lambda r: exact[r])
    sawtooth = bool(rises) and all(hand_size(r) % 3 == 0 for r in rises)
    sizes = ", ".join(_("{count} cards").format(count=hand_size(r)) for r in rises)
    if not rises:
        rise_text = _("It never rises from one round to the next.")
    elif sawtooth:
        rise_text = _(
            "It rises only on the way to {sizes}: hand sizes that split into melds of three "
            "exactly."
        ).format(sizes=sizes)
    else:
        rise_text = _("It rises only on the way to {sizes}.").format(sizes=sizes)
    missing = [r for r in ROUNDS if r not in exact]
    missing_text = (
        " "
        + _n(
            "Rounds {rounds} are not counted exactly, only simulated.",
            "Rounds {rounds} are not counted exactly, only simulated.",
            len(missing),
        ).format(rounds=", ".join(map(str, missing)))
        if missing
        else ""
    )
    counted = _("<b>The exact chances:</b> {listed}.").format(listed=listed)
    steps = _(
        "The chance falls from one round to the next in {falls} of the {steps} steps counted."
    ).format(falls=len(falls), steps=len(falls) + len(rises))
    ends = _(
        "The hardest counted round is round {hardest} ({hardest_cards} cards, {hardest_share}); "
        "the easiest is round {easiest} ({easiest_cards} cards, {easiest_share})."
    ).format(
        hardest=hardest,
        hardest_cards=hand_size(hardest),
        hardest_share=pct(exact[hardest]),
        easiest=easiest,
        easiest_cards=hand_size(easiest),
        easiest_share=pct(exact[easiest]),
    )
    why = _why(sawtooth)
    return f"<p>{counted}{missing_text}</p><p>{steps} {rise_text} {ends}</p><p>{why}</p>"


def exact_or_none(question: str, round_no: int) -> Estimate | None:
    """The exact value of ``question`` in the round, or None where it is not counted."""
    try:
        return QUESTIONS[question](round_no)
    except ExactUnavailableError:
        return None


def value_text(value: float | Fraction, penalty: bool) -> str:
    """A value as the table shows it: points with two decimals, or a percentage."""
    return number(float(value), spec=".2f") if penalty else pct(value)


def _exact_cell(exact: Estimate | None, penalty: bool) -> str:
    if exact is None:
        return _("not counted")
    # On a phone (theme.css) the fraction is hidden and the ≈ value alone stays:
    # "¹³³⁶⁄₁₂₆₇₃ ≈ 10.5%" made the table about twice the screen's width.
    return (
        f"<span class='fc-exact-fraction'>{fraction_html(Fraction(exact.value))} ≈ "
        f"</span>{value_text(exact.value, penalty)}"
    )


def _simulated_cells(sim: Estimate | None, penalty: bool) -> list[str]:
    if sim is None:
        return [_("stopped"), "—"]
    low, high = sim.ci
    # Two unbreakable halves: on a phone (theme.css) the interval may take two
    # lines, "10.1% –" over "14.2%", and the table fits the screen.
    interval = (
        f"<span class='fc-interval'><span>{value_text(low, penalty)} –</span> "
        f"<span>{value_text(high, penalty)}</span></span>"
    )
    return [value_text(sim.value, penalty), interval]


def results_table_html(
    estimates: Mapping[int, tuple[Estimate | None, Estimate]],
    missing_exact: Mapping[int, Estimate | None],
    penalty: bool,
) -> str:
    """Every round: its cards, its exact value (or none), its simulated value and interval."""
    rows = []
    for r in ROUNDS:
        exact = estimates[r][0] if r in estimates else missing_exact.get(r)
        sim = estimates[r][1] if r in estimates else None
        cells = [_exact_cell(exact, penalty), *_simulated_cells(sim, penalty)]
        rows.append([str(r), str(hand_size(r)), *cells])
    exact_head = _("exact mean penalty (points)") if penalty else _("exact chance")
    return table_html(
        [_("round"), _("cards"), exact_head, _("simulated"), _("95% interval")],
        rows,
        nowrap=True,
    )


def summary_sentence(
    estimates: Mapping[int, tuple[Estimate | None, Estimate]], trials: int, seed: int
) -> str:
    """What a run simulated, and how many exact values its intervals hold."""
    agree = sum(1 for e, sim in estimates.values() if e is not None and sim.contains(e.value))
    counted = sum(1 for e, _sim in estimates.values() if e is not None)
    rounds = _n("{count} round", "{count} rounds", len(estimates)).format(count=len(estimates))
    done = _n(
        "Simulated {count} deal in each of {rounds} (seed {seed}).",
        "Simulated {count} deals in each of {rounds} (seed {seed}).",
        trials,
    ).format(count=number(trials), rounds=rounds, seed=seed)
    check = (
        " "
        + _(
            "{agree} of the {counted} exact values lie inside their 95% interval (about 1 "
            "interval in 20 is expected to miss)."
        ).format(agree=agree, counted=counted)
        if counted
        else ""
    )
    return done + check


def explanation_html(guess: int | None, verdict: HardestVerdict) -> str:
    """The hardest round of going out on the deal beside the guess, and the pattern."""
    exact = {r: e for r in ROUNDS if (e := exact_or_none("go out on the deal", r)) is not None}
    values = {r: Fraction(e.value) for r, e in exact.items()}
    hardest = verdict.hardest
    answer = (
        _(
            "The hardest is <b>round {round}</b> ({count} cards, {share}, counted exactly "
            "over every deal)."
        )
        if verdict.exact
        else _(
            "The hardest is <b>round {round}</b> ({count} cards, {share}, simulated, not "
            "counted exactly yet: neighbouring intervals may overlap)."
        )
    ).format(round=hardest, count=hand_size(hardest), share=pct(verdict.values[hardest]))
    right = _("You were right.") if guess == hardest else ""
    said = (
        _("<b>Your prediction:</b> round {round} ({count} cards).").format(
            round=guess, count=hand_size(guess)
        )
        if guess
        else _("<b>Your prediction:</b> none (you skipped it).")
    )
    heading = _("Going out on the deal: the pattern")
    return (
        f"<div class='fc-panel'><h4>{heading}</h4>"
        f"<p>{said} {answer} {right}</p>{pattern_explanation(values)}</div>"
    )
