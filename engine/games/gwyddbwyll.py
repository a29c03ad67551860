"""Gwyddbwyll (Ludii 3): a reconstruction of the medieval Welsh chess-like game.

Rules: shared/rules/gwyddbwyll.md.  Two players on an 8×8 board, White (seat 0,
at the bottom, moves first) and Black.  Rooks slide orthogonally, knights leap
as in chess, bishops jump exactly two squares diagonally over anything, kings
step one square, queens (the medieval fers) step one square diagonally, and
pawns step forward (two squares from their starting square, with en passant)
and capture diagonally forward.  A pawn reaching the far rank becomes a queen
that may, on its next move only, jump two squares diagonally to an empty
square.  No move may leave the mover's king attacked.  The player who moves
wins when the opponent then has no legal move (checkmate or stalemate) or has
only one piece left (a bare king); 2,500 plies without a result is a draw.

Two artefacts of the published reconstruction are corrected: each side's pawns
move toward the opponent, and d3/d6 hold only the queen.

A square is an index row * 8 + col (a1 = 0, h8 = 63).  A move is the pair
(from, to), written from-square then to-square: `e3e4`.  Promotion is forced,
so nothing is added.  `scores` counts each seat's pieces on the board; a
finished game's Result.scores is 1 for the winner and 0 for the loser (½ each
in a draw).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from ..core import BadNotation, Game, Result, int_tuple, parse_square, square_name

SIZE = 8
MAX_PLIES = 2500
WHITE, BLACK = 0, 1
SEAT_NAMES = ("White", "Black")

# Piece codes: kind | (colour << 3); 0 is an empty square.
EMPTY = 0
PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, JUMPER = 1, 2, 3, 4, 5, 6, 7
# JUMPER is a queen just made by promotion that still has its one-time jump.
BLACK_BIT = 8
KIND_NAMES = {PAWN: "pawn", KNIGHT: "knight", BISHOP: "bishop", ROOK: "rook",
              QUEEN: "queen", KING: "king", JUMPER: "queen"}
LETTERS = {PAWN: "p", KNIGHT: "n", BISHOP: "b", ROOK: "r", QUEEN: "q", KING: "k", JUMPER: "j"}
KIND_OF_LETTER = {letter: kind for kind, letter in LETTERS.items()}

START_ROW = (2, 5)          # rank 3 for White's pawns, rank 6 for Black's
PROMOTION_ROW = (7, 0)      # rank 8 for White, rank 1 for Black
FORWARD = (1, -1)           # row direction of each colour's pawns

_MOVE = re.compile(r"^([a-h][1-8])[-x]?([a-h][1-8])[+#]?$")


def colour_of(piece: int) -> int:
    return piece >> 3


def kind_of(piece: int) -> int:
    return piece & 7


def piece(colour: int, kind: int) -> int:
    return kind | (colour << 3)


def name(sq: int) -> str:
    return square_name(sq % SIZE, sq // SIZE)


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
BISHOP_TO = _targets(BISHOP_STEPS)      # also the promoted queen's jump
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
PAWN_AHEAD = tuple(tuple(_square(sq % SIZE, sq // SIZE + FORWARD[c]) for sq in range(64))
                   for c in (WHITE, BLACK))
PAWN_TAKES = tuple(_targets(((-1, FORWARD[c]), (1, FORWARD[c]))) for c in (WHITE, BLACK))

# Every move (from, to) as one shared tuple, and the leapers' moves per square
# as (to, move) pairs, so generation allocates nothing.
MOVE = tuple(tuple((frm, to) for to in range(64)) for frm in range(64))


def _with_moves(table):
    return tuple(tuple((to, MOVE[frm][to]) for to in targets) for frm, targets in enumerate(table))


LEAPS = {KNIGHT: _with_moves(KNIGHT_TO), BISHOP: _with_moves(BISHOP_TO),
         KING: _with_moves(KING_TO), QUEEN: _with_moves(QUEEN_TO)}
JUMPS = LEAPS[BISHOP]
ROOK_MOVES = tuple(tuple(tuple((to, MOVE[frm][to]) for to in ray) for ray in rays)
                   for frm, rays in enumerate(ROOK_RAYS))
PAWN_STEP_MOVES = tuple(tuple(MOVE[sq][PAWN_AHEAD[c][sq]] if PAWN_AHEAD[c][sq] >= 0 else None
                              for sq in range(64)) for c in (WHITE, BLACK))
PAWN_TAKE_MOVES = tuple(_with_moves(PAWN_TAKES[c]) for c in (WHITE, BLACK))


# --------------------------------------------------------------------------- rules on a board

def attacked(board, sq: int, by: int) -> bool:
    """Could a piece of colour `by` land on `sq`?  Looks outward from `sq`."""
    base = by << 3
    knight = base | KNIGHT
    for s in KNIGHT_TO[sq]:
        if board[s] == knight:
            return True
    bishop = base | BISHOP
    for s in BISHOP_TO[sq]:
        if board[s] == bishop:
            return True
    king = base | KING
    for s in KING_TO[sq]:
        if board[s] == king:
            return True
    queen, jumper = base | QUEEN, base | JUMPER
    for s in QUEEN_TO[sq]:
        p = board[s]
        if p == queen or p == jumper:
            return True
    pawn = base | PAWN
    for s in PAWN_TAKES[1 - by][sq]:     # where a pawn of `by` would stand to take sq
        if board[s] == pawn:
            return True
    rook = base | ROOK
    for ray in ROOK_RAYS[sq]:
        for s in ray:
            p = board[s]
            if p:
                if p == rook:
                    return True
                break
    return False


def pseudo_moves(board, colour: int, ep: int) -> list:
    """Every move of `colour` by the pieces' own rules, ignoring the safety of its king."""
    moves = []
    add = moves.append
    mine = colour << 3
    start_row = START_ROW[colour]
    step_moves, take_moves = PAWN_STEP_MOVES[colour], PAWN_TAKE_MOVES[colour]
    ahead = PAWN_AHEAD[colour]
    for frm in range(64):
        p = board[frm]
        if not p or (p & 8) != mine:
            continue
        kind = p & 7
        if kind == PAWN:
            to = ahead[frm]
            if not board[to]:
                add(step_moves[frm])
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


