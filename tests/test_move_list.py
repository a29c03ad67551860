"""The move list with side lines (web/logic/move_list.py) and the page's game as a tree of moves
(web/logic/session.py): expected markup and paths worked out by hand."""

from __future__ import annotations

import pytest

from engine import EngineError, Termination
from engine.ending import Ending
from engine.move_tree import MoveTree
from web.logic.move_list import move_list_html, parse_path, path_attr
from web.logic.session import Session


def b(path: str, ply: int, move: str, current: bool = False, side: bool = False) -> str:
    """The button the list writes for a move."""
    marked = ' aria-current="true"' if current else ""
    where = '<span class="visually-hidden">side line: </span>' if side else ""
    return (
        f'<button type="button" data-path="{path}" data-ply="{ply}"{marked}>{where}{move}</button>'
    )


def test_side_lines_sit_under_the_move_they_replace_nested_deeper():
    # main a b c; d instead of b, then e; f instead of e (a side line of the side line);
    # then the side line goes on with g
    tree, _ = MoveTree.from_line(["a", "b", "c"]).add((0,), "d")
    tree, _ = tree.add((0, 1), "e")
    tree, _ = tree.add((0, 1), "f")
    tree, _ = tree.add((0, 1, 0), "g")
    rows = tree.rows()
    html = move_list_html(rows, [r.move for r in rows], (0, 1, 1))
    assert html == (
        f'<li value="1">{b("0", 1, "a")}</li>'
        f'<li value="2">{b("0.0", 2, "b")}</li>'
        '<li class="side">'
        '<div class="line" style="--depth:1"><span class="ply">2.</span>'
        f"{b('0.1', 2, 'd', side=True)}"
        f"{b('0.1.0', 3, 'e', side=True)}</div>"
        f'<div class="line" style="--depth:2"><span class="ply">3.</span>'
        f"{b('0.1.1', 3, 'f', current=True, side=True)}</div>"
        f'<div class="line" style="--depth:1"><span class="ply">4.</span>'
        f"{b('0.1.0.0', 4, 'g', side=True)}</div>"
        "</li>"
        f'<li value="3">{b("0.0.0", 3, "c")}</li>'
    )


def test_the_list_says_who_played_each_move_when_given_the_movers():
    tree = MoveTree.from_line(["a", "b"])
    rows = tree.rows()
    html = move_list_html(rows, ["a", "b"], (0, 0), [("p0", "Red"), ("p1", "Blue & co")])
    assert (
        '<button type="button" data-path="0" data-ply="1"><span class="swatch p0" '
        'title="Red"></span><span class="visually-hidden">Red: </span>a</button>'
    ) in html
    assert (
        'title="Blue &amp; co"' in html and 'aria-current="true"><span class="swatch p1"' in html
    )


def test_paths_as_data_attributes():
    assert path_attr((0, 1, 2)) == "0.1.2" and path_attr(()) == ""
    assert parse_path("0.1.2") == (0, 1, 2) and parse_path("") == ()


def test_the_session_keeps_every_line_and_shows_one():
    s = Session("rugpile", moves=["3x3a3", "3x3b2", "2x2d1"])
    s.goto(1)
    s.play_text("2x2d4")  # Blue tries another reply: a side line
    assert s.moves == ["3x3a3", "2x2d4"] and s.live and s.path == (0, 1)
    assert s.tree.main_line() == ("3x3a3", "3x3b2", "2x2d1")
    assert s.fragment().endswith("/3x3a3.2x2d4")  # the link: the line on display
    s.goto(1)
    s.play_text("3x3b2")  # the move already played: followed, not added
    assert s.path == (0, 0) and s.moves == ["3x3a3", "3x3b2", "2x2d1"] and not s.live
    s.goto_path((0, 1))
    s.promote()
    assert s.tree.main_line() == ("3x3a3", "2x2d4") and s.path == (0, 0)
    assert s.tree.children((0,)) == ("2x2d4", "3x3b2")
    assert s.states[-1] == s.known[(0, 0)]  # the positions follow the renumbering
    s.goto_path((0, 1, 0))
    s.delete()  # 2x2d1 goes; 3x3b2 is shown
    assert s.path == (0, 1) and s.tree.children((0, 1)) == ()
    with pytest.raises(EngineError):
        s.goto_path((5,))


def test_a_line_with_an_ending_and_a_side_line_before_it():
    s = Session.from_fragment("gwyddbwyll/1//e3e4.black-resigns")
    s.goto(0)
    s.play_text("c3c4")  # another first move: the game goes on there
    assert s.ending is None and not s.over and s.path == (1,)
    s.goto_path((0,))
    assert s.ending == Ending(Termination.RESIGNATION, 1) and s.over
    assert s.current_record().ending == "black-resigns"


def test_side_lines_kept_for_a_reload_come_back_around_the_links_line():
    from web.logic.session import side_lines_text, with_side_lines

    s = Session("rugpile", moves=["3x3a3", "3x3b2", "2x2d1"])
    assert side_lines_text(s) == ""  # one line: the link holds it
    s.goto(1)
    s.play_text("2x2d4")  # a side line, shown
    s.goto(1)
    kept = side_lines_text(s)
    assert "(2. 2x2d4" in kept
    back = with_side_lines(Session.from_fragment(s.fragment()), kept)
    assert back.tree == s.tree and back.path == (0,) and back.moves == ["3x3a3", "2x2d4"]
    # another game's, or a line the tree does not have: the link as it is
    other = Session.from_fragment("rugpile/1/players=2,size=5,tiles=4-3-2/2x2a1")
    assert with_side_lines(other, kept) is other
    assert with_side_lines(other, "not a record") is other
