"""Puzzles: a position cut from a game where one side erred, and the line that punishes it.

A game's puzzles are one JSON file (its plug-in's `puzzles`, written by the lab's generator,
lab/puzzles/):

    {"format": 1, "game": "petrify", "puzzles": [
        {"id": "k3f9", "moves": ["a2", "h3", ...], "solution": ["e4xe5", "h5", "e5xh5"],
         "goal": "win", "phase": "middle", "motifs": ["capture"], "difficulty": 1480,
         "chance": [0.41, 0.97]}, ...]}

`moves` is the game so far (the position the solver sees, just after the mistake), in the
game's canonical notation; `solution` the line from there: the solver's moves and, between
them, the opponent's best defence, so it has an odd length.  `goal` says how it ends: "win"
(the line's last move wins the game) or "won" (the line ends in a position the engine rates
as won, the solver's calibrated chance at least WON_CHANCE).  `chance` is the solver's
calibrated chance before the solution and after it; `difficulty` a rating on the same scale as
a player's puzzle rating.  `"proven": true`, where present, says the line was searched out to
the game's end: at each of the solver's steps the answer wins with perfect play and no other
move does, but one that wins at once (which `judge` takes as an answer too); so a wrong move
is known to throw the win away, whatever a quicker judgement says of it.

A puzzle may be set on a board of other options than the game's defaults (Stigmergy's are
on a smaller board, where a game's end can be searched out): `"options": {"size": 4}`, the
others at their defaults.

`load` reads and checks a file's text (BadPuzzles naming what is wrong); `Puzzle.start`
replays the game so far; `Puzzle.judge` says whether a move is the answer.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..contract.errors import EngineError
from ..contract.replay import ReplayError, replay

if TYPE_CHECKING:
    from ..contract.core import Game, State

FORMAT = 1
GOALS = ("win", "won")
PHASES = ("opening", "middle", "end")
WON_CHANCE = 0.90  # a line that ends short of a win ends where the solver's chance is this


class BadPuzzles(EngineError):
    """A puzzle file that cannot be read, or a puzzle in it that does not hold."""


@dataclass(frozen=True)
class Puzzle:
    """One puzzle of a game (see the module's docstring for its fields)."""

    game_id: str
    id: str
    moves: tuple[str, ...]
    solution: tuple[str, ...]
    goal: str
    phase: str
    motifs: tuple[str, ...]
    difficulty: int
    chance: tuple[float, float]
    proven: bool = False
    options: tuple[tuple[str, Any], ...] = ()  # (name, value); an option not named: its default

    @property
    def options_dict(self) -> dict[str, Any]:
        """The options its game is played with (the others at their defaults)."""
        return dict(self.options)

    @property
    def solver_moves(self) -> int:
        """How many moves the solver has to find."""
        return (len(self.solution) + 1) // 2

    def start(self, game: Game) -> State:
        """The position the solver sees (BadPuzzles when the game so far does not replay)."""
        try:
            start = game.new(**self.options_dict)
        except EngineError as err:
            raise BadPuzzles(f"puzzle {self.id}: its options: {err}") from None
        try:
            return replay(game, start, self.moves)[-1]
        except ReplayError as err:
            raise BadPuzzles(f"puzzle {self.id}: the game so far does not replay: {err}") from None

    def solver(self, game: Game) -> int:
        """The seat that solves the puzzle: the side to move at its start."""
        return game.to_move(self.start(game))

    def judge(self, game: Game, state: State, step: int, move: str) -> bool:
        """Whether `move` (notation), played in `state` at the solution's `step` (0, 2, 4…:
        the solver's turns), is right: the solution's move, or any move that wins the game
        at once for the solver (two ways to win at once are both answers).  An illegal move
        is IllegalMove or BadNotation, as everywhere in the engine."""
        parsed = game.parse(state, move)
        return game.notation(state, parsed) == self.solution[step] or wins_at_once(
            game, state, parsed
        )

    def answer_wins_at_once(self, game: Game, state: State, step: int) -> bool:
        """Whether the solution's move at `step`, played in `state`, ends the game with the
        solver's win (a mate, a bare king, the opponent left without a move)."""
        return wins_at_once(game, state, game.parse(state, self.solution[step]))

    def to_json(self) -> dict[str, Any]:
        """The puzzle as its file holds it."""
        return {
            "id": self.id,
            "moves": list(self.moves),
            "solution": list(self.solution),
            "goal": self.goal,
            "phase": self.phase,
            "motifs": list(self.motifs),
            "difficulty": self.difficulty,
            "chance": list(self.chance),
            **({"proven": True} if self.proven else {}),
            **({"options": self.options_dict} if self.options else {}),
        }


def load(game_id: str, text: str) -> tuple[Puzzle, ...]:
    """A game's puzzles from its file's text; BadPuzzles when the text is not such a file
    (its format, its game, a field of a puzzle, two puzzles with one id)."""
    try:
        data = json.loads(text)
    except ValueError as err:
        raise BadPuzzles(f"the puzzle file is not JSON: {err}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BadPuzzles(f"the puzzle file is not in puzzle format {FORMAT}")
    if data.get("game") != game_id:
        raise BadPuzzles(f"the puzzle file is for {data.get('game')!r}, not {game_id!r}")
    entries = data.get("puzzles")
    if not isinstance(entries, list):
        raise BadPuzzles("the puzzle file has no list of puzzles")
    puzzles = tuple(_puzzle(game_id, entry) for entry in entries)
    ids = [p.id for p in puzzles]
    if len(set(ids)) != len(ids):
        raise BadPuzzles("two puzzles share an id")
    return puzzles


def dump(game_id: str, puzzles: tuple[Puzzle, ...] | list[Puzzle]) -> str:
    """The text of a game's puzzle file (one puzzle a line, for readable diffs)."""
    lines = ",\n".join(json.dumps(p.to_json(), separators=(",", ":")) for p in puzzles)
    return f'{{"format":{FORMAT},"game":"{game_id}","puzzles":[\n{lines}\n]}}\n'


def _puzzle(game_id: str, entry: Any) -> Puzzle:
    if not isinstance(entry, dict):
        raise BadPuzzles("a puzzle is not an object")
    name = entry.get("id")
    if not isinstance(name, str) or not name.isalnum():
        raise BadPuzzles(f"a puzzle's id is not letters and digits: {name!r}")

    def texts(key: str) -> tuple[str, ...]:
        value = entry.get(key)
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise BadPuzzles(f"puzzle {name}: {key} is not a list of texts")
        return tuple(value)

    solution = texts("solution")
    if len(solution) % 2 == 0:
        raise BadPuzzles(f"puzzle {name}: the solution must end with the solver's move")
    goal, phase = entry.get("goal"), entry.get("phase")
    if goal not in GOALS:
        raise BadPuzzles(f"puzzle {name}: goal {goal!r} is not one of {', '.join(GOALS)}")
    if phase not in PHASES:
        raise BadPuzzles(f"puzzle {name}: phase {phase!r} is not one of {', '.join(PHASES)}")
    difficulty, chance = entry.get("difficulty"), entry.get("chance")
    if not isinstance(difficulty, int) or isinstance(difficulty, bool):
        raise BadPuzzles(f"puzzle {name}: difficulty is not a whole number")
    if (
        not isinstance(chance, list)
        or len(chance) != 2
        or not all(isinstance(c, (int, float)) and 0 <= c <= 1 for c in chance)
    ):
        raise BadPuzzles(f"puzzle {name}: chance is not two chances between 0 and 1")
    proven = entry.get("proven", False)
    if not isinstance(proven, bool):
        raise BadPuzzles(f"puzzle {name}: proven is not true or false")
    options = entry.get("options", {})
    if not isinstance(options, dict) or not all(
        isinstance(key, str) and isinstance(value, (int, str)) and not isinstance(value, bool)
        for key, value in options.items()
    ):
        raise BadPuzzles(f"puzzle {name}: options is not an object of numbers and texts")
    return Puzzle(
        game_id,
        name,
        texts("moves"),
        solution,
        goal,
        phase,
        texts("motifs"),
        difficulty,
        (float(chance[0]), float(chance[1])),
        proven,
        tuple(sorted(options.items())),
    )


def wins_at_once(game: Game, state: State, move: Any) -> bool:
    """Whether `move` (an engine move, legal in `state`) ends the game with the mover's win."""
    result = game.result(game.apply(state, move))
    return result is not None and result.winners == (game.to_move(state),)
