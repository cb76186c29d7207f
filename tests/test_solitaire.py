"""Five Crowns Solitaire: the deal, the first-turn upcard, placing, closing, winning and losing."""

from __future__ import annotations

from collections import Counter
from itertools import chain

import pytest

from fivecrowns_lab.core.cards import DECK, parse_card, parse_cards
from fivecrowns_lab.table.actions import Discard, Draw, Place
from fivecrowns_lab.table.solitaire import Solitaire, SolitaireBot, SolitaireError

C = parse_card


def state(game: Solitaire) -> tuple:
    return (game.hands, game.closed, game.stock_size, game.discard_pile, game.drawn, game.phase)


def every_card(game: Solitaire) -> Counter:
    """Every card of the game: the board's hands, the pile, the stock and the card drawn."""
    drawn = () if game.drawn is None else (game.drawn,)
    return Counter(chain(*game.hands, game.discard_pile, game._stock, drawn))


def test_deal_is_eleven_face_up_hands_of_three_to_thirteen_cards_and_one_upcard():
    game = Solitaire(seed=1)
    assert [len(h) for h in game.hands] == list(range(3, 14))
    assert len(game.discard_pile) == 1
    assert game.stock_size == 116 - sum(range(3, 14)) - 1
    assert every_card(game) == Counter(DECK)


def test_the_face_up_card_may_be_taken_on_the_first_turn_only():
    game = Solitaire(seed=2)
    top = game.discard_pile[-1]
    assert game.can(Draw("discard"))
    game.apply(Draw("discard"))
    assert game.drawn == top
    game.apply(Place(game.open_hands[0], top))
    with pytest.raises(SolitaireError, match="Only the first turn may take the face-up card"):
        game.apply(Draw("discard"))
    assert game.legal_actions() == (Draw("stock"),)


def test_must_draw_before_placing_and_a_refused_move_changes_nothing():
    game = Solitaire(seed=3)
    before = state(game)
    with pytest.raises(SolitaireError, match=r"^You must draw before you place a card\.$"):
        game.apply(Place(1, game.hands[0][0]))
    assert state(game) == before


def test_the_drawn_card_goes_into_a_hand_that_keeps_its_size():
    game = Solitaire(seed=4)
    game.apply(Draw("stock"))
    drawn = game.drawn
    k = game.open_hands[-1]
    leaving = game.hands[k - 1][0]
    game.apply(Place(k, leaving))
    assert len(game.hands[k - 1]) == k + 2
    assert drawn in game.hands[k - 1] or drawn == leaving
    assert game.discard_pile[-1] == leaving
    assert every_card(game) == Counter(DECK)


def test_the_discard_must_come_from_the_same_hand_or_be_the_drawn_card():
    game = Solitaire(seed=5)
    game.apply(Draw("stock"))
    before = state(game)
    k = game.open_hands[0]
    stranger = next(c for c in DECK if c not in game.hands[k - 1] and c != game.drawn)
    with pytest.raises(SolitaireError, match=f"cannot discard {stranger} from hand {k}"):
        game.apply(Place(k, stranger))
    with pytest.raises(SolitaireError, match="no hand 12"):
        game.apply(Place(12, game.drawn))
    assert state(game) == before
    game.apply(Place(k, game.drawn))  # the drawn card itself may go straight to the pile


def test_a_closed_hand_takes_no_more_cards():
    game = Solitaire(seed=6)
    game._closed[0] = True
    game.apply(Draw("stock"))
    with pytest.raises(SolitaireError, match="Hand 1 is closed"):
        game.apply(Place(1, game.drawn))
    assert all(a.hand != 1 for a in game.legal_actions())


def test_a_hand_whose_cards_all_meld_is_closed():
    game = Solitaire(seed=7)
    game._hands[0] = list(parse_cards("5H 6H 9C"))
    game._stock.append(C("7H"))
    game.apply(Draw("stock"))
    game.apply(Place(1, C("9C")))
    assert game.closed[0]


def test_a_hand_dealt_complete_is_closed_at_once():
    seed = next(s for s in range(2000) if Solitaire(seed=s).closed[0])
    game = Solitaire(seed=seed)
    assert 1 not in game.open_hands


def test_closing_the_last_hand_wins():
    game = Solitaire(seed=8)
    game._closed = [True] * 10 + [False]
    game._hands[10] = list(parse_cards("3H 4H 5H 6H 7H 8H 9H 10H JH QH 3S 3C 9D"))
    game._stock.append(C("3D"))
    game.apply(Draw("stock"))
    game.apply(Place(11, C("9D")))
    assert game.phase == "won" and game.result().won and game.is_over


def test_running_out_of_draw_pile_loses():
    game = Solitaire(seed=9)
    game._first_turn = False
    game._stock = game._stock[-1:]
    game.apply(Draw("stock"))
    game.apply(Place(game.open_hands[0], game.drawn))
    assert game.phase == "lost" and not game.result().won
    with pytest.raises(SolitaireError, match="game is over"):
        game.apply(Draw("stock"))


def test_a_table_move_is_not_a_solitaire_move():
    with pytest.raises(SolitaireError, match="not a solitaire move"):
        Solitaire(seed=1).check(Discard(C("9C")))


def test_json_round_trip_continues_identically():
    game = Solitaire(seed=10)
    bot = SolitaireBot()
    for _ in range(21):
        game.apply(bot.choose(game))
    resumed = Solitaire.from_json(game.to_json())
    assert state(resumed) == state(game)
    assert game.play() == resumed.play()
    assert resumed.history == game.history


