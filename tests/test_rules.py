"""The round schedule, wilds and points (RULES.md: The round schedule, Scoring a round)."""

import re

import pytest

from fivecrowns_lab import (
    DECK,
    JOKER,
    Card,
    GameRules,
    RoundError,
    RulesError,
    Suit,
    card_points,
    hand_size,
    is_wild,
    parse_cards,
    wild_rank,
)
from fivecrowns_lab.core.rules import ROUNDS, wild_rank_text

SCHEDULE = [
    (1, 3, "3"), (2, 4, "4"), (3, 5, "5"), (4, 6, "6"), (5, 7, "7"), (6, 8, "8"),
    (7, 9, "9"), (8, 10, "10"), (9, 11, "J"), (10, 12, "Q"), (11, 13, "K"),
]  # fmt: skip


@pytest.mark.parametrize(("round_no", "dealt", "wild"), SCHEDULE)
def test_round_r_deals_r_plus_2_cards_and_rank_r_plus_2_is_wild(round_no, dealt, wild):
    assert hand_size(round_no) == dealt
    assert wild_rank(round_no) == round_no + 2
    assert wild_rank_text(round_no) == wild


def test_a_full_game_is_eleven_rounds():
    assert ROUNDS == tuple(range(1, 12))
    assert GameRules().rounds == 11
    assert GameRules().round_numbers == ROUNDS


def test_short_game_variant_plays_the_first_n_rounds():
    assert GameRules(rounds=5).round_numbers == (1, 2, 3, 4, 5)
    assert GameRules(rounds=7).round_numbers[-1] == 7


@pytest.mark.parametrize("bad", [0, 12, -1, 1.5, "3", None, True])
def test_rounds_outside_1_to_11_are_a_clear_error(bad):
    with pytest.raises(RoundError, match="rounds 1 to 11"):
        hand_size(bad)
    with pytest.raises(RoundError):
        is_wild(JOKER, bad)


@pytest.mark.parametrize("round_no", ROUNDS)
def test_jokers_are_wild_in_every_round(round_no):
    assert is_wild(JOKER, round_no)


@pytest.mark.parametrize("round_no", ROUNDS)
def test_every_card_of_the_wild_rank_is_wild_and_no_other(round_no):
    wild = {c for c in DECK if is_wild(c, round_no)}
    assert {c.rank for c in wild if not c.is_joker} == {round_no + 2}
    assert len([c for c in DECK if is_wild(c, round_no)]) == 10 + 6


@pytest.mark.parametrize(
    ("rank", "points"), [(3, 3), (7, 7), (10, 10), (11, 11), (12, 12), (13, 13)]
)
def test_points_face_value_3_to_10_jack_11_queen_12_king_13(rank, points):
    assert card_points(Card(rank, Suit.SPADES), 1 if rank != 3 else 2) == points


@pytest.mark.parametrize("round_no", ROUNDS)
def test_points_any_card_of_the_wild_rank_is_20(round_no):
    for suit in Suit:
        assert card_points(Card(round_no + 2, suit), round_no) == 20


def test_points_king_is_20_in_round_11_not_13():
    king = parse_cards("KH")[0]
    assert card_points(king, 11) == 20
    assert card_points(king, 10) == 13


@pytest.mark.parametrize("round_no", ROUNDS)
def test_points_joker_is_50(round_no):
    assert card_points(JOKER, round_no) == 50


def test_game_rules_defaults_are_the_standard_game():
    rules = GameRules()
    assert (rules.ties, rules.playoff_hand_size) == ("shared", 6)
    assert not (rules.lay_off or rules.going_out_bonus or rules.no_final_discard)


def test_game_rules_round_trip_through_a_dict():
    rules = GameRules(rounds=7, ties="playoff", lay_off=True, going_out_bonus=True)
    assert GameRules.from_dict(rules.to_dict()) == rules


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"rounds": 12}, "1 to 11 rounds"),
        ({"rounds": 0}, "1 to 11 rounds"),
        ({"ties": "coin"}, "'shared' or 'playoff'"),
        ({"playoff_hand_size": 2}, "3 to 13 cards"),
    ],
)
def test_bad_game_rules_say_what_is_wrong(kwargs, message):
    with pytest.raises(RulesError, match=message):
        GameRules(**kwargs)


