"""Decimals and percentages in the learner's language (issue 22): Danish pages write a
decimal comma and "21,8 %"; English pages keep "21.8%". Also the class dashboard's
experiment labels and figures, written in the page's language."""

from __future__ import annotations

import re
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest

from fivecrowns_lab import language
from fivecrowns_lab.classroom.experiments import (
    EXPERIMENTS,
    draw_out_id,
    experiment_label,
    find_experiment,
    seat_win_id,
)
from fivecrowns_lab.classroom.pages import dashboard_report, dashboard_words
from fivecrowns_lab.classroom.report import (
    ClassReport,
    ExperimentSummary,
    QuestionSummary,
    StudentEstimate,
)
from fivecrowns_lab.core.cards import parse_cards
from fivecrowns_lab.i18n import number, number_text, percent
from fivecrowns_lab.views.plots import pct

#: An English decimal (one or two places, so a Danish thousands dot "1.000" is not one),
#: or a percent sign with no space before it: neither belongs on a Danish page.
ENGLISH_NUMBER = re.compile(r"\d\.\d{1,2}(?!\d)|\d%")
#: A Danish percentage: "21,8 %", "0 %".
DANISH_PERCENT = re.compile(r"\d(,\d+)? %")


def _text(html: str) -> str:
    return re.sub(r"<[^>]+>", " ", html)


def test_numbers_and_percentages_in_either_language():
    assert (number(1234.5, 1), percent(0.218), percent(0.5, 0)) == ("1,234.5", "21.8%", "50%")
    assert number(0.123456, spec=".3g") == "0.123" and number(1000) == "1,000"
    assert (pct(0.384), pct(1e-7), pct(0.9996), pct(0)) == ("38.4%", "<0.001%", ">99.9%", "0%")
    with language("da"):
        assert number(1234.5, 1) == "1.234,5" and number(1000) == "1.000"
        assert (percent(0.218), percent(Fraction(1, 2), 0)) == ("21,8 %", "50 %")
        assert (pct(0.384), pct(1e-7), pct(0.9996), pct(0)) == (
            "38,4 %",
            "<0,001 %",
            ">99,9 %",
            "0 %",
        )
        assert number_text("95% of 2.5") == "95 % of 2,5"


def test_negative_numbers_take_the_minus_sign_of_the_prose_in_either_language():
    # The prose writes "the \u221210 bonus"; a number printed beside it uses the same sign.
    assert (number(-83.5, 1), number(-1234), percent(-0.25, 0)) == (
        "\u221283.5",
        "\u22121,234",
        "\u221225%",
    )
    with language("da"):
        assert (number(-83.5, 1), number(-1234)) == ("\u221283,5", "\u22121.234")
    assert "-" not in number(-10) and number(10) == "10"


def test_a_value_that_is_not_a_number_is_refused_in_one_sentence():
    with pytest.raises(TypeError, match=r"^'2\.5' is not a number to write\.$"):
        number("2.5", 1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="not a number"):
        percent(True)


def test_lesson_07_reveal_writes_danish_percentages(widget_errors):
    from fivecrowns_lab.lessons import wild_count_lesson

    with language("da"):
        view = wild_count_lesson(round_no=5, seed=2026).view
        view.guess_k.value = 1
        view.guess_share.value = 40  # an untouched slider is no guess
        view.commit.commit_button.click()
        view.deal_buttons[2].click()  # Deal 100
        shown = _text(view.prediction_view.value + view.table.value) + view.status.text
    assert DANISH_PERCENT.search(shown) and ENGLISH_NUMBER.search(shown) is None, shown
    assert re.search(r"i gennemsnit \d,\d{3} vilde kort", shown), shown


def test_lesson_09_outs_sentence_writes_danish_percentages(widget_errors):
    from fivecrowns_lab.lessons import outs_lesson

    with language("da"):
        view = outs_lesson().view
        view.guess_outs.value = "20"
        view.commit.commit_button.click()
        view.drawing.buttons[1].click()  # draw 100
        shown = _text(view.outs_view.value + view.drawing.view.value)
    assert DANISH_PERCENT.search(shown) and ENGLISH_NUMBER.search(shown) is None, shown


def test_lesson_10_summary_writes_danish_decimals_and_percentages():
    from fivecrowns_lab.views.strategy_lab import StrategyLab

    with language("da"):
        lab = StrategyLab(("greedy", "random"), n_games=4, background=False)
        lab.rounds.value = 2
        lab.run(background=False)
        shown = _text(lab.summary.value + lab.verdict.value + lab.cap_note.value)
    assert "2,5 minutter" in shown and DANISH_PERCENT.search(shown), shown
    assert ENGLISH_NUMBER.search(shown) is None, shown


def _named_ids() -> list[str]:
    hand = parse_cards("QS 8H 9H 10H QC KD")
    return [
        draw_out_id(4, hand),
        draw_out_id(4, hand, parse_cards("3C 4D")),
        seat_win_id(["lookahead", "greedy"], 11, ["lay_off", "going_out_bonus"]),
        seat_win_id(["greedy", "random", "random"], 1),
    ]


