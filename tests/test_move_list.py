"""The move list with side lines (web/logic/move_list.py) and the page's game as a tree of moves
(web/logic/session.py): expected markup and paths worked out by hand."""

from __future__ import annotations

import pytest

from engine import EngineError, Termination
from engine.contract.ending import Ending
from engine.formats.move_tree import MoveTree
from web import boards
from web.boards.base import Board
from web.logic.move_list import MoveList, Update, labels, line_html, move_list_html
from web.logic.session import Session


def b(row: int, ply: int, move: str, current: bool = False, side: bool = False) -> str:
    """The button the list writes for a move."""
    marked = ' aria-current="true"' if current else ""
    where = '<span class="visually-hidden">side line: </span>' if side else ""
    return (
        f'<button type="button" data-row="{row}" data-ply="{ply}"{marked}>{where}{move}</button>'
    )


def n(move: int) -> str:
    """The number of a full move, before White's move in a list by full moves."""
    return f'<span class="n">{move}.</span>'


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
        f'<li value="1">{b(0, 1, "a")}</li>'
        f'<li value="2">{b(1, 2, "b")}</li>'
        '<li class="side">'
        '<div class="line" style="--depth:1"><span class="ply">2.</span>'
        f"{b(2, 2, 'd', side=True)}"
        f"{b(3, 3, 'e', side=True)}</div>"
        f'<div class="line" style="--depth:2"><span class="ply">3.</span>'
        f"{b(4, 3, 'f', current=True, side=True)}</div>"
        f'<div class="line" style="--depth:1"><span class="ply">4.</span>'
        f"{b(5, 4, 'g', side=True)}</div>"
        "</li>"
        f'<li value="3">{b(6, 3, "c")}</li>'
    )


def test_the_list_says_who_played_each_move_when_given_the_movers():
    tree = MoveTree.from_line(["a", "b"])
    rows = tree.rows()
    html = move_list_html(rows, ["a", "b"], (0, 0), [("p0", "Red"), ("p1", "Blue & co")])
    assert (
        '<button type="button" data-row="0" data-ply="1"><span class="swatch p0" '
        'title="Red"></span><span class="visually-hidden">Red: </span>a</button>'
    ) in html
    assert (
        'title="Blue &amp; co"' in html and 'aria-current="true"><span class="swatch p1"' in html
    )


def long_game(plies: int) -> Session:
    """A Gwyddbwyll game of `plies` moves: each side's knight hops out and back (e2-g1,
    e7-g8), which never ends the game before its move limit."""
    shuffle = ["e2g1", "e7g8", "g1e2", "g8e7"]
    return Session.from_fragment("gwyddbwyll/1//" + ".".join(shuffle[k % 4] for k in range(plies)))


def test_a_step_rewrites_nothing_and_only_moves_the_current_mark():
    session = long_game(6)
    view, board = session.game.view(session.state), boards.get(session.game.id)
    moves = MoveList()
    first = moves.update(session, view, board)
    assert first.markup is not None and first.markup.count("<button") == 6
    assert "aria-current" not in first.markup and first.current == 5  # the last move
    session.goto(2)
    assert moves.update(session, view, board).markup is None  # the same tree: kept
    assert moves.update(session, view, board).current == 1
    session.goto(0)
    assert moves.update(session, view, board).current is None  # the start: no move
    assert moves.path("3") == (0, 0, 0, 0) and moves.path("6") is None
    assert moves.path("") is None and moves.path("1.0") is None and moves.path("-1") is None
    states = session.states
    session.goto_path((0, 0))  # a move of the line on display: its positions are kept
    assert session.states is states and session.ply == 2
    session.play_text("d2e4")  # a side line: the tree changed, the list is written again
    after = moves.update(session, view, board)
    assert after.markup is not None and after.markup.count("<button") == 7
    assert moves.path(str(after.current)) == session.path == (0, 0, 1)


def per_ply(game_id: str) -> Board:
    """The board of `game_id`, numbering every move as the placement games' boards do: the
    list's mechanics for one line numbered by plies, shown on Gwyddbwyll's long games."""
    board = boards.get(game_id)
    return type("PerPly", (type(board),), {"full_moves": False})(board.game)


def whole(update: Update) -> str:
    """A list's markup with every part of it written."""
    assert update.markup is not None
    return update.markup + "".join(update.later or ())


def test_a_long_games_markup_grows_with_its_length_not_its_square():
    plies = 2000
    session = long_game(plies)
    update = MoveList().update(
        session, session.game.view(session.state), boards.get(session.game.id)
    )
    assert whole(update).count("<button") == plies
    assert len(whole(update)) < 100 * plies  # a path per button: about 4,000,000


