"""The options a game's puzzles are set on where they are not the game's defaults, and what
follows from them: the start of every game the generator plays or replays, and the names of
its work files.

Stigmergy's puzzles are on its smallest board, side 4 (37 cells).  On the default board (side
8, 169 cells) a game's end searched out reaches back its last 13 to 17 plies only, where the
game is decided: the side ahead wins with every move, the side behind with none, and search
in the middle game always finds a second good move (docs/puzzles.md).  On side 4 the search
reaches back some 20 of a game's 45 plies, where a flip or a cell still decides it.  Go's
problems are set on small boards for the same reason.

The games the lab recorded (lab/selfplay.py) are at the defaults: a game whose puzzles are
set on other options takes none of its candidates from them.
"""

from __future__ import annotations

from typing import Any

from engine.contract.core import Game, State

OPTIONS: dict[str, dict[str, Any]] = {"stigmergy": {"size": 4}}


def options_of(game_id: str) -> dict[str, Any]:
    """The options the game's puzzles are set on ({} for its defaults)."""
    return dict(OPTIONS.get(game_id, {}))


def new_game(game: Game) -> State:
    """The start of a game on the puzzles' board."""
    return game.new(**options_of(game.id))


def at_defaults(game_id: str) -> bool:
    """Whether the game's puzzles are at its default options (so the recorded games serve)."""
    return not options_of(game_id)


def work_name(game_id: str) -> str:
    """The stem of the game's work files: its id at the defaults, else with its options
    ("stigmergy-size4"), so that files of another board are never mixed in."""
    options = options_of(game_id)
    return game_id + "".join(f"-{name}{value}" for name, value in sorted(options.items()))
