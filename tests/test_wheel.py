"""The engine as a library: a wheel built from pyproject.toml holds the package engine/ and
nothing else, installs into a fresh virtual environment, and there its command line and its
doctests run (from the installed copy, not the checkout).

The build is pyproject.toml's backend, setuptools, from this environment (pinned in
requirements-dev.txt, so nothing is fetched); it runs on a copy of what the wheel is built
from, so the checkout gets no build/ or .egg-info of it."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from importlib.metadata import version
from pathlib import Path

import pytest

import engine

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.slow  # a build and a virtual environment: some 4-10 s


def run(*args: str | Path, cwd: Path) -> str:
    done = subprocess.run(
        [str(a) for a in args], cwd=cwd, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def pinned(name: str) -> str:
    """The version requirements-dev.txt pins `name` to."""
    found = re.search(rf"^{name}==(\S+)$", (ROOT / "requirements-dev.txt").read_text(), re.M)
    assert found, f"requirements-dev.txt pins no {name}"
    return found.group(1)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    assert version("setuptools") == pinned("setuptools"), (
        "the build backend is not requirements-dev.txt's: pip install -r requirements-dev.txt"
    )
    source = tmp_path_factory.mktemp("source")
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    shutil.copytree(
        ROOT / "engine", source / "engine", ignore=shutil.ignore_patterns("__pycache__")
    )
    dist = tmp_path_factory.mktemp("dist")
    pip_wheel = ("-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index")
    run(sys.executable, *pip_wheel, "--wheel-dir", dist, source, cwd=source)
    (built,) = dist.glob("*.whl")
    return built


@pytest.fixture(scope="module")
def venv(wheel, tmp_path_factory) -> Path:
    """A fresh virtual environment with the wheel installed, and nothing else."""
    where = tmp_path_factory.mktemp("venv")
    run(sys.executable, "-m", "venv", "--without-pip", where, cwd=where)
    python = where / "bin" / "python"
    pip_install = ("-m", "pip", "--python", python, "install", "--no-deps", "--no-index")
    run(sys.executable, *pip_install, wheel, cwd=where)
    return where


def test_the_wheel_is_the_engine_at_its_version(wheel):
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert wheel.name == f"abstract_games_engine-{engine.__version__}-py3-none-any.whl"
    assert project["dependencies"] == []
    with zipfile.ZipFile(wheel) as contents:
        names = contents.namelist()
    packaged = {n.split("/")[0] for n in names}
    assert packaged == {"engine", f"abstract_games_engine-{engine.__version__}.dist-info"}
    sources = {
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / "engine").rglob("*.py")
        if "__pycache__" not in p.parts
    }
    assert {n for n in names if n.endswith(".py")} == sources  # every module, games/ and ai/


def test_the_command_line_runs_from_the_installed_script(venv):
    listing = run(venv / "bin" / "abstract-games", "list", cwd=venv)
    assert [line.split()[0] for line in listing.splitlines()] == list(engine.games.ids())
    moves = run(venv / "bin" / "abstract-games", "moves", "rugpile", "3x3a3", "3x3b2", cwd=venv)
    assert moves.startswith("Red to move") and "2x2d1" in moves.split()


DOCTEST = """
import doctest, importlib.util, engine
assert importlib.util.find_spec("web") is None and importlib.util.find_spec("lab") is None
print(engine.__file__)
print(doctest.testmod(engine))
"""


def test_the_doctests_run_from_the_installed_package(venv):
    file, result = run(venv / "bin" / "python", "-c", DOCTEST, cwd=venv).splitlines()
    assert Path(file).is_relative_to(venv) and Path(file).name == "__init__.py"
    assert result == "TestResults(failed=0, attempted=3)"  # engine/__init__.py's three examples
