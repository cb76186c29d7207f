"""The expert bot: observation only, seeded, sensible, and hints that name only known cards."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from fivecrowns_lab.core.cards import DECK, Hand, parse_card
from fivecrowns_lab.core.rules import GameRules, is_wild, round_rules
from fivecrowns_lab.core.solver import shared_solver
from fivecrowns_lab.table.actions import Discard, Draw, GoOut
from fivecrowns_lab.table.deal import Deal, shuffle_deal
from fivecrowns_lab.table.expert import ExpertBot
from fivecrowns_lab.table.game import Game
from fivecrowns_lab.table.hints import cards_named, finishers
from fivecrowns_lab.table.loop import play_moves
from fivecrowns_lab.table.players import BOT_DESCRIPTIONS, BOT_LEVELS, BOTS, make_bot
from fivecrowns_lab.table.rollout import near_bits, throw
from fivecrowns_lab.table.sampling import going_out_chance, read_table

from .test_game import rig

C = parse_card


def test_expert_is_the_strongest_named_level_and_every_level_has_one_sentence():
    assert list(BOTS) == ["random", "greedy", "lookahead", "expert"]
    assert list(BOT_DESCRIPTIONS) == list(BOTS)
    for text in BOT_DESCRIPTIONS.values():
        assert text.endswith(".") and text.count(". ") == 0 and len(text) < 140
    assert isinstance(make_bot("expert", 3), ExpertBot)
    assert {make_bot(word).name for word in BOT_LEVELS} == set(BOTS)


def _redeal_hidden(deal: Deal, records: list, viewer: int, seed: int) -> Deal | None:
    """``deal`` with the cards ``viewer`` cannot see after ``records`` dealt anew.

    Each card of the deal is followed through the round's records by its place in the
    deal. The places whose card is still hidden from ``viewer`` now (the stock, and the
    opponents' cards not taken from the discard pile) swap their cards at random; every
    other place keeps its card, so the same records replay on the new deal. None after a
    reshuffle of the stock (the places are then mixed with the discards).
    """
    cards = {("h", p, j): c for p, hand in enumerate(deal.hands) for j, c in enumerate(hand)}
    cards.update({("s", k): c for k, c in enumerate(deal.stock)})
    cards.update({("d", k): c for k, c in enumerate(deal.discard)})
    hands = [[("h", p, j) for j in range(len(hand))] for p, hand in enumerate(deal.hands)]
    stock = [("s", k) for k in range(len(deal.stock))]
    pile = [("d", k) for k in range(len(deal.discard))]
    known = set()

    def take(player: int, card) -> None:  # a card leaves the hand for the pile or the table
        place = next(x for x in hands[player] if cards[x] == card)
        hands[player].remove(place)
        return place

    for record in records:
        action, player = record.action, record.player
        if isinstance(action, Draw):
            if record.reshuffled:
                return None
            place = stock.pop() if action.source == "stock" else pile.pop()
            if action.source == "discard":
                known.add(place)
            hands[player].append(place)
        else:
            thrown = action.card if isinstance(action, Discard) else action.discard
            if thrown is not None:
                pile.append(take(player, thrown))
            for card in [c for meld in record.laid for c in meld] + list(record.laid_off):
                take(player, card)
            if record.final_turn or isinstance(action, GoOut):
                known.update(hands[player])  # a hand is shown once its last turn is played
    hidden = list(stock) + [
        x for p, hand in enumerate(hands) if p != viewer for x in hand if x not in known
    ]
    shuffled = [cards[x] for x in hidden]
    random.Random(seed).shuffle(shuffled)
    cards.update(zip(hidden, shuffled, strict=True))
    return Deal(
        deal.round_no,
        tuple(Hand(cards[("h", p, j)] for j in range(len(h))) for p, h in enumerate(deal.hands)),
        Hand(cards[("d", k)] for k in range(len(deal.discard))),
        Hand(cards[("s", k)] for k in range(len(deal.stock))),
        deal.dealer,
    )


def test_expert_never_reads_hidden_state():
    # At every expert decision of a seeded game, a twin game that differs only in
    # what the expert cannot see (other hands, stock order) gets the same move and reason.
    # The twin replays the same actions on deals with the hidden cards dealt anew.
    names, rules = ("Player 1", "Player 2", "Player 3", "Player 4"), GameRules(rounds=7)
    rng = random.Random(21)
    deals = {0: shuffle_deal(1, 4, 0, rng)}
    game = Game(names, rules, seed=21, deal=deals[0])
    bots = [make_bot(name, seat) for seat, name in enumerate(["expert", "greedy", "lookahead"])]
    bots.append(make_bot("random", 4))
    checked = 0
    different = 0
    round_start = 0
    while not game.is_over:
        if game.phase == "round_over":
            index = len(deals)
            if game.round_no < rules.rounds:
                deals[index] = shuffle_deal(game.round_no + 1, 4, index % 4, rng)
                game.next_round(deals[index])
            else:
                game.next_round()
            round_start = len(game.history)
            continue
        player = game.current_player
        observation = game.observation(player)
        action = bots[player].choose(observation)
        if player == 0:
            index = len(deals) - 1
            records = list(game.history[round_start:])
            redealt = _redeal_hidden(deals[index], records, 0, seed=checked)
            if redealt is not None:
                twin_deals = {**deals, index: redealt}
                actions = [r.action for r in game.history]
                twin = Game.replay(game.seed, rules, actions, names, twin_deals)
                if twin.phase == "round_over":  # replay deals a round at its first action
                    twin.next_round()
                assert twin.observation(0) == observation
                different += twin.hands[1:] != game.hands[1:] or twin.stock != game.stock
                other = make_bot("expert", 0)
                assert other.choose(twin.observation(0)) == action
                assert other.last_reason == bots[0].last_reason
                checked += 1
        game.apply(action)
    assert checked > 40 and different > 40, (checked, different)


def test_expert_plays_legal_seeded_games():
    def run() -> tuple:
        game = Game(3, GameRules(rounds=4), seed=8)
        bots = [make_bot("expert", 5), make_bot("expert", 6), make_bot("greedy")]
        return game.play(bots).history

    first = run()
    assert first == run()
    assert any(r.player in (0, 1) for r in first)


def test_expert_hints_name_only_cards_the_player_could_know():
    game = Game(4, GameRules(rounds=7), seed=33)
    bots = [make_bot("expert", s) for s in range(4)]
    reasons = 0
    for player, observation, _action, _seconds in play_moves(game, bots):
        reason = bots[player].last_reason
        knowable = set(observation.hand) | set(observation.discard_pile)
        for record in observation.history:
            knowable.update(c for c in (record.drawn,) if c is not None)
            thrown = getattr(record.action, "card", getattr(record.action, "discard", None))
            if thrown is not None:
                knowable.add(thrown)
        named = cards_named(reason)
        assert set(named) <= knowable, (reason, observation.hand)
        if reason.startswith("Keep"):
            a, b = named[:2]
            assert a in observation.hand and b in observation.hand
            reasons += 1
        assert reason[0].isupper() and reason.endswith(".")
    assert reasons > 10


def test_expert_hint_counts_the_unseen_cards_that_finish_a_pair():
    # Round 3 (5s wild): 9♥ 10♥ K♣ 3♠ 4♦ K♦ holds two pairs; 8♥ (a finisher of the
    # run) lies in the discard pile. Whichever pair the hint names, its count is checked.
    game = rig(Game(2, seed=1), ["9H 10H KC 3S 4D", "QS QD 6C 7S 8S"], "8H", stock="KD")
    game.draw("stock")
    bot = make_bot("expert")
    action = bot.choose(game.observation(0))
    assert isinstance(action, Discard) and not is_wild(action.card, 3)
    reason = bot.last_reason
    assert reason.startswith("Keep"), reason
    a, b = cards_named(reason)[:2]
    assert a in game.hands[0] and b in game.hands[0] and action.card not in (a, b)
    finishing = finishers(a, b, 3)
    unseen = game.observation(0).unseen()
    from fivecrowns_lab.core.cards import DECK

    deck = Counter(DECK)
    hand = Counter(game.hands[0])
    cards = finishing | {c for c in deck if is_wild(c, 3)}
    live = sum(unseen[c] for c in cards)
    total = sum(deck[c] - hand[c] for c in cards)
    assert f"{live} of the {total} cards" in reason or f"all {total} cards" in reason, reason


def test_expert_takes_a_wild_upcard_and_goes_out_when_it_can():
    game = rig(Game(2, seed=1), ["5H 6H KC", "8S 8D 4C"], "JK")
    bot = make_bot("expert")
    assert bot.choose(game.observation(0)) == Draw("discard")
    game.draw("discard")
    assert bot.choose(game.observation(0)) == GoOut(C("KC"))


def test_expert_goes_out_throwing_a_card_the_next_player_passed_over():
    # Round 2 (4s wild). Player 1 passes over Q♣; then player 0 draws 7♥ and can go out
    # throwing 5♥, 6♥, 7♥ or Q♣: the expert throws the Q♣ the next player did not want.
    game = rig(Game(2, seed=1), ["5H 6H QC 4D", "8S 8D 9C 9D"], "QC", stock="7H 10S", current=1)
    game.draw("stock")
    game.discard("10S")
    game.draw("stock")
    bot = make_bot("expert")
    assert bot.choose(game.observation(0)) == GoOut(C("QC"))
    assert "passed over" in bot.last_reason and "Player 2" in bot.last_reason


def test_read_table_remembers_what_each_opponent_took_and_passed_over():
    game = rig(Game(3, seed=1), ["5H 6H KC", "8S 8D 4C", "QH QS 3D"], "8H", stock="9C 7C")
    game.draw("stock")  # player 0 passes over 8♥ (draws 7♣)
    game.discard("KC")
    game.draw("discard")  # player 1 takes K♣
    game.discard("4C")
    read = read_table(game.observation(2))
    by_player = {o.player: o for o in read.opponents}
    assert by_player[0].passed == (C("8H"),) and by_player[0].threw == (C("KC"),)
    assert by_player[1].holds == (C("KC"),) and by_player[1].threw == (C("4C"),)
    assert read.unseen[C("KC")] == 1  # of two copies, one is known to be in player 1's hand
    assert read.next_player == 0
    assert by_player[1].wants(C("KD"), 1) and not by_player[1].wants(C("9S"), 1)


def test_an_opponent_who_takes_discards_is_more_likely_to_go_out():
    assert going_out_chance(2, 2, 8) > going_out_chance(2, 0, 8)
    assert going_out_chance(5, 0, 8) > going_out_chance(1, 0, 8)
    assert 0 < going_out_chance(0, 0, 1) < 1


def test_expert_never_throws_a_wild_before_its_final_turn():
    from fivecrowns_lab.table.players import is_wild_discard

    game = Game(3, GameRules(rounds=5), seed=3)
    bots = [make_bot("expert", s) for s in range(3)]
    for move in play_moves(game, bots):
        assert not is_wild_discard(move.action, move.observation), bots[move.seat].last_reason


# -- lesson 12: a worked position from a real game ------------------------------------------


def test_worked_position_is_a_real_disagreement_from_a_seeded_game():
    from fivecrowns_lab.table.hints import worked_position

    position = worked_position(1)
    o = position.observation
    assert o.player == 0 and o.phase == "discard" and o.round_no >= 4
    assert position.expert != position.greedy
    assert position.expert in o.legal_actions and position.greedy in o.legal_actions
    assert worked_position(1) == position  # seeded: computed the same way every time
    again = make_bot("expert", position.seed)
    assert again.choose(o) == position.expert and again.last_reason == position.expert_reason
    assert len(position.facts) == 3


def test_lesson_12_shows_both_bots_choices_after_the_learner_picks(widget_errors):
    from fivecrowns_lab.lessons import how_the_expert_plays

    lesson = how_the_expert_plays()
    view = lesson.view
    position = view.position
    # the position's hand, shown sorted by suit then rank as in every lesson
    assert list(view.hand.hand) == list(position.observation.hand.sorted())
    assert view.answer.value == ""
    card = view.hand.hand[0]
    view.choose(card)
    assert "Greedy" in view.answer.value and "The expert" in view.answer.value
    assert position.expert_reason.split(":")[0] in view.answer.value
    first = position.seed
    view.next_button.click()
    assert view.position.seed > first and view.answer.value == ""
    view.reveal_button.click()
    assert "The expert" in view.answer.value
    assert len(lesson.quiz.questions) == 3


def test_the_same_seed_replays_the_same_expert_game_in_another_process():
    # Card hashes differ between processes (suits hash by identity), so any choice that
    # depended on a set's order would change the game from one run to the next.
    import subprocess
    import sys

    script = (
        "from fivecrowns_lab import Game, GameRules, make_bot\n"
        "junk = [object() for _ in range({n})]\n"
        "game = Game(3, GameRules(rounds=4), seed=1)\n"
        "print(game.play([make_bot('expert', 1), make_bot('greedy', 2), "
        "make_bot('expert', 3)]).to_json())\n"
    )
    runs = [
        subprocess.run(
            [sys.executable, "-c", script.format(n=n)],
            capture_output=True,
            text=True,
            check=True,
            timeout=600,
        ).stdout
        for n in (1, 777)
    ]
    assert runs[0] and runs[0] == runs[1]


def test_the_expert_returns_its_decision_with_the_options_it_weighed_and_their_values():
    from fivecrowns_lab.table.actions import Discard
    from fivecrowns_lab.table.expert import Decision, ExpertBot

    game = Game(3, seed=5)
    bots = [ExpertBot(s) for s in range(3)]
    seen_throw = False
    while game.round_no == 1 and not game.is_over and not seen_throw:
        seat = game.current_player
        observation = game.observation(seat)
        decision = bots[seat].decide(observation)
        assert isinstance(decision, Decision)
        assert decision.action in observation.legal_actions
        assert decision.reason == bots[seat].last_reason
        if isinstance(decision.action, Discard) and decision.options:
            seen_throw = True
            best = min(decision.options, key=lambda o: o.value)
            assert decision.action.card in {o.card for o in decision.options}
            assert best.value == min(o.value for o in decision.options)
            assert decision.futures == ExpertBot.samples
            assert {c for c, _p in decision.plan_after} == set(observation.hand)
        game.apply(decision.action, seat)
    assert seen_throw


def test_hints_read_no_private_attribute_of_a_bot():
    import inspect
    import re

    from fivecrowns_lab.table import hints

    assert not re.search(r"\bbot\._", inspect.getsource(hints))


def test_a_rollout_draw_that_connects_to_no_loose_card_melds_nothing():
    # The expert's rollout skips the solver when the drawn card meets loose cards (what
    # the melds left) with no wild and connects to none of them: check that shortcut.
    import random

    from fivecrowns_lab import DECK
    from fivecrowns_lab.core.cards import card_order
    from fivecrowns_lab.core.rules import RoundRules
    from fivecrowns_lab.core.solver import Solver
    from fivecrowns_lab.table.rollout import connects

    rng = random.Random(5)
    checked = 0
    for _ in range(1500):
        flags = rng.choice([{}, {"books_distinct_suits": True}, {"no_all_wild_melds": True}])
        rules = RoundRules(rng.randint(1, 11), **flags)
        solver, wild = Solver(rules), rules.wild_rank
        loose = list(solver.leftover(rng.sample(DECK, rng.randint(3, 14))))
        drawn = rng.choice(DECK)
        if any(c.suit is None or c.rank == wild for c in [*loose, drawn]):
            continue
        if any(connects(drawn, c, rules) for c in loose):
            continue
        assert list(solver.leftover([*loose, drawn])) == sorted([*loose, drawn], key=card_order)
        checked += 1
    assert checked > 300


@settings(max_examples=300, deadline=None)
@given(round_no=st.integers(1, 11), data=st.data())
def test_the_rollouts_throw_is_the_highest_card_near_nothing_else_the_highest(round_no, data):
    # The rollout's throw walks packed bits for speed; this is its plain definition.
    rules = round_rules(round_no)
    solver = shared_solver(rules)
    naturals = [c for c in DECK if not is_wild(c, rules)]
    cards = data.draw(st.lists(st.sampled_from(naturals), min_size=1, max_size=9))
    counts = Counter(cards)
    cards = [c for c in cards if counts[c] <= 2]  # the deck has two copies of each
    if not cards:
        return
    loose, wilds = solver.pack(cards)
    assert wilds == 0

    def near(a, b):
        return a.rank == b.rank or (a.suit == b.suit and abs(a.rank - b.rank) <= 2)

    def alone(card):
        return sum(near(card, other) for other in cards) == 1  # only itself

    thrown = max(cards, key=lambda c: (alone(c), c.rank, c.suit.index))
    rest = list(cards)
    rest.remove(thrown)
    bit, points = throw(loose, near_bits(rules))
    assert bit == solver.pack([thrown])[0]
    assert points == sum(c.rank for c in rest)
