"""The teacher's kit says what each lesson really does: its plan fits the lesson's minutes,
asks for a prediction only where the lesson asks for one, promises an exact value only
where there is one, and its record sheet asks for figures the lesson shows."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from fivecrowns_lab.classroom.kit import (
    GUESS_LESSONS,
    KIT_LESSONS,
    PERIOD_MINUTES,
    kit_html,
    kit_steps,
    plan_minutes,
)
from fivecrowns_lab.content.catalogue import lesson

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
_GUESS_WORDS = re.compile(r"guess|predict", re.IGNORECASE)


def _factory_call(number: str) -> tuple[str, ...]:
    """The lesson factory call a lesson's notebook ends with: ``("go_out_lesson",)``, or
    ``("open_lesson", "13")`` for the registry's own factory."""
    import fivecrowns_lab.lessons as lessons

    (path,) = NOTEBOOKS.glob(f"{number}-*.ipynb")
    calls = []
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        if cell["cell_type"] != "code":
            continue
        for line in "".join(cell["source"]).splitlines():
            found = re.fullmatch(r"(\w+)\((?:\"(\d\d)\")?\)", line.strip())
            if found and found.group(1) in lessons.__all__:
                calls.append(tuple(part for part in found.groups() if part))
    return calls[-1]


def _controls(widget):
    """Every interactive widget below ``widget`` (buttons, boxes to type in, pickers)."""
    import ipywidgets as widgets

    stack = [widget]
    while stack:
        w = stack.pop()
        stack.extend(getattr(w, "children", ()) or ())
        if isinstance(w, widgets.ValueWidget | widgets.Button) and not isinstance(
            w, widgets.HTML | widgets.Label | widgets.HTMLMath
        ):
            yield w


def _asks_for_a_guess(number: str) -> bool:
    import fivecrowns_lab.lessons as lessons

    name, *number_given = _factory_call(number)
    page = getattr(lessons, name)(*number_given)
    for control in _controls(page):
        words = " ".join(
            str(getattr(control, name, "") or "")
            for name in ("description", "placeholder", "tooltip")
        )
        if _GUESS_WORDS.search(words):
            return True
    return False


@pytest.mark.parametrize("number", KIT_LESSONS)
def test_kit_plans_a_predict_step_only_for_a_lesson_that_asks_for_a_guess(number):
    steps = [text for _minutes, text in kit_steps(number)]
    has_step = any(text.startswith("Predict:") for text in steps)
    assert has_step == (number in GUESS_LESSONS)
    assert (number in GUESS_LESSONS) == _asks_for_a_guess(number)


@pytest.mark.parametrize("number", KIT_LESSONS)
def test_kit_gives_the_lesson_its_own_minutes_in_whole_periods(number):
    entry = lesson(number)
    steps = kit_steps(number)
    lesson_steps = [m for m, text in steps if text.startswith("The lesson")]
    assert lesson_steps == [entry.minutes]
    assert all(m > 0 for m, _text in steps)
    total = plan_minutes(number)
    assert total % PERIOD_MINUTES == 0
    # a plan takes no period more than it needs
    assert total - PERIOD_MINUTES < sum(m for m, _t in steps[:-1]) + 5
    assert f"a plan for {total} minutes" in kit_html(number)


def test_kit_of_a_forty_minute_lesson_is_a_plan_for_two_periods():
    assert lesson("08").minutes == 40
    assert plan_minutes("08") == 2 * PERIOD_MINUTES
    assert plan_minutes("01") == PERIOD_MINUTES


def test_kit_promises_an_exact_value_only_where_the_lesson_has_one():
    assert "and the exact value" in kit_html("08")
    for number in ("10", "11"):
        page = kit_html(number)
        assert "and the exact value" not in page
        assert "nobody knows the exact value" in page


def test_kit_record_sheet_of_lesson_08_asks_for_what_the_lesson_table_shows():
    page = kit_html("08")
    sheet = page[page.index("class='sheet'") :]
    heads = re.findall(r"<th>(.*?)</th>", sheet)
    assert heads == [
        "round",
        "cards",
        "my simulated share",
        "my 95% interval",
        "exact value (from the lesson)",
        "class estimate (dashboard)",
    ]
    # the lesson shows shares and intervals, never the count of deals that went out
    assert "went out" not in " ".join(heads)


def test_teachers_guide_lists_every_lesson_of_the_catalogue():
    from fivecrowns_lab.content.catalogue import CATALOGUE, outline

    guide = (NOTEBOOKS.parent / "docs" / "for-teachers.md").read_text(encoding="utf-8")
    # The guide's list is the {lesson-list} directive (docs/conf.py): a line per lesson of
    # catalogue.outline, every lesson in order.
    assert "```{lesson-list}" in guide
    assert [line[0] for line in outline()] == [entry.number for entry in CATALOGUE]
