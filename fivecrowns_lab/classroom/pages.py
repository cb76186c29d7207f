"""The class pages' words (the join page and the dashboard) in the visitor's language.

The pages are files in ``class_pages/`` with ``{name}`` slots (each page's style sheet and
body, in the frame ``page.html`` they share); :func:`join_page` and
:func:`dashboard_page` fill them with sentences from the catalogue, escaped, in the
language the caller has switched to. The dashboard's script writes sentences as it
refreshes: it gets them as one JSON object (:func:`dashboard_words`) with ``{field}``
slots it fills as text, never as markup, so a nickname stays a nickname.
"""

from __future__ import annotations

import html
import json
import re
from html import escape
from pathlib import Path
from typing import Any

from ..errors import ClassError, FiveCrownsError
from ..i18n import LANGUAGES, N_, get_language, number, number_text, percent
from ..i18n import gettext as _
from .experiments import WILDS_QUESTION, experiment_label
from .predictions import WIDTH_CHOICES, question_label
from .report import ClassReport

__all__ = [
    "PAGES",
    "dashboard_page",
    "dashboard_report",
    "dashboard_words",
    "join_page",
    "joined_note",
    "language_nav",
    "refusal",
    "refused_note",
    "rejoin_note",
]

PAGES = Path(__file__).resolve().parent.parent / "class_pages"

# The sentences the dashboard's script writes, by the key it uses.
_SCRIPT_WORDS = {
    "no_experiments": N_("No experiment results yet."),
    "no_quiz": N_("No quiz answers yet."),
    "no_predictions": N_("No predictions yet."),
    "nobody": N_("Nobody has joined yet."),
    "pooled": N_("{successes} of {trials} {unit}"),
    "figures": N_("Class: {pooled} = {estimate}, 95% interval {low} to {high}."),
    "exact": N_("Exact value: {exact}."),
    "no_exact": N_("No exact value known: the interval is the answer."),
    "seeds": N_("{students} students, {seeds} seeds (a seed run twice counts once)."),
    "plot": N_("{label}: class estimate {estimate} from {trials} {unit}"),
    "behind": N_("The figures behind the chart"),
    "dot": N_("{nickname}: {successes} of {trials} ({estimate})"),
    "share": N_("{right} of {answered} · {share}"),
    "lesson": N_("lesson"),
    "question": N_("question"),
    "answered": N_("answered"),
    "right_first": N_("right first time"),
    "common_wrong": N_("most common wrong answer"),
    "prediction": N_("prediction"),
    "made": N_("made"),
    "came_true": N_("came true"),
    "most_predicted": N_("most predicted"),
    "skipped": N_("skipped"),
    "exact_answer": N_("exact answer"),
    "no_truth": N_("no exact answer known"),
    "each_hand": N_("each hand's own"),
    "in_pool": N_("in the pooled figures"),
    "hide": N_("Hide"),
    "show": N_("Show"),
    "hide_named": N_("Hide {nickname} from the pooled figures"),
    "show_named": N_("Count {nickname} in the pooled figures again"),
    "hidden_note": N_("hidden"),
    "nickname": N_("nickname"),
    "quiz_answered": N_("quiz answered"),
    "predictions": N_("predictions"),
    "runs": N_("experiment runs"),
    "trials": N_("trials (hands, deals, draws, games)"),
    "last_seen": N_("last seen"),
    "status": N_("{students} students · updated {time}"),
    "no_refresh": N_("Could not refresh: {reason}"),
    "not_json": N_(
        "The server answered with a page instead of the figures (HTTP {status}): reload the "
        "dashboard, with its address from the server's start if it asks for a login."
    ),
    "dismiss": N_("Dismiss"),
    "confirm": N_("Delete every student and result of class {code}? This cannot be undone."),
    # what an experiment counts (its ``unit``), always more than one on the dashboard
    "unit_hands": N_("hands"),
    "unit_deals": N_("deals"),
    "unit_draws": N_("draws"),
    "unit_games": N_("games"),
}


# One chart per lesson question (its experiments side by side): the chart's title, and what
# one column is where a lesson's columns are rounds or hands (the others are numbered).
_CHART_TITLES = {
    "most common wilds": WILDS_QUESTION,
    "go out on the deal": N_("Go out on the deal"),
    "go out on the first turn": N_("Go out on the first turn"),
    "draw an out": N_("Draw an out"),
    "seat 1 wins": N_("Strategy: seat 1 wins"),
}
_COLUMNS = {"07": N_("round"), "08": N_("round"), "09": N_("hand")}
_BY_ROUND = ("07", "08")


