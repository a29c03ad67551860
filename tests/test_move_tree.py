"""The move tree (engine/formats/move_tree.py): adding moves, branching, reusing a move already
played, promoting and deleting lines, endings, the move list's rows and the line a link
carries.  The trees are drawn by hand in each test; expected rows and paths are worked out
from the drawings (and, where a game is used, from its rules page, web/rules/<game>.html)."""

from __future__ import annotations

import pytest

from engine import EngineError, ReplayError, games
from engine.formats.move_tree import Line, MoveTree, Row, TreeBuilder

# Rug Pile's fool's mate (web/rules/rugpile.html, "Example: the fool's mate"): 1. 3x3a3
# 2. 3x3b2 3. 2x2d1
FOOL = ("3x3a3", "3x3b2", "2x2d1")


def sample() -> MoveTree:
    """start ── a1 ── b1 ── c1 ── d1        (main line)
    │     └── c2              (side line at ply 3)
    ├── b2 ── c3              (side line at ply 2)
    │     └── c4              (its own side line at ply 3)
    └── b3                    (a second side line at ply 2)"""
    tree = MoveTree.from_line(["a1", "b1", "c1", "d1"])
    tree, _ = tree.add((0, 0), "c2")
    tree, b2 = tree.add((0,), "b2")
    tree, _c3 = tree.add(b2, "c3")
    tree, _ = tree.add(b2, "c4")
    tree, _ = tree.add((0,), "b3")
    return tree


def test_a_line_is_a_tree_with_one_child_at_each_position():
    tree = MoveTree.from_line(FOOL)
    assert tree.main_line() == FOOL
    assert tree.line_end(()) == (0, 0, 0) and tree.line_end((0,)) == (0, 0, 0)
    assert tree.moves((0, 0)) == FOOL[:2] and tree.moves(()) == ()
    assert tree.children(()) == ("3x3a3",) and tree.children((0, 0, 0)) == ()
    assert MoveTree().main_line() == () and MoveTree.from_line(()) == MoveTree()


def test_a_move_at_the_end_extends_the_line():
    tree, path = MoveTree.from_line(FOOL[:2]).add((0, 0), "2x2d1")
    assert path == (0, 0, 0) and tree == MoveTree.from_line(FOOL)
    tree, path = MoveTree().add((), "3x3a3")
    assert path == (0,) and tree.main_line() == ("3x3a3",)


def test_a_move_already_played_is_reused():
    tree = sample()
    again, path = tree.add((0,), "b2")  # b2 is the first side line at ply 2
    assert again == tree and path == (0, 1)
    again, path = tree.add((0,), "b1")
    assert again == tree and path == (0, 0)


def test_another_move_from_a_past_position_starts_a_side_line_and_keeps_the_main_line():
    tree = MoveTree.from_line(FOOL)
    branched, path = tree.add((0,), "3x3c3")
    assert path == (0, 1)
    assert branched.main_line() == FOOL  # nothing discarded
    assert branched.children((0,)) == ("3x3b2", "3x3c3")  # the new move last
    deeper, path2 = branched.add(path, "2x2a1")
    assert path2 == (0, 1, 0) and deeper.moves(path2) == ("3x3a3", "3x3c3", "2x2a1")
    third, path3 = deeper.add((0,), "2x2e1")
    assert path3 == (0, 2) and third.children((0,)) == ("3x3b2", "3x3c3", "2x2e1")
    assert tree.main_line() == FOOL and tree.children((0,)) == ("3x3b2",)  # immutable


