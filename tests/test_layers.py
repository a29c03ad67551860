"""web/'s layers hold: the pure packages (logic, storage, boards, worker) never reach the
browser, neither directly nor through another web module they import, so all of them run
and are tested in CPython.  Checked on the source (ast), imports inside functions included."""

from __future__ import annotations

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
