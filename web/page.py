"""The page: connects the DOM to a Session (the game) and the game's board renderer.

Everything with rules or history lives in engine/ and web/session.py; this
module only reads events, asks those, and writes markup.  Markup from the
renderers is built from engine values; any text that came from the user or
the URL is escaped before it is shown.
"""

import asyncio
import json
import random
import time
from html import escape

from pyodide.ffi import create_proxy
from pyscript import document, window, workers

from engine import EngineError, games
from engine.core import result_sentence
from engine.record import legal_part, unquote_link
from web import boards, recent
from web.dom import by_id, found
from web.keeper import Keeper
from web.session import DEFAULT_GAME, Session
from web.sharing import Sharing

# Who can sit in a seat: a person, or the computer at a level (engine.ai.LEVELS).
SEAT_KINDS = (("human", "Human"), ("easy", "Computer: easy"), ("medium", "Computer: medium"),
              ("hard", "Computer: hard"), ("greedy", "Computer: greedy (weak)"),
              ("random", "Computer: random moves"))
SLICE_SECONDS = 0.15        # the worker thinks in slices this long, so progress can be shown
MIN_MOVE_SECONDS = 0.4      # a computer move never lands faster, so it can be followed


def data_of(element) -> dict:
    """The data-* attributes of an element, without the prefix."""
    if not found(element):
        return None
    names = element.getAttributeNames()
    return {n[5:]: element.getAttribute(n) for n in names if n.startswith("data-")}


def target_of(event):
    """The nearest element under the event that carries data-cell or data-action."""
    return event.target.closest("[data-cell],[data-action]") if found(event.target) else None


