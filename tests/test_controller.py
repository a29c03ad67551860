"""The page's logic in CPython: the table (web/logic/table.py: seats, flip defaults, the undo
policy against the computer, an illegal move's verdict), the computer's turn and its stale
replies (web/logic/computer.py), the status line and the screen (web/logic/screen.py), the New
game form (web/logic/new_game.py), and the worker's thinking (web/worker/thinker.py).

The table is driven here with a small game of its own ("claim": claim one of five
cells a turn, most cells wins) and a fake board, so these tests do not depend on any real
game's renderer."""

from __future__ import annotations

import asyncio
import json
import re
from dataclasses import dataclass, field, replace

import pytest

from engine import games
from engine.contract import plugins
from engine.contract.core import (
    PASS,
    BadNotation,
    Game,
    Option,
    Result,
    Termination,
    View,
    refusal,
    winners_by_score,
)
from web import boards
from web.boards.base import Board, Ui
from web.logic import move_list
from web.logic.computer import MIN_MOVE_SECONDS, Computer, Job, thinking_text
from web.logic.new_game import form, form_choice, form_fields
from web.logic.screen import board_svg, prompt, screen_of, status
from web.logic.session import Session
from web.logic.table import Table
from web.worker.thinker import Thinker

CELLS = "abcde"


@dataclass(frozen=True)
class ClaimState:
    cells: tuple[int, ...] = (-1,) * len(CELLS)  # the seat that claimed each cell, or -1
    mover: int = 0
    last: tuple[int, ...] = ()
    _moves: tuple | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True, kw_only=True)
class ClaimView(View):
    pass


class Claim(Game):
    """Two seats claim cells in turn (or pass); once every cell is claimed, most wins."""

    id = "claim"
    name = "Claim"

    def _options(self, state):
        return {}

    def _new(self, options):
        return ClaimState()

    def _generate(self, state):
        if self._result(state) is not None:
            return []
        return [i for i, c in enumerate(state.cells) if c < 0] + [PASS]

    def _apply(self, state, move):
        if move == PASS:
            return ClaimState(state.cells, 1 - state.mover)
        cells = (*state.cells[:move], state.mover, *state.cells[move + 1 :])
        return ClaimState(cells, 1 - state.mover, (move,))

    def _format(self, state, move):
        return PASS if move == PASS else CELLS[move]

    def _decode(self, state, text):
        if text == PASS:
            return PASS
        if len(text) == 1 and text in CELLS:
            return CELLS.index(text)
        raise BadNotation(f"'{text}' is not a cell", code="not-a-move")

    def _why_illegal(self, state, move):
        return refusal("taken", "that cell is taken")

    def _result(self, state):
        if min(state.cells) < 0:
            return None
        scores = self._scores(state)
        return Result(
            winners_by_score(scores), scores, Termination.NO_MOVES, "every cell is claimed"
        )

    def _scores(self, state):
        return tuple(state.cells.count(seat) for seat in (0, 1))

    def _to_move(self, state):
        return state.mover

    def view(self, state):
        self.views = getattr(self, "views", 0) + 1
        return ClaimView(
            **self.view_core(state), width=len(CELLS), height=1, cells=state.cells, last=state.last
        )


class Other(Claim):
    """Claim under another name, with options for the New game form."""

    id = "other"
    name = "Other"
    options_spec = (
        Option("speed", "Speed", "int", 3, lo=1, hi=9, help="How fast."),
        Option("look", "Look", "choice", "plain", choices=("plain", "<fancy>")),
        Option("code", "Code", "custom", "x-y", help="Two words."),
    )

    def check_custom_option(self, name, value, chosen):
        return value

    def parse_option(self, name, text):
        return text if name == "code" else super().parse_option(name, text)


