"""web/'s layers hold: the pure packages (logic, storage, boards, worker) never reach the
browser, neither directly nor through another web module they import, so all of them run
and are tested in CPython.  Checked on the source (ast), imports inside functions included."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PURE = ("web/logic", "web/storage", "web/boards", "web/worker")
BROWSER = ("js", "pyscript", "pyodide", "web.browser")


def module_name(path: Path) -> str:
    return (
        path.relative_to(ROOT)
        .with_suffix("")
        .as_posix()
        .removesuffix("/__init__")
        .replace("/", ".")
    )


def module_path(name: str) -> Path | None:
    """The source of a module of this repo, or None for any other."""
    base = ROOT / name.replace(".", "/")
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def imported(path: Path) -> set[str]:
    """The modules a source imports, by absolute name (`from web import x` counts as
    importing web.x when that is a module)."""
    package = module_name(path)
    if path.name != "__init__.py":
        package = package.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1])
                source = f"{base}.{node.module}" if node.module else base
            else:
                source = node.module or ""
            out.add(source)
            out.update(
                f"{source}.{alias.name}"
                for alias in node.names
                if module_path(f"{source}.{alias.name}") is not None
            )
    return out


@cache
def imports_of(name: str) -> frozenset[str]:
    """The modules a module of this repo imports (none for any other module)."""
    path = module_path(name)
    return frozenset(imported(path)) if path is not None else frozenset()


def reaches(name: str) -> set[str]:
    """Every module a module of this repo imports, directly or through the repo's modules
    (the web and engine packages, which may import each other in a circle); the others are
    followed no further."""
    found: set[str] = set()
    todo = [name]
    while todo:
        for other in imports_of(todo.pop()):
            if other not in found:
                found.add(other)
                if other.startswith(("web.", "engine.")):
                    todo.append(other)
    return found


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
