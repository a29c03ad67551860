"""The saved game of format 1, and opening any stored game.

Pure Python (no browser imports), so reading a corrupt save is tested in CPython.
Until recent games (web/storage/recent.py) the page kept one game, as the JSON text
{"format": 1, "fragment": "<the link's fragment>", "seats": ["human", "easy", ...]}
under KEY; web/browser/keeper.py moves such a save into the recent games.  `load` returns
the session and the seats, or raises SaveError / RecordError / ReplayError (all
EngineError) with a message saying what is wrong; `opened` is the part that replays
a stored link and checks its seats, for any stored game.
"""

from __future__ import annotations

import json

from engine import EngineError
from engine.formats.record import MAX_FRAGMENT
from web.logic.session import Session
from web.storage import bounded_json

KEY = "abstract-games/saved-game"
FORMAT = 1


class SaveError(EngineError):
    """A saved game that cannot be read back."""


def dump(fragment: str, seats) -> str:
    return json.dumps(
        {"format": FORMAT, "fragment": fragment, "seats": list(seats)}, separators=(",", ":")
    )


def load(text, seat_kinds) -> tuple[Session, list[str]]:
    """(session, seats) from the stored text; EngineError with a message otherwise."""
    return opened(*fields(text), seat_kinds)


def fields(text) -> tuple[str, object]:
    """(fragment, seats as stored) from the text, neither checked further; SaveError."""
    try:
        data = bounded_json.loads(text, 2 * MAX_FRAGMENT)
    except ValueError as err:  # not text, too long, too deep, not JSON
        raise SaveError(str(err)) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("it is not a saved game this site knows")
    fragment = data.get("fragment")
    if not isinstance(fragment, str):
        raise SaveError("it has no game record")
    return fragment, data.get("seats")


def opened(fragment: str, seats, seat_kinds) -> tuple[Session, list[str]]:
    """The game of a stored link, replayed, with its seats; EngineError says why not."""
    session = Session.from_fragment(fragment)  # RecordError / ReplayError say why
    count = session.game.num_seats(session.states[0])
    if not valid_seats(seats, seat_kinds) or len(seats) != count:
        raise SaveError(f"its players are not {count} of {', '.join(sorted(set(seat_kinds)))}")
    return session, list(seats)


def valid_seats(seats, seat_kinds) -> bool:
    """A list of seat kinds, each one of `seat_kinds`."""
    return isinstance(seats, list) and all(isinstance(k, str) and k in seat_kinds for k in seats)
