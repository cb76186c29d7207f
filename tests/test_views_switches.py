"""The page's three switches: one Python base and one browser factory (page_memory.js), and
their words and tooltips in the page's language (a Danish learner met English tooltips)."""

from __future__ import annotations

from pathlib import Path

import pytest

from fivecrowns_lab import language
from fivecrowns_lab.views.page_switches import (
    ContrastSwitch,
    PageSwitch,
    ProjectorSwitch,
    ThemeSwitch,
)

VIEWS = Path(__file__).resolve().parents[1] / "fivecrowns_lab" / "views"
SWITCHES = [ContrastSwitch, ThemeSwitch, ProjectorSwitch]


@pytest.mark.parametrize("kind", SWITCHES)
def test_a_switch_has_its_words_and_tooltip_in_english(kind):
    switch = kind()
    assert switch.label == kind.LABEL and switch.hint == kind.HINT
    assert switch.hint and switch.label


@pytest.mark.parametrize("kind", SWITCHES)
def test_a_switch_made_on_a_danish_page_has_danish_words_and_tooltip(kind):
    with language("da"):
        switch = kind()
    assert switch.label != kind.LABEL
    assert switch.hint != kind.HINT
    assert "lektion" in switch.hint


@pytest.mark.parametrize("kind", SWITCHES)
def test_every_switch_script_draws_its_button_with_the_one_factory(kind):
    script = kind._esm if isinstance(kind._esm, str) else Path(kind._esm).read_text()
    assert issubclass(kind, PageSwitch)
    assert "const render = pageSwitch({" in script
    # no script of its own draws a button or watches the page: the factory does
    own = script.split("function pageSwitch(", 1)[1].split("\n}\n", 1)[1]
    assert 'createElement("button")' not in own
    assert "MutationObserver" not in own
    assert "title =" not in own  # the tooltip is the model's hint, in the page's language
