"""The lessons' plain data, no widgets: finished rounds, the catalogue, quiz banks, worksheets."""

from __future__ import annotations

import base64
import itertools
import json
from collections import Counter
from pathlib import Path

import pytest

from fivecrowns_lab import DECK, GameRules, best_arrangement, can_go_out, hand_size
from fivecrowns_lab.content.catalogue import (
    CATALOGUE,
    GROUPS,
    describe_notebook,
    find_lessons,
    group,
    lesson,
    neighbours,
    outline,
)
from fivecrowns_lab.content.handout import handout_data_url, handout_filename, handout_html
from fivecrowns_lab.content.quizzes import LESSON_QUIZZES, QUIZZES, bank_state
from fivecrowns_lab.errors import LessonError, RoundError
from fivecrowns_lab.table.finished_round import finished_round

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
PAGES = sorted(p.stem for p in NOTEBOOKS.glob("*.ipynb"))


# --- the finished round (moved from views/scoring.py) -----------------------------------------
@pytest.mark.parametrize("round_no", [1, 5, 11])
def test_finished_round_deals_real_cards_and_the_first_player_goes_out(round_no):
    game = finished_round(round_no, 7, seed=round_no)
    used = Counter(c for hand in game.hands for c in hand)
    assert all(used[c] <= n for c, n in Counter(DECK).items())
    assert all(len(h) == hand_size(round_no) for h in game.hands)
    assert can_go_out(game.hands[0], round_no) and game.score(0) == 0


@pytest.mark.parametrize("seed", range(5))
def test_finished_round_going_out_bonus_scores_minus_ten_and_leaves_the_others(seed):
    plain = finished_round(4, 4, seed)
    bonus = finished_round(4, 4, seed, rules=GameRules(going_out_bonus=True))
    assert plain.hands == bonus.hands  # the variant changes the scoring, not the deal
    assert plain.score(0) == 0 and bonus.score(0) == -10
    for p in range(1, 4):
        expected = best_arrangement(plain.hands[p], 4).penalty
        assert plain.score(p) == bonus.score(p) == expected
    assert bonus.scores() == (-10, *plain.scores()[1:])


def test_finished_round_same_seed_same_round_other_seed_other_round():
    assert finished_round(6, 4, 3) == finished_round(6, 4, 3)
    assert finished_round(6, 4, 3).hands != finished_round(6, 4, 4).hands


@pytest.mark.parametrize(
    ("args", "error", "quoted"),
    [
        ((6, 1, 3), LessonError, "not 1"),
        ((6, 8, 3), LessonError, "not 8"),
        ((6, "4", 3), LessonError, "'4'"),
        ((12, 4, 3), RoundError, "12"),
    ],
)
def test_finished_round_refuses_bad_tables_with_a_sentence(args, error, quoted):
    with pytest.raises(error, match=quoted):
        finished_round(*args)


# --- lesson discovery (moved from views/gallery.py) -------------------------------------------
def test_gallery_picks_up_new_notebooks_and_their_titles(tmp_path):
    cell = {
        "cell_type": "markdown",
        "metadata": {},
        "source": ["# Odds of going out\n", "\n", "How likely."],
    }
    (tmp_path / "09-odds.ipynb").write_text(json.dumps({"cells": [cell]}))
    (tmp_path / "notes.ipynb").write_text("{}")
    [info] = find_lessons(tmp_path)
    assert (info.number, info.title, info.summary) == ("09", "Odds of going out", "How likely.")


def test_discovery_survives_damaged_notebooks(tmp_path):
    (tmp_path / "05-broken.ipynb").write_text("{not json")
    (tmp_path / "06-odd.ipynb").write_text(json.dumps({"cells": [{"cell_type": "markdown"}]}))
    (tmp_path / "07-list.ipynb").write_text("[]")
    assert [(i.number, i.title) for i in find_lessons(tmp_path)] == [
        ("05", "05-broken"),
        ("06", "06-odd"),
        ("07", "07-list"),
    ]


# --- the catalogue -------------------------------------------------------------------------
def test_catalogue_names_every_lesson_notebook_with_its_own_title():
    found = {info.number: info for info in find_lessons(NOTEBOOKS)}
    assert [e.number for e in CATALOGUE] == sorted(found)
    for entry in CATALOGUE:
        assert found[entry.number].filename == entry.filename
        assert found[entry.number].title == entry.title, entry.number


def test_catalogue_prerequisites_come_before_the_lesson():
    numbers = [e.number for e in CATALOGUE]
    for entry in CATALOGUE:
        for before in entry.prerequisites:
            assert numbers.index(before) < numbers.index(entry.number)