class Page:
    def __init__(self):
        self.session = None
        self.board = None
        self.handlers = []          # keep every proxy alive while the page lives
        self.press = None           # data of the element a pointer went down on (for drag)
        self.shown_hash = ""
        self.seats = []             # per seat: "human" or a computer level
        self.worker = None          # the computer's worker, started on first need
        self.thinking = None        # the position (fragment) the computer is thinking about
        self.paused = False
        self.took_back = False      # the player asked to take back: later moves may go
        self.sharing = Sharing(self)      # links and records
        self.keeper = Keeper(self, [kind for kind, _ in SEAT_KINDS], SEAT_KINDS)   # saved games
        self.tried_hash = None      # a link in the address bar that did not open
        self.cursor = None          # the board square the keyboard points at (data-cell)
        self.keyboard = False       # the board is being used from the keyboard (show the cursor)

    # ---- start-up

    def start(self):
        """Open this tab's game (after a reload), else the link's, else the newest saved game,
        else a fresh one."""
        self.fill_picker()
        self.bind()
        usable = self.keeper.start()
        state = self.keeper.history_state()
        address = window.location.hash
        if state is not None and self.reopen(state):
            pass
        elif address.lstrip("#"):
            if not self.sharing.open_link(address, push=False, offer_saved=True):
                self.open(Session(*self.sharing.fresh), push=False)
        else:
            entry = self.keeper.newest()
            if entry is None or not self.resume(entry, push=False):
                self.open(Session(*(self.sharing.fresh or (DEFAULT_GAME, {}))), push=False)
        if not usable:
            self.show_message("The saved game could not be read: this browser does not let the "
                              "page use its storage.")
        document.body.dataset.ready = "1"

    def fill_picker(self):
        items = []
        for game_id in games.ids():
            items.append(f'<button type="button" class="pick" data-game="{game_id}">'
                         f'{escape(games.name(game_id))}</button>')
        by_id("picker").innerHTML = "".join(items)

    def on(self, element, event, handler):
        proxy = create_proxy(handler)
        self.handlers.append(proxy)
        element.addEventListener(event, proxy)

    def bind(self):
        board = by_id("board")
        self.on(board, "pointermove", self.on_board_move)
        self.on(board, "pointerleave", self.on_board_leave)
        self.on(board, "pointerdown", self.on_board_down)
        self.on(board, "pointerup", self.on_board_up)
        self.on(board, "click", self.on_board_click)
        self.on(by_id("panel"), "click", self.on_board_click)
        self.on(by_id("actions"), "click", self.on_action)
        self.on(by_id("picker"), "click", self.on_pick)
        self.on(by_id("moves"), "click", self.on_move_list)
        self.on(by_id("new-game"), "click", lambda e: self.open_form())
        self.on(by_id("newgame-form"), "submit", self.on_form_submit)
        self.on(by_id("newgame-form"), "change", self.on_form_change)
        self.on(by_id("newgame-cancel"), "click", lambda e: by_id("newgame").close())
        self.on(by_id("undo"), "click", lambda e: self.take_back())
        self.on(by_id("pause"), "click", lambda e: self.toggle_pause())
        self.on(by_id("redo"), "click", lambda e: self.step(1))
        self.on(by_id("rules-open"), "click", lambda e: self.open_rules())
        self.on(by_id("rules-close"), "click", lambda e: by_id("rules").close())
        self.on(by_id("message"), "click", self.on_message_action)
        self.sharing.bind()
        self.on(window, "popstate", lambda e: self.on_navigate())
        self.on(window, "hashchange", lambda e: self.on_navigate())
        self.keeper.bind()
        self.on(document, "keydown", self.on_key)
        self.on(board, "keydown", self.on_board_key)
        self.on(board, "focus", self.on_board_focus)
        self.on(board, "blur", lambda e: self.hide_cursor())
        self.on(by_id("flip"), "click", lambda e: self.flip())
        self.on(by_id("shortcuts-open"), "click", lambda e: by_id("shortcuts").showModal())
        self.on(by_id("shortcuts-close"), "click", lambda e: by_id("shortcuts").close())

    # ---- opening games

    def open(self, session, seats=None, entry=None, push=True):
        """Show a game: a new one, or `entry` (see Keeper.begin) resumed; `push` makes it a
        new history entry (Back returns to the game before)."""
        self.keeper.begin(entry)
        self.session = session
        self.board = boards.get(session.game.id)
        self.board.reset()
        count = session.game.num_seats(session.states[0])
        self.seats = list(seats or ["human"] * count)
        people = [seat for seat, kind in enumerate(self.seats) if kind == "human"]
        if len(people) == 1:           # one person against the computer sits at the bottom
            self.board.flipped = people[0] == 1
        self.paused = False
        document.body.dataset.game = session.game.id
        self.render(push=push)

    def resume(self, entry, push=True) -> bool:
        """Open a saved game with its seats; one that cannot be played is set aside and the
        message offers its legal part."""
        try:
            session, seats = recent.opened(entry, self.keeper.kinds)
        except Exception as err:
            self.keeper.drop(entry)
            self.sharing.problem("Your saved game could not be opened, so it was set aside", err,
                                 self.sharing.salvage(legal_part, entry.fragment),
                                 offer_fresh=False)
            return False
        self.open(session, seats, entry, push)
        return True

    def reopen(self, state) -> bool:
        """The game of a history entry (reload, Back, Forward) at its address, with its seats."""
        entry_id, rev, seats = state
        try:
            session = Session.from_fragment(unquote_link(window.location.hash))
        except Exception:
            return False
        if len(seats) != session.game.num_seats(session.states[0]):    # not this game's seats:
            self.open(session, push=False)                               # a game of its own
        else:
            self.open(session, seats, (entry_id, rev, session.fragment(), seats), push=False)
        return True

    def on_message_action(self, event):
        self.sharing.on_offer(event)        # "Open the game up to move k" / "Start a fresh game"

    def on_navigate(self):
        """Back, Forward, or a link typed into the address bar (popstate, then hashchange)."""
        state = self.keeper.history_state()
        address = window.location.hash
        if state is not None:
            if address == self.shown_hash and state[0] == self.keeper.entry_id:
                return
            if self.reopen(state):
                self.show_message("")
                return
        if address not in (self.shown_hash, self.tried_hash):
            self.tried_hash = address
            self.sharing.open_link(address, push=False)

    # ---- drawing

    def render(self, push=False):
        session, game = self.session, self.session.game
        state = session.state
        result = game.result(state)
        self.render_board()
        by_id("panel").innerHTML = self.board.panel(state, self.human_turn())
        by_id("actions").innerHTML = "".join(
            f'<button type="button" data-move="{escape(m)}" title="{escape(tip)}">{escape(label)}</button>'
            for m, label, tip in (self.board.actions(state) if self.human_turn() else []))
        self.render_scores(state, result)
        self.render_moves()
        by_id("title").textContent = game.name
        for button in document.querySelectorAll("#picker .pick"):
            button.setAttribute("aria-current", "true" if button.dataset.game == game.id else "false")
        by_id("undo").disabled = session.ply == 0
        by_id("redo").disabled = session.live
        flip = by_id("flip")
        flip.hidden = not self.board.can_flip
        flip.setAttribute("aria-pressed", "true" if self.board.flipped else "false")
        pause = by_id("pause")
        pause.hidden = all(k == "human" for k in self.seats) or result is not None
        pause.textContent = "Resume" if self.paused else "Pause"
        self.shown_hash, self.tried_hash = "#" + session.fragment(), None
        self.keeper.save(session, self.seats)
        self.keeper.remember(self.shown_hash, self.seats, push)
        self.schedule_computer()

    def render_board(self):
        state = self.session.state
        by_id("board").innerHTML = self.board.svg(state, self.human_turn())
        by_id("status").textContent = self.status_line(state)
        if self.keyboard and document.activeElement == by_id("board"):
            self.show_cursor()

    def status_line(self, state):
        game = self.session.game
        result = game.result(state)
        if result is not None:
            return "Game over: " + result_sentence(self.session.game.seat_names(state), result)
        prefix = "" if self.session.live else f"Viewing move {self.session.ply}. "
        seat = game.to_move(state)
        if self.seats[seat] != "human":
            name = game.seat_names(state)[seat]
            if not self.session.live or self.paused:
                return prefix + f"{name} (computer) is paused."
            return f"{name} (computer, {self.seats[seat]}) is thinking…"
        return prefix + self.board.prompt(state)

    def render_scores(self, state, result):
        game = self.session.game
        names, scores = game.seat_names(state), game.scores(state)
        to_move = game.to_move(state) if result is None else -1
        rows = "".join(
            f'<li class="{"to-move" if seat == to_move else ""}'
            f'{" winner" if result and seat in result.winners else ""}">'
            f'<span class="swatch {self.board.swatch(state, seat)}"></span><span class="name">{escape(names[seat])}</span>'
            f'<span class="score">{scores[seat]}</span></li>'
            for seat in range(len(names)))
        by_id("scores").innerHTML = rows
        banner = by_id("result")
        if result is None:
            banner.hidden = True
        else:
            banner.hidden = False
            banner.textContent = result_sentence(self.session.game.seat_names(state), result)

    def render_moves(self):
        session = self.session
        current = ' aria-current="true"'
        items = [f'<li><button type="button" data-ply="{i + 1}"'
                 f'{current if session.ply == i + 1 else ""}>{escape(m)}</button></li>'
                 for i, m in enumerate(session.moves)]
        by_id("moves").innerHTML = "".join(items)

    def show_message(self, html, error=False):
        box = by_id("message")
        box.innerHTML = html
        box.hidden = not html
        box.className = "error" if error else "note"

    # ---- playing

    def play(self, text, by_computer=False):
        session = self.session
        later = len(session.moves) - session.ply
        if later and not by_computer and not self.took_back:
            plural = "move" if later == 1 else f"{later} moves"
            if not window.confirm(f"Play from here and discard the later {plural}?"):
                return
        mover = session.game.seat_names(session.state)[session.game.to_move(session.state)]
        try:
            session.play_text(text)
        except EngineError as err:
            self.show_message(escape(str(err)), error=True)
            return
        self.announce(f"{mover} played {session.moves[-1]}.")
        self.took_back = False
        self.show_message("")
        self.board.reset()
        self.render()

    def step(self, delta):
        self.session.goto(self.session.ply + delta)
        self.took_back = False
        self.board.reset()
        self.render()

    def take_back(self):
        """Undo: one ply in a game between people; against the computer, back to the last
        position where a person is to move."""
        session, game = self.session, self.session.game
        ply = session.ply - 1
        if any(k == "human" for k in self.seats):
            while ply > 0 and self.seats[game.to_move(session.states[ply])] != "human":
                ply -= 1
        session.goto(max(ply, 0))
        self.took_back = True
        self.board.reset()
        self.render()

    # ---- events

    def human_turn(self) -> bool:
        """A person may move now: the game is on and the seat to move is a person's."""
        game, state = self.session.game, self.session.state
        return game.result(state) is None and self.seats[game.to_move(state)] == "human"

    # ---- the keyboard on the board: a cursor moved with the arrow keys

    def cells(self):
        return list(document.querySelectorAll("#board [data-cell]"))

    def cell_at_cursor(self):
        if self.cursor is None:
            return None
        element = document.querySelector(f'#board [data-cell="{self.cursor}"]')
        return element if found(element) else None

    def show_cursor(self, announce=False):
        """Draw a ring round the cursor's square (the first square if none yet)."""
        element = self.cell_at_cursor()
        if element is None:
            cells = self.cells()
            if not cells:
                return
            element = cells[len(cells) // 2]
            self.cursor = element.getAttribute("data-cell")
        self.hide_cursor()
        box = element.getBBox()
        ring = document.createElementNS("http://www.w3.org/2000/svg", "rect")
        for name, value in (("x", box.x), ("y", box.y), ("width", box.width),
                            ("height", box.height), ("class", "kbd-cursor"),
                            ("pointer-events", "none")):
            ring.setAttribute(name, str(value))
        element.parentNode.appendChild(ring)     # the cell's own coordinates (any transform)
        if announce:
            self.announce(self.describe_cell(element))

    def hide_cursor(self):
        for ring in document.querySelectorAll("#board .kbd-cursor"):
            ring.remove()

    @staticmethod
    def describe_cell(element) -> str:
        label = element.getAttribute("aria-label")
        if found(label) and label:
            return label
        title = element.querySelector("title")
        return title.textContent if found(title) else element.getAttribute("data-cell")

    def move_cursor(self, dx, dy):
        """Move to the nearest square in the direction (dx, dy) on screen."""
        here = self.cell_at_cursor()
        if here is None:
            self.show_cursor(announce=True)
            return
        hb = here.getBoundingClientRect()
        hx, hy = hb.left + hb.width / 2, hb.top + hb.height / 2
        best, best_cost = None, None
        for element in self.cells():
            box = element.getBoundingClientRect()
            ex, ey = box.left + box.width / 2 - hx, box.top + box.height / 2 - hy
            along = ex * dx + ey * dy
            across = abs(ex * dy - ey * dx)
            if along <= 1 or across > along * 1.2:
                continue
            cost = along + 2 * across
            if best_cost is None or cost < best_cost:
                best, best_cost = element, cost
        if best is not None:               # else at the edge: stay, and say where
            self.cursor = best.getAttribute("data-cell")
            if self.human_turn():
                self.board.hover(self.session.state, data_of(best))
                self.render_board()
        self.show_cursor(announce=True)

    def on_board_focus(self, event):
        """Focus from the keyboard (Tab) shows the cursor; a click that focuses does not."""
        if by_id("board").matches(":focus-visible"):
            self.keyboard = True
            self.show_cursor(announce=True)

    def on_board_key(self, event):
        self.keyboard = True
        directions = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0),
                      "ArrowUp": (0, -1), "ArrowDown": (0, 1)}
        key = event.key
        if key in directions:
            self.move_cursor(*directions[key])
        elif key in ("Enter", " "):
            element = self.cell_at_cursor()
            if element is not None and self.human_turn():
                move = self.board.click(self.session.state, data_of(element))
                if move:
                    self.play(move)
                else:
                    self.redraw_live()
                    self.announce(self.board.prompt(self.session.state))
        elif key == "Escape":
            self.board.reset()
            self.redraw_live()
        else:
            return
        event.preventDefault()
        event.stopPropagation()

    def redraw_live(self):
        self.render_board()
        by_id("panel").innerHTML = self.board.panel(self.session.state, self.human_turn())

    def announce(self, text):
        """Say something to screen readers (a polite live region)."""
        by_id("announce").textContent = text

    def flip(self):
        self.board.flipped = not self.board.flipped
        self.render()

    # ---- the computer

    def schedule_computer(self):
        session, game = self.session, self.session.game
        if (self.thinking is not None or self.paused or not session.live
                or game.result(session.state) is not None
                or self.seats[game.to_move(session.state)] == "human"):
            return
        fragment = session.fragment()
        self.thinking = fragment
        asyncio.ensure_future(self.computer_move(fragment, self.seats[game.to_move(session.state)]))

    async def start_worker(self):
        if self.worker is None:
            if not found(document.querySelector("script[name='ai']")):
                tag = document.createElement("script")
                tag.setAttribute("type", "py")
                tag.setAttribute("worker", "")
                tag.setAttribute("name", "ai")
                tag.setAttribute("src", "./web/ai_worker.py")
                tag.setAttribute("config", "./pyscript.toml")
                document.body.append(tag)
            self.worker = await workers["ai"]
            document.body.dataset.aiReady = "1"
        return self.worker

    async def computer_move(self, fragment, level):
        best = None
        try:
            worker = await self.start_worker()
            began = time.monotonic()
            seed = random.randrange(2 ** 31)
            while self.still_thinking_about(fragment):
                reply = json.loads(await worker.think(fragment, level, SLICE_SECONDS, seed))
                if not self.still_thinking_about(fragment):
                    return
                self.show_progress(reply)
                if reply["done"]:
                    best = reply["best"]
                    break
            rest = MIN_MOVE_SECONDS - (time.monotonic() - began)
            if rest > 0:
                await asyncio.sleep(rest)
        except Exception as err:           # the worker failed: say so, keep the game
            self.show_message(f"The computer player failed: {escape(str(err))}", error=True)
        finally:
            self.thinking = None
        if best and self.still_thinking_about(fragment, started=False):
            self.play(best, by_computer=True)
        else:
            self.schedule_computer()

    def still_thinking_about(self, fragment, started=True) -> bool:
        """The position on screen is still the one the computer was asked about."""
        return (not self.paused and self.session.live and self.session.fragment() == fragment
                and (self.thinking == fragment or not started))

    def show_progress(self, reply):
        game, state = self.session.game, self.session.state
        seat = game.to_move(state)
        name = game.seat_names(state)[seat]
        detail = (f"{reply['elapsed']:.1f} s, {reply['playouts']:,} playouts"
                  if reply["playouts"] else "")
        by_id("status").textContent = (f"{name} (computer, {self.seats[seat]}) is thinking… "
                                       f"{detail}").strip()

    def toggle_pause(self):
        self.paused = not self.paused
        self.render()

    def on_board_move(self, event):
        if event.pointerType == "touch":     # a tap previews, a second tap confirms
            return
        if self.human_turn() and self.board.hover(self.session.state, data_of(target_of(event))):
            self.render_board()

    def on_board_leave(self, event):
        if event.pointerType == "touch":     # touch pointers "leave" after every tap
            return
        if self.human_turn() and self.board.hover(self.session.state, None):
            self.render_board()

    def on_board_down(self, event):
        self.keyboard = False
        self.hide_cursor()
        self.press = data_of(target_of(event))

    def on_board_up(self, event):
        source, self.press = self.press, None
        target = data_of(target_of(event))
        if source and target and source != target and self.human_turn():
            move = self.board.drag(self.session.state, source, target)
            if move:
                self.play(move)
            else:                      # a refused drop: show the renderer's explanation
                self.redraw_live()

    def on_board_click(self, event):
        if not self.human_turn():
            return
        move = self.board.click(self.session.state, data_of(target_of(event)))
        if move:
            self.play(move)
        else:
            self.render_board()
            by_id("panel").innerHTML = self.board.panel(self.session.state, True)

    def on_action(self, event):
        button = event.target.closest("[data-move]")
        if found(button):
            self.play(button.dataset.move)

    def on_pick(self, event):
        """Another game: its unfinished game saved last, else a fresh one."""
        button = event.target.closest("[data-game]")
        if not found(button):
            return
        game_id = button.dataset.game
        if game_id == self.session.game.id:
            return
        entry = self.keeper.newest(game=game_id, unfinished=True)
        if entry is not None and self.resume(entry):
            self.show_message("")
            return
        if entry is None:              # else the message says why it could not be resumed
            self.show_message("")
        self.open(Session(game_id))

    def on_move_list(self, event):
        button = event.target.closest("[data-ply]")
        if found(button):
            self.session.goto(int(button.dataset.ply))
            self.board.reset()
            self.render()

    def on_key(self, event):
        tag = (event.target.tagName or "").lower()
        if tag in ("input", "select", "textarea") or event.ctrlKey or event.metaKey or event.altKey:
            return
        key = event.key
        if key == "ArrowLeft":
            self.step(-1)
        elif key == "ArrowRight":
            self.step(1)
        elif key == "Home":
            self.step(-self.session.ply)
        elif key == "End":
            self.step(len(self.session.moves) - self.session.ply)
        elif key == "?":
            by_id("shortcuts").showModal()
        elif self.human_turn() and self.board.key(self.session.state, key):
            self.render_board()
            by_id("panel").innerHTML = self.board.panel(self.session.state, True)
        else:
            return
        event.preventDefault()

    # ---- the new-game form

    def open_form(self, game_id=None, chosen=None):
        game = games.get(game_id or self.session.game.id)
        board = boards.get(game.id)
        options = game.normalise_options(**(chosen or {}))
        fields = [f'<input type="hidden" name="game" value="{game.id}">']
        for opt in game.options_spec:
            value = options[opt.name]
            text = game.format_option(opt.name, value)
            if opt.kind == "int":      # text, so the engine's message (not the browser's) says why
                widget = (f'<input type="text" inputmode="numeric" name="opt-{opt.name}" '
                          f'value="{value}" autocomplete="off">')
            elif opt.kind == "choice":
                widget = (f'<select name="opt-{opt.name}">' + "".join(
                    f'<option{" selected" if c == value else ""}>{escape(str(c))}</option>'
                    for c in opt.choices) + "</select>")
            else:
                widget = board.option_html(opt, value, text)
            fields.append(f'<label class="field"><span>{escape(opt.label)}</span>{widget}'
                          f'<small>{escape(opt.help)}</small></label>'
                          f'<p class="field-error" id="{error_id(opt.name)}" role="alert"></p>')
        fields.append(self.seat_fields(game, options))
        by_id("newgame-title").textContent = f"New game of {game.name}"
        by_id("option-fields").innerHTML = "".join(fields)
        for opt in game.options_spec:
            for element in option_inputs(opt.name):
                element.setAttribute("aria-describedby", error_id(opt.name))
        by_id("newgame-form").noValidate = True
        by_id("newgame-error").textContent = ""
        dialog = by_id("newgame")
        if not dialog.open:
            dialog.showModal()

    def seat_fields(self, game, options):
        names = game.seat_names(game.new(**options))
        same_game = self.session is not None and self.session.game.id == game.id
        rows = []
        for seat, name in enumerate(names):
            current = self.seats[seat] if same_game and seat < len(self.seats) else "human"
            choices = "".join(f'<option value="{k}"{" selected" if k == current else ""}>'
                              f'{escape(label)}</option>' for k, label in SEAT_KINDS)
            rows.append(f'<label class="field seat"><span>{escape(name)}</span>'
                        f'<select name="seat-{seat}">{choices}</select></label>')
        return ('<fieldset class="seats"><legend>Players</legend>' + "".join(rows) +
                "<small>Choose a person or the computer for each seat; two computers play "
                "each other for you to watch.</small></fieldset>")

    def read_seats(self):
        return [el.value for el in document.querySelectorAll("#newgame-form select[name^='seat-']")]

    def read_form(self):
        form = by_id("newgame-form")
        game = games.get(form.elements.namedItem("game").value)
        board = boards.get(game.id)
        chosen = {}
        for opt in game.options_spec:
            values = [el.value for el in form.querySelectorAll(f'[name="opt-{opt.name}"]')]
            chosen[opt.name] = (values[0] if opt.kind != "custom"        # the engine reads the text
                                else board.option_value(opt, values))
        return game, chosen

    def on_form_change(self, event):
        name = event.target.name or ""
        if name == "opt-players":      # other defaults follow the number of players
            game, chosen = self.read_form()
            self.open_form(game.id, {"players": chosen["players"]})

    def on_form_submit(self, event):
        event.preventDefault()
        show_form_error(None)
        try:
            game, chosen = self.read_form()
            session = Session(game.id, chosen)
        except EngineError as err:
            show_form_error(err)
            return
        by_id("newgame").close()
        self.open(session, self.read_seats())
        self.show_message("")

    # ---- rules

    def open_rules(self):
        game = self.session.game
        by_id("rules-title").textContent = f"How to play {game.name}"
        dialog = by_id("rules")
        dialog.showModal()
        asyncio.ensure_future(self.load_rules(game.id))

    async def load_rules(self, game_id):
        body = by_id("rules-body")
        body.innerHTML = "<p>Loading the rules…</p>"
        response = await window.fetch(f"./web/rules/{game_id}.html")
        body.innerHTML = (await response.text() if response.ok
                          else "<p>The rules could not be loaded.</p>")


