"""Gwyddbwyll's rules on a bare board: the one home of each rule, for play and playouts.

rules.py (the game: states, notation, reasons, the view) and the
computer's fast playouts (knowledge.py) both work through these
functions: move tables, `attacked`, `pseudo_moves` (each piece's own rule), `safe_after`
(king safety: the only test of it), `legal_moves_on`, `apply_on` and `count_pieces`.

A board is a sequence of 64 piece codes, index row * 8 + col (a1 = 0, h8 = 63); a piece
code is kind | (colour << 3), 0 an empty square.  A move is a `Step(frm, to)`.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress
from typing import NamedTuple

SIZE = 8
MAX_PLIES = 2500
WHITE, BLACK = 0, 1

# Piece codes: kind | (colour << 3); 0 is an empty square.
EMPTY = 0
PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, JUMPER = 1, 2, 3, 4, 5, 6, 7
# JUMPER is a queen just made by promotion that still has its one-time jump.

START_ROW = (2, 5)  # rank 3 for White's pawns, rank 6 for Black's
PROMOTION_ROW = (7, 0)  # rank 8 for White, rank 1 for Black
FORWARD = (1, -1)  # row direction of each colour's pawns


class Step(NamedTuple):
    """A move: the piece on `frm` goes to `to` (square indices), written e3e4."""

    frm: int
    to: int


def colour_of(piece: int) -> int:
    return piece >> 3


def piece(colour: int, kind: int) -> int:
    return kind | (colour << 3)


# --------------------------------------------------------------------------- move tables


def _square(col: int, row: int) -> int:
    return row * SIZE + col if 0 <= col < SIZE and 0 <= row < SIZE else -1


def _targets(steps) -> tuple[tuple[int, ...], ...]:
    """For each square, the squares one of `steps` (dcol, drow) away, on the board."""
    table = []
    for sq in range(SIZE * SIZE):
        col, row = sq % SIZE, sq // SIZE
        table.append(tuple(t for dc, dr in steps if (t := _square(col + dc, row + dr)) >= 0))
    return tuple(table)


ORTHOGONAL = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAGONAL = ((1, 1), (1, -1), (-1, 1), (-1, -1))
KNIGHT_STEPS = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
BISHOP_STEPS = ((2, 2), (2, -2), (-2, 2), (-2, -2))

KNIGHT_TO = _targets(KNIGHT_STEPS)
BISHOP_TO = _targets(BISHOP_STEPS)  # also the promoted queen's jump
KING_TO = _targets(ORTHOGONAL + DIAGONAL)
QUEEN_TO = _targets(DIAGONAL)


def _rays(sq: int) -> tuple[tuple[int, ...], ...]:
    """The four orthogonal lines leaving `sq`, nearest square first (empty lines left out)."""
    col, row = sq % SIZE, sq // SIZE
    rays = []
    for dc, dr in ORTHOGONAL:
        ray, c, r = [], col + dc, row + dr
        while 0 <= c < SIZE and 0 <= r < SIZE:
            ray.append(r * SIZE + c)
            c, r = c + dc, r + dr
        if ray:
            rays.append(tuple(ray))
    return tuple(rays)


ROOK_RAYS = tuple(_rays(sq) for sq in range(SIZE * SIZE))

# PAWN_AHEAD[colour][sq]: the square in front (-1 off the board);
# PAWN_TAKES[colour][sq]: the squares diagonally in front.
PAWN_AHEAD = tuple(
    tuple(_square(sq % SIZE, sq // SIZE + FORWARD[c]) for sq in range(64)) for c in (WHITE, BLACK)
)
PAWN_TAKES = tuple(_targets(((-1, FORWARD[c]), (1, FORWARD[c]))) for c in (WHITE, BLACK))

# Every move as one shared Step, and the leapers' moves per square as (to, move) pairs,
# so generation allocates nothing.
MOVE = tuple(tuple(Step(frm, to) for to in range(64)) for frm in range(64))

Leaps = tuple[tuple[tuple[int, Step], ...], ...]


def _with_moves(table: tuple[tuple[int, ...], ...]) -> Leaps:
    return tuple(tuple((to, MOVE[frm][to]) for to in targets) for frm, targets in enumerate(table))


_LEAPS = {
    KNIGHT: _with_moves(KNIGHT_TO),
    BISHOP: _with_moves(BISHOP_TO),
    KING: _with_moves(KING_TO),
    QUEEN: _with_moves(QUEEN_TO),
}
LEAPS = tuple(_LEAPS.get(kind, ()) for kind in range(8))  # by kind: a tuple is quicker
JUMPS = LEAPS[BISHOP]
ROOK_MOVES = tuple(
    tuple(tuple((to, MOVE[frm][to]) for to in ray) for ray in rays)
    for frm, rays in enumerate(ROOK_RAYS)
)
PAWN_STEP_MOVES = tuple(
    tuple(MOVE[sq][PAWN_AHEAD[c][sq]] if PAWN_AHEAD[c][sq] >= 0 else None for sq in range(64))
    for c in (WHITE, BLACK)
)
PAWN_TAKE_MOVES = tuple(_with_moves(PAWN_TAKES[c]) for c in (WHITE, BLACK))

# OWN_KIND[colour]: a bytes.translate table from piece code to its kind if the piece is
# `colour`'s, else 0, so that pseudo_moves finds its pieces in C, not square by square.
OWN_KIND = tuple(
    bytes(p & 7 if p and p >> 3 == c else 0 for p in range(256)) for c in (WHITE, BLACK)
)
SQUARES = range(SIZE * SIZE)


def _near(by: int) -> tuple[tuple[tuple[int, tuple[bool, ...]], ...], ...]:
    """For each square sq, the squares from which a piece of colour `by` other than a rook
    could land on sq, each with a tuple telling by piece code whether it could."""
    # (where a piece could stand to land on sq, its kinds); a pawn of `by` takes forward,
    # so it stands where a pawn of the other colour would take from sq.
    leapers = (
        (KNIGHT_TO, (KNIGHT,)),
        (BISHOP_TO, (BISHOP,)),
        (KING_TO, (KING,)),
        (QUEEN_TO, (QUEEN, JUMPER)),
        (PAWN_TAKES[1 - by], (PAWN,)),
    )
    table = []
    for sq in range(SIZE * SIZE):
        codes: dict[int, set[int]] = {}
        for targets, kinds in leapers:
            for s in targets[sq]:
                codes.setdefault(s, set()).update(kind | (by << 3) for kind in kinds)
        table.append(
            tuple((s, tuple(code in hit for code in range(16))) for s, hit in codes.items())
        )
    return tuple(table)


NEAR = (_near(WHITE), _near(BLACK))


# --------------------------------------------------------------------------- attack and moves


def attacked(board: Sequence[int], sq: int, by: int) -> bool:
    """Could a piece of colour `by` land on `sq`?  Looks outward from `sq`."""
    for s, could in NEAR[by][sq]:
        if could[board[s]]:
            return True
    rook = (by << 3) | ROOK
    for ray in ROOK_RAYS[sq]:
        for s in ray:
            p = board[s]
            if p:
                if p == rook:
                    return True
                break
    return False


def pseudo_moves(board: Sequence[int], colour: int, ep: int) -> list[Step]:  # noqa: C901, PLR0912
    """Every move of `colour` by the pieces' own rules, ignoring the safety of its king.

    One loop with a branch per kind of piece, kept whole for speed (hence the noqa for its
    complexity): it lists the moves of every position a playout passes through, and a call
    per piece would cost more than most pieces' moves."""
    moves: list[Step] = []
    add = moves.append
    mine = colour << 3
    start_row = START_ROW[colour]
    step_moves, take_moves = PAWN_STEP_MOVES[colour], PAWN_TAKE_MOVES[colour]
    ahead = PAWN_AHEAD[colour]
    kinds = bytes(board).translate(OWN_KIND[colour])  # by square: the kind if mine, else 0
    for frm in compress(SQUARES, kinds):
        kind = kinds[frm]
        if kind == PAWN:
            to = ahead[frm]
            if not board[to]:
                add(step_moves[frm])  # type: ignore[arg-type]  # a pawn is never on its last rank
                if frm >> 3 == start_row:
                    two = ahead[to]
                    if not board[two]:
                        add(MOVE[frm][two])
            for to, move in take_moves[frm]:
                q = board[to]
                if (q and (q & 8) != mine) or to == ep:
                    add(move)
        elif kind == ROOK:
            for ray in ROOK_MOVES[frm]:
                for to, move in ray:
                    q = board[to]
                    if not q:
                        add(move)
                    else:
                        if (q & 8) != mine:
                            add(move)
                        break
        elif kind == JUMPER:
            for to, move in LEAPS[QUEEN][frm]:
                q = board[to]
                if not q or (q & 8) != mine:
                    add(move)
            for to, move in JUMPS[frm]:
                if not board[to]:
                    add(move)
        else:
            for to, move in LEAPS[kind][frm]:
                q = board[to]
                if not q or (q & 8) != mine:
                    add(move)
    return moves


