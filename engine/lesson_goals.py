"""The goals a lesson's step may set: a small vocabulary of named conditions on the position a
player's moves made (docs/lessons.md lists them).

A goal is a list of conditions, all of which must hold; a condition is a name and its
parameters, e.g. ``{"is": "height", "squares": ["b1"], "height": 2}``.  Each name is a
function here taking the position (`Reached`) and the parameters as keywords; some are for
every game (over, wins, leads, score), the rest belong to one game and read its `View`
(the typed position the boards draw), never the rules' internals.  `check_condition` says
what is wrong with a condition before it is ever judged, so a course file with a typo is
refused when it loads.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .core import Game
from .errors import EngineError


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


def _named_cell(at: Reached, field: str, name: str) -> Any:
    """The cell of the view's `cells` whose `field` (its square's or cell's name) is `name`."""
    for cell in at.view.cells:
        if getattr(cell, field) == name:
            return cell
    raise BadLesson(f"{name} is not a cell of this board")


# ---- Wythe (WytheView: cells with height, top, frozen; groups; colour_scores)

WYTHE_COLOURS = {"black": 0, "white": 1}


def _wythe_cell(at: Reached, square: str) -> Any:
    return _named_cell(at, "square", square)


def height(at: Reached, squares: list, height: int) -> bool:
    """One of `squares` holds a stack of `height` bits."""
    return any(_wythe_cell(at, square).height == height for square in squares)


def top(at: Reached, square: str, colour: str) -> bool:
    """The stack on `square` has a `colour` ("black" or "white") top bit."""
    cell = _wythe_cell(at, square)
    return cell.height > 0 and cell.top == WYTHE_COLOURS[colour]


def frozen(at: Reached, square: str) -> bool:
    """The bit on `square` is frozen: its piece is half-covered."""
    return bool(_wythe_cell(at, square).frozen)


def swapped(at: Reached) -> bool:
    """The players have swapped colours (the pie rule)."""
    return bool(at.view.swapped)


def colour_leads(at: Reached, colour: str) -> bool:
    """`colour`'s score (by the colours on the board) is higher than the other colour's."""
    scores = at.view.colour_scores
    mine = WYTHE_COLOURS[colour]
    return scores[mine] > scores[1 - mine]


def group(at: Reached, colour: str, size: int) -> bool:
    """`colour` has a group of at least `size` squares."""
    mine = WYTHE_COLOURS[colour]
    return any(g.colour == mine and g.size >= size for g in at.view.groups)


def only_passes(at: Reached) -> bool:
    """No placement is left: the players can only pass (the game is about to end)."""
    moves = at.game.legal_moves(at.state)
    return all(isinstance(move, str) for move in moves)


# ---- Rug Pile (RugView: cells, the seat each square shows)

RUG_COLOURS = {"red": 0, "blue": 1, "green": 2, "yellow": 3}


def _cell(cells: tuple, square: str) -> Any:
    """What a square board's `cells` (row * size + col) hold at `square` (e.g. "c3")."""
    size = round(len(cells) ** 0.5)
    col, row = ord(square[0]) - ord("a"), int(square[1:]) - 1
    if not (0 <= col < size and 0 <= row < size):
        raise BadLesson(f"{square} is not a square of this board")
    return cells[row * size + col]


def shows(at: Reached, square: str, colour: str) -> bool:
    """`square` shows `colour` ("red", "blue", ...; "blank" for none)."""
    want = -1 if colour == "blank" else RUG_COLOURS[colour]
    return bool(_cell(at.view.cells, square) == want)


def tile(at: Reached, width: int, height: int) -> bool:
    """The player's last move laid a tile `width` wide and `height` tall."""
    return bool(at.played) and at.played[-1].startswith(f"{width}x{height}")


# ---- Petrify (PetrifyView: cells, Cell values: 0 empty, 1 blue, 2 orange, 3 block)

