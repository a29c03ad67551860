"""The hard Gwyddbwyll player's evaluation: material and where each piece stands.

The alpha-beta of the hard level (search.py) judges a position by a sum over its
pieces of a value by piece code and square (`TABLE`, White's side positive), kept up to date
move by move (`delta`), plus a few terms only the whole board tells (`evaluate`):

- material (`MATERIAL`; the search's exchanges go by tactics.py: VALUES);
- centralisation: knights most, the two-square bishops and the fers (queen) less: a leaper
  in the middle reaches more squares;
- pawns: a bonus growing as a pawn nears its promotion row;
- the king: in the middle game behind its pawns, on its first two rows; once most pieces are
  gone (`phase`), toward the middle, where it helps hunt the last pieces;
- the back rank (`back_rank`): in the middle game, a king on its first row loses
  `BACK_RANK` for each enemy rook whose file lies open down to that row.  A rook that comes
  down checks along the row, and a second one doubles behind it: a file let open is lost
  several moves before a search of a few plies sees it;
- mobility (`mobility`): a rook gains for each square it could move to along its lines
  (`ROOK_FREE`: empty squares up to the first piece, and that piece if it is an enemy's) and
  for standing on a file without a pawn of its own (`ROOK_OPEN`: half-open or open, where
  the rooks double); a rook, knight, bishop or queen with at most one square to go to
  (`BOXED_SQUARES`: not counting squares its own pieces hold) is boxed in (`BOXED`).
  Unlike the rest it is not kept up to date move by move; it and the other terms of the
  whole board are remembered (`BOARD_CACHE` boards), since iterative deepening comes back
  to the same leaves;
- the rules' own ends (web/rules/gwyddbwyll.html: a side left with its king alone loses):
  a side whose last pieces cover little is near a bare king (`FEW`: below `FEW_COVER`, each
  piece covering by what it is, `COVER`: a rook most, a pawn least), and a side ahead gains
  by trades (`TRADE`: in full from two pawns ahead, growing from nothing at one pawn, so
  the score has no step where the lead crosses a pawn);
- the hunt of a side with one piece left (`hunt`): a side ahead gains as the other king
  stands nearer the edge (`HUNT_EDGE`) and its own king nearer it (`HUNT_NEAR`), growing
  with the lead as `TRADE` does.  A lone rook is hard to catch, and the search's horizon is
  short of the net: without it the search can walk around a won ending (rook, fers and
  bishop against a lone rook) to the move limit;
- pieces that cannot take the other side's last ones: a fers keeps to the squares of one
  colour and a bishop to a quarter of the board, so a side whose pieces besides its king
  cannot reach one of the other side's pieces cannot leave it a bare king, and its lead
  counts only `STUCK` of itself (`stuck_side`), so that the search does not trade into such
  an ending (three fers against a bishop of the other colour: three pawns up and no way to
  win);
- a thin lead without pawns: a side with no pawn left (none to make a new piece of) and at
  most `PAWNLESS_LEAD` pawns of material ahead counts its lead at `PAWNLESS` (`pawnless`).
  Such endings against a last piece or two are mostly held, so a lead there is worth
  keeping the pawns for.

Values are in pawns.  The weights are set by hand (lab/tune_gw_eval.py fits them to game
results and matches them against these; none it fitted played better; `retune` rebuilds the
tables after a weight changes).  The weights of where pieces stand (centralisation, the pawns'
and the king's squares, mobility and the back rank) are kept small against material: heavier,
the search scored positions in which it went on to lose a pawn as good for where its pieces
stood.  Pure Python on the rules' kernel (kernel.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import compress
from operator import itemgetter

from .kernel import (
    BISHOP,
    BISHOP_TO,
    BLACK,
    EMPTY,
    JUMPER,
    KING,
    KNIGHT,
    KNIGHT_TO,
    PAWN,
    PROMOTION_ROW,
    QUEEN,
    QUEEN_TO,
    ROOK,
    ROOK_RAYS,
    SQUARES,
    WHITE,
    en_passant_victim,
    piece,
)
from .tactics import VALUES

# What each kind of piece is worth to the evaluation (the search's exchanges and move order
# go by tactics.VALUES).
MATERIAL = dict(VALUES)
# How much a piece gains by standing on a square, from its distance to the centre.
CENTRE = {KNIGHT: 0.072, BISHOP: 0.03, QUEEN: 0.036, JUMPER: 0.036, ROOK: 0.012}
# A pawn's bonus by the rows it has gone from its start (White starts on row 2: rank 3).
PAWN_ADVANCE = (0.0, 0.03, 0.072, 0.15, 0.27, 0.0)
PAWN_CENTRE = 0.018  # a pawn's gain for each step of centrality
KING_HOME = 0.09  # the middle-game king: on its first two rows
KING_CENTRE = 0.08  # the end-game king: a step nearer the middle
FEW = 0.6  # what a side loses for each unit of cover its pieces lack below FEW_COVER
FEW_COVER = 3.0
# How far each kind of piece keeps its side from a bare king (a lone rook is hard to catch
# and hunts pawns; a pawn is easy prey): a side's cover is the sum over its pieces.
COVER = {PAWN: 0.5, KNIGHT: 1.0, BISHOP: 0.75, QUEEN: 1.0, JUMPER: 1.0, ROOK: 2.0}
ROOK_FREE = 0.018  # a rook's worth of each square it could move to
ROOK_OPEN = 0.06  # a rook on a file with no pawn of its own
BACK_RANK = 0.18  # middle game: a king on its first row, for each enemy rook that can come down
BOXED = 0.15  # a piece (not a pawn or king) with at most BOXED_SQUARES squares to go to
BOXED_SQUARES = 1
BOARD_CACHE = 1 << 15  # boards whose terms of `evaluate` are remembered
TRADE = 0.04  # a side ahead by 2 pawns gains this much for each piece fewer on the board
# A side 2 pawns ahead of one with a single piece left gains HUNT_EDGE for each step the
# other king stands from the middle, and HUNT_NEAR for each step its own king is nearer it.
HUNT_EDGE = 0.1
HUNT_NEAR = 0.05
STUCK = 0.25  # what a lead counts for when its side cannot take the other's last pieces
# What a lead counts for when its side has no pawn left and is at most PAWNLESS_LEAD pawns of
# material ahead: such endings are mostly held.
PAWNLESS = 0.5
PAWNLESS_LEAD = 3.0
PHASE_FULL = 20  # pieces on the board (besides kings) at which the middle game is full


def _centrality(sq: int) -> float:
    """3 on the four middle squares, down to 0 in a corner."""
    col, row = sq % 8, sq // 8
    return 3.0 - (abs(2 * col - 7) // 2 + abs(2 * row - 7) // 2) / 2


def _table() -> list[list[float]]:
    """TABLE[code][sq]: what the piece `code` on `sq` adds to White's score (the king's
    square terms are in `evaluate`, blended by phase)."""
    table = [[0.0] * 64 for _ in range(16)]
    for colour, sign in ((WHITE, 1.0), (1 - WHITE, -1.0)):
        for kind, value in MATERIAL.items():
            if kind == KING:
                continue
            code = piece(colour, kind)
            for sq in range(64):
                bonus = CENTRE.get(kind, 0.0) * _centrality(sq)
                if kind == PAWN:
                    row = sq // 8
                    gone = row - 2 if colour == WHITE else 5 - row
                    bonus = PAWN_ADVANCE[max(0, min(gone, 5))] + PAWN_CENTRE * _centrality(sq)
                table[code][sq] = sign * (value + bonus)
    return table


def _king_middle() -> list[float]:
    """KING_MIDDLE[sq]: the middle-game White king's gain on `sq` (Black's mirrors it)."""
    return [KING_HOME if sq // 8 <= 1 else 0.0 for sq in range(64)]


def _king_end() -> list[float]:
    """KING_END[sq]: the end-game king's gain on `sq`."""
    return [KING_CENTRE * _centrality(sq) for sq in range(64)]


