"""The shipped puzzles (engine/games/<game>/puzzles.json, written by lab/puzzles/): every game
the registry lists has its file, every puzzle in it loads, replays legally and its solution
meets its goal; slow tests search a sample again as deeply as the generator did, and prove a
sample of the lines marked proven to the end again."""

from __future__ import annotations

import os
import random

import pytest

from engine import games
from engine.contract.plugins import plugin
from engine.learning.puzzles import WON_CHANCE, Puzzle, load

ROOT = os.path.join(os.path.dirname(__file__), "..")
# The one place a game may stand without puzzles: its file is there, and empty, until the
# generator (lab/puzzles/) has found it some; every other game has at least one.
NO_PUZZLES_YET: frozenset[str] = frozenset()


def shipped(game_id: str) -> tuple[Puzzle, ...]:
    path = os.path.join(ROOT, plugin(game_id).puzzles)
    assert os.path.exists(path), f"{game_id} has no puzzle file {path} (lab/puzzles/ writes it)"
    with open(path) as f:
        return load(game_id, f.read())


@pytest.mark.parametrize("game_id", games.ids())
def test_every_game_has_puzzles_that_load(game_id):
    puzzles = shipped(game_id)
    if game_id in NO_PUZZLES_YET:
        assert not puzzles, f"{game_id} has puzzles now: take it off NO_PUZZLES_YET"
        return
    assert puzzles, f"{game_id}'s puzzle file is empty"
    ids = [p.id for p in puzzles]
    assert len(set(ids)) == len(ids)
    assert all(p.game_id == game_id for p in puzzles)


@pytest.mark.parametrize("game_id", games.ids())
def test_every_puzzle_replays_and_its_solution_meets_its_goal(game_id):
    game = games.get(game_id)
    for puzzle in shipped(game_id):
        state = puzzle.start(game)  # BadPuzzles if the game so far does not replay
        seat = game.to_move(state)
        assert game.result(state) is None, f"{puzzle.id}: the game is over at the start"
        for step, text in enumerate(puzzle.solution):
            assert game.result(state) is None, f"{puzzle.id}: the line goes on after the end"
            move = game.parse(state, text)  # IllegalMove / BadNotation if it does not hold
            assert game.notation(state, move) == text
            if step % 2 == 0:
                assert game.to_move(state) == seat, f"{puzzle.id}: step {step} is not the solver's"
                assert puzzle.judge(game, state, step, text)
            state = game.play(state, move)
        result = game.result(state)
        if puzzle.goal == "win":
            assert result is not None and result.winners == (seat,), f"{puzzle.id}: no win"
        else:
            assert result is None, f"{puzzle.id}: a 'won' line that ends the game"
            assert puzzle.chance[1] >= WON_CHANCE, f"{puzzle.id}: not rated won at its end"
        if puzzle.proven:  # a line searched out to the end ends in a win, or a proven one
            assert result is not None or puzzle.chance[1] == 1.0, f"{puzzle.id}: not proven won"


@pytest.mark.slow  # a deep search per game; see docs/puzzles.md for its time
@pytest.mark.parametrize("game_id", games.ids())
def test_a_sample_passes_the_deep_verification_again(game_id):
    from lab.puzzles.verify import reverify

    puzzles = shipped(game_id)
    if game_id in NO_PUZZLES_YET:
        pytest.skip(f"{game_id} has no puzzles yet")
    # the sample: the puzzle latest in its game (the cheapest to search out)
    puzzle = max(puzzles, key=lambda p: (len(p.moves), p.id))
    assert reverify(games.get(game_id), puzzle) is None, puzzle.id


@pytest.mark.slow  # seconds: each line's ending is near
@pytest.mark.parametrize("game_id", games.ids())
def test_a_sample_of_the_lines_proven_to_the_end_is_proven_again(game_id):
    from lab.puzzles.solve import proven_to_the_end

    proven = [p for p in shipped(game_id) if p.proven]
    if not proven:
        pytest.skip(f"{game_id} has no puzzle proven to the end")
    game = games.get(game_id)
    for puzzle in random.Random(game_id).sample(proven, min(5, len(proven))):
        assert proven_to_the_end(game, puzzle.start(game), list(puzzle.solution)), puzzle.id
