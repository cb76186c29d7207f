"""The self-check questions of lessons 01-06 (the cards, melds, scoring, play, solitaire and
the scorekeeper), as plain data.

Each question names a mistake people commonly make about Five Crowns, and every answer
says why it is right or wrong. They join :data:`~fivecrowns_lab.content.quizzes.QUIZZES`
under the topics ``"cards"``, ``"melds"``, ``"scoring"``, ``"solitaire"``, ``"play"``
and ``"scorekeeping"``.

>>> [q.prompt[:30] for q in GAME_QUIZZES["cards"]][:1]
['How many rounds does a full ga']
"""

from __future__ import annotations

from ..i18n import N_
from .quiz_model import Answer, Question

__all__ = ["GAME_QUIZZES"]


def _q(prompt: str, right: tuple[str, str], *wrong: tuple[str, str]) -> Question:
    choices = [Answer(right[0], True, right[1])] + [Answer(t, False, w) for t, w in wrong]
    return Question(prompt, tuple(choices))


def _spread(*questions: Question) -> tuple[Question, ...]:
    """Rotate each question's answers so the right one moves along: 1st, 2nd, 3rd, ..."""
    out = []
    for i, question in enumerate(questions):
        n = len(question.answers)
        shift = (question.right - i) % n
        answers = question.answers[shift:] + question.answers[:shift]
        out.append(Question(question.prompt, answers))
    return tuple(out)


