"""The probability lessons (07-11), driven by their buttons and values (no browser)."""

from __future__ import annotations

import asyncio
import gc
import json
import re
import time
import weakref

import pytest

pytest.importorskip("ipywidgets")

from fivecrowns_lab.core.rules import ROUNDS, GameRules, hand_size
from fivecrowns_lab.errors import ExactUnavailableError, LessonError
from fivecrowns_lab.lessons import (
    QUIZZES,
    go_out_lesson,
    outs_lesson,
    solitaire_odds_lesson,
    strategy_lab,
    wild_count_lesson,
)
from fivecrowns_lab.odds import game_runs
from fivecrowns_lab.odds.probability import first_turn_go_out, go_out_on_deal
from fivecrowns_lab.odds.run_cost import GAME_SECONDS, game_cap, solitaire_cap
from fivecrowns_lab.odds.strategy import run_games, solitaire_odds
from fivecrowns_lab.table.players import BOT_DESCRIPTIONS, BOTS
from fivecrowns_lab.views import interval_guess, work
from fivecrowns_lab.views import solitaire_odds as views_solitaire_odds
from fivecrowns_lab.views.plots import pct, table_html


def wait_until(condition, what: str, limit: float = 120.0) -> None:
    """Wait for background work to reach a state (a generous limit, not a timing check)."""
    deadline = time.monotonic() + limit
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"gave up waiting for {what}")
        time.sleep(0.02)


def ready(lesson):
    """The lesson's view once its first run (started in the background) has ended."""
    lesson.view.runner.join()
    return lesson.view


def exact_rounds(ask=go_out_on_deal) -> list[int]:
    """The rounds the engine answers exactly (whatever its shipped table holds today)."""
    found = []
    for r in ROUNDS:
        try:
            ask(r)
        except ExactUnavailableError:
            continue
        found.append(r)
    return found


def commit_guess(lesson) -> None:
    """Commit lesson 07's guess: 1 wild in 40% of hands (an untouched slider is no guess)."""
    lesson.guess_k.value = 1
    lesson.guess_share.value = 40
    lesson.commit.commit_button.click()


# -- lesson 07 ---------------------------------------------------------------------------------


def test_wild_count_lesson_asks_for_a_prediction_before_dealing(widget_errors):
    lesson = wild_count_lesson(round_no=3, seed=1).view
    lesson.deal_buttons[2].click()
    assert lesson.status.kind == "error" and "First predict" in lesson.status.text
    assert lesson.dealt == 0
    commit_guess(lesson)
    lesson.deal_buttons[2].click()  # Deal 100
    lesson.deal_buttons[3].click()  # Deal 1,000
    assert lesson.dealt == 1100 and sum(lesson.counts.values()) == 1100
    assert lesson.status.kind == "ok" and "1,100 hands dealt" in lesson.status.text
    assert lesson.guess_k.disabled, "the prediction is locked once it is committed"


def test_wild_count_prediction_is_shown_beside_the_exact_and_dealt_answers(widget_errors):
    lesson = wild_count_lesson(round_no=5, seed=4).view
    lesson.guess_k.value = 2
    lesson.guess_share.value = 50
    lesson.commit.commit_button.click()
    lesson.deal_buttons[2].click()
    shown = lesson.prediction_view.value
    exact = lesson.exact
    top = max(exact, key=exact.__getitem__)
    assert "your prediction" in shown and "50%" in shown
    assert pct(exact[top]) in shown and "exact (counting)" in shown
    assert "Your prediction: 2 wilds in 50%" in lesson.plot.label
    assert "dealt hands" in lesson.plot.label and lesson.plot.visible
    rows = lesson.plot.data["bars"]
    assert {r["series"] for r in rows} == {"exact (counting)", "dealt hands"}
    assert lesson.plot.data["guess"] == [{"k": 2, "value": 0.5}]


@pytest.mark.parametrize("round_no", [5, 11])
def test_wild_count_table_lists_every_possible_number_of_wilds(widget_errors, round_no):
    lesson = wild_count_lesson(round_no=round_no).view
    assert "<tr><td>0</td>" not in lesson.table.value, "the exact table waits for the guess"
    lesson.commit.skip_button.click()
    most = min(hand_size(round_no), 16)
    for k in range(most + 1):
        assert f"<tr><td>{k}</td>" in lesson.table.value, f"k = {k} is missing"
    assert "{" not in lesson.table.value and "print" not in lesson.table.value


def test_wild_count_single_deal_shows_the_hand_and_round_change_starts_again(widget_errors):
    lesson = wild_count_lesson(round_no=5, seed=2).view
    commit_guess(lesson)
    lesson.deal_buttons[0].click()
    assert lesson.dealt == 1 and lesson.last_hand is not None
    assert "Your last hand" in lesson.formula.value and "1 hand dealt" in lesson.status.text
    lesson.round.value = 11
    assert lesson.dealt == 0 and lesson.counts == {} and lesson.guess_k.value == -1
    assert not lesson.plot.visible and not lesson.commit.committed
    lesson.commit.skip_button.click()
    assert "13-card hand" in lesson.plot.title


def test_wild_count_lesson_reseeds_on_request_and_repeats_from_the_same_seed(widget_errors):
    a, b = wild_count_lesson(seed=7).view, wild_count_lesson(seed=7).view
    for lesson in (a, b):
        commit_guess(lesson)
        lesson.deal_buttons[2].click()
    assert a.counts == b.counts
    b.new_seed_button.click()
    assert b.seed.value == 8 and b.dealt == 0
    commit_guess(b)
    b.deal_buttons[2].click()
    assert b.counts != a.counts


# -- lesson 08 ---------------------------------------------------------------------------------


def test_go_out_lesson_shows_exact_values_for_every_round_the_engine_counts(widget_errors):
    lesson = go_out_lesson(n=200, seed=3).view
    lesson.commit.skip_button.click()  # the table and plot follow the guess
    assert sorted(lesson.estimates) == list(ROUNDS)
    shown = [r for r, (exact, _sim) in lesson.estimates.items() if exact is not None]
    assert shown == exact_rounds() and shown
    assert lesson.table.value.count("not counted") == len(ROUNDS) - len(shown)
    assert "<sup>" in lesson.table.value and "95% interval" in lesson.table.value
    assert "by round" in lesson.plot.title
    assert f"exact values for rounds {', '.join(map(str, shown))}" in lesson.plot.label
    assert len(lesson.plot.data["sim"]) == len(ROUNDS)
    assert lesson.status.kind == "ok" and "200 deals in each of 11 rounds" in lesson.status.text


