"""Exact solving of a game's end: who wins from here with perfect play, searched out to the end.

Near the end of a game of Petrify, Stigmergy or Wythe few moves are left and the same
positions come back by many move orders, so a plain search that remembers every position it
has solved can search the rest of the game out: ten to fifteen plies before the end, in
seconds.  A position the search solved needs no judgement: each move of the side to move
either wins, with perfect play from both sides, or does not.

It counts the positions it enters and gives up (exact.Unknown) past a cap, so a wide position
costs a bounded time, and past a depth, so a game that may go on and on (Gwyddbwyll's kings
walking round) does too.  It answers for two-seat games: a win, a draw (or a win shared:
Rug Pile's) or a loss for the side to move; only a win is a win.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.contract.core import Game, State

from .exact import Unknown

WIN, DRAW, LOSS = 1, 0, -1


@dataclass
class EndSolver:
    """Answers "does the side to move win?" by searching the game out, remembering each
    position's answer (`known`) for as long as the solver lives (or `renew` clears it)."""

    game: Game
    cap: int = 400_000
    depth: int = 100  # plies searched below the position asked about
    known: dict = field(default_factory=dict)
    entered: int = 0

    def renew(self, most: int) -> None:
        """A new budget of `cap` positions to enter, the table kept while it holds fewer
        than `most` (questions about neighbouring positions share most of their answers)."""
        self.entered = 0
        if len(self.known) > most:
            self.known.clear()

    def wins(self, state: State) -> bool:
        """Whether the side to move in `state` (a game not over) wins with perfect play."""
        return self.value(state) == WIN

    def move_wins(self, state: State, move) -> bool:
        """Whether `move` wins for the side to move in `state`, with perfect play after it."""
        return self.move_value(state, move) == WIN

    def value(self, state: State, depth: int = 0) -> int:
        """The result the side to move in `state` (a game not over) gets with perfect play:
        WIN, DRAW (a draw or a win shared) or LOSS."""
        answer = self.known.get(state)
        if answer is None:
            self.entered += 1
            if self.entered > self.cap or depth > self.depth:
                raise Unknown
            answer = LOSS
            for move in self.game.legal_moves(state):
                answer = max(answer, self.move_value(state, move, depth))
                if answer == WIN:
                    break
            self.known[state] = answer
        return answer

    def move_value(self, state: State, move, depth: int = 0) -> int:
        """The result `move` gets the side to move in `state`, with perfect play after it."""
        game = self.game
        seat = game.to_move(state)
        after = game.apply(state, move)
        result = game.result(after)
        if result is not None:
            if seat not in result.winners:
                return LOSS
            return WIN if len(result.winners) == 1 else DRAW
        value = self.value(after, depth + 1)
        return value if game.to_move(after) == seat else -value

    def winning_moves(self, state: State) -> list:
        """The moves of the side to move that win, in the game's order of legal moves."""
        return [move for move in self.game.legal_moves(state) if self.move_wins(state, move)]

    def second_wins(self, state: State, answer: str) -> list:
        """The moves of the side to move other than `answer` (notation) that win too, but not
        at once (a puzzle takes every win at once as an answer)."""
        game = self.game
        return [
            move
            for move in game.legal_moves(state)
            if game.notation(state, move) != answer
            and game.result(game.apply(state, move)) is None
            and self.move_wins(state, move)
        ]

    def hardest_defence(self, state: State) -> tuple[object, list]:
        """The reply of the side to move in `state` (a lost position) that leaves the winner
        the fewest winning answers, and those answers: the defence that asks the most of the
        solver (every reply loses, so none holds out better by the result).  The first such
        reply in the game's order of legal moves; a reply that ends the game or leaves the
        same side to move has no answers to count and comes last."""
        game = self.game
        seat = game.to_move(state)
        best: tuple[object, list] | None = None
        for move in game.legal_moves(state):
            after = game.apply(state, move)
            if game.result(after) is not None or game.to_move(after) == seat:
                continue
            answers = self.winning_moves(after)
            if best is None or len(answers) < len(best[1]):
                best = (move, answers)
        if best is None:
            move = game.legal_moves(state)[0]
            return move, []
        return best
