"""Where puzzles come from: positions just after a mistake, seen from the side to punish it.

Five sources, each deterministic:

- `recorded`: the hard level's self-play games (lab/judgement_data/<game>.jsonl) with each
  position's judged value (<game>.values.json, lab/judgement.py).  A position is a candidate
  when the side to move's calibrated chance (the graph's, at the graph's budget) stands at
  least criteria.LIKELY and at least criteria.SWING above its chance one ply earlier, before
  the opponent's move; those whose value is proven a win for the side to move (and was not
  proven before the mistake) come first.  Positions with one move are no puzzles.
- `branched`: the recorded games' positions with another move of the side to move in place
  of the one played (the first BRANCHES of a seeded shuffle: more add to the same), each
  judged at the graph's budget like the recorded ones: a mistake the game did not make, at a
  position a strong game reached.  The games' ends come first.
- `endings`: the recorded games' last positions and those a move off them, from the end
  back while the game can be searched out from there (endgame.EndSolver): each move of the
  side to move that throws away its win, proven so, leaves a candidate whose solver's win is
  proven too.  Exact where the others judge by search, so it comes first; then
  `fresh_endings`, the same at the end of new games of the medium level against itself
  (source `fresh`), or of the easy level (source `easy`): an easy game costs a third of a
  medium one, and the mistakes are found at its end exactly all the same.
- `played`: new games of the medium level against itself at its playout budget, each move
  replaced, with probability NOISE, by a random legal move (both seeded); the position after
  each random move is a candidate, judged at the graph's budget like the recorded ones.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Iterator
from dataclasses import dataclass

from engine import games
from engine.ai import choose_move
from engine.ai.analysis import estimate
from engine.ai.calibration import calibrated
from engine.ai.knowledge import for_game
from engine.contract.core import Game, State
from lab.judgement import GRAPH_PLAYOUTS
from lab.selfplay import DATA, load_games

from . import boards, collection
from .criteria import is_candidate
from .endgame import EndSolver
from .exact import Unknown
from .searching import budget

ENDING_CAP = 60_000  # the new positions an ending's search may enter before it gives up
END_TABLE = 1_000_000  # the solved positions an ending's search keeps, at most
NOISE = 0.12  # a played game's chance of a random move at each ply
BRANCHES = 8  # the other moves tried at each recorded position (the first of a seeded shuffle)
# The keys' kind for the ends of new games of each level against itself: "easyend:<seed>:…"
ENDS_OF = {"medium": "newend", "easy": "easyend"}


@dataclass(frozen=True)
class Candidate:
    key: str  # "rec:<seed>:<ply>" or "new:<seed>:<ply>": stable, for resuming
    moves: tuple[str, ...]  # the game so far
    chance: float  # the solver's chance there (the graph's)
    swing: float  # how much the opponent's last move raised it
    proven: bool  # the recorded value is a proven win for the solver
    to_the_end: bool = False  # the solver's win was searched out to the game's end


def mover_chance(game: Game, row: dict) -> float:
    """The side to move's calibrated chance in a recorded row (values.json)."""
    raw = (row["raw"], 1.0 - row["raw"])
    seat = row["to_move"]
    if row["exact"]:
        return raw[seat]
    return calibrated(raw, seat, for_game(game).search_curve)[seat]


def _judged_games(game_id: str) -> Iterator[tuple[dict, list[dict]]]:
    """The recorded two-seat games with their judged rows (one per position)."""
    path = os.path.join(DATA, f"{game_id}.values.json")
    if not os.path.exists(path):
        return
    with open(path) as f:
        values = json.load(f)
    for record in load_games(game_id):
        judged = values.get(str(record["seed"]))
        if judged is not None and len(record["rewards"]) == 2:
            yield record, judged["rows"]


def recorded(game_id: str) -> list[Candidate]:
    """The recorded games' candidates, the biggest swing first (proven wins before all)."""
    game = games.get(game_id)
    found = []
    for record, rows in _judged_games(game_id):
        for ply in range(1, len(rows)):
            row, before = rows[ply], rows[ply - 1]
            if row["forced"] or before["to_move"] != 1 - row["to_move"]:
                continue
            now = mover_chance(game, row)
            then = 1.0 - mover_chance(game, before)
            proven = row["exact"] and now >= 1.0 and not before["exact"]
            if is_candidate(then, now):
                key = f"rec:{record['seed']}:{ply}"
                found.append(Candidate(key, tuple(record["moves"][:ply]), now, now - then, proven))
    found.sort(key=lambda c: (not c.proven, -c.swing, c.key))
    return found


