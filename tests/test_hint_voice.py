"""Hints and bots' reasons in a learner's voice (issue 18): a rubric over 500+ sentences.

Each sentence a learner reads after a move (the Hint button's advice, a bot's reason in
the moves log) is checked against rules a teacher would apply: one short sentence that
names the move first, in the imperative; a reason a player can check at the table (no
"imagined futures", samples, "about 13" values, no bot diary in the past tense); ties
said as ties; right grammar for the seat called "You"; only cards the player may know.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest

from fivecrowns_lab import Game, GameRules, make_bot
from fivecrowns_lab.table.game import play_moves
from fivecrowns_lab.table.hints import cards_named

MOVES = ("Take the ", "Draw from the ", "Discard ", "Throw ", "Keep ", "Go out", "Pick any ")
JARGON = re.compile(
    r"imagined|futures?\b|sample|outlook|\babout \d|\bmy\b|\bI\b|\bme\b|expected|simulat",
    re.IGNORECASE,
)
DIARY = re.compile(r"^(Took|Drew|Discarded|Went|Chose|Threw|Kept)\b")
SEATS = ("You", "Bot 1", "Bot 2", "Bot 3")


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
        if "equally good" in text:
            assert re.search(r"[Tt]hrow \S+ or \S+: the two are equally good here\.$", text)


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
