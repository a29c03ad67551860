"""The game's win-chance graph (issue 18, item 3): each seat's chance after every ply of the
line on display, as an SVG with its axes' labels (0-100% at the side, move numbers along the
foot), and the biggest swings, listed as lichess lists mistakes
("move 23 (White): win chance 61% → 34%").

`chances[k]` is each seat's chance in the position after k moves (None while not yet
judged).  Pure Python, tested in CPython (tests/test_graph_view.py); web/browser/graph_panel.py
computes the points in the worker and puts the graph on the page.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import NamedTuple

from engine import games
from engine.contract.plugins import registered

WIDTH, HEIGHT, PAD = 600.0, 160.0, 6.0
SWING = 0.15  # a drop in the mover's chance at least this big is a swing (at the least)
MOST_SWINGS = 5
# The noise of the graph's chances is each game's knowledge's `graph_noise`: the standard
# deviation, in a game's positions judged again and again with other seeds at the graph's
# budget, of each judgement (lab/judgement.py noise; docs/judgement.md).  Two judgements
# differ by more than 3 * sqrt(2) of it by chance in about 3 in 1,000 pairs: a drop that big
# is a mistake, not the search's noise.
NOISE_MARGIN = 3 * 2**0.5


class Swing(NamedTuple):
    """A move after which its mover's chance fell: the ply it made, who, before and after."""

    ply: int
    seat: int
    before: float
    after: float


def swing_threshold(game_id: str) -> float:
    """The least drop of a mover's chance listed as a swing in `game_id`: well beyond the
    graph's noise there, and never below SWING."""
    if not registered(game_id):
        return SWING
    from engine.ai.knowledge import for_game  # the search's modules: not for opening the page

    return max(SWING, NOISE_MARGIN * for_game(games.get(game_id)).graph_noise)


def swings(
    chances: Sequence[Sequence[float] | None], movers: Sequence[int], threshold: float = SWING
) -> list[Swing]:
    """The moves that cost their mover most (at least `threshold`), the biggest first, at most
    MOST_SWINGS.  `movers[k]` is the seat that made move k+1."""
    found = []
    for ply in range(1, len(chances)):
        before, after = chances[ply - 1], chances[ply]
        if before is None or after is None or ply - 1 >= len(movers):
            continue
        seat = movers[ply - 1]
        if before[seat] - after[seat] >= threshold:
            found.append(Swing(ply, seat, before[seat], after[seat]))
    found.sort(key=lambda s: s.after - s.before)
    return found[:MOST_SWINGS]


def carried(
    chances: Sequence[Sequence[float] | None], before: Sequence[str], after: Sequence[str]
) -> list:
    """The points of a new line (moves `after`) from those judged for the line `before`
    in the same game: those of the positions the two lines share (the start and the moves
    they begin with), None for the rest."""
    shared = 0
    while shared < min(len(before), len(after)) and before[shared] == after[shared]:
        shared += 1
    kept = list(chances[: shared + 1])
    return kept + [None] * (len(after) + 1 - len(kept))


def numbered(ply: int, full: bool) -> int:
    """The number the move list gives the move at `ply`: by `full` moves (Gwyddbwyll's),
    White's and Black's one number."""
    return (ply + 1) // 2 if full else ply


def swing_text(swing: Swing, names: Sequence[str], full: bool = False) -> str:
    return (
        f"move {numbered(swing.ply, full)} ({names[swing.seat]}): win chance "
        f"{round(swing.before * 100)}% "
        f"→ {round(swing.after * 100)}%"
    )


def _x(ply: int, plies: int) -> float:
    return PAD + (WIDTH - 2 * PAD) * (ply / plies if plies else 0.0)


def _y(chance: float) -> float:
    return PAD + (HEIGHT - 2 * PAD) * (1.0 - chance)


