"""The generator's state files and the collections written from them.

Each game's state is lab/puzzles/work/<game>.jsonl, a JSON line per candidate judged: its key,
the verdict ("kept" or the drop reason), the CPU seconds it took and, when kept, the puzzle's
record.  A run appends to it and skips the keys in it, so a stopped run resumes; it is
committed with the collections, as their provenance.  The collection
(engine/games/<game>/puzzles.json, engine.puzzles.dump) is written from the kept records:
each gets its id (from a hash of the game and the position, letters and digits), its phase
and its motifs here, so a change of either needs no new search; a forced tail of its line is
cut off (`trimmed`), and a puzzle that starts on another's line is left out.
"""

from __future__ import annotations

import hashlib
import json
import os
import statistics
from collections import Counter

from engine import games
from engine.contract.core import Game, State
from engine.contract.plugins import plugin
from engine.learning.puzzles import Puzzle, dump
from lab.selfplay import load_games

from . import boards
from .criteria import FEW_CHOICES, MIN_CHOICES, PASS_TO_END, passes_to_the_end
from .endgame import LOSS, EndSolver
from .exact import Unknown
from .motifs import motifs
from .rating import rating

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
WORK = os.path.join(os.path.dirname(__file__), "work")
ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz"
CLOSING_CAP = 50_000  # the positions a closing pass's check may search out


def state_path(game_id: str) -> str:
    return os.path.join(WORK, f"{boards.work_name(game_id)}.jsonl")


def read_state(game_id: str) -> list[dict]:
    path = state_path(game_id)
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def append_state(game_id: str, entry: dict) -> None:
    os.makedirs(WORK, exist_ok=True)
    with open(state_path(game_id), "a") as f:
        f.write(json.dumps(entry, separators=(",", ":")) + "\n")


def rewrite_state(game_id: str, entries: list[dict]) -> None:
    """Replace the game's state (a recheck changed verdicts)."""
    with open(state_path(game_id), "w") as f:
        f.writelines(json.dumps(e, separators=(",", ":")) + "\n" for e in entries)


def puzzle_id(game_id: str, moves: list[str], taken: set[str]) -> str:
    """A short id, letters and digits, from the game and the position; longer on a clash."""
    digest = int(hashlib.sha1(" ".join([game_id, *moves]).encode()).hexdigest(), 16)
    text = ""
    while digest:
        digest, digit = divmod(digest, 36)
        text += ALPHABET[digit]
    length = 5
    while text[:length] in taken:
        length += 1
    return text[:length]


def games_path(game_id: str) -> str:
    """The games the generator played itself (candidates.self_play_game), a JSON line each."""
    return os.path.join(WORK, f"{boards.work_name(game_id)}.games.jsonl")


def typical_length(game_id: str) -> float:
    """The median length in plies of the recorded self-play games (the phases' yardstick), or
    for a game whose puzzles are set on other options, of the games the generator played."""
    if boards.at_defaults(game_id):
        lengths = [len(g["moves"]) for g in load_games(game_id)]
    elif os.path.exists(games_path(game_id)):
        with open(games_path(game_id)) as f:
            lengths = [len(json.loads(line)["moves"]) for line in f if line.strip()]
    else:
        lengths = []
    return statistics.median(lengths) if lengths else 60.0


def phase(ply: int, length: float) -> str:
    """Opening in the first third of a typical game's plies, end from two thirds on."""
    if ply < length / 3:
        return "opening"
    return "middle" if ply < 2 * length / 3 else "end"


