"""lab/gw_positions.py: the positions it draws from match records and how it scores the
moves a short search chooses there."""

import json

from match_records import first_moves_record

from engine import games
from lab import gw_positions


def test_positions_are_the_hard_levels_turns_from_ply_10_to_99_games_not_won_first(tmp_path):
    path = tmp_path / "match.jsonl"
    won, drawn = first_moves_record(1, 0, 1.0, 24), first_moves_record(2, 1, 0.5, 16)
    path.write_text(json.dumps(won) + "\n" + json.dumps(drawn) + "\n")
    positions = gw_positions.draw_positions([str(path)], 5, seed=3)
    # the draw's turns for Black (seat 1): plies 11, 13, 15; then the win's for White:
    # 10, 12, ... 22, of which two fill the five asked for
    assert len(positions) == 5
    assert sorted(p["ply"] for p in positions[:3]) == [11, 13, 15]
    assert {p["seed"] for p in positions[:3]} == {2}
    assert all(p["seed"] == 1 and p["ply"] % 2 == 0 and 10 <= p["ply"] < 24 for p in positions[3:])
    assert all(
        p["moves"] == (drawn if p["seed"] == 2 else won)["moves"][: p["ply"]] for p in positions
    )
    assert gw_positions.draw_positions([str(path)], 5, seed=3) == positions  # seeded


def test_a_move_loses_what_the_best_judged_move_scores_above_it():
    positions = [
        {"best": "a", "judged": {"a": 0.25, "b": -1.0}},
        {"best": "a", "judged": {"a": 0.0, "c": 0.75}},  # another search found better
        {"best": "a", "judged": {"a": 0.5}},
    ]
    assert gw_positions.losses(positions, ["b", "a", "a"]) == [1.25, 0.75, 0.0]


def test_the_tally_counts_half_and_whole_pawns_and_caps_each_loss_in_the_mean():
    counts = gw_positions.tally([0.0, 0.5, 1.0, 10_000.0])
    assert counts["half"] == 3
    assert counts["whole"] == 2
    assert counts["mean"] == (0.0 + 0.5 + 1.0 + gw_positions.LOSS_CAP) / 4


def test_a_search_names_a_legal_move_and_a_move_is_judged_by_the_search_after_it():
    record = first_moves_record(3, 0, 0.5, 12)
    game = games.get("gwyddbwyll")
    move, _ = gw_positions.search(record["moves"], 300)
    _, state = gw_positions._replay(record["moves"])
    assert game.parse(state, move) in game.legal_moves(state)
    # the mover's score is the other side's, searched after the move, negated
    _, reply_value = gw_positions.search([*record["moves"], move], 300)
    assert gw_positions.judge((record["moves"], move, 300)) == -reply_value
