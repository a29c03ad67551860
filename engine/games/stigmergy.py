"""Stigmergy: a territory game of sight and control on a hexhex board.

Rules: shared/rules/stigmergy.md (Luis Bolaños Mures and Steven Metzger, after
Michał Zapała's Tumbleweed).  A cell sees the first stone in each of its six
directions; a player controls a cell (empty or occupied) when it sees more of
that player's stones than half its neighbour count.  On a turn a player places
a stone on an empty cell the opponent does not control, flips an enemy stone on
a cell they control, takes the button (odd komi only, while untaken) or passes
(only when every empty cell is controlled and the button is not untaken).  Two
passes in a row end the game; score = stones + controlled empty cells, + komi
for White, + 0.5 for the button holder.

Komi is either fixed by an option (the first seat plays Black) or bid: the
first seat chooses it (`komi7`), then the second seat chooses its colour
(`black` / `white`).  Seats (who plays) and colours (what is on the board) are
both kept in the state: `black_seat` says which seat plays Black.

Moves are tuples: ("place", cell), ("flip", cell), PASS, BUTTON, ("komi", k)
and ("side", colour); cells are indices in notation order (row a first, each
row from its left end).  Sight counts and control are kept incrementally: a
move changes sight only along its six lines.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from itertools import compress

from ..core import (BadNotation, BadOption, FILES, Game, Option, Result, ascii_int, shown_value,
                    winners_by_score)

EMPTY, BLACK, WHITE = -1, 0, 1
NOBODY = -1
COLOUR_NAMES = ("Black", "White")
COLOUR_IDS = ("black", "white")

PASS = ("pass",)
BUTTON = ("button",)

# Directions in axial coordinates (q along a row, s up the rows); d and d + 3 are opposite.
DIRECTIONS = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))

# A cell's status code packs what is on it and who controls it: (stone + 1) * 3 + (control + 1).
# PLAYABLE[colour][code] says whether that colour may place or flip on a cell with that code.
UNCONTROLLED_EMPTY = 0
PLAYABLE = (
    (True, True, False, False, False, False, False, True, False),   # Black: empty not White's; White stone in Black's control
    (True, False, True, False, False, True, False, False, False),   # White: empty not Black's; Black stone in White's control
)

_CELL = re.compile(r"^([a-z])([0-9]+)(x?)$")
_KOMI = re.compile(r"^komi(-?[0-9]+)$")


def status_code(stone: int, control: int) -> int:
    return (stone + 1) * 3 + control + 1


# --------------------------------------------------------------------------- the board's geometry

class HexGrid:
    """The fixed facts of a hexhex board of `side` cells a side (one per size, cached)."""

    def __init__(self, side: int):
        self.side = side
        self.rows = 2 * side - 1
        coords = []
        self.row_starts = []
        self.row_lengths = []
        for row in range(self.rows):
            s = row - (side - 1)
            first, last = max(-(side - 1), -(side - 1) - s), min(side - 1, side - 1 - s)
            self.row_starts.append(len(coords))
            self.row_lengths.append(last - first + 1)
            coords.extend((q, s) for q in range(first, last + 1))
        self.coords = tuple(coords)
        self.count = len(coords)
        index = {qs: i for i, qs in enumerate(coords)}
        self.names = tuple(f"{FILES[row]}{i - self.row_starts[row] + 1}"
                           for row in range(self.rows)
                           for i in range(self.row_starts[row],
                                          self.row_starts[row] + self.row_lengths[row]))
        self.index_of_name = {name: i for i, name in enumerate(self.names)}
        # rays[cell][d]: the cells met walking from `cell` in direction d, nearest first.
        rays = []
        for q, s in coords:
            cell_rays = []
            for dq, ds in DIRECTIONS:
                ray, k = [], 1
                while (q + k * dq, s + k * ds) in index:
                    ray.append(index[(q + k * dq, s + k * ds)])
                    k += 1
                cell_rays.append(tuple(ray))
            rays.append(tuple(cell_rays))
        self.rays = tuple(rays)
        self.neighbours = tuple(tuple(ray[0] for ray in r if ray) for r in rays)
        # More than half the neighbours: 2 of 3 at a corner, 3 of 4 on an edge, 4 of 6 inside.
        self.threshold = tuple(len(n) // 2 + 1 for n in self.neighbours)
        self.cells = tuple(range(self.count))

    def row_of(self, cell: int) -> int:
        s = self.coords[cell][1]
        return s + self.side - 1

    def xy(self, cell: int) -> tuple[float, float]:
        """Centre of a cell for drawing: neighbours 1 apart, rows going up, (0, 0) in the middle."""
        q, s = self.coords[cell]
        return q + s / 2, s * math.sqrt(3) / 2


_GRIDS: dict[int, HexGrid] = {}


def grid_for(side: int) -> HexGrid:
    if side not in _GRIDS:
        _GRIDS[side] = HexGrid(side)
    return _GRIDS[side]


def cell_count(side: int) -> int:
    return 3 * side * (side - 1) + 1


# --------------------------------------------------------------------------- sight and control

def control_of(grid: HexGrid, black_seen: int, white_seen: int, cell: int) -> int:
    need = grid.threshold[cell]
    if black_seen >= need:
        return BLACK
    if white_seen >= need:
        return WHITE
    return NOBODY


def first_stone(board, ray) -> int:
    """How many cells of `ray` up to and including its first stone (all of it if none)."""
    for k, cell in enumerate(ray):
        if board[cell] != EMPTY:
            return k + 1
    return len(ray)


def sight_from_scratch(grid: HexGrid, board) -> tuple[list[int], list[int]]:
    """For every cell, how many Black and White stones it sees (the slow, obvious way)."""
    seen = ([0] * grid.count, [0] * grid.count)
    for cell in grid.cells:
        for ray in grid.rays[cell]:
            for other in ray:
                if board[other] != EMPTY:
                    seen[board[other]][cell] += 1
                    break
    return seen


class Position:
    """A mutable working copy of a board with its sight counts, control and status codes.

    `place` and `flip` update everything incrementally along the move's six lines.
    Used inside a single `_apply` and for a whole fast random playout.
    """

    __slots__ = ("grid", "board", "seen", "control", "status")

    def __init__(self, grid, board, black_seen, white_seen, control, status):
        self.grid = grid
        self.board = list(board)
        self.seen = (list(black_seen), list(white_seen))
        self.control = list(control)
        self.status = list(status)

    @classmethod
    def from_board(cls, grid: HexGrid, board) -> "Position":
        black_seen, white_seen = sight_from_scratch(grid, board)
        control = [control_of(grid, black_seen[c], white_seen[c], c) for c in grid.cells]
        status = [status_code(board[c], control[c]) for c in grid.cells]
        return cls(grid, board, black_seen, white_seen, control, status)

    def _refresh(self, cells) -> None:
        board, control, status = self.board, self.control, self.status
        black_seen, white_seen = self.seen
        threshold = self.grid.threshold
        for c in cells:
            need = threshold[c]
            who = BLACK if black_seen[c] >= need else WHITE if white_seen[c] >= need else NOBODY
            control[c] = who
            status[c] = (board[c] + 1) * 3 + who + 1

    def place(self, cell: int, colour: int) -> None:
        """Put a stone of `colour` on the empty `cell`."""
        board, rays = self.board, self.grid.rays[cell]
        reach = [first_stone(board, ray) for ray in rays]
        # The stone each line showed through the empty cell, seen from the far side.
        showed = [board[ray[reach[d] - 1]] if ray else EMPTY for d, ray in enumerate(rays)]
        board[cell] = colour
        gain = self.seen[colour]
        self.status[cell] = (colour + 1) * 3 + self.control[cell] + 1
        for d, ray in enumerate(rays):
            before = showed[(d + 3) % 6]
            if before == colour:
                continue            # they saw a stone of this colour before, and still do
            touched = ray[:reach[d]]
            if before == EMPTY:
                for c in touched:
                    gain[c] += 1
            else:
                lose = self.seen[before]
                for c in touched:
                    gain[c] += 1
                    lose[c] -= 1
            self._refresh(touched)

    def flip(self, cell: int) -> None:
        """Turn the stone on `cell` to the other colour."""
        board, rays = self.board, self.grid.rays[cell]
        old = board[cell]
        board[cell] = 1 - old
        self.status[cell] = (2 - old) * 3 + self.control[cell] + 1
        lose, gain = self.seen[old], self.seen[1 - old]
        for ray in rays:
            touched = ray[:first_stone(board, ray)]
            for c in touched:
                gain[c] += 1
                lose[c] -= 1
            self._refresh(touched)

    def playable_cells(self, colour: int) -> list[int]:
        """Cells where `colour` may place (empty ones) or flip (enemy stones), in order."""
        return list(compress(self.grid.cells, map(PLAYABLE[colour].__getitem__, self.status)))


# --------------------------------------------------------------------------- the state

@dataclass(frozen=True)
class StigmergyState:
    size: int
    komi_option: object                 # "bid" or the fixed integer (the option as given)
    komi: int | None                    # None until chosen in bid mode
    black_seat: int | None              # which seat plays Black; None until sides are chosen
    colour_to_move: int                 # the colour to make the next board play
    button_holder: int | None           # colour holding the button, None while nobody has it
    passes: int                         # consecutive passes just made (two end the game)
    board: tuple[int, ...]              # EMPTY, BLACK or WHITE per cell
    last: tuple | None = None           # the last move, for display
    black_seen: tuple[int, ...] = field(default=(), compare=False, repr=False)
    white_seen: tuple[int, ...] = field(default=(), compare=False, repr=False)
    control: tuple[int, ...] = field(default=(), compare=False, repr=False)
    status: tuple[int, ...] = field(default=(), compare=False, repr=False)
    _moves: list | None = field(default=None, compare=False, repr=False)

    @property
    def grid(self) -> HexGrid:
        return grid_for(self.size)

    @property
    def phase(self) -> str:
        """"bid" (komi to choose), "side" (colour to choose), "play", or "over"."""
        if self.komi is None:
            return "bid"
        if self.black_seat is None:
            return "side"
        return "over" if self.passes >= 2 else "play"

    @property
    def button_in_play(self) -> bool:
        return self.komi is not None and self.komi % 2 == 1

    @property
    def button_untaken(self) -> bool:
        return self.button_in_play and self.button_holder is None

    def seat_of(self, colour: int) -> int:
        return self.black_seat if colour == BLACK else 1 - self.black_seat


def _with_position(state: StigmergyState, position: Position, **changes) -> StigmergyState:
    return StigmergyState(
        size=state.size, komi_option=state.komi_option,
        komi=changes.get("komi", state.komi),
        black_seat=changes.get("black_seat", state.black_seat),
        colour_to_move=changes.get("colour_to_move", state.colour_to_move),
        button_holder=changes.get("button_holder", state.button_holder),
        passes=changes.get("passes", state.passes),
        board=tuple(position.board), last=changes.get("last", state.last),
        black_seen=tuple(position.seen[0]), white_seen=tuple(position.seen[1]),
        control=tuple(position.control), status=tuple(position.status))


def _position(state: StigmergyState) -> Position:
    return Position(state.grid, state.board, state.black_seen, state.white_seen,
                    state.control, state.status)


def setup(size: int = 8, black=(), white=(), komi=0, colour_to_move=BLACK,
          button_holder=None, black_seat=0, passes=0) -> StigmergyState:
    """A position built by hand (tests, puzzles): stones given as cell names, in play phase."""
    grid = grid_for(size)
    board = [EMPTY] * grid.count
    for colour, names in ((BLACK, black), (WHITE, white)):
        for name in names:
            if name not in grid.index_of_name:
                raise BadNotation(f"{name} is not a cell of the side-{size} board")
            board[grid.index_of_name[name]] = colour
    empty = StigmergyState(size, komi, komi, black_seat, colour_to_move, button_holder,
                           passes, tuple(board))
    return _with_position(empty, Position.from_board(grid, board))


def _number(value: float) -> float:
    """A score as an int when whole, else a float (x.5)."""
    return int(value) if value == int(value) else value


# --------------------------------------------------------------------------- the game

class Stigmergy(Game):
    id = "stigmergy"
    name = "Stigmergy"
    min_seats = 2
    max_seats = 2
    options_spec = (
        Option("size", "Board size", "int", 8, lo=4, hi=10,
               help="Cells on each side of the hexagon (8: 169 cells)."),
        Option("komi", "Komi", "custom", "bid",
               help="Points added to White's score. 'bid': the first player names the komi, "
                    "the second then picks a colour. A whole number: a fixed komi, and the "
                    "first player plays Black. An odd komi brings the button (+0.5)."),
    )

    # ---- options

    def check_custom_option(self, name, value, chosen):
        if name != "komi":
            return super().check_custom_option(name, value, chosen)
        if isinstance(value, str):
            value = self.parse_option(name, value)
        if value == "bid":
            return value
        if isinstance(value, bool) or not isinstance(value, int):
            raise BadOption(f"option komi must be 'bid' or a whole number, "
                            f"not {shown_value(value)}")
        limit = cell_count(chosen["size"])
        if not -limit <= value <= limit:
            raise BadOption(f"option komi must be from {-limit} to {limit} on a side-"
                            f"{chosen['size']} board, not {shown_value(value)}")
        return value

    def parse_option(self, name, text):
        if name != "komi":
            return super().parse_option(name, text)
        text = text.strip().lower()
        if text == "bid":
            return text
        number = ascii_int(text)
        if number is None:
            raise BadOption(f"option komi must be 'bid' or a whole number, not {shown_value(text)}",
                            name)
        return number

    def _options(self, state):
        return {"size": state.size, "komi": state.komi_option}

    # ---- state

    def _new(self, options):
        size, komi = options["size"], options["komi"]
        grid = grid_for(size)
        if komi == "bid":
            start = StigmergyState(size, komi, None, None, BLACK, None, 0, (EMPTY,) * grid.count)
        else:
            start = StigmergyState(size, komi, komi, 0, BLACK, None, 0, (EMPTY,) * grid.count)
        return _with_position(start, Position.from_board(grid, start.board))

    def _to_move(self, state):
        phase = state.phase
        if phase == "bid":
            return 0
        if phase == "side":
            return 1
        return state.seat_of(state.colour_to_move)

    def seat_names(self, state):
        if state.black_seat is None:
            return ("First player", "Second player")
        return tuple(COLOUR_NAMES[self.colour_of_seat(state, seat)] for seat in (0, 1))

    @staticmethod
    def colour_of_seat(state, seat: int) -> int | None:
        if state.black_seat is None:
            return None
        return BLACK if seat == state.black_seat else WHITE

    # ---- moves

    def _generate(self, state):
        phase = state.phase
        if phase == "bid":
            limit = state.grid.count
            return [("komi", k) for k in range(-limit, limit + 1)]
        if phase == "side":
            return [("side", BLACK), ("side", WHITE)]
        if phase == "over":
            return []
        board = state.board
        cells = compress(state.grid.cells, map(PLAYABLE[state.colour_to_move].__getitem__,
                                                state.status))
        moves = [("place", c) if board[c] == EMPTY else ("flip", c) for c in cells]
        if state.button_untaken:
            moves.append(BUTTON)
        elif UNCONTROLLED_EMPTY not in state.status:
            moves.append(PASS)
        return moves

    def _apply(self, state, move):
        kind = move[0]
        if kind == "place" or kind == "flip":
            position = _position(state)
            if kind == "place":
                position.place(move[1], state.colour_to_move)
            else:
                position.flip(move[1])
            return _with_position(state, position, colour_to_move=1 - state.colour_to_move,
                                  passes=0, last=move)
        if kind == "pass":
            return self._replace(state, colour_to_move=1 - state.colour_to_move,
                                 passes=state.passes + 1, last=move)
        if kind == "button":
            return self._replace(state, colour_to_move=1 - state.colour_to_move,
                                 button_holder=state.colour_to_move, passes=0, last=move)
        if kind == "komi":
            return self._replace(state, komi=move[1], last=move)
        if kind == "side":
            # The second seat chose move[1]; Black then makes the first board play.
            return self._replace(state, black_seat=1 if move[1] == BLACK else 0, last=move)
        raise BadNotation(f"{move!r} is not a Stigmergy move")

    @staticmethod
    def _replace(state, **changes):
        fields = {name: getattr(state, name) for name in (
            "size", "komi_option", "komi", "black_seat", "colour_to_move", "button_holder",
            "passes", "board", "last", "black_seen", "white_seen", "control", "status")}
        fields.update(changes)
        return StigmergyState(**fields)

    def random_playout(self, state, rng, max_plies=100_000):
        """Uniformly random legal moves to the end: the generic loop, on mutable lists.

        Moves are listed in the same order as `legal_moves` and drawn with the same
        `rng.randrange` call, so a seed gives exactly the game the generic loop gives.
        """
        plies = 0
        while plies < max_plies and state.phase in ("bid", "side"):
            moves = self._legal(state)
            state = self._apply(state, moves[rng.randrange(len(moves))])
            plies += 1
        if plies >= max_plies or state.phase != "play":
            return state
        position = _position(state)
        board, status = position.board, position.status
        colour, passes, holder = state.colour_to_move, state.passes, state.button_holder
        untaken = state.button_untaken
        last = state.last
        randrange, playable = rng.randrange, position.playable_cells
        while plies < max_plies and passes < 2:
            cells = playable(colour)
            count = len(cells)
            extra = untaken or UNCONTROLLED_EMPTY not in status
            pick = randrange(count + 1 if extra else count)
            if pick < count:
                cell = cells[pick]
                if board[cell] == EMPTY:
                    position.place(cell, colour)
                    last = ("place", cell)
                else:
                    position.flip(cell)
                    last = ("flip", cell)
                passes = 0
            elif untaken:
                holder, untaken, passes, last = colour, False, 0, BUTTON
            else:
                passes, last = passes + 1, PASS
            colour = 1 - colour
            plies += 1
        return _with_position(state, position, colour_to_move=colour, passes=passes,
                              button_holder=holder, last=last)

    # ---- notation

    def _format(self, state, move):
        kind = move[0]
        if kind == "place":
            return state.grid.names[move[1]]
        if kind == "flip":
            return state.grid.names[move[1]] + "x"
        if kind == "komi":
            return f"komi{move[1]}"
        if kind == "side":
            return COLOUR_IDS[move[1]]
        return kind                         # "pass" or "button"

    def _decode(self, state, text):
        if text == "pass":
            return PASS
        if text == "button":
            return BUTTON
        if text in COLOUR_IDS:
            return ("side", COLOUR_IDS.index(text))
        if text.startswith("komi"):
            match = _KOMI.match(text)
            number = ascii_int(match.group(1)) if match else None
            if number is None:
                raise BadNotation(f"'{text}' is not a komi choice (write it like komi7 or komi-2)")
            return ("komi", number)
        match = _CELL.match(text)
        if not match:
            raise BadNotation(f"'{text}' is not a Stigmergy move (a cell like d4, a flip like "
                              "d4x, pass, button, komi7, black or white)")
        name = match.group(1) + match.group(2)
        grid = state.grid
        if name not in grid.index_of_name:
            row = FILES.index(match.group(1))
            if row >= grid.rows:
                raise BadNotation(f"'{text}': there is no row {match.group(1)} on the side-"
                                  f"{state.size} board (rows a to {FILES[grid.rows - 1]})")
            raise BadNotation(f"'{text}': row {match.group(1)} has cells 1 to "
                              f"{grid.row_lengths[row]}")
        return ("flip" if match.group(3) else "place", grid.index_of_name[name])

    # ---- why a move is not allowed

    @staticmethod
    def _kind(state, move) -> str | None:
        """The kind of a move that has a Stigmergy move's shape (whether legal or not), else
        None: so the reasons below may take it apart."""
        if move == PASS or move == BUTTON:
            return move[0]
        if not (isinstance(move, tuple) and len(move) == 2 and type(move[1]) is int):
            return None
        kind, number = move
        if (kind == "komi" or (kind == "side" and number in (BLACK, WHITE))
                or (kind in ("place", "flip") and 0 <= number < state.grid.count)):
            return kind
        return None

    def _why_illegal(self, state, move):
        phase, kind = state.phase, self._kind(state, move)
        if phase == "over":
            return "the game is over"
        if phase == "bid":
            if kind != "komi":
                return "first the first player chooses the komi (write it like komi7 or komi-2)"
            limit = state.grid.count
            return f"komi must be a whole number from {-limit} to {limit}"
        if phase == "side":
            return "the second player must now choose a colour: black or white"
        if kind == "komi":
            return f"the komi is already {state.komi}"
        if kind == "side":
            return "the sides are already chosen"
        me = state.colour_to_move
        if kind == "button":
            if not state.button_in_play:
                return f"there is no button: the komi ({state.komi}) is even"
            return f"{COLOUR_NAMES[state.button_holder]} has already taken the button"
        if kind == "pass":
            if state.button_untaken:
                return "you may not pass while the button is untaken (you may take it instead)"
            open_cell = state.status.index(UNCONTROLLED_EMPTY)
            return ("you may not pass while empty cells are uncontrolled "
                    f"(for example {state.grid.names[open_cell]})")
        if kind in ("place", "flip"):
            return self._why_not_here(state, kind, move[1], me)
        return "that is not a Stigmergy move (a cell like d4, a flip like d4x, pass or button)"

    @staticmethod
    def _why_not_here(state, kind, cell, me):
        name, stone, owner = state.grid.names[cell], state.board[cell], state.control[cell]
        if kind == "place":
            if stone != EMPTY:
                return f"{name} is occupied by a {COLOUR_NAMES[stone]} stone"
            return f"{name} is controlled by {COLOUR_NAMES[owner]}"
        if stone == EMPTY:
            return f"{name} is empty: there is no stone to flip"
        if stone == me:
            return f"{name} is already {COLOUR_NAMES[me]}"
        seen = (state.black_seen, state.white_seen)[me][cell]
        return (f"you do not control {name}: it sees {seen} {COLOUR_NAMES[me]} "
                f"stone{'' if seen == 1 else 's'} and needs {state.grid.threshold[cell]}")

    # ---- score and end

    def score_parts(self, state) -> dict:
        """Per colour: stones, controlled empty cells, komi, button half point, total."""
        parts = {}
        for colour, colour_id in enumerate(COLOUR_IDS):
            stones = state.board.count(colour)
            territory = state.status.count(status_code(EMPTY, colour))
            komi = state.komi if colour == WHITE and state.komi is not None else 0
            button = 0.5 if state.button_holder == colour else 0
            parts[colour_id] = {"stones": stones, "territory": territory, "komi": komi,
                                "button": button,
                                "total": _number(stones + territory + komi + button)}
        return parts

    def _scores(self, state):
        if state.black_seat is None:
            return (0, 0)
        parts = self.score_parts(state)
        return tuple(parts[COLOUR_IDS[self.colour_of_seat(state, seat)]]["total"]
                     for seat in (0, 1))

    def _result(self, state):
        if state.passes < 2:
            return None
        scores = self._scores(state)
        winners = winners_by_score(scores)
        return Result(winners, scores, self._final_words(state, winners))

    def _final_words(self, state, winners):
        parts = self.score_parts(state)
        black, white = parts["black"], parts["white"]

        def sum_text(part):
            text = f"{part['stones'] + part['territory']}"
            if part["komi"]:
                text += f" {'+' if part['komi'] > 0 else '-'} {abs(part['komi'])} komi"
            if part["button"]:
                text += " + 0.5 button"
            if text != str(part["total"]):
                text += f" = {part['total']}"
            return text

        tie = " (a tie)" if len(winners) == 2 else ""
        return f"Both players passed. Black {sum_text(black)}, White {sum_text(white)}{tie}"

    def evaluate(self, state) -> tuple[float, ...]:
        """Each seat's chance to win, guessed from the live score lead (a logistic curve)."""
        result = self._result(state)
        if result is not None:
            return tuple(result.reward(seat) for seat in (0, 1))
        if state.black_seat is None:
            return (0.5, 0.5)
        first, second = self._scores(state)
        # The lead is worth more as the board fills up: scale by the empty cells left.
        empty = state.board.count(EMPTY)
        spread = 2.0 + empty / 8
        p = 1.0 / (1.0 + math.exp(-(first - second) / spread))
        return (p, 1.0 - p)

    # ---- display

    def view(self, state):
        grid = state.grid
        cells = []
        for cell in grid.cells:
            x, y = grid.xy(cell)
            stone, owner = state.board[cell], state.control[cell]
            cells.append({
                "name": grid.names[cell],
                "row": grid.row_of(cell),
                "x": round(x, 4),
                "y": round(y, 4),
                "stone": COLOUR_IDS[stone] if stone != EMPTY else None,
                "control": COLOUR_IDS[owner] if owner != NOBODY else None,
                "sees": {"black": state.black_seen[cell], "white": state.white_seen[cell]},
                "needs": grid.threshold[cell],
                "neighbours": len(grid.neighbours[cell]),
            })
        last = state.last
        if state.button_untaken:
            button = "untaken"
        elif state.button_holder is not None:
            button = COLOUR_IDS[state.button_holder]
        else:
            button = None
        return {
            "size": state.size,
            "cells": cells,
            "rows": [{"letter": FILES[r], "length": grid.row_lengths[r],
                      "first": grid.names[grid.row_starts[r]]} for r in range(grid.rows)],
            "phase": state.phase,
            "komi_mode": "bid" if state.komi_option == "bid" else "fixed",
            "komi": state.komi,
            "komi_range": (-grid.count, grid.count),
            "button": button,
            "button_in_play": state.button_in_play,
            "colour_to_move": COLOUR_IDS[state.colour_to_move] if state.black_seat is not None
            else None,
            "seat_colours": [COLOUR_IDS[self.colour_of_seat(state, s)] if state.black_seat
                             is not None else None for s in (0, 1)],
            "score": self.score_parts(state),
            "passes": state.passes,
            "last": grid.names[last[1]] if last and last[0] in ("place", "flip") else None,
            "last_move": self._format(state, last) if last else None,
        }


GAME = Stigmergy()
