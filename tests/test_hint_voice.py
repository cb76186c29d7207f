"""Hints and bots' reasons in a learner's voice (issue 18): a rubric over 500+ sentences.

Each sentence a learner reads after a move (the Hint button's advice, a bot's reason in
the moves log) is checked against rules a teacher would apply: one short sentence that
names the move first, in the imperative; a reason a player can check at the table (no
"imagined futures", samples, "about 13" values, no bot diary in the past tense); ties
said as ties, with why the two throws are equal; right grammar for the seat called "You";
only cards the player may know. Issue 48 added: points "left over" (never "in cards that
are in no meld"); no "you"/"your" in a reason, since the moves log quotes it as the bot's
own thought ("Bot 1 thought: ..."); no line that is only arithmetic; the status telling a
past move in the past ("You discarded Q♣.", not the order "You: discard Q♣.").
"""

from __future__ import annotations

import html
import re
from collections import Counter

import pytest

from fivecrowns_lab import Game, GameRules, make_bot
from fivecrowns_lab.table.game import play_moves
from fivecrowns_lab.table.hints import cards_named
from fivecrowns_lab.table.players import BOTS
from fivecrowns_lab.views.play import PlayLesson

MOVES = ("Take the ", "Draw from the ", "Discard ", "Throw ", "Keep ", "Go out", "Pick any ")
JARGON = re.compile(
    r"imagined|futures?\b|sample|outlook|\babout \d|\bmy\b|\bI\b|\bme\b|expected|simulat",
    re.IGNORECASE,
)
DIARY = re.compile(r"^(Took|Drew|Discarded|Went|Chose|Threw|Kept)\b")
SEATS = ("You", "Bot 1", "Bot 2", "Bot 3")
# "you" in a reason may only be the seat called "You" as the subject of what the table
# showed ("you passed over", "you have taken 2 discards"): the learner, never the bot.
LEARNER_FACT = re.compile(r"\byou (passed over|threw away|have taken|may go out|took)\b")
ARITHMETIC = re.compile(r"\bfrom \d+ to \d+\b|\d\s*[−=+-]\s*\d")


def sentences() -> list[tuple[str, str, object]]:
    """(who, sentence, observation) for every decision of a few seeded four-player games."""
    found = []
    for seed in (3, 8, 13):
        game = Game(list(SEATS), GameRules(rounds=8), seed=seed)
        bots = [
            make_bot("expert", seed),
            make_bot("expert", seed + 1),
            make_bot("lookahead", seed + 2),
            make_bot("greedy", seed + 3),
        ]
        for player, observation, _action, _seconds in play_moves(game, bots):
            found.append((SEATS[player], bots[player].last_reason, observation))
        random_bot = make_bot("random", seed)
        game = Game(list(SEATS), GameRules(rounds=2), seed=seed)
        for player, observation, _action, _seconds in play_moves(game, [random_bot] * 4):
            found.append((SEATS[player], random_bot.last_reason, observation))
    return found


@pytest.fixture(scope="module")
def said():
    return sentences()


def test_hint_voice_samples_at_least_500_sentences(said):
    assert len(said) >= 500
    assert len({text for _who, text, _obs in said}) >= 100  # not one sentence repeated


def test_hint_voice_each_is_one_short_sentence_that_names_the_move_first(said):
    bad = []
    for _who, text, _obs in said:
        second = re.search(r"[.!?]\s+[A-Z]", text)  # a second sentence
        if not text.startswith(MOVES) or not text.endswith(".") or len(text) > 190 or second:
            bad.append(text)
    assert bad == [], Counter(bad).most_common(5)


def test_hint_voice_uses_no_internal_vocabulary_and_no_past_tense_diary(said):
    bad = [text for _who, text, _obs in said if JARGON.search(text) or DIARY.search(text)]
    assert bad == [], Counter(bad).most_common(5)


def test_hint_voice_ties_are_said_as_ties_never_as_a_reason(said):
    for _who, text, _obs in said:
        numbers = re.findall(r"(\d+) points?", text)
        # "X leaves 13 points, Y 13 points" would be a tie dressed up as a reason
        assert not (len(numbers) >= 2 and len(set(numbers)) == 1 and " than " not in text), text
        # a tie says why the two throws are equal before "either will do"
        if re.search(r"[Tt]hrow \S+ or \S+", text):
            assert re.search(r"[Tt]hrow \S+ or \S+: \w.{20,}, so either will do\.$", text), text
        assert "equally good" not in text, text


