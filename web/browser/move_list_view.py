"""The move list on the page (browser only): writes what web/logic/move_list.py decides, marks
the move shown and keeps it in view.

A long list comes in parts (`Update.later`): the first is written at once, the others one a
turn of the browser, so opening a 2,500-ply game never blocks the page to write its list.  A
change that comes before the last part is written writes the rest first (a step or a move
added at the end needs the whole list); a list written anew drops them.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

from web.browser.dom import by_id, found, run_soon
from web.logic.move_list import Update


class MoveListView:
    """The list's element, and the parts of a long list still to write."""

    def __init__(self) -> None:
        self.later: Iterator[str] | None = None
        self.current: int | None = None

    def write(self, update: Update) -> None:
        """The list's markup when it changed, then the current move marked (the one marked
        before unmarked), and kept in view."""
        moves = by_id("moves")
        moves.classList.toggle("pairs", update.pairs)  # numbered by full moves
        if update.markup is not None:
            self.later = None
            moves.innerHTML = update.markup
        else:
            self.write_rest()
            if update.append is not None:
                end(moves).insertAdjacentHTML("beforeend", update.append)
            for old in moves.querySelectorAll("[aria-current='true']"):
                old.removeAttribute("aria-current")
        self.current = update.current
        if update.later is not None:
            self.later = update.later
            run_soon(self.write_later(update.later))
        self.mark()

    def write_rest(self) -> None:
        """Every part still to write, now."""
        later, self.later = self.later, None
        if later is not None:
            by_id("moves").insertAdjacentHTML("beforeend", "".join(later))

    async def write_later(self, parts: Iterator[str]) -> None:
        """The parts of a long list, one a turn, until the list is written anew."""
        while True:
            await asyncio.sleep(0)  # the browser's turn: paint, input, other tasks
            if self.later is not parts:
                return
            part = next(parts, None)
            if part is None:
                self.later = None
                return
            by_id("moves").insertAdjacentHTML("beforeend", part)
            self.mark()

    def mark(self) -> None:
        """Mark the current move when its part is written, and keep it in view."""
        if self.current is None:
            keep_current_move_in_view()
            return
        button = by_id("moves").querySelector(f"[data-row='{self.current}']")
        if found(button) and not button.hasAttribute("aria-current"):
            button.setAttribute("aria-current", "true")
            keep_current_move_in_view()


def end(moves: Any) -> Any:
    """Where moves added at the list's end go: its last part, when it is in parts."""
    last = moves.querySelector(":scope > li.part:last-child > ol")
    return last if found(last) else moves


def keep_current_move_in_view() -> None:
    """Scroll the move list (only the list: the page stays put) so its current move shows
    (also when a phone opens it: hidden, it has no size to scroll)."""
    moves = by_id("moves")
    first = moves.querySelector(":scope > li.part")
    if found(first) and first.offsetHeight > 0:  # parts out of view stand in at its height
        moves.style.setProperty("--part-height", f"{first.offsetHeight}px")
    current = moves.querySelector("[aria-current='true']")
    if not found(current):
        moves.scrollTop = 0
        return
    box, item = moves.getBoundingClientRect(), current.getBoundingClientRect()
    if item.bottom > box.bottom:
        moves.scrollTop += item.bottom - box.bottom + 4
    elif item.top < box.top:
        moves.scrollTop -= box.top - item.top + 4