def _positions(game: Game, moves: list[str]) -> list:
    """The positions of a game before each of its moves."""
    states = [boards.new_game(game)]
    for text in moves[:-1]:
        states.append(game.apply(states[-1], game.parse(states[-1], text)))
    return states


def branched(game_id: str, seed: int = 0) -> Iterator[Candidate]:
    """The candidates of the recorded games' positions with other moves, from the games' ends
    back (the last position of every game, then the one before, …: a game's end is where a
    single good answer is likeliest): at each position with a choice, BRANCHES of the other
    legal moves (seeded by the seed, the game and the ply, whatever the order)."""
    game = games.get(game_id)
    graph = GRAPH_PLAYOUTS.get(game_id, 60)
    lines = [
        (record, rows, _positions(game, record["moves"]))
        for record, rows in _judged_games(game_id)
    ]
    longest = max((len(states) for _, _, states in lines), default=0)
    for back in range(1, longest + 1):
        for record, rows, states in lines:
            ply = len(states) - back
            if ply < 0 or rows[ply]["forced"]:
                continue
            state, played_text = states[ply], record["moves"][ply]
            others = [
                (m, name)
                for m in game.legal_moves(state)
                if (name := game.notation(state, m)) != played_text
            ]
            random.Random(f"{seed}:{record['seed']}:{ply}").shuffle(others)
            seat = game.to_move(state)
            before = 1.0 - mover_chance(game, rows[ply])  # the solver's chance before the move
            for move, name in others[:BRANCHES]:
                after = game.apply(state, move)
                if game.result(after) is not None or game.to_move(after) != 1 - seat:
                    continue
                now = estimate(game, after, graph, seed=ply)[1 - seat]
                if is_candidate(before, now):
                    moves = (*record["moves"][:ply], name)
                    key = f"alt:{record['seed']}:{ply}:{name}"
                    yield Candidate(key, moves, now, now - before, False)


def endings(game_id: str, cap: int = ENDING_CAP) -> Iterator[Candidate]:
    """The candidates of the recorded games' ends searched out (`ending`), but those of the
    ends a run went through before (`searched`)."""
    game = games.get(game_id)
    done = searched(game_id)
    for record in load_games(game_id):
        key = f"end:{record['seed']}"
        if len(record["rewards"]) == 2 and key not in done:
            yield from ending(game, record["moves"], key, cap)
            mark_searched(game_id, key)


def fresh_endings(
    game_id: str, seed: int, level: str = "medium", cap: int = ENDING_CAP
) -> Iterator[Candidate]:
    """The candidates of the end of a new game of `level` against itself (its moves seeded
    by `seed`), searched out (`ending`); none if a run went through them before
    (`searched`: the game is not even replayed)."""
    key = f"{ENDS_OF[level]}:{seed}"
    if key in searched(game_id):
        return
    game = games.get(game_id)
    yield from ending(game, self_play_game(game, seed, level), key, cap)
    mark_searched(game_id, key)


def searched(game_id: str) -> set[str]:
    """The games' ends ("end:<seed>", "newend:<seed>", "easyend:<seed>") and the scanned
    games (tactical.py, "tac:<seed>") whose candidates a run has all taken (judged, or
    skipped near a kept puzzle), kept in lab/puzzles/work/<game>.searched.txt: searching an
    end out again only to find its candidates judged took Wythe's resumed runs most of their
    time."""
    path = _searched_path(game_id)
    if not os.path.exists(path):
        return set()
    with open(path) as f:
        return set(f.read().split())


def mark_searched(game_id: str, key: str) -> None:
    """Note that a run took every candidate of the end `key` (a generator's code after its
    last `yield` runs only when the next candidate is asked for, after the last one's
    verdict was written)."""
    os.makedirs(collection.WORK, exist_ok=True)
    with open(_searched_path(game_id), "a") as f:
        f.write(key + "\n")


def _searched_path(game_id: str) -> str:
    return os.path.join(collection.WORK, f"{boards.work_name(game_id)}.searched.txt")


