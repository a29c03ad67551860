"""How a game ended (`Result`: who won, the scores and why) and how that is said.

`Result.reason` tells a player what ended the game, in one clause.  `result_sentence` words
a result for the page and the text records ("Blue wins 8–6. Red cannot place a tile."),
unless a game words its own (`Game.result_text`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Result:
    """How a game ended.

    winners: the seats that won; more than one means they share the win (a draw
             between them); every seat means a draw for all.
    scores:  the final score of each seat, in seat order.
    reason:  why the game ended, one clause a player can read, e.g. "Blue cannot place a
             tile", and how a tie-break decided it; not who won (the page says that).
    """

    winners: tuple[int, ...]
    scores: tuple[Any, ...]
    reason: str

    def reward(self, seat: int) -> float:
        """1 for a sole win, 1/k for a win shared by k seats, 0 for a loss."""
        return 1.0 / len(self.winners) if seat in self.winners else 0.0


def winners_by_score(scores: Sequence[float]) -> tuple[int, ...]:
    """The seats holding the highest score (ties share it)."""
    best = max(scores)
    return tuple(seat for seat, s in enumerate(scores) if s == best)


def result_sentence(names: Sequence[str], result: Result) -> str:
    """ "Blue wins 8–6. Red cannot place a tile." from the seat names and a result.  Two
    seats: the winner's score first; more seats: every seat's score by name."""
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