def test_go_out_table_on_a_phone_keeps_each_exact_value_but_can_drop_its_fraction(
    widget_errors,
):
    # At 390 px the exact column's "fraction ≈ value" made the table about 663 px wide:
    # theme.css hides the part marked fc-exact-fraction there and lets an interval break
    # after its dash. The ≈ value and both ends of each interval stay outside those marks.
    from fractions import Fraction

    from fivecrowns_lab.views.base import css
    from fivecrowns_lab.views.plots import fraction_html

    lesson = go_out_lesson(n=200, seed=3).view
    lesson.commit.skip_button.click()
    rows = re.findall(r"<tr>(.*?)</tr>", lesson.table.value.split("<tbody>")[1])
    assert len(rows) == len(ROUNDS)
    for r, row in zip(ROUNDS, rows, strict=True):
        cells = re.findall(r"<td>(.*?)</td>", row)
        exact, sim = lesson.estimates[r]
        if exact is not None:
            fraction = fraction_html(Fraction(exact.value))
            assert cells[2] == (
                f"<span class='fc-exact-fraction'>{fraction} ≈ </span>{pct(exact.value)}"
            )
        low, high = sim.ci
        assert cells[4] == (
            f"<span class='fc-interval'><span>{pct(low)} –</span> <span>{pct(high)}</span></span>"
        )
    phone = css().split("@media (max-width: 600px)")
    assert any(".fc-exact-fraction { display: none; }" in part.split("}\n}")[0] for part in phone)


def test_go_out_lesson_simulates_the_same_deals_as_the_engine(widget_errors):
    lesson = go_out_lesson(n=200, seed=2).view
    for r in (1, 7, 11):
        engine = go_out_on_deal(r, method="simulate", n=200, seed=200 + r)
        _exact, sim = lesson.estimates[r]
        assert sim.value == engine.value and sim.ci == engine.ci and sim.trials == 200


def test_go_out_lesson_first_turn_uses_the_deals_it_says(widget_errors):
    lesson = go_out_lesson(n=200, seed=1).view
    lesson.commit.skip_button.click()
    lesson.question.value = "go out on the first turn"
    lesson.runner.join()
    # A new question asks its own guess before its answer (the first one's does not count).
    assert lesson.results.layout.display == "none" and "first turn" in lesson.ask.value
    lesson.commit.skip_button.click()
    assert lesson.status.kind == "ok" and "200 deals in each" in lesson.status.text
    _exact, sim = lesson.estimates[2]
    engine = first_turn_go_out(2, method="simulate", n=200, seed=102)
    assert sim.trials == 200 and sim.value == engine.value
    shown = [r for r, (e, _s) in lesson.estimates.items() if e is not None]
    assert shown == exact_rounds(first_turn_go_out)


def test_go_out_lesson_asks_for_a_prediction_and_explains_with_exact_numbers(widget_errors):
    lesson = go_out_lesson(n=200).view
    lesson.explain_button.click()
    assert lesson.status.kind == "error" and "hardest" in lesson.status.text
    lesson.hardest.value = 3
    lesson.commit.commit_button.click()
    lesson.explain_button.click()
    assert lesson.status.kind == "error" and "Write your own idea" in lesson.status.text
    assert lesson.explanation.value == ""
    lesson.guess.value = "Six cards can make two melds of three."
    lesson.explain_button.click()
    text = lesson.explanation.value
    assert "Your prediction" in text and "The exact chances:" in text
    chances = {r: go_out_on_deal(r).probability for r in exact_rounds()}
    for r, p in chances.items():
        assert pct(p) in text, f"round {r}'s exact chance"
    rises = [hand_size(r) for r in chances if r - 1 in chances and chances[r] > chances[r - 1]]
    # The saw-tooth is claimed only when the exact numbers rise at multiples of three alone.
    claimed = "saw-tooth with period three" in text
    assert claimed == (bool(rises) and all(n % 3 == 0 for n in rises))
    assert "25 billion" not in text


def test_go_out_lesson_stop_keeps_the_rounds_finished(widget_errors):
    lesson = go_out_lesson(n=200).view
    lesson.question.value = "go out on the first turn"
    lesson.runner.join()
    lesson.commit.skip_button.click()  # the table and plot follow this question's guess
    lesson.n.value = 5000
    lesson.run()  # in the background
    wait_until(lambda: lesson.progress.bar.value > 5000, "the first round to finish")
    lesson.runner.stop_button.click()
    lesson.runner.join()
    assert lesson.runner.last is not None and lesson.runner.last.why == "stopped"
    assert 1 <= len(lesson.estimates) < len(ROUNDS)
    assert "Stopped after" in lesson.status.text and "stopped" in lesson.table.value
    assert not lesson.run_button.disabled and lesson.runner.stop_button.disabled


def test_go_out_lesson_new_seed_during_a_run_never_brings_the_old_deals_back(widget_errors):
    lesson = go_out_lesson(n=200).view
    lesson.runner.join()
    lesson.n.value = 5000
    lesson.run()  # in the background
    wait_until(lambda: lesson.progress.bar.value > 5000, "the first round to finish")
    lesson.seed.value += 1
    lesson.runner.join()
    assert lesson.runner.last is not None and lesson.estimates == {}
    assert "press Simulate" in lesson.status.text and lesson.table.value == ""
    assert not lesson.plot.visible and not lesson.running.visible


def test_runner_cancel_drops_the_results_and_frees_the_buttons(widget_errors):
    from fivecrowns_lab.views.work import Progress, Runner

    outcomes = []
    button = __import__("ipywidgets").Button()
    progress = Progress("game")
    runner = Runner(progress, lambda f: f, [button])

    def work(stop):
        for i in range(1000):
            yield i + 1, 1000
            stop.wait(0.01)

    runner.start(work, outcomes.append)
    wait_until(lambda: progress.bar.value >= 2, "two steps")
    runner.cancel()
    runner.join(10)
    assert not runner.running and outcomes == []
    assert runner.last is not None and runner.last.why == "stopped"
    assert progress.text.value == "" and not button.disabled and runner.stop_button.disabled
    runner.start(lambda _stop: ((i + 1, 3) for i in range(3)), outcomes.append)
    runner.join(10)
    assert [o.done for o in outcomes] == [3], "the next run finishes as usual"


# -- lesson 09 ---------------------------------------------------------------------------------


def test_outs_lesson_shows_outs_and_compares_with_the_rule_of_thumb(widget_errors):
    lesson = outs_lesson().view
    assert lesson.outs_view.value == "" and lesson.table.value == ""
    lesson.commit.skip_button.click()
    assert lesson.result.count == 24
    assert "24</b> of the <b>110</b>" in lesson.outs_view.value
    assert "rule of thumb" in lesson.table.value
    lesson.draws.value = 3
    assert lesson.table.value.count("<tr>") == 4  # header + 3 turns
    lesson.seen_text.value = "QH QH"
    lesson.show_button.click()
    assert lesson.result.count == 22 and lesson.outs_view.value == "", "a new question"
    lesson.guess_outs.value = "20"
    lesson.commit.commit_button.click()
    assert lesson.status.kind == "ok" and "22</b> of the" in lesson.outs_view.value


