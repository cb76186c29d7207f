"""Bad input to the bots and to sample_wild_counts is refused with a sentence (issue 9).

The fuzz suite (test_fuzz_entry_points.py) checks that only a FiveCrownsError escapes;
these tests pin down which error, what its sentence says, and that the refusal comes
before any work: the bot, or the generator passed in, is left exactly as it was.
"""

from __future__ import annotations

import random

import pytest

import fivecrowns_lab
from fivecrowns_lab import BOTS, ExpertBot, Game, GreedyBot, LookaheadBot, RandomBot, make_bot
from fivecrowns_lab.errors import BotError, ProbabilityError, quote
from fivecrowns_lab.odds.probability import (
    MAX_DEALS,
    deal,
    expected_penalty,
    go_out_on_deal,
    sample_wild_counts,
)
from fivecrowns_lab.odds.simulate import MAX_GAMES
from fivecrowns_lab.table.game import play_game
from fivecrowns_lab.table.players import Bot, check_bot_seed

BOT_CLASSES = [Bot, RandomBot, GreedyBot, LookaheadBot, ExpertBot]
BAD_SEEDS = [[], {}, [1], 1.5, float("nan"), True, False, 2**64, -(2**64), 10**5000, b"x"]
NOT_OBSERVATIONS = [None, 3, "draw stock", [], {"hand": "5H 6H"}, Game(2, seed=1)]


# -- make_bot ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name", [[], {}, ["greedy"], {"greedy": 1}, 3, None, True, 2.5])
def test_make_bot_refuses_a_name_that_is_not_a_string_with_a_sentence(name):
    with pytest.raises(BotError) as caught:
        make_bot(name)
    message = str(caught.value)
    assert message.startswith("A bot is chosen by its name") and message.endswith(".")
    assert all(repr(known) in message for known in BOTS), message
    assert message.endswith(f"not {quote(name)}.")


def test_make_bot_quotes_an_unknown_long_name_cut_short():
    with pytest.raises(BotError, match="no bot called 'XXXX") as caught:
        make_bot("X" * 500)
    assert len(str(caught.value)) < 200
    assert all(repr(known) in str(caught.value) for known in BOTS)


# -- seeds ------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", BAD_SEEDS, ids=quote)
@pytest.mark.parametrize("cls", BOT_CLASSES, ids=lambda c: c.__name__)
def test_every_bot_refuses_a_seed_that_is_not_none_a_whole_number_or_a_text(cls, seed):
    with pytest.raises(BotError, match=r"^A bot's seed is a whole number below 2\*\*64, a text"):
        cls(seed)


@pytest.mark.parametrize("seed", BAD_SEEDS, ids=quote)
def test_make_bot_and_with_seed_refuse_a_bad_seed_and_leave_the_bot_as_it_was(seed):
    bot = make_bot("lookahead", 4)
    state = bot.rng.getstate()
    with pytest.raises(BotError, match="A bot's seed"):
        make_bot("expert", seed)
    with pytest.raises(BotError, match="A bot's seed"):
        bot.with_seed(seed)
    assert (bot.seed, bot.name, bot.rng.getstate()) == (4, "lookahead", state)


def test_a_bot_seeded_with_true_is_refused_as_a_switch_passed_by_mistake():
    with pytest.raises(BotError, match="not True"):
        GreedyBot(True)
    assert GreedyBot(1).seed == 1  # the whole number it stands for is fine


@pytest.mark.parametrize("seed", [None, 0, -3, 2**64 - 1, "Ana's bot", "", "X" * 300])
def test_a_bot_accepts_none_a_whole_number_below_2_64_or_a_text_as_its_seed(seed):
    assert check_bot_seed(seed) == seed
    for name in BOTS:
        bot = make_bot(name, seed)
        assert bot.seed == seed and bot.with_seed(seed).seed == seed


@pytest.mark.parametrize("name", sorted(BOTS))
def test_a_bot_seeded_with_a_text_replays_the_same_game(name):
    def game(seed: str) -> str:
        bots = [make_bot(name, seed), make_bot("greedy", 1)]
        return play_game(Game(2, fivecrowns_lab.GameRules(rounds=1), seed=3), bots).to_json()

    assert game("Ana") == game("Ana")


