"""The teacher's kit of a lesson: a one-page plan for 45 minutes, a record sheet, the key.

Made from the lesson catalogue, the quiz banks and the class experiments, so it cannot
drift from the lessons: a new objective, question or experiment shows up in the kit by
itself. One self-contained HTML page (no scripts, no outside files) that prints whole:

1. **The plan** (one page): the objectives, the steps with their minutes (filling one
   45-minute period, or two for a lesson that takes 40 minutes alone), the questions to
   ask the class, and what the class dashboard will show;
2. **the record sheet** for a lesson with a class experiment: one line per round for the
   student's own counts, and the class's pooled count to copy from the dashboard;
3. **the quiz with its key**, explanations included.

>>> html = kit_html("08")
>>> "90 minutes" in html and "Record sheet" in html
True
"""

from __future__ import annotations

from html import escape

from ..content.catalogue import CATALOGUE, lesson
from ..content.quizzes import QUIZZES, quiz_for_lesson
from ..core.rules import ROUNDS, hand_size
from ..i18n import N_, get_language
from ..i18n import gettext as _
from .experiments import exact_value, lesson_experiments

__all__ = [
    "GUESS_LESSONS",
    "KIT_LESSONS",
    "PERIOD_MINUTES",
    "kit_html",
    "kit_steps",
    "plan_minutes",
]

#: The class period a plan fills.
PERIOD_MINUTES = 45
_LETTERS = "ABCDEFGH"

_PRINT_CSS = """
body { font-family: "DejaVu Sans", Arial, sans-serif; color: #000; background: #fff;
       max-width: 48em; margin: 1.5em auto; padding: 0 1em; line-height: 1.4; font-size: 11pt; }
h1 { font-size: 1.45em; margin: 0 0 .2em; }
h2 { font-size: 1.15em; margin: 1em 0 .3em; border-bottom: 2px solid #000; }
.meta { margin: 0 0 .6em; }
table { border-collapse: collapse; width: 100%; }
th, td { border: 1px solid #000; padding: .25em .45em; text-align: left; vertical-align: top; }
td.blank { height: 1.5em; }
.sheet, .key { break-before: page; page-break-before: always; }
li { margin-bottom: .25em; }
ol.quiz > li { break-inside: avoid; margin-bottom: .6em; }
@page { size: A4; margin: 14mm; }
@media print { body { margin: 0; max-width: none; } a { color: inherit; text-decoration: none; } }
"""


def _experiments_of(number: str) -> list[str]:
    return sorted({e.label.rsplit(",", 1)[0] for e in lesson_experiments(number)})


def _has_exact(number: str) -> bool:
    """Whether the lesson's class experiments have exact values to show beside the class's."""
    return any(exact_value(e.id) is not None for e in lesson_experiments(number) if e.id)


#: The lessons that ask for a guess before they show an answer (commit before reveal):
#: only their plans have a *Predict* step. A test reads each lesson's widgets to keep this
#: true.
GUESS_LESSONS = frozenset({"03", "07", "08", "09", "10", "11"})
#: The least time the closing discussion gets, and the most before the rest is exploring.
_DISCUSS_LEAST, _DISCUSS_MOST = 5, 15


