"""A course being taken on the page (Learn), without the browser: the step on the board, the
moves the player made in it, what the lesson bar says, and the steps done.

Pure Python, tested in CPython (tests/test_lesson_run.py); web/browser/lesson_mode.py is its
DOM adapter, and imports it when a course is first opened.  The judging is
engine/learning/lessons.py's: this module only keeps track of where the player is in the course and
writes the bar's markup.  The progress kept per game and the first-visit offer are
web/logic/learn_offer.py's.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from html import escape
from typing import Any

from engine import games
from engine.learning.lessons import GOES_ON, ILLEGAL, MET, Course, Judgement, Step, judge, replied
from web.logic.session import Session
from web.logic.wording import for_touch

# What the bar shows about the step: being played, done, or a move missed its goal.
PLAYING, DONE, MISSED = "playing", "done", "missed"


def figure_html(page: str, figure_id: str) -> str:
    """The `<figure>` whose id is `figure_id` in a rules page's markup (our own file), for the
    lesson bar: its ids renamed (the Rules dialog may hold the same figure), its caption left
    out (the step's words say it); '' when the page has no such figure."""
    found = re.search(
        rf'<figure[^>]*\bid="{re.escape(figure_id)}"[^>]*>(.*?)</figure>', page, re.S
    )
    if found is None:
        return ""
    inside = re.sub(r"<figcaption>.*?</figcaption>", "", found.group(1), flags=re.S)
    inside = re.sub(r'\bid="([^"]+)"', r'id="lesson-\1"', inside)
    inside = re.sub(r"url\(#([^)]+)\)", r"url(#lesson-\1)", inside)
    inside = re.sub(r'href="#([^"]+)"', r'href="#lesson-\1"', inside)
    return f"<figure class='lesson-figure'>{inside.strip()}</figure>"


@dataclass(frozen=True)
class Said:
    """What the bar says after something happened: the message (text, not markup), whether
    it is an error (an illegal move), and the reply the opponent plays now (or None)."""

    message: str
    error: bool = False
    reply: str | None = None


class LessonRun:
    """One course on the page: the step on the board and the moves made in it.  On a touch
    screen (`touch`) everything the bar says taps where the course wrote click."""

    def __init__(self, course: Course, done: Iterable[str] = (), touch: bool = False):
        self.course = course
        self.touch = touch
        self.game = games.get(course.game)
        self.done = set(done) & {step.id for step in course.steps}
        self.index = self.first_unfinished()
        self.played: tuple[str, ...] = ()
        self.status = PLAYING
        self.message = ""
        self.error = False

    def first_unfinished(self) -> int:
        """Where the course picks up: its first step not yet done (the first when all are)."""
        for index, step in enumerate(self.course.steps):
            if step.id not in self.done:
                return index
        return 0

    @property
    def step(self) -> Step:
        return self.course.steps[self.index]

    @property
    def last(self) -> bool:
        return self.index == len(self.course.steps) - 1

    @property
    def playing(self) -> bool:
        """The step waits for the player's moves (not yet met, nor missed)."""
        return self.status == PLAYING

    @property
    def step_done(self) -> bool:
        """The step's goal was met."""
        return self.status == DONE

    @property
    def finished(self) -> bool:
        """Every step of the course is done."""
        return len(self.done) == len(self.course.steps)

    def session(self) -> Session:
        """The step's start position as a game on the table (its start moves played)."""
        return Session(self.course.game, dict(self.step.options), self.step.start)

    def restart(self) -> None:
        """Try again: the step from its start."""
        self.played, self.status, self.message, self.error = (), PLAYING, "", False

    def go(self, index: int) -> None:
        """Another step of the course (Next, or a step picked)."""
        self.index = max(0, min(index, len(self.course.steps) - 1))
        self.restart()

    def move(self, state: Any, move: Any) -> Said:
        """The player's move (an engine move) at `state`: judged, remembered, and said."""
        if self.status != PLAYING:
            return Said(self.message, self.error)
        verdict: Judgement = judge(self.game, self.step, state, self.played, move)
        if verdict.outcome == ILLEGAL:
            self.message, self.error = verdict.message, True
            return Said(self.message, True)
        self.played, self.error = verdict.played, False
        if verdict.outcome == MET:
            self.status, self.message = DONE, verdict.message
            self.done.add(self.step.id)
        elif verdict.outcome == GOES_ON:
            self.message = ""
            return Said("", reply=verdict.reply)
        else:
            self.status, self.message = MISSED, verdict.message
        return Said(self.message)

    def replied(self, state: Any) -> None:
        """The opponent's reply is on the board (`state`): the bar says what the player
        does now while the goal can still be met, else the step is missed."""
        if self.status != PLAYING or not self.played:
            return
        verdict = replied(self.game, self.step, state, self.played)
        self.message = verdict.message
        if verdict.outcome != GOES_ON:
            self.status = MISSED

    # ---- the bar

    def words(self, text: str) -> str:
        """Text for the bar in the words of the device in hand (web/logic/wording.py)."""
        return for_touch(text) if self.touch else text

    def heading(self) -> str:
        count = len(self.course.steps)
        return f"Learn {self.course.title}: step {self.index + 1} of {count}, {self.step.title}"

    def figure(self, rules_page: str) -> str:
        """The step's figure from the game's rules page (its markup), or '' when it has none."""
        return figure_html(rules_page, self.step.figure) if self.step.figure else ""

    def bar_html(self, figure: str = "") -> str:
        """The lesson bar: the heading, the goal, what the last move did, and its buttons;
        the step's `figure` (figure_html's markup) with the explanation, once a move met or
        missed the goal (the player tries first)."""
        step = self.step
        parts = [
            f"<h3 class='lesson-heading'>{escape(self.heading())}</h3>",
            f"<p class='lesson-goal'><strong>Goal:</strong> {escape(self.words(step.goal))}</p>",
        ]
        if figure and self.status != PLAYING:
            parts.append(figure)
        if self.message:
            kind = "error" if self.error else self.status
            message = escape(self.words(self.message))
            parts.append(f"<p class='lesson-said lesson-{kind}'>{message}</p>")
        if self.status == DONE and self.last and self.finished:
            done = escape(self.words(self.course.done))
            parts.append(f"<p class='lesson-said lesson-done'>{done}</p>")
        parts.append(f"<div class='lesson-buttons'>{self.buttons_html()}</div>")
        return "".join(parts)

    def buttons_html(self) -> str:
        buttons = []
        if self.status == MISSED:
            buttons.append(("retry", "Try again", "primary"))
        elif self.status == PLAYING and self.played:  # halfway, the goal still in reach
            buttons.append(("retry", "Start the step over", ""))
        if self.status != DONE:
            buttons.append(("show", "Show me", ""))
        if self.status == DONE and not self.last:
            buttons.append(("next", "Next", "primary"))
        if self.status == DONE and self.last:
            buttons.append(("play-easy", "Play the easy computer", "primary"))
        buttons.append(("leave", "Leave the lesson", ""))
        return "".join(
            f"<button type='button' data-lesson='{name}' class='{css}'>{label}</button>"
            for name, label, css in buttons
        )

    def announcement(self) -> str:
        """What screen readers hear: the goal at a step's start, else what the move did."""
        if self.message:
            text = self.message
            if self.status == DONE and self.last and self.finished:
                text += " " + self.course.done
            return self.words(text)
        return self.words(f"{self.heading()}. Goal: {self.step.goal}")
