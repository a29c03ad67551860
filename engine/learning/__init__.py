"""Learn: a game's course (lessons), the goals its steps set (lesson_goals) and the facts its
messages may name (lesson_words); each game's own words are in its package's lesson.py."""
