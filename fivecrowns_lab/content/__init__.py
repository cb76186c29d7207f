"""Plain data the lessons teach with: quiz banks, scripted scenarios, the lesson catalogue."""

from .quizzes import LESSON_QUIZZES, QUIZZES

__all__ = ["LESSON_QUIZZES", "QUIZZES"]
