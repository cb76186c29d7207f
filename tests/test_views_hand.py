"""The hand widget and the status line hold up against whatever the page sends or the
learner types; the page has one high-contrast switch, shared by every view."""

from __future__ import annotations

import logging
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fivecrowns_lab.views import HandWidget
from fivecrowns_lab.views.base import Status, View, shorten
from fivecrowns_lab.views.page_switches import ContrastSwitch, contrast_switch

CRAFTED = [
    {"type": "pick", "index": "x"},
    {"type": "pick", "index": None},
    {"type": "pick", "index": 1.5},
    {"type": "pick", "index": True},
    {"type": "pick", "index": [0]},
    {"type": "pick"},
    {"type": "move", "from": "0", "to": 1},
    {"type": "move", "from": 0, "to": {"a": 1}},
    {"type": "move"},
    {"type": ["pick"]},
    {},
    [],
    "pick",
    None,
    12,
]


def _send(hand: HandWidget, content: object) -> None:
    """Deliver a custom message the way the comm does (through ipywidgets' dispatcher)."""
    hand._handle_msg(
        {"content": {"data": {"method": "custom", "content": content}}, "buffers": []}
    )


@pytest.mark.parametrize("content", CRAFTED, ids=repr)
def test_hand_widget_ignores_a_malformed_message_without_any_error(content, widget_errors):
    hand = HandWidget("3H 4H 5H", mode="pick")
    picked = []
    hand.on_pick(lambda i, card: picked.append(i))
    _send(hand, content)
    assert picked == [] and str(hand.hand) == "3♥ 4♥ 5♥"
    _send(hand, {"type": "pick", "index": 2})  # and it still works afterwards
    assert picked == [2]


@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(),
        lambda c: st.lists(c) | st.dictionaries(st.text(), c),
        max_leaves=8,
    )
)
def test_hand_widget_survives_any_json_message(content):
    hand = HandWidget("3H 4H")
    hand._on_custom_msg(hand, {"type": "pick", "index": content}, [])
    hand._on_custom_msg(hand, {"type": "move", "from": content, "to": content}, [])
    hand._on_custom_msg(hand, content, [])
    assert len(hand.hand) == 2


def test_hand_widget_logs_a_failing_pick_callback_as_a_bug_and_sends_no_traceback(caplog):
    hand = HandWidget("3H 4H", mode="pick")

    def broken(_i, _card):
        raise RuntimeError("bug")

    hand.on_pick(broken)
    with caplog.at_level(logging.ERROR, logger="fivecrowns_lab.views"):
        _send(hand, {"type": "pick", "index": 0})
    assert any("hand widget" in r.getMessage() for r in caplog.records)


def test_status_line_cuts_a_200_kb_typed_token():
    token = "Q" * 200_000
    status = Status()
    status.error(f"There is no card {token!r} in the deck.")
    assert len(status.value) < 1_000 and len(status.text) <= 400
    assert "QQQQ…" in status.text and "Q" * 41 not in status.text
    assert status.text.endswith("in the deck.")


@given(st.text())
def test_shorten_never_leaves_a_long_run_or_a_long_message(text):
    short = shorten(text)
    assert len(short) <= 400
    assert all(len(word) <= 41 for word in short.split())
    if len(text) <= 400 and all(len(w) <= 40 for w in text.split()):
        assert short == text


def test_every_view_shows_the_same_one_contrast_switch(widget_errors):
    from fivecrowns_lab.lessons import meld_lab
    from fivecrowns_lab.views.deal import DealLab

    # The quiz is a kernel-free anywidget that follows the page's fc-hc class by CSS;
    # every View carries the same one switch.
    lesson, b = meld_lab(), DealLab()
    a = lesson.view
    assert a.contrast is b.contrast is contrast_switch()
    assert isinstance(a.contrast, ContrastSwitch) and a.contrast.label == "High contrast"
    a.contrast.value = True
    try:
        assert "fc-hc" in a._dom_classes and "fc-hc" in b._dom_classes
        assert isinstance(View(), View)
    finally:
        a.contrast.value = False
    assert "fc-hc" not in a._dom_classes and "fc-hc" not in b._dom_classes


def test_view_buttons_are_labelled_in_words_without_icon_glyphs():
    view = View()
    button = view._button("Deal", lambda: None, icon="refresh")
    assert button.icon == "" and button.description == "Deal"


