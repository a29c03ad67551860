"""What the courses say is true of the move played: every legal move of every step of every
registered game's course is judged in CPython (in a step of two moves, every first move, the
opponent's reply and every second move), and each claim its message makes is checked against
the position the move reached, computed here independently of the engine's words.

A claim is recognised by its wording (CLAIMS): a move named as the one played must be the
move played; scores, groups, a patch's reckoning, what a Stigmergy cell sees, a stack's
height, a rug's squares, who leads, must match the position.  Each kind of claim must be
met somewhere in the courses, so a rewording that escapes a check is noticed.  And in a step
of two moves the bar never offers Try again while the goal can still be met."""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import Any

import pytest
from courses import COURSES, course, steps

from engine import games
from engine.contract.core import Game
from engine.learning.lessons import GOES_ON, Step, judge, meets, replied, start
from web.logic.lesson import MISSED, LessonRun


@dataclass(frozen=True)
class Said:
    """One message of a step: what was said, of which position, after which moves."""

    message: str
    game: Game
    state: Any  # the position reached
    played: tuple[str, ...]  # the player's moves in the step
    you: str  # the side the player plays in the step ("Blue", "Black", ...)


def said_in(game: Game, step: Step) -> Iterator[Said]:
    """Every message the step can say after a legal move: each first move's judgement and,
    in a step of two moves, what is said once the reply is on the board and after every
    legal second move."""
    first = start(game, step)
    you = game.seat_names(first)[game.to_move(first)]
    for move in game.legal_moves(first):
        verdict = judge(game, step, first, (), move)
        after = game.apply(first, move)
        if verdict.outcome != GOES_ON:
            yield Said(verdict.message, game, after, verdict.played, you)
            continue
        assert step.turns == 2, "a step of more moves needs a deeper walk here"
        assert verdict.reply is not None
        answered = game.play(after, game.parse(after, verdict.reply))
        now = replied(game, step, answered, verdict.played)
        yield Said(now.message, game, answered, verdict.played, you)
        for then in game.legal_moves(answered):
            last = judge(game, step, answered, verdict.played, then)
            yield Said(last.message, game, game.apply(answered, then), last.played, you)


# --------------------------------------------------------------------------- the position,
# counted here: square boards by flood fill, the hex board by walking its lines


def square_name(size: int, index: int) -> str:
    return f"{chr(ord('a') + index % size)}{index // size + 1}"


def components(size: int, key: Callable[[int], Any]) -> list[tuple[Any, list[int]]]:
    """The side-by-side joined sets of squares with the same key (None: left out)."""
    seen: set[int] = set()
    found = []
    for origin in range(size * size):
        if origin in seen or key(origin) is None:
            continue
        group, todo = [], [origin]
        seen.add(origin)
        while todo:
            here = todo.pop()
            group.append(here)
            col, row = here % size, here // size
            for c, r in ((col + 1, row), (col - 1, row), (col, row + 1), (col, row - 1)):
                there = r * size + c
                inside = 0 <= c < size and 0 <= r < size
                if inside and there not in seen and key(there) == key(origin):
                    seen.add(there)
                    todo.append(there)
        found.append((key(origin), group))
    return found


def wythe_groups(view: Any) -> list[tuple[str, int]]:
    """Each group's colour and size, from the stacks' tops."""
    size = view.width
    tops = ["Black" if c.top == 0 else "White" if c.height else None for c in view.cells]
    return [(colour, len(group)) for colour, group in components(size, lambda i: tops[i])]


def wythe_tally(view: Any) -> dict[str, dict[int, int]]:
    """Per colour: group size -> how many groups."""
    tally: dict[str, Counter] = {"Black": Counter(), "White": Counter()}
    for colour, size in wythe_groups(view):
        tally[colour][size] += 1
    return {colour: dict(counts) for colour, counts in tally.items()}


def wythe_scores(view: Any) -> dict[str, float]:
    tally = wythe_tally(view)
    scores: dict[str, float] = {}
    for mine, theirs in (("Black", "White"), ("White", "Black")):
        more = [s for s, n in tally[mine].items() if n > tally[theirs].get(s, 0)]
        scores[mine] = max(more, default=0)
    return scores


PETRIFY = {0: None, 1: "Blue", 2: "Orange", 3: "block"}


@dataclass(frozen=True)
class Reckoning:
    size: int
    cancelled: tuple[tuple[int, int], ...]  # (size, pairs), biggest first
    best: tuple[str, int] | None  # the colour and size of the biggest group left


