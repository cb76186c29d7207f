"""Plain data the lessons teach with: quiz banks, scripted scenarios, the lesson catalogue."""

from .odds_quizzes import ODDS_QUIZZES
from .quizzes import LESSON_QUIZZES, QUIZZES

# The probability lessons' banks live in their own module and join the one registry here.
QUIZZES.update(ODDS_QUIZZES)
LESSON_QUIZZES.update(
    {"07": "wilds", "08": "go-out", "09": "outs", "10": "strategy", "11": "solitaire-odds"}
)
