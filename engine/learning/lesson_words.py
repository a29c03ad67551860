"""What a lesson's messages may say about the position a move reached, in the engine's words.

A step's texts (its explanation, its try-again message, what it says after the opponent's
reply) may hold named facts, written ``{name}`` or ``{name:argument}``: ``{move}`` is the
move just played, ``{scores}`` each side's score, ``{patch:a1}`` how Petrify's patch holding
a1 is reckoned.  Each is a function of the position reached (`Reached`), so a message says
what the move played did, not what the course's own solution would have done.  Like the
goals (engine/learning/lesson_goals.py), the names here are for every game and the rest belong to
one game (engine/games/<id>/lesson.py) and read its `View`; `check_words` refuses an unknown
name when the course loads.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .lesson_goals import BadLesson, Reached, game_vocabulary

Words = Callable[..., str]

FIELD = re.compile(r"\{(\w+)(?::([^{}]*))?\}")


def _number(value: float) -> str:
    return str(int(value)) if value == int(value) else str(value)


def plural(count: int, word: str) -> str:
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


COMMON: dict[str, Words] = {"move": move, "scores": scores}


def vocabulary(game_id: str) -> dict[str, Words]:
    """The facts a step's texts of this game may name, by name."""
    return {**COMMON, **game_vocabulary(game_id).words}


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
