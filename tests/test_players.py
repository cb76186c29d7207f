"""The Player protocol and the bots: legal moves only, seeded, explained, no peeking."""

from __future__ import annotations

import re

import pytest

from fivecrowns_lab.core.cards import parse_card, parse_cards
from fivecrowns_lab.core.rules import GameRules
from fivecrowns_lab.table.actions import Discard, Draw, GoOut
from fivecrowns_lab.table.game import Game, play_game
from fivecrowns_lab.table.loop import play_moves
from fivecrowns_lab.table.observation import Observation
from fivecrowns_lab.table.players import (
    BOTS,
    Bot,
    BotError,
    GreedyBot,
    LookaheadBot,
    Player,
    is_wild_discard,
    make_bot,
)

from .test_game import rig  # the scripted-deal helper

C = parse_card


def test_bots_registry_names_four_levels_and_keeps_the_old_names():
    assert set(BOTS) == {"random", "greedy", "lookahead", "expert"}
    for name in BOTS:
        bot = make_bot(name, 3)
        assert isinstance(bot, Player) and bot.name == name


def test_unknown_bot_name_is_refused_listing_the_bots():
    names = r"'random', 'greedy', 'lookahead', 'expert'"
    with pytest.raises(BotError, match=rf"no bot called 'clever'.*{names}"):
        make_bot("clever")


class Recorder:
    """A player that checks what it is shown, then plays the first legal move."""

    def __init__(self) -> None:
        self.seen: list[Observation] = []

    def choose(self, observation: Observation) -> Draw | Discard | GoOut:
        self.seen.append(observation)
        return observation.legal_actions[0]


def test_a_plain_object_with_choose_is_a_player():
    recorder = Recorder()
    assert isinstance(recorder, Player)
    game = Game(2, GameRules(rounds=1), seed=4)
    play_game(game, [recorder, make_bot("greedy")])
    assert game.is_over
    assert all(o.player == 0 and o.is_my_turn for o in recorder.seen)


@pytest.mark.parametrize("name", sorted(BOTS))
def test_every_bot_plays_only_legal_moves_and_explains_each(name):
    game = Game(3, GameRules(rounds=3), seed=12)
    bots = [make_bot(name, 1), make_bot(name, 2), make_bot(name, 3)]
    while not game.is_over:
        if game.phase == "round_over":
            game.next_round()
            continue
        player = game.current_player
        action = bots[player].choose(game.observation(player))
        assert action in game.legal_actions()
        reason = bots[player].last_reason
        assert reason.endswith(".") and reason[0].isupper() and len(reason) < 200
        game.apply(action)
    assert len(game.round_results) == 3


@pytest.mark.parametrize("name", ["greedy", "lookahead"])
def test_a_reason_is_written_when_read_as_it_would_have_been_at_the_move(name):
    # The greedy and lookahead bots write a discard's or a draw's reason only when it is
    # read (a simulation reads none): read late, after a language change, it is still the
    # move's reason in the move's language; unread, it leaves nothing behind.
    from fivecrowns_lab.i18n import language

    game = Game(3, GameRules(rounds=4), seed=8)
    readers = [make_bot(name, s) for s in range(3)]
    twins = [make_bot(name, s) for s in range(3)]  # the same bots, read only now and then
    kinds = set()
    moves = 0
    while not game.is_over:
        if game.phase == "round_over":
            game.next_round()
            continue
        player = game.current_player
        seen = game.observation(player)
        with language("da"):
            action = readers[player].choose(seen)
            danish = readers[player].last_reason
            assert twins[player].choose(seen) == action
            if moves % 3 == 0:
                assert twins[player].last_reason == danish  # read at once
        if moves % 3 == 1:  # read late, in English: still the move's own Danish words
            assert twins[player].last_reason == danish
            assert readers[player].last_reason == danish
        kinds.add(danish.split(" ")[0])
        game.apply(action)
        moves += 1
    assert {"Smid", "Tag", "Træk"} <= kinds, kinds


@pytest.mark.parametrize("name", sorted(BOTS))
def test_a_bot_with_the_same_seed_plays_the_same_game(name):
    def run(seed: int) -> tuple:
        game = Game(2, GameRules(rounds=2), seed=5)
        return play_game(game, [make_bot(name, seed), make_bot("greedy", 0)]).history

    assert run(1) == run(1)


def test_a_bot_refuses_to_move_out_of_turn():
    game = Game(2, seed=1)
    with pytest.raises(BotError, match=r"not player \d's turn"):
        make_bot("greedy").choose(game.observation(1 - game.current_player))


