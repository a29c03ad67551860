"""The page: the DOM adapter of web/controller.py.

The controller decides everything about the game (who moves, undo, the computer's turn,
what the board and the status line show); this module binds the page's events, reads
their data-* attributes, measures the board for the keyboard cursor, talks to the
computer's worker, storage (web/keeper.py) and links (web/sharing.py), and writes the text
and markup the controller makes.  Any text that came from the user or the URL is escaped
before it is shown.

The browser's objects (document, window, elements, events) are untyped `Any` here.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_proxy
from pyscript import document, window, workers

from engine.core import Game
from engine.record import legal_part, unquote_link
from web import game_end, recent
from web.advice import Advice
from web.animate import Animator
from web.board_input import BoardInput, Cursor
from web.controller import SEAT_KINDS, Controller, Job, Said, Screen, picker_html
from web.dom import announce, asset_url, by_id, closest, found
from web.ending_buttons import EndingButtons
from web.keeper import Keeper
from web.move_list import parse_path
from web.newgame import NewGameForm
from web.session import DEFAULT_GAME, Session, with_side_lines
from web.sharing import Opening, Sharing, salvage

NOTICE_SECONDS = 8.0  # a passing notice (a hint, an answer to a draw offer) lasts this


class Page:
    def __init__(self) -> None:
        self.ctl = Controller()
        self.keeper = Keeper([kind for kind, _ in SEAT_KINDS], SEAT_KINDS)  # saved games
        self.sharing = Sharing(self.keeper)  # links and records
        self.input = BoardInput(self.ctl, self.play)  # pointer and keys on the board
        self.form = NewGameForm(self.ctl)
        self.worker = Worker()
        self.ending = EndingButtons(self.ctl, self.worker.judge, self.ended)
        self.advice = Advice(
            self.ctl,
            self.worker.judge,
            self.worker.graph,
            lambda ply: self.change(lambda: self.ctl.goto(ply)),
            self.ended,
        )
        self.input.drawn = self.advice.draw_marks
        self.motion = Animator()  # move animations and sounds
        self.handlers: list[Any] = []  # keep every proxy alive while the page lives
        self.shown_hash = ""
        self.tried_hash: str | None = None  # a link in the address bar that did not open

    # ---- start-up

    def start(self) -> None:
        """Open this tab's game (after a reload), else the link's, else the newest saved game,
        else a fresh one."""
        by_id("picker").innerHTML = picker_html()
        self.bind()
        usable = self.keeper.start()
        state = self.keeper.history_state()
        address = window.location.hash
        if state is not None and self.reopen(state):
            pass
        elif address.lstrip("#"):
            if not self.follow(self.sharing.open_link(address, offer_saved=True), push=False):
                self.open(Session(*(self.sharing.fresh or (DEFAULT_GAME, {}))), push=False)
        else:
            entry = self.keeper.newest()
            if entry is None or not self.resume(entry, push=False):
                self.open(Session(*(self.sharing.fresh or (DEFAULT_GAME, {}))), push=False)
        if not usable:
            show_message(
                "The saved game could not be read: this browser does not let the "
                "page use its storage."
            )
        by_id("board").removeAttribute("data-first-screen")  # index.html's stand-in is gone
        document.body.dataset.ready = "1"

    def on(self, element: Any, event: str, handler: Callable[[Any], Any]) -> None:
        proxy = create_proxy(handler)
        self.handlers.append(proxy)
        element.addEventListener(event, proxy)

    def bind(self) -> None:
        board, later = by_id("board"), asyncio.ensure_future
        for name, event, handler in (
            ("board", "pointermove", self.input.on_move),
            ("board", "pointerleave", self.input.on_leave),
            ("board", "pointerdown", self.input.on_down),
            ("board", "pointerup", self.input.on_up),
            ("board", "click", self.input.on_click),
            ("board", "keydown", self.input.on_key),
            ("board", "focus", self.input.on_focus),
            ("board", "blur", lambda e: Cursor.hide()),
            ("panel", "click", self.input.on_click),
            ("actions", "click", self.on_action),
            ("analysis", "click", self.on_best_move),
            ("picker", "click", self.on_pick),
            ("moves", "click", self.on_move_list),
            ("new-game", "click", lambda e: self.form.open()),
            ("newgame-form", "submit", self.on_form_submit),
            ("newgame-form", "change", self.form.on_change),
            ("newgame-cancel", "click", lambda e: by_id("newgame").close()),
            ("undo", "click", lambda e: self.change(self.ctl.take_back)),
            ("pause", "click", lambda e: self.change(self.ctl.toggle_pause)),
            ("redo", "click", lambda e: self.change(lambda: self.ctl.step(1))),
            ("promote", "click", lambda e: self.change(lambda: self.ctl.reshape(True))),
            ("delete-move", "click", lambda e: self.change(lambda: self.ctl.reshape(False))),
            ("resign", "click", self.ending.resign),
            ("offer-draw", "click", lambda e: later(self.ending.offer_draw())),
            (
                "rematch",
                "click",
                lambda e: self.open(*game_end.rematch(self.ctl.session, self.ctl.seats)),
            ),
            ("new-game-after", "click", lambda e: self.form.open()),
            ("flip", "click", lambda e: self.change(self.ctl.flip)),
            ("sound", "click", lambda e: self.motion.sound.toggle()),
            ("rules-open", "click", lambda e: open_rules(self.ctl.game)),
            ("rules-close", "click", lambda e: by_id("rules").close()),
            ("shortcuts-open", "click", lambda e: by_id("shortcuts").showModal()),
            ("shortcuts-close", "click", lambda e: by_id("shortcuts").close()),
            ("message", "click", lambda e: self.follow(self.sharing.on_offer(e))),
            ("copy-link", "click", lambda e: later(self.copy_link())),
            ("record-open", "click", lambda e: self.sharing.open_record(self.ctl.session)),
            ("record-close", "click", lambda e: by_id("record").close()),
            ("record-copy", "click", lambda e: later(self.sharing.copy_record())),
            ("record-download", "click", lambda e: self.sharing.download_record(self.ctl.session)),
            (
                "record-import",
                "click",
                lambda e: self.follow(self.sharing.import_text(by_id("record-text").value)),
            ),
            ("record-file", "change", lambda e: later(self.import_file())),
            ("record-status", "click", lambda e: self.follow(self.sharing.on_offer(e))),
            ("recent-open", "click", lambda e: self.keeper.open_dialog()),
            ("recent-close", "click", lambda e: by_id("recent").close()),
            ("recent-list", "click", self.on_recent_pick),
            ("storage-note", "click", self.keeper.on_dismiss),
        ):
            element = board if name == "board" else by_id(name)
            if found(element):
                self.on(element, event, handler)
        self.advice.bind(lambda name, event, handler: self.on(by_id(name), event, handler))
        self.on(window, "popstate", lambda e: self.on_navigate())
        self.on(window, "hashchange", lambda e: self.on_navigate())
        self.on(document, "keydown", self.on_key)

    # ---- opening games

    def open(
        self,
        session: Session,
        seats: list[str] | None = None,
        entry: Any = None,
        push: bool = True,
    ) -> None:
        """Show a game: a new one, or `entry` (see Keeper.begin) resumed; `push` makes it a
        new history entry (Back returns to the game before)."""
        self.keeper.begin(entry)
        self.ctl.open(session, seats)
        document.body.dataset.game = session.game.id
        self.render(push=push)

    def resume(self, entry: recent.Entry, push: bool = True) -> bool:
        """Open a saved game with its seats; one that cannot be played is set aside and the
        message offers its legal part."""
        try:
            session, seats = recent.opened(entry, self.keeper.kinds)
        except Exception as err:
            self.keeper.drop(entry)
            self.follow(
                self.sharing.problem(
                    "Your saved game could not be opened, so it was set aside",
                    err,
                    salvage(legal_part, entry.fragment),
                    offer_fresh=False,
                    current=self.ctl.game.id,
                )
            )
            return False
        self.open(session, seats, entry, push)
        return True

    def reopen(self, state: tuple) -> bool:
        """The game of a history entry (reload, Back, Forward) at its address, with its seats."""
        entry_id, rev, seats = state
        try:
            session = with_side_lines(
                Session.from_fragment(unquote_link(window.location.hash)),
                self.keeper.side_lines(entry_id),
            )
        except Exception:
            return False
        if len(seats) != session.game.num_seats(session.states[0]):  # not this game's seats:
            self.open(session, push=False)  # a game of its own
        else:
            self.open(session, seats, (entry_id, rev, session.fragment(), seats), push=False)
        return True

    def follow(self, opening: Opening | None, push: bool = True) -> bool:
        """Do what a link, record or offer asks: open its game and show its message.  True
        when a game opened."""
        if opening is None:
            return False
        opened = False
        if opening.entry is not None:
            opened = self.resume(opening.entry, push)
        elif opening.session is not None:
            self.open(opening.session, push=push)
            opened = True
        if opened or not opening.opens:
            show(opening)
        return opened

    def on_navigate(self) -> None:
        """Back, Forward, or a link typed into the address bar (popstate, then hashchange)."""
        state = self.keeper.history_state()
        address = window.location.hash
        if state is not None:
            if address == self.shown_hash and state[0] == self.keeper.entry_id:
                return
            if self.reopen(state):
                show_message("")
                return
        if address not in (self.shown_hash, self.tried_hash):
            self.tried_hash = address
            opening = self.sharing.open_link(address, self.ctl.game.id, offer_saved=True)
            opened = self.follow(opening, push=False)
            if (
                not opened
                and opening is not None
                and not opening.opens
                and self.sharing.legal is not None
            ):
                # a bad link to a game we have: its board (as at start-up), not another game's
                self.open(Session(*(self.sharing.fresh or (DEFAULT_GAME, {}))), push=False)

    def on_recent_pick(self, event: Any) -> None:
        entry = self.keeper.on_pick(event)
        if entry is not None:
            self.resume(entry)

    def on_pick(self, event: Any) -> None:
        """Another game: its unfinished game saved last, else a fresh one."""
        button = closest(event, "[data-game]")
        if button is None or button.dataset.game == self.ctl.game.id:
            return
        game_id = button.dataset.game
        entry = self.keeper.newest(game=game_id, unfinished=True)
        if entry is not None and self.resume(entry):
            show_message("")
            return
        if entry is None:  # else the message says why it could not be resumed
            show_message("")
        self.open(Session(game_id))

    def on_form_submit(self, event: Any) -> None:
        chosen = self.form.submit(event)
        if chosen is not None:
            self.open(*chosen)
            show_message("")

    # ---- drawing

    def render(self, push: bool = False) -> None:
        """Write everything the controller shows, save the game, and let the computer move."""
        screen = self.ctl.screen()
        moved = self.motion.before(self.ctl)
        self.input.draw(screen.board, screen.status)
        self.motion.after(moved)
        write_screen(screen)
        self.shown_hash, self.tried_hash = screen.address, None
        self.keeper.save(self.ctl.session, self.ctl.seats)
        self.keeper.remember(screen.address, self.ctl.seats, push)
        self.keeper.keep_side_lines(self.ctl.session)
        self.advice.follow()
        self.schedule_computer()

    def change(self, action: Callable[[], None]) -> None:
        action()
        self.render()

    # ---- playing

    def play(self, move: Any, text: bool = False) -> None:
        """A person's move (an engine move, or notation when `text`)."""
        said = self.ctl.play_text(move) if text else self.ctl.play(move)
        show(said)
        if said.played:
            self.render()

    def ended(self, said: Said) -> None:
        """After Resign, Offer draw or Hint: say what happened; redraw when the game ended."""
        show_notice(said)
        if said.played:
            self.render()

    # ---- the computer

    def schedule_computer(self) -> None:
        job = self.ctl.computer_job()
        if job is not None:
            asyncio.ensure_future(self.computer_move(job))

    async def computer_move(self, job: Job) -> None:
        said = await self.ctl.think(job, self.worker.ask, show_status)
        show(said)
        if said.played or said.error:
            self.render()
        else:  # the position changed: perhaps the computer's again
            self.schedule_computer()

    # ---- events

    def on_action(self, event: Any) -> None:
        button = closest(event, "[data-move]")
        if button is not None:
            self.play(button.dataset.move, text=True)

    def on_best_move(self, event: Any) -> None:
        """A best move in the Analyse panel: played, when a person is to move."""
        button = closest(event, "[data-move]")
        if button is not None and self.ctl.human_turn():
            self.play(button.dataset.move, text=True)

    def on_move_list(self, event: Any) -> None:
        button = closest(event, "[data-path]")
        if button is not None:
            self.change(lambda: self.ctl.goto(path=parse_path(button.dataset.path)))

    def on_key(self, event: Any) -> None:
        tag = (event.target.tagName or "").lower()
        if (
            tag in ("input", "select", "textarea")
            or event.ctrlKey
            or event.metaKey
            or event.altKey
        ):
            return
        key, session = event.key, self.ctl.session
        steps = {
            "ArrowLeft": -1,
            "ArrowRight": 1,
            "Home": -session.ply,
            "End": len(session.moves) - session.ply,
        }
        if key in steps:
            self.change(lambda: self.ctl.step(steps[key]))
        elif key == "?":
            by_id("shortcuts").showModal()
        elif self.ctl.key(key):
            self.input.redraw_live()
        else:
            return
        event.preventDefault()

    # ---- links and records

    async def copy_link(self) -> None:
        url = window.location.href.split("#")[0] + self.ctl.address()
        show(await self.sharing.copy_link(url))

    async def import_file(self) -> None:
        self.follow(await self.sharing.import_file())