def test_a_long_line_is_written_in_parts_each_labelled_when_written():
    session = long_game(250)
    view, board = session.game.view(session.state), per_ply(session.game.id)
    update = MoveList().update(session, view, board)
    assert update.markup is not None and update.later is not None and update.current == 249
    # The first part: moves 1-100, a list of its own in one item, numbered from 1.
    assert update.markup.startswith('<li class="part"><ol start="1"><li>' + b(0, 1, "Ne2g1"))
    assert update.markup.endswith(b(99, 100, "Ng8e7") + "</li></ol></li>")
    assert update.markup.count("<button") == 100
    session.goto(10)
    game = session.game
    other = next(
        m for m in game.legal_moves(session.state) if game.notation(session.state, m) != "g1e2"
    )
    session.play(other)  # a side line: the session changes before the other parts are written
    assert len(session.states) == 12
    second, third = list(update.later)  # they are the line as it was when the list was made
    assert second.startswith('<li class="part"><ol start="101"><li>' + b(100, 101, "Ne2g1"))
    assert second.count("<button") == 100
    assert third.startswith('<li class="part"><ol start="201">')
    assert (
        third.endswith(b(249, 250, "Ne7g8") + "</li></ol></li>") and third.count("<button") == 50
    )


def test_a_line_under_200_moves_is_one_list():
    session = long_game(199)
    update = MoveList().update(session, session.game.view(session.state), per_ply("gwyddbwyll"))
    assert update.later is None and update.markup is not None
    assert update.markup.startswith("<li>" + b(0, 1, "Ne2g1") + "</li>")
    assert update.markup.count("<li>") == 199 and "part" not in update.markup


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


def test_a_list_that_is_one_line_is_the_same_markup_made_without_paths():
    session = long_game(7)
    session.goto(3)
    session.hint_at = session.path
    session.play_text("g8e7")  # the move already played: followed, marked as hinted
    view, board = session.game.view(session.state), per_ply(session.game.id)
    rows = session.tree.rows()
    whole = move_list_html(rows, labels(session.game, session.known, rows), None, None, {(0,) * 4})
    update = MoveList().update(session, view, board)
    numbered = whole  # the same items, numbered by the list rather than each by its own
    for ply in range(1, 8):
        numbered = numbered.replace(f'<li value="{ply}">', "<li>")
    assert session.hinted == {(0,) * 4} and update.markup == numbered
    assert "hinted" in whole and update.current == 3


def test_a_move_at_the_end_of_a_long_line_adds_one_item_and_rewrites_nothing():
    session = long_game(2000)
    view, board = session.game.view(session.state), per_ply(session.game.id)
    moves = MoveList()
    first = whole(moves.update(session, view, board))
    assert first.count("value=") == 1  # only move 1,000 says its number
    assert '<li value="1000"><button type="button" data-row="999" ' in first
    line = session.known.line
    session.play_text("e2g1")  # ply 2001: white's knight hops out again
    assert session.known.line is line and len(line) == 2002  # its position added, no rebuild
    update = moves.update(session, view, board)
    assert update.markup is None and update.current == 2000
    assert update.append == "<li>" + b(2000, 2001, "Ne2g1") + "</li>"  # numbered by the list
    assert moves.path("2000") == (0,) * 2001 and moves.path("2001") is None
    session.goto(4)
    session.play_text("d2e4")  # a side line: the whole list again, paths and all
    after = moves.update(session, view, board)
    assert after.markup is not None and after.markup.count("<button") == 2002
    assert after.append is None and moves.path(str(after.current)) == (0,) * 4 + (1,)
    assert '<li value="1000">' in after.markup and '<li value="999">' in after.markup


def test_positions_of_a_line_are_found_by_path_and_side_lines_by_key():
    session = long_game(4)
    start, line = session.known[()], session.known.line
    assert session.known[(0, 0)] is line[2] and (0, 0, 0, 0) in session.known
    assert (0, 0, 0, 0, 0) not in session.known and session.known.get((0, 1)) is None
    with pytest.raises(KeyError):
        session.known[(0, 1)]
    session.goto(1)
    session.play_text("d7e5")  # a side line: its position kept by its path
    assert (0, 1) in session.known and session.known[(0, 1)] is session.state
    assert session.known[()] is start and len(line) == 5


def first_moves(session: Session, plies: int) -> list[str]:
    """The first legal move at each of `plies` positions, played in `session`."""
    played = []
    for _ in range(plies):
        move = next(iter(session.game.legal_moves(session.state)))
        played.append(session.game.notation(session.state, move))
        session.play(move)
    return played


