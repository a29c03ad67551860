"""The goals a lesson's step may set: a small vocabulary of named conditions on the position a
player's moves made (docs/lessons.md lists them).

A goal is a list of conditions, all of which must hold; a condition is a name and its
parameters, e.g. ``{"is": "height", "squares": ["b1"], "height": 2}``.  Each name is a
function taking the position (`Reached`) and the parameters as keywords; those here are for
every game (over, wins, leads, score, played), the rest belong to one game, in its package
(engine/games/<id>/lesson.py, its plug-in's `lesson` part), and read its `View` (the typed
position the boards draw), never the rules' internals.  `check_condition` says
what is wrong with a condition before it is ever judged, so a course file with a typo is
refused when it loads.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..contract.core import Game
from ..contract.errors import EngineError
from ..contract.plugins import load, plugin, registered


class BadLesson(EngineError):
    """A course file that cannot be used: its text, a step's fields, a goal or a move."""


@dataclass(frozen=True)
class Reached:
    """The position a step's moves reached: the game, the state, and the moves the player
    made in the step (in notation, oldest first)."""

    game: Game
    state: Any
    played: tuple[str, ...]

    @property
    def view(self) -> Any:
        return self.game.view(self.state)


Condition = Callable[..., bool]

# ---- for every game


def over(at: Reached) -> bool:
    """The game has ended."""
    return at.game.result(at.state) is not None


def wins(at: Reached, seat: int) -> bool:
    """The game has ended and `seat` (0 for the first player) is among its winners."""
    result = at.game.result(at.state)
    return result is not None and seat in result.winners


def leads(at: Reached, seat: int) -> bool:
    """`seat`'s score is higher than every other seat's."""
    scores = at.game.scores(at.state)
    return all(scores[seat] > score for other, score in enumerate(scores) if other != seat)


def score(at: Reached, seat: int, at_least: int = 0, at_most: int = 10_000) -> bool:
    """`seat`'s score is from `at_least` to `at_most`."""
    return at_least <= at.game.scores(at.state)[seat] <= at_most


def played(at: Reached, moves: list) -> bool:
    """The player's last move is one of `moves` (in notation): for a goal that is one word,
    such as Wythe's swap; a position's condition is better wherever one exists."""
    return bool(at.played) and at.played[-1] in moves


def named_cell(at: Reached, field: str, name: str) -> Any:
    """The cell of the view's `cells` whose `field` (its square's or cell's name) is `name`."""
    for cell in at.view.cells:
        if getattr(cell, field) == name:
            return cell
    raise BadLesson(f"{name} is not a cell of this board")


def square_cell(cells: tuple, square: str) -> Any:
    """What a square board's `cells` (row * size + col) hold at `square` (e.g. "c3")."""
    size = round(len(cells) ** 0.5)
    col, row = ord(square[0]) - ord("a"), int(square[1:]) - 1
    if not (0 <= col < size and 0 <= row < size):
        raise BadLesson(f"{square} is not a square of this board")
    return cells[row * size + col]


COMMON: dict[str, Condition] = {
    "over": over,
    "wins": wins,
    "leads": leads,
    "score": score,
    "played": played,
}


@dataclass(frozen=True)
class Vocabulary:
    """A game's own words for its course (its plug-in's `lesson` part, in its package): the
    conditions its steps' goals may use and the facts their texts may name (engine/
    lesson_words.py), each by name, beside the ones every game shares."""

    goals: dict[str, Condition] = field(default_factory=dict)
    words: dict[str, Callable[..., str]] = field(default_factory=dict)


def game_vocabulary(game_id: str) -> Vocabulary:
    """A game's own words (none for a game whose plug-in declares none)."""
    part = plugin(game_id).lesson if registered(game_id) else ""
    return load(part) if part else Vocabulary()


def vocabulary(game_id: str) -> dict[str, Condition]:
    """The conditions a step of this game may use, by name."""
    return {**COMMON, **game_vocabulary(game_id).goals}


def check_condition(game_id: str, condition: object, where: str) -> None:
    """BadLesson unless `condition` is a known name with exactly its parameters."""
    if not isinstance(condition, dict) or not isinstance(condition.get("is"), str):
        raise BadLesson(f"{where}: a condition is an object with its name in 'is'")
    known = vocabulary(game_id)
    name = condition["is"]
    if name not in known:
        raise BadLesson(f"{where}: no condition '{name}' (known: {', '.join(sorted(known))})")
    signature = inspect.signature(known[name])
    params = {key: value for key, value in condition.items() if key != "is"}
    try:
        signature.bind(None, **params)
    except TypeError as err:
        raise BadLesson(f"{where}: condition '{name}': {err}") from None


def holds(condition: dict, at: Reached) -> bool:
    """Whether one (checked) condition holds at the position reached."""
    params = {key: value for key, value in condition.items() if key != "is"}
    return bool(vocabulary(at.game.id)[condition["is"]](at, **params))
