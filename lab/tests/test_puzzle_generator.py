"""The puzzle generator's pieces (lab/puzzles/) on positions whose answers are known by hand."""

from __future__ import annotations

import argparse
import itertools
import json
import os
from dataclasses import dataclass, field
from typing import ClassVar

import pytest

from engine import games
from engine.contract.core import Game
from engine.contract.plugins import plugin
from engine.contract.result import Result, Termination
from engine.games.gwyddbwyll import fixtures
from engine.games.gwyddbwyll.search import WON
from lab.puzzles import __main__ as command
from lab.puzzles import collection, criteria, exact, motifs, rating, searching, solve
from lab.puzzles.criteria import Judged, step_verdict
from lab.puzzles.tactical import SWING, is_tactical, scan


@dataclass(frozen=True)
class Pile:
    stones: int
    turn: int = 0
    _moves: tuple | None = field(default=None, compare=False, repr=False)


class TakeAway(Game[Pile, int]):
    """Take one or two stones from a pile; who takes the last stone wins.  The side to move
    wins exactly when the pile is not a multiple of three, by taking the pile modulo three."""

    id = "takeaway"

    def _new(self, options: dict) -> Pile:
        return Pile(5)

    def _generate(self, state: Pile) -> list:
        return [n for n in (1, 2) if n <= state.stones] if state.stones else []

    def _apply(self, state: Pile, move: int) -> Pile:
        return Pile(state.stones - move, 1 - state.turn)

    def _format(self, state: Pile, move: int) -> str:
        return f"take{move}"

    def _result(self, state: Pile) -> Result | None:
        if state.stones:
            return None
        return Result((1 - state.turn,), (0, 0), Termination.NO_MOVES, "no stones left")

    def _to_move(self, state: Pile) -> int:
        return state.turn

    def _scores(self, state: Pile) -> tuple[int, int]:
        return (0, 0)

    def _decode(self, state: Pile, text: str) -> int:
        return int(text.removeprefix("take"))


class LastStoneLoses(TakeAway):
    """Take one, two or three stones; who takes the last stone loses.  The side to move loses
    exactly when the pile is one more than a multiple of four; from four stones, taking three
    leaves the opponent the last stone, and the game ends on the opponent's forced move."""

    id = "laststone"

    def _new(self, options: dict) -> Pile:
        return Pile(4)

    def _generate(self, state: Pile) -> list:
        return [n for n in (1, 2, 3) if n <= state.stones] if state.stones else []

    def _result(self, state: Pile) -> Result | None:
        if state.stones:
            return None
        return Result((state.turn,), (0, 0), Termination.NO_MOVES, "took the last stone")


class TakeTwoOneOrFour(TakeAway):
    """Take two, one or four stones (in that order of legal moves), from ten; who takes the
    last stone wins.  The side to move loses exactly on a multiple of three (every move
    leaves a multiple of three plus one or two, as 4 = 3 + 1; from any other pile, a move
    leaves a multiple of three).  From a multiple of three plus one (four on) two moves win,
    take one and take four; from a multiple of three plus two only take two."""

    id = "takeonetwofour"

    def _new(self, options: dict) -> Pile:
        return Pile(10)

    def _generate(self, state: Pile) -> list:
        return [n for n in (2, 1, 4) if n <= state.stones]


@dataclass(frozen=True)
class SharedPile(Pile):
    shared: bool = False  # the last two stones were taken at once


class TakeTwoToShare(TakeAway):
    """Take one or two stones; who takes the last stone alone wins, but taking the last two
    at once shares the win (a draw for the solver's purposes)."""

    id = "taketwotoshare"

    def _apply(self, state: Pile, move: int) -> Pile:
        left = state.stones - move
        return SharedPile(left, 1 - state.turn, shared=not left and move == 2)

    def _result(self, state: Pile) -> Result | None:
        if state.stones:
            return None
        shared = isinstance(state, SharedPile) and state.shared
        return Result((0, 1) if shared else (1 - state.turn,), (0, 0), Termination.NO_MOVES, "")


