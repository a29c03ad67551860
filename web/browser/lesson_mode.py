"""Learn on the page (browser only): a game's course played on the real board, the lesson bar
above it, the first-visit offer, and the progress kept in localStorage.

The course is fetched from the game's lesson file (engine/contract/plugins.py's `lessons`); what to
do with a move, and what the bar says, are web/logic/lesson.py's and engine/learning/lessons.py's.
Opening a game needs only the offer (web/logic/learn_offer.py): those two modules are
imported when the player first opens a course, so that start-up does not pay for them.
While a lesson is on, the page (web/browser/page.py) hands each move here (`takes`) and does
not save the position or put it in the address: the step is a game between two people,
opened on the table, and Leave the lesson puts back the game that was there.  Show me plays
the step's solution through the same path as the player's moves, so it animates as they do.

A step is judged from its start position on, so while a lesson is on the moves are not
stepped through (`active`): the page refuses ←/→, Home/End, the move list, Undo and Redo,
and web/lesson.css hides their buttons; Try again is the way back to the step's start.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from pyodide.ffi import to_js
from pyscript import document, window

from engine import EngineError, games
from engine.contract.plugins import plugin
from web.browser.dom import announce, asset_url, by_id, closest, run_soon, store, stored
from web.browser.set_aside import SetAside
from web.logic.learn_offer import OFFERED_KEY, offer_html, progress_key, read_ids, write_ids
from web.logic.seats import HUMAN, SeatKind
from web.logic.session import Session
from web.logic.table import Table

if TYPE_CHECKING:
    from engine.learning.lessons import Course
    from web.logic.lesson import LessonRun

REPLY_SECONDS = 0.6  # the opponent's scripted reply, and each move of Show me, after this


class LessonHost(Protocol):
    """What a lesson needs of the page (web/browser/page.py's Page): the table the lesson is
    played on, drawing it, and opening a game when the lesson ends."""

    table: Table

    def render(self, push: bool = False) -> None: ...

    def open(self, session: Session, seats: list[SeatKind] | None = None) -> None: ...


class LessonMode:
    """The lesson on the page, if any, and the controls that start, drive and end it."""

    def __init__(self, page: LessonHost) -> None:
        self.page = page
        self.run: LessonRun | None = None
        self.texts: dict[str, str | None] = {}  # each game's course file, once fetched
        self.courses: dict[str, Course | None] = {}  # and read, once a lesson began
        self.rules: dict[str, str] = {}  # each game's rules page (its figures), once fetched
        self.aside = SetAside("lesson", "data-lesson")  # the game the lesson covers
        self.busy = False  # Show me or a reply is playing: the board waits

    @property
    def active(self) -> bool:
        return self.run is not None

    def bind(self, on: Callable[[Any, str, Callable[[Any], Any]], None]) -> None:
        on(by_id("learn-open"), "click", lambda e: self.learn(self.page.table.game.id))
        on(by_id("rules-learn"), "click", self.on_rules_learn)
        on(by_id("lesson"), "click", self.on_bar)
        on(by_id("learn-offer"), "click", self.on_offer)

    # ---- the course file

    async def course_text(self, game_id: str) -> str | None:
        """The game's course file (fetched once), or None when it cannot be fetched."""
        if game_id not in self.texts:
            response = await window.fetch(asset_url(plugin(game_id).lessons))
            self.texts[game_id] = await response.text() if response.ok else None
        return self.texts[game_id]

    async def course(self, game_id: str) -> Course | None:
        """The game's course (read once), or None when it has none or it cannot be read."""
        if game_id not in self.courses:
            from engine.learning.lessons import BadLesson, load

            course, text = None, await self.course_text(game_id)
            if text is not None:
                with contextlib.suppress(BadLesson):
                    course = load(text, game_id)
            self.courses[game_id] = course
        return self.courses[game_id]

    async def fetch_rules(self, game_id: str) -> None:
        """The game's rules page, for its figures (none shown when it cannot be read)."""
        if game_id not in self.rules:
            response = await window.fetch(asset_url(plugin(game_id).rules_page))
            self.rules[game_id] = await response.text() if response.ok else ""

    # ---- a game opened (Page.open): the lesson gives way, the offer the first time

    def opened(self, game_id: str) -> None:
        """Another game is on the table: the lesson ends; the first time this game is opened,
        the one-line offer, put there at once (before the page is ready: the board does not
        jump down under the player's pointer); Learn shows where there is a course."""
        if self.run is not None:
            self.close()
        line = by_id("learn-offer")
        offered = read_ids(stored(OFFERED_KEY))
        if game_id not in offered:
            store(OFFERED_KEY, write_ids(offered | {game_id}))
            line.innerHTML = offer_html(game_id)
            line.dataset.game = game_id
            line.hidden = False
        elif line.getAttribute("data-game") != game_id:  # the offer stays while its game does
            line.hidden = True
        run_soon(self.learnable(game_id))

    async def learnable(self, game_id: str) -> None:
        """Learn, and the offer, only for a game whose course is there (it is read when
        the player opens it: `begin`)."""
        self.offer_learn(await self.course_text(game_id) is not None)

    def offer_learn(self, offered: bool) -> None:
        for name in ("learn-open", "rules-learn"):
            by_id(name).hidden = not offered
        if not offered:
            by_id("learn-offer").hidden = True

    def cannot_learn(self, game_id: str) -> None:
        """The course file came but could not be read: Learn goes, and the offer's line
        says why."""
        self.offer_learn(False)
        line = by_id("learn-offer")
        line.textContent = f"{games.get(game_id).name}'s course could not be read."
        line.dataset.game = game_id
        line.hidden = False
        announce(line.textContent)

    def on_offer(self, event: Any) -> None:
        button = closest(event, "[data-learn]")
        if button is not None:
            self.learn(button.dataset.learn)

    def on_rules_learn(self, event: Any) -> None:
        by_id("rules").close()
        self.learn(self.page.table.game.id)

    # ---- starting and leaving

    def learn(self, game_id: str) -> None:
        run_soon(self.begin(game_id))

    async def begin(self, game_id: str) -> None:
        from web.logic.lesson import LessonRun

        course = await self.course(game_id)
        if course is None:
            self.cannot_learn(game_id)
            return
        await self.fetch_rules(game_id)
        if self.run is None:
            self.aside.keep(self.page.table)
        done = read_ids(stored(progress_key(game_id)))
        self.run = LessonRun(course, done, touch=self.page.table.ui.touch)  # tap, not click
        by_id("learn-offer").hidden = True
        self.show_step()
        by_id("board").focus()

    def close(self) -> None:
        """The lesson ends (the table already holds, or is about to hold, another game)."""
        self.run, self.busy = None, False
        self.aside.close()

    def leave(self) -> None:
        """Leave the lesson: the game that was on the table comes back."""
        self.run, self.busy = None, False
        if self.aside.leave(self.page.table) is not None:
            self.page.render()

    def play_easy(self) -> None:
        """The course's end: a new game against the easy computer, the player moving first."""
        game_id = self.run.course.game if self.run is not None else self.page.table.game.id
        self.close()
        self.page.open(Session(game_id), [HUMAN, SeatKind.EASY])

    # ---- the step

    def show_step(self) -> None:
        """The step's start position on the board, and its goal in the bar."""
        run = self.run
        if run is None:
            return
        run.restart()
        self.page.table.open(run.session())
        document.body.dataset.game = run.course.game
        document.body.dataset.lesson = run.step.id
        self.page.render(push=False)
        self.write_bar()
        keep_in_view(by_id("lesson"))

    def write_bar(self) -> None:
        run = self.run
        if run is None:
            return
        bar = by_id("lesson")
        bar.innerHTML = run.bar_html(run.figure(self.rules.get(run.course.game, "")))
        bar.hidden = False
        bar.dataset.status = run.status
        announce(run.announcement())

    def on_bar(self, event: Any) -> None:
        button = closest(event, "[data-lesson]")
        if button is None or self.run is None:
            return
        action = button.dataset.lesson
        if action == "retry":
            self.show_step()
            by_id("board").focus()  # the bar was rewritten: play on, from the keyboard too
        elif action == "show":
            run_soon(self.show_me())
        elif action == "next":
            self.run.go(self.run.index + 1)
            self.show_step()
            by_id("board").focus()
        elif action == "play-easy":
            self.play_easy()
        elif action == "leave":
            self.leave()

    # ---- moves

    def takes(self, move: Any, text: bool = False) -> bool:
        """The player's move while a lesson is on: judged and, when legal, played (True);
        False when no lesson is on (the page plays it)."""
        if self.run is None:
            return False
        if not self.busy:
            self.judge(move, text)
        return True

    def judge(self, move: Any, text: bool) -> None:
        run, table = self.run, self.page.table
        if run is None or not run.playing:
            return
        state = table.state
        if text:
            try:
                move = table.game.parse(state, move)
            except EngineError as err:
                run.message, run.error = str(err), True
                self.write_bar()
                return
        said = run.move(state, move)
        if not said.error:
            table.play(move)
            self.page.render()
        if run.step_done:
            store(progress_key(run.course.game), write_ids(run.done))
        self.write_bar()
        if said.reply is not None:
            run_soon(self.reply(said.reply))

    async def reply(self, text: str) -> None:
        """The opponent's scripted reply, after a moment."""
        self.busy = True
        await asyncio.sleep(REPLY_SECONDS)
        if self.run is not None:
            self.page.table.play_text(text)
            self.page.render()
            self.run.replied(self.page.table.state)
            self.write_bar()
        self.busy = False

    async def show_me(self) -> None:
        """Show me: the step from its start, its solution played move by move."""
        run = self.run
        if run is None:
            return
        self.show_step()
        step = run.step
        for turn, text in enumerate(step.solution):
            self.busy = True
            await asyncio.sleep(REPLY_SECONDS)
            if self.run is not run or run.step is not step:
                break  # the player left or moved on
            self.busy = False
            self.judge(text, text=True)
            if turn < len(step.solution) - 1:
                self.busy = True
                await asyncio.sleep(REPLY_SECONDS)
        self.busy = False


def keep_in_view(bar: Any) -> None:
    """On a short screen (a phone), scroll so that the goal and the board show together."""
    if by_id("board").getBoundingClientRect().bottom > window.innerHeight:
        bar.scrollIntoView(to_js({"block": "start"}, dict_converter=window.Object.fromEntries))