TABLE = _table()
KING_MIDDLE = _king_middle()
KING_END = _king_end()
WHITE_KING, BLACK_KING = piece(WHITE, KING), piece(1 - WHITE, KING)


def retune() -> None:
    """Rebuild the tables after the weights above were changed (lab/tune_gw_eval.py
    tries weights so), and forget the remembered boards."""
    global TABLE, KING_MIDDLE, KING_END, _HALF_PAWNS
    TABLE, KING_MIDDLE, KING_END = _table(), _king_middle(), _king_end()
    _HALF_PAWNS = _half_pawns()
    _board_terms.cache_clear()


def score(board: Sequence[int]) -> float:
    """The sum of TABLE over the board's pieces (White's side), from scratch."""
    return sum(TABLE[p][sq] for sq, p in enumerate(board) if p)


def delta(board: Sequence[int], frm: int, to: int, ep: int) -> float:
    """How the move frm -> to changes `score`, computed before it is made on `board`."""
    p = board[frm]
    kind = p & 7
    victim, at = board[to], to
    moved = p
    if kind == PAWN:
        if to == ep and (to - frm) & 7:
            at = en_passant_victim(frm, to)
            victim = board[at]
        if to >> 3 == (7 if p >> 3 == WHITE else 0):
            moved = (p & 8) | JUMPER
    elif kind == JUMPER:
        moved = (p & 8) | QUEEN
    change = TABLE[moved][to] - TABLE[p][frm]
    if victim != EMPTY:
        change -= TABLE[victim][at]
    return change