def error_id(option: str) -> str:
    return f"opt-{option}-error"


def option_inputs(option: str):
    return document.querySelectorAll(f'#newgame-form [name="opt-{option}"]')


def show_form_error(err) -> None:
    """The New game form's message for a refused value: beside the option's field when one
    is at fault (BadOption.option), else under the form; None clears every message.  The
    dialog stays open with every value as typed."""
    for box in document.querySelectorAll("#newgame-form .field-error"):
        box.textContent = ""
    for element in document.querySelectorAll("#newgame-form [aria-invalid]"):
        element.removeAttribute("aria-invalid")
    by_id("newgame-error").textContent = ""
    if err is None:
        return
    option = getattr(err, "option", None)
    box = by_id(error_id(option)) if option else None
    if not found(box):
        by_id("newgame-error").textContent = str(err)
        return
    box.textContent = str(err)
    inputs = option_inputs(option)
    for element in inputs:
        element.setAttribute("aria-invalid", "true")
    inputs.item(inputs.length - 1).focus()


def start() -> Page:
    """Open the page: the linked, saved or default game, with every control bound."""
    page = Page()
    try:
        page.start()
    except Exception as err:      # the page must say something rather than hang on "Loading"
        by_id("status").textContent = f"The game could not start: {err}"
        document.body.dataset.failed = "1"
        raise
    return page
