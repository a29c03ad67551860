"""Win chances that mean what they say: the search's value of a position mapped to the chance
that each seat wins it, per game.

A search's value is not yet a probability.  Its playouts are games of random (or greedy)
moves, not of the players who will play on, and a short search's value leans with the side to
move (docs/judgement.md measures how much).  So each game's knowledge
(engine/games/<game>/knowledge.py) has a `Curve`, fitted to positions from games of the hard level
against itself (lab/judgement.py, which also writes the reliability tables): the mover's
chance is the logistic of `slope` times the logit of the mover's value plus `shift`.  Seen
from the mover, the curve is the same whoever moves, so what is left of the side to move's
lean is taken out where it is measured; a positive slope keeps the order of values, and the
logistic keeps a chance within [0, 1].

A knowledge's `search_curve` maps the value of a search at the graph's budget
(engine.ai.analysis.estimate); its `glance_curve` the game's evaluation alone
(`analysis.glance`).  Its `margin_line` may map Stigmergy's expected margin (points for the
first seat) to the final margin: `scale` times the estimate plus `tempo` for the side to move;
the line fitted on the calibration set judged the games it was not fitted to worse than the
estimate itself (docs/judgement.md), so none is in use.  Stigmergy has no curves either: its
values are judged by evaluation, not playouts, and the curves fitted to half of its games
judged the other half worse than its values as they are.  Games of more than two seats (Rug
Pile with three or four players) keep the search's own values.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

EDGE = 0.005  # values are kept this far inside (0, 1) before the logit


@dataclass(frozen=True)
class Curve:
    """The mover's win chance from the mover's value: logistic(slope * logit(v) + shift)."""

    slope: float = 1.0
    shift: float = 0.0

    def __call__(self, value: float) -> float:
        v = min(max(value, EDGE), 1.0 - EDGE)
        z = self.slope * math.log(v / (1.0 - v)) + self.shift
        return 1.0 / (1.0 + math.exp(-z)) if z > -30.0 else math.exp(z)


@dataclass(frozen=True)
class MarginLine:
    """The first seat's expected final margin from the estimate: scale * estimate, plus
    tempo points to the side to move."""

    scale: float = 1.0
    tempo: float = 0.0

    def __call__(self, margin: float, mover: int) -> float:
        return self.scale * margin + (self.tempo if mover == 0 else -self.tempo)


IDENTITY = Curve()


def calibrated(values: tuple[float, ...], mover: int, curve: Curve) -> tuple[float, ...]:
    """Each seat's chance from the search's values, by `curve` seen from the mover; values
    of more than two seats, or of no seat to move, as they are."""
    if len(values) != 2 or mover not in (0, 1):
        return values
    chance = curve(values[mover])
    return (chance, 1.0 - chance) if mover == 0 else (1.0 - chance, chance)
