"""The page's logic, without the browser: one game on screen, who sits in each seat, and
what the player sees and may do.

Pure Python (no browser imports), so it is tested in CPython (tests/test_controller.py).
web/page.py is its DOM adapter: it binds events, reads their data-* attributes, measures
the board for the keyboard cursor, talks to the computer's worker and to storage, and
writes the text and markup this module makes.

The controller owns the Session (the game and its history), the seats ("human" or a
computer level), the one `Ui` value of the board (selection, flip, cursor; see
web/boards/base.py), whether the computer is paused, and the position the computer is
thinking about.  It decides who moves, how far Undo goes, when the computer thinks and
whether its worker's reply still counts, and the status line.  It calls
the board renderer only through the pure `Board` API.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Awaitable, Callable, Hashable, Sequence
from dataclasses import dataclass, replace
from html import escape
from typing import Any

from engine import EngineError, games
from engine.core import Game, View
from engine.ending import Ending
from web import boards, game_end, move_list
from web.boards.base import Board, Ui, settle
from web.session import DEFAULT_GAME, Session

HUMAN = "human"
# Who can sit in a seat: a person, or the computer at a level (engine.ai.LEVELS).
SEAT_KINDS = (
    (HUMAN, "Human"),
    ("easy", "Computer: easy"),
    ("medium", "Computer: medium"),
    ("hard", "Computer: hard"),
    ("greedy", "Computer: greedy (weak)"),
    ("random", "Computer: random moves"),
)
SLICE_SECONDS = 0.15  # the worker thinks in slices this long, so progress can be shown
MIN_MOVE_SECONDS = 0.4  # a computer move never lands faster, so it can be followed

# ask(fragment, level, seconds, seed) -> the worker's JSON reply (web/ai_worker.think)
Ask = Callable[[str, str, float, int], Awaitable[str]]


@dataclass(frozen=True)
class Job:
    """The computer's turn: think about the position `fragment` at `level`."""

    fragment: str
    level: str
    seed: int


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


@dataclass(frozen=True)
class Screen:
    """Everything the page writes after a change (markup is escaped where it holds text)."""

    board: str  # the board's svg
    panel: str  # html beside the board
    actions: str  # html: buttons for the word moves
    status: str  # the status line (text)
    scores: str  # html: one <li> per seat
    result: str | None  # the result sentence, None while the game goes on
    moves: str  # html: one <li> per move made
    title: str  # the game's name
    game: str  # the game's id
    undo_disabled: bool
    redo_disabled: bool
    flip_hidden: bool
    flip_pressed: bool
    pause_hidden: bool
    pause_label: str
    side_line: bool  # the position shown is in a side line
    deletable: bool  # a move is shown (not the start), which may be deleted
    resign_hidden: bool  # nobody may resign now
    draw_hidden: bool  # no draw may be offered now
    rematch_hidden: bool  # the game is not over
    address: str  # the location.hash of this game at this ply


