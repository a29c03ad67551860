"""Small helpers shared by the page's modules (browser only): finding elements, announcing,
running a coroutine in the background, and a preference kept in the browser's storage.

The browser's objects come through Pyodide untyped: they are `Any` here, at the boundary,
and JavaScript's null (jsnull) is turned into None where a lookup may find nothing."""

import asyncio
import contextlib
from collections.abc import Coroutine
from typing import Any

from pyodide.ffi import jsnull, to_js
from pyscript import document, window


def by_id(name: str) -> Any:
    return document.getElementById(name)


def found(element: Any) -> bool:
    """A DOM lookup found something (JavaScript's null arrives as jsnull, not None)."""
    return element is not None and element is not jsnull


def closest(event: Any, selector: str) -> Any:
    """The nearest element at or above the event's target that matches `selector`, or None."""
    target = event.target
    if not found(target) or not hasattr(target, "closest"):
        return None
    element = target.closest(selector)
    return element if found(element) else None


def data_of(element: Any) -> dict[str, str] | None:
    """The data-* attributes of an element, without the prefix (None for no element)."""
    if not found(element):
        return None
    names = element.getAttributeNames()
    return {n[5:]: element.getAttribute(n) for n in names if n.startswith("data-")}


def asset_url(path: str) -> str:
    """The URL of one of the site's files, e.g. "web/rules/wythe.html": on the built site under
    its version's folder (index.html's data-assets, scripts/version_site.py), else beside
    the page."""
    folder = document.documentElement.getAttribute("data-assets")
    return (folder if found(folder) and folder else "./") + path


def into_view(element: Any, block: str = "nearest") -> None:
    """Scroll the page (and any box that scrolls round it) just enough to show `element`."""
    element.scrollIntoView(to_js({"block": block}, dict_converter=window.Object.fromEntries))


def show_board() -> None:
    """Bring the board into view after a tap elsewhere changed it (on a phone, the page may
    be scrolled down to the panels, or a sheet at the foot was tapped: the board is above)."""
    into_view(by_id("board"))


def announce(text: str) -> None:
    """Say something to screen readers (a polite live region); '' says nothing."""
    if text:
        by_id("announce").textContent = text


_RUNNING: set[asyncio.Future] = set()  # the event loop keeps only weak references to tasks


def run_soon(coroutine: Coroutine[Any, Any, Any]) -> None:
    """Run a coroutine in the background (a click's async work, the computer's turn), held
    until it ends so it cannot be collected half-way."""
    task = asyncio.ensure_future(coroutine)
    _RUNNING.add(task)
    task.add_done_callback(_RUNNING.discard)


def stored(key: str) -> str | None:
    """A value from localStorage; None when there is none or storage is blocked."""
    try:
        value = window.localStorage.getItem(key)
    except Exception:  # a browser that blocks storage throws a DOMException
        return None
    return value if isinstance(value, str) else None


def store(key: str, value: str) -> None:
    """Keep a value in localStorage; nothing when storage is full or blocked (the page goes
    on, the value not kept for next time)."""
    with contextlib.suppress(Exception):
        window.localStorage.setItem(key, value)
