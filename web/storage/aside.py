"""Stored values the page could not read, kept apart so they are never read again and never
lost unsaid: each one in its own key ("abstract-games/unreadable", then ".../2", ".../3" …),
so two set aside at once never overwrite each other.  Bounded: at most MAX_VALUES values of
at most MAX_EACH characters, MAX_TOTAL in all; a value beyond that is dropped (the caller
says so).  Pure Python over a storage object (getItem, setItem), tested in CPython.
"""

from __future__ import annotations

KEY = "abstract-games/unreadable"
MAX_VALUES = 8
MAX_EACH = 200_000
MAX_TOTAL = 400_000


def all_keys() -> list[str]:
    """Every key a value may be kept under, first to last."""
    return [KEY] + [f"{KEY}/{n}" for n in range(2, MAX_VALUES + 1)]


def keep(storage, text: str) -> tuple[str | None, str]:
    """(the key `text` is kept under, or None and why it could not be: 'too large' or
    'no room')."""
    if len(text) > MAX_EACH:
        return None, "too large"
    try:
        kept = {key: storage.getItem(key) for key in all_keys()}
        for key, value in kept.items():
            if value == text:
                return key, ""  # kept already
        total = sum(len(v) for v in kept.values() if isinstance(v, str))
        free = next((key for key, value in kept.items() if not isinstance(value, str)), None)
        if free is None or total + len(text) > MAX_TOTAL:
            return None, "no room"
        storage.setItem(free, text)
    except Exception:  # storage full or blocked
        return None, "no room"
    return free, ""


def note(key: str | None, why: str, many: bool = False) -> str:
    """The sentence that says where a value set aside is (`many`: several items of a list,
    kept together), or why it was dropped."""
    it, was, it_is = ("they", "were", "They are") if many else ("it", "was", "It is")
    if key is not None:
        return f" {it_is} kept apart in this browser's storage as “{key}”."
    if why == "too large":
        return f" {it_is.split()[0]} {was} too large to keep, so {it} {was} dropped."
    return f" There was no room left to keep {it} apart, so {it} {was} dropped."
