"""The learner's language: English (the default) or Danish, through gettext catalogues.

Every sentence a learner reads goes through :func:`gettext` (``_``), :func:`ngettext`
(``_n``, for counts) or :func:`pgettext` at the moment it is written, never at import
time, so switching the language in a running kernel changes the next sentence. The
engine's API (names, reprs, error classes) stays English in every language.

The catalogues are ``locale/<code>/LC_MESSAGES/fivecrowns_lab.po`` in the package; the
build hook (``hatch_build.py``) compiles them to ``.mo`` files for the wheel and for an
editable install.

Where the language lives: :func:`set_language` sets the process-wide default, which every
thread, asyncio task and widget callback reads; ``with language("da"):`` overrides it for
its own context only (its thread, or its asyncio task), so a server writing two visitors'
pages at once, or a simulation running beside a language switch, keeps each one's words.

>>> get_language()
'en'
>>> from fivecrowns_lab import check_meld
>>> with language("da"):
...     check_meld("8H 8H 8*", 1).reason
'Et sæt med tre ottere.'
>>> get_language()
'en'
"""

from __future__ import annotations

import gettext as _gettext
from collections.abc import Sequence
from contextvars import ContextVar
from fractions import Fraction
from numbers import Integral, Real
from pathlib import Path
from types import TracebackType

from .errors import LanguageError, quote

__all__ = [
    "DOMAIN",
    "LANGUAGES",
    "N_",
    "and_list",
    "get_language",
    "gettext",
    "language",
    "ngettext",
    "number",
    "number_text",
    "percent",
    "pgettext",
    "set_language",
]

#: The gettext domain: the catalogues' file name.
DOMAIN = "fivecrowns_lab"
#: The languages a learner can choose, by code, each named in its own language.
LANGUAGES = {"en": "English", "da": "Dansk"}
LOCALE_DIR = Path(__file__).parent / "locale"
_DEFAULT = "en"

# Two layers. The default is one value for the process: ipykernel runs widget callbacks and
# cells in different contexts, and a learner who calls set_language in one cell expects the
# buttons (whose callbacks run elsewhere) to follow. A ``with language()`` block is an entry
# on its own context's stack instead (a ContextVar: each thread and asyncio task has its
# own), so it never reaches another thread's or task's sentences. The stack holds
# (entry, code) pairs and a block leaves by removing its own entry wherever it sits: two
# blocks interleaved in one context (two generators) each take away only their own.
_default = _DEFAULT
_Entry = tuple[object, str]
_blocks: ContextVar[tuple[_Entry, ...]] = ContextVar("fivecrowns_lab_language", default=())
_catalogues: dict[str, _gettext.NullTranslations] = {_DEFAULT: _gettext.NullTranslations()}


def _check(code: object) -> str:
    if not isinstance(code, str) or code not in LANGUAGES:
        # said in the current language (gettext is defined below; it is called, not imported)
        choices = " / ".join(repr(c) for c in LANGUAGES)
        raise LanguageError(
            gettext("There is no language {code}: choose one of {choices}.").format(
                code=quote(code), choices=choices
            )
        )
    return code


def _catalogue(code: str) -> _gettext.NullTranslations:
    found = _catalogues.get(code)
    if found is None:
        try:
            found = _gettext.translation(DOMAIN, LOCALE_DIR, languages=[code])
        except OSError:  # FileNotFoundError: the .mo was never compiled
            raise LanguageError(
                f"The {LANGUAGES[code]} catalogue is not compiled: reinstall the package "
                "(pip install -e .) so that its build step compiles it."
            ) from None
        _catalogues[code] = found
    return found


def set_language(code: str) -> None:
    """Write every learner sentence from now on in ``code``: ``"en"`` or ``"da"``.

    This is the process-wide default, read by every thread, task and widget callback
    that is not inside a ``with language()`` block of its own (inside one, that block's
    language goes on until it ends). An unknown code, or a catalogue that is not
    compiled, is refused and the language stays as it was.
    """
    global _default
    _catalogue(_check(code))  # load first: a failure leaves the language unchanged
    _default = code


def get_language() -> str:
    """The code of the language learner sentences are written in now (``"en"`` at start):
    the innermost ``with language()`` block of this context, else the process default."""
    blocks = _blocks.get()
    return blocks[-1][1] if blocks else _default