def test_the_end_solver_tells_a_shared_win_from_a_win():
    from lab.puzzles.endgame import DRAW, WIN, EndSolver

    solver = EndSolver(TakeTwoToShare())
    # one stone: take it and win; two: take both and share (take one, and the opponent
    # takes the last alone); three: take one, leaving two, shares; take two loses
    assert solver.value(Pile(1)) == WIN
    assert solver.value(Pile(2)) == DRAW and not solver.wins(Pile(2))
    assert solver.value(Pile(3)) == DRAW
    # the opponent's not winning is not the side to move's win
    assert not solver.move_wins(Pile(3), 1)
    assert solver.winning_moves(Pile(3)) == []


def test_the_end_solver_searches_a_game_out():
    from lab.puzzles.endgame import EndSolver

    game = TakeTwoOneOrFour()
    solver = EndSolver(game)
    assert [solver.wins(Pile(n)) for n in range(1, 10)] == [n % 3 != 0 for n in range(1, 10)]
    assert solver.winning_moves(Pile(8)) == [2]
    assert solver.winning_moves(Pile(7)) == [1, 4]
    assert solver.winning_moves(Pile(6)) == []
    # the opponent in a lost position (six stones): take two leaves four, with two answers;
    # take one leaves five, with one (take two): the hardest defence is take one
    assert solver.hardest_defence(Pile(6, turn=1)) == (1, [2])
    # the last stone wins at once
    assert solver.move_wins(Pile(2), 2) and not solver.move_wins(Pile(2), 1)
    # a cap of one position cannot solve eight stones, nor a search two plies deep
    with pytest.raises(exact.Unknown):
        EndSolver(game, cap=1).wins(Pile(8))
    with pytest.raises(exact.Unknown):
        EndSolver(game, depth=2).wins(Pile(8))
    assert EndSolver(game, depth=2).wins(Pile(2))  # taken at once
    # a new budget keeps the table, unless it has grown past the limit
    solver = EndSolver(game, cap=3)
    solver.wins(Pile(2))
    solver.renew(most=5)
    assert solver.entered == 0 and Pile(2) in solver.known
    solver.renew(most=0)
    assert not solver.known


def test_a_position_searched_out_is_kept_with_the_only_wins_and_the_hardest_defences():
    from lab.puzzles.candidates import Candidate
    from lab.puzzles.solve import solve

    game = TakeTwoOneOrFour()

    def judged(moves):
        return solve(game, Candidate("end:1:1:x", moves, 0.8, 1.0, True, to_the_end=True), 0.02)

    # ten stones, take two: eight for seat 1, whose only win is take two (to six); the
    # hardest defence from six is take one (above), five; then take two (to three), only
    # win; from three, take two and take one each leave one answer: take two, the first;
    # one stone, taken: the win, on the solver's third move
    verdict, record = judged(("take2",))
    assert verdict == "kept"
    assert record["solution"] == ["take2", "take1", "take2", "take2", "take1"]
    assert record["goal"] == "win" and record["chance"] == [0.8, 1.0]
    # seven stones (ten, take one, take two): take one and take four both win
    assert judged(("take1", "take2"))[0] == "a second winning move (searched out)"
    # six stones (ten, take four): lost for the side to move
    assert judged(("take4",))[0] == "no win (searched out)"


def test_a_line_is_proven_only_when_every_answer_is_the_only_win():
    from lab.puzzles.solve import proven_to_the_end

    game = TakeTwoOneOrFour()
    # eight stones: take two (to six) is the only win; one taken, five: take two (to three)
    # the only win; two taken, one: taken, the win
    assert proven_to_the_end(game, Pile(8), ["take2", "take1", "take2", "take2", "take1"])
    # seven stones: take one and take four both win
    assert not proven_to_the_end(game, Pile(7), ["take1"])
    # four stones: take four wins at once, but take one (to three) wins too, later: the page
    # would call it wrong, so the line is not proven
    assert not proven_to_the_end(game, Pile(4), ["take4"])
    # two stones: take two wins at once and take one loses
    assert proven_to_the_end(game, Pile(2), ["take2"])
    # six stones: no move wins
    assert not proven_to_the_end(game, Pile(6), ["take2"])
    # a search that may enter one position cannot prove eight stones
    assert not proven_to_the_end(
        game, Pile(8), ["take2", "take1", "take2", "take2", "take1"], cap=1
    )