def test_rows_show_side_lines_after_the_move_they_replace():
    # the drawing in `sample`: b2's line (with c4 under c3) and b3 come after b1, then c1
    # with c2 after it, then d1
    assert sample().rows() == [
        Row((0,), "a1", 0, 1),
        Row((0, 0), "b1", 0, 2),
        Row((0, 1), "b2", 1, 2),
        Row((0, 1, 0), "c3", 1, 3),
        Row((0, 1, 1), "c4", 2, 3),
        Row((0, 2), "b3", 1, 2),
        Row((0, 0, 0), "c1", 0, 3),
        Row((0, 0, 1), "c2", 1, 3),
        Row((0, 0, 0, 0), "d1", 0, 4),
    ]
    assert MoveTree().rows() == []


def test_promote_a_side_line_to_the_main_line():
    tree, path = sample().promote((0, 0, 1))  # c2 replaces c1 on the main line
    assert path == (0, 0, 0)
    assert tree.main_line() == ("a1", "b1", "c2")
    assert tree.children((0, 0)) == ("c2", "c1")  # the old main move is now a side line
    assert tree.moves((0, 0, 1, 0)) == ("a1", "b1", "c1", "d1")
    assert tree.children((0,)) == ("b1", "b2", "b3")  # untouched above


def test_promote_a_side_line_of_a_side_line():
    tree, path = sample().promote((0, 1, 1))  # c4 in b2's line
    assert path == (0, 0, 0)
    assert tree.main_line() == ("a1", "b2", "c4")
    assert tree.children((0,)) == ("b2", "b1", "b3")  # b2 first, the others in their order
    assert tree.children((0, 0)) == ("c4", "c3")
    assert tree.moves(tree.line_end((0, 1))) == ("a1", "b1", "c1", "d1")
    # promoting a position in the middle of a side line brings its whole line
    tree, path = sample().promote((0, 1))
    assert path == (0, 0) and tree.main_line() == ("a1", "b2", "c3")
    # a main-line position: nothing changes
    assert sample().promote((0, 0, 0)) == (sample(), (0, 0, 0))


def test_delete_a_side_line():
    tree, shown = sample().delete((0, 1))  # b2 and all below it (c3, c4)
    assert shown == (0,)
    assert tree.children((0,)) == ("b1", "b3")
    assert [row.move for row in tree.rows()] == ["a1", "b1", "b3", "c1", "c2", "d1"]


def test_delete_a_main_line_move_lets_its_first_side_line_take_its_place():
    tree, shown = sample().delete((0, 0))  # b1, c1, c2 and d1 go
    assert shown == (0,)
    assert tree.main_line() == ("a1", "b2", "c3")  # b2 was the first side line
    assert tree.children((0,)) == ("b2", "b3")
    tree, shown = sample().delete((0,))
    assert tree == MoveTree() and shown == ()
    with pytest.raises(EngineError, match="the start position cannot be deleted"):
        sample().delete(())


def test_a_line_may_end_with_a_resignation_or_an_agreed_draw():
    tree = MoveTree.from_line(FOOL[:2], "red-resigns")
    assert tree.ending((0, 0)) == "red-resigns" and tree.ending((0,)) == ""
    with pytest.raises(EngineError, match="no move can follow 'red-resigns'"):
        tree.add((0, 0), "2x2d1")
    branched, path = tree.add((0,), "3x3c3")  # a side line may leave before the end
    assert path == (0, 1) and branched.ending((0, 0)) == "red-resigns"
    ended = branched.with_ending(path, "draw-agreed")
    assert ended.ending((0, 1)) == "draw-agreed"
    assert ended.with_ending((0, 1), "") == branched  # taking the ending back
    with pytest.raises(EngineError, match="cannot end the line before its move '3x3b2'"):
        tree.with_ending((0,), "blue-resigns")
    with pytest.raises(EngineError, match="not a resignation or an agreed draw"):
        tree.with_ending((0, 0), "resign")
    assert MoveTree.from_line((), "draw-agreed").ending(()) == "draw-agreed"