class ClaimBoard(Board):
    """Click a cell to choose it (the pick), click it again to claim it; the pointer over
    a cell previews it; "f" turns the board round."""

    can_flip = True

    def draw(self, view, ui):
        return f"<svg live={ui.live} flipped={ui.flipped} pick={ui.pick}></svg>"

    def hit(self, view, ui, target, gesture="click", source=None):
        cell = CELLS.index(target["cell"]) if target and "cell" in target else None
        if gesture == "hover":
            return replace(ui, preview=cell), None
        if gesture == "drop" and source:
            return ui, CELLS.index(target["cell"])
        if cell is None:
            return ui, None
        if ui.pick == cell:
            return ui, cell
        return replace(ui, pick=cell), None

    def key(self, view, ui, key):
        return replace(ui, flipped=not ui.flipped) if key == "f" else None


@pytest.fixture(autouse=True)
def claim_games(monkeypatch):
    """The test games registered as plug-ins, their rules and boards made already."""
    for game in (Claim(), Other()):
        here = f"{__name__}:{type(game).__name__}"
        monkeypatch.setitem(
            plugins._BY_ID, game.id, plugins.Plugin(game.id, game.name, here, here)
        )
        monkeypatch.setitem(games._loaded, game.id, game)
        monkeypatch.setitem(boards._renderers, game.id, ClaimBoard(game))


def table_of(seats=("human", "human"), moves=(), game="claim") -> Table:
    return Table(Session(game, moves=moves), list(seats))


def run(coroutine):
    return asyncio.run(coroutine)


class Worker:
    """A stand-in for the worker: replies from a script, doing `during` (the player's
    action) while it thinks."""

    def __init__(self, *replies, during=None):
        self.replies = list(replies)
        self.during = during
        self.asked = []

    async def __call__(self, fragment, level, seconds, seed):
        self.asked.append((fragment, level, seed))
        if self.during is not None:
            self.during()
        reply = self.replies.pop(0)
        if isinstance(reply, Exception):
            raise reply
        return json.dumps(reply)


def reply(best="b", done=True, playouts=1234, elapsed=1.25):
    return {"done": done, "best": best, "playouts": playouts, "elapsed": elapsed}


async def no_wait(seconds):
    no_wait.waited.append(seconds)


no_wait.waited = []


def think(computer, job, worker, shown=None):
    shown = [] if shown is None else shown
    return run(computer.think(job, worker, shown.append, wait=no_wait))


# --------------------------------------------------------------------------- seats and flip


def test_everyone_is_a_person_unless_told():
    table = Table(Session("claim"))
    computer = Computer(table)
    assert table.seats == ["human", "human"] and table.human_turn() and table.ui.live
    assert not table.against_computer() and computer.start_turn() is None


@pytest.mark.parametrize(
    "seats, flipped",
    [
        (("human", "easy"), False),
        (("easy", "human"), True),
        (("human", "human"), False),
        (("easy", "hard"), False),
    ],
)
def test_one_person_against_the_computer_sits_at_the_bottom(seats, flipped):
    assert table_of(seats).ui.flipped is flipped


def test_no_flip_or_selection_carried_to_another_game():
    table = table_of()
    table.flip()
    table.hit({"cell": "a"})
    table.point_at("a")
    assert table.ui.flipped and table.ui.pick == 0
    table.open(Session("other"))
    assert table.ui == Ui(live=True)


def test_another_game_of_the_same_kind_reopened_keeps_the_flip_not_the_selection():
    table = table_of()
    table.flip()
    table.hit({"cell": "a"})
    table.open(Session("claim"))  # a saved game, Back, Recent
    assert table.ui.flipped and table.ui.pick is None


@pytest.mark.parametrize(
    "seats, flipped",
    [
        (("human", "human"), False),  # hot seat: the first seat at the bottom
        (("easy", "hard"), False),  # two computers: the same
        (("easy", "human"), True),  # against the computer: the person's seat
        (("human", "easy"), False),
    ],
)
def test_a_fresh_game_faces_the_person_or_starts_unflipped(seats, flipped):
    """New game and Rematch: the flip of the game before is not carried into it."""
    table = table_of()
    table.flip()
    table.open(Session("claim"), list(seats), fresh=True)
    assert table.ui.flipped is flipped and screen_of(table).flip_pressed is flipped


def test_flip_from_the_button_and_from_the_board():
    table = table_of()
    table.flip()
    assert table.ui.flipped and screen_of(table).flip_pressed
    assert table.key("f") and not table.ui.flipped
    assert not table.key("x")


