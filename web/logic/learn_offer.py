"""What Learn keeps and offers before any course is opened, without the browser: the progress
kept per game, the games whose first-visit offer was shown, and that offer's line.

Apart from web/logic/lesson.py (a course being taken) so that opening the page, which puts
the offer up, does not import the courses' judge (engine/learning/lessons.py): that waits for
Learn.

Progress is a game's finished steps, kept as JSON under `progress_key(game_id)`; the games
whose first-visit offer was shown are kept under OFFERED_KEY.  Both are read forgivingly:
text that is not what this module writes counts as nothing done.  Tested in CPython
(tests/test_lesson_run.py).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from html import escape

from engine import games

OFFERED_KEY = "learn-offered"  # the games whose "New to …?" line was shown once


def progress_key(game_id: str) -> str:
    return f"learn-progress-{game_id}"


def read_ids(text: str | None) -> set[str]:
    """The ids kept as a JSON list (progress, or the games offered); nothing when unreadable."""
    try:
        value = json.loads(text or "[]")
    except ValueError:
        return set()
    if not isinstance(value, list):
        return set()
    return {item for item in value if isinstance(item, str)}


def write_ids(ids: Iterable[str]) -> str:
    return json.dumps(sorted(ids))


def offer_html(game_id: str) -> str:
    """The one-line first-visit offer for a game, with its button (data-learn)."""
    name = escape(games.get(game_id).name)
    return (
        f"New to {name}? <button type='button' class='link-button' data-learn='{game_id}'>"
        f"Learn it in three minutes</button>"
    )
