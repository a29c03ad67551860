"""Wythe's test fixtures: what every suite that runs over the games needs of it
(engine/contract/fixtures.py names each); the tests' own files hold no list of games."""

from __future__ import annotations

from ...contract.fixtures import RecordTree
from ...contract.replay import replay
from .rules import Wythe, WytheState

SAMPLE_LINE = ("a1a2", "a3a4")

# Black lays c3d3 and White e5f5 on the empty board; White may swap instead on its first
# turn, and the opener, now White, lays next (any two empty neighbours).
RECORD_TREE = RecordTree(
    main=("c3d3", "e5f5", "a1a2"),
    side=("swap", "d4c4"),
    nested="h8h7",
    ending="",
    ending_at=None,
    text="""\
1. c3d3
2. e5f5
  (2. swap
   3. d4c4
    (3. h8h7))
3. a1a2
""",
)


def full_board() -> WytheState:
    """Wythe, 8x8, Black to move after 32 placements that cover the board flat.  Every row
    alike: pieces on a-b (black bit on a), c-d (black on d), e-f (black on e) and g-h (black
    on h), so the tops read B W W B B W W B across each row.  No placement is left:
    neighbouring stacks of two pieces show the same colour (like on like), and a piece may
    not lie exactly on another.  So Black must pass.  Groups: Black's the columns a and h (8
    each) and d-e (16); White's b-c and f-g (16 each): Black scores 8, White 16."""
    game = Wythe()
    rows = [(f"a{r}b{r}", f"d{r}c{r}", f"e{r}f{r}", f"h{r}g{r}") for r in range(1, 9)]
    return replay(game, game.new(), [move for row in rows for move in row])[-1]


def win_in_one() -> WytheState:
    """Black passes on the full board; White's pass ends the game, 16 to 8 for White."""
    return replay(Wythe(), full_board(), ["pass"])[-1]


WINNING_MOVES = frozenset({"pass"})


# None: a game ends only on the second of two passes, and passing is allowed only with no
# other move, so no single move of the opponent can be blocked.
threat = None


# Which step teaches each section of the rules page (web/rules/wythe.html's <h3>s).
COURSE_COVERS = {
    "Board and pieces": ["first-piece"],
    "Turns": ["stack", "frozen"],
    "Pie rule": ["swap"],
    "Passing and the end": ["the-end"],
    "Scoring": ["score", "the-end"],
    "Our readings": ["frozen", "swap"],
    "Options": ["first-piece"],
    "Notation": ["first-piece"],
}

# The browser's search rate from the start (docs/benchmarks.md: 253 playouts/s) times 0.12 s,
# raised as mid-game positions search faster (CPython's mid-game / start ratio: 1.4).
GRAPH_PLAYOUTS = 40

OLD_LEAN_SHOWN = True  # it did, far beyond (issue 27: +26 to +41 points over the games)

# Mid-game (random legal moves, seed 3), two players.
ANALYSIS_POSITION = ("wythe/1/size=6/c2d2.b5a5.f5f4.f1f2.d4c4.d6e6.a4b4.e3f3", 2)

STYLE_PROBE = (".wythe-board .sq", "cursor", "pointer")

FLIP = ("a1", "h8", ["a1", "a2"], "a1a2")
