"""The contract every game implements, its errors and result, and helpers games share.

A game is a stateless object (one per game id) whose methods take immutable,
hashable states and return new ones.  The public methods are the API of
DESIGN.md; a game module supplies the underscored hooks:

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

Everything here is plain Python with no browser imports, so it runs the same
in CPython and in Pyodide.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

Move = Hashable


class State(Hashable, Protocol):
    """A game's state: immutable and hashable (a frozen dataclass), with a `_moves` field
    where `Game._legal` keeps the legal moves (None until then)."""

    @property
    def _moves(self) -> Sequence[Move] | None: ...


S = TypeVar("S", bound=State)  # a game's state type
M = TypeVar("M")  # a game's move type

PASS = "pass"  # the word moves games share: a forced or chosen pass,
SWAP = "swap"  # and the pie rule's swap of colours

FILES = "abcdefghijklmnopqrstuvwxyz"
MAX_MOVE_TEXT = 16  # the longest move text in any notation here, with room to spare
MAX_DIGITS = 9  # the longest number a player can mean here: int() refuses over 4,300


# --------------------------------------------------------------------------- player input


def ascii_digits(text: str) -> bool:
    """True when `text` is 1 to MAX_DIGITS ASCII digits.  str.isdigit alone accepts '²',
    which int() refuses, and '٣', which int() reads but no notation here uses."""
    return 0 < len(text) <= MAX_DIGITS and text.isascii() and text.isdigit()


def ascii_int(text: Any) -> int | None:
    """The whole number `text` writes in ASCII digits (an optional sign, at most MAX_DIGITS
    digits, spaces around), else None."""
    if not isinstance(text, str):
        return None
    body = text.strip()
    return int(body) if ascii_digits(body[1:] if body[:1] in ("-", "+") else body) else None


def shown(text: str, limit: int = 40) -> str:
    """User text quoted back safely: shortened, invisible and control characters
    written as \\uXXXX (so 'rug\\u202epile' is not shown as a plausible 'rugpile')."""
    text = text if len(text) <= limit else text[:limit] + "…"
    return "".join(ch if ch.isprintable() else f"\\u{ord(ch):04x}" for ch in text)


def shown_value(value: Any, limit: int = 20) -> str:
    """Any value a caller passed, quoted back briefly: text in quotes, a short number as
    written, anything else by its type (never a repr that could be huge or too deep)."""
    if isinstance(value, str):
        return f"'{shown(value, limit)}'"
    if isinstance(value, bool) or (isinstance(value, int) and abs(value) < 10**MAX_DIGITS):
        return str(value)
    if isinstance(value, float):
        return shown(repr(value), limit)
    if isinstance(value, int):
        return "a number too large"
    return f"a {type(value).__name__}"


def int_tuple(move: Any, length: int, bound: int) -> bool:
    """True when `move` is a tuple of `length` ints (not bools), each from 0 to bound - 1:
    the shape of a move that `_why_illegal` may then take apart."""
    return (
        isinstance(move, tuple)
        and len(move) == length
        and all(type(n) is int and 0 <= n < bound for n in move)
    )


# --------------------------------------------------------------------------- errors


class EngineError(ValueError):
    """Base of every error the engine raises on purpose; the message is for players."""


class UnknownGame(EngineError):
    """A game id that is not one of games.ids()."""


class BadOption(EngineError):
    """An option that the game does not have, or a value out of its range.

    option: the name of the option at fault (None when the trouble is no one option)."""

    def __init__(self, message: str, option: str | None = None):
        super().__init__(message)
        self.option = option


class BadNotation(EngineError):
    """Text that is not a move in the game's notation at all."""


@dataclass(frozen=True)
class Verdict:
    """Whether a move may be played here and, if not, why.

    code: "legal", or a short reason code a program may act on ("occupied", "off-board",
          "own-colour", "game-over", ...); each game documents its codes.
    text: the reason as a player reads it ("" when legal), e.g. "it would cover a square
          that already shows Red".
    """

    legal: bool
    code: str
    text: str = ""