def test_hint_voice_some_ties_are_said_with_their_reason(said):
    ties = [text for _who, text, _obs in said if "either will do" in text]
    assert ties, "no tie in the sample: the tie rule above tested nothing"


def speaks_to_you(text: str) -> bool:
    """A reason speaking to a "you" that is not the learner's seat in a table fact."""
    return bool(re.search(r"\byour\b", text, re.IGNORECASE)) or bool(
        re.search(r"\byou\b", LEARNER_FACT.sub("", text), re.IGNORECASE)
    )


def test_hint_voice_says_left_over_and_never_speaks_to_you(said):
    bad = [text for _who, text, _obs in said if "in no meld" in text or speaks_to_you(text)]
    assert bad == [], Counter(bad).most_common(5)
    assert any("left over" in text for _who, text, _obs in said)


def test_hint_voice_no_line_is_only_arithmetic(said):
    bad = [text for _who, text, _obs in said if ARITHMETIC.search(text)]
    assert bad == [], Counter(bad).most_common(5)


def test_hint_voice_the_seat_called_you_is_spoken_to_correctly(said):
    bad = [text for _who, text, _obs in said if re.search(r"(?<!^)\bYou\b", text)]
    assert bad == [], bad[:5]
    assert not [text for _who, text, _obs in said if "You has" in text or "themselves" in text]


def test_hint_voice_names_only_cards_the_player_may_know(said):
    for _who, text, obs in said:
        known = Counter(obs.hand) + Counter(obs.discard_pile)
        for melds in obs.table:
            for meld in melds:
                known.update(meld.cards)
        for record in obs.history:
            if record.drawn is not None:
                known[record.drawn] += 1
        named = cards_named(text)
        unknown = [c for c in named if c not in known]
        # a hint may name the cards that would complete a meld only as a count, never by name
        assert unknown == [], (text, [str(c) for c in unknown])


def played_lessons(level: str, seed: int) -> tuple[list[str], list[str]]:
    """Play a seeded 5-round game of lesson 04 against three ``level`` bots, the learner's
    moves chosen by a greedy bot: (every bot's thought in the moves log at each round's
    end, every status line after a learner's move)."""
    view = PlayLesson(bots=3, level=level, rounds=5, seed=seed)
    mine = make_bot("greedy", seed)
    thoughts: list[str] = []
    statuses: list[str] = []
    while view.game.phase != "game_over":
        game = view.game
        if game.phase == "round_over":
            thoughts += re.findall(r"<i>(.*?)</i>", view.log_view.value)
            view.next_round()
            continue
        view.act(mine.choose(game.observation(game.current_player)))
        statuses.append(view.status.text)
    thoughts += re.findall(r"<i>(.*?)</i>", view.log_view.value)
    return [html.unescape(t) for t in thoughts], statuses


@pytest.fixture(scope="module")
def lesson_lines():
    thoughts, statuses = [], []
    for level, seed in zip(sorted(BOTS), (5, 11, 17, 23), strict=True):
        found = played_lessons(level, seed)
        thoughts += found[0]
        statuses += found[1]
    return thoughts, statuses


def test_hint_voice_the_moves_log_quotes_each_bot_by_name_in_the_third_person(lesson_lines):
    thoughts, _statuses = lesson_lines
    assert len(thoughts) >= 50
    quoted = [(line, re.fullmatch(r"(Bot \d) thought: “(.+)”", line)) for line in thoughts]
    assert [line for line, said in quoted if said is None] == []
    reasons = [said[2] for _line, said in quoted if said is not None]
    bad = [
        text
        for text in reasons
        if speaks_to_you(text) or "in no meld" in text or ARITHMETIC.search(text)
    ]
    assert bad == [], Counter(bad).most_common(5)
    assert [text for text in reasons if not text.startswith(MOVES)] == []


def test_hint_voice_the_status_tells_a_past_move_in_the_past(lesson_lines):
    _thoughts, statuses = lesson_lines
    assert len(statuses) >= 20
    order = re.compile(r"^✔?\s*You: (discard|draw|take|go out)", re.IGNORECASE)
    told = re.compile(r"^(You (drew|took|discarded|went out)|Final turn: you discarded)\b")
    bad = [line for line in statuses if order.search(line) or not told.search(line)]
    assert bad == [], bad[:5]