def test_a_bad_save_is_refused():
    with pytest.raises(SolitaireError, match="not a saved"):
        Solitaire.from_json('{"format": "something else"}')


def test_the_bot_plays_legal_moves_to_the_end_and_explains_them():
    game = Solitaire(seed=11)
    bot = SolitaireBot()
    while not game.is_over:
        action = bot.choose(game)
        assert action in game.legal_actions()
        assert bot.last_reason.endswith(".")
        game.apply(action)
    result = game.result()
    assert result.won == (result.closed == 11)
    assert result.won or result.stock_left == 0


def test_solitaire_rule_only_the_first_turn_takes_the_upcard_in_the_bots_reasons():
    # Later draws come from the draw pile by rule: the bot says so, and never that the
    # face-up card "helps no hand" when it was not allowed to take it at all.
    for seed in range(4):
        game, bot = Solitaire(seed=seed), SolitaireBot()
        draws = []
        while not game.is_over:
            if game.phase == "draw":
                top = game.discard_pile[-1] if game.discard_pile else None
                allowed = game.can(Draw("discard"))
                action = bot.choose(game)
                draws.append((allowed, top, action, bot.last_reason))
            else:
                action = bot.choose(game)
            game.apply(action)
        (allowed, top, action, reason), *later = draws
        assert allowed and top is not None
        expected = (
            f"Take the face-up {top}: it improves a hand."
            if action == Draw("discard")
            else f"Draw from the draw pile: the face-up {top} would improve no hand."
        )
        assert reason == expected
        assert len(later) > 10
        for allowed, _top, action, reason in later:
            assert not allowed and action == Draw("stock")
            assert reason == (
                "Draw from the draw pile: only the first turn may take the face-up card."
            )


def test_the_same_seed_deals_and_plays_the_same_game():
    assert Solitaire(seed=12).play() == Solitaire(seed=12).play()


# -- bad input (issue 9) -------------------------------------------------------------------------


def test_a_save_without_a_seed_is_refused_naming_what_is_missing():
    with pytest.raises(SolitaireError, match="it has no seed"):
        Solitaire.from_json(_SOLITAIRE_V1 + '"actions": []}')


_SOLITAIRE_V1 = '{"format": "fivecrowns-solitaire", "version": 1, '


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (_SOLITAIRE_V1 + '"seed": "x", "actions": []}', "A seed is"),
        (_SOLITAIRE_V1 + '"seed": 1, "actions": 5}', "actions are no list"),
        (_SOLITAIRE_V1 + '"seed": 1, "actions": [{"type": 1}]}', "damaged"),
        ("[" * 50_000 + "]" * 50_000, "nests deeper"),
        ("not json", "not a saved solitaire game"),
        (None, "JSON text, not None"),
    ],
)
def test_a_damaged_save_is_refused_with_a_solitaire_error(text, message):
    with pytest.raises(SolitaireError, match=message):
        Solitaire.from_json(text)


@pytest.mark.parametrize("seed", ["1", 1.5, True, 2**64, [1]])
def test_a_seed_that_is_not_a_whole_number_within_64_bits_is_refused(seed):
    with pytest.raises(SolitaireError, match="A seed is a whole number"):
        Solitaire(seed=seed)


def test_placing_something_that_is_not_a_card_is_refused_and_changes_nothing():
    game = Solitaire(seed=3)
    game.apply(Draw("stock"))
    before = game.to_json()
    with pytest.raises(SolitaireError, match="not a card"):
        game.apply(Place(1, "3H"))  # type: ignore[arg-type]
    with pytest.raises(SolitaireError, match="no hand 'x'"):
        game.apply(Place("x", game.drawn))  # type: ignore[arg-type]
    assert game.to_json() == before


def test_a_solitaire_save_with_an_unknown_key_is_refused_naming_it():
    import json

    from fivecrowns_lab.table.solitaire import SolitaireError

    data = json.loads(Solitaire(3).to_json())
    data["peek"] = [1, 2]
    with pytest.raises(SolitaireError, match="holds a key no save has: 'peek'"):
        Solitaire.from_json(json.dumps(data))


def _best_place_by_every_discard(game, card):
    """The bot's best place from its definition: every open hand, every discard's exact
    points (the solver's full list), the biggest saving (closing a hand counts 1000 + its
    number); ties: the card itself goes, then the lower hand, then the first in the hand."""
    from fivecrowns_lab.core.solver import penalties_without_each, penalty

    best = None
    for k in game.open_hands:
        hand = list(game.hands[k - 1])
        before = penalty(hand, k)
        after_each = penalties_without_each([*hand, card], k)
        for discard in dict.fromkeys([*hand, card]):
            after = after_each[discard]
            saving = before - after + (1000 + k if after == 0 else 0)
            key = (saving, discard == card, -k)
            if best is None or key > best[0]:
                best = (key, Place(k, discard), saving)
    return best[1], best[2]


@pytest.mark.parametrize("seed", range(6))
def test_solitaire_bot_places_a_card_where_it_saves_most_as_every_discard_would_say(seed):
    # The bot asks the solver for each hand's cheapest discards only; held to the full list
    # at every decision of seeded games, for the drawn card and for the face-up card.
    game, bot = Solitaire(seed=seed), SolitaireBot()
    asked = 0
    while not game.is_over:
        card = (
            game.drawn
            if game.phase == "place"
            else (game.discard_pile[-1] if game.discard_pile else None)
        )
        if card is not None:
            assert bot.best_place(game, card) == _best_place_by_every_discard(game, card)
            asked += 1
        game.apply(bot.choose(game))
    assert asked > 30
