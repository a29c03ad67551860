"""What the players know about Stigmergy: a komi window, no playouts, who owns each cell.

The first seat's komi bid has a choice of several hundred values, nearly all
of them absurd: the second seat then takes whichever colour the komi favours.
The search therefore weighs only a small window of bids around the fair komi
(the komi that leaves Black's first move worth nothing), estimated per board
size from playouts: Black's mean board lead over 400 random games from the
start measured -1.5 to -0.1 points at sizes 4-10 (standard error about 0.5),
rounded to an odd number in FAIR_KOMI.  Sizes not in the table are measured
on first use.

Random moves scramble a Stigmergy position within a few plies, so there are
no random plies at all: Black's expected lead at the new leaf, read through a
logistic curve (how wide: at the end of this text), is the playout's
result (against the greedy player on the side-6 board this won 7 of 8 games,
six random plies then the evaluation 6 of 8).  These values are exact
numbers, not noisy playout results, and a point is worth only a few hundredths
of a win, so the search explores little: with the usual exploration constant
(0.7) Medium beat Greedy in 9 of 16 games on the side-8 board, with 0.2 in 10
of 12, with 0.08 in 12 of 12.  Below the first two plies a node's moves open in
random order, so a node there first opens the best (by evaluation) of 16 moves
drawn at random: without that, Hard beat Medium in only 14 of 24 games.

The expected lead counts each cell for the colour that would own it after the
obvious flips: a stone on a cell its enemy controls counts for the enemy, not
for its owner as in the live score.  Fitted to the final leads of 60 side-8
games of the search against itself (100 playouts a move, 12,000 positions), a
mover's stone the enemy controls was worth 1.2 to 1.9 points less than the
live score says and an enemy stone the mover controls 2 to 2.4 more: they are
as good as flipped.  The same fit gave the move in hand about 1/60 point per
empty cell (TEMPO_PER_EMPTY).  At 210 playouts a move each, two close variants
of this evaluation (one also counting near flips, below; one counting the
mover's own flippable stones 90% lost) beat the live score lead 7-0 each (both
matches stopped there), and this one at 840 playouts beat itself at 210 13-3.
Measured and left out: a share of a stone lost when its enemy is one sight
short of control (a better fit, but the search ran at half the speed, and at
equal time, 210 playouts against 315, it won 4 of 11); a lean of uncontrolled
empty cells by the stones of each colour they see (no use in the fit).  The
tempo term made no clear difference in play (9-7 in 16 games at 210 playouts);
it stays, as it is fitted and free.

With leaves judged by this evaluation alone, the mean value of a subtree mixes
positions after the mover's play with positions after the reply, and more
search did not buy much (Hard beat Medium 18-14 at a quarter of their think
time's budgets).  Selection therefore mixes in each child's implicit minimax
value, the minimax of the evaluations below it (minimax_weight: 0.4, not tuned;
the technique is Lanctot, Winands, Pepels and Sturtevant's, 2014): with it, at a
tenth of the budgets, Hard beat Medium 8-0, and at equal budgets it beat the
plain mean 9-7.  At a quarter of the budgets Hard still beat Medium only 19-13
in 32 games: Hard was not clearly stronger (its own search, hard_search.py,
is what made it so).

The logistic curve that turns the lead into a win estimate was then widened
(SPREAD_BASE, SPREAD_PER_EMPTY: 4 points, plus 1/100 per empty cell, where it
was 1.5 plus 1/24).  In 24 games of the search against itself (200 playouts a
move), the final margin strayed from the lead estimated earlier by 7 to 11
points (standard deviation, by empty cells), a logistic scale of 4 to 6 points;
the old curve was up to twice as steep late in the game.  As a win probability
the steep curve fits those games' results as well or slightly better (a lead of
a few points rarely turned), so the wider one is a choice of what to play for:
with the steep curve a side a dozen points ahead saw nearly every move as a
sure win and could hardly tell them apart (a game of Hard against Medium went
from Hard 18 ahead to 3 behind), while the wide one keeps it adding points.  In
a screening at a quarter of the budgets Hard beat Medium 11-5 with it (16
games), and 40-24 in 64 games after that.
"""

from __future__ import annotations

import math
import random
from typing import Any

from ...ai.knowledge import Knowledge
from .rules import BLACK, EMPTY, NOBODY, SIDES, WHITE, Komi, StigmergyState, status_code

