"""A mistake of the game on the table replayed as a puzzle (browser only): the position before
a move the graph lists as a swing (web/logic/graph.py), with the better move the computer's
worker finds there as the answer; imported when the player first asks for one."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from engine.learning.puzzles import Puzzle
from web.logic.puzzle import MISTAKE, PuzzleRun
from web.logic.session import Session

if TYPE_CHECKING:
    from web.browser.puzzle_mode import Host

MISTAKE_SECONDS = 1.5  # the computer's look for the better move before the mistake


async def mistake_run(host: Host, ply: int, after: float) -> PuzzleRun | None:
    """The run whose answer is the better move at `ply` (the solver's chance `after` the move
    played is the graph's), or None, the page told why: the computer could not look, or it
    finds no move better than the one played."""
    session = host.table.session
    moves = tuple(session.moves[: ply - 1])
    played = session.moves[ply - 1]
    before = Session(session.game.id, session.options, moves)
    host.say("The computer is looking for the better move…")
    try:
        text = await host.worker.judge(before.fragment(), MISTAKE_SECONDS, 1)
        analysis = json.loads(text)
        best = analysis["best"][0]["move"]
        chance = float(analysis["chances"][analysis["to_move"]])
    except Exception:
        host.say("The computer could not look at that position.", error=True)
        return None
    if best == played:
        host.say("The computer, looking again, finds no better move there.")
        return None
    mistake = Puzzle(
        session.game.id,
        "game",
        moves,
        (best,),
        "won",
        "middle",
        (),
        0,
        (chance, after),
        options=tuple(sorted(session.options.items())),
    )
    return PuzzleRun(mistake, MISTAKE)
