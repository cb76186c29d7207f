"""Every public entry point, driven with arbitrary JSON-like values (issue 9).

For each function and class exported by ``fivecrowns_lab`` (its ``__all__``), and each
public method of a few real instances of the exported classes, hypothesis draws a value
for every parameter from JSON-like data (None, booleans, numbers including huge ones and
NaN, text, lists, dictionaries, and a vocabulary of card codes, pile names and saves) and
checks three properties:

* only a :class:`~fivecrowns_lab.errors.FiveCrownsError` escapes (never ``TypeError``,
  ``AttributeError``, ``IndexError``, ``KeyError``, ``RecursionError`` ...);
* no call hangs: each returns or refuses within a few seconds (a guard against runaway
  allocation or search, not a speed test: the bound is deliberately generous);
* a refused call leaves the instance exactly as it was (its save, or its value).

There are no exceptions: every exported callable and every public method of the value
types, games and bots is fuzzed, and so are the entry points outside ``__all__`` that the
refusal audit of issue 23 named (the scorekeeper's ``scorebook``, the interval helpers,
a bot's seed check, ``clean_name``) and the methods of an ``Estimate``, a ``ScoreSheet``
and a ``SaveFile``. Each input that audit found is also checked by name at the end.
"""

from __future__ import annotations

import atexit
import copy
import inspect
import shutil
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
import tqdm.auto  # noqa: F401
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import fivecrowns_lab
from fivecrowns_lab import (
    FiveCrownsError,
    Game,
    GameRules,
    Solitaire,
    best_arrangement,
    check_meld,
    outs,
    parse_cards,
)
from fivecrowns_lab.odds import stats
from fivecrowns_lab.table import players, scorebook
from fivecrowns_lab.validators import clean_name

#: A call that takes longer than this is a hang (real refusals take microseconds).
HANG_SECONDS = 5.0
EXAMPLES = 15

_SAVE = Game(["Ana", "Ben"], seed=1).to_json()
_VOCABULARY = [
    "3H", "9C", "JK", "Q*", "10♥", "5H 6H 7H", "8S 8D 8C", "3H 4X", "X" * 300,
    "stock", "discard", "draw", "go_out", "place", "shared", "playoff", "exact", "simulate",
    "", " ", "Ana", _SAVE, _SAVE.replace('"names": ["Ana", "Ben"]', '"names": 1000000000'),
    '{"format": "fivecrowns-solitaire", "actions": []}', "[" * 2000,
    # issue 23: a lone surrogate, phone-typed suits, invisible characters in a name, a typed
    # score of thousands of digits, a scorekeeper save (with an unknown key)
    "\ud800", "seed\udfff", "10♥\ufe0f", "Q★\ufe0f 3♠\ufe0f", "Zoe\u0301\u200b\u202e", "9" * 5000,
    "Ann, Ben", '{"version": 1, "players": ["Ann", "Ben"], "rounds": [[1.5, 0]]}',
    '{"version": 1, "players": ["Ann", "Ben"], "rounds": [], "cheat": 1}',
]  # fmt: skip
_KEYS = ["type", "source", "card", "hand", "discard", "melds", "format", "seed", "actions",
         "names", "rules", "rounds_started", "round", "dealer", "hands", "stock"]  # fmt: skip


def _huge_number() -> int:
    """10**5000: its repr() raises (Python's 4300-digit limit), so it is built, not listed."""
    return 10**5000


_LEAVES = (
    st.none()
    | st.booleans()
    | st.integers(-2, 3)
    | st.sampled_from([-1, 7, 99, 10**9, 2**64, -(2**70)])
    | st.builds(_huge_number)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.sampled_from([1.5, -10, 1000, 1001, 2**53, 2**53 + 1])
    | st.text(max_size=8)
    | st.sampled_from(_VOCABULARY)
)
JSON_LIKE = st.recursive(
    _LEAVES,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.sampled_from(_KEYS) | st.text(max_size=4), inner, max_size=4)
    ),
    max_leaves=10,
)


# -- the instances whose methods are driven ---------------------------------------------------


def _drawn_game() -> Game:
    game = Game(3, GameRules(rounds=2), seed=1)
    game.draw("stock")
    return game


def _drawn_solitaire() -> Solitaire:
    game = Solitaire(seed=1)
    game.apply(fivecrowns_lab.Draw("stock"))
    return game