def pseudo_captures(board: Sequence[int], colour: int, ep: int) -> list[Step]:
    """The captures among `pseudo_moves(board, colour, ep)` (en passant too), for the
    quiescence search (search.py): the same rules, with the moves to empty
    squares left out as they are found, which makes it about 1.75 times as quick."""
    moves: list[Step] = []
    add = moves.append
    mine = colour << 3
    take_moves = PAWN_TAKE_MOVES[colour]
    kinds = bytes(board).translate(OWN_KIND[colour])
    for frm in compress(SQUARES, kinds):
        kind = kinds[frm]
        if kind == PAWN:
            for to, move in take_moves[frm]:
                q = board[to]
                if (q and (q & 8) != mine) or to == ep:
                    add(move)
        elif kind == ROOK:
            for ray in ROOK_MOVES[frm]:
                for to, move in ray:
                    q = board[to]
                    if q:
                        if (q & 8) != mine:
                            add(move)
                        break
        else:  # a leaper; the new queen's jump never captures
            for to, move in LEAPS[QUEEN if kind == JUMPER else kind][frm]:
                q = board[to]
                if q and (q & 8) != mine:
                    add(move)
    return moves


def en_passant_victim(frm: int, to: int) -> int:
    """The square of the pawn taken en passant by a pawn moving frm -> to."""
    return (frm & ~7) | (to & 7)


