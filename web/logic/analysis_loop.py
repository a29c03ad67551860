"""The Analyse panel's judging loop, without the browser: at most one loop at a time, asking
the worker to judge the position on screen in slices, each better estimate shown as it comes.

- Starting a loop ends the one before (even on the same position), and `stop` ends it: a
  reply that comes after is dropped and nothing more is asked.
- At most one request is in the worker at a time: a new loop waits for the old one's request.
- The computer's move always comes first: before each request the loop waits while `busy()`
  (the computer is thinking, the graph is drawn), so a turn waits at most one slice.

Pure Python, tested in CPython (tests/test_analysis_loop.py); web/browser/analysis_panel.py
gives it the worker and shows what it finds.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from typing import Any

# judge(fragment, seconds, seed) -> the worker's JSON analysis (web/ai_worker.judge)
Judge = Callable[[str, float, int], Awaitable[str]]

FIRST_SLICE = 0.25  # seconds: the first estimate comes quickly
SLICE = 0.5  # then it improves in slices this long
PAUSE = 0.1  # how often a waiting loop looks again


class AnalysisLoop:
    """The one judging loop.  `show(reply)` shows a reply and says whether the judging is
    done; `fail(err)` says the worker failed."""

    def __init__(
        self,
        judge: Judge,
        show: Callable[[str], bool],
        fail: Callable[[Exception], None],
        busy: Callable[[], bool] = lambda: False,
        wait: Callable[[float], Awaitable[Any]] = asyncio.sleep,
    ):
        self.judge, self.show, self.fail, self.busy, self.wait = judge, show, fail, busy, wait
        self.generation = 0  # the loop that counts; any other ends at its next look
        self.asking = False  # a request is in the worker

    def stop(self) -> None:
        """End the loop under way (its reply, if one is in the worker, is dropped)."""
        self.generation += 1

    async def run(self, fragment: str) -> None:
        """Judge `fragment` until done, stopped or replaced by another run."""
        self.generation += 1
        mine = self.generation
        seed, seconds = random.randrange(2**31), FIRST_SLICE
        while self.generation == mine:
            if self.asking or self.busy():
                await self.wait(PAUSE)
                continue
            self.asking = True
            try:
                reply = await self.judge(fragment, seconds, seed)
            except Exception as err:
                if self.generation == mine:
                    self.fail(err)
                return
            finally:
                self.asking = False
            if self.generation != mine or self.show(reply):
                return
            seconds = SLICE
