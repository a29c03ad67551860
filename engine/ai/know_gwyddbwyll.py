"""What the players know about Gwyddbwyll: random games run to hundreds of plies,
so playouts stop after a few dozen and the material evaluation judges the rest."""

from __future__ import annotations

from .knowledge import Knowledge, register


@register("gwyddbwyll")
class GwyddbwyllKnowledge(Knowledge):
    playout_depth = 24