def self_play_game(game: Game, seed: int, level: str = "medium") -> list[str]:
    """The moves of a game of `level` against itself, seeded; played once, then kept in
    lab/puzzles/work/<game>.games.jsonl (a resumed run does not play it again)."""
    kept = played_games(game.id, level)
    if seed in kept:
        return kept[seed]
    rng = random.Random(seed)
    playouts = budget(game, level)
    state = boards.new_game(game)
    moves: list[str] = []
    while game.result(state) is None and len(moves) < 400:
        move = choose_move(game, state, level, seed=rng.randrange(2**32), playouts=playouts)
        moves.append(game.notation(state, move))
        state = game.apply(state, move)
    os.makedirs(collection.WORK, exist_ok=True)
    record = {"seed": seed, "moves": moves} | ({} if level == "medium" else {"level": level})
    with open(collection.games_path(game.id), "a") as f:
        f.write(json.dumps(record, separators=(",", ":")) + "\n")
    return moves


def played_games(game_id: str, level: str = "medium") -> dict[int, list[str]]:
    """The games of `level` against itself kept so far, by seed."""
    path = collection.games_path(game_id)
    if not os.path.exists(path):
        return {}
    with open(path) as f:
        records = map(json.loads, filter(str.strip, f))
        return {r["seed"]: r["moves"] for r in records if r.get("level", "medium") == level}


def ending(game: Game, moves: list[str], key: str, cap: int) -> Iterator[Candidate]:
    """The candidates of a game's end: from its last position back, as long as the game can be
    searched out from there and from each position a move off it (another move of the side to
    move) within `cap` new positions each, every move of the side to move that throws away a
    win it had, proven; the candidate's chance is the graph's, as the page would show.
    Keyed `key:<ply>:<moves off the game>`."""
    graph = GRAPH_PLAYOUTS.get(game.id, 60)
    states = _positions(game, moves)
    solver = EndSolver(game, cap)  # one table for the game: its positions share their ends
    for ply in range(len(states) - 1, -1, -1):
        line = states[ply]
        around: list[tuple[tuple[str, ...], State]] = [((), line)]
        for move in game.legal_moves(line):
            name = game.notation(line, move)
            after = game.apply(line, move)
            if name != moves[ply] and game.result(after) is None:
                around.append(((name,), after))
        for off, state in around:
            seat = game.to_move(state)
            solver.renew(END_TABLE)
            try:
                lost = not solver.wins(state)  # then no move of it is a mistake
                mistakes = (
                    []
                    if lost
                    else [m for m in game.legal_moves(state) if not solver.move_wins(state, m)]
                )
            except Unknown:
                return  # the game's end is too far to search out from here back
            for move in mistakes:
                after = game.apply(state, move)
                if game.result(after) is not None or game.to_move(after) != 1 - seat:
                    continue
                path = (*off, game.notation(state, move))
                now = estimate(game, after, graph, seed=ply)[1 - seat]
                yield Candidate(
                    f"{key}:{ply}:{' '.join(path)}",
                    (*moves[:ply], *path),
                    now,
                    1.0,
                    True,
                    to_the_end=True,
                )


def played(game_id: str, seed: int) -> Iterator[Candidate]:
    """The candidates of one new noisy game of the medium level against itself."""
    game = games.get(game_id)
    rng = random.Random(seed)
    playouts = budget(game, "medium")
    graph = GRAPH_PLAYOUTS.get(game_id, 60)
    state = boards.new_game(game)
    moves: list[str] = []
    while game.result(state) is None and len(moves) < 400:
        seat = game.to_move(state)
        chance = estimate(game, state, graph, seed=len(moves))[seat]
        legal = game.legal_moves(state)
        noisy = rng.random() < NOISE and len(legal) > 1
        if noisy:
            move = legal[rng.randrange(len(legal))]
        else:
            move = choose_move(game, state, "medium", seed=rng.randrange(2**32), playouts=playouts)
        moves.append(game.notation(state, move))
        state = game.apply(state, move)
        if not noisy or game.result(state) is not None or game.to_move(state) != 1 - seat:
            continue
        now = estimate(game, state, graph, seed=len(moves))[1 - seat]
        if is_candidate(1.0 - chance, now):
            yield Candidate(
                f"new:{seed}:{len(moves)}", tuple(moves), now, now - (1 - chance), False
            )
