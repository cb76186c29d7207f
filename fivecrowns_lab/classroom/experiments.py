"""The class experiments: the simulations whose counts a class pools, and their exact values.

An experiment is one yes/no question asked of many random trials, named by an id:

- lesson 07: ``"most-common-wilds/round-5"``, the share of hands holding the round's
  most common number of wilds (exact: the hypergeometric distribution);
- lesson 08: ``"go-out-on-deal/round-5"`` and ``"go-out-first-turn/round-5"``;
- lesson 09: ``"draw-an-out/round-4/8H-9H-10H-QS-QC-KD"`` (``/seen-…`` when cards were
  seen), the share of draws that are outs for that hand (exact: outs ÷ unseen cards);
- lesson 10: ``"seat-1-wins/greedy-vs-random/rounds-11"`` (``/lay_off+…`` with
  variants), the share of games the first seat wins (no exact value);
- lesson 11: :data:`SOLITAIRE_WIN`.

Lessons 09 and 10 name a hand or a table of bots, so their ids are built and read by
:func:`draw_out_id`, :func:`seat_win_id` and :func:`find_experiment`, never by hand.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from ..core.cards import Card, parse_cards
from ..core.rules import LAST_ROUND, ROUNDS, VARIANTS, hand_size
from ..errors import ExactUnavailableError, FiveCrownsError
from ..i18n import N_
from ..i18n import gettext as _
from ..i18n import ngettext as _n
from ..odds.counting import wild_count_distribution
from ..odds.outs import outs
from ..odds.probability import Estimate, first_turn_go_out, go_out_on_deal
from ..table.players import BOTS, bot_word

__all__ = [
    "EXPERIMENTS",
    "SEAT_WIN_VARIANTS",
    "SOLITAIRE_WIN",
    "Experiment",
    "draw_out_id",
    "exact_value",
    "experiment_id",
    "experiment_label",
    "find_experiment",
    "lesson_experiments",
    "most_common_wilds",
    "seat_win_id",
    "wild_count_id",
]


@dataclass(frozen=True)
class Experiment:
    """One pooled experiment: its lesson, a label for the dashboard, and the question.

    ``unit`` names one trial in the plural ("deals", "draws") and ``hit`` a success
    ("went out"), for the dashboard and the record sheet.
    """

    id: str
    lesson: str
    label: str
    question: str
    round_no: int
    unit: str = "deals"
    hit: str = "went out"


_QUESTIONS: dict[str, tuple[str, str, Callable[[int], Estimate]]] = {
    # lesson 08's question -> (id stem, dashboard label, exact function)
    "go out on the deal": ("go-out-on-deal", N_("Go out on the deal"), go_out_on_deal),
    "go out on the first turn": (
        "go-out-first-turn",
        N_("Go out on the first turn"),
        first_turn_go_out,
    ),
}


def experiment_id(question: str, round_no: int) -> str | None:
    """The id of lesson 08's ``question`` in ``round_no``; None if it is not pooled.

    >>> experiment_id("go out on the deal", 5)
    'go-out-on-deal/round-5'
    """
    if question not in _QUESTIONS:
        return None
    return f"{_QUESTIONS[question][0]}/round-{round_no}"


def most_common_wilds(round_no: int) -> int:
    """The number of wilds a hand of ``round_no`` holds most often (exact).

    >>> most_common_wilds(1), most_common_wilds(11)
    (0, 2)
    """
    exact = wild_count_distribution(round_no)
    return max(exact, key=lambda k: exact[k])


def wild_count_id(round_no: int) -> str:
    """The id of lesson 07's experiment in ``round_no``.

    >>> wild_count_id(5)
    'most-common-wilds/round-5'
    """
    return f"most-common-wilds/round-{round_no}"


#: Lesson 11's experiment: how often the solitaire bot wins a deal (no exact value known).
SOLITAIRE_WIN = "solitaire-win"


#: Lesson 07's experiment, as the kit names it (a label is this, then ", round ...").
WILDS_QUESTION = N_("Hands with the most common number of wilds")


def _wilds_label(r: int) -> str:
    k = most_common_wilds(r)
    return f"{WILDS_QUESTION}, round {r}: {k} wild{'s' * (k != 1)}"


EXPERIMENTS: dict[str, Experiment] = {
    **{
        wild_count_id(r): Experiment(
            wild_count_id(r),
            "07",
            _wilds_label(r),
            "most common wilds",
            r,
            N_("hands"),
            N_("with that many wilds"),
        )
        for r in ROUNDS
    },
    **{
        f"{stem}/round-{r}": Experiment(f"{stem}/round-{r}", "08", f"{label}, round {r}", q, r)
        for q, (stem, label, _f) in _QUESTIONS.items()
        for r in ROUNDS
    },
    SOLITAIRE_WIN: Experiment(
        SOLITAIRE_WIN,
        "11",
        N_("Solitaire: the bot wins a deal"),
        "win at solitaire",
        0,
        N_("deals"),
        N_("wins"),
    ),
}

# -- lessons 09 and 10: ids that name a hand or a table of bots ---------------------------------

#: The game variants a lesson 10 id may name, in id order: every on/off switch of the rules'
#: ``VARIANTS`` table, the same ones lesson 10 offers as checkboxes (a new variant joins both).
SEAT_WIN_VARIANTS = tuple(v.field for v in VARIANTS if isinstance(v.default, bool))
# Each variant's name (catalogue-marked in the rules' table), as a label says it.
_VARIANT_NAMES = {v.field: v.name for v in VARIANTS}
_MAX_ID = 200  # a round-11 hand after the draw and a few seen cards fit easily
_DRAW = re.compile(r"draw-an-out/round-(\d{1,2})/([0-9JQKH*CSD-]+)(?:/seen-([0-9JQKH*CSD-]+))?")
_SEATS = re.compile(r"seat-1-wins/([a-z]+(?:-vs-[a-z]+){1,3})/rounds-(\d{1,2})(?:/([a-z_+]+))?")


def _codes(cards: Iterable[Card]) -> str:
    return "-".join(card.code for card in sorted(cards))


def draw_out_id(round_no: int, hand: Iterable[Card], seen: Iterable[Card] = ()) -> str:
    """The id of lesson 09's experiment for ``hand`` (cards in any order) in ``round_no``.

    >>> draw_out_id(4, parse_cards("QS 8H 9H 10H QC KD"))
    'draw-an-out/round-4/8H-9H-10H-QC-QS-KD'
    """
    seen_codes = _codes(seen)
    return f"draw-an-out/round-{round_no}/{_codes(hand)}" + (
        f"/seen-{seen_codes}" if seen_codes else ""
    )


def seat_win_id(players: Sequence[str], rounds: int, variants: Iterable[str] = ()) -> str:
    """The id of lesson 10's experiment: seat 1 of ``players`` wins a game of ``rounds``.

    >>> seat_win_id(["lookahead", "greedy"], 11, ["lay_off"])
    'seat-1-wins/lookahead-vs-greedy/rounds-11/lay_off'
    """
    on = [v for v in SEAT_WIN_VARIANTS if v in set(variants)]
    return f"seat-1-wins/{'-vs-'.join(players)}/rounds-{rounds}" + (
        f"/{'+'.join(on)}" if on else ""
    )


def _cards(codes: str | None) -> tuple[Card, ...]:
    return tuple(parse_cards(codes.replace("-", " "))) if codes else ()


def _draw_experiment(experiment: str) -> Experiment | None:
    match = _DRAW.fullmatch(experiment)
    if match is None:
        return None
    r = int(match[1])
    try:
        hand, seen = _cards(match[2]), _cards(match[3])
    except FiveCrownsError:
        return None
    if r not in ROUNDS or len(hand) not in (hand_size(r), hand_size(r) + 1):
        return None
    if experiment != draw_out_id(r, hand, seen):  # one spelling per hand, so one pool
        return None
    label = f"Draw an out, round {r}: {' '.join(map(str, sorted(hand)))}" + (
        f" (seen {' '.join(map(str, sorted(seen)))})" if seen else ""
    )
    return Experiment(experiment, "09", label, "draw an out", r, N_("draws"), N_("outs drawn"))


def _seat_experiment(experiment: str) -> Experiment | None:
    match = _SEATS.fullmatch(experiment)
    if match is None:
        return None
    players, rounds = match[1].split("-vs-"), int(match[2])
    variants = match[3].split("+") if match[3] else []
    if any(p not in BOTS for p in players) or not 1 <= rounds <= LAST_ROUND:
        return None
    if any(v not in SEAT_WIN_VARIANTS for v in variants) or experiment != seat_win_id(
        players, rounds, variants
    ):
        return None
    extra = f", {', '.join(_VARIANT_NAMES[v] for v in variants)}" if variants else ""
    label = (
        f"Strategy: {players[0]} in seat 1 wins against {', '.join(players[1:])} "
        f"({rounds} round{'s' * (rounds != 1)}{extra})"
    )
    return Experiment(experiment, "10", label, "seat 1 wins", 0, N_("games"), N_("seat 1 won"))


@lru_cache(maxsize=512)
def find_experiment(experiment: str) -> Experiment | None:
    """The experiment an id names (lessons 09 and 10 included), or None.

    >>> find_experiment("seat-1-wins/greedy-vs-random/rounds-11").lesson
    '10'
    >>> find_experiment("draw-an-out/round-4/QS-8H") is None
    True
    """
    if experiment in EXPERIMENTS:
        return EXPERIMENTS[experiment]
    if len(experiment) > _MAX_ID:
        return None
    return _draw_experiment(experiment) or _seat_experiment(experiment)


# One example of each experiment that names a hand or a table, for the teacher's kit (its
# label, unit and hit are marked for the catalogue: the kit shows them in its language).
_FAMILIES = (
    Experiment("", "09", N_("Draw an out"), "draw an out", 0, N_("draws"), N_("outs drawn")),
    Experiment(
        "", "10", N_("Strategy: seat 1 wins"), "seat 1 wins", 0, N_("games"), N_("seat 1 won")
    ),
)


def lesson_experiments(lesson: str) -> list[Experiment]:
    """The experiments of lesson ``lesson``: each fixed one, and one per named family."""
    return [e for e in (*EXPERIMENTS.values(), *_FAMILIES) if e.lesson == lesson]


@lru_cache(maxsize=512)
def exact_value(experiment: str) -> Fraction | None:
    """The exact chance an experiment estimates, if the package knows it.

    >>> round(float(exact_value("go-out-on-deal/round-1")), 4)
    0.1054
    >>> exact_value("go-out-first-turn/round-11") is None
    True
    >>> exact_value("draw-an-out/round-4/8H-9H-10H-QC-QS-KD")
    Fraction(12, 55)
    """
    found = find_experiment(experiment)
    if found is None:
        return None
    if found.lesson == "07":
        return wild_count_distribution(found.round_no)[most_common_wilds(found.round_no)]
    if found.lesson == "09":
        match = _DRAW.fullmatch(experiment)
        if match is None:  # cannot happen: find_experiment read it
            return None
        return outs(_cards(match[2]), found.round_no, _cards(match[3])).probability
    if found.question not in _QUESTIONS:
        return None
    try:
        value = _QUESTIONS[found.question][2](found.round_no).value
    except ExactUnavailableError:
        return None
    return value if isinstance(value, Fraction) else None


# -- the dashboard's labels, in the page's language ---------------------------------------------

# Lesson 08's label by id stem: whole sentences, so a language orders them its own way.
_ROUND_LABELS = {
    "go-out-on-deal": N_("Go out on the deal, round {round}"),
    "go-out-first-turn": N_("Go out on the first turn, round {round}"),
}


def _seat_label(experiment: str) -> str:
    match = _SEATS.fullmatch(experiment)
    if match is None:  # cannot happen: find_experiment read it
        return experiment
    players, rounds = match[1].split("-vs-"), int(match[2])
    fields = {
        "bot": bot_word(players[0]),
        "others": ", ".join(bot_word(p) for p in players[1:]),
        "count": rounds,
    }
    if not match[3]:
        return _n(
            "Strategy: {bot} in seat 1 wins against {others} ({count} round)",
            "Strategy: {bot} in seat 1 wins against {others} ({count} rounds)",
            rounds,
        ).format(**fields)
    variants = ", ".join(_(_VARIANT_NAMES[v]) for v in match[3].split("+"))
    return _n(
        "Strategy: {bot} in seat 1 wins against {others} ({count} round, {variants})",
        "Strategy: {bot} in seat 1 wins against {others} ({count} rounds, {variants})",
        rounds,
    ).format(**fields, variants=variants)


def experiment_label(experiment: str) -> str:
    """The dashboard's label of an experiment, in the current language (the id if unknown).

    Built from the id when the page is written, so an English record shows in Danish too.

    >>> experiment_label("go-out-on-deal/round-2")
    'Go out on the deal, round 2'
    """
    found = find_experiment(experiment)
    if found is None:
        return experiment
    r = found.round_no
    if found.lesson == "07":
        k = most_common_wilds(r)
        return _n(
            "Hands with the most common number of wilds, round {round}: {count} wild",
            "Hands with the most common number of wilds, round {round}: {count} wilds",
            k,
        ).format(round=r, count=k)
    if found.lesson == "08":
        return _(_ROUND_LABELS[experiment.split("/")[0]]).format(round=r)
    if found.lesson == "09":
        match = _DRAW.fullmatch(experiment)
        if match is None:  # cannot happen: find_experiment read it
            return experiment
        hand = " ".join(map(str, sorted(_cards(match[2]))))
        if not match[3]:
            return _("Draw an out, round {round}: {hand}").format(round=r, hand=hand)
        seen = " ".join(map(str, sorted(_cards(match[3]))))
        return _("Draw an out, round {round}: {hand} (seen {seen})").format(
            round=r, hand=hand, seen=seen
        )
    if found.lesson == "10":
        return _seat_label(experiment)
    return _(found.label)