GAME_QUIZZES: dict[str, tuple[Question, ...]] = {
    "cards": _spread(
        _q(
            N_("How many rounds does a full game of Five Crowns have?"),
            ("11", N_("Round 1 deals 3 cards and round 11 deals 13: eleven rounds.")),
            (
                "9",
                N_("A widely read guide says nine, but it miscounts: rounds run 3 to 13 cards."),
            ),
            (
                "13",
                N_("13 is the number of cards dealt in the last round, not the number of rounds."),
            ),
        ),
        _q(
            N_("What does a king left in your hand score in round 10 (queens wild)?"),
            ("13", N_("A king is worth 13: J is 11, Q 12, K 13.")),
            ("10", N_("Face cards are not worth 10 in Five Crowns: J 11, Q 12, K 13.")),
            ("20", N_("Only the round's wild rank scores 20; in round 10 that is the queens.")),
        ),
        _q(
            N_("And a king left in hand in round 11?"),
            (
                "20",
                N_("Kings are the wild rank in round 11, and a wild card left in hand scores 20."),
            ),
            ("13", N_("That is a common slip: in the kings-wild round a king scores 20, not 13.")),
            ("50", N_("50 is the joker's score; a king that is wild scores 20.")),
        ),
        _q(
            N_("How many points is a joker left in hand?"),
            ("50", N_("A joker left in hand costs 50: meld your jokers!")),
            ("25", N_("Some other games score a joker 25; in Five Crowns it is 50.")),
            ("20", N_("20 is for a card of the wild rank; a joker is 50.")),
        ),
        _q(
            N_("In round 5, which cards are wild?"),
            (
                N_("The 7s and the jokers"),
                N_("Round r deals r + 2 cards and rank r + 2 is wild: 7s, plus the jokers."),
            ),
            (
                N_("The 5s and the jokers"),
                N_("The wild rank is the hand size, round + 2: 7 in round 5."),
            ),
            (
                N_("Only the jokers"),
                N_("Jokers are always wild, and each round also has a wild rank."),
            ),
        ),
    ),
    "melds": _spread(
        _q(
            N_("Is 8♥ 8♥ 8★ a book?"),
            (N_("Yes"), N_("A book is three or more cards of one rank; suits do not matter.")),
            (
                N_("No: a book needs different suits"),
                N_("Not in Five Crowns: duplicates are fine."),
            ),
            (N_("No: a book needs four cards"), N_("Three cards are enough for a book.")),
        ),
        _q(
            N_("In round 5 (7s wild), is Q♦ K♦ 3♦ a run?"),
            (N_("No"), N_("Runs cannot wrap from K to 3: the ranks stop at K.")),
            (
                N_("Yes: it wraps round"),
                N_("Wrapping is a rule of other games; Five Crowns runs stop at K."),
            ),
            (N_("Yes: any three diamonds"), N_("A run needs one suit and consecutive ranks.")),
        ),
        _q(
            N_("In round 1 (3s wild), is 5♣ JK 7♣ a run?"),
            (N_("Yes: the joker stands for 6♣"), N_("A wild card can fill any gap in a run.")),
            (
                N_("No: jokers only go in books"),
                N_("Wilds stand for any card, in books and in runs."),
            ),
            (N_("No: a run needs four cards"), N_("Three cards in a row are a run.")),
        ),
        _q(
            N_("Can a meld be made of wild cards alone, like JK JK 3♠ in round 1?"),
            (N_("Yes"), N_("Any number of wilds may be used, even a meld of wilds only.")),
            (
                N_("No: it needs a natural card"),
                N_("Not in these rules: a meld of wilds alone is fine."),
            ),
        ),
        _q(
            N_("Is 9♠ 10♠ 10♠ J♠ one run?"),
            (N_("No"), N_("A run cannot hold the same rank twice.")),
            (N_("Yes"), N_("The second 10♠ is a repeat; a run has each rank once.")),
        ),
    ),
    "scoring": _spread(
        _q(
            N_("What does the player who goes out score for the round?"),
            ("0", N_("Going out scores 0 (−10 only with the going-out bonus variant).")),
            ("−10", N_("Only with the going-out bonus variant; the standard score is 0.")),
            (
                N_("The points of the discarded card"),
                N_("The last card is discarded and not counted."),
            ),
        ),
        _q(
            N_("After someone goes out, what happens to everyone else?"),
            (
                N_("One more turn each, then score what is left"),
                N_("Each other player gets exactly one more turn, lays down melds, and discards."),
            ),
            (N_("The round ends at once"), N_("No: everyone else gets one final turn first.")),
            (N_("They keep playing until they go out"), N_("Only one more turn each.")),
        ),
        _q(
            N_(
                "In round 4 (6s wild), you are left with K♣ Q♠ JK and no meld. What do they score?"
            ),
            ("75", N_("13 for the king, 12 for the queen and 50 for the joker: 75.")),
            ("45", N_("Face cards are not worth 10: K is 13 and Q 12, and the joker is 50.")),
            ("50", N_("A joker is 50, but the king (13) and queen (12) count too: 75.")),
        ),
        _q(
            N_("Who wins the game?"),
            (
                N_("The lowest total"),
                N_("Points are penalties: the lowest total after round 11 wins."),
            ),
            (N_("The highest total"), N_("Points are what you did not meld: lower is better.")),
            (N_("Whoever went out most"), N_("Going out often helps, but only the total counts.")),
        ),
    ),
    "solitaire": _spread(
        _q(
            N_("In solitaire, hand 4 has six cards. Which cards are wild in it?"),
            (
                N_("The 6s and the jokers"),
                N_(
                    "Hand k plays with round k's wild rank, k + 2: hand 4 has 6 cards and 6s wild."
                ),
            ),
            (N_("The 4s and the jokers"), N_("The wild rank is the hand size, k + 2, not k.")),
            (
                N_("The same rank in every hand"),
                N_("Each hand has its own wild rank: a 6 is wild in hand 4 and plain in hand 5."),
            ),
        ),
        _q(
            N_("You drew 9♥ and put it in hand 5. Which card do you discard?"),
            (
                N_("Any card of hand 5, or the 9♥ itself"),
                N_("The hand keeps its size: one of its cards, possibly the drawn one, goes."),
            ),
            (
                N_("Any card of any hand"),
                N_("Cards never move between hands: the discard comes from the hand you chose."),
            ),
            (
                N_("None: hand 5 grows by one"),
                N_("Every hand keeps its size; you always discard one."),
            ),
        ),
        _q(
            N_("After the first turn, can you take the face-up discard?"),
            (
                N_("No: every later turn draws from the stock"),
                N_("Only the first turn may take the face-up card; discarded cards are dead."),
            ),
            (
                N_("Yes, like in the table game"),
                N_(
                    "In the table game yes, but in solitaire discards are dead after the first "
                    "turn."
                ),
            ),
        ),
        _q(
            N_("When do you win?"),
            (
                N_("When all eleven hands are closed"),
                N_("A hand closes when all its cards meld; you win when every hand is closed."),
            ),
            (
                N_("When one hand goes out"),
                N_("Closing one hand is a step; the game is won when all eleven are closed."),
            ),
            (
                N_("When the draw pile runs out"),
                N_("An empty draw pile with a hand still open is a loss."),
            ),
        ),
    ),
    "play": _spread(
        _q(
            N_("Round 1 (3s wild): after drawing you hold 8♥ 9♥ 3♠ K♣. How do you go out?"),
            (
                N_("Lay down 8♥ 9♥ 3♠, discard K♣"),
                N_(
                    "The wild 3♠ stands for the 10♥ (or the 7♥): a run of three. The K♣ is the "
                    "one card left, and discarding it is how you go out."
                ),
            ),
            (
                N_("Discard the 3♠"),
                N_(
                    "The 3♠ is wild in round 1; without it 8♥ 9♥ is no meld and you cannot go out."
                ),
            ),
            (
                N_("Lay down all four cards"),
                N_("A turn ends with a discard: the K♣ fits no meld with the others, so it goes."),
            ),
        ),
        _q(
            N_("May you lay a book down on a turn when you cannot go out?"),
            (
                N_("No, not in the standard game"),
                N_(
                    "Melds go down when you go out, or on your final turn after someone else "
                    "has gone out; until then they stay in your hand."
                ),
            ),
            (
                N_("Yes, on any turn"),
                N_(
                    "That is rummy. In Five Crowns your melds stay in hand until you go out "
                    "(or take your final turn)."
                ),
            ),
            (
                N_("Yes, but only books"),
                N_("Books and runs are treated alike: neither goes down before you go out."),
            ),
        ),
        _q(
            N_("Early in a round, which card is usually the best to discard?"),
            (
                N_("A high card that fits nothing"),
                N_("A lone king would cost 13 if someone goes out, and it helps no meld."),
            ),
            (
                N_("A wild card"),
                N_(
                    "A wild fits any book or run: throwing it away also hands it to the next "
                    "player."
                ),
            ),
            (
                N_("The card you just drew"),
                N_("Only when it helps less than every other card: compare it with the rest."),
            ),
        ),
        _q(
            N_("The top discard is a joker. Should you take it?"),
            (
                N_("Yes, almost always"),
                N_(
                    "A joker fits any meld in every round, and taking it keeps it from the "
                    "next player. Meld it: left in hand it costs 50."
                ),
            ),
            (
                N_("No, it costs 50 points"),
                N_(
                    "It costs 50 only if it is left out of your melds, and wilds are the easiest "
                    "cards to meld."
                ),
            ),
            (N_("Only in round 11"), N_("Jokers are wild in every round, not only the last.")),
        ),
        _q(
            N_("Another player has gone out. What do you do on your last turn?"),
            (
                N_("Draw, lay down what melds, discard"),
                N_(
                    "Everyone else gets exactly one more turn; what is left in hand after the "
                    "best melds is scored."
                ),
            ),
            (
                N_("Nothing: the round is over"),
                N_("Not yet: each other player takes one final turn first."),
            ),
            (
                N_("Keep playing until you go out"),
                N_("Only one more turn each; then the round is scored."),
            ),
        ),
    ),
    "scorekeeping": _spread(
        _q(
            N_(
                "Round 3 (5s wild): Ana goes out; Ben is left with 8♥ and a joker; Cara melds "
                "every card on her last turn. What do you write for Ana, Ben and Cara?"
            ),
            (
                N_("0, 58 and 0"),
                N_(
                    "Ana went out: 0. Ben's 8 and the joker's 50 make 58. Cara melded "
                    "everything on her final turn, so she scores 0 too."
                ),
            ),
            (
                N_("0, 8 and 0"),
                N_("A joker left in hand is not free: it costs 50, so Ben has 58."),
            ),
            (
                N_("−10, 58 and 0"),
                N_("−10 is only for the going-out bonus variant; the standard score is 0."),
            ),
        ),
        _q(
            N_("Why does the sheet refuse a score of −5?"),
            (
                N_("Scores are never negative"),
                N_(
                    "Cards left in hand only add points. The one exception is the going-out "
                    "bonus variant, where the player who went out writes −10."
                ),
            ),
            (
                N_("It is a typing mistake in the name"),
                N_(
                    "The names are fine: it is the number. A round's score is never below 0 "
                    "under the standard rules."
                ),
            ),
            (
                N_("Only the dealer may enter it"),
                N_("Anyone can keep the sheet; the rule is that scores are never negative."),
            ),
        ),
        _q(
            N_("In round 11 someone is left with one king and nothing else. What do you write?"),
            (
                "20",
                N_(
                    "Kings are the wild rank in round 11, and a card of the wild rank left in "
                    "hand scores 20, not 13."
                ),
            ),
            ("13", N_("A king is 13 in rounds 1 to 10; in round 11 kings are wild and score 20.")),
            ("0", N_("Only melded cards score nothing; a king alone is no meld.")),
        ),
        _q(
            N_("After round 11 the totals are Ana 120, Ben 95 and Cara 95. Who wins?"),
            (
                N_("Ben and Cara share first place"),
                N_(
                    "The lowest total wins, and tied players share the place (both 1st; Ana "
                    "is 3rd), unless your table plays the tiebreak round."
                ),
            ),
            (N_("Ana"), N_("Points are penalties: the highest total comes last.")),
            (
                N_("Whoever went out in more rounds"),
                N_("Rounds gone out first are only a count on the sheet; they never break a tie."),
            ),
        ),
        _q(
            N_(
                "You have just added round 4 and see that Ben's score is wrong. How do you fix it?"
            ),
            (
                N_("Undo the last round, then add it again"),
                N_("Undo takes back only the last round; enter it again with Ben's right score."),
            ),
            (
                N_("Start a new game"),
                N_("That loses every round so far; Undo takes back only the last one."),
            ),
            (
                N_("Add the difference in round 5"),
                N_("Then the sheet shows two wrong rounds: undo round 4 and enter it again."),
            ),
        ),
    ),
}