def test_experiment_labels_in_english_are_the_records_labels_and_danish_on_a_danish_page():
    ids = [*EXPERIMENTS, *_named_ids()]
    assert [experiment_label(i) for i in ids] == [find_experiment(i).label for i in ids]
    assert experiment_label("no-such-experiment") == "no-such-experiment"
    with language("da"):
        labels = [experiment_label(i) for i in ids]
    assert "Hænder med det hyppigste antal vilde kort, runde 5: 1 vildt kort" in labels
    assert "Gå ud på given, runde 2" in labels and "Gå ud i første tur, runde 11" in labels
    assert "Kabale: botten vinder en givning" in labels
    assert labels[-4:] == [
        "Træk et udgangskort, runde 4: 8♥ 9♥ 10♥ Q♣ Q♠ K♦",
        "Træk et udgangskort, runde 4: 8♥ 9♥ 10♥ Q♣ Q♠ K♦ (sete kort 3♣ 4♦)",
        "Strategi: fremsynet på plads 1 vinder mod grådig (11 runder, lægge kort til, "
        "bonus for at gå ud)",
        "Strategi: grådig på plads 1 vinder mod tilfældig, tilfældig (1 runde)",
    ]


def _report() -> ClassReport:
    experiment = "go-out-on-deal/round-2"
    summary = ExperimentSummary(
        experiment,
        find_experiment(experiment).label,
        "08",
        1000,
        218,
        2,
        0.193,
        0.2445,
        0.2125,
        (StudentEstimate("Ann", 400, 90),),
    )
    question = QuestionSummary("08", 1, "Which round?", 3, 2, "round 1", 1)
    return ClassReport("ABCD", (question,), (summary,), ())


def test_dashboard_report_writes_labels_and_figures_in_the_pages_language():
    english = dashboard_report(_report())
    with language("da"):
        danish = dashboard_report(_report())
        words = dashboard_words()
    e, d = english["experiments"][0], danish["experiments"][0]
    assert e["label"] == "Go out on the deal, round 2" and d["label"] == "Gå ud på given, runde 2"
    # the numbers stay numbers for the script's drawing; the text is the page's
    assert d["estimate"] == e["estimate"] == pytest.approx(0.218)
    assert e["text"] == {
        "successes": "218",
        "trials": "1,000",
        "estimate": "21.80%",
        "estimate_short": "21.8%",
        "low": "19.30%",
        "high": "24.45%",
        "exact": "21.25%",
    }
    assert d["text"]["trials"] == "1.000" and d["text"]["estimate"] == "21,80 %"
    assert (d["text"]["low"], d["text"]["exact"]) == ("19,30 %", "21,25 %")
    assert d["students"][0]["text"] == {"estimate": "22,5 %"}
    assert danish["questions"][0]["text"] == {"share_right": "67 %"}
    assert english["questions"][0]["text"] == {"share_right": "67%"}
    assert '"percent": "{value} %"' in words


def _tooltip_marks(spec: Any) -> Iterator[dict[str, Any]]:
    """Every layer (or single view) of a spec whose marks show a tooltip."""
    for view in spec.get("layer", [spec]):
        if "tooltip" in view.get("encoding", {}):
            yield view


def test_charts_write_danish_numbers_in_ticks_and_tooltips_and_english_ones_as_before():
    from fivecrowns_lab.views.specs import intervals_spec

    english = intervals_spec("t", "x")
    with language("da"):
        danish = intervals_spec("t", "x")
    # Vega formats every tick and tooltip with the view's number locale: Danish marks in
    # Danish, the very ones the prose writes ("1.234.567,5", "20 %", "−3"); an English spec
    # carries none (d3's own).
    assert "locale" not in english["config"]
    marks = danish["config"]["locale"]["number"]
    assert set(marks) == {"decimal", "thousands", "grouping", "currency", "percent", "minus"}
    with language("da"):
        assert number(1234567.5, 1) == "1{0}234{0}567{1}5".format(
            marks["thousands"], marks["decimal"]
        )
        assert percent(0.2, 0) == "20" + marks["percent"]
        assert number_text("-3") == marks["minus"] + "3"
    assert (marks["decimal"], marks["grouping"], marks["currency"]) == (",", [3], ["", " kr."])
    assert english["layer"][0]["encoding"]["x"]["axis"] == {"format": ".0%"}
    assert danish["layer"][0]["encoding"]["x"]["axis"] == {"format": ".0%"}
    # the tooltip: titled lines in the learner's language, shares as percentages
    (layer,) = _tooltip_marks(danish)
    lines = layer["encoding"]["tooltip"]
    assert [line["title"] for line in lines] == ["intervallet", "skøn", "95 %-interval fra", "til"]
    assert [line.get("format") for line in lines] == [None, ".1%", ".1%", ".1%"]
    # the series' names in Danish, computed from the English keys the rows keep
    (shown,) = layer["transform"]
    assert lines[0]["field"] == shown["as"]
    assert '"holds the exact value" ? "indeholder den nøjagtige værdi"' in shown["calculate"]
    (english_layer,) = _tooltip_marks(english)
    assert english_layer["transform"] == []
    assert english_layer["encoding"]["tooltip"][0]["field"] == "series"