def refusal(error: ClassError) -> str:
    """A class error's sentence in the current language (its English message otherwise)."""
    if not error.sentence:
        return str(error)
    return _(error.sentence).format(**error.fields)


def language_nav(query: str = "") -> str:
    """Links to the same page in every other language (``?lang=da``), kept for the visit.

    ``query`` is added to each link (already URL-encoded, such as ``next=...``).
    """
    here = get_language()
    links = "".join(
        f"<a href='?lang={code}{'&amp;' + escape(query) if query else ''}' hreflang='{code}' "
        f"lang='{code}'>{escape(name)}</a>"
        for code, name in LANGUAGES.items()
        if code != here
    )
    label = escape(_("Language"))
    return f"<nav class='lang' aria-label='{label}'>{links}</nav>"


_SLOT = re.compile(r"\{(\w+)\}")


def _fill(name: str, slots: dict[str, str]) -> str:
    """The page ``name``: its style sheet (``name.css``) and body (``name.html``) in the
    frame every class page shares (``page.html``: the head, the language links), with its
    ``{slot}`` places filled in one pass: a value is never read again, so a nickname
    ``{xsrf}`` stays those six characters. Braces that are not a slot (the style sheet's,
    the script's) stay as they are."""
    parts = {
        "style": (PAGES / f"{name}.css").read_text(encoding="utf-8").rstrip("\n"),
        "body": (PAGES / f"{name}.html").read_text(encoding="utf-8").rstrip("\n"),
    }
    frame = (PAGES / "page.html").read_text(encoding="utf-8")
    # The page's own files first (they hold slots too), then the slots, in one pass.
    text = _SLOT.sub(lambda found: parts.get(found[1], found[0]), frame)
    return _SLOT.sub(lambda found: slots.get(found[1], found[0]), text)


# The join page's sentences, by the slot each fills.
_JOIN_WORDS = {
    "t_title": N_("Join the class"),
    "t_code": N_("Class code (on the board)"),
    "t_nickname": N_("Nickname"),
    "t_note": N_(
        "Any short name your teacher will recognise: no e-mail, no real name needed. "
        "Your quiz first tries and experiment counts go to your teacher's dashboard; "
        "nobody else sees them."
    ),
    "t_rejoin": N_("Rejoin code (only to take your nickname back)"),
    "t_rejoin_note": N_(
        "Leave it empty the first time. When you join, your page shows a rejoin "
        "code: with it you get your nickname and results back on another browser."
    ),
    "t_join": N_("Join"),
    "t_skip": N_("Go to the lessons without joining"),
}


def _page_words(sentences: dict[str, str]) -> dict[str, str]:
    """The page's language, and each of ``sentences`` in it, escaped, by its slot."""
    words = {slot: escape(_(text)) for slot, text in sentences.items()}
    return {"lang": get_language(), **words}


def join_page(slots: dict[str, str]) -> str:
    """The join page: ``slots`` holds the form's values (already escaped) and the message."""
    return _fill("join", {**_page_words(_JOIN_WORDS), **slots})


def dashboard_words() -> str:
    """The script's sentences as JSON, safe inside a ``<script>`` element."""
    words = {key: _(text) for key, text in _SCRIPT_WORDS.items()}
    # The axis ticks are the script's own numbers: it writes the digits in the page's
    # language and puts them in this pattern ("{value}%", Danish "{value} %").
    words["percent"] = number_text("{value}%")
    # "<" escaped so that no sentence can close the script element.
    return json.dumps(words, ensure_ascii=False).replace("<", "\\u003c")


def _kits() -> str:
    # An English page links the English kits; any other, the kits in its language.
    code = get_language()
    query = "" if code == "en" else f"?lang={code}"
    intro = _("Teacher's kit to print (a 45-minute plan, a record sheet, the quiz with its key):")
    links = " ".join(f"<a href='kit/{n:02d}{query}'>{n:02d}</a>" for n in range(1, 13))
    return f"{escape(intro)} {links}"


