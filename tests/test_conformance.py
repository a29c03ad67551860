"""What every registered game holds, checked the moment it is registered
(engine/contract/plugins.py): its parts are where its plug-in says, its states are immutable
values, its move lists deterministic, its notation and its links and records read back, its
refusals carry codes, random games end with a result that adds up, its board draws as a pure
function of the view, every move that changes the board animates, and its rules page is there.

Each check runs over a few seeded random games of each game at its default options (and
every option set a game's own tests need beyond these are in tests/test_<game>.py).
"""

from __future__ import annotations

import dataclasses
import itertools
import random
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from board_driver import BoardDriver

from engine.ai.knowledge import Knowledge, for_game
from engine.contract.core import Game
from engine.contract.errors import BadNotation, IllegalMove
from engine.contract.fixtures import MissingFixture, RecordTree, fixtures
from engine.contract.plugins import PLUGINS, Plugin, load
from engine.contract.replay import replay
from engine.contract.result import Termination
from engine.formats.record import decode, encode, make_record, replay_canonical
from engine.formats.record_text import load_text, to_text
from engine.learning.lesson_goals import Vocabulary
from web.boards.base import Board, Ui
from web.boards.motion import Motion

ROOT = Path(__file__).resolve().parent.parent
CODE = re.compile(r"^[a-z]+(-[a-z]+)*$")
SEEDS = (1, 2)
MOVES_CHECKED = 40  # a position's legal moves whose notation is read back, at most

plugins = pytest.mark.parametrize("plugin", PLUGINS, ids=[p.id for p in PLUGINS])


@cache
def played(game_id: str, seed: int) -> tuple[list, list]:
    """(states, moves) of a random game of `game_id` to its end, from its default start."""
    game = load_game(game_id)
    rng = random.Random(seed)
    states, moves = [game.new()], []
    while game.result(states[-1]) is None:
        move = rng.choice(game.legal_moves(states[-1]))
        moves.append(move)
        states.append(game.play(states[-1], move))
    return states, moves


@cache
def load_game(game_id: str) -> Game:
    from engine import games

    return games.get(game_id)


def games_of(plugin: Plugin):
    game = load_game(plugin.id)
    for seed in SEEDS:
        states, moves = played(plugin.id, seed)
        yield game, states, moves


@plugins
def test_its_parts_are_where_its_plugin_says(plugin):
    rules, board = load(plugin.rules), load(plugin.board)
    assert issubclass(rules, Game) and rules.id == plugin.id and rules.name == plugin.name
    assert issubclass(board, Board)
    assert board.motion is not Board.motion, "the board must say how its moves animate"
    if plugin.knowledge:
        assert issubclass(load(plugin.knowledge), Knowledge)
        assert type(for_game(load_game(plugin.id))) is load(plugin.knowledge)
    for path in (plugin.stylesheet, plugin.rules_page):
        assert (ROOT / path).is_file(), path
    assert plugin.name in (ROOT / plugin.rules_page).read_text()
    css = (ROOT / plugin.stylesheet).read_text()
    assert css.strip(), "the board's stylesheet styles its board"
    for key, what in board.shortcuts:
        assert len(key) == 1 and what, (key, what)
    if plugin.lesson:
        assert isinstance(load(plugin.lesson), Vocabulary)


@plugins
def test_its_fixtures_hold_what_every_suite_needs(plugin):
    # fixtures() raises MissingFixture for a module or a name that is not there.
    fixed = fixtures(plugin.id)
    game = load_game(plugin.id)
    line = replay(game, game.new(), fixed.SAMPLE_LINE)
    assert len(line) == len(fixed.SAMPLE_LINE) + 1 and game.result(line[-1]) is None
    assert isinstance(fixed.RECORD_TREE, RecordTree)
    assert fixed.threat is None or callable(fixed.threat)
    state = fixed.win_in_one()
    mover = game.to_move(state)
    ends = [
        game.result(after[-1]) for after in (replay(game, state, [m]) for m in fixed.WINNING_MOVES)
    ]
    assert any(end is not None and end.winners == (mover,) for end in ends)  # one wins at once
    assert fixed.GRAPH_PLAYOUTS > 0
    assert fixed.ANALYSIS_POSITION[0].startswith(plugin.id + "/")


def test_a_game_without_fixtures_fails_loudly(monkeypatch):
    monkeypatch.setattr(Plugin, "fixtures", property(lambda self: "engine.games.nowhere"))
    with pytest.raises(MissingFixture, match="no fixtures module"):
        fixtures("wythe")
    monkeypatch.setattr(Plugin, "fixtures", property(lambda self: "engine.games.wythe.rules"))
    with pytest.raises(MissingFixture, match="lacks SAMPLE_LINE, RECORD_TREE"):
        fixtures("wythe")