class Controller:
    """One game on the page and everything the player does with it."""

    def __init__(self, session: Session | None = None, seats: Sequence[str] | None = None):
        self.session = Session(DEFAULT_GAME)
        self.board: Board = boards.get(self.session.game.id)
        self.seats: list[str] = []
        self.ui = Ui()
        self.paused = False
        self.took_back = False  # Undo was pressed: the next move's line becomes the main
        self.thinking: Job | None = None  # the computer's turn under way
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

    def open(self, session: Session, seats: Sequence[str] | None = None) -> None:
        """Show a game with its seats (everyone a person when None).  The board keeps its
        flip for another game of the same kind, and starts afresh for another kind; one
        person against the computer sits at the bottom."""
        same = session.game.id == self.session.game.id and self.seats
        self.session = session
        self.board = boards.get(session.game.id)
        count = session.game.num_seats(session.states[0])
        self.seats = list(seats or [HUMAN] * count)
        ui = self.ui.cleared() if same else Ui()
        people = [seat for seat, kind in enumerate(self.seats) if kind == HUMAN]
        if len(people) == 1:
            ui = replace(ui, flipped=people[0] == 1)
        self.ui = ui
        self.paused = self.took_back = False
        self.thinking = None
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
        """A person may move now: the game is on and the seat to move is a person's."""
        seat = self.seat_to_move()
        return seat >= 0 and self.seats[seat] == HUMAN

    def against_computer(self) -> bool:
        return any(kind != HUMAN for kind in self.seats)

    # ---- playing

    def play(self, move: Any) -> Said:
        """Play an engine move (from the board) at the position on screen: from a past
        position a new move starts a side line (after Undo, the new main line)."""
        return self._play(lambda: self.session.play(move, main=self.took_back))

    def play_text(self, text: str) -> Said:
        """Play a move in notation (a word-move button, the computer's move)."""
        return self._play(lambda: self.session.play_text(text, main=self.took_back))

    def _play(self, make: Callable[[], None]) -> Said:
        mover = self.view.seat_names[self.view.to_move] if self.view.to_move >= 0 else ""
        try:
            make()
        except EngineError as err:
            return Said(message=escape(str(err)), error=True)
        self.took_back = False
        self._changed()
        session = self.session
        return Said(
            played=True, announce=f"{mover} played {session.moves[session.ply - 1]}.", message=""
        )

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

    def reshape(self, promote: bool) -> None:
        """Make the line shown the main line, or (not `promote`) delete the move shown
        and all that follows it."""
        (self.session.promote if promote else self.session.delete)()
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

    def end(self, ending: Ending) -> Said:
        """End the game off the board: a resignation or an agreed draw (web/game_end.py
        says who may, engine/ending.py what it means)."""
        try:
            self.session.end(ending)
        except EngineError as err:
            return Said(message=escape(str(err)), error=True)
        self.thinking = None
        self._changed()
        return Said(played=True, announce=self.result_text() or "", message="")

    def flip(self) -> None:
        self.ui = replace(self.ui, flipped=not self.ui.flipped)

    def toggle_pause(self) -> None:
        self.paused = not self.paused
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

    # ---- what the player reads

    def status(self) -> str:
        """The status line: the result, whose turn it is, or what the computer does."""
        view, session = self.view, self.session
        if view.result is not None:
            return f"Game over: {self.result_text()}"
        prefix = "" if session.live else f"Viewing move {session.ply}. "
        seat = view.to_move
        if self.seats[seat] != HUMAN:
            name = view.seat_names[seat]
            if not session.live or self.paused:
                return prefix + f"{name} (computer) is paused."
            return f"{name} (computer, {self.seats[seat]}) is thinking…"
        return prefix + self.board.prompt(view, self.ui)

    def prompt(self) -> str:
        """What the board says to the person to move (announced after a click or Enter)."""
        return self.board.prompt(self.view, self.ui)

    def result_text(self) -> str | None:
        return self.session.result_text()

    def draw(self) -> str:
        return self.board.draw(self.view, self.ui)

    def panel(self) -> str:
        return self.board.panel(self.view, self.ui)

    def screen(self) -> Screen:
        """Everything on screen for the position shown."""
        view, session = self.view, self.session
        over = view.result is not None
        actions = self.board.actions(view) if self.human_turn() else []
        return Screen(
            board=self.draw(),
            panel=self.panel(),
            status=self.status(),
            actions=actions_html(actions),
            scores=scores_html(view, self.board),
            result=self.result_text(),
            moves=move_list.session_html(session, view, self.board),
            side_line=any(session.path),
            deletable=session.ply > 0,
            title=self.game.name,
            game=self.game.id,
            undo_disabled=session.ply == 0,
            redo_disabled=session.live,
            flip_hidden=not self.board.can_flip,
            flip_pressed=self.ui.flipped,
            pause_hidden=not self.against_computer() or over,
            pause_label="Resume" if self.paused else "Pause",
            resign_hidden=game_end.resigner(session, people(self.seats)) is None,
            draw_hidden=game_end.draw_offer(session, people(self.seats)) is None,
            rematch_hidden=not over or not session.live,
            address=self.address(),
        )

    def address(self) -> str:
        """The location.hash of the game at the ply shown."""
        return "#" + self.session.fragment()

    # ---- the computer

    def computer_job(self) -> Job | None:
        """The computer's turn to start now, or None: a person is to move, the game is over,
        an earlier position is shown, the computer is paused, or it is thinking already."""
        seat = self.seat_to_move()
        if (
            seat < 0
            or self.seats[seat] == HUMAN
            or self.paused
            or not self.session.live
            or (self.thinking is not None and self.current(self.thinking))
        ):
            return None
        self.thinking = Job(self.session.fragment(), self.seats[seat], random.randrange(2**31))
        return self.thinking

    def current(self, job: Job) -> bool:
        """The computer's work on `job` still counts: it is the turn under way, not paused,
        and the latest position on screen is the one it was asked about."""
        return (
            self.thinking is job
            and not self.paused
            and self.session.live
            and self.session.fragment() == job.fragment
        )

    def progress(self, reply: dict) -> str:
        """The status line while the computer thinks, with the worker's progress."""
        seat = self.seat_to_move()
        return thinking_text(self.view.seat_names[seat], self.seats[seat], reply)

    async def think(
        self,
        job: Job,
        ask: Ask,
        show: Callable[[str], None],
        wait: Callable[[float], Awaitable[Any]] = asyncio.sleep,
        clock: Callable[[], float] = time.monotonic,
    ) -> Said:
        """The computer's turn: ask the worker in slices (showing its progress), then play
        its move if the position is still the one it was asked about; a reply for another
        position (changed, paused, gone back) is dropped.  If the worker fails, the message
        says so and the computer is paused (Resume tries again)."""
        best = None
        try:
            began = clock()
            while self.current(job):
                reply = json.loads(await ask(job.fragment, job.level, SLICE_SECONDS, job.seed))
                if not self.current(job):
                    break
                show(self.progress(reply))
                if reply["done"]:
                    best = reply["best"]
                    break
            rest = MIN_MOVE_SECONDS - (clock() - began)
            if best is not None and rest > 0:
                await wait(rest)
        except Exception as err:
            if self.thinking is job:
                self.thinking, self.paused = None, True
                self._sync()
            return Said(message=f"The computer player failed: {escape(str(err))}", error=True)
        played = best is not None and self.current(job)
        if self.thinking is job:
            self.thinking = None
        return self.play_text(best) if played and best is not None else Said()


