"""A game's moves as one short word, for links a messenger will not cut.

Written out (`d4e4.c5c6.e5f5`), a move costs four to six characters of a link, and a long
Gwyddbwyll game runs to thousands of plies.  Here each move is instead its place among the
legal moves of its position, sorted by their notation, and the whole game is one number in
mixed radix (the first move is the lowest digit, each position's count of legal moves its
base), written in base 64 (URL-safe) after the number of plies:

    17~Hq3f0Xa            17 plies; the number Hq3f0Xa, read by replaying the game

So a move costs log2(its position's legal moves) bits: about 5 in Gwyddbwyll, 8 in Wythe.
Reading replays the game, so a word that does not describe a game of these rules (a digit past
a position's moves, a number left over at the end) is refused, never misread.  Sorting by
notation, not by the engine's internal order, keeps old links readable as long as the
notation stays what links are anyway.

On an empty 4×4 Rug Pile board Red has 25 moves, in the order of their names nine 2x2
(2x2a1 … 2x2c3), six 2x3, six 3x2 and four 3x3 (3x3a1, 3x3a2, 3x3b1, 3x3b2); 3x3a2 is the
23rd, number 22, which is the one byte 0x16, "Fg" in base 64:

    >>> from engine import games
    >>> rugpile = games.get("rugpile")
    >>> start = rugpile.new(size=4)
    >>> pack(rugpile, start, ["3x3a2"])
    '1~Fg'
    >>> unpack(rugpile, start, "1~Fg")
    ['3x3a2']
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Sequence
from typing import Any

from ..contract.core import Game
from ..contract.errors import EngineError

_WORD = re.compile(r"^([0-9]{1,6})~([A-Za-z0-9_-]*)$")
MAX_PLIES = 100_000  # more than any game here can last


class CompactError(EngineError):
    """A compact word that is not a game of these rules; the message says why."""


def _ranked(game: Game, state: Any) -> list[tuple[str, Any]]:
    """The legal moves of `state` with their notation, in the order of the notation."""
    return sorted((game.notation(state, move), move) for move in game.legal_moves(state))


def pack(game: Game, state: Any, moves: Sequence[str]) -> str:
    """The moves (in notation, legal from `state`) as one compact word."""
    number, base = 0, 1
    for text in moves:
        ranked = _ranked(game, state)
        move = game.parse(state, text)
        notation = game.notation(state, move)
        index = next(i for i, (name, _) in enumerate(ranked) if name == notation)
        number += index * base
        base *= len(ranked)
        state = game.play(state, ranked[index][1])
    digits = number.to_bytes((number.bit_length() + 7) // 8, "big") if number else b""
    return f"{len(moves)}~{base64.urlsafe_b64encode(digits).decode().rstrip('=')}"


def unpack(game: Game, state: Any, word: str) -> list[str]:
    """The moves (in notation) a compact word makes from `state`; CompactError says why a
    word does not describe a game."""
    found = _WORD.match(word) if isinstance(word, str) else None
    if found is None:
        raise CompactError("the compact moves should be <plies>~<letters>")
    plies = int(found.group(1))
    letters = found.group(2)
    try:
        digits = base64.urlsafe_b64decode(letters + "=" * (-len(letters) % 4))
    except (binascii.Error, ValueError):
        raise CompactError("the compact moves are not base 64") from None
    number = int.from_bytes(digits, "big")
    moves = []
    for ply in range(plies):
        if game.result(state) is not None:
            raise CompactError(f"the game is over after {ply} of its {plies} plies")
        ranked = _ranked(game, state)
        number, index = divmod(number, len(ranked))
        name, move = ranked[index]
        moves.append(name)
        state = game.play(state, move)
    if number:
        raise CompactError("the compact moves hold more than their plies")
    return moves
