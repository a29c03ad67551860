"""A puzzle being solved (web/logic/puzzle.py), on a hand-made Petrify puzzle: after a1 h8,
Blue must find b1, Orange answers g8, and Blue finds c1 (no Petrify move this early ends the
game, so only the solution's moves are right).  A wrong move, Try again, the right line, Show,
the bar's words and buttons, and the sentence that says why a wrong move is worse (also when
it misses a win at once: the rules' Rug Pile fool's mate)."""

import dataclasses

from engine import games
from engine.learning.puzzles import Puzzle
from web.logic.puzzle import (
    DAILY,
    MISTAKE,
    PLAYING,
    SHOWN,
    SOLVED,
    WRONG,
    PuzzleRun,
    wrong_reason,
)
from web.logic.session import Session

PETRIFY = games.get("petrify")
PUZZLE = Puzzle(
    "petrify", "hand1", ("a1", "h8"), ("b1", "g8", "c1"), "won", "middle", (), 1500, (0.41, 0.97)
)


def play(run: PuzzleRun, text: str):
    state = run.session().state
    return run.move(state, PETRIFY.parse(state, text))


def test_the_goal_names_the_solver_and_the_moves_to_find():
    run = PuzzleRun(PUZZLE)
    assert run.solver == 0 and run.solver_name() == "Blue"
    assert run.goal() == "Find the best move for Blue (2 moves to find)."
    assert run.session().moves == ["a1", "h8"]  # the game so far, in the move list
    html = run.bar_html("Your puzzle rating: 1500. Streak: 0.")
    assert "Petrify puzzle hand1" in html and "Streak: 0." in html
    assert "data-puzzle='show'" in html and "data-puzzle='retry'" not in html
    assert "href='#puzzle/petrify/hand1'" in html
    assert "puzzle-turned" not in html  # the first seat solves on the board as it stands


def test_a_puzzle_on_a_board_of_other_options_is_played_and_named_with_them():
    small = dataclasses.replace(PUZZLE, id="small", options=(("size", 10),))
    run = PuzzleRun(small)
    assert run.session().record.options_dict["size"] == 10
    assert PETRIFY.options(run.start)["size"] == 10
    assert run.heading() == "Petrify puzzle small, board size 10"
    assert PuzzleRun(PUZZLE).heading() == "Petrify puzzle hand1"  # the defaults: not said
    assert PuzzleRun(small, DAILY).heading() == "Petrify puzzle of the day, board size 10"


def test_a_wrong_move_then_try_again_then_the_line():
    run = PuzzleRun(PUZZLE)
    said = play(run, "d1")
    assert said.wrong and run.status == WRONG and not run.first_try
    assert run.session().moves == ["a1", "h8", "d1"]  # the wrong move on the board
    assert "data-puzzle='retry'" in run.bar_html()
    assert play(run, "b1").replies == ()  # no move is taken until Try again
    run.restart()
    assert run.status == PLAYING and run.session().moves == ["a1", "h8"]
    said = play(run, "b1")
    assert said.replies == ("g8",) and not said.over
    assert run.played == ("b1", "g8") and run.step == 2
    said = play(run, "c1")
    assert said.over and run.status == SOLVED
    assert run.message == "Solved! Blue is winning. Blue's chance went from 41% to 97%."
    assert run.session().moves == ["a1", "h8", "b1", "g8", "c1"]
    html = run.bar_html()
    assert "data-puzzle='next'" in html and "data-puzzle='show'" not in html


def test_a_line_that_ends_proven_won_says_so():
    # the same line, its end a position searched out to a win (chance 1.0, game not over)
    proven = Puzzle(
        "petrify", "hand2", ("a1", "h8"), ("b1", "g8", "c1"), "won", "end", (), 1500, (0.41, 1.0)
    )
    run = PuzzleRun(proven)
    play(run, "b1")
    play(run, "c1")
    assert run.message == (
        "Solved! Blue now wins whatever Orange does. Blue's chance went from 41% to 100%."
    )


