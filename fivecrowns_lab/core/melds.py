"""Books and runs: checking a meld and explaining the verdict in a sentence.

>>> check_meld("8H 8H 8*", 1).reason
'A book of three 8s.'
>>> check_meld("5H JK 7H", 1).reason
'A run of hearts from 5 to 7, with JK as 6♥.'
>>> check_meld("QH KH 3H", 2).reason
'Runs cannot wrap from K to 3: the ranks go 3, 4, … Q, K and stop there.'

Under a variant, pass the round's :class:`~fivecrowns_lab.core.rules.RoundRules`:

>>> from fivecrowns_lab.core.rules import RoundRules
>>> check_meld("8H 8H 8*", RoundRules(1, books_distinct_suits=True)).reason
'In this game a book needs a different suit on every card: 8♥ is there twice.'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Literal

from ..errors import MeldError
from ..i18n import N_
from ..i18n import gettext as _
from ..i18n import ngettext as _n
from .cards import RANK_NAMES, Card, Hand, Suit, format_cards, parse_cards
from .rules import MAX_RANK, MAX_RUN, MIN_RANK, RoundRules, is_wild, round_rules

__all__ = [
    "Meld",
    "MeldCheck",
    "MeldError",
    "MeldKind",
    "WildUse",
    "check_meld",
    "make_book",
    "make_run",
]

MeldKind = Literal["book", "run"]
# Words, not digits, for the small counts in sentences ("a book of three 8s"). Marked
# with N_ so that they reach the catalogue; translated when a sentence is written.
_NUMBER_WORDS = (
    N_("no"), N_("one"), N_("two"), N_("three"), N_("four"),
    N_("five"), N_("six"), N_("seven"), N_("eight"),
)  # fmt: skip
# A rank counted in a book: "three 8s", "three jacks" (Danish "tre ottere").
_RANK_PLURALS = {
    3: N_("3s"), 4: N_("4s"), 5: N_("5s"), 6: N_("6s"), 7: N_("7s"), 8: N_("8s"),
    9: N_("9s"), 10: N_("10s"), 11: N_("jacks"), 12: N_("queens"), 13: N_("kings"),
}  # fmt: skip
# A suit in a sentence: "8★ is a star", "a run of hearts".
_SUIT_NOUNS = {
    Suit.STARS: N_("star"), Suit.HEARTS: N_("heart"), Suit.CLUBS: N_("club"),
    Suit.SPADES: N_("spade"), Suit.DIAMONDS: N_("diamond"),
}  # fmt: skip
_SUIT_PLURALS = {
    Suit.STARS: N_("stars"), Suit.HEARTS: N_("hearts"), Suit.CLUBS: N_("clubs"),
    Suit.SPADES: N_("spades"), Suit.DIAMONDS: N_("diamonds"),
}  # fmt: skip


def rank_text(rank: int) -> str:
    """``'3'`` .. ``'10'``, ``'J'``, ``'Q'``, ``'K'``."""
    return RANK_NAMES.get(rank, str(rank))


def _rank_plural(rank: int) -> str:
    return _(_RANK_PLURALS[rank]) if rank in _RANK_PLURALS else f"{rank}s"


def _count(n: int) -> str:
    return _(_NUMBER_WORDS[n]) if 0 <= n < len(_NUMBER_WORDS) else str(n)


def suit_noun(suit: Suit) -> str:
    """The suit's name for one card, in the learner's language: ``'heart'``."""
    return _(_SUIT_NOUNS[suit])


def suit_plural(suit: Suit) -> str:
    """The suit's name for several cards, in the learner's language: ``'hearts'``."""
    return _(_SUIT_PLURALS[suit])


@dataclass(frozen=True)
class WildUse:
    """What one wild card stands for in a meld: a rank, and in a run also the suit."""

    wild: Card
    rank: int
    suit: Suit | None = None

    def __str__(self) -> str:
        if self.wild.rank == self.rank and self.wild.suit in (self.suit, None):
            # a wild used as itself is still just a wild
            return _("{wild} as itself").format(wild=self.wild)
        if self.suit is None:
            # English says "an 8" but "a 7": two sentences, so that each reads right.
            text = _("{wild} as an {rank}") if self.rank == 8 else _("{wild} as a {rank}")
            return text.format(wild=self.wild, rank=rank_text(self.rank))
        card = f"{rank_text(self.rank)}{self.suit.symbol}"
        return _("{wild} as {card}").format(wild=self.wild, card=card)


@dataclass(frozen=True)
class Meld:
    """A valid book or run, its cards in meld order.

    Iterating a meld gives its cards. ``ranks[i]`` is the rank ``cards[i]``
    stands for; ``suit`` is the run's suit (None for a book); ``wilds`` says
    what each wild card stands for.
    """

    cards: Hand
    kind: MeldKind
    ranks: tuple[int, ...]
    suit: Suit | None
    round_no: int

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def __str__(self) -> str:
        return format_cards(self.cards)

    @property
    def wilds(self) -> tuple[WildUse, ...]:
        """What each wild in the meld stands for, in meld order."""
        return tuple(
            WildUse(card, rank, self.suit)
            for card, rank in zip(self.cards, self.ranks, strict=True)
            if is_wild(card, self.round_no)
        )

    def describe(self) -> str:
        """One sentence about the meld, naming what each wild stands for."""
        n = len(self.cards)
        uses = ", ".join(str(u) for u in self.wilds)
        if self.kind == "book":
            rank = self.ranks[0]
            if all(is_wild(c, self.round_no) for c in self.cards):
                text = _("A book of {count} wilds, standing as {ranks}.")
            elif uses:
                text = _("A book of {count} {ranks}, with {wilds}.")
            else:
                text = _("A book of {count} {ranks}.")
            return text.format(count=_count(n), ranks=_rank_plural(rank), wilds=uses)
        assert self.suit is not None  # every run has a suit: narrows the type
        if uses:
            text = _("A run of {suits} from {low} to {high}, with {wilds}.")
        else:
            text = _("A run of {suits} from {low} to {high}.")
        return text.format(
            suits=suit_plural(self.suit),
            low=rank_text(self.ranks[0]),
            high=rank_text(self.ranks[-1]),
            wilds=uses,
        )

    def _repr_html_(self) -> str:
        from ..render import hand_html

        return hand_html(self.cards, self.round_no)


@dataclass(frozen=True)
class MeldCheck:
    """The verdict on some cards as a meld: ``valid``, ``kind`` and a ``reason`` sentence."""

    valid: bool
    kind: MeldKind | None
    reason: str
    meld: Meld | None = None

    def __bool__(self) -> bool:
        return self.valid


def _book_problem(naturals: Sequence[Card], size: int, rules: RoundRules) -> str | None:
    """Why ``size`` cards with these naturals of one rank are not a book, or None."""
    if size < rules.meld.book_least:
        return _("In this game a book needs at least {least} cards; this has {count}.").format(
            least=_count(rules.meld.book_least), count=_count(size)
        )
    if rules.meld.distinct_suits:
        seen: set[Suit | None] = set()
        for card in naturals:
            if card.suit in seen:
                return _(
                    "In this game a book needs a different suit on every card: "
                    "{card} is there twice."
                ).format(card=card)
            seen.add(card.suit)
    return None


def _all_wild_problem(cards: Sequence[Card]) -> str:
    return _n(
        "In this game every meld needs at least one card that is not wild: {cards} is all wild.",
        "In this game every meld needs at least one card that is not wild: {cards} are all wild.",
        len(cards),
    ).format(cards=format_cards(cards))


def make_book(cards: Sequence[Card], rules: RoundRules | int, rank: int | None = None) -> Meld:
    """Build a book; its wilds stand for the naturals' rank (or ``rank``, for wilds alone).

    Raises :class:`MeldError` if the cards are not a book under ``rules``.
    """
    rules = round_rules(rules)
    naturals = [c for c in cards if not is_wild(c, rules)]
    ranks = {c.rank for c in naturals}
    if len(cards) < rules.meld.least or len(ranks) > 1:
        raise MeldError(_("{cards} is not a book.").format(cards=format_cards(cards)))
    problem = _book_problem(naturals, len(cards), rules)
    if problem is None and not rules.meld.all_wild and not naturals:
        problem = _all_wild_problem(cards)
    if problem is not None:
        raise MeldError(problem)
    if ranks:
        rank = ranks.pop()
    elif rank is None:
        rank = rules.wild_rank
    ordered = Hand(naturals + [c for c in cards if is_wild(c, rules)])
    return Meld(ordered, "book", (rank,) * len(cards), None, rules.round_no)


def make_run(
    cards: Sequence[Card],
    rules: RoundRules | int,
    suit: Suit | None = None,
    start: int | None = None,
) -> Meld:
    """Build a run, placing the wilds in the gaps, then above, then below the naturals.

    ``suit`` and ``start`` choose where a run of wilds alone (or a wild-padded
    run) sits. Raises :class:`MeldError` if the cards cannot form a run.
    """
    rules = round_rules(rules)
    naturals = sorted((c for c in cards if not is_wild(c, rules)), key=lambda c: c.rank)
    wilds = [c for c in cards if is_wild(c, rules)]
    suits = {c.suit for c in naturals}
    n = len(cards)
    if n < rules.meld.run_least or n > MAX_RUN or len(suits) > 1:
        raise MeldError(_("{cards} is not a run.").format(cards=format_cards(cards)))
    if naturals:
        suit = naturals[0].suit
        lo, hi = naturals[0].rank, naturals[-1].rank
        if len({c.rank for c in naturals}) != len(naturals) or hi - lo + 1 > n:
            raise MeldError(_("{cards} is not a run.").format(cards=format_cards(cards)))
        top = min(MAX_RANK, lo + n - 1)
        first = top - n + 1
        if start is not None and start <= lo and start + n - 1 >= hi:
            first = max(MIN_RANK, min(start, MAX_RANK - n + 1))
    else:
        if not rules.meld.all_wild:
            raise MeldError(_all_wild_problem(cards))
        first = MIN_RANK if start is None else max(MIN_RANK, min(start, MAX_RANK - n + 1))
    if suit is None:
        raise MeldError(_("A run of wilds alone needs a suit to stand in."))
    by_rank = {c.rank: c for c in naturals}
    spare = iter(wilds)
    ordered = [by_rank[r] if r in by_rank else next(spare) for r in range(first, first + n)]
    return Meld(Hand(ordered), "run", tuple(range(first, first + n)), suit, rules.round_no)


def check_meld(cards: str | Iterable[Card], rules: RoundRules | int) -> MeldCheck:
    """Say whether cards form a book or a run in a round, and why, in a sentence.

    ``rules`` is the round's :class:`~fivecrowns_lab.core.rules.RoundRules`, or just
    the round number for the standard game. For a valid meld the reason also says
    what each wild stands for, and ``.meld`` holds the :class:`Meld`.

    >>> check_meld("8★ 9♥ 10♥", 1).reason
    'A run needs one suit: 8★ is a star, the others are hearts.'
    """
    rules = round_rules(rules)
    hand = parse_cards(cards)
    naturals = [c for c in hand if not is_wild(c, rules)]
    n, n_wild = len(hand), len(hand) - len(naturals)
    if n < rules.meld.least:
        if n == 0:
            reason = _("A meld needs at least three cards; this has none.")
        else:
            reason = _("A meld needs at least three cards; this has only {count}.")
        return MeldCheck(False, None, reason.format(count=_count(n)))
    if not rules.meld.all_wild and not naturals:
        return MeldCheck(False, None, _all_wild_problem(hand))
    ranks = Counter(c.rank for c in naturals)
    if len(ranks) <= 1:
        problem = _book_problem(naturals, n, rules)
        if problem is None:
            meld = make_book(hand, rules)
            return MeldCheck(True, "book", meld.describe(), meld)
        if not naturals and n >= rules.meld.run_least:  # wilds alone: a run of them
            meld = make_run(hand, rules, next(iter(Suit)))
            return MeldCheck(True, "run", meld.describe(), meld)
        if not naturals or _run_problem(naturals, n_wild, n, rules) is not None:
            return MeldCheck(False, None, problem)
    run_problem = _run_problem(naturals, n_wild, n, rules)
    if run_problem is None:
        meld = make_run(hand, rules)
        return MeldCheck(True, "run", meld.describe(), meld)
    return MeldCheck(False, None, _explain_neither(naturals, ranks, run_problem))


class _SuitProblem(str):
    """A run's problem that is about mixed suits (the reason for "neither" builds on it)."""


