"""Light serving: one person's ``serve`` preheats nothing; ``serve --class --lessons 07,08``
preheats only those lessons, in the class's language; the capacity line names both ways.

Voilà is replaced by a stand-in that records its arguments (no server starts); the
preheat pattern is checked with Voilà's own rule (``re.match`` from the start of a
notebook's full path, or the pattern as a substring).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

pytest.importorskip("voila")

from fivecrowns_lab import cli, serving
from fivecrowns_lab.serving_options import lesson_numbers, preheat_only


def voila_would_preheat(patterns: list[str], path: str) -> bool:
    """Voilà's rule (VoilaKernelManager._notebook_filter): denied if any pattern matches."""
    return not any(p in path or re.match(p, path) for p in patterns)


class Launched:
    """A stand-in for Voilà's application class: what it was launched with."""

    def __init__(self) -> None:
        self.argv: list[str] = []

    def launch_instance(self, argv, **_kwargs) -> None:
        self.argv = list(argv)


def test_serve_for_one_person_preheats_no_lesson(monkeypatch, tmp_path):
    import voila.app

    launched = Launched()
    monkeypatch.setattr(voila.app, "Voila", launched)
    assert cli.main(["serve", "--dir", str(tmp_path), "--no-browser", "--port", "1"]) == 0
    assert "--VoilaConfiguration.preheat_kernel=False" in launched.argv


def test_serve_class_lessons_07_08_preheats_only_the_danish_07_and_08(
    monkeypatch, tmp_path, capsys
):
    import voila.app

    launched = Launched()
    monkeypatch.setattr(serving, "_class_voila", lambda *a: launched)
    monkeypatch.setattr(voila.app, "Voila", launched)
    cli.main(["serve", "--class", "--dir", str(tmp_path), "--class-db", str(tmp_path / "c.db"),
              "--ip", "127.0.0.1", "--lessons", "07,08", "--language", "da"])  # fmt: skip
    patterns = [a.split("=", 1)[1] for a in launched.argv if "preheat_denylist=" in a]
    every = sorted(tmp_path.rglob("*.ipynb"))
    preheated = [p.relative_to(tmp_path) for p in every if voila_would_preheat(patterns, str(p))]
    assert len(every) > 20 and sorted(p.name[:2] for p in preheated) == ["07", "08"]
    assert all(p.parts[0] == "da" for p in preheated)
    printed = capsys.readouterr().out
    assert "lessons 07, 08 preheated (da)" in printed
    assert re.search(r"With a kernel each, this machine can hold about \d+ students", printed)
    assert "The static site holds any number" in printed


@given(
    st.sets(st.integers(0, 13), min_size=1),
    st.integers(0, 13),
    st.sampled_from(["en", "da"]),
    st.sampled_from(["en", "da"]),
)
def test_preheat_only_keeps_exactly_the_named_lessons_of_the_language(
    chosen, number, language, edition
):
    folder = Path("/srv/lessons")
    pattern = preheat_only(folder, [f"{n:02d}" for n in sorted(chosen)], language)
    path = folder / ("da" if edition == "da" else "") / f"{number:02d}-a-lesson.ipynb"
    expected = number in chosen and edition == language
    assert voila_would_preheat([pattern], str(path)) == expected


@pytest.mark.parametrize("text", ["7,8", "", "07;08", "07,x8"])
def test_lessons_option_refuses_what_is_not_two_digit_numbers(text):
    import argparse

    with pytest.raises(argparse.ArgumentTypeError, match="two-digit lesson numbers"):
        lesson_numbers(text)