def test_catalogue_groups_game_lessons_then_probability_lessons():
    assert list(GROUPS) == ["game", "probability"]
    game, odds = group("game"), group("probability")
    # The first six and lesson 12 teach the game (a new lesson may join either group).
    numbers = [e.number for e in game]
    assert numbers[:6] == ["01", "02", "03", "04", "05", "06"] and "12" in numbers
    assert [e.number for e in odds][:5] == ["07", "08", "09", "10", "11"]
    assert len(game) + len(odds) == len(CATALOGUE)
    assert all(e.minutes > 0 and e.objectives and e.teaches for e in CATALOGUE)
    with pytest.raises(LessonError, match="'cooking'"):
        group("cooking")  # type: ignore[arg-type]


def test_neighbours_link_each_lesson_to_the_one_before_and_after():
    assert neighbours("01")[0] is None and neighbours(CATALOGUE[-1].number)[1] is None
    for before, after in itertools.pairwise(CATALOGUE):
        assert neighbours(after.number)[0] == before
        assert neighbours(before.number)[1] == after
    with pytest.raises(LessonError, match="'42'"):
        lesson("42")


@pytest.mark.parametrize("name", PAGES)
def test_every_page_title_is_the_notebook_metadata_title(name):
    """Voilà puts ``metadata.title`` in the tab (else it shows the file name)."""
    data = json.loads((NOTEBOOKS / f"{name}.ipynb").read_text(encoding="utf-8"))
    heading, _ = describe_notebook(NOTEBOOKS / f"{name}.ipynb")
    assert data["metadata"].get("title", "").startswith(heading)
    assert "Five Crowns" in data["metadata"]["title"]


def test_every_catalogue_lesson_has_the_tab_title_its_title_and_the_lab():
    for entry in CATALOGUE:
        data = json.loads((NOTEBOOKS / entry.filename).read_text(encoding="utf-8"))
        assert data["metadata"]["title"] == f"{entry.title} · Five Crowns Lab", entry.number


# --- quiz banks and worksheets ---------------------------------------------------------------
def test_every_quiz_question_has_one_right_answer_and_a_reason_for_every_answer():
    for topic, questions in QUIZZES.items():
        assert len(questions) >= 3, topic
        for q in questions:
            assert sum(a.correct for a in q.answers) == 1
            assert all(len(a.why) > 10 for a in q.answers), q.prompt


def test_right_answers_are_not_always_in_the_same_place():
    for topic, questions in QUIZZES.items():
        assert len({q.right for q in questions}) > 1, topic


def test_every_lesson_quiz_topic_exists_and_names_a_real_lesson():
    for number, topic in LESSON_QUIZZES.items():
        assert topic in QUIZZES and lesson(number)
    assert {"01", "02", "03", "05"} <= set(LESSON_QUIZZES)


def test_bank_state_carries_answers_and_explanations_for_a_page_without_kernel():
    state = bank_state(QUIZZES["melds"])
    assert json.loads(json.dumps(state)) == state
    first = QUIZZES["melds"][0]
    assert state[0]["prompt"] == first.prompt
    assert [a["why"] for a in state[0]["answers"]] == [a.why for a in first.answers]
    assert [a["correct"] for a in state[0]["answers"]] == [a.correct for a in first.answers]


@pytest.mark.parametrize("number", sorted(LESSON_QUIZZES))
def test_worksheet_has_every_question_then_an_answer_key_on_its_own_page(number):
    html = handout_html(number)
    entry = lesson(number)
    questions = QUIZZES[LESSON_QUIZZES[number]]
    key = html.index("Answer key")
    for q in questions:
        assert html.index(q.prompt.replace("'", "&#x27;")) < key
        right = q.answers[q.right]
        assert html.index(right.why.replace("'", "&#x27;"), key) > key
    assert entry.title in html and f"About {entry.minutes} minutes" in html
    assert "break-before: page" in html and "<script" not in html
    url = handout_data_url(number)
    assert url.startswith("data:text/html;charset=utf-8;base64,")
    assert base64.b64decode(url.split(",", 1)[1]).decode("utf-8") == html
    assert handout_filename(number) == f"lesson-{number}-handout.html"


def test_worksheet_of_a_lesson_without_quiz_is_refused(monkeypatch):
    monkeypatch.delitem(LESSON_QUIZZES, "03")
    with pytest.raises(LessonError, match="Lesson 03 has no quiz"):
        handout_html("03")