# --------------------------------------------------------------------------- playing


def test_a_move_made_on_the_board_clears_the_selection():
    table = table_of()
    assert table.hit({"cell": "c"}) is None and table.ui.pick == 2
    move = table.hit({"cell": "c"})
    assert move == 2
    said = table.play(move)
    assert said.played and said.announce == "Player 1 played c." and said.message == ""
    assert table.session.moves == ["c"] and table.ui.pick is None and table.ui.live


def test_an_illegal_move_is_refused_and_its_verdict_shown_in_the_prompt():
    table = table_of(moves=["c"])
    table.hit({"cell": "c"})
    assert table.hit({"cell": "c"}) is None
    assert table.ui.refused is not None and table.ui.refused.code == "taken"
    assert status(table) == "Player 2 to move. You cannot play that: that cell is taken."
    assert prompt(table) == status(table)
    assert table.session.moves == ["c"]
    table.escape()
    assert status(table) == "Player 2 to move."


def test_a_dropped_move_is_checked_too():
    table = table_of(moves=["c"])
    assert table.hit({"cell": "c"}, "drop", {"cell": "a"}) is None
    assert table.ui.refused.text == "that cell is taken"
    assert table.hit({"cell": "d"}, "drop", {"cell": "a"}) == 3


def test_hover_previews_with_the_engines_verdict():
    table = table_of(moves=["c"])
    assert table.hover({"cell": "c"})
    assert table.ui.preview == 2 and table.ui.verdict.code == "taken"
    assert not table.hover({"cell": "c"})  # nothing new: no redraw
    assert table.hover({"cell": "d"}) and table.ui.verdict.legal


def test_the_board_takes_no_moves_on_the_computers_turn():
    table = table_of(("human", "easy"), moves=["a"])
    assert not table.human_turn() and not table.ui.live
    assert table.hit({"cell": "b"}) is None and table.ui.pick is None
    assert not table.hover({"cell": "b"}) and not table.key("f")
    assert "pass" not in screen_of(table).actions


def test_a_held_board_takes_no_moves_until_let_go_or_another_game_opens():
    table = table_of(moves=["a"])
    table.hold(True)
    assert not table.human_turn() and not table.ui.live
    assert table.hit({"cell": "b"}) is None and table.ui.pick is None
    assert not table.hover({"cell": "b"}) and not table.key("f")
    assert 'data-move="pass"' not in screen_of(table).actions
    table.hold(False)
    assert table.human_turn() and table.ui.live
    assert 'data-move="pass"' in screen_of(table).actions
    table.hold(True)
    table.open(Session("claim"))
    assert table.human_turn() and not table.held


def test_a_word_move_and_a_move_that_cannot_be_read():
    table = table_of()
    assert 'data-move="pass"' in screen_of(table).actions
    assert table.play_text("pass").played and table.session.moves == ["pass"]
    said = table.play_text("<z>")
    assert not said.played and said.error and "&lt;z&gt;" in said.message
    assert table.session.moves == ["pass"]


def test_a_move_at_an_earlier_position_starts_a_side_line_and_after_undo_the_main():
    table = table_of(moves=["a", "b", "c"])
    table.goto(1)
    assert table.play_text("e").played  # no question: a side line after "a"
    assert table.session.moves == ["a", "e"] and table.session.path == (0, 1)
    assert table.session.tree.main_line() == ("a", "b", "c") and table.session.live
    assert screen_of(table).side_line
    table.goto(path=(0, 0, 0))  # back on the main line, at move 3
    assert table.session.moves == ["a", "b", "c"] and table.session.ply == 3
    table.take_back()  # Undo, then another move: the new main line
    table.play_text("d")
    assert table.session.tree.main_line() == ("a", "b", "d")
    assert table.session.tree.children((0, 0)) == ("d", "c")
    assert not screen_of(table).side_line and table.session.path == (0, 0, 0)
    table.goto(path=(0, 0, 1))
    table.delete_from_here()  # delete the old move c
    assert table.session.tree.children((0, 0)) == ("d",) and table.session.path == (0, 0)


