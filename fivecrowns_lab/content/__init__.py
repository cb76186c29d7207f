"""Plain data the lessons teach with: quiz banks, scripted scenarios, the lesson catalogue."""

from .expert_quiz import EXPERT_QUIZ
from .odds_quizzes import ODDS_QUIZZES
from .quizzes import LESSON_QUIZZES, QUIZZES

# The banks of the probability lessons and of lesson 12 live in their own modules and
# join the one registry here.
QUIZZES.update(ODDS_QUIZZES)
QUIZZES["expert"] = EXPERT_QUIZ
LESSON_QUIZZES.update(
    {
        "07": "wilds",
        "08": "go-out",
        "09": "outs",
        "10": "strategy",
        "11": "solitaire-odds",
        "12": "expert",
    }
)