@plugins
def test_states_are_immutable_hashable_values(plugin):
    for game, states, moves in games_of(plugin):
        replayed = [game.new()]
        for move in moves:
            replayed.append(game.play(replayed[-1], move))
        assert replayed == states and [hash(s) for s in replayed] == [hash(s) for s in states]
        for state in states[:: max(1, len(states) // 8)]:
            field = dataclasses.fields(state)[0].name
            with pytest.raises(dataclasses.FrozenInstanceError):
                setattr(state, field, None)


@plugins
def test_move_lists_are_deterministic_and_views_list_them(plugin):
    for game, states, _ in games_of(plugin):
        for state in states[:-1]:
            moves = game.legal_moves(state)
            assert moves and moves == game.legal_moves(state)
            assert len(set(moves)) == len(moves)
            assert tuple(game.view(state).moves) == tuple(moves)


@plugins
def test_every_legal_move_is_written_one_way_and_read_back(plugin):
    for game, states, _ in games_of(plugin):
        for state in states[:-1]:
            moves = game.legal_moves(state)
            names = [game.notation(state, move) for move in moves]
            assert len(set(names)) == len(names), "two moves written alike"
            for move, name in list(zip(moves, names, strict=True))[:MOVES_CHECKED]:
                assert game.parse(state, name) == move, name


@plugins
def test_links_and_text_records_read_back(plugin):
    for game, states, moves in games_of(plugin):
        names = [game.notation(s, m) for s, m in zip(states, moves, strict=False)]
        record = make_record(game, {}, names)
        for compact in (False, True):
            link = encode(record, ply=len(names) // 2, compact=compact)
            assert decode(link) == (record, len(names) // 2)
        canonical, replayed = replay_canonical(record)
        assert canonical == record and replayed == states
        again, ply, _ = load_text(to_text(record, None, states))
        assert again == record and ply == len(names)


@plugins
def test_refusals_carry_a_code_and_a_sentence(plugin):
    for game, states, moves in games_of(plugin):
        refused = 0
        for before, state in itertools.pairwise(states):
            if game.result(state) is not None:
                continue
            for move in game.legal_moves(before):  # legal a ply ago, perhaps not now
                verdict = game.check(state, move)
                if verdict.legal:
                    continue
                assert CODE.match(verdict.code) and verdict.text, verdict
                with pytest.raises(IllegalMove) as raised:
                    game.play(state, move)
                assert raised.value.verdict == verdict
                refused += 1
                break
        assert refused, "no refusal was tried"
        with pytest.raises(BadNotation) as bad:
            game.parse(states[0], "zz99zz")
        assert CODE.match(bad.value.code)
        del moves


@plugins
def test_random_games_end_with_a_result_that_adds_up(plugin):
    for game, states, _ in games_of(plugin):
        seats = game.num_seats(states[0])
        for state in states[:-1]:
            view = game.view(state)
            assert 0 <= game.to_move(state) < seats and view.to_move == game.to_move(state)
            assert len(view.seat_names) == seats and len(game.scores(state)) == seats
        end, view = states[-1], game.view(states[-1])
        result = game.result(end)
        assert result is not None and isinstance(result.termination, Termination)
        assert result.winners and set(result.winners) <= set(range(seats))
        assert len(result.scores) == seats and view.to_move == -1 and view.result == result
        assert game.legal_moves(end) == [] or not game.legal_moves(end)


@plugins
def test_the_board_draws_as_a_pure_function_of_the_view(plugin):
    for game, states, _ in games_of(plugin):
        for state in states[:: max(1, len(states) // 6)]:
            view = game.view(state)
            driver = BoardDriver(plugin.id, state)
            for ui in (Ui(), Ui(live=True), Ui(live=True, flipped=driver.board.can_flip)):
                driver.ui = ui
                svg = driver.svg()
                assert svg == driver.svg() and svg.startswith("<svg") and "<style" not in svg
                assert driver.panel() == driver.panel() and isinstance(driver.prompt(), str)
            assert game.view(state) == view  # drawing changed nothing


@plugins
def test_every_move_that_changes_the_board_animates(plugin):
    board = BoardDriver(plugin.id).board
    for game, states, _ in games_of(plugin):
        for before, after in itertools.pairwise(states):
            earlier, later = game.view(before), game.view(after)
            motion = board.motion(earlier, later)
            assert isinstance(motion, Motion)
            if earlier.cells != later.cells:
                assert motion, f"a move that changed the board did not move: {later.last}"
            cells = len(later.cells)
            touched: list[Any] = [c for pair in motion.slides for c in pair]
            touched += [c for piece in motion.placed + motion.taken for c in piece]
            assert all(0 <= c < cells for c in touched + list(motion.turned))