def test_show_gives_the_rest_of_the_line():
    run = PuzzleRun(PUZZLE)
    assert run.show() == ("b1", "g8", "c1")
    assert run.status == SHOWN and not run.first_try
    assert run.message == "The solution: 3. b1 4. g8 5. c1."


def test_show_after_the_first_move_found():
    run = PuzzleRun(PUZZLE)
    play(run, "b1")
    assert run.show() == ("c1",)
    assert run.message == "The solution: 5. c1."  # plies numbered, as Petrify's list does


def test_a_mistake_of_ones_own_game_is_not_rated():
    run = PuzzleRun(
        Puzzle("petrify", "game", ("a1", "h8"), ("b1",), "won", "middle", (), 0, (0.6, 0.3)),
        MISTAKE,
    )
    assert not run.rated
    assert run.goal() == "Try to find the better move for Blue."
    assert "puzzle-link" not in run.bar_html()
    play(run, "b1")
    assert run.message == (
        "Found: that was the better move. Blue's chance: 60% with it, 30% after the move "
        "played in the game."
    )


def test_why_a_wrong_move_is_worse():
    after = Session("petrify", None, ["a1", "h8", "d1"]).state
    analysis = {"to_move": 1, "chances": [0.2, 0.8], "best": [{"move": "g8"}]}
    assert wrong_reason(PETRIFY, after, analysis, 0, 0.41) == (
        "This lets Orange answer g8: your chance falls from 41% to 20%."
    )
    assert wrong_reason(PETRIFY, after, analysis, 0, None) == (
        "This lets Orange answer g8: your chance would be 20%."
    )
    assert wrong_reason(PETRIFY, after, {"to_move": 1, "chances": [0.2, 0.8]}, 0, 0.41) == (
        "That is not the move: your chance falls from 41% to 20%."
    )
    # a best move that is not legal there (a reply about another position) is not named
    odd = {**analysis, "best": [{"move": "a1"}]}
    assert wrong_reason(PETRIFY, after, odd, 0, 0.41).startswith("That is not the move:")


def test_a_wrong_move_nearly_as_good_is_said_so():
    after = Session("petrify", None, ["a1", "h8", "d1"]).state
    analysis = {"to_move": 1, "chances": [0.39, 0.61], "best": [{"move": "g8"}]}
    assert wrong_reason(PETRIFY, after, analysis, 0, 0.41) == (
        "That is nearly as good by the computer's look (39% against 41%), but not the "
        "puzzle's move: try again, or Show."
    )
    # compared as numbers: 9% is below 10% (as text, "9%" sorts after "10%")
    close = {"to_move": 1, "chances": [0.09, 0.91], "best": [{"move": "g8"}]}
    assert wrong_reason(PETRIFY, after, close, 0, 0.10).startswith(
        "That is nearly as good by the computer's look (9% against 10%)"
    )
    as_good = {"to_move": 1, "chances": [1.0, 0.0], "best": [{"move": "g8"}]}
    assert wrong_reason(PETRIFY, after, as_good, 0, 1.0) == (
        "That looks as good to the computer (100%), but it is not the puzzle's move: try "
        "again, or Show."
    )


def test_a_wrong_move_in_a_puzzle_proven_to_the_end_throws_the_win_away():
    # the quick judgement rates d1 fair (61%), but the line was searched out: no chances
    after = Session("petrify", None, ["a1", "h8", "d1"]).state
    analysis = {"to_move": 1, "chances": [0.61, 0.39], "best": [{"move": "g8"}]}
    lost = "you can no longer force a win (every line was searched to the end)."
    assert wrong_reason(PETRIFY, after, analysis, 0, 1.0, proven=True) == (
        f"This lets Orange answer g8: {lost}"
    )
    assert wrong_reason(PETRIFY, after, {}, 0, 1.0, proven=True) == (
        f"That throws the win away: {lost}"
    )
    # when the analysis has the solver to move again, its best move is the solver's own
    own_turn = {"to_move": 0, "chances": [0.61, 0.39], "best": [{"move": "g8"}]}
    assert wrong_reason(PETRIFY, after, own_turn, 0, 1.0, proven=True) == (
        f"That is not the move: even after your best next move, g8, {lost}"
    )