def test_the_keys_that_step_through_the_moves():
    table = table_of(moves=["a", "b", "c"])
    table.goto(1)
    steps = {key: table.key_step(key) for key in ("ArrowLeft", "ArrowRight", "Home", "End", "x")}
    assert steps == {"ArrowLeft": -1, "ArrowRight": 1, "Home": -1, "End": 2, "x": None}


# --------------------------------------------------------------------------- undo


def test_take_back_between_people_is_one_move():
    table = table_of(moves=["a", "b", "c"])
    table.take_back()
    assert table.session.ply == 2 and table.took_back


def test_take_back_against_the_computer_returns_to_the_persons_turn():
    table = table_of(("human", "easy"), moves=["a", "b", "c", "d"])
    assert table.human_turn()
    table.take_back()
    assert table.session.ply == 2 and table.human_turn()
    table.take_back()
    assert table.session.ply == 0
    table.take_back()
    assert table.session.ply == 0


def test_take_back_when_the_person_plays_second():
    table = table_of(("easy", "human"), moves=["a", "b", "c"])
    computer = Computer(table)
    table.take_back()  # the computer's move c and the person's b: to after a
    assert table.session.ply == 1 and table.human_turn()
    assert computer.start_turn() is None  # not the latest position: the computer waits
    table.take_back()  # no earlier turn of the person: the start
    assert table.session.ply == 0


def test_take_back_between_computers_is_one_move():
    table = table_of(("easy", "easy"), moves=["a", "b", "c"])
    table.take_back()
    assert table.session.ply == 2


def test_redo_against_the_computer_restores_what_undo_took_back():
    """Issue 24, item 6: Undo took back two plies (the computer's and the person's) but Redo
    restored one, and the page then said the computer was paused while Pause read Pause."""
    table = table_of(("human", "easy"), moves=["a", "b", "c", "d"])
    table.take_back()  # ply 4 (Player 1 to move) -> 2: ply 3 is the computer's to move
    assert table.session.ply == 2
    table.redo()  # 2 -> 4: past ply 3, where the computer is to move
    assert table.session.ply == 4 and table.session.live
    assert status(table) == "Player 1, your move."
    # From a position shown by the arrow keys where the computer is to move, Redo goes on to
    # the person's next turn, and the status never calls the computer paused unless it is.
    table.step(-1)
    screen = screen_of(table)
    assert "paused" not in screen.status and screen.pause_label == "Pause"
    table.redo()
    assert table.session.ply == 4
    table.toggle_pause()
    table.step(-1)
    assert screen_of(table).status.endswith("(computer) is paused.")
    assert screen_of(table).pause_label == "Resume"
    # Between people Redo is one move, as Undo is.
    table = table_of(moves=["a", "b", "c"])
    table.take_back()
    table.take_back()
    table.redo()
    assert table.session.ply == 2


def test_take_back_clears_the_board_and_keeps_the_flip():
    table = table_of(("easy", "human"), moves=["a", "b", "c"])
    table.take_back()
    table.hit({"cell": "d"})
    table.take_back()
    assert table.ui.flipped and table.ui.pick is None


# --------------------------------------------------------------------------- what it says


def test_the_status_line():
    table = table_of(("human", "hard"))
    computer = Computer(table)
    assert status(table) == "Player 1, your move."
    table.play_text("a")
    assert status(table) == "Player 2 (computer, hard) is thinking…"
    table.toggle_pause()
    assert status(table) == "Player 2 (computer) is paused."
    table.toggle_pause()
    table.step(-1)
    assert status(table) == "Viewing move 0. Player 1, your move."
    table.step(1)
    assert (
        computer.progress(reply(playouts=12345, elapsed=2.04))
        == "Player 2 (computer, hard) is thinking… 2.0 s, 12,345 playouts"
    )
    assert computer.progress(reply(playouts=0)) == "Player 2 (computer, hard) is thinking…"
    table.play_text("b")
    table.step(-1)
    assert (
        status(table) == "Viewing move 1. Player 2 (computer) to move; it plays at the last move."
    )


