"""The expert's hints and the bots' reasons in Danish (issue 22): the same moves give the
same cards in whole Danish sentences, and the worked example of lesson 12 is Danish."""

from __future__ import annotations

import re

from fivecrowns_lab import Game, GameRules, language, make_bot
from fivecrowns_lab.table.game import play_moves
from fivecrowns_lab.table.hints import cards_named, worked_position

SEATS = ("You", "Bot 1", "Bot 2", "Bot 3")
#: Words of the English reasons; a Danish reason has none of them.
ENGLISH = re.compile(
    r"\b(Keep|Take|Throw|throw|Draw|Go out|stock|discard|unseen|passed over|meld|cards?|"
    r"points|turns?|so far|with|and|the)\b"
)


def _reasons(code: str) -> list[str]:
    """Every reason of a short seeded game of experts and a greedy bot, in ``code``."""
    with language(code):
        game = Game(list(SEATS), GameRules(rounds=5), seed=8)
        bots = [make_bot("expert", 8), make_bot("expert", 9), make_bot("greedy", 10)]
        bots.append(make_bot("lookahead", 11))
        return [bots[p].last_reason for p, _obs, _act, _s in play_moves(game, bots)]


def test_danish_hints_name_the_same_cards_as_the_english_in_danish_sentences():
    english, danish = _reasons("en"), _reasons("da")
    assert len(danish) == len(english) > 50
    assert len(set(danish)) > 20  # many different sentences, not one repeated
    for en, da in zip(english, danish, strict=True):
        assert cards_named(da) == cards_named(en), (en, da)
        assert da[0].isupper() and da.endswith("."), da
        assert not ENGLISH.search(da), da
    # Both kinds of the expert's throw: a pair kept, and a card thrown for a plain reason.
    assert any(d.startswith("Behold ") for d in danish)
    assert any(d.startswith("Smid ") for d in danish)


def test_danish_worked_position_is_the_english_one_with_danish_reasons_and_facts():
    english = worked_position(1)
    with language("da"):
        danish = worked_position(1)
    assert (danish.seed, danish.expert, danish.greedy) == (
        english.seed,
        english.expert,
        english.greedy,
    )
    assert cards_named(danish.expert_reason) == cards_named(english.expert_reason)
    for text in (danish.expert_reason, danish.greedy_reason, *danish.facts):
        assert not ENGLISH.search(text), text
    assert any("afkastbunken" in fact for fact in danish.facts)


def test_danish_coach_says_why_the_plan_throws_the_costlier_loose_card():
    from fivecrowns_lab.lessons import coached_game

    with language("da"):
        view = coached_game()
        view.stock_button.click()
        view.hand.select_cards("6*")
        view.throw_button.click()
        text = view.status.text
    assert "Hvorfor ikke 6★? Hverken 6★ eller Q♣ passer i et sæt eller en sekvens endnu" in text
    assert "6★ 6, Q♣ 12. Smid det dyreste, Q♣." in text
    assert not ENGLISH.search(text), text
    assert len(view.game.hands[0]) == 4


def _solitaire_reasons(code: str, seed: int) -> list[str]:
    """Every reason of the solitaire bot's seeded game, in ``code``."""
    from fivecrowns_lab.table.solitaire import Solitaire, SolitaireBot

    with language(code):
        game, bot = Solitaire(seed=seed), SolitaireBot()
        reasons = [bot.last_reason]
        while not game.is_over:
            game.apply(bot.choose(game))
            reasons.append(bot.last_reason)
    return reasons


def test_danish_solitaire_bot_gives_the_same_reasons_in_danish_sentences():
    english = [r for seed in range(3) for r in _solitaire_reasons("en", seed)]
    danish = [r for seed in range(3) for r in _solitaire_reasons("da", seed)]
    assert len(danish) == len(english) > 60
    # Every kind of reason: no move yet, a first-turn draw, a later draw, each kind of place.
    assert len(set(danish)) > 20
    starts = {d.split(" ")[0] for d in danish}
    assert {"Intet", "Træk", "Læg", "Smid"} <= starts, starts
    assert any("lukkes" in d for d in danish) and any("falder" in d for d in danish)
    for en, da in zip(english, danish, strict=True):
        assert cards_named(da) == cards_named(en), (en, da)
        assert [int(n) for n in re.findall(r"\b\d+\b", da)] == [
            int(n) for n in re.findall(r"\b\d+\b", en)
        ], (en, da)
        assert da[0].isupper() and da.endswith("."), da
        assert not ENGLISH.search(da), da
