"""Stigmergy's test fixtures: what every suite that runs over the games needs of it
(engine/contract/fixtures.py names each); the tests' own files hold no list of games."""

from __future__ import annotations

from ...contract.fixtures import RecordTree
from ...contract.replay import replay
from .rules import WHITE, Stigmergy, StigmergyState, grid_for, setup

SAMPLE_LINE = ("komi-5", "white", "e5")

# Bid: the first seat bids komi 3, the second picks its colour, Black's first board play;
# with an odd komi Black may take the button instead.
RECORD_TREE = RecordTree(
    main=("komi3", "black", "h8"),
    side=("white", "a1"),
    nested="button",
    ending="",
    ending_at=None,
    text="""\
1. komi3
2. black
  (2. white
   3. a1
    (3. button))
3. h8
""",
)


def halves() -> StigmergyState:
    """Stigmergy, side 4, komi 0, White to move.  Black holds rows a-c but the corners a1 and
    a4, and d1-d4; White holds rows e-g but the corners g1 and g4, and d5-d7.  Each side
    controls the two empty corners on its own side, so every empty cell is controlled and
    either side may pass: Black 17 stones + 2 cells = 19, White 16 + 2 = 18."""
    names = grid_for(4).names
    black = [c for c in names if c[0] in "abc" and c not in ("a1", "a4")]
    white = [c for c in names if c[0] in "efg" and c not in ("g1", "g4")]
    black += ["d1", "d2", "d3", "d4"]
    white += ["d5", "d6", "d7"]
    return setup(4, black=black, white=white, colour_to_move=WHITE)


def win_in_one() -> StigmergyState:
    """White passes; Black's pass ends the game, 19 to 18 (Black may also place on a1, a4)."""
    return replay(Stigmergy(), halves(), ["pass"])[-1]


WINNING_MOVES = frozenset({"pass", "a1", "a4"})


def threat() -> StigmergyState:
    """White, behind 18 to 19, must not pass (Black would pass and win); g1 or g4 is safe."""
    return halves()


# Which step teaches each section of the rules page (web/rules/stigmergy.html's <h3>s).
COURSE_COVERS = {
    "Board": ["place"],
    "Sight and control": ["control", "flip"],
    "Your turn": ["flip", "end"],
    "Score": ["button", "end"],
    "Komi and the button": ["bid", "komi", "button"],
    "Our readings": ["komi"],
    "Options": ["place"],
    "Notation": ["place"],
}

# The browser's search rate from the start (docs/benchmarks.md: 2097 playouts/s) times 0.12
# s, lowered as the start is the cheap komi bid (CPython's mid-game / start ratio: 0.47).
GRAPH_PLAYOUTS = 120

# The graph judges Stigmergy by its best move still (its playouts carry no noise to lean), so
# the old measure shows no lean here to see.
OLD_LEAN_SHOWN = False

# Mid-game (random legal moves, seed 3), two players.
ANALYSIS_POSITION = ("stigmergy/1/size=4,komi=2/d1.g3.b5.e5.g1.e3.d6.a3", 2)

STYLE_PROBE = (".stig-board .hex", "fill", "rgb(220, 185, 120)")

FLIP = ("a1", None, ["a1"], "a1")
