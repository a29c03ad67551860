"""A panel that is written afresh as new figures come (the Analyse panel's estimates, the
graph's points) holds still while a pointer is pressed on it (browser only).

Writing a panel replaces its buttons.  A click whose press and release fell on two writings
reaches no button (the browser sends it to the panel itself), and a list re-ranked between
them could put another move under the finger.  So while a press lasts, and a moment after it
(a tap's click comes a little after its pointerup, as an event of its own), the newest
writing waits, and is done when the press is over.  The panel's element carries
`data-waiting` while one does (for tests to wait on).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from web.browser.dom import by_id, run_soon

LET_GO_SECONDS = 0.3  # how long the panel stays still after a press ends


class StillPanel:
    def __init__(self) -> None:
        self.presses = 0  # pointer presses on the panel so far
        self.held = False  # a press is on: writings wait
        self.waiting: Callable[[], None] | None = None  # the newest writing that waited
        self.element = ""  # the panel's id (bind)

    def bind(self, on: Callable[[str, str, Callable[[Any], Any]], None], element: str) -> None:
        """Bind the presses on the element `element` names: on(element id, event, handler)."""
        self.element = element
        on(element, "pointerdown", self.press)
        for event in ("pointerup", "pointercancel", "pointerleave"):  # released, or gone
            on(element, event, self.let_go)

    def write(self, writing: Callable[[], None]) -> None:
        """Write the panel now, or when the press on it is over."""
        if self.held:
            self.waiting = writing
            by_id(self.element).dataset.waiting = "1"
        else:
            writing()

    def drop(self) -> None:
        """What it shows is out of date (another position): no more holding, nothing waits."""
        self.held, self.waiting = False, None
        self.mark_done()

    def press(self, event: Any = None) -> None:
        self.presses += 1
        self.held = True

    def let_go(self, event: Any = None) -> None:
        if self.held:
            run_soon(self.released(self.presses))

    async def released(self, press: int) -> None:
        await asyncio.sleep(LET_GO_SECONDS)
        if press != self.presses or not self.held:
            return  # pressed again meanwhile (that press lets go in its turn), or dropped
        writing, self.held, self.waiting = self.waiting, False, None
        self.mark_done()
        if writing is not None:
            writing()

    def mark_done(self) -> None:
        if self.element:
            by_id(self.element).removeAttribute("data-waiting")
