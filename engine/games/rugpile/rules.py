"""Rug Pile (Vitenka's "Abstract"): lay rectangular rugs, never bury a whole area.

Rules: web/rules/rugpile.html.  Two to four players each place one of their
own rectangular tiles per turn, axis-aligned and wholly on the board.  A tile
may not cover a square showing the mover's colour, and may not cover every
square of any existing area (a maximal orthogonally connected set of squares
showing one colour).  The game ends as soon as the player to move cannot
place (Termination.NO_MOVES, the detail "no-placement"); most visible squares wins and ties
share the win.

A move is a `Placement(width, height, col, row)`: the tile's size as laid and
its bottom-left square, written `3x2a1`.

The placement rule has one home, the kernel below (`placements`, `area_map`,
`fits`): the rules list the legal moves with it, and the players' fast playout
(knowledge.py) draws random placements with it.

Reason codes of `check` (with the player's text):
    not-a-move    not four whole numbers on the board's scale
    no-such-tile  a size that is not 2x2, 2x3 (either way round) or 3x3
    none-left     the mover has no tile of that size left
    off-board     the tile would hang off the board
    own-colour    it would cover a square showing the mover's colour
    buries-area   it would cover every square of an area
(and core's game-over once the game has ended).

Codes of a refused option (`BadOption.code`): the tiles' no-such-tile (a size other than
2x2, 2x3 and 3x3), not-three-counts and out-of-range, and core's for players and size.
Codes of text that is not a move (`BadNotation.code`): not-a-move, with core's (Game.parse's
not-text, empty and too-long, and a square's not-a-square and off-board).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from ...contract.core import Game
from ...contract.errors import BadNotation, BadOption, Verdict, refusal
from ...contract.groups import connected_groups, grid_neighbours
from ...contract.moves import int_tuple
from ...contract.options import Option
from ...contract.result import Result, Termination, winners_by_score
from ...contract.squares import parse_square, square_name
from ...contract.user_text import ascii_int, shown_value
from ...contract.view import View

BLANK = -1
COLOURS = ("Red", "Blue", "Green", "Yellow")
KINDS = ((2, 2), (2, 3), (3, 3))  # tile kinds, smaller side first
KIND_NAMES = tuple(f"{a}x{b}" for a, b in KINDS)
KIND_OF = {(w, h): k for k, (a, b) in enumerate(KINDS) for w, h in ((a, b), (b, a))}
DEFAULT_TILES = {2: (4, 3, 2), 3: (4, 3, 3), 4: (4, 3, 3)}
MAX_TILES = 9
_MOVE = re.compile(r"^([0-9])x([0-9])([a-z][0-9]+)$")


# The detail of the game's end (Result.detail): the player to move cannot place a tile.
NO_PLACEMENT = "no-placement"


class Placement(NamedTuple):
    """A tile laid `width` squares wide and `height` tall with its bottom-left square at
    (col, row); written 3x2a1."""

    width: int
    height: int
    col: int
    row: int


@dataclass(frozen=True)
class RugState:
    size: int
    players: int
    tiles: tuple[int, ...]  # the starting count of each kind (the option)
    board: tuple[int, ...]  # colour index per square (row * size + col), BLANK
    supplies: tuple[tuple[int, ...], ...]  # per seat: tiles left of each kind
    turn: int = 0
    last: Placement | None = None  # the last move, for display
    _moves: tuple | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True, kw_only=True)
class RugView(View):
    """A Rug Pile position for the board: width = height = the board's size.

    cells:    the colour (seat index) each square shows, BLANK (-1) where none; the
              seat names are the colours' names.
    last:     the squares the last tile covered.
    kinds:    the tile sizes (smaller side first); a kind is an index into it.
    supplies: per seat, the tiles left of each kind.
    """

    cells: tuple[int, ...]
    kinds: tuple[tuple[int, int], ...]
    supplies: tuple[tuple[int, ...], ...]


def kind_of(width: int, height: int) -> int:
    """Index in KINDS of a tile laid width × height (2x3 and 3x2 are one kind)."""
    return KIND_OF[width, height]


def orientations(kind: int) -> tuple[tuple[int, int], ...]:
    a, b = KINDS[kind]
    return ((a, b),) if a == b else ((a, b), (b, a))


def covered(size: int, move: Sequence[int]) -> list[int]:
    width, height, col, row = move
    return [r * size + c for r in range(row, row + height) for c in range(col, col + width)]


# --------------------------------------------------------------------------- the placement kernel

Entry = tuple[Placement, tuple[int, ...]]
_PLACEMENTS: dict[int, tuple[tuple[Entry, ...], ...]] = {}


def placements(size: int) -> tuple[tuple[Entry, ...], ...]:
    """Per tile kind: every (placement, squares it covers) on a size × size board, in the
    order of the legal moves (orientation, then row, then column)."""
    if size not in _PLACEMENTS:
        table = []
        for kind in range(len(KINDS)):
            moves = [
                Placement(width, height, col, row)
                for width, height in orientations(kind)
                for row in range(size - height + 1)
                for col in range(size - width + 1)
            ]
            table.append(tuple((move, tuple(covered(size, move))) for move in moves))
        _PLACEMENTS[size] = tuple(table)
    return _PLACEMENTS[size]


def areas(board: Sequence[int], size: int) -> list[list[int]]:
    """Every area: maximal orthogonally connected same-colour sets of coloured squares,
    in the order of their lowest square (each list starts with it)."""
    return connected_groups(
        [i for i, c in enumerate(board) if c != BLANK], grid_neighbours(size), board
    )


def area_map(board: Sequence[int], size: int) -> tuple[list[int], list[int]]:
    """The area each square belongs to (an index into `areas`, -1 for blank) and the
    number of squares of each area."""
    area_of = [-1] * len(board)
    sizes: list[int] = []
    for area in areas(board, size):
        label = len(sizes)
        for sq in area:
            area_of[sq] = label
        sizes.append(len(area))
    return area_of, sizes


def fits(
    board: Sequence[int], area_of: list[int], sizes: list[int], me: int, squares: tuple[int, ...]
) -> bool:
    """Whether a tile of `me`'s covering `squares` is legal, given the board's area map:
    no square shows `me`, and every area keeps a square outside the tile."""
    hits: dict[int, int] = {}
    for sq in squares:
        if board[sq] == me:
            return False
        a = area_of[sq]
        if a >= 0:
            hits[a] = hits.get(a, 0) + 1
    for a, n in hits.items():  # noqa: SIM110  # a loop, not all(): no generator per placement
        if n >= sizes[a]:
            return False
    return True


def legal_placements(
    board: Sequence[int], size: int, supply: Sequence[int], me: int
) -> list[Placement]:
    """Every placement `me` may make with the tiles left in `supply`."""
    area_of, sizes = area_map(board, size)
    table = placements(size)
    return [
        move
        for kind, left in enumerate(supply)
        if left
        for move, squares in table[kind]
        if fits(board, area_of, sizes, me, squares)
    ]


def end_reason(state: RugState) -> str:
    """Why the game ended, the player to move having no placement: every tile placed, the
    mover's own tiles all used, or tiles left that fit nowhere."""
    mover = COLOURS[state.turn]
    if not any(any(supply) for supply in state.supplies):
        return "every tile has been placed"
    if not any(state.supplies[state.turn]):
        return f"{mover} has no tiles left"
    return f"{mover} cannot place a tile"