KOMI_WINDOW = 3  # bids within this many points of the fair komi are searched
FAIR_KOMI_PLAYOUTS = 400  # playouts that estimate the fair komi of a board size
FAIR_KOMI = {4: -1, 5: -1, 6: -1, 7: 1, 8: -1, 9: 1, 10: -1}
SPREAD_BASE = 4.0  # the logistic's scale in points: this much ...
SPREAD_PER_EMPTY = 1 / 100  # ... plus this much per empty cell still to fight over
TEMPO_PER_EMPTY = 1 / 60  # the move in hand is worth this much per empty cell

# The status codes (stone and control) of the cells each colour can count on: empty cells it
# controls, its stones the enemy does not control, and enemy stones it controls (to flip).
OWNED = tuple(
    tuple(
        status_code(stone, control)
        for stone, control in (
            (EMPTY, colour),
            (colour, NOBODY),
            (colour, colour),
            (1 - colour, colour),
        )
    )
    for colour in (BLACK, WHITE)
)

_fair_komi: dict[int, int] = dict(FAIR_KOMI)


class StigmergyKnowledge(Knowledge):
    # docs/judgement.md: calibration fitted on hard self-play; the graph's noise; the
    # CPython rate arena budgets are counted in (engine/ai/arena.py)
    graph_noise = 0.010
    arena_rate = 2100

    playout_depth = 0
    widen_above = 20
    exploration = 0.08
    order_sample = 16
    minimax_weight = 0.4
    judge_by_best_move = True  # leaves are judged by evaluation: no playout noise

    def evaluate(self, state: StigmergyState) -> tuple[float, ...]:
        """Each seat's chance to win: the first seat's expected lead (`margin`) through a logistic
        curve, wider while many cells are empty; the exact rewards once the game is over."""
        if state.passes >= 2 and (result := self.game.result(state)) is not None:
            return tuple(result.reward(seat) for seat in (0, 1))
        lead = self.margin(state)
        if lead is None:
            return (0.5, 0.5)
        spread = SPREAD_BASE + state.board.count(EMPTY) * SPREAD_PER_EMPTY
        p = 1.0 / (1.0 + math.exp(-lead / spread))
        return (p, 1.0 - p)

    def margin(self, state: StigmergyState) -> float | None:
        """The first seat's expected final lead in points: the score difference once the
        game is over, else `black_lead` from the first seat's side (None before the colours
        are chosen)."""
        if state.passes >= 2 and self.game.result(state) is not None:
            first, second = self.game.scores(state)
            return float(first - second)
        if state.black_seat is None:
            return None
        lead = self.black_lead(state)
        return -lead if state.swapped else lead

    def black_lead(self, state: StigmergyState) -> float:
        """Black's expected final lead in points (komi and button included), for a position
        in play.

        Every cell counts for the colour that would own it if the game ended after the
        obvious flips: an empty cell for its controller, a stone for the colour controlling
        its cell (who can flip it), else for its owner.  The colour to move gets
        TEMPO_PER_EMPTY points per empty cell.
        """
        count = bytes(state.status).count  # much faster than counting in the tuple
        lead: float = sum(map(count, OWNED[BLACK])) - sum(map(count, OWNED[WHITE]))
        tempo = TEMPO_PER_EMPTY * state.board.count(EMPTY)
        lead += tempo if state.colour_to_move == BLACK else -tempo
        lead -= state.komi or 0
        if state.button_holder is not None:
            lead += 0.5 if state.button_holder == BLACK else -0.5
        return lead

    def player(
        self,
        state: StigmergyState,
        level: str,
        seed: int | None,
        clock: Any,
        earlier: Any = (),
        previous: Any = None,
    ) -> Any:
        """The hard level chooses by a search with every node's moves in evaluation order
        (hard_search.py); the others by the Monte Carlo search with this
        knowledge."""
        if level != "hard":
            return None
        from .hard_search import hard_search  # hard_search builds on this module

        return hard_search(self.game, state, seed, clock)

    def root_moves(self, state: StigmergyState) -> list:
        moves = self.game.legal_moves(state)
        if state.phase != "bid":
            return moves
        centre = self.fair_komi(state)
        return [m for m in moves if abs(m.komi - centre) <= KOMI_WINDOW]

    def fair_komi(self, state: StigmergyState) -> int:
        """Black's average board lead in playouts from the start (an odd number: no ties)."""
        if state.size not in _fair_komi:
            game = self.game
            rng = random.Random(state.size)
            start = game.apply(game.apply(state, Komi(0)), SIDES[BLACK])
            total = 0.0
            for _ in range(FAIR_KOMI_PLAYOUTS):
                final = game.random_playout(start, rng)
                black, white = game.scores(final)  # seat 0 plays Black here
                total += black - white
            lead = round(total / FAIR_KOMI_PLAYOUTS)
            _fair_komi[state.size] = lead if lead % 2 else lead + 1
        return _fair_komi[state.size]