INSTANCES: dict[str, Callable[[], Any]] = {
    "Game (draw phase)": lambda: Game(3, GameRules(rounds=2), seed=1),
    "Game (after drawing)": _drawn_game,
    "Solitaire (draw phase)": lambda: Solitaire(seed=1),
    "Solitaire (after drawing)": _drawn_solitaire,
    "GameRules": GameRules,
    "Deal": lambda: fivecrowns_lab.Deal.arrange(1, ["5H 6H 9C", "8S 8D KC"], "7H"),
    "Card": lambda: fivecrowns_lab.Card.parse("9C"),
    "Hand": lambda: parse_cards("5H 6H JK 9C"),
    "Arrangement": lambda: best_arrangement("5H 6H JK 9C", 1),
    "Meld": lambda: check_meld("5H 6H JK", 1).meld,
    "MeldCheck": lambda: check_meld("5H 6H JK", 1),
    "Outs": lambda: outs("8H 9H 10H QS QC KD", 4),
    "Observation": lambda: Game(2, seed=1).observation(1),
    "SolitaireBot": fivecrowns_lab.SolitaireBot,
    "GreedyBot": lambda: fivecrowns_lab.GreedyBot(1),
    "RandomBot": lambda: fivecrowns_lab.RandomBot(1),
    "LookaheadBot": lambda: fivecrowns_lab.LookaheadBot(1),
    "ExpertBot": lambda: fivecrowns_lab.ExpertBot(1),
    "Estimate (simulated)": lambda: fivecrowns_lab.Estimate(
        "go out on the deal", 3, 0.25, (0.2, 0.3), "simulate", 100, 1
    ),
    "Estimate (exact)": lambda: fivecrowns_lab.Estimate(
        "go out on the deal", 3, Fraction(1, 4), (0.25, 0.25), "exact"
    ),
    "ScoreSheet": lambda: scorebook.ScoreSheet(["Ann", "Ben"]).with_round([3, 0]),
    "SaveFile": lambda: scorebook.SaveFile(_SAVES / "fuzz.autosave.json"),
}

#: Where the SaveFile instance's save would go (every fuzzed save is refused: the value
#: given is never a ScoreSheet).
_SAVES = Path(tempfile.mkdtemp(prefix="fivecrowns-fuzz-"))
atexit.register(shutil.rmtree, _SAVES, ignore_errors=True)  # made at import: no fixture owns it

#: Public entry points outside ``fivecrowns_lab.__all__`` that the refusal audit of issue 23
#: named: the scorekeeper's engine, the interval helpers, a bot's seed check, the name cleaner.
EXTRA_CALLABLES: dict[str, Callable[..., Any]] = {
    **{f"scorebook.{name}": getattr(scorebook, name) for name in scorebook.__all__},
    **{f"stats.{name}": getattr(stats, name) for name in ("t_quantile", "wilson_interval")},
    "players.check_bot_seed": players.check_bot_seed,
    "validators.clean_name": clean_name,
}


def _snapshot(thing: Any) -> Any:
    """What must not change when a call on ``thing`` is refused."""
    if isinstance(thing, Game):
        return thing.to_json(), thing.hands, thing.stock, thing.discard_pile, thing.phase
    if isinstance(thing, Solitaire):
        return thing.to_json(), thing.hands, thing.drawn, thing.phase, thing.stock_size
    if hasattr(thing, "rng"):  # a bot: its seed and the state of its generator
        return thing.seed, thing.name, thing.rng.getstate()
    if type(thing).__eq__ is object.__eq__:  # no value equality: compare its attributes
        return copy.deepcopy(vars(thing))
    return copy.deepcopy(thing)


# -- the targets ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Target:
    name: str
    make: Callable[[], Callable[..., Any]]
    owner: Any = None  # the instance whose state must survive a refusal (None: a function)
    required: tuple[str, ...] = ()  # parameters always passed (the rest: sometimes)


def _is_ours(function: Any) -> bool:
    module = getattr(function, "__module__", "") or ""
    return module.startswith("fivecrowns_lab")