def test_against_the_computer_the_status_says_your_move_and_the_scores_who_sits_where():
    """Issue 24, item 5: the status said "Black to move" against the computer, and the
    scores did not say which seat was the computer's."""
    table = Table(Session("stigmergy", {"size": 4, "komi": 0}), ["easy", "human"])
    table.play_text("c3")
    assert status(table).startswith("White, your move: click an empty cell"), status(table)
    scores = screen_of(table).scores
    assert '<span class="name">Black <span class="seat-kind">(computer, easy)</span>' in scores
    assert '<span class="name">White <span class="seat-kind">(you)</span>' in scores
    # Between people: no "your", no marks.
    table = Table(Session("stigmergy", {"size": 4, "komi": 0}))
    assert status(table).startswith("Black to move: click") and "seat-kind" not in (
        screen_of(table).scores
    )
    # Wythe's prompt names the colour and the player, "Black (Player 1) to move": the
    # person at the table is told "Black, your move" all the same.
    wythe = Table(Session("wythe", {"size": 6}), ["human", "easy"])
    assert status(wythe).startswith("Black, your move: click a square"), status(wythe)
    # Between two computers (and a person watching) no seat is "you".
    table = Table(Session("stigmergy", {"size": 4, "komi": 0}), ["easy", "hard"])
    assert "(you)" not in screen_of(table).scores


def test_the_computers_choice_of_colour_after_a_komi_bid_is_said():
    """Issue 24, item 5: after a Stigmergy komi bid the computer (second player) chose its
    colour in silence."""
    table = Table(Session("stigmergy", {"size": 4}), ["human", "easy"])
    assert status(table).startswith("First player, your move: choose the komi")
    assert table.play_text("komi5").message == ""  # the person's bid: nothing to say
    said = table.play_text("white")  # the computer's: it takes White and the komi
    assert said.message == "The computer chose to play White: you play Black."
    assert said.announce == "Second player played white. " + said.message
    assert status(table).startswith("Black, your move: click an empty cell"), status(table)


def test_the_result():
    table = table_of(moves=["a", "b", "c", "d"])
    assert table.result_text() is None and screen_of(table).result is None
    table.play_text("e")
    assert status(table) == "Game over."
    screen = screen_of(table)
    assert screen.result == "Player 1 wins 3–2. Every cell is claimed."
    assert screen.actions == "" and not table.ui.live
    assert '<li class=" winner">' in screen.scores and screen.scores.count("<li") == 2


def test_the_screen():
    table = table_of(("human", "easy"), moves=["a", "b"])
    table.step(-1)
    screen = screen_of(table)
    assert screen.board == "<svg live=False flipped=False pick=None></svg>"
    assert screen.status == (
        "Viewing move 1. Player 2 (computer) to move; it plays at the last move."
    )
    assert screen.title == "Claim" and screen.game == "claim"
    assert not screen.undo_disabled and not screen.redo_disabled
    assert not screen.back_disabled and not screen.forward_disabled
    assert not screen.flip_hidden and not screen.pause_hidden and screen.pause_label == "Pause"
    assert screen.address == "#" + table.session.fragment() and screen.address.startswith(
        "#claim/"
    )
    moves = move_list.session_html(table.session, table.view, table.board)
    assert moves.count("<button") == 2 and moves.count("aria-current") == 1
    assert 'data-row="0" data-ply="1" aria-current="true"' in moves
    assert '<li class="to-move"><span class="swatch p1">' in screen.scores
    fresh = screen_of(table_of())
    assert fresh.pause_hidden
    assert fresh.back_disabled and fresh.forward_disabled  # the start, the last move


def test_the_view_is_made_once_per_position():
    table = table_of()
    game = table.game
    before = game.views  # the controller asked who moves first
    for _ in range(3):
        screen_of(table)
        table.hover({"cell": "b"})
    assert game.views == before
    table.play_text("a")
    screen_of(table)
    assert game.views == before + 1


# --------------------------------------------------------------------------- the computer


def test_the_computer_thinks_on_its_turn_only():
    table = table_of(("human", "easy"))
    computer = Computer(table)
    assert computer.start_turn() is None
    table.play_text("a")
    job = computer.start_turn()
    assert job is not None and job.level == "easy" and job.fragment == table.session.fragment()
    assert computer.start_turn() is None  # thinking already


