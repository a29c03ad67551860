"""Match records made up for tests of the scripts that read them (lab/duel.py writes
the real ones: a JSON line a game)."""

from __future__ import annotations

from engine import games


def first_moves_record(seed: int, seat: int, reward: float, plies: int) -> dict:
    """A Gwyddbwyll match record of `plies` legal moves (the first legal move each time),
    the hard level in `seat` with `reward`."""
    game = games.get("gwyddbwyll")
    state, moves = game.new(), []
    for _ in range(plies):
        move = game.legal_moves(state)[0]
        moves.append(game.notation(state, move))
        state = game.play(state, move)
    return {"seed": seed, "search_seat": seat, "reward": reward, "moves": moves}
