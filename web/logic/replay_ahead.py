"""Replaying a long link ahead of opening it, a slice of moves at a time (issue 25, item 5).

Opening a link replays every move with its legality checks: a 2,500-ply Gwyddbwyll game is
seconds of work in the browser, and done in one go it freezes the page.  `slices` replays
the link's moves and pauses after every `size` of them (the page gives the browser a turn
between slices and says how far it has got); the positions are then kept, one link's at a
time, and `replayed` hands them to the session that opens that link (web/logic/session.py),
which then does not replay it again.  A link whose replay stops at a bad move is kept too,
with its error: opening it reports that error from the slices (`replayed` raises it) and
offers the moves before it (`legal_part`) with their positions, replaying nothing again.  A
link that cannot be read is not kept: opening it says what is wrong the usual way.  Pure Python.
"""

from __future__ import annotations

from collections.abc import Iterator

from engine import EngineError, games
from engine.contract.replay import ReplayError, replay_stepwise
from engine.formats.record import Record, decode, unquote_link

SLICE = 100  # moves replayed between two turns of the browser
LONG = 200  # a link of fewer moves opens in one go

# A record replayed last: its positions, its moves in canonical notation, and the error of
# its first bad move (None when every move played).
_kept: dict[Record, tuple[list, list[str], ReplayError | None]] = {}


def moves_in(address: str) -> int:
    """How many moves the link in `address` carries (0 when it is not one)."""
    try:
        record, _ = decode(unquote_link(address))
    except Exception:
        return 0
    return len(record.moves)


def slices(address: str, size: int = SLICE) -> Iterator[tuple[int, int]]:
    """Replay the link in `address`, yielding (moves replayed, moves in all) after each
    `size` moves; at the end its positions are kept for `replayed`, with the error of its
    first bad move when there is one (and the moves before it kept as its legal part)."""
    try:
        record, _ = decode(unquote_link(address))
        game = games.get(record.game)
        states: list = [game.new(**record.options_dict)]
        notated: list[str] = []
    except Exception:
        return
    failed: ReplayError | None = None
    try:
        for ply in replay_stepwise(game, record.moves, states, notated):
            if ply % size == 0:
                yield ply, len(record.moves)
    except ReplayError as err:
        failed = err
    except EngineError:
        return
    _kept.clear()
    _kept[record] = (states, notated, failed)
    if failed is not None:
        _kept[_legal(record, notated)] = (states, notated, None)


def replayed(record: Record) -> tuple[list, list[str]] | None:
    """The (positions, canonical moves) of `record` when `slices` replayed it last, else None:
    new lists each time (a session adds the positions of moves played at its end to its list).
    ReplayError (a new one, the same words) when its replay stopped at a bad move."""
    kept = _kept.get(record)
    if kept is None:
        return None
    states, notated, failed = kept
    if failed is not None:
        raise ReplayError(failed.ply, failed.move, failed.message)
    return list(states), list(notated)


def legal_part(address: str) -> Record | None:
    """The moves before the first bad one of the link in `address` (its legal part, as
    engine.formats.record.legal_part gives it) when `slices` replayed it last and it stopped there;
    else None (the caller finds it the usual way)."""
    try:
        record, _ = decode(unquote_link(address))
    except Exception:
        return None
    kept = _kept.get(record)
    if kept is None or kept[2] is None:
        return None
    return _legal(record, kept[1])


def _legal(record: Record, notated: list[str]) -> Record:
    """The record of the moves that played (canonical), without its ending or link."""
    return Record(record.game, record.version, record.options, tuple(notated))