# -- one home for every rule, and settings that are really what they say (issue 9) ----------------


def test_the_variants_table_lists_every_setting_of_game_rules_with_its_default():
    from dataclasses import fields

    from fivecrowns_lab.core.rules import VARIANTS

    assert [v.field for v in VARIANTS] == [f.name for f in fields(GameRules)]
    defaults = GameRules()
    for variant in VARIANTS:
        assert getattr(defaults, variant.field) == variant.default
        assert variant.description.endswith(".") and variant.name


def test_each_rule_bound_is_defined_once_in_the_package():
    import pathlib
    import re

    import fivecrowns_lab

    root = pathlib.Path(fivecrowns_lab.__file__).parent
    sources = {p: p.read_text(encoding="utf-8") for p in root.rglob("*.py")}
    bounds = ["MIN_RANK", "MAX_RANK", "MIN_PLAYERS", "MAX_PLAYERS", "MAX_RUN", "MIN_MELD"]
    for name in [*bounds, "GOING_OUT_BONUS", "VARIANTS", "ROUNDS", "WILD_POINTS", "JOKER_POINTS"]:
        pattern = re.compile(rf"^{name}\b[^=\n]*=(?!=)", re.MULTILINE)
        homes = [
            p.relative_to(root).as_posix() for p, text in sources.items() if pattern.search(text)
        ]
        # The variants' table has a module of its own, which core/rules.py re-exports.
        home = "core/variants.py" if name == "VARIANTS" else "core/rules.py"
        assert homes == [home], (name, homes)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"playoff_hand_size": 6.5}, "whole number"),
        ({"playoff_hand_size": True}, "whole number"),
        ({"lay_off": "no"}, "lay_off is True or False, not 'no'"),
        ({"going_out_bonus": 1}, "going_out_bonus is True or False"),
        ({"no_final_discard": None}, "no_final_discard is True or False"),
        ({"rounds": "11"}, "whole number"),
        ({"ties": ["shared"]}, "'shared' or 'playoff'"),
    ],
)
def test_settings_of_the_wrong_type_are_refused_not_taken_for_true(kwargs, message):
    with pytest.raises(RulesError, match=message):
        GameRules(**kwargs)


@pytest.mark.parametrize("data", [None, [], "rounds=3", {"colour": "red"}])
def test_settings_from_a_dictionary_must_be_a_dictionary_of_known_settings(data):
    with pytest.raises(RulesError):
        GameRules.from_dict(data)


def test_points_and_wildness_of_something_that_is_not_a_card_are_refused():
    from fivecrowns_lab import CardError

    with pytest.raises(CardError, match="'9C' is not a card"):
        card_points("9C", 1)
    with pytest.raises(CardError, match="None is not a card"):
        is_wild(None, 1)


def test_going_out_bonus_variant_says_the_bonus_it_scores():
    # the variant's words are written out for the translation catalogue, not formatted
    from fivecrowns_lab.core.rules import GOING_OUT_BONUS, VARIANTS

    bonus = next(v for v in VARIANTS if v.field == "going_out_bonus")
    minus = str(GOING_OUT_BONUS).replace("-", "\u2212")  # printed with the minus sign
    assert f"({minus})" in bonus.label
    assert f"scores {minus} for the round" in bonus.description


def test_going_out_bonus_variant_scores_minus_ten_and_is_off_by_default():
    from fivecrowns_lab.core.rules import GOING_OUT_BONUS

    assert GOING_OUT_BONUS == -10
    assert GameRules().going_out_bonus is False


# -- no literal rank or round bound outside core/rules.py (issue 17) ------------------------------

