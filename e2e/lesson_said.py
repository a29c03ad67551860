"""What a course's bar says after given moves, worked out in CPython by the engine the page
runs (engine/learning/lessons.py), so that the browser tests wait for the very words a step says of
the move played (its facts filled in), and on a touch screen in its words (tap)."""

from __future__ import annotations

from conftest import ROOT

from engine import games
from engine.contract.plugins import plugin
from engine.learning.lessons import GOES_ON, load, replied, start
from engine.learning.lessons import judge as judge_move
from web.logic.wording import for_touch


def lesson_said(game_id: str, step_id: str, *moves: str, touch: bool = False) -> str:
    """The message after the player's `moves` in the step (the opponent's replies played
    between them); after a move the opponent answers, what is said once the reply is on the
    board."""
    game = games.get(game_id)
    step = load((ROOT / plugin(game_id).lessons).read_text(), game_id).step(step_id)
    state, played, verdict = start(game, step), (), None
    for text in moves:
        if verdict is not None and verdict.reply is not None:
            state = game.play(state, game.parse(state, verdict.reply))
        move = game.parse(state, text)
        verdict = judge_move(game, step, state, played, move)
        state, played = game.play(state, move), verdict.played
    assert verdict is not None, "name at least one move"
    message = verdict.message
    if verdict.outcome == GOES_ON and verdict.reply is not None:
        state = game.play(state, game.parse(state, verdict.reply))
        message = replied(game, step, state, played).message
    return for_touch(message) if touch else message