def en_passant_victim(frm: int, to: int) -> int:
    """The square of the pawn taken en passant by a pawn moving frm -> to."""
    return (frm & ~7) | (to & 7)


def is_en_passant(board, frm: int, to: int, ep: int) -> bool:
    return to == ep and board[frm] & 7 == PAWN and (to - frm) & 7 != 0


def leaves_king_safe(board, move, colour: int, ep: int) -> bool:
    """After `move` (pseudo-legal), is the mover's king unattacked?"""
    frm, to = move
    after = list(board)
    p = after[frm]
    if is_en_passant(board, frm, to, ep):
        after[en_passant_victim(frm, to)] = EMPTY
    after[to], after[frm] = p, EMPTY
    king_sq = to if p & 7 == KING else after.index(piece(colour, KING))
    return not attacked(after, king_sq, 1 - colour)


def legal_moves_on(board, colour: int, ep: int) -> list:
    """The legal moves of `colour`.  Only moves that could expose the king are tried
    out: king moves, en passant, moves of pinned pieces, and every move when in check.
    Rooks are the only sliders, so only they pin, along ranks and files."""
    moves = pseudo_moves(board, colour, ep)
    king_sq = board.index(piece(colour, KING))
    enemy = 1 - colour
    if attacked(board, king_sq, enemy):
        return [m for m in moves if leaves_king_safe(board, m, colour, ep)]
    pinned = _pinned(board, king_sq, colour)
    legal = []
    for move in moves:
        frm, to = move
        if (frm == king_sq or frm in pinned or to == ep) and not leaves_king_safe(board, move, colour, ep):
            continue
        legal.append(move)
    return legal


def _pinned(board, king_sq: int, colour: int) -> set:
    """Squares of `colour`'s pieces that stand alone between its king and an enemy rook."""
    enemy_rook = piece(1 - colour, ROOK)
    mine = colour << 3
    pinned = set()
    for ray in ROOK_RAYS[king_sq]:
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


def apply_on(board: list, move, ep: int) -> int:
    """Make `move` on the list `board` in place; return the new en passant square."""
    frm, to = move
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


def count_pieces(board, colour: int) -> int:
    mine = colour << 3
    return sum(1 for p in board if p and (p & 8) == mine)


# --------------------------------------------------------------------------- state

