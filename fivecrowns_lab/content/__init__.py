"""Plain data the lessons teach with: quiz banks, scripted scenarios, the lesson catalogue."""

from .odds_quizzes import ODDS_QUIZZES
from .quizzes import QUIZZES

# The probability lessons' banks live in their own module and join the one registry here.
QUIZZES.update(ODDS_QUIZZES)
