"""The one home of the input checks: whole numbers, the seed policy, bounded JSON reading."""

from __future__ import annotations

import random

import pytest

from fivecrowns_lab import Game, Solitaire
from fivecrowns_lab.errors import (
    BotError,
    FiveCrownsError,
    GameError,
    ProbabilityError,
    SimulationError,
    SolitaireError,
    quote,
)
from fivecrowns_lab.odds.probability import deal, sample_wild_counts
from fivecrowns_lab.odds.simulate import simulate
from fivecrowns_lab.table.players import BOTS, check_bot_seed, make_bot
from fivecrowns_lab.validators import (
    MAX_SAVE_DEPTH,
    check_seed,
    json_depth,
    read_json,
    whole_number,
)

# -- whole numbers ----------------------------------------------------------------------------


COUNT = "The count is a whole number from {low} to {high}, not {value}."


@pytest.mark.parametrize("value", [True, False, 1.0, "3", None, [3], float("nan")], ids=quote)
def test_a_whole_number_is_a_real_int_never_a_bool_a_float_or_text(value):
    with pytest.raises(FiveCrownsError, match=r"^The count is a whole number, not "):
        whole_number(value, "The count is a whole number, not {value}.")


@pytest.mark.parametrize(
    ("value", "low", "high"), [(9, 1, 5), (0, 1, 5), (0, 1, None), (9, None, 5)]
)
def test_a_whole_number_outside_its_bounds_is_refused_in_the_callers_sentence(value, low, high):
    with pytest.raises(GameError) as caught:
        whole_number(value, COUNT, low, high, GameError)
    assert str(caught.value) == COUNT.format(value=value, low=low, high=high)


@pytest.mark.parametrize(("value", "low", "high"), [(1, 1, 5), (5, 1, 5), (10**9, 1, None)])
def test_a_whole_number_on_its_bounds_is_returned(value, low, high):
    assert whole_number(value, COUNT, low, high) == value


def test_a_whole_number_sentence_never_formats_the_input_as_a_template():
    with pytest.raises(FiveCrownsError) as caught:
        whole_number("{low}{0}", COUNT, 1, 2)
    assert "'{low}{0}'" in str(caught.value)


def test_a_whole_number_sentence_fills_the_callers_own_values():
    with pytest.raises(FiveCrownsError, match=r"^Round 12 of 11 \(at most 1,000\)[.]$"):
        whole_number(12, "Round {value} of {high} (at most {most}).", 1, 11, most="1,000")


# -- seeds ------------------------------------------------------------------------------------

LONE_SURROGATES = ["\ud800", "abc\udfff", "\udc80x"]


@pytest.mark.parametrize("seed", LONE_SURROGATES, ids=ascii)
def test_a_text_seed_with_a_lone_surrogate_is_refused_in_words_never_a_unicode_error(seed):
    with pytest.raises(BotError, match=r"^A bot's seed text is letters, digits and symbols"):
        check_bot_seed(seed)
    for name in BOTS:
        with pytest.raises(BotError, match="lone surrogate"):
            make_bot(name, seed)


@pytest.mark.parametrize("seed", LONE_SURROGATES, ids=ascii)
def test_callers_that_take_no_text_seed_refuse_a_surrogate_as_a_seed_that_is_not_a_number(seed):
    for call, error in (
        (lambda: Game(2, seed=seed), GameError),
        (lambda: Solitaire(seed), SolitaireError),
        (lambda: deal(3, seed), ProbabilityError),
        (lambda: simulate(["greedy", "random"], 1, seed=seed, progress=False), SimulationError),
    ):
        with pytest.raises(error, match="seed is a whole number below 2"):
            call()


def test_the_seed_policy_lists_exactly_what_each_caller_accepts():
    def sentence(**allowed: bool) -> str:
        with pytest.raises(FiveCrownsError) as caught:
            check_seed(1.5, **allowed)
        return str(caught.value)

    assert sentence() == "A seed is a whole number below 2**64, not 1.5."
    assert sentence(none=True) == (
        "A seed is a whole number below 2**64 or None (for a random one), not 1.5."
    )
    assert sentence(text=True, none=True) == (
        "A seed is a whole number below 2**64, a text, or None (for a random one), not 1.5."
    )
    assert "a random.Random to keep dealing from" in sentence(generator=True, none=True)


@pytest.mark.parametrize("seed", [2**64, -(2**64), 10**5000, True], ids=quote)
def test_every_seed_is_within_64_bits_whichever_caller_takes_it(seed):
    for allowed in ({}, {"none": True}, {"text": True}, {"generator": True}):
        with pytest.raises(FiveCrownsError, match="below 2\\*\\*64"):
            check_seed(seed, **allowed)


def test_a_generator_given_as_seed_is_dealt_from_where_it_stopped():
    rng = random.Random(4)
    first = sample_wild_counts(2, 3, rng)
    again = random.Random(4)
    assert first + sample_wild_counts(2, 3, rng) == sample_wild_counts(2, 6, again)


# -- JSON -------------------------------------------------------------------------------------


def test_json_depth_skips_brackets_inside_strings():
    assert json_depth('{"a": "[[[[", "b": [1]}') == 2


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("[" * (MAX_SAVE_DEPTH + 1) + "]" * (MAX_SAVE_DEPTH + 1), "nests deeper"),
        ("x" * 101, "too large: 101 characters"),
        (b"\xff", "not UTF-8"),
        ("{", "This is not a saved scoresheet: Expecting"),
        ("1" * 5000, "a value too large to read"),
        (7, "is JSON text, not 7"),
    ],
    ids=["deep", "long", "bytes", "broken", "huge number", "not text"],
)
def test_read_json_refuses_a_save_too_large_too_deep_or_not_json_naming_it(text, words):
    with pytest.raises(ScoreLikeError, match=words):
        read_json(text, "scoresheet", 100 if isinstance(text, str) and len(text) < 200 else 10**6,
                  MAX_SAVE_DEPTH, ScoreLikeError)  # fmt: skip


class ScoreLikeError(FiveCrownsError):
    """A caller's own error class: read_json raises it, not its own."""


def test_every_save_reader_in_the_package_reads_through_read_json():
    from pathlib import Path

    import fivecrowns_lab

    root = Path(fivecrowns_lab.__file__).parent
    readers = [
        str(p.relative_to(root))
        for p in root.rglob("*.py")
        if "json.loads(" in p.read_text(encoding="utf-8")
    ]
    # cli reads the teacher's settings file, the catalogue and the exact table read the
    # package's own data, the class server its own secrets file (mode 600, written by it).
    # Every learner's save (game, solitaire, scoresheet) goes through validators.read_json.
    assert sorted(readers) == sorted(
        [
            "validators/saved_json.py",
            "cli.py",
            "content/catalogue.py",
            "odds/probability.py",
            "odds/recount.py",
            "classroom/keyfile.py",
        ]
    )
