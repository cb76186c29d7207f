"""A page that loads while a lesson's thread is running still ends up showing the kernel's
widgets: once drawn, every view asks for its kernel-written widgets again (no browser)."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

import ipywidgets as widgets

from fivecrowns_lab.lessons import solitaire_odds_lesson
from fivecrowns_lab.views.base import contrast_switch
from fivecrowns_lab.views.resync import Resync, kernel_written, widget_tree


def deliver(widget: widgets.Widget, content: object) -> None:
    """A custom message from the browser, delivered as the comm delivers it."""
    widget._handle_msg(
        {"content": {"data": {"method": "custom", "content": content}}, "buffers": []}
    )


@pytest.fixture
def sent(monkeypatch):
    """Every widget whose whole state the kernel sends, in order."""
    states: list[widgets.Widget] = []
    original = widgets.Widget.send_state

    def record(self, key=None):
        states.append(self)
        return original(self, key)

    monkeypatch.setattr(widgets.Widget, "send_state", record)
    return states


def finished_lesson(sent: list[widgets.Widget]):
    """Lesson 11 after its first run, with nothing recorded as sent yet."""
    lesson = solitaire_odds_lesson(n=2, seed=3)
    lesson.view.runner.join()
    sent.clear()
    return lesson.view


def the_resync(view) -> Resync:
    (resync,) = [w for w in widget_tree(view) if isinstance(w, Resync)]
    return resync


def test_resync_once_drawn_sends_the_results_progress_and_status_a_thread_wrote(
    widget_errors, sent
):
    view = finished_lesson(sent)
    assert "Played 2 deals" in view.status.value
    deliver(the_resync(view), {"event": "drawn"})
    for written in (view.status, view.progress.bar, view.progress.text, view.result_view):
        assert written in sent, f"{type(written).__name__} was not sent again"
    assert view.runner.stop_button in sent and view.plot in sent
    assert len(sent) == len(set(map(id, sent))), "a widget was sent twice"


def test_resync_leaves_what_the_browser_writes_alone(widget_errors, sent):
    view = finished_lesson(sent)
    deliver(the_resync(view), {"event": "drawn"})
    # The Deals box and the seed are typed in; the contrast switch is restored by the page.
    for typed in (view.n, view.seed, contrast_switch()):
        assert typed not in sent
    assert sent and all(w in kernel_written(view) for w in sent), (
        "only the kernel-written widgets of this view"
    )


@pytest.mark.parametrize("content", [{"event": "other"}, "drawn", None, 7, ["drawn"], {}])
def test_resync_ignores_any_other_message_without_error(widget_errors, sent, content):
    view = finished_lesson(sent)
    deliver(the_resync(view), content)
    assert sent == []


def test_widget_tree_reaches_every_child_once_even_through_shared_widgets():
    shared = widgets.HTML("shared")
    inner = widgets.VBox([shared, widgets.Label("x")])
    root = widgets.HBox([inner, shared, widgets.VBox([inner])])
    found = list(widget_tree(root))
    assert len(found) == len({id(w) for w in found})
    assert shared in found and inner in found and inner.children[1] in found
    assert root.layout in found  # what is shown is a widget too