class Worker:
    """The computer's worker (web/ai_worker.py), started on first need."""

    def __init__(self) -> None:
        self.worker: Any = None

    async def ask(self, fragment: str, level: str, seconds: float, seed: int) -> str:
        """The worker's `think` (see Controller.think)."""
        return await (await self.started()).think(fragment, level, seconds, seed)

    async def graph(self, fragment: str, start: int, count: int, seconds: float, seed: int) -> str:
        """The worker's `graph`: chances along a line (web/graph_panel.py)."""
        return await (await self.started()).graph(fragment, start, count, seconds, seed)

    async def judge(self, fragment: str, seconds: float, seed: int) -> str:
        """The worker's `judge`: its analysis of a position (web/ending_buttons.py)."""
        return await (await self.started()).judge(fragment, seconds, seed)

    async def started(self) -> Any:
        """The worker, started now if it was not."""
        if self.worker is None:
            if not found(document.querySelector("script[name='ai']")):
                tag = document.createElement("script")
                for name, value in (
                    ("type", "py"),
                    ("worker", ""),
                    ("name", "ai"),
                    ("src", asset_url("web/ai_worker.py")),
                    ("config", asset_url("pyscript.toml")),
                ):
                    tag.setAttribute(name, value)
                document.body.append(tag)
            self.worker = await workers["ai"]
            document.body.dataset.aiReady = "1"
        return self.worker


