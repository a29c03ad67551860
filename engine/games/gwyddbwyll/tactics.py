"""Short tactics for the Gwyddbwyll search: which of the mover's moves give material away.

The Monte Carlo search's playouts are noisy about material: at a fraction of a second a move
it lost games by pushing pawns where they were taken for nothing, trading a knight for a pawn
and leaving a queen to a bishop's jump.  This is the static-exchange check that
catches such moves before the search weighs them: a move is worth what it captures, less the
most the opponent can then win by an exchange on one of the mover's pieces (the swap-off on
that square, each side taking with its cheapest attacker first, either side free to stop).
`sound_moves` keeps the moves within TACTICS_MARGIN of the best by that measure, and every move
that gives check (a mating attack is not judged by material); a side in check keeps every
move (each is an escape, and the exchange does not weigh mate).

It looks one move ahead and one exchange deep: a fork, a pin or a threat that a quiet move
makes is beyond it.  A rook behind a rook of its own on a line takes after it (an x-ray);
other pieces do not look through.  Pure Python on the rules' kernel
(kernel.py).
"""

from __future__ import annotations

from .kernel import (
    BISHOP,
    EMPTY,
    JUMPER,
    KING,
    KNIGHT,
    NEAR,
    PAWN,
    QUEEN,
    ROOK,
    ROOK_RAYS,
    Step,
    apply_on,
    attacked,
    en_passant_victim,
    piece,
)

# Rough worth of each kind (the search's evaluation's, knowledge.py): a fers
# and a two-square bishop are weak pieces.
VALUES = {PAWN: 1.0, KNIGHT: 3.0, BISHOP: 1.5, ROOK: 5.0, QUEEN: 1.5, JUMPER: 1.5, KING: 0.0}
_VALUE = [0.0] * 16  # the same by piece code, either colour
for _kind, _value in VALUES.items():
    _VALUE[_kind] = _VALUE[_kind | 8] = _value
MOBILITY = 0.05  # the evaluation's worth of a pseudo-legal move, against a pawn's 1


def piece_value(code: int) -> float:
    """The rough worth of a piece code (either colour; 0 for an empty square)."""
    return _VALUE[code]


KING_VALUE = 100.0  # a king takes last: the exchange stops before it is taken
TACTICS_MARGIN = 0.9  # a move this much worse than the best (in pawns) is not searched
MIN_SOUND = 2  # the fewest moves kept where there is a choice


def attackers(board: list[int], sq: int, by: int) -> list[float]:
    """The values of `by`'s pieces that could capture on `sq`, cheapest first, counting a
    rook behind a rook of its own on the same line (an x-ray: it takes once the first has)."""
    values = []
    for s, could in NEAR[by][sq]:
        p = board[s]
        if could[p]:
            values.append(KING_VALUE if p & 7 == KING else piece_value(p))
    rook = piece(by, ROOK)
    for ray in ROOK_RAYS[sq]:
        for s in ray:
            p = board[s]
            if p:
                if p != rook:
                    break
                values.append(piece_value(rook))
    values.sort()
    return values


def exchange(target: float, takers: list[float], defenders: list[float]) -> float:
    """What the side with `takers` wins by capturing a piece worth `target` and the exchange
    after it on that square (the swap-off; either side may stop; 0 when it should not start)."""
    if not takers:
        return 0.0
    return max(swap_off(target, takers, defenders), 0.0)


def swap_off(target: float, takers: list[float], defenders: list[float]) -> float:
    """What the side with `takers` wins by capturing a piece worth `target` with `takers[0]`
    and the exchange after it on that square, each side taking with its next piece in turn
    or stopping when that is better for it (negative when the first capture loses)."""
    gains = [target]
    on_square = takers[0]
    sides = (takers[1:], defenders)
    turn = 1  # the defenders take next
    used = [0, 0]
    while True:
        side = sides[turn]
        if used[turn] >= len(side):
            break
        gains.append(on_square - gains[-1])
        on_square = side[used[turn]]
        used[turn] += 1
        turn = 1 - turn
    for i in range(len(gains) - 1, 0, -1):
        gains[i - 1] = -max(-gains[i - 1], gains[i])
    return gains[0]


def threat(board: list[int], colour: int) -> float:
    """The most the opponent of `colour` can win by one exchange on one of `colour`'s pieces."""
    enemy = 1 - colour
    worst = 0.0
    for sq, p in enumerate(board):
        if not p or p >> 3 != colour or p & 7 == KING:
            continue
        takers = attackers(board, sq, enemy)
        if takers:
            worst = max(worst, exchange(piece_value(p), takers, attackers(board, sq, colour)))
    return worst


def move_score(board: list[int], colour: int, ep: int, move: Step) -> tuple[float, bool]:
    """(what the move captures less the opponent's best exchange after it, whether it gives
    check), in pawns."""
    frm, to = move
    victim = board[to]
    if not victim and to == ep and board[frm] & 7 == PAWN and (to - frm) & 7:
        victim = board[en_passant_victim(frm, to)]
    after = list(board)
    apply_on(after, frm, to, ep)
    king = after.index(piece(1 - colour, KING))
    checks = attacked(after, king, colour)
    gain = piece_value(victim) if victim != EMPTY else 0.0
    return gain - threat(after, colour), checks


def sound_moves(board: list[int], colour: int, ep: int, moves: list[Step]) -> list[Step]:
    """The moves that give away no more than TACTICS_MARGIN more than the best one does,
    and every check, best first (in the order given among equals); every move when `colour`
    is in check.  At least MIN_SOUND moves are kept (the best by score): a search left one
    move would take the position for a forced one and not search it at all."""
    if len(moves) <= 1 or attacked(board, board.index(piece(colour, KING)), 1 - colour):
        return list(moves)
    scored = [(move_score(board, colour, ep, m), i, m) for i, m in enumerate(moves)]
    best = max(score for (score, _), _, _ in scored)
    kept = [
        (-score, i, m)
        for (score, checks), i, m in scored
        if checks or score >= best - TACTICS_MARGIN
    ]
    if len(kept) < MIN_SOUND:
        kept = [(-score, i, m) for (score, _), i, m in scored]
        kept.sort()
        return [m for _, _, m in kept[:MIN_SOUND]]
    kept.sort()
    return [m for _, _, m in kept]
