"""The Analyse panel's judging loop (web/logic/analysis_loop.py) in CPython: toggling Analyse
while a request is in the worker never piles up loops or requests, a closed panel asks
nothing more, and the computer's turn comes first."""

from __future__ import annotations

import asyncio

from web.logic.analysis_loop import FIRST_SLICE, SLICE, AnalysisLoop


class Worker:
    """A worker that answers each request when the test says so, counting requests."""

    def __init__(self):
        self.asked: list[tuple[str, float]] = []
        self.waiting: list[asyncio.Future] = []
        self.most_at_once = 0

    async def judge(self, fragment, seconds, seed):
        self.asked.append((fragment, seconds))
        future = asyncio.get_running_loop().create_future()
        self.waiting.append(future)
        self.most_at_once = max(self.most_at_once, len(self.waiting))
        try:
            return await future
        finally:
            self.waiting.remove(future)

    def answer(self, reply="r"):
        self.waiting[0].set_result(reply)


async def settle():
    for _ in range(20):
        await asyncio.sleep(0)


def test_toggling_fifteen_times_leaves_one_loop_and_never_two_requests():
    async def scenario():
        worker, shown = Worker(), []
        loop = AnalysisLoop(worker.judge, lambda r: shown.append(r) is not None, print)
        runs = []
        for _ in range(15):  # open, then close while its request is in the worker
            runs.append(asyncio.ensure_future(loop.run("pos")))
            await settle()
            loop.stop()
        runs.append(asyncio.ensure_future(loop.run("pos")))  # open once more
        await settle()
        assert len(worker.asked) == 1 and len(worker.waiting) == 1
        worker.answer("old")  # the first loop's reply: dropped, and that loop ends
        await asyncio.sleep(0.15)
        assert shown == [] and len(worker.asked) == 2  # the last loop asks, once
        worker.answer("new")
        await asyncio.sleep(0.05)
        assert shown == ["new"] and worker.asked[1:] == [("pos", FIRST_SLICE), ("pos", SLICE)]
        loop.stop()
        worker.answer("late")
        await asyncio.sleep(0.15)
        assert shown == ["new"] and len(worker.asked) == 3 and worker.most_at_once == 1
        assert all(run.done() for run in runs)

    asyncio.run(scenario())


def test_the_loop_waits_while_the_computer_thinks():
    async def scenario():
        worker, thinking = Worker(), [True]
        loop = AnalysisLoop(worker.judge, lambda r: True, print, busy=lambda: thinking[0])
        run = asyncio.ensure_future(loop.run("pos"))
        await asyncio.sleep(0.25)
        assert worker.asked == []  # the computer's turn has the worker
        thinking[0] = False
        await asyncio.sleep(0.15)
        assert worker.asked == [("pos", FIRST_SLICE)]
        worker.answer()
        await asyncio.sleep(0)
        await run  # done: show said so

    asyncio.run(scenario())


def test_a_failed_request_is_said_only_by_the_loop_that_counts():
    async def scenario():
        failed = []

        async def judge(fragment, seconds, seed):
            raise RuntimeError("worker gone")

        loop = AnalysisLoop(judge, lambda r: False, failed.append)
        await loop.run("pos")
        assert [str(e) for e in failed] == ["worker gone"]

    asyncio.run(scenario())
