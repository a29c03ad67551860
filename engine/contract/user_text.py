"""Text that players and callers give the engine: the numbers they write, read strictly, and
what they wrote quoted back safely in a message.

Messages quote input briefly and visibly: `shown` shortens text and writes invisible and
control characters as escapes; `shown_value` quotes any value without a repr that could be
huge.  Numbers are read as ASCII digits only (`ascii_int`), so '²' and '٣' are not numbers
here and int() is never asked for more digits than it converts.
"""

from __future__ import annotations

from typing import Any

MAX_DIGITS = 9  # the longest number a player can mean here: int() refuses over 4,300


def ascii_digits(text: str) -> bool:
    """True when `text` is 1 to MAX_DIGITS ASCII digits.  str.isdigit alone accepts '²',
    which int() refuses, and '٣', which int() reads but no notation here uses."""
    return 0 < len(text) <= MAX_DIGITS and text.isascii() and text.isdigit()


def ascii_int(text: Any) -> int | None:
    """The whole number `text` writes in ASCII digits (an optional sign, at most MAX_DIGITS
    digits, spaces around), else None.

    >>> ascii_int(" -12 "), ascii_int("²"), ascii_int("1" * 10)
    (-12, None, None)
    """
    if not isinstance(text, str):
        return None
    body = text.strip()
    return int(body) if ascii_digits(body[1:] if body[:1] in ("-", "+") else body) else None


def shown(text: str, limit: int = 40) -> str:
    """User text quoted back safely: shortened, invisible and control characters
    written as \\uXXXX (so 'rug\\u202epile' is not shown as a plausible 'rugpile')."""
    text = text if len(text) <= limit else text[:limit] + "…"
    return "".join(ch if ch.isprintable() else f"\\u{ord(ch):04x}" for ch in text)


def shown_value(value: Any, limit: int = 20) -> str:
    """Any value a caller passed, quoted back briefly: text in quotes, a short number as
    written, anything else by its type (never a repr that could be huge or too deep)."""
    if isinstance(value, str):
        return f"'{shown(value, limit)}'"
    if isinstance(value, bool) or (isinstance(value, int) and abs(value) < 10**MAX_DIGITS):
        return str(value)
    if isinstance(value, float):
        return shown(repr(value), limit)
    if isinstance(value, int):
        return "a number too large"
    return f"a {type(value).__name__}"
