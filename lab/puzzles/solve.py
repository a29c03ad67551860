"""One candidate through the criteria: cheap filters first, the deep verification last.

0. The pre-filter: a search of PRE_TIMES the hard level's budget must see one move clearly
   best and good enough (criteria.pre_verdict).  It drops, at an eighth of the quick
   filter's cost, the many candidates with several equal answers.  A candidate its source
   marked proven (a win seen there) tries step 1 first, and skips the pre-filter if proven.
1. A short forced win (exact.forced_win, 5 plies): the line is proven; the solver's move at
   each step must be the only one that wins within the depth; the opponent's reply is the one
   that holds out longest.  Then the deep check of each step but a last win at once: a deep
   search of the position without the solution (two seeds) must find no other win, and rate
   the best other move at least criteria.GAP below a win.
2. Else the quick filter: one search at the hard level's budget must pick one move, better
   by criteria.GAP than every other, after which the solver stands at least QUICK_AFTER.
3. Then the deep verification, step by step (at most MAX_STEPS solver moves): two searches of
   DEEP_TIMES the hard level's budget, seeds 1 and 2, must pick the same move and each find
   every other move at least criteria.GAP worse; the line ends when the solver's chance after
   its move is at least WON_CHANCE in both (or the game is won), else the opponent's best
   defence (seed 1's tree) is played and the next step is judged.
4. The difficulty ladder (rating.py) of each solver step.

A candidate from a game's end searched out (candidates.endings) skips all of these searches:
the exact search (endgame.EndSolver) answers whether each move wins, so the solver's move at
each step must be the only one that wins, and the opponent's reply is the one that leaves
the solver the fewest winning answers; the line ends, in a position proven won, after the
last solver's move that was the only win (MAX_STEPS at most), or at the win.

`solve` returns (verdict, record): verdict "kept" or the reason the candidate was dropped.
"""

from __future__ import annotations

from typing import Any

from engine.contract.core import Game, State
from engine.learning.puzzles import WON_CHANCE

from . import boards, rating
from .candidates import END_TABLE, Candidate
from .criteria import (
    FEW_CHOICES,
    GAP,
    MIN_CHOICES,
    PASS_TO_END,
    Judged,
    line_ends,
    passes_to_the_end,
    pre_verdict,
    step_verdict,
)
from .endgame import EndSolver
from .exact import Unknown, forced_win
from .searching import DEEP_TIMES, Judgement, budget, judge, others, reply

MAX_STEPS = 3
QUICK_AFTER = 0.75
SEEDS = (1, 2)
EXACT_PLIES = 5
EXACT_CAP = 30_000
PRE_TIMES = 1 / 8
END_CAP = 400_000  # an ending's line enumerates every move, so it may solve more positions
CHECK_CAP = 100_000  # a kept line's steps searched out, where that is quick


def solve(game: Game, candidate: Candidate, scale: float = 1.0) -> tuple[str, dict[str, Any]]:
    """The verdict on `candidate` and the puzzle's record when kept (`scale` shrinks every
    budget, for tests)."""
    state = boards.new_game(game)
    for text in candidate.moves:
        state = game.apply(state, game.parse(state, text))
    if game.num_seats(state) != 2:
        return "not two seats", {}
    if len(game.legal_moves(state)) < MIN_CHOICES:
        return FEW_CHOICES, {}
    if candidate.to_the_end:
        ending, line = _line_to_the_end(game, state)
        if ending != "kept":
            return ending, {}
        return "kept", _record(game, state, candidate, line, 1.0)
    # a candidate whose source saw a win is proven first: a cheap search may not see it
    proof = forced_win(game, state, EXACT_PLIES, EXACT_CAP) if candidate.proven else None
    if proof is None:
        verdict = _prefiltered(game, state, scale)
        if verdict is not None:
            return verdict, {}
        if not candidate.proven:
            proof = forced_win(game, state, EXACT_PLIES, EXACT_CAP)
    deep = budget(game, "hard", DEEP_TIMES * scale)
    if proof is not None:
        verdict, line = _proven_line(game, state, proof, deep)
        after = 1.0
    else:
        verdict, line, after = _searched_line(game, state, scale, deep)
    if verdict != "kept":
        return verdict, {}
    second = second_win(game, state, line)
    if second is not None:
        return second, {}
    return "kept", _record(game, state, candidate, line, after)


def second_win(game: Game, state: State, line: list[str]) -> str | None:
    """Why a line kept by search or a short proof is no puzzle after all, searched out to the
    end (endgame.EndSolver) at each of its solver's steps near enough to the end: another
    move that wins too, which the page would call wrong; None when none is found.  A step
    whose answer wins at once is not searched: a slower win misses it."""
    for step, text in enumerate(line):
        after = game.apply(state, game.parse(state, text))
        if step % 2 == 0 and game.result(after) is None:
            try:
                if EndSolver(game, CHECK_CAP).second_wins(state, text):
                    return "a second winning move (searched out)"
            except Unknown:
                pass  # too far from the end to search out: the searches' verdict stands
        state = after
    return None


def proven_to_the_end(game: Game, state: State, line: list[str], cap: int = END_CAP) -> bool:
    """Whether `line`, from `state`, is proven to the game's end (engine.learning.puzzles'
    "proven"): at each of the solver's steps its move wins with perfect play and no other
    move does, but one that wins at once.  False too when a step is beyond `cap` positions
    (endgame.EndSolver)."""
    solver = EndSolver(game, cap)
    try:
        for step, text in enumerate(line):
            move = game.parse(state, text)
            if step % 2 == 0:
                solver.renew(END_TABLE)
                if not solver.move_wins(state, move) or solver.second_wins(state, text):
                    return False
            state = game.apply(state, move)
    except Unknown:
        return False
    return True


