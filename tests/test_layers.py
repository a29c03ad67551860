"""The layers hold: web/'s pure packages (logic, storage, boards, worker) never reach the
browser, neither directly nor through another web module they import, so all of them run
and are tested in CPython; the boards draw without the
page's logic; a game by link's modules depend on each other one way, and its words on its
model, never the other way; and the e2e tests share helpers only through e2e/helpers.py.
Checked on the source (ast), imports inside functions included."""

from __future__ import annotations

import ast

import pytest

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


def modules_in(folder: str) -> list[str]:
    return sorted(module_name(p) for p in (ROOT / folder).rglob("*.py"))


def within(names: set[str] | frozenset[str], root: str) -> list[str]:
    return sorted(n for n in names if n == root or n.startswith(root + "."))


@pytest.mark.parametrize("name", modules_in("web/boards"))
def test_a_board_never_reaches_the_pages_logic(name):
    # a board draws a position for the page; what the page does with it is web/logic's
    assert within(reaches(name), "web.logic") == []


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
    found = {n for n in modules_in("web/logic") if n.rpartition(".")[2].startswith("link_")}
    assert found - {"web.logic.link_exchange", "web.logic.link_opening"} == set(BY_LINK)


def e2e_imports(path) -> set[str]:
    tree = ast.parse(path.read_text())
    names = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    return names | {n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}


@pytest.mark.parametrize("path", sorted((ROOT / "e2e").glob("*.py")), ids=lambda p: p.name)
def test_e2e_modules_share_helpers_only_through_the_helpers_module(path):
    own = {p.stem for p in (ROOT / "e2e").glob("*.py")} - {"helpers"}
    assert sorted(e2e_imports(path) & own) == []
