"""The games this site plays, each declared once, as a plug-in.

A game is its id (in links, file names and storage), its name (as players read it) and its
parts, each named "module:Class" and imported only when first needed, so the page loads only
the game it shows and the engine never imports the page:

    rules      the `Game` subclass: seats, options, moves, notation, the end (engine/games/<id>/)
    knowledge  the computer's knowledge of it, a `Knowledge` subclass (in its package); '' for
               the generic knowledge
    board      its renderer, a `Board` subclass (web/boards/): how it is drawn, played with
               the pointer and keys, and how its moves animate
    lesson     its own words for its course, a `Vocabulary` (engine/learning/lesson_goals.py): the
               goals its steps may set and the facts their texts may name; '' for none

and, beside them by their id, its stylesheet (web/boards/<id>.css), its rules page as players
read it (web/rules/<id>.html), its course (web/lessons/<id>.json), its puzzles
(engine/games/<id>/puzzles.json: engine/learning/puzzles.py) and its tests' fixtures
(engine/games/<id>/fixtures.py: engine/contract/fixtures.py says what they hold).  `PLUGINS`
lists the games in the order the game picker shows them: nothing else in the code or the
build lists them (tests/test_conformance.py holds every registered game to the contracts, and
checks its files are there; docs/adding-a-game.md walks through adding one).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from .errors import UnknownGame
from .user_text import shown_value


@dataclass(frozen=True)
class Plugin:
    """One game and where its parts live (see the module's docstring)."""

    id: str
    name: str
    rules: str
    board: str
    knowledge: str = ""
    lesson: str = ""

    @property
    def stylesheet(self) -> str:
        return f"web/boards/{self.id}.css"

    @property
    def rules_page(self) -> str:
        return f"web/rules/{self.id}.html"

    @property
    def lessons(self) -> str:
        return f"web/lessons/{self.id}.json"

    @property
    def puzzles(self) -> str:
        return f"engine/games/{self.id}/puzzles.json"

    @property
    def fixtures(self) -> str:
        """The module of its tests' fixtures (engine/contract/fixtures.py); no page imports
        it."""
        return f"engine.games.{self.id}.fixtures"


PLUGINS = (
    Plugin(
        "wythe",
        "Wythe",
        rules="engine.games.wythe.rules:Wythe",
        board="web.boards.wythe:WytheBoard",
        lesson="engine.games.wythe.lesson:LESSON",
        knowledge="engine.games.wythe.knowledge:WytheKnowledge",
    ),
    Plugin(
        "petrify",
        "Petrify",
        rules="engine.games.petrify.rules:Petrify",
        board="web.boards.petrify:PetrifyBoard",
        lesson="engine.games.petrify.lesson:LESSON",
        knowledge="engine.games.petrify.knowledge:PetrifyKnowledge",
    ),
    Plugin(
        "stigmergy",
        "Stigmergy",
        rules="engine.games.stigmergy.rules:Stigmergy",
        board="web.boards.stigmergy:StigmergyBoard",
        lesson="engine.games.stigmergy.lesson:LESSON",
        knowledge="engine.games.stigmergy.knowledge:StigmergyKnowledge",
    ),
    Plugin(
        "rugpile",
        "Rug Pile",
        rules="engine.games.rugpile.rules:RugPile",
        board="web.boards.rugpile:RugPileBoard",
        lesson="engine.games.rugpile.lesson:LESSON",
        knowledge="engine.games.rugpile.knowledge:RugPileKnowledge",
    ),
    Plugin(
        "gwyddbwyll",
        "Gwyddbwyll",
        rules="engine.games.gwyddbwyll.rules:Gwyddbwyll",
        board="web.boards.gwyddbwyll:GwyddbwyllBoard",
        lesson="engine.games.gwyddbwyll.lesson:LESSON",
        knowledge="engine.games.gwyddbwyll.knowledge:GwyddbwyllKnowledge",
    ),
)

_BY_ID = {plugin.id: plugin for plugin in PLUGINS}


def ids() -> tuple[str, ...]:
    """The games' ids, in the game picker's order."""
    return tuple(_BY_ID)


def registered(game_id: object) -> bool:
    """True when `game_id` is the id of a game here (anything else, any type, is not)."""
    return isinstance(game_id, str) and game_id in _BY_ID


def plugin(game_id: str) -> Plugin:
    """The plug-in of a game; UnknownGame naming the games when there is none."""
    if not registered(game_id):
        raise UnknownGame(f"unknown game {shown_value(game_id)} (games: {', '.join(_BY_ID)})")
    return _BY_ID[game_id]


def load(part: str) -> Any:
    """The class a part names ("module:Class"), its module imported now if it was not."""
    module, _, name = part.partition(":")
    return getattr(importlib.import_module(module), name)
