"""Lesson 08's verdict on "which round is hardest" compares like with like.

Exact values decide only when every round has one; otherwise the learner's simulation
decides for every round alike, and rounds whose intervals overlap the hardest one's are
called too close to tell. (The old verdict compared round 8's exact penalty, 36.3, with
round 9's simulated 36.9, while the table beside it showed round 8 simulated at 37.5.)
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fivecrowns_lab.core.rules import ROUNDS
from fivecrowns_lab.errors import LessonError
from fivecrowns_lab.odds.hardest import judge_hardest
from fivecrowns_lab.odds.probability import Estimate


def _sim(r: int, value: float, half: float = 0.5) -> Estimate:
    return Estimate("q", r, value, (value - half, value + half), "simulate", 100, r)


def _exact(r: int, value: float) -> Estimate:
    return Estimate("q", r, value, (value, value), "exact")


def test_hardest_round_uses_exact_values_when_every_round_has_one():
    exact = {r: _exact(r, 10.0 + r) for r in ROUNDS}
    sims = {r: _sim(r, 50.0 - r) for r in ROUNDS}  # a wild simulation must not matter
    verdict = judge_hardest(sims, exact, highest=True, guess=11)
    assert (verdict.hardest, verdict.exact, verdict.tied, verdict.outcome) == (
        11,
        True,
        (),
        "right",
    )


def test_hardest_round_never_compares_an_exact_value_with_a_simulated_one():
    # the case: round 8 exact 36.3 but simulated 37.54; round 9 simulated only 36.91
    exact = {r: _exact(r, 28.0 + r) for r in range(1, 9)} | {9: None, 10: None, 11: None}
    exact[8] = _exact(8, 36.3)
    sims = {r: _sim(r, 28.0 + r, 0.1) for r in ROUNDS}
    sims[8], sims[9], sims[10], sims[11] = (
        _sim(8, 37.54, 0.1),
        _sim(9, 36.91, 0.1),
        _sim(10, 30.0, 0.1),
        _sim(11, 30.0, 0.1),
    )
    verdict = judge_hardest(sims, exact, highest=True, guess=8)
    assert not verdict.exact
    assert verdict.hardest == 8 and verdict.outcome == "right"
    assert verdict.values[8] == pytest.approx(37.54)  # the simulated value, as in the table


def test_hardest_round_too_close_to_tell_when_intervals_overlap():
    sims = {r: _sim(r, 10.0, 0.2) for r in ROUNDS}
    sims[6], sims[7] = _sim(6, 1.0, 0.5), _sim(7, 1.2, 0.5)
    verdict = judge_hardest(sims, {r: None for r in ROUNDS}, highest=False, guess=7)
    assert verdict.hardest == 6 and verdict.tied == (7,) and verdict.outcome == "cannot tell"
    wrong = judge_hardest(sims, {r: None for r in ROUNDS}, highest=False, guess=1)
    assert wrong.outcome == "wrong" and wrong.ratio() == pytest.approx(10.0)


def test_hardest_round_refuses_with_the_rounds_that_are_not_simulated_yet():
    exact = {r: (_exact(r, 0.5) if r < 5 else None) for r in ROUNDS}
    sims = {r: _sim(r, 0.4) for r in range(1, 7)}
    with pytest.raises(LessonError, match=r"Rounds 7, 8, 9, 10, 11 are not simulated yet"):
        judge_hardest(sims, exact, highest=False, guess=3)


@given(
    # whole values: the overlap test below is then exact arithmetic
    values=st.lists(st.integers(min_value=0, max_value=50).map(float), min_size=11, max_size=11),
    guess=st.sampled_from(ROUNDS),
    highest=st.booleans(),
)
def test_hardest_round_property_the_hardest_is_extreme_and_ties_overlap(values, guess, highest):
    sims = {r: _sim(r, v, 1.0) for r, v in zip(ROUNDS, values, strict=True)}
    verdict = judge_hardest(sims, {}, highest=highest, guess=guess)
    best = (max if highest else min)(values)
    assert verdict.values[verdict.hardest] == best
    for r in ROUNDS:
        overlaps = abs(verdict.values[r] - best) <= 2.0
        assert (r in verdict.tied) == (overlaps and r != verdict.hardest)
    assert (verdict.outcome == "right") == (guess == verdict.hardest)


# -- the lesson's words ---------------------------------------------------------------------------


def test_lesson_08_penalty_verdict_reads_the_simulated_values_the_table_shows(widget_errors):
    from fivecrowns_lab.lessons import go_out_lesson
    from fivecrowns_lab.views.verdicts import PATTERN_PROMPTS

    lesson = go_out_lesson(n=200, seed=3).view
    lesson.question.value = "penalty of a dealt hand"
    lesson.runner.join()
    sims = {r: float(sim.value) for r, (_e, sim) in lesson.estimates.items()}
    assert len(sims) == len(ROUNDS)
    hardest = max(sims, key=lambda r: sims[r])
    guess = min(sims, key=lambda r: sims[r])
    lesson.hardest.value = guess
    lesson.commit.commit_button.click()
    text = lesson.reveal_view.value
    assert f"In your simulation the hardest is <b>round {hardest}</b>" in text
    # the guess is quoted with its simulated value, never its exact one
    assert f"{sims[guess]:.1f} penalty points on average" in text
    assert "(both from your simulation)" in text
    # the prompts speak of this question, not of going out on the deal
    assert PATTERN_PROMPTS["penalty of a dealt hand"] in lesson.pattern_prompt.value
    assert "go out" not in lesson.pattern_prompt.value + lesson.status.text
    assert lesson.explain_button.layout.display == "none"
    assert lesson.counting.layout.display == "none"


def test_lesson_08_stopped_first_turn_run_says_what_it_lacks_not_that_it_is_ready(widget_errors):
    from fivecrowns_lab.lessons import go_out_lesson
    from tests.test_views_probability import wait_until

    lesson = go_out_lesson(n=200, seed=1).view
    lesson.question.value = "go out on the first turn"
    lesson.runner.join()
    lesson.n.value = 5000
    lesson.run()  # in the background
    wait_until(lambda: lesson.progress.bar.value > 5000, "the first round to finish")
    lesson.runner.stop_button.click()
    lesson.runner.join()
    assert 1 <= len(lesson.estimates) < len(ROUNDS)
    assert "ready" not in lesson.status.text
    assert "are not simulated yet" in lesson.status.text
    lesson.hardest.value = 11
    lesson.commit.commit_button.click()
    assert lesson.status.kind == "error" and "are not simulated yet" in lesson.status.text
