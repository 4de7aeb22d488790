"""Learn mode: quizzes, records and progress screens."""