def test_the_computer_plays_its_move_and_shows_its_progress():
    table = table_of(("human", "easy"), moves=["a"])
    computer = Computer(table)
    job = computer.start_turn()
    shown = []
    no_wait.waited.clear()
    worker = Worker(reply(done=False, playouts=10, elapsed=0.15), reply("d"))
    said = think(computer, job, worker, shown)
    assert said.played and said.announce == "Player 2 played d."
    assert table.session.moves == ["a", "d"] and computer.thinking is None
    assert shown == [
        "Player 2 (computer, easy) is thinking… 0.1 s, 10 playouts",
        "Player 2 (computer, easy) is thinking… 1.2 s, 1,234 playouts",
    ]
    assert [a[2] for a in worker.asked] == [job.seed, job.seed]  # one search, two slices
    assert len(no_wait.waited) == 1 and 0 < no_wait.waited[0] <= MIN_MOVE_SECONDS


@pytest.mark.parametrize("change", ["take back", "pause", "step back", "new game", "move"])
def test_a_reply_for_a_stale_position_is_ignored(change):
    table = table_of(("human", "easy"), moves=["a", "b", "c"])
    computer = Computer(table)
    job = computer.start_turn()
    before = table.session.moves[: table.session.ply]
    actions = {
        "take back": table.take_back,
        "pause": table.toggle_pause,
        "step back": lambda: table.step(-1),
        "new game": lambda: table.open(Session("claim"), ["human", "easy"]),
        "move": lambda: table.session.play_text("e"),
    }
    shown = []
    said = think(computer, job, Worker(reply("d"), during=actions[change]), shown)
    assert not said.played and said.message is None and shown == []
    assert "d" not in table.session.moves[: table.session.ply]
    assert table.session.moves[: len(before)] == before or change in ("new game", "move")
    assert computer.thinking is None


def test_a_reply_after_several_slices_is_ignored_once_the_position_changed():
    table = table_of(("human", "easy"), moves=["a"])
    computer = Computer(table)
    job = computer.start_turn()
    worker = Worker(reply(done=False), reply("d"))
    worker.during = lambda: worker.asked[1:] and table.take_back()  # during the 2nd slice
    shown = []
    said = think(computer, job, worker, shown)
    assert not said.played and table.session.ply == 0 and len(shown) == 1


def test_resume_after_pause_makes_the_computer_think_again():
    table = table_of(("human", "easy"), moves=["a"])
    computer = Computer(table)
    job = computer.start_turn()
    said = think(computer, job, Worker(reply("d"), during=table.toggle_pause))
    assert not said.played and table.paused and computer.start_turn() is None
    table.toggle_pause()
    again = computer.start_turn()
    assert again is not None and again is not job and again.fragment == job.fragment
    assert think(computer, again, Worker(reply("d"))).played
    assert table.session.moves == ["a", "d"]


def test_pause_and_resume_within_one_slice_keeps_the_same_turn():
    table = table_of(("human", "easy"), moves=["a"])
    computer = Computer(table)
    job = computer.start_turn()

    def pause_and_resume():
        table.toggle_pause()
        assert computer.start_turn() is None  # paused
        table.toggle_pause()
        assert computer.start_turn() is None  # the turn under way goes on

    assert think(computer, job, Worker(reply("d"), during=pause_and_resume)).played


def test_a_new_turn_replaces_a_stale_one_at_once():
    table = table_of(("easy", "easy"))
    computer = Computer(table)
    job = computer.start_turn()
    table.open(Session("claim"), ["easy", "easy"])  # the same position, in a new game
    again = computer.start_turn()
    assert again is not None and again is not job
    assert not think(computer, job, Worker(reply("d"))).played
    assert computer.thinking is again  # the stale turn leaves it be
    assert think(computer, again, Worker(reply("d"))).played


def test_a_failing_worker_is_reported_and_the_computer_paused():
    table = table_of(("human", "easy"), moves=["a"])
    computer = Computer(table)
    job = computer.start_turn()
    said = think(computer, job, Worker(RuntimeError("no <worker>")))
    assert not said.played and said.error
    assert said.message == "The computer player failed: no &lt;worker&gt;"
    assert table.paused and computer.thinking is None and screen_of(table).pause_label == "Resume"
    table.toggle_pause()
    assert computer.start_turn() is not None


