"""Stand-ins for the browser's storage and history, in CPython: the objects web/storage and
web/logic/tab.py are given in the browser, with the same behaviour (including storage that is
full or blocked)."""

from __future__ import annotations

from web.storage import recent


class Storage:
    """localStorage or sessionStorage: strings by key, getItem giving None for a missing key.
    `full`: setItem refuses (the quota); `blocked`: every use throws."""

    def __init__(self):
        self.items: dict[str, str] = {}
        self.full = self.blocked = False
        self.writes = 0

    def check(self):
        if self.blocked:
            raise RuntimeError("SecurityError: The operation is insecure.")

    def getItem(self, key):  # noqa: N802 (the browser's name)
        self.check()
        return self.items.get(key)

    def setItem(self, key, value):  # noqa: N802
        self.check()
        if self.full:
            raise RuntimeError("QuotaExceededError: The quota has been exceeded.")
        self.items[key] = value
        self.writes += 1

    def removeItem(self, key):  # noqa: N802
        self.check()
        self.items.pop(key, None)

    @property
    def length(self):
        self.check()
        return len(self.items)

    def key(self, index):
        self.check()
        return list(self.items)[index]


class History:
    """A tab's history (web/logic/tab.py's History): its entries of (state, address) and
    the one shown; an address typed in replaces the shown entry's address."""

    def __init__(self, kinds, address: str = ""):
        self.kinds = tuple(kinds)
        self.entries: list[tuple[str | None, str]] = [(None, address)]
        self.index = 0

    def address(self) -> str:
        return self.entries[self.index][1]

    def entry(self):
        state = self.entries[self.index][0]
        return recent.read_state(state, self.kinds) if isinstance(state, str) else None

    def write(self, state: str, address: str, push: bool) -> None:
        if push:
            del self.entries[self.index + 1 :]
            self.entries.append((state, address))
            self.index += 1
        else:
            self.entries[self.index] = (state, address)

    def type_in(self, address: str) -> None:
        """An address typed into the address bar (or a link opened in this tab): a new
        entry with no state, as a hashchange makes."""
        del self.entries[self.index + 1 :]
        self.entries.append((None, address))
        self.index += 1