def test_greedy_takes_the_upcard_when_it_lowers_its_penalty():
    game = rig(Game(2, seed=1), ["5H 6H KC", "8S 8D 4C"], "7H")
    bot = GreedyBot()
    assert bot.choose(game.observation(0)) == Draw("discard")
    # 5 + 6 + 13 held; with the 7♥ the run 5♥ 6♥ 7♥ leaves nothing once the K♣ goes. The
    # reason names the meld the upcard makes (a fact at the table), not the arithmetic.
    assert bot.last_reason == "Take the 7♥: it makes a run with 5♥ 6♥."


def test_greedy_takes_a_low_upcard_in_place_of_a_costlier_loose_card():
    game = rig(Game(2, seed=1), ["5H 9C KC", "8S 8D 4C"], "4S")
    bot = GreedyBot()
    assert bot.choose(game.observation(0)) == Draw("discard")
    # 5 + 9 + 13 held, nothing melds; taking the 4♠ lets the K♣ go: 18 left instead of 27.
    assert bot.last_reason == (
        "Take the 4♠: it costs fewer points than the K♣ it lets the hand throw, so 18 points "
        "are left over instead of 27."
    )


def test_greedy_leaves_a_useless_upcard():
    game = rig(Game(2, seed=1), ["5H 6H 4C", "8S 8D 4D"], "9S")
    bot = GreedyBot()
    assert bot.choose(game.observation(0)) == Draw("stock")


def test_greedy_discards_to_leave_the_fewest_points():
    game = rig(Game(2, seed=1), ["5H 6H KC 9S", "8S 8D 4C 10D"], "QD", stock="9C")
    game.draw("stock")  # 5H 6H KC 9S 9C: nothing melds, so the king goes
    bot = GreedyBot()
    assert bot.choose(game.observation(0)) == Discard(C("KC"))
    assert bot.last_reason.startswith("Discard K♣:")


def test_greedy_goes_out_when_it_can():
    game = rig(Game(2, seed=1), ["5H 6H KC", "8S 8D 4C"], "7H")
    game.draw("discard")
    bot = GreedyBot()
    assert bot.choose(game.observation(0)) == GoOut(C("KC"))
    assert bot.last_reason == "Go out: every card but K♣ is in a meld, so throw it."


def test_greedy_goes_out_with_no_discard_when_the_variant_allows():
    game = rig(Game(2, GameRules(no_final_discard=True), seed=1), ["5H 6H 7H", "8S 8D 4C"], "8H")
    game.draw("discard")
    assert GreedyBot().choose(game.observation(0)) == GoOut(None)


def test_lookahead_keeps_a_pair_that_unseen_cards_can_complete():
    # Round 4 (6 cards, 6s wild): greedy drops a king; the kings are a live pair.
    game = rig(Game(2, seed=1), ["KH KS 3C 4D 7S 9C", "8S 8D 4C 3H 3S 7C"], "QC", stock="JD")
    game.draw("stock")
    assert GreedyBot().choose(game.observation(0)) == Discard(C("KH"))
    looking = LookaheadBot()
    assert looking.choose(game.observation(0)) == Discard(C("JD"))
    assert "unseen" in looking.last_reason


def test_lookahead_plays_greedy_on_its_final_turn():
    game = rig(Game(2, seed=1), ["5H 6H 9C", "QH QS 4S"], "7H", stock="5D")
    game.draw("discard")
    game.go_out("9C")
    game.draw("stock")
    bot = LookaheadBot()
    assert bot.choose(game.observation(1)) == Discard(C("QH"))


def test_observation_unseen_excludes_own_hand_discards_and_table():
    game = rig(Game(2, seed=1), ["5H 6H 9C", "8S 8D KC"], "7H")
    unseen = game.observation(0).unseen()
    for card in parse_cards("5H 6H 9C 7H"):
        assert unseen[card] == 1
    assert sum(unseen.values()) == 116 - 4


def test_bots_reseed_for_simulations():
    bot = make_bot("lookahead", 1)
    again = bot.with_seed(9)
    assert isinstance(again, Bot) and again.seed == 9 and again.name == "lookahead"


# -- wild cards are never thrown away before the final turn ----------------------------------

LESSON_04 = ["You", "Bot 1", "Bot 2"]  # lesson 04's default table: seed 7, bots seeded 7 + seat


def _levels_above_random() -> list[str]:
    return [name for name in BOTS if name != "random"]