def petrify_patches(view: Any) -> list[Reckoning]:
    size = view.width
    held = [PETRIFY[int(c)] for c in view.cells]
    patches = components(size, lambda i: None if held[i] == "block" else "patch")
    groups = components(size, lambda i: held[i] if held[i] in ("Blue", "Orange") else None)
    out = []
    for _, squares in patches:
        inside = [(colour, len(g)) for colour, g in groups if g[0] in squares]
        sizes = sorted({s for _, s in inside}, reverse=True)
        cancelled, left = [], []
        for s in sizes:
            blue = sum(1 for c, n in inside if c == "Blue" and n == s)
            orange = sum(1 for c, n in inside if c == "Orange" and n == s)
            if min(blue, orange):
                cancelled.append((s, min(blue, orange)))
            if blue != orange:
                left.append(("Blue" if blue > orange else "Orange", s))
        out.append(Reckoning(len(squares), tuple(cancelled), left[0] if left else None))
    return out


def petrify_scores(view: Any) -> dict[str, float]:
    scores: dict[str, float] = {"Blue": 0, "Orange": 0}
    for patch in petrify_patches(view):
        if patch.best is not None:
            scores[patch.best[0]] += patch.size
    return scores


DIRECTIONS = [(math.cos(k * math.pi / 3), math.sin(k * math.pi / 3)) for k in range(6)]


def hex_sight(view: Any, name: str) -> tuple[int, int, int]:
    """The Black and White stones a Stigmergy cell sees, and its neighbours."""
    at = {(round(c.x, 2), round(c.y, 2)): c for c in view.cells}
    cell = next(c for c in view.cells if c.name == name)
    seen, neighbours = [0, 0], 0
    for dx, dy in DIRECTIONS:
        step = 1
        while (
            there := at.get((round(cell.x + dx * step, 2), round(cell.y + dy * step, 2)))
        ) is not None:
            neighbours += step == 1
            if there.stone is not None:
                seen[there.stone] += 1
                break
            step += 1
    return seen[0], seen[1], neighbours


def stigmergy_scores(view: Any) -> dict[str, float]:
    scores: dict[str, float] = {}
    for colour, name in ((0, "Black"), (1, "White")):
        stones = sum(c.stone == colour for c in view.cells)
        controlled = sum(c.stone is None and c.control == colour for c in view.cells)
        komi = (view.komi or 0) if colour == 1 else 0
        button = 0.5 if view.button_holder == colour else 0
        scores[name] = stones + controlled + komi + button
    return scores


def rug_scores(view: Any, names: tuple[str, ...]) -> dict[str, float]:
    return {name: sum(c == seat for c in view.cells) for seat, name in enumerate(names)}


def scores(said: Said) -> dict[str, float]:
    view = said.game.view(said.state)
    counted = {
        "wythe": wythe_scores,
        "petrify": petrify_scores,
        "stigmergy": stigmergy_scores,
        "rugpile": lambda v: rug_scores(v, said.game.seat_names(said.state)),
    }
    return counted[said.game.id](view)


def rug_squares(notation: str) -> set[str]:
    width, height, corner = re.fullmatch(r"(\d)x(\d)([a-z]\d)", notation).groups()  # type: ignore[union-attr]
    col, row = ord(corner[0]) - ord("a"), int(corner[1])
    return {
        f"{chr(ord('a') + col + c)}{row + r}"
        for c in range(int(width))
        for r in range(int(height))
    }


# --------------------------------------------------------------------------- the claims

NUMBER = r"(\d+(?:\.5)?)"
SIDE = r"(Red|Blue|Green|Yellow|Orange|Black|White)"


def the_move_played(said: Said, m: re.Match) -> bool:
    return m.group(1) == said.played[-1]


def a_placement(said: Said, m: re.Match) -> bool:
    return m.group(1) == said.played[-1] and re.fullmatch(r"[a-z]\d+", m.group(1)) is not None


def not_a_flip(said: Said, m: re.Match) -> bool:
    return m.group(1) == said.played[-1] and not m.group(1).endswith("x")


def score_pair(said: Said, m: re.Match) -> bool:
    counted = scores(said)
    return all(counted[m.group(i)] == float(m.group(i + 1)) for i in (1, 3))


def score_dash(said: Said, m: re.Match) -> bool:
    return sorted(scores(said).values()) == sorted(float(m.group(i)) for i in (1, 2))


def leads(said: Said, m: re.Match) -> bool:
    counted = scores(said)
    mine = counted[m.group(1)]
    ahead = all(mine > s for name, s in counted.items() if name != m.group(1))
    return ahead != bool(m.group(2))


def tally(said: Said, m: re.Match) -> bool:
    view = said.game.view(said.state)
    counted, score = wythe_tally(view), wythe_scores(view)
    mine, size = m.group(1), int(m.group(2))
    if m.group(3) is None:  # scores 0
        return size == 0 and score[mine] == 0
    other = m.group(5)
    return (
        score[mine] == size == int(m.group(4))
        and counted[mine].get(size, 0) == int(m.group(3))
        and counted[other].get(size, 0) == int(m.group(6))
    )