def test_every_view_shows_the_same_one_dark_theme_switch_and_the_kernel_holds_no_theme(
    widget_errors,
):
    from fivecrowns_lab.lessons import gallery, meld_lab
    from fivecrowns_lab.views.page_switches import (
        ThemeSwitch,
        field_marks,
        projector_switch,
        theme_switch,
    )

    views = [meld_lab().view, gallery()]
    for view in views:
        switches = view.children[0].children[-1]  # together, right of the title
        # the page's one watcher of labels for screen readers sits with them, invisible
        expected = [theme_switch(), view.contrast, projector_switch(), field_marks()]
        assert list(switches.children) == expected
    # The projector mode too lives in the browser alone: the kernel syncs only its words
    # (the label and the tooltip, "hint", in the page's language).
    shown = {k for k in projector_switch().keys if not k.startswith("_")}
    assert shown - {"label", "hint", "layout", "tabbable", "tooltip"} == set(), shown
    switch = theme_switch()
    assert isinstance(switch, ThemeSwitch) and switch.label == "Dark theme"
    # Applied in the browser alone: nothing the kernel syncs says light or dark, so one
    # preheated kernel serves both themes.
    synced = {k for k in switch.keys if not k.startswith("_")} - {"label", "layout", "tabbable"}
    assert not {k for k in synced if "theme" in k or k == "value"}, synced
    script = ThemeSwitch._esm  # theme_switch.js after page_memory.js
    for needed in ("localStorage", "theme-dark.css", "data", "fivecrowns-lab:theme"):
        assert needed in script


def test_the_theme_a_page_opens_in_is_chosen_in_one_place():
    # The address, else the stored choice, else the system's setting: the Voilà template's
    # head, the static site's pages and the switch each had their own copy of that order.
    import importlib.util

    from fivecrowns_lab.views import page_switches as base
    from fivecrowns_lab.views.page_switches import ThemeSwitch

    root = Path(base.__file__).parents[2]
    spec = importlib.util.spec_from_file_location("build_site", root / "lite/build_site.py")
    assert spec is not None and spec.loader is not None
    build_site = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build_site)
    choice = base.THEME_CHOICE.read_text(encoding="utf-8")
    assert choice in ThemeSwitch._esm and choice in build_site.OPEN_IN_CHOSEN_THEME
    # nowhere else asks the system or reads the stored theme itself
    sources = [*root.glob("fivecrowns_lab/**/*.js"), *root.glob("fivecrowns_lab/**/*.j2")]
    sources += [root / "lite/build_site.py"]
    asking = {
        path.name
        for path in sources
        if "static" not in path.parts
        and re.search(
            r"prefers-color-scheme|getItem\(\"fivecrowns-lab:theme", path.read_text("utf-8")
        )
    }
    assert asking == {"theme_choice.js"}, asking


def test_the_three_switches_read_and_write_storage_and_the_address_in_one_place():
    from fivecrowns_lab.views import page_switches as base
    from fivecrowns_lab.views.page_switches import ContrastSwitch, ProjectorSwitch, ThemeSwitch

    folder = Path(base.__file__).parent
    shared = (folder / "page_memory.js").read_text(encoding="utf-8")
    for switch, name in (
        (ThemeSwitch, "theme_switch.js"),
        (ContrastSwitch, "contrast.js"),
        (ProjectorSwitch, "projector.js"),
    ):
        own = (folder / name).read_text(encoding="utf-8")
        choice = (
            [base.THEME_CHOICE.read_text(encoding="utf-8")] if name == "theme_switch.js" else []
        )
        assert switch._esm == "\n".join([shared, *choice, own]), name
        code = "\n".join(line for line in own.splitlines() if not line.startswith("//"))
        for direct in ("localStorage", "location.search", "URLSearchParams"):
            assert direct not in code, f"{name} uses {direct} itself"
    # The page template's head, which runs before any widget, chooses the theme with the
    # switch's own functions (theme_choice.js, read under the key the switch stores).
    template = (
        folder.parent / "share/jupyter/voila/templates/fivecrowns/index.html.j2"
    ).read_text(encoding="utf-8")
    assert '{% include "theme_choice.js" %}' in template and "fcChosenTheme()" in template
    assert 'getItem("fivecrowns-lab:theme")' in base.THEME_CHOICE.read_text(encoding="utf-8")
    assert 'const KEY = "fivecrowns-lab:theme";' in ThemeSwitch._esm
    # ... and the projector's and high contrast's keys, whose classes it sets early.
    for key, switch in (("projector", ProjectorSwitch), ("high-contrast", ContrastSwitch)):
        assert f'stored("{key}")' in template
        assert f'const KEY = "fivecrowns-lab:{key}";' in switch._esm
    # The projector rules it repeats (before the lesson's styles arrive) are page.css's own,
    # word for word, so the early and the late page cannot differ.
    page_css = (folder / "page.css").read_text(encoding="utf-8")
    early = re.findall(r"^html\.fc-projector[^{]*\{[^}]*\}", template, flags=re.M)
    assert len(early) == 4, early
    for rule in early:
        assert rule in page_css, rule
