"""A screened candidate for Stigmergy's hard level (scripts/stigmergy_alphabeta.py, issue 27):
an alpha-beta search over the knowledge's evaluation."""

from __future__ import annotations

import random

from engine import games
from engine.ai.knowledge import for_game
from engine.games.stigmergy import BLACK, WHITE, setup
from scripts.stigmergy_alphabeta import CHECK_EVERY, NODES_PER_PLAYOUT, WIN, StigmergySearch

GAME = games.get("stigmergy")
KNOW = for_game(GAME)


def seeded_positions(size: int, komi: object, seed: int) -> list:
    """Every position of a seeded random game in its play phase."""
    state = GAME.new(size=size, komi=komi)
    rng = random.Random(seed)
    seen = []
    while GAME.result(state) is None:
        if state.phase == "play":
            seen.append(state)
        moves = GAME.legal_moves(state)
        state = GAME.play(state, moves[rng.randrange(len(moves))])
    return seen


def mover_value(state) -> float:
    """The definition the search's values follow: the mover's expected lead by the knowledge
    (black_lead) while the game goes on; once over, its exact lead plus WIN if it won (minus
    WIN if it lost)."""
    result = GAME.result(state)
    black_lead = KNOW.black_lead(state) if result is None else None
    if result is not None:
        first, second = GAME.scores(state)
        lead = first - second if not state.swapped else second - first  # Black's
        mine = lead if state.colour_to_move == BLACK else -lead
        return mine + (WIN if mine > 0 else -WIN)
    return black_lead if state.colour_to_move == BLACK else -black_lead


def negamax(state, depth: int) -> float:
    """A plain negamax over the game's own moves and the definition above."""
    if depth == 0 or GAME.result(state) is not None:
        return mover_value(state)
    return max(-negamax(GAME.apply(state, m), depth - 1) for m in GAME.legal_moves(state))


def test_moves_and_values_are_the_games_and_the_knowledges():
    for size, komi, seed in ((4, "bid", 1), (4, 1, 2), (5, 0, 3)):
        for state in seeded_positions(size, komi, seed):
            search = StigmergySearch(GAME, state, seed=1)
            assert sorted(map(str, search.moves)) == sorted(map(str, GAME.legal_moves(state)))
            assert abs(search._evaluate(search.root) - mover_value(state)) < 1e-9
            for move in GAME.legal_moves(state):
                after = GAME.apply(state, move)
                child = search._child(search.root, move)
                assert abs(search._evaluate(child) - mover_value(after)) < 1e-9


def test_each_depth_is_the_plain_negamax():
    # By hand: Black a2 b1 d4, White c3 e4, komi 1 (odd: the button is in play, untaken),
    # White to move; the search's value at depth 1, 2, 3 is the negamax at that depth.
    state = setup(4, black=("a2", "b1", "d4"), white=("c3", "e4"), komi=1, colour_to_move=WHITE)
    search = StigmergySearch(GAME, state, seed=1)
    for depth in (1, 2, 3):
        search._iteration(depth)
        assert abs(search.value - negamax(state, depth)) < 1e-6


def test_near_the_end_it_sees_the_game_finish():
    # Positions a few plies from the end of seeded games (passes and the button included):
    # the value at depth 3 is the negamax's, with the exact results of finished lines.
    for size, komi, seed in ((4, 1, 4), (4, 0, 5)):
        positions = seeded_positions(size, komi, seed)
        for state in positions[-4:]:
            search = StigmergySearch(GAME, state, seed=1)
            for depth in (1, 2, 3):
                search._iteration(depth)
            assert abs(search.value - negamax(state, 3)) < 1e-6


def test_it_passes_out_a_won_game():
    # By hand: side 4, every cell Black except the empty corner a1, which sees the Black
    # stones a2, b1 and b2 (a corner needs 2): Black controls it, so no empty cell is
    # uncontrolled and Black may pass.  White has just passed (passes 1): Black's pass ends
    # the game 37 to 0, a proven win; placing on a1 instead wins only after more passes.
    cells = [name for name in GAME.new(size=4).grid.names if name != "a1"]
    state = setup(4, black=cells, komi=0, passes=1)
    search = StigmergySearch(GAME, state, seed=1)
    search.run(seconds=None, playouts=200)
    assert search.done and search.best() == "pass"
    assert search.value == WIN + 37


def test_a_playout_budget_and_slices():
    state = seeded_positions(5, 1, 7)[12]
    search = StigmergySearch(GAME, state, seed=1)
    search.run(playouts=100)
    limit = 100 * NODES_PER_PLAYOUT
    assert limit <= search.playouts < limit + CHECK_EVERY
    ticks = iter(range(100_000))
    sliced = StigmergySearch(GAME, state, seed=1, clock=lambda: next(ticks) / 100)
    sliced.run(seconds=0.2)  # the fake clock: 20 looks at it, each after 256 nodes
    first, depth = sliced.playouts, sliced.depth
    sliced.run(seconds=0.2)
    assert depth >= 1 and sliced.playouts > first and sliced.depth >= depth
    assert sliced.best() in GAME.legal_moves(state)
    assert sliced.summary()["depth"] == sliced.depth
