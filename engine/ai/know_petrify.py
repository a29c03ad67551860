"""What the players know about Petrify: playouts stop part-way, the score judges the rest."""

from __future__ import annotations

from .knowledge import Knowledge, register


@register("petrify")
class PetrifyKnowledge(Knowledge):
    playout_depth = 40