LEGAL = Verdict(True, "legal")
GAME_OVER = Verdict(False, "game-over", "the game is over: no more moves can be made")


def refusal(code: str, text: str) -> Verdict:
    """The verdict on an illegal move: a reason code and the player's text."""
    return Verdict(False, code, text)


class IllegalMove(EngineError):
    """A well-formed move that the rules do not allow in this position.

    verdict: the engine's verdict on it (its reason code and text); the message may add the
             move as written."""

    def __init__(self, message: str, verdict: Verdict | None = None):
        super().__init__(message)
        self.verdict = verdict if verdict is not None else refusal("illegal", message)


class GameOver(IllegalMove):
    """A move was asked of a game that has already ended."""

    def __init__(self, message: str = GAME_OVER.text):
        super().__init__(message, GAME_OVER)


# --------------------------------------------------------------------------- result


@dataclass(frozen=True)
class Result:
    """How a game ended.

    winners: the seats that won; more than one means they share the win (a draw
             between them); every seat means a draw for all.
    scores:  the final score of each seat, in seat order.
    reason:  why the game ended, one clause a player can read, e.g. "Blue cannot place a
             tile", and how a tie-break decided it; not who won (the page says that).
    """

    winners: tuple[int, ...]
    scores: tuple[Any, ...]
    reason: str

    def reward(self, seat: int) -> float:
        """1 for a sole win, 1/k for a win shared by k seats, 0 for a loss."""
        return 1.0 / len(self.winners) if seat in self.winners else 0.0


def result_sentence(names: Sequence[str], result: Result) -> str:
    """ "Blue wins 8–6. Red cannot place a tile." from the seat names and a result.  Two
    seats: the winner's score first; more seats: every seat's score by name."""
    scores = [str(s) for s in result.scores]
    winners = [names[w] for w in result.winners]
    if len(winners) == len(names):
        head = "A draw"
    elif len(winners) == 1:
        head = f"{winners[0]} wins"
    else:
        head = " and ".join(winners) + " share the win"
    if len(names) == 2:
        first = result.winners[0] if len(result.winners) == 1 else 0
        score = f"{scores[first]}–{scores[1 - first]}"
    else:
        score = "(" + ", ".join(f"{n} {s}" for n, s in zip(names, scores)) + ")"
    reason = result.reason.rstrip(".")
    return f"{head} {score}. {reason[:1].upper()}{reason[1:]}."


def with_pass_and_swap(plays: list, ply: int, pass_move, swap_move) -> list:
    """The moves of a two-player game with a forced pass and the pie rule, given its board
    plays: only a pass when there is none, and the swap added on the second player's first
    turn (ply 1)."""
    if not plays:
        return [pass_move]
    return plays + [swap_move] if ply == 1 else plays


def swapped_pair(index: int, swapped: bool) -> int:
    """In a two-seat game with a pie rule: the colour a seat plays, or the seat that plays a
    colour (0 or 1 either way), when the seats have swapped colours or not."""
    return index ^ 1 if swapped else index


def winners_by_score(scores: Sequence[float]) -> tuple[int, ...]:
    """The seats holding the highest score (ties share it)."""
    best = max(scores)
    return tuple(seat for seat, s in enumerate(scores) if s == best)


# --------------------------------------------------------------------------- options


@dataclass(frozen=True)
class Option:
    """One option of `Game.new`, described for forms, records and validation.

    kind is "int" (lo..hi), "choice" (one of choices) or "custom" (the game
    parses and formats it itself).  default may be a callable taking the
    options chosen so far, for defaults that depend on another option.
    """

    name: str
    label: str
    kind: str
    default: Any
    lo: int | None = None
    hi: int | None = None
    choices: tuple = ()
    help: str = ""

    def default_for(self, chosen: dict) -> Any:
        return self.default(chosen) if callable(self.default) else self.default


# --------------------------------------------------------------------------- what a board shows


