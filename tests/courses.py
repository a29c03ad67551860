"""The games' courses as the tests read them: each registered game's course, loaded from its
file, and every step of every course as a pytest parameter (`game_id`, `step`)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.contract.plugins import PLUGINS, plugin
from engine.learning.lessons import Course, load

ROOT = Path(__file__).resolve().parent.parent
COURSES = tuple(p.id for p in PLUGINS)


def course(game_id: str) -> Course:
    return load((ROOT / plugin(game_id).lessons).read_text(), game_id)


def steps() -> Iterator:
    for game_id in COURSES:
        for step in course(game_id).steps:
            yield pytest.param(game_id, step, id=f"{game_id}-{step.id}")
