"""The engine's errors and its verdicts on moves.

Every error the engine raises on purpose is an `EngineError` (a ValueError) whose message a
player can read; bad input of any kind gets one of these, never a stray TypeError.  The
errors about one thing a caller gave carry a short kebab-case `code` a program may act on:
`BadOption.code` and `BadNotation.code` say what is wrong with an option or a move's text,
and `IllegalMove.verdict` holds the `Verdict` on a well-formed move the rules refuse.
"""

from __future__ import annotations

from dataclasses import dataclass


class EngineError(ValueError):
    """Base of every error the engine raises on purpose; the message is for players."""


class UnknownGame(EngineError):
    """A game id that is not one of games.ids()."""


class BadOption(EngineError):
    """An option that the game does not have, or a value out of its range.

    option: the name of the option at fault (None when the trouble is no one option).
    code:   what is wrong, for a program: "unknown-option", "not-a-number", "out-of-range",
            "not-a-choice" (engine/contract/options.py), or a game's own (each game's
            docstring)."""

    def __init__(self, message: str, option: str | None = None, *, code: str):
        super().__init__(message)
        self.option = option
        self.code = code


class BadNotation(EngineError):
    """Text that is not a move in the game's notation at all.

    code: what is wrong, for a program: "not-text", "empty", "too-long" (Game.parse),
          "not-a-square", "off-board" (engine/contract/squares.py), "not-a-move" (not the game's
          notation), or a game's own (each game's docstring)."""

    def __init__(self, message: str, *, code: str):
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class Verdict:
    """Whether a move may be played here and, if not, why.

    code: "legal", or a short reason code a program may act on ("occupied", "off-board",
          "own-colour", "game-over", ...); each game documents its codes.
    text: the reason as a player reads it ("" when legal), e.g. "it would cover a square
          that already shows Red".
    """

    legal: bool
    code: str
    text: str = ""


LEGAL = Verdict(True, "legal")
GAME_OVER = Verdict(False, "game-over", "the game is over: no more moves can be made")


def refusal(code: str, text: str) -> Verdict:
    """The verdict on an illegal move: a reason code and the player's text."""
    return Verdict(False, code, text)


class IllegalMove(EngineError):
    """A well-formed move that the rules do not allow in this position.

    verdict: the engine's verdict on it (its reason code and text); the message may add the
             move as written."""

    def __init__(self, message: str, verdict: Verdict | None = None):
        super().__init__(message)
        self.verdict = verdict if verdict is not None else refusal("illegal", message)


class GameOver(IllegalMove):
    """A move was asked of a game that has already ended."""

    def __init__(self, message: str = GAME_OVER.text):
        super().__init__(message, GAME_OVER)
