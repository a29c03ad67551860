"""The contract every game implements: the `Game` base class, the public API on top of the
hooks a game module supplies, and the types the API speaks in.

A game is a stateless object (one per game id) whose methods take immutable,
hashable states and return new ones.  The public methods are the API of
docs/design.md; a game module supplies the underscored hooks:

    _new(options)            -> state            (options already normalised)
    _generate(state)         -> list of moves    (empty once the game is over); states
                                                 carry a `_moves` field where the list is
                                                 kept, so each state computes it once
    _apply(state, move)      -> state            (no legality check: the fast path)
    _format(state, move)     -> str              (canonical notation)
    _decode(state, text)     -> move             (syntax only; raises BadNotation)
    _why_illegal(state, move)-> Verdict          (why a move is not legal: a reason code
                                                 and the player's text; see `refusal`)
    _result(state)           -> Result | None
    _scores(state)           -> tuple per seat
    _to_move(state)          -> seat index

and `view(state)`, which returns the game's own frozen `View` subclass: the common
fields from `view_core(state)` plus typed extras for its renderer (no prose).

The helpers games share have their own modules (errors, user_text, moves, options, result,
view, squares, groups, replay); this module re-exports the names it held before they moved
(`__all__`), so `from engine.contract.core import Game, View, PASS, ...` keeps working.

Everything here is plain Python with no browser imports, so it runs the same
in CPython and in Pyodide.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import Any, Generic, Protocol, TypeVar

from .errors import (
    GAME_OVER,
    LEGAL,
    BadNotation,
    BadOption,
    EngineError,
    GameOver,
    IllegalMove,
    UnknownGame,
    Verdict,
    refusal,
)
from .groups import connected_groups, grid_neighbours
from .moves import MAX_MOVE_TEXT, PASS, SWAP, int_tuple, swapped_pair, with_pass_and_swap
from .options import Option, unknown_option
from .replay import ReplayError, replay, replay_notated
from .result import Result, Termination, result_sentence, winners_by_score
from .squares import FILES, parse_square, split_square_prefix, square_name
from .user_text import MAX_DIGITS, ascii_digits, ascii_int, shown, shown_value
from .view import View

__all__ = [
    "FILES",
    "GAME_OVER",
    "LEGAL",
    "MAX_DIGITS",
    "MAX_MOVE_TEXT",
    "PASS",
    "SWAP",
    "BadNotation",
    "BadOption",
    "EngineError",
    "Game",
    "GameOver",
    "IllegalMove",
    "M",
    "Move",
    "Option",
    "ReplayError",
    "Result",
    "S",
    "State",
    "Termination",
    "UnknownGame",
    "Verdict",
    "View",
    "ascii_digits",
    "ascii_int",
    "connected_groups",
    "grid_neighbours",
    "int_tuple",
    "parse_square",
    "refusal",
    "replay",
    "replay_notated",
    "result_sentence",
    "shown",
    "shown_value",
    "split_square_prefix",
    "square_name",
    "swapped_pair",
    "winners_by_score",
    "with_pass_and_swap",
]

Move = Hashable


class State(Hashable, Protocol):
    """A game's state: immutable and hashable (a frozen dataclass), with a `_moves` field
    where `Game._legal` keeps the legal moves (None until then)."""

    @property
    def _moves(self) -> Sequence[Move] | None: ...


S = TypeVar("S", bound=State)  # a game's state type
M = TypeVar("M")  # a game's move type


class Game(Generic[S, M]):
    """Base class of the five games: the public API on top of the hooks.  A game names its
    state and move types: `class RugPile(Game[RugState, Placement])`."""

    id: str = ""
    name: str = ""
    rules_version: int = 1
    min_seats: int = 2
    max_seats: int = 2
    draws: bool = False  # a draw is one of its results, so two players may agree one
    options_spec: tuple[Option, ...] = ()

    # ---- options

    def normalise_options(self, **options: Any) -> dict:
        """Validated options with every default filled in, in spec order."""
        known = {o.name: o for o in self.options_spec}
        for name in options:
            if name not in known:
                raise unknown_option(self.name, name, list(known))
        chosen: dict = {}
        for opt in self.options_spec:
            value = options.get(opt.name)
            if value is None:
                value = opt.default_for(chosen)
            chosen[opt.name] = self._check_option(opt, value, chosen)
        return chosen

    def _check_option(self, opt: Option, value: Any, chosen: dict) -> Any:
        """The checked value of one option: by its kind, or by the game for its own kind."""
        try:
            if opt.kind == "custom":
                return self.check_custom_option(opt.name, value, chosen)
            return opt.checked(value)
        except BadOption as err:
            if err.option is None:
                err.option = opt.name
            raise

    def check_custom_option(self, name: str, value: Any, chosen: dict) -> Any:
        """The checked value of an option of the game's own kind ("custom"); BadOption."""
        raise BadOption(f"option {name} cannot be checked", code="not-checked")

    def format_option(self, name: str, value: Any) -> str:
        """The option's value as URL-safe text (inverse of parse_option)."""
        return str(value)

    def parse_option(self, name: str, text: str) -> Any:
        """Text from a record back to a value; `normalise_options` validates it."""
        opt = next((o for o in self.options_spec if o.name == name), None)
        if opt is None:
            raise unknown_option(self.name, name)
        return opt.read(text)

    def options(self, state: S) -> dict:
        """The options the state's game was started with."""
        return dict(self._options(state))

    # ---- the public API

    def new(self, **options: Any) -> S:
        """The start position of a game with these options (the others take their defaults);
        BadOption names an option the game does not have or a value out of its range.

        >>> from engine import games
        >>> rug = games.get("rugpile")
        >>> start = rug.new(size=4)  # two players (the default), 4, 3 and 2 tiles each
        >>> rug.options(start)
        {'players': 2, 'size': 4, 'tiles': (4, 3, 2)}
        >>> rug.new(size=9)
        Traceback (most recent call last):
          ...
        engine.contract.errors.BadOption: option size must be from 4 to 8, not 9
        """
        return self._new(self.normalise_options(**options))

    def legal_moves(self, state: S) -> list:
        """Every move the player to move may make, as the game's move values (a fresh list,
        in the game's order; empty once the game is over).

        On an empty 4×4 board a w×h tile has (5 - w)(5 - h) places: 9 for a 2x2, 6 for a
        2x3 and 6 for a 3x2, 4 for a 3x3.

        >>> from engine import games
        >>> rug = games.get("rugpile")
        >>> moves = rug.legal_moves(rug.new(size=4))
        >>> len(moves)
        25
        >>> moves[0]
        Placement(width=2, height=2, col=0, row=0)
        """
        return self._legal(state)

    def is_legal(self, state: S, move: Any) -> bool:
        return move in self._legal(state)

    def check(self, state: S, move: Any) -> Verdict:
        """The verdict on playing `move` here: LEGAL, or why not (a reason code and text)."""
        if self._result(state) is not None:
            return GAME_OVER
        if move in self._legal(state):
            return LEGAL
        return self._why_illegal(state, move)

    def play(self, state: S, move: Any) -> S:
        """The state after `move`; raises IllegalMove (with the verdict) if it is not legal.

        >>> from engine import games
        >>> rug = games.get("rugpile")
        >>> start = rug.new(size=4)
        >>> move = rug.parse(start, "3x3a2")  # a 3x3 tile, its bottom-left square on a2
        >>> after = rug.play(start, move)  # Red now shows a2 to c4
        >>> rug.play(after, move)  # Blue may not bury Red's area
        Traceback (most recent call last):
          ...
        engine.contract.errors.IllegalMove: it would completely cover the Red area at a2
        """
        if self._result(state) is not None:
            raise GameOver()
        legal = self._legal(state)
        try:
            # The legal list's own move: 0.0 == 0, and _apply indexes with it.
            move = legal[legal.index(move)]
        except ValueError:
            verdict = self._why_illegal(state, move)
            raise IllegalMove(verdict.text, verdict) from None
        return self._apply(state, move)

    def apply(self, state: S, move: M) -> S:
        """`play` without the legality check, for search and replay of trusted moves."""
        return self._apply(state, move)

    def notation(self, state: S, move: M) -> str:
        """The move as the game's notation writes it (what links and records keep).

        >>> from engine import games
        >>> rug = games.get("rugpile")
        >>> start = rug.new(size=4)
        >>> rug.notation(start, rug.legal_moves(start)[0])  # a 2x2 tile covering a1 to b2
        '2x2a1'
        """
        return self._format(state, move)

    def parse(self, state: S, text: str) -> Move:
        """The legal move written as `text`; BadNotation or IllegalMove otherwise.

        >>> from engine import games
        >>> rug = games.get("rugpile")
        >>> start = rug.new(size=4)
        >>> rug.parse(start, " 3X2B1 ")  # case and spaces around do not matter
        Placement(width=3, height=2, col=1, row=0)
        >>> rug.parse(start, "3x2c1")
        Traceback (most recent call last):
          ...
        engine.contract.errors.IllegalMove: '3x2c1' is illegal: the tile would hang off the board
        >>> rug.parse(start, "3x2e1")
        Traceback (most recent call last):
          ...
        engine.contract.errors.BadNotation: e1 is off the 4×4 board
        """
        if not isinstance(text, str):
            raise BadNotation(f"a move must be text, not {type(text).__name__}", code="not-text")
        cleaned = text.strip().lower()
        if not cleaned:
            raise BadNotation("an empty move", code="empty")
        if self._result(state) is not None:
            raise GameOver(f"'{shown(cleaned)}': the game is over")
        if len(cleaned) > MAX_MOVE_TEXT:
            raise BadNotation(f"'{shown(cleaned)}' is not a move (too long)", code="too-long")
        move = self._decode(state, cleaned)
        if not self.is_legal(state, move):
            verdict = self._why_illegal(state, move)
            raise IllegalMove(f"'{cleaned}' is illegal: {verdict.text}", verdict)
        return move

    def to_move(self, state: S) -> int:
        """The seat to move (0 for the first player): the one whose move `legal_moves` lists.

        >>> from engine import games
        >>> rug = games.get("rugpile")
        >>> start = rug.new(players=3)
        >>> rug.to_move(start), rug.seat_names(start)[rug.to_move(start)]
        (0, 'Red')
        >>> after = rug.play(start, rug.parse(start, "2x2a1"))
        >>> rug.to_move(after), rug.seat_names(after)[rug.to_move(after)]
        (1, 'Blue')
        """
        return self._to_move(state)

    def result(self, state: S) -> Result | None:
        """How the game ended at `state`, or None while it goes on.

        Rug Pile's fool's mate (web/rules/rugpile.html, "Example: the fool's mate"): Red's
        3x3 at a3, Blue's 3x3 at b2 over four of Red's squares, Red's 2x2 at d1 over one of
        Blue's.  Blue cannot place and Red wins 9 squares to 8.

        >>> from engine import Termination, games
        >>> rug = games.get("rugpile")
        >>> state = rug.new()
        >>> rug.result(state) is None
        True
        >>> for text in ("3x3a3", "3x3b2", "2x2d1"):
        ...     state = rug.play(state, rug.parse(state, text))
        >>> result = rug.result(state)
        >>> result.winners, result.scores, result.termination is Termination.NO_MOVES
        ((0,), (9, 8), True)
        >>> result.detail
        'no-placement'
        >>> result.reason
        'Blue cannot place a tile'
        """
        return self._result(state)

    def scores(self, state: S) -> tuple:
        """Each seat's score now, in seat order (the game's own measure: Rug Pile counts the
        squares showing each colour).

        >>> from engine import games
        >>> rug = games.get("rugpile")
        >>> start = rug.new(size=4)
        >>> rug.scores(start)
        (0, 0)
        >>> red = rug.play(start, rug.parse(start, "3x3a2"))  # nine squares, a2 to c4
        >>> rug.scores(red)
        (9, 0)
        >>> rug.scores(rug.play(red, rug.parse(red, "2x2c1")))  # c1 d1 c2 d2: c2 was Red's
        (8, 4)
        """
        return self._scores(state)

    def num_seats(self, state: S) -> int:
        return self.min_seats

    def seat_names(self, state: S) -> tuple[str, ...]:
        """What each seat is called right now (its colour, after any swap)."""
        return tuple(f"Player {i + 1}" for i in range(self.num_seats(state)))

    def result_text(self, names: Sequence[str], result: Result) -> str:
        """The result as a sentence for players (`result_sentence`, unless the game words it)."""
        return result_sentence(names, result)

    def move_label(self, before: S, after: S, text: str) -> str:
        """The move `text` as the move list shows it (a game may show a capture, a check)."""
        return text

    def view(self, state: S) -> View:
        """The position for a renderer, as the game's own View subclass: the fields of
        `view_core` and the game's typed extras.  No rules in the renderer."""
        raise NotImplementedError

    def view_core(self, state: S) -> dict:
        """The fields every View has, as keyword arguments for the game's View subclass."""
        result = self._result(state)
        return {
            "seat_names": self.seat_names(state),
            "scores": self._scores(state),
            "to_move": -1 if result is not None else self._to_move(state),
            "result": result,
            "moves": tuple(self._legal(state)),
        }

    # ---- helpers for players and tests

    def random_playout(self, state: S, rng: random.Random, max_plies: int = 100_000) -> S:
        """Play uniformly random legal moves to the end (or max_plies)."""
        for _ in range(max_plies):
            moves = self._legal(state)
            if not moves:
                break
            state = self._apply(state, moves[rng.randrange(len(moves))])
        return state

    # ---- hooks (see the module docstring)

    def _options(self, state: S) -> dict:
        raise NotImplementedError

    def _new(self, options: dict) -> S:
        raise NotImplementedError

    def _legal(self, state: S) -> list:
        """The legal moves, generated once per state and kept on it (a fresh list each call,
        so callers may sort or shuffle it)."""
        moves = state._moves
        if moves is None:
            moves = tuple(self._generate(state))
            object.__setattr__(state, "_moves", moves)
        return list(moves)

    def _generate(self, state: S) -> list:
        raise NotImplementedError

    def _apply(self, state: S, move: M) -> S:
        raise NotImplementedError

    def _format(self, state: S, move: M) -> str:
        raise NotImplementedError

    def _decode(self, state: S, text: str) -> Move:
        raise NotImplementedError

    def _why_illegal(self, state: S, move: Any) -> Verdict:
        return refusal("illegal", "the rules do not allow it here")

    def _result(self, state: S) -> Result | None:
        raise NotImplementedError

    def _scores(self, state: S) -> tuple:
        raise NotImplementedError

    def _to_move(self, state: S) -> int:
        raise NotImplementedError