def test_outs_lesson_enter_in_the_hand_seen_and_guess_boxes_presses_their_button(
    widget_errors,
):
    # Enter (the front end's {"event": "submit"}) in the hand or seen box finds the outs,
    # in the guess box commits the guess; each box syncs as it is typed in.
    lesson = outs_lesson().view
    submit = {"event": "submit"}
    for box in (lesson.hand_text, lesson.seen_text, lesson.guess_outs):
        assert box.continuous_update
    lesson.seen_text.value = "QH QH"
    lesson.seen_text._handle_custom_msg(submit, [])
    assert lesson.result.count == 22
    lesson.hand_text.value = "8H 9H 10H QS QC 3D"
    lesson.hand_text._handle_custom_msg(submit, [])
    assert str(lesson.result.hand) == "8♥ 9♥ 10♥ Q♠ Q♣ 3♦"  # the outs of the typed hand
    truth = lesson.result.count
    lesson.guess_outs.value = str(truth)
    lesson.guess_outs._handle_custom_msg(submit, [])
    assert lesson.guessed == truth and lesson.commit.committed
    lesson.guess_outs.value = "1"
    lesson.guess_outs._handle_custom_msg(submit, [])  # committed: the button is disabled
    assert lesson.guessed == truth


def test_outs_rule_of_thumb_never_shows_a_chance_over_100_percent(widget_errors):
    lesson = outs_lesson().view
    lesson.commit.skip_button.click()
    lesson.draws.value = 12  # 24 outs x 12 turns would be 288%
    assert "288%" not in lesson.table.value and "breaks down" in lesson.table.value


def test_outs_chart_names_each_turn_once_on_its_axis(widget_errors):
    # Over 1 to 2 turns Vega put a tick at 1.5 too, written "2": the axis read "1, 2, 2".
    lesson = outs_lesson().view
    lesson.commit.skip_button.click()
    for turns in (1, 2, 3, 12):
        lesson.draws.value = turns
        axis = lesson.plot.spec["encoding"]["x"]["axis"]
        assert axis["values"] == list(range(1, turns + 1)) and axis["format"] == "d"


def test_chart_tooltips_name_what_tells_their_series_apart():
    # A tooltip's first line said "series: dealt hands": the word named nothing a learner
    # sees. Each chart now says what its series are: a source, a method, a player.
    from fivecrowns_lab import language
    from fivecrowns_lab.views.specs import by_round_spec, grouped_bars_spec, lines_spec

    def first_titles(spec):
        views = spec.get("layer", [spec])
        return {v["encoding"]["tooltip"][0]["title"] for v in views if "tooltip" in v["encoding"]}

    two = [("exact", "#000"), ("dealt hands", "#111")]
    assert first_titles(grouped_bars_spec("t", "k", "v", two, series_title="source")) == {"source"}
    assert first_titles(lines_spec("t", "x", "v", two, series_title="method")) == {"method"}
    assert first_titles(by_round_spec("t", "points", False)) == {"source"}
    # one series needs no name: the first line is the category
    one = grouped_bars_spec("t", "hands closed", "deals", two[:1], series_title="deals")
    assert first_titles(one) == {"hands closed"}
    with language("da"):
        assert first_titles(by_round_spec("t", "point", False)) == {"kilde"}


def test_charts_leave_speaking_to_the_chart_box_in_the_learners_language():
    # Vega labels each mark, axis and legend for screen readers from field names and the
    # data's English keys ("series: dealt hands"), even on a Danish page. The plot is
    # hidden from assistive technology (chart.js) and the box's label and summary speak
    # for it, so no spec asks Vega for those labels.
    from fivecrowns_lab import language
    from fivecrowns_lab.views.specs import (
        by_round_spec,
        grouped_bars_spec,
        intervals_spec,
        lines_spec,
        running_spec,
    )

    two = [("exact", "#000"), ("dealt hands", "#111")]
    for lang in ("en", "da"):
        with language(lang):
            specs = [
                grouped_bars_spec("t", "k", "v", two, guess=True, series_title="source"),
                running_spec("t", "hands", "share"),
                intervals_spec("t", "share"),
                by_round_spec("t", "points", False),
                lines_spec("t", "x", "v", two, series_title="method"),
            ]
            assert all(spec["config"]["aria"] is False for spec in specs)


def _legend_symbol(symbols, key):
    """What each legend-symbol signal ``datum.value === "…" ? a : b`` gives for ``key``."""
    out = {}
    for channel, rule in symbols.items():
        tested, yes, no = re.fullmatch(
            r'datum\.value === (".*?") \? (.+) : (.+)', rule["signal"]
        ).groups()
        out[channel] = (yes if json.loads(tested) == key else no).strip("'\"")
    return out


@pytest.mark.parametrize("lang", ["en", "da"])
@pytest.mark.parametrize("exact", [True, False])
def test_running_chart_legend_draws_the_95_percent_band_as_a_band_not_a_line(lang, exact):
    from fivecrowns_lab import language
    from fivecrowns_lab.views.specs import SIMULATED_COLOUR, running_spec

    with language(lang):
        spec = running_spec("t", "deals played", "win rate", exact=exact)
    area, _line, rules = spec["layer"]
    colour = rules["encoding"]["color"]
    symbols = colour["legend"]["encode"]["symbols"]["update"]
    for key in colour["scale"]["domain"]:  # the English keys, in either language
        drawn = _legend_symbol(symbols, key)
        if key == "95% interval":  # the shaded area: a square of its colour and opacity
            assert drawn["shape"] == "square" and drawn["fill"] == SIMULATED_COLOUR
            assert float(drawn["fillOpacity"]) == area["mark"]["opacity"]
            assert drawn["strokeOpacity"] == "0"
        else:  # the estimate's line and the rules stay lines
            assert drawn["shape"] == "stroke" and drawn["fill"] == "transparent"


def test_count_axes_ask_for_whole_ticks_vega_lite_keeps():
    from fivecrowns_lab.views.specs import grouped_bars_spec, lines_spec, running_spec

    bars = grouped_bars_spec(
        "t", "hands closed", "deals", [("deals", "#000")], percent=False, series_title="deals"
    )
    running = running_spec("t", "deals played", "win rate", exact=False)
    lines = lines_spec("t", "turns", "chance", [("exact", "#000")], series_title="method")
    # Vega-Lite 5 leaves an axis's tickMinStep out of the chart: a count axis limits its
    # tick count to the span it covers instead (the browser test sees "1, 2")
    assert "tickMinStep" not in str(bars) + str(running) + str(lines)
    count = bars["layer"][0]["encoding"]["y"]["axis"]["tickCount"]["expr"]
    deals = running["layer"][0]["encoding"]["x"]["axis"]["tickCount"]["expr"]
    assert count == "max(1, min(ceil(height/40), span(domain('y'))))"
    assert deals == "max(1, min(5, span(domain('x'))))"


def test_outs_round_dropdown_governs_the_wild_rank_at_once(widget_errors):
    lesson = outs_lesson().view
    lesson.round.value = 1  # 3 cards, threes wild: the 6-card hand cannot stay
    assert lesson.result.round_no == 1 and len(lesson.result.hand) == 3
    assert "3s and jokers wild" in lesson.hand_view.value
    lesson.round.value = 2  # 4 cards: after drawing, a 3-card hand of round 1 does not fit
    assert lesson.result.round_no == 2 and len(lesson.result.hand) == 4
    lesson.hand_text.value = "8H 9H 10H QS QC KD"
    lesson.round.value = 4  # 6 cards: the typed hand fits and is kept
    assert lesson.hand_text.value == "8H 9H 10H QS QC KD" and lesson.result.count == 24