def new_game_form(
    ctl: Controller, game_id: str | None = None, chosen: dict | None = None
) -> tuple[str, str]:
    """(title, html of the fields) of the New game form for a game (the one on screen when
    None): its options as `chosen`, else the game on screen's own (another's defaults); the
    seats as now."""
    game = games.get(game_id or ctl.game.id)
    same = game.id == ctl.game.id
    options = game.normalise_options(**(chosen or (ctl.session.options if same else {})))
    seats = ctl.seats if same else []
    return f"New game of {game.name}", form_fields(game, boards.get(game.id), options, seats)


def people(seats: Sequence[str]) -> list[bool]:
    """Which seats a person plays."""
    return [kind == HUMAN for kind in seats]


# --------------------------------------------------------------------------- markup


def thinking_text(name: str, level: str, reply: dict) -> str:
    """The status line while the computer thinks, with the worker's progress."""
    detail = (
        f"{reply['elapsed']:.1f} s, {reply['playouts']:,} playouts" if reply["playouts"] else ""
    )
    return f"{name} (computer, {level}) is thinking… {detail}".strip()


def actions_html(actions: list[tuple[str, str, str]]) -> str:
    """Buttons for the word moves: (move as text, label, tooltip)."""
    return "".join(
        f'<button type="button" data-move="{escape(m)}" title="{escape(tip)}">'
        f"{escape(label)}</button>"
        for m, label, tip in actions
    )


def scores_html(view: View, board: Board) -> str:
    """One line per seat: its colour, name and score; the seat to move and the winners
    marked."""
    winners = view.result.winners if view.result is not None else ()
    return "".join(
        f'<li class="{"to-move" if seat == view.to_move else ""}'
        f'{" winner" if seat in winners else ""}">'
        f'<span class="swatch {board.swatch(view, seat)}"></span>'
        f'<span class="name">{escape(name)}</span>'
        f'<span class="score">{escape(board.score_text(view, seat))}</span></li>'
        for seat, name in enumerate(view.seat_names)
    )


def picker_html() -> str:
    return "".join(
        f'<button type="button" class="pick" data-game="{game_id}">'
        f"{escape(games.name(game_id))}</button>"
        for game_id in games.ids()
    )


def error_id(option: str) -> str:
    """The id of the box under an option's field that says what is wrong with it."""
    return f"opt-{option}-error"


def form_fields(game: Game, board: Board, options: dict, seats: Sequence[str]) -> str:
    """The New game form's fields: a hidden game id, each option, and the seats (as in
    `seats`, a person where it has none)."""
    fields = [f'<input type="hidden" name="game" value="{game.id}">']
    for opt in game.options_spec:
        value = options[opt.name]
        if opt.kind == "int":  # text, so the engine's message (not the browser's) says why
            widget = (
                f'<input type="text" inputmode="numeric" name="opt-{opt.name}" '
                f'value="{value}" autocomplete="off">'
            )
        elif opt.kind == "choice":
            widget = (
                f'<select name="opt-{opt.name}">'
                + "".join(
                    f"<option{' selected' if c == value else ''}>{escape(str(c))}</option>"
                    for c in opt.choices
                )
                + "</select>"
            )
        else:
            widget = board.option_html(opt, value, game.format_option(opt.name, value))
        fields.append(
            f'<label class="field"><span>{escape(opt.label)}</span>{widget}'
            f"<small>{escape(opt.help)}</small></label>"
            f'<p class="field-error" id="{error_id(opt.name)}" role="alert"></p>'
        )
    fields.append(seat_fields(game.seat_names(game.new(**options)), seats))
    return "".join(fields)


def seat_fields(names: Sequence[str], seats: Sequence[str]) -> str:
    rows = []
    for seat, name in enumerate(names):
        current = seats[seat] if seat < len(seats) else HUMAN
        choices = "".join(
            f'<option value="{k}"{" selected" if k == current else ""}>{escape(label)}</option>'
            for k, label in SEAT_KINDS
        )
        rows.append(
            f'<label class="field seat"><span>{escape(name)}</span>'
            f'<select name="seat-{seat}">{choices}</select></label>'
        )
    return (
        '<fieldset class="seats"><legend>Players</legend>'
        + "".join(rows)
        + "<small>Choose a person or the computer for each seat; two computers play "
        "each other for you to watch.</small></fieldset>"
    )


def form_choice(game_id: str, values: dict[str, list[str]]) -> tuple[Game, dict]:
    """The game and options the New game form asks for, from each option's input values
    (in document order); the engine reads the text of an int or choice option itself."""
    game = games.get(game_id)
    board = boards.get(game.id)
    chosen = {}
    for opt in game.options_spec:
        found = values.get(opt.name) or [""]
        chosen[opt.name] = found[0] if opt.kind != "custom" else board.option_value(opt, found)
    return game, chosen