# By piece code: 1 for a White piece, 2 for a Black one, 0 for an empty square.
_OWNER = bytes((p >> 3) + 1 if 0 < p < 16 else 0 for p in range(256))
# By piece code: the code if the piece is a knight, bishop or queen, else 0.
_LEAPER = bytes(
    p if 0 < p < 16 and p & 7 in (KNIGHT, BISHOP, QUEEN, JUMPER) else 0 for p in range(256)
)
# By piece code and square: for a leaper, (how many squares it could go to, a getter of
# their owner marks), or None where it has at most BOXED_SQUARES squares on an empty board
# (boxed in wherever the others stand).  The new queen's one-time jump is left out: it is
# gone after one move.
_LEAPS: list[tuple[tuple[int, itemgetter] | None, ...]] = [()] * 16
for _colour in (WHITE, 1 - WHITE):
    for _kind, _to in (
        (KNIGHT, KNIGHT_TO),
        (BISHOP, BISHOP_TO),
        (QUEEN, QUEEN_TO),
        (JUMPER, QUEEN_TO),
    ):
        _LEAPS[piece(_colour, _kind)] = tuple(
            (len(t), itemgetter(*t)) if len(t) > BOXED_SQUARES else None for t in _to
        )
_ROOKS = ((piece(WHITE, ROOK), 1.0), (piece(1 - WHITE, ROOK), -1.0))
# By piece code: 1 for a White piece besides the king, 2 for a Black one, else 0.
_SIDE = bytes((p >> 3) + 1 if 0 < p < 16 and p & 7 != KING else 0 for p in range(256))
# By colour, by piece code: the piece's COVER in quarters if it is that colour's, else 0.
_COVER_QUARTERS = tuple(
    bytes(int(4 * COVER.get(p & 7, 0.0)) if 0 < p < 16 and p >> 3 == c else 0 for p in range(256))
    for c in (WHITE, 1 - WHITE)
)


def _rook(present: bytes, owner: bytes, sq: int, mine: int) -> float:
    """The mobility terms of the rook on `sq` whose colour's owner mark is `mine`."""
    free = 0
    for ray in ROOK_RAYS[sq]:
        for s in ray:
            o = owner[s]
            if o:
                if o != mine:
                    free += 1
                break
            free += 1
    value = ROOK_FREE * free
    if piece(mine - 1, PAWN) not in present[sq & 7 :: 8]:
        value += ROOK_OPEN
    if free <= BOXED_SQUARES:
        value -= BOXED
    return value


def mobility(board: Sequence[int]) -> float:
    """The mobility terms for White less Black's: each rook's free squares (`ROOK_FREE`)
    and file without its own pawn (`ROOK_OPEN`), less `BOXED` for each rook, knight, bishop
    or queen with at most `BOXED_SQUARES` squares not held by its own side."""
    return _mobility(bytes(board))