# --------------------------------------------------------------------------- the game


class RugPile(Game[RugState, Placement]):
    id = "rugpile"
    name = "Rug Pile"
    min_seats = 2
    max_seats = 4
    draws = True  # players tied for most squares share the win
    options_spec = (
        Option(
            "players",
            "Number of players",
            "int",
            2,
            lo=2,
            hi=4,
            help="Two, three or four players, each with their own colour and tiles.",
        ),
        Option(
            "size",
            "Board size",
            "int",
            lambda o: 5 if o["players"] == 2 else 6,
            lo=4,
            hi=8,
            help="Squares on a side: 5 suits two players, 6 suits three or four.",
        ),
        Option(
            "tiles",
            "Tiles each",
            "custom",
            lambda o: DEFAULT_TILES[o["players"]],
            help="How many 2×2, 2×3 and 3×3 tiles each player starts with.",
        ),
    )

    # ---- options

    def check_custom_option(self, name: str, value: Any, chosen: dict) -> tuple[int, ...]:
        if isinstance(value, str):
            value = self.parse_option(name, value)
        if isinstance(value, dict):
            unknown = set(value) - set(KIND_NAMES)
            if unknown:
                raise BadOption(
                    f"tiles: unknown tile size {shown_value(min(unknown, key=str))} "
                    f"(sizes: {', '.join(KIND_NAMES)})",
                    code="no-such-tile",
                )
            value = tuple(value.get(k, 0) for k in KIND_NAMES)
        if (
            not isinstance(value, (tuple, list))
            or len(value) != len(KINDS)
            or not all(isinstance(n, int) and not isinstance(n, bool) for n in value)
        ):
            raise BadOption(
                "tiles must give a count for each of 2x2, 2x3 and 3x3", code="not-three-counts"
            )
        if not all(0 <= n <= MAX_TILES for n in value) or sum(value) == 0:
            raise BadOption(
                f"tiles: each count must be from 0 to {MAX_TILES}, and not all 0",
                code="out-of-range",
            )
        return tuple(value)

    def format_option(self, name: str, value: Any) -> str:
        return "-".join(map(str, value)) if name == "tiles" else str(value)

    def parse_option(self, name: str, text: str) -> Any:
        if name != "tiles":
            return super().parse_option(name, text)
        counts = tuple(ascii_int(p) if p[:1].isdigit() else None for p in text.split("-"))
        if len(counts) != len(KINDS) or None in counts:
            raise BadOption(
                f"tiles must be three counts like 4-3-2 (2x2, 2x3, 3x3), not {shown_value(text)}",
                name,
                code="not-three-counts",
            )
        return counts

    def _options(self, state: RugState) -> dict:
        return {"players": state.players, "size": state.size, "tiles": state.tiles}

    # ---- state

    def _new(self, options: dict) -> RugState:
        size, players, tiles = options["size"], options["players"], options["tiles"]
        return RugState(size, players, tiles, (BLANK,) * (size * size), (tiles,) * players)

    def num_seats(self, state: RugState) -> int:
        return state.players

    def seat_names(self, state: RugState) -> tuple[str, ...]:
        return COLOURS[: state.players]

    def _to_move(self, state: RugState) -> int:
        return state.turn

    # ---- moves

    def _generate(self, state: RugState) -> list[Placement]:
        return legal_placements(state.board, state.size, state.supplies[state.turn], state.turn)

    def _apply(self, state: RugState, move: Placement) -> RugState:
        board = list(state.board)
        for sq in covered(state.size, move):
            board[sq] = state.turn
        supply = list(state.supplies[state.turn])
        supply[kind_of(move[0], move[1])] -= 1
        supplies = list(state.supplies)
        supplies[state.turn] = tuple(supply)
        return RugState(
            state.size,
            state.players,
            state.tiles,
            tuple(board),
            tuple(supplies),
            (state.turn + 1) % state.players,
            move,
        )

    def _why_illegal(self, state: RugState, move: Any) -> Verdict:
        if not int_tuple(move, 4, state.size + 1):
            return refusal(
                "not-a-move",
                "that is not a Rug Pile move (a tile's width and height, then its square)",
            )
        width, height, col, row = move
        me = state.turn
        if (min(width, height), max(width, height)) not in KINDS:
            return refusal(
                "no-such-tile",
                f"there are no {width}x{height} tiles (sizes: {', '.join(KIND_NAMES)})",
            )
        if not state.supplies[me][kind_of(width, height)]:
            return refusal("none-left", f"{COLOURS[me]} has no {width}x{height} tile left")
        if col + width > state.size or row + height > state.size:
            return refusal("off-board", "the tile would hang off the board")
        squares = set(covered(state.size, move))
        if any(state.board[sq] == me for sq in squares):
            return refusal(
                "own-colour", f"it would cover a square that already shows {COLOURS[me]}"
            )
        for area in areas(state.board, state.size):
            if squares.issuperset(area):
                owner = COLOURS[state.board[area[0]]]
                where = square_name(area[0] % state.size, area[0] // state.size)
                return refusal(
                    "buries-area", f"it would completely cover the {owner} area at {where}"
                )
        return refusal("illegal", "the rules do not allow it here")

    def _format(self, state: RugState, move: Placement) -> str:
        width, height, col, row = move
        return f"{width}x{height}{square_name(col, row)}"

    def _decode(self, state: RugState, text: str) -> Placement:
        match = _MOVE.match(text)
        if not match:
            raise BadNotation(
                f"'{text}' is not a tile placement (write it like 3x2a1: "
                "width x height, then the bottom-left square)",
                code="not-a-move",
            )
        col, row = parse_square(match.group(3), state.size)
        return Placement(int(match.group(1)), int(match.group(2)), col, row)

    # ---- score and end

    def _scores(self, state: RugState) -> tuple[int, ...]:
        return tuple(state.board.count(seat) for seat in range(state.players))

    def _result(self, state: RugState) -> Result | None:
        if self._legal(state):
            return None
        scores = self._scores(state)
        return Result(
            winners_by_score(scores),
            scores,
            Termination.NO_MOVES,
            end_reason(state),
            NO_PLACEMENT,
        )

    # ---- display

    def view(self, state: RugState) -> RugView:
        return RugView(
            **self.view_core(state),
            width=state.size,
            height=state.size,
            cells=state.board,
            last=tuple(covered(state.size, state.last)) if state.last else (),
            kinds=KINDS,
            supplies=state.supplies,
        )
