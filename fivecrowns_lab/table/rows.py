"""A small table of plain rows: what the scoresheets and the simulations return.

The lessons run in a browser kernel (the static site) where pandas cannot be loaded, so the
engine's tables are plain rows: a tuple of column names and a tuple of value tuples. They
render as HTML in a notebook, export as CSV, and become a pandas DataFrame with
:meth:`Rows.to_frame` wherever pandas is installed (``fivecrowns_lab[app]`` brings it).

>>> rows = Rows.from_records(["player", "points"], [{"player": "Ana", "points": 3},
...                                                   {"player": "Ben", "points": 0}])
>>> len(rows), rows["points"], rows.where("player", "Ben").records()
(2, [3, 0], [{'player': 'Ben', 'points': 0}])
>>> print(rows.to_csv(), end="")
player,points
Ana,3
Ben,0
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING, Any

from ..errors import FiveCrownsError, quote
from ..i18n import gettext as _

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["Rows", "TableError"]

#: How a spreadsheet tells a formula from text: a cell starting with one of these runs.
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


class TableError(FiveCrownsError):
    """A table was asked for a column it does not have, or for pandas where there is none."""


@dataclass(frozen=True)
class Rows:
    """Rows of values under named columns (one tuple per row, in column order)."""

    columns: tuple[str, ...]
    data: tuple[tuple[Any, ...], ...]

    @classmethod
    def from_records(cls, columns: Sequence[str], records: Iterable[Mapping[str, Any]]) -> Rows:
        """Rows from dictionaries keyed by column name (a missing key is an error)."""
        names = tuple(columns)
        try:
            data = tuple(tuple(record[name] for name in names) for record in records)
        except KeyError as error:
            raise TableError(
                _("A row has no value for the column {column}.").format(
                    column=quote(error.args[0])
                )
            ) from None
        return cls(names, data)

    def __len__(self) -> int:
        return len(self.data)

    @property
    def empty(self) -> bool:
        """True when there are no rows."""
        return not self.data

    def _index(self, column: str) -> int:
        try:
            return self.columns.index(column)
        except ValueError:
            raise TableError(
                _("There is no column {value}; the columns are {columns}.").format(
                    value=quote(column), columns=list(self.columns)
                )
            ) from None

    def __getitem__(self, column: str) -> list[Any]:
        """The values of one column, top to bottom."""
        i = self._index(column)
        return [row[i] for row in self.data]

    def records(self) -> list[dict[str, Any]]:
        """One dictionary per row."""
        return [dict(zip(self.columns, row, strict=True)) for row in self.data]

    def where(self, column: str, value: Any) -> Rows:
        """The rows whose ``column`` equals ``value``."""
        i = self._index(column)
        return Rows(self.columns, tuple(row for row in self.data if row[i] == value))

    def filter(self, keep: Callable[[dict[str, Any]], bool]) -> Rows:
        """The rows for which ``keep(record)`` is true."""
        return Rows(
            self.columns,
            tuple(row for row in self.data if keep(dict(zip(self.columns, row, strict=True)))),
        )

    def to_csv(self) -> str:
        """The table as CSV text with a header line; text cells never start a formula."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(self.columns)
        for row in self.data:
            writer.writerow(_csv_value(v) for v in row)
        return out.getvalue()

    def to_text(self) -> str:
        """The table as aligned text, one line per row (numbers and text right-aligned)."""
        cells = [list(self.columns), *([str(v) for v in row] for row in self.data)]
        widths = [max(len(line[i]) for line in cells) for i in range(len(self.columns))]
        return "\n".join(
            "  ".join(c.rjust(w) for c, w in zip(line, widths, strict=True)).rstrip()
            for line in cells
        )

    def __str__(self) -> str:
        return self.to_text()

    def to_frame(self) -> pd.DataFrame:
        """The table as a pandas DataFrame, with the same columns in the same order.

        pandas is imported here, not with the engine (the browser kernel has none); it comes
        with ``pip install "fivecrowns_lab[app]"``. A column of whole numbers with gaps
        (``None``) stays whole: pandas' nullable ``Int64``, not floats.
        """
        try:
            import pandas as pd
        except ImportError:
            raise TableError(
                _(
                    "to_frame() needs pandas, which is not installed: pip install pandas "
                    '(it comes with "{extra}").'
                ).format(extra="fivecrowns_lab[app]")
            ) from None
        frame: pd.DataFrame = pd.DataFrame(list(self.data), columns=list(self.columns))
        for i, column in enumerate(self.columns):
            values = [row[i] for row in self.data]
            if _whole_with_gaps(values):  # from the values: through floats, 2**53 + 1 is lost
                frame[column] = pd.array(values, dtype="Int64")
        return frame

    def _repr_html_(self) -> str:
        head = "".join(f"<th scope='col'>{escape(c)}</th>" for c in self.columns)
        body = "".join(
            "<tr>" + "".join(f"<td>{escape(str(v))}</td>" for v in row) + "</tr>"
            for row in self.data
        )
        return (
            f"<table class='fc-table fc-rows'><thead><tr>{head}</tr></thead>"
            f"<tbody>{body}</tbody></table>"
        )


def _whole_with_gaps(values: Sequence[Any]) -> bool:
    """True for whole numbers with at least one ``None`` among them (pandas would make floats)."""
    seen = [v for v in values if v is not None]
    whole = all(isinstance(v, int) and not isinstance(v, bool) for v in seen)
    return whole and 0 < len(seen) < len(values)


def _csv_value(value: Any) -> Any:
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return value
