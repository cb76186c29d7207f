"""One factory per lesson, each returning the widget a lesson notebook ends with.

The views are imported inside each factory, so importing this module (or the
engine) never loads a widget library. The self-check questions are plain data
here; each names a mistake people commonly make about Five Crowns.

>>> [q.prompt[:30] for q in QUIZZES["cards"]][:1]
['How many rounds does a full ga']
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = [
    "QUIZZES",
    "Choice",
    "Prompt",
    "deal_lab",
    "gallery",
    "meld_lab",
    "play_lesson",
    "quiz",
    "schedule_lesson",
    "scorekeeper",
    "scoring_lesson",
    "solitaire_lesson",
]


@dataclass(frozen=True)
class Choice:
    """An answer to a quiz question: its text, whether it is right, and why."""

    text: str
    correct: bool
    why: str


@dataclass(frozen=True)
class Prompt:
    """A quiz question and its choices."""

    prompt: str
    choices: tuple[Choice, ...]


def _q(prompt: str, right: tuple[str, str], *wrong: tuple[str, str]) -> Prompt:
    choices = [Choice(right[0], True, right[1])] + [Choice(t, False, w) for t, w in wrong]
    # A fixed, spread-out position for the right answer, so it is not always first.
    shift = len(prompt) % len(choices)
    return Prompt(prompt, tuple(choices[shift:] + choices[:shift]))


QUIZZES: dict[str, tuple[Prompt, ...]] = {
    "cards": (
        _q(
            "How many rounds does a full game of Five Crowns have?",
            ("11", "Round 1 deals 3 cards and round 11 deals 13: eleven rounds."),
            ("9", "A widely read guide says nine, but it miscounts: rounds run 3 to 13 cards."),
            ("13", "13 is the number of cards dealt in the last round, not the number of rounds."),
        ),
        _q(
            "What does a king left in your hand score in round 10 (queens wild)?",
            ("13", "A king is worth 13: J is 11, Q 12, K 13."),
            ("10", "Face cards are not worth 10 in Five Crowns: J 11, Q 12, K 13."),
            ("20", "Only the round's wild rank scores 20; in round 10 that is the queens."),
        ),
        _q(
            "And a king left in hand in round 11?",
            ("20", "Kings are the wild rank in round 11, and a wild card left in hand scores 20."),
            ("13", "That is a common slip: in the kings-wild round a king scores 20, not 13."),
            ("50", "50 is the joker's score; a king that is wild scores 20."),
        ),
        _q(
            "How many points is a joker left in hand?",
            ("50", "A joker left in hand costs 50: meld your jokers!"),
            ("25", "Some other games score a joker 25; in Five Crowns it is 50."),
            ("20", "20 is for a card of the wild rank; a joker is 50."),
        ),
        _q(
            "In round 5, which cards are wild?",
            (
                "The 7s and the jokers",
                "Round r deals r + 2 cards and rank r + 2 is wild: 7s, plus the jokers.",
            ),
            ("The 5s and the jokers", "The wild rank is the hand size, round + 2: 7 in round 5."),
            ("Only the jokers", "Jokers are always wild, and each round also has a wild rank."),
        ),
    ),
    "melds": (
        _q(
            "Is 8♥ 8♥ 8★ a book?",
            ("Yes", "A book is three or more cards of one rank; suits do not matter."),
            ("No: a book needs different suits", "Not in Five Crowns: duplicates are fine."),
            ("No: a book needs four cards", "Three cards are enough for a book."),
        ),
        _q(
            "In round 5 (7s wild), is Q♦ K♦ 3♦ a run?",
            ("No", "Runs cannot wrap from K to 3: the ranks stop at K."),
            (
                "Yes: it wraps round",
                "Wrapping is a rule of other games; Five Crowns runs stop at K.",
            ),
            ("Yes: any three diamonds", "A run needs one suit and consecutive ranks."),
        ),
        _q(
            "In round 1 (3s wild), is 5♣ JK 7♣ a run?",
            ("Yes: the joker stands for 6♣", "A wild card can fill any gap in a run."),
            ("No: jokers only go in books", "Wilds stand for any card, in books and in runs."),
            ("No: a run needs four cards", "Three cards in a row are a run."),
        ),
        _q(
            "Can a meld be made of wild cards alone, like JK JK 3♠ in round 1?",
            ("Yes", "Any number of wilds may be used, even a meld of wilds only."),
            ("No: it needs a natural card", "Not in these rules: a meld of wilds alone is fine."),
        ),
        _q(
            "Is 9♠ 10♠ 10♠ J♠ one run?",
            ("No", "A run cannot hold the same rank twice."),
            ("Yes", "The second 10♠ is a repeat; a run has each rank once."),
        ),
    ),
    "scoring": (
        _q(
            "What does the player who goes out score for the round?",
            ("0", "Going out scores 0 (−10 only with the going-out bonus variant)."),
            ("−10", "Only with the going-out bonus variant; the standard score is 0."),
            ("The points of the discarded card", "The last card is discarded and not counted."),
        ),
        _q(
            "After someone goes out, what happens to everyone else?",
            (
                "One more turn each, then score what is left",
                "Each other player gets exactly one more turn, lays down melds, and discards.",
            ),
            ("The round ends at once", "No: everyone else gets one final turn first."),
            ("They keep playing until they go out", "Only one more turn each."),
        ),
        _q(
            "In round 4 (6s wild), you are left with K♣ Q♠ JK and no meld. What do they score?",
            ("75", "13 for the king, 12 for the queen and 50 for the joker: 75."),
            ("45", "Face cards are not worth 10: K is 13 and Q 12, and the joker is 50."),
            ("50", "A joker is 50, but the king (13) and queen (12) count too: 75."),
        ),
        _q(
            "Who wins the game?",
            ("The lowest total", "Points are penalties: the lowest total after round 11 wins."),
            ("The highest total", "Points are what you did not meld: lower is better."),
            ("Whoever went out most", "Going out often helps, but only the total counts."),
        ),
    ),
}


def quiz(topic: str) -> Any:
    """The self-check quiz of a lesson: ``"cards"``, ``"melds"`` or ``"scoring"``."""
    from .views.quiz import Answer, Question, Quiz

    if topic not in QUIZZES:
        raise ValueError(f"There is no quiz on {topic!r}; try one of {sorted(QUIZZES)}.")
    questions = [
        Question(p.prompt, tuple(Answer(c.text, c.correct, c.why) for c in p.choices))
        for p in QUIZZES[topic]
    ]
    return Quiz(questions)


def _with_quiz(view: Any, topic: str) -> Any:
    from .views.base import Lesson

    return Lesson(view, quiz(topic))


def schedule_lesson(round_no: int = 1) -> Any:
    """Lesson 01: the wild-card schedule, then a quiz."""
    from .views.schedule import ScheduleView

    return _with_quiz(ScheduleView(round_no), "cards")


def deal_lab(round_no: int = 3, seed: int = 1) -> Any:
    """Deal a seeded hand and see its best arrangement."""
    from .views.deal import DealLab

    return DealLab(round_no, seed)


def meld_lab(round_no: int = 5, seed: int = 7, cards: str | None = None) -> Any:
    """Lesson 02: build books and runs, then a quiz."""
    from .views.meld_lab import MeldLab

    return _with_quiz(MeldLab(round_no, seed, cards), "melds")


def scoring_lesson(round_no: int = 6, players: int = 4, seed: int = 3) -> Any:
    """Lesson 03: a finished round scored step by step, then a quiz."""
    from .views.scoring import ScoringLesson

    return _with_quiz(ScoringLesson(round_no, players, seed), "scoring")


def play_lesson(bots: int = 2, level: str = "greedy", humans: int = 1, seed: int = 7) -> Any:
    """Lesson 04: play against 1 to 6 bots (several people can share the screen)."""
    from .views.play import PlayLesson

    return PlayLesson(bots=bots, level=level, humans=humans, seed=seed)


def solitaire_lesson(seed: int = 1) -> Any:
    """Lesson 05: Five Crowns Solitaire, eleven hands at once."""
    from .views.solitaire import SolitaireLesson

    return SolitaireLesson(seed)


def scorekeeper(path: str | Path | None = None) -> Any:
    """Lesson 06: keep the score of a real game (autosaved to ``path``)."""
    from .views.scorekeeper import Scorekeeper

    return Scorekeeper(path)


def gallery(directory: str | Path | None = None) -> Any:
    """Lesson 00: links to every lesson notebook."""
    from .views.gallery import Gallery

    return Gallery(directory)
