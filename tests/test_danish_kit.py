"""The Danish teacher's kit and worksheets of the lessons that exist in Danish (01-12),
the record sheets of lessons 09-11 included:
no sentence of the catalogue left in English, and reachable from the Danish pages
(issue 22)."""

from __future__ import annotations

import base64
import re
from html import unescape
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from fivecrowns_lab import language
from fivecrowns_lab.classroom.kit import kit_html
from fivecrowns_lab.content.handout import handout_filename, handout_html
from fivecrowns_lab.lessons import quiz, schedule_lesson

PO = Path(__file__).resolve().parents[1] / "fivecrowns_lab/locale/da/LC_MESSAGES/fivecrowns_lab.po"
DANISH_LESSONS = ("01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12")
#: The sheets' own English words, which no catalogue sentence covers whole.
SHEET_WORDS = re.compile(
    r"\b(Answer key|worksheet|Objectives|Timing|Level|level|do first|minutes|Name:|"
    r"Check yourself|Tick one|teacher's kit|a plan for|Quiz and key|none|"
    r"Record sheet|Question|my share|class share|Try 4|seat 1|outs drawn|draws)\b"
)


def _english_fragments() -> set[str]:
    """Every catalogue sentence that Danish words differently, cut at its fields and tags
    into runs of three or more words (what a page shows of it whatever fills the fields)."""
    with PO.open("rb") as f:
        catalogue = read_po(f)
    found = set()
    for message in catalogue:
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for english in ids:
            if not english or english in strings:
                continue
            for piece in re.split(r"\{\w+\}|<[^>]+>", english):
                piece = piece.strip(" .,:;()—·")
                if len(piece.split()) >= 3:
                    found.add(piece)
    return found


def _text(html: str) -> str:
    html = re.sub(r"<style>.*?</style>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html)))


@pytest.fixture(scope="module")
def fragments() -> set[str]:
    return _english_fragments()


@pytest.mark.parametrize("number", DANISH_LESSONS)
def test_danish_kit_and_worksheet_have_no_english_sentence_of_the_catalogue(number, fragments):
    with language("da"):
        kit, sheet = kit_html(number), handout_html(number)
    for name, html in (("kit", kit), ("worksheet", sheet)):
        text = _text(html)
        left = sorted(f for f in fragments if f in text)
        assert left == [], f"English in the Danish {name} of lesson {number}: {left[:5]}"
        assert SHEET_WORDS.search(text) is None, (name, SHEET_WORDS.search(text))
        assert "<html lang='da'>" in html
    assert "Facitliste: Lektion" in sheet and "Quiz og facitliste: Lektion" in kit
    assert re.search(r"<h1>Lektion \d\d: .* — en plan for (45|90) minutter</h1>", kit)


def test_english_kit_and_worksheet_read_as_before(fragments):
    kit, sheet = kit_html("03"), handout_html("03")
    assert "<title>Lesson 03: Scoring a round: teacher&#x27;s kit</title>" in kit
    assert "<p class='meta'>About 15 minutes · level: beginner · do first: 01, 02</p>" in sheet
    assert "Answer key: Lesson 03: Scoring a round" in sheet
    # the check above can fail: the English pages hold the catalogue's English
    assert any(f in _text(sheet) for f in fragments)


def test_danish_page_offers_the_danish_worksheet():
    with language("da"):
        page = schedule_lesson()
        name = handout_filename("01")
    url = page.quiz.handout_url
    html = base64.b64decode(url.split(",", 1)[1]).decode("utf-8")
    assert name == "lesson-01-handout-da.html" and page.quiz.handout_name == name
    assert "Hvor mange runder har et helt spil Five Crowns?" in html
    assert "Sæt kryds ved ét svar på hvert spørgsmål." in html
    assert quiz("cards").handout_name == "lesson-01-handout.html"  # English outside


def test_danish_kit_of_lesson_07_names_its_objectives_in_danish():
    with language("da"):
        kit = kit_html("07")
    assert "Tælle hænder med binomialkoefficienter" in _text(kit)
    assert "Quiz og facitliste: Lektion 07: Tæl de vilde kort" in _text(kit)
    # the class experiment's record sheet, with the experiment's question, is Danish too
    assert "Registreringsark: Lektion 07" in _text(kit)
    assert "Hænder med det hyppigste antal vilde kort" in _text(kit)