def _exported_callables() -> list[Target]:
    targets = []
    for name in fivecrowns_lab.__all__:
        value = getattr(fivecrowns_lab, name)
        if not callable(value) or isinstance(value, dict):
            continue
        if inspect.isclass(value) and issubclass(value, BaseException):
            continue  # an exception accepts any message
        if getattr(value, "_is_protocol", False):
            continue  # Player is a protocol: it cannot be instantiated by design
        targets.append(Target(name, lambda value=value: value))
    for name, value in EXTRA_CALLABLES.items():
        if callable(value) and not isinstance(value, int):
            targets.append(Target(name, lambda value=value: value))
    return targets


def _methods() -> list[Target]:
    targets = []
    for label, factory in INSTANCES.items():
        sample = factory()
        for attribute in sorted(dir(type(sample))):
            if attribute.startswith("_"):
                continue
            static = inspect.getattr_static(type(sample), attribute)
            if isinstance(static, property):
                continue
            bound = getattr(sample, attribute)
            if not callable(bound) or not _is_ours(bound):
                continue  # tuple.index and other inherited builtins are not ours
            required = ("bot",) if attribute == "play" else ()  # play(None) plays a game out
            targets.append(
                Target(
                    f"{label}.{attribute}",
                    lambda f=factory, a=attribute: _bind(f, a),
                    owner=factory,
                    required=required,
                )
            )
    return targets


def _bind(factory: Callable[[], Any], attribute: str) -> Callable[..., Any]:
    return getattr(factory(), attribute)  # a fresh instance for every example


TARGETS = _exported_callables() + _methods()


def _arguments(function: Callable[..., Any], required: tuple[str, ...]) -> st.SearchStrategy:
    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError):
        return st.just({})
    must: dict[str, st.SearchStrategy] = {}
    may: dict[str, st.SearchStrategy] = {}
    for parameter in signature.parameters.values():
        if parameter.kind in (parameter.VAR_POSITIONAL, parameter.VAR_KEYWORD):
            continue
        if parameter.name == "executor":
            may[parameter.name] = JSON_LIKE  # never a real pool: it would start processes
        elif parameter.default is parameter.empty or parameter.name in required:
            must[parameter.name] = JSON_LIKE
        else:
            may[parameter.name] = JSON_LIKE
    return st.fixed_dictionaries(must, optional=may)


def _describe(kwargs: dict[str, Any]) -> str:
    from fivecrowns_lab.errors import quote

    return ", ".join(f"{k}={quote(v)}" for k, v in kwargs.items())


def _check(target: Target, data: st.DataObject) -> None:
    function = target.make()
    owner = getattr(function, "__self__", None) if target.owner is not None else None
    if inspect.isclass(owner):
        owner = None  # a classmethod (from_json, replay, parse): no instance to keep intact
    kwargs = data.draw(_arguments(function, target.required), label="arguments")
    before = _snapshot(owner) if owner is not None else None
    start = time.perf_counter()
    try:
        function(**kwargs)
    except FiveCrownsError as error:
        assert str(error).strip(), "an error with no sentence"
        assert len(str(error)) < 1000, f"a message of {len(str(error))} characters echoes input"
        if owner is not None:
            assert _snapshot(owner) == before, f"{target.name} changed state when it refused"
    except Exception as error:  # the property under test
        raise AssertionError(
            f"{target.name}({_describe(kwargs)}) raised {type(error).__name__}: {error}"[:600]
        ) from error
    finally:
        elapsed = time.perf_counter() - start
    assert elapsed < HANG_SECONDS, f"{target.name}({_describe(kwargs)}) took {elapsed:.1f} s"


@pytest.mark.parametrize("target", [pytest.param(t, id=t.name) for t in TARGETS])
@settings(
    max_examples=EXAMPLES, suppress_health_check=list(HealthCheck), deadline=None, derandomize=True
)
@given(data=st.data())
def test_every_entry_point_refuses_bad_input_only_with_a_five_crowns_error_and_no_change(
    target, data
):
    _check(target, data)


def test_the_fuzz_reaches_every_exported_callable():
    names = {t.name for t in TARGETS}
    exported = {
        n
        for n in fivecrowns_lab.__all__
        if callable(getattr(fivecrowns_lab, n))
        and not isinstance(getattr(fivecrowns_lab, n), dict)
        and not (
            inspect.isclass(getattr(fivecrowns_lab, n))
            and issubclass(getattr(fivecrowns_lab, n), BaseException)
        )
    }
    assert exported - names == {"Player"}  # a protocol, not something to call
    assert any(n.startswith("Game (after drawing).") for n in names)
    assert {"Game (draw phase).from_json", "Solitaire (draw phase).from_json"} <= names


