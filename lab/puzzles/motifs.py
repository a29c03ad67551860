"""Motif tags a puzzle's line shows, per game: each rules page's own themes
(web/rules/<game>.html), read off the positions before and after each of the solver's moves.

- Petrify: `capture` (a capture move, which leaves a block), `wall` (its block splits a patch
  in two or more: the board gains a patch).
- Stigmergy: `flip` (an enemy stone flipped), `button` (the button taken).
- Rug Pile: `cover` (a rug laid over the opponent's squares), `block` (after it the opponent
  has at most half the placements they had, or none).
- Wythe: `stack` (a piece laid on two stacks), `freeze` (it half-covers a piece, whose other
  half is frozen).
- Gwyddbwyll: `capture`, `bishop jump`, `queen jump` (a new queen's one-time jump),
  `promotion`; and how it ends: `mate`, `stalemate`, `bare king`.
Every game: `win` when the line ends the game won.
"""

from __future__ import annotations

from typing import Any

from engine.contract.core import Game, State
from engine.games.gwyddbwyll.rules import BARE_KING, CHECKMATE, STALEMATE

from . import boards

_GW_BISHOP, _GW_JUMPER, _GW_PAWN = 3, 7, 1  # Gwyddbwyll's piece codes (low three bits)


def motifs(game: Game, moves: list[str], solution: list[str], goal: str) -> tuple[str, ...]:
    """The tags of a puzzle: the game's motifs its solver's moves show, and how it ends."""
    state = boards.new_game(game)
    for text in moves:
        state = game.apply(state, game.parse(state, text))
    tags: list[str] = []
    for index, text in enumerate(solution):
        move = game.parse(state, text)
        after = game.apply(state, move)
        if index % 2 == 0:
            for tag in _TAGGERS.get(game.id, _none)(game, state, move, text, after):
                if tag not in tags:
                    tags.append(tag)
        state = after
    result = game.result(state)
    if goal == "win":
        tags.append("win")
        if result is not None:
            ending = {
                CHECKMATE: "mate",
                STALEMATE: "stalemate",
                BARE_KING: "bare king",
            }.get(result.detail)
            if ending:
                tags.append(ending)
    return tuple(tags)


def _none(*_: Any) -> list[str]:
    return []


def _petrify(game: Game, state: State, move: Any, text: str, after: State) -> list[str]:
    if "x" not in text:
        return []
    split = len(game.view(after).patches) > len(game.view(state).patches)  # type: ignore[attr-defined]
    return ["capture", "wall"] if split else ["capture"]


def _stigmergy(game: Game, state: State, move: Any, text: str, after: State) -> list[str]:
    if text == "button":
        return ["button"]
    return ["flip"] if text.endswith("x") else []


def _rugpile(game: Game, state: State, move: Any, text: str, after: State) -> list[str]:
    seat = game.to_move(state)
    before_board, after_board = state.board, after.board  # type: ignore[attr-defined]
    tags = []
    if any(
        b not in (seat, -1) and a == seat for b, a in zip(before_board, after_board, strict=True)
    ):
        tags.append("cover")
    if game.result(after) is None:
        other = game.to_move(after)
        had = len(game.legal_moves(_turned(game, state, other)))
        has = len(game.legal_moves(after))
        if had and has <= had // 2:
            tags.append("block")
    else:
        tags.append("block")
    return tags


def _turned(game: Game, state: State, seat: int) -> State:
    """`state` with `seat` to move (Rug Pile: the placements `seat` had before the move)."""
    from dataclasses import replace

    return replace(state, turn=seat, _moves=None)  # type: ignore[type-var]


def _wythe(game: Game, state: State, move: Any, text: str, after: State) -> list[str]:
    if not hasattr(move, "black"):  # the swap or a pass
        return []
    tags = []
    if state.heights[move.black] > 0:  # type: ignore[attr-defined]
        tags.append("stack")
    if sum(after.covered) > sum(state.covered):  # type: ignore[attr-defined]
        tags.append("freeze")
    return tags


def _gwyddbwyll(game: Game, state: State, move: Any, text: str, after: State) -> list[str]:
    board = state.board  # type: ignore[attr-defined]
    piece = board[move.frm] & 7
    tags = []
    if board[move.to]:
        tags.append("capture")
    if piece == _GW_BISHOP:
        tags.append("bishop jump")
    rows, cols = abs(move.to // 8 - move.frm // 8), abs(move.to % 8 - move.frm % 8)
    if piece == _GW_JUMPER and rows == 2 and cols == 2:
        tags.append("queen jump")
    if piece == _GW_PAWN and after.board[move.to] & 7 != _GW_PAWN:  # type: ignore[attr-defined]
        tags.append("promotion")
    return tags


_TAGGERS = {
    "petrify": _petrify,
    "stigmergy": _stigmergy,
    "rugpile": _rugpile,
    "wythe": _wythe,
    "gwyddbwyll": _gwyddbwyll,
}