class language:  # used as ``with language("da"):``, like a function
    """Write learner sentences in ``code`` inside a ``with`` block, then switch back.

    The block changes only its own context (its thread, or its asyncio task); other
    threads and tasks go on in their own language. The code is checked when the block is
    made, so a bad code fails before it starts.
    """

    def __init__(self, code: str) -> None:
        self.code = _check(code)
        _catalogue(self.code)
        # This object's open entries: it may be entered twice (nested, or in two contexts).
        self._entries: list[object] = []

    def __enter__(self) -> str:
        entry = object()
        self._entries.append(entry)
        _blocks.set((*_blocks.get(), (entry, self.code)))
        return self.code

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        blocks = _blocks.get()
        open_here = {id(entry) for entry, _ in blocks}
        # The newest of this object's entries that this context holds is the one leaving.
        for entry in reversed(self._entries):
            if id(entry) in open_here:
                self._entries.remove(entry)
                _blocks.set(tuple(b for b in blocks if b[0] is not entry))
                return


def gettext(message: str) -> str:
    """``message`` in the current language (itself in English)."""
    return _catalogues[get_language()].gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form for ``count`` of a sentence with a number, in the current language."""
    return _catalogues[get_language()].ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, told apart from the same words elsewhere."""
    return _catalogues[get_language()].pgettext(context, message)


def number(value: float | Fraction, digits: int | None = None, *, spec: str | None = None) -> str:
    """``value`` written as the current language writes numbers.

    A whole number gets thousands separators; ``digits`` gives a decimal that many
    places (also grouped); ``spec`` is any format spec (``".4g"``) for the odd case.
    Danish swaps the marks: a decimal comma and a thousands dot.

    >>> number(1000000), number(2.5, 1), number(0.123456, spec=".3g")
    ('1,000,000', '2.5', '0.123')
    >>> with language("da"):
    ...     number(1000000), number(1234.5, 1)
    ('1.000.000', '1.234,5')
    """
    if spec is None:
        spec = "," if digits is None else f",.{digits}f"
    return number_text(format(_checked(value), spec))


def percent(value: float | Fraction, digits: int = 1) -> str:
    """A share (0.218) as a percentage: "21.8%" in English, "21,8 %" in Danish.

    >>> percent(0.218), percent(0.5, 0)
    ('21.8%', '50%')
    >>> with language("da"):
    ...     percent(0.218)
    '21,8 %'
    """
    return number_text(format(_checked(value), f".{digits}%"))


def _checked(value: object) -> int | float:
    """``value`` ready for ``format``: an int as it is, any other real number as a float."""
    # bool is an int to Python, but True written as "100.0%" would hide a caller's slip
    if isinstance(value, bool) or not isinstance(value, Real):
        raise TypeError(f"{value!r} is not a number to write.")
    return int(value) if isinstance(value, Integral) else float(value)  # Fraction: no "%"


def number_text(text: str) -> str:
    """English number ``text`` ("1,234.5", "21.8%") with the current language's marks.

    A negative number takes the minus sign the prose uses ("−10 bonus"), not a hyphen.

    >>> number_text("-83.5")
    '−83.5'
    """
    # Typeset text writes minus as U+2212 in both languages; the hyphen is a typewriter's.
    text = text.replace("-", "\u2212")
    if get_language() != "da":
        return text
    # Danish: comma and dot trade places, and a percent sign stands a space apart, as the
    # catalogue's "95 %-interval" already writes it.
    return text.translate(_DANISH_MARKS).replace("%", " %")


_DANISH_MARKS = str.maketrans({",": ".", ".": ","})


def typed_number(text: str) -> str:
    """A number as a learner typed it, with the minus sign :func:`number` prints ("−10")
    read as a hyphen, so a number copied from the page parses like one typed by hand.

    >>> int(typed_number(" \u221210 "))
    -10
    """
    return text.strip().replace("\u2212", "-")


def and_list(items: Sequence[str]) -> str:
    """``items`` listed inside a sentence: "a", "a and b", "a, b and c" (in the language).

    >>> and_list(["Ann", "Bo", "Cy"])
    'Ann, Bo and Cy'
    >>> with language("da"):
    ...     and_list(["Ann", "Bo"])
    'Ann og Bo'
    """
    if len(items) == 1:
        return items[0]
    # One pattern for the last pair, so a language puts its own word (and comma) there.
    return gettext("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


def N_(message: str) -> str:  # the conventional gettext marker name
    """Mark ``message`` for the catalogue without translating it (a table, read later)."""
    return message
