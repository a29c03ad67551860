"""The New game dialog (browser only): web/logic/new_game.py writes its fields, this reads
them back and says what is wrong with a value the engine refuses."""

from __future__ import annotations

from typing import Any

from pyscript import document

from engine import EngineError, games
from engine.contract.core import Game
from engine.formats.by_link import new_id
from web.browser import hint_button
from web.browser.dom import by_id, found
from web.logic import link_seats
from web.logic.analysis import hints_field
from web.logic.link_words import help_field
from web.logic.new_game import error_id, form, form_choice
from web.logic.seats import SeatKind, seat_kinds, seats_problem
from web.logic.session import Session
from web.logic.table import Table


class NewGameForm:
    """The New game dialog: web/logic/new_game.py writes its fields, this reads them back."""

    def __init__(self, table: Table):
        self.table = table

    def open(self, game_id: str | None = None, chosen: dict | None = None) -> None:
        title, html = form(*self.table.new_game_choices(game_id, chosen))
        by_id("newgame-title").textContent = title
        by_id("option-fields").innerHTML = html + hints_field(hint_button.allowed()) + help_field()
        for opt in games.get(game_id or self.table.game.id).options_spec:
            for element in option_inputs(opt.name):
                element.setAttribute("aria-describedby", error_id(opt.name))
        by_id("newgame-form").noValidate = True
        by_id("newgame-error").textContent = ""
        dialog = by_id("newgame")
        if not dialog.open:
            dialog.showModal()

    @staticmethod
    def read() -> tuple[Game, dict]:
        form = by_id("newgame-form")
        game = games.get(form.elements.namedItem("game").value)
        return form_choice(
            game.id,
            {
                opt.name: [el.value for el in form.querySelectorAll(f'[name="opt-{opt.name}"]')]
                for opt in game.options_spec
            },
        )

    def on_change(self, event: Any) -> None:
        if (event.target.name or "") == "opt-players":  # other defaults follow the players
            game, chosen = self.read()
            self.open(game.id, {"players": chosen["players"]})

    def submit(self, event: Any) -> tuple[Session, list[SeatKind]] | None:
        """The game the form asks for and its seats, or None (the form says what is wrong)."""
        event.preventDefault()
        show_form_error(None)
        try:
            game, chosen = self.read()
            session = Session(game.id, chosen)
        except EngineError as err:
            show_form_error(err)
            return None
        seats = seat_kinds(
            el.value for el in document.querySelectorAll("#newgame-form select[name^='seat-']")
        )
        problem = seats_problem(seats)
        if problem is not None:
            show_form_error(EngineError(problem))
            return None
        elements = by_id("newgame-form").elements
        helped = bool(elements.namedItem("link-help").checked)
        link_seats.start(session, seats, helped, new_id(), new_id())
        by_id("newgame").close()
        hint_button.allow(bool(elements.namedItem("hints").checked))
        return session, seats


def option_inputs(option: str) -> Any:
    return document.querySelectorAll(f'#newgame-form [name="opt-{option}"]')


def show_form_error(err: Exception | None) -> None:
    """The New game form's message for a refused value: beside the option's field when one
    is at fault (BadOption.option), else under the form; None clears every message.  The
    dialog stays open with every value as typed."""
    for old in document.querySelectorAll("#newgame-form .field-error"):
        old.textContent = ""
    for element in document.querySelectorAll("#newgame-form [aria-invalid]"):
        element.removeAttribute("aria-invalid")
    by_id("newgame-error").textContent = ""
    if err is None:
        return
    option: Any = getattr(err, "option", None)
    box: Any = by_id(error_id(option)) if option else None
    if not found(box):
        by_id("newgame-error").textContent = str(err)
        return
    box.textContent = str(err)
    inputs = option_inputs(option)
    for element in inputs:
        element.setAttribute("aria-invalid", "true")
    inputs.item(inputs.length - 1).focus()
