"""A puzzle being solved on the page, without the browser: where the solver is in its line,
what a move does (right: the reply comes; wrong: Try again or Show), what the puzzle bar
says, and the sentence that says why a wrong move is worse.

Pure Python, tested in CPython (tests/test_puzzle_run.py); web/browser/puzzle_mode.py is its
DOM adapter, and imports it when Puzzles is first opened.  Whether a move is the answer is
engine/learning/puzzles.py's (`Puzzle.judge`); the rating and the next puzzle are
web/logic/puzzle_pick.py's.

A run is one of four kinds: a puzzle picked for the player's rating (RATED), the puzzle of the
day (DAILY), a puzzle opened by its link (LINKED), and a mistake of the player's own game
replayed (MISTAKE: the position before the mistake, the better move the analysis found as
the answer; not rated, it has no difficulty).
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Any

from engine import games
from engine.learning.puzzles import Puzzle
from web import boards
from web.logic.move_names import full_moves, line_names, move_word, numbered_line
from web.logic.puzzle_offer import link
from web.logic.session import Session

RATED, DAILY, LINKED, MISTAKE = "rated", "daily", "linked", "mistake"
PLAYING, WRONG, SOLVED, SHOWN = "playing", "wrong", "solved", "shown"
CLOSE_CHANCE = 0.05  # a wrong move within this of the answer's chance is "nearly as good"


def percent(chance: float) -> str:
    return f"{round(chance * 100)}%"


@dataclass(frozen=True)
class Said:
    """What a move did: the moves the page plays now, one after another (the opponent's reply,
    and a solver's move after it that is the only legal one, with its reply), whether the
    move was wrong (the page then asks the computer why), and whether the puzzle is over."""

    replies: tuple[str, ...] = ()
    wrong: bool = False
    over: bool = False


class PuzzleRun:
    """One puzzle on the board: the solver's moves and the replies so far (`played`, from the
    puzzle's start), and how it went."""

    def __init__(self, puzzle: Puzzle, kind: str = RATED):
        self.puzzle = puzzle
        self.kind = kind
        self.options = puzzle.options_dict  # the game's options (its defaults where not said)
        self.played: tuple[str, ...] = ()
        self.wrong_move = ""  # the wrong move on the board (notation), while status is WRONG
        self.game = games.get(puzzle.game_id)
        self.start = puzzle.start(self.game)
        self.solver = self.game.to_move(self.start)
        self.forced = forced_steps(self.game, self.start, puzzle.solution)
        self.status = PLAYING
        self.first_try = True  # no wrong move nor Show yet: the puzzle still counts as solved
        self.message = ""

    # ---- where the solver is

    @property
    def step(self) -> int:
        """The solution's index of the move the solver must find now (0, 2, 4…)."""
        return len(self.played)

    @property
    def over(self) -> bool:
        return self.status in (SOLVED, SHOWN)

    @property
    def rated(self) -> bool:
        return self.kind != MISTAKE

    @property
    def answer_chance(self) -> float:
        """The solver's chance the puzzle's answer keeps, which a wrong move is held against:
        a forced win's 1.0, the chance a line rated won ends at, and for a mistake of one's
        own game the better move's chance (its chance before the move played)."""
        before, after = self.puzzle.chance
        if self.kind == MISTAKE:
            return before
        return 1.0 if self.puzzle.goal == "win" else after

    def session(self) -> Session:
        """The game so far and the moves of the solution played, on the table."""
        wrong = (self.wrong_move,) if self.wrong_move else ()
        moves = self.puzzle.moves + self.played + wrong
        return Session(self.puzzle.game_id, self.options, moves)

    def solver_name(self) -> str:
        return self.game.seat_names(self.start)[self.solver]

    def restart(self) -> None:
        """Try again: the position before the wrong move."""
        if self.status == WRONG:
            self.status, self.message, self.wrong_move = PLAYING, "", ""

    # ---- moves

    def move(self, state: Any, move: Any) -> Said:
        """The solver's move (an engine move, legal in `state`, the position shown)."""
        if self.status != PLAYING:
            return Said()
        text = self.game.notation(state, move)
        if not self.puzzle.judge(self.game, state, self.step, text):
            self.status, self.wrong_move, self.first_try = WRONG, text, False
            self.message = "That is not the move."  # until the computer says why (`explain`)
            return Said(wrong=True)
        solution = self.puzzle.solution
        if text != solution[self.step] or self.step + 1 == len(solution):
            self.played += (text,)  # the line's end, or another move that wins at once
            self.status = SOLVED
            self.message = self.solved_words()
            return Said(over=True)
        replies, following = solution[self.step + 1 : self.step + 2], self.step + 2
        while following in self.forced:  # the solver's next move is no move to find: played
            replies += solution[following : following + 2]
            following += 2
        self.played += (text, *replies)
        if self.step >= len(solution):
            self.status = SOLVED
            self.message = self.solved_words()
            return Said(replies, over=True)
        self.message = "Right. Now find the next move."
        return Said(replies)

    def show(self) -> tuple[str, ...]:
        """Show: the rest of the solution (to play on the board from the position before any
        wrong move); the puzzle counts as missed."""
        rest = self.puzzle.solution[self.step :]
        self.played += rest
        self.status, self.first_try, self.wrong_move = SHOWN, False, ""
        self.message = "The solution: " + numbered_words(self, rest) + "."
        return rest

    def explain(self, state: Any, analysis: dict[str, Any]) -> None:
        """Say why the wrong move is worse (`wrong_reason`), once the computer's judgement
        (`analysis`) of `state`, the position after it, came."""
        if self.status == WRONG:
            self.message = wrong_reason(
                self.game,
                state,
                analysis,
                self.solver,
                self.answer_chance,
                self.puzzle.proven,
                self.answer_wins_at_once(),
            )

    def answer_wins_at_once(self) -> bool:
        """Whether the move to find now ends the game with the solver's win: then any other
        move misses that win."""
        before = Session(self.puzzle.game_id, self.options, self.puzzle.moves + self.played)
        return self.puzzle.answer_wins_at_once(self.game, before.state, self.step)

    def solved_words(self) -> str:
        before, after = self.puzzle.chance
        name = self.solver_name()
        if self.kind == MISTAKE:
            return (
                f"Found: that was the better move. {name}'s chance: {percent(before)} "
                f"with it, {percent(after)} after the move played in the game."
            )
        if self.puzzle.goal == "win":
            wins = f" {name} wins."
        elif after >= 1.0:  # a line that ends in a position searched out to a win
            opponent = self.game.seat_names(self.start)[1 - self.solver]
            wins = f" {name} now wins whatever {opponent} does{self.behind_for_now()}."
        else:  # a line that ends rated won
            wins = f" {name} is winning."
        if percent(before) == percent(after):
            opponent = self.game.seat_names(self.start)[1 - self.solver]
            kept = (
                f"{name}'s chance was {percent(after)} after {opponent}'s mistake, "
                "and the answer keeps it."
            )
            return f"Solved!{wins} {kept}"
        return f"Solved!{wins} {name}'s chance went from {percent(before)} to {percent(after)}."

    def behind_for_now(self) -> str:
        """After a line searched out to a win, the words for a board whose score still has
        the solver behind (the win comes later, in the tie-break or captures yet to come),
        lest the score seem to say otherwise; "" when the solver leads or is level."""
        scores = self.game.scores(self.session().state)
        mine, theirs = scores[self.solver], scores[1 - self.solver]
        if mine >= theirs:
            return ""
        opponent = self.game.seat_names(self.start)[1 - self.solver]
        return (
            f", though {opponent} leads in the score for now ({theirs} to {mine}): the rest of "
            "the game was searched out to the end"
        )

    # ---- the bar

    def heading(self) -> str:
        name = self.game.name
        if self.kind == MISTAKE:
            return f"{name}: your game's mistake, as a puzzle"
        title = (
            f"{name} puzzle of the day"
            if self.kind == DAILY
            else f"{name} puzzle {self.puzzle.id}"
        )
        board = self.options_words()
        return f"{title}, {board}" if board else title

    def options_words(self) -> str:
        """The puzzle's options that are not its game's defaults, named as the New game form
        names them ("board size 4"); '' when it is played with the defaults."""
        played = self.game.options(self.start)
        defaults = self.game.options(self.game.new())
        return ", ".join(
            f"{option.label.lower()} {played[option.name]}"
            for option in self.game.options_spec
            if played[option.name] != defaults[option.name]
        )

    def goal(self) -> str:
        if self.kind == MISTAKE:
            return f"Try to find the better move for {self.solver_name()}."
        left = self.puzzle.solver_moves - len(self.forced)
        more = f" ({left} moves to find)" if left > 1 else ""
        return f"Find the best move for {self.solver_name()}{more}."

    def bar_html(self, standing: str = "") -> str:
        """The puzzle bar: heading, goal, what the last move did, the player's `standing`
        (rating and streak, plain text), and the buttons."""
        kind = {PLAYING: "playing", WRONG: "error", SOLVED: "done", SHOWN: "shown"}[self.status]
        parts = [
            f"<h3 class='puzzle-heading'>{escape(self.heading())}</h3>",
            f"<p class='puzzle-goal'><strong>{escape(self.goal())}</strong>{self.turned()}</p>",
        ]
        if self.message:
            parts.append(f"<p class='puzzle-said puzzle-{kind}'>{escape(self.message)}</p>")
        if standing:
            parts.append(f"<p class='puzzle-standing'>{escape(standing)}</p>")
        parts.append(f"<div class='puzzle-buttons'>{self.buttons_html()}</div>")
        return "".join(parts)

    def turned(self) -> str:
        """The second seat solves on the board turned round where the board has sides (its
        side at the bottom, the coordinates read from the other corner): said beside the
        goal, which the page's style shows only while Flip is pressed."""
        if self.solver != 1 or not boards.get(self.puzzle.game_id).sided:
            return ""
        name = escape(self.solver_name())
        return f" <span class='puzzle-turned'>The board is turned round for {name}.</span>"

    def buttons_html(self) -> str:
        buttons = []
        if self.status == WRONG:
            buttons.append(("retry", "Try again", "primary"))
        if not self.over:
            buttons.append(("show", "Show", ""))
        if self.over:
            buttons.append(("next", "Next puzzle", "primary"))
        if self.kind != DAILY:
            buttons.append(("daily", "Puzzle of the day", ""))
        buttons.append(("leave", "Leave puzzles", ""))
        html = "".join(
            f"<button type='button' data-puzzle='{name}' class='{css}'>{label}</button>"
            for name, label, css in buttons
        )
        if self.kind != MISTAKE:
            href = escape(link(self.puzzle.game_id, self.puzzle.id))
            html += f"<a class='puzzle-link' href='{href}'>Link to this puzzle</a>"
        return html

    def status_line(self) -> str:
        """The status under the board (the page's own says whose turn it is, which a wrong
        move or the line's end makes beside the point)."""
        if self.status == PLAYING:
            better = "better" if self.kind == MISTAKE else "best"
            return f"{self.solver_name()} to move: find the {better} move."
        if self.status == WRONG:
            return "Not the move: Try again, or Show."
        return "Solved." if self.status == SOLVED else "The solution, shown."

    def announcement(self) -> str:
        """What screen readers hear: the goal at the start, else what the move did."""
        return self.message or f"{self.heading()}. {self.goal()}"


def forced_steps(game: Any, start: Any, solution: tuple[str, ...]) -> frozenset[int]:
    """The solution's solver steps (indices 2, 4…) whose move is the only legal one: no move
    to find (a closing pass, the one placement left), so the page plays them with the
    replies.  The first step is always to find."""
    forced, state = set(), start
    for index, text in enumerate(solution):
        if index and index % 2 == 0 and len(game.legal_moves(state)) == 1:
            forced.add(index)
        state = game.apply(state, game.parse(state, text))
    return frozenset(forced)


def numbered_words(run: PuzzleRun, line: tuple[str, ...]) -> str:
    """Moves of the solution from the position after `run.played`'s first part, named and
    numbered as the move list numbers them."""
    before = run.puzzle.moves + run.played[: len(run.played) - len(line)]
    session = Session(run.puzzle.game_id, run.options, before)
    words = line_names(run.game, session.state, line)
    if full_moves(run.game):
        return numbered_line(run.game, len(before), words)
    return " ".join(f"{ply}. {word}" for ply, word in enumerate(words, len(before) + 1))


def wrong_reason(
    game: Any,
    state: Any,
    analysis: dict[str, Any],
    solver: int,
    before: float | None,
    proven: bool = False,
    missed_win: bool = False,
) -> str:
    """One sentence on why a wrong move is worse: the opponent's best answer and the solver's
    chance after it, from the computer's judgement (`analysis`, engine/ai/analysis.py's JSON)
    of `state`, the position after the wrong move.  `before` is the solver's chance with the
    puzzle's answer (PuzzleRun.answer_chance), or None when unknown.  In a puzzle `proven`
    to the end (engine/learning/puzzles.py) every wrong move is known to throw the win away,
    and the sentence says so instead of the chances, which a quick judgement may rate
    higher.  When the puzzle's answer wins at once (`missed_win`) and the wrong move looks
    (nearly) as good, the sentence says that there is a win at once: the wrong move may still
    win, later, but it is not the win the puzzle asks for (as a chess puzzle asks for the mate
    in one)."""
    result = game.result(state)
    if result is not None:
        return "That ends the game without winning it."
    to_move = analysis.get("to_move", -1)
    best = analysis.get("best") or ()
    answer = move_word(game, state, best[0]["move"]) if best else None
    if proven:
        lost = "you can no longer force a win (every line was searched to the end)"
        return _with_the_answer(
            game, state, solver, to_move, answer, lost, "That throws the win away"
        )
    chances = analysis.get("chances") or ()
    after = chances[solver] if solver < len(chances) else None
    if missed_win and (after is None or before is None or after > before - CLOSE_CHANCE):
        return "There is a move that wins at once: that is the one to find. Try again, or Show."
    if after is None:
        return "That is not the move."
    if before is not None and round(after * 100) >= round(before * 100):
        return (
            f"That looks as good to the computer ({percent(after)}), but it is not the "
            "puzzle's move: try again, or Show."
        )
    if before is not None and after > before - CLOSE_CHANCE:
        return (
            f"That is nearly as good by the computer's look ({percent(after)} against "
            f"{percent(before)}), but not the puzzle's move: try again, or Show."
        )
    falls = (
        f"your chance falls from {percent(before)} to {percent(after)}"
        if before is not None
        else f"your chance would be {percent(after)}"
    )
    return _with_the_answer(game, state, solver, to_move, answer, falls, "That is not the move")


def _with_the_answer(
    game: Any, state: Any, solver: int, to_move: int, answer: str | None, outcome: str, alone: str
) -> str:
    """What a wrong move leads to (`outcome`), after the move that shows it: the opponent's
    best answer, or the solver's own best next move when it moves again; after `alone` when
    the analysis names none."""
    if answer is None or to_move < 0:
        return f"{alone}: {outcome}."
    if to_move == solver:
        return f"That is not the move: even after your best next move, {answer}, {outcome}."
    name = game.seat_names(state)[to_move]
    return f"This lets {name} answer {answer}: {outcome}."
