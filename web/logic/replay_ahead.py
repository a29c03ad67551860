"""Replaying a long link ahead of opening it, a slice of moves at a time (issue 25, item 5).

Opening a link replays every move with its legality checks: a 2,500-ply Gwyddbwyll game is
seconds of work in the browser, and done in one go it freezes the page.  `slices` replays
the link's moves and pauses after every `size` of them (the page gives the browser a turn
between slices and says how far it has got); the positions are then kept, one link's at a
time, and `replayed` hands them to the session that opens that link (web/logic/session.py),
which then does not replay it again.  A link that cannot be read or replayed is not kept:
opening it replays it the usual way and says what is wrong.  Pure Python.
"""

from __future__ import annotations

from collections.abc import Iterator

from engine import EngineError, games
from engine.record import Record, decode, unquote_link
from engine.replay import replay_stepwise

SLICE = 100  # moves replayed between two turns of the browser
LONG = 200  # a link of fewer moves opens in one go

_kept: dict[Record, tuple[list, list[str]]] = {}


def moves_in(address: str) -> int:
    """How many moves the link in `address` carries (0 when it is not one)."""
    try:
        record, _ = decode(unquote_link(address))
    except Exception:
        return 0
    return len(record.moves)


def slices(address: str, size: int = SLICE) -> Iterator[tuple[int, int]]:
    """Replay the link in `address`, yielding (moves replayed, moves in all) after each
    `size` moves; at the end its positions are kept for `replayed`."""
    try:
        record, _ = decode(unquote_link(address))
        game = games.get(record.game)
        states: list = [game.new(**record.options_dict)]
        notated: list[str] = []
    except Exception:
        return
    try:
        for ply in replay_stepwise(game, record.moves, states, notated):
            if ply % size == 0:
                yield ply, len(record.moves)
    except EngineError:
        return
    _kept.clear()
    _kept[record] = (states, notated)


def replayed(record: Record) -> tuple[list, list[str]] | None:
    """The (positions, canonical moves) of `record` when `slices` replayed it last, else None:
    new lists each time (a session adds the positions of moves played at its end to its list)."""
    kept = _kept.get(record)
    return None if kept is None else (list(kept[0]), list(kept[1]))
