"""The win-chance graph and its swings (web/logic/graph.py), from hand-made chances."""

from __future__ import annotations

import json

import pytest

from engine import games
from engine.ai.knowledge import for_game
from web.logic.graph import (
    HEIGHT,
    NOISE_MARGIN,
    PAD,
    SWING,
    WIDTH,
    Swing,
    graph_svg,
    legend_html,
    plot_html,
    swing_text,
    swing_threshold,
    swings,
    swings_html,
    ticks,
)
from web.logic.session import Session
from web.worker.thinker import Thinker

# White moves first: after move 1 White 0.6; move 2 (Black) Black falls 0.4 -> 0.2;
# move 3 (White) White falls 0.8 -> 0.3 (the biggest); move 4 (Black) a small drop.
CHANCES = [(0.5, 0.5), (0.6, 0.4), (0.8, 0.2), (0.3, 0.7), (0.35, 0.65)]
MOVERS = [0, 1, 0, 1]


def test_swings_are_the_movers_biggest_drops():
    found = swings(CHANCES, MOVERS)
    assert found == [Swing(3, 0, 0.8, 0.3), Swing(2, 1, 0.4, 0.2)]
    assert swing_text(found[0], ("White", "Black")) == "move 3 (White): win chance 80% → 30%"
    assert swings([CHANCES[0], None, CHANCES[2]], MOVERS) == []  # not judged yet: nothing
    flat = [(0.5, 0.5)] * 5
    assert swings(flat, MOVERS) == []


def test_the_graph_draws_a_line_per_seat_a_column_per_ply_and_the_ply_shown():
    svg = graph_svg(CHANCES, ("White", "Black"), 2, swings(CHANCES, MOVERS))
    assert svg.startswith('<svg class="graph"') and 'role="img"' in svg
    assert (
        'aria-label="Win chance over the game: 5 of 5 positions judged; White lost most at move 3"'
        in svg
    )
    assert svg.count("<polyline") == 2 and svg.count('class="hit"') == 5
    assert all(f'data-ply="{k}"' in svg for k in range(5))
    # the first point of White's line: x at the left pad, y at 50% (the middle)
    middle = PAD + (HEIGHT - 2 * PAD) * 0.5
    assert f'points="{PAD:.1f},{middle:.1f} ' in svg
    assert svg.count('class="swing"') == 2 and 'class="now"' in svg
    partial = graph_svg([CHANCES[0], None, None], ("White", "Black"), 0)
    assert "1 of 3 positions judged" in partial


def test_the_key_and_the_swings_list():
    assert legend_html(("White", "Black")).count('<span class="key g') == 2
    html = swings_html([Swing(3, 0, 0.8, 0.3)], ("White", "Black"))
    assert (
        '<button type="button" data-ply="3">move 3 (White): win chance 80% → 30%</button>' in html
    )
    assert swings_html([], ("White", "Black")) == ""
    assert "data-mistake" not in html  # a game under way: no puzzle of its mistakes yet
    over = swings_html([Swing(3, 0, 0.8, 0.3)], ("White", "Black"), puzzles=True)
    assert 'data-mistake="3" data-after="0.300">Try to find the better move</button>' in over


def test_the_worker_judges_a_line_a_batch_at_a_time():
    fragment = Session("gwyddbwyll", moves=["e3e4", "e6e5"]).fragment()
    thinker = Thinker()
    first = json.loads(thinker.graph(fragment, 0, 2, 0.02, 1))
    rest = json.loads(thinker.graph(fragment, 2, 4, 0.02, 1))  # only one ply is left
    assert len(first) == 2 and len(rest) == 1
    assert all(abs(sum(c) - 1) < 0.01 for c in first + rest)


def test_a_new_line_keeps_the_points_of_the_positions_it_shares():
    from web.logic.graph import carried

    judged = [(0.5, 0.5), (0.6, 0.4), (0.7, 0.3)]
    # a move played since: the three positions kept, one more to judge
    assert carried(judged, ["a", "b"], ["a", "b", "c"]) == [*judged, None]
    # another second move: the start and the first move kept
    assert carried(judged, ["a", "b"], ["a", "x"]) == [*judged[:2], None]
    # another game (the panel passes no points): all to judge
    assert carried([], ["a", "b"], ["a"]) == [None, None]
    # a shorter line (a move deleted): nothing new to judge
    assert carried(judged, ["a", "b"], ["a"]) == judged[:2]