def test_an_ending_candidate_is_a_proven_win_thrown_away():
    from lab.puzzles.candidates import ending
    from lab.puzzles.endgame import EndSolver
    from lab.selfplay import load_games

    game = games.get("wythe")
    record = load_games("wythe")[0]
    found = list(itertools.islice(ending(game, record["moves"], "end:x", 20_000), 3))
    assert found
    for candidate in found:
        _, _, ply, path = candidate.key.split(":")
        assert candidate.moves == (*record["moves"][: int(ply)], *path.split(" "))
        assert candidate.to_the_end and candidate.proven
        before = collection.start(game, {"moves": candidate.moves[:-1]})
        after = collection.start(game, {"moves": candidate.moves})
        # a fresh solver, not the one the game's end shared: the mover was winning, and the
        # move handed the win to the solver
        assert EndSolver(game).wins(before)
        assert EndSolver(game).wins(after)
        assert game.to_move(after) != game.to_move(before)


def test_a_new_games_moves_are_kept_and_not_played_again(tmp_path, monkeypatch):
    from lab.puzzles import candidates

    monkeypatch.setattr(collection, "WORK", str(tmp_path))
    game = TakeTwoOneOrFour()
    moves = candidates.self_play_game(game, seed=3)
    assert sum(int(m.removeprefix("take")) for m in moves) == 10  # to the last stone
    assert candidates.played_games(game.id) == {3: moves}
    easy = candidates.self_play_game(game, seed=3, level="easy")  # kept apart
    assert sum(int(m.removeprefix("take")) for m in easy) == 10
    assert candidates.played_games(game.id, "easy") == {3: easy}
    assert candidates.played_games(game.id) == {3: moves}

    def no_search(*args, **kwargs):
        raise AssertionError("a kept game was played again")

    monkeypatch.setattr(candidates, "choose_move", no_search)
    assert candidates.self_play_game(game, seed=3) == moves
    assert candidates.self_play_game(game, seed=3, level="easy") == easy


def test_a_forced_win_is_found_at_its_shortest_and_only_where_there_is_one():
    game = TakeAway()
    # 2 stones: take both (a win at once); 1 would leave 1 for the opponent
    assert exact.forced_win(game, Pile(2))[:2] == (1, [2])
    # 4 stones: take 1, leaving 3; whatever the opponent takes, the rest wins: 3 plies
    assert exact.forced_win(game, Pile(4))[:2] == (3, [1])
    # 5: take 2 (leaving 3), 3 plies
    assert exact.forced_win(game, Pile(5))[:2] == (3, [2])
    # 3 and 6 are lost for the side to move
    assert exact.forced_win(game, Pile(3)) is None
    assert exact.forced_win(game, Pile(6)) is None
    # 7 needs 5 plies (take 1 to 6, then 3 left after the next pair): not within 3
    assert exact.forced_win(game, Pile(7), max_plies=3) is None
    assert exact.forced_win(game, Pile(7), max_plies=5)[:2] == (5, [1])


def test_the_longest_defence_and_the_cap():
    game = TakeAway()
    prover = exact.Prover(game)
    # 3 stones, opponent (seat 1) to move, seat 0 wins within 2 plies whatever it takes;
    # both replies lose in one more ply, so the first in order (take 1) is the defence
    assert prover.longest_defence(Pile(3, turn=1), 0, 2) == (1, 1)
    # 6 stones, seat 0 wins within 4: each reply leaves 5 or 4, won in 3 plies either way
    assert prover.longest_defence(Pile(6, turn=1), 0, 4) == (1, 3)
    # a cap of one position cannot look two plies deep
    assert exact.forced_win(game, Pile(4), cap=1) is None


def test_a_step_is_good_only_when_every_other_move_is_far_worse():
    assert step_verdict([Judged("a", 0.95), Judged("b", 0.60)]) is None
    assert step_verdict([Judged("a", 0.95), Judged("b", 0.66)]) == "a second good move"
    assert step_verdict([Judged("a", 1.0, True), Judged("b", 0.70)]) is None
    assert step_verdict([Judged("a", 1.0, True), Judged("b", 0.71)]) == "a second good move"
    assert step_verdict([Judged("a", 1.0, True), Judged("b", 1.0, True)]) == (
        "a second winning move"
    )
    # the search's choice must be the best: a better second is a second good move
    assert step_verdict([Judged("a", 0.5), Judged("b", 0.9)]) == "a second good move"
    assert step_verdict([Judged("a", 1.0, True)]) is None
    assert step_verdict([]) == "no move to judge"


