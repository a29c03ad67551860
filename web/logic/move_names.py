"""A move as a player reads it: the move list's notation, the game's `move_label` (Gwyddbwyll's
"Rc2b2", "e4xd5", "Nd2c4+"; the engine's notation in the other games).  Everything the page
writes of a move for a player names it here: the move list, the message and announcement after
a move, the Analyse panel's best moves and line, Hint, a game by link's messages and the text
sent with its link, Recent's "last"; and the status numbers the position shown as the list
numbers it.  Links and records keep the engine's canonical notation ("c2b2").

Pure Python, tested in CPython (tests/test_move_names.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.contract.core import EngineError, Game
from engine.contract.replay import replay
from web import boards
from web.logic.session import Session


def move_name(game: Game, before: Any, after: Any, text: str) -> str:
    """The move `text`, which led from `before` to `after`, as a player reads it."""
    return game.move_label(before, after, text)


def named(game: Game, state: Any, text: str) -> tuple[Any, str] | None:
    """(the position after the move `text` from `state`, its name), or None when it is not
    legal there (advice about another position, a line that no longer replays)."""
    try:
        after = game.play(state, game.parse(state, text))
    except EngineError:
        return None
    return after, move_name(game, state, after, text)


def move_word(game: Game, state: Any, text: str) -> str | None:
    """One move from `state` as a player reads it; None if it is not legal there."""
    found = named(game, state, text)
    return None if found is None else found[1]


def move_words(game: Game, state: Any, line: Sequence[str]) -> list[str]:
    """The moves of a line from `state` as a player reads them; a move that does not replay
    (the position changed under the worker) ends the list."""
    out = []
    for text in line:
        found = named(game, state, text)
        if found is None:
            break
        state, word = found
        out.append(word)
    return out


def line_names(game: Game, state: Any, line: Sequence[str]) -> list[str]:
    """Every move of a line from `state` named for a player: as `move_words`, and in the
    engine's notation from a move that does not replay on (never a move left out)."""
    words = move_words(game, state, line)
    return words + list(line[len(words) :])


def last_name(game: Game, state: Any, line: Sequence[str]) -> str:
    """The last move of a line from `state` named for a player ('' for no move).  The line is
    replayed only for a game that names its moves its own way (Gwyddbwyll); the move as
    written when it does not replay."""
    if not line:
        return ""
    if type(game).move_label is Game.move_label:  # the engine's notation: nothing to replay
        return line[-1]
    try:
        before = replay(game, state, line[:-1])[-1]
    except EngineError:
        return line[-1]
    return move_word(game, before, line[-1]) or line[-1]


def full_moves(game: Game) -> bool:
    """The game's move list numbers full moves (its board's `full_moves`: Gwyddbwyll's)."""
    return boards.get(game.id).full_moves


def move_number(game: Game, before: Any, ply: int, whose: bool = True) -> str:
    """The number of the move at `ply` (1 on; 0: the start), played from `before`, as the
    move list numbers it: "12"; by full moves "6 (Black's)" ("6" without `whose`)."""
    if ply == 0 or not full_moves(game):
        return str(ply)
    if not whose:
        return str((ply + 1) // 2)
    return f"{(ply + 1) // 2} ({game.seat_names(before)[game.to_move(before)]}'s)"


def numbered_line(game: Game, start: int, words: Sequence[str]) -> str:
    """Moves from ply `start` (named), numbered as a list by full moves numbers them:
    "2. Rc2b2 f6f5", "1… Rc7b7 2. Rc2b2"."""
    parts = []
    for ply, word in enumerate(words, start + 1):
        if ply % 2:
            parts.append(f"{(ply + 1) // 2}. {word}")
        else:
            parts.append(word if ply > start + 1 else f"{ply // 2}… {word}")
    return " ".join(parts)


def viewing(session: Session) -> str:
    """The status's "Viewing move 12." for a position before the last, numbered as the move
    list numbers it: by full moves (Gwyddbwyll's), "Viewing move 6 (Black's)."."""
    ply = session.ply
    before = session.states[ply - 1] if ply else None
    return f"Viewing move {move_number(session.game, before, ply)}."
