"""The server's own count of a class experiment, replayed from its id, seed and trials.

A page's count is never trusted: :func:`replay_experiment` deals (or draws, or plays) the
same trials the lesson's page did, with the same engine function and the same seed, and
counts the successes itself. The lessons' views call the same functions (or draw from the
same stream, which ``tests/test_class_recompute.py`` checks), so an honest page and the
server always agree.

One record is bounded by what its lesson does (:data:`MAX_TRIALS`), so a replay is cheap;
the bot games of lessons 10 and 11 take long enough that the server replays a fixed
sample, the first :func:`replayed_trials` games of the seed (under a second of one core).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from ..core.cards import DECK, Card
from ..core.rules import GameRules
from ..odds.outs import Outs, outs
from ..odds.probability import sample_wild_counts
from ..odds.simulate import game_seed, play_games
from ..odds.trials import trial
from ..table.solitaire import Solitaire, SolitaireBot
from .experiments import (
    _DRAW,
    _SEATS,
    SOLITAIRE_WIN,
    _cards,
    find_experiment,
    most_common_wilds,
)

__all__ = [
    "MAX_TRIALS",
    "REPLAY_SECONDS",
    "held",
    "lesson_08_trial",
    "replay_experiment",
    "replayed_trials",
    "stock_of",
]

#: The most trials one record may report, by lesson: what the lesson itself does in one
#: run (lesson 08 deals at most 5,000 a round; lesson 07's and 09's buttons add up).
MAX_TRIALS = {"07": 20_000, "08": 5_000, "09": 20_000, "10": 5_000, "11": 5_000}
#: The seconds of one core the server spends replaying one record of lesson 10 or 11 (by the
#: quiet-core figures of ``benchmarks/lesson_work.py``); it replays the first games only.
REPLAY_SECONDS = 2.0
#: Seconds one seat of each bot adds to an 11-round game on a quiet core (that benchmark).
_SEAT_SECONDS = {"random": 0.030, "greedy": 0.017, "lookahead": 0.033, "expert": 0.148}
_SOLITAIRE_SECONDS = 0.024


def lesson_08_trial(question: str, round_no: int, rng: random.Random) -> int:
    """One deal of lesson 08's ``question``, drawn from ``rng``: the engine's own trial
    (:func:`~fivecrowns_lab.odds.trials.trial`), which the lesson deals too."""
    return trial(question, round_no, rng)


def held(result: Outs) -> tuple[Card, ...]:
    """The hand as the player holds it: after a draw, the card to discard is still in it."""
    return (*result.hand, result.discard) if result.discard is not None else tuple(result.hand)


def stock_of(result: Outs) -> list[Card]:
    """Every card the player has not seen (copies twice), in deck order: what a draw takes."""
    unseen = Counter(DECK)
    unseen.subtract(held(result))
    unseen.subtract(result.seen)
    return [card for card in sorted(unseen) for _ in range(max(0, unseen[card]))]


def real_cards(cards: Sequence[Card]) -> bool:
    """Whether ``cards`` could all be in play at once: no card more often than the decks hold."""
    return not Counter(cards) - Counter(DECK)


def _bots(experiment: str) -> tuple[list[str], GameRules]:
    match = _SEATS.fullmatch(experiment)
    if match is None:  # cannot happen: find_experiment read it
        raise ValueError(experiment)
    on = set(match[3].split("+")) if match[3] else set()
    rules = GameRules(
        rounds=int(match[2]),
        lay_off="lay_off" in on,
        going_out_bonus="going_out_bonus" in on,
        no_final_discard="no_final_discard" in on,
    )
    return match[1].split("-vs-"), rules


def replayed_trials(experiment: str, trials: int) -> int:
    """How many of ``trials`` the server replays: all of them, but for lessons 10 and 11 the
    first games that fit in :data:`REPLAY_SECONDS` (at least two)."""
    found = find_experiment(experiment)
    if found is None or found.lesson not in ("10", "11"):
        return trials
    if found.lesson == "11":
        per_game = _SOLITAIRE_SECONDS
    else:
        players, rules = _bots(experiment)
        per_game = sum(_SEAT_SECONDS.get(p, 1.0) for p in players) * rules.rounds / 11
    return min(trials, max(2, int(REPLAY_SECONDS / per_game)))


def _wilds(round_no: int, seed: int, trials: int) -> int:
    top = most_common_wilds(round_no)
    return sum(k == top for k in sample_wild_counts(round_no, trials, random.Random(seed)))


def _draws(experiment: str, round_no: int, seed: int, trials: int) -> int:
    match = _DRAW.fullmatch(experiment)
    if match is None:  # cannot happen: find_experiment read it
        raise ValueError(experiment)
    result = outs(_cards(match[2]), round_no, _cards(match[3]))
    stock, hits = stock_of(result), {o.card for o in result.outs}
    rng = random.Random(seed)
    return sum(rng.choice(stock) in hits for _ in range(trials)) if stock and hits else 0


def _seat_wins(experiment: str, seed: int, games: int) -> int:
    players, rules = _bots(experiment)
    rows = play_games(list(players), range(games), rules, seed)
    return len({r["game"] for r in rows if r["player"] == 0 and r["placement"] == 1})


def _solitaire_wins(seed: int, deals: int) -> int:
    bot, wins = SolitaireBot(), 0
    for i in range(deals):
        game = Solitaire(seed=game_seed(seed, i))
        while not game.is_over:
            game.apply(bot.choose(game))
        wins += game.result().won
    return wins


def replay_experiment(experiment: str, seed: int, trials: int) -> int:
    """The successes in the first ``trials`` trials of ``experiment`` from ``seed``.

    Pure: the same arguments give the same count on any machine, as the lesson's page gave.

    >>> replay_experiment("go-out-on-deal/round-3", 303, 200)
    1
    """
    found = find_experiment(experiment)
    if found is None:
        raise ValueError(f"There is no class experiment {experiment!r}.")
    if found.lesson == "07":
        return _wilds(found.round_no, seed, trials)
    if found.lesson == "08":
        rng = random.Random(seed)
        return sum(lesson_08_trial(found.question, found.round_no, rng) for _ in range(trials))
    if found.lesson == "09":
        return _draws(experiment, found.round_no, seed, trials)
    if experiment == SOLITAIRE_WIN:
        return _solitaire_wins(seed, trials)
    return _seat_wins(experiment, seed, trials)