@dataclass(frozen=True)
class GwState:
    board: tuple[int, ...]             # piece code per square (row * 8 + col), 0 empty
    turn: int = WHITE                  # the colour (= seat) to move
    ply: int = 0                       # moves made so far
    ep: int = -1                       # the square a pawn just passed over by a double step
    last: tuple[int, int] | None = None
    _moves: list | None = field(default=None, compare=False, repr=False)


def _start_board() -> tuple[int, ...]:
    layout = {"c1": "B", "f1": "B", "e1": "K", "c2": "R", "f2": "R", "d2": "N", "e2": "N",
              "d3": "Q", **{f"{f}3": "P" for f in "abcefgh"}}
    for sq, letter in list(layout.items()):
        layout[sq[0] + str(9 - int(sq[1]))] = letter.lower()
    return board_from_pieces(layout)


def board_from_pieces(pieces: dict[str, str]) -> tuple[int, ...]:
    """A board from {square: letter}: K Q J R N B P for White (J: a queen that may still
    jump), lowercase for Black."""
    board = [EMPTY] * 64
    for sq, letter in pieces.items():
        col, row = parse_square(sq, SIZE)
        if letter.lower() not in KIND_OF_LETTER:
            raise BadNotation(f"'{letter}' is not a piece letter (K Q J R N B P)")
        board[row * SIZE + col] = piece(WHITE if letter.isupper() else BLACK, KIND_OF_LETTER[letter.lower()])
    return tuple(board)


def state_from_pieces(pieces: dict[str, str], turn: int = WHITE, ply: int = 0,
                      ep: str | None = None) -> GwState:
    """A hand-built position (for tests and tools); `ep` names the square passed over."""
    board = board_from_pieces(pieces)
    for colour in (WHITE, BLACK):
        if board.count(piece(colour, KING)) != 1:
            raise BadNotation(f"{SEAT_NAMES[colour]} must have exactly one king")
    ep_sq = -1
    if ep is not None:
        col, row = parse_square(ep, SIZE)
        ep_sq = row * SIZE + col
    return GwState(board, turn, ply, ep_sq)


def board_text(state: GwState) -> str:
    """The board as 8 lines of letters, rank 8 first (for debugging and tests)."""
    lines = []
    for row in range(SIZE - 1, -1, -1):
        cells = []
        for col in range(SIZE):
            p = state.board[row * SIZE + col]
            letter = LETTERS[p & 7] if p else "."
            cells.append(letter.upper() if p and colour_of(p) == WHITE else letter)
        lines.append("".join(cells))
    return "\n".join(lines)


# --------------------------------------------------------------------------- the game

