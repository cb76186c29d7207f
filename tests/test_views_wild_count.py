"""Lesson 07's feedback (issue 48): a verdict that compares like with like, a plain gap
paragraph with its z-score reasoning behind a *Why?*, and a second try after the reveal."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

pytest.importorskip("ipywidgets")

from fivecrowns_lab.core.rules import ROUNDS, hand_size
from fivecrowns_lab.lessons import wild_count_lesson
from fivecrowns_lab.odds.counting import WILDS_IN_DECK, wild_count_distribution
from fivecrowns_lab.views.plots import pct
from fivecrowns_lab.views.wild_words import guess_verdict


def _text(html: str) -> str:
    return re.sub(r"<[^>]+>", "", html)


def _main_and_why(html: str) -> tuple[str, str]:
    """The gap panel's plain paragraph, and its ``<details>`` block."""
    main, _sep, why = html.partition("<details>")
    assert why, "the gap panel has a Why? block"
    return _text(main), _text(why)


@st.composite
def guesses(draw: st.DrawFn) -> tuple[int, int, int]:
    r = draw(st.sampled_from(ROUNDS))
    k = draw(st.integers(0, min(hand_size(r), WILDS_IN_DECK)))
    return r, k, draw(st.integers(0, 20)) * 5


@given(guesses())
def test_wild_count_verdict_compares_the_share_with_the_number_the_learner_chose(guess):
    r, k, share = guess
    exact = wild_count_distribution(r)
    top = max(exact, key=exact.__getitem__)
    text = guess_verdict(r, exact, k, share)
    truth = 100 * float(exact[k])
    wilds = f"{k} wild" if k == 1 else f"{k} wilds"
    assert f"You said {wilds} in {share}% of hands: hands with {wilds} are {pct(exact[k])}" in text
    size = f"{abs(share - truth):.1f}"
    if k == top:
        assert text.startswith(f"You were right: {wilds} is the most common number in round {r}.")
    else:
        assert text.startswith(
            f"The most common number of wilds in round {r} is {top} ({pct(exact[top])} of "
            f"hands), not {k}."
        )
    if abs(share - truth) < 0.05:
        assert text.endswith("so your share was exactly right.")
    elif abs(share - truth) <= max(2.0, 0.1 * truth):
        assert text.endswith(f"so your share was very close ({size} points off).")
    else:
        side = "high" if share > truth else "low"
        assert text.endswith(f"so your share was {size} points too {side}.")


@pytest.mark.parametrize(
    ("r", "k", "share"), [(5, 0, 45), (5, 2, 20), (1, 0, 50), (11, 3, 25), (8, 1, 35)]
)
def test_wild_count_verdict_names_no_share_of_another_number_beside_the_gap(r, k, share):
    exact = wild_count_distribution(r)
    text = guess_verdict(r, exact, k, share)
    gap_part = text.rsplit(": ", 1)[1]  # "hands with k wilds are p%, so your share was ..."
    shares = re.findall(r"\d+(?:\.\d+)?%", gap_part)
    assert shares == [pct(exact[k])], "the gap is measured against the chosen number's share"


def test_wild_count_verdict_in_round_5_reads_as_a_learner_would_say_it():
    exact = wild_count_distribution(5)
    assert guess_verdict(5, exact, 0, 45) == (
        f"The most common number of wilds in round 5 is 1 ({pct(exact[1])} of hands), not 0. "
        f"You said 0 wilds in 45% of hands: hands with 0 wilds are {pct(exact[0])}, so your "
        f"share was {45 - 100 * float(exact[0]):.1f} points too high."
    )


@pytest.mark.parametrize(("deals", "unusual"), [((2,), False), ((2, 3, 3, 3, 3, 3), True)])
def test_wild_count_gap_paragraph_is_plain_and_the_z_score_waits_behind_why(
    widget_errors, deals, unusual
):
    lesson = wild_count_lesson(round_no=5, seed=2026).view
    lesson.guess_k.value = 1
    lesson.guess_share.value = 40  # an untouched slider is no guess
    lesson.commit.commit_button.click()
    for button in deals:
        lesson.deal_buttons[button].click()
    main, why = _main_and_why(lesson.gap_view.value)
    for word in ("z-score", "standard error", "swing"):
        assert word not in main.lower(), f"{word!r} belongs behind Why?"
    assert not re.search(r"\bz\b", main)
    assert "z-score" in why and "standard error" in why and "swings" in why
    assert ("unusual gap?" in why) == unusual and ("a usual gap?" in why) == (not unusual)
    assert "percentage points off" in main and f"your {lesson.dealt:,} hands" in main
    assert ("bigger gap than usual" in main) == unusual


