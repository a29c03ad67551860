"""What a lesson's messages may say about the position a move reached, in the engine's words.

A step's texts (its explanation, its try-again message, what it says after the opponent's
reply) may hold named facts, written ``{name}`` or ``{name:argument}``: ``{move}`` is the
move just played, ``{scores}`` each side's score, ``{patch:a1}`` how Petrify's patch holding
a1 is reckoned.  Each is a function here of the position reached (`Reached`), so a message
says what the move played did, not what the course's own solution would have done.  Like
the goals (engine/lesson_goals.py), some names are for every game and the rest belong to one
game and read its `View`; `check_words` refuses an unknown name when the course loads.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .games.petrify.rules import patch_summary
from .lesson_goals import BadLesson, Reached, _cell, _named_cell

Words = Callable[..., str]

FIELD = re.compile(r"\{(\w+)(?::([^{}]*))?\}")


def _number(value: float) -> str:
    return str(int(value)) if value == int(value) else str(value)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


# ---- for every game


def move(at: Reached) -> str:
    """The player's last move, as the move list writes it."""
    return at.played[-1] if at.played else ""


def scores(at: Reached) -> str:
    """Each side's score now, e.g. 'Red 12, Blue 5'."""
    names = at.game.seat_names(at.state)
    return ", ".join(
        f"{name} {_number(score)}"
        for name, score in zip(names, at.game.scores(at.state), strict=True)
    )


# ---- Wythe


def tally(at: Reached) -> str:
    """How each colour's score comes from its groups, e.g. 'Black scores 2: it has 1 group of
    2 to White's 0. White scores 1: it has 3 groups of 1 to Black's 1.'"""
    view = at.view
    said = []
    for colour, name, other in ((0, "Black", "White"), (1, "White", "Black")):
        score = view.colour_scores[colour]
        if score == 0:
            said.append(f"{name} scores 0: at no size has it more groups than {other}.")
            continue
        entry = next(e for e in view.by_size if e.size == score)
        mine, theirs = (entry.black, entry.white) if colour == 0 else (entry.white, entry.black)
        said.append(
            f"{name} scores {score}: it has {_plural(mine, 'group')} of {score} "
            f"to {other}'s {theirs}."
        )
    return " ".join(said)


def placements(at: Reached) -> str:
    """Whether the side to move may still lay a piece, and where it may: the stacks a
    full-looking board still takes."""
    game, state = at.game, at.state
    if game.result(state) is not None:
        return "the game is over"
    mover = game.seat_names(state)[game.to_move(state)]
    laid = [m for m in game.legal_moves(state) if not isinstance(m, str)]
    if not laid:
        return f"{mover} has no placement left and must pass"
    return f"{mover} can still lay a piece in {_plural(len(laid), 'way')}"


# ---- Petrify


def patch(at: Reached, square: str) -> str:
    """How the patch holding `square` is reckoned: the pairs that cancel, the biggest group
    left, and who owns it."""
    cells = at.view.cells
    _cell(cells, square)  # refuses a square off the board
    index = (int(square[1:]) - 1) * round(len(cells) ** 0.5) + ord(square[0]) - ord("a")
    for found in at.view.patches:
        if index in found.squares:
            return patch_summary(found)
    return f"{square} holds a block, in no patch"


# ---- Stigmergy


def sees(at: Reached, cell: str) -> str:
    """What a cell sees along its lines, and how many of one colour control it, e.g. 'a1
    sees 1 Black stone and 1 White; 2 of one colour control it'."""
    found = _named_cell(at, "name", cell)
    black, white = found.sees
    return (
        f"{cell} sees {_plural(black, 'Black stone')} and {white} White; "
        f"{found.needs} of one colour control it"
    )


def komi(at: Reached) -> str:
    """The komi White gets, once it is named."""
    value = at.view.komi
    return "not yet named" if value is None else str(value)


COMMON: dict[str, Words] = {"move": move, "scores": scores}
BY_GAME: dict[str, dict[str, Words]] = {
    "wythe": {"tally": tally, "placements": placements},
    "petrify": {"patch": patch},
    "stigmergy": {"sees": sees, "komi": komi},
}


def vocabulary(game_id: str) -> dict[str, Words]:
    """The facts a step's texts of this game may name, by name."""
    return {**COMMON, **BY_GAME.get(game_id, {})}


def check_words(game_id: str, text: str, where: str) -> None:
    """BadLesson unless every ``{name}`` in `text` is a known fact, with an argument exactly
    when it takes one."""
    known = vocabulary(game_id)
    for found in FIELD.finditer(text):
        name, argument = found.group(1), found.group(2)
        if name not in known:
            raise BadLesson(f"{where}: no fact '{{{name}}}' (known: {', '.join(sorted(known))})")
        takes = len(_parameters(known[name])) > 1
        if takes != (argument is not None):
            needs = "needs an argument" if takes else "takes no argument"
            raise BadLesson(f"{where}: the fact '{{{name}}}' {needs}")
    if re.search(r"[{}]", FIELD.sub("", text)):
        raise BadLesson(f"{where}: a brace that names no fact")


def _parameters(words: Words) -> tuple[str, ...]:
    return words.__code__.co_varnames[: words.__code__.co_argcount]


def fill(text: str, at: Reached) -> str:
    """`text` with each named fact said of the position reached."""
    known = vocabulary(at.game.id)

    def said(found: re.Match) -> str:
        words = known[found.group(1)]
        argument = found.group(2)
        return words(at) if argument is None else words(at, argument)

    return FIELD.sub(said, text)