# Code (strings, comments and docstrings stripped) that spells a bound of the rules as a
# number instead of importing MIN_RANK, MAX_RANK, ROUNDS, FIRST_ROUND, LAST_ROUND or MAX_RUN.
LITERAL_BOUNDS = [
    r"\brange\s*\(\s*3\s*,",  # range(3, 14): the ranks 3..K
    r"\brange\s*\(\s*1\s*,\s*1[12]\s*\)",  # range(1, 12): the rounds 1..11
    r"[<>]=?\s*1[1-4]\b(?!\s*\.)",  # r <= 13, round < 12, ...
    r"(?<![.\w])1[1-4]\s*[<>]=?",  # 13 >= r
    r"(?<![.\w])3\s*<=?",  # 3 <= r
    r"==\s*1[13]\b(?!\s*\.)",  # round_no == 11
    r"\(\s*3\s*,\s*13\s*\)",
    r"\[\s*1[13]\s*\]",  # TABLE[11]: the last round
    r"\b(?:min|max)\s*\(\s*1[13]\s*,",
    r"\brounds\s*=\s*11\b",
    r"\bCard\s*\(\s*1[1-3]\s*,",  # Card(13, ...): a king is Card(MAX_RANK, ...)
]
_BOUND = re.compile("|".join(LITERAL_BOUNDS))


def literal_bounds(source: str) -> list[tuple[int, str]]:
    """The (line, code) of every literal bound in ``source``, strings and comments skipped."""
    import io
    import tokenize

    code: dict[int, list[str]] = {}
    tokens = tokenize.generate_tokens(io.StringIO(source).readline)
    for token in tokens:
        if token.type in (tokenize.STRING, tokenize.COMMENT):
            continue
        code.setdefault(token.start[0], []).append(token.string)
    lines = {n: " ".join(parts) for n, parts in code.items()}
    return [(n, line) for n, line in sorted(lines.items()) if _BOUND.search(line)]


@pytest.mark.parametrize(
    "old_line",
    [
        "    for rank in range(3, 14):",
        "_RANKS = range(3, 14)",
        "                if 3 <= rank <= 13 and rank != wild:",
        "    return {Card(r, a.suit) for r in ranks if 3 <= r <= 13 and r != wild}",
        "    a, b = _HAZARD.get(round_no, _HAZARD[11])",
        "        game = Game(NAMES, GameRules(rounds=min(11, min_round + 2)), seed=game_seed)",
        "    for round_no in range(1, 12):",
        "    king = Card(13, Suit.SPADES)",
        "    if round_no == 11:",
    ],
)
def test_the_literal_bound_scan_finds_the_bounds_the_package_used_to_spell_out(old_line):
    assert literal_bounds(old_line + "\n"), old_line


@pytest.mark.parametrize(
    "fine_line",
    [
        "    for rank in range(MIN_RANK, MAX_RANK + 1):",
        '    text = "A king scores 13 in rounds 1 to 10 (3 <= r <= 13)."  # 3 <= r',
        "    size = min(25, n)",
        "    rows = table[:14]",
    ],
)
def test_the_literal_bound_scan_leaves_names_text_and_other_numbers_alone(fine_line):
    assert not literal_bounds(fine_line + "\n"), fine_line


def test_no_rank_or_round_bound_is_spelled_as_a_number_outside_core_rules():
    import pathlib

    import fivecrowns_lab

    root = pathlib.Path(fivecrowns_lab.__file__).parent
    found = [
        f"{path.relative_to(root).as_posix()}:{line}: {code}"
        for path in sorted(root.rglob("*.py"))
        if path.relative_to(root).as_posix() != "core/rules.py"
        for line, code in literal_bounds(path.read_text(encoding="utf-8"))
    ]
    assert not found, "use MIN_RANK, MAX_RANK, ROUNDS, FIRST_ROUND, LAST_ROUND, MAX_RUN:\n" + (
        "\n".join(found)
    )


# -- CONTRIBUTING's "how to add a variant" is what the code does (issue 17) -------------------


