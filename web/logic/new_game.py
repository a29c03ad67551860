"""The New game form's content, without the browser: its title and fields for a game (the
options, each with the box that says what is wrong with it, and who sits in each seat), and
the game and options the fields ask for, read back from their values.

Pure Python (no browser imports), tested in CPython (tests/test_controller.py); what a new game
starts from is the table's (`Table.new_game_choices`), and web/browser/new_game_form.py is the
dialog's DOM adapter.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from engine import games
from engine.contract.core import Game
from web import boards
from web.boards.base import Board
from web.logic.seats import HUMAN, SEAT_KINDS, Seats


def form(game: Game, options: dict, seats: Seats) -> tuple[str, str]:
    """(title, html of the fields) of the New game form for `game` with `options` and the
    seats `seats` (a person where it has none)."""
    return f"New game of {game.name}", form_fields(game, boards.get(game.id), options, seats)


def error_id(option: str) -> str:
    """The id of the box under an option's field that says what is wrong with it."""
    return f"opt-{option}-error"


def form_fields(game: Game, board: Board, options: dict, seats: Seats) -> str:
    """The New game form's fields: a hidden game id, each option, and the seats (as in
    `seats`, a person where it has none)."""
    fields = [f'<input type="hidden" name="game" value="{game.id}">']
    for opt in game.options_spec:
        value = options[opt.name]
        if opt.kind == "int":  # text, so the engine's message (not the browser's) says why
            widget = (
                f'<input type="text" inputmode="numeric" name="opt-{opt.name}" '
                f'value="{value}" autocomplete="off">'
            )
        elif opt.kind == "choice":
            widget = (
                f'<select name="opt-{opt.name}">'
                + "".join(
                    f"<option{' selected' if c == value else ''}>{escape(str(c))}</option>"
                    for c in opt.choices
                )
                + "</select>"
            )
        else:
            widget = board.option_html(opt, value, game.format_option(opt.name, value))
        fields.append(
            f'<label class="field"><span>{escape(opt.label)}</span>{widget}'
            f"<small>{escape(opt.help)}</small></label>"
            f'<p class="field-error" id="{error_id(opt.name)}" role="alert"></p>'
        )
    fields.append(seat_fields(game.seat_names(game.new(**options)), seats))
    return "".join(fields)


def seat_fields(names: Sequence[str], seats: Seats) -> str:
    rows = []
    for seat, name in enumerate(names):
        current = seats[seat] if seat < len(seats) else HUMAN
        choices = "".join(
            f'<option value="{k}"{" selected" if k == current else ""}>{escape(label)}</option>'
            for k, label in SEAT_KINDS
        )
        rows.append(
            f'<label class="field seat"><span>{escape(name)}</span>'
            f'<select name="seat-{seat}">{choices}</select></label>'
        )
    return (
        '<fieldset class="seats"><legend>Players</legend>'
        + "".join(rows)
        + "<small>Choose a person or the computer for each seat; two computers play "
        "each other for you to watch. With a friend by link, choose Friend for their seat "
        "and Human for yours, or Friend for every seat to let the first move decide: "
        "make it to play the side that moved, or Send to let your friend begin.</small>"
        "</fieldset>"
    )


def form_choice(game_id: str, values: dict[str, list[str]]) -> tuple[Game, dict]:
    """The game and options the New game form asks for, from each option's input values
    (in document order); the engine reads the text of an int or choice option itself."""
    game = games.get(game_id)
    board = boards.get(game.id)
    chosen = {}
    for opt in game.options_spec:
        found = values.get(opt.name) or [""]
        chosen[opt.name] = found[0] if opt.kind != "custom" else board.option_value(opt, found)
    return game, chosen