# -- the inputs the audit of issue 23 found, each named -------------------------------------------


def _stale_save() -> None:
    path = _SAVES / "two-tabs.autosave.json"
    path.unlink(missing_ok=True)
    first, second = scorebook.SaveFile(path), scorebook.SaveFile(path)
    sheet = scorebook.ScoreSheet(["Ann", "Ben"])
    first.save(sheet)
    second.save(sheet.with_round([1, 1]))  # second never read first's save: refused


_SIMULATED = INSTANCES["Estimate (simulated)"]
_EXACT = INSTANCES["Estimate (exact)"]
ISSUE_23_REFUSALS: dict[str, Callable[[], Any]] = {
    "Estimate.contains(text)": lambda: _SIMULATED().contains("0.25"),
    "Estimate.contains(None), exact": lambda: _EXACT().contains(None),
    "wilson_interval(huge, huge)": lambda: fivecrowns_lab.wilson_interval(10**5000, 10**5000),
    "wilson_interval(1, 2**1100)": lambda: fivecrowns_lab.wilson_interval(1, 2**1100),
    "mean_interval(n=huge)": lambda: fivecrowns_lab.mean_interval(0.0, 1.0, 10**5000),
    "make_bot(seed=lone surrogate)": lambda: fivecrowns_lab.make_bot("greedy", "\ud800"),
    "ScoreSheet(players='AB')": lambda: scorebook.ScoreSheet("AB"),
    "ScoreSheet(rounds=5)": lambda: scorebook.ScoreSheet(["Ann", "Ben"], rounds=5),
    "ScoreSheet.with_round([1.5, 0])": lambda: scorebook.ScoreSheet(["A", "B"]).with_round(
        [1.5, 0]
    ),
    "ScoreSheet.with_round(huge)": lambda: scorebook.ScoreSheet(["A", "B"]).with_round(
        [10**5000, 0]
    ),
    "parse_score(5,000 digits)": lambda: scorebook.parse_score("9" * 5000, "Ann", 1, False),
    "ScoreSheet.from_json(unknown key)": lambda: scorebook.ScoreSheet.from_json(
        '{"version": 1, "players": ["Ann", "Ben"], "rounds": [], "cheat": 1}'
    ),
    "ScoreSheet.from_json(None)": lambda: scorebook.ScoreSheet.from_json(None),
    "SaveFile(None)": lambda: scorebook.SaveFile(None),
    "SaveFile(NUL in path)": lambda: scorebook.SaveFile("a\0b"),
    "SaveFile.save(not a sheet)": lambda: scorebook.SaveFile(_SAVES / "x.json").save("x"),
    "SaveFile.save(stale: another tab saved)": _stale_save,
    "parse_players(only invisible names)": lambda: scorebook.parse_players("\u200b, \u202e"),
    "clean_name(None)": lambda: clean_name(None),
    "parse_cards('10X\\ufe0f')": lambda: parse_cards("10X\ufe0f"),
    "simulate(bad seat list)": lambda: fivecrowns_lab.simulate(["greedy", "nope"], 5),
    "simulate(one seat)": lambda: fivecrowns_lab.simulate(["greedy"], 5),
}


@pytest.mark.parametrize("name", list(ISSUE_23_REFUSALS))
def test_issue_23_each_input_the_audit_found_is_refused_with_a_sentence(name):
    with pytest.raises(FiveCrownsError) as caught:
        ISSUE_23_REFUSALS[name]()
    message = str(caught.value)
    assert message.endswith(".") and len(message) < 300, message


def test_issue_23_what_was_refused_or_failed_but_is_fine_is_now_answered():
    assert parse_cards("10♥\ufe0f Q★\ufe0f 3♠\ufe0f 4♣\ufe0f 5♦\ufe0f") == parse_cards(
        "10H Q* 3S 4C 5D"
    )
    assert scorebook.parse_players("Zoe\u0301\u200b, B\u202een") == ["Zo\u00e9", "Ben"]
    assert _SIMULATED().contains(_huge_number()) is False  # raised OverflowError
    assert _EXACT().contains(Fraction(1, 4)) is True
