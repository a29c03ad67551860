"""Petrify: its rules (rules.py), the computer's knowledge of it (knowledge.py), its lesson
goals (lesson.py) and the tests' fixtures (fixtures.py); engine/contract/plugins.py declares
them."""
