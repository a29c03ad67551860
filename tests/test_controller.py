"""The page's controller (web/controller.py) in CPython: seats, flip defaults, the undo
policy against the computer, the computer's turn and its stale replies, the status line,
an illegal move's verdict, and the worker's thinking (web/ai_worker.py).

The controller is driven here with a small game of its own ("claim": claim one of five
cells a turn, most cells wins) and a fake board, so these tests do not depend on any real
game's renderer."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field, replace

import pytest

from engine import games
from engine.core import (
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
from web.ai_worker import Thinker
from web.boards.base import Board, Ui
from web.controller import (
    MIN_MOVE_SECONDS,
    Controller,
    Job,
    form_choice,
    form_fields,
    new_game_form,
)
from web.session import Session

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
            winners_by_score(scores), scores, Termination.NO_PLACEMENT, "every cell is claimed"
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
    """The test games in the registries of games and boards."""
    for game in (Claim(), Other()):
        monkeypatch.setitem(games._MODULES, game.id, game.id)
        monkeypatch.setitem(games._loaded, game.id, game)
        monkeypatch.setitem(boards._renderers, game.id, ClaimBoard(game))


def controller(seats=("human", "human"), moves=(), game="claim") -> Controller:
    return Controller(Session(game, moves=moves), list(seats))


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


def think(ctl, job, worker, shown=None):
    shown = [] if shown is None else shown
    return run(ctl.think(job, worker, shown.append, wait=no_wait))


# --------------------------------------------------------------------------- seats and flip


def test_everyone_is_a_person_unless_told():
    ctl = Controller(Session("claim"))
    assert ctl.seats == ["human", "human"] and ctl.human_turn() and ctl.ui.live
    assert not ctl.against_computer() and ctl.computer_job() is None


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
    assert controller(seats).ui.flipped is flipped


def test_no_flip_or_selection_carried_to_another_game():
    ctl = controller()
    ctl.flip()
    ctl.hit({"cell": "a"})
    ctl.point_at("a")
    assert ctl.ui.flipped and ctl.ui.pick == 0
    ctl.open(Session("other"))
    assert ctl.ui == Ui(live=True)


def test_a_new_game_of_the_same_kind_keeps_the_flip_not_the_selection():
    ctl = controller()
    ctl.flip()
    ctl.hit({"cell": "a"})
    ctl.open(Session("claim"))
    assert ctl.ui.flipped and ctl.ui.pick is None


def test_flip_from_the_button_and_from_the_board():
    ctl = controller()
    ctl.flip()
    assert ctl.ui.flipped and ctl.screen().flip_pressed
    assert ctl.key("f") and not ctl.ui.flipped
    assert not ctl.key("x")


# --------------------------------------------------------------------------- playing


def test_a_move_made_on_the_board_clears_the_selection():
    ctl = controller()
    assert ctl.hit({"cell": "c"}) is None and ctl.ui.pick == 2
    move = ctl.hit({"cell": "c"})
    assert move == 2
    said = ctl.play(move)
    assert said.played and said.announce == "Player 1 played c." and said.message == ""
    assert ctl.session.moves == ["c"] and ctl.ui.pick is None and ctl.ui.live


def test_an_illegal_move_is_refused_and_its_verdict_shown_in_the_prompt():
    ctl = controller(moves=["c"])
    ctl.hit({"cell": "c"})
    assert ctl.hit({"cell": "c"}) is None
    assert ctl.ui.refused is not None and ctl.ui.refused.code == "taken"
    assert ctl.status() == "Player 2 to move. You cannot play that: that cell is taken."
    assert ctl.prompt() == ctl.status()
    assert ctl.session.moves == ["c"]
    ctl.escape()
    assert ctl.status() == "Player 2 to move."


def test_a_dropped_move_is_checked_too():
    ctl = controller(moves=["c"])
    assert ctl.hit({"cell": "c"}, "drop", {"cell": "a"}) is None
    assert ctl.ui.refused.text == "that cell is taken"
    assert ctl.hit({"cell": "d"}, "drop", {"cell": "a"}) == 3


def test_hover_previews_with_the_engines_verdict():
    ctl = controller(moves=["c"])
    assert ctl.hover({"cell": "c"})
    assert ctl.ui.preview == 2 and ctl.ui.verdict.code == "taken"
    assert not ctl.hover({"cell": "c"})  # nothing new: no redraw
    assert ctl.hover({"cell": "d"}) and ctl.ui.verdict.legal


def test_the_board_takes_no_moves_on_the_computers_turn():
    ctl = controller(("human", "easy"), moves=["a"])
    assert not ctl.human_turn() and not ctl.ui.live
    assert ctl.hit({"cell": "b"}) is None and ctl.ui.pick is None
    assert not ctl.hover({"cell": "b"}) and not ctl.key("f")
    assert "pass" not in ctl.screen().actions


def test_a_word_move_and_a_move_that_cannot_be_read():
    ctl = controller()
    assert 'data-move="pass"' in ctl.screen().actions
    assert ctl.play_text("pass").played and ctl.session.moves == ["pass"]
    said = ctl.play_text("<z>")
    assert not said.played and said.error and "&lt;z&gt;" in said.message
    assert ctl.session.moves == ["pass"]


def test_a_move_at_an_earlier_position_starts_a_side_line_and_after_undo_the_main():
    ctl = controller(moves=["a", "b", "c"])
    ctl.goto(1)
    assert ctl.play_text("e").played  # no question: a side line after "a"
    assert ctl.session.moves == ["a", "e"] and ctl.session.path == (0, 1)
    assert ctl.session.tree.main_line() == ("a", "b", "c") and ctl.session.live
    assert ctl.screen().side_line
    ctl.goto(path=(0, 0, 0))  # back on the main line, at move 3
    assert ctl.session.moves == ["a", "b", "c"] and ctl.session.ply == 3
    ctl.take_back()  # Undo, then another move: the new main line
    ctl.play_text("d")
    assert ctl.session.tree.main_line() == ("a", "b", "d")
    assert ctl.session.tree.children((0, 0)) == ("d", "c")
    assert not ctl.screen().side_line and ctl.session.path == (0, 0, 0)
    ctl.goto(path=(0, 0, 1))
    ctl.reshape(promote=False)  # delete the old move c
    assert ctl.session.tree.children((0, 0)) == ("d",) and ctl.session.path == (0, 0)


# --------------------------------------------------------------------------- undo


def test_take_back_between_people_is_one_move():
    ctl = controller(moves=["a", "b", "c"])
    ctl.take_back()
    assert ctl.session.ply == 2 and ctl.took_back


def test_take_back_against_the_computer_returns_to_the_persons_turn():
    ctl = controller(("human", "easy"), moves=["a", "b", "c", "d"])
    assert ctl.human_turn()
    ctl.take_back()
    assert ctl.session.ply == 2 and ctl.human_turn()
    ctl.take_back()
    assert ctl.session.ply == 0
    ctl.take_back()
    assert ctl.session.ply == 0


def test_take_back_when_the_person_plays_second():
    ctl = controller(("easy", "human"), moves=["a", "b", "c"])
    ctl.take_back()  # the computer's move c and the person's b: to after a
    assert ctl.session.ply == 1 and ctl.human_turn()
    assert ctl.computer_job() is None  # not the latest position: the computer waits
    ctl.take_back()  # no earlier turn of the person: the start
    assert ctl.session.ply == 0


def test_take_back_between_computers_is_one_move():
    ctl = controller(("easy", "easy"), moves=["a", "b", "c"])
    ctl.take_back()
    assert ctl.session.ply == 2


def test_take_back_clears_the_board_and_keeps_the_flip():
    ctl = controller(("easy", "human"), moves=["a", "b", "c"])
    ctl.take_back()
    ctl.hit({"cell": "d"})
    ctl.take_back()
    assert ctl.ui.flipped and ctl.ui.pick is None


# --------------------------------------------------------------------------- what it says


def test_the_status_line():
    ctl = controller(("human", "hard"))
    assert ctl.status() == "Player 1 to move."
    ctl.play_text("a")
    assert ctl.status() == "Player 2 (computer, hard) is thinking…"
    ctl.toggle_pause()
    assert ctl.status() == "Player 2 (computer) is paused."
    ctl.toggle_pause()
    ctl.step(-1)
    assert ctl.status() == "Viewing move 0. Player 1 to move."
    ctl.step(1)
    assert (
        ctl.progress(reply(playouts=12345, elapsed=2.04))
        == "Player 2 (computer, hard) is thinking… 2.0 s, 12,345 playouts"
    )
    assert ctl.progress(reply(playouts=0)) == "Player 2 (computer, hard) is thinking…"
    ctl.play_text("b")
    ctl.step(-1)
    assert ctl.status() == "Viewing move 1. Player 2 (computer) is paused."


def test_the_result():
    ctl = controller(moves=["a", "b", "c", "d"])
    assert ctl.result_text() is None and ctl.screen().result is None
    ctl.play_text("e")
    assert ctl.status() == "Game over: Player 1 wins 3–2. Every cell is claimed."
    screen = ctl.screen()
    assert screen.result == "Player 1 wins 3–2. Every cell is claimed."
    assert screen.actions == "" and not ctl.ui.live
    assert '<li class=" winner">' in screen.scores and screen.scores.count("<li") == 2


def test_the_screen():
    ctl = controller(("human", "easy"), moves=["a", "b"])
    ctl.step(-1)
    screen = ctl.screen()
    assert screen.board == "<svg live=False flipped=False pick=None></svg>"
    assert screen.status == "Viewing move 1. Player 2 (computer) is paused."
    assert screen.title == "Claim" and screen.game == "claim"
    assert not screen.undo_disabled and not screen.redo_disabled
    assert not screen.flip_hidden and not screen.pause_hidden and screen.pause_label == "Pause"
    assert screen.address == "#" + ctl.session.fragment() and screen.address.startswith("#claim/")
    assert screen.moves.count("<button") == 2 and screen.moves.count("aria-current") == 1
    assert 'data-path="0" data-ply="1" aria-current="true"' in screen.moves
    assert '<li class="to-move"><span class="swatch p1">' in screen.scores
    assert controller().screen().pause_hidden


def test_the_view_is_made_once_per_position():
    ctl = controller()
    game = ctl.game
    before = game.views  # the controller asked who moves first
    for _ in range(3):
        ctl.screen()
        ctl.hover({"cell": "b"})
    assert game.views == before
    ctl.play_text("a")
    ctl.screen()
    assert game.views == before + 1


# --------------------------------------------------------------------------- the computer


def test_the_computer_thinks_on_its_turn_only():
    ctl = controller(("human", "easy"))
    assert ctl.computer_job() is None
    ctl.play_text("a")
    job = ctl.computer_job()
    assert job is not None and job.level == "easy" and job.fragment == ctl.session.fragment()
    assert ctl.computer_job() is None  # thinking already


def test_the_computer_plays_its_move_and_shows_its_progress():
    ctl = controller(("human", "easy"), moves=["a"])
    job = ctl.computer_job()
    shown = []
    no_wait.waited.clear()
    worker = Worker(reply(done=False, playouts=10, elapsed=0.15), reply("d"))
    said = think(ctl, job, worker, shown)
    assert said.played and said.announce == "Player 2 played d."
    assert ctl.session.moves == ["a", "d"] and ctl.thinking is None
    assert shown == [
        "Player 2 (computer, easy) is thinking… 0.1 s, 10 playouts",
        "Player 2 (computer, easy) is thinking… 1.2 s, 1,234 playouts",
    ]
    assert [a[2] for a in worker.asked] == [job.seed, job.seed]  # one search, two slices
    assert len(no_wait.waited) == 1 and 0 < no_wait.waited[0] <= MIN_MOVE_SECONDS


@pytest.mark.parametrize("change", ["take back", "pause", "step back", "new game", "move"])
def test_a_reply_for_a_stale_position_is_ignored(change):
    ctl = controller(("human", "easy"), moves=["a", "b", "c"])
    job = ctl.computer_job()
    before = ctl.session.moves[: ctl.session.ply]
    actions = {
        "take back": ctl.take_back,
        "pause": ctl.toggle_pause,
        "step back": lambda: ctl.step(-1),
        "new game": lambda: ctl.open(Session("claim"), ["human", "easy"]),
        "move": lambda: ctl.session.play_text("e"),
    }
    shown = []
    said = think(ctl, job, Worker(reply("d"), during=actions[change]), shown)
    assert not said.played and said.message is None and shown == []
    assert "d" not in ctl.session.moves[: ctl.session.ply]
    assert ctl.session.moves[: len(before)] == before or change in ("new game", "move")
    assert ctl.thinking is None


def test_a_reply_after_several_slices_is_ignored_once_the_position_changed():
    ctl = controller(("human", "easy"), moves=["a"])
    job = ctl.computer_job()
    worker = Worker(reply(done=False), reply("d"))
    worker.during = lambda: worker.asked[1:] and ctl.take_back()  # during the 2nd slice
    shown = []
    said = think(ctl, job, worker, shown)
    assert not said.played and ctl.session.ply == 0 and len(shown) == 1


def test_resume_after_pause_makes_the_computer_think_again():
    ctl = controller(("human", "easy"), moves=["a"])
    job = ctl.computer_job()
    said = think(ctl, job, Worker(reply("d"), during=ctl.toggle_pause))
    assert not said.played and ctl.paused and ctl.computer_job() is None
    ctl.toggle_pause()
    again = ctl.computer_job()
    assert again is not None and again is not job and again.fragment == job.fragment
    assert think(ctl, again, Worker(reply("d"))).played
    assert ctl.session.moves == ["a", "d"]


def test_pause_and_resume_within_one_slice_keeps_the_same_turn():
    ctl = controller(("human", "easy"), moves=["a"])
    job = ctl.computer_job()

    def pause_and_resume():
        ctl.toggle_pause()
        assert ctl.computer_job() is None  # paused
        ctl.toggle_pause()
        assert ctl.computer_job() is None  # the turn under way goes on

    assert think(ctl, job, Worker(reply("d"), during=pause_and_resume)).played


def test_a_new_turn_replaces_a_stale_one_at_once():
    ctl = controller(("easy", "easy"))
    job = ctl.computer_job()
    ctl.open(Session("claim"), ["easy", "easy"])  # the same position, in a new game
    again = ctl.computer_job()
    assert again is not None and again is not job
    assert not think(ctl, job, Worker(reply("d"))).played
    assert ctl.thinking is again  # the stale turn leaves it be
    assert think(ctl, again, Worker(reply("d"))).played


def test_a_failing_worker_is_reported_and_the_computer_paused():
    ctl = controller(("human", "easy"), moves=["a"])
    job = ctl.computer_job()
    said = think(ctl, job, Worker(RuntimeError("no <worker>")))
    assert not said.played and said.error
    assert said.message == "The computer player failed: no &lt;worker&gt;"
    assert ctl.paused and ctl.thinking is None and ctl.screen().pause_label == "Resume"
    ctl.toggle_pause()
    assert ctl.computer_job() is not None


def test_a_job_is_what_the_worker_is_asked():
    ctl = controller(("human", "medium"), moves=["a"])
    job = ctl.computer_job()
    worker = Worker(reply("e"))
    think(ctl, job, worker)
    assert worker.asked == [(job.fragment, "medium", job.seed)]
    assert isinstance(job, Job) and 0 <= job.seed < 2**31


# --------------------------------------------------------------------------- the new-game form


def test_the_new_game_form_keeps_the_seats_of_this_game():
    ctl = controller(("human", "hard"))
    title, html = new_game_form(
        ctl,
    )
    assert (
        title == "New game of Claim" and '<input type="hidden" name="game" value="claim">' in html
    )
    assert '<option value="hard" selected>' in html
    _, html = new_game_form(ctl, "other")
    assert '<option value="hard" selected>' not in html
    assert html.count('<option value="human" selected>') == 2


def test_the_new_game_form_starts_from_this_games_options_and_seats():
    # A side-4, komi-3 Stigmergy game against the computer: New game offers the same again
    # (issue 19 item 2), and another game's form starts from that game's defaults.
    ctl = Controller(Session("stigmergy", {"size": 4, "komi": 3}), ["easy", "human"])
    _, html = new_game_form(
        ctl,
    )
    assert '<input type="text" inputmode="numeric" name="opt-size" value="4"' in html
    assert 'name="opt-komi" value="3"' in html
    assert (
        '<select name="seat-0"><option value="human">Human</option><option value="easy" '
        "selected>" in html
    )
    _, html = new_game_form(ctl, "wythe")
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


def test_the_worker_exports_its_think_and_judge():
    from web import ai_worker

    session = Session("rugpile")
    answer = json.loads(ai_worker.think(session.fragment(), "greedy", 0.1, 1))
    assert answer["done"] and ai_worker.__export__ == ["think", "judge", "graph"]
    judged = json.loads(ai_worker.judge(session.fragment(), 0.05, 1))
    assert judged["to_move"] == 0 and len(judged["chances"]) == 2 and judged["playouts"] > 0


# --------------------------------------------------------------------------- with a real game


def test_rug_pile_an_illegal_tile_is_refused_with_the_engines_reason(monkeypatch):
    ctl = Controller(Session("rugpile", moves=["3x3a1", "3x3c3"]))
    ctl.hit({"action": "kind", "kind": "2"})
    square = {"cell": "b2", "col": "1", "row": "1"}  # a 3x3 on Red's own a1-c3
    assert ctl.hover(square) and ctl.ui.verdict.code == "own-colour"
    assert ctl.status().startswith("Red: a 3×3 tile cannot go there: ")
    assert ctl.hit(square) is None  # confirmed anyway: refused
    assert ctl.ui.refused.code == "own-colour"
    assert ctl.status() == f"Red to move. You cannot place there: {ctl.ui.refused.text}."
    assert ctl.session.moves == ["3x3a1", "3x3c3"]


def test_rug_pile_against_the_worker():
    ctl = Controller(Session("rugpile", {"size": 4}), ["human", "easy"])
    square = {"cell": "a1", "col": "0", "row": "0"}
    ctl.hover(square)
    move = ctl.hit(square)
    assert move is not None and ctl.play(move).announce == "Red played 2x2a1."
    assert ctl.status() == "Blue (computer, easy) is thinking…"
    job = ctl.computer_job()
    thinker = Thinker()

    async def ask(*args):
        return thinker.think(*args)

    shown = []
    said = run(ctl.think(job, ask, shown.append, wait=no_wait))
    assert said.played and said.announce.startswith("Blue played ")
    assert len(ctl.session.moves) == 2 and shown[-1].startswith(
        "Blue (computer, easy) is thinking…"
    )
    assert ctl.human_turn() or ctl.view.result is not None


@pytest.mark.parametrize("game_id", games.ids())
def test_every_game_seats_one_person_against_the_computer_at_the_bottom(game_id):
    ctl = Controller(Session(game_id), ["easy", "human"])
    assert ctl.ui.flipped and ctl.screen().flip_pressed
    assert ctl.draw() != Controller(Session(game_id), ["human", "easy"]).draw()
    ctl.open(Session(game_id))  # two people: as it was
    assert ctl.ui.flipped
    other = next(g for g in games.ids() if g != game_id)
    ctl.open(Session(other))  # another game: a fresh board
    assert ctl.ui == Ui(live=True)