def test_outs_of_a_hand_that_can_already_go_out_are_not_listed(widget_errors):
    lesson = outs_lesson().view
    lesson.hand_text.value = "QS QC QD 8H 9H 10H"
    lesson.show_button.click()
    assert "can already go out" in lesson.outs_view.value
    assert "<table" not in lesson.outs_view.value and lesson.table.value == ""
    lesson.hand_text.value = "QS QC QD 8H 9H 10H 3S"  # after drawing: go out by discarding
    lesson.show_button.click()
    assert "You can go out right now" in lesson.hand_view.value


def test_outs_lesson_shows_typing_mistakes_in_the_status_line(widget_errors):
    lesson = outs_lesson().view
    before = lesson.result
    lesson.hand_text.value = "8H 9H 10H QS QC KX"
    lesson.show_button.click()
    assert lesson.status.kind == "error" and "'KX' is not a card" in lesson.status.text
    assert lesson.result is before
    lesson.hand_text.value = "8H 9H"
    lesson.show_button.click()
    assert lesson.status.kind == "error" and "outs are for a hand of 6 cards" in lesson.status.text


def test_outs_lesson_deals_hands_from_a_seed_that_moves_on(widget_errors):
    lesson = outs_lesson().view
    lesson.deal_button.click()
    first = lesson.hand_text.value
    assert "waiting for outs" in lesson.status.text and len(first.split()) == 6
    assert lesson.result.outs and lesson.seed.value >= 2
    lesson.deal_button.click()
    assert lesson.hand_text.value != first


# -- lesson 10 ---------------------------------------------------------------------------------


def test_strategy_lab_plays_the_engines_games_and_offers_the_csv(widget_errors):
    lab = ready(strategy_lab(n_games=4))
    assert lab.status.kind == "ok" and lab.table is not None
    assert lab.progress.bar.value == lab.progress.bar.max == 4
    assert "mean total" in lab.summary.value and "95% interval" in lab.summary.value
    assert "mean_total" not in lab.summary.value and "data:text/csv;base64," in lab.download.value
    assert lab.csv().startswith("game,round,player,bot,points,total")
    assert "4 games" in lab.plot.title and lab.plot.data["bars"]
    engine = run_games(["greedy", "random"], 4, GameRules(), seed=1)
    assert lab.table == engine


def test_strategy_lab_lists_every_bot_with_its_description(widget_errors):
    lab = ready(strategy_lab(n_games=2))
    assert [value for _label, value in lab.seats[0].options] == list(BOTS)
    for name in BOTS:
        assert BOT_DESCRIPTIONS[name] in lab.bots_help.value


def test_strategy_lab_names_the_bots_in_the_learners_language_and_plays_them_by_name(
    widget_errors,
):
    from fivecrowns_lab import language
    from fivecrowns_lab.views.strategy_lab import StrategyLab

    with language("da"):
        lab = StrategyLab(("lookahead", "greedy"), n_games=2, background=False)
        lab.rounds.value = 1
        lab.run(background=False)
        labels = [label for label, _value in lab.seats[0].options]
        shown = lab.bots_help.value + lab.summary.value + lab.verdict.value
        legend = lab.plot.summary
    assert labels == ["tilfældig", "grådig", "fremsynet", "ekspert"]
    assert lab.seats[0].value == "lookahead"  # the value a game is made from
    # the verdict names both bots in Danish words ("Grådig 2 fik ... end fremsynet 1 ...")
    assert re.search(r"Grådig 2 fik [\d,]+ point (mere|mindre) pr\. spil end fremsynet 1", shown)
    assert "(grådig)" in legend
    assert not re.search(r"\b(greedy|lookahead|random)\b", shown + legend), shown
    assert set(lab.table["bot"]) == {"lookahead", "greedy"}  # the CSV keeps the names


def test_strategy_lab_caps_a_run_by_the_measured_speed_of_its_bots(widget_errors):
    lab = ready(strategy_lab(n_games=2))
    light = lab.n_games.max
    for seat in lab.seats:
        seat.value = "lookahead"
    assert lab.n_games.max == game_cap(["lookahead"] * 4) < light
    assert f"at most <b>{lab.n_games.max:,}</b> games" in lab.cap_note.value
    assert set(GAME_SECONDS) <= set(BOTS)
    lab.rounds.value = 1
    assert lab.n_games.max > game_cap(["lookahead"] * 4)


def test_a_browser_kernel_plans_its_runs_for_its_slower_speed(monkeypatch):
    # Pyodide plays about half as many games a second, and the page waits for the run:
    # the same planned minutes allow fewer games there.
    from fivecrowns_lab.odds.run_cost import BROWSER_SLOWDOWN

    server = game_cap(["lookahead", "greedy"]), solitaire_cap()
    monkeypatch.setattr("sys.platform", "emscripten")
    browser = game_cap(["lookahead", "greedy"]), solitaire_cap()
    for here, there in zip(server, browser, strict=True):
        assert there == pytest.approx(here / BROWSER_SLOWDOWN, abs=1)


def test_in_a_browser_kernel_the_labs_caps_promise_stop_between_games_and_name_no_server(
    widget_errors, monkeypatch
):
    # The static site's kernel has no threads: a run plays in turns, and Stop is read
    # between two games (or deals).
    # The notes read the platform; the runs here still play on a thread (no event loop).
    monkeypatch.setattr(interval_guess, "threads_allowed", lambda: False)
    monkeypatch.setattr(interval_guess, "steps_in_turns", lambda: True)
    lab = ready(strategy_lab(n_games=2))
    odds = ready(solitaire_odds_lesson(n=3, seed=2))
    assert "minutes in this browser); <i>Stop</i> ends a run once the game being played ends" in (
        lab.cap_note.value
    )
    deals = "".join(getattr(c, "value", "") for c in odds.children)
    assert "minutes in this browser); <i>Stop</i> keeps the deals played so far" in deals
    for note in (lab.cap_note.value, deals):
        assert "server" not in note and "page waits" not in note


async def _until_idle(runner) -> None:
    """Let the event loop play a browser kernel's run until it ends."""
    for _ in range(100_000):
        if not runner.running:
            return
        await asyncio.sleep(0)
    raise AssertionError("the run did not end")