def test_a_deep_step_the_first_seed_fails_asks_no_second_search(monkeypatch):
    asked: list[int] = []
    answers = {
        1: [Judged("a", 0.95), Judged("(any other)", 0.70)],  # a second good move
        2: [Judged("a", 0.95), Judged("(any other)", 0.20)],
    }

    def scripted(game, state, playouts, seed):
        asked.append(seed)
        return searching.Judgement(answers[seed], answers[seed][0].chance, None)

    monkeypatch.setattr(solve, "judge", scripted)
    verdict, first, after = solve._deep_step(None, None, deep=1)
    assert (verdict, first.choice, after, asked) == ("a second good move (deep)", "a", 0.95, [1])
    # a first seed that passes asks the second, which must choose the same move
    answers[1] = [Judged("a", 0.95), Judged("(any other)", 0.20)]
    answers[2] = [Judged("b", 0.92), Judged("(any other)", 0.20)]
    asked.clear()
    verdict, _, after = solve._deep_step(None, None, deep=1)
    assert (verdict, after, asked) == ("the seeds disagree (deep)", 0.92, [1, 2])
    answers[2] = [Judged("a", 0.91), Judged("(any other)", 0.62)]
    assert solve._deep_step(None, None, deep=1)[0] == "a second good move (deep)"
    answers[2] = [Judged("a", 0.91), Judged("(any other)", 0.20)]
    assert solve._deep_step(None, None, deep=1)[0] is None


def test_the_pre_filter_drops_close_answers_and_weak_ones_with_a_looser_gap():
    pre = criteria.pre_verdict
    assert pre([Judged("a", 0.80), Judged("b", 0.69)]) is None  # 0.11 ahead
    assert pre([Judged("a", 0.80), Judged("b", 0.71)]) == "a second good move"  # 0.09
    assert pre([Judged("a", 0.64), Judged("b", 0.20)]) == "not winning enough"
    assert pre([Judged("a", 1.0, True), Judged("b", 0.95)]) == "a second good move"
    assert pre([Judged("a", 1.0, True), Judged("b", 1.0, True)]) == "a second winning move"
    assert pre([Judged("a", 1.0, True)]) is None
    # what the pre-filter lets through, the full step criterion may still drop (0.25 < GAP)
    assert pre([Judged("a", 0.90), Judged("b", 0.65)]) is None
    assert step_verdict([Judged("a", 0.90), Judged("b", 0.65)]) == "a second good move"


def test_branched_candidates_are_other_moves_at_the_recorded_positions():
    from lab.puzzles.candidates import branched
    from lab.selfplay import load_games

    game = games.get("rugpile")
    played = {str(r["seed"]): r["moves"] for r in load_games("rugpile")}
    first = list(itertools.islice(branched("rugpile"), 2))
    assert first == list(itertools.islice(branched("rugpile"), 2))  # seeded
    for candidate in first:
        _, seed, ply, name = candidate.key.split(":")
        recorded = played[seed]
        assert candidate.moves[:-1] == tuple(recorded[: int(ply)])
        assert candidate.moves[-1] == name != recorded[int(ply)]
        state = game.new()
        for text in candidate.moves:  # every move legal
            state = game.play(state, game.parse(state, text))
        assert criteria.is_candidate(candidate.chance - candidate.swing, candidate.chance)


def test_a_pass_that_ends_the_game_is_no_puzzle():
    # a Stigmergy position mined on the default board (before its puzzles moved to side 4:
    # lab/puzzles/boards.py) where the opponent has just passed: a second pass in a row ends
    # the game (web/rules/stigmergy.html), and a placement does not
    game = games.get("stigmergy")
    with open(os.path.join(collection.WORK, "stigmergy.jsonl")) as f:
        entry = next(e for e in map(json.loads, f) if e["key"] == "alt:1000:144:pass")
    state = game.new()
    for text in entry["puzzle"]["moves"]:
        state = game.apply(state, game.parse(state, text))
    assert entry["puzzle"]["moves"][-1] == "pass"
    assert criteria.passes_to_the_end(game, state, ["pass"])
    placement = next(
        t for m in game.legal_moves(state) if (t := game.notation(state, m)) != "pass"
    )
    assert not criteria.passes_to_the_end(game, state, [placement])
    assert not criteria.passes_to_the_end(game, state, ["pass", "x", "y"])  # one move only


