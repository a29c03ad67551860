"""The examples in the engine's docstrings run, and give what they say: every module under
engine/ is run through doctest (so `make test` runs them), the API's most used methods keep an
example each, and the README's use of the engine from Python works."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from pathlib import Path

import pytest

import engine
from engine.contract.core import Game

MODULES = [
    "engine",
    *sorted(
        info.name
        for info in pkgutil.walk_packages(engine.__path__, "engine.")
        if info.name != "engine.__main__"  # the command line: it parses sys.argv when run
    ),
]
EXAMPLED = ("new", "legal_moves", "play", "notation", "parse", "to_move", "result", "scores")


@pytest.mark.parametrize("name", MODULES)
def test_the_examples_of_each_module_run(name):
    module = importlib.import_module(name)
    finder = doctest.DocTestFinder(exclude_empty=True)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in finder.find(module, name):
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"


@pytest.mark.parametrize("method", EXAMPLED)
def test_the_api_most_used_has_examples(method):
    doc = getattr(Game, method).__doc__ or ""
    assert ">>> " in doc, f"Game.{method} has no example"


def test_the_examples_are_found():
    tests = doctest.DocTestFinder(exclude_empty=True).find(
        importlib.import_module("engine.contract.core")
    )
    assert sum(len(test.examples) for test in tests) >= 40


def test_the_readmes_example_runs():
    readme = Path(__file__).resolve().parent.parent / "README.md"
    result = doctest.testfile(str(readme), module_relative=False, report=False)
    assert result.attempted == 3 and result.failed == 0, result


def test_the_names_outside_checks_call_import_as_the_design_writes_them():
    # docs/design.md, "The names outside checks call": their paths stay when modules move.
    from engine import EngineError, games
    from engine.ai import choose_move
    from engine.ai.analysis import estimate
    from engine.record import encode, make_record

    game = games.get("rugpile")
    state = game.new()
    move = choose_move(game, state, "easy", seed=1, playouts=20)
    fragment = encode(make_record(game, {}, [game.notation(state, move)]))
    assert fragment.startswith("rugpile/") and issubclass(EngineError, Exception)
    assert len(estimate(game, state, 20, seed=1)) == 2