def _is_a(card: Card) -> str:
    assert card.suit is not None  # only naturals are named: narrows the type
    return _("{card} is a {suit}").format(card=card, suit=suit_noun(card.suit))


def _run_problem(naturals: list[Card], n_wild: int, n: int, rules: RoundRules) -> str | None:
    """Why the naturals plus ``n_wild`` wilds are not a run, or None if they are."""
    if n < rules.meld.run_least:
        return _("In this game a run needs at least {least} cards; this has {count}.").format(
            least=_count(rules.meld.run_least), count=_count(n)
        )
    suits = Counter(c.suit for c in naturals)
    if len(suits) > 1:
        return _mixed_suits(naturals, suits)
    twice = sorted(
        {c for c in naturals if sum(1 for d in naturals if d.rank == c.rank) > 1},
        key=lambda c: c.rank,
    )
    if twice:
        return _("A run cannot hold the same rank twice: {card} is there more than once.").format(
            card=twice[0]
        )
    if n > MAX_RUN:
        return _("A run is at most {most} cards long (3 to K); this has {count}.").format(
            most=MAX_RUN, count=n
        )
    ordered = sorted(c.rank for c in naturals)
    lo, hi = ordered[0], ordered[-1]
    missing = [r for r in range(lo, hi + 1) if r not in ordered]
    if len(missing) <= n_wild:
        return None
    if _fits_if_wrapped(ordered, n_wild):
        return _("Runs cannot wrap from K to 3: the ranks go 3, 4, … Q, K and stop there.")
    suit = naturals[0].suit
    assert suit is not None
    gap = ", ".join(rank_text(r) for r in missing)
    # With a wild, at least two ranks are missing here ("them"); with none, one or more.
    if n_wild == 0:
        text = _n(
            "A run needs consecutive ranks: from {low} to {high} it is missing {gap}, "
            "and there is no wild to fill it.",
            "A run needs consecutive ranks: from {low} to {high} it is missing {gap}, "
            "and there is no wild to fill them.",
            len(missing),
        )
    else:
        text = _n(
            "A run needs consecutive ranks: from {low} to {high} it is missing {gap}, "
            "and there is only {count} wild to fill them.",
            "A run needs consecutive ranks: from {low} to {high} it is missing {gap}, "
            "and there is only {count} wilds to fill them.",
            n_wild,
        )
    return text.format(
        low=f"{rank_text(lo)}{suit.symbol}",
        high=f"{rank_text(hi)}{suit.symbol}",
        gap=gap,
        count=_count(n_wild),
    )