def _periods(minutes: int) -> int:
    """The whole class periods that hold ``minutes`` (at least one)."""
    return max(1, -(-minutes // PERIOD_MINUTES))


def kit_steps(number: str) -> list[tuple[int, str]]:
    """The plan's steps as (minutes, what happens), filling whole class periods.

    The lesson step gets the lesson's own minutes; a lesson too long for one period
    gets a plan for two (the title says how long), never a step too short for it.
    """
    entry = lesson(number)
    quiz = quiz_for_lesson(entry.number) is not None
    experiments = _experiments_of(entry.number)
    steps = [(5, _("Start: write the class code on the board; students open the lesson and "
                   "press Join the class (a nickname is enough)."))]  # fmt: skip
    if entry.number in GUESS_LESSONS:
        predict = _(
            "Predict: when the lesson asks, each student commits a guess before the answer shows."
        )
        steps.append((5, predict))
    steps.append((entry.minutes, _("The lesson: {teaches}").format(teaches=_(entry.teaches))))
    if experiments:
        pooled = _(
            "Class experiment: each student chooses a seed of their own and simulates; the "
            "dashboard pools the class's results live."
        )
        steps.append((5, pooled))
    if quiz:
        steps.append((5, _("Quiz: each student answers once; only first tries count.")))
    used = sum(m for m, _text in steps)
    total = _periods(used + _DISCUSS_LEAST) * PERIOD_MINUTES
    discuss = min(total - used, _DISCUSS_MOST)
    if total - used > discuss:
        steps.append(
            (
                total - used - discuss,
                _(
                    "Explore in pairs: change one setting of the lesson, predict what will "
                    "change, then check."
                ),
            )
        )
    steps.append(
        (
            discuss,
            _(
                "Discuss with the dashboard on the projector, then each student writes one "
                "sentence on what they learnt."
            ),
        )
    )
    return steps


def plan_minutes(number: str) -> int:
    """How long the plan of lesson ``number`` takes: one or more whole class periods."""
    return sum(minutes for minutes, _text in kit_steps(number))


def _plan(number: str) -> str:
    entry = lesson(number)
    topic = quiz_for_lesson(entry.number)
    experiments = _experiments_of(entry.number)
    objectives = "".join(f"<li>{escape(_(o))}</li>" for o in entry.objectives)
    minutes_word = _("{minutes} min")
    rows = "".join(
        f"<tr><td>{escape(minutes_word.format(minutes=minutes))}</td><td>{escape(text)}</td></tr>"
        for minutes, text in kit_steps(entry.number)
    )
    questions = [f"<li>{escape(_(q.prompt))}</li>" for q in QUIZZES[topic][:3]] if topic else []
    can_you = _("Which of these can you do now? {objective}")
    questions += [f"<li>{escape(can_you.format(objective=_(o)))}</li>" for o in entry.objectives]
    shows = []
    if experiments:
        shown = (
            _(
                "{experiments}: each student's estimate as a dot, the class's pooled estimate "
                "with its 95% interval, and the exact value. Ask: why are the dots spread out, "
                "and why is the class's interval so much narrower?"
            )
            if _has_exact(entry.number)
            else _(
                "{experiments}: each student's estimate as a dot and the class's pooled "
                "estimate with its 95% interval (nobody knows the exact value: the interval "
                "is the answer). Ask: why are the dots spread out, and why is the class's "
                "interval so much narrower?"
            )
        ).format(experiments=", ".join(_(e) for e in experiments))
        shows.append(f"<li>{escape(shown, quote=False)}</li>")
    if topic:
        shows.append(
            "<li>"
            + escape(
                _(
                    "Each quiz question: the share right at the first try and the most common "
                    "wrong answer. Go over the question with the lowest share."
                )
            )
            + "</li>"
        )
    shows.append("<li>" + escape(_("Each student's progress: who has not started yet.")) + "</li>")
    prereq = ", ".join(entry.prerequisites) or _("none")
    title = _("{lesson} — a plan for {minutes} minutes").format(
        lesson=entry.label, minutes=plan_minutes(entry.number)
    )
    # the commands stay as typed; the sentence around them is translated whole
    meta = escape(
        _("Level: {level} · do first: {lessons} · serve it with {command} (or {other})")
    ).format(
        level=escape(_(entry.level)),
        lessons=escape(prereq),
        command="<code>make serve</code>",
        other="<code>fivecrowns-lab serve --class</code>",
    )
    words = [
        escape(_(w))
        for w in (
            N_("Objectives"),
            N_("Timing"),
            N_("time"),
            N_("step"),
            N_("Questions to ask the class"),
            N_("What the dashboard will show"),
        )
    ]
    return (
        f"<h1>{escape(title)}</h1><p class='meta'>{meta}</p>"
        f"<h2>{words[0]}</h2><ul>{objectives}</ul>"
        f"<h2>{words[1]}</h2><table><tr><th>{words[2]}</th><th>{words[3]}</th></tr>{rows}</table>"
        f"<h2>{words[4]}</h2><ul>{''.join(questions)}</ul>"
        f"<h2>{words[5]}</h2><ul>{''.join(shows)}</ul>"
    )


def _sheet(number: str) -> str:
    experiments = _experiments_of(number)
    if not experiments:
        return ""
    found = lesson_experiments(number)
    if all(e.round_no == 0 for e in found):
        return _runs_sheet(number, experiments, found[0].unit, found[0].hit)
    rows = "".join(
        f"<tr><td>{r}</td><td>{hand_size(r)}</td>" + "<td class='blank'></td>" * 4 + "</tr>"
        for r in ROUNDS
    )
    # the columns are what the lesson's table shows for each round, so a student copies
    # figures from the screen instead of working out counts the lesson never prints
    heads = [
        _("round"),
        _("cards"),
        _("my simulated share"),
        _("my 95% interval"),
        _("exact value (from the lesson)"),
        _("class estimate (dashboard)"),
    ]
    name = _("Name: ________________ &nbsp; Seed: ________ &nbsp; Question: {question}")
    ask = _(
        "Is the exact value inside your 95% interval? Inside the class's? Which interval "
        "is narrower, and why?"
    )
    return _record_sheet(number, experiments, name, heads, rows, ask)


def _runs_sheet(number: str, experiments: list[str], unit: str, hit: str) -> str:
    """A record sheet for an experiment with no rounds (lessons 09-11): one row per run."""
    rows = "".join(
        f"<tr><td>{run}</td>" + "<td class='blank'></td>" * 5 + "</tr>" for run in range(1, 7)
    )
    unit, hit = _(unit), _(hit)
    heads = [
        _("run"),
        _("seed"),
        unit,
        hit,
        _("my share ({hit} ÷ {unit})").format(hit=hit, unit=unit),
        _("class share (dashboard)"),
    ]
    name = _("Name: ________________ &nbsp; Question: {question}")
    ask = _(
        "Try 4× the {unit}: how much narrower is your interval? Is the class's interval "
        "narrower than yours, and why?"
    ).format(unit=unit)
    return _record_sheet(number, experiments, name, heads, rows, ask)


def _record_sheet(
    number: str, experiments: list[str], name: str, heads: list[str], rows: str, ask: str
) -> str:
    """A record sheet: its heading, the name line (``name`` has a ``{question}`` field), a
    table of blank ``rows`` under ``heads``, and the question ``ask`` under it."""
    head = _("Record sheet: {lesson}").format(lesson=lesson(number).label)
    # the blanks' spacing is HTML, so the question is escaped before it goes in
    name = name.format(question=escape(" / ".join(_(e) for e in experiments)))
    return (
        f"<section class='sheet'><h2>{escape(head)}</h2><p>{name}</p><table><tr>"
        + "".join(f"<th>{escape(h)}</th>" for h in heads)
        + f"</tr>{rows}</table><p>{escape(ask, quote=False)}</p></section>"
    )


def _key(number: str) -> str:
    topic = quiz_for_lesson(number)
    if topic is None:
        return ""
    items = []
    for question in QUIZZES[topic]:
        right = question.answers[question.right]
        wrong = "".join(
            f"<li>{_LETTERS[i]}. {escape(_(a.text))}: {escape(_(a.why))}</li>"
            for i, a in enumerate(question.answers)
            if not a.correct
        )
        items.append(
            f"<li>{escape(_(question.prompt))}<br><b>{_LETTERS[question.right]}. "
            f"{escape(_(right.text))}</b>: {escape(_(right.why))}<ul>{wrong}</ul></li>"
        )
    heading = _("Quiz and key: {lesson}").format(lesson=lesson(number).label)
    return (
        f"<section class='key'><h2>{escape(heading)}</h2>"
        f"<ol class='quiz'>{''.join(items)}</ol></section>"
    )


def kit_html(number: str) -> str:
    """The whole kit of lesson ``number`` as one printable HTML page, in the current language.

    The Danish kits of the lessons that exist in Danish (01-04, 09-12) are whole; the
    record sheets of lessons 07 and 08 are still English.
    """
    entry = lesson(number)
    title = _("{lesson}: teacher's kit").format(lesson=entry.label)
    return (
        f"<!DOCTYPE html><html lang='{get_language()}'><head><meta charset='utf-8'>"
        f"<title>{escape(title)}</title>"
        f"<style>{_PRINT_CSS}</style></head><body>"
        f"{_plan(entry.number)}{_sheet(entry.number)}{_key(entry.number)}"
        "</body></html>"
    )


#: Lessons with a kit: every lesson of the catalogue.
KIT_LESSONS: tuple[str, ...] = tuple(e.number for e in CATALOGUE)