def _mobility(present: bytes) -> float:
    """`mobility` of a board given as bytes."""
    owner = present.translate(_OWNER)
    total = 0.0
    for code, sign in _ROOKS:
        sq = present.find(code)
        while sq >= 0:
            total += sign * _rook(present, owner, sq, (code >> 3) + 1)
            sq = present.find(code, sq + 1)
    for sq in compress(range(64), present.translate(_LEAPER)):
        p = present[sq]
        mine = (p >> 3) + 1
        leaps = _LEAPS[p][sq]
        if leaps is None or leaps[0] - leaps[1](owner).count(mine) <= BOXED_SQUARES:
            total += -BOXED if mine == 1 else BOXED
    return total


def counts(board: Sequence[int]) -> tuple[list[int], list[float]]:
    """By colour: the pieces besides the king, and how far they keep that side from a bare
    king (its cover: the sum of `COVER` over them)."""
    present = bytes(board)
    side = present.translate(_SIDE)
    pieces = [side.count(1), side.count(2)]
    covers = [sum(present.translate(table)) / 4 for table in _COVER_QUARTERS]
    return pieces, covers


def evaluate(board: Sequence[int], base: float, colour: int) -> float:
    """The position's value for `colour`, given its `score` (White's side) as `base`."""
    terms, fewer, stuck, thin, hunts = _board_terms(bytes(board))
    lead = base + terms
    # TRADE and the hunt count from nothing at a pawn ahead to in full from two
    if lead > 1.0:
        lead += min(lead - 1.0, 1.0) * (TRADE * fewer + hunts[0])
    elif lead < -1.0:
        lead -= min(-lead - 1.0, 1.0) * (TRADE * fewer + hunts[1])
    if stuck and ((lead > 0 and stuck & 1) or (lead < 0 and stuck & 2)):
        lead *= STUCK
    if thin and ((lead > 0 and thin & 1) or (lead < 0 and thin & 2)):
        lead *= PAWNLESS
    return lead if colour == WHITE else -lead


@lru_cache(maxsize=BOARD_CACHE)
def _board_terms(present: bytes) -> tuple[float, int, int, int, tuple[float, float]]:
    """The terms of `evaluate` only the whole board tells, but for `TRADE` and `hunt`
    (White's side), how many pieces besides the kings are gone, which sides are `stuck` (1
    White, 2 Black), which sides' leads are thin (`pawnless`), and by colour what the hunt
    of the other king is worth to a side well ahead; remembered, since the search's
    iterations come back to the same leaves again and again."""
    pieces, covers = counts(present)
    phase = min(pieces[0] + pieces[1], PHASE_FULL) / PHASE_FULL  # 1: middle game, 0: end
    white_king, black_king = present.index(WHITE_KING), present.index(BLACK_KING)
    terms = _mobility(present)
    terms += phase * (KING_MIDDLE[white_king] - KING_MIDDLE[63 - black_king])
    exposed = back_rank(present, white_king, WHITE) - back_rank(present, black_king, BLACK)
    terms -= phase * BACK_RANK * exposed
    terms += (1 - phase) * (KING_END[white_king] - KING_END[black_king])
    terms += FEW * (max(0.0, FEW_COVER - covers[1]) - max(0.0, FEW_COVER - covers[0]))
    stuck = stuck_side(present, WHITE) | stuck_side(present, 1 - WHITE) << 1
    hunts = (
        hunt(white_king, black_king) if pieces[1] <= 1 else 0.0,
        hunt(black_king, white_king) if pieces[0] <= 1 else 0.0,
    )
    return terms, 2 * PHASE_FULL - pieces[0] - pieces[1], stuck, pawnless(present), hunts


# By colour: the row its king starts on, where the other side's pawns promote (rank 1 for
# White, 8 for Black)
FIRST_ROW = (PROMOTION_ROW[BLACK], PROMOTION_ROW[WHITE])
# By colour, by square: for a rook there, the squares between it and that colour's first row
# down its file (a slice of the board), and the square on the row; None on the row itself.
_DOWN_TO_FIRST_ROW = (
    tuple((slice(sq - 8, 7, -8), sq & 7) if sq >> 3 else None for sq in range(64)),
    tuple((slice(sq + 8, 56, 8), 56 | sq & 7) if sq >> 3 != 7 else None for sq in range(64)),
)


