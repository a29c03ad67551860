"""The game on the page's table, without the browser: the game and its history (a Session),
who sits in each seat (a person, or the computer at a level), the board's `Ui`, and whether
the computer is paused; and everything a player does with them: moves made on the board or in
notation, steps through the moves, Undo, side lines, a game ended off the board, Flip, Pause.

Pure Python (no browser imports), tested in CPython (tests/test_controller.py).  The table
is one of three parts of the page's logic: the computer's turn is web/logic/computer.py's and
what the screen shows web/logic/screen.py's.  web/browser/page.py is their DOM adapter.

The table owns the Session, the seats, the one `Ui` value of the board (selection, flip,
cursor; see web/boards/base.py) and the pause.  It decides who moves and how far Undo goes,
and calls the board renderer only through the pure `Board` API.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, replace
from html import escape
from typing import Any

from engine import EngineError, games
from engine.contract.core import Game, View
from engine.contract.ending import Ending
from web import boards
from web.boards.base import Board, Ui, settle
from web.logic.link_seats import decide as decide_seats
from web.logic.link_sending import sent_fragment
from web.logic.move_names import move_name
from web.logic.seats import FRIEND, HUMAN, SeatKind, Seats, by_link, undecided
from web.logic.session import DEFAULT_GAME, Session


@dataclass(frozen=True)
class Said:
    """The outcome of a move or of the computer's turn, for the page to show.

    played:   the position changed: redraw everything.
    announce: a sentence for screen readers ('' for none).
    message:  the page's message as HTML: '' clears it, None leaves it as it is.
    error:    the message is an error.
    """

    played: bool = False
    announce: str = ""
    message: str | None = None
    error: bool = False


class Table:
    """One game on the page, its seats and its board, and everything the players do with it."""

    def __init__(self, session: Session | None = None, seats: Seats | None = None):
        self.session = Session(DEFAULT_GAME)
        self.board: Board = boards.get(self.session.game.id)
        self.seats: list[SeatKind] = []
        self.ui = Ui()
        self.paused = False
        self.took_back = False  # Undo was pressed: the next move's line becomes the main
        self.invitation = False  # the seats are offered by a friend's invitation, not taken
        self.held = False  # no person moves on the board now (a puzzle answered): see `hold`
        self._view: tuple[Hashable, Ending | None, View] | None = None  # (state, ending, view)
        self.open(session or self.session, seats)

    # ---- the game on screen

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def state(self) -> Hashable:
        return self.session.state

    @property
    def view(self) -> View:
        """The engine's view of the position on screen (made once per position), over
        when the game ended there off the board."""
        session = self.session
        state, ending = session.state, session.ending if session.live else None
        if self._view is None or self._view[0] is not state or self._view[1] != ending:
            view = self.game.view(state)
            if ending is not None:
                view = replace(view, result=session.result, to_move=-1, moves=())
            self._view = (state, ending, view)
        return self._view[2]

    def open(
        self,
        session: Session,
        seats: Seats | None = None,
        invitation: bool = False,
        fresh: bool = False,
    ) -> None:
        """Show a game with its seats (everyone a person when None; a friend's `invitation`
        to a game by link offers them, and a move takes them).  One person against the
        computer, or this device's seat of a game by link, sits at the bottom; else the
        board keeps its flip for another game of the same kind (a saved game, Back), and
        starts unflipped for another kind or a `fresh` game (New game, Rematch)."""
        same = session.game.id == self.session.game.id and self.seats
        self.session = session
        self.board = boards.get(session.game.id)
        count = session.game.num_seats(session.states[0])
        self.seats = list(seats or [HUMAN] * count)
        ui = self.ui.cleared() if same else Ui(touch=self.ui.touch, narrow=self.ui.narrow)
        if fresh:
            ui = replace(ui, flipped=False)
        people = [seat for seat, kind in enumerate(self.seats) if kind == HUMAN]
        if len(people) == 1:
            ui = replace(ui, flipped=people[0] == 1)
        self.ui = ui
        self.paused = self.took_back = self.held = False
        self.invitation = invitation
        self._sync()

    def _sync(self) -> None:
        """The ui's `live` follows the position: a person may move on the board now."""
        if self.ui.live != self.human_turn():
            self.ui = replace(self.ui, live=self.human_turn())

    def _changed(self) -> None:
        """After a move, undo or a step: nothing half-made stays on the board."""
        self.ui = self.ui.cleared()
        self._sync()

    def seat_to_move(self) -> int:
        """The seat to move, or -1 once the game is over."""
        return self.view.to_move

    def human_turn(self) -> bool:
        """A person may move now: the game is on, the seat to move is a person's and the
        board is not held."""
        seat = self.seat_to_move()
        return not self.held and seat >= 0 and (self.seats[seat] == HUMAN or undecided(self.seats))

    def hold(self, held: bool) -> None:
        """Hold the board (no move on it, nor the game's buttons for moves such as Pass), or
        let it go: a puzzle holds it once answered.  Opening a game lets it go."""
        self.held = held
        self._sync()

    def decide(self, mover: int | None) -> bool:
        """An undecided game by link takes its sides (web/logic/link_seats.py's `decide`): by
        the first move, made by seat `mover`, or by Send (None); the board turns to face
        this device's seat.  False when the sides were already chosen."""
        if not undecided(self.seats):
            return False
        self.seats = decide_seats(self.session, self.seats, mover)
        self.ui = replace(self.ui, flipped=self.seats.index(HUMAN) == 1)
        self._sync()
        return True

    def against_computer(self) -> bool:
        return any(kind not in (HUMAN, FRIEND) for kind in self.seats)

    # ---- playing

    def play(self, move: Any) -> Said:
        """Play an engine move (from the board) at the position on screen: from a past
        position a new move starts a side line (after Undo, the new main line)."""
        return self._play(lambda: self.session.play(move, main=self.new_main_line()))

    def play_text(self, text: str) -> Said:
        """Play a move in notation (a word-move button, the computer's move)."""
        return self._play(lambda: self.session.play_text(text, main=self.new_main_line()))

    def new_main_line(self) -> bool:
        """A move from a past position starts the main line (after Undo, or always in a game
        by link, whose game is its main line) rather than a side line."""
        return self.took_back or by_link(self.seats)

    def _play(self, make: Callable[[], None]) -> Said:
        seat, names = self.view.to_move, self.view.seat_names
        mover = names[seat] if seat >= 0 else ""
        try:
            make()
        except EngineError as err:
            return Said(message=escape(str(err)), error=True)
        self.decide(seat)
        self.took_back = False
        self._changed()
        session = self.session
        chose = colours_chosen(names, self.view.seat_names, self.seats, seat)
        ply = session.ply
        move = move_name(
            self.game, session.states[ply - 1], session.states[ply], session.moves[ply - 1]
        )
        played = f"{mover} played {move}."
        return Said(played=True, announce=f"{played} {chose}".strip(), message=escape(chose))

    def key_step(self, key: str) -> int | None:
        """How far a key steps through the moves of the line shown (← and → one move, Home
        to the start, End to the last move), or None for another key."""
        session = self.session
        steps = {
            "ArrowLeft": -1,
            "ArrowRight": 1,
            "Home": -session.ply,
            "End": len(session.moves) - session.ply,
        }
        return steps.get(key)

    def step(self, delta: int) -> None:
        """Back or forward through the moves made (the arrow keys, Redo)."""
        self.session.goto(self.session.ply + delta)
        self.took_back = False
        self._changed()

    def goto(self, ply: int | None = None, path: tuple[int, ...] | None = None) -> None:
        """Show the position after `ply` moves of the line shown, or at `path` in the tree
        (the move list)."""
        if path is not None:
            self.session.goto_path(path)
        else:
            self.session.goto(ply or 0)
        self._changed()

    def promote(self) -> None:
        """Make Main line: the line shown becomes the main line."""
        self.session.promote()
        self._changed()

    def delete_from_here(self) -> None:
        """Delete from here: the move shown and all that follows it go."""
        self.session.delete()
        self._changed()

    def take_back(self) -> None:
        """Undo: a resignation or agreed draw; else one ply in a game between people, and
        against the computer back to the last position where a person is to move."""
        session, game = self.session, self.game
        ply = session.ply - 1
        if session.ending is not None and session.live:
            session.take_back_ending()
            ply += 1
        if HUMAN in self.seats:
            while ply > 0 and self.seats[game.to_move(session.states[ply])] != HUMAN:
                ply -= 1
        session.goto(max(ply, 0))
        self.took_back = True
        self._changed()

    def redo(self) -> None:
        """Redo, Undo's mirror: one ply forward in a game between people, and against the
        computer on to the next position where a person is to move (or the last move)."""
        session, game = self.session, self.game
        last = len(session.moves)
        ply = min(session.ply + 1, last)
        if HUMAN in self.seats:
            while ply < last and self.seats[game.to_move(session.states[ply])] != HUMAN:
                ply += 1
        session.goto(ply)
        self.took_back = False
        self._changed()

    def end(self, ending: Ending) -> Said:
        """End the game off the board: a resignation or an agreed draw (web/logic/ending.py
        says who may, engine/contract/ending.py what it means)."""
        try:
            self.session.end(ending)
        except EngineError as err:
            return Said(message=escape(str(err)), error=True)
        self._changed()
        return Said(played=True, announce=self.result_text() or "", message="")

    def use_touch(self, touch: bool) -> bool:
        """The player uses a touch screen (or not): the prompts say tap (or click).  True
        when that changed."""
        if self.ui.touch == touch:
            return False
        self.ui = replace(self.ui, touch=touch)
        return True

    def use_narrow(self, width: float) -> bool:
        """The board is laid out `width` CSS px wide across a narrow screen (0: not): a board
        may draw itself larger for a finger.  True when that changed."""
        if self.ui.narrow == width:
            return False
        self.ui = replace(self.ui, narrow=width)
        return True

    def flip(self) -> None:
        self.ui = replace(self.ui, flipped=not self.ui.flipped)

    def toggle_pause(self) -> None:
        self.paused = not self.paused
        self._sync()

    def pause(self) -> None:
        """The computer stops (its worker failed): Resume tries again."""
        self.paused = True
        self._sync()

    # ---- the board's events (target, source: the data-* attributes of the element hit)

    def hit(self, target: dict | None, gesture: str = "click", source: dict | None = None) -> Any:
        """A click (or Enter), hover or drop on the board: the move it completes, if the
        engine allows it, else None (the board shows why in its prompt)."""
        if not self.human_turn():
            return None
        before = self.ui
        ui, move = self.board.hit(self.view, before, target, gesture, source)
        self.ui, move = settle(self.game, self.state, ui, before, move)
        return move

    def hover(self, target: dict | None) -> bool:
        """The pointer (or the keyboard cursor) over `target`: True when the board changed."""
        before = self.ui
        self.hit(target, "hover")
        return self.ui != before

    def key(self, key: str) -> bool:
        """A key for the board (e.g. "r" to turn a tile): True when it meant something."""
        if not self.human_turn():
            return False
        ui = self.board.key(self.view, self.ui, key)
        if ui is None:
            return False
        self.ui, _ = settle(self.game, self.state, ui, self.ui, None)
        return True

    def escape(self) -> None:
        """Escape on the board: forget the half-made move."""
        self._changed()

    def point_at(self, cell: str | None) -> None:
        """The keyboard cursor is on `cell` (a data-cell)."""
        self.ui = replace(self.ui, cursor=cell)

    # ---- what the game says

    def result_text(self) -> str | None:
        return self.session.result_text()

    def address(self) -> str:
        """The location.hash: a game by link's is the link its friend needs (the one Send
        sends: whatever the player copies is a link to send), any other game's the game at
        the ply shown."""
        if self.session.link is not None and by_link(self.seats):
            return "#" + sent_fragment(self.session, self.seats)
        return "#" + self.session.fragment()

    # ---- a new game

    def new_game_choices(
        self, game_id: str | None = None, chosen: dict | None = None
    ) -> tuple[Game, dict, list[SeatKind]]:
        """What the New game form starts from for a game (the one on the table when None): its
        options `chosen`, else this game's own for a game of its kind (another kind's defaults),
        and the seats as they are (for another kind, none: a person in each)."""
        game = games.get(game_id or self.game.id)
        same = game.id == self.game.id
        options = game.normalise_options(**(chosen or (self.session.options if same else {})))
        return game, options, list(self.seats) if same else []


def colours_chosen(before: Sequence[str], after: Sequence[str], seats: Seats, mover: int) -> str:
    """What the computer's move said about the colours, when it chose them (a Stigmergy side
    after the komi bid, a Wythe swap): "The computer chose to play White: you play Black.";
    '' when the seats' colours stayed as they were or a person moved."""
    if tuple(before) == tuple(after) or mover < 0 or seats[mover] == HUMAN:
        return ""
    text = f"The computer chose to play {after[mover]}"
    humans = [seat for seat, kind in enumerate(seats) if kind == HUMAN]
    if len(humans) == 1:
        text += f": you play {after[humans[0]]}"
    return text + "."
