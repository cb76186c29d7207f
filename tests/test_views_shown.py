"""Widgets are shown and hidden one way, the one both Voilà and the static site honour.

The static site's widget manager ignores a layout's ``display = None``: a widget hidden
with ``"none"`` and "shown" again with ``None`` stayed hidden there (lesson 04's *Hint*,
*Next round* and *Go out?*, lesson 10's fourth seat).
"""

from __future__ import annotations

import re
from pathlib import Path

import ipywidgets as widgets

from fivecrowns_lab.views.base import set_shown

VIEWS = Path(__file__).resolve().parents[1] / "fivecrowns_lab" / "views"


def test_set_shown_hides_with_none_and_shows_with_no_display_rule():
    a, b = widgets.Button(), widgets.HTML()
    set_shown(a, b, shown=False)
    assert a.layout.display == b.layout.display == "none"
    set_shown(a, b, shown=True)
    assert a.layout.display == b.layout.display == ""


def test_no_view_sets_a_layout_display_but_through_set_shown():
    writes = re.compile(r"\.layout\.display\s*=(?!=)")
    found = [
        f"{path.name}:{number}: {line.strip()}"
        for path in sorted(VIEWS.glob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if writes.search(line) and not line.strip().startswith("part.layout.display")
    ]
    assert found == []


def test_lesson_04_free_play_shows_hint_and_settings_with_a_display_the_site_honours():
    from fivecrowns_lab.views.play import PlayLesson

    free = PlayLesson(seed=3, mode="free")
    assert free.hint_button.layout.display == free.settings_button.layout.display == ""
    assert free.next_button.layout.display == "none"  # no round is over yet
    coached = PlayLesson(seed=3, mode="coached")
    assert coached.hint_button.layout.display == "none"


def test_quiz_under_a_prediction_opens_only_after_the_first_guess(widget_errors):
    from fivecrowns_lab.lessons import go_out_lesson, schedule_lesson, strategy_lab

    page = go_out_lesson(n=200, seed=3)
    assert page.quiz.layout.display == "none" and "quiz opens after" in page.quiz_note.value
    page.view.commit.skip_button.click()  # Just show me counts as the first guess
    assert page.quiz.layout.display == "" and page.quiz_note.value == ""
    lab = strategy_lab()
    assert lab.quiz.layout.display == "none"
    # a lesson that asks for no guess shows its quiz at once
    plain = schedule_lesson()
    assert plain.quiz.layout.display != "none" and plain.quiz_note.value == ""