def test_wild_count_try_again_opens_a_second_guess_recorded_as_a_new_prediction(widget_errors):
    lesson = wild_count_lesson(round_no=5, seed=2026).view
    sent: list[dict] = []
    lesson.predictions.send = sent.append  # what a student in a class shares
    assert lesson.try_again_button.layout.display == "none", "nothing to try again yet"
    lesson.guess_k.value, lesson.guess_share.value = 0, 45
    lesson.commit.commit_button.click()
    lesson.deal_buttons[2].click()
    assert lesson.try_again_button.layout.display == "" and lesson.guess_k.disabled
    lesson.try_again_button.click()
    assert not lesson.commit.committed and not lesson.guess_k.disabled
    assert (lesson.guess_k.value, lesson.guess_share.value) == (0, 45), "the last guess stays"
    assert lesson.prediction_view.value == "" and lesson.after_commit.layout.display == "none"
    assert lesson.dealt == 0 and lesson.try_again_button.layout.display == "none"
    assert "Guess again" in lesson.status.text
    lesson.guess_k.value, lesson.guess_share.value = 1, 40
    lesson.commit.commit_button.click()
    assert [p["guess"] for p in lesson.predictions] == [
        {"wilds": 0, "share": 0.45},
        {"wilds": 1, "share": 0.4},
    ]
    assert "You were right" in lesson.prediction_view.value
    shares = [r["guess"] for r in sent if r["question"] == "07/share-of-most-common/round-5"]
    assert shares == [45, 40], "the class gets the second guess too (and keeps the latest)"
    lesson.try_again_button.click()
    lesson.round.value = 11  # a new round for the second try
    assert lesson.guess_k.value == -1 and not lesson.commit.committed
    lesson.commit.skip_button.click()
    assert lesson.predictions[-1]["skipped"] and "round 11" in lesson.predictions[-1]["question"]


def test_wild_count_try_again_after_just_show_me_asks_for_a_guess(widget_errors):
    lesson = wild_count_lesson(round_no=3, seed=1).view
    lesson.commit.skip_button.click()
    lesson.try_again_button.click()
    assert lesson.guess_k.value == -1 and not lesson.skipped
    lesson.commit.commit_button.click()
    assert lesson.status.kind == "error" and "First predict" in lesson.status.text


def test_wild_count_untouched_share_slider_refuses_the_commit_rule(widget_errors):
    # Issue 48's rule: an untouched slider is no guess (its starting 30% is not the
    # learner's), as lesson 09's empty box is no guess of 0.
    lesson = wild_count_lesson(round_no=5, seed=2026).view
    lesson.guess_k.value = 2
    lesson.commit.commit_button.click()
    assert lesson.status.kind == "error" and not lesson.commit.committed
    assert "Move the slider to your guess first" in lesson.status.text
    assert "2 wilds" in lesson.status.text and len(lesson.predictions) == 0
    assert lesson.prediction_view.value == "" and lesson.after_commit.layout.display == "none"
    lesson.guess_share.value = 30 + lesson.guess_share.step  # moved, then
    assert lesson.status.kind == "info" and "Now press Commit my guess" in lesson.status.text
    lesson.commit.commit_button.click()
    assert lesson.commit.committed
    assert lesson.predictions[-1]["guess"] == {"wilds": 2, "share": 0.35}
    lesson.try_again_button.click()  # the learner's own share stays theirs
    lesson.commit.commit_button.click()
    assert lesson.commit.committed and lesson.predictions[-1]["guess"]["share"] == 0.35


def test_wild_count_untouched_share_slider_refusal_is_in_danish_rule(widget_errors):
    from fivecrowns_lab import language

    with language("da"):
        lesson = wild_count_lesson(round_no=5, seed=2026).view
        lesson.guess_k.value = 1
        lesson.commit.commit_button.click()
        refused = lesson.status.text
    assert lesson.status.kind == "error" and not lesson.commit.committed
    assert "Flyt" in refused and "slider" not in refused, refused