def group(said: Said, m: re.Match) -> bool:
    view = said.game.view(said.state)
    colour, size = said.you if m.group(1) == "Your" else m.group(1), int(m.group(2))
    if said.game.id == "wythe":
        return (colour, size) in wythe_groups(view)
    held = [PETRIFY[int(c)] for c in view.cells]
    found = components(view.width, lambda i: held[i] if held[i] in ("Blue", "Orange") else None)
    return (colour, size) in [(c, len(g)) for c, g in found]


def reckoning(said: Said, m: re.Match) -> bool:
    cancelled = tuple(
        (int(size), int(pairs))
        for pairs, size in re.findall(r"(\d+) pairs? of size (\d+) cancel", m.group(1))
    )
    owner, best, area = m.group(2), int(m.group(3)), int(m.group(4))
    want = Reckoning(area, cancelled, (owner, best))
    return want in petrify_patches(said.game.view(said.state))


def sight(said: Said, m: re.Match) -> bool:
    black, white, neighbours = hex_sight(said.game.view(said.state), m.group(1))
    needs = neighbours // 2 + 1
    return (black, white, needs) == (int(m.group(2)), int(m.group(3)), int(m.group(4)))


def unseen(said: Said, m: re.Match) -> bool:
    """'a1 cannot see e1': e1 is where the move played its stone, and a1 does not see it."""
    if m.group(2) != said.played[-1]:
        return False
    view = said.game.view(said.state)
    before = hex_sight(view, m.group(1))
    lifted = [c._replace(stone=None) if c.name == m.group(2) else c for c in view.cells]
    return hex_sight(replace(view, cells=tuple(lifted)), m.group(1)) == before


def knight_moved(said: Said, m: re.Match) -> bool:
    cells = said.game.view(said.state).cells
    to = said.played[-1][2:]
    index = (int(to[1:]) - 1) * 8 + ord(to[0]) - ord("a")
    return cells[index] is not None and cells[index].kind == m.group(1)


def still_one_high(said: Said, m: re.Match) -> bool:
    cells = said.game.view(said.state).cells
    return next(c for c in cells if c.square == m.group(1)).height == 1


def uncovered(said: Said, m: re.Match) -> bool:
    return m.group(1) == said.played[-1] and m.group(2) not in rug_squares(m.group(1))


def still_moves(said: Said, m: re.Match) -> bool:
    game, state = said.game, said.state
    return game.result(state) is None and game.seat_names(state)[game.to_move(state)] == m.group(1)


def only_passes(said: Said, m: re.Match) -> bool:
    moves = said.game.legal_moves(said.state)
    return all(isinstance(move, str) for move in moves)


def can_still_lay(said: Said, m: re.Match) -> bool:
    game, state = said.game, said.state
    laid = [move for move in game.legal_moves(state) if not isinstance(move, str)]
    mover = game.seat_names(state)[game.to_move(state)]
    return mover == m.group(1) and len(laid) == int(m.group(2))


CLAIMS: dict[str, tuple[str, Callable[[Said, re.Match], bool]]] = {
    "the move list writes the move played": (
        r"writes this move (\S+?)[:;,.]?(?=\s|$)",
        the_move_played,
    ),
    "names the move played": (
        r"(?:You played|Your piece,|The rug you laid,) (\S+?)[:;,.]?(?=\s|$)",
        the_move_played,
    ),
    "a sentence on the move played": (
        r"(?:^|\. |: )(\S*\d\S*) (?:is not|did not|made no|leaves)\b",
        the_move_played,
    ),
    "a placement on a square": (r"(?:went to|placed a disk on) ([a-z]\d+)\b", a_placement),
    "a placement": (
        r"(?:That|You) placed an? (?:disk|stone)\b()",
        lambda said, m: re.fullmatch(r"[a-z]\d+", said.played[-1]) is not None,
    ),
    "a piece moved": (r"That moved an? (\w+)", knight_moved),
    "a cell that cannot see the move": (r"([a-z]\d+) cannot see ([a-z]\d+)", unseen),
    "not a flip": (r"You played (\S+), not a flip", not_a_flip),
    "scores": (rf"\b{SIDE} {NUMBER}, {SIDE} {NUMBER}\b", score_pair),
    "a score like 12–11": (rf"\b{NUMBER}–{NUMBER}\b", score_dash),
    "who leads": (rf"\b{SIDE} (does not )?leads?\b", leads),
    "Wythe's tally": (
        r"(Black|White) scores (\d+): (?:it has (\d+) groups? of (\d+) to (Black|White)'s (\d+)"
        r"|at no size)",
        tally,
    ),
    "a group": (r"\b(Blue|Orange|Black|White|Your)(?:'s)? group of (\d+)", group),
    "a patch's reckoning": (
        r"((?:\d+ pairs? of size \d+ cancel; )*)(Blue|Orange)'s group of (\d+) is the biggest "
        r"left: \2 owns these (\d+) squares",
        reckoning,
    ),
    "what a cell sees": (
        r"([a-z]\d+) sees (\d+) Black stones? and (\d+) White; (\d+) of one colour control it",
        sight,
    ),
    "a stack's height": (r"([a-z]\d+) is still one bit high", still_one_high),
    "a rug's squares": (r"(\S+) leaves ([a-z]\d+) uncovered", uncovered),
    "whose move goes on": (r"\b(Black|Blue) can still (?:move|lay a rug)\b", still_moves),
    "no placement left": (r"no one can place", only_passes),
    "placements left": (r"\b(Black|White) can still lay a piece in (\d+) ways?", can_still_lay),
}


