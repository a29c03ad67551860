"""Rug Pile (Vitenka's "Abstract"): lay rectangular rugs, never bury a whole area.

Rules: shared/rules/rugpile.md.  Two to four players each place one of their
own rectangular tiles per turn, axis-aligned and wholly on the board.  A tile
may not cover a square showing the mover's colour, and may not cover every
square of any existing area (a maximal orthogonally connected set of squares
showing one colour).  The game ends as soon as the player to move cannot
place; most visible squares wins and ties share the win.

A move is (width, height, col, row): the tile's size as laid and its
bottom-left square, written `3x2a1`.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from ..core import (BadNotation, BadOption, Game, Option, Result, ascii_int, connected_groups,
                    grid_neighbours, int_tuple, parse_square, shown_value, square_name,
                    winners_by_score)

BLANK = -1
COLOURS = ("Red", "Blue", "Green", "Yellow")
KINDS = ((2, 2), (2, 3), (3, 3))            # tile kinds, smaller side first
KIND_NAMES = tuple(f"{a}x{b}" for a, b in KINDS)
DEFAULT_TILES = {2: (4, 3, 2), 3: (4, 3, 3), 4: (4, 3, 3)}
MAX_TILES = 9
EVAL_HAND_SHARE = 0.3                    # squares a tile in hand is worth, per square
EVAL_TEMPERATURE = 2.0                   # squares of lead that make a clear favourite
_MOVE = re.compile(r"^([0-9])x([0-9])([a-z][0-9]+)$")


@dataclass(frozen=True)
class RugState:
    size: int
    players: int
    tiles: tuple[int, ...]                   # the starting count of each kind (the option)
    board: tuple[int, ...]                   # colour index per square (row * size + col), BLANK
    supplies: tuple[tuple[int, ...], ...]    # per seat: tiles left of each kind
    turn: int = 0
    last: tuple | None = None                # the last move, for display
    _moves: list | None = field(default=None, compare=False, repr=False)


def kind_of(width: int, height: int) -> int:
    """Index in KINDS of a tile laid width × height (2x3 and 3x2 are one kind)."""
    return KINDS.index((min(width, height), max(width, height)))


def orientations(kind: int) -> tuple[tuple[int, int], ...]:
    a, b = KINDS[kind]
    return ((a, b),) if a == b else ((a, b), (b, a))


def covered(size: int, move: tuple) -> list[int]:
    width, height, col, row = move
    return [r * size + c for r in range(row, row + height) for c in range(col, col + width)]


def areas(state: RugState) -> list[list[int]]:
    """Every area: maximal orthogonally connected same-colour sets of coloured squares."""
    board = state.board
    return connected_groups((i for i, c in enumerate(board) if c != BLANK),
                            grid_neighbours(state.size), lambda a, b: board[a] == board[b])


class RugPile(Game):
    id = "rugpile"
    name = "Rug Pile"
    min_seats = 2
    max_seats = 4
    options_spec = (
        Option("players", "Players", "int", 2, lo=2, hi=4,
               help="Two, three or four players, each with their own colour and tiles."),
        Option("size", "Board size", "int", lambda o: 5 if o["players"] == 2 else 6, lo=4, hi=8,
               help="Squares on a side: 5 suits two players, 6 suits three or four."),
        Option("tiles", "Tiles each", "custom", lambda o: DEFAULT_TILES[o["players"]],
               help="How many 2×2, 2×3 and 3×3 tiles each player starts with."),
    )

    # ---- options

    def check_custom_option(self, name, value, chosen):
        if isinstance(value, str):
            value = self.parse_option(name, value)
        if isinstance(value, dict):
            unknown = set(value) - set(KIND_NAMES)
            if unknown:
                raise BadOption(f"tiles: unknown tile size {shown_value(min(unknown, key=str))} "
                                f"(sizes: {', '.join(KIND_NAMES)})")
            value = tuple(value.get(k, 0) for k in KIND_NAMES)
        if (not isinstance(value, (tuple, list)) or len(value) != len(KINDS)
                or not all(isinstance(n, int) and not isinstance(n, bool) for n in value)):
            raise BadOption("tiles must give a count for each of 2x2, 2x3 and 3x3")
        if not all(0 <= n <= MAX_TILES for n in value) or sum(value) == 0:
            raise BadOption(f"tiles: each count must be from 0 to {MAX_TILES}, and not all 0")
        return tuple(value)

    def format_option(self, name, value):
        return "-".join(map(str, value)) if name == "tiles" else str(value)

    def parse_option(self, name, text):
        if name != "tiles":
            return super().parse_option(name, text)
        counts = tuple(ascii_int(p) if p[:1].isdigit() else None for p in text.split("-"))
        if len(counts) != len(KINDS) or None in counts:
            raise BadOption("tiles must be three counts like 4-3-2 (2x2, 2x3, 3x3), "
                            f"not {shown_value(text)}", name)
        return counts

    def _options(self, state):
        return {"players": state.players, "size": state.size, "tiles": state.tiles}

    # ---- state

    def _new(self, options):
        size, players, tiles = options["size"], options["players"], options["tiles"]
        return RugState(size, players, tiles, (BLANK,) * (size * size), (tiles,) * players)

    def num_seats(self, state):
        return state.players

    def seat_names(self, state):
        return COLOURS[:state.players]

    def _to_move(self, state):
        return state.turn

    # ---- moves

    def _generate(self, state):
        size, board, me = state.size, state.board, state.turn
        area_of = [-1] * (size * size)
        area_sizes = []
        for area in areas(state):
            for sq in area:
                area_of[sq] = len(area_sizes)
            area_sizes.append(len(area))
        moves = []
        for kind, left in enumerate(state.supplies[me]):
            if not left:
                continue
            for width, height in orientations(kind):
                for row in range(size - height + 1):
                    for col in range(size - width + 1):
                        if self._fits(board, area_of, area_sizes, size, me, (width, height, col, row)):
                            moves.append((width, height, col, row))
        return moves

    @staticmethod
    def _fits(board, area_of, area_sizes, size, me, move):
        hits: dict[int, int] = {}
        for sq in covered(size, move):
            if board[sq] == me:
                return False
            a = area_of[sq]
            if a >= 0:
                hits[a] = hits.get(a, 0) + 1
        return all(n < area_sizes[a] for a, n in hits.items())

    def _apply(self, state, move):
        width, height, _, _ = move
        board = list(state.board)
        for sq in covered(state.size, move):
            board[sq] = state.turn
        supply = list(state.supplies[state.turn])
        supply[kind_of(width, height)] -= 1
        supplies = list(state.supplies)
        supplies[state.turn] = tuple(supply)
        return RugState(state.size, state.players, state.tiles, tuple(board), tuple(supplies),
                        (state.turn + 1) % state.players, move)

    def _why_illegal(self, state, move):
        if not int_tuple(move, 4, state.size + 1):
            return "that is not a Rug Pile move (a tile's width and height, then its square)"
        width, height, col, row = move
        me = state.turn
        if (min(width, height), max(width, height)) not in KINDS:
            return f"there are no {width}x{height} tiles (sizes: {', '.join(KIND_NAMES)})"
        if not state.supplies[me][kind_of(width, height)]:
            return f"{COLOURS[me]} has no {width}x{height} tile left"
        if col + width > state.size or row + height > state.size:
            return "the tile would hang off the board"
        squares = covered(state.size, move)
        if any(state.board[sq] == me for sq in squares):
            return f"it would cover a square that already shows {COLOURS[me]}"
        for area in areas(state):
            if set(area) <= set(squares):
                owner = COLOURS[state.board[area[0]]]
                where = square_name(area[0] % state.size, area[0] // state.size)
                return f"it would completely cover the {owner} area at {where}"
        return "the rules do not allow it here"

    def _format(self, state, move):
        width, height, col, row = move
        return f"{width}x{height}{square_name(col, row)}"

    def _decode(self, state, text):
        match = _MOVE.match(text)
        if not match:
            raise BadNotation(f"'{text}' is not a tile placement (write it like 3x2a1: "
                              "width x height, then the bottom-left square)")
        col, row = parse_square(match.group(3), state.size)
        return (int(match.group(1)), int(match.group(2)), col, row)

    # ---- score and end

    def _scores(self, state):
        return tuple(state.board.count(seat) for seat in range(state.players))

    def _result(self, state):
        if self._legal(state):
            return None
        scores = self._scores(state)
        return Result(winners_by_score(scores), scores,
                      f"{COLOURS[state.turn]} cannot place a tile")

    # ---- evaluation for the computer player

    def evaluate(self, state):
        """Per-seat win estimates in [0, 1] summing to 1: squares shown now plus a
        share of the area still in hand, turned into chances by a softmax."""
        result = self._result(state)
        if result is not None:
            return tuple(result.reward(seat) for seat in range(state.players))
        strengths = []
        for seat in range(state.players):
            in_hand = sum(n * a * b for n, (a, b) in zip(state.supplies[seat], KINDS))
            strengths.append(state.board.count(seat) + EVAL_HAND_SHARE * in_hand)
        top = max(strengths)
        weights = [math.exp((v - top) / EVAL_TEMPERATURE) for v in strengths]
        total = sum(weights)
        return tuple(w / total for w in weights)

    # ---- display

    def view(self, state):
        return {
            "size": state.size,
            "board": state.board,
            "colours": COLOURS[:state.players],
            "kinds": KIND_NAMES,
            "supplies": state.supplies,
            "last": covered(state.size, state.last) if state.last else [],
        }


GAME = RugPile()
