"""The options of `Game.new`: how each is described (`Option`, for forms, records and
validation) and how a value given for a number or a choice is checked.

A game lists its options in `Game.options_spec`; `Game.normalise_options` fills in the
defaults and checks each value here, or in the game's `check_custom_option` for an option
of its own kind.  A refused value raises BadOption naming the option, with a code:
"not-a-number", "out-of-range" or "not-a-choice" (and "unknown-option" for a name the game
does not have).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .errors import BadOption
from .user_text import ascii_int, shown_value


@dataclass(frozen=True)
class Option:
    """One option of `Game.new`, described for forms, records and validation.

    kind is "int" (lo..hi), "choice" (one of choices) or "custom" (the game
    parses and formats it itself).  default may be a callable taking the
    options chosen so far, for defaults that depend on another option.
    """

    name: str
    label: str
    kind: str
    default: Any
    lo: int | None = None
    hi: int | None = None
    choices: tuple = ()
    help: str = ""

    def default_for(self, chosen: dict) -> Any:
        return self.default(chosen) if callable(self.default) else self.default

    def checked(self, value: Any) -> Any:
        """The value of an "int" option (its ASCII digits read as the number) or a "choice"
        option, once checked; BadOption otherwise."""
        if self.kind == "int":
            return self._checked_int(value)
        if value not in self.choices:
            allowed = ", ".join(map(str, self.choices))
            raise BadOption(
                f"option {self.name} must be one of {allowed}, not {shown_value(value)}",
                self.name,
                code="not-a-choice",
            )
        return value

    def _checked_int(self, value: Any) -> int:
        if isinstance(value, str) and (number := ascii_int(value)) is not None:
            value = number
        if isinstance(value, bool) or not isinstance(value, int):
            raise BadOption(
                f"option {self.name} must be a whole number, not {shown_value(value)}",
                self.name,
                code="not-a-number",
            )
        if not self.lo <= value <= self.hi:
            raise BadOption(
                f"option {self.name} must be from {self.lo} to {self.hi}, "
                f"not {shown_value(value)}",
                self.name,
                code="out-of-range",
            )
        return value

    def read(self, text: str) -> Any:
        """The value a record writes as `text` (a number for an "int" option, else the
        text); `checked` then validates it."""
        if self.kind != "int":
            return text
        number = ascii_int(text)
        if number is None:
            raise BadOption(
                f"option {self.name} must be a whole number, not {shown_value(text)}",
                self.name,
                code="not-a-number",
            )
        return number


def unknown_option(game_name: str, name: Any, known: list[str] | None = None) -> BadOption:
    """The error for an option `game_name` does not have (listing its options when given)."""
    listed = "" if known is None else f" (options: {', '.join(known) or 'none'})"
    return BadOption(
        f"{game_name} has no option {shown_value(name)}{listed}", code="unknown-option"
    )