def test_the_line_a_link_carries():
    tree = sample().with_ending((0, 1, 0), "white-resigns")
    assert tree.record_line((0, 1)) == Line(("a1", "b2", "c3"), "white-resigns", 2)
    assert tree.record_line((0,)) == Line(("a1", "b1", "c1", "d1"), "", 1)
    assert tree.record_line(()) == Line(("a1", "b1", "c1", "d1"), "", 0)
    assert tree.record_line((0, 0, 1)) == Line(("a1", "b1", "c2"), "", 3)
    # a line read back from a link is a tree of that line, shown at its ply
    line = tree.record_line((0, 1))
    back = MoveTree.from_line(line.moves, line.ending)
    assert back.record_line((0,) * line.ply) == line
    assert tree.on_main_line((0, 0, 0)) and not tree.on_main_line((0, 1, 0))


@pytest.mark.parametrize(
    "path,message",
    [
        ((1,), "no position 1: after the start the moves are numbered 0 to 0"),
        ((0, 3), "no position 0.3: after 0 the moves are numbered 0 to 2"),
        ((0, -1), "no position 0.-1"),
        ((0, True), "no position 0.True"),
        ((0, "1"), "no position 0.1"),
        ((0, 0, 0, 0, 0), "no position 0.0.0.0.0: no move follows 0.0.0.0"),
        ("0.1", "a path is a tuple of child numbers, not str"),
        (None, "a path is a tuple of child numbers, not NoneType"),
    ],
)
def test_a_bad_path_is_an_engine_error(path, message):
    tree = sample()
    for call in (
        lambda: tree.moves(path),
        lambda: tree.add(path, "e1"),
        lambda: tree.promote(path),
        lambda: tree.delete(path),
        lambda: tree.with_ending(path, "draw-agreed"),
        lambda: tree.record_line(path),
        lambda: tree.children(path),
        lambda: tree.line_end(path),
    ):
        with pytest.raises(EngineError, match=message):
            call()


@pytest.mark.parametrize("move", ["", "E4", "e4 e5", "a" * 17, "é4", 7, None, ("e", 4)])
def test_a_bad_move_is_an_engine_error(move):
    with pytest.raises(EngineError, match="is not a move"):
        sample().add((0,), move)


def test_a_long_line_needs_no_recursion():
    moves = [f"m{i}" for i in range(5000)]
    tree = MoveTree.from_line(moves)
    tree, path = tree.add((0,) * 4000, "x1")
    assert path == (0,) * 4000 + (1,)
    assert len(tree.rows()) == 5001 and tree.rows()[4001] == Row(path, "x1", 1, 4001)
    promoted, _ = tree.promote(path)
    assert promoted.main_line() == (*moves[:4000], "x1")
    assert promoted == promoted.builder().tree()


def test_a_builder_numbers_nodes_as_it_makes_them():
    builder = TreeBuilder()
    a = builder.add(0, "a1")
    b = builder.add(a, "b1")
    c = builder.add(a, "b2")
    assert (a, b, c) == (1, 2, 3) and builder.add(a, "b1") == b
    assert builder.path(c) == (0, 1) and builder.node((0, 1)) == c
    assert builder.tree() == MoveTree.from_line(["a1", "b1"]).add((0,), "b2")[0]


def test_replaying_lines_with_a_game():
    rug = games.get("rugpile")
    tree, side = MoveTree.from_line(FOOL).add((0,), "3x3c3")
    states = tree.all_states(rug, rug.new())
    assert set(states) == {(), (0,), (0, 0), (0, 0, 0), (0, 1)}
    # after the fool's mate Blue cannot place: the game is over (web/rules/rugpile.html)
    assert rug.result(states[(0, 0, 0)]) is not None and rug.result(states[side]) is None
    assert tree.states(rug, rug.new(), side)[-1] == states[side]
    # Red covering its own colour (a3-c5 still shows red at a3): illegal
    bad, _ = tree.add(side, "3x3a3")
    with pytest.raises(ReplayError, match="move 3 \\('3x3a3'\\)"):
        bad.all_states(rug, rug.new())
