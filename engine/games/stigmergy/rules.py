"""Stigmergy: a territory game of sight and control on a hexhex board.

Rules: web/rules/stigmergy.html (Luis Bolaños Mures and Steven Metzger, after
Michał Zapała's Tumbleweed).  A cell sees the first stone in each of its six
directions; a player controls a cell (empty or occupied) when it sees more of
that player's stones than half its neighbour count.  On a turn a player places
a stone on an empty cell the opponent does not control, flips an enemy stone on
a cell they control, takes the button (odd komi only, while untaken) or passes
(only when every empty cell is controlled and the button is not untaken).  Two
passes in a row end the game (Termination.BOTH_PASSED); score = stones + controlled
empty cells, + komi for White, + 0.5 for the button holder.

Komi is either fixed by an option (the first seat plays Black) or bid: the
first seat chooses it (`komi7`), then the second seat chooses its colour
(`black` / `white`).  Seats (who plays) and colours (what is on the board) are
both kept in the state: `black_seat` says which seat plays Black, and
core.swapped_pair turns a seat into its colour and back.

Moves are small named tuples, Place(cell), Flip(cell), Komi(komi) and Side(colour),
and the words PASS (core's) and BUTTON; cells are indices in notation order (row a
first, each row from its left end).  The board, sight and control, kept incrementally
(a move changes sight only along its six lines), are in kernel.py, with the
kernel that lists a colour's board plays for both `_generate` and the fast playout.

Reason codes of a refused move (`Game.check`, `IllegalMove.verdict`):
    game-over       the game is over
    komi-first      the bid is on and the move is not a komi choice
    komi-range      a komi outside -N..N (N: the number of cells)
    side-first      the sides are to be chosen and the move is not a colour
    komi-chosen     a komi choice once the komi is set
    sides-chosen    a colour choice once the sides are set
    no-button       the button when the komi is even
    button-taken    the button when someone holds it
    button-untaken  a pass while the button is untaken
    uncontrolled    a pass while an empty cell is uncontrolled
    occupied        a placement on a stone
    enemy-control   a placement on a cell the opponent controls
    no-stone        a flip of an empty cell
    own-stone       a flip of the mover's own stone
    no-control      a flip on a cell the mover does not control
    not-a-move      a value that is not a Stigmergy move at all

Codes of text that is not a move (`BadNotation.code`): not-a-move, not-a-komi (komi with no
number after it), no-such-row, no-such-cell, and Game.parse's not-text, empty and too-long;
`setup` refuses a name that is no cell with not-a-cell.  The komi option is refused with
not-a-number (neither 'bid' nor a whole number) or out-of-range.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple, TypedDict, Unpack

from ...contract.core import Game
from ...contract.errors import BadNotation, BadOption, EngineError, Verdict, refusal
from ...contract.moves import PASS, swapped_pair
from ...contract.options import Option
from ...contract.result import Result, Termination, winners_by_score
from ...contract.squares import FILES
from ...contract.user_text import ascii_int, shown_value
from ...contract.view import View

# The board's colours and move values are the game's too: its users import them from here.
from .kernel import (
    BLACK,
    BUTTON,
    EMPTY,
    NOBODY,
    SIDES,
    UNCONTROLLED_EMPTY,
    WHITE,
    Flip,
    HexGrid,
    Komi,
    Place,
    Position,
    StigmergyMove,
    cell_count,
    grid_for,
    moves_for,
    playable,
    status_code,
    word_move,
)
from .kernel import (
    Side as Side,  # re-exported: the game's move values are imported from here
)

COLOUR_NAMES = ("Black", "White")
COLOUR_IDS = ("black", "white")

_CELL = re.compile(r"^([a-z])([0-9]+)(x?)$")
_KOMI = re.compile(r"^komi(-?[0-9]+)$")


# --------------------------------------------------------------------------- what the page sees


class CellView(NamedTuple):
    name: str  # its notation, e.g. "d4"
    row: int  # 0: row a, the bottom one
    x: float  # its centre: neighbours 1 apart, rows going up,
    y: float  # (0, 0) in the middle of the board
    stone: int | None  # BLACK, WHITE or None
    control: int | None  # the colour controlling it, or None
    sees: tuple[int, int]  # the Black and the White stones it sees
    needs: int  # stones one colour must see to control it
    neighbours: int  # 3 at a corner, 4 on an edge, 6 inside


class RowView(NamedTuple):
    letter: str
    length: int
    first: int  # the cell index of its left end


class ScoreParts(NamedTuple):
    stones: int
    territory: int  # empty cells controlled
    komi: int  # White's only; 0 for Black
    button: float  # 0.5 for the holder, else 0
    total: float  # an int when whole


Phase = Literal["bid", "side", "play", "over"]


@dataclass(frozen=True, kw_only=True)
class StigmergyView(View):
    """A Stigmergy position for the board.  width, height: the board's rows and its longest
    row (both 2 × side − 1); cells in notation order (row a first, each from its left end)."""

    cells: tuple[CellView, ...]
    size: int  # cells on each side of the hexagon
    rows: tuple[RowView, ...]  # bottom (row a) first
    phase: Phase  # komi bid, colour choice, play, or over
    komi: int | None  # None until the bid is made
    komi_limit: int  # a bid is from -komi_limit to komi_limit
    button_in_play: bool  # the komi is odd
    button_untaken: bool
    button_holder: int | None  # the colour holding it
    seat_colours: tuple[int, int] | None  # the colour each seat plays, once chosen
    score: tuple[ScoreParts, ScoreParts]  # Black's and White's, part by part
    passes: int  # passes just made in a row


# --------------------------------------------------------------------------- the state


@dataclass(frozen=True)
class StigmergyState:
    size: int
    komi_option: object  # "bid" or the fixed integer (the option as given)
    komi: int | None  # None until chosen in bid mode
    black_seat: int | None  # which seat plays Black; None until sides are chosen
    colour_to_move: int  # the colour to make the next board play
    button_holder: int | None  # colour holding the button, None while nobody has it
    passes: int  # consecutive passes just made (two end the game)
    board: tuple[int, ...]  # EMPTY, BLACK or WHITE per cell
    last: StigmergyMove | None = None  # the last move, for display
    black_seen: tuple[int, ...] = field(default=(), compare=False, repr=False)
    white_seen: tuple[int, ...] = field(default=(), compare=False, repr=False)
    control: tuple[int, ...] = field(default=(), compare=False, repr=False)
    status: tuple[int, ...] = field(default=(), compare=False, repr=False)
    _moves: tuple | None = field(default=None, compare=False, repr=False)
    _view: StigmergyView | None = field(default=None, compare=False, repr=False)

    @property
    def grid(self) -> HexGrid:
        return grid_for(self.size)

    @property
    def phase(self) -> Phase:
        """ "bid" (komi to choose), "side" (colour to choose), "play", or "over"."""
        if self.komi is None:
            return "bid"
        if self.black_seat is None:
            return "side"
        return "over" if self.passes >= 2 else "play"

    @property
    def swapped(self) -> bool:
        """The second seat plays Black: seat and colour numbers differ (core.swapped_pair)."""
        return self.black_seat == 1

    @property
    def button_in_play(self) -> bool:
        return self.komi is not None and self.komi % 2 == 1

    @property
    def button_untaken(self) -> bool:
        return self.button_in_play and self.button_holder is None


def _with_position(state: StigmergyState, position: Position, **changes: Any) -> StigmergyState:
    return StigmergyState(
        size=state.size,
        komi_option=state.komi_option,
        komi=changes.get("komi", state.komi),
        black_seat=changes.get("black_seat", state.black_seat),
        colour_to_move=changes.get("colour_to_move", state.colour_to_move),
        button_holder=changes.get("button_holder", state.button_holder),
        passes=changes.get("passes", state.passes),
        board=tuple(position.board),
        last=changes.get("last", state.last),
        black_seen=tuple(position.seen[0]),
        white_seen=tuple(position.seen[1]),
        control=tuple(position.control),
        status=tuple(position.status),
    )


def _position(state: StigmergyState) -> Position:
    return Position(
        state.grid, state.board, state.black_seen, state.white_seen, state.control, state.status
    )


def _replace(state: StigmergyState, **changes: Any) -> StigmergyState:
    fields = {
        name: getattr(state, name)
        for name in (
            "size",
            "komi_option",
            "komi",
            "black_seat",
            "colour_to_move",
            "button_holder",
            "passes",
            "board",
            "last",
            "black_seen",
            "white_seen",
            "control",
            "status",
        )
    }
    fields.update(changes)
    return StigmergyState(**fields)


class PlaySetup(TypedDict, total=False):
    """What a position built by hand (`setup`) may set besides its stones; each setting left
    out is as at the start of play with a fixed komi of 0."""

    komi: int  # White's komi, and the komi option (0)
    colour_to_move: int  # BLACK
    button_holder: int | None  # the colour holding the button (None: nobody)
    black_seat: int  # the seat that plays Black (0: the first)
    passes: int  # passes just made in a row (0)


def setup(size: int = 8, black=(), white=(), **play: Unpack[PlaySetup]) -> StigmergyState:
    """A position built by hand (tests, puzzles), in play phase: stones given as cell names,
    and any of the settings of `PlaySetup`."""
    settings = tuple(PlaySetup.__annotations__)
    unknown = sorted(play.keys() - set(settings))
    if unknown:
        raise EngineError(
            f"setup has no setting {shown_value(unknown[0])} (settings: {', '.join(settings)})"
        )
    grid = grid_for(size)
    board = [EMPTY] * grid.count
    for colour, names in ((BLACK, black), (WHITE, white)):
        for name in names:
            if name not in grid.index_of_name:
                raise BadNotation(
                    f"{name} is not a cell of the side-{size} board", code="not-a-cell"
                )
            board[grid.index_of_name[name]] = colour
    komi = play.get("komi", 0)
    empty = StigmergyState(
        size,
        komi,
        komi,
        play.get("black_seat", 0),
        play.get("colour_to_move", BLACK),
        play.get("button_holder"),
        play.get("passes", 0),
        tuple(board),
    )
    return _with_position(empty, Position.from_board(grid, board))


def _number(value: float) -> float:
    """A score as an int when whole, else a float (x.5)."""
    return int(value) if value == int(value) else value


def score_parts(state: StigmergyState) -> tuple[ScoreParts, ScoreParts]:
    """Black's and White's score: stones, controlled empty cells, komi, button, total."""
    parts = []
    for colour in (BLACK, WHITE):
        stones = state.board.count(colour)
        territory = state.status.count(status_code(EMPTY, colour))
        komi = state.komi if colour == WHITE and state.komi is not None else 0
        button = 0.5 if state.button_holder == colour else 0
        parts.append(
            ScoreParts(
                stones, territory, komi, button, _number(stones + territory + komi + button)
            )
        )
    return parts[0], parts[1]


def _cell_view(state: StigmergyState, cell: int) -> CellView:
    """One cell as the page sees it (the view's cells, and the refusals about a cell)."""
    facts = _cell_facts(state.size)[cell]
    stone, owner = state.board[cell], state.control[cell]
    return CellView(
        facts[0],
        facts[1],
        facts[2],
        facts[3],
        None if stone == EMPTY else stone,
        None if owner == NOBODY else owner,
        (state.black_seen[cell], state.white_seen[cell]),
        facts[4],
        facts[5],
    )


_FACTS: dict[int, tuple[tuple[str, int, float, float, int, int], ...]] = {}


def _cell_facts(side: int) -> tuple[tuple[str, int, float, float, int, int], ...]:
    """Per cell, what never changes: name, row, x, y, stones needed, neighbour count."""
    if side not in _FACTS:
        grid = grid_for(side)
        _FACTS[side] = tuple(
            (
                grid.names[c],
                grid.row_of(c),
                round(grid.xy(c)[0], 4),
                round(grid.xy(c)[1], 4),
                grid.threshold[c],
                len(grid.neighbours[c]),
            )
            for c in grid.cells
        )
    return _FACTS[side]


def cell_refusal(cell: CellView, flip: bool, me: int) -> Verdict:
    """Why colour `me` may not place on (or, `flip`, flip the stone on) this cell, for a
    cell where it may not: the one home of these texts (the board's tooltips read it too)."""
    name, stone, owner = cell.name, cell.stone, cell.control
    if not flip:
        if stone is not None:
            return refusal("occupied", f"{name} is occupied by a {COLOUR_NAMES[stone]} stone")
        enemy = 1 - me if owner is None else owner
        return refusal("enemy-control", f"{name} is controlled by {COLOUR_NAMES[enemy]}")
    if stone is None:
        return refusal("no-stone", f"{name} is empty: there is no stone to flip")
    if stone == me:
        return refusal("own-stone", f"{name} is already {COLOUR_NAMES[me]}")
    seen = cell.sees[me]
    return refusal(
        "no-control",
        f"you do not control {name}: it sees {seen} "
        f"{COLOUR_NAMES[me]} stone{'' if seen == 1 else 's'} and needs {cell.needs}",
    )


def phase_refusal(state: StigmergyState, kind: str | None) -> Verdict:
    """Why a move of this kind is not one of the phase's moves: the komi bid first, then the
    choice of colours, then play ("bid", "side", "play" or "over": StigmergyState.phase)."""
    phase = state.phase
    if phase == "over":
        return refusal("game-over", "the game is over")
    if phase == "bid":
        if kind != "komi":
            return refusal(
                "komi-first",
                "first the first player chooses the komi (write it like komi7 or komi-2)",
            )
        limit = state.grid.count
        return refusal("komi-range", f"komi must be a whole number from {-limit} to {limit}")
    if phase == "side":
        return refusal("side-first", "the second player must now choose a colour: black or white")
    if kind == "komi":
        return refusal("komi-chosen", f"the komi is already {state.komi}")
    return refusal("sides-chosen", "the sides are already chosen")


def word_refusal(state: StigmergyState, word: str) -> Verdict:
    """Why the button (taken only while it is in play and untaken) or a pass (only once no
    empty cell is uncontrolled and the button is not lying untaken) is refused here."""
    if word == BUTTON:
        if not state.button_in_play:
            return refusal("no-button", f"there is no button: the komi ({state.komi}) is even")
        holder = COLOUR_NAMES[state.button_holder if state.button_holder is not None else 0]
        return refusal("button-taken", f"{holder} has already taken the button")
    if state.button_untaken:
        return refusal(
            "button-untaken",
            "you may not pass while the button is untaken (you may take it instead)",
        )
    open_cell = state.status.index(UNCONTROLLED_EMPTY)
    return refusal(
        "uncontrolled",
        "you may not pass while empty cells are uncontrolled "
        f"(for example {state.grid.names[open_cell]})",
    )


def move_kind(state: StigmergyState, move: Any) -> str | None:
    """The kind of a value that has a Stigmergy move's shape, whether legal or not ("place",
    "flip", "komi", "side", "pass", "button"), else None: so the reasons for a refusal may
    take it apart."""
    if isinstance(move, str):
        return move if move in (PASS, BUTTON) else None
    if not (isinstance(move, tuple) and len(move) == 2 and type(move[0]) is int):
        return None
    number, kind = move
    if (
        kind == "komi"
        or (kind == "side" and number in (BLACK, WHITE))
        or (kind in ("place", "flip") and 0 <= number < state.grid.count)
    ):
        return kind
    return None


def final_words(state: StigmergyState, winners: tuple[int, ...]) -> str:
    """The result's reason: both passed, and each colour's sum."""

    def sum_text(part: ScoreParts) -> str:
        text = f"{part.stones + part.territory}"
        if part.komi:
            text += f" {'+' if part.komi > 0 else '-'} {abs(part.komi)} komi"
        if part.button:
            text += " + 0.5 button"
        if text != str(part.total):
            text += f" = {part.total}"
        return text

    black, white = score_parts(state)
    tie = " (a tie)" if len(winners) == 2 else ""
    return f"Both players passed. Black {sum_text(black)}, White {sum_text(white)}{tie}"


# --------------------------------------------------------------------------- the game


class Stigmergy(Game[StigmergyState, StigmergyMove]):
    id = "stigmergy"
    name = "Stigmergy"
    min_seats = 2
    max_seats = 2
    options_spec = (
        Option(
            "size",
            "Board size",
            "int",
            8,
            lo=4,
            hi=10,
            help="Cells on each side of the hexagon (8: 169 cells).",
        ),
        Option(
            "komi",
            "Komi",
            "custom",
            "bid",
            help="Points added to White's score. 'bid': the first player names the komi, "
            "the second then picks a colour. A whole number: a fixed komi, and the "
            "first player plays Black. An odd komi brings the button (+0.5).",
        ),
    )

    # ---- options

    def check_custom_option(self, name: str, value: Any, chosen: dict) -> Any:
        if name != "komi":
            return super().check_custom_option(name, value, chosen)
        if isinstance(value, str):
            value = self.parse_option(name, value)
        if value == "bid":
            return value
        if isinstance(value, bool) or not isinstance(value, int):
            raise BadOption(
                f"option komi must be 'bid' or a whole number, not {shown_value(value)}",
                code="not-a-number",
            )
        limit = cell_count(chosen["size"])
        if not -limit <= value <= limit:
            raise BadOption(
                f"option komi must be from {-limit} to {limit} on a side-"
                f"{chosen['size']} board, not {shown_value(value)}",
                code="out-of-range",
            )
        return value

    def parse_option(self, name: str, text: str) -> Any:
        if name != "komi":
            return super().parse_option(name, text)
        text = text.strip().lower()
        if text == "bid":
            return text
        number = ascii_int(text)
        if number is None:
            raise BadOption(
                f"option komi must be 'bid' or a whole number, not {shown_value(text)}",
                name,
                code="not-a-number",
            )
        return number

    def _options(self, state: StigmergyState) -> dict:
        return {"size": state.size, "komi": state.komi_option}

    # ---- state

    def _new(self, options: dict) -> StigmergyState:
        size, komi = options["size"], options["komi"]
        grid = grid_for(size)
        if komi == "bid":
            start = StigmergyState(size, komi, None, None, BLACK, None, 0, (EMPTY,) * grid.count)
        else:
            start = StigmergyState(size, komi, komi, 0, BLACK, None, 0, (EMPTY,) * grid.count)
        return _with_position(start, Position.from_board(grid, start.board))

    def _to_move(self, state: StigmergyState) -> int:
        phase = state.phase
        if phase == "bid":
            return 0
        if phase == "side":
            return 1
        return swapped_pair(state.colour_to_move, state.swapped)

    def seat_names(self, state: StigmergyState) -> tuple[str, ...]:
        colours = self.seat_colours(state)
        if colours is None:
            return ("First player", "Second player")
        return tuple(COLOUR_NAMES[colour] for colour in colours)

    @staticmethod
    def seat_colours(state: StigmergyState) -> tuple[int, int] | None:
        """The colour each seat plays, or None before the sides are chosen."""
        if state.black_seat is None:
            return None
        return swapped_pair(0, state.swapped), swapped_pair(1, state.swapped)

    # ---- moves

    def _generate(self, state: StigmergyState) -> list:
        phase = state.phase
        if phase == "bid":
            return list(moves_for(state.size).komi)
        if phase == "side":
            return list(SIDES)
        if phase == "over":
            return []
        board, table = state.board, moves_for(state.size)
        places, flips = table.place, table.flip
        moves: list = [
            places[c] if board[c] == EMPTY else flips[c]
            for c in playable(state.grid.cells, state.status, state.colour_to_move)
        ]
        word = word_move(state.button_untaken, state.status)
        if word is not None:
            moves.append(word)
        return moves

    def _apply(self, state: StigmergyState, move: Any) -> StigmergyState:
        if isinstance(move, str):
            if move == PASS:
                return _replace(
                    state,
                    colour_to_move=1 - state.colour_to_move,
                    passes=state.passes + 1,
                    last=move,
                )
            if move == BUTTON:
                return _replace(
                    state,
                    colour_to_move=1 - state.colour_to_move,
                    button_holder=state.colour_to_move,
                    passes=0,
                    last=move,
                )
        elif isinstance(move, tuple) and len(move) == 2:
            value, kind = move
            if kind == "place" or kind == "flip":
                position = _position(state)
                if kind == "place":
                    position.place(value, state.colour_to_move)
                else:
                    position.flip(value)
                return _with_position(
                    state, position, colour_to_move=1 - state.colour_to_move, passes=0, last=move
                )
            if kind == "komi":
                return _replace(state, komi=value, last=move)
            if kind == "side":
                # The second seat chose `value`; Black then makes the first board play.
                return _replace(state, black_seat=1 if value == BLACK else 0, last=move)
        raise BadNotation(f"{shown_value(move)} is not a Stigmergy move", code="not-a-move")

    def random_playout(
        self, state: StigmergyState, rng: random.Random, max_plies: int = 100_000
    ) -> StigmergyState:
        """Uniformly random legal moves to the end: the generic loop, on mutable lists.

        Moves are listed in the same order as `legal_moves` (the same kernel: `playable`,
        `word_move`) and drawn with the same `rng.randrange` call, so a seed gives exactly
        the game the generic loop gives.
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
        table = moves_for(state.size)
        places, flips = table.place, table.flip
        randrange, every_cell = rng.randrange, position.grid.cells
        while plies < max_plies and passes < 2:
            cells = playable(every_cell, status, colour)
            count = len(cells)
            word = word_move(untaken, status)
            pick = randrange(count if word is None else count + 1)
            if pick < count:
                cell = cells[pick]
                if board[cell] == EMPTY:
                    position.place(cell, colour)
                    last = places[cell]
                else:
                    position.flip(cell)
                    last = flips[cell]
                passes = 0
            elif word == BUTTON:
                holder, untaken, passes, last = colour, False, 0, BUTTON
            else:
                passes, last = passes + 1, PASS
            colour = 1 - colour
            plies += 1
        return _with_position(
            state, position, colour_to_move=colour, passes=passes, button_holder=holder, last=last
        )

    # ---- notation

    def _format(self, state: StigmergyState, move: Any) -> str:
        if isinstance(move, str):
            return move  # "pass" or "button"
        value, kind = move
        if kind == "place":
            return state.grid.names[value]
        if kind == "flip":
            return state.grid.names[value] + "x"
        if kind == "komi":
            return f"komi{value}"
        return COLOUR_IDS[value]  # a side

    def _decode(self, state: StigmergyState, text: str) -> StigmergyMove:
        if text in (PASS, BUTTON):
            return text
        if text in COLOUR_IDS:
            return SIDES[COLOUR_IDS.index(text)]
        if text.startswith("komi"):
            match = _KOMI.match(text)
            number = ascii_int(match.group(1)) if match else None
            if number is None:
                raise BadNotation(
                    f"'{text}' is not a komi choice (write it like komi7 or komi-2)",
                    code="not-a-komi",
                )
            return Komi(number)
        match = _CELL.match(text)
        if not match:
            raise BadNotation(
                f"'{text}' is not a Stigmergy move (a cell like d4, a flip like "
                "d4x, pass, button, komi7, black or white)",
                code="not-a-move",
            )
        name = match.group(1) + match.group(2)
        grid = state.grid
        if name not in grid.index_of_name:
            row = FILES.index(match.group(1))
            if row >= grid.rows:
                raise BadNotation(
                    f"'{text}': there is no row {match.group(1)} on the side-"
                    f"{state.size} board (rows a to {FILES[grid.rows - 1]})",
                    code="no-such-row",
                )
            raise BadNotation(
                f"'{text}': row {match.group(1)} has cells 1 to {grid.row_lengths[row]}",
                code="no-such-cell",
            )
        cell = grid.index_of_name[name]
        return Flip(cell) if match.group(3) else Place(cell)

    # ---- why a move is not allowed

    def _why_illegal(self, state: StigmergyState, move: Any) -> Verdict:
        kind = move_kind(state, move)
        if state.phase != "play" or kind in ("komi", "side"):
            return phase_refusal(state, kind)
        if kind in (BUTTON, PASS):
            return word_refusal(state, kind)
        if kind in ("place", "flip"):
            return cell_refusal(_cell_view(state, move[0]), kind == "flip", state.colour_to_move)
        return refusal(
            "not-a-move",
            "that is not a Stigmergy move (a cell like d4, a flip like d4x, pass or button)",
        )

    # ---- score and end

    def _scores(self, state: StigmergyState) -> tuple:
        colours = self.seat_colours(state)
        if colours is None:
            return (0, 0)
        parts = score_parts(state)
        return tuple(parts[colour].total for colour in colours)

    def _result(self, state: StigmergyState) -> Result | None:
        if state.passes < 2:
            return None
        scores = self._scores(state)
        winners = winners_by_score(scores)
        return Result(winners, scores, Termination.BOTH_PASSED, final_words(state, winners))

    # ---- display

    def view(self, state: StigmergyState) -> StigmergyView:
        """The position for the board (made once per state, as the page asks often)."""
        view = state._view
        if view is None:
            view = self._view_of(state)
            object.__setattr__(state, "_view", view)
        return view

    def _view_of(self, state: StigmergyState) -> StigmergyView:
        grid = state.grid
        last = state.last
        touched = (last.cell,) if isinstance(last, (Place, Flip)) else ()
        return StigmergyView(
            **self.view_core(state),
            width=grid.rows,
            height=grid.rows,  # rows, and the longest (middle) row
            cells=tuple(_cell_view(state, cell) for cell in grid.cells),
            last=touched,
            size=state.size,
            rows=tuple(
                RowView(FILES[r], grid.row_lengths[r], grid.row_starts[r])
                for r in range(grid.rows)
            ),
            phase=state.phase,
            komi=state.komi,
            komi_limit=grid.count,
            button_in_play=state.button_in_play,
            button_untaken=state.button_untaken,
            button_holder=state.button_holder,
            seat_colours=self.seat_colours(state),
            score=score_parts(state),
            passes=state.passes,
        )
