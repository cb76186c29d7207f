"""Rules of a game at the table, each as a scripted round with chosen hands."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from dataclasses import FrozenInstanceError, replace
from itertools import chain

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fivecrowns_lab.core.cards import (
    CARDS_BY_INDEX,
    DECK,
    Card,
    CardError,
    Hand,
    parse_card,
    parse_cards,
)
from fivecrowns_lab.core.rules import GameRules, hand_size
from fivecrowns_lab.errors import FiveCrownsError
from fivecrowns_lab.table.actions import (
    ActionRecord,
    Discard,
    Draw,
    GoOut,
    Place,
    action_from_dict,
)
from fivecrowns_lab.table.deal import Deal, shuffle_deal
from fivecrowns_lab.table.game import (
    CardNotHeldError,
    EmptyPileError,
    Game,
    GameError,
    GoOutError,
    PhaseError,
    TurnError,
    play_game,
)
from fivecrowns_lab.table.loop import play_moves
from fivecrowns_lab.table.players import make_bot


def rig(
    game: Game,
    hands: list[str],
    discard: str,
    stock: str = "",
    current: int = 0,
    round_no: int | None = None,
) -> Game:
    """A game like ``game`` (players, rules, seed) dealt the chosen hands, through a Deal.

    The stock top is the last card of ``stock``; the rest of the deck goes under the stock,
    so all 116 cards stay in play. ``current`` plays first (the dealer sits just before).
    The round is ``round_no``, or else the one whose hand size the hands have.
    """
    n = len(game.names)
    if round_no is None:  # the round whose hand size the hands have (tests/test_players.py)
        round_no = len(parse_cards(next(h for h in hands if h))) - 2
    deal = Deal.arrange(
        round_no,
        hands,
        discard,
        stock,
        dealer=(current - 1) % n,
    )
    return Game(game.names, game.rules, game.seed, deal=deal)


def state(game: Game) -> tuple:
    return (
        game.hands,
        game.stock,
        game.discard_pile,
        tuple(tuple(m.cards for m in melds) for melds in game.table),
        game.phase,
        game.current_player,
        game.round_no,
        game.totals,
        len(game.history),
        game.went_out,
    )


def all_cards(game: Game) -> Counter:
    """Every card of the game, wherever it lies: the hands, the stock, the pile, the table."""
    table = (card for melds in game.table for meld in melds for card in meld.cards)
    return Counter(chain(*game.hands, game.stock, game.discard_pile, table))


C = parse_card


# -- the deal ---------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 4, 7])
def test_deal_gives_each_player_the_rounds_hand_size_and_turns_one_card_up(players):
    game = Game(players, seed=3)
    assert [len(h) for h in game.hands] == [hand_size(1)] * players
    assert len(game.discard_pile) == 1
    assert len(game.stock) == 116 - 3 * players - 1
    assert all_cards(game) == Counter(DECK)


def test_deal_is_one_card_at_a_time_starting_at_the_dealers_left():
    game = Game(3, seed=11)
    from fivecrowns_lab.validators import derived_rng as _derive

    deck = list(DECK)
    _derive(game.seed, "round", 0).shuffle(deck)
    dealt = deck[::-1]  # the stock's top is the end of the list
    order = [(game.dealer + 1 + i) % 3 for i in range(3)]
    for i, player in enumerate(order):
        assert list(game.hands[player]) == dealt[i:9:3]
    assert game.discard_pile[-1] == dealt[9]


def test_play_starts_at_the_dealers_left_and_the_deal_moves_left_each_round():
    game = Game(3, GameRules(rounds=3), seed=2)
    dealers = []
    greedy = [make_bot("greedy", i) for i in range(3)]
    while not game.is_over:
        if game.phase == "round_over":
            game.next_round()
            continue
        if not game.history or game.history[-1].round_no != game.round_no:
            dealers.append(game.dealer)
            assert game.current_player == (game.dealer + 1) % 3
        player = game.current_player
        game.apply(greedy[player].choose(game.observation(player)))
    assert dealers == [0, 1, 2]


def test_game_needs_two_to_seven_players():
    with pytest.raises(GameError, match="2 to 7 players"):
        Game(1)
    with pytest.raises(GameError, match="2 to 7 players"):
        Game(8)
    with pytest.raises(GameError, match="different name"):
        Game(["Ana", "Ana"])


def test_the_same_seed_deals_the_same_game():
    assert Game(4, seed=9).hands == Game(4, seed=9).hands
    assert Game(4, seed=9).hands != Game(4, seed=10).hands


# -- a turn -------------------------------------------------------------------------------------


def test_must_draw_before_discarding_and_the_error_changes_nothing():
    game = rig(Game(["Ana", "Ben"], seed=1), ["3H 4H 9C", "5S 6S 7D"], "KD")
    before = state(game)
    with pytest.raises(PhaseError, match=r"^You must draw before you discard\.$"):
        game.discard("9C")
    assert state(game) == before
    assert not game.can(Discard(C("9C")))


def test_only_the_current_player_may_act():
    game = rig(Game(["Ana", "Ben"], seed=1), ["3H 4H 9C", "5S 6S 7D"], "KD")
    with pytest.raises(TurnError, match=r"^It is Ana's turn, not Ben's\.$"):
        game.check(Draw("stock"), player=1)
    assert game.can(Draw("stock"), player=0)


def test_a_listed_legal_move_is_still_only_the_current_players():
    # A move listed by legal_actions() is applied without checking it again: the seat
    # still must be the current player's, and anything else is checked as before.
    game = rig(Game(["Ana", "Ben"], seed=1), ["5H 6H 9C", "5S 6S 7D"], "7H")
    listed = game.legal_actions()
    before = state(game)
    with pytest.raises(TurnError, match=r"^It is Ana's turn, not Ben's\.$"):
        game.apply(listed[0], 1)
    with pytest.raises(TurnError, match="There is no player True"):
        game.apply(listed[0], True)
    with pytest.raises(PhaseError, match="must draw before you discard"):
        game.apply(Discard(C("9C")), 0)
    assert state(game) == before and game.legal_actions() == listed
    game.apply(Draw("discard"), 0)
    with pytest.raises(PhaseError, match="already drawn"):  # the old list is gone
        game.apply(Draw("discard"), 0)
    game.apply(GoOut(C("9C")), 0)
    assert game.went_out == 0


def test_drawing_twice_in_a_turn_is_refused():
    game = rig(Game(2, seed=1), ["3H 4H 9C", "5S 6S 7D"], "KD")
    game.draw("stock")
    with pytest.raises(PhaseError, match="already drawn"):
        game.draw("discard")


def test_discarding_a_card_not_in_hand_is_refused_with_its_name():
    game = rig(Game(2, seed=1), ["3H 4H 9C", "5S 6S 7D"], "KD")
    game.draw("stock")
    before = state(game)
    with pytest.raises(CardNotHeldError, match="You cannot discard Q♠: it is not in your hand"):
        game.discard("QS")
    assert state(game) == before


def test_taking_the_top_discard_is_public_but_a_stock_card_stays_secret():
    game = rig(Game(2, seed=1), ["3H 4H 9C", "5S 6S 7D"], "KD", stock="8C")
    record = game.draw("discard")
    assert record.drawn == C("KD")
    assert C("KD") in game.hands[0]
    game.discard("KD")
    record = game.draw("stock")
    assert record.drawn is None
    assert C("8C") in game.hands[1]


def test_a_turn_passes_to_the_left_after_a_discard():
    game = rig(Game(3, seed=1), ["3H 4H 9C", "5S 6S 7D", "8S 8D 10C"], "KD")
    game.draw("stock")
    game.discard(game.hands[0][0])
    assert game.current_player == 1 and game.phase == "draw"


def test_legal_actions_are_exactly_the_accepted_ones():
    game = rig(Game(2, seed=1), ["5H 6H 9C", "5S 6S 7D"], "7H")
    assert set(game.legal_actions()) == {Draw("stock"), Draw("discard")}
    game.draw("discard")
    legal = game.legal_actions()
    assert GoOut(C("9C")) in legal
    assert {a for a in legal if isinstance(a, Discard)} == {Discard(c) for c in game.hands[0]}
    for card in DECK[:60]:
        assert game.can(Discard(card)) == (Discard(card) in legal)


def test_an_action_of_the_solitaire_edition_is_not_a_table_move():
    game = rig(Game(2, seed=1), ["5H 6H 9C", "5S 6S 7D"], "7H")
    with pytest.raises(GameError, match="not an action of a game at the table"):
        game.check(Place(1, C("9C")))


# -- the stock running out -----------------------------------------------------------------------


def test_when_the_stock_runs_out_the_discards_but_the_top_card_are_reshuffled_into_it():
    deal = Deal.arrange(1, ["3H 4H 9C", "5S 6S 7D"], "KD")
    deal = replace(deal, discard=Hand([*deal.stock[:-1], C("KD")]), stock=deal.stock[-1:])
    game = Game(2, seed=1, deal=deal)
    game.draw("stock")
    assert len(game.stock) == 0
    game.discard("9C")
    game.apply(Draw("stock"))
    assert game.history[-1].reshuffled
    assert game.discard_pile == (C("9C"),)
    assert all_cards(game) == Counter(DECK)


def test_drawing_from_an_empty_discard_pile_is_refused():
    game = rig(Game(2, seed=1), ["3H 4H 9C", "5S 6S 7D"], "", stock="KD")
    with pytest.raises(EmptyPileError, match="discard pile is empty"):
        game.draw("discard")


# -- going out and the final turns -------------------------------------------------------------


def test_going_out_lays_the_melds_and_discards_the_last_card():
    game = rig(Game(3, seed=1), ["5H 6H 9C", "5S 6S KD", "8S 8D 10C"], "7H")
    game.draw("discard")
    record = game.go_out("9C")
    assert game.went_out == 0
    assert [sorted(m, key=lambda c: c.rank) for m in record.laid] == [
        list(parse_cards("5H 6H 7H"))
    ]
    assert game.hands[0] == ()
    assert game.discard_pile[-1] == C("9C")
    assert game.is_final_turn and game.current_player == 1


def test_going_out_with_a_card_in_no_meld_is_refused_naming_it():
    game = rig(Game(2, seed=1), ["5H 6H 7H 9C", "5S 6S KD 8D"], "KC", round_no=2)
    game.draw("discard")
    before = state(game)
    with pytest.raises(GoOutError, match=r"^Cannot go out: 9♣ is in no meld\.$"):
        game.go_out("KC")
    assert state(game) == before


def test_going_out_with_chosen_melds_checks_each_meld():
    # four cards, 4s wild
    game = rig(Game(2, seed=1), ["5H 4C 9C 9D", "5S 6S KD 8C"], "9S", current=0, round_no=2)
    game.draw("discard")
    with pytest.raises(GoOutError, match="9♣ 9♦ 5♥ is not a meld"):
        game.go_out("4C", [parse_cards("9C 9D 5H"), parse_cards("9S")])
    with pytest.raises(GoOutError, match=r"^Cannot go out: 4♣ is in no meld\.$"):
        game.go_out("5H", [parse_cards("9C 9D 9S")])
    with pytest.raises(GoOutError, match="9♥ is not in your hand"):
        game.go_out("5H", [parse_cards("9C 9D 9S 9H")])
    game.go_out("5H", [parse_cards("9C 9D 9S 4C")])
    assert game.went_out == 0 and game.table[0][0].kind == "book"


def test_every_other_player_gets_exactly_one_final_turn_with_partial_melds():
    game = rig(Game(3, seed=1), ["5H 6H 9C", "8S 8D 4C", "QS KS 4D"], "7H", stock="JS 8C")
    game.draw("discard")
    game.go_out("9C")
    assert game.current_player == 1
    game.draw("stock")  # 8C: 8S 8D 8C is a book
    record = game.discard("4C")
    assert record.final_turn and len(record.laid) == 1
    assert game.current_player == 2
    game.draw("stock")  # JS: J Q K of spades
    game.discard("4D")
    assert game.phase == "round_over"
    result = game.round_results[-1]
    assert result.points == (0, 0, 0)
    assert result.went_out == 0


def test_final_turn_scores_the_cards_left_after_the_best_melds():
    game = rig(Game(2, seed=1), ["5H 6H 9C", "8S 8D KC"], "7H", stock="QD")
    game.draw("discard")
    game.go_out("9C")
    game.draw("stock")
    game.discard("8S")  # keeps 8D KC QD: nothing melds
    assert game.round_results[-1].points == (0, 8 + 13 + 12)
    assert game.round_results[-1].arrangements[1].leftover == parse_cards("KC QD 8D").sorted()


def test_a_final_turn_player_who_melds_everything_scores_zero():
    game = rig(Game(2, seed=1), ["5H 6H 9C", "8S 8D KC"], "7H", stock="8C")
    game.draw("discard")
    game.go_out("9C")
    game.draw("stock")
    game.discard("KC")
    assert game.round_results[-1].points == (0, 0)


def test_nobody_may_add_to_another_players_melds_without_the_lay_off_variant():
    game = rig(Game(2, seed=1), ["5H 6H 9C", "8H 4S KC"], "7H", stock="QD")
    game.draw("discard")
    game.go_out("9C")  # table: 5H 6H 7H
    game.draw("stock")
    game.discard("KC")
    assert game.round_results[-1].points == (0, 8 + 4 + 12)


def test_lay_off_variant_adds_final_turn_cards_to_melds_on_the_table():
    game = rig(
        Game(2, GameRules(lay_off=True), seed=1), ["5H 6H 9C", "8H 4S KC"], "7H", stock="QD"
    )
    game.draw("discard")
    game.go_out("9C")
    game.draw("stock")
    record = game.discard("KC")
    assert record.laid_off == (C("8H"),)
    assert game.round_results[-1].points == (0, 4 + 12)
    assert sorted(c.rank for c in game.table[0][0]) == [5, 6, 7, 8]
    assert all_cards(game) == Counter(DECK)


def test_lay_off_takes_a_wild_into_a_book_on_the_table():
    game = rig(
        Game(2, GameRules(lay_off=True), seed=1), ["9H 9S 4C", "3D KC QS"], "9D", stock="10D"
    )
    game.draw("discard")
    game.go_out("4C")  # 9H 9S 9D
    game.draw("stock")
    game.discard("KC")  # 3D is wild in round 1 and joins the book; QS 10D stay
    assert game.round_results[-1].points == (0, 12 + 10)
    assert game.history[-1].laid_off == (C("3D"),)


def test_going_out_bonus_variant_scores_minus_ten():
    game = rig(Game(2, GameRules(going_out_bonus=True), seed=1), ["5H 6H 9C", "8S 8D KC"], "7H")
    game.draw("discard")
    game.go_out("9C")
    game.draw("stock")
    game.discard("KC")
    assert game.round_results[-1].points[0] == -10


def test_going_out_without_a_final_discard_needs_the_variant():
    hands = ["5H 6H 7H", "8S 8D KC"]
    game = rig(Game(2, seed=1), hands, "8H")
    game.draw("discard")
    assert GoOut(None) not in game.legal_actions()
    with pytest.raises(GoOutError, match="needs a final discard"):
        game.go_out(None)
    game = rig(Game(2, GameRules(no_final_discard=True), seed=1), hands, "8H")
    game.draw("discard")
    assert GoOut(None) in game.legal_actions()
    game.go_out(None)
    assert game.went_out == 0 and len(game.table[0][0]) == 4


def test_round_over_waits_for_next_round_and_a_short_game_ends_after_its_rounds():
    game = Game(2, GameRules(rounds=2), seed=4)
    bots = [make_bot("greedy", 1), make_bot("greedy", 2)]
    while game.phase != "round_over":
        player = game.current_player
        game.apply(bots[player].choose(game.observation(player)))
    with pytest.raises(TurnError, match="round is over"):
        game.draw("stock")
    game.next_round()
    assert game.round_no == 2 and [len(h) for h in game.hands] == [4, 4]
    play_game(game, bots)
    assert game.is_over and len(game.round_results) == 2
    with pytest.raises(TurnError, match="game is over"):
        game.draw("stock")


def test_next_round_is_refused_while_a_round_is_being_played():
    with pytest.raises(TurnError, match="still being played"):
        Game(2, seed=1).next_round()


# -- the end of the game: placement, ties and the playoff --------------------------------------


def _scored(rules: GameRules, *others: str) -> Game:
    """Play round 1 of a scripted game to its end, with no private attribute touched.

    Player 0 takes the 7♥ and goes out (0 points); each other player then draws a queen
    from the stock, throws it back and lays down ``others[i]`` as best it can.
    """
    queens = ["QH", "QC", "QD", "QS", "Q*", "QH"][: len(others)]
    game = rig(
        Game(1 + len(others), rules, seed=1), ["5H 6H 9C", *others], "7H", " ".join(queens[::-1])
    )
    game.draw("discard")
    game.go_out("9C")
    for _ in others:
        drawn = game.stock[-1]
        game.draw("stock")
        game.discard(drawn)
    assert game.phase == "round_over"
    return game


def test_ties_for_first_share_the_place_and_the_next_player_is_third():
    game = _scored(GameRules(rounds=1), "5S 6S 7S", "8S 8D KC")  # scores 0, 0, 29
    game.next_round()
    assert game.is_over
    assert game.placements() == (1, 1, 3)
    assert game.winners() == (0, 1)


def test_playoff_is_dealt_only_to_the_tied_players_with_its_hand_size():
    rules = GameRules(rounds=1, ties="playoff", playoff_hand_size=6)
    game = _scored(rules, "8S 8D KC", "5S 6S 7S")  # scores 0, 29, 0
    game.next_round()
    assert game.is_playoff and not game.is_over
    assert [len(h) for h in game.hands] == [6, 0, 6]
    assert game.round_no == 4  # 6 cards, 6s wild
    assert game.current_player in (0, 2)


def test_the_first_to_go_out_in_the_playoff_wins_alone():
    rules = GameRules(rounds=1, ties="playoff")
    game = _scored(rules, "8S 8D KC", "5S 6S 7S")  # scores 0, 29, 0
    playoff = Deal.arrange(4, ["5H 6H 7H 8S 8D 8C", "", "QS KS 4D 3C 10C 9D"], "9H", dealer=2)
    game.next_round(playoff)
    game.draw("discard")
    game.go_out("9H")
    assert game.playoff is not None and game.playoff.winner == 0
    game.next_round()
    assert game.is_over
    assert game.placements() == (1, 3, 2)
    assert game.standings()["placement"] == [1, 2, 3]


def test_no_playoff_when_the_lowest_total_is_not_tied():
    # scores 0, 29, 29
    game = _scored(GameRules(rounds=1, ties="playoff"), "8S 8D KC", "8C 8H KD")
    game.next_round()
    assert game.is_over and game.placements() == (1, 2, 2)


# -- observations ---------------------------------------------------------------------------------


def test_an_observation_shows_only_the_players_own_hand():
    game = rig(Game(3, seed=1), ["5H 6H 9C", "8S 8D KC", "QS KS 4D"], "7H")
    seen = game.observation(1)
    assert seen.hand == game.hands[1]
    assert seen.hand_sizes == (3, 3, 3)
    assert seen.top_discard == C("7H")
    assert seen.legal_actions == ()
    assert game.observation(0).legal_actions == game.legal_actions()
    text = repr(seen)
    for other in (game.hands[0], game.hands[2]):
        assert not any(repr(card) in text for card in other if card not in seen.discard_pile)


def test_an_observation_the_table_makes_is_the_one_the_class_makes():
    # The table builds its observations without the frozen class's field-by-field set-up.
    from dataclasses import fields

    from fivecrowns_lab.table.observation import Observation

    game = rig(Game(3, seed=1), ["5H 6H 9C", "8S 8D KC", "QS KS 4D"], "7H")
    seen = game.observation(0)
    values = {field.name: getattr(seen, field.name) for field in fields(Observation)}
    made = Observation(**values)
    assert made == seen and hash(made) == hash(seen) and repr(made) == repr(seen)
    with pytest.raises(FrozenInstanceError):
        seen.hand = ()  # type: ignore[misc]
    del values["history"]
    with pytest.raises(TypeError, match="history"):
        Observation._of_table(**values)


def test_an_observation_counts_an_opponents_pickup_as_seen():
    game = rig(Game(2, seed=1), ["5H 6H 9C", "8S 8D KC"], "7H")
    game.draw("discard")
    game.discard("9C")
    unseen = game.observation(1).unseen()
    assert unseen[C("7H")] == 1  # one copy with player 0, one still unseen
    assert sum(unseen.values()) == 116 - 3 - 1 - 1


# -- saving, resuming and replaying ---------------------------------------------------------------


def _bots() -> list:
    return [make_bot("greedy", 1), make_bot("random", 2), make_bot("lookahead", 3)]


def test_json_round_trip_mid_round_continues_identically():
    game = Game(["Ana", "Ben", "Cy"], GameRules(rounds=3), seed=21)
    bots = _bots()
    for _ in range(25):
        player = game.current_player
        if player is None:
            game.next_round()
            continue
        game.apply(bots[player].choose(game.observation(player)))
    resumed = Game.from_json(game.to_json())
    assert state(resumed) == state(game)
    play_game(game, _bots())
    play_game(resumed, _bots())
    assert resumed.totals == game.totals
    assert resumed.to_json() == game.to_json()


def test_json_round_trip_at_round_over_and_game_over():
    game = Game(2, GameRules(rounds=2), seed=5)
    bots = [make_bot("greedy"), make_bot("greedy")]
    while game.phase != "round_over":
        player = game.current_player
        game.apply(bots[player].choose(game.observation(player)))
    assert state(Game.from_json(game.to_json())) == state(game)
    game.next_round()
    assert state(Game.from_json(game.to_json())) == state(game)
    play_game(game, bots)
    assert Game.from_json(game.to_json()).is_over


def test_a_game_replays_exactly_from_its_seed_and_actions():
    game = play_game(Game(3, GameRules(rounds=2), seed=8), _bots())
    again = Game.replay(game.seed, game.rules, [r.action for r in game.history], 3)
    assert again.totals == game.totals and again.history == game.history


def test_a_bad_save_is_refused_with_a_sentence():
    with pytest.raises(GameError, match="not a saved game"):
        Game.from_json("{not json")
    with pytest.raises(GameError, match="not a saved Five Crowns game"):
        Game.from_json(json.dumps({"seed": 1}))
    saved = json.loads(Game(2, seed=1).to_json())
    with pytest.raises(GameError, match="incomplete: it has no actions"):
        Game.from_json(json.dumps({k: v for k, v in saved.items() if k != "actions"}))
    with pytest.raises(GameError, match="unknown rules"):
        Game.from_json(json.dumps({**saved, "rules": {"colour": "red"}}))


def test_actions_round_trip_through_plain_data():
    actions = [
        Draw("stock"),
        Draw("discard"),
        Discard(C("10H")),
        GoOut(C("JK")),
        GoOut(None, (parse_cards("5H 6H 7H"),)),
        Place(3, C("Q*")),
    ]
    for action in actions:
        assert action_from_dict(json.loads(json.dumps(action.to_dict()))) == action


def test_records_are_frozen():
    record = ActionRecord(0, Draw("stock"), 1, 0)
    with pytest.raises(AttributeError):
        record.player = 2  # type: ignore[misc]


def test_a_draw_from_nowhere_is_refused_as_an_action():
    from fivecrowns_lab.table.actions import ActionError

    with pytest.raises(ActionError, match="'stock' or the 'discard'"):
        Draw("table")  # type: ignore[arg-type]
    with pytest.raises(ActionError, match="not an action"):
        action_from_dict({"type": "shout"})


def test_card_notation_is_accepted_by_the_convenience_methods():
    game = rig(Game(2, seed=1), ["5H 6H 9C", "8S 8D KC"], "7H")
    game.draw("discard")
    game.discard("9c")
    assert game.discard_pile[-1] == Card(9, C("9C").suit)


# -- the lay-off search --------------------------------------------------------------------------


def _run(text: str, round_no: int = 1):
    from fivecrowns_lab.core.melds import make_run

    return make_run(parse_cards(text), round_no)


def test_lay_off_chains_cards_onto_the_end_of_a_run():
    from fivecrowns_lab.core.layoff import best_with_layoff

    result = best_with_layoff(parse_cards("9H 8H KS"), 1, [_run("5H 6H 7H")])
    assert sorted(c.rank for c in result.cards_laid_off) == [8, 9]
    assert result.arrangement.penalty == 13
    assert [c.rank for c in result.table[0].cards] == [5, 6, 7, 8, 9]


def test_lay_off_puts_a_wild_below_a_run_that_already_reaches_the_king():
    from fivecrowns_lab.core.layoff import best_with_layoff

    result = best_with_layoff(parse_cards("JK 4C"), 1, [_run("JH QH KH")])
    assert result.cards_laid_off == (parse_card("JK"),)
    assert result.table[0].ranks == (10, 11, 12, 13)
    assert result.arrangement.penalty == 4


def test_lay_off_keeps_a_card_that_does_better_in_the_players_own_meld():
    from fivecrowns_lab.core.layoff import best_with_layoff

    # 8H could join the table's run, but then 8S 8D would be left: 16 points, not 0.
    result = best_with_layoff(parse_cards("8H 8S 8D"), 1, [_run("5H 6H 7H")])
    assert result.cards_laid_off == ()
    assert result.arrangement.penalty == 0


def test_lay_off_never_grows_a_run_past_eleven_cards():
    from fivecrowns_lab.core.layoff import best_with_layoff

    full = _run("3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", 2)
    result = best_with_layoff(parse_cards("JK 9C"), 2, [full])
    assert result.cards_laid_off == ()
    assert result.arrangement.penalty == 59


@pytest.mark.parametrize("seed", ["x", 1.5, True])
def test_a_seed_that_is_not_a_whole_number_is_refused_with_a_sentence(seed):
    with pytest.raises(GameError, match="A seed is a whole number"):
        Game(2, seed=seed)


# -- scripted deals (table/deal.py) ---------------------------------------------------------------


def _finish(game: Game) -> Game:
    return play_game(game, [make_bot("greedy", seat) for seat in range(len(game.names))])


def test_a_game_started_from_a_deal_saves_and_restores_as_the_same_game():
    game = rig(Game(3, GameRules(rounds=2), seed=4), ["5H 6H 9C", "8S 8D KC", "QS KS 4D"], "7H")
    game.draw("discard")
    game.go_out("9C")
    again = Game.from_json(game.to_json())
    assert state(again) == state(game)
    assert again.to_json() == game.to_json()
    assert again.deals == game.deals
    assert state(_finish(again)) == state(_finish(game))


def test_a_round_dealt_from_a_deal_midgame_is_saved_and_replayed():
    game = _scored(GameRules(rounds=2), "5S 6S 7S", "8S 8D KC")
    second = Deal.arrange(2, ["5H 6H 7H 9C", "8S 8D KC QD", "QS KS 4D 3C"], "8H", dealer=2)
    game.next_round(second)
    assert game.hands[0] == parse_cards("5H 6H 7H 9C") and game.current_player == 0
    game.draw("discard")
    game.go_out("9C")
    again = Game.from_json(game.to_json())
    assert state(again) == state(game)
    replayed = Game.replay(game.seed, game.rules, [r.action for r in game.history], 3, game.deals)
    assert state(replayed) == state(game)


def test_a_deal_round_trips_through_its_dictionary_and_holds_the_whole_deck():
    deal = Deal.arrange(3, ["5H 6H 7H 8H 9H", "3S 4S 5S 6S 7S"], "KD", stock="QC", dealer=0)
    assert Deal.from_dict(json.loads(json.dumps(deal.to_dict()))) == deal
    assert Counter(c for h in (*deal.hands, deal.discard, deal.stock) for c in h) == Counter(DECK)
    assert deal.stock[-1] == C("QC")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"round": 12}, "no round 12"),
        ({"dealer": 5}, "dealer is a seat from 0 to 1"),
        ({"hands": [["3H"], ["4H"]]}, "deals 3 cards"),
        ({"stock": []}, "whole deck"),
        ({"hands": "3H"}, "list of 2 to 7 hands"),
    ],
)
def test_a_deal_that_cannot_be_dealt_is_refused_with_a_sentence(change, message):
    data = Deal.arrange(1, ["5H 6H 9C", "8S 8D KC"], "7H").to_dict()
    data.update(change)
    with pytest.raises(FiveCrownsError, match=message):
        Deal.from_dict(data)


def test_a_deal_for_another_table_or_round_is_refused():
    deal = Deal.arrange(1, ["5H 6H 9C", "8S 8D KC"], "7H")
    with pytest.raises(GameError, match="for 2 players, but the game has 3"):
        Game(3, deal=deal)
    with pytest.raises(GameError, match="round 3, but the game has 2 rounds"):
        Game(
            2,
            GameRules(rounds=2),
            deal=Deal.arrange(3, ["5H 6H 7H 8H 9H", "3S 4S 5S 6S 7S"], "7H"),
        )
    game = _scored(GameRules(rounds=2), "5S 6S 7S")
    with pytest.raises(GameError, match="next round is round 2"):
        game.next_round(deal)


# -- bad input to the public entry points (issue 9) -----------------------------------------------


def test_discarding_none_is_refused_as_not_a_card():
    game = rig(Game(2, seed=1), ["5H 6H 9C", "8S 8D KC"], "7H")
    game.draw("stock")
    before = game.to_json()
    with pytest.raises(CardError, match="not None"):
        game.discard(None)
    assert game.to_json() == before


def test_melds_given_as_text_are_read_as_cards_when_going_out():
    game = rig(Game(2, seed=1), ["5H 6H 9C", "8S 8D KC"], "7H")
    game.draw("discard")
    record = game.go_out("9C", melds=["5H 6H 7H"])
    assert record.laid == (tuple(parse_cards("5H 6H 7H")),)


def test_melds_that_are_not_cards_are_refused_with_a_sentence():
    game = rig(Game(2, seed=1), ["5H 6H 9C", "8S 8D KC"], "7H")
    game.draw("discard")
    before = game.to_json()
    with pytest.raises(CardError, match="as text such as '10H', not 6"):
        game.go_out("9C", melds=[["5H", 6, "7H"]])
    with pytest.raises(GoOutError, match="list of melds"):
        game.go_out("9C", melds=5)
    with pytest.raises(GoOutError, match="groups of cards"):
        game.apply(GoOut(C("9C"), melds="5H 6H 7H"))  # type: ignore[arg-type]
    assert game.to_json() == before


@pytest.mark.parametrize("player", [99, -1, 2, True, "0", 1.0])
def test_a_player_number_that_is_no_seat_is_refused_naming_it(player):
    game = Game(["Ana", "Ben"], seed=1)
    before = game.to_json()
    with pytest.raises(TurnError, match=f"There is no player {re.escape(repr(player))}"):
        game.apply(Draw("stock"), player=player)
    with pytest.raises(TurnError, match="seats are numbered 0 to 1"):
        game.observation(player)
    assert game.to_json() == before


def test_a_name_given_as_one_string_is_refused_not_split_into_letters():
    with pytest.raises(GameError, match=r"list of names.*not 'Ana'"):
        Game("Ana")


@pytest.mark.parametrize("count", [10**9, 8, 1, 0, -3])
def test_a_player_count_outside_two_to_seven_is_refused_before_any_work(count):
    with pytest.raises(GameError, match="2 to 7 players"):
        Game(count)


def test_a_huge_player_count_is_quoted_by_its_size_not_its_digits():
    with pytest.raises(GameError, match=re.escape("<~10**5000>")) as caught:
        Game(10**5000)
    assert len(str(caught.value)) < 200


@pytest.mark.parametrize(
    ("names", "message"),
    [
        ([1, 2], "not 1"),
        (["Ana", ""], "1 to 40 characters"),
        (["Ana", "x" * 200], "1 to 40 characters"),
        (["Ana", "Ana"], "different name"),
    ],
)
def test_names_that_are_not_short_distinct_text_are_refused(names, message):
    with pytest.raises(GameError, match=message):
        Game(names)


def _save(**changes: object) -> str:
    data = json.loads(Game(["Ana", "Ben"], seed=1).to_json())
    data.update(changes)
    return json.dumps(data)


def test_a_tiny_save_claiming_a_billion_names_is_refused_without_allocating():
    text = '{"format":"fivecrowns-game","version":1,"names":1000000000,"rules":{},"seed":1,'
    text += '"actions":[],'
    text += '"rounds_started":1}'
    assert len(text) < 120
    with pytest.raises(GameError, match="2 to 7 players"):
        Game.from_json(text)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"names": None}, "a number .* or a list of names"),
        ({"names": ["Ana"]}, "2 to 7 players"),
        ({"seed": "x"}, "A seed is a whole number"),
        ({"seed": 2**80}, "A seed is a whole number"),
        ({"rules": {"lay_off": "no"}}, "lay_off is True or False"),
        ({"rules": {"rounds": 2.5}}, "whole number"),
        ({"rounds_started": 10**9}, "rounds_started"),
        ({"actions": [{"type": "place", "hand": "x", "discard": "3H"}]}, "not a hand number"),
        ({"actions": [{"type": "draw"}]}, "not a complete action"),
        ({"deals": "x"}, "deals are not readable"),
    ],
)
def test_a_damaged_save_is_refused_with_a_game_error(changes, message):
    with pytest.raises(
        GameError if "action" not in str(changes) else FiveCrownsError, match=message
    ):
        Game.from_json(_save(**changes))


def test_a_deeply_nested_save_is_refused_without_recursion_error():
    text = _save()[:-1] + ', "x": ' + "[" * 100_000 + "]" * 100_000 + "}"
    with pytest.raises(GameError, match="nests deeper"):
        Game.from_json(text)


def test_a_save_larger_than_the_largest_save_is_refused_before_parsing():
    from fivecrowns_lab.validators import MAX_SAVE_CHARS

    with pytest.raises(GameError, match="too large"):
        Game.from_json(_save(padding="x" * MAX_SAVE_CHARS))


def test_a_save_holding_a_huge_number_does_not_show_python_internals():
    text = _save()[:-1] + ', "x": ' + "9" * 5000 + "}"
    with pytest.raises(GameError) as caught:
        Game.from_json(text)
    assert "4300" not in str(caught.value) and "digits" not in str(caught.value)
    assert "too large to read" in str(caught.value)


@pytest.mark.parametrize("text", [None, 5, ["x"], b"\xff\xfe"])
def test_a_save_that_is_not_text_is_refused(text):
    with pytest.raises(GameError, match=r"not|UTF-8"):
        Game.from_json(text)


def test_a_save_with_an_unknown_key_is_refused_naming_it_and_the_game_is_unchanged():
    import json

    game = Game(["Ana", "Ben"], seed=4)
    data = json.loads(game.to_json())
    data["cheat"] = True
    with pytest.raises(GameError, match="holds a key no save has: 'cheat'"):
        Game.from_json(json.dumps(data))
    assert Game.from_json(game.to_json()).to_json() == game.to_json()


def test_player_names_are_cleaned_of_invisible_and_bidirectional_characters():
    game = Game(["Zoe\u0301\u200b", "Ben\u202e", "Cy\u0000"], seed=1)
    assert game.names == ("Zoé", "Ben", "Cy")
    with pytest.raises(GameError, match="different name"):
        Game(["Ann", "Ann\u200b"])  # the same name to anyone looking at the table
    with pytest.raises(GameError, match="1 to"):
        Game(["\u200b\u202e", "Ben"])  # nothing visible is left


@settings(max_examples=60, deadline=None)
@given(
    round_no=st.integers(1, 11),
    players=st.integers(2, 7),
    data=st.data(),
    seed=st.integers(0, 2**32),
)
def test_a_shuffled_deal_passes_every_check_a_deal_is_made_with(round_no, players, data, seed):
    # shuffle_deal skips Deal's checks for speed: they must hold for every deal it makes.
    dealer = data.draw(st.integers(0, players - 1))
    seats = data.draw(st.sets(st.integers(0, players - 1), min_size=1).map(sorted))
    deal = shuffle_deal(round_no, players, dealer, random.Random(seed), seats)
    checked = Deal(deal.round_no, deal.hands, deal.discard, deal.stock, deal.dealer)
    assert checked == deal
    assert all(type(hand) is Hand for hand in (*deal.hands, deal.discard, deal.stock))
    assert [bool(hand) for hand in deal.hands] == [p in seats for p in range(players)]


def _unseen_by_definition(observation):
    """The deck less what this player saw: own hand, discard pile, table, and each card an
    opponent took face up until it is shown again; in the deck's order."""
    left = Counter(DECK)
    left.subtract(observation.hand)
    left.subtract(observation.discard_pile)
    for melds in observation.table:
        for meld in melds:
            left.subtract(meld.cards)
    held: Counter[Card] = Counter()
    for record in observation.history:
        if record.player == observation.player:
            continue
        if record.drawn is not None:
            held[record.drawn] += 1
        shown = [c for meld in record.laid for c in meld] + list(record.laid_off)
        thrown = getattr(record.action, "discard", getattr(record.action, "card", None))
        if isinstance(thrown, Card):
            shown.append(thrown)
        for card in shown:
            if held[card] > 0:
                held[card] -= 1
    left.subtract(held)
    return +left


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([{}, {"lay_off": True}]))
def test_unseen_cards_are_the_deck_less_every_card_the_player_saw(seed, flags):
    game = Game(3, GameRules(rounds=4, **flags), seed=seed)
    bots = [make_bot(kind, seed + i) for i, kind in enumerate(["random", "greedy", "random"])]
    for _move in play_moves(game, bots):
        for player in range(3):
            observation = game.observation(player)
            found = observation.unseen()
            expected = _unseen_by_definition(observation)
            assert found == expected and list(found.items()) == list(expected.items())
            copies = observation.unseen_copies()  # the same, as a list by Card.index
            assert copies == [expected[card] for card in CARDS_BY_INDEX]
            # Never a card of the player's own hand beyond the copies left elsewhere.
            assert all(found[c] + Counter(observation.hand)[c] <= 2 for c in found if c.suit)