def test_in_a_browser_kernel_a_run_plays_in_turns_and_stop_ends_it_before_the_next_game(
    widget_errors, monkeypatch
):
    # No thread: the click returns at once and the games play in an asyncio task that
    # pauses after each one; a Stop click read in a pause ends the run there.
    monkeypatch.setattr(work, "steps_in_turns", lambda: True)

    async def scenario() -> None:
        lab = strategy_lab(n_games=2).view
        assert lab.runner.thread is None and lab.runner.task is not None
        await _until_idle(lab.runner)
        assert "Played 2 games of 11 rounds" in lab.status.text
        lab.n_games.value = lab.n_games.max
        lab.run_button.click()
        assert lab.runner.running and not lab.series  # nothing played inside the click
        assert lab.run_button.disabled and not lab.runner.stop_button.disabled
        while len(lab.series) < 3:
            await asyncio.sleep(0)
        played = len(lab.series)
        lab.runner.stop_button.click()
        await _until_idle(lab.runner)
        assert len(set(lab.table["game"])) == played < lab.n_games.value
        assert f"Stopped after {played} of {lab.n_games.value:,} games" in lab.status.text
        assert not lab.run_button.disabled and lab.runner.stop_button.disabled

    asyncio.run(scenario())


def test_in_a_browser_kernel_a_new_run_replaces_the_one_playing_and_errors_reach_the_status(
    widget_errors, monkeypatch
):
    monkeypatch.setattr(work, "steps_in_turns", lambda: True)

    async def scenario() -> None:
        lab = strategy_lab(n_games=2).view
        await _until_idle(lab.runner)
        lab.n_games.value = lab.n_games.max
        lab.run_button.click()
        while len(lab.series) < 2:
            await asyncio.sleep(0)
        assert lab.runner.task is not None
        old = weakref.ref(lab.runner.task)
        lab.n_games.value = 3  # a new setting drops the run playing
        lab.run()  # and a new one replaces it at once
        assert lab.runner.task is not old()
        while len(lab.series) < 2:  # the new run's games
            await asyncio.sleep(0)
        gc.collect()  # nothing of the old run is left to clean up after the new one started
        assert old() is None and lab.runner.running
        assert lab.run_button.disabled and not lab.runner.stop_button.disabled
        await _until_idle(lab.runner)
        assert "Played 3 games of 11 rounds" in lab.status.text
        assert len(set(lab.table["game"])) == 3 and len(lab.series) == 3
        assert not lab.run_button.disabled and lab.runner.stop_button.disabled

        def broken(*args: object, **kwargs: object) -> None:
            raise LessonError("A broken game.")

        monkeypatch.setattr(game_runs, "play_games", broken)
        lab.run_button.click()
        await _until_idle(lab.runner)
        assert lab.status.text == "A broken game."
        assert not lab.run_button.disabled and lab.runner.stop_button.disabled

    asyncio.run(scenario())


def test_in_the_docs_build_the_labs_caps_say_the_page_waits_and_name_no_server(
    widget_errors, monkeypatch
):
    # The documentation's build plays each run before the cell returns: no Stop there.
    monkeypatch.setattr(interval_guess, "threads_allowed", lambda: False)
    lab = ready(strategy_lab(n_games=2))
    odds = ready(solitaire_odds_lesson(n=3, seed=2))
    notes = [lab.cap_note.value, "".join(getattr(c, "value", "") for c in odds.children)]
    for note, unit in zip(notes, ("games", "deals"), strict=True):
        assert (
            f"in this browser the page waits until the run ends, so start with a few {unit}"
            in (note)
        )
        assert "server" not in note and "<i>Stop</i>" not in note


def test_strategy_lab_stop_keeps_the_games_played(widget_errors):
    lab = ready(strategy_lab(n_games=2))
    lab.n_games.value = lab.n_games.max
    lab.run_button.click()
    assert lab.run_button.disabled and not lab.runner.stop_button.disabled
    wait_until(lambda: lab.progress.bar.value >= 2, "two games to be played")
    lab.runner.stop_button.click()
    lab.runner.join()
    played = len(set(lab.table["game"]))
    assert 2 <= played < lab.n_games.value
    assert "Stopped after" in lab.status.text
    assert f"{played:,} games" in lab.plot.title
    assert "nan" not in lab.verdict.value + lab.summary.value
    assert not lab.run_button.disabled and lab.runner.stop_button.disabled


def test_strategy_lab_stop_ends_a_lay_off_run_between_moves(widget_errors):
    # Lay-off searches run inside moves; they are bounded, so Stop (checked before every
    # move) ends the run promptly even with four greedy seats and lay-off on.
    lab = ready(strategy_lab(n_games=2))
    for seat in lab.seats:
        seat.value = "greedy"
    lab.lay_off.value = True
    assert lab.rules().lay_off
    lab.n_games.value = lab.n_games.max
    lab.run_button.click()
    wait_until(lambda: lab.progress.bar.value >= 1, "a game to be played")
    lab.runner.stop_button.click()
    lab.runner.join(60)
    assert not lab.runner.running
    assert "Stopped after" in lab.status.text
    assert not lab.run_button.disabled and lab.runner.stop_button.disabled


def test_strategy_lab_new_setup_during_a_run_never_brings_the_old_results_back(widget_errors):
    # The run in progress is cancelled: its partial results (of the old setup) must not
    # replace the "new setup" message a moment later, as they once did on a slow server.
    lab = ready(strategy_lab(n_games=2))
    lab.n_games.value = lab.n_games.max
    lab.run_button.click()
    wait_until(lambda: lab.progress.bar.value >= 1, "a game to be played")
    lab.rounds.value = 3
    lab.runner.join(60)
    assert not lab.runner.running and lab.runner.last is not None
    assert lab.status.text.startswith("A new setup: press Play the games")
    assert lab.table is None and lab.summary.value == "" and lab.verdict.value == ""
    assert not lab.running.visible and not lab.plot.visible
    assert lab.progress.text.value == "" and lab.progress.bar.value == 0
    assert not lab.run_button.disabled and lab.runner.stop_button.disabled


def test_strategy_lab_explains_ties_and_cuts_intervals_at_zero(widget_errors):
    lab = ready(strategy_lab(n_games=12))
    note = lab.summary.value
    assert "cut at 0" in note
    assert "shared first place" in note or "shared the lowest total" in note
    assert "– -" not in note and "−0" not in note


def test_strategy_lab_shows_the_prediction_beside_the_interval_of_4x_the_games(widget_errors):
    lab = ready(strategy_lab(n_games=3))
    lab.four_button.click()
    assert lab.status.kind == "error" and "prediction" in lab.status.text
    lab.prediction.value = "half as wide"
    lab.four_button.click()
    lab.runner.join()
    assert lab.n_games.value == 12 and lab.status.kind == "ok"
    assert "You predicted: <b>half as wide</b>" in lab.shrink.value
    assert "√(3/12)" in lab.shrink.value


def test_strategy_lab_variants_and_a_third_seat(widget_errors):
    lab = ready(strategy_lab(n_games=2))
    lab.seats[2].value = "greedy"
    lab.rounds.value = 2
    lab.bonus.value = True
    lab.n_games.value = 3
    lab.run_button.click()
    lab.runner.join()
    assert lab.status.kind == "ok"
    assert set(lab.table["player"]) == {0, 1, 2} and max(lab.table["round"]) == 2
    assert lab.verdict.value.count("<b>") == 2  # seats 2 and 3 against seat 1