def test_a_closing_pass_is_cut_from_a_line():
    # a mined Wythe line: the solver's c5c6, the opponent's pass, the solver's pass that
    # ends the game (both passed, web/rules/wythe.html) on its lead; the pass is no move to
    # find, so the line ends at c5c6, in a position searched out as won
    game = games.get("wythe")
    entry = next(e for e in collection.read_state("wythe") if e["key"] == "rec:1012:42")
    record = entry["puzzle"]
    assert record["solution"] == ["c5c6", "pass", "pass"] and record["goal"] == "win"
    cut = collection.trimmed(game, record)
    assert cut["solution"] == ["c5c6"] and cut["goal"] == "won"
    assert cut["chance"] == [record["chance"][0], 1.0]
    assert cut["difficulty"] == rating.rating(record["rungs"][0])
    # a line that ends with a move, not a pass, keeps it
    assert collection.trimmed(game, {**record, "solution": ["c5c6"]})["solution"] == ["c5c6"]


def test_puzzles_of_one_game_stand_apart(tmp_path, monkeypatch):
    # the fool's mate (see above) found four times: twice in one recorded game (its own
    # moves, then as a branch), once in another recorded game, once in a new game
    monkeypatch.setattr(collection, "WORK", str(tmp_path))
    record = {"moves": ["3x3a3", "3x3b2"], "solution": ["2x2d1"], "goal": "win"}
    for key in ("rec:5:2", "alt:5:1:3x3b2", "rec:6:2", "new:5:2"):
        collection.append_state("rugpile", {"key": key, "verdict": "kept", "puzzle": record})
    chosen, left_out = collection.kept("rugpile")
    assert len(chosen) == 3
    assert left_out == {collection.NEAR_ANOTHER: 1}
    # a run skips the candidates the collection would leave out: near a kept start (ply 2)
    starts = collection.kept_starts("rugpile")
    assert starts.near("alt:5:3:2x2d1", 4)  # 2 plies away, in game 5
    assert not starts.near("rec:5:8", 8)  # 6 plies away
    assert not starts.near("new:6:2", 2)  # new game 6 has none


def test_a_candidate_is_a_big_enough_swing_to_a_likely_enough_win():
    assert criteria.is_candidate(0.30, 0.60)
    assert not criteria.is_candidate(0.45, 0.60)  # a swing of 0.15
    assert not criteria.is_candidate(0.10, 0.55)  # not likely enough
    assert criteria.line_ends(0.90, won=False) and not criteria.line_ends(0.89, won=False)
    assert criteria.line_ends(0.2, won=True)


def test_the_rating_ladder_runs_from_low_to_high():
    # eleven rungs, 1/256 to 4 times the medium budget, 150 points apart: 1/256 is 550,
    # 1/32 (the fourth) 1000, the medium budget itself (the ninth) 1750, never found 2200
    assert rating.LADDER[0] == 1 / 256 and rating.LADDER[3] == 1 / 32 and rating.LADDER[8] == 1
    assert [rating.rating(r) for r in (0, 3, 8, len(rating.LADDER))] == [550, 1000, 1750, 2200]


class ScriptedSearch:
    """A stand-in for the medium search whose choice at each budget is scripted: the answer
    at the budgets in `right_at`, another move elsewhere."""

    right_at: ClassVar[frozenset[int]] = frozenset()

    def __init__(self, game, state, seed):
        self.game, self.state, self.playouts, self.done = game, state, 0, False

    def run(self, playouts):
        self.playouts += playouts

    def best(self):
        right, wrong = self.game.legal_moves(self.state)[:2]
        return right if self.playouts in self.right_at else wrong


@pytest.mark.parametrize(
    ("right_from", "expected"),
    [
        (0, 0),  # found on sight: right at every budget
        (3, 3),  # found at 1/32, the old ladder's first rung
        (10, 10),  # only at 4 times the medium budget
        (11, 11),  # never found: right at no budget
    ],
)
def test_a_steps_rung_is_the_lowest_from_which_the_search_holds_to_the_answer(
    monkeypatch, right_from, expected
):
    game = games.get("rugpile")  # its medium budget: 2000 playouts, 8 at 1/256
    state = game.new()
    targets = [round(2000 * times) for times in rating.LADDER]
    assert targets[:4] == [8, 16, 31, 62] and targets[-1] == 8000
    monkeypatch.setattr(rating, "Search", ScriptedSearch)
    monkeypatch.setattr(ScriptedSearch, "right_at", frozenset(targets[right_from:]))
    answer = game.notation(state, game.legal_moves(state)[0])
    assert rating.rung(game, state, answer) == expected
    # right at 1/256 but not at 1/128: found on sight by luck, so from 1/64 on
    monkeypatch.setattr(ScriptedSearch, "right_at", frozenset({8, *targets[2:]}))
    assert rating.rung(game, state, answer) == 2


