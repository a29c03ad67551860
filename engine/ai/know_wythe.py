"""What the players know about Wythe: a win estimate from the live score.

Playouts run to the end (Wythe's fast one, `Wythe.random_playout`); the evaluation
judges a position where the search stops short of that (its move ordering near the
root, the greedy player).
"""

from __future__ import annotations

from ..core import swapped_pair
from ..games.wythe import BLACK, WytheState, colour_scores, last_placer
from .knowledge import Knowledge, register


@register("wythe")
class WytheKnowledge(Knowledge):

    def evaluate(self, state: WytheState) -> tuple[float, ...]:
        """A cheap per-seat chance to win, from the live score (the tie-break at 0–0): the
        exact rewards once over; level scores lean 0.05 against the last placer (who loses a
        0–0 tie); else 0.5 plus 0.4 of the lead over the two scores' sum."""
        result = self.game.result(state)
        if result is not None:
            return tuple(result.reward(seat) for seat in (0, 1))
        black, white = colour_scores(state.size, state.tops)
        if black == white:
            placer = last_placer(state)
            black_chance = 0.5 if placer is None else (0.45 if placer == BLACK else 0.55)
        else:
            black_chance = 0.5 + 0.4 * (black - white) / (black + white)
        chances = (black_chance, 1.0 - black_chance)
        return tuple(chances[swapped_pair(seat, state.swapped)] for seat in (0, 1))