class Gwyddbwyll(Game):
    id = "gwyddbwyll"
    name = "Gwyddbwyll"
    options_spec = ()

    def _options(self, state):
        return {}

    def _new(self, options):
        return GwState(_start_board())

    def seat_names(self, state):
        return SEAT_NAMES

    def _to_move(self, state):
        return state.turn

    # ---- moves

    def _all_legal(self, state) -> list:
        """The legal moves by the pieces' rules, cached; ignores the game's end."""
        if state._moves is None:
            object.__setattr__(state, "_moves", legal_moves_on(state.board, state.turn, state.ep))
        return state._moves

    def _legal(self, state):
        if self._over(state):
            return []
        return list(self._all_legal(state))

    def _over(self, state) -> bool:
        return (state.ply >= MAX_PLIES or count_pieces(state.board, state.turn) <= 1
                or not self._all_legal(state))

    def _apply(self, state, move):
        board = list(state.board)
        ep = apply_on(board, move, state.ep)
        return GwState(tuple(board), 1 - state.turn, state.ply + 1, ep, tuple(move))

    def random_playout(self, state, rng, max_plies=100_000, trace=None):
        """Uniformly random legal moves to the end, on a mutable board.  A move is
        drawn from the pseudo-legal ones and tried; an unsafe one is struck out and
        another drawn, which picks each legal move with equal chance.  The moves
        made are appended to the list `trace` if one is given."""
        board = list(state.board)
        colour, ply, ep, last = state.turn, state.ply, state.ep, state.last
        counts = [count_pieces(board, WHITE), count_pieces(board, BLACK)]
        kings = [board.index(piece(WHITE, KING)), board.index(piece(BLACK, KING))]
        randrange = rng.randrange
        for _ in range(max_plies):
            if ply >= MAX_PLIES or counts[colour] <= 1:
                break
            moves = pseudo_moves(board, colour, ep)
            n = len(moves)
            enemy = 1 - colour
            while n:
                i = randrange(n)
                frm, to = move = moves[i]
                p, taken = board[frm], board[to]
                victim = -1
                if to == ep and p & 7 == PAWN and (to - frm) & 7:
                    victim = (frm & ~7) | (to & 7)
                    taken = board[victim]
                    board[victim] = EMPTY
                board[to], board[frm] = p, EMPTY
                king_sq = to if p & 7 == KING else kings[colour]
                safe = not attacked(board, king_sq, enemy)
                board[frm] = p
                if victim >= 0:
                    board[to], board[victim] = EMPTY, taken
                else:
                    board[to] = taken
                if safe:
                    break
                n -= 1
                moves[i] = moves[n]
            else:
                break
            if taken:
                counts[enemy] -= 1
            if p & 7 == KING:
                kings[colour] = to
            ep = apply_on(board, move, ep)
            last = move
            if trace is not None:
                trace.append(move)
            colour = enemy
            ply += 1
        return GwState(tuple(board), colour, ply, ep, last)

    # ---- notation

    def _format(self, state, move):
        frm, to = move
        return name(frm) + name(to)

    def _decode(self, state, text):
        match = _MOVE.match(text)
        if not match:
            raise BadNotation(f"'{text}' is not a move (write the from-square then the "
                              "to-square, like e3e4)")
        frm, to = (parse_square(match.group(i), SIZE) for i in (1, 2))
        return MOVE[frm[1] * SIZE + frm[0]][to[1] * SIZE + to[0]]

    def describe(self, state, move) -> str:
        """A richer form for the move list: piece letter, x for a capture, + for check."""
        frm, to = move
        p = state.board[frm]
        capture = bool(state.board[to]) or is_en_passant(state.board, frm, to, state.ep)
        after = self._apply(state, move)
        result = self._result(after)
        suffix = "#" if result and "checkmate" in result.reason else "+" if self.in_check(after) else ""
        letter = LETTERS[p & 7].upper() if p & 7 != PAWN else ""
        letter = "Q" if letter == "J" else letter
        return f"{letter}{name(frm)}{'x' if capture else '-'}{name(to)}{suffix}"

    def _why_illegal(self, state, move):
        if not int_tuple(move, 2, SIZE * SIZE):
            return "that is not a Gwyddbwyll move (a from-square and a to-square, like e3e4)"
        frm, to = move
        board, me = state.board, state.turn
        p, q = board[frm], board[to]
        if frm == to:
            return "a piece must move: the from-square and the to-square are the same"
        if not p:
            return f"there is no piece on {name(frm)}"
        if colour_of(p) != me:
            return (f"the {KIND_NAMES[p & 7]} on {name(frm)} is {SEAT_NAMES[colour_of(p)]}'s, "
                    f"and it is {SEAT_NAMES[me]}'s turn")
        if q and colour_of(q) == me:
            return f"{name(to)} holds your own {KIND_NAMES[q & 7]}"
        if move in pseudo_moves(board, me, state.ep):
            if self.in_check(state):
                return "your king is in check, and that move does not get it out of check"
            if p & 7 == KING:
                return "that would put your king in check"
            return "that would leave your king in check"
        return self._why_not_by_kind(state, frm, to)

    @staticmethod
    def _why_not_by_kind(state, frm, to):
        board, me = state.board, state.turn
        kind, q = board[frm] & 7, board[to]
        dcol, drow = to % SIZE - frm % SIZE, to // SIZE - frm // SIZE
        if kind == KNIGHT:
            return "a knight leaps two squares one way and one square to the side"
        if kind == BISHOP:
            return "a bishop jumps exactly two squares diagonally"
        if kind == KING:
            return "a king steps one square in any direction (there is no castling)"
        if kind in (QUEEN, JUMPER):
            if abs(dcol) == abs(drow) == 2:
                if kind == QUEEN:
                    return ("a queen steps one square diagonally; only a queen just made by "
                            "promotion may jump, on its first move")
                return "the promoted queen's jump cannot capture: it must land on an empty square"
            return "a queen steps one square diagonally"
        if kind == ROOK:
            if dcol and drow:
                return "a rook moves along a rank or a file"
            ray = next(r for r in ROOK_RAYS[frm] if to in r)
            blocker = next(s for s in ray if board[s])
            return f"a rook cannot pass other pieces: {name(blocker)} is in the way"
        forward = drow * FORWARD[me]
        if forward <= 0:
            return "a pawn moves only forward (toward rank 8 for White, rank 1 for Black)"
        if dcol == 0 and forward == 1:
            return f"a pawn cannot capture straight ahead: {name(to)} is taken"
        if dcol == 0 and forward == 2:
            if frm // SIZE != START_ROW[me]:
                return "only a pawn still on its starting square may move two squares"
            return "a pawn's double step needs both squares ahead of it empty"
        if abs(dcol) == 1 and forward == 1 and not q:
            return ("a pawn moves diagonally only to capture (or en passant, just after an "
                    "enemy pawn's double step past it)")
        return ("a pawn steps one square forward (two from its starting square) and captures "
                "one square diagonally forward")

    # ---- check, score and end

    def in_check(self, state) -> bool:
        king_sq = state.board.index(piece(state.turn, KING))
        return attacked(state.board, king_sq, 1 - state.turn)

    def _scores(self, state):
        return (count_pieces(state.board, WHITE), count_pieces(state.board, BLACK))

    def _result(self, state):
        loser = state.turn
        winner = 1 - loser
        lost = SEAT_NAMES[loser]
        scores = (1, 0) if winner == WHITE else (0, 1)
        if not self._all_legal(state):
            if self.in_check(state):
                return Result((winner,), scores,
                              f"checkmate: {lost} is in check and has no legal move")
            return Result((winner,), scores,
                          f"stalemate: {lost} has no legal move (here that loses)")
        if count_pieces(state.board, loser) <= 1:
            return Result((winner,), scores, f"bare king: {lost} has only the king left")
        if state.ply >= MAX_PLIES:
            return Result((WHITE, BLACK), (0.5, 0.5), f"{MAX_PLIES:,} plies were played without a result")
        return None

    # ---- for the computer player

    def evaluate(self, state) -> tuple[float, ...]:
        """Each seat's chance to win, guessed from material and mobility."""
        result = self._result(state)
        if result is not None:
            return tuple(result.reward(seat) for seat in (WHITE, BLACK))
        material = [0.0, 0.0]
        for p in state.board:
            if p:
                material[p >> 3] += VALUES[p & 7]
        mobility = [len(pseudo_moves(state.board, c, -1)) for c in (WHITE, BLACK)]
        lead = (material[WHITE] - material[BLACK]) + 0.05 * (mobility[WHITE] - mobility[BLACK])
        white = 1.0 / (1.0 + math.exp(-0.4 * lead))
        return (white, 1.0 - white)

    # ---- display

    def targets(self, state) -> dict[str, dict[str, str | None]]:
        """The legal moves by piece, for a board: {from: {to: square of the piece taken,
        or None for a quiet move}} (en passant takes a pawn beside the landing square)."""
        board, ep = state.board, state.ep
        out: dict[str, dict[str, str | None]] = {}
        for frm, to in self._legal(state):
            if is_en_passant(board, frm, to, ep):
                taken = name(en_passant_victim(frm, to))
            else:
                taken = name(to) if board[to] else None
            out.setdefault(name(frm), {})[name(to)] = taken
        return out

    def view(self, state):
        pieces = {}
        for sq, p in enumerate(state.board):
            if p:
                entry = {"kind": KIND_NAMES[p & 7], "colour": ("white", "black")[p >> 3]}
                if p & 7 in (QUEEN, JUMPER):
                    entry["jump"] = p & 7 == JUMPER
                pieces[name(sq)] = entry
        check = None
        if self.in_check(state):
            check = name(state.board.index(piece(state.turn, KING)))
        return {
            "files": SIZE,
            "ranks": SIZE,
            "pieces": pieces,
            "to_move": SEAT_NAMES[state.turn],
            "check": check,
            "last": (name(state.last[0]), name(state.last[1])) if state.last else None,
            "ply": state.ply,
        }


# Rough worth of each kind for evaluate(): a fers and a two-square bishop are weak pieces.
VALUES = {PAWN: 1.0, KNIGHT: 3.0, BISHOP: 1.5, ROOK: 5.0, QUEEN: 1.5, JUMPER: 1.5, KING: 0.0}

GAME = Gwyddbwyll()
