"""The computer player's Web Worker: thinks about positions sent from the page.

The page sends the game as its record fragment (a string) and asks for short
slices of thinking, so it can show progress and the search stops by itself
(no SharedArrayBuffer, so nothing can interrupt a running call).  The search
tree stays here between slices.  Answers are JSON strings.

The thinking is a `Thinker` (pure Python, tested in CPython); the worker exports
its `think`.
"""

from __future__ import annotations

import json
import sys

sys.path.insert(0, "app.zip")       # the built site's bundle of modules, as in web/main.py

from engine import ai, games  # noqa: E402
from engine.record import decode, replay_record  # noqa: E402


class Thinker:
    """One search at a time, kept between the slices of thinking about one position."""

    def __init__(self) -> None:
        self.key: tuple[str, str, int] | None = None
        self.search: ai.Search | None = None

    def think(self, fragment: str, level: str, seconds: float, seed: int) -> str:
        """Think about the position for up to `seconds` more; report progress and the best
        move as JSON: {"done": bool, "best": notation, "playouts": int, "elapsed": float}.
        done is true once the level's thinking time is spent (or the move is certain)."""
        record, ply = decode(fragment)
        state = replay_record(record)[ply]
        game = games.get(record.game)
        if level in ("random", "greedy"):
            move = ai.choose_move(game, state, level, seed=seed)
            return json.dumps({"done": True, "best": game.notation(state, move),
                               "playouts": 0, "elapsed": 0.0})
        key = (fragment, level, seed)
        if self.key != key or self.search is None:
            self.key, self.search = key, ai.Search(game, state, seed=seed)
        search = self.search
        budget = ai.THINK_SECONDS[level]
        search.run(seconds=min(seconds, max(budget - search.elapsed, 0.0)))
        summary = search.summary()
        done = search.elapsed >= budget or summary["done"]     # proven, or a forced move
        return json.dumps({"done": bool(done), "best": summary["best"],
                           "playouts": summary["playouts"], "elapsed": search.elapsed})


_THINKER = Thinker()


def think(fragment: str, level: str, seconds: float, seed: int) -> str:
    """The worker's export: `Thinker.think` of the worker's one thinker."""
    return _THINKER.think(fragment, level, seconds, seed)


__export__ = ["think"]