def test_a_job_is_what_the_worker_is_asked():
    table = table_of(("human", "medium"), moves=["a"])
    computer = Computer(table)
    job = computer.start_turn()
    worker = Worker(reply("e"))
    think(computer, job, worker)
    assert worker.asked == [(job.fragment, "medium", job.seed)]
    assert isinstance(job, Job) and 0 <= job.seed < 2**31


# --------------------------------------------------------------------------- the new-game form


def test_the_new_game_form_keeps_the_seats_of_this_game():
    table = table_of(("human", "hard"))
    title, html = form(*table.new_game_choices())
    assert (
        title == "New game of Claim" and '<input type="hidden" name="game" value="claim">' in html
    )
    assert '<option value="hard" selected>' in html
    _, html = form(*table.new_game_choices("other"))
    assert '<option value="hard" selected>' not in html
    assert html.count('<option value="human" selected>') == 2


def test_the_new_game_form_starts_from_this_games_options_and_seats():
    # A side-4, komi-3 Stigmergy game against the computer: New game offers the same again
    # (issue 19 item 2), and another game's form starts from that game's defaults.
    table = Table(Session("stigmergy", {"size": 4, "komi": 3}), ["easy", "human"])
    _, html = form(*table.new_game_choices())
    assert '<input type="text" inputmode="numeric" name="opt-size" value="4"' in html
    assert 'name="opt-komi" value="3"' in html
    assert (
        '<select name="seat-0"><option value="human">Human</option><option value="easy" '
        "selected>" in html
    )
    _, html = form(*table.new_game_choices("wythe"))
    assert 'name="opt-size" value="8"' in html and '<option value="easy" selected>' not in html


def test_the_new_game_form_for_a_game_with_options():
    other = games.get("other")
    html = form_fields(
        other, boards.get("other"), other.normalise_options(look="<fancy>"), ["easy"]
    )
    assert (
        '<input type="text" inputmode="numeric" name="opt-speed" value="3" autocomplete="off">'
    ) in html
    assert '<select name="opt-look"><option>plain</option><option selected>&lt;fancy&gt;' in html
    assert '<input type="text" name="opt-code" value="x-y" aria-label="Code">' in html
    assert 'id="opt-speed-error"' in html and "<small>How fast.</small>" in html
    assert (
        '<select name="seat-0"><option value="human">Human</option><option value="easy" selected>'
        in html
        and '<select name="seat-1"><option value="human" selected>' in html
    )
    game, chosen = form_choice("other", {"speed": ["7"], "look": ["plain"], "code": ["a-b"]})
    assert game is other and chosen == {"speed": "7", "look": "plain", "code": "a-b"}


# --------------------------------------------------------------------------- the worker


def test_the_worker_picks_a_random_move_at_once():
    session = Session("rugpile", moves=["3x3a3"])
    answer = json.loads(Thinker().think(session.fragment(), "random", 0.1, 7))
    assert answer["done"] and answer["playouts"] == 0
    assert session.game.parse(session.state, answer["best"]) in session.game.legal_moves(
        session.state
    )


def test_the_worker_thinks_in_slices_of_one_search():
    session = Session("rugpile", moves=["3x3a3"])
    thinker = Thinker()
    first = json.loads(thinker.think(session.fragment(), "easy", 0.02, 7))
    search = thinker.searches["move"][1]
    second = json.loads(thinker.think(session.fragment(), "easy", 0.02, 7))
    assert thinker.searches["move"][1] is search and second["playouts"] >= first["playouts"] > 0
    assert second["elapsed"] > first["elapsed"]
    thinker.think(session.fragment(), "easy", 0.01, 8)  # another request: a new search
    assert thinker.searches["move"][1] is not search
    while not (answer := json.loads(thinker.think(session.fragment(), "easy", 0.1, 8)))["done"]:
        pass
    assert session.game.parse(session.state, answer["best"]) in session.game.legal_moves(
        session.state
    )