PETRIFY_CELLS = {"empty": 0, "blue": 1, "orange": 2, "block": 3}


def holding(at: Reached, square: str, what: str) -> bool:
    """`square` holds `what`: "blue" or "orange" (a disk), "block" or "empty"."""
    return bool(_cell(at.view.cells, square) == PETRIFY_CELLS[what])


def blocks(at: Reached, at_least: int) -> bool:
    """The board holds at least `at_least` blocks (each capture leaves one)."""
    return sum(cell == PETRIFY_CELLS["block"] for cell in at.view.cells) >= at_least


def patch(at: Reached, square: str, size: int, owner: str) -> bool:
    """The patch holding `square` (block-free squares joined side by side) has `size` squares
    and belongs to `owner`: "blue", "orange" or "nobody"."""
    cells = at.view.cells
    _cell(cells, square)  # refuses a square off the board
    col, row = ord(square[0]) - ord("a"), int(square[1:]) - 1
    index = row * round(len(cells) ** 0.5) + col
    want = 0 if owner == "nobody" else PETRIFY_CELLS[owner]
    return any(
        index in found.squares and found.size == size and int(found.owner) == want
        for found in at.view.patches
    )


# ---- Stigmergy (StigmergyView: cells by name with stone and control; the button's holder)

STONE_COLOURS = {"black": 0, "white": 1}


def _hex_cell(at: Reached, name: str) -> Any:
    return _named_cell(at, "name", name)


def stone(at: Reached, cell: str, colour: str) -> bool:
    """`cell` holds a `colour` ("black" or "white") stone."""
    return bool(_hex_cell(at, cell).stone == STONE_COLOURS[colour])


def controls(at: Reached, cell: str, colour: str) -> bool:
    """`colour` controls `cell`: it sees more of that colour's stones than half its
    neighbours."""
    return bool(_hex_cell(at, cell).control == STONE_COLOURS[colour])


def button(at: Reached, colour: str) -> bool:
    """`colour` holds the button."""
    return bool(at.view.button_holder == STONE_COLOURS[colour])


def komi(at: Reached, at_least: int, at_most: int) -> bool:
    """The komi has been named, from `at_least` to `at_most` points for White."""
    value = at.view.komi
    return value is not None and at_least <= value <= at_most


# ---- Gwyddbwyll (GwyddbwyllView: cells, a Piece (kind, colour, jump) or None each; check)

SIDES = {"white": 0, "black": 1}


def piece(at: Reached, squares: list, kind: str, colour: str) -> bool:
    """One of `squares` holds a `colour` piece of `kind` ("pawn", "queen", "king", ...)."""
    want = SIDES[colour]
    for square in squares:
        found = _cell(at.view.cells, square)
        if found is not None and found.kind == kind and found.colour == want:
            return True
    return False


def empty(at: Reached, square: str) -> bool:
    """Nothing stands on `square`."""
    return _cell(at.view.cells, square) is None


def check(at: Reached) -> bool:
    """The side to move is in check."""
    return at.view.check is not None


COMMON: dict[str, Condition] = {
    "over": over,
    "wins": wins,
    "leads": leads,
    "score": score,
    "played": played,
}
BY_GAME: dict[str, dict[str, Condition]] = {
    "wythe": {
        "height": height,
        "top": top,
        "frozen": frozen,
        "swapped": swapped,
        "colour_leads": colour_leads,
        "group": group,
        "only_passes": only_passes,
    },
    "rugpile": {"shows": shows, "tile": tile},
    "petrify": {"holding": holding, "blocks": blocks, "patch": patch},
    "stigmergy": {"stone": stone, "controls": controls, "button": button, "komi": komi},
    "gwyddbwyll": {"piece": piece, "empty": empty, "check": check},
}


def vocabulary(game_id: str) -> dict[str, Condition]:
    """The conditions a step of this game may use, by name."""
    return {**COMMON, **BY_GAME.get(game_id, {})}


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