def test_strategy_lab_seats_fill_from_the_left_so_results_use_the_menus_numbers(widget_errors):
    lab = ready(strategy_lab(n_games=2))
    third, fourth = lab.seats[2], lab.seats[3]
    assert fourth.layout.display == "none"  # no fourth seat before a third
    third.value = "greedy"
    assert fourth.layout.display == ""
    fourth.value = "lookahead"
    assert lab.players() == ["greedy", "random", "greedy", "lookahead"]
    third.value = third.options[0][1]  # emptied: seat 4's bot moves up, no gap is left
    assert (third.value, fourth.value) == ("lookahead", third.options[0][1])
    assert fourth.layout.display == ""  # shown, empty, for another bot
    assert lab.players() == ["greedy", "random", "lookahead"]
    lab.rounds.value = 1
    lab.run_button.click()
    lab.runner.join()
    assert lab.status.kind == "ok"
    # The results say "seat 3" for the bot the menu called seat 3.
    assert re.search(r"<td[^>]*>3</td>\s*<td[^>]*>lookahead</td>", lab.summary.value)


def test_strategy_lab_plays_the_meld_variants_from_the_variants_table(widget_errors):
    from fivecrowns_lab.core.rules import VARIANTS

    lab = ready(strategy_lab(n_games=2))
    assert list(lab.variants) == [v.field for v in VARIANTS if isinstance(v.default, bool)]
    lab.rounds.value = 2
    lab.variants["books_distinct_suits"].value = True
    lab.variants["no_all_wild_melds"].value = True
    assert lab.rules().books_distinct_suits and lab.rules().no_all_wild_melds
    lab.n_games.value = 2
    lab.run_button.click()
    lab.runner.join()
    assert lab.status.kind == "ok" and max(lab.table["round"]) == 2


# -- lesson 11 ---------------------------------------------------------------------------------


def test_a_new_seed_empties_the_progress_bar_of_the_finished_run(widget_errors):
    for lesson in (ready(strategy_lab(n_games=2)), ready(solitaire_odds_lesson(n=2, seed=2))):
        bar = lesson.progress
        assert (bar.bar.value, bar.bar.max) == (2, 2) and bar.text.value.startswith("2 of 2")
        lesson.new_seed()
        assert (bar.bar.value, bar.text.value) == (0, "")  # no "2 of 2" beside the new seed
        lesson.run_button.click()
        lesson.runner.join()
        assert bar.text.value.startswith("2 of 2")


def test_solitaire_odds_lesson_shows_the_engines_win_rate_with_its_interval(widget_errors):
    lesson = ready(solitaire_odds_lesson(n=3, seed=2))
    assert lesson.status.kind == "ok" and lesson.odds.games == 3
    assert lesson.odds == solitaire_odds(3, seed=2)
    assert "95% interval" in lesson.result_view.value
    assert "11 = a win" in lesson.plot.title and lesson.plot.data["bars"]
    lesson.n.value = 2
    lesson.run_button.click()
    lesson.runner.join()
    assert lesson.odds.games == 2 and lesson.progress.bar.value == 2


def test_solitaire_odds_numbers_the_hands_1_to_11_as_lesson_05_does(widget_errors):
    # Lesson 05 says "Hand k has k + 2 cards"; this chart's axis once counted 3 to 13.
    lesson = ready(solitaire_odds_lesson(n=3, seed=2))
    bars = lesson.by_hand.data["bars"]
    assert [bar["k"] for bar in bars] == list(ROUNDS)
    odds = lesson.odds
    assert [bar["value"] * odds.games for bar in bars] == pytest.approx(odds.closed_by_hand)
    x = lesson.by_hand.spec["layer"][0]["encoding"]["x"]
    assert x["field"] == "k" and x["title"] == "hand (hand k has k + 2 cards)"
    worst = min(ROUNDS, key=lambda k: odds.closed_by_hand[k - 1])
    assert f"hand {worst} ({hand_size(worst)} cards) closed least often" in (lesson.by_hand.label)


def test_solitaire_odds_stop_keeps_the_deals_played(widget_errors):
    lesson = ready(solitaire_odds_lesson(n=2))
    lesson.n.value = solitaire_cap()
    lesson.run_button.click()
    wait_until(lambda: lesson.progress.bar.value >= 2, "two deals")
    lesson.runner.stop_button.click()
    lesson.runner.join()
    assert 2 <= lesson.odds.games < lesson.n.value
    assert "Stopped after" in lesson.status.text


def test_solitaire_odds_new_seed_during_a_run_never_brings_the_old_deals_back(widget_errors):
    lesson = ready(solitaire_odds_lesson(n=2))
    lesson.n.value = solitaire_cap()
    lesson.run_button.click()
    wait_until(lambda: lesson.progress.bar.value >= 1, "a deal to be played")
    lesson.new_seed_button.click()
    lesson.runner.join(60)
    assert not lesson.runner.running and lesson.runner.last is not None
    assert "press Play the deals" in lesson.status.text, lesson.status.text
    assert lesson.odds is None and lesson.result_view.value == ""
    assert not lesson.running.visible and not lesson.plot.visible


def test_solitaire_odds_prediction_of_4x_the_deals(widget_errors):
    lesson = ready(solitaire_odds_lesson(n=2))
    lesson.prediction.value = "a quarter as wide"
    lesson.four_button.click()
    lesson.runner.join()
    assert lesson.odds.games == 8
    assert "You predicted: <b>a quarter as wide</b>" in lesson.shrink.value


# -- quizzes -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("factory", "topic"),
    [
        (lambda: wild_count_lesson(), "wilds"),
        (lambda: go_out_lesson(n=200), "go-out"),
        (lambda: outs_lesson(), "outs"),
        (lambda: strategy_lab(n_games=2), "strategy"),
        (lambda: solitaire_odds_lesson(n=1), "solitaire-odds"),
    ],
)
def test_every_odds_lesson_ends_with_its_quiz(widget_errors, factory, topic):
    lesson = factory()
    if hasattr(lesson.view, "runner"):
        lesson.view.runner.join()
    assert lesson.quiz.questions == QUIZZES[topic] and len(QUIZZES[topic]) >= 2
    right = [a.correct for a in QUIZZES[topic][0].answers].index(True)
    assert lesson.quiz.answer(0, right) is True


# -- the runner --------------------------------------------------------------------------------


def test_runner_stops_at_its_time_budget_and_says_so(widget_errors):
    from fivecrowns_lab.views.work import Progress, Runner

    outcomes = []
    runner = Runner(Progress("game"), lambda f: f, [], budget=-1.0)  # always out of time

    def work(_stop):
        yield from ((i + 1, 10) for i in range(10))

    runner.start(work, outcomes.append, background=False)
    assert outcomes[0].why == "time" and outcomes[0].done < 10
    assert "time limit" in outcomes[0].sentence("game")
    assert runner.stop_button.disabled


def test_runner_finishes_when_the_work_is_done(widget_errors):
    from fivecrowns_lab.views.work import Progress, Runner

    outcomes = []
    progress = Progress("game")
    runner = Runner(progress, lambda f: f, [])
    runner.start(lambda _stop: ((i + 1, 3) for i in range(3)), outcomes.append)
    runner.join()
    assert outcomes[0].complete and outcomes[0].done == 3
    assert progress.text.value == "3 of 3 games"


