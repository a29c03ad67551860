"""Gwyddbwyll's test fixtures: what every suite that runs over the games needs of it
(engine/contract/fixtures.py names each); the tests' own files hold no list of games."""

from __future__ import annotations

from ...contract.fixtures import RecordTree
from ...contract.replay import replay
from .rules import BLACK, GwState, Gwyddbwyll, state_from_pieces

SAMPLE_LINE = ("c2b2", "c7b7")

# Pawns e3-e4 and e6-e5, White's knight d2-c4; or Black's a-pawn two squares (a6-a4) and
# White's b3 pawn takes it diagonally forward, or h3-h4; the main line ends in an agreed
# draw.
RECORD_TREE = RecordTree(
    main=("e3e4", "e6e5", "d2c4"),
    side=("a6a4", "b3a4"),
    nested="h3h4",
    ending="draw-agreed",
    ending_at=None,
    text="""\
1. e3e4
2. e6e5
  (2. a6a4
   3. b3a4
    (3. h3h4))
3. d2c4
draw-agreed
""",
)


def mate_threat() -> GwState:
    """Gwyddbwyll, Black to move: White Kg6 Ra1, Black Kh8 Nd5.  White threatens Ra8 mate
    (g7 and h7 are the king's, g8 the rook's).  The knight saves Black by guarding a8 (b6,
    c7) or giving check (e7, f4); Kg8, or the knight anywhere else (f6: Kxf6 leaves a bare
    king), loses at once."""
    return state_from_pieces({"g6": "K", "a1": "R", "h8": "k", "d5": "n"}, turn=BLACK)


def win_in_one() -> GwState:
    """Black's king steps into the mate: Ra8."""
    return replay(Gwyddbwyll(), mate_threat(), ["h8g8"])[-1]


WINNING_MOVES = frozenset({"a1a8"})


def threat() -> GwState:
    return mate_threat()


# Which step teaches each section of the rules page (web/rules/gwyddbwyll.html's <h3>s).
COURSE_COVERS = {
    "The game": ["pawn"],
    "Two corrections to the reconstruction": ["pawn"],
    "Board and setup": ["pawn"],
    "How the pieces move": ["bishop"],
    "En passant and promotion": ["en-passant", "promotion"],
    "Check and the end of the game": ["check", "mate", "stalemate", "bare-king"],
    "Notation": ["pawn"],
    "The pieces": ["pawn", "bishop", "promotion"],
    "Source": ["pawn"],
}

# The browser's search rate from the start (docs/benchmarks.md: 337 playouts/s) times 0.12 s,
# raised as mid-game positions search faster (CPython's mid-game / start ratio: 1.2).
GRAPH_PLAYOUTS = 50

OLD_LEAN_SHOWN = True  # it did, far beyond (issue 27: +26 to +41 points over the games)

# Mid-game (random legal moves, seed 3), two players.
ANALYSIS_POSITION = ("gwyddbwyll/1//e2g1.d7e5.d3e4.e5d7.a3a4.e7g8.c3c5.f7h7.g3g4.b6b4", 2)

STYLE_PROBE = ("svg.gwyddbwyll .sq.light", "fill", "rgb(236, 220, 188)")

# None: the flip test reads each square's aria-label, and this board names its squares by a
# <title> instead (its pieces carry the aria-labels); its own e2e tests flip it.
FLIP = None
