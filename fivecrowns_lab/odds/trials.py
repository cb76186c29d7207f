"""Trials of a question, dealt one after another from a seed: the one simulation engine.

A *trial* deals one random hand (and, for the first turn, the two cards the first
player may take) and scores it: 1 or 0 for a question of going out, the points left
in hand for the penalty. :func:`trial_batches` deals them in batches, so a lesson can
show its running estimate and stop between two batches; the questions' own
``method="simulate"`` (:mod:`fivecrowns_lab.odds.probability`) and the class server's
replay deal the very same trials, so the same seed gives the same deals everywhere.

>>> *_, values = trial_batches("go out on the deal", 3, 120, seed=5)
>>> len(values), values == list(trial_stream("go out on the deal", 3, 5, 120))
(120, True)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Sequence

from ..core.cards import DECK, Hand
from ..core.rules import RoundRules, is_wild, round_rules
from ..core.solver import can_go_out, going_out_discards, penalty
from ..errors import GameError, ProbabilityError, quote
from ..i18n import gettext as _
from ..i18n import number
from ..table.deal import deal_hand
from ..validators import check_seed, whole_number
from .counting import DECK_SIZE
from .estimate import Estimate
from .simulate import MAX_GAMES
from .stats import mean_interval, wilson_interval

__all__ = [
    "BATCH",
    "MAX_DEALS",
    "QUESTIONS",
    "deal",
    "dealt_wild_counts",
    "estimate_of",
    "running_estimates",
    "sample_wild_counts",
    "share_intervals",
    "share_series",
    "trial",
    "trial_batches",
    "trial_stream",
]

#: The most hands one call deals: the bound a simulation of games has (``MAX_GAMES``).
MAX_DEALS = MAX_GAMES
#: Deals between two yields of :func:`trial_batches`: a lesson redraws (or stops) there.
BATCH = 50
_PENALTY = "penalty of a dealt hand"


def _rng(seed: int | random.Random | None) -> random.Random:
    """A generator: ``seed`` itself if it is one, else a new one seeded with it."""
    checked = check_seed(seed, ProbabilityError, none=True, generator=True)
    return checked if isinstance(checked, random.Random) else random.Random(checked)


def check_deals(n: object) -> int:
    """Return ``n`` if it is a number of hands to deal (0 to MAX_DEALS), else raise."""
    return whole_number(
        n,
        _("The number of hands to deal is a whole number from {low} to {most}, not {value}."),
        0,
        MAX_DEALS,
        ProbabilityError,
        most=number(MAX_DEALS),
    )


def deal(
    round_no: RoundRules | int, seed: int | random.Random | None = None, extra: int = 0
) -> Hand:
    """A random hand for the round (plus ``extra`` more cards after it), from a seeded shuffle.

    It is :func:`~fivecrowns_lab.table.deal.deal_hand` with the seed policy of this module.

    >>> len(deal(3, seed=1)), deal(3, seed=1) == deal(3, seed=1)
    (5, True)
    """
    rules = round_rules(round_no)
    try:
        return deal_hand(rules, _rng(seed), extra)
    except GameError as error:  # the number of extra cards
        raise ProbabilityError(str(error)) from None


def sample_wild_counts(
    round_no: RoundRules | int, n: int, seed: int | random.Random | None = None
) -> list[int]:
    """The number of wilds in each of ``n`` random hands of the round.

    Pass a :class:`random.Random` as ``seed`` to keep dealing from where a
    previous call stopped (a lesson's histogram filling in).

    >>> sample_wild_counts(1, 8, seed=3)
    [0, 1, 0, 1, 1, 0, 0, 0]
    """
    rules = round_rules(round_no)
    check_deals(n)
    rng = _rng(seed)
    size = rules.hand_size
    wild = [is_wild(card, rules) for card in DECK]
    positions = range(DECK_SIZE)
    return [sum(wild[i] for i in rng.sample(positions, size)) for _ in range(n)]


# -- one trial of each question ----------------------------------------------------------------


def _goes_out_on_deal(rules: RoundRules, rng: random.Random) -> int:
    return int(can_go_out(deal(rules, rng), rules))


def _goes_out_first_turn(rules: RoundRules, rng: random.Random) -> int:
    """The first player sees the face-up card and takes it if it lets them go out, else
    draws the stock's top; both are random cards of the 116 less the hand."""
    cards = deal(rules, rng, extra=2)
    hand, face_up, stock = cards[:-2], cards[-2], cards[-1]
    if going_out_discards((*hand, face_up), rules):
        return 1
    return int(bool(going_out_discards((*hand, stock), rules)))


def _dealt_penalty(rules: RoundRules, rng: random.Random) -> int:
    return penalty(deal(rules, rng), rules)


#: Each question (as lessons and class records name it): its trial, and the words its
#: estimates carry (:attr:`Estimate.question`, which the catalogue translates).
QUESTIONS: dict[str, tuple[Callable[[RoundRules, random.Random], int], str]] = {
    "go out on the deal": (_goes_out_on_deal, "going out on the deal"),
    "go out on the first turn": (_goes_out_first_turn, "going out on the first turn"),
    _PENALTY: (_dealt_penalty, _PENALTY),
}


def _trial_of(question: str) -> Callable[[RoundRules, random.Random], int]:
    if question not in QUESTIONS:
        raise ProbabilityError(
            _("There is no simulated question {value}; the questions are {known}.").format(
                value=quote(question), known=", ".join(map(repr, QUESTIONS))
            )
        )
    return QUESTIONS[question][0]


def trial(question: str, rules: RoundRules | int, rng: random.Random) -> int:
    """One deal of ``question`` drawn from ``rng``: 1 or 0 (went out or not), or the penalty."""
    return _trial_of(question)(round_rules(rules), rng)


def trial_stream(
    question: str, rules: RoundRules | int, seed: int | random.Random | None, n: int
) -> Iterator[int]:
    """The first ``n`` trials of ``question`` from ``seed``, one at a time."""
    one, rules = _trial_of(question), round_rules(rules)
    rng = _rng(seed)
    for _i in range(check_deals(n)):
        yield one(rules, rng)


def trial_batches(
    question: str, rules: RoundRules | int, n: int, seed: int | None, batch: int = BATCH
) -> Iterator[list[int]]:
    """The trials so far, after each ``batch`` of the first ``n`` from ``seed``.

    The caller paces, shows and stops: nothing is dealt until the next batch is asked
    for, so a lesson that stops asking has dealt nothing more.
    """
    values: list[int] = []
    for value in trial_stream(question, rules, seed, n):
        values.append(value)
        if len(values) % batch == 0 or len(values) == n:
            yield values


def estimate_of(
    question: str, rules: RoundRules | int, values: Sequence[int], seed: int | None
) -> Estimate:
    """The estimate the trials ``values`` of ``question`` give: a share of successes with
    its Wilson interval, or (the penalty) a mean with its interval."""
    rules = round_rules(rules)
    n = len(values)
    asked = QUESTIONS[question][1] if question in QUESTIONS else question
    if not rules.is_standard:
        asked = f"{asked} ({', '.join(rules.variant_names())})"
    if question == _PENALTY:
        mean = sum(values) / n
        sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
        ci = mean_interval(mean, sd, n) if n > 1 else (mean, mean)
        return Estimate(asked, rules.round_no, mean, ci, "simulate", n, seed)
    hits = sum(values)
    return Estimate(asked, rules.round_no, hits / n, wilson_interval(hits, n), "simulate", n, seed)


def running_estimates(
    question: str, rules: RoundRules | int, n: int, seed: int | None, batch: int = BATCH
) -> Iterator[Estimate]:
    """The estimate after each batch of the first ``n`` trials from ``seed``: a lesson's
    running estimate, whose last is the estimate of all ``n``."""
    for values in trial_batches(question, rules, n, seed, batch):
        yield estimate_of(question, rules, values, seed)


# -- lesson 07: shares of hands with a number of wilds -------------------------------------------


def dealt_wild_counts(
    rules: RoundRules | int, n: int, rng: random.Random
) -> tuple[Hand | None, list[int]]:
    """The wilds in each of ``n`` more hands from ``rng``; a single hand comes back too, to
    be shown (it is dealt from the same stream :func:`sample_wild_counts` draws from)."""
    if n == 1:
        hand = deal(rules, rng)
        return hand, [sum(is_wild(card, rules) for card in hand)]
    return None, sample_wild_counts(rules, n, rng)


def share_series(
    hits: Sequence[bool], before: tuple[int, int] = (0, 0), points: int = 25
) -> tuple[int, list[dict[str, float]]]:
    """The running share of ``hits`` after about ``points`` evenly spaced trials, each with
    its 95% Wilson interval, continuing ``before`` (hits, trials) dealt earlier.

    Returns the hits in all, and one row ``{"n", "value", "low", "high"}`` per point.
    """
    found, total = before
    marks = {max(1, round(len(hits) * (i + 1) / points)) for i in range(points)}
    rows = []
    for i, hit in enumerate(hits, 1):
        found += hit
        if i in marks:
            low, high = wilson_interval(found, total + i)
            rows.append({"n": total + i, "value": found / (total + i), "low": low, "high": high})
    return found, rows


def share_intervals(
    rules: RoundRules | int, wilds: int, hands: int, samples: int, rng: random.Random
) -> list[tuple[float, float, float]]:
    """``samples`` fresh samples of ``hands`` hands each: the share of hands with ``wilds``
    wilds in each, and its 95% Wilson interval, as ``(share, low, high)``."""
    found = []
    for _i in range(samples):
        hits = sum(1 for j in sample_wild_counts(rules, hands, rng) if j == wilds)
        low, high = wilson_interval(hits, hands)
        found.append((hits / hands, low, high))
    return found
