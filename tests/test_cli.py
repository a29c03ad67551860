"""python -m engine: each command works, and mistakes give one line and exit 2."""

import subprocess
import sys
from pathlib import Path

import pytest

from engine import games

ROOT = Path(__file__).resolve().parent.parent


def run(*args):
    return subprocess.run(
        [sys.executable, "-m", "engine", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_list_names_every_game():
    out = run("list")
    assert out.returncode == 0
    for game_id in games.ids():
        assert game_id in out.stdout


def test_moves_after_a_list_of_moves():
    out = run("moves", "rugpile", "3x3a3", "3x3b2")
    assert out.returncode == 0 and out.stdout.startswith("Red to move")
    assert "2x2d1" in out.stdout.split()
    done = run("moves", "rugpile", "3x3a3", "3x3b2", "2x2d1")
    assert "game over: Blue cannot place a tile; scores [9, 8]" in done.stdout


def test_moves_may_follow_options():
    out = run("moves", "rugpile", "--opt", "size=4", "2x2a1", "2x2c3")
    assert out.returncode == 0 and out.stdout.startswith("Red to move")


def test_random_games_and_perft():
    out = run("random", "rugpile", "--games", "2", "--seed", "3", "--opt", "players=4")
    assert out.returncode == 0 and out.stdout.count("game ") == 2
    perft = run("perft", "rugpile", "1")
    assert perft.stdout.startswith("depth 1: 49 ")  # 16 + 12 + 12 + 9 on the empty 5x5


@pytest.mark.parametrize(
    "args,message",
    [
        (["moves", "chess"], "unknown game 'chess'"),
        (["moves", "rugpile", "--opt", "size=12"], "option size must be from 4 to 8"),
        (["moves", "rugpile", "--opt", "size"], "should be name=value"),
        (["moves", "rugpile", "3x3a3", "3x3a3"], "move 2 ('3x3a3')"),
        (["moves", "rugpile", "hello"], "move 1 ('hello')"),
        (["moves", "wythe", "a²b1"], "move 1 ('a²b1'): 'a²' is not a square"),
        (["perft", "wythe", "1", "a٣b1"], "move 1 ('a٣b1')"),
        (["moves", "wythe", "--opt", "size=²"], "option size must be a whole number, not '²'"),
        (["moves", "rugpile", "--opt", "tiles=²-3-2"], "tiles must be three counts"),
        (["moves", "wythe", "a" + "1" * 5000 + "b1"], "move 1 ('a111111111"),
        (["moves", "stigmergy", "komi" + "9" * 5000], "move 1 ('komi99999"),
        (["moves", "wythe", "--opt", "size" + "=" * 5000], "option size must be a whole number"),
        (["moves", "wythe", "--opt", "size=6", "--opt", "size=8"], "option size is given twice"),
        (["moves"], "the following arguments are required: game ("),
        (["random", "wythe", "--games", "-5"], "argument --games: -5 is less than 1"),
        (["random", "wythe", "--games", "many"], "argument --games: 'many' is not a whole number"),
        (["perft", "wythe", "-1"], "argument depth: -1 is less than 1"),
        (["perft", "wythe", "0"], "argument depth: 0 is less than 1"),
        (["arena", "wythe", "easy", "random", "--scale", "inf"], "--scale: inf is not above 0"),
        (["arena", "wythe", "easy", "random", "--scale", "nan"], "--scale: nan is not above 0"),
        (["arena", "wythe", "easy", "random", "--scale", "1e308"], "--scale: 1e308 is not above"),
        (["arena", "wythe", "easy", "random", "--scale", "0"], "--scale: 0 is not above 0"),
        (["arena", "wythe", "easy", "random", "--games", "0"], "--games: 0 is less than 1"),
        (["arena", "wythe", "easy", "wizard"], "unknown player 'wizard'"),
    ],
)
def test_errors_are_one_line_and_exit_2(args, message):
    out = run(*args)
    assert out.returncode == 2
    assert out.stderr.count("\n") == 1 and message in out.stderr
    assert "Traceback" not in out.stderr
    assert len(out.stderr) < 300  # bad input is quoted briefly
