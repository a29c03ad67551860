"""A game's course (Learn): its steps read from the game's lesson file, checked, and the
judging of a player's move against a step's goal.  The format is docs/lessons.md's.

A course is JSON text (web/lessons/<id>.json, found through the game's plug-in); `load` reads
it into a `Course` of `Step`s and refuses with `BadLesson` anything it could not use: a
missing or mistyped field, an unknown goal condition or parameter.  A step's start is a move
record the engine replays (`start`), so every position a lesson shows is one the rules reach;
its goal is a list of conditions (engine/learning/lesson_goals.py) on the position the player's
moves make, so any move that meets the goal passes, not one fixed move.

`judge` is the whole of the teaching logic: an illegal move gets the engine's own reason, a
legal move that meets the goal gets the step's explanation, one that misses it gets the
step's try-again message, and a move that neither meets nor ends the step (a step of more
than one move) gets the opponent's scripted reply; once that reply is played, `replied` says
whether the goal can still be met (the step's `then`) or not (its try-again message).  The
messages' named facts are said of the position reached (engine/learning/lesson_words.py), so they
are true of the move played.  Pure Python: CPython and Pyodide alike.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .. import games
from ..contract.core import Game
from ..contract.errors import EngineError
from .lesson_goals import BadLesson, Reached, check_condition, holds
from .lesson_words import check_words, fill

__all__ = [
    "BadLesson",
    "Course",
    "Judgement",
    "Step",
    "judge",
    "load",
    "reachable",
    "replied",
    "reply_to",
    "start",
]

# What a move did to the step.
ILLEGAL = "illegal"  # the rules refuse it: the engine's reason
MISSED = "missed"  # legal, but the step is over and its goal not met: try again
MET = "met"  # the goal is met: the step is done
GOES_ON = "goes-on"  # not yet met, moves remain: the opponent replies

TEXT_FIELDS = ("id", "title", "goal", "success", "try_again")
LIST_FIELDS = ("start", "solution", "replies", "wrong", "sections")


@dataclass(frozen=True)
class Step:
    """One task on the board (docs/lessons.md describes each field)."""

    id: str
    title: str
    goal: str  # one sentence, said first
    success: str  # the explanation once the goal is met
    try_again: str  # the message for a legal move that misses the goal
    start: tuple[str, ...]  # the moves the engine replays to the step's position
    check: tuple[dict, ...]  # the goal's conditions, all of which must hold
    solution: tuple[str, ...]  # the player's moves that meet the goal (Show me)
    replies: tuple[str, ...] = ()  # the opponent's reply after each player's move but the last
    wrong: tuple[str, ...] = ()  # legal first moves that miss the goal (for the tests)
    sections: tuple[str, ...] = ()  # the rules page's sections the step teaches
    options: tuple[tuple[str, Any], ...] = ()  # the game's options for the step
    figure: str = ""  # the id of a <figure> of the rules page the step shows (or none)
    then: str = ""  # said after the opponent's reply while the goal can still be met

    @property
    def turns(self) -> int:
        """How many moves the player makes in the step."""
        return len(self.solution)


@dataclass(frozen=True)
class Course:
    """A game's course: its steps in order, and what its end says."""

    game: str
    title: str
    steps: tuple[Step, ...]
    done: str  # the end's words, before the offer of a game against the easy computer

    def step(self, step_id: str) -> Step:
        for step in self.steps:
            if step.id == step_id:
                return step
        raise BadLesson(f"no step '{step_id}' in the {self.title} course")


@dataclass(frozen=True)
class Judgement:
    """What a move did: `outcome` (ILLEGAL, MISSED, MET, GOES_ON), the message to show, the
    moves made so far in the step (with this one when legal), and the reply to play now."""

    outcome: str
    message: str
    played: tuple[str, ...] = ()
    reply: str | None = None


def load(text: str, game_id: str) -> Course:
    """The course in `text` (a lesson file's JSON) for the game `game_id`; BadLesson."""
    game = games.get(game_id)
    try:
        data = json.loads(text)
    except ValueError as err:
        raise BadLesson(f"the {game.name} course is not JSON: {err}") from None
    if not isinstance(data, dict) or not isinstance(data.get("steps"), list):
        raise BadLesson(f"the {game.name} course must be an object with a list of steps")
    if data.get("game") != game_id:
        raise BadLesson(f"the course is for '{data.get('game')}', not '{game_id}'")
    steps = tuple(_step(raw, game_id, n) for n, raw in enumerate(data["steps"], 1))
    if not steps:
        raise BadLesson(f"the {game.name} course has no steps")
    if len({step.id for step in steps}) != len(steps):
        raise BadLesson(f"the {game.name} course uses a step id twice")
    return Course(game_id, _text(data, "title", "the course"), steps, _text(data, "done", "end"))


def _text(raw: dict, key: str, where: str) -> str:
    value = raw.get(key)
    if not isinstance(value, str) or not value.strip():
        raise BadLesson(f"{where}: '{key}' must be some text")
    return value