def test_a_list_of_other_options_is_written_whole_even_when_its_moves_go_on():
    large = Session("wythe", {"size": 8})
    played = first_moves(large, 3)
    small = Session("wythe", {"size": 6}, played[:1])  # the same first move, another board
    board = boards.get("wythe")
    moves = MoveList()
    moves.update(small, small.game.view(small.state), board)
    update = moves.update(large, large.game.view(large.state), board)
    assert update.append is None and update.markup is not None  # not two items added
    assert update.markup.count("<button") == 3
    first_moves(large, 1)
    added = moves.update(large, large.game.view(large.state), board)
    assert added.markup is None and added.append is not None and added.append.count("<li>") == 1


def test_a_move_written_long_is_marked_wide_to_take_two_columns():
    # a column holds five letters before the next move's number (e2e/test_layout.py measures it)
    rows = MoveTree.from_line(["komi-37", "black", "button"]).rows()
    html = move_list_html(rows, [r.move for r in rows], (0, 0, 0))
    assert html.count('class="wide"') == 2
    assert '<li value="1"><button type="button" data-row="0" data-ply="1" class="wide">' in html
    assert f'<li value="2">{b(1, 2, "black")}</li>' in html  # five letters fit a column
    assert 'data-ply="3" aria-current="true" class="wide">button</button>' in html
    assert line_html(["komi-37", "black"]).count('class="wide"') == 1  # a long list's items too


def test_a_list_by_full_moves_keeps_every_move_in_its_column():
    # Gwyddbwyll's capture with check, "Rc2xd2+", in White's column, not two
    rows = MoveTree.from_line(["c2d2", "a6a5"]).rows()
    html = move_list_html(rows, ["Rc2xd2+", "a6a5"], (0, 0), pairs=True)
    assert 'class="wide"' not in html
    assert 'class="wide"' not in line_html(["Rc2xd2+", "a6a5"], pairs=True)


def test_gwyddbwyll_numbers_full_moves_white_then_black():
    """A row per full move, "1. Ne2g1 Ne7g8 2. ...": White's item opens a row with its
    number, Black's ends it (the list's two columns)."""
    session = long_game(5)
    board = boards.get("gwyddbwyll")
    moves = MoveList()
    update = moves.update(session, session.game.view(session.state), board)
    assert update.pairs and update.markup == (
        f"<li>{n(1)}{b(0, 1, 'Ne2g1')}</li><li>{b(1, 2, 'Ne7g8')}</li>"
        f"<li>{n(2)}{b(2, 3, 'Ng1e2')}</li><li>{b(3, 4, 'Ng8e7')}</li>"
        f"<li>{n(3)}{b(4, 5, 'Ne2g1')}</li>"
    )
    session.play_text("e7g8")  # Black's move ends the row White's began
    added = moves.update(session, session.game.view(session.state), board)
    assert added.pairs and added.append == f"<li>{b(5, 6, 'Ne7g8')}</li>"
    wythe = Session("wythe", {"size": 8})
    first_moves(wythe, 2)
    other = MoveList().update(wythe, wythe.game.view(wythe.state), boards.get("wythe"))
    assert not other.pairs and other.markup is not None and "<li>" in other.markup


def test_a_long_gwyddbwyll_line_in_parts_counts_full_moves_from_each_parts_start():
    session = long_game(250)
    update = MoveList().update(session, session.game.view(session.state), boards.get("gwyddbwyll"))
    assert update.markup is not None and update.later is not None
    assert update.markup.startswith(f'<li class="part"><ol start="1"><li>{n(1)}')
    second, third = list(update.later)  # plies 101-200: full moves 51-100
    assert second.startswith(
        f'<li class="part"><ol start="101"><li>{n(51)}' + b(100, 101, "Ne2g1")
    )
    assert third.startswith(f'<li class="part"><ol start="201"><li>{n(101)}')


def test_by_full_moves_a_black_move_after_side_lines_has_a_row_of_its_own():
    # main a b c; x instead of a (White's first move); y instead of b (Black's)
    tree, _ = MoveTree.from_line(["a", "b", "c"]).add((), "x")
    tree, _ = tree.add((0,), "y")
    rows = tree.rows()
    html = move_list_html(rows, [r.move for r in rows], None, pairs=True)
    assert html == (
        f"<li>{n(1)}{b(0, 1, 'a')}</li>"
        '<li class="side"><div class="line" style="--depth:1"><span class="ply">1.</span>'
        f"{b(1, 1, 'x', side=True)}</div></li>"
        f'<li class="gap" aria-hidden="true">{n(1)}…</li><li>{b(2, 2, "b")}</li>'
        '<li class="side"><div class="line" style="--depth:1"><span class="ply">1…</span>'
        f"{b(3, 2, 'y', side=True)}</div></li>"
        f"<li>{n(2)}{b(4, 3, 'c')}</li>"
    )
