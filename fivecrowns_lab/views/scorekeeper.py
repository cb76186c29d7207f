"""A scorekeeper for a real game at the table: players, each round's points, totals, places.

Every change is saved to a JSON file at once, so reloading the page loses nothing.
"""

from __future__ import annotations

import base64
import csv
import io
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from html import escape
from pathlib import Path

import ipywidgets as widgets

from ..core.rules import ROUNDS, hand_size, wild_rank_text
from ..errors import ScoreError
from .base import View

__all__ = ["ScoreError", "ScoreSheet", "Scorekeeper", "placements"]

DEFAULT_PATH = "scorekeeper.autosave.json"
_NUMBER = re.compile(r"^[+-]?\d+$")


def placements(totals: Sequence[int]) -> list[int]:
    """Places from totals, lowest first, ties shared: ``[10, 5, 10, 20] -> [2, 1, 2, 4]``."""
    return [1 + sum(1 for other in totals if other < t) for t in totals]


@dataclass
class ScoreSheet:
    """Players, the going-out bonus setting, and one list of points per finished round."""

    players: list[str] = field(default_factory=list)
    going_out_bonus: bool = False
    rounds: list[list[int]] = field(default_factory=list)

    def totals(self) -> list[int]:
        return [sum(r[p] for r in self.rounds) for p in range(len(self.players))]

    def to_json(self) -> str:
        return json.dumps(
            {
                "version": 1,
                "players": self.players,
                "going_out_bonus": self.going_out_bonus,
                "rounds": self.rounds,
            },
            indent=1,
        )

    @classmethod
    def from_json(cls, text: str) -> ScoreSheet:
        data = json.loads(text)
        sheet = cls(
            list(map(str, data["players"])),
            bool(data.get("going_out_bonus", False)),
            [[int(x) for x in row] for row in data.get("rounds", [])],
        )
        if any(len(row) != len(sheet.players) for row in sheet.rounds):
            raise ScoreError("The saved scores do not match the saved players.")
        return sheet

    def to_csv(self) -> str:
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(
            ["player", *[f"round {i + 1}" for i in range(len(self.rounds))], "total", "place"]
        )
        for p, (name, total, place) in enumerate(
            zip(self.players, self.totals(), placements(self.totals()), strict=False)
        ):
            writer.writerow([_safe_cell(name), *[r[p] for r in self.rounds], total, place])
        return out.getvalue()


def _safe_cell(text: str) -> str:
    """A name as a CSV cell a spreadsheet will not run as a formula."""
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text


def parse_players(text: str) -> list[str]:
    """Names separated by commas or new lines: 2 to 7 of them, all different."""
    names = [n.strip() for n in re.split(r"[,\n]", text) if n.strip()]
    if len(names) < 2:
        raise ScoreError(
            f"Enter 2 to 7 players separated by commas; {text.strip()!r} has {len(names)}."
        )
    if len(names) > 7:
        raise ScoreError(f"Five Crowns is for 2 to 7 players; this list has {len(names)}.")
    seen = set()
    for name in names:
        if name.casefold() in seen:
            raise ScoreError(f"Two players are called {name!r}: give them different names.")
        seen.add(name.casefold())
        if len(name) > 30:
            raise ScoreError(f"The name {name[:30]!r}… is too long (30 letters at most).")
    return names


def parse_score(text: str, player: str, round_no: int, bonus: bool) -> int:
    """One typed score, checked: a whole number, not negative (except -10 with the bonus)."""
    typed = text.strip()
    if not typed:
        raise ScoreError(
            f"Enter a score for {player} in round {round_no} (type 0 if {player} went out)."
        )
    if not _NUMBER.match(typed):
        raise ScoreError(f"{typed!r} is not a number of points ({player}, round {round_no}).")
    value = int(typed)
    if value < 0 and not (bonus and value == -10):
        if bonus:
            raise ScoreError(
                f"{player}'s {value} in round {round_no}: "
                "the only negative score is -10, for going out."
            )
        raise ScoreError(
            f"{player}'s {value} in round {round_no}: scores are never negative "
            "(turn on the going-out bonus to allow -10)."
        )
    if value > 1000:
        raise ScoreError(
            f"{player}'s {value} in round {round_no} is more points than a hand can hold."
        )
    return value


