"""The layers hold.  web/'s pure packages (logic, storage, boards, worker) never reach the
browser, neither directly nor through another web module they import, so all of them run and
are tested in CPython; a board never reaches the page's logic; a game by link's modules depend
on each other one way, and its words on its model, never the other way; the e2e tests share
helpers only through e2e/helpers.py.  The engine's rooms: the engine never imports the page,
the lab, the scripts or the tests; the generic search (engine/ai/) never imports a game's
package by its path; a game's package imports the contract, the generic search and the
learning room, and never another game or the formats.
Checked on the source (ast), imports inside functions included."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from engine.contract.plugins import ids
from scripts.app_modules import ROOT, imported, module_name, module_path
from scripts.app_modules import reaches as reaches_from

PURE = ("web/logic", "web/storage", "web/boards", "web/worker")
BROWSER = ("js", "pyscript", "pyodide", "web.browser")


def reaches(name: str) -> set[str]:
    """Every module a module of this repo imports, directly or through the repo's modules
    (scripts/app_modules.py, which the build's list of the app's modules comes from)."""
    path = module_path(name)
    assert path is not None, name
    return reaches_from([path])


def pure_modules() -> list[str]:
    return sorted(module_name(p) for folder in PURE for p in (ROOT / folder).rglob("*.py"))


def is_browser(name: str) -> bool:
    return any(name == root or name.startswith(root + ".") for root in BROWSER)


def test_the_pure_packages_hold_modules():
    names = pure_modules()
    assert {"web.logic.session", "web.storage.recent", "web.boards.stigmergy"} <= set(names)
    assert "web.worker.thinker" in names


@pytest.mark.parametrize("name", pure_modules())
def test_a_pure_module_never_reaches_the_browser(name):
    assert sorted(m for m in reaches(name) if is_browser(m)) == []


def test_the_check_follows_imports_through_other_modules():
    # web/browser/new_game_form.py imports pyodide only through web/browser/dom.py.
    path = module_path("web.browser.new_game_form")
    assert path is not None and not any(m.startswith("pyodide") for m in imported(path))
    assert "pyodide.ffi" in reaches("web.browser.new_game_form")
    assert is_browser("pyodide.ffi") and is_browser("web.browser.dom")
    assert not is_browser("web.boards.base") and not is_browser("jsonish")


# A game by link's modules and those each may import of the others (web/logic/link_lines.py
# says what each is for): the lines first, the link sent on them, the arrival on both; the
# seats on none; the words on any, and none of them on the words.
BY_LINK = {
    "web.logic.link_lines": set(),
    "web.logic.link_sending": {"web.logic.link_lines"},
    "web.logic.link_arrival": {"web.logic.link_lines", "web.logic.link_sending"},
    "web.logic.link_seats": set(),
    "web.logic.link_words": {
        "web.logic.link_lines",
        "web.logic.link_sending",
        "web.logic.link_arrival",
        "web.logic.link_seats",
    },
}


@pytest.mark.parametrize("name", sorted(BY_LINK))
def test_a_by_link_module_imports_only_the_parts_below_it(name):
    path = module_path(name)
    assert path is not None, name
    assert {m for m in imported(path) if m in BY_LINK} <= BY_LINK[name]


def test_the_by_link_modules_are_all_known():
    # a new link_*.py (other than link_exchange and link_opening, which hold the exchanged
    # lines and what a link opens) takes its place in BY_LINK
    found = {module_name(p) for p in modules_under("web/logic") if p.stem.startswith("link_")}
    assert found - {"web.logic.link_exchange", "web.logic.link_opening"} == set(BY_LINK)


def e2e_imports(path) -> set[str]:
    tree = ast.parse(path.read_text())
    names = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    return names | {n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}


@pytest.mark.parametrize("path", sorted((ROOT / "e2e").glob("*.py")), ids=lambda p: p.name)
def test_e2e_modules_share_helpers_only_through_the_helpers_module(path):
    own = {p.stem for p in (ROOT / "e2e").glob("*.py")} - {"helpers"}
    assert sorted(e2e_imports(path) & own) == []


# ---- the engine's rooms (docs/design.md, "The engine's rooms"): checked on the import
# statements alone, not the plug-ins' "module:Name" parts, which the registry
# (engine/contract/plugins.py) names without importing them.


def statements(path: Path, root: Path = ROOT) -> frozenset[str]:
    """The modules a source's import statements name (relative ones resolved), at any depth."""
    return imported(path, root, parts=False)


def modules_under(folder: str) -> list[Path]:
    return sorted(p for p in (ROOT / folder).rglob("*.py") if "__pycache__" not in p.parts)


def within(name: str, *roots: str) -> bool:
    return any(name == root or name.startswith(root + ".") for root in roots)


GAME_PACKAGES = tuple(f"engine.games.{game_id}" for game_id in ids())


@pytest.mark.parametrize("path", modules_under("engine"), ids=lambda p: module_name(p))
def test_the_engine_never_imports_the_page_the_lab_the_scripts_or_the_tests(path):
    assert sorted(n for n in statements(path) if within(n, "web", "lab", "scripts", "tests")) == []


@pytest.mark.parametrize("path", modules_under("engine/ai"), ids=lambda p: module_name(p))
def test_the_generic_search_never_imports_a_game_by_its_path(path):
    # A game's knowledge reaches it through the registry (engine/ai/knowledge.py: for_game).
    assert sorted(n for n in statements(path) if within(n, *GAME_PACKAGES)) == []


# What a game's package may import of the engine: the contract, the generic search, the
# learning room (its lesson words build on the shared ones), itself, and the registry's `get`.
GAME_MAY_IMPORT = ("engine.contract", "engine.ai", "engine.learning")
REGISTRY = {"engine", "engine.games", "engine.games.get"}


def outside_its_rooms(game: str, names: frozenset[str]) -> list[str]:
    engine = {n for n in names if within(n, "engine")}
    return sorted(n for n in engine - REGISTRY if not within(n, *GAME_MAY_IMPORT, game))


@pytest.mark.parametrize("game", GAME_PACKAGES)
def test_a_game_package_imports_the_contract_and_never_another_game(game):
    for path in modules_under(game.replace(".", "/")):
        assert outside_its_rooms(game, statements(path)) == [], path


def test_the_rooms_check_sees_an_import_of_another_game_or_of_the_formats(tmp_path):
    source = tmp_path / "engine" / "games" / "wythe" / "rules.py"
    source.parent.mkdir(parents=True)
    source.write_text(
        "from ..petrify.kernel import patches\n"
        "from engine.formats.record import encode\n"
        "from ...contract.core import Game\n"
        "from .kernel import Board\n"
    )
    names = statements(source, tmp_path)
    assert {"engine.contract.core", "engine.games.wythe.kernel"} <= names
    assert outside_its_rooms("engine.games.wythe", names) == [
        "engine.formats.record",
        "engine.games.petrify.kernel",
    ]


@pytest.mark.parametrize("path", modules_under("web/boards"), ids=lambda p: module_name(p))
def test_a_board_never_imports_the_pages_logic(path):
    assert sorted(n for n in reaches_from([path]) if within(n, "web.logic", "web.browser")) == []