def _step(raw: object, game_id: str, number: int) -> Step:
    where = f"step {number}"
    if not isinstance(raw, dict):
        raise BadLesson(f"{where} must be an object")
    known = {*TEXT_FIELDS, *LIST_FIELDS, "check", "options", "figure", "then"}
    for key in raw:
        if key not in known:
            raise BadLesson(f"{where}: unknown field '{key}'")
    lists = {}
    for key in LIST_FIELDS:
        value = raw.get(key, [])
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            raise BadLesson(f"{where}: '{key}' must be a list of moves or words")
        lists[key] = tuple(value)
    check = raw.get("check")
    if not isinstance(check, list) or not check:
        raise BadLesson(f"{where}: 'check' must list the goal's conditions")
    for condition in check:
        check_condition(game_id, condition, where)
    if not lists["solution"]:
        raise BadLesson(f"{where}: 'solution' must hold the player's moves")
    options = raw.get("options", {})
    if not isinstance(options, dict):
        raise BadLesson(f"{where}: 'options' must be an object")
    figure = raw.get("figure", "")
    if not isinstance(figure, str):
        raise BadLesson(f"{where}: 'figure' must be a figure's id")
    texts = _texts(raw, game_id, where, len(lists["solution"]))
    return Step(
        **texts,
        start=lists["start"],
        check=tuple(check),
        solution=lists["solution"],
        replies=lists["replies"],
        wrong=lists["wrong"],
        sections=lists["sections"],
        options=tuple(options.items()),
        figure=figure,
    )


def _texts(raw: dict, game_id: str, where: str, turns: int) -> dict[str, str]:
    """A step's texts: those said before a move name no fact of the position reached, the
    others only facts engine/learning/lesson_words.py knows; `then` belongs to a step of several
    moves, and such a step must have it."""
    texts = {key: _text(raw, key, where) for key in TEXT_FIELDS}
    for key in ("title", "goal"):
        if re.search(r"[{}]", texts[key]):
            raise BadLesson(f"{where}: '{key}' is said before a move and names no fact")
    if turns > 1:
        texts["then"] = _text(raw, "then", where)
    elif raw.get("then"):
        raise BadLesson(f"{where}: 'then' is for a step of more than one move")
    for key in ("success", "try_again", "then"):
        check_words(game_id, texts.get(key, ""), f"{where}: '{key}'")
    return texts


def start(game: Game, step: Step) -> Any:
    """The step's position: its options' new game with its start moves replayed by the
    engine; BadLesson names a move the rules refuse."""
    try:
        state = game.new(**dict(step.options))
        for text in step.start:
            state = game.play(state, game.parse(state, text))
    except EngineError as err:
        raise BadLesson(f"step '{step.id}' does not start: {err}") from None
    return state


def meets(game: Game, step: Step, state: Any, played: Sequence[str]) -> bool:
    """Whether the position reached meets every condition of the step's goal."""
    at = Reached(game, state, tuple(played))
    return all(holds(condition, at) for condition in step.check)


def judge(game: Game, step: Step, state: Any, played: Sequence[str], move: Any) -> Judgement:
    """The judgement on the player's `move` (an engine move) at `state`, after the moves
    `played` in the step so far."""
    verdict = game.check(state, move)
    if not verdict.legal:
        return Judgement(ILLEGAL, verdict.text, tuple(played))
    notation = game.notation(state, move)
    after = game.apply(state, move)
    made = (*played, notation)
    at = Reached(game, after, made)
    if meets(game, step, after, made):
        return Judgement(MET, fill(step.success, at), made)
    if len(made) < step.turns and game.result(after) is None:
        return Judgement(GOES_ON, "", made, reply_to(game, step, after, len(made) - 1))
    return Judgement(MISSED, fill(step.try_again, at), made)


def replied(game: Game, step: Step, state: Any, played: Sequence[str]) -> Judgement:
    """Where the step stands once the opponent's reply is played (`state`), after the
    player's moves `played`: the goal can still be met (GOES_ON, the step's `then`), or it
    cannot (MISSED, its try-again message)."""
    at = Reached(game, state, tuple(played))
    if reachable(game, step, state, played):
        return Judgement(GOES_ON, fill(step.then, at), tuple(played))
    return Judgement(MISSED, fill(step.try_again, at), tuple(played))


def reachable(game: Game, step: Step, state: Any, played: Sequence[str]) -> bool:
    """Whether the player's moves left in the step (the opponent replying as `judge`
    has it) can still meet the goal from `state`, the player to move."""
    if len(played) >= step.turns or game.result(state) is not None:
        return False
    for move in game.legal_moves(state):
        verdict = judge(game, step, state, played, move)
        if verdict.outcome == MET:
            return True
        if verdict.outcome == GOES_ON and verdict.reply is not None:
            after = game.apply(state, move)
            answered = game.play(after, game.parse(after, verdict.reply))
            if reachable(game, step, answered, verdict.played):
                return True
    return False


def reply_to(game: Game, step: Step, state: Any, turn: int) -> str:
    """The opponent's reply after the player's move number `turn` (0-based): the step's
    scripted reply when it is legal there, else the first legal move in the game's order."""
    if turn < len(step.replies):
        try:
            return game.notation(state, game.parse(state, step.replies[turn]))
        except EngineError:
            pass
    return game.notation(state, game.legal_moves(state)[0])