def _count_wild_discards(games: int, rounds: int) -> dict[str, int]:
    """Play seeded mixed tables (every level, seats rotated) and count wild discards per level."""
    levels = list(BOTS)
    counts = dict.fromkeys(levels, 0)
    for g in range(games):
        order = levels[g % len(levels) :] + levels[: g % len(levels)]
        game = Game(len(order), GameRules(rounds=rounds), seed=1000 + g)
        bots = [make_bot(name, 10 * g + seat) for seat, name in enumerate(order)]
        for move in play_moves(game, bots):
            counts[order[move.seat]] += is_wild_discard(move.action, move.observation)
    return counts


def test_no_bot_above_random_discards_a_wild_before_its_final_turn():
    # 200 seeded one-round games (round 1, 3s wild: where a lone wild looked costliest).
    counts = _count_wild_discards(games=200, rounds=1)
    assert counts["random"] > 0  # the count does find wild discards when they happen
    assert {name: counts[name] for name in _levels_above_random()} == dict.fromkeys(
        _levels_above_random(), 0
    )


def test_no_bot_above_random_discards_a_wild_in_longer_games():
    counts = _count_wild_discards(games=8, rounds=6)
    assert {name: counts[name] for name in _levels_above_random()} == dict.fromkeys(
        _levels_above_random(), 0
    )


@pytest.mark.parametrize("name", _levels_above_random())
def test_no_bot_discards_a_three_or_joker_in_lesson_04s_opening(name):
    # The first screen of lesson 04 (round 1, 3s wild): Bot 1 holds 3♣ and Bot 2 is offered JK.
    game = Game(LESSON_04, seed=7)
    bots = {p: make_bot(name, 7 + p) for p in (1, 2)}
    seen_wild = False
    while game.current_player != 0:
        player = game.current_player
        observation = game.observation(player)
        seen_wild |= any(c.rank == 3 or c.is_joker for c in observation.hand)
        action = bots[player].choose(observation)
        if isinstance(action, Discard):
            assert not (action.card.rank == 3 or action.card.is_joker), bots[player].last_reason
        game.apply(action)
    assert seen_wild


def test_a_wild_discard_is_counted_only_before_the_final_turn():
    game = rig(Game(2, seed=1), ["5H 6H 9C", "QH JK 4S"], "7H", stock="5D")
    game.draw("discard")
    game.go_out("9C")
    game.draw("stock")  # player 1's final turn: QH JK 4S 5D, nothing melds
    final = game.observation(1)
    assert final.is_final_turn and not is_wild_discard(Discard(C("JK")), final)
    early = rig(Game(2, seed=1), ["5H 6H 9C", "QH JK 4S"], "7H", stock="5D", current=1)
    early.draw("stock")
    assert is_wild_discard(Discard(C("JK")), early.observation(1))
    assert not is_wild_discard(Discard(C("QH")), early.observation(1))


def test_greedy_takes_a_wild_upcard_and_keeps_it():
    game = rig(Game(2, seed=1), ["QC 7D 4S", "8S 8D 4C"], "JK")
    bot = GreedyBot()
    assert bot.choose(game.observation(0)) == Draw("discard")
    assert "wild" in bot.last_reason
    game.draw("discard")
    action = bot.choose(game.observation(0))
    assert action == Discard(C("QC"))
    assert bot.last_reason.startswith("Discard Q♣:")


def test_a_bot_on_its_final_turn_drops_a_wild_that_fits_nowhere():
    # Round 1, final turn: Q♥ J♠ JK 8♦ melds nothing, so the joker really scores 50.
    game = rig(Game(2, seed=1), ["5H 6H 9C", "QH JK JS"], "7H", stock="8D")
    game.draw("discard")
    game.go_out("9C")
    game.draw("stock")
    assert GreedyBot().choose(game.observation(1)) == Discard(C("JK"))


def test_the_lookahead_names_whole_points_in_its_reasons_never_a_weighted_score():
    # Its choices weigh the unseen cards (a float); a learner reads points, which are whole.
    from fivecrowns_lab.table.game import play_moves

    game = Game(["A", "B"], GameRules(rounds=6), seed=3)
    bots = [make_bot("lookahead", 3), make_bot("lookahead", 4)]
    reasons = [bots[p].last_reason for p, _obs, _act, _s in play_moves(game, bots)]
    with_points = [r for r in reasons if "points" in r]
    assert len(with_points) > 10
    for reason in with_points:
        assert not re.search(r"\d\.\d", reason), reason