def test_phases_and_ids():
    assert [collection.phase(p, 60) for p in (0, 19, 20, 39, 40, 59)] == [
        "opening",
        "opening",
        "middle",
        "middle",
        "end",
        "end",
    ]
    first = collection.puzzle_id("wythe", ["c3b3"], set())
    assert first.isalnum() and len(first) == 5
    assert collection.puzzle_id("wythe", ["c3b3"], set()) == first  # stable
    longer = collection.puzzle_id("wythe", ["c3b3"], {first})  # a clash: one more digit
    assert len(longer) == 6 and longer.startswith(first)
    assert collection.puzzle_id("petrify", ["c3b3"], set()) != first


def test_rug_piles_fools_mate_is_a_proven_win_that_covers_and_blocks():
    # web/rules/rugpile.html, "the fool's mate": Red 3x3a3, Blue 3x3b2, Red's 2x2d1 covers
    # one of Blue's squares and Blue cannot place
    game = games.get("rugpile")
    state = game.new()
    for text in ("3x3a3", "3x3b2"):
        state = game.play(state, game.parse(state, text))
    plies, moves, _ = exact.forced_win(game, state, max_plies=1)
    assert plies == 1
    assert "2x2d1" in [game.notation(state, m) for m in moves]
    tags = motifs.motifs(game, ["3x3a3", "3x3b2"], ["2x2d1"], "win")
    assert tags == ("cover", "block", "win")


def test_gwyddbwyll_motifs_name_the_bishops_jump():
    game = games.get("gwyddbwyll")
    # once the e-pawns have stepped, White's bishop on c1 may jump over d2 to the empty e3
    assert motifs.motifs(game, ["e3e4", "e6e5"], ["c1e3"], "won") == ("bishop jump",)


@pytest.mark.parametrize("text,tags", [("a1", ()), ("button", ("button",))])
def test_stigmergy_motifs(text, tags):
    game = games.get("stigmergy")
    state = game.new()
    legal = {game.notation(state, m) for m in game.legal_moves(state)}
    odd = next(t for t in sorted(legal) if t.startswith("komi") and int(t[4:]) % 2)
    state = game.play(state, game.parse(state, odd))
    state = game.play(state, game.parse(state, "black"))
    assert motifs.motifs(game, [odd, "black"], [text], "won") == tags


def test_the_fools_mate_is_kept_as_a_one_move_win_and_the_opening_is_not():
    from lab.puzzles.candidates import Candidate
    from lab.puzzles.solve import solve

    game = games.get("rugpile")
    # 2x2d1 is Red's only win at once (the prover says so above: one winning move)
    verdict, record = solve(game, Candidate("t", ("3x3a3", "3x3b2"), 0.9, 0.5, False), 0.02)
    assert verdict == "kept"
    assert record["solution"] == ["2x2d1"] and record["goal"] == "win"
    assert record["chance"] == [0.9, 1.0]
    # after Red's first rug, Blue has many sound replies: no single good move
    verdict, record = solve(game, Candidate("t", ("3x3a3",), 0.9, 0.5, False), 0.02)
    assert verdict.startswith("a second good move") and record == {}


def test_prove_marks_each_kept_line_once_and_writes_the_collection(tmp_path, monkeypatch):
    from engine.learning.puzzles import load

    monkeypatch.setattr(collection, "WORK", str(tmp_path))
    monkeypatch.setattr(collection, "ROOT", str(tmp_path))  # the collection written there
    record = {
        "moves": ["3x3a3", "3x3b2"],
        "solution": ["2x2d1"],
        "goal": "win",
        "difficulty": 1000,
        "chance": [0.9, 1.0],
    }
    collection.append_state("rugpile", {"key": "rec:5:2", "verdict": "kept", "puzzle": record})
    collection.append_state("rugpile", {"key": "rec:6:2", "verdict": "a second good move (pre)"})
    asked = []

    def proof(game, state, line):
        asked.append(line)
        return True

    monkeypatch.setattr(command, "proven_to_the_end", proof)
    command.prove(["rugpile"])
    command.prove(["rugpile"])  # a record that says already is not searched again
    assert asked == [["2x2d1"]]
    assert collection.read_state("rugpile")[0]["puzzle"]["proven"] is True
    written = tmp_path / plugin("rugpile").puzzles
    assert [p.proven for p in load("rugpile", written.read_text())] == [True]


