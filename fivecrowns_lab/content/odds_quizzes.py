"""The probability lessons' (07-11) self-check questions, as plain data.

Each wrong answer names a mistake people commonly make about chance and says why
it is wrong. The numbers quoted here are checked against the engine by
``tests/test_odds_lesson_numbers.py``. They join :data:`~fivecrowns_lab.content.quizzes.QUIZZES`
under the topics ``"wilds"``, ``"go-out"``, ``"outs"``, ``"strategy"`` and ``"solitaire-odds"``.
"""

from __future__ import annotations

from ..i18n import N_
from .quiz_model import Answer, Question

__all__ = ["ODDS_QUIZZES"]


def _ask(prompt: str, right: tuple[str, str], *wrong: tuple[str, str], at: int = 0) -> Question:
    """A question whose right answer sits at position ``at`` (so it is not always first)."""
    answers = [Answer(text, False, why) for text, why in wrong]
    answers.insert(at, Answer(right[0], True, right[1]))
    return Question(prompt, tuple(answers))


ODDS_QUIZZES: dict[str, tuple[Question, ...]] = {
    "wilds": (
        _ask(
            N_("How many wild cards does the deck hold in round 5, when 7s are wild?"),
            (
                "16",
                N_("The 6 jokers and the 10 sevens (two decks of five suits): 16 in every round."),
            ),
            ("6", N_("The jokers are always wild, but the round's wild rank adds 10 more cards.")),
            ("10", N_("That counts the sevens only; the 6 jokers are wild in every round too.")),
            at=1,
        ),
        _ask(
            N_("On average, how many wild cards does a 7-card hand hold?"),
            (N_("16 × 7 / 116, a little under 1"), N_("Each card is wild with chance 16/116.")),
            (N_("Exactly 1"), N_("An average need not be a whole number: 16 × 7 / 116 ≈ 0.97.")),
            (N_("7 / 16"), N_("The chance of one card being wild is 16/116, not 1/16.")),
            at=0,
        ),
        _ask(
            N_("You dealt 10 hands and 4 had no wild. Is the exact chance of no wild 40%?"),
            (
                N_("No: 10 hands are far too few to pin it down"),
                N_(
                    "With n hands a share wanders by about 1/√n: about ±30 percentage points "
                    "at 10."
                ),
            ),
            (N_("Yes"), N_("A share from a few hands is a rough estimate, not the exact chance.")),
            (
                N_("Only if the seed is fixed"),
                N_("A seed makes the deal repeatable, not more accurate."),
            ),
            at=2,
        ),
    ),
    "go-out": (
        _ask(
            N_("Why can a 6-card hand go out more often than a 5-card hand?"),
            (
                N_("6 cards split into two melds of three"),
                N_(
                    "Five cards cannot split into melds of three: they need a meld of five, "
                    "and longer melds are much rarer."
                ),
            ),
            (
                N_("More cards always help"),
                N_("Not always: the chance falls from 3 to 4 to 5 cards."),
            ),
            (
                N_("Round 4 has more wilds in the deck"),
                N_("Every round has 16 wild cards in the deck."),
            ),
            at=1,
        ),
        _ask(
            N_(
                "A simulation of 1,000 deals gives 2.9% with a 95% interval of 2.0% to 4.1%. "
                "What does the interval mean?"
            ),
            (
                N_("Built this way, such intervals catch the true chance 95 times in 100"),
                N_("It is a statement about the method; about 1 interval in 20 misses."),
            ),
            (N_("The true chance is 2.9%"), N_("2.9% is only this simulation's estimate.")),
            (
                N_("95% of hands go out between 2.0% and 4.1%"),
                N_("A single hand either goes out or not; the interval is about the chance."),
            ),
            at=0,
        ),
        _ask(
            N_("How many different 7-card hands can be dealt from the 116 cards?"),
            (N_("C(116, 7) = 46,627,515,440"), N_("116 · 115 · … · 110 / 7! ≈ 46.6 billion.")),
            ("116⁷", N_("That counts ordered draws with the same card allowed again.")),
            (N_("116 × 7"), N_("That counts one card and a position, not a set of seven cards.")),
            at=2,
        ),
    ),
    "outs": (
        _ask(
            N_(
                "Your hand has 24 outs among 110 unseen cards. What is the chance the next card "
                "is an out?"
            ),
            (N_("24/110, about 22%"), N_("Each unseen card is equally likely to be next.")),
            (N_("24%"), N_("That is the rule of thumb; the exact value is 24/110 ≈ 21.8%.")),
            (
                N_("24/116"),
                N_("Cards in your hand are not in the stock: divide by the unseen cards."),
            ),
            at=0,
        ),
        _ask(
            N_(
                "With 24 outs, the rule of thumb gives 1% per out per turn. What does it say "
                "for 5 turns, and is that right?"
            ),
            (
                N_("120%: impossible, the rule breaks down with many outs"),
                N_("It adds chances that overlap; the exact chance is below 100%."),
            ),
            (N_("120%, so you are sure to draw one"), N_("No chance is above 100%.")),
            (N_("24%, the same each turn"), N_("More turns give more chances to draw an out.")),
            at=1,
        ),
        _ask(
            N_("You saw two Q♥ on the discard pile. What happens to your outs?"),
            (
                N_("Fewer unseen outs and fewer unseen cards"),
                N_("Seen cards are not in the stock: both numbers shrink."),
            ),
            (
                N_("Nothing: the discard pile does not count"),
                N_("It does: those cards cannot be drawn."),
            ),
            (N_("Only the unseen cards shrink"), N_("If Q♥ was an out, the outs shrink too.")),
            at=2,
        ),
    ),
    "strategy": (
        _ask(
            N_(
                "The interval for the difference greedy − random is −180 to −120 points. "
                "What can you say?"
            ),
            (
                N_("Greedy ends with fewer points: the interval excludes 0"),
                N_("Every value in it is negative, so greedy is better (lower is better)."),
            ),
            (N_("No clear winner"), N_("That is when the interval includes 0.")),
            (
                N_("Random is better"),
                N_("Lower totals are better, and greedy − random is negative."),
            ),
            at=0,
        ),
        _ask(
            N_("You play 4 times as many games. How does a 95% interval's width change?"),
            (N_("It halves"), N_("Width goes with 1/√(games): √4 = 2.")),
            (N_("It becomes a quarter"), N_("That would need 16 times the games.")),
            (N_("It stays the same"), N_("More games make the estimate more precise.")),
            at=1,
        ),
        _ask(
            N_("Why can the win rates add up to more than 100%?"),
            (
                N_("A shared first place counts as a win for each player sharing it"),
                N_("Ties at the lowest total give two or more wins in one game."),
            ),
            (N_("Rounding"), N_("Rounding moves a sum by a point or two, not by ten.")),
            (N_("A bug in the lab"), N_("It is the definition of a win when totals tie.")),
            at=2,
        ),
    ),
    "solitaire-odds": (
        _ask(
            N_("The bot won 0 of 30 deals. What is a fair 95% upper bound on its win rate?"),
            (N_("About 3/30 = 10%"), N_("The rule of three: with 0 wins in n tries, about 3/n.")),
            (N_("0%: it never wins"), N_("Zero wins in a few tries does not mean zero chance.")),
            (N_("1/30"), N_("The upper bound is about three times that.")),
            at=0,
        ),
        _ask(
            N_("Why is the solitaire win rate simulated rather than counted exactly?"),
            (
                N_("There are far too many shuffles, and the outcome depends on the choices"),
                N_("Counting every shuffle of 116 cards for a chosen policy is out of reach."),
            ),
            (
                N_("Exact counts are always wrong"),
                N_("Exact counts are right where they are possible."),
            ),
            (
                N_("Simulation is exact with enough deals"),
                N_("It only gets closer; it stays an estimate."),
            ),
            at=1,
        ),
        _ask(
            N_("Why does the lesson use a Wilson interval, not p ± 1.96 · √(p(1 − p)/n)?"),
            (
                N_("It stays between 0% and 100% and still works when wins are rare"),
                N_("With 0 wins the simple formula gives 0% ± 0, as if the bot could never win."),
            ),
            (N_("It is always narrower"), N_("Not always: near 0% it is wider, and rightly so.")),
            (
                N_("It needs fewer deals"),
                N_("Both need the same deals; Wilson is better at the edges."),
            ),
            at=2,
        ),
    ),
}