# --------------------------------------------------------------------------- writing


def write_screen(screen: Screen) -> None:
    """Everything the controller shows but the board and the status line."""
    by_id("panel").innerHTML = screen.panel
    by_id("actions").innerHTML = screen.actions
    by_id("scores").innerHTML = screen.scores
    banner = by_id("result")
    banner.hidden = screen.result is None
    if screen.result is not None:
        banner.textContent = screen.result
    by_id("moves").innerHTML = screen.moves
    keep_current_move_in_view()
    by_id("title").textContent = screen.title
    for button in document.querySelectorAll("#picker .pick"):
        button.setAttribute("aria-current", str(button.dataset.game == screen.game).lower())
    by_id("undo").disabled = screen.undo_disabled
    by_id("redo").disabled = screen.redo_disabled
    flip = by_id("flip")
    flip.hidden = screen.flip_hidden
    flip.setAttribute("aria-pressed", str(screen.flip_pressed).lower())
    pause = by_id("pause")
    pause.hidden = screen.pause_hidden
    pause.textContent = screen.pause_label
    by_id("resign").hidden = screen.resign_hidden
    by_id("promote").hidden = not screen.side_line
    by_id("delete-move").hidden = not screen.deletable
    by_id("offer-draw").hidden = screen.draw_hidden
    by_id("after-game").hidden = screen.rematch_hidden


