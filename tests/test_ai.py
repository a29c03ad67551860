"""The computer players: legal moves only, budgets kept, seeds reproduce, wins in one
taken and immediate losses avoided, in every game; the greedy and random players;
the arena's counting.

Positions with a win in one (or a threat to block) are pinned: built by hand or by
moves written out below, each with a comment saying what it is.  The tests still
check each by brute force (`wins_in_one`, `allows_win_in_one`), so no answer is
written in by hand.  Searches get playout budgets here (reproducible); the time
budget is checked against a clock the test turns, not the wall clock.
"""

from __future__ import annotations

import math
import random

import pytest

from engine import ai, games
from engine.ai import greedy, random_player
from engine.ai.arena import MatchResult, play_match
from engine.ai.knowledge import for_game
from engine.contract.core import replay
from engine.contract.fixtures import fixtures
from engine.games.gwyddbwyll.rules import BLACK, WHITE, state_from_pieces
from engine.games.rugpile.knowledge import fast_playout
from engine.games.stigmergy import rules as stigmergy

GAME_IDS = games.ids()
PLAYOUTS = 300


def sole_winner(game, state):
    result = game.result(state)
    return result.winners[0] if result is not None and len(result.winners) == 1 else None


def wins_in_one(game, state):
    """The moves after which the mover has won outright."""
    seat = game.to_move(state)
    return [m for m in game.legal_moves(state) if sole_winner(game, game.apply(state, m)) == seat]


def allows_win_in_one(game, state, move) -> bool:
    """Whether, after `move`, the opponent has a win in one."""
    after = game.apply(state, move)
    return game.result(after) is None and bool(wins_in_one(game, after))


def random_game(game, seed, **options):
    """Every state of a seeded random game, to the end."""
    rng = random.Random(seed)
    state = game.new(**options)
    states = [state]
    while game.result(state) is None and len(states) < 3000:
        moves = game.legal_moves(state)
        state = game.apply(state, moves[rng.randrange(len(moves))])
        states.append(state)
    return states


def played(game, state, *moves):
    """The state after `moves` (notation) from `state`."""
    return replay(game, state, moves)[-1]


# ---------------------------------------------------------------- pinned positions


wythe_full_board = fixtures("wythe").full_board
stigmergy_halves = fixtures("stigmergy").halves


def position_with_win(game_id):
    """A position where the mover can win at once (its game's fixtures say why)."""
    return fixtures(game_id).win_in_one()


def position_with_threat(game_id):
    """A position where the mover has no win in one, some moves let the opponent win at
    once, and some do not: the search must pick one that does not (its game's fixtures say
    why)."""
    return fixtures(game_id).threat()