def back_rank(present: bytes, king: int, colour: int) -> int:
    """How many of the other side's rooks could come down their file to the first row of
    `colour`, where its king stands on `king` (0 if the king stands elsewhere): every square
    on the way empty, and the square on the row empty or `colour`'s."""
    if king >> 3 != FIRST_ROW[colour]:
        return 0
    rook = piece(1 - colour, ROOK)
    down = _DOWN_TO_FIRST_ROW[colour]
    count = 0
    sq = present.find(rook)
    while sq >= 0:
        way = down[sq]
        if way and not any(present[way[0]]):
            landing = present[way[1]]
            count += not landing or landing >> 3 == colour
        sq = present.find(rook, sq + 1)
    return count


def hunt(hunter: int, prey: int) -> float:
    """What a side well ahead gains when the other side has one piece left besides its king
    (on `prey`) and its own king is on `hunter`: `HUNT_EDGE` for each step the prey stands
    from the middle (3 in a corner), `HUNT_NEAR` for each step the kings are nearer than 7
    (the king's steps between them)."""
    apart = max(abs(hunter % 8 - prey % 8), abs(hunter // 8 - prey // 8))
    return HUNT_EDGE * (3.0 - _centrality(prey)) + HUNT_NEAR * (7 - apart)


def _half_pawns() -> bytes:
    """By piece code: the piece's material (`MATERIAL`) in half pawns, White's positive and
    Black's negative, offset by 128 so it fits a byte; kings and empty squares 128."""
    return bytes(
        128 + (1 if p >> 3 == WHITE else -1) * round(2 * MATERIAL.get(p & 7, 0.0))
        if 0 < p < 16
        else 128
        for p in range(256)
    )


_HALF_PAWNS = _half_pawns()
_PAWNS = (piece(WHITE, PAWN), piece(1 - WHITE, PAWN))


def pawnless(present: bytes) -> int:
    """The sides whose lead counts only `PAWNLESS` of itself (1 White, 2 Black): without a
    pawn (none to make a new piece of) and at most `PAWNLESS_LEAD` pawns of material ahead,
    or behind."""
    lead = (sum(present.translate(_HALF_PAWNS)) - 128 * len(present)) / 2
    thin = 0
    if _PAWNS[0] not in present and lead <= PAWNLESS_LEAD:
        thin |= 1
    if _PAWNS[1] not in present and -lead <= PAWNLESS_LEAD:
        thin |= 2
    return thin


# By colour, by piece code: 1 for that colour's pawns, knights and rooks (they reach squares
# of every colour), 2 for its fers and bishops (bound to a colour or a quarter), else 0.
_REACH_KIND = tuple(
    bytes(
        (1 if p & 7 in (PAWN, KNIGHT, ROOK) else 2 if p & 7 in (BISHOP, QUEEN, JUMPER) else 0)
        if 0 < p < 16 and p >> 3 == c
        else 0
        for p in range(256)
    )
    for c in (WHITE, 1 - WHITE)
)
EVERYWHERE = 0b1111


def reach(code: int, sq: int) -> int:
    """The squares the piece `code` on `sq` can ever move to, as a set of the four classes
    of squares by the parities of file and rank (bit file % 2 + 2 * (rank % 2)): a bishop's
    jump keeps both parities, a fers's step keeps their sum's (the colour of the square);
    the other pieces reach every class."""
    kind = code & 7
    here = 1 << ((sq & 1) | (sq >> 3 & 1) << 1)
    if kind == BISHOP:
        return here
    if kind in (QUEEN, JUMPER):
        return 0b1001 if here & 0b1001 else 0b0110
    return EVERYWHERE


def stuck_side(present: bytes, side: int) -> int:
    """1 if no piece of `side` besides its king can ever take one of the other side's pieces
    (so it cannot leave the other king bare), else 0."""
    mine = present.translate(_REACH_KIND[side])
    if 1 in mine:
        return 0  # a pawn, knight or rook reaches every square
    theirs = present.translate(_REACH_KIND[1 - side])
    if 2 not in theirs:
        return 0  # the other side's pieces, if any, can be reached by anything
    covered = 0
    for sq in compress(SQUARES, mine):
        covered |= reach(present[sq], sq)
    for sq in compress(SQUARES, theirs):
        if theirs[sq] == 2 and not covered & reach(present[sq], sq):
            return 1
    return 0