def keep_current_move_in_view() -> None:
    """Scroll the move list (only the list: the page stays put) so its current move shows."""
    moves = by_id("moves")
    current = moves.querySelector("[aria-current='true']")
    if not found(current):
        moves.scrollTop = 0
        return
    box, item = moves.getBoundingClientRect(), current.getBoundingClientRect()
    if item.bottom > box.bottom:
        moves.scrollTop += item.bottom - box.bottom + 4
    elif item.top < box.top:
        moves.scrollTop -= box.top - item.top + 4


def show_status(text: str) -> None:
    by_id("status").textContent = text


def show_message(html: str, error: bool = False, toast: bool = False) -> None:
    """The message above the board; a `toast` (a passing notice) floats over the page."""
    box = by_id("message")
    box.innerHTML = html
    box.hidden = not html
    box.className = ("error" if error else "note") + (" toast" if toast else "")


def show_notice(said: Said) -> None:
    """What a control says, in a notice over the page (the board does not move) that
    passes, and to screen readers."""
    if said.message:
        show_message(said.message, said.error, toast=True)
        asyncio.ensure_future(clear_message(by_id("message").textContent, NOTICE_SECONDS))
    elif said.message is not None:
        show_message("")
    announce(said.announce)


def show(said: Said | Opening) -> None:
    """What a move, a link or a record says: the message, and to screen readers."""
    if said.message is not None:
        show_message(said.message, said.error, isinstance(said, Opening) and bool(said.lasts))
    announce(said.announce)
    if isinstance(said, Opening):
        if said.focus:
            field = by_id(said.focus)
            field.focus()
            field.select()
        if said.lasts and said.message:
            asyncio.ensure_future(clear_message(said.message, said.lasts))


async def clear_message(text: str, seconds: float) -> None:
    """Clear the message after `seconds`, unless another has replaced it."""
    await asyncio.sleep(seconds)
    if by_id("message").textContent == text:
        show_message("")


def open_rules(game: Game) -> None:
    by_id("rules-title").textContent = f"How to play {game.name}"
    by_id("rules").showModal()
    asyncio.ensure_future(load_rules(game.id))


async def load_rules(game_id: str) -> None:
    body = by_id("rules-body")
    body.innerHTML = "<p>Loading the rules…</p>"
    response = await window.fetch(asset_url(f"web/rules/{game_id}.html"))
    body.innerHTML = (
        await response.text() if response.ok else "<p>The rules could not be loaded.</p>"
    )


def start() -> Page:
    """Open the page: the linked, saved or default game, with every control bound.  A failure
    is web/main.py's to report."""
    page = Page()
    page.start()
    return page
