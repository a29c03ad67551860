"""What the page shows of the table: the `Screen` value (everything the page writes after a
change), the status line, the board's prompt, and the markup of the word moves, the scores
and the game picker.  The move list is web/logic/move_list.py's (written only when it
changes).

Pure Python (no browser imports), tested in CPython (tests/test_controller.py): each is a
function of the table (web/logic/table.py) and its board renderer; web/browser/page.py
writes what they make.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from engine import games
from engine.contract.core import View
from web.boards.base import Board
from web.logic.ending import draw_offer, resigner
from web.logic.link_lines import asked, main_line
from web.logic.link_sending import sent
from web.logic.link_words import status_text as link_status
from web.logic.move_names import viewing
from web.logic.seats import FRIEND, HUMAN, Seats, by_link, people, undecided
from web.logic.table import Table
from web.logic.wording import for_touch, your_move


@dataclass(frozen=True)
class Screen:
    """Everything the page writes after a change (markup is escaped where it holds text)."""

    board: str  # the board's svg
    panel: str  # html beside the board
    actions: str  # html: buttons for the word moves
    status: str  # the status line (text)
    scores: str  # html: one <li> per seat
    result: str | None  # the result sentence, None while the game goes on
    title: str  # the game's name
    game: str  # the game's id
    undo_disabled: bool
    redo_disabled: bool
    back_disabled: bool  # the start of the line is shown (nothing before it)
    forward_disabled: bool  # its last move is shown (nothing after it)
    flip_hidden: bool
    flip_pressed: bool
    pause_hidden: bool
    pause_label: str
    side_line: bool  # the position shown is in a side line
    deletable: bool  # a move is shown (not the start), which may be deleted
    resign_hidden: bool  # nobody may resign now
    draw_hidden: bool  # no draw may be offered now
    rematch_hidden: bool  # the game is not over
    send: str  # a game by link's Send: '' hidden, 'send', or 'primary' (a move to send)
    address: str  # the location.hash of this game (a game by link's: the link to send)


def screen_of(table: Table) -> Screen:
    """Everything on screen for the position shown."""
    view, session, board = table.view, table.session, table.board
    over = view.result is not None
    linked = by_link(table.seats)  # a game by link: its main line is the game both have
    actions = board.actions(view) if table.human_turn() else []
    return Screen(
        board=board_svg(table),
        panel=panel_html(table),
        status=status(table),
        actions=actions_html(actions),
        scores=scores_html(view, board, table.seats),
        result=table.result_text(),
        side_line=any(session.path) and not linked,
        deletable=session.ply > 0 and (any(session.path) or not linked),
        title=table.game.name,
        game=table.game.id,
        undo_disabled=session.ply == 0 or (linked and session.over and sent(session)),
        redo_disabled=session.live,
        back_disabled=session.ply == 0,
        forward_disabled=session.live,
        flip_hidden=not board.can_flip,
        flip_pressed=table.ui.flipped,
        pause_hidden=not table.against_computer() or over,
        pause_label="Resume" if table.paused else "Pause",
        resign_hidden=resigner(session, people(table.seats)) is None,
        draw_hidden=draw_offer(session, people(table.seats)) is None,
        rematch_hidden=not over or not session.live,
        send=send_button(table),
        address=table.address(),
    )


def send_button(table: Table) -> str:
    """A game by link's Send: shown while there is something to send (the friend's turn, or
    the invitation before the first move), and highlighted while it is not sent; '' hidden
    (not a game by link, an invitation not taken, a question to answer first)."""
    session, seats = table.session, table.seats
    if not by_link(seats) or asked(session):
        return ""
    if table.invitation and not undecided(seats):  # its seat is taken by Play, or a move
        return ""
    mine = table.human_turn() and session.live
    if mine and main_line(session):
        return ""
    return "send" if sent(session) or mine else "primary"


def board_svg(table: Table) -> str:
    """The board as drawn now: its position and what the player is doing on it."""
    return table.board.draw(table.view, table.ui)


def panel_html(table: Table) -> str:
    """What the board shows beside it (its panel: a tile supply, a score breakdown)."""
    return worded(table, table.board.panel(table.view, table.ui))


def status(table: Table) -> str:
    """The status line: whose turn it is, or what the computer does; once the game is over,
    only that (the result stands under it, in `Screen.result`'s banner)."""
    view, session = table.view, table.session
    if view.result is not None:
        return "Game over."
    prefix = "" if session.live else f"{viewing(session)} "
    seat = view.to_move
    by_link = link_status(session, table.seats, prompt(table) if table.human_turn() else "")
    if by_link is not None:
        return by_link
    if table.seats[seat] != HUMAN:
        name = view.seat_names[seat]
        if table.paused:
            return prefix + f"{name} (computer) is paused."
        if not session.live:  # it plays only at the last move
            return prefix + f"{name} (computer) to move; it plays at the last move."
        return f"{name} (computer, {table.seats[seat]}) is thinking…"
    if people(table.seats).count(True) == 1:  # one person, against the computer
        return prefix + your_move(prompt(table), view.seat_names[seat])
    return prefix + prompt(table)


def prompt(table: Table) -> str:
    """What the board says to the person to move (announced after a click or Enter)."""
    return worded(table, table.board.prompt(table.view, table.ui))


def worded(table: Table, text: str) -> str:
    """The board's words for the device in hand: tap, not click, on a touch screen."""
    return for_touch(text) if table.ui.touch else text


def actions_html(actions: list[tuple[str, str, str]]) -> str:
    """Buttons for the word moves: (move as text, label, tooltip)."""
    return "".join(
        f'<button type="button" data-move="{escape(m)}" title="{escape(tip)}">'
        f"{escape(label)}</button>"
        for m, label, tip in actions
    )


def scores_html(view: View, board: Board, seats: Seats = ()) -> str:
    """One line per seat: its colour, name and score; the seat to move and the winners
    marked (every seat a winner: a draw), and against the computer who sits where
    (`seats`, the table's)."""
    winners = view.result.winners if view.result is not None else ()
    shared = " drawn" if len(winners) == len(view.seat_names) else " winner"  # all: a draw
    return "".join(
        f'<li class="{"to-move" if seat == view.to_move else ""}'
        f'{shared if seat in winners else ""}">'
        f'<span class="swatch {board.swatch(view, seat)}"></span>'
        f'<span class="name">{escape(name)}{seat_mark(seats, seat)}</span>'
        f'<span class="score">{escape(board.score_text(view, seat))}</span></li>'
        for seat, name in enumerate(view.seat_names)
    )


def seat_mark(seats: Seats, seat: int) -> str:
    """Who sits in `seat`, beside its name when the computer or a friend by link plays:
    "(computer, medium)", "(friend)", and "(you)" for the one person at this screen; ''
    between people at one screen."""
    if HUMAN not in seats or all(kind == HUMAN for kind in seats):
        return ""
    if seats[seat] == FRIEND:
        return ' <span class="seat-kind">(friend)</span>'
    if seats[seat] != HUMAN:
        return f' <span class="seat-kind">(computer, {escape(seats[seat])})</span>'
    return ' <span class="seat-kind">(you)</span>' if seats.count(HUMAN) == 1 else ""


def shortcuts_html(game_name: str, board: Board) -> str:
    """The keyboard shortcuts sheet's rows for the keys of the game on screen (its board's)."""
    return "".join(
        f'<tr><th scope="row"><kbd>{escape(key)}</kbd></th>'
        f"<td>{escape(game_name)}: {escape(what)}</td></tr>"
        for key, what in board.shortcuts
    )


def picker_html() -> str:
    """The game picker's buttons, one per game; a choice closes the games menu (a phone's,
    index.html)."""
    return "".join(
        f'<button type="button" class="pick" data-game="{game_id}" '
        'commandfor="games" command="hide-popover">'
        f"{escape(games.name(game_id))}</button>"
        for game_id in games.ids()
    )