def test_a_swing_must_drop_beyond_the_games_noise():
    # Two drops: White 0.8 -> 0.3 (50 points), Black 0.4 -> 0.2 (20 points).  Above a noise
    # threshold of 25 points only the first is a mistake; no threshold is below SWING.
    assert swings(CHANCES, MOVERS, threshold=0.25) == [Swing(3, 0, 0.8, 0.3)]
    # 3 * sqrt(2) times each game's measured noise (docs/judgement.md), never below SWING
    measured = {"wythe": 0.081, "petrify": 0.072, "stigmergy": 0.010, "rugpile": 0.038}
    for game_id, noise in {**measured, "gwyddbwyll": 0.055}.items():
        assert for_game(games.get(game_id)).graph_noise == noise
        assert swing_threshold(game_id) == pytest.approx(max(SWING, NOISE_MARGIN * noise))
    assert swing_threshold("wythe") == pytest.approx(0.3437, abs=1e-4)
    assert swing_threshold("stigmergy") == SWING
    assert swing_threshold("no such game") == SWING


def test_the_key_is_in_the_seats_swatch_colours():
    # Petrify's first seat may play Blue: its key takes the board's swatch class for it, not
    # the colour of its place at the table (the legend drew Blue's line in orange).
    # Each key is a piece of the seat's line, then the colour it plays, then its name.
    html = legend_html(("Blue", "Orange"), ("pf-c-blue", "pf-c-orange"))
    assert (
        '<li data-seat="0"><span class="key g0"></span><span class="swatch pf-c-blue"></span>'
        "Blue</li>" in html
    )
    assert (
        '<li data-seat="1"><span class="key g1"></span><span class="swatch pf-c-orange"></span>'
        "Orange</li>" in html
    )


def test_the_move_numbers_along_the_foot_come_at_round_steps():
    # at most six labels, every 1, 2 or 5 times a power of ten; the start (0) unlabelled
    assert ticks(0) == [] and ticks(1) == [1]
    assert ticks(6) == [1, 2, 3, 4, 5, 6] and ticks(7) == [2, 4, 6]
    assert ticks(31) == [5, 10, 15, 20, 25, 30]
    assert ticks(37) == [10, 20, 30]
    assert ticks(100) == [20, 40, 60, 80, 100]
    assert ticks(301) == [50, 100, 150, 200, 250, 300]


def test_the_graph_has_its_axes_labelled():
    # CHANCES has 4 plies: 0-100% at the side (100% at the top pad, 0% at the bottom one),
    # moves 1 to 4 along the foot, each where its ply is drawn (in percent of the box)
    html = plot_html(CHANCES, ("White", "Black"), 2)
    assert html.startswith('<div class="graph-plot">') and '<svg class="graph"' in html
    top, bottom = 100 * PAD / HEIGHT, 100 * (HEIGHT - PAD) / HEIGHT
    assert f'<span style="top: {top:.1f}%">100%</span>' in html
    assert '<span style="top: 50.0%">50%</span>' in html
    assert f'<span style="top: {bottom:.1f}%">0%</span>' in html
    for ply in range(1, 5):
        left = 100 * (PAD + (WIDTH - 2 * PAD) * ply / 4) / WIDTH
        assert f'<span style="left: {left:.1f}%">{ply}</span>' in html
    assert '<span style="left: 1.0%">0</span>' not in html  # the start: no label
    assert ">move</div>" in html


def test_by_full_moves_the_swings_are_numbered_as_gwyddbwylls_list_numbers_them():
    swing = Swing(6, 1, 0.7, 0.2)  # Black's move 3
    assert swing_text(swing, ("White", "Black"), full=True) == (
        "move 3 (Black): win chance 70% → 20%"
    )
    assert swing_text(swing, ("White", "Black")) == "move 6 (Black): win chance 70% → 20%"
    assert "move 3 (Black)" in swings_html([swing], ("White", "Black"), full=True)
    svg = graph_svg([[0.5, 0.5]] * 7, ("White", "Black"), 6, [swing], full=True)
    assert "Black lost most at move 3" in svg and "<title>move 3</title>" in svg


def test_by_full_moves_the_foot_is_labelled_with_full_move_numbers():
    # 7 plies: full moves 1-4, each labelled where its first ply (White's) is drawn
    html = plot_html([[0.5, 0.5]] * 8, ("White", "Black"), 0, full=True)
    for move in range(1, 5):
        left = 100 * (PAD + (WIDTH - 2 * PAD) * (2 * move - 1) / 7) / WIDTH
        assert f'<span style="left: {left:.1f}%">{move}</span>' in html
    assert ">5</span>" not in html