@dataclass(frozen=True, kw_only=True)
class View:
    """A position as a board renderer sees it: plain values, no rules and no prose.

    Each game subclasses it (frozen, kw_only) with `cells` typed for its board and the
    extras its renderer needs; `Game.view_core` fills the common fields.

    width, height: the board's extent in cells (a hex board: its rows and longest row).
    cells:      one entry per cell, in the game's cell order (index = cell number).
    last:       the cells the last move touched (empty before the first move).
    to_move:    the seat to move, or -1 once the game is over.
    seat_names: what each seat is called now (its colour, after any swap).
    scores:     each seat's score now, in seat order.
    result:     how the game ended, or None.
    moves:      the legal moves, as the engine's move values.
    """

    width: int
    height: int
    cells: tuple
    last: tuple[int, ...]
    to_move: int
    seat_names: tuple[str, ...]
    scores: tuple
    result: Result | None
    moves: tuple


# --------------------------------------------------------------------------- the game base


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
                allowed = ", ".join(known) or "none"
                raise BadOption(
                    f"{self.name} has no option {shown_value(name)} (options: {allowed})"
                )
        chosen: dict = {}
        for opt in self.options_spec:
            value = options.get(opt.name)
            if value is None:
                value = opt.default_for(chosen)
            chosen[opt.name] = self._check_option(opt, value, chosen)
        return chosen

    def _check_option(self, opt: Option, value: Any, chosen: dict) -> Any:
        try:
            return self._checked_option(opt, value, chosen)
        except BadOption as err:
            if err.option is None:
                err.option = opt.name
            raise

    def _checked_option(self, opt: Option, value: Any, chosen: dict) -> Any:
        if opt.kind == "int":
            if isinstance(value, str) and (number := ascii_int(value)) is not None:
                value = number
            if isinstance(value, bool) or not isinstance(value, int):
                raise BadOption(
                    f"option {opt.name} must be a whole number, not {shown_value(value)}"
                )
            if not opt.lo <= value <= opt.hi:
                raise BadOption(
                    f"option {opt.name} must be from {opt.lo} to {opt.hi}, "
                    f"not {shown_value(value)}"
                )
            return value
        if opt.kind == "choice":
            if value not in opt.choices:
                allowed = ", ".join(map(str, opt.choices))
                raise BadOption(
                    f"option {opt.name} must be one of {allowed}, not {shown_value(value)}"
                )
            return value
        return self.check_custom_option(opt.name, value, chosen)

    def check_custom_option(self, name: str, value: Any, chosen: dict) -> Any:
        raise BadOption(f"option {name} cannot be checked")

    def format_option(self, name: str, value: Any) -> str:
        """The option's value as URL-safe text (inverse of parse_option)."""
        return str(value)

    def parse_option(self, name: str, text: str) -> Any:
        """Text from a record back to a value; `normalise_options` validates it."""
        opt = next((o for o in self.options_spec if o.name == name), None)
        if opt is None:
            raise BadOption(f"{self.name} has no option {shown_value(name)}")
        if opt.kind == "int":
            number = ascii_int(text)
            if number is None:
                raise BadOption(
                    f"option {name} must be a whole number, not {shown_value(text)}", name
                )
            return number
        return text

    def options(self, state: S) -> dict:
        """The options the state's game was started with."""
        return dict(self._options(state))

    # ---- the public API

    def new(self, **options: Any) -> S:
        return self._new(self.normalise_options(**options))

    def legal_moves(self, state: S) -> list:
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
        """The state after `move`; raises IllegalMove (with the verdict) if it is not legal."""
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
        return self._format(state, move)

    def parse(self, state: S, text: str) -> Move:
        """The legal move written as `text`; BadNotation or IllegalMove otherwise."""
        if not isinstance(text, str):
            raise BadNotation(f"a move must be text, not {type(text).__name__}")
        cleaned = text.strip().lower()
        if not cleaned:
            raise BadNotation("an empty move")
        if self._result(state) is not None:
            raise GameOver(f"'{shown(cleaned)}': the game is over")
        if len(cleaned) > MAX_MOVE_TEXT:
            raise BadNotation(f"'{shown(cleaned)}' is not a move (too long)")
        move = self._decode(state, cleaned)
        if not self.is_legal(state, move):
            verdict = self._why_illegal(state, move)
            raise IllegalMove(f"'{cleaned}' is illegal: {verdict.text}", verdict)
        return move

    def to_move(self, state: S) -> int:
        return self._to_move(state)

    def result(self, state: S) -> Result | None:
        return self._result(state)

    def scores(self, state: S) -> tuple:
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


