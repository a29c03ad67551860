"""Stigmergy's hard level (engine/games/stigmergy/hard_search.py): the Monte Carlo search with
every node's moves in evaluation order, for the hard level only, at the shared search's CPU
time."""

from __future__ import annotations

import random

from engine import games
from engine.ai import choose_move, searcher
from engine.ai.knowledge import Knowledge, for_game
from engine.ai.mcts import Search
from engine.games.stigmergy.hard_search import (
    HardSearch,
    OrderedKnowledge,
    hard_search,
    playout_cost,
)

GAME = games.get("stigmergy")


def mid_game() -> object:
    """A side-6 position 20 board plies in (seeded random plies after komi -1 and White)."""
    state = GAME.new(size=6)
    state = GAME.play(state, GAME.parse(state, "komi-1"))
    state = GAME.play(state, GAME.parse(state, "white"))
    rng = random.Random(5)
    for _ in range(20):
        moves = GAME.legal_moves(state)
        state = GAME.play(state, moves[rng.randrange(len(moves))])
    return state


def after(state, move) -> float:
    """The mover's evaluation after `move` (the shared knowledge's)."""
    seat = GAME.to_move(state)
    return for_game(GAME).rewards(GAME.apply(state, move))[seat]


def test_only_the_hard_level_plays_the_ordered_search():
    state = mid_game()
    hard = searcher(GAME, state, "hard", seed=1)
    assert isinstance(hard, HardSearch) and isinstance(hard.know, OrderedKnowledge)
    for level in ("easy", "medium"):
        search = searcher(GAME, state, level, seed=1)
        assert type(search) is Search and search.know is for_game(GAME)
    assert choose_move(GAME, state, "hard", seed=3, playouts=40) in GAME.legal_moves(state)


def test_deep_nodes_open_their_moves_best_first():
    state = mid_game()
    moves = GAME.legal_moves(state)
    assert len(moves) > 40  # a wide node: the shared knowledge orders only a sample there
    hard = hard_search(GAME, state, seed=1).know
    ordered = hard.tree_moves(state, random.Random(1), 3)
    values = [after(state, m) for m in ordered]
    assert sorted(ordered, key=str) == sorted(moves, key=str)
    assert values == sorted(values, reverse=True)
    shared = for_game(GAME).tree_moves(state, random.Random(1), 3)
    shared_values = [after(state, m) for m in shared]
    assert shared_values != sorted(shared_values, reverse=True)


def test_the_quick_order_is_the_shared_order():
    # The stones' moves judged on the board's working copy: the same values, so the same
    # order (ties broken by the same random draws), in every phase, with and without the
    # button, either seat playing Black.
    know = OrderedKnowledge(GAME)
    positions = 0
    for size, komi, seed in ((4, "bid", 1), (5, 1, 2), (5, 0, 3), (6, "bid", 4)):
        state = GAME.new(size=size, komi=komi)
        rng = random.Random(seed)
        while GAME.result(state) is None:
            moves = GAME.legal_moves(state)
            quick = know.order_by_evaluation(state, moves, random.Random(7))
            assert quick == Knowledge.order_by_evaluation(know, state, moves, random.Random(7))
            positions += 1
            state = GAME.play(state, moves[rng.randrange(len(moves))])
    assert positions > 100


def test_a_playout_budget_buys_the_shared_searchs_cpu_time():
    state = mid_game()
    hard = hard_search(GAME, state, seed=1)
    hard.run(playouts=100)
    # 91 cells: a playout costs 1 + 91 / 215 of the shared search's
    assert playout_cost(state) == 1 + 91 / 215
    assert hard.playouts == round(100 / (1 + 91 / 215)) == 70
    shared = Search(GAME, state, seed=1)
    shared.run(playouts=100)
    assert shared.playouts == 100


def test_it_searches_in_slices_and_plays_a_legal_move():
    state = mid_game()
    ticks = iter(range(10_000))
    search = hard_search(GAME, state, seed=2, clock=lambda: next(ticks) / 100)
    search.run(seconds=0.2)  # the fake clock: 20 playouts a slice
    first = search.playouts
    search.run(seconds=0.2)
    assert first > 0 and search.playouts > first
    assert search.best() in GAME.legal_moves(state)