def test_a_runs_wrong_move_is_explained_by_its_puzzles_proof():
    analysis = {"to_move": 1, "chances": [0.61, 0.39], "best": [{"move": "g8"}]}
    for proven, said in (
        (False, "This lets Orange answer g8: your chance falls from 97% to 61%."),
        (
            True,
            "This lets Orange answer g8: you can no longer force a win (every line was "
            "searched to the end).",
        ),
    ):
        run = PuzzleRun(dataclasses.replace(PUZZLE, proven=proven))
        run.explain(run.session().state, analysis)  # no wrong move yet: nothing to say
        assert run.message == ""
        play(run, "d1")
        run.explain(run.session().state, analysis)
        assert run.message == said


def test_a_move_that_misses_a_win_at_once_is_told_so():
    # the rules' fool's mate: after 3x3a3 3x3b2, Red's 2x2d1 leaves Blue no placement.
    # 2x2a1 (blank a1 b1 a2, Blue's b2) does not: Blue may lay 2x2a1 back over those four,
    # which joins Red's a3 and so buries no area.
    mate = Puzzle(
        "rugpile", "fool", ("3x3a3", "3x3b2"), ("2x2d1",), "win", "opening", (), 1000, (0.9, 1.0)
    )
    rug, run = games.get("rugpile"), PuzzleRun(mate)
    assert run.answer_wins_at_once()
    state = run.session().state
    assert run.move(state, rug.parse(state, "2x2a1")).wrong
    assert rug.result(run.session().state) is None
    analysis = {"to_move": 1, "chances": [1.0, 0.0], "best": [{"move": "2x2a1"}]}
    run.explain(run.session().state, analysis)
    assert run.message == (
        "There is a move that wins at once: that is the one to find. Try again, or Show."
    )
    # a move the computer rates far worse is told by its chances, as any wrong move
    falls = {"to_move": 1, "chances": [0.3, 0.7], "best": [{"move": "2x2a1"}]}
    assert wrong_reason(rug, run.session().state, falls, 0, 1.0, missed_win=True) == (
        "This lets Blue answer 2x2a1: your chance falls from 100% to 30%."
    )
    # proven to the end, a wrong move throws the win away, which says more
    after = run.session().state
    assert wrong_reason(rug, after, analysis, 0, 1.0, proven=True, missed_win=True) == (
        "This lets Blue answer 2x2a1: you can no longer force a win (every line was searched "
        "to the end)."
    )
    assert not PuzzleRun(PUZZLE).answer_wins_at_once()  # b1 does not end a Petrify game


def test_a_win_searched_out_while_behind_on_the_board_says_both():
    # after a1 h8 b1, Orange's a8: one patch (no blocks); Blue's a1-b1 (2) has no equal
    # among Orange's two 1s, so Blue owns all 64 squares for now; the line is said won
    behind = Puzzle(
        "petrify", "b1", ("a1", "h8", "b1"), ("a8",), "won", "opening", (), 1500, (0.2, 1.0)
    )
    run = PuzzleRun(behind)
    play(run, "a8")
    assert run.message == (
        "Solved! Orange now wins whatever Blue does, though Blue leads in the score for now "
        "(64 to 0): the rest of the game was searched out to the end. Orange's chance went "
        "from 20% to 100%."
    )
    # ahead on the board (Blue's a1-b1-c1, 3, against Orange's h8-g8, 2): nothing more
    run = PuzzleRun(dataclasses.replace(PUZZLE, chance=(0.41, 1.0)))
    for text in ("b1", "c1"):
        play(run, text)
    assert (
        run.message
        == "Solved! Blue now wins whatever Orange does. Blue's chance went from 41% to 100%."
    )


