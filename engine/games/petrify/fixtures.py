"""Petrify's test fixtures: what every suite that runs over the games needs of it
(engine/contract/fixtures.py names each); the tests' own files hold no list of games."""

from __future__ import annotations

from ...contract.fixtures import RecordTree
from ...contract.replay import replay
from .rules import Petrify, PetrifyState

SAMPLE_LINE = ("d4", "e5")

# Placements on empty squares; Blue's c3 takes Orange's f6 along the empty diagonal d4-e5
# (the block left on c3 forms no mound or barricade); after a swap the opener plays Orange
# next, and resigns in the side line of the side line.
RECORD_TREE = RecordTree(
    main=("c3", "f6", "c3xf6"),
    side=("swap", "e5"),
    nested="d4",
    ending="orange-resigns",
    ending_at=(0, 1, 1),
    text="""\
1. c3
2. f6
  (2. swap
   3. e5
    (3. d4 orange-resigns))
3. c3xf6
""",
)

BLUE = [
    "a1",
    "a2",
    "a3",
    "a4",
    "a5",
    "a6",
    "b1",
    "b2",
    "b4",
    "b5",
    "b6",
    "d1",
    "d2",
    "e3",
    "c3",
    "d4",
    "d5",
    "d6",
]
ORANGE = [
    "e1",
    "e2",
    "e4",
    "e5",
    "e6",
    "f1",
    "f2",
    "f3",
    "f4",
    "f5",
    "f6",
    "b3",
    "c4",
    "c5",
    "c6",
    "c1",
    "c2",
    "d3",
]


def wall() -> PetrifyState:
    """Petrify, 6x6, Orange to move: 36 placements fill the board, then Blue's c3xb3, d4xc4,
    d5xc5, d6xc6 and Orange's c1xd1, c2xd2, d3xe3 leave a wall of blocks (#):

        6  B B B # O O
        5  B B B # O O
        4  B B B # O O
        3  B B # # O O
        2  B B # O O O
        1  B B # O O O
           a b c d e f

    No line crosses the wall, so neither side has a capture and Orange must pass.  Blue
    owns the left patch (15 squares), Orange the right one (14)."""
    game = Petrify()
    placements = [move for pair in zip(BLUE, ORANGE, strict=True) for move in pair]
    captures = ["c3xb3", "c1xd1", "d4xc4", "c2xd2", "d5xc5", "d3xe3", "d6xc6"]
    return replay(game, game.new(size=6), [*placements, *captures])[-1]


def win_in_one() -> PetrifyState:
    """Orange passes behind the wall; Blue's pass ends the game, 15 to 14 for Blue."""
    return replay(Petrify(), wall(), ["pass"])[-1]


WINNING_MOVES = frozenset({"pass"})


# None: a game ends only on the second of two passes, and passing is allowed only with no
# other move, so no single move of the opponent can be blocked.
threat = None


# Which step teaches each section of the rules page (web/rules/petrify.html's <h3>s).
COURSE_COVERS = {
    "Board and pieces": ["place", "patch"],
    "Your turn": ["capture"],
    "Mounds and barricades": ["mound"],
    "Pie rule": ["swap"],
    "Scoring": ["score", "patch"],
    "Options": ["place"],
    "Notation": ["place"],
    "Our readings": ["mound"],
}

# The browser's search rate from the start (docs/benchmarks.md: 603 playouts/s) times 0.12 s.
GRAPH_PLAYOUTS = 75

OLD_LEAN_SHOWN = True  # it did, far beyond (issue 27: +26 to +41 points over the games)

# Mid-game (random legal moves, seed 3), two players.
ANALYSIS_POSITION = ("petrify/1/size=6/d3.f6.c2.b5.d6.e1.a1.e1xa1", 2)

STYLE_PROBE = (".pf-colours", "list-style-type", "none")

FLIP = ("a1", "h8", ["a1"], "a1")