# --- the one lesson registry -------------------------------------------------------------------
def _registry_pages() -> set[str]:
    from fivecrowns_lab.content.catalogue import INDEX_FILE, RULES_FILE, TEACHER_FILE

    return {INDEX_FILE, RULES_FILE, TEACHER_FILE} | {e.filename for e in CATALOGUE}


def test_registry_names_every_notebook_and_every_notebook_is_in_the_registry():
    from fivecrowns_lab.content.catalogue import DANISH_FOLDER, DANISH_PAGES

    english = {p.name for p in NOTEBOOKS.glob("*.ipynb")}
    assert english == _registry_pages()
    danish = {p.name for p in (NOTEBOOKS / DANISH_FOLDER).glob("*.ipynb")}
    assert danish == DANISH_PAGES
    for entry in CATALOGUE:
        assert entry.danish == (entry.danish_filename is not None)
        if entry.danish_filename is not None:
            assert (NOTEBOOKS / entry.danish_filename).is_file()


def test_registry_gives_each_lesson_its_quiz_and_the_quiz_list_is_derived_from_it():
    assert LESSON_QUIZZES == {e.number: e.quiz for e in CATALOGUE if e.quiz is not None}
    assert all(e.quiz in QUIZZES for e in CATALOGUE if e.quiz is not None)
    # Every bank is some lesson's quiz: none is left over without a lesson.
    assert set(QUIZZES) == set(LESSON_QUIZZES.values())


def test_lesson_lists_in_the_prose_are_made_from_the_registry():
    import re

    root = NOTEBOOKS.parent
    # No page lists the lessons by hand: the README's table is written by make messages
    # (tests/test_readme.py), it points at the lists the registry makes (the gallery, the
    # teachers' page, the docs' line per lesson), and the docs' list is the {lesson-list}
    # directive (docs/conf.py), which writes a line per CATALOGUE record.
    readme = (root / "README.md").read_text(encoding="utf-8")
    assert re.findall(r"^\| (\d\d) \|", readme, re.M)[1:] == [e.number for e in CATALOGUE]
    for page in ("lessons/00-index.html", "for-teachers.html", "lessons/00-teachers.html"):
        assert f"fivecrowns_lab/docs/{page})" in readme, page
    teachers = (root / "docs" / "for-teachers.md").read_text(encoding="utf-8")
    assert not re.findall(r"^- \*\*\d\d ", teachers, re.M)
    assert "```{lesson-list}\n```" in teachers
    conf = (root / "docs" / "conf.py").read_text(encoding="utf-8")
    assert 'add_directive("lesson-list"' in conf and "outline()" in conf
    assert [line[0] for line in outline()] == [e.number for e in CATALOGUE]
    # "lessons 07–11" and "lessons 01–06 and 12" name a group's lessons exactly.
    groups = {g: [e.number for e in group(g)] for g in GROUPS}
    spans = re.compile(r"[Ll]essons (\d\d)–(\d\d)((?: and \d\d)*)")
    for path in (root / "README.md", root / "docs" / "for-teachers.md", root / "docs/lessons.md"):
        for low, high, more in spans.findall(path.read_text("utf-8")):
            span = [f"{n:02d}" for n in range(int(low), int(high) + 1)] + more.split(" and ")[1:]
            assert span in groups.values(), (path.name, low, high, more)


def test_each_lesson_notebooks_factory_gives_its_page_the_registrys_number():
    # The factories name their lesson by number ("NN"): it must be the number of the
    # registry record whose notebook calls that factory.
    import ast
    import re

    import fivecrowns_lab.lessons as lessons

    tree = ast.parse(Path(lessons.__file__).read_text(encoding="utf-8"))
    numbers: dict[str, set[str]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef):
            for call in ast.walk(node):
                if (
                    isinstance(call, ast.Call)
                    and getattr(call.func, "id", "") == "lesson_page"
                    and isinstance(call.args[1], ast.Constant)
                ):
                    numbers.setdefault(node.name, set()).add(call.args[1].value)
    for entry in CATALOGUE:
        text = (NOTEBOOKS / entry.filename).read_text(encoding="utf-8")
        opened = re.findall(r"open_lesson\(\\?[\"'](\w+)\\?[\"']", text)
        if opened:  # the registry's own factory: the record names the view
            assert opened == [entry.number] and entry.view, (entry.filename, opened)
            continue
        imported = re.findall(r"from fivecrowns_lab\.lessons import ([\w, ]+)", text)
        names = {name.strip() for line in imported for name in line.split(",")}
        pages = [name for name in names if name in numbers]  # the ones that make a page
        assert pages, entry.filename
        assert all(numbers[name] == {entry.number} for name in pages), (entry.number, pages)
