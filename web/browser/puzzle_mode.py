"""Puzzles on the page (browser only): a game's puzzles solved on the real board, the puzzle bar
above it, the Puzzles control with their count, and puzzle links.  The player's rating and
streak are web/browser/puzzle_record.py's; a mistake of the game on the table becomes a
puzzle in web/browser/mistake_puzzle.py.

The puzzles are fetched from the game's file (web/browser/puzzle_files.py) when the game is
opened, for their count; they are read (engine/learning/puzzles.py) and the run's
modules imported (web/logic/puzzle.py, puzzle_pick.py) only when the player first opens
Puzzles, so start-up does not pay for them.  While a puzzle is on, the page
(web/browser/page.py) hands each move here (`takes`), does not save the position nor put it
in the address (the address is the puzzle's link), and refuses stepping through the moves,
as in a lesson; Leave puts back the game that was there.  A wrong move is judged by the
computer's worker for a moment, and its best answer and the solver's chance after it are
said (web/logic/puzzle.py's `wrong_reason`).

What this needs of the page is `Host`, not the page itself.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, Protocol

from pyscript import document, window

from engine import EngineError, games
from web.browser.dom import announce, by_id, closest, run_soon
from web.browser.puzzle_files import PuzzleFiles
from web.browser.puzzle_record import PuzzleRecord
from web.browser.set_aside import SetAside
from web.logic.puzzle_offer import count, count_label, link, read_link
from web.logic.table import Table

if TYPE_CHECKING:
    from web.logic.puzzle import PuzzleRun

REPLY_SECONDS = 0.6  # the opponent's reply, and each move of Show, after this
EXPLAIN_SECONDS = 0.6  # the computer's look at the position after a wrong move


class Judge(Protocol):
    async def judge(self, fragment: str, seconds: float, seed: int) -> str: ...


class Host(Protocol):
    """What Puzzles needs of the page: its table, to draw it (animating the move made), the
    computer's worker, the message above the board, to put the advice away (Analyse's best
    moves, a hint, the graph would give the answer away), and a lesson on the board to give
    way (its game comes back first, for Leave puzzles to put back)."""

    table: Table

    @property
    def worker(self) -> Judge: ...

    def render(self, push: bool = False) -> None: ...

    def afresh(self) -> None: ...

    def give_way(self) -> None: ...

    def say(self, text: str, error: bool = False) -> None: ...


class PuzzleMode:
    """The puzzle on the page, if any, and the controls that start, drive and end it."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.run: PuzzleRun | None = None
        self.files = PuzzleFiles()
        self.aside = SetAside("puzzle", "data-puzzle")  # the game the puzzles cover
        self.busy = False  # a reply or Show is playing: the board waits
        self.record = PuzzleRecord()
        self.rng = random.Random()
        self.shown_game = ""  # the game the Puzzles control counts
        # A puzzle link being opened (game, id): opened once, as a second opening, done
        # later, would set the puzzle up again over a move made meanwhile.
        self.linked: tuple[str, str] | None = None

    @property
    def active(self) -> bool:
        return self.run is not None

    def bind(self, on: Callable[[Any, str, Callable[[Any], Any]], None]) -> None:
        on(by_id("puzzles-open"), "click", lambda e: self.open(self.host.table.game.id))
        on(by_id("puzzle"), "click", self.on_bar)
        on(by_id("graph-swings"), "click", self.on_mistake)
        for name in ("learn-open", "rules-learn", "learn-offer"):  # a lesson takes the board
            on(by_id(name), "click", lambda e: self.leave())

    # ---- a game opened: the puzzle gives way, the control shows the count

    def opened(self, game_id: str) -> None:
        if self.run is not None:
            self.close()
        self.shown_game = game_id
        run_soon(self.countable(game_id))

    async def countable(self, game_id: str) -> None:
        number = count(await self.files.text(game_id))
        button = by_id("puzzles-open")
        if self.host.table.game.id != game_id:
            return  # another game was opened meanwhile
        button.hidden = not number
        if number:
            button.textContent = count_label(number)
            name = games.get(game_id).name
            button.title = f"{name} puzzles: find the best move in positions from real games"

    # ---- starting and leaving

    def open(self, game_id: str, kind: str = "rated", puzzle_id: str = "") -> None:
        run_soon(self.opening(game_id, kind, puzzle_id))

    async def opening(self, game_id: str, kind: str, puzzle_id: str) -> None:
        try:
            await self.begin(game_id, kind, puzzle_id)
        finally:
            if self.linked == (game_id, puzzle_id):
                self.linked = None

    async def begin(self, game_id: str, kind: str = "rated", puzzle_id: str = "") -> None:
        """A puzzle of the game: the one `puzzle_id` names, the day's, or one for the
        player's rating."""
        from web.logic import puzzle_pick
        from web.logic.puzzle import DAILY, PuzzleRun

        found = await self.files.puzzles(game_id)
        if isinstance(found, str):
            self.refuse(found)
            return
        chosen = puzzle_pick.choose(
            found,
            self.record.of(game_id),
            self.rng,
            puzzle_id=puzzle_id,
            day=datetime.now(UTC).date() if kind == DAILY else None,
            after=self.run.puzzle.id if self.run is not None else "",
        )
        if chosen is None:
            name = games.get(game_id).name
            self.refuse(f"{name} has no puzzle {puzzle_id}: it may be from an older collection.")
            return
        try:
            run = PuzzleRun(chosen, kind)
        except EngineError as err:  # BadPuzzles: its game so far does not replay
            self.refuse(str(err))
            return
        self.start(run)

    def refuse(self, text: str) -> None:
        """Why no puzzle opens, in the message above the board and said aloud."""
        self.host.say(text, error=True)
        announce(text)

    def start(self, run: PuzzleRun) -> None:
        if self.run is None:
            self.host.give_way()
            self.aside.keep(self.host.table)
            self.shown_game = self.host.table.game.id
        self.run, self.busy = run, False
        self.host.afresh()
        self.show_position()
        self.focus_board()
        self.count_again(run.puzzle.game_id)

    def close(self) -> None:
        """The puzzle ends (the table already holds, or is about to hold, another game)."""
        self.run, self.busy = None, False
        self.aside.close()

    def leave(self, draw: bool = True) -> None:
        """Leave puzzles: the game that was on the table comes back (the host drawing it, and
        saving it, when `draw`)."""
        if self.run is None:
            return
        self.run, self.busy = None, False
        game_id = self.aside.leave(self.host.table)
        if game_id is not None:
            if draw:
                self.host.render()
            self.count_again(game_id)

    def count_again(self, game_id: str) -> None:
        """The Puzzles control counts the game on the table (a puzzle link may show another)."""
        if game_id != self.shown_game:
            self.shown_game = game_id
            run_soon(self.countable(game_id))

    # ---- the position and the bar

    def show_position(self) -> None:
        """The puzzle's position as the run has it, the solver's side at the bottom on a
        board with sides (the others as the rules draw them)."""
        run = self.run
        if run is None:
            return
        table = self.host.table
        table.open(run.session())
        table.ui = replace(table.ui, flipped=run.solver == 1 and table.board.sided)
        self.hold_board()
        document.body.dataset.game = run.puzzle.game_id
        document.body.dataset.puzzle = run.puzzle.id
        self.host.render(push=False)
        self.write_bar()
        if run.kind != "mistake":
            with contextlib.suppress(Exception):
                address = link(run.puzzle.game_id, run.puzzle.id)
                window.history.replaceState(window.history.state, "", address)

    def hold_board(self) -> None:
        """The board takes moves only while the puzzle waits for one: once it is answered
        (solved, a wrong move on the board, the solution shown) the game's own buttons, such
        as a Pass, would look like an invitation to play on."""
        run = self.run
        self.host.table.hold(run is not None and run.status != "playing")

    def focus_board(self) -> None:
        """Play on from the keyboard: the board focused (its focus writes the board's own
        prompt in the status, which the puzzle's words then replace)."""
        by_id("board").focus()
        self.restate()

    def restate(self) -> None:
        """The puzzle's words in the status again, after the board's focus wrote its own
        prompt there."""
        if self.run is not None:
            by_id("status").textContent = self.run.status_line()

    def worded(self, said: str) -> str:
        """What the status says when the board is drawn again (a pointer over it, a phone
        turned round): the board's own words (`said`) while a puzzle waits for a move or none
        is on, else the puzzle's ("Solved.", "Not the move: …")."""
        run = self.run
        return said if run is None or run.status == "playing" else run.status_line()

    def write_bar(self) -> None:
        run = self.run
        if run is None:
            return
        bar = by_id("puzzle")
        bar.innerHTML = run.bar_html(self.record.standing(run))
        bar.hidden = False
        bar.dataset.status = run.status
        by_id("status").textContent = run.status_line()
        announce(run.announcement())

    def on_bar(self, event: Any) -> None:
        button = closest(event, "[data-puzzle]")
        run = self.run
        if button is None or run is None:
            return
        action = button.dataset.puzzle
        if action == "retry" and not self.busy:
            run.restart()
            self.show_position()
            self.focus_board()
        elif action == "show" and not self.busy:
            run_soon(self.show_solution())
        elif action == "next":
            self.open(run.puzzle.game_id)
        elif action == "daily":
            self.open(run.puzzle.game_id, "daily")
        elif action == "leave":
            self.leave()

    # ---- moves

    def takes(self, move: Any, text: bool = False) -> bool:
        """The player's move while a puzzle is on: judged and, when legal, played (True);
        False when no puzzle is on (the page plays it)."""
        if self.run is None:
            return False
        if not self.busy:
            self.judge(move, text)
        return True

    def judge(self, move: Any, text: bool) -> None:
        run, table = self.run, self.host.table
        if run is None or run.status != "playing":
            return
        state = table.state
        try:
            if text:
                move = table.game.parse(state, move)
            table.game.apply(state, move)
        except EngineError as err:
            self.host.say(str(err), error=True)
            return
        self.host.say("")
        said = run.move(state, move)
        self.hold_board()
        table.play(move)
        if said.wrong or (said.over and run.first_try):
            self.record.count_try(run, solved=not said.wrong)
        self.draw_move(bar=True)
        if said.wrong:
            run_soon(self.explain(run, run.wrong_move))
        elif said.replies:
            run_soon(self.reply(run, said.replies))

    async def reply(self, run: PuzzleRun, replies: tuple[str, ...]) -> None:
        """The opponent's reply (and a forced move of the solver's with its own), each after
        a moment."""
        self.busy = True
        for number, text in enumerate(replies, 1):
            await asyncio.sleep(REPLY_SECONDS)
            if self.run is not run:
                break
            self.host.table.play_text(text)
            self.draw_move(bar=number == len(replies))
        self.busy = False

    def draw_move(self, bar: bool) -> None:
        """Draw the move just played, the `bar` first when it says something new: a bar that
        grows or shrinks moves the board, and the move's animation must start where the
        board then stands.  The status keeps the puzzle's words."""
        if bar:
            self.write_bar()
        self.host.render()
        self.restate()

    async def explain(self, run: PuzzleRun, wrong: str) -> None:
        """Why the wrong move is worse: the computer's best answer to it, for a moment."""
        table = self.host.table
        fragment, state = table.session.fragment(), table.state
        try:
            text = await self.host.worker.judge(fragment, EXPLAIN_SECONDS, 1)
            analysis = json.loads(text)
        except Exception:  # the worker could not start: the move is still wrong
            return
        if self.run is not run or run.wrong_move != wrong:
            return  # the player tried again, or left
        run.explain(state, analysis)
        self.write_bar()

    async def show_solution(self) -> None:
        """Show: from the position before any wrong move, the rest of the line played move
        by move."""
        run = self.run
        if run is None or run.over:
            return
        run.restart()
        self.show_position()
        if run.first_try:
            self.record.count_try(run, solved=False)
        line = run.show()
        self.hold_board()
        self.busy = True
        for number, text in enumerate(line, 1):
            await asyncio.sleep(REPLY_SECONDS)
            if self.run is not run:
                break
            self.host.table.play_text(text)
            self.draw_move(bar=number == len(line))
        self.busy = False

    # ---- a mistake of the game shown, as a puzzle

    def on_mistake(self, event: Any) -> None:
        button = closest(event, "[data-mistake]")
        if button is not None and not self.busy:
            run_soon(self.from_mistake(int(button.dataset.mistake), float(button.dataset.after)))

    async def from_mistake(self, ply: int, after: float) -> None:
        """The position before the move at `ply` as a puzzle, when the computer finds a better
        move there (web/browser/mistake_puzzle.py)."""
        from web.browser.mistake_puzzle import mistake_run

        if self.run is None and (run := await mistake_run(self.host, ply, after)) is not None:
            self.start(run)

    # ---- links

    def open_link(self, address: str) -> bool:
        """A puzzle link (`#puzzle/<game>/<id>`): its puzzle, or a message saying what is
        wrong with it (the game shown stays).  False when `address` is not a puzzle link."""
        found = read_link(address)
        if found is None:
            return False
        run = self.run
        wanted = (found.game, found.puzzle)
        if run is not None and wanted == (run.puzzle.game_id, run.puzzle.id):
            return True  # shown already
        if wanted == self.linked:  # being opened (popstate and hashchange both come)
            return True
        if found.problem:
            self.refuse(found.problem)
        else:
            self.linked = wanted
            self.open(found.game, "linked", found.puzzle)
        return True
