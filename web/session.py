"""One game on the page: its record, every position, and the ply on display.

Pure Python (no browser imports), so the page's history (web/controller.py steps
through it) is tested in CPython.  A position is always the result of replaying the record;
`states[k]` is the position after k moves.  A game may end off the board after its last move
(`ending`: a resignation or an agreed draw, engine/ending.py).
"""

from __future__ import annotations

from engine import EngineError, games
from engine.core import Result
from engine.ending import ending_result, ending_text
from engine.record import Record, decode, encode, make_record, replay_canonical

DEFAULT_GAME = "rugpile"        # what a first visit with no link opens


class Session:
    def __init__(self, game_id: str, options: dict | None = None, moves=(), ply: int | None = None):
        self.game = games.get(game_id)
        self.record = make_record(self.game, options or {}, ())
        self.states = [self.game.new(**self.record.options_dict)]
        self.moves: list[str] = []
        self.ending = ""
        self.ply = 0
        self.hint_at: int | None = None     # the ply whose position a hint was shown for
        self.hinted: set[int] = set()       # the moves (0-based) played after a hint
        for text in moves:
            self.play_text(text)
        self.ply = len(self.moves) if ply is None else ply

    @classmethod
    def from_fragment(cls, fragment: str) -> "Session":
        """The session a link describes; RecordError / ReplayError say what is wrong."""
        record, ply = decode(fragment)
        return cls.from_record(record, ply)

    @classmethod
    def from_record(cls, record: Record, ply: int | None = None, states=None) -> "Session":
        """The session of a record (replayed unless its states are given, its moves then
        rewritten in canonical notation); ReplayError."""
        if states is None:
            record, states = replay_canonical(record)
        session = cls(record.game, record.options_dict)
        session.states = list(states)
        session.moves = list(record.moves)
        session.ending = record.ending
        session.ply = len(session.moves) if ply is None else ply
        return session

    # ---- what is shown

    @property
    def state(self):
        return self.states[self.ply]

    @property
    def live(self) -> bool:
        """True when the position shown is the latest one."""
        return self.ply == len(self.moves)

    @property
    def options(self) -> dict:
        return self.record.options_dict

    @property
    def result(self) -> Result | None:
        """How the game ended by the position shown, or None while it goes on there."""
        if self.ending and self.live:
            return ending_result(self.game, self.state, self.ending)
        return self.game.result(self.state)

    def result_text(self) -> str | None:
        """The sentence of how the game ended by the position shown, or None."""
        if self.ending and self.live:
            return ending_text(self.game, self.state, self.ending)
        result = self.game.result(self.state)
        return None if result is None else self.game.result_text(
            self.game.seat_names(self.state), result)

    @property
    def over(self) -> bool:
        """The game has ended (perhaps after the position shown)."""
        return bool(self.ending) or self.game.result(self.states[-1]) is not None

    def fragment(self) -> str:
        return encode(self.current_record(), self.ply)

    def current_record(self) -> Record:
        return Record(self.record.game, self.record.version, self.record.options,
                      tuple(self.moves), self.ending)

    # ---- changing it

    def play_text(self, text: str) -> None:
        """Play a move given in notation at the ply on display, dropping any later moves."""
        self.play(self.game.parse(self.state, text))

    def play(self, move) -> None:
        if self.ending and self.live:
            raise EngineError("the game is over: no more moves can be made")
        state = self.state
        after = self.game.play(state, move)
        text = self.game.notation(state, move)
        del self.states[self.ply + 1:]
        del self.moves[self.ply:]
        self.hinted = {ply for ply in self.hinted if ply < self.ply}
        if self.hint_at == self.ply:
            self.hinted.add(self.ply)
        self.states.append(after)
        self.moves.append(text)
        self.ending = ""
        self.ply = len(self.moves)
        self.hint_at = None

    def end(self, ending: str) -> None:
        """End the game after its last move with `ending` (a resignation or an agreed draw),
        and show its end; EngineError when it cannot end so."""
        ending_result(self.game, self.states[-1], ending)
        self.ending = ending
        self.ply = len(self.moves)

    def take_back_ending(self) -> None:
        self.ending = ""

    def goto(self, ply: int) -> None:
        self.ply = max(0, min(ply, len(self.moves)))