def test_the_second_seat_is_told_a_board_with_sides_is_turned_round_for_it():
    # Gwyddbwyll's armies play up the board from their own edges: after White's e3e5, Black
    # solves on the board turned round, and the bar says so
    puzzle = Puzzle(
        "gwyddbwyll", "gw1", ("e3e5",), ("d6e5",), "won", "opening", (), 550, (0.5, 0.95)
    )
    run = PuzzleRun(puzzle)
    assert run.solver == 1
    assert f"The board is turned round for {run.solver_name()}." in run.bar_html()


def test_a_mistake_keeps_its_games_options():
    # a 4×4 Rug Pile (not the default 5×5): the position replays with the game's options
    options = {"players": 2, "size": 4, "tiles": (2, 2, 2)}
    mistake = Puzzle(
        "rugpile",
        "game",
        ("2x2a1",),
        ("2x2c3",),
        "won",
        "middle",
        (),
        0,
        (0.5, 0.2),
        options=tuple(options.items()),
    )
    run = PuzzleRun(mistake, MISTAKE)
    assert run.session().record.options_dict == options
    assert run.solver == 1 and run.solver_name() == "Blue"
    assert "puzzle-turned" not in run.bar_html()  # a board without sides is not turned
    state = run.session().state
    assert run.move(state, games.get("rugpile").parse(state, "2x2c3")).over


def test_a_win_found_says_so_and_a_chance_that_stays_is_not_said_to_go():
    # Petrify ends when a player cannot move: not in three moves, so the goal is by hand
    won = Puzzle("petrify", "w1", ("a1", "h8"), ("b1",), "win", "end", (), 1500, (1.0, 1.0))
    run = PuzzleRun(won)
    play(run, "b1")
    assert run.message == (
        "Solved! Blue wins. Blue's chance was 100% after Orange's mistake, and the answer keeps"
        " it."
    )


def test_a_wrong_move_is_held_against_the_chance_the_answer_keeps():
    # a forced win keeps 1.0, whatever the graph said before it (a wrong move at 44% is no
    # "as good"); a line rated won keeps its end's chance; a game's mistake, the better move's
    win = Puzzle("petrify", "w1", ("a1", "h8"), ("b1",), "win", "end", (), 1500, (0.44, 1.0))
    assert PuzzleRun(win).answer_chance == 1.0
    assert PuzzleRun(PUZZLE).answer_chance == 0.97
    mistake = Puzzle("petrify", "game", ("a1", "h8"), ("b1",), "won", "middle", (), 0, (0.6, 0.3))
    assert PuzzleRun(mistake, MISTAKE).answer_chance == 0.6


RUG_PILE = games.get("rugpile")
# Rug Pile's 0zsbh as shipped: Red's answer 2x3d3, Blue's 2x2a1, and then Red has one placement
# left, 2x2a1 over Blue's: no move to find.
FORCED_END = Puzzle(
    "rugpile",
    "0zsbh",
    ("3x3c1", "3x3a2", "2x3a2", "2x2a2", "2x2a2", "2x2a2", "2x2a2", "2x2d2"),
    ("2x3d3", "2x2a1", "2x2a1"),
    "won",
    "end",
    (),
    1000,
    (1.0, 1.0),
)


def test_a_solvers_only_legal_move_is_no_move_to_find_and_is_played_with_the_reply():
    run = PuzzleRun(FORCED_END)
    after_reply = Session("rugpile", None, (*FORCED_END.moves, "2x3d3", "2x2a1")).state
    assert [RUG_PILE.notation(after_reply, m) for m in RUG_PILE.legal_moves(after_reply)] == [
        "2x2a1"
    ]
    assert run.goal() == "Find the best move for Red."  # not "(2 moves to find)"
    state = run.session().state
    said = run.move(state, RUG_PILE.parse(state, "2x3d3"))
    assert said.replies == ("2x2a1", "2x2a1") and said.over and not said.wrong
    assert run.status == SOLVED and run.played == FORCED_END.solution
    assert run.message.startswith("Solved!")
