"""A course taken on the page (web/logic/lesson.py): where it picks up, the step's position as
a session, a wrong move, an illegal one, a step met and the course's end, the bar's buttons,
and the progress and first-visit offer kept as text (web/logic/learn_offer.py)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from engine.contract.plugins import plugin
from engine.learning.lessons import load
from web.logic.learn_offer import offer_html, progress_key, read_ids, write_ids
from web.logic.lesson import DONE, MISSED, PLAYING, LessonRun, figure_html

ROOT = Path(__file__).resolve().parent.parent


def run(game_id: str = "rugpile", done=(), touch: bool = False) -> LessonRun:
    course = load((ROOT / plugin(game_id).lessons).read_text(), game_id)
    return LessonRun(course, done, touch=touch)


def play(lesson: LessonRun, text: str):
    session = lesson.session()
    return lesson.move(session.state, session.game.parse(session.state, text))


def test_a_course_picks_up_at_its_first_step_not_done():
    assert run().index == 0
    assert run(done={"first-rug", "turn-tile"}).index == 2
    assert run(done={"first-rug", "nonsense"}).done == {"first-rug"}
    every = [step.id for step in run().course.steps]
    assert run(done=every).index == 0 and run(done=every).finished


def test_the_steps_session_is_its_start_position():
    lesson = run(done={"first-rug", "turn-tile", "restrictions"})  # count: 3x3a1 3x3c3
    session = lesson.session()
    assert session.moves == ["3x3a1", "3x3c3"]
    assert session.game.scores(session.state) == (8, 9)


def test_a_wrong_move_says_try_again_and_the_bar_offers_it():
    lesson = run()
    said = play(lesson, "2x2a1")
    assert said.message == lesson.step.try_again and not said.error
    assert lesson.status == MISSED and not lesson.playing and not lesson.step_done
    html = lesson.bar_html()
    assert "data-lesson='retry'" in html and "data-lesson='show'" in html
    assert "data-lesson='next'" not in html
    assert lesson.announcement() == lesson.step.try_again
    lesson.restart()
    assert (lesson.status, lesson.played, lesson.message) == (PLAYING, (), "")
    assert lesson.playing and not lesson.step_done


def test_an_illegal_move_says_the_engines_reason_and_the_step_goes_on():
    lesson = run(done={"first-rug", "turn-tile"})  # restrictions: 3x3a1 2x2d4, Red to lay
    session = lesson.session()
    move = session.game._decode(session.state, "2x2d4")  # would bury Blue's d4 area
    said = lesson.move(session.state, move)
    assert said.error and said.message == "it would completely cover the Blue area at d4"
    assert lesson.status == PLAYING and lesson.played == ()
    assert "lesson-error" in lesson.bar_html()


def test_meeting_the_goal_marks_the_step_done_and_offers_next():
    lesson = run()
    said = play(lesson, "3x3b2")
    assert said.message == lesson.step.success.replace("{move}", "3x3b2")
    assert "The move list writes this move 3x3b2:" in said.message
    assert lesson.status == DONE and lesson.done == {"first-rug"}
    assert lesson.step_done and not lesson.playing
    assert "data-lesson='next'" in lesson.bar_html()
    assert "data-lesson='show'" not in lesson.bar_html()
    lesson.go(lesson.index + 1)
    assert lesson.step.id == "turn-tile" and lesson.status == PLAYING
    assert lesson.announcement().endswith("Goal: " + lesson.step.goal)


def test_the_last_step_met_ends_the_course_with_the_offer_of_the_easy_computer():
    every = [step.id for step in run().course.steps]
    lesson = run(done=every[:-1])
    assert lesson.step.id == "fools-mate"
    play(lesson, "2x2d1")
    assert lesson.finished
    html = lesson.bar_html()
    assert "data-lesson='play-easy'" in html and lesson.course.done in html
    assert lesson.announcement().endswith(lesson.course.done)


def test_text_from_the_course_is_escaped_in_the_bar():
    lesson = run("wythe", done={"first-piece", "stack", "frozen"})  # swap
    assert "Black&#x27;s first piece" in lesson.bar_html()
    assert "Black's first piece" in lesson.announcement()


def test_progress_and_the_offers_shown_are_kept_as_text_read_forgivingly():
    assert progress_key("wythe") == "learn-progress-wythe"
    assert read_ids(write_ids({"b", "a"})) == {"a", "b"}
    assert write_ids({"b", "a"}) == '["a", "b"]'
    for bad in (None, "", "{", '{"a": 1}', "[1, 2]"):
        assert read_ids(bad) == set()


def test_the_offer_names_the_game_and_its_button():
    assert offer_html("rugpile") == (
        "New to Rug Pile? <button type='button' class='link-button' data-learn='rugpile'>"
        "Learn it in three minutes</button>"
    )


def test_on_a_touch_screen_the_bar_says_tap_where_the_course_wrote_click():
    course = load((ROOT / plugin("petrify").lessons).read_text(), "petrify")
    assert course.steps[0].try_again == "Your disk went to {move}. Click the empty square c3."
    for touch, word in ((True, "Tap"), (False, "Click")):
        lesson = LessonRun(course, touch=touch)
        play(lesson, "d4")  # wrong: the disk on d4, not c3
        said = f"Your disk went to d4. {word} the empty square c3."
        assert said in lesson.bar_html()
        assert lesson.announcement() == said
    lesson = LessonRun(course, done={"place", "capture"}, touch=True)  # mound
    play(lesson, "c5")
    assert "Try tapping a1 to see why" in lesson.bar_html()
    assert "lick" not in lesson.bar_html() + lesson.announcement()


def test_on_a_touch_screen_the_goal_and_the_engines_reason_say_tap_too():
    lesson = run(touch=True)
    lesson.course = replace(
        lesson.course, steps=(replace(lesson.step, goal="Click c3."),), done="Clicked."
    )
    assert "<strong>Goal:</strong> Tap c3." in lesson.bar_html()
    assert lesson.announcement().endswith("Goal: Tap c3.")
    lesson.message, lesson.error = "Click elsewhere.", True  # as an illegal move's reason
    assert "Tap elsewhere." in lesson.bar_html() and lesson.announcement() == "Tap elsewhere."
    lesson.status, lesson.message, lesson.done = DONE, "Done.", {lesson.step.id}
    assert "Tapped." in lesson.bar_html()


def rules(game_id: str) -> str:
    return (ROOT / plugin(game_id).rules_page).read_text()


def test_a_figure_is_taken_from_the_rules_page_without_its_caption_or_its_ids():
    figure = figure_html(rules("petrify"), "fig-capture")
    assert figure.startswith("<figure class='lesson-figure'><svg")
    assert "figcaption" not in figure and 'id="fig-capture"' not in figure
    assert "Before: Blue disks on b2 and c3" in figure  # the svg's label, for screen readers
    hatched = figure_html(rules("wythe"), "fig-stacking")
    assert 'id="lesson-wy-rules-hatch-black"' in hatched
    assert "url(#lesson-wy-rules-hatch-black)" in hatched
    assert 'id="wy-rules-hatch-black"' not in hatched and "url(#wy-rules-hatch" not in hatched
    assert figure_html(rules("petrify"), "fig-none") == ""


def test_the_figure_shows_once_a_move_met_or_missed_the_goal():
    lesson = run(done={"first-rug", "turn-tile", "restrictions", "count"})  # the fool's mate
    assert lesson.step.figure == "fig-fools-mate"
    figure = figure_html(rules("rugpile"), lesson.step.figure)
    assert figure and lesson.figure(rules("rugpile")) == figure
    assert "lesson-figure" not in lesson.bar_html(figure)  # the player tries first
    play(lesson, "2x2a1")
    assert lesson.status == MISSED and figure in lesson.bar_html(figure)
    lesson.restart()
    play(lesson, "2x2d1")
    assert lesson.status == DONE and figure in lesson.bar_html(figure)


def test_a_step_without_a_figure_shows_none():
    lesson = run()
    assert lesson.step.figure == ""
    assert lesson.figure(rules("rugpile")) == ""


def test_halfway_through_a_step_of_two_moves_the_bar_says_what_to_do_and_offers_no_try_again():
    lesson = run("stigmergy", done={"place", "control", "flip", "bid", "komi", "button"})
    assert lesson.step.id == "end"
    session = lesson.session()
    game, state = session.game, session.state
    said = play(lesson, "c6")  # the uncontrolled cell: White's scripted pass follows
    assert (said.message, said.reply) == ("", "pass")
    state = game.play(game.play(state, game.parse(state, "c6")), "pass")
    lesson.replied(state)
    assert lesson.playing and lesson.message == lesson.step.then
    html = lesson.bar_html()
    assert "Try again" not in html and "Start the step over" in html
    assert lesson.step.then in html and lesson.announcement() == lesson.step.then


def test_halfway_through_a_step_of_two_moves_a_goal_out_of_reach_is_missed_at_once():
    lesson = run("stigmergy", done={"place", "control", "flip", "bid", "komi", "button"})
    session = lesson.session()
    game, state = session.game, session.state
    said = play(lesson, "d3")  # c6 stays uncontrolled: no pass after White's reply
    assert said.reply is not None
    state = game.play(state, game.parse(state, "d3"))
    lesson.replied(game.play(state, game.parse(state, said.reply)))
    assert lesson.status == MISSED and lesson.message == lesson.step.try_again
    assert "Try again" in lesson.bar_html()