def is_en_passant(board: Sequence[int], frm: int, to: int, ep: int) -> bool:
    return to == ep and board[frm] & 7 == PAWN and (to - frm) & 7 != 0


def safe_after(board: list[int], frm: int, to: int, king: int, ep: int) -> bool:
    """King safety, the one test of it: does the pseudo-legal move frm -> to leave the
    mover's king (on `king` before the move) unattacked?  The move is made on the list
    `board` in place, tested and undone."""
    p, taken = board[frm], board[to]
    victim = -1
    if to == ep and p & 7 == PAWN and (to - frm) & 7:  # en passant: see is_en_passant
        victim = (frm & ~7) | (to & 7)
        taken = board[victim]
        board[victim] = EMPTY
    board[to], board[frm] = p, EMPTY
    safe = not attacked(board, to if p & 7 == KING else king, 1 - (p >> 3))
    board[frm] = p
    if victim >= 0:
        board[to], board[victim] = EMPTY, taken
    else:
        board[to] = taken
    return safe


def legal_moves_on(board: Sequence[int], colour: int, ep: int) -> list[Step]:
    """The legal moves of `colour`: its pseudo-legal moves (`moves_to_try`) with those that
    could expose its king tried out."""
    king = board.index(piece(colour, KING))
    moves, suspects = moves_to_try(board, colour, ep, king, attacked(board, king, 1 - colour))
    work = list(board)
    if suspects is None:
        return [m for m in moves if safe_after(work, m[0], m[1], king, ep)]
    return [
        m
        for m in moves
        if (m[0] not in suspects and m[1] != ep) or safe_after(work, m[0], m[1], king, ep)
    ]


def moves_to_try(
    board: Sequence[int], colour: int, ep: int, king: int, in_check: bool
) -> tuple[list[Step], set[int] | None]:
    """The pseudo-legal moves of `colour`, whose king stands on `king`, and the squares whose
    pieces' moves could expose it: a move from one of them, and every en passant, is legal
    only if `safe_after` says so; None if every move must be tried so (`in_check`).  Only
    moves that could expose the king need trying out: king moves, en passant and moves of
    pinned pieces, and every move when in check.  Rooks are the only sliders, so only they
    pin, along ranks and files.  A search that may stop after a node's first moves tries out
    only those it reaches (search.py)."""
    moves = pseudo_moves(board, colour, ep)
    if in_check:
        return moves, None
    suspects = _pinned(board, king, colour)
    suspects.add(king)
    return moves, suspects


def _pinned(board: Sequence[int], king: int, colour: int) -> set[int]:
    """Squares of `colour`'s pieces that stand alone between its king and an enemy rook."""
    enemy_rook = piece(1 - colour, ROOK)
    mine = colour << 3
    pinned = set()
    for ray in ROOK_RAYS[king]:
        shield = -1
        for s in ray:
            p = board[s]
            if not p:
                continue
            if shield < 0 and (p & 8) == mine:
                shield = s
                continue
            if shield >= 0 and p == enemy_rook:
                pinned.add(shield)
            break
    return pinned


def apply_on(board: list[int], frm: int, to: int, ep: int) -> int:
    """Make the move frm -> to on the list `board` in place; return the new en passant
    square."""
    p = board[frm]
    kind = p & 7
    new_ep = -1
    if kind == PAWN:
        if to == ep and (to - frm) & 7:
            board[en_passant_victim(frm, to)] = EMPTY
        elif to - frm in (16, -16):
            new_ep = (frm + to) >> 1
        if to >> 3 == PROMOTION_ROW[p >> 3]:
            p = (p & 8) | JUMPER
    elif kind == JUMPER:
        p = (p & 8) | QUEEN
    board[to], board[frm] = p, EMPTY
    return new_ep


def count_pieces(board: Sequence[int], colour: int) -> int:
    return SIZE * SIZE - bytes(board).translate(OWN_KIND[colour]).count(0)