def test_strategy_lab_says_1_round_not_1_rounds(widget_errors):
    lab = ready(strategy_lab(n_games=2))
    lab.rounds.value = 1
    lab.run(background=False)
    assert lab.status.text.startswith("Played 2 games of 1 round (seed ")
    assert lab.progress.text.value == "2 of 2 games"


def test_the_plural_helper_agrees_with_one_and_only_one():
    from fivecrowns_lab.errors import plural
    from fivecrowns_lab.views.work import Outcome

    assert [plural(n, "round") for n in (0, 1, 2, -1)] == [
        "0 rounds",
        "1 round",
        "2 rounds",
        "-1 round",
    ]
    assert plural(1, "success", "successes") == "1 success"
    assert Outcome(1, 1, "finished", 0.5).sentence("deal") == "Finished the 1 deal in 0.5 s."
    assert Outcome(0, 1, "stopped", 0.5).sentence("deal").startswith("Stopped after 0 of 1 deal ")


# -- commit before reveal, and no stale screen (issue 18) ---------------------------------------


def test_wild_count_hides_the_exact_answer_until_the_guess_is_committed(widget_errors):
    lesson = wild_count_lesson(round_no=5, seed=2026).view
    exact = lesson.exact
    top = max(exact, key=exact.__getitem__)
    assert not lesson.plot.visible and not lesson.running.visible
    assert pct(exact[top]) not in lesson.table.value + lesson.prediction_view.value
    assert lesson.after_commit.layout.display == "none"
    lesson.commit.commit_button.click()  # no guess chosen yet
    assert lesson.status.kind == "error" and "First predict" in lesson.status.text
    lesson.guess_k.value = 2
    assert lesson.status.kind != "error", "the warning leaves once the guess is made"
    lesson.guess_share.value = 20
    lesson.commit.commit_button.click()
    assert lesson.commit.committed and lesson.plot.visible
    shown = lesson.prediction_view.value
    assert "your prediction" in shown and "20%" in shown and pct(exact[top]) in shown
    assert "The most common number of wilds in round 5 is 1 (" in shown and "not 2." in shown
    assert f"hands with 2 wilds are {pct(exact[2])}, so your share was" in shown
    entry = lesson.predictions[-1]
    assert entry["lesson"] == "07" and entry["guess"] == {"wilds": 2, "share": 0.2}
    assert entry["truth"]["wilds"] == top and not entry["skipped"]


def test_wild_count_just_show_me_is_recorded_as_skipped(widget_errors):
    lesson = wild_count_lesson(round_no=3).view
    lesson.commit.skip_button.click()
    assert lesson.predictions[-1]["guess"] is None and lesson.predictions[-1]["skipped"]
    assert "You skipped the guess" in lesson.prediction_view.value
    lesson.deal_buttons[2].click()
    assert lesson.dealt == 100 and lesson.plot.visible


def test_wild_count_running_estimate_grows_with_its_interval_and_animates(widget_errors):
    lesson = wild_count_lesson(round_no=5, seed=2026).view
    commit_guess(lesson)
    lesson.deal_buttons[2].click()
    first = list(lesson.running.data["running"])
    lesson.deal_buttons[3].click()
    rows = lesson.running.data["running"]
    assert rows[: len(first)] == first, "new points are appended, so the chart can animate"
    assert rows[-1]["n"] == 1100 and all(r["low"] <= r["value"] <= r["high"] for r in rows)
    assert lesson.running.animate == ["running"]
    marks = {m["series"]: m["value"] for m in lesson.running.data["marks"]}
    assert marks == {"exact": float(lesson.exact[1]), "your guess": 0.4}


def test_wild_count_gap_is_explained_in_words_for_the_rare_count(widget_errors):
    lesson = wild_count_lesson(round_no=5, seed=2026).view
    commit_guess(lesson)
    for button in (2, 3, 3, 3, 3, 3):
        lesson.deal_buttons[button].click()
    text = lesson.gap_view.value
    assert lesson.dealt == 5100 and "<b>4 wilds</b>" in text
    assert f"{pct(lesson.counts[4] / 5100)} of your 5,100 hands" in text
    assert f"where the exact share is {pct(lesson.exact[4])}" in text and "swings" in text


def test_wild_count_100_intervals_count_how_many_hold_the_exact_value(widget_errors):
    lesson = wild_count_lesson(round_no=5, seed=2026).view
    commit_guess(lesson)
    lesson.coverage_button.click()
    rows = lesson.coverage.data["intervals"]
    p = float(lesson.exact[1])
    held = sum(1 for r in rows if r["low"] <= p <= r["high"])
    assert len(rows) == 100 and 85 <= held <= 100
    assert f"{held} of 100 intervals hold the exact value" in lesson.coverage_view.value
    assert all(
        (r["series"] == "holds the exact value") == (r["low"] <= p <= r["high"]) for r in rows
    )
    lesson.sample_size.value = 400
    assert lesson.coverage_view.value == "" and not lesson.coverage.visible, "stale after a change"
    lesson.round.value = 6
    assert not lesson.coverage.visible and lesson.gap_view.value == ""


def test_go_out_lesson_hides_plot_and_table_until_the_guess(widget_errors):
    lesson = go_out_lesson(n=200, seed=3).view
    assert lesson.results.layout.display == "none"
    lesson.commit.commit_button.click()
    assert lesson.status.kind == "error" and lesson.results.layout.display == "none"
    lesson.hardest.value = 1
    lesson.commit.commit_button.click()
    assert lesson.results.layout.display == ""
    text = lesson.reveal_view.value
    hardest = min(exact_rounds(), key=lambda r: go_out_on_deal(r).probability)
    assert f"round {hardest}</b>" in text and "You guessed <b>round 1</b>" in text
    assert lesson.predictions[-1]["guess"] == 1 and lesson.predictions[-1]["truth"] == hardest


def test_go_out_explanation_leaves_when_the_question_changes(widget_errors):
    lesson = go_out_lesson(n=200, seed=3).view
    lesson.commit.skip_button.click()
    lesson.guess.value = "Threes split evenly."
    lesson.explain_button.click()
    assert "The exact chances:" in lesson.explanation.value
    lesson.question.value = "penalty of a dealt hand"
    lesson.runner.join()
    assert lesson.explanation.value == "", "the go-out explanation is stale under penalties"
    lesson.explain_button.click()
    assert lesson.status.kind == "error" and lesson.explanation.value == ""
    lesson.seed.value = 9
    assert (
        lesson.table.value == ""
        and not lesson.plot.visible
        and "press Simulate" in (lesson.status.text)
    )


