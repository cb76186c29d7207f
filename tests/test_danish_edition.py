"""The Danish edition's pages: notebooks/da/ beside the English lessons, kept in step, and
the views of lessons 02 and 04 and the gallery speaking Danish (issue 22)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from fivecrowns_lab import language
from fivecrowns_lab.content.catalogue import CATALOGUE, DANISH_FOLDER, DANISH_PAGES, INDEX_FILE
from fivecrowns_lab.lessons import deal_lab, meld_checks, meld_lab
from fivecrowns_lab.views.gallery import Gallery, LanguageLink, LessonNav

ROOT = Path(__file__).resolve().parents[1]
ENGLISH = ROOT / "notebooks"
DANISH = ENGLISH / DANISH_FOLDER
#: The one cell a Danish notebook has more than its English twin: it switches the language.
LANGUAGE_CELL = 'from fivecrowns_lab import set_language\n\nset_language("da")'
#: English words of the views' labels; none may be left on a Danish page ("point" is
#: Danish too: the sheet's "Pointgivning").
ENGLISH_WORDS = re.compile(
    r"\b(Round|Seed|Check|Lay down|Take back|Sort|New hand|Deal|Surprise me|Your hand|"
    r"On the table|Left in hand|Valid|Not a meld|Lesson|All lessons|points|cards?|WILD|"
    r"Start here|After|beginner|intermediate|advanced|wild)\b"
)


def _english_only() -> list:
    """The lessons not yet in Danish (none once the edition is whole)."""
    return [e for e in CATALOGUE if e.filename not in DANISH_PAGES]


def _cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def _source(cell: dict) -> str:
    return "".join(cell["source"])


def _text(html: str) -> str:
    """What a reader sees of some HTML: no tags, no attributes, no style sheet."""
    html = re.sub(r"<style>.*?</style>", " ", html, flags=re.S)
    return re.sub(r"<[^>]+>", " ", html)


def test_the_danish_pages_are_the_notebooks_in_the_danish_folder():
    assert {p.name for p in DANISH.glob("*.ipynb")} == set(DANISH_PAGES)
    assert all((ENGLISH / name).is_file() for name in DANISH_PAGES)


@pytest.mark.parametrize("name", sorted(DANISH_PAGES))
def test_danish_notebook_has_the_english_code_cells_and_one_language_cell(name):
    danish, english = _cells(DANISH / name), _cells(ENGLISH / name)
    danish_code = [_source(c) for c in danish if c["cell_type"] == "code"]
    english_code = [_source(c) for c in english if c["cell_type"] == "code"]
    assert danish_code[0] == LANGUAGE_CELL
    assert danish_code[1:] == english_code
    # the language is switched before anything else runs
    first_code = next(c for c in danish if c["cell_type"] == "code")
    assert _source(first_code) == LANGUAGE_CELL


@pytest.mark.parametrize("name", sorted(DANISH_PAGES))
def test_danish_notebook_prose_is_translated_cell_for_cell_and_has_no_outputs(name):
    danish, english = _cells(DANISH / name), _cells(ENGLISH / name)
    danish_prose = [_source(c) for c in danish if c["cell_type"] == "markdown"]
    english_prose = [_source(c) for c in english if c["cell_type"] == "markdown"]
    assert len(danish_prose) == len(english_prose)
    assert all(d != e for d, e in zip(danish_prose, english_prose, strict=True))
    assert danish_prose[0].startswith("# ")
    assert all(not c.get("outputs") and not c.get("execution_count") for c in danish)


def test_language_link_goes_to_the_twin_page_or_is_absent():
    assert LanguageLink("02-books-runs-and-wilds.ipynb").href == "da/02-books-runs-and-wilds.ipynb"
    assert "Dansk" in LanguageLink(INDEX_FILE).value
    assert LanguageLink("05-solitaire.ipynb").href == "da/05-solitaire.ipynb"
    for entry in _english_only()[:1]:
        assert LanguageLink(entry.filename).value == ""
    with language("da"):
        back = LanguageLink("04-play-a-round.ipynb")
    assert back.href == "../04-play-a-round.ipynb" and ">English</a>" in back.value


def test_lesson_page_opens_with_the_language_link():
    page = meld_lab(cards="5H 6H 7H")
    assert page.children[0] is page.language
    assert page.language.href == "da/02-books-runs-and-wilds.ipynb"


def test_danish_page_links_english_only_lessons_one_folder_up():
    with language("da"):
        nav = LessonNav("03")
    assert "href='../02-books-runs-and-wilds.ipynb'" not in nav.value
    assert "href='02-books-runs-and-wilds.ipynb'" in nav.value  # lesson 02 is in Danish
    assert "href='../04-play-a-round.ipynb'" not in nav.value
    assert "Lektion 02: Sæt, sekvenser og vilde kort" in nav.value


def test_danish_gallery_marks_a_lesson_not_yet_in_danish_and_links_it_one_folder_up(
    monkeypatch,
):
    # every lesson is in Danish today; a new lesson is English until it is translated
    from fivecrowns_lab.views import gallery as gallery_module

    monkeypatch.setattr(gallery_module, "DANISH_PAGES", DANISH_PAGES - {"05-solitaire.ipynb"})
    with language("da"):
        html = Gallery(DANISH).links.value
    link = LanguageLink("05-solitaire.ipynb")  # the English page offers no Danish twin
    assert "href='../05-solitaire.ipynb'" in html
    assert "Five Crowns-kabale (på engelsk)" in html
    assert "href='06-scorekeeper.ipynb'" in html
    assert link.value == ""


def test_danish_gallery_lists_every_lesson_in_danish():
    with language("da"):
        gallery = Gallery(DANISH)
    assert [info.number for info in gallery.lessons] == [e.number for e in CATALOGUE]
    html = gallery.links.value
    assert "href='02-books-runs-and-wilds.ipynb'" in html
    assert "href='05-solitaire.ipynb'" in html and "(på engelsk)" not in html
    assert "href='00-rules.ipynb'" in html and "href='00-teachers.ipynb'" in html  # Danish
    assert ENGLISH_WORDS.search(_text(html)) is None, _text(html)


def test_meld_builder_speaks_danish_on_a_danish_page(widget_errors):
    with language("da"):
        page = meld_lab(round_no=1, cards="5H 6H 7H QS QC JK")
        view = page.view
        labels = [view.check_button.description, view.lay_button.description]
        assert labels == ["Tjek", "Læg ned"]
        view.hand.select_cards("5H 6H 7H")
        view.check_button.click()
        assert "Gyldig" in view.verdict.value and "En sekvens i hjerter" in view.verdict.value
        view.lay_button.click()
        assert "74 point" in view.score.value and "Tilbage på hånden" in view.score.value
        view.hand.select_cards("QS QC")
        view.lay_button.click()
    assert view.status.kind == "error"
    assert "Disse kort bliver på hånden: En melding skal have mindst tre kort" in view.status.text
    shown = " ".join(
        _text(w.value) for w in (view.verdict, view.score, view.table, view.status)
    ) + " ".join(str(o[0]) for o in view.round.options)
    assert ENGLISH_WORDS.search(shown) is None, shown


def test_deal_lab_and_meld_checks_speak_danish(widget_errors):
    with language("da"):
        lab = deal_lab(round_no=5, seed=11)
        lab.deal_button.click()  # the same seed again: the status says so
        checks = meld_checks([("8H 8H 8*", 1), ("QD KD 3D", 5)])
    assert lab.deal_button.description == "Giv"
    assert "Given nr. 11 igen" in lab.status.text
    shown = _text(lab.hand_view.value + lab.result.value + checks.value)
    assert "Runde 1 (3 er vilde)" in shown and "ikke en melding" in shown
    assert ENGLISH_WORDS.search(shown) is None, shown


def test_play_lesson_speaks_danish_and_offers_the_danish_sheets_rules(widget_errors):
    from fivecrowns_lab.core.rules import hand_size
    from fivecrowns_lab.views.play import PlayLesson

    with language("da"):
        view = PlayLesson(bots=1, rounds=11, seed=2, mode="free")
        labels = [view.stock_button.description, view.throw_button.description]
        view.stock_button.click()
        card = view.hand.hand[0]
        view.hand.select_cards([card])
        assert view.throw_button.description == f"Smid {card} af"
        view.throw_button.click()
        moves = [seen for seen, _why in view.moves]
        # the Danish sheet's choices: five or seven rounds, books in different suits, a tie
        # played off in one extra round of thirteen cards, laying off, -10, no final discard
        view.rounds.value = 5
        for field in ("books_distinct_suits", "lay_off", "going_out_bonus", "no_final_discard"):
            view.variants[field].value = True
        view.playoff.value = True
        view.new_button.click()
    assert labels[0].startswith("Træk fra trækbunken") and labels[1] == "Smid af"
    assert f"Du: smed {card} af." in moves
    rules = view.game.rules
    assert (rules.rounds, rules.ties, rules.playoff_hand_size) == (5, "playoff", hand_size(11))
    assert rules.books_distinct_suits and rules.lay_off and rules.going_out_bonus
    assert rules.no_final_discard
    assert "Husregler: lægge kort til, bonus for at gå ud" in view.status.text
    assert view.playoff.description == "Uafgjort: én ekstra runde med 13 kort"
    shown = " ".join(
        _text(w.value) for w in (view.table, view.turn, view.log_view, view.level_text)
    ) + " ".join(
        str(w.description)
        for w in (view.settings_button, view.new_button, view.hint_button, *view.variants.values())
    )
    assert ENGLISH_WORDS.search(shown) is None, shown


def test_lesson_02_quiz_is_danish_around_and_inside_the_questions():
    with language("da"):
        page = meld_lab(cards="5H 6H 7H")
    quiz = page.quiz
    assert quiz.heading == "Test dig selv" and quiz.words["reset"] == "Nulstil"
    assert quiz.bank[0]["prompt"] == "Er 8♥ 8♥ 8★ et sæt?"
    assert quiz.score_text() == "Point i første forsøg: 0 af 5 (0 besvaret)"
    shown = " ".join(
        [q["prompt"] for q in quiz.bank]
        + [a["text"] + " " + a["why"] for q in quiz.bank for a in q["answers"]]
        + list(quiz.words.values())
    )
    assert ENGLISH_WORDS.search(shown) is None, shown


def test_lesson_01_speaks_danish_in_its_schedule_table_and_dealt_hand(widget_errors):
    from fivecrowns_lab.lessons import dealt_hand, schedule_lesson, schedule_table

    with language("da"):
        page = schedule_lesson(round_no=10)
        view = page.view
        view.round.value = 11
        table, dealt = schedule_table(), dealt_hand(round_no=5, seed=2026)
        bank = page.quiz.bank
    assert view.round.description == "Runde"
    assert "hver spiller får <b>13 kort</b>" in view.summary.value
    assert "så en konge tilbage på hånden tæller 20 og ikke 13" in view.table.value
    assert "Kort givet" in table.value and "Runde 5: 7 kort, 7 er vilde" in dealt.value
    assert "Denne hånd har" in dealt.value and "Den bedste opdeling" in dealt.value
    assert bank[0]["prompt"] == "Hvor mange runder har et helt spil Five Crowns?"
    shown = " ".join(_text(w.value) for w in (view.summary, view.table, table, dealt)) + " ".join(
        [q["prompt"] for q in bank]
        + [a["text"] + " " + a["why"] for q in bank for a in q["answers"]]
    )
    assert ENGLISH_WORDS.search(shown.replace("Five Crowns", "")) is None, shown


def test_lesson_03_scores_a_round_in_danish_step_by_step(widget_errors):
    from fivecrowns_lab.lessons import scoring_lesson

    with language("da"):
        page = scoring_lesson(round_no=6, players=3, seed=3)
        view = page.view
        first = view.game.names[0]
        opening = view.status.text
        view.guess.value = "ti"
        view.step_button.click()
        refused = view.status.text
        view.guess.value = str(view.game.score(0))
        view.step_button.click()
        right = view.status.text
        view.all_button.click()
        labels = [view.step_button.description, view.skip_button.description, view.round.label]
        bank = page.quiz.bank
    assert opening.startswith("Runde 6, given nr. 3:") and f"Gæt, hvad {first} scorer" in opening
    assert view.status.kind == "ok" and "Alle hænder er talt op" in view.status.text
    assert refused == f"'ti' er ikke et antal point: skriv et helt tal for {first}, fx 25."
    assert right.endswith("helt rigtigt!") and f"{first} scorer" in right
    assert labels == ["Næste trin", "Vis mig bare", "Runde 6 (8 er vilde)"]
    assert "Dine gæt: 1 af 1 helt rigtigt." in view.totals.value
    wins = next(q for q in bank if q["prompt"] == "Hvem vinder spillet?")
    assert [a["text"] for a in wins["answers"] if a["correct"]] == ["Den laveste total"]
    shown = _text(view.steps.value + view.totals.value) + " ".join(
        [q["prompt"] for q in bank]
        + [a["text"] + " " + a["why"] for q in bank for a in q["answers"]]
    )
    assert ENGLISH_WORDS.search(shown) is None, shown


def test_class_line_sends_its_page_the_sentences_in_the_learners_language():
    from fivecrowns_lab.views.classlink import ClassLink

    english = ClassLink("03").texts
    with language("da"):
        danish = ClassLink("03").texts
    assert english["save"] == "Save my results to a file"
    assert danish["save"] == "Gem mine resultater i en fil"
    assert danish.keys() == english.keys()
    # the page fills the same fields in either language
    fields = {key: sorted(re.findall(r"\{(\w+)\}", text)) for key, text in english.items()}
    assert fields == {key: sorted(re.findall(r"\{(\w+)\}", t)) for key, t in danish.items()}
    assert ENGLISH_WORDS.search(" ".join(danish.values())) is None


def test_lesson_05_solitaire_speaks_danish_in_its_board_hints_and_quiz(widget_errors):
    from fivecrowns_lab.errors import LessonError, SolitaireError
    from fivecrowns_lab.lessons import solitaire_lesson
    from fivecrowns_lab.table.actions import Draw

    with language("da"):
        page = solitaire_lesson(seed=1)
        view = page.view
        opening = view.status.text
        view.hint()
        hint = view.hint_text.value
        view.stock_button.click()
        drawn = view.status.text
        with pytest.raises(SolitaireError, match="Du har allerede trukket"):
            view.game.check(Draw("stock"))
        closed = next((k for k in range(1, 12) if view.game.closed[k - 1]), None)
        if closed is not None:
            with pytest.raises(LessonError, match=f"Hånd {closed} er lukket"):
                view.choose(closed)
        labels = [view.new_button.description, view.upcard_button.description]
        bank = page.quiz.bank
    assert opening.startswith("Nyt spil:") and opening.endswith("Træk et kort.")
    assert "Tip:" in hint and "en ville tage det opvendte" in hint
    assert drawn.startswith("Du trak ") and "vælg en hånd" in drawn
    assert labels == ["Nyt spil", "Tag det opvendte kort"]
    assert view.stock_button.description.startswith("Træk fra trækbunken (")
    assert "hænder lukket" in view.board.value and "Hånd 11" in view.board.value
    assert bank[0]["prompt"] == "I kabalen har hånd 4 seks kort. Hvilke kort er vilde i den?"
    shown = _text(view.board.value + view.hint_text.value + view.drawn_view.value) + " ".join(
        [opening, drawn, _text(view.children[0].children[0].value)]
        + [str(o[0]) for o in view.target.options]
        + [q["prompt"] for q in bank]
        + [a["text"] + " " + a["why"] for q in bank for a in q["answers"]]
    )
    assert ENGLISH_WORDS.search(shown) is None, shown


def test_lesson_05_solitaire_in_english_is_unchanged(widget_errors):
    from fivecrowns_lab.lessons import solitaire_lesson

    view = solitaire_lesson(seed=1).view
    view.stock_button.click()
    assert view.status.text.startswith("You drew ")
    assert "hands closed</b>" in view.board.value and "<th>hand</th>" in view.board.value


def test_lesson_06_scorekeeper_speaks_danish_and_refuses_a_wrong_score_in_danish(
    widget_errors, tmp_path
):
    from fivecrowns_lab.lessons import scorekeeper

    with language("da"):
        page = scorekeeper(tmp_path / "game.json")
        keeper = page.view
        opening = keeper.status.text
        keeper.names.value = "Ana, Ben, Cara"
        keeper.start_button.click()
        started = keeper.status.text
        keeper.type_scores("0", "-5", "ti")
        keeper.add_button.click()
        refused = keeper.status.text
        notes = " ".join(n.value for n in keeper.entry_notes)
        keeper.type_scores("0", "58", "0")
        keeper.add_button.click()
        added = keeper.status.text
        keeper.export_button.click()
        labels = [
            b.description for b in (keeper.add_button, keeper.undo_button, keeper.export_button)
        ]
        bank = page.quiz.bank
    assert keeper.status.kind == "ok"
    assert opening == "Skriv spillernes navne, og tryk på Start et nyt spil."
    assert started == "Nyt spil for Ana, Ben, Cara. Runde 1 giver 3 kort, og treere er vilde."
    assert refused.startswith("Bens \u22125 i runde 1: point er aldrig negative")
    assert "ti&#x27; er ikke et antal point (Cara, runde 1)." in notes
    assert added == "Runde 1 er tilføjet og gemt."
    assert labels == ["Tilføj runde", "Fortryd sidste runde", "Eksportér CSV"]
    assert "Runde 2 (4 kort, 4 er vilde)" in keeper.entry_title.value
    assert "Hent pointene som CSV" in keeper.download.value
    assert "Den laveste total vinder" in keeper.table.value
    shown = _text(
        keeper.entry_title.value + keeper.table.value + keeper.children[0].children[0].value
    ) + " ".join(
        [opening, started, refused, notes, added, *labels]
        + [q["prompt"] for q in bank]
        + [a["text"] + " " + a["why"] for q in bank for a in q["answers"]]
    )
    assert ENGLISH_WORDS.search(shown) is None, shown


def test_lesson_06_scorekeeper_waits_for_every_missing_score_in_danish(widget_errors, tmp_path):
    from fivecrowns_lab.errors import ScoreError
    from fivecrowns_lab.table.scorebook import parse_players
    from fivecrowns_lab.views.scorekeeper import Scorekeeper

    with language("da"):
        keeper = Scorekeeper(tmp_path / "game.json")
        keeper.names.value = "Ana, Ben, Cara"
        keeper.start_button.click()
        keeper.type_scores("0")
        keeper._on_box_message(keeper.entries[0], {"event": "submit"}, [])
        waiting = keeper.status.text
        with pytest.raises(ScoreError, match="7 spillere; denne liste har 8"):
            parse_players("A, B, C, D, E, F, G, H")
    assert waiting.startswith("Runde 1 mangler stadig en score for Ben og Cara")
    keeper.type_scores("0")
    keeper._on_box_message(keeper.entries[0], {"event": "submit"}, [])
    assert "a score for Ben and Cara (type 0" in keeper.status.text


def test_lesson_07_counts_wild_cards_in_danish_before_and_after_the_guess(widget_errors):
    from fivecrowns_lab.lessons import wild_count_lesson

    with language("da"):
        page = wild_count_lesson(round_no=5, seed=2026)
        view = page.view
        opening = view.status.text
        hidden = view.table.value
        view.commit.commit_button.click()  # no guess yet: refused in Danish
        refused = view.status.text
        view.guess_k.value = 1
        view.guess_share.value = 40  # an untouched slider is no guess
        view.commit.commit_button.click()
        view.deal_buttons[2].click()  # Deal 100
        dealt = view.status.text
        view.draw_intervals()
        labels = [b.description for b in (*view.deal_buttons, view.coverage_button)]
        labels += [view.commit.commit_button.description, view.commit.skip_button.description]
        labels += [view.try_again_button.description]
        legend = str(view.plot.spec) + str(view.running.spec) + str(view.coverage.spec)
        bank = page.quiz.bank
        revealed = view.prediction_view.value + view.gap_view.value
        coverage = view.coverage_view.value
        view.try_again_button.click()
        again = view.status.text
    assert opening.startswith("Runde 5: 7 kort, 7 og jokere er vilde (given nr. 2026).")
    assert "nøjagtige chancer kommer frem" in hidden
    assert refused.startswith("Gæt først:")
    assert dealt.startswith("100 hænder givet: i gennemsnit")
    assert labels == [
        "Giv 1",
        "Giv 10",
        "Giv 100",
        "Giv 1.000",
        "Tegn 100 intervaller",
        "Lås mit gæt",
        "Vis mig bare",
        "Prøv igen",
    ]
    assert "Dit gæt og sandheden" in revealed and "1 vildt kort" in revealed
    assert "Du sagde 1 vildt kort i 40 % af hænderne: hænder med 1 vildt kort er" in revealed
    assert "<summary>Hvorfor er det en" in revealed
    assert again.startswith("Gæt igen: bliv i runde 5")
    assert "af 100 intervaller indeholder den nøjagtige værdi" in coverage
    # the charts: Danish titles, and the legend's names shown in Danish (the data keep keys)
    assert "Vilde kort på en hånd med 7 kort (runde 5)" in legend
    assert "nøjagtigt (optælling)" in legend and "labelExpr" in legend
    shown = _text(
        view.formula.value
        + view.table.value
        + revealed
        + coverage
        + view.children[0].children[0].value
    ) + " ".join(
        [opening, refused, dealt, again, *labels]
        + [str(o[0]) for o in view.guess_k.options + view.sample_size.options]
        + [q["prompt"] for q in bank]
        + [a["text"] + " " + a["why"] for q in bank for a in q["answers"]]
    )
    assert ENGLISH_WORDS.search(shown) is None, shown


def test_lesson_07_english_charts_keep_their_legend_as_it_was(widget_errors):
    from fivecrowns_lab.lessons import wild_count_lesson

    view = wild_count_lesson(round_no=5, seed=2026).view
    view.commit.skip_button.click()
    assert "labelExpr" not in str(view.plot.spec)
    assert view.deal_buttons[3].description == "Deal 1,000"


def test_lesson_08_goes_out_on_the_deal_in_danish_guess_reveal_and_counting(widget_errors):
    from fivecrowns_lab.lessons import go_out_lesson

    with language("da"):
        page = go_out_lesson(n=200, seed=1)
        view = page.view
        ready = view.status.text
        view.commit.commit_button.click()  # no guess yet
        refused = view.status.text
        view.hardest.value = 4
        view.commit.commit_button.click()
        revealed = view.reveal_view.value
        view.explain_button.click()  # no idea written yet
        no_idea = view.status.text
        view.guess.value = "Hænder på 3, 6, 9 kort deles i treere."
        view.explain_button.click()
        steps = []
        for _ in range(view.counting.last + 1):
            steps.append(view.counting.text())
            view.counting.forward()
        labels = [view.run_button.description, view.explain_button.description]
        labels += [view.runner.stop_button.description, view.counting.next_button.description]
        options = [str(o[0]) for o in view.question.options + view.hardest.options]
        charts = str(view.plot.spec) + str(view.running.spec)
        bank = page.quiz.bank
    assert "Simuleringen er klar: lås dit gæt (eller Vis mig bare)." in ready
    assert refused == "Vælg først den runde, du tror er sværest, og lås så gættet."
    assert "Dit gæt og sandheden" in revealed and "Den sværeste er <b>runde" in revealed
    assert no_idea.startswith("Skriv først din egen idé")
    assert "Sammenlign forklaringen med din egen." == view.status.text
    assert "savtak med periode tre" in view.explanation.value
    assert steps[0].startswith("<p><b>Trin 1 af 6.</b> I runde 1 gives 3 kort")
    assert "hænder med 1 vildt kort" in steps[2] and "hænder med 2 vilde kort" in steps[3]
    assert labels == ["Simulér", "Vis forklaringen", "Stop", "Næste trin"]
    assert "gå ud på given" in options and "runde 11 (13 kort)" in options
    assert "Chancen for at gå ud på given, runde for runde" in charts
    assert view.progress.text.value == "2.200 af 2.200 givninger"  # 200 in each of 11 rounds
    shown = _text(
        view.ask.value
        + view.reveal_view.value
        + view.table.value
        + view.explanation.value
        + " ".join(steps)
        + view.children[0].children[0].value
    ) + " ".join(
        [ready, refused, no_idea, view.progress.text.value, *labels, *options]
        + [q["prompt"] for q in bank]
        + [a["text"] + " " + a["why"] for q in bank for a in q["answers"]]
    )
    assert ENGLISH_WORDS.search(shown) is None, shown


def test_a_run_says_how_it_ended_in_whole_sentences_in_either_language():
    from fivecrowns_lab.errors import LessonError
    from fivecrowns_lab.views.work import Outcome

    stopped = Outcome(12, 500, "stopped", 3.14)
    assert stopped.sentence("game") == (
        "Stopped after 12 of 500 games (3.1 s); the results below are for those."
    )
    assert Outcome(1, 1, "finished", 0.5).sentence("deal") == "Finished the 1 deal in 0.5 s."
    with language("da"):
        assert stopped.sentence("deal") == (
            "Stoppet efter 12 af 500 givninger (3,1 s); resultaterne herunder gælder dem."
        )
        assert Outcome(2000, 2000, "finished", 2.0).sentence("game") == (
            "Færdig med alle 2.000 spil på 2,0 s."
        )
        with pytest.raises(LessonError, match="En kørsel tæller 'deal' or 'game'"):
            stopped.sentence("round")


def test_rules_page_links_its_danish_twin_and_speaks_danish(widget_errors):
    from fivecrowns_lab.lessons import rules_page

    english = rules_page()
    with language("da"):
        danish = rules_page()
    assert english.children[1].href == "da/00-rules.ipynb"
    link, table, back = danish.children[1:]
    assert link.href == "../00-rules.ipynb" and ">English</a>" in link.value
    assert "Kort givet" in table.value and "Alle lektioner" in back.value
    assert ENGLISH_WORDS.search(_text(table.value + back.value)) is None


def test_teacher_page_in_danish_has_no_english_label_and_links_danish_worksheets():
    from fivecrowns_lab.views.gallery import TeacherPage

    english = TeacherPage()
    with language("da"):
        page = TeacherPage()
    assert page.language.href == "../00-teachers.ipynb"
    assert english.language.href == "da/00-teachers.ipynb"
    html = page.table.value
    assert "<th scope='col'>Tag først</th>" in html and "Lær spillet (cirka" in html
    assert "download='lesson-02-handout-da.html'" in html
    assert "href='02-books-runs-and-wilds.ipynb'" in html  # the Danish lesson, same folder
    # The counts are the registry's (a new lesson changes them, nothing else).
    lessons, quizzed = len(CATALOGUE), sum(e.quiz is not None for e in CATALOGUE)
    game_minutes = sum(e.minutes for e in CATALOGUE if e.group == "game")
    assert page.status.text.startswith(f"{lessons} lektioner, ")
    # lessons not yet in Danish may keep English objectives; every label is Danish
    labels = re.sub(r"<ul>.*?</ul>", " ", html, flags=re.S)
    assert ENGLISH_WORDS.search(_text(labels)) is None, _text(labels)
    # English is unchanged: the same sentences as before the catalogue
    assert f"<h4>Learn the game (about {game_minutes} minutes in all)</h4>" in english.table.value
    assert "<th scope='col'>Do first</th>" in english.table.value
    assert english.status.text == f"{lessons} lessons, {quizzed} with a quiz and a worksheet."


def test_danish_gallery_in_a_kernel_that_found_the_packaged_lessons_lists_the_danish_ones():
    # The static site's browser kernel finds the lessons in the package (the English folder);
    # a Danish gallery there reads the Danish notebooks packaged beside them, in da/.
    with language("da"):
        from_english_folder = Gallery(ENGLISH)
        from_danish_folder = Gallery(DANISH)
    assert from_english_folder.links.value == from_danish_folder.links.value
    assert "Lektion 02" in from_english_folder.links.value
    assert Gallery(ENGLISH).lessons[0].title == "Cards and the wild-card schedule"
