"""Lessons 09-12 in Danish (issue 22): each view, driven with no browser, shows no English
sentence of its own once the language is Danish: labels, buttons, status, revealed answers,
chart titles and the quiz."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import ipywidgets as widgets
import pytest

from fivecrowns_lab import language
from fivecrowns_lab.lessons import how_the_expert_plays, outs_lesson
from fivecrowns_lab.views.solitaire_odds import SolitaireOddsLesson
from fivecrowns_lab.views.strategy_lab import StrategyLab

#: English words of these lessons' views and sentences; none may be on a Danish page
#: (the bots too are named in Danish: "grådig", not "greedy"; "chance", "interval" and
#: "Stop" are Danish words too).
ENGLISH = re.compile(
    r"\b(Round|Hand|Seen|Seed|Find the outs|Deal a hand|Turns ahead|Commit my guess|"
    r"Just show me|outs?|unseen|rule of thumb|exact|turns?|Draw|draws|Games?|Deals?|"
    r"Play|New seed|Progress|Seat|Rounds|win rate|Your guess|choose|"
    r"Another position|Show both|throws?|Greedy|greedy|lookahead|random|expert|The expert|"
    r"table|played|points|cards?|"
    r"the|and|with|of|is|are|estimate so far)\b"
)


def _texts(widget: Any) -> Iterator[str]:
    """Everything a reader could see or hear of a widget tree: values, labels, options."""
    if isinstance(widget, (widgets.HTML, widgets.Label)):
        html = re.sub(r"<style>.*?</style>|<script>.*?</script>", " ", widget.value, flags=re.S)
        html = re.sub(r"data:[^'\"]*", " ", html)  # a download link's payload
        yield re.sub(r"<[^>]+>", " ", html)
    for name in ("description", "placeholder", "tooltip"):
        text = getattr(widget, name, None)
        if isinstance(text, str):
            yield text
    if isinstance(widget, widgets.Dropdown):
        yield from (o[0] if isinstance(o, tuple) else str(o) for o in widget.options)
    spec = getattr(widget, "spec", None)
    if isinstance(spec, dict):  # a chart: its title, axis titles and series names
        yield from _titles(spec)
        for rows in getattr(widget, "data", {}).values():
            yield from (str(row.get("series", "")) for row in rows)
    for name in ("label", "summary"):
        text = getattr(widget, name, None)
        if isinstance(text, str):
            yield text
    for child in getattr(widget, "children", ()):
        yield from _texts(child)


def _titles(spec: Any) -> Iterator[str]:
    """Every title in a chart's spec (the chart's, the axes') and every legend entry a
    legend shows untranslated (one its ``labelExpr`` does not map)."""
    if isinstance(spec, dict):
        legend = spec.get("legend")
        if "scale" in spec and isinstance(legend, dict):
            mapped = str(legend.get("labelExpr", ""))
            domain = spec["scale"].get("domain", [])
            yield from (str(d) for d in domain if json.dumps(d, ensure_ascii=False) not in mapped)
        for key, value in spec.items():
            if key == "title" and isinstance(value, str):
                yield value
            else:
                yield from _titles(value)
    elif isinstance(spec, list):
        for item in spec:
            yield from _titles(item)


def _english(widget: Any) -> list[str]:
    return [t for t in _texts(widget) if ENGLISH.search(t)]


def test_outs_lesson_in_danish_before_and_after_the_guess_and_the_draws(widget_errors):
    with language("da"):
        page = outs_lesson()
        view = page.view
        assert _english(page) == []
        assert view.show_button.description == "Find udgangskortene"
        view.guess_outs.value = "20"
        view.commit.commit_button.click()
        view.drawing.buttons[1].click()  # draw 100
        assert "udgangskort" in view.outs_view.value and "given nr." in view.drawing.view.value
        view.deal_button.click()
        view.commit.skip_button.click()
        assert _english(page) == []


def test_strategy_lab_and_solitaire_odds_in_danish_after_a_run_and_four_times_as_many():
    with language("da"):
        lab = StrategyLab(("greedy", "random"), n_games=2, background=False)
        lab.rounds.value = 2
        lab.run(background=False)
        lab.prediction.value = "half as wide"
        lab.play_four_times()
        lab.runner.thread and lab.runner.thread.join()
        assert "Din forudsigelse" in lab.shrink.value
        assert _english(lab) == [], _english(lab)
        odds = SolitaireOddsLesson(n=1, background=False)
        odds.skip_four_times()
        odds.runner.thread and odds.runner.thread.join()
        assert "Botten vandt" in odds.result_view.value
        assert _english(odds) == [], _english(odds)


@pytest.mark.parametrize("pick", [True, False])
def test_expert_lesson_in_danish_with_the_bots_reasons(pick, widget_errors):
    with language("da"):
        page = how_the_expert_plays()
        view = page.view
        if pick:
            view.choose(view.position.expert.card)
            assert "det samme kort som eksperten" in view.answer.value
        else:
            view.reveal_button.click()
        assert "Eksperten" in view.answer.value and "Grådig" in view.answer.value
        assert _english(page) == [], _english(page)
