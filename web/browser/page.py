"""The page: a thin adapter between the browser and the page's pure logic.

Everything about the game is decided in web/logic (tested in CPython): the table (who moves,
Undo, side lines), the computer's turn, what the screen shows, and which game a link, a save,
Back or Forward opens (navigation.py).  `Page` only gathers the inputs of those decisions from
the browser (events and their data-* attributes, the address, the history entry, storage
through web/browser/keeper.py), calls the logic, and carries out what it decides: it writes
the text and markup the logic makes, opens the game it names, and hands the computer's turns
to its worker.  The parts of the page with state of their own are the adapters it puts
together: the board's input, the New game form, the advice panels, the Resign and Offer draw
buttons, links and records, animation.  Any text that came from the user or the URL is
escaped before it is shown.

The browser's objects (document, window, elements, events) are untyped `Any` here.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from html import escape
from typing import TYPE_CHECKING, Any

from pyodide.ffi import create_proxy
from pyscript import document, window

from engine.contract.core import Game
from engine.formats.by_link import new_id
from web.browser import link_controls
from web.browser.advice import Advice
from web.browser.animation import Animator
from web.browser.board_input import BoardInput, Cursor
from web.browser.dom import asset_url, by_id, closest, found, run_soon, show_board
from web.browser.ending_buttons import EndingButtons
from web.browser.first_taps import answer_first, play_first_taps
from web.browser.keeper import BrowserHistory, Keeper
from web.browser.lesson_mode import LessonMode
from web.browser.link_answers import LinkAnswers
from web.browser.long_opening import LongOpening
from web.browser.messages import show, show_message, show_notice, show_status
from web.browser.move_list_view import MoveListView, keep_current_move_in_view
from web.browser.puzzle_mode import PuzzleMode
from web.browser.sharing_controls import SharingControls
from web.browser.worker_client import WorkerClient
from web.logic.computer import Computer, Job
from web.logic.move_list import MoveList
from web.logic.navigation import pick, picked, start_link
from web.logic.puzzle_offer import read_link
from web.logic.screen import Screen, picker_html, screen_of, shortcuts_html
from web.logic.seats import SEAT_KINDS, SeatKind
from web.logic.session import Session
from web.logic.sharing import Continues, Opening, resume
from web.logic.tab import Tab
from web.logic.table import Said, Table
from web.storage.recent import KEY as RECENT_KEY

if TYPE_CHECKING:  # imported when first opened (`Page.form`)
    from web.browser.new_game_form import NewGameForm

Events = list[tuple[str, str, Callable[[Any], Any]]]  # element id, event, handler
CHANGED_ELSEWHERE = "This game changed in another tab: it is shown as it is now."


class Page:
    """The page's one game and every control on it, bound to the logic that decides."""

    def __init__(self) -> None:
        self.table = Table()  # the game, its seats and its board
        self.computer = Computer(self.table)  # the computer's turns
        self.keeper = Keeper([kind for kind, _ in SEAT_KINDS], SEAT_KINDS)  # saved games
        self.sharing = SharingControls(self.keeper)  # links and records
        self.input = BoardInput(self.table, self.play)  # pointer and keys on the board
        self.made_form: NewGameForm | None = None  # the New game dialog, when first opened
        self.worker = WorkerClient()
        self.ending = EndingButtons(self.table, self.worker.judge, self.ended)
        self.advice = Advice(
            self.table,
            self.worker.judge,
            self.worker.graph,
            lambda ply: self.change(lambda: self.table.goto(ply)),
            self.ended,
            thinking=lambda: self.computer.thinking is not None,
        )
        self.input.drawn = self.advice.draw_marks
        self.motion = Animator()  # move animations and sounds
        self.move_list = MoveList()  # its markup written only when the tree changes
        self.moves_view = MoveListView()  # and on the page, a long one a part at a time
        self.lesson = LessonMode(self)  # Learn: a course on the board
        self.puzzles = PuzzleMode(self)  # Puzzles: find the best move
        self.input.worded = self.puzzles.worded  # an answered puzzle's status stays
        self.answers = LinkAnswers(self)  # a game by link's questions answered
        self.puzzle_link = ""  # a puzzle link the page was opened with, opened once it is ready
        self.handlers: list[Any] = []  # keep every proxy alive while the page lives
        self.tab = Tab(self.keeper, BrowserHistory(self.keeper.kinds), self.table)
        self.long = LongOpening(self.navigate_now, show_status)  # a long link, in slices
        self.usable = True  # the browser lets the page keep games (Keeper.start)
        self.ready = False  # the first game opened (`started`)
        self.turns = 0  # the computer's turns under way (`computer_move`s not yet ended)

    @property
    def form(self) -> NewGameForm:
        if self.made_form is None:
            from web.browser.new_game_form import NewGameForm

            self.made_form = NewGameForm(self.table)
        return self.made_form

    # ---- start-up

    def start(self) -> None:
        """Bind every control and open the game navigation decides for this tab: its own
        after a reload, else the link's, else the newest saved game, else a fresh one."""
        by_id("picker").innerHTML = picker_html()
        self.table.use_touch(bool(window.matchMedia("(hover: none)").matches))  # tap, not click
        self.input.fit()  # a phone's board across its screen: how wide
        self.bind()
        self.put_puzzle_link_aside()
        self.usable = self.keeper.start()
        # a long game (a link loaded or reloaded, or the saved game reopened) in slices
        if not self.long.begin(start_link(self.tab.place())):
            self.started()

    def started(self) -> None:
        """Open the game navigation decides at start-up (after a long link's slices)."""
        self.follow(self.tab.starting(), push=False)
        if not self.usable:
            show_message(
                "This browser does not let the page use its storage, so games are not kept "
                "after this tab closes."
            )
        for stand_in in ("board", "scores"):  # index.html's stand-ins are gone
            by_id(stand_in).removeAttribute("data-first-screen")
        self.ready = True
        # an invitation's Play or Just look, and a move, made while loading
        dropped = [
            answer_first(self.answers.answer_kept),
            play_first_taps(self.table, self.input.made),
        ]
        if any(dropped):  # said after what the page says of the game it opened
            box = by_id("message")
            said = str(box.innerHTML) if not box.hidden else ""
            note = escape(" ".join(filter(None, dropped)))
            show_message(f"{said}<br>{note}" if said else note, "error" in str(box.className))
        if not self.turns:
            document.body.dataset.computer = "idle"
        document.body.dataset.ready = "1"
        if self.puzzle_link:
            self.puzzles.open_link(self.puzzle_link)

    def on(self, element: Any, event: str, handler: Callable[[Any], Any]) -> None:
        proxy = create_proxy(handler)
        self.handlers.append(proxy)
        element.addEventListener(event, proxy)

    def bind(self) -> None:
        """Every control's events, by the part of the page it is in."""
        for name, event, handler in self.board_events() + self.play_events() + self.menu_events():
            element = by_id(name)
            if found(element):
                self.on(element, event, handler)
        self.advice.bind(lambda name, event, handler: self.on(by_id(name), event, handler))
        self.lesson.bind(self.on)
        self.puzzles.bind(self.on)
        self.on(window, "popstate", lambda e: self.on_navigate())
        self.on(window, "hashchange", lambda e: self.on_navigate())
        self.on(window, "storage", self.on_storage)
        self.on(window, "resize", self.input.fit)
        self.on(document, "keydown", self.on_key)
        self.on(document, "keydown", self.input.on_any_key)
        self.on(document, "pointerdown", self.input.on_any_pointer)

    def board_events(self) -> Events:
        """The board, and the panel of choices beside it (a Rug Pile supply, a komi bid)."""
        return [
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
            ("message", "click", self.on_offer),
        ]

    def play_events(self) -> Events:
        """The game's controls: the move list, stepping, Undo, and how a game ends."""
        return [
            ("analysis", "click", self.on_best_move),
            ("moves", "click", self.on_move_list),
            ("undo", "click", lambda e: self.step_through(self.table.take_back)),
            ("pause", "click", lambda e: self.change(self.table.toggle_pause)),
            ("redo", "click", lambda e: self.step_through(self.table.redo)),
            ("back", "click", lambda e: self.step_through(lambda: self.table.step(-1))),
            ("forward", "click", lambda e: self.step_through(lambda: self.table.step(1))),
            ("history", "toggle", lambda e: keep_current_move_in_view()),
            ("promote", "click", lambda e: self.change(self.table.promote)),
            ("delete-move", "click", lambda e: self.change(self.table.delete_from_here)),
            ("flip", "click", lambda e: self.change(self.table.flip)),
            ("sound", "click", lambda e: self.motion.sound.toggle()),
            ("resign", "click", self.ending.resign),
            ("offer-draw", "click", lambda e: run_soon(self.ending.offer_draw())),
            ("rematch", "click", lambda e: self.rematch()),
            ("send-link", "click", lambda e: run_soon(self.send_link())),
            ("new-game-after", "click", lambda e: self.form.open()),
        ]

    def menu_events(self) -> Events:
        """The games, New game, and the dialogs: rules, shortcuts, links and records, Recent."""
        sharing = self.sharing
        return [
            ("picker", "click", self.on_pick),
            ("new-game", "click", lambda e: self.form.open()),
            ("newgame-form", "submit", self.on_form_submit),
            ("newgame-form", "change", lambda e: self.form.on_change(e)),
            ("newgame-cancel", "click", lambda e: by_id("newgame").close()),
            ("rules-open", "click", lambda e: open_rules(self.table.game)),
            ("rules-close", "click", lambda e: by_id("rules").close()),
            ("shortcuts-open", "click", lambda e: self.open_shortcuts()),
            ("shortcuts-close", "click", lambda e: by_id("shortcuts").close()),
            ("copy-link", "click", lambda e: run_soon(self.copy_link())),
            ("record-open", "click", lambda e: sharing.open_record(self.table.session)),
            ("record-close", "click", lambda e: by_id("record").close()),
            ("record-copy", "click", lambda e: run_soon(sharing.copy_record())),
            ("record-download", "click", lambda e: sharing.download_record(self.table.session)),
            ("record-import", "click", lambda e: self.follow(sharing.import_text(record_text()))),
            ("record-file", "change", lambda e: run_soon(self.import_file())),
            ("record-status", "click", self.on_offer),
            ("recent-open", "click", lambda e: self.keeper.open_dialog()),
            ("recent-close", "click", lambda e: by_id("recent").close()),
            ("recent-list", "click", self.on_recent_pick),
            ("storage-note", "click", self.keeper.on_dismiss),
        ]

    # ---- opening games

    def open(
        self,
        session: Session,
        seats: list[SeatKind] | None = None,
        continues: Continues = None,
        push: bool = True,
        fresh: bool = False,
    ) -> None:
        """Show a game: a new one, or the saved game it continues (see Keeper.begin); `push`
        makes it a new history entry (Back returns to the game before); a `fresh` one (New
        game) starts with nothing of the game before on the page (`afresh`)."""
        if fresh:
            self.afresh()
        self.tab.open(session, seats, continues, fresh=fresh)
        self.opened(push)

    def opened(self, push: bool) -> None:
        """Draw the game the tab opened (a new history entry when `push`)."""
        document.body.dataset.game = self.table.game.id
        self.lesson.opened(self.table.game.id)
        self.puzzles.opened(self.table.game.id)
        self.render(push=push)

    def follow(self, opening: Opening | None, push: bool = True) -> None:
        """Carry out what the logic decided for a link, a record, an offer, a saved game or a
        navigation: set aside a saved game that cannot be opened, keep a problem's offers,
        open the game, and show the message."""
        if opening is None:
            return
        if opening.offers is not None:
            self.sharing.offers = opening.offers
        opens = self.tab.follow(opening)
        if opens:
            self.opened(push)
            if opening.steps:  # the friend's move, animated from the position before it
                self.change(lambda: self.table.step(opening.steps))
        show(opening)
        if opens:
            self.answers.ask()

    def on_navigate(self) -> None:
        """Back, Forward, or a link typed into the address bar (popstate, then hashchange).  A
        long game's link is replayed first, in slices."""
        address = window.location.hash
        if self.ready and self.puzzles.open_link(address):
            return
        if self.puzzles.active:  # out of a puzzle: its set-aside game back before anything
            self.puzzles.leave(draw=False)  # (drawn, not saved: the address is another's)
            self.draw()
        if address == self.long.address:
            return  # being opened (popstate and hashchange both come)
        if address in (self.tab.shown_hash, self.tab.tried_hash):
            self.long.stop()  # a link being opened gives way to the game shown
            self.navigate_now()
        elif not self.long.begin(address):
            self.navigate_now()

    def navigate_now(self) -> None:
        if not self.ready:
            self.started()  # the first game, at start-up
            return
        opening, changed = self.tab.navigated()
        if opening is None and changed:
            self.opened(push=False)
        self.follow(opening, push=False)

    def on_offer(self, event: Any) -> None:
        """An offer in a problem's message, or in the Record dialog's status; a friend's
        draw offer, accepted."""
        if self.answers.on_answer(event):
            return
        shown = closest(event, "[data-action='link-ply']")  # an old link's position
        if shown is not None:
            self.change(lambda: self.table.goto(int(shown.dataset.ply)))
            return
        offer = self.sharing.offered(event)
        if offer is not None:
            action, entry = offer  # a saved game resumed: a long one after its slices
            self.resume(
                entry.fragment if entry is not None else "",
                lambda: self.follow(self.sharing.take(action, entry, self.table.game.id)),
            )

    def on_recent_pick(self, event: Any) -> None:
        entry = self.keeper.on_pick(event)
        if entry is not None:
            self.resume(
                entry.fragment,
                lambda: self.follow(resume(entry, self.keeper.kinds, self.table.game.id)),
            )

    def on_pick(self, event: Any) -> None:
        """Another game at the top: its unfinished game saved last, else a fresh one."""
        button = closest(event, "[data-game]")
        if button is not None:
            game, saved, shown = button.dataset.game, self.keeper.saved(), self.table.game.id
            entry = picked(game, saved) if game != shown else None
            self.resume(
                entry.fragment if entry is not None else "",
                lambda: self.follow(pick(game, saved, self.keeper.kinds, shown)),
            )

    def resume(self, fragment: str, opens: Callable[[], None]) -> None:
        """Open a saved game (`opens`): at once, or after its link's replay in slices when it
        is a long game."""
        if not self.long.begin(fragment, opens):
            opens()

    def on_form_submit(self, event: Any) -> None:
        chosen = self.form.submit(event)
        if chosen is not None:
            self.open(*chosen, fresh=True)

    # ---- drawing

    def render(self, push: bool = False) -> None:
        """Save the game, write everything the logic shows, and let the computer move."""
        # a lesson's step or a puzzle is neither saved nor in the address
        if not self.lesson.active and not self.puzzles.active:
            self.tab.commit(push)
        self.draw()

    def draw(self) -> None:
        """Write everything the logic shows, and let the computer move."""
        screen = screen_of(self.table)
        moved = self.motion.before(self.table)
        self.input.draw(screen.board, screen.status)
        write_screen(screen)
        self.moves_view.write(
            self.move_list.update(self.table.session, self.table.view, self.table.board)
        )
        link_controls.show(self.table)
        self.motion.after(moved)  # the page laid out (a result shown moves the board)
        self.advice.follow()
        self.schedule_computer()

    def change(self, action: Callable[[], None]) -> None:
        action()
        self.render()

    def step_through(self, action: Callable[[], None]) -> None:
        """A step through the moves made (←/→, Home/End, the move list, Undo/Redo); none
        while a lesson holds its step (web/browser/lesson_mode.py)."""
        if not self.lesson.active and not self.puzzles.active and not self.synced():
            self.change(action)

    # ---- playing

    def play(self, move: Any, text: bool = False) -> None:
        """A person's move (an engine move, or notation when `text`); in a lesson, the
        lesson's to judge."""
        if self.lesson.takes(move, text) or self.puzzles.takes(move, text) or self.synced():
            return
        said = self.tab.play(move, text)
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
        job = self.computer.start_turn()
        if job is not None:
            self.turns += 1
            document.body.dataset.computer = "thinking"
            run_soon(self.computer_move(job))

    async def computer_move(self, job: Job) -> None:
        """The computer's turn; <body data-computer> says "idle" once no turn is under way
        (its reply played or dropped), for tests to wait on."""
        try:
            said = await self.computer.think(job, self.worker.ask, show_status)
            show(said)
            if said.played or said.error:
                self.render()
            else:  # the position changed: perhaps the computer's again
                self.schedule_computer()
        finally:
            self.turns -= 1
            document.body.dataset.computer = "thinking" if self.turns else "idle"

    # ---- events

    def on_action(self, event: Any) -> None:
        button = closest(event, "[data-move]")
        if button is not None:
            self.play(button.dataset.move, text=True)

    def on_best_move(self, event: Any) -> None:
        """A best move in the Analyse panel: played, when a person is to move."""
        button = closest(event, "[data-move]")
        if button is not None and self.table.human_turn():
            self.play(button.dataset.move, text=True)
            show_board()  # on a phone the panel is a sheet under the board

    def on_move_list(self, event: Any) -> None:
        button = closest(event, "[data-row]")
        path = None if button is None else self.move_list.path(button.dataset.row)
        if path is not None:
            self.step_through(lambda: self.table.goto(path=path))

    def on_key(self, event: Any) -> None:
        tag = (event.target.tagName or "").lower()
        if (
            self.long.busy  # a long game is being opened: no step of the old one
            or tag in ("input", "select", "textarea")
            or event.ctrlKey
            or event.metaKey
            or event.altKey
        ):
            return
        key = event.key
        step = self.table.key_step(key)
        if step is not None:
            self.step_through(lambda: self.table.step(step))
        elif key == "?":
            self.open_shortcuts()
        elif self.table.key(key):
            self.input.redraw_live()
        else:
            return
        event.preventDefault()

    def open_shortcuts(self) -> None:
        """The keyboard shortcuts sheet, with the keys of the game on screen."""
        by_id("game-keys").innerHTML = shortcuts_html(self.table.game.name, self.table.board)
        by_id("shortcuts").showModal()

    # ---- links and records

    async def copy_link(self) -> None:
        """Copy link: the address; in a game by link the link to send, which it sends."""
        if self.synced():
            return
        url = window.location.href.split("#")[0] + self.tab.copied()
        self.render()
        show(await self.sharing.copy_link(url))

    async def send_link(self) -> None:
        """Send: a game by link's link to the friend (web/browser/link_controls.py); Send
        before an undecided game's first move hands the first seat to the friend."""
        if self.synced():
            return
        opening = await link_controls.send(self.tab)
        self.render()
        show(opening)

    def rematch(self) -> None:
        """The same game again, sides swapped; a game by link's rematch is one by link."""
        self.afresh()
        self.tab.rematch(new_id())
        self.opened(push=True)

    def afresh(self) -> None:
        """Before a new game or a rematch: nothing of the game before stays on the page (its
        message, the Analyse panel and its marks, the graph); the board's flip is the
        table's (Table.open)."""
        show_message("")
        self.advice.reset()

    def synced(self) -> bool:
        """Before a player's action in a game by link: when another tab changed the game, show
        it as it is now, and say so (True: the action is not carried out)."""
        if not self.tab.sync():
            return False
        self.opened(push=False)
        show_notice(Said(message=CHANGED_ELSEWHERE, announce=CHANGED_ELSEWHERE))
        self.answers.ask()
        return True

    def on_storage(self, event: Any) -> None:
        """Another tab changed the storage: a game by link shown follows it."""
        if event.key in (None, RECENT_KEY) and not self.lesson.active and not self.puzzles.active:
            self.synced()

    async def import_file(self) -> None:
        self.follow(await self.sharing.import_file())

    # ---- puzzles

    def give_way(self) -> None:
        """A puzzle starts: a lesson on the board ends, its game back on the table."""
        if self.lesson.active:
            self.lesson.leave()

    def say(self, text: str, error: bool = False) -> None:
        """A sentence (text) in the message above the board; '' clears it."""
        show_message(escape(text), error)

    def put_puzzle_link_aside(self) -> None:
        """Opened by a puzzle link: the page starts on that game's page (or as with no
        link, when it names no game of ours) and the puzzle opens once the page is ready."""
        found = read_link(str(window.location.hash))
        if found is None:
            return
        self.puzzle_link = str(window.location.hash)
        location = window.location
        address = f"#{found.game}" if found.game else location.pathname + location.search
        with contextlib.suppress(Exception):  # a sandbox: the default game, then the puzzle
            window.history.replaceState(window.history.state, "", address)


# --------------------------------------------------------------------------- writing


def write_screen(screen: Screen) -> None:
    """Everything the screen shows but the board and the status line."""
    by_id("panel").innerHTML = screen.panel
    by_id("actions").innerHTML = screen.actions
    by_id("scores").innerHTML = screen.scores
    banner = by_id("result")
    banner.hidden = screen.result is None
    if screen.result is not None:
        banner.textContent = screen.result
    by_id("title").textContent = screen.title
    by_id("games-open").textContent = screen.title
    for button in document.querySelectorAll("#picker .pick"):
        button.setAttribute("aria-current", str(button.dataset.game == screen.game).lower())
    by_id("undo").disabled = screen.undo_disabled
    by_id("redo").disabled = screen.redo_disabled
    by_id("back").disabled = screen.back_disabled
    by_id("forward").disabled = screen.forward_disabled
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


def record_text() -> str:
    """What the Record dialog's box holds, to import."""
    return str(by_id("record-text").value)


def open_rules(game: Game) -> None:
    by_id("rules-title").textContent = f"How to play {game.name}"
    by_id("rules").showModal()
    run_soon(load_rules(game.id))


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
