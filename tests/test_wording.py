"""Touch screens' words (issue 24, touch 2): on a touch screen every prompt and panel says
tap, never click or point, and Stigmergy's first tap, which only shows a ghost stone, says
to tap again (web/logic/wording.py, the boards' `ui.touch`, web/logic/screen.py)."""

from __future__ import annotations

import re

import pytest

from engine import games
from web.logic.screen import panel_html, status
from web.logic.session import Session
from web.logic.table import Table
from web.logic.wording import for_touch

MOUSE_WORDS = re.compile(r"click|point at|pointing|drag", re.IGNORECASE)


START = {"stigmergy": {"komi": 0}}  # play from the first move (a bid's prompt has no click)


def touch_table(game_id: str) -> Table:
    table = Table(Session(game_id, START.get(game_id)))
    assert table.use_touch(True)
    return table


def test_for_touch_says_tap_and_drops_dragging():
    assert for_touch("White to move: click a piece, then where it goes (or drag it).") == (
        "White to move: tap a piece, then where it goes."
    )
    assert for_touch("Click another of your disks; clicking a patch shows it.") == (
        "Tap another of your disks; tapping a patch shows it."
    )
    assert for_touch("Nothing to change.") == "Nothing to change."


@pytest.mark.parametrize("game_id", games.ids())
def test_every_games_first_prompt_and_panel_say_tap_on_touch(game_id):
    table = touch_table(game_id)
    said = status(table) + panel_html(table)
    assert not MOUSE_WORDS.search(said), said
    # ... and a mouse's player still reads click (the board's own words)
    table.use_touch(False)
    assert "click" in (status(table) + panel_html(table)).lower()


def test_touch_prompts_after_a_first_tap_say_tap():
    # Gwyddbwyll: a piece chosen by a tap (e2's pawn), its moves marked.
    table = touch_table("gwyddbwyll")
    table.hit({"cell": "e2"})
    assert "e2" in status(table) and not MOUSE_WORDS.search(status(table)), status(table)
    # Wythe: the black half chosen on d4.
    table = touch_table("wythe")
    table.hit({"cell": "d4", "col": "3", "row": "3"})
    assert "black half on d4" in status(table), status(table)
    assert not MOUSE_WORDS.search(status(table)), status(table)


def test_stigmergy_first_tap_says_tap_again_to_place():
    # A fixed komi of 0: play begins at once, Black to move.
    table = Table(Session("stigmergy", {"size": 4, "komi": 0}))
    table.use_touch(True)
    assert table.hit({"cell": "c3"}) is None  # a first tap: a ghost stone only
    assert status(table).endswith("Tap again to place on c3."), status(table)
    assert table.hit({"cell": "c3"}) is not None  # the second tap plays
    # A mouse's hover-then-click is worded for the mouse.
    table = Table(Session("stigmergy", {"size": 4, "komi": 0}))
    table.hover({"cell": "c3"})
    assert status(table).endswith("Click to place on c3."), status(table)


def test_touch_is_kept_across_moves_and_another_game():
    table = touch_table("rugpile")
    table.open(Session("petrify"))
    assert table.ui.touch
    assert "tap" in status(table).lower() and not MOUSE_WORDS.search(status(table))