# ---------------------------------------------------------------- every game


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("level", ai.LEVELS)
def test_every_level_plays_a_legal_move_from_the_start(game_id, level):
    game = games.get(game_id)
    state = game.new()
    move = ai.choose_move(game, state, level, seed=3, playouts=60)
    assert move in game.legal_moves(state)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_search_plays_only_legal_moves_through_a_game(game_id):
    game = games.get(game_id)
    rng = random.Random(7)
    states = random_game(game, 11)
    for state in rng.sample(states[:-1], min(6, len(states) - 1)):
        search = ai.Search(game, state, seed=rng.randrange(1000))
        search.run(playouts=40)
        assert search.best() in game.legal_moves(state)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_search_is_reproducible_with_a_seed(game_id):
    game = games.get(game_id)
    state = random_game(game, 5)[3]

    def run():
        search = ai.Search(game, state, seed=42)
        search.run(playouts=PLAYOUTS // 2)
        return search.best(), search.summary()["visit_share"], search.root.visits

    assert run() == run()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_search_takes_a_win_in_one(game_id):
    game = games.get(game_id)
    state = position_with_win(game_id)
    wins = wins_in_one(game, state)
    assert wins  # the position is what it says
    move = ai.choose_move(game, state, "medium", seed=1, playouts=PLAYOUTS)
    assert move in wins


# The games where a single move of the opponent can be blocked (a game's fixtures say why
# not where it cannot: its `threat` is None).
BLOCKABLE = [g for g in GAME_IDS if fixtures(g).threat is not None]


@pytest.mark.parametrize("game_id", BLOCKABLE)
def test_search_blocks_an_immediate_win(game_id):
    game = games.get(game_id)
    state = position_with_threat(game_id)
    moves = game.legal_moves(state)
    losing = [m for m in moves if allows_win_in_one(game, state, m)]
    assert not wins_in_one(game, state) and 0 < len(losing) < len(moves)
    move = ai.choose_move(game, state, "medium", seed=1, playouts=PLAYOUTS)
    assert not allows_win_in_one(game, state, move)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_greedy_takes_a_win_in_one(game_id):
    game = games.get(game_id)
    state = position_with_win(game_id)
    wins = wins_in_one(game, state)
    assert wins
    assert greedy.choose(game, state, random.Random(0)) in wins


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_evaluation_gives_a_chance_per_seat(game_id):
    game = games.get(game_id)
    know = for_game(game)
    for state in random_game(game, 2)[::7]:
        values = know.rewards(state)
        assert len(values) == game.num_seats(state)
        assert all(0.0 <= v <= 1.0 for v in values)


# ---------------------------------------------------------------- the search


class TickingClock:
    """A clock that moves on one tick (1/100 s) each time it is read."""

    def __init__(self):
        self.reads = 0

    def __call__(self) -> float:
        self.reads += 1
        return self.reads / 100


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_search_respects_its_time_budget(game_id):
    game = games.get(game_id)
    state = game.new()  # from the start: no game is over, or solved, within 19 playouts
    clock = TickingClock()
    search = ai.Search(game, state, seed=1, clock=clock)
    search.run(0.15)
    # The start is read once and the clock after every playout: 15 playouts reach the
    # deadline, 15 ticks after the start, and the search stops there; one last read
    # measures the time spent.
    assert search.playouts == 15 and clock.reads == 17
    assert search.elapsed == pytest.approx(0.16)
    # Given both budgets, it stops on the first to run out: 4 playouts, 4 ticks (not 100).
    search.run(seconds=1.0, playouts=4)
    assert search.playouts == 19 and search.elapsed == pytest.approx(0.16 + 0.04)


def test_search_runs_in_slices_and_keeps_its_tree():
    game = games.get("rugpile")
    search = ai.Search(game, game.new(), seed=1)
    search.run(playouts=50)
    visits = search.root.visits
    search.run(playouts=50)
    assert search.playouts == 100 and search.root.visits == visits + 50
    summary = search.summary()
    assert summary["playouts"] == 100
    assert game.parse(game.new(), summary["best"]) == search.best()
    assert 0 < summary["visit_share"] <= 1 and 0 <= summary["win_estimate"] <= 1


def test_implicit_minimax_keeps_the_best_leaf_value_for_each_mover():
    game = games.get("stigmergy")  # judged by evaluation at every leaf
    know = for_game(game)
    assert know.minimax_weight > 0 and know.playout_depth == 0
    state = game.new(size=4)
    for text in ("komi-1", "black", "a1", "d4"):
        state = game.play(state, game.parse(state, text))
    search = ai.Search(game, state, seed=3)
    search.run(playouts=400)
    checked = 0
    stack = [search.root]
    while stack:
        node = stack.pop()
        stack.extend(node.children)
        if not node.children:  # a leaf: its own evaluation
            assert node.known() == know.rewards(node.state)
            continue
        # an inner node: the child value best for the seat to move here, by definition
        best = max(child.known()[node.to_move] for child in node.children)
        assert node.known()[node.to_move] == best or node.exact is not None
        checked += 1
    assert checked > 10


def test_without_a_minimax_weight_nothing_is_backed_up():
    game = games.get("wythe")
    assert for_game(game).minimax_weight == 0
    search = ai.Search(game, game.new(), seed=1)
    search.run(playouts=200)
    assert search.root.children and search.root.minimax is None


def test_a_forced_move_is_played_at_once():
    game = games.get("wythe")  # a player with no placement must pass
    forced = wythe_full_board()
    assert game.legal_moves(forced) == [game.parse(forced, "pass")]
    search = ai.Search(game, forced, seed=1)
    assert search.done
    search.run(5.0)
    assert search.playouts == 0 and search.best() == game.legal_moves(forced)[0]
    assert search.summary()["best"] == game.notation(forced, search.best())


def test_rugpile_fools_mate_is_found():
    game = games.get("rugpile")
    state = replay(game, game.new(), ["3x3a3", "3x3b2"])[-1]
    move = ai.choose_move(game, state, "easy", seed=4, playouts=PLAYOUTS)
    assert sole_winner(game, game.apply(state, move)) == 0
    assert ai.Search(game, state, seed=4).best() in wins_in_one(game, state)


def test_gwyddbwyll_takes_the_last_piece_and_saves_its_own():
    game = games.get("gwyddbwyll")
    # The rook can take Black's last piece but the king: a bare king, a win in one.
    take = state_from_pieces({"e1": "K", "a1": "R", "h8": "k", "a8": "n"}, turn=WHITE)
    move = ai.choose_move(game, take, "medium", seed=1, playouts=PLAYOUTS)
    assert game.notation(take, move) == "a1a8" and wins_in_one(game, take) == [move]
    # With Black to move, only a knight move keeps that from happening.
    save = state_from_pieces({"e1": "K", "a1": "R", "h8": "k", "a8": "n"}, turn=BLACK)
    move = ai.choose_move(game, save, "medium", seed=1, playouts=PLAYOUTS)
    assert game.notation(save, move) in ("a8b6", "a8c7")
    assert not allows_win_in_one(game, save, move)


@pytest.mark.parametrize("players", [3, 4])
def test_rugpile_many_players_scores_every_seat(players):
    game = games.get("rugpile")
    state = random_game(game, 1, players=players)[players]
    search = ai.Search(game, state, seed=2)
    search.run(playouts=PLAYOUTS)
    assert search.best() in game.legal_moves(state)
    assert len(search.root.totals) == players
    # Every playout hands out one unit of reward, shared among the seats.
    assert math.isclose(sum(search.root.totals), search.root.visits, rel_tol=1e-6)


def test_stigmergy_bids_a_komi_near_the_fair_one():
    game = games.get("stigmergy")
    state = game.new(size=5)
    know = for_game(game)
    fair = know.fair_komi(state)
    move = ai.choose_move(game, state, "easy", seed=1, playouts=100)
    assert isinstance(move, stigmergy.Komi) and abs(move.komi - fair) <= 3
    assert abs(fair) < game.new(size=5).grid.count // 4


def test_stigmergy_side_choice_takes_the_favoured_colour():
    game = games.get("stigmergy")
    start = game.new(size=5)
    limit = start.grid.count
    # A komi far above the board's worth hands White the game; far below, Black.
    for komi, colour in ((limit - 1, "white"), (-(limit - 1), "black")):
        state = game.play(start, game.parse(start, f"komi{komi}"))
        move = ai.choose_move(game, state, "easy", seed=1, playouts=100)
        assert game.notation(state, move) == colour


def test_stigmergy_lead_counts_a_flippable_stone_for_its_controller():
    # Side 4 (37 cells). White a1 is a corner (control needs 2) seeing Black a2 (row a) and
    # Black b1 (up the left side): Black controls it and can flip it.  a2 and b1 see only
    # a1 of White's (1 < 3, edges), and 2 Black stones control no empty cell (the corners
    # a4 and d1 see one each), so the 34 empty cells count for nobody.  Black: a2, b1 and
    # a1 = 3; White 0.  The colour to move gets 34 / 60 points.
    know = for_game(games.get("stigmergy"))
    state = stigmergy.setup(4, black=["a2", "b1"], white=["a1"])
    assert know.black_lead(state) == pytest.approx(3 + 34 / 60)
    white_to_move = stigmergy.setup(
        4, black=["a2", "b1"], white=["a1"], colour_to_move=stigmergy.WHITE
    )
    assert know.black_lead(white_to_move) == pytest.approx(3 - 34 / 60)


def test_stigmergy_lead_takes_komi_and_button_and_the_seat_playing_black():
    # Black a1 and White a3 see each other along row a (a2 empty) and nothing else; no cell
    # sees two stones of one colour, so neither stone can be flipped and the 35 empty cells
    # count for nobody: 1 - 1.  Black to move: + 35/60; komi 2 and White's button: - 2.5.
    know = for_game(games.get("stigmergy"))
    state = stigmergy.setup(
        4, black=["a1"], white=["a3"], komi=2, button_holder=stigmergy.WHITE, black_seat=1
    )
    lead = 35 / 60 - 2.5
    assert know.black_lead(state) == pytest.approx(lead)
    # The first seat plays White here, so its win estimate is the logistic of -lead.
    spread = 4 + 35 / 100
    first = 1 / (1 + math.exp(lead / spread))
    assert know.evaluate(state) == pytest.approx((first, 1 - first))


# ---------------------------------------------------------------- baselines


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rugpile_fast_playout_makes_only_legal_moves(players):
    game = games.get("rugpile")
    rng = random.Random(players)
    for _ in range(20):
        trace = []
        final = fast_playout(game.new(players=players), rng, 100_000, trace)
        state = game.new(players=players)
        for move in trace:
            state = game.play(state, move)
        assert state == final and game.result(final) is not None


def test_random_player_is_legal_and_seeded():
    game = games.get("rugpile")
    state = game.new()
    picks = [random_player.choose(game, state, random.Random(9)) for _ in range(3)]
    assert picks[0] in game.legal_moves(state) and picks.count(picks[0]) == 3
    spread = {random_player.choose(game, state, random.Random(s)) for s in range(30)}
    assert len(spread) > 5


def test_greedy_keeps_the_best_evaluated_move():
    game = games.get("rugpile")
    state = random_game(game, 3)[2]
    know = for_game(game)
    seat = game.to_move(state)
    values = {m: know.rewards(game.apply(state, m))[seat] for m in game.legal_moves(state)}
    move = greedy.choose(game, state, random.Random(1))
    assert values[move] == max(values.values())


# ---------------------------------------------------------------- the arena


def test_match_result_score_and_interval():
    match = MatchResult("rugpile", "a", "b", wins=28, draws=4, losses=8)
    assert match.games == 40 and match.score == pytest.approx(0.75)
    half = 1.96 * math.sqrt(0.75 * 0.25 / 40)
    assert match.interval == pytest.approx((0.75 - half, 0.75 + half))
    assert "28/4/8" in match.describe()


@pytest.mark.parametrize("players", [2, 3])
def test_arena_alternates_seats_and_counts_every_game(players):
    seen = []
    match = play_match(
        "rugpile",
        "greedy",
        "random",
        games=2 * players,
        options={"players": players},
        seed=3,
        progress=lambda n, seat, outcome, plies: seen.append((seat, outcome)),
    )
    assert [seat for seat, _ in seen] == [n % players for n in range(2 * players)]
    wins = sum(1 for seat, o in seen if o.winners == (seat,))
    draws = sum(1 for seat, o in seen if seat in o.winners and len(o.winners) > 1)
    assert (match.wins, match.draws, match.losses) == (wins, draws, len(seen) - wins - draws)
    again = play_match(
        "rugpile", "greedy", "random", games=2 * players, options={"players": players}, seed=3
    )
    assert (again.wins, again.draws, again.losses) == (match.wins, match.draws, match.losses)
