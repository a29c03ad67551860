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
