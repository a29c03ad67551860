"""What the Analyse panel shows of the computer's judgement of a position (issue 18): each
side's win chance, Stigmergy's expected margin, the best moves with the mover's chance after
each (as buttons to play them, and as marks on the board), and the principal line, in the
move list's notation; and the same in words for screen readers.

The judgement is engine/ai/analysis.py's `Analysis`, as the worker sends it (JSON).  Pure
Python, tested in CPython (tests/test_analysis_view.py); web/browser/analysis_panel.py puts
it on the page.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING, Any

from engine.contract.core import EngineError, Game
from web.boards.base import Board
from web.logic.move_names import move_word

if TYPE_CHECKING:  # the page imports the computer's modules on first use, not at start
    from engine.ai.analysis import Analysis


@dataclass(frozen=True)
class Mark:
    """A best move drawn on the board: the cells it touches (the board's data-cell names),
    its rank (1 = best) and its label (the mover's win chance after it); `whole` when the
    cells are one piece (a tile, a domino: outlined as one, the label in its middle), and
    `dark` the cell of a two-coloured piece's black half ('' for none)."""

    cells: tuple[str, ...]
    rank: int
    label: str
    whole: bool = False
    dark: str = ""


def percent(chance: float) -> str:
    return f"{round(chance * 100)}%"


def alternatives(game: Game, state: Any, moves: Sequence[str]) -> list[str]:
    """Moves each from `state` (the best moves) as the move list shows them; [] when one
    is not legal there (a reply about another position)."""
    labels = [move_word(game, state, text) for text in moves]
    return [] if None in labels else [label for label in labels if label is not None]


def margin_text(margin: float | None, names: Sequence[str]) -> str:
    """Stigmergy's expected margin: "Black ahead by 3.5 points" ('' when the game has none)."""
    if margin is None:
        return ""
    if abs(margin) < 0.05:
        return "Expected margin: level"
    leader = names[0] if margin > 0 else names[1]
    return f"Expected margin: {leader} ahead by {abs(margin):.1f} points"


def words(analysis: Analysis, names: Sequence[str], best: Sequence[str]) -> str:
    """The judgement in one sentence for screen readers: "Win chance: White 62%, Black 38%.
    Best move: Nd2xc4 (White 64%)."."""
    chances = ", ".join(
        f"{name} {percent(c)}" for name, c in zip(names, analysis.chances, strict=True)
    )
    text = f"Win chance: {chances}."
    if best and analysis.to_move >= 0:
        mover = names[analysis.to_move]
        text += f" Best move: {best[0]} ({mover} {percent(analysis.best[0].chance)})."
    return text


def panel_html(
    analysis: Analysis,
    names: Sequence[str],
    swatches: Sequence[str],
    best: Sequence[str],
    line: Sequence[str],
    playable: bool = True,
) -> str:
    """The panel's body: a bar and a number per side, the margin, the best moves (buttons
    carrying the move to play, disabled unless `playable`), the line, and how long the
    computer has thought."""
    rows = "".join(
        f'<li><span class="swatch {swatch}"></span><span class="name">{escape(name)}</span>'
        f'<meter min="0" max="1" value="{chance:.3f}" aria-hidden="true"></meter>'
        f'<span class="chance">{percent(chance)}</span></li>'
        for name, swatch, chance in zip(names, swatches, analysis.chances, strict=True)
    )
    parts = [f'<ol class="chances" aria-label="Win chance">{rows}</ol>']
    margin = margin_text(analysis.margin, names)
    if margin:
        parts.append(f'<p class="margin">{escape(margin)}</p>')
    if analysis.to_move < 0:
        parts.append('<p class="over">The game is over here.</p>')
    elif best:
        mover, off = names[analysis.to_move], "" if playable else " disabled"
        items = "".join(
            f'<li><button type="button" data-move="{escape(c.move)}" title="Play {escape(label)}"'
            f"{off}>"
            f'<span class="move">{escape(label)}</span>'
            f'<span class="chance">{escape(mover)} {percent(c.chance)}</span></button></li>'
            for c, label in zip(analysis.best, best, strict=False)  # as many as are labelled
        )
        parts.append(f'<h4>Best moves</h4><ol class="best">{items}</ol>')
    if line:
        parts.append(f'<h4>Line</h4><p class="line">{escape(" ".join(line))}</p>')
    effort = effort_text(analysis.playouts, analysis.elapsed, analysis.done)
    parts.append(f'<p class="effort">{effort}</p>')
    return "".join(parts)


def effort_text(playouts: int, elapsed: float, done: bool) -> str:
    """What the judgement cost, under the panel.

    >>> effort_text(1, 0.02, True), effort_text(1234, 1.23, False)
    ('1 playout in under 0.1 s · settled', '1,234 playouts in 1.2 s · thinking…')
    >>> effort_text(0, 0.0, False)
    'At a glance; the computer is thinking…'
    """
    if playouts == 0 and not done:
        return "At a glance; the computer is thinking…"
    count = f"{playouts:,} playout{'' if playouts == 1 else 's'}"
    seconds = "under 0.1 s" if elapsed < 0.05 else f"{elapsed:.1f} s"
    return f"{count} in {seconds}{' · settled' if done else ' · thinking…'}"


def marks(game: Game, board: Board, state: Any, analysis: Analysis) -> list[Mark]:
    """The best moves as marks on the board: the cells each touches (as the board marks a
    last move) and the mover's chance after it.  Word moves (pass, swap) touch no cell."""
    out = []
    for rank, candidate in enumerate(analysis.best, 1):
        try:
            after = game.play(state, game.parse(state, candidate.move))
        except EngineError:  # a stale reply: mark nothing
            return []
        view = game.view(after)
        cells = tuple(board.cell_name(view, index) for index in view.last)
        if cells:
            dark = cells[0] if board.black_half_first and len(cells) == 2 else ""
            out.append(Mark(cells, rank, percent(candidate.chance), board.whole_moves, dark))
    return out


def hint_text(mover: str, move: str, chance: float) -> str:
    """What the page says of a hint: "Hint for White: Nd2c4 (win chance after it 64%)."."""
    return f"Hint for {mover}: {move} (win chance after it {percent(chance)})."


def hint_available(against_computer: bool, allowed: bool) -> bool:
    """The game offers hints: in hot-seat play always, against the computer only when the
    player allowed them (off by default)."""
    return allowed or not against_computer


def hints_field(allowed: bool) -> str:
    """The New game form's switch for hints against the computer."""
    return (
        '<label class="field check"><input type="checkbox" name="hints"'
        f"{' checked' if allowed else ''}><span>Allow hints against the computer</span>"
        "<small>A Hint button shows the computer's best move; the move list marks the moves "
        "played after one.</small></label>"
    )