def graph_svg(
    chances: Sequence[Sequence[float] | None],
    names: Sequence[str],
    current: int,
    marked: Sequence[Swing] = (),
    full: bool = False,
) -> str:
    """The graph: a line per seat (class g<seat>) through the judged plies, the 50% line,
    the ply shown, the swings marked, and a column per ply to click (data-ply) to go there;
    moves numbered as the move list numbers them (by `full` moves, Gwyddbwyll's)."""
    plies = len(chances) - 1
    judged = sum(c is not None for c in chances)
    label = f"Win chance over the game: {judged} of {len(chances)} positions judged" + "".join(
        f"; {names[s.seat]} lost most at move {numbered(s.ply, full)}" for s in marked[:1]
    )
    parts = [
        f'<svg class="graph" viewBox="0 0 {WIDTH:g} {HEIGHT:g}" role="img" '
        f'aria-label="{escape(label)}" preserveAspectRatio="none">',
        f'<line class="even" x1="{PAD:g}" x2="{WIDTH - PAD:g}" y1="{_y(0.5):g}" '
        f'y2="{_y(0.5):g}"/>',
    ]
    for seat in range(len(names)):
        points = " ".join(
            f"{_x(k, plies):.1f},{_y(c[seat]):.1f}" for k, c in enumerate(chances) if c is not None
        )
        if points:
            parts.append(f'<polyline class="seat g{seat}" points="{points}"/>')
    parts.extend(
        f'<circle class="swing" cx="{_x(swing.ply, plies):.1f}" cy="{_y(swing.after):.1f}" r="4"/>'
        for swing in marked
    )
    parts.append(
        f'<line class="now" x1="{_x(current, plies):.1f}" x2="{_x(current, plies):.1f}" '
        f'y1="0" y2="{HEIGHT:g}"/>'
    )
    step = (WIDTH - 2 * PAD) / plies if plies else WIDTH
    parts.extend(
        f'<rect class="hit" data-ply="{ply}" x="{_x(ply, plies) - step / 2:.1f}" '
        f'y="0" width="{step:.1f}" height="{HEIGHT:g}">'
        f"<title>move {numbered(ply, full)}</title></rect>"
        for ply in range(len(chances))
    )
    parts.append("</svg>")
    return "".join(parts)


def ticks(plies: int, most: int = 6) -> list[int]:
    """The plies labelled along the graph's foot: every 1, 2 or 5 times a power of ten,
    the least such step that labels at most `most` of them (0 unlabelled: the start)."""
    power = 1
    while True:
        for step in (power, 2 * power, 5 * power):
            if plies // step <= most:
                return list(range(step, plies + 1, step))
        power *= 10


def plot_html(
    chances: Sequence[Sequence[float] | None],
    names: Sequence[str],
    current: int,
    marked: Sequence[Swing] = (),
    full: bool = False,
) -> str:
    """The graph with its axes' labels: 100%, 50% and 0% at the side, move numbers (ticks,
    by `full` moves as Gwyddbwyll's list numbers them, at the first ply of each) along the
    foot, each placed in percent of the graph's box, which stretches."""
    plies = len(chances) - 1
    side = "".join(
        f'<span style="top: {100 * _y(chance) / HEIGHT:.1f}%">{round(chance * 100)}%</span>'
        for chance in (1.0, 0.5, 0.0)
    )
    first_ply = (lambda move: 2 * move - 1) if full else (lambda move: move)
    foot = "".join(
        f'<span style="left: {100 * _x(first_ply(move), plies) / WIDTH:.1f}%">{move}</span>'
        for move in ticks(numbered(plies, full))
    )
    return (
        '<div class="graph-plot">'
        f'<div class="graph-y" aria-hidden="true">{side}</div>'
        + graph_svg(chances, names, current, marked, full)
        + '<div class="graph-move" aria-hidden="true">move</div>'
        f'<div class="graph-x" aria-hidden="true">{foot}</div>'
        "</div>"
    )


def legend_html(names: Sequence[str], swatches: Sequence[str] | None = None) -> str:
    """Which line is whose: per seat a piece of its line (class key g<seat>), then the
    colour that seat plays, its board's swatch class (`swatches`, as the score list shows
    them), and its name.  The page draws each seat's line and key in that colour, or, where
    it is too faint on the graph, one that stands out (web/browser/graph_panel.py)."""
    swatched = (
        [f'<span class="swatch {escape(swatch)}"></span>' for swatch in swatches]
        if swatches is not None
        else [""] * len(names)
    )
    return (
        '<ul class="graph-key">'
        + "".join(
            f'<li data-seat="{seat}"><span class="key g{seat}"></span>{swatch}{escape(name)}</li>'
            for seat, (name, swatch) in enumerate(zip(names, swatched, strict=True))
        )
        + "</ul>"
    )


def swings_html(
    marked: Sequence[Swing], names: Sequence[str], full: bool = False, puzzles: bool = False
) -> str:
    """The swings as buttons that go to the position after each (numbered by `full` moves
    in Gwyddbwyll, as its list is); with `puzzles` (the game is over), each with a button
    that replays its position as a puzzle (web/browser/mistake_puzzle.py)."""
    if not marked:
        return ""
    items = "".join(
        f'<li><button type="button" data-ply="{s.ply}">'
        f"{escape(swing_text(s, names, full))}</button>"
        + (
            f' <button type="button" class="link-button" data-mistake="{s.ply}" '
            f'data-after="{s.after:.3f}">Try to find the better move</button>'
            if puzzles
            else ""
        )
        + "</li>"
        for s in marked
    )
    return f'<h4>Biggest swings</h4><ol class="swings">{items}</ol>'
