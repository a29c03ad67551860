"""The taps and clicks a player made on the first screen's board before Python was ready:
index.html keeps them (window.firstTaps: the game shown and the data-* of each square or
choice touched, in order), and the page plays them through the board's own input once the
game is open, so a move made early counts, or is refused with the game's reason as any
move is.  Taps on another game than the one the page opened are dropped, and said so.

The same for a friend's invitation: index.html offers its Play <seat> and Just look at once,
and keeps the one pressed (window.firstAnswer); the page carries it out as the button of its
own invitation once that is on screen, or says it could not (the link turned out not to be an
invitation here)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyscript import window

from web.browser.dom import found
from web.logic.table import Table

DROPPED = "Your move made while the page was loading was not played: another game opened."
ANSWER_DROPPED = (
    "Your choice made while the page was loading was not carried out: this link does not "
    "invite you here."
)


def kept_taps() -> tuple[str, list[dict[str, str]]]:
    """(the game the first screen showed, the data of each tap on it), taken: a second call
    finds none."""
    kept: Any = getattr(window, "firstTaps", None)
    window.firstTaps = None
    if not found(kept):
        return "", []
    data = kept.to_py()
    return str(data.get("game", "")), [
        {str(k): str(v) for k, v in tap.items()} for tap in data.get("taps", [])
    ]


def play_first_taps(table: Table, made: Callable[[Any], None]) -> str:
    """Play the kept taps on the game `table` shows, each as a click (`made` takes what
    the table's `hit` makes of it); what the page says ('' for nothing)."""
    game, taps = kept_taps()
    if not taps:
        return ""
    if game != table.game.id or table.session.moves:
        return DROPPED
    for tap in taps:
        if not table.human_turn():
            break
        made(table.hit(tap))
    return ""


def kept_answer() -> str:
    """The data-action of the invitation's button pressed before Python was ready ('' for
    none), taken: a second call finds none."""
    kept: Any = getattr(window, "firstAnswer", None)
    window.firstAnswer = None
    if not found(kept):
        return ""
    return str(kept.to_py().get("action", ""))


def answer_first(answer: Callable[[str], bool]) -> str:
    """Carry out the invitation's answer kept while loading (`answer` takes its data-action
    and says whether the page's own invitation offered it); what the page says ('' for
    nothing)."""
    action = kept_answer()
    if not action or answer(action):
        return ""
    return ANSWER_DROPPED
