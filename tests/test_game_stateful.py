"""Random legal and illegal actions through whole games, every variant, checked at each step."""

from __future__ import annotations

from collections import Counter

import hypothesis.strategies as st
from hypothesis import HealthCheck, event, settings
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from fivecrowns_lab.core.cards import DECK
from fivecrowns_lab.core.rules import GOING_OUT_BONUS, GameRules
from fivecrowns_lab.core.rules import VARIANTS as RULE_VARIANTS
from fivecrowns_lab.table.actions import Discard, Draw, GoOut
from fivecrowns_lab.table.game import Game, GameError

# Every on/off variant of the one VARIANTS table, each alone, plus the standard game and a playoff.
VARIANTS = {
    "standard": GameRules(rounds=2),
    **{
        v.field: GameRules(rounds=2, **{v.field: True})
        for v in RULE_VARIANTS
        if isinstance(v.default, bool)
    },
    "playoff": GameRules(rounds=1, ties="playoff", playoff_hand_size=3),
}

cards = st.sampled_from(sorted(set(DECK), key=lambda c: c.sort_key))
any_action = st.one_of(
    st.sampled_from([Draw("stock"), Draw("discard")]),
    cards.map(Discard),
    st.one_of(st.none(), cards).map(GoOut),
)


def snapshot(game: Game) -> tuple:
    return (
        game.hands,
        game.stock,
        game.discard_pile,
        game.table,
        game.phase,
        game.current_player,
        game.round_no,
        game.round_results,
        game.history,
        game.went_out,
        game.playoff,
    )


class GameMachine(RuleBasedStateMachine):
    rules_ = GameRules()

    def __init__(self) -> None:
        super().__init__()
        self.game: Game | None = None

    @initialize(players=st.integers(2, 5), seed=st.integers(0, 2**32))
    def start(self, players: int, seed: int) -> None:
        self.game = Game(players, self.rules_, seed)

    @rule(data=st.data(), moves=st.integers(1, 6))
    def play_legal(self, data: st.DataObject, moves: int) -> None:
        for _ in range(moves):
            self.play_one(data)

    def play_one(self, data: st.DataObject) -> None:
        game = self.game
        assert game is not None
        if game.is_over:
            return
        if game.phase == "round_over":
            event("a round was scored")
            game.next_round()
            if game.is_playoff:
                event("a playoff was dealt")
            if game.is_over:
                event("a game ended")
            return
        legal = game.legal_actions()
        assert legal, "a player to move always has a legal action"
        going = [a for a in legal if isinstance(a, GoOut)]
        if going and data.draw(st.booleans()):
            action = data.draw(st.sampled_from(going))
        else:
            action = data.draw(st.sampled_from(legal))
        player = game.current_player
        record = game.apply(action)
        assert record.player == player and record.action == action

    @rule(action=any_action, as_other=st.booleans())
    def try_any(self, action, as_other: bool) -> None:
        game = self.game
        assert game is not None
        player = game.current_player
        if as_other and player is not None:
            player = (player + 1) % len(game.names)
        if game.can(action, player):
            assert action in game.legal_actions()
            return
        before = snapshot(game)
        try:
            game.apply(action, player)
        except GameError as error:
            message = str(error)
            assert message.endswith(".") and message[0].isupper()
        else:
            raise AssertionError(f"{action} was accepted although can() said no")
        assert snapshot(game) == before

    @invariant()
    def every_card_is_somewhere(self) -> None:
        if self.game is None:
            return
        seen: Counter = Counter()
        for hand in self.game.hands:
            seen.update(hand)
        seen.update(self.game.stock)
        seen.update(self.game.discard_pile)
        for melds in self.game.table:
            for meld in melds:
                seen.update(meld.cards)
        assert seen == Counter(DECK)

    @invariant()
    def legal_actions_are_accepted(self) -> None:
        if self.game is None:
            return
        for action in self.game.legal_actions():
            assert self.game.can(action)

    @invariant()
    def json_round_trip_is_exact(self) -> None:
        if self.game is None:
            return
        again = Game.from_json(self.game.to_json())
        assert snapshot(again) == snapshot(self.game)

    @invariant()
    def scores_follow_the_rules(self) -> None:
        if self.game is None:
            return
        bonus = self.game.rules.going_out_bonus
        for result in self.game.round_results:
            assert result.went_out is not None
            assert result.points[result.went_out] == (GOING_OUT_BONUS if bonus else 0)
            for player, points in enumerate(result.points):
                if player != result.went_out:
                    assert points >= 0
                    assert points == result.arrangements[player].penalty


def _machine(name: str, rules: GameRules) -> type:
    machine = type(f"Game_{name}", (GameMachine,), {"rules_": rules})
    machine.TestCase.settings = settings(
        max_examples=30,
        stateful_step_count=100,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
    )
    return machine


for _name, _rules in VARIANTS.items():
    globals()[f"TestGame_{_name}"] = _machine(_name, _rules).TestCase
