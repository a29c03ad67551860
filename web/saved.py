"""The saved game: what the page keeps in the browser's storage between visits.

Pure Python (no browser imports), so reading a corrupt save is tested in
CPython.  The stored text is JSON: {"format": 1, "fragment": "<the link's
fragment>", "seats": ["human", "easy", ...]}.  `load` returns the session and
the seats, or raises SaveError / RecordError / ReplayError (all EngineError)
with a message saying what is wrong; the page then discards the save.
"""

from __future__ import annotations

import json

from engine import EngineError
from engine.record import MAX_FRAGMENT
from web.session import Session

KEY = "abstract-games/saved-game"
FORMAT = 1


class SaveError(EngineError):
    """A saved game that cannot be read back."""


def dump(fragment: str, seats) -> str:
    return json.dumps({"format": FORMAT, "fragment": fragment, "seats": list(seats)},
                      separators=(",", ":"))


def load(text, seat_kinds) -> tuple[Session, list[str]]:
    """(session, seats) from the stored text; EngineError with a message otherwise."""
    if not isinstance(text, str):
        raise SaveError("it is not text")
    if len(text) > 2 * MAX_FRAGMENT:
        raise SaveError(f"it is too long ({len(text):,} characters)")
    try:
        data = json.loads(text)
    except ValueError:            # json.JSONDecodeError, or a number too long for int()
        raise SaveError("it is not valid JSON") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("it is not a saved game this site knows")
    fragment, seats = data.get("fragment"), data.get("seats")
    if not isinstance(fragment, str):
        raise SaveError("it has no game record")
    session = Session.from_fragment(fragment)      # RecordError / ReplayError say why
    count = session.game.num_seats(session.states[0])
    kinds = set(seat_kinds)
    if (not isinstance(seats, list) or len(seats) != count
            or not all(isinstance(k, str) and k in kinds for k in seats)):
        raise SaveError(f"its players are not {count} of {', '.join(sorted(kinds))}")
    return session, seats
