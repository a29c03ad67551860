"""Rug Pile's test fixtures: what every suite that runs over the games needs of it
(engine/contract/fixtures.py names each); the tests' own files hold no list of games."""

from __future__ import annotations

from ...contract.fixtures import RecordTree
from ...contract.replay import replay
from .rules import RugPile, RugState

SAMPLE_LINE = ("3x3a3", "2x2a1")

# The fool's mate; Blue's 3x3 at c3 covers only c3-c5 of Red's a3-c5 (legal), Red's 2x2s at
# a1 and d1 lie on blank squares; Blue resigns in the side line.
RECORD_TREE = RecordTree(
    main=("3x3a3", "3x3b2", "2x2d1"),
    side=("3x3c3", "2x2a1"),
    nested="2x2d1",
    ending="blue-resigns",
    ending_at=(0, 1, 0),
    text="""\
1. 3x3a3
2. 3x3b2
  (2. 3x3c3
   3. 2x2a1
    (3. 2x2d1) blue-resigns)
3. 2x2d1
""",
)


def win_in_one() -> RugState:
    """The seed's fool's mate: after 3x3a3 3x3b2, Red's 2x2d1 leaves Blue no placement."""
    game = RugPile()
    return replay(game, game.new(), ["3x3a3", "3x3b2"])[-1]


WINNING_MOVES = frozenset({"2x2d1"})


def threat() -> RugState:
    """After Red's 3x3a3, Blue's 3x3b2 allows the fool's mate; Blue's 47 other tiles do not."""
    game = RugPile()
    return replay(game, game.new(), ["3x3a3"])[-1]


# Which step teaches each section of the rules page (web/rules/rugpile.html's <h3>s).
COURSE_COVERS = {
    "Pieces and board": ["first-rug"],
    "Your turn": ["restrictions"],
    "The end": ["count", "fools-mate"],
    "Example: the fool's mate": ["fools-mate"],
    "Playing here": ["first-rug", "turn-tile"],
    "Notation": ["first-rug"],
    "Our readings": ["turn-tile"],
}

# The browser's search rate from the start (docs/benchmarks.md: 397 playouts/s) times 0.12 s,
# raised as mid-game positions search faster (CPython's mid-game / start ratio: 2.6).
GRAPH_PLAYOUTS = 100

OLD_LEAN_SHOWN = True  # it did, far beyond (issue 27: +26 to +41 points over the games)

# Mid-game (random legal moves, seed 3), two players.
ANALYSIS_POSITION = ("rugpile/1/players=2,size=5,tiles=4-3-2/2x2d4.3x3a1.2x2a3.2x2c4", 2)

STYLE_PROBE = ("#panel .supply", "display", "grid")

# None: a move is a tile picked in the panel and then a square, not cells clicked alone.
FLIP = None
