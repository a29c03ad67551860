"""The computer's turn at the table: when the computer is to think (a `Job`: the position,
its level and a seed), whether its worker's reply still counts when it comes, the status
line's progress while it thinks, and the whole turn (`think`): the worker asked in slices,
then its move played on the table.

Pure Python (no browser imports), tested in CPython (tests/test_controller.py).  The worker
is reached through an `Ask` function the page gives (web/browser/worker_client.py), which
calls the worker's `think` (web/worker/thinker.py).
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from html import escape
from typing import Any

from web.logic.seats import FRIEND, HUMAN
from web.logic.session import Session
from web.logic.table import Said, Table

SLICE_SECONDS = 0.15  # the worker thinks in slices this long, so progress can be shown
MIN_MOVE_SECONDS = 0.4  # a computer move never lands faster, so it can be followed

# ask(fragment, level, seconds, seed) -> the worker's JSON reply (web/worker/thinker.py)
Ask = Callable[[str, str, float, int], Awaitable[str]]


@dataclass(frozen=True)
class Job:
    """The computer's turn: think about the position `fragment` at `level`, in the game
    `session` (another game at the same position is another turn)."""

    fragment: str
    level: str
    seed: int
    session: Session = field(compare=False, repr=False)


class Computer:
    """The computer's turns at a table: the one under way, and whether a reply still counts."""

    def __init__(self, table: Table):
        self.table = table
        self.thinking: Job | None = None  # the computer's turn under way

    def start_turn(self) -> Job | None:
        """The computer's turn to start now, or None: a person is to move, the game is over,
        an earlier position is shown, the computer is paused, or it is thinking already."""
        table = self.table
        seat = table.seat_to_move()
        if (
            seat < 0
            or table.seats[seat] in (HUMAN, FRIEND)  # a friend's moves come by link
            or table.paused
            or not table.session.live
            or (self.thinking is not None and self.current(self.thinking))
        ):
            return None
        session = table.session
        self.thinking = Job(
            session.fragment(), table.seats[seat], random.randrange(2**31), session
        )
        return self.thinking

    def current(self, job: Job) -> bool:
        """The computer's work on `job` still counts: it is the turn under way, not paused,
        and the latest position of the game on the table is the one it was asked about (a
        game opened or ended off the board since is another position)."""
        session = self.table.session
        return (
            self.thinking is job
            and job.session is session
            and not self.table.paused
            and session.live
            and session.fragment() == job.fragment
        )

    def progress(self, reply: dict) -> str:
        """The status line while the computer thinks, with the worker's progress."""
        table = self.table
        seat = table.seat_to_move()
        return thinking_text(table.view.seat_names[seat], table.seats[seat], reply)

    async def think(
        self,
        job: Job,
        ask: Ask,
        show: Callable[[str], None],
        wait: Callable[[float], Awaitable[Any]] = asyncio.sleep,
        clock: Callable[[], float] = time.monotonic,
    ) -> Said:
        """The computer's turn: ask the worker in slices (showing its progress), then play
        its move if the position is still the one it was asked about; a reply for another
        position (changed, paused, gone back) is dropped.  If the worker fails, the message
        says so and the computer is paused (Resume tries again)."""
        best = None
        try:
            began = clock()
            while self.current(job):
                reply = json.loads(await ask(job.fragment, job.level, SLICE_SECONDS, job.seed))
                if not self.current(job):
                    break
                show(self.progress(reply))
                if reply["done"]:
                    best = reply["best"]
                    break
            rest = MIN_MOVE_SECONDS - (clock() - began)
            if best is not None and rest > 0:
                await wait(rest)
        except Exception as err:
            if self.thinking is job:
                self.thinking = None
                self.table.pause()
            return Said(message=f"The computer player failed: {escape(str(err))}", error=True)
        played = best is not None and self.current(job)
        if self.thinking is job:
            self.thinking = None
        return self.table.play_text(best) if played and best is not None else Said()


def thinking_text(name: str, level: str, reply: dict) -> str:
    """The status line while the computer thinks, with the worker's progress: the playouts of
    a Monte Carlo search, the depth an alpha-beta search has reached."""
    if reply.get("depth"):
        detail = f"{reply['elapsed']:.1f} s, depth {reply['depth']}"
    elif reply["playouts"]:
        detail = f"{reply['elapsed']:.1f} s, {reply['playouts']:,} playouts"
    else:
        detail = ""
    return f"{name} (computer, {level}) is thinking… {detail}".strip()
