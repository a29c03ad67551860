"""The courses (web/lessons/<id>.json, engine/learning/lessons.py): every step of every course
starts from a position the engine reaches, its solution meets its goal, a legal wrong move misses
it with the step's message, and together the steps cover every section of the game's rules page
(each game's fixtures, COURSE_COVERS, list which step teaches which section, by hand).  Also
the loader's refusals and the judging of an illegal move, a multi-move step and its scripted
reply."""

from __future__ import annotations

import json
import re

import pytest
from courses import COURSES, ROOT, course, steps

from engine import games
from engine.contract.fixtures import fixtures
from engine.contract.plugins import PLUGINS, plugin
from engine.learning.lesson_goals import BadLesson, Reached
from engine.learning.lesson_words import fill
from engine.learning.lessons import GOES_ON, ILLEGAL, MET, MISSED, judge, load, reply_to, start


def sections(game_id: str) -> list[str]:
    page = (ROOT / plugin(game_id).rules_page).read_text()
    return [
        re.sub(r"<[^>]+>", "", title).strip() for title in re.findall(r"<h3[^>]*>(.*?)</h3>", page)
    ]


def test_every_registered_game_has_a_course_file_for_it():
    for p in PLUGINS:
        assert (ROOT / p.lessons).is_file(), p.lessons
        assert course(p.id).game == p.id
        assert fixtures(p.id).COURSE_COVERS, p.id  # which step teaches each section


@pytest.mark.parametrize("game_id", COURSES)
def test_a_course_has_five_to_eight_steps(game_id):
    assert 5 <= len(course(game_id).steps) <= 8


@pytest.mark.parametrize(("game_id", "step"), steps())
def test_the_start_is_reached_by_the_engine_and_the_game_goes_on(game_id, step):
    game = games.get(game_id)
    state = game.new(**dict(step.options))
    for text in step.start:  # each start move legal where it is played
        state = game.play(state, game.parse(state, text))
    assert start(game, step) == state
    assert game.result(state) is None


@pytest.mark.parametrize(("game_id", "step"), steps())
def test_the_solution_meets_the_goal(game_id, step):
    game = games.get(game_id)
    state, played = start(game, step), ()
    for turn, text in enumerate(step.solution):
        move = game.parse(state, text)
        verdict = judge(game, step, state, played, move)
        last = turn == len(step.solution) - 1
        assert verdict.outcome == (MET if last else GOES_ON)
        state, played = game.play(state, move), verdict.played
        if not last:
            state = game.play(state, game.parse(state, verdict.reply))
    assert verdict.message == fill(step.success, Reached(game, state, played))


@pytest.mark.parametrize(("game_id", "step"), steps())
def test_a_legal_wrong_move_misses_with_the_steps_message(game_id, step):
    game = games.get(game_id)
    assert step.wrong, "every step names at least one legal move that misses its goal"
    for text in step.wrong:
        state = start(game, step)
        move = game.parse(state, text)  # legal: parse refuses an illegal move
        verdict = judge(game, step, state, (), move)
        if step.turns > 1:  # the opponent replies, and then no move of the player's meets it
            assert step.turns == 2, "a step of more moves needs a deeper check here"
            assert verdict.outcome == GOES_ON
            state = game.play(state, move)
            state = game.play(state, game.parse(state, verdict.reply))
            for then in game.legal_moves(state):
                last = judge(game, step, state, verdict.played, then)
                said = fill(step.try_again, Reached(game, game.apply(state, then), last.played))
                assert (last.outcome, last.message) == (MISSED, said), then
            continue
        assert verdict.outcome == MISSED
        assert verdict.message == fill(
            step.try_again, Reached(game, game.play(state, move), (text,))
        )


@pytest.mark.parametrize(("game_id", "step"), steps())
def test_a_steps_figure_is_one_of_its_rules_pages(game_id, step):
    if step.figure:
        page = (ROOT / plugin(game_id).rules_page).read_text()
        assert re.search(rf'<figure[^>]*\bid="{re.escape(step.figure)}"', page), step.figure


def test_the_figures_shown_by_the_courses():
    shown = {
        (game_id, step.id): step.figure
        for game_id in COURSES
        for step in course(game_id).steps
        if step.figure
    }
    assert shown == {
        ("wythe", "stack"): "fig-stacking",
        ("petrify", "capture"): "fig-capture",
        ("stigmergy", "control"): "fig-sight",
        ("rugpile", "fools-mate"): "fig-fools-mate",
    }


@pytest.mark.parametrize("game_id", COURSES)
def test_every_section_of_the_rules_page_is_covered_by_a_step(game_id):
    assert list(fixtures(game_id).COURSE_COVERS) == sections(game_id)
    taught = {step.id: step.sections for step in course(game_id).steps}
    for section, step_ids in fixtures(game_id).COURSE_COVERS.items():
        assert step_ids, f"no step teaches {section}"
        for step_id in step_ids:
            assert section in taught[step_id], (section, step_id)
    assert {s for ss in taught.values() for s in ss} == set(fixtures(game_id).COURSE_COVERS)


