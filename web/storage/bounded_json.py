"""JSON from storage, read only when it is small and shallow enough to read safely.

Anything on the same origin can write the page's storage, and a deeply nested value
(`"[" * 7000`) makes the browser's Python overflow its stack inside `json.loads`, so
the length and the nesting depth are checked first, by a scan that never recurses.
Pure Python, tested in CPython.
"""

from __future__ import annotations

import json
import re

MAX_DEPTH = 16
# A JSON string (skipped whole, so brackets inside strings do not count), or one bracket.
_TOKEN = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]', re.S)
# The same, with the commas and colons that separate an object's members and an array's items.
_PART = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{},:]', re.S)


def depth_exceeds(text: str, limit: int) -> bool:
    """True when brackets outside strings nest deeper than `limit`; an unclosed string's
    brackets count too (such text is not JSON anyway)."""
    depth = 0
    for match in _TOKEN.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth > limit:
                return True
        elif token in "]}":
            depth -= 1
    return False


def loads(text, max_chars: int, max_depth: int = MAX_DEPTH):
    """The value in `text`; ValueError with a reason a player can read when it is not
    text, too long, too deeply nested, or not JSON."""
    if not isinstance(text, str):
        raise ValueError("it is not text")
    if len(text) > max_chars:
        raise ValueError(f"it is too long ({len(text):,} characters)")
    if depth_exceeds(text, max_depth):
        raise ValueError(f"it is nested more than {max_depth} levels deep")
    try:
        return json.loads(text)
    except (ValueError, RecursionError):  # JSONDecodeError, or a number too long for int()
        raise ValueError("it is not valid JSON") from None


def split_array(text: str, key: str) -> tuple[str, list[str]] | None:
    """(the text with the array under `key` in its outermost object emptied, the text of each
    of that array's items), found by a scan that never recurses and never parses an item, so
    each item can be read on its own and one bad item costs only itself.  None when the
    outermost value is not an object holding such an array (the text is then read whole).
    An item's text is only cut out here: reading it may still fail."""
    depth, name, begin, start, cut = 0, None, -1, -1, None
    items: list[str] = []
    for match in _PART.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth == 2 and token == "[" and name == key and cut is None:
                begin = start = match.end()
        elif token in "]}":
            if depth == 2 and start >= 0 and cut is None:
                last = text[start : match.start()]
                if items or last.strip():
                    items.append(last)
                cut = (begin, match.start())
            depth -= 1
            if depth < 0:
                return None
        elif depth == 1 and token == ",":
            name = None
        elif depth == 2 and token == "," and start >= 0 and cut is None:
            items.append(text[start : match.start()])
            start = match.end()
        elif depth == 1 and token[0] == '"' and len(token) < 100:
            name = _string(token)
    if cut is None or depth != 0:
        return None
    return text[: cut[0]] + text[cut[1] :], [item.strip() for item in items]


def _string(token: str) -> str | None:
    try:
        return json.loads(token)
    except ValueError:
        return None
