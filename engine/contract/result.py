"""How a game ended (`Result`: who won, the scores, what ended it and why) and how that is said.

`Termination` is what ended a game, for programs, in terms every game shares; `Result.detail`
is the game's own word for it ("checkmate", "no-placement"), and `Result.reason` the same
told to a player, one clause.  A new game picks the members that fit and says the rest in its
detail, so no game edits the shared list.  `result_sentence` words a result for the page and
the text records ("Blue wins 8–6. Red cannot place a tile."), unless a game words its own
(`Game.result_text`, which reads the termination and the detail, never the reason's words).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any


class Termination(Enum):
    """What ended a game, in terms every game shares (its `Result.detail` says the rest).  On
    the board (each game's `result`):

    NO_MOVES      the player to move has no move the game allows (Rug Pile's "no-placement";
                  Gwyddbwyll's "checkmate" and "stalemate")
    BOTH_PASSED   passes in a row; the scores decide, with the game's tie-break (Wythe,
                  Petrify, Stigmergy)
    GOAL_REACHED  a player reached what the game sets out to do: a line, a square, a score
    ELIMINATION   a player is left without what the game needs to play on (Gwyddbwyll's
                  "bare-king": only the king left)
    MOVE_LIMIT    the game's move limit was reached (Gwyddbwyll's 2,500 plies: a draw)

    Off the board (engine/contract/ending.py):

    RESIGNATION   a player resigned
    AGREED_DRAW   the two players agreed a draw

    The values are for programs reading a result; nothing stores them (records keep the
    moves and the ending, engine/formats/record.py, and a result is worked out again from those).
    """

    NO_MOVES = "no-moves"
    BOTH_PASSED = "both-passed"
    GOAL_REACHED = "goal-reached"
    ELIMINATION = "elimination"
    MOVE_LIMIT = "move-limit"
    RESIGNATION = "resignation"
    AGREED_DRAW = "agreed-draw"


@dataclass(frozen=True)
class Result:
    """How a game ended.

    winners:     the seats that won; more than one means they share the win (a draw
                 between them); every seat means a draw for all.
    scores:      the final score of each seat, in seat order.
    termination: what ended the game, for programs (see `Termination`).
    reason:      why the game ended, one clause a player can read, e.g. "Blue cannot place a
                 tile", and how a tie-break decided it; not who won (the page says that).
    detail:      the game's own word for what ended it, for programs, e.g. "checkmate" where
                 `termination` is NO_MOVES; '' when the termination says it all.
    """

    winners: tuple[int, ...]
    scores: tuple[Any, ...]
    termination: Termination
    reason: str
    detail: str = ""

    def reward(self, seat: int) -> float:
        """1 for a sole win, 1/k for a win shared by k seats, 0 for a loss."""
        return 1.0 / len(self.winners) if seat in self.winners else 0.0


def winners_by_score(scores: Sequence[float]) -> tuple[int, ...]:
    """The seats holding the highest score (ties share it).

    >>> winners_by_score((4, 9, 9))
    (1, 2)
    """
    best = max(scores)
    return tuple(seat for seat, s in enumerate(scores) if s == best)


def result_sentence(names: Sequence[str], result: Result) -> str:
    """ "Blue wins 8–6. Red cannot place a tile." from the seat names and a result.  Two
    seats: the winner's score first; more seats: every seat's score by name.

    >>> cannot = Termination.NO_MOVES
    >>> result_sentence(("Red", "Blue"), Result((1,), (6, 8), cannot, "Red cannot place a tile"))
    'Blue wins 8–6. Red cannot place a tile.'
    """
    scores = [str(s) for s in result.scores]
    winners = [names[w] for w in result.winners]
    if len(winners) == len(names):
        head = "A draw"
    elif len(winners) == 1:
        head = f"{winners[0]} wins"
    else:
        head = " and ".join(winners) + " share the win"
    if len(names) == 2:
        first = result.winners[0] if len(result.winners) == 1 else 0
        score = f"{scores[first]}–{scores[1 - first]}"
    else:
        score = "(" + ", ".join(f"{n} {s}" for n, s in zip(names, scores, strict=False)) + ")"
    reason = result.reason.rstrip(".")
    return f"{head} {score}. {reason[:1].upper()}{reason[1:]}."