def test_the_status_says_what_each_search_counts():
    """Gwyddbwyll's hard level searches by alpha-beta: its progress is a depth, not playouts."""
    session = Session("gwyddbwyll")
    answer = json.loads(Thinker().think(session.fragment(), "hard", 0.05, 7))
    assert answer["depth"] >= 1
    assert re.fullmatch(
        r"White \(computer, hard\) is thinking… \d+\.\d s, depth \d+",
        thinking_text("White", "hard", answer),
    )
    answer = json.loads(Thinker().think(Session("rugpile").fragment(), "easy", 0.05, 7))
    assert answer["depth"] is None
    assert thinking_text("Red", "easy", answer).endswith(f"{answer['playouts']:,} playouts")


def test_the_worker_exports_its_think_and_judge():
    from web import ai_worker

    session = Session("rugpile")
    answer = json.loads(ai_worker.think(session.fragment(), "greedy", 0.1, 1))
    assert answer["done"] and ai_worker.__export__ == ["think", "judge", "graph"]
    judged = json.loads(ai_worker.judge(session.fragment(), 0.05, 1))
    assert judged["to_move"] == 0 and len(judged["chances"]) == 2 and judged["playouts"] > 0


# --------------------------------------------------------------------------- with a real game


def test_rug_pile_an_illegal_tile_is_refused_with_the_engines_reason(monkeypatch):
    table = Table(Session("rugpile", moves=["3x3a1", "3x3c3"]))
    table.hit({"action": "kind", "kind": "2"})
    square = {"cell": "b2", "col": "1", "row": "1"}  # a 3x3 on Red's own a1-c3
    assert table.hover(square) and table.ui.verdict.code == "own-colour"
    assert status(table).startswith("Red: a 3×3 tile cannot go there: ")
    assert table.hit(square) is None  # confirmed anyway: refused
    assert table.ui.refused.code == "own-colour"
    assert status(table) == f"Red to move. You cannot place there: {table.ui.refused.text}."
    assert table.session.moves == ["3x3a1", "3x3c3"]


def test_rug_pile_against_the_worker():
    table = Table(Session("rugpile", {"size": 4}), ["human", "easy"])
    computer = Computer(table)
    square = {"cell": "a1", "col": "0", "row": "0"}
    table.hover(square)
    move = table.hit(square)
    assert move is not None and table.play(move).announce == "Red played 2x2a1."
    assert status(table) == "Blue (computer, easy) is thinking…"
    job = computer.start_turn()
    thinker = Thinker()

    async def ask(*args):
        return thinker.think(*args)

    shown = []
    said = run(computer.think(job, ask, shown.append, wait=no_wait))
    assert said.played and said.announce.startswith("Blue played ")
    assert len(table.session.moves) == 2 and shown[-1].startswith(
        "Blue (computer, easy) is thinking…"
    )
    assert table.human_turn() or table.view.result is not None


@pytest.mark.parametrize("game_id", games.ids())
def test_every_game_seats_one_person_against_the_computer_at_the_bottom(game_id):
    table = Table(Session(game_id), ["easy", "human"])
    assert table.ui.flipped and screen_of(table).flip_pressed
    assert board_svg(table) != board_svg(Table(Session(game_id), ["human", "easy"]))
    table.open(Session(game_id))  # two people: as it was
    assert table.ui.flipped
    other = next(g for g in games.ids() if g != game_id)
    table.open(Session(other))  # another game: a fresh board
    assert table.ui == Ui(live=True)


@pytest.mark.parametrize("game_id", ["wythe", "petrify", "stigmergy", "rugpile", "gwyddbwyll"])
def test_each_field_of_the_new_game_form_has_a_name_of_its_own(game_id):
    """Rug Pile's form had two "Players": its number of players and who plays each seat."""
    game = games.get(game_id)
    html = form_fields(game, boards.get(game_id), game.normalise_options(), [])
    names = re.findall(
        r'<label class="field[^"]*"><span>([^<]*)</span>|<legend>([^<]*)</legend>', html
    )
    shown = [label or legend for label, legend in names]
    assert "Players" in shown and len(shown) == len(set(shown)), shown