class Scorekeeper(View):
    """Type each round's points; see totals and places; undo, export CSV; autosaved."""

    title = "Scorekeeper"

    def __init__(self, path: str | Path | None = None, **kwargs):
        super().__init__(**kwargs)
        self.path = Path(path if path is not None else DEFAULT_PATH)
        self.sheet = ScoreSheet()
        self.names = widgets.Text(
            placeholder="Ann, Ben, Cleo", description="Players", continuous_update=False
        )
        self.bonus = widgets.Checkbox(
            value=False, description="Going-out bonus (-10)", indent=False
        )
        self.start_button = self._button(
            "Start a new game", self.start, style="primary", icon="play"
        )
        self.setup = widgets.HBox([self.names, self.bonus, self.start_button])
        self.setup.layout.flex_flow = "row wrap"
        self.entry_title = widgets.HTML()
        self.entries: list[widgets.Text] = []
        self.entry_box = widgets.HBox(layout={"flex_flow": "row wrap"})
        self.add_button = self._button("Add round", self.add_round, style="success", icon="plus")
        self.undo_button = self._button("Undo last round", self.undo, icon="undo")
        self.export_button = self._button("Export CSV", self.export, icon="download")
        self.download = widgets.HTML()
        self.table = widgets.HTML()
        actions = widgets.HBox([self.add_button, self.undo_button, self.export_button])
        actions.layout.flex_flow = "row wrap"
        self._frame(
            [self.setup, self.entry_title, self.entry_box, actions, self.table, self.download],
            "For a game at a real table: type each player's points after every round. "
            f"Everything is saved at once to <code>{escape(str(self.path))}</code>.",
        )
        self.load()

    # --- saving --------------------------------------------------------------------------
    def load(self) -> None:
        """Read the autosave file if there is one (a damaged file is reported, not trusted)."""
        if self.path.exists():
            try:
                self.sheet = ScoreSheet.from_json(self.path.read_text(encoding="utf-8"))
            except (ValueError, KeyError, TypeError) as exc:
                self.sheet = ScoreSheet()
                self._rebuild()
                self.status.error(f"Could not read the saved game in {self.path}: {exc}")
                return
            self._rebuild()
            if self.sheet.players:
                n = len(self.sheet.rounds)
                self.status.info(
                    f"Restored the saved game: {', '.join(self.sheet.players)}, "
                    f"{n} round{'' if n == 1 else 's'} played."
                )
            return
        self._rebuild()
        self.status.info("Enter the players' names and press Start a new game.")

    def save(self) -> None:
        tmp = self.path.with_name(self.path.name + ".tmp")
        tmp.write_text(self.sheet.to_json(), encoding="utf-8")
        tmp.replace(self.path)

    # --- actions -------------------------------------------------------------------------
    def start(self) -> None:
        """Start a game with the typed players (the old game is replaced)."""
        names = parse_players(self.names.value)
        self.sheet = ScoreSheet(names, self.bonus.value, [])
        self.save()
        self._rebuild()
        self.status.ok(f"New game for {', '.join(names)}. Round 1 deals 3 cards, 3s wild.")

    def add_round(self) -> None:
        """Check every typed score; if all are fine, add the round (else change nothing)."""
        if not self.sheet.players:
            raise ScoreError("Start a game first: enter the players' names.")
        n = len(self.sheet.rounds) + 1
        if n > ROUNDS[-1]:
            raise ScoreError("All eleven rounds are entered: the game is over.")
        points = [
            parse_score(box.value, name, n, self.sheet.going_out_bonus)
            for box, name in zip(self.entries, self.sheet.players, strict=False)
        ]
        self.sheet.rounds.append(points)
        self.save()
        self._rebuild()
        self.status.ok(f"Round {n} added and saved.")

    def undo(self) -> None:
        """Remove the last round entered."""
        if not self.sheet.rounds:
            raise ScoreError("There is no round to undo.")
        removed = self.sheet.rounds.pop()
        self.save()
        self._rebuild()
        for box, value in zip(self.entries, removed, strict=False):
            box.value = str(value)
        self.status.info(
            f"Removed round {len(self.sheet.rounds) + 1}; its scores are back in the boxes."
        )

    def export(self) -> Path:
        """Write the scores as CSV next to the autosave file, and offer a download link."""
        if not self.sheet.players:
            raise ScoreError("There is nothing to export yet.")
        text = self.sheet.to_csv()
        target = self.path.with_suffix("").with_suffix(".csv")
        target.write_text(text, encoding="utf-8")
        data = base64.b64encode(text.encode()).decode()
        self.download.value = (
            f"<a download='five-crowns-scores.csv' href='data:text/csv;base64,{data}'>"
            "Download the scores as CSV</a>"
        )
        self.status.ok(f"Saved {target.name}; use the link to download it.")
        return target

    def type_scores(self, *scores: str | int) -> None:
        """Fill the score boxes (for tests and demos)."""
        for box, value in zip(self.entries, scores, strict=False):
            box.value = str(value)

    # --- display -------------------------------------------------------------------------
    def _rebuild(self) -> None:
        s = self.sheet
        n = len(s.rounds) + 1
        with self.hold_sync():
            if s.players and n <= ROUNDS[-1]:
                self.entry_title.value = (
                    f"<h4 style='margin:6px 0 2px'>Round {n} ({hand_size(n)} cards, "
                    f"{wild_rank_text(n)}s wild): points left in each hand</h4>"
                )
                self.entries = [
                    widgets.Text(
                        placeholder="points",
                        description=name,
                        layout={"width": "190px"},
                        style={"description_width": "70px"},
                    )
                    for name in s.players
                ]
            else:
                self.entry_title.value = "<h4>The game is over.</h4>" if s.players else ""
                self.entries = []
            self.entry_box.children = self.entries
            self.add_button.disabled = not self.entries
            self.undo_button.disabled = not s.rounds
            self.export_button.disabled = not s.players
            self.names.value = ", ".join(s.players)
            self.bonus.value = s.going_out_bonus
            self.table.value = self._table_html()
            self.download.value = ""

    def _table_html(self) -> str:
        s = self.sheet
        if not s.players:
            return ""
        totals = s.totals()
        places = placements(totals)
        head = "".join(f"<th>R{i + 1}</th>" for i in range(len(s.rounds)))
        rows = []
        for p, name in enumerate(s.players):
            running = 0
            cells = []
            for r in s.rounds:
                running += r[p]
                cells.append(f"<td>{r[p]}<br><small>Σ {running}</small></td>")
            tie = sum(1 for q in places if q == places[p]) > 1
            place = f"{places[p]}{' (tie)' if tie else ''}"
            hl = " class='fc-hl'" if places[p] == 1 and s.rounds else ""
            rows.append(
                f"<tr{hl}><td class='fc-left'>{escape(name)}</td>{''.join(cells)}"
                f"<td><b>{totals[p]}</b></td><td>{place}</td></tr>"
            )
        return (
            "<table class='fc-table' aria-label='Scoresheet'><tr><th class='fc-left'>player</th>"
            f"{head}<th>total</th><th>place</th></tr>{''.join(rows)}</table>"
            "<p><small>Lowest total wins; players tied share the place.</small></p>"
        )