def checked(said: Said) -> list[str]:
    """The kinds of claim the message makes, each checked (AssertionError when one is false)."""
    assert "{" not in said.message and "}" not in said.message, said.message
    kinds = []
    for kind, (pattern, holds) in CLAIMS.items():
        for m in re.finditer(pattern, said.message):
            assert holds(said, m), f"{kind}: {m.group(0)!r} after {said.played}: {said.message}"
            kinds.append(kind)
    return kinds


@pytest.mark.parametrize(("game_id", "step"), steps())
def test_every_legal_moves_message_is_true_of_the_position_it_reached(game_id, step):
    game = games.get(game_id)
    messages = 0
    for said in said_in(game, step):
        checked(said)
        messages += 1
    assert messages == len(game.legal_moves(start(game, step))) or step.turns > 1


def test_every_kind_of_claim_is_made_somewhere_in_the_courses():
    made: Counter = Counter()
    for game_id in COURSES:
        game = games.get(game_id)
        for step in course(game_id).steps:
            for said in said_in(game, step):
                made.update(checked(said))
    caught = {kind for *_, kind in FALSE_CLAIMS}
    assert set(made) | caught == set(CLAIMS), set(CLAIMS) - set(made) - caught


FALSE_CLAIMS = [  # the stumbles reported, in the words the courses used to say them
    ("petrify", "score", "a3", "Your group of 4 beats Orange's 3.", "a group"),
    (
        "rugpile",
        "first-rug",
        "2x2c2",
        "The move list writes this move 3x3b2: width × height.",
        "the move list writes the move played",
    ),
    (
        "stigmergy",
        "control",
        "a1",
        "a1 cannot see e1: it sees only along its straight lines.",
        "a cell that cannot see the move",
    ),
    ("stigmergy", "flip", "g4x", "You placed a stone.", "a placement"),
    ("gwyddbwyll", "bishop", "e2f4", "That moved a bishop.", "a piece moved"),
]


@pytest.mark.parametrize(("game_id", "step_id", "played", "message", "kind"), FALSE_CLAIMS)
def test_a_false_claim_is_caught(game_id, step_id, played, message, kind):
    game = games.get(game_id)
    step = course(game_id).step(step_id)
    state = start(game, step)
    after = game.play(state, game.parse(state, played))
    you = game.seat_names(state)[game.to_move(state)]
    with pytest.raises(AssertionError, match=f"^{re.escape(kind)}: "):
        checked(Said(message, game, after, (played,), you))


# --------------------------------------------------------------------------- two moves


def two_move_steps():
    for game_id in COURSES:
        for step in course(game_id).steps:
            if step.turns == 2:
                yield pytest.param(game_id, step, id=f"{game_id}-{step.id}")


@pytest.mark.parametrize(("game_id", "step"), two_move_steps())
def test_halfway_through_a_step_of_two_moves_no_try_again_while_the_goal_can_be_met(game_id, step):
    game = games.get(game_id)
    first = start(game, step)
    still, lost = 0, 0
    for move in game.legal_moves(first):
        lesson = LessonRun(course(game_id), ())
        lesson.go(course(game_id).steps.index(step))
        said = lesson.move(first, move)
        if said.reply is None:
            continue
        after = game.apply(first, move)
        answered = game.play(after, game.parse(after, said.reply))
        lesson.replied(answered)
        can = any(
            meets(
                game,
                step,
                game.apply(answered, then),
                (*lesson.played, game.notation(answered, then)),
            )
            for then in game.legal_moves(answered)
        )
        html = lesson.bar_html()
        if can:
            still += 1
            assert lesson.playing and "Try again" not in html, (move, html)
            assert lesson.message == replied(game, step, answered, lesson.played).message
            assert lesson.message, "halfway, the bar says what to do now"
        else:
            lost += 1
            assert lesson.status == MISSED and "Try again" in html, (move, html)
    assert still >= 1 and lost >= 1