def test_every_game_rules_field_has_exactly_one_variants_line_with_a_label_if_on_off():
    from collections import Counter
    from dataclasses import fields

    from fivecrowns_lab.core.rules import VARIANTS

    lines = Counter(v.field for v in VARIANTS)
    assert {f.name: 1 for f in fields(GameRules)} == dict(lines)
    for variant in VARIANTS:
        if isinstance(variant.default, bool):  # views build a checkbox from the label
            assert variant.label, variant.field


def test_every_meld_variant_changes_the_one_meld_model_that_round_rules_carry():
    # The meld rule lives in one model (RoundRules.meld, a MeldRules): each meld variant's
    # VARIANTS line says what it changes there, and no engine module outside the rules
    # reads the switch itself (they all ask the model).
    import pathlib
    from dataclasses import fields

    import fivecrowns_lab
    from fivecrowns_lab.core.rules import MELD_VARIANTS, STANDARD_MELDS, VARIANTS, RoundRules

    root = pathlib.Path(fivecrowns_lab.__file__).parent
    round_fields = {f.name for f in fields(RoundRules)}
    assert MELD_VARIANTS == tuple(v.field for v in VARIANTS if v.meld)
    readers = ["melds", "search", "solving", "discards", "shortcuts", "arranging", "layoff"]
    readers += ["layoff_piles", "layoff_search"]
    for name in MELD_VARIANTS:
        rules = GameRules(**{name: True}).for_round(3)
        assert rules.meld != STANDARD_MELDS and rules.variant_fields() == (name,), name
        if name in round_fields:  # the two older ones are switches of RoundRules too
            assert getattr(rules, name) is True and RoundRules(3, **{name: True}) == rules
        for module in readers:
            text = (root / "core" / f"{module}.py").read_text(encoding="utf-8")
            assert f"rules.{name}" not in text, (module, name)
    for module in ["melds", "search", "solving", "layoff_piles", "layoff_search"]:
        assert "meld." in (root / "core" / f"{module}.py").read_text(encoding="utf-8"), module


def test_a_variant_outside_the_meld_rules_is_not_carried_by_round_rules():
    from dataclasses import fields

    from fivecrowns_lab.core.rules import VARIANTS, RoundRules

    round_fields = {f.name for f in fields(RoundRules)}
    assert not [v.field for v in VARIANTS if not v.meld and v.field in round_fields]


def test_the_views_build_their_variant_checkboxes_from_the_variants_table():
    import pathlib

    import fivecrowns_lab
    from fivecrowns_lab.core.rules import VARIANTS

    views = pathlib.Path(fivecrowns_lab.__file__).parent / "views"
    base = (views / "base.py").read_text(encoding="utf-8")
    assert "def variant_checkboxes" in base and "VARIANTS" in base
    labels = [v.label for v in VARIANTS if v.label]
    for path in views.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        # a checkbox written out by hand would repeat a variant's label in the view
        assert not [label for label in labels if label in text], path.name


def test_every_rule_home_contributing_names_is_defined_there():
    # CONTRIBUTING's table of where each rule lives names files and definitions: a rename or
    # a move (the search left core/solver.py) must not leave it pointing at nothing.
    import pathlib
    import re

    root = pathlib.Path(__file__).resolve().parents[1]
    text = (root / "CONTRIBUTING.md").read_text(encoding="utf-8")
    homes = re.findall(
        r"`((?:core|table|odds|views|classroom|content)/[\w/]+\.py): ([^`]+)`", text
    )
    assert len(homes) > 20, "the table of rule homes is gone or reshaped"
    missing = []
    for path, names in homes:
        source = (root / "fivecrowns_lab" / path).read_text(encoding="utf-8")
        for name in re.split(r",\s*", names):
            last = name.strip().split(" ")[0].split(".")[-1]
            defined = rf"(def|class)\s+{re.escape(last)}\b|^\s*{re.escape(last)}\s*[:=]"
            if not re.search(defined, source, re.MULTILINE):
                missing.append(f"{path}: {last}")
    assert not missing, missing
