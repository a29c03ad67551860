"""lab/gw_endings.py: the endings it finds in match records, and its tally."""

import json
from pathlib import Path

import pytest
from match_records import first_moves_record

from engine import games
from engine.games.gwyddbwyll.rules import BLACK, WHITE, state_from_pieces
from lab import gw_endings

RECORD = Path(__file__).parent.parent / "records/gwyddbwyll-18-equal-219.jsonl"


def _board(pieces: dict[str, str]) -> tuple[int, ...]:
    return state_from_pieces(pieces).board


def test_the_lead_counts_only_against_a_side_down_to_one_piece_besides_its_king():
    # Rook (5) and bishop (1.5) against a knight (3): 3.5 pawns ahead.
    position = _board({"e1": "K", "a1": "R", "c1": "B", "e8": "k", "b8": "n"})
    assert gw_endings.lone_piece_lead(position, WHITE) == pytest.approx(3.5)
    # Seen from Black, the other side has two pieces.
    assert gw_endings.lone_piece_lead(position, BLACK) is None
    # A pawn is a piece: a knight and a pawn are two.
    pawn = _board({"e1": "K", "a1": "R", "c1": "B", "e8": "k", "b8": "n", "a6": "p"})
    assert gw_endings.lone_piece_lead(pawn, WHITE) is None
    # Behind: a lone knight against a rook.
    behind = _board({"e1": "K", "b1": "N", "e8": "k", "a8": "r"})
    assert gw_endings.lone_piece_lead(behind, WHITE) == pytest.approx(-2.0)


def test_an_ending_is_the_first_position_of_a_drawn_game_with_the_lead_over_a_lone_piece(
    tmp_path,
):
    with open(RECORD) as f:
        drawn = [json.loads(line) for line in f if json.loads(line)["reward"] == 0.5]
    game = games.get("gwyddbwyll")
    found = []
    for record in drawn:
        end = gw_endings.ending(record)
        if end is None:
            continue
        found.append(record)
        hard, ply = record["search_seat"], end["ply"]
        assert end["moves"] == record["moves"][:ply]
        states = [game.new()]
        for text in end["moves"]:
            states.append(game.play(states[-1], game.parse(states[-1], text)))
        assert gw_endings.lone_piece_lead(states[-1].board, hard) == end["lead"] >= 1.0
        assert sum(letter.islower() for letter in end["pieces"]) == 1
        assert all(
            (lead := gw_endings.lone_piece_lead(state.board, hard)) is None or lead < 1.0
            for state in states[:-1]
        )
    assert found
    path = tmp_path / "match.jsonl"
    # a game with every piece on the board has none; a game won is not looked at, nor is a
    # line of this script's own results
    full, won = first_moves_record(1, 0, 0.5, 20), found[0] | {"reward": 1.0}
    result = {"ending": 0, "seed": 1, "pieces": "Rr", "reward": 0.5, "plies": 150, "moves": []}
    path.write_text(json.dumps(full) + "\n" + json.dumps(won) + "\n" + json.dumps(result) + "\n")
    assert gw_endings.find([str(path)]) == []
    path.write_text(json.dumps(found[0]) + "\n")
    assert [end["seed"] for end in gw_endings.find([str(path)])] == [found[0]["seed"]]


def test_the_material_lead_counts_every_piece_but_the_kings():
    # White: rook (5) and bishop (1.5); Black: knight (3) and two pawns (1 each).
    position = _board(
        {"e1": "K", "a1": "R", "c1": "B", "e8": "k", "b8": "n", "a7": "p", "b7": "p"}
    )
    assert gw_endings.material_lead(position, WHITE) == pytest.approx(1.5)
    assert gw_endings.material_lead(position, BLACK) == pytest.approx(-1.5)


def test_a_position_behind_is_the_drawn_games_position_at_the_ply_if_the_hard_level_trails():
    with open(RECORD) as f:
        drawn = [json.loads(line) for line in f if json.loads(line)["reward"] == 0.5]
    game = games.get("gwyddbwyll")
    trailing = 0
    for record in drawn:
        found = gw_endings.behind(record, 150)
        state = game.new()
        for text in record["moves"][:150]:
            state = game.play(state, game.parse(state, text))
        lead = gw_endings.material_lead(state.board, record["search_seat"])
        assert (found is not None) == (lead <= -0.5)
        if found is not None:
            trailing += 1
            assert found["moves"] == record["moves"][:150]
            assert found["lead"] == lead
            assert found["ply"] == 150
        assert gw_endings.behind(record, len(record["moves"]) + 1) is None
    assert 0 < trailing < len(drawn)
    # find takes the drawn games only
    assert [end["seed"] for end in gw_endings.find([str(RECORD)], behind_at=150)] == [
        record["seed"] for record in drawn if gw_endings.behind(record, 150) is not None
    ]


def test_the_tally_counts_wins_draws_and_losses():
    results = [{"reward": 1.0}, {"reward": 0.5}, {"reward": 1.0}, {"reward": 0.0}]
    assert gw_endings.tally(results) == {"won": 2, "drawn": 1, "lost": 1}
