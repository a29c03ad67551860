"""Gwyddbwyll (Ludii 3): a reconstruction of the medieval Welsh chess-like game.

Rules: web/rules/gwyddbwyll.html.  Two players on an 8×8 board, White (seat 0,
at the bottom, moves first) and Black.  Rooks slide orthogonally, knights leap
as in chess, bishops jump exactly two squares diagonally over anything, kings
step one square, queens (the medieval fers) step one square diagonally, and
pawns step forward (two squares from their starting square, with en passant)
and capture diagonally forward.  A pawn reaching the far rank becomes a queen
that may, on its next move only, jump two squares diagonally to an empty
square.  No move may leave the mover's king attacked.  The player who moves
wins when the opponent then has no legal move (checkmate or stalemate) or has
only one piece left (a bare king); 2,500 plies without a result is a draw
(`Result.termination` NO_MOVES with the detail "checkmate" or "stalemate", ELIMINATION with
"bare-king", or MOVE_LIMIT).

Two artefacts of the published reconstruction are corrected: each side's pawns
move toward the opponent, and d3/d6 hold only the queen.

The rules on a bare board (move tables, attack, king safety, making a move) are
kernel.py; this module is the game on top of them: states,
notation, why a move is illegal, the end, the view.  The computer's fast playouts use
the same kernel (knowledge.py).

A square is an index row * 8 + col (a1 = 0, h8 = 63).  A move is a `Step(frm, to)`,
written from-square then to-square: `e3e4`.  Promotion is forced, so nothing is
added.  `scores` counts each seat's pieces on the board; a finished game's
Result.scores is 1 for the winner and 0 for the loser (½ each in a draw).

Reason codes of an illegal move (`check(state, move).code`):
    not-a-move            not a pair of squares
    same-square           the from-square and the to-square are the same
    empty-square          no piece stands on the from-square
    not-your-piece        the piece on the from-square is the other side's
    own-piece             the to-square holds one of the mover's own pieces
    still-in-check        the king is in check and the move does not end that   } the king's
    king-into-check       the king would step onto an attacked square           } safety:
    leaves-king-in-check  the move would open the mover's king to attack        } KING_SAFETY
    knight-move, bishop-move, king-move, queen-move, rook-move, pawn-move
                          not how that piece moves
    queen-cannot-jump     a queen's two-square jump, which only a new queen has
    jump-cannot-capture   the new queen's jump onto an enemy piece
    rook-blocked          a piece stands in the rook's way
    pawn-backward         a pawn moving sideways or back
    pawn-blocked          a pawn stepping straight ahead onto a piece, or a double step
                          with a square ahead taken
    pawn-double-step      a double step from off the pawn's starting rank
    pawn-needs-capture    a pawn's diagonal step with nothing to take

Text that is not a move raises BadNotation with the code not-a-move, or core's (Game.parse's
not-text, empty and too-long, and a square's not-a-square and off-board); the hand-built
positions of `state_from_pieces` are refused with not-a-piece or king-count.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from ...contract.core import Game
from ...contract.errors import BadNotation, Verdict, refusal
from ...contract.moves import int_tuple
from ...contract.result import Result, Termination
from ...contract.squares import parse_square, square_name
from ...contract.view import View
from .kernel import (
    BISHOP,
    BLACK,
    EMPTY,
    FORWARD,
    JUMPER,
    KING,
    KNIGHT,
    MAX_PLIES,
    MOVE,
    PAWN,
    QUEEN,
    ROOK,
    ROOK_RAYS,
    SIZE,
    START_ROW,
    WHITE,
    Step,
    apply_on,
    attacked,
    colour_of,
    count_pieces,
    en_passant_victim,
    is_en_passant,
    legal_moves_on,
    piece,
    pseudo_moves,
)

SEAT_NAMES = ("White", "Black")
KIND_NAMES = {
    PAWN: "pawn",
    KNIGHT: "knight",
    BISHOP: "bishop",
    ROOK: "rook",
    QUEEN: "queen",
    KING: "king",
    JUMPER: "queen",
}
LETTERS = {PAWN: "p", KNIGHT: "n", BISHOP: "b", ROOK: "r", QUEEN: "q", KING: "k", JUMPER: "j"}
KIND_OF_LETTER = {letter: kind for kind, letter in LETTERS.items()}
# A piece's letter in the move list (a pawn has none; a new queen is a queen).
SHOWN_LETTER = {PAWN: "", KNIGHT: "N", BISHOP: "B", ROOK: "R", QUEEN: "Q", KING: "K", JUMPER: "Q"}
# How a win is said, by what ended the game ("White wins by checkmate: ...").
# The detail of each way to end the game (Result.detail), and how a win by it is said.
CHECKMATE, STALEMATE, BARE_KING = "checkmate", "stalemate", "bare-king"
WON_BY = {CHECKMATE: " by checkmate", STALEMATE: " by stalemate"}

# The reason codes of a move refused only for its king's safety.
KING_SAFETY = frozenset({"still-in-check", "king-into-check", "leaves-king-in-check"})

_MOVE = re.compile(r"^([a-h][1-8])[-x]?([a-h][1-8])[+#]?$")


def name(sq: int) -> str:
    return square_name(sq % SIZE, sq // SIZE)


# --------------------------------------------------------------------------- state


@dataclass(frozen=True)
class GwState:
    board: tuple[int, ...]  # piece code per square (row * 8 + col), 0 empty
    turn: int = WHITE  # the colour (= seat) to move
    ply: int = 0  # moves made so far
    ep: int = -1  # the square a pawn just passed over by a double step
    last: Step | None = None
    _moves: list[Step] | None = field(default=None, compare=False, repr=False)


def _start_board() -> tuple[int, ...]:
    layout = {
        "c1": "B",
        "f1": "B",
        "e1": "K",
        "c2": "R",
        "f2": "R",
        "d2": "N",
        "e2": "N",
        "d3": "Q",
        **{f"{f}3": "P" for f in "abcefgh"},
    }
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
            raise BadNotation(
                f"'{letter}' is not a piece letter (K Q J R N B P)", code="not-a-piece"
            )
        board[row * SIZE + col] = piece(
            WHITE if letter.isupper() else BLACK, KIND_OF_LETTER[letter.lower()]
        )
    return tuple(board)


def state_from_pieces(
    pieces: dict[str, str], turn: int = WHITE, ply: int = 0, ep: str | None = None
) -> GwState:
    """A hand-built position (for tests and tools); `ep` names the square passed over."""
    board = board_from_pieces(pieces)
    for colour in (WHITE, BLACK):
        if board.count(piece(colour, KING)) != 1:
            raise BadNotation(
                f"{SEAT_NAMES[colour]} must have exactly one king", code="king-count"
            )
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


# --------------------------------------------------------------------------- what a board shows


class Piece(NamedTuple):
    """A piece as a board draws it."""

    kind: str  # "king", "queen", "rook", "knight", "bishop" or "pawn"
    colour: int  # WHITE or BLACK: the seat that owns it
    jump: bool  # a queen just made by promotion, its one-time jump still to come


# The piece drawn for each piece code (None: an empty square).
PIECES: tuple[Piece | None, ...] = tuple(
    Piece(KIND_NAMES[code & 7], code >> 3, code & 7 == JUMPER) if code & 7 else None
    for code in range(16)
)


class Target(NamedTuple):
    """A legal move as a board marks it: the move, and the square of the piece it takes
    (None for a quiet move; en passant takes the pawn beside the landing square)."""

    move: Step
    taken: int | None


@dataclass(frozen=True, kw_only=True)
class GwyddbwyllView(View):
    """The position for the board: View's fields, squares numbered row * 8 + col.

    cells:   the piece on each square, or None.
    last:    the last move's from- and to-square (empty before the first move).
    check:   the square of the king to move when it is in check, else None.
    targets: the legal moves, each with the square of the piece it takes.
    held:    for each of the mover's pieces that has moves by its own rule but none that
             keeps its king safe, one such move (its verdict says why the piece is held).
    """

    cells: tuple[Piece | None, ...]
    check: int | None
    targets: tuple[Target, ...]
    held: tuple[Step, ...]


# --------------------------------------------------------------------------- the game


class Gwyddbwyll(Game[GwState, Step]):
    id = "gwyddbwyll"
    name = "Gwyddbwyll"
    draws = True  # at MAX_PLIES
    options_spec = ()

    def _options(self, state: GwState) -> dict:
        return {}

    def _new(self, options: dict) -> GwState:
        return GwState(_start_board())

    def seat_names(self, state: GwState) -> tuple[str, ...]:
        return SEAT_NAMES

    def _to_move(self, state: GwState) -> int:
        return state.turn

    # ---- moves

    def _all_legal(self, state: GwState) -> list[Step]:
        """The legal moves by the pieces' rules, cached; ignores the game's end."""
        moves = state._moves
        if moves is None:
            moves = legal_moves_on(state.board, state.turn, state.ep)
            object.__setattr__(state, "_moves", moves)
        return moves

    def _legal(self, state: GwState) -> list[Step]:
        if self._over(state):
            return []
        return list(self._all_legal(state))

    def _over(self, state: GwState) -> bool:
        return (
            state.ply >= MAX_PLIES
            or count_pieces(state.board, state.turn) <= 1
            or not self._all_legal(state)
        )

    def _apply(self, state: GwState, move: Step) -> GwState:
        board = list(state.board)
        frm, to = move
        ep = apply_on(board, frm, to, state.ep)
        return GwState(tuple(board), 1 - state.turn, state.ply + 1, ep, move)

    # ---- notation

    def _format(self, state: GwState, move: Step) -> str:
        frm, to = move
        return name(frm) + name(to)

    def _decode(self, state: GwState, text: str) -> Step:
        match = _MOVE.match(text)
        if not match:
            raise BadNotation(
                f"'{text}' is not a move (write the from-square then the to-square, like e3e4)",
                code="not-a-move",
            )
        frm, to = (parse_square(match.group(i), SIZE) for i in (1, 2))
        return MOVE[frm[1] * SIZE + frm[0]][to[1] * SIZE + to[0]]

    # ---- why a move is illegal

    def _why_illegal(self, state: GwState, move: Any) -> Verdict:
        if not int_tuple(move, 2, SIZE * SIZE):
            return refusal(
                "not-a-move",
                "that is not a Gwyddbwyll move (a from-square and a to-square, like e3e4)",
            )
        frm, to = move
        verdict = self._why_not_these_squares(state, frm, to)
        if verdict is not None:
            return verdict
        if move in pseudo_moves(state.board, state.turn, state.ep):  # by its own rule
            return self._why_king_unsafe(state, frm)
        if state.board[frm] & 7 == PAWN:
            return self._why_not_pawn(state, frm, to)
        return self._why_not_by_kind(state, frm, to)

    @staticmethod
    def _why_not_these_squares(state: GwState, frm: int, to: int) -> Verdict | None:
        """Why no move of the mover's goes frm -> to, whatever the piece: the squares are one,
        there is no piece of the mover's on `frm`, or one of its own stands on `to`."""
        board, me = state.board, state.turn
        p, q = board[frm], board[to]
        if frm == to:
            return refusal(
                "same-square", "a piece must move: the from-square and the to-square are the same"
            )
        if not p:
            return refusal("empty-square", f"there is no piece on {name(frm)}")
        if colour_of(p) != me:
            return refusal(
                "not-your-piece",
                f"the {KIND_NAMES[p & 7]} on {name(frm)} is "
                f"{SEAT_NAMES[colour_of(p)]}'s, and it is {SEAT_NAMES[me]}'s turn",
            )
        if q and colour_of(q) == me:
            return refusal("own-piece", f"{name(to)} holds your own {KIND_NAMES[q & 7]}")
        return None

    def _why_king_unsafe(self, state: GwState, frm: int) -> Verdict:
        """Why a move the piece on `frm` may make by its own rule is refused: it leaves the
        mover's king in check (the codes of KING_SAFETY)."""
        if self.in_check(state):
            return refusal(
                "still-in-check",
                "your king is in check, and that move does not get it out of check",
            )
        if state.board[frm] & 7 == KING:
            return refusal("king-into-check", "that would put your king in check")
        return refusal("leaves-king-in-check", "that would leave your king in check")

    @staticmethod
    def _why_not_by_kind(state: GwState, frm: int, to: int) -> Verdict:
        """Why a piece other than a pawn cannot move frm -> to by its own rule."""
        board = state.board
        kind = board[frm] & 7
        dcol, drow = to % SIZE - frm % SIZE, to // SIZE - frm // SIZE
        if kind == KNIGHT:
            return refusal(
                "knight-move", "a knight leaps two squares one way and one square to the side"
            )
        if kind == BISHOP:
            return refusal("bishop-move", "a bishop jumps exactly two squares diagonally")
        if kind == KING:
            return refusal(
                "king-move", "a king steps one square in any direction (there is no castling)"
            )
        if kind in (QUEEN, JUMPER):
            if abs(dcol) == abs(drow) == 2:
                if kind == QUEEN:
                    return refusal(
                        "queen-cannot-jump",
                        "a queen steps one square diagonally; only a queen just "
                        "made by promotion may jump, on its first move",
                    )
                return refusal(
                    "jump-cannot-capture",
                    "the promoted queen's jump cannot capture: it must land on an empty square",
                )
            return refusal("queen-move", "a queen steps one square diagonally")
        if dcol and drow:
            return refusal("rook-move", "a rook moves along a rank or a file")
        ray = next(r for r in ROOK_RAYS[frm] if to in r)
        blocker = next(s for s in ray if board[s])
        return refusal(
            "rook-blocked", f"a rook cannot pass other pieces: {name(blocker)} is in the way"
        )

    @staticmethod
    def _why_not_pawn(state: GwState, frm: int, to: int) -> Verdict:
        """Why a pawn cannot move frm -> to."""
        me = state.turn
        dcol, drow = to % SIZE - frm % SIZE, to // SIZE - frm // SIZE
        forward = drow * FORWARD[me]
        if forward <= 0:
            return refusal(
                "pawn-backward",
                "a pawn moves only forward (toward rank 8 for White, rank 1 for Black)",
            )
        if dcol == 0 and forward == 1:
            return refusal(
                "pawn-blocked", f"a pawn cannot capture straight ahead: {name(to)} is taken"
            )
        if dcol == 0 and forward == 2:
            if frm // SIZE != START_ROW[me]:
                return refusal(
                    "pawn-double-step",
                    "only a pawn still on its starting square may move two squares",
                )
            return refusal(
                "pawn-blocked", "a pawn's double step needs both squares ahead of it empty"
            )
        if abs(dcol) == 1 and forward == 1 and not state.board[to]:
            return refusal(
                "pawn-needs-capture",
                "a pawn moves diagonally only to capture (or en passant, just "
                "after an enemy pawn's double step past it)",
            )
        return refusal(
            "pawn-move",
            "a pawn steps one square forward (two from its starting "
            "square) and captures one square diagonally forward",
        )

    # ---- check, score and end

    def in_check(self, state: GwState) -> bool:
        return self._checked_king(state) is not None

    @staticmethod
    def _checked_king(state: GwState) -> int | None:
        """The square of the king to move when it is in check, else None."""
        king = state.board.index(piece(state.turn, KING))
        return king if attacked(state.board, king, 1 - state.turn) else None

    def _scores(self, state: GwState) -> tuple[int, int]:
        return (count_pieces(state.board, WHITE), count_pieces(state.board, BLACK))

    def _result(self, state: GwState) -> Result | None:
        loser = state.turn
        winner = 1 - loser
        lost = SEAT_NAMES[loser]
        scores = (1, 0) if winner == WHITE else (0, 1)
        if not self._all_legal(state):
            if self.in_check(state):
                return Result(
                    (winner,),
                    scores,
                    Termination.NO_MOVES,
                    f"{lost} is in check and has no legal move",
                    CHECKMATE,
                )
            return Result(
                (winner,),
                scores,
                Termination.NO_MOVES,
                f"{lost} has no legal move (here that loses)",
                STALEMATE,
            )
        if count_pieces(state.board, loser) <= 1:
            return Result(
                (winner,),
                scores,
                Termination.ELIMINATION,
                f"{lost} has only the king left",
                BARE_KING,
            )
        if state.ply >= MAX_PLIES:
            return Result(
                (WHITE, BLACK),
                (0.5, 0.5),
                Termination.MOVE_LIMIT,
                f"{MAX_PLIES:,} plies were played without a result",
            )
        return None

    # ---- display

    def result_text(self, names: Sequence[str], result: Result) -> str:
        """ "Black wins by checkmate: White is in check and has no legal move."  No score: a
        won game's 1 and 0 would read as "1–0", which to chess players is White's win."""
        if len(result.winners) != 1:
            return f"A draw: {result.reason}."
        won_by = WON_BY.get(result.detail, "")
        return f"{names[result.winners[0]]} wins{won_by}: {result.reason}."

    def move_label(self, before: GwState, after: GwState, text: str) -> str:
        """The move as the move list shows it: the piece's letter (none for a pawn), x for a
        capture, e.p. for en passant, =Q for a promotion, + for check, # for checkmate:
        "Nd2xe4+", "e5xd6 e.p.", "d7d8=Q".  Links and records keep the notation ("d2e4")."""
        frm, to = self._decode(before, text)
        board = before.board
        kind = board[frm] & 7
        passant = is_en_passant(board, frm, to, before.ep)
        label = f"{SHOWN_LETTER[kind]}{name(frm)}{'x' if board[to] or passant else ''}{name(to)}"
        if kind == PAWN and after.board[to] & 7 == JUMPER:
            label += "=Q"
        if self.in_check(after):
            label += "+" if self._all_legal(after) else "#"
        return label + (" e.p." if passant else "")

    def view(self, state: GwState) -> GwyddbwyllView:
        board, ep = state.board, state.ep
        core = self.view_core(state)
        moves: tuple[Step, ...] = core["moves"]
        targets = tuple(Target(m, _taken(board, m, ep)) for m in moves)
        held: dict[int, Step] = {}
        if moves:
            movable = {m[0] for m in moves}
            for m in pseudo_moves(board, state.turn, ep):
                if m[0] not in movable:
                    held.setdefault(m[0], m)
        return GwyddbwyllView(
            **core,
            width=SIZE,
            height=SIZE,
            cells=tuple(PIECES[p] for p in board),
            last=tuple(state.last) if state.last else (),
            check=self._checked_king(state),
            targets=targets,
            held=tuple(held.values()),
        )


def _taken(board: tuple[int, ...], move: Step, ep: int) -> int | None:
    """The square of the piece `move` takes, or None."""
    frm, to = move
    if is_en_passant(board, frm, to, ep):
        return en_passant_victim(frm, to)
    return to if board[to] else None
