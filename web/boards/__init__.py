"""Board renderers by game id; each module defines BOARD, a `Board` subclass (base.py)."""

from __future__ import annotations

import importlib
from dataclasses import dataclass, replace
from typing import Any

from engine import EngineError, games
from engine.core import Game, View, refusal

from .base import Board, Ui

_renderers: dict[str, Any] = {}
_pure: dict[str, Board] = {}


def get(game_id: str) -> Any:
    """The renderer for a game (one instance per game, made on first use)."""
    if game_id not in _renderers:
        module = importlib.import_module(f"{__name__}.{game_id}")
        _renderers[game_id] = module.BOARD(games.get(game_id))
    return _renderers[game_id]


def pure(game_id: str) -> Board:
    """TRANSITION: the renderer as a Board (an old stateful one behind the Board API)."""
    board = get(game_id)
    if isinstance(board, Board):
        return board
    wrapped = _pure.get(game_id)
    if not isinstance(wrapped, _Legacy) or wrapped.old is not board:
        wrapped = _pure[game_id] = _Legacy(board)
    return wrapped


def view_of(game: Game, state) -> View:
    """TRANSITION: the view a game's renderer takes (an old renderer takes the state)."""
    board = pure(game.id)
    if isinstance(board, _Legacy):
        return _StateView(**game.view_core(state), width=0, height=0, cells=(), last=(),
                          state=state)
    return game.view(state)


@dataclass(frozen=True, kw_only=True)
class _StateView(View):
    """TRANSITION: the common view and the state, for an old renderer."""

    state: Any


class _Legacy(Board):
    """TRANSITION: an old stateful renderer (svg, click, hover, reset, flipped, ...) behind
    the pure Board API, until each game's renderer is a Board.  Its selection lives in the
    old renderer; the ui's `pick` is a token that changes with it, and a cleared ui (pick
    None) resets it."""

    def __init__(self, old: Any):
        super().__init__(old.game)
        self.old = old
        self.can_flip, self.word_moves = old.can_flip, old.word_moves
        self.dirty = False

    def _sync(self, ui: Ui) -> None:
        self.old.flipped = ui.flipped
        if ui.pick is None and self.dirty:
            self.old.reset()
            self.dirty = False

    def _changed(self, ui: Ui) -> Ui:
        self.dirty = True
        return replace(ui, pick=object(), flipped=self.old.flipped)

    def draw(self, view, ui):
        self._sync(ui)
        return self.old.svg(view.state, ui.live)

    def panel(self, view, ui):
        self._sync(ui)
        return self.old.panel(view.state, ui.live)

    def actions(self, view):
        return self.old.actions(view.state)

    def swatch(self, view, seat):
        return self.old.swatch(view.state, seat)

    def prompt(self, view, ui):
        self._sync(ui)
        if ui.refused is not None:
            return super().prompt(view, ui)
        return self.old.prompt(view.state)

    def hit(self, view, ui, target, gesture="click", source=None):
        self._sync(ui)
        state = view.state
        if gesture == "hover":
            return (self._changed(ui) if self.old.hover(state, target) else ui), None
        text = (self.old.drag(state, source, target) if gesture == "drop"
                else self.old.click(state, target))
        ui = self._changed(ui)
        if not text:
            return ui, None
        try:
            return ui, self.game.parse(state, text)
        except EngineError as err:
            return replace(ui, refused=getattr(err, "verdict", refusal("illegal", str(err)))), None

    def key(self, view, ui, key):
        self._sync(ui)
        return self._changed(ui) if self.old.key(view.state, key) else None

    def option_html(self, option, value, text):
        return self.old.option_html(option, value, text)

    def option_value(self, option, values):
        return self.old.option_value(option, values)
