"""The computer player's Web Worker, the entry script the page starts (web/browser/page.py):
exports the methods of one `Thinker` (web/worker/thinker.py), which does the thinking.

The page sends the game as its record fragment and asks for short slices of thinking;
answers are JSON strings.
"""

from __future__ import annotations

import sys

sys.path.insert(0, "app.zip")  # the built site's bundle of modules, as in web/main.py

from web.worker.thinker import Thinker

_THINKER = Thinker()


def think(fragment: str, level: str, seconds: float, seed: int) -> str:
    """The worker's export: `Thinker.think` of the worker's one thinker."""
    return _THINKER.think(fragment, level, seconds, seed)


def judge(fragment: str, seconds: float, seed: int) -> str:
    """The worker's export: `Thinker.judge` of the worker's one thinker."""
    return _THINKER.judge(fragment, seconds, seed)


def graph(fragment: str, start: int, count: int, seconds: float, seed: int) -> str:
    """The worker's export: `Thinker.graph` of the worker's one thinker."""
    return _THINKER.graph(fragment, start, count, seconds, seed)


__export__ = ["think", "judge", "graph"]
