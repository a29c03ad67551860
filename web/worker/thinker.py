"""The computer's thinking in its worker: a `Thinker` keeps a search between the short slices
of thinking the page asks for (so the page shows progress, and a search stops by itself: no
SharedArrayBuffer, so nothing can interrupt a running call).  Positions come as link
fragments (strings) and answers go back as JSON strings.

Pure Python, tested in CPython; web/ai_worker.py, the worker's entry script, exports the
methods of its one Thinker: `think` (the computer's move), `judge` (its opinion of a
position: each seat's chances, best moves and line, for Analyse, Hint and a draw offer) and
`graph` (each seat's chances after every ply of a line, a batch at a time, for the graph).
"""

from __future__ import annotations

import json
from typing import Any

from engine import ai, games
from engine.ai.analysis import analyse
from engine.contract.core import Game, State
from engine.formats.record import decode, replay_record


class Thinker:
    """A search for the computer's move and one for judging a position (a draw offer may
    come while the computer thinks), each kept between the slices of thinking about one
    position."""

    def __init__(self) -> None:
        # "move" or "judge" -> ((fragment, level or "judge", seed), its search)
        self.searches: dict[str, tuple[tuple[str, str, int], Any]] = {}
        self.line: tuple[str, Game, list] | None = None  # the graph's line, replayed

    def _search(self, fragment: str, purpose: str, seed: int) -> ai.Search:
        """The search of the position `fragment` for `purpose` (a level, or "judge"): the
        one kept from the last slice when it is the same, else a new one (a move's search may
        take over what the last move's found: engine.ai.searcher's `previous`)."""
        kind, key = "judge" if purpose == "judge" else "move", (fragment, purpose, seed)
        kept = self.searches.get(kind)
        if kept is None or kept[0] != key:
            record, ply = decode(fragment)
            game, states = games.get(record.game), replay_record(record)
            state = states[ply]
            search = (
                ai.Search(game, state, seed=seed)
                if kind == "judge"
                else ai.searcher(
                    game,
                    state,
                    purpose,
                    seed=seed,
                    earlier=states[:ply],
                    previous=None if kept is None else kept[1],
                )
            )
            kept = self.searches[kind] = (key, search)
        return kept[1]

    def think(self, fragment: str, level: str, seconds: float, seed: int) -> str:
        """Think about the position for up to `seconds` more; report progress and the best
        move as JSON: {"done": bool, "best": notation, "playouts": int, "depth": int or None,
        "elapsed": float}.
        done is true once the level's thinking time is spent (or the move is certain)."""
        if level in ("random", "greedy"):
            game, state = position(fragment)
            move = ai.choose_move(game, state, level, seed=seed)
            return json.dumps(
                {"done": True, "best": game.notation(state, move), "playouts": 0, "elapsed": 0.0}
            )
        search = self._search(fragment, level, seed)
        budget = ai.THINK_SECONDS[level]
        search.run(seconds=min(seconds, max(budget - search.elapsed, 0.0)))
        summary = search.summary()
        done = search.elapsed >= budget or summary["done"]  # proven, or a forced move
        return json.dumps(
            {
                "done": bool(done),
                "best": summary["best"],
                "playouts": summary["playouts"],
                "depth": summary.get(
                    "depth"
                ),  # an alpha-beta search's (engine/games/gwyddbwyll/search.py)
                "elapsed": search.elapsed,
            }
        )

    def graph(self, fragment: str, start: int, count: int, seconds: float, seed: int) -> str:
        """Each seat's chances after plies start, start+1, ... (at most `count`) of the line
        in `fragment` (a search of `seconds` each), as a JSON list of lists."""
        if self.line is None or self.line[0] != fragment:
            record, _ = decode(fragment)
            self.line = (fragment, games.get(record.game), replay_record(record))
        _, game, states = self.line
        out = []
        for state in states[start : start + count]:
            search = ai.Search(game, state, seed=seed)
            search.run(seconds=seconds)
            out.append(list(analyse(search, top=1).chances))
        return json.dumps(out)

    def judge(self, fragment: str, seconds: float, seed: int) -> str:
        """Think `seconds` more about the position (in the worker's own time); its analysis
        (engine/ai/analysis.py) as JSON: each seat's chances, best moves, line."""
        search = self._search(fragment, "judge", seed)
        if not search.done:
            search.run(seconds=seconds)
        return json.dumps(analyse(search).to_json())


def position(fragment: str) -> tuple[Game, State]:
    """The game and the position on display of a link's fragment."""
    record, ply = decode(fragment)
    return games.get(record.game), replay_record(record)[ply]