# The dashboard's sentences, by the slot each fills (the two with markup in them are
# written in dashboard_page).
_DASHBOARD_WORDS = {
    "t_title": N_("Class dashboard"),
    "t_experiments": N_("Experiments: the class's pooled estimate"),
    "t_legend": N_(
        "Grey band: the class's 95% interval; black line: the class's estimate; red "
        "dashes: the exact value; each blue dot: one student's own estimate."
    ),
    "t_quiz": N_("Quiz: right at the first try"),
    "t_predictions": N_("Predictions before the reveal"),
    "t_students": N_("Each student"),
    "t_export": N_("Export everything (CSV)"),
    "t_clear": N_("Clear this class…"),
}


def dashboard_page() -> str:
    """The dashboard in the current language (its figures come from ``api/report``)."""
    # Escaped first, then the markup goes in: a translation cannot add tags of its own.
    code = "<span class='code' id='code'>…</span>"
    join = escape(_("Join the class"))
    slots = {
        **_page_words(_DASHBOARD_WORDS),
        "nav": language_nav(),
        "words": dashboard_words(),
        "kits": _kits(),
        "t_class": escape(_("Class {code}")).format(code=code),
        "t_join": escape(
            _("Students join at {join} on any lesson page with this code and a nickname.")
        ).format(join=f"<b>{join}</b>"),
    }
    return _fill("dashboard", slots)


def dashboard_report(report: ClassReport) -> dict[str, Any]:
    """The report's JSON for the dashboard, its labels and figures in the current language.

    The numbers stay numbers (the script draws with them); each experiment, student and
    question also gets ``text``: the same figures as the learner reads them ("21,8 %").
    """
    data = report.as_json()
    for experiment in data["experiments"]:
        experiment["label"] = experiment_label(experiment["experiment"])
        title = _CHART_TITLES.get(experiment["question"])
        experiment["chart"] = _(title) if title else experiment["label"]
        column = _COLUMNS.get(experiment["lesson"])
        experiment["column"] = _(column) if column else ""
        by_round = experiment["lesson"] in _BY_ROUND
        experiment["tick"] = number(experiment["round_no"]) if by_round else ""
        experiment["text"] = {
            "successes": number(experiment["successes"]),
            "trials": number(experiment["trials"]),
            "estimate": percent(experiment["estimate"], 2),
            "estimate_short": percent(experiment["estimate"], 1),
            "low": percent(experiment["low"], 2),
            "high": percent(experiment["high"], 2),
            "exact": None if experiment["exact"] is None else percent(experiment["exact"], 2),
        }
        for student in experiment["students"]:
            student["text"] = {"estimate": percent(student["estimate"], 1)}
    for question in data["questions"]:
        question["text"] = {"share_right": percent(question["share_right"], 0)}
    for prediction in data["predictions"]:
        prediction["label"] = question_label(prediction["question"])
        prediction["text"] = {
            key: _guess_text(prediction[key]) for key in ("common_guess", "truth")
        }
    return data


def _guess_text(guess: str | None) -> str | None:
    """A stored guess or answer as the dashboard shows it (lessons 10-11's words translated)."""
    if guess is None or guess not in WIDTH_CHOICES:
        return guess
    return _(guess)


def joined_note(code: str, nickname: str) -> str:
    """The join page's note that this browser is in the class."""
    # The sentence escaped first, then the markup: a translation adds no tag of its own.
    text = html.escape(_("You are in class {code} as {nickname}."), quote=False)
    nick = f"<b>{html.escape(nickname)}</b>"
    return f'<p class="ok">{text.format(code=html.escape(code), nickname=nick)}</p>'


def rejoin_note(rejoin_code: str) -> str:
    """The note that shows a new student their rejoin code (once: only its hash is kept)."""
    text = html.escape(
        _(
            "Your rejoin code is {rejoin}. Write it down: with it you take your nickname "
            "back on another browser."
        ),
        quote=False,
    )
    code = f"<b class='rejoin' id='rejoin-code'>{html.escape(rejoin_code)}</b>"
    return f'<p class="ok">{text.format(rejoin=code)}</p>'


def refused_note(error: FiveCrownsError) -> str:
    """A refused join's sentence, in the current language, as the page's alert."""
    sentence = refusal(error) if isinstance(error, ClassError) else str(error)
    return f'<p class="error" role="alert">{html.escape(sentence)}</p>'
