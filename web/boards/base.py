"""The contract between the page (web/page.py) and one game's board renderer.

A board renderer is pure Python that turns the engine's view of a position
into SVG and HTML *text*, and turns the player's pointer events into moves.
It imports no browser module, so it is unit-tested in CPython; web/page.py
owns the DOM, sets the markup and forwards events.

Events: the page finds the nearest element carrying `data-cell` or
`data-action` under the pointer and passes all its data-* attributes (names
without the `data-` prefix, values as strings) to the renderer.  A handler
returns a move in notation (the page then plays it through the engine), or
None after updating its own selection (the page then redraws).

Rules stay in the engine: a renderer asks `game.legal_moves(state)` and
`game.view(state)` and never decides legality itself.
"""

from __future__ import annotations

from html import escape


def attr(value) -> str:
    """A value made safe for a double-quoted XML/HTML attribute."""
    return escape(str(value), quote=True)


def svg_open(width: float, height: float, label: str) -> str:
    """The start of a scalable <svg> with the given viewBox and accessible name."""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:g} {height:g}" '
            f'role="img" aria-label="{attr(label)}" preserveAspectRatio="xMidYMid meet">')


class BoardRenderer:
    """Base class: override what the game needs.  One instance per game on the page."""

    can_flip = False              # the renderer can draw the board turned round

    def __init__(self, game):
        self.game = game
        self.flipped = False          # drawn turned round (for the second player)
        self.reset()

    def reset(self) -> None:
        """Forget any half-made move (called after every move, undo, or new game)."""

    # ---- drawing

    def svg(self, state, interactive: bool) -> str:
        """The whole board as one <svg> element.  `interactive` is False when the
        position is not the live one or it is not a human's turn: draw no hints."""
        raise NotImplementedError

    def panel(self, state, interactive: bool) -> str:
        """HTML beside the board for this game (tile supply, score breakdown); may be ''."""
        return ""

    def actions(self, state) -> list[tuple[str, str, str]]:
        """Buttons under the board: (move notation, label, tooltip) for the legal moves that
        are words rather than squares (pass, swap, button, a side choice...)."""
        words = sorted({self.game.notation(state, m) for m in self.game.legal_moves(state)}
                       & set(self.word_moves))
        return [(w, self.word_moves[w][0], self.word_moves[w][1]) for w in words]

    # notation -> (button label, tooltip); a game's renderer extends this
    word_moves = {
        "pass": ("Pass", "Pass your turn: allowed only when the rules say so."),
        "swap": ("Swap", "Take over your opponent's colour and its first move (the pie rule)."),
    }

    def swatch(self, state, seat: int) -> str:
        """CSS class of the small colour swatch shown beside a seat's name and score: the
        colour that seat plays now (after a swap it is not the seat's first colour)."""
        return f"p{seat}"

    def prompt(self, state) -> str:
        """One line telling the player to move what they can do now (plain text)."""
        name = self.game.seat_names(state)[self.game.to_move(state)]
        return f"{name} to move."

    # ---- events (target: the data-* attributes of the element hit, or None)

    def click(self, state, target: dict | None) -> str | None:
        return None

    def hover(self, state, target: dict | None) -> bool:
        """Pointer moved onto `target` (None: off the board).  True if a redraw is needed."""
        return False

    def drag(self, state, source: dict, target: dict | None) -> str | None:
        """A press on `source` released over `target`; a move or None."""
        return None

    def key(self, state, key: str) -> bool:
        """A key pressed while the board is live (e.g. "r" to rotate).  True to redraw."""
        return False

    # ---- the new-game form, for options of kind "custom"

    def option_html(self, option, value, text: str) -> str:
        """Inputs for one custom option: every input is named "opt-<name>".  `text` is the
        value as game.format_option gives it."""
        return (f'<input type="text" name="opt-{attr(option.name)}" value="{attr(text)}" '
                f'aria-label="{attr(option.label)}">')

    def option_value(self, option, values: list[str]):
        """The option's value from its inputs' values, in document order."""
        return self.game.parse_option(option.name, values[0])
