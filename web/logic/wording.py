"""The board's words for the device in hand and the person in the seat: on a touch screen a
prompt or a panel says tap where a board wrote click, and leaves out what only a mouse can do
(drag a piece); against the computer the person's prompt says "your move".

Pure Python (no browser imports), tested in CPython (tests/test_wording.py); web/logic/
screen.py applies it to what the board says when the table's `ui.touch` is set.
"""

from __future__ import annotations

import re

CLICK = re.compile(r"\b([Cc])lick(s|ed|ing)?\b")
TAP = {"": "tap", "s": "taps", "ed": "tapped", "ing": "tapping"}
MOUSE_ONLY = (" (or drag it)",)  # a touch drag scrolls the page: no piece is dragged


def for_touch(text: str) -> str:
    """`text` as a touch screen's player reads it: tap for click, mouse-only hints gone.

    >>> for_touch("Red to move: click a piece, then where it goes (or drag it).")
    'Red to move: tap a piece, then where it goes.'
    >>> for_touch("Click to place on m4. Clicking a patch")
    'Tap to place on m4. Tapping a patch'
    """
    for words in MOUSE_ONLY:
        text = text.replace(words, "")

    def tap(match: re.Match) -> str:
        word = TAP[match.group(2) or ""]
        return word.capitalize() if match.group(1) == "C" else word

    return CLICK.sub(tap, text)


def your_move(text: str, name: str) -> str:
    """A board's prompt to the seat `name` as said to the one person at a table with the
    computer: "Black to move: ..." becomes "Black, your move: ...".

    >>> your_move("Check! White to move: click a piece.", "White")
    'Check! White, your move: click a piece.'
    >>> your_move("First player: choose the komi.", "First player")
    'First player, your move: choose the komi.'
    >>> your_move("Black (Player 1) to move: click a square.", "Black")
    'Black, your move: click a square.'
    """
    if f"{name} to move" in text:
        return text.replace(f"{name} to move", f"{name}, your move", 1)
    seat = re.match(rf"{re.escape(name)} \(Player \d+\) to move", text)  # Wythe's colours
    if seat is not None:
        return f"{name}, your move" + text[seat.end() :]
    if text.startswith(f"{name}:"):
        return f"{name}, your move:" + text[len(name) + 1 :]
    return text