def test_a_line_the_defence_ends_stops_at_the_solvers_move():
    from lab.puzzles.candidates import Candidate
    from lab.puzzles.solve import solve

    # four stones: take3 is the only win (take1 leaves 3, take2 leaves 2: either way the
    # opponent leaves one); the opponent's only reply takes the last stone and loses, so the
    # line is take3 alone, ending in a position proven won (before, the generator crashed)
    verdict, record = solve(LastStoneLoses(), Candidate("t", (), 0.9, 0.5, False), 0.02)
    assert verdict == "kept"
    assert record["solution"] == ["take3"] and record["goal"] == "won"
    assert record["chance"] == [0.9, 1.0]


def test_wythe_motifs_name_a_stack_that_freezes_and_nothing_for_the_swap():
    # web/rules/wythe.html's example of stacking: a1-b1 (black on a1), a2-b2 (black on b2),
    # then b1b2 lays a piece on the two stacks and half-covers both pieces
    game = games.get("wythe")
    assert motifs.motifs(game, ["a1b1", "b2a2"], ["b1b2"], "won") == ("stack", "freeze")
    assert motifs.motifs(game, ["a1b1"], ["swap"], "won") == ()


def test_a_games_end_whose_candidates_were_all_taken_is_not_searched_again(tmp_path, monkeypatch):
    from lab.puzzles import candidates

    monkeypatch.setattr(collection, "WORK", str(tmp_path))
    game = TakeTwoOneOrFour()
    monkeypatch.setattr(candidates.games, "get", lambda game_id: game)
    found = candidates.fresh_endings(game.id, seed=3)
    assert next(found).key.startswith("newend:3:")
    assert candidates.searched(game.id) == set()  # a run stopped here takes the rest again
    assert all(c.key.startswith("newend:3:") for c in found)
    assert candidates.searched(game.id) == {"newend:3"}

    def no_search(*args, **kwargs):
        raise AssertionError("an end gone through was searched out again")

    monkeypatch.setattr(candidates, "ending", no_search)
    monkeypatch.setattr(candidates, "self_play_game", no_search)
    assert list(candidates.fresh_endings(game.id, seed=3)) == []
    assert candidates.searched(game.id) == {"newend:3"}
    # an easy game's end, keyed apart, is another end
    monkeypatch.undo()
    monkeypatch.setattr(collection, "WORK", str(tmp_path))
    monkeypatch.setattr(candidates.games, "get", lambda game_id: game)
    found = list(candidates.fresh_endings(game.id, seed=3, level="easy"))
    assert found and all(c.key.startswith("easyend:3:") for c in found)
    assert candidates.searched(game.id) == {"newend:3", "easyend:3"}


def test_the_alpha_beta_scan_marks_a_mate_allowed_and_a_piece_left_hanging():
    # Black's king steps into Ra8 mate: White's score there is a proven win
    assert scan(fixtures.win_in_one(), (fixtures.mate_threat(),), seed=1) >= WON
    gw = games.get("gwyddbwyll")
    assert is_tactical(gw, 0.5, WON + 990)  # a mate allowed from an even position
    assert is_tactical(gw, -1.0, -1.0 + SWING)  # a knight's worth gained by the move
    assert not is_tactical(gw, -1.0, -1.0 + SWING - 0.5)
    assert not is_tactical(gw, WON + 994, WON + 999)  # a quicker mate than one proven already
    assert not is_tactical(gw, -(WON + 999), -(WON + 994))  # lost before and after


def test_the_alpha_beta_scan_leaves_out_gains_with_no_single_good_move():
    # a knight's worth and more, but as chances not a candidate (criteria.is_candidate):
    # already a knight ahead (0.86 to 0.98: every quiet move keeps 0.86), still behind after
    # (0.06 to 0.25), a mate found a knight ahead (0.86 to 1: the quiet moves within 0.3)
    gw = games.get("gwyddbwyll")
    assert not is_tactical(gw, 3.0, 3.0 + SWING + 0.5)
    assert not is_tactical(gw, -5.0, -2.0)
    assert not is_tactical(gw, 3.0, WON + 990)
    assert is_tactical(gw, -2.9, 4.9)  # behind, then ahead: a candidate