def _mixed_suits(naturals: list[Card], suits: Counter[Suit | None]) -> _SuitProblem:
    """Why naturals of more than one suit are not a run, naming the odd ones out."""
    main, _count_main = suits.most_common(1)[0]
    if list(suits.values()).count(suits[main]) > 1:
        listed = ", ".join(_is_a(c) for c in naturals if c.suit)
        return _SuitProblem(_("A run needs one suit: {cards}.").format(cards=listed))
    odd = [c for c in naturals if c.suit != main]
    assert main is not None
    said = ", ".join(_is_a(c) for c in odd if c.suit)
    return _SuitProblem(
        _("A run needs one suit: {cards}, the others are {suits}.").format(
            cards=said, suits=suit_plural(main)
        )
    )


def _fits_if_wrapped(ranks: list[int], n_wild: int) -> bool:
    """Would the ranks make a run if K were followed by 3 again?"""
    size = MAX_RUN
    shifted = sorted((r - MIN_RANK) % size for r in ranks)
    for cut in range(1, len(shifted)):
        rotated = [(r - shifted[cut]) % size for r in shifted]
        span = max(rotated) - min(rotated) + 1
        if span - len(ranks) <= n_wild:
            return True
    return False


def _explain_neither(naturals: list[Card], ranks: Counter[int], run_problem: str) -> str:
    if len({c.suit for c in naturals}) == 1:
        return str(run_problem)
    shown = ", ".join(rank_text(r) for r in sorted(ranks))
    if isinstance(run_problem, _SuitProblem):
        if len(ranks) == len(naturals) and _looks_like_run(naturals):
            return str(run_problem)
        run_text = run_problem[0].lower() + run_problem[1:]
        return _("Not a book: the ranks differ ({ranks}). Not a run: {reason}").format(
            ranks=shown, reason=run_text
        )
    return str(run_problem)


def _looks_like_run(naturals: list[Card]) -> bool:
    ordered = sorted(c.rank for c in naturals)
    return ordered[-1] - ordered[0] + 1 <= len(ordered) + 2