# --------------------------------------------------------------------------- judging


def test_an_illegal_move_gets_the_engines_own_reason():
    game = games.get("wythe")
    step = course("wythe").step("stack")
    state = start(game, step)  # a1b1 b2a2: b1 a white top of height 1, c1 empty
    move = game._decode(state, "c1b1")
    verdict = judge(game, step, state, (), move)
    assert verdict.outcome == ILLEGAL
    assert verdict.message == game.check(state, move).text
    assert verdict.message.startswith("c1 is empty but b1 holds a stack")


def test_a_step_of_two_moves_gets_its_scripted_reply_then_is_met():
    # Rug Pile's fool's mate played as one step: Red 3x3a3, Blue's scripted 3x3b2, Red 2x2d1.
    text = COURSE_OF_ONE.replace("STEP", json.dumps(TWO_MOVES))
    step = load(text, "rugpile").steps[0]
    game = games.get("rugpile")
    state = start(game, step)
    first = judge(game, step, state, (), game.parse(state, "3x3a3"))
    assert (first.outcome, first.reply, first.played) == (GOES_ON, "3x3b2", ("3x3a3",))
    state = game.play(game.play(state, game.parse(state, "3x3a3")), game.parse(state, "3x3b2"))
    second = judge(game, step, state, first.played, game.parse(state, "2x2d1"))
    assert (second.outcome, second.message) == (MET, "Red wins.")


def test_a_scripted_reply_that_is_not_legal_gives_way_to_the_first_legal_move():
    # After Red's 3x3b2 (b2 to d4), Blue's scripted 3x3b2 would bury Red's whole area, so
    # the reply is the first legal move in the game's order: the 2x2 at a1 (a1 b1 a2 b2,
    # Red keeping the rest of its area).
    text = COURSE_OF_ONE.replace("STEP", json.dumps(TWO_MOVES))
    step = load(text, "rugpile").steps[0]
    game = games.get("rugpile")
    state = game.play(game.new(), game.parse(game.new(), "3x3b2"))
    assert reply_to(game, step, state, 0) == "2x2a1"


COURSE_OF_ONE = '{"game": "rugpile", "title": "Test", "done": "Done.", "steps": [STEP]}'
TWO_MOVES = {
    "id": "mate",
    "title": "Mate",
    "goal": "Win.",
    "start": [],
    "check": [{"is": "wins", "seat": 0}],
    "solution": ["3x3a3", "2x2d1"],
    "replies": ["3x3b2"],
    "success": "Red wins.",
    "try_again": "Not yet.",
    "then": "Blue replied: lay your second rug.",
}


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"check": [{"is": "glows"}]}, "no condition 'glows'"),
        ({"check": [{"is": "wins", "colour": "red"}]}, "condition 'wins'"),
        ({"check": []}, "'check' must list"),
        ({"solution": []}, "'solution' must hold"),
        ({"goal": ""}, "'goal' must be some text"),
        ({"start": "3x3a3"}, "'start' must be a list"),
        ({"colour": "red"}, "unknown field 'colour'"),
        ({"figure": 3}, "'figure' must be a figure's id"),
        ({"success": "Red has {glory}."}, "no fact '{glory}'"),
        ({"success": "Now {scores:a1}."}, "the fact '{scores}' takes no argument"),
        ({"try_again": "A {brace."}, "a brace that names no fact"),
        ({"goal": "Lay {move}."}, "'goal' is said before a move"),
        ({"then": ""}, "'then' must be some text"),
        ({"solution": ["3x3a3"], "replies": []}, "'then' is for a step of more than one move"),
    ],
)
def test_a_step_that_cannot_be_used_is_refused_with_what_is_wrong(change, says):
    text = COURSE_OF_ONE.replace("STEP", json.dumps({**TWO_MOVES, **change}))
    with pytest.raises(BadLesson, match=re.escape(says)):
        load(text, "rugpile")


def test_a_course_that_cannot_be_used_is_refused():
    with pytest.raises(BadLesson, match="not JSON"):
        load("{", "rugpile")
    with pytest.raises(BadLesson, match="for 'wythe', not 'rugpile'"):
        load(course_text("wythe"), "rugpile")
    with pytest.raises(BadLesson, match="no steps"):
        load(COURSE_OF_ONE.replace("STEP", ""), "rugpile")
    step = json.dumps(TWO_MOVES)
    with pytest.raises(BadLesson, match="step id twice"):
        load(COURSE_OF_ONE.replace("STEP", f"{step}, {step}"), "rugpile")


def test_a_start_the_rules_refuse_is_refused_naming_the_step():
    text = COURSE_OF_ONE.replace(
        "STEP", json.dumps({**TWO_MOVES, "start": ["3x3a1", "2x2d4", "2x2a1"]})
    )
    step = load(text, "rugpile").steps[0]
    with pytest.raises(BadLesson, match=r"step .mate. does not start: .*2x2a1.*Red"):
        start(games.get("rugpile"), step)


def course_text(game_id: str) -> str:
    return (ROOT / plugin(game_id).lessons).read_text()