def test_the_scanned_source_is_gwyddbwyll_s_alone():
    # no alpha-beta in Wythe: its only source here is the scan, so no candidate at all
    # (and no endless search for one)
    assert list(command.candidates("wythe", ("tactics",))) == []


def test_gwyddbwyll_is_judged_by_its_alpha_beta():
    # Black's king stepped into Ra8 mate: the only win, seen at once; a knight ahead is
    # rated as the evaluation's lead (calibrated), a proven loss 0
    game = games.get("gwyddbwyll")
    state = fixtures.win_in_one()
    judgement = searching.judge(game, state, playouts=200, seed=1)
    best, other = judgement.judged
    assert (best.move, best.proven_win, judgement.chance) == ("a1a8", True, 1.0)
    assert other.move == "(any other)" and not other.proven_win and other.chance < 1.0
    assert searching.alpha_beta_chance(game, -(WON + 1)) == 0.0
    assert 0.8 < searching.alpha_beta_chance(game, 3.0) < 0.9  # a knight ahead
    # the defence is the alpha-beta's best reply after the choice
    threat = searching.judge(game, fixtures.mate_threat(), playouts=200, seed=1)
    reply = searching.reply(threat)
    after = game.apply(fixtures.mate_threat(), game.parse(fixtures.mate_threat(), threat.choice))
    assert reply in {game.notation(after, m) for m in game.legal_moves(after)}


def ends_asked(monkeypatch) -> list:
    """The sources of the recorded games' ends and the new games' ends, faked: each says in
    the list returned when it is asked for its candidates ("end", or the new game's seed)."""
    asked: list = []

    def recorded_ends(game_id):
        asked.append("end")
        yield "a candidate of a recorded game's end"

    def new_game_ends(game_id, seed, level="medium"):
        asked.append(seed)
        yield f"a candidate of the game of seed {seed}"

    monkeypatch.setattr(command, "endings", recorded_ends)
    monkeypatch.setattr(command, "fresh_endings", new_game_ends)
    return asked


def test_runs_at_once_share_no_candidate(monkeypatch):
    # --shard k/n: the k-th run takes the new games of seeds k, k + n, …; the recorded
    # games' sources are the first run's alone
    asked = ends_asked(monkeypatch)
    sources = ("endings", "easy")
    list(itertools.islice(command.candidates("petrify", sources, (2, 3)), 3))
    assert asked == [2, 5, 8]
    asked.clear()
    list(itertools.islice(command.candidates("petrify", sources, (1, 3)), 3))
    assert asked == ["end", 1, 4]
    assert command.shard_of("2/3") == (2, 3)
    for bad in ("0/2", "3/2", "2", "a/b"):
        with pytest.raises(argparse.ArgumentTypeError):
            command.shard_of(bad)


def test_a_game_whose_puzzles_are_set_on_other_options(tmp_path, monkeypatch):
    # Stigmergy's puzzles are on the side-4 board (lab/puzzles/boards.py): its games start
    # there, its work files are its own, the recorded games (at the defaults) give it no
    # candidate, and its collection's puzzles say their options
    from lab.puzzles import boards, candidates

    game = games.get("stigmergy")
    assert game.options(boards.new_game(game))["size"] == 4
    assert boards.work_name("stigmergy") == "stigmergy-size4"
    assert boards.work_name("petrify") == "petrify" and boards.at_defaults("petrify")
    assert collection.state_path("stigmergy").endswith("stigmergy-size4.jsonl")

    asked = ends_asked(monkeypatch)
    list(itertools.islice(command.candidates("stigmergy", ("endings", "easy")), 2))
    assert asked == [1, 2]

    monkeypatch.setattr(collection, "WORK", str(tmp_path))
    monkeypatch.setattr(
        candidates, "choose_move", lambda game, state, *a, **k: game.legal_moves(state)[0]
    )
    moves = candidates.self_play_game(game, seed=1, level="easy")
    assert (tmp_path / "stigmergy-size4.games.jsonl").exists()
    assert collection.typical_length("stigmergy") == len(moves)
    start = collection.start(game, {"moves": moves[:3]})
    assert game.options(start)["size"] == 4