def _prefiltered(game: Game, state: State, scale: float) -> str | None:
    """None when the pre-filter's search sees one move clearly best and good enough."""
    judgement = judge(game, state, budget(game, "hard", PRE_TIMES * scale), seed=SEEDS[0])
    verdict = pre_verdict(judgement.judged)
    return None if verdict is None else verdict + " (pre)"


def _proven_line(game: Game, state: State, proof, deep: int) -> tuple[str, list[str]]:
    plies, moves, prover = proof
    seat = game.to_move(state)
    line: list[str] = []
    while True:
        if len(moves) > 1 and plies > 1:
            return "a second winning move", line
        if len(moves) > 1 and not line:
            return "a second winning move", line
        move = moves[0]
        text = game.notation(state, move)
        if not line and plies == 1 and passes_to_the_end(game, state, [text]):
            return PASS_TO_END, line
        if plies > 1 or not line:  # a last win at once may have company: any one is right
            for seed in SEEDS:
                verdict = step_verdict(
                    [Judged(text, 1.0, True), *others(game, state, text, deep, seed)]
                )
                if verdict is not None:
                    return verdict + " (deep)", line
        line.append(text)
        state = game.apply(state, move)
        if game.result(state) is not None:
            return "kept", line
        defence, plies = prover.longest_defence(state, seat, plies - 1)
        after = game.apply(state, defence)
        # a defence that ends the game (a forced last pass) loses it: the line ends at the
        # solver's move, in a position proven won
        if game.result(after) is not None:
            return "kept", line
        line.append(game.notation(state, defence))
        state = after
        moves = prover.winning_moves(state, plies)


def _line_to_the_end(game: Game, state: State) -> tuple[str, list[str]]:
    """The line of a position searched out to the end: the solver's only winning move, the
    hardest defence, …; it ends after a solver's move when the next one would not be the
    only win (or the defence ends the game or leaves the solver no reply)."""
    solver = EndSolver(game, END_CAP)
    seat = game.to_move(state)
    line: list[str] = []
    try:
        wins = solver.winning_moves(state)
        if not wins:
            return "no win (searched out)", line
        if len(wins) > 1:
            return "a second winning move (searched out)", line
        if passes_to_the_end(game, state, [game.notation(state, wins[0])]):
            return PASS_TO_END, line
        while True:
            line.append(game.notation(state, wins[0]))
            state = game.apply(state, wins[0])
            over = game.result(state) is not None or game.to_move(state) == seat
            if over or len(line) == 2 * MAX_STEPS - 1:
                break
            defence, wins = solver.hardest_defence(state)
            if len(wins) != 1:
                break
            line.append(game.notation(state, defence))
            state = game.apply(state, defence)
    except Unknown:
        if not line:
            return "beyond the exact search", line
    return "kept", line


def _searched_line(game: Game, state: State, scale: float, deep: int):
    quick = judge(game, state, budget(game, "hard", scale), seed=SEEDS[0])
    verdict = step_verdict(quick.judged)
    if verdict is not None:
        return verdict + " (quick)", [], 0.0
    if quick.judged[0].chance < QUICK_AFTER:
        return "not winning enough (quick)", [], 0.0
    seat = game.to_move(state)
    line: list[str] = []
    for _ in range(MAX_STEPS):
        verdict, first, after = _deep_step(game, state, deep)
        if verdict is not None:
            return verdict, [], 0.0
        line.append(first.choice)
        move = game.parse(state, first.choice)
        state = game.apply(state, move)
        result = game.result(state)
        if result is not None and result.winners != (seat,):
            return "the line ends without a win", [], 0.0
        if line_ends(after, result is not None):
            return "kept", line, after
        defence = reply(first)
        if defence is None:
            return "no clear defence (deep)", [], 0.0
        line.append(defence)
        state = game.apply(state, game.parse(state, defence))
        if game.result(state) is not None:
            return "the line ends in a loss", [], 0.0
    return "no decisive end", [], 0.0


def _deep_step(game: Game, state: State, deep: int) -> tuple[str | None, Judgement, float]:
    """One solver step judged by the two deep searches: (None or why not, the first seed's
    judgement, the lower of the two chances after the move).  A step the first seed's
    search already fails is dropped without searching the second: deep searches are the
    generator's dearest work."""
    first = judge(game, state, deep, SEEDS[0])
    verdict = step_verdict(first.judged)
    if verdict is not None:
        return verdict + " (deep)", first, first.judged[0].chance
    second = judge(game, state, deep, SEEDS[1])
    after = min(first.judged[0].chance, second.judged[0].chance)
    if first.choice != second.choice:
        return "the seeds disagree (deep)", first, after
    verdict = step_verdict(second.judged)
    return (None if verdict is None else verdict + " (deep)"), first, after


def _record(game: Game, start: State, candidate: Candidate, line: list[str], after: float) -> dict:
    seat = game.to_move(start)
    state = start
    rungs = []
    for index, text in enumerate(line):
        if index % 2 == 0:
            rungs.append(rating.rung(game, state, text))
        state = game.apply(state, game.parse(state, text))
    result = game.result(state)
    won = result is not None and result.winners == (seat,)
    return {
        "moves": list(candidate.moves),
        "solution": line,
        "goal": "win" if won else "won",
        "rungs": rungs,
        "difficulty": rating.rating(max(rungs)),
        "chance": [round(candidate.chance, 3), 1.0 if won else round(after, 3)],
        "after_at_least": WON_CHANCE,
        "gap": GAP,
    }
