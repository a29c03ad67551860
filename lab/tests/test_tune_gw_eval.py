"""The fit of the Gwyddbwyll evaluation's weights to game results (lab/tune_gw_eval.py,
issue 27): which positions it fits on, how it changes a weight, and that its regression finds
weights that made the labels."""

from __future__ import annotations

import math

import pytest

from engine.games.gwyddbwyll import evaluation as gw_eval
from engine.games.gwyddbwyll.kernel import KNIGHT, WHITE
from engine.games.gwyddbwyll.rules import state_from_pieces
from lab import tune_gw_eval
from lab.tune_gw_eval import WEIGHTS, Weight, newton, quiet_positions, white_reward


@pytest.fixture
def weights_kept():
    """Puts every weight back as it was after the test."""
    was = [w.get() for w in WEIGHTS]
    yield
    for weight, value in zip(WEIGHTS, was, strict=True):
        weight.set(value)
    gw_eval.retune()


def test_quiet_positions_leave_out_captures_and_the_move_after():
    # e3-e4, f6-f5, e4xf5, g6xf5, h3-h4, a6-a5: the positions before plies 0, 1 and 5 are
    # quiet; ply 2 takes, ply 3 takes, and ply 4 answers a capture.
    moves = ["e3e4", "f6f5", "e4f5", "g6f5", "h3h4", "a6a5"]
    boards = list(quiet_positions(moves, skip=0))
    assert len(boards) == 3
    assert list(quiet_positions(moves, skip=1)) == boards[1:]


def test_white_reward_reads_both_kinds_of_record():
    assert white_reward({"white": 0.5, "moves": []}) == 0.5
    assert white_reward({"reward": 1.0, "search_seat": 0, "moves": []}) == 1.0
    assert white_reward({"reward": 1.0, "search_seat": 1, "moves": []}) == 0.0
    assert white_reward({"reward": 0.5, "search_seat": 1, "moves": []}) == 0.5


def test_a_weight_changes_the_evaluation(weights_kept):
    # (a pawn a side: a lead with pawns counts in full, at any weight of the knight)
    board = state_from_pieces({"e1": "K", "e8": "k", "a1": "N", "a3": "P", "h6": "p"}).board
    knight = Weight("MATERIAL", KNIGHT)
    before = gw_eval.evaluate(board, gw_eval.score(board), WHITE)
    knight.set(knight.get() + 1.0)
    gw_eval.retune()
    assert gw_eval.evaluate(board, gw_eval.score(board), WHITE) == pytest.approx(before + 1.0)
    advance = Weight("PAWN_ADVANCE", 2)
    advance.set(0.5)
    assert gw_eval.PAWN_ADVANCE[2] == 0.5 and len(gw_eval.PAWN_ADVANCE) == 6


def test_a_changed_material_weight_moves_the_thin_lead_line(weights_kept):
    # Knight and bishop against a bishop, no pawns: 3 pawns ahead, a thin lead; with the
    # knight worth 4, 4 ahead, and no longer thin for White (Black's lead would still be).
    present = bytes(
        state_from_pieces({"a1": "K", "d4": "N", "f2": "B", "h8": "k", "e6": "b"}).board
    )
    assert gw_eval.pawnless(present) == 0b11
    knight = Weight("MATERIAL", KNIGHT)
    knight.set(knight.get() + 1.0)
    gw_eval.retune()
    assert gw_eval.pawnless(present) == 0b10


def test_every_weight_is_one_of_the_evaluation():
    for weight in WEIGHTS:
        assert isinstance(weight.get(), float)


def test_the_regression_finds_the_weights_that_made_the_labels():
    # Labels that are the logistic of 2 * x - y, for values that start at 0: the fit,
    # unpulled, moves the weights of x and y by 2 and -1.
    xs = [(i % 7 - 3) / 3 for i in range(200)]
    ys = [((i * 3) % 11 - 5) / 5 for i in range(200)]
    labels = [1 / (1 + math.exp(-(2 * x - y))) for x, y in zip(xs, ys, strict=True)]
    change = newton(1.0, [0.0] * 200, [xs, ys], labels, pull=0.0)
    assert change == pytest.approx([2.0, -1.0], abs=1e-4)
    pulled = newton(1.0, [0.0] * 200, [xs, ys], labels, pull=50.0)
    assert 0 < pulled[0] < 2.0 and -1.0 < pulled[1] < 0


def test_the_scale_is_fitted_to_values_that_made_the_labels():
    values = [(i - 50) / 10 for i in range(101)]
    labels = [1 / (1 + math.exp(-0.8 * v)) for v in values]
    assert tune_gw_eval.fit_scale(values, labels) == pytest.approx(0.8, abs=1e-3)


def test_weights_set_by_label_come_back_by_label(weights_kept):
    was = tune_gw_eval.current()
    changed = dict(was, TRADE=0.5, **{"CENTRE[knight]": 0.2})
    tune_gw_eval.use(changed)
    assert gw_eval.TRADE == 0.5 and gw_eval.CENTRE[KNIGHT] == 0.2
    assert tune_gw_eval.current() == changed
    tune_gw_eval.use(was)
    assert tune_gw_eval.current() == was
