"""The page's side of the computer's worker (browser only): the worker (web/ai_worker.py,
thinking with web/worker/thinker.py) is started on first need, and its exports are called
as the page's logic asks (web/logic/computer.py's `Ask`, the advice's `Judge` and `Grapher`).
"""

from __future__ import annotations

from typing import Any

from pyscript import document, workers

from web.browser.dom import asset_url, found


class WorkerClient:
    """The computer's worker (web/ai_worker.py), started on first need."""

    def __init__(self) -> None:
        self.worker: Any = None

    async def ask(self, fragment: str, level: str, seconds: float, seed: int) -> str:
        """The worker's `think`: the computer's move, a slice at a time (web/logic/computer.py)."""
        return await (await self.started()).think(fragment, level, seconds, seed)

    async def graph(self, fragment: str, start: int, count: int, seconds: float, seed: int) -> str:
        """The worker's `graph`: chances along a line (web/browser/graph_panel.py)."""
        return await (await self.started()).graph(fragment, start, count, seconds, seed)

    async def judge(self, fragment: str, seconds: float, seed: int) -> str:
        """The worker's `judge`: its analysis of a position (web/browser/ending_buttons.py)."""
        return await (await self.started()).judge(fragment, seconds, seed)

    async def started(self) -> Any:
        """The worker, started now if it was not."""
        if self.worker is None:
            if not found(document.querySelector("script[name='ai']")):
                tag = document.createElement("script")
                for name, value in (
                    ("type", "py"),
                    ("worker", ""),
                    ("name", "ai"),
                    ("src", asset_url("web/ai_worker.py")),
                    ("config", asset_url("pyscript.toml")),
                ):
                    tag.setAttribute(name, value)
                document.body.append(tag)
            self.worker = await workers["ai"]
            document.body.dataset.aiReady = "1"
        return self.worker