def trimmed(game: Game, record: dict) -> dict:
    """The record with a tail that asks nothing of the solver cut off, the line then ending
    at a solver's move, in a position proven won (goal "won", chance 1, the difficulty of the
    steps left):
    - a forced tail: after a solver's move every move left in the line is the only legal one;
    - a closing pass: the line ends with the opponent's move and the solver's pass that ends
      the game (both passed), and the position before them is searched out (endgame.py) as
      lost for the opponent: a pass is no move to find (Wythe's lines ended so)."""
    state = start(game, record)
    line = record["solution"]
    forced_from = len(line)
    states = []
    for text in line:
        states.append(state)
        state = game.apply(state, game.parse(state, text))
    while forced_from > 1 and len(game.legal_moves(states[forced_from - 1])) == 1:
        forced_from -= 1
    cut = forced_from if forced_from % 2 == 1 else forced_from + 1  # after a solver's move
    cut = min(cut, len(line))
    if cut >= 3 and _closing_pass(game, states[cut - 1], line[cut - 1], states[cut - 2]):
        cut -= 2
    if cut >= len(line):
        return record
    rungs = record.get("rungs", [])[: (cut + 1) // 2]
    return {
        **record,
        "solution": line[:cut],
        "goal": "won",
        "chance": [record["chance"][0], 1.0],
        **({"rungs": rungs, "difficulty": rating(max(rungs))} if rungs else {}),
    }


def _closing_pass(game: Game, before: State, last: str, reply_to: State) -> bool:
    """Whether `last`, played in `before`, is a pass that ends the game, and the opponent to
    move in `reply_to` (the position before its move) has lost, searched out."""
    if not passes_to_the_end(game, before, [last]):
        return False
    try:
        return EndSolver(game, CLOSING_CAP).value(reply_to) == LOSS
    except Unknown:
        return False


SPACING = 6  # plies between two puzzles' starts taken from one recorded (or new) game
NEAR_ANOTHER = f"within {SPACING} plies of another from its game"


class Starts:
    """Where the puzzles kept from each source game start (plies), to find a candidate near
    one (within SPACING plies: the collection takes one puzzle for a stretch of a game)."""

    def __init__(self) -> None:
        self.plies: dict[str, list[int]] = {}

    def near(self, key: str, ply: int) -> bool:
        return any(abs(ply - other) < SPACING for other in self.plies.get(_source(key), ()))

    def add(self, key: str, ply: int) -> None:
        self.plies.setdefault(_source(key), []).append(ply)


def kept_starts(game_id: str) -> Starts:
    """The starts of the puzzles kept so far in the game's state."""
    starts = Starts()
    for entry in read_state(game_id):
        if entry["verdict"] == "kept":
            starts.add(entry["key"], len(entry["puzzle"]["moves"]))
    return starts


def kept(game_id: str) -> tuple[list[dict], Counter]:
    """The kept records (tails trimmed), and the count per reason of those left out:
    - those that start on another's line (the same mistake found twice, a ply apart);
    - those with fewer than criteria.MIN_CHOICES moves at the start (kept before solve.py
      checked it);
    - a single pass that ends the game (both passed) on the solver's lead: no puzzle;
    - those that start within SPACING plies of an earlier one of the same source game (a
      recorded game and its branches, or a new game): one puzzle for one stretch of a game,
      the first found."""
    game = games.get(game_id)
    entries = [
        (e["key"], trimmed(game, e["puzzle"]))
        for e in read_state(game_id)
        if e["verdict"] == "kept"
    ]
    on_lines = {
        tuple(r["moves"] + r["solution"][:k])
        for _, r in entries
        for k in range(1, len(r["solution"]))
    }
    left_out: Counter = Counter()
    chosen: list[dict] = []
    starts = Starts()
    for key, record in entries:
        ply = len(record["moves"])
        if tuple(record["moves"]) in on_lines:
            left_out["starts on another puzzle's line"] += 1
        elif len(game.legal_moves(start(game, record))) < MIN_CHOICES:
            left_out[FEW_CHOICES] += 1
        elif passes_to_the_end(game, start(game, record), record["solution"]):
            left_out[PASS_TO_END] += 1
        elif starts.near(key, ply):
            left_out[NEAR_ANOTHER] += 1
        else:
            chosen.append(record)
            starts.add(key, ply)
    return chosen, left_out


# The game a candidate's key kind comes from: a recorded game (its branches and end are the
# same game), or a new game of the medium level or of the easy level, or a noisy easy game
# scanned by the alpha-beta (tactical.py), by seed.
SOURCE_OF = {
    "rec": "rec",
    "alt": "rec",
    "end": "rec",
    "new": "new",
    "newend": "new",
    "easyend": "easy",
    "tac": "tac",
}


def _source(key: str) -> str:
    """The game a candidate's key comes from (SOURCE_OF), with its seed."""
    kind, seed = key.split(":")[:2]
    return f"{SOURCE_OF[kind]}:{seed}"


def start(game: Game, record: dict) -> State:
    """The position a kept record starts from (its game so far)."""
    state = boards.new_game(game)
    for text in record["moves"]:
        state = game.apply(state, game.parse(state, text))
    return state


def puzzles(game_id: str) -> list[Puzzle]:
    """The game's puzzles from its state file, in the order they were found."""
    game = games.get(game_id)
    length = typical_length(game_id)
    taken: set[str] = set()
    found = []
    for record in kept(game_id)[0]:
        name = puzzle_id(game_id, record["moves"], taken)
        taken.add(name)
        found.append(
            Puzzle(
                game_id,
                name,
                tuple(record["moves"]),
                tuple(record["solution"]),
                record["goal"],
                phase(len(record["moves"]), length),
                motifs(game, record["moves"], record["solution"], record["goal"]),
                record["difficulty"],
                (record["chance"][0], record["chance"][1]),
                record.get("proven", False),
                tuple(sorted(boards.options_of(game_id).items())),
            )
        )
    return found


def write(game_id: str) -> int:
    """Write the game's collection; how many puzzles it has."""
    found = puzzles(game_id)
    path = os.path.join(ROOT, plugin(game_id).puzzles)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(dump(game_id, found))
    return len(found)


def tally(game_id: str) -> dict:
    """Counts per verdict, CPU seconds, and the kept puzzles' difficulties, goals, phases."""
    entries = read_state(game_id)
    found = puzzles(game_id)
    verdicts = Counter(e["verdict"] for e in entries)
    for reason, n in kept(game_id)[1].items():
        verdicts["kept"] -= n
        verdicts[reason] += n
    return {
        "verdicts": verdicts,
        "cpu": sum(e.get("cpu", 0.0) for e in entries),
        "difficulty": sorted(p.difficulty for p in found),
        "goals": Counter(p.goal for p in found),
        "phases": Counter(p.phase for p in found),
        "motifs": Counter(m for p in found for m in p.motifs),
    }
