"""lab/duel.py's openings: the random first plies that vary a match's games."""

from engine import games
from engine.games.gwyddbwyll.knowledge import GwyddbwyllKnowledge
from lab import duel


def test_an_opening_is_the_plies_asked_for_each_a_move_that_gives_nothing_away():
    game = games.get("gwyddbwyll")
    know = GwyddbwyllKnowledge(game)
    state = game.new()
    moves = duel.opening(6, "7 opening 0")
    assert len(moves) == 6
    for text in moves:
        move = game.parse(state, text)
        assert move in know.root_moves(state)
        state = game.play(state, move)


def test_the_same_seed_gives_the_same_opening_and_other_seeds_vary_it():
    assert duel.opening(4, "7 opening 0") == duel.opening(4, "7 opening 0")
    assert len({tuple(duel.opening(4, f"7 opening {pair}")) for pair in range(6)}) > 1
    assert duel.opening(0, "7 opening 0") == []


def test_a_game_is_played_on_from_its_opening():
    start = duel.opening(2, "7 opening 0")
    reward, plies, moves = duel.play(7000, 0, 0.01, 1.0, 4, "alphabeta", start)
    assert moves[:2] == start
    assert plies == len(moves) == 4
    assert reward == 0.5  # cut off at the cap of 4 plies: a draw


def test_the_wilson_interval_is_the_notebooks():
    # 151/170 (138 wins and 26 draws): centre (p + z²/2n)/(1 + z²/n) = 0.8795, half-width
    # z·√(p(1-p)/n + z²/4n²)/(1 + z²/n) = 0.0477, by hand.
    low, high = duel.wilson(151 / 170, 170)
    assert round(low, 3) == 0.832 and round(high, 3) == 0.927
    # a perfect score of 10 has a width: its lower bound is 72%
    assert round(duel.wilson(1.0, 10)[0], 2) == 0.72 and duel.wilson(1.0, 10)[1] == 1.0


def test_a_tally_counts_the_records_games(tmp_path):
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    first.write_text('{"reward": 1}\n{"reward": 0.5}\n')
    second.write_text('{"reward": 0}\n{"reward": 1}\n')
    text = duel.tally([str(first), str(second)])
    assert text.startswith("4 games, W/D/L 2/1/1 for the search, score 62.5%, 95% Wilson ")