@pytest.mark.parametrize("name", [[], 7, {"a": 1}, True])
@pytest.mark.parametrize("cls", BOT_CLASSES, ids=lambda c: c.__name__)
def test_a_bot_refuses_a_name_that_is_not_text(cls, name):
    with pytest.raises(BotError, match=r"^A bot's name is a text \(or None for '\w+'\), not "):
        cls(1, name)
    assert cls(1, None).name == cls(1, "").name == cls.kind


# -- choose and the public surface --------------------------------------------------------------


@pytest.mark.parametrize("junk", NOT_OBSERVATIONS, ids=lambda j: type(j).__name__)
@pytest.mark.parametrize("name", sorted(BOTS))
def test_every_bot_refuses_to_choose_from_what_is_not_an_observation_and_stays_as_it_was(
    name, junk
):
    bot = make_bot(name, 2)
    before = (bot.seed, bot.name, bot.rng.getstate(), bot.last_reason)
    with pytest.raises(BotError, match=rf"^{name} chooses a move from an observation"):
        bot.choose(junk)
    assert (bot.seed, bot.name, bot.rng.getstate(), bot.last_reason) == before
    game = Game(2, seed=1)  # and it still plays a real observation afterwards
    assert bot.choose(game.observation(game.current_player)) in game.legal_actions()


@pytest.mark.parametrize("cls", BOT_CLASSES, ids=lambda c: c.__name__)
def test_a_bots_public_methods_are_only_choose_and_with_seed(cls):
    public = {
        attribute
        for attribute in dir(cls)
        if not attribute.startswith("_") and callable(getattr(cls, attribute))
    }
    # The expert also says what it weighed (a Decision value, which hints format).
    expected = {"choose", "with_seed", "decide"} if cls is ExpertBot else {"choose", "with_seed"}
    assert public == expected


def test_the_expert_bot_is_exported_with_the_other_bots():
    assert {"Bot", "ExpertBot", "GreedyBot", "LookaheadBot", "RandomBot"} <= set(
        fivecrowns_lab.__all__
    )
    assert type(make_bot("expert")) is fivecrowns_lab.ExpertBot
    names = fivecrowns_lab.__all__  # constants, then classes, then functions, each sorted
    assert names == sorted(names, key=lambda n: (not n.isupper(), n[0].islower(), n))


# -- sample_wild_counts and the other samplers --------------------------------------------------


def test_the_bound_on_dealt_hands_is_the_bound_on_simulated_games():
    assert MAX_DEALS == MAX_GAMES


@pytest.mark.parametrize(
    "n", ["x", 2.0, None, [], True, -1, MAX_DEALS + 1, 10**9, 10**5000], ids=quote
)
def test_sample_wild_counts_refuses_a_number_of_hands_that_is_not_0_to_the_bound(n):
    rng = random.Random(5)
    state = rng.getstate()
    with pytest.raises(
        ProbabilityError, match=r"^The number of hands to deal is a whole number "
    ) as e:
        sample_wild_counts(1, n, rng)
    assert rng.getstate() == state  # refused before a single card was dealt
    assert str(e.value).endswith(f"from 0 to {MAX_DEALS:,}, not {quote(n)}.")


def test_sample_wild_counts_deals_no_hands_for_zero():
    assert sample_wild_counts(1, 0, seed=1) == []


@pytest.mark.parametrize("seed", [[], {}, "7", 1.5, True, 2**64, -(2**70)], ids=quote)
def test_the_samplers_refuse_a_seed_that_is_not_a_64_bit_whole_number_or_a_generator(seed):
    pattern = (
        r"^A seed is a whole number below 2\*\*64, a random.Random to keep dealing from, or None"
    )
    for call in (
        lambda: sample_wild_counts(3, 5, seed),
        lambda: deal(3, seed),
        lambda: go_out_on_deal(3, method="simulate", n=10, seed=seed),
        lambda: expected_penalty(3, method="simulate", n=10, seed=seed),
    ):
        with pytest.raises(ProbabilityError, match=pattern):
            call()


@pytest.mark.parametrize("n", [MAX_DEALS + 1, 10**9, 10**5000], ids=quote)
def test_a_simulation_refuses_more_deals_than_the_bound_with_a_short_sentence(n):
    with pytest.raises(ProbabilityError, match=r"at least 2 deals \(at most 1,000,000\)") as e:
        go_out_on_deal(3, method="simulate", n=n)
    assert len(str(e.value)) < 200
