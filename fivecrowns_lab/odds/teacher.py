"""The teacher's table: every exact value of the shipped table as a CSV and a docs page.

Both are generated from the table (``data/exact_table.json``) by the same rows,
so the CSV beside it (``data/exact_odds.csv``) and ``docs/exact-odds.md`` can be
checked against it:

>>> rows = teacher_rows({"rounds": {"1": {"go_out": {"value": "1336/12673"}}}})
>>> rows[0]["question"], rows[0]["fraction"], rows[0]["decimal"], rows[0]["one_in"]
('going out on the deal', '1336/12673', '0.10542097', '9.5')
"""

from __future__ import annotations

import csv
import io
from fractions import Fraction
from typing import Any

from ..core.rules import ROUNDS, hand_size, wild_rank_text
from ..table.rows import Rows

__all__ = ["QUESTIONS", "teacher_csv", "teacher_markdown", "teacher_rows", "teacher_table"]

#: The table's keys, in the order the teacher's table lists them, with their questions.
QUESTIONS = {
    "go_out": "going out on the deal",
    "first_turn": "going out on the first turn",
    "penalty": "penalty of a dealt hand (mean points)",
}
_FIELDS = ["round", "cards", "wild", "question", "fraction", "decimal", "one_in"]


def _decimal(value: Fraction) -> str:
    return f"{float(value):.8g}"


def teacher_rows(table: dict[str, Any]) -> list[dict[str, str]]:
    """One row per (question, round) in the table: the exact fraction and its decimal.

    ``one_in`` is ``1 / p`` to one decimal place for a chance (blank for the
    penalty, which is a mean, not a chance).
    """
    rows = []
    rounds = table["rounds"]
    for key, question in QUESTIONS.items():
        for round_no in sorted(rounds, key=int):
            entry = rounds[round_no].get(key)
            if entry is None:
                continue
            value = Fraction(entry["value"])
            one_in = "" if key == "penalty" or not value else f"{float(1 / value):.1f}"
            rows.append(
                {
                    "round": round_no,
                    "cards": str(hand_size(int(round_no))),
                    "wild": wild_rank_text(int(round_no)),
                    "question": question,
                    "fraction": str(value),
                    "decimal": _decimal(value),
                    "one_in": one_in,
                }
            )
    return rows


def teacher_table(table: dict[str, Any] | None = None) -> Rows:
    """The teacher's table as :class:`Rows` with typed values (default: the shipped table).

    ``round`` and ``cards`` are whole numbers, ``decimal`` and ``one_in`` floats (``one_in``
    is ``None`` for the penalty); ``.to_frame()`` makes it a pandas DataFrame.

    >>> rows = teacher_table()
    >>> rows.columns[:2], rows["round"][:3], type(rows["decimal"][0]).__name__
    (('round', 'cards'), [1, 2, 3], 'float')
    """
    if table is None:
        from .probability import exact_table  # lazy: probability imports this module

        table = exact_table()
    typed = [
        {
            **row,
            "round": int(row["round"]),
            "cards": int(row["cards"]),
            "decimal": float(row["decimal"]),
            "one_in": float(row["one_in"]) if row["one_in"] else None,
        }
        for row in teacher_rows(table)
    ]
    return Rows.from_records(_FIELDS, typed)


def teacher_csv(table: dict[str, Any]) -> str:
    """The rows as CSV text with a header line."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=_FIELDS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(teacher_rows(table))
    return out.getvalue()


_INTRO = """\
# Exact odds for every round

These numbers were counted, not simulated: every one of the `C(116, n)` deals of a
round was taken into account, so each chance is an exact fraction. As far as we know,
no published source gives them for Five Crowns. The same values are in
`fivecrowns_lab/odds/data/exact_odds.csv` for a spreadsheet, and in Python:

```python
from fivecrowns_lab import go_out_on_deal

go_out_on_deal(10).probability  # a Fraction
```

How they were counted: going out on the deal by a sweep over the ranks 3 to K that
follows all hands at once (`fivecrowns_lab.odds.sweep`, explained with a worked
example in its docstring); the penalty by the same sweep carrying the points left in
hand (`fivecrowns_lab.odds.sweep_penalty`), whose states grow faster, so it stops at a
smaller round; the first turn by going through every hand, once per renaming of the
suits (`fivecrowns_lab.odds.counting`), which stops sooner still. Where both ways were
run they agree exactly. "One in" is 1 divided by the chance.

This page is generated from the shipped table
(`python -m fivecrowns_lab.odds.teacher > docs/exact-odds.md`); a test checks that it
matches.
"""


def teacher_markdown(table: dict[str, Any]) -> str:
    """The docs page: one Markdown table per question, plus how long each round took."""
    rows = teacher_rows(table)
    parts = [_INTRO]
    for question in QUESTIONS.values():
        mine = [row for row in rows if row["question"] == question]
        if not mine:
            continue
        chance = not question.startswith("penalty")
        parts.append(f"\n## {question[0].upper()}{question[1:]}\n")
        header = "| round | cards | wild | exact value | decimal |"
        rule = "| ---: | ---: | :---: | ---: | ---: |"
        if chance:
            header += " one in |"
            rule += " ---: |"
        missing = [r for r in ROUNDS if str(r) not in {row["round"] for row in mine}]
        if missing:
            listed = ", ".join(map(str, missing))
            parts.append(f"Exact value not counted yet: round{'s' * (len(missing) > 1)} {listed}")
            parts.append("(simulate it with `method='simulate'`).\n")
        parts.append(header)
        parts.append(rule)
        for row in mine:
            line = (
                f"| {row['round']} | {row['cards']} | {row['wild']} | {row['fraction']} "
                f"| {row['decimal']} |"
            )
            if chance:
                line += f" {row['one_in']} |"
            parts.append(line)
    timed = [
        (round_no, entry.get("cpu_seconds", "-"), entry["seconds"])
        for round_no, entry in sorted(table["rounds"].items(), key=lambda item: int(item[0]))
        if "seconds" in entry
    ]
    if timed:
        parts.append("\n## How long the sweep took\n")
        parts.append(
            "Seconds to count going out on the deal, per round: processor time on one core,"
            " and wall-clock time on the (shared) machine that built the table:\n"
        )
        parts.append("| round | processor seconds | wall-clock seconds |")
        parts.append("| ---: | ---: | ---: |")
        parts.extend(f"| {r} | {cpu} | {wall} |" for r, cpu, wall in timed)
    return "\n".join(parts) + "\n"


def main() -> int:
    """Print the docs page for the shipped table."""
    from .probability import exact_table

    print(teacher_markdown(exact_table()), end="")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