# --------------------------------------------------------------------------- square grids


def square_name(col: int, row: int) -> str:
    """Chess-style name of a square: column 0 is file a, row 0 is rank 1 (the bottom)."""
    return f"{FILES[col]}{row + 1}"


def parse_square(text: str, width: int, height: int | None = None) -> tuple[int, int]:
    """(col, row) of a square name such as 'c3' or 'a10'; BadNotation if off the board."""
    height = width if height is None else height
    if text[:1] not in FILES or not ascii_digits(text[1:]) or text[1] == "0":
        raise BadNotation(f"'{shown(text)}' is not a square (a letter then a number, like c3)")
    col, row = FILES.index(text[0]), int(text[1:]) - 1
    if col >= width or row >= height:
        raise BadNotation(f"{shown(text)} is off the {width}×{height} board")
    return col, row


def split_square_prefix(text: str) -> tuple[str, str]:
    """Split 'c3d4...' into ('c3', 'd4...'): a file letter and the digits after it."""
    i = 1
    while i < len(text) and text[i].isdigit():
        i += 1
    return text[:i], text[i:]


_NEIGHBOURS: dict[tuple[int, int], tuple[tuple[int, ...], ...]] = {}


def grid_neighbours(width: int, height: int | None = None) -> tuple[tuple[int, ...], ...]:
    """Orthogonal neighbours of each cell index (row * width + col), cached per size."""
    height = width if height is None else height
    key = (width, height)
    if key not in _NEIGHBOURS:
        table = []
        for row in range(height):
            for col in range(width):
                near = [row * width + c for c in (col - 1, col + 1) if 0 <= c < width]
                near += [r * width + col for r in (row - 1, row + 1) if 0 <= r < height]
                table.append(tuple(near))
        _NEIGHBOURS[key] = tuple(table)
    return _NEIGHBOURS[key]


def connected_groups(
    cells: Iterable[int], neighbours: Sequence[Sequence[int]], key: Sequence[object] | None = None
) -> list[list[int]]:
    """Maximal connected sets among `cells` (indices into `neighbours`; joined when `key` is
    None or equal for both), in the order of their first cell in `cells`, each starting with it."""
    order = list(cells)
    left = [False] * len(neighbours)  # flags rather than a set: fewer calls (Pyodide)
    for cell in order:
        left[cell] = True
    groups = []
    for start in order:
        if left[start]:
            left[start] = False
            group = [start]
            for here in group:  # the list grows while it is walked
                for there in neighbours[here]:
                    if left[there] and (key is None or key[here] == key[there]):
                        left[there] = False
                        group.append(there)
            groups.append(group)
    return groups


class ReplayError(EngineError):
    """A list of moves that stops replaying at `ply` (0-based) with `message`."""

    def __init__(self, ply: int, move: str, message: str):
        super().__init__(f"move {ply + 1} ('{shown(str(move))}'): {message}")
        self.ply, self.move, self.message = ply, move, message


def replay(game: Game, state: State, moves: Iterable[str]) -> list:
    """Every state from `state` through the moves (given as notation)."""
    return replay_notated(game, state, moves)[0]


def replay_notated(game: Game, state: State, moves: Iterable[str]) -> tuple[list, list[str]]:
    """Every state from `state` through the moves, and each move in the game's canonical
    notation (a move may be written otherwise, e.g. Gwyddbwyll's e3xe4 for e3e4)."""
    states, notated = [state], []
    for ply, text in enumerate(moves):
        try:
            move = game.parse(states[-1], text)
        except EngineError as err:
            raise ReplayError(ply, text, str(err)) from None
        notated.append(game.notation(states[-1], move))
        states.append(game.apply(states[-1], move))
    return states, notated
