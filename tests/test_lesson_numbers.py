"""Every number stated in the prose of lessons 00-05 and the teachers' guide is checked.

Each page has a list of *claims*: a pattern that finds a sentence in the page's markdown
and a check that recomputes its numbers with the engine (or the lesson catalogue). Three
things are tested per page: every claim still finds its sentence, every claim's numbers
are right, and every number in the page (digits or a number word such as "eleven") sits
inside a checked claim or an explicitly allowed one (a class timing, an age). So a new
number in the prose fails this test until someone checks it: "25 billion" cannot
slip back in. Card notation in `backticks` is checked by the claims that quote it.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import get_args

import pytest

from fivecrowns_lab import (
    DECK,
    ROUNDS,
    Card,
    GameRules,
    Suit,
    best_arrangement,
    card_points,
    check_meld,
    hand_size,
    parse_cards,
    wild_rank,
)
from fivecrowns_lab.content.catalogue import CATALOGUE, GROUPS, lesson
from fivecrowns_lab.content.quizzes import LESSON_QUIZZES
from fivecrowns_lab.core.cards import RANK_NAMES, RANKS, SUITS
from fivecrowns_lab.core.melds import MeldKind
from fivecrowns_lab.table.finished_round import finished_round
from fivecrowns_lab.table.scorebook import placements
from fivecrowns_lab.table.solitaire import Solitaire

ROOT = Path(__file__).resolve().parent.parent
WORDS = {
    "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "twice": 2,
}  # fmt: skip
NUMBER = re.compile(r"\d[\d,.]*\d|\d|\b(?:" + "|".join(WORDS) + r")\b", re.IGNORECASE)
KING = Card(13, Suit.SPADES)
Check = Callable[[re.Match[str]], bool]


def n(text: str) -> int:
    """A number in the prose as an int: ``'1,000'``, ``'eleven'``, ``'−10'``."""
    text = text.strip().lower().replace(",", "").replace("−", "-")
    return WORDS[text] if text in WORDS else int(text)


def ns(match: re.Match[str]) -> list[int]:
    return [n(g) for g in match.groups() if g is not None and NUMBER.fullmatch(g.strip())]


def copies_of_each_card() -> set[int]:
    return {count for card, count in Counter(DECK).items() if not card.is_joker}


def jokers() -> int:
    return sum(card.is_joker for card in DECK)


def numeric_ranks() -> list[int]:
    return [r for r in RANKS if r not in RANK_NAMES]


def smallest_meld(kind: str) -> int:
    """The fewest cards that make a book (8s) or a run (hearts from 5) in round 1."""
    for size in range(1, 6):
        if kind == "book":
            cards = " ".join(["8H", "8S", "8C", "8D", "8*"][:size])
        else:
            cards = " ".join(f"{r}H" for r in range(5, 5 + size))
        result = check_meld(cards, 1)
        if result.valid and result.kind == kind:
            return size
    raise AssertionError(kind)  # pragma: no cover


def schedule_offsets() -> tuple[set[int], set[int]]:
    return {hand_size(r) - r for r in ROUNDS}, {wild_rank(r) - r for r in ROUNDS}


def minutes(numbers: str) -> int:
    return sum(lesson(x).minutes for x in re.findall(r"\d\d", numbers))


def is_lesson(number: str) -> bool:
    return number == "00" or any(e.number == number for e in CATALOGUE)


def points(rank: int, round_no: int = 1) -> int:
    return card_points(Card(rank, Suit.HEARTS), round_no)


def meld_ok(cards: str, round_no: int, kind: str | None = None) -> bool:
    result = check_meld(cards, round_no)
    return result.valid and (kind is None or result.kind == kind)


JOKER_CARD = next(c for c in DECK if c.is_joker)


def schedule_points(m: re.Match[str]) -> bool:
    """J, Q, K, a wild card and a joker left in hand, as round 4 scores them."""
    faces = [points(11, 4), points(12, 4), points(13, 4)]
    return ns(m) == [*faces, points(wild_rank(4), 4), card_points(JOKER_CARD, 4)]


def experiment_lessons() -> set[str]:
    """The lessons with a class experiment (a record sheet in their kits)."""
    from fivecrowns_lab.classroom.experiments import lesson_experiments

    return {e.number for e in CATALOGUE if lesson_experiments(e.number)}


# (pattern, check) per page; the check gets the match and returns True when it is right.
CLAIMS: dict[str, list[tuple[str, Check]]] = {
    "notebooks/00-index.ipynb": [
        (r"come in (two) groups", lambda m: len(GROUPS) == n(m[1])),
        (r"(\w+) suits, (\w+) rounds", lambda m: ns(m) == [len(SUITS), len(ROUNDS)]),
        (r"Start with lesson (\d\d)", lambda m: m[1] == CATALOGUE[0].number),
    ],
    "notebooks/00-teachers.ipynb": [
        # The groups by their gallery headings: no lesson numbers to go stale.
        (
            r"the card game itself \(the lessons under \*([^*]+)\*\)",
            lambda m: m[1] == GROUPS["game"],
        ),
        (
            r"in their hands \(those under \*([^*]+)\*\)",
            lambda m: m[1] == GROUPS["probability"],
        ),
    ],
    "notebooks/00-rules.ipynb": [
        (
            r"(\d+) cards: (\w+) identical decks",
            lambda m: n(m[1]) == len(DECK) and copies_of_each_card() == {n(m[2])},
        ),
        (r"(\w+) suits \(stars", lambda m: n(m[1]) == len(SUITS)),
        (
            r"the (\w+) ranks ((?:\d+, )+)J, Q, K, every card (twice), plus (\d+) jokers",
            lambda m: (
                n(m[1]) == len(RANKS)
                and [int(x) for x in m[2].split(", ") if x] == numeric_ranks()
                and copies_of_each_card() == {n(m[3])}
                and n(m[4]) == jokers()
            ),
        ),
        (r"No aces, no (\d+)s", lambda m: n(m[1]) < min(RANKS) and n(m[1]) + 12 not in RANKS),
        (
            r"J = (\d+), Q = (\d+), K = (\d+)",
            lambda m: ns(m) == [c.rank for c in parse_cards("JH QH KH")],
        ),
        (r"A game has (\d+) rounds", lambda m: n(m[1]) == len(ROUNDS)),
        (
            r"Round \*r\* deals \*r\* \+ (\d+) cards and rank \*r\* \+ (\d+) is wild",
            lambda m: schedule_offsets() == ({n(m[1])}, {n(m[2])}),
        ),
        (
            r"(\d+) cards with (\d+)s wild in round (\d+), up to (\d+) cards with kings wild "
            r"in round (\d+)",
            lambda m: (
                [hand_size(n(m[3])), wild_rank(n(m[3]))] == [n(m[1]), n(m[2])]
                and n(m[5]) == ROUNDS[-1]
                and (hand_size(n(m[5])), wild_rank(n(m[5]))) == (n(m[4]), 13)
            ),
        ),
        (r"A \*book\* is (\d+) or more", lambda m: n(m[1]) == smallest_meld("book")),
        (r"A \*run\* is (\d+) or more", lambda m: n(m[1]) == smallest_meld("run")),
        (
            r"never wrap round to (\d+)",
            lambda m: n(m[1]) == min(RANKS) and not meld_ok("QH KH 3H", 5),
        ),
        (r"went out scores (\d+)\.", lambda m: finished_round(3, 3, 1).score(0) == n(m[1])),
        (
            r"a card of the wild rank (\d+), a joker (\d+)",
            lambda m: [points(wild_rank(2), 2), card_points(JOKER_CARD, 2)] == ns(m),
        ),
    ],
    "notebooks/01-cards-and-wilds.ipynb": [
        (
            r"(\d+) cards: (\w+) suits",
            lambda m: ns(m) == [len(DECK), len(SUITS)],
        ),
        (
            r"the ranks (\d+) to (\d+), J, Q and K, and every card (twice); plus (\w+) jokers",
            lambda m: (
                [n(m[1]), n(m[2])] == [numeric_ranks()[0], numeric_ranks()[-1]]
                and copies_of_each_card() == {n(m[3])}
                and n(m[4]) == jokers()
            ),
        ),
        (r"no aces and no (\d+)s", lambda m: n(m[1]) < min(RANKS)),
        (
            r"`(10♥)`, or in plain keyboard letters, `(10H)`",
            lambda m: parse_cards(m[1]) == parse_cards(m[2]),
        ),
        (
            r"Here are (\w+) cards typed as `([^`]+)`",
            lambda m: len(parse_cards(m[2])) == n(m[1]),
        ),
        (r"A game has (\w+) rounds", lambda m: n(m[1]) == len(ROUNDS)),
        (
            r"Round \*r\* deals \*r\* \+ (\d+) cards, and cards of rank \*r\* \+ (\d+) are",
            lambda m: schedule_offsets() == ({n(m[1])}, {n(m[2])}),
        ),
        (
            r"\(J (\d+), Q (\d+), K (\d+)\), a wild card (\d+) and a joker (\d+)",
            lambda m: (
                ns(m) == [points(11), points(12), points(13), points(wild_rank(1), 1), 50]
                and card_points(JOKER_CARD, 1) == 50
            ),
        ),
        (
            r"in round (\d+), where kings are wild, a king costs (\d+), not (\d+)",
            lambda m: (
                wild_rank(n(m[1])) == 13
                and card_points(KING, n(m[1])) == n(m[2])
                and card_points(KING, n(m[1]) - 1) == n(m[3])
            ),
        ),
        (
            r"in round (\d+) \((\w+) cards, (\d+)s wild\)",
            lambda m: [hand_size(n(m[1])), wild_rank(n(m[1]))] == [n(m[2]), n(m[3])],
        ),
        (r"yourself in lesson (\d\d)", lambda m: "runs" in lesson(m[1]).title),
        (
            r"the king's points in round (\d+)",
            lambda m: n(m[1]) == ROUNDS[-1] and card_points(KING, n(m[1])) == 20,
        ),
    ],
    "notebooks/02-books-runs-and-wilds.ipynb": [
        (r"the (two) kinds of meld", lambda m: len(get_args(MeldKind)) == n(m[1])),
        (r"A \*\*book\*\* is (\w+) or more", lambda m: n(m[1]) == smallest_meld("book")),
        (r"A \*\*run\*\* is (\w+) or more", lambda m: n(m[1]) == smallest_meld("run")),
        (r"so `([^`]+)` is a book", lambda m: meld_ok(m[1], 1, "book")),
        (r"like `([^`]+)`\. Runs stop", lambda m: meld_ok(m[1], 1, "run")),
        (r"`([^`]+)` is \*not\* a run", lambda m: not meld_ok(m[1], 5)),
        (r"`(JK as 6♣)`", lambda m: m[1] in check_meld("5C JK 7C", 1).reason),
        (r"try `([^`]+)` in round (\d+)", lambda m: not meld_ok(m[1], n(m[2]))),
        (r"or `([^`]+)` in round (\d+)", lambda m: meld_ok(m[1], n(m[2]))),
        (
            r"wild cards cost the most \((\d+) or (\d+)\)",
            lambda m: (
                ns(m) == [points(wild_rank(1), 1), card_points(JOKER_CARD, 1)]
                and max(points(r) for r in RANKS if r != wild_rank(1)) < n(m[1])
            ),
        ),
    ],
    "notebooks/03-scoring-a-round.ipynb": [
        (
            r"face value, J (\d+), Q (\d+), K (\d+), the round's wild rank (\d+), a joker (\d+)",
            schedule_points,
        ),
        (
            r"went out scores (\d+) \(or −(\d+) with the going-out bonus\)",
            lambda m: (
                finished_round(3, 3, 1).score(0) == n(m[1])
                and finished_round(3, 3, 1, rules=GameRules(going_out_bonus=True)).score(0)
                == -n(m[2])
            ),
        ),
        (
            r"in round (\d+) \((\d+)s wild\) the hand `([^`]+)`",
            lambda m: wild_rank(n(m[1])) == n(m[2]) and len(parse_cards(m[3])) > 0,
        ),
    ],
    "notebooks/05-solitaire.ipynb": [
        (r"(\w+) hands at once", lambda m: len(Solitaire(1).hands) == n(m[1])),
        (
            r"hand (\d+) has (\d+) cards with (\d+)s wild",
            lambda m: (
                [hand_size(n(m[1])), wild_rank(n(m[1]))] == [n(m[2]), n(m[3])]
                and len(Solitaire(1).hands[n(m[1]) - 1]) == n(m[2])
            ),
        ),
        (
            r"hand (\d+) has (\d+) cards with kings wild",
            lambda m: (hand_size(n(m[1])), wild_rank(n(m[1]))) == (n(m[2]), 13),
        ),
        (r"Close all (\w+) before", lambda m: len(Solitaire(1).hands) == n(m[1])),
    ],
    "docs/for-teachers.md": [
        (r"Lab has (two) uses", lambda m: len(GROUPS) == n(m[1])),
        (
            r"\(Round r deals r \+ (\d+) cards and r \+ (\d+) is wild",
            lambda m: schedule_offsets() == ({n(m[1])}, {n(m[2])}),
        ),
        (
            # The groups by their gallery headings (the age: advice).
            r"the card game itself \(the\s+lessons under \*([^*]+)\*, from about age (\d+) with",
            lambda m: m[1] == GROUPS["game"],
        ),
        (
            r"in their hands \(the lessons under \*([^*]+)\*,",
            lambda m: " ".join(m[1].split()) == GROUPS["probability"],
        ),
        (r"\| ([\d, ]+?)(?: \(solitaire\))? \| (\d+) min", lambda m: minutes(m[1]) == n(m[2])),
        (
            r"Lessons (\d\d) to (\d\d)(?: and (\d\d) to (\d\d))? end with a short self-check quiz",
            lambda m: (
                {
                    f"{i:02d}"
                    for low, high in ((m[1], m[2]), (m[3] or "1", m[4] or "0"))
                    for i in range(n(low), n(high) + 1)
                }
                == set(LESSON_QUIZZES)
            ),
        ),
        (r"lesson (\d\d) asks students to explain", lambda m: lesson(m[1]).group == "probability"),
        (r"Lesson (\d\d) asks for a typed guess", lambda m: "predicted" in lesson(m[1]).teaches),
        (
            r"\*\*(\d+) min\*\* — lesson (\d\d)",
            lambda m: lesson(m[2]).minutes == n(m[1]),
        ),
        (
            r"In round (\d+), which card is wild\? How many cards",
            lambda m: n(m[1]) in ROUNDS,  # a question to the class: the answer is in lesson 01
        ),
        (
            r"each pair plays round (\d+) and round (\d+)",
            lambda m: {n(m[1]), n(m[2])} <= set(ROUNDS),
        ),
        (
            r"Is `([^`]+)` a book\? Is `([^`]+)` a run in round (\d+)\? In round (\d+)\?",
            lambda m: (
                meld_ok(m[1], 1, "book") and not meld_ok(m[2], n(m[3])) and meld_ok(m[2], n(m[4]))
            ),  # the answers differ: 3s are wild in round 1
        ),
        (
            r"And a king in round (\d+)\?",
            lambda m: card_points(KING, n(m[1])) == 20,
        ),
        (
            r"how many wild cards do you expect in a (\d+)-card hand",
            lambda m: n(m[1]) == hand_size(lesson("07") and 5),
        ),
        (r"lesson (\d\d) keeping score", lambda m: "scoresheet" in lesson(m[1]).teaches),
        (
            r"class\sexperiment of lessons (\d\d)–(\d\d)",
            lambda m: experiment_lessons() == {f"{i:02d}" for i in range(n(m[1]), n(m[2]) + 1)},
        ),
    ],
}

# Numbers that are advice, not facts of the game: each with the reason it is not checked.
EVERYWHERE = [(r"Five Crowns", "the name of the game"), (r"^(\d+)\. ", "a numbered list")]
ALLOWED: dict[str, list[tuple[str, str]]] = {
    "docs/for-teachers.md": [
        (r"build (three) books and (three) runs", "a task for pairs, not a rule"),
        (r"\*\*(\d+) min\*\* — real cards", "class time for playing with real cards"),
        (r"Warm it up\*\*: open the link yourself (\d+)–(\d+) minutes", "Binder advice"),
        (r"about (ten) minutes without", "Binder's idle timeout, not the game"),
        (r"Before you deal (1,000) hands", "a suggested class activity"),
        (r"beats B by (\d+) points", "a made-up example of a result to question"),
        (r"\| (05) \(solitaire\) \|", "lesson number, its minutes are checked in the claim"),
        (r"lessons? (\d\d)(?:, (\d\d))*(?: and (\d\d))?\b", "a lesson reference (checked below)"),
        (r"\((\d\d)\)", "a lesson reference in brackets (checked below)"),
        (r"\| (\d\d)(?:, (\d\d))* \|", "lessons in the table (checked below)"),
        (r"with its (95)% interval", "the confidence level every interval in the package uses"),
        (r"plan for (45) minutes", "the class period the kit plans for (tests/test_classroom.py)"),
        (r"so (300) students cost it no more than (3)", "an example of class sizes"),
        (
            r"downloads about (20) MB \(at most (20) MB",
            "the site's first visit, measured in tests/test_site_weight.py",
        ),
        (r"downloads under (1) MB", "a later visit, measured in benchmarks/site_warm.py"),
        (r"about (26) MB", "a measured download size (benchmarks/site.py), not the game"),
        (r"takes from (20) seconds", "a measured start-up time (benchmarks/site.py)"),
        (r"lessons (\d\d)–(\d\d)", "a range of lessons"),
    ],
}

PAGES = sorted(CLAIMS)


def prose(page: str) -> str:
    path = ROOT / page
    if path.suffix == ".ipynb":
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        return "\n\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    # Join the lines a paragraph is wrapped on (not list items, table rows or headings).
    return re.sub(r"\n(?!\n|\s*(?:[-|#]|\d+\.\s))\s*", " ", path.read_text(encoding="utf-8"))


def _spans(text: str, patterns: list[str]) -> list[tuple[int, int]]:
    return [m.span() for p in patterns for m in re.finditer(p, text, re.MULTILINE | re.IGNORECASE)]


@pytest.mark.parametrize("page", PAGES)
def test_every_claim_still_finds_its_sentence(page):
    text = prose(page)
    missing = [p for p, _check in CLAIMS[page] if not re.search(p, text, re.MULTILINE)]
    assert not missing, f"{page}: the prose changed; update these claims: {missing}"


@pytest.mark.parametrize("page", PAGES)
def test_every_number_stated_in_the_prose_matches_the_engine(page):
    text = prose(page)
    wrong = [
        m[0]
        for pattern, check in CLAIMS[page]
        for m in re.finditer(pattern, text, re.MULTILINE)
        if not check(m)
    ]
    assert not wrong, f"{page}: these sentences state a wrong number: {wrong}"


@pytest.mark.parametrize("page", PAGES)
def test_no_number_in_the_prose_goes_unchecked(page):
    text = prose(page)
    allowed = EVERYWHERE + ALLOWED.get(page, [])
    covered = _spans(text, [p for p, _ in CLAIMS[page]] + [p for p, _ in allowed])
    covered += [m.span() for m in re.finditer(r"`[^`\n]*`|\]\([^)]*\)", text)]  # code, links
    loose = [
        (m[0], text[max(0, m.start() - 30) : m.end() + 10].replace("\n", " "))
        for m in NUMBER.finditer(text)
        if not any(a <= m.start() and m.end() <= b for a, b in covered)
    ]
    assert not loose, f"{page}: numbers no claim checks (add a claim): {loose}"


@pytest.mark.parametrize("page", PAGES)
def test_every_lesson_number_in_the_prose_is_a_real_lesson(page):
    text = prose(page)
    for m in re.finditer(r"\blessons? ((?:\d\d(?:, | and |–)?)+)", text, re.IGNORECASE):
        for number in re.findall(r"\d\d", m[1]):
            assert is_lesson(number), f"{page}: {m[0]!r} names no lesson"


def test_a_wrong_number_in_the_prose_would_fail():
    """The checks can fail: the same claims on a page with a wrong figure."""
    text = prose("notebooks/01-cards-and-wilds.ipynb").replace("116 cards", "118 cards")
    pattern, check = CLAIMS["notebooks/01-cards-and-wilds.ipynb"][0]
    match = re.search(pattern, text)
    assert match is not None and not check(match)
    extra = text + "\n\nRound 5 has C(116, 7), over 25 billion."
    patterns = [p for p, _ in CLAIMS["notebooks/01-cards-and-wilds.ipynb"] + EVERYWHERE]
    covered = _spans(extra, patterns) + [m.span() for m in re.finditer(r"`[^`\n]*`", extra)]
    start = len(text)
    loose = [
        m[0]
        for m in NUMBER.finditer(extra, start)
        if not any(a <= m.start() and m.end() <= b for a, b in covered)
    ]
    assert loose == ["5", "116", "7", "25"]


# --- the quizzes' right answers, recomputed ------------------------------------------------------
def _right(topic: str, prompt_start: str) -> str:
    from fivecrowns_lab.content.quizzes import QUIZZES

    [question] = [q for q in QUIZZES[topic] if q.prompt.startswith(prompt_start)]
    return question.answers[question.right].text


def _yes(ok: bool) -> str:
    return "Yes" if ok else "No"


QUIZ_FACTS: list[tuple[str, str, Callable[[str], bool]]] = [
    ("cards", "How many rounds", lambda a: n(a) == len(ROUNDS)),
    ("cards", "What does a king left", lambda a: n(a) == card_points(KING, 10)),
    ("cards", "And a king left in hand in round 11", lambda a: n(a) == card_points(KING, 11)),
    ("cards", "How many points is a joker", lambda a: n(a) == card_points(JOKER_CARD, 1)),
    ("cards", "In round 5, which cards", lambda a: a.startswith(f"The {wild_rank(5)}s")),
    ("melds", "Is 8♥ 8♥ 8★ a book", lambda a: a == _yes(meld_ok("8H 8H 8*", 1, "book"))),
    ("melds", "In round 5 (7s wild), is Q♦", lambda a: a == _yes(meld_ok("QD KD 3D", 5))),
    ("melds", "In round 1 (3s wild), is 5♣", lambda a: a.startswith(_yes(meld_ok("5C JK 7C", 1)))),
    ("melds", "Can a meld be made of wild", lambda a: a == _yes(meld_ok("JK JK 3S", 1))),
    ("melds", "Is 9♠ 10♠ 10♠ J♠ one run", lambda a: a == _yes(meld_ok("9S 10S 10S JS", 1))),
    (
        "scoring",
        "What does the player who goes out",
        lambda a: n(a) == finished_round(2, 2, 0).score(0),
    ),
    (
        "scoring",
        "In round 4 (6s wild), you are left with",
        lambda a: n(a) == best_arrangement("KC QS JK", 4).penalty,
    ),
    (
        "scorekeeping",
        "Round 3 (5s wild): Ana goes out",
        lambda a: a == f"0, {best_arrangement('8H JK', 3).penalty} and 0",
    ),
    (
        "scorekeeping",
        "In round 11 someone is left with one king",
        lambda a: n(a) == card_points(KING, 11),
    ),
    (
        "scorekeeping",
        "After round 11 the totals are Ana 120",
        lambda a: placements([120, 95, 95]) == [3, 1, 1] and a.startswith("Ben and Cara share"),
    ),
    (
        "solitaire",
        "In solitaire, hand 4 has six cards",
        lambda a: hand_size(4) == 6 and a.startswith(f"The {wild_rank(4)}s"),
    ),
]


@pytest.mark.parametrize(("topic", "prompt", "check"), QUIZ_FACTS, ids=[f[1] for f in QUIZ_FACTS])
def test_every_quiz_answer_with_a_number_or_a_meld_agrees_with_the_engine(topic, prompt, check):
    assert check(_right(topic, prompt))