def test_go_out_counting_steps_build_round_1_from_its_cases(widget_errors):
    from fractions import Fraction

    from fivecrowns_lab.odds.counting import count_round, go_out_by_wilds

    steps = go_out_lesson(n=200).view.counting
    assert steps.previous_button.disabled and "253,460" in steps.body.value
    cases = go_out_by_wilds(1)
    for case in cases:
        steps.next_button.click()
        assert f"<b>{case.deals:,}</b> deals" in steps.body.value
        assert f"<b>{case.go_out:,}</b> go out" in steps.body.value
    steps.next_button.click()
    total = count_round(1)
    assert Fraction(total.go_out, total.deals) == Fraction(1336, 12673)
    assert "<sup>1,336</sup>&frasl;<sub>12,673</sub>" in steps.body.value
    assert steps.next_button.disabled
    steps.previous_button.click()
    assert "add the cases" not in steps.body.value


def test_outs_lesson_deals_a_hand_with_outs_and_says_so(widget_errors):
    lesson = outs_lesson(round_no=4, seed=1).view
    for _ in range(5):
        lesson.deal_button.click()
        assert lesson.result is not None and lesson.result.outs
        assert "waiting for outs" in lesson.status.text
        assert lesson.outs_view.value == "", "the outs wait for the guess"


def test_outs_guess_is_shown_beside_the_truth(widget_errors):
    lesson = outs_lesson().view
    lesson.guess_outs.value = "20"
    lesson.commit.commit_button.click()
    assert "You guessed <b>20</b>; the hand has <b>24</b>" in lesson.reveal_view.value
    assert lesson.predictions[-1] == {**lesson.predictions[-1], "guess": 20, "truth": 24}
    lesson.draws.value = 3  # same question: the answer stays
    assert "24</b> of the" in lesson.outs_view.value


def test_shrink_feedback_judges_the_prediction_against_the_theory():
    from fivecrowns_lab.views.interval_guess import shrink_verdict

    text = shrink_verdict("half as wide", 0.37, 30, 120, "deals")
    assert text.startswith("Your prediction is right: theory says <b>half as wide</b>")
    assert "measured 0.37×" in text and "a quarter as wide" in text
    assert "The closest choice" not in text
    wrong = shrink_verdict("a quarter as wide", 0.52, 30, 120, "deals")
    assert wrong.startswith("Theory says <b>half as wide</b>, not a quarter as wide")
    assert "This run agrees" in wrong


def test_strategy_lab_new_setup_clears_the_old_results(widget_errors):
    lab = ready(strategy_lab(n_games=3))
    lab.prediction.value = "half as wide"
    lab.four_button.click()
    lab.runner.join()
    assert lab.shrink.value and lab.summary.value and lab.plot.visible
    assert lab.predictions[-1]["guess"] == "half as wide"
    lab.rounds.value = 5
    assert lab.shrink.value == "" and lab.summary.value == "" and lab.verdict.value == ""
    assert not lab.plot.visible and lab.download.value == "" and lab.prediction.value == ""


def test_strategy_lab_just_show_me_plays_4x_and_records_the_skip(widget_errors):
    lab = ready(strategy_lab(n_games=2))
    lab.skip_button.click()
    lab.runner.join()
    assert lab.n_games.value == 8 and lab.predictions[-1]["skipped"]
    assert "no prediction (skipped)" in lab.shrink.value


def test_solitaire_odds_says_what_it_did_with_0_deals(widget_errors):
    lesson = ready(solitaire_odds_lesson(n=2))
    lesson.n.value = 0
    cap = f"{solitaire_cap():,}"
    assert lesson.n.value == 1 and f"Deals are 1 to {cap}; playing 1." in lesson.status.text
    assert not lesson.running.visible, "the results of 2 deals left with the old count"


def test_scoring_lesson_says_what_it_did_with_99_players(widget_errors):
    from fivecrowns_lab.lessons import scoring_lesson

    lesson = scoring_lesson().view
    lesson.players.value = 99
    assert lesson.players.value == 7 and "99 became 7" in lesson.status.text
    assert len(lesson.game.names) == 7


def test_scoring_lesson_reveals_a_score_only_after_a_guess_or_a_skip(widget_errors):
    from fivecrowns_lab.lessons import scoring_lesson

    lesson = scoring_lesson().view
    lesson.step_button.click()
    assert lesson.status.kind == "error" and lesson.shown == 0
    lesson.guess.value = "12"
    lesson.step_button.click()
    assert lesson.shown == 1 and "Your guess 12" in lesson.steps.value
    lesson.skip_button.click()
    assert lesson.shown == 2 and lesson.predictions[-1]["guess"] is None


def test_chart_update_sends_new_rows_not_a_new_spec(widget_errors):
    lesson = wild_count_lesson(round_no=5, seed=1).view
    lesson.commit.skip_button.click()
    specs, rows = [], []
    lesson.plot.observe(lambda change: specs.append(change), names="spec")
    lesson.plot.observe(lambda change: rows.append(change), names="data")
    lesson.deal_buttons[1].click()
    lesson.deal_buttons[1].click()
    assert specs == [] and len(rows) == 2, "only data cross to the browser when data change"
    lesson.round.value = 6
    lesson.commit.skip_button.click()
    assert specs, "a new round is a new chart (new title and categories)"


def test_every_chart_is_labelled_for_a_screen_reader(widget_errors):
    lesson = wild_count_lesson(round_no=5).view
    lesson.commit.skip_button.click()
    lesson.deal_buttons[2].click()
    for chart in (lesson.plot, lesson.running):
        assert chart.visible and len(chart.label) > 40 and chart.summary
        assert "%" in chart.summary, "the summary states the key numbers"


def test_solitaire_running_estimate_moves_while_the_deals_are_played(widget_errors, monkeypatch):
    # The chart redraws every LIVE_SECONDS of a run; at 0 it redraws after every deal, so
    # the test does not hang on how fast this machine plays (40 deals could end in 0.5 s,
    # before a first redraw), and a run of 400 deals lasts long enough to be caught midway.
    monkeypatch.setattr(views_solitaire_odds, "LIVE_SECONDS", 0.0)
    lesson = ready(solitaire_odds_lesson(n=2))
    lesson.n.value = 400
    lesson.run_button.click()  # in the background
    wait_until(
        lambda: lesson.runner.running and 2 <= len(lesson.running.data.get("running", [])) < 400,
        "the running chart to show the deals so far, mid-run",
    )
    lesson.runner.stop()
    lesson.runner.join()
    rows = lesson.running.data["running"]
    assert [r["n"] for r in rows] == list(range(1, len(rows) + 1))


def test_a_stacked_table_labels_every_cell_with_its_column_for_a_phone():
    html = table_html(["seat", "<b>mean</b> total", "95% interval"], [["1", "28.6", "21 – 36"]])
    assert "data-label" not in html and "fc-stack" not in html
    html = table_html(
        ["seat", "<b>mean</b> total", "95% interval"], [["1", "28.6", "21 – 36"]], stack=True
    )
    assert "class='fc-table fc-stack'" in html
    assert "<td data-label='seat'>1</td>" in html
    assert "<td data-label='mean total'>28.6</td>" in html  # the header's tags dropped
    assert "<td data-label='95% interval'>21 – 36</td>" in html
    quoted = table_html(["it's"], [["x"]], stack=True)
    assert "data-label='it&#x27;s'" in quoted  # a quote cannot end the attribute early
