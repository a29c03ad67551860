"""The app's pure modules the first screen imports, for the built site's memory snapshot
(scripts/make_snapshot.mjs, run by build_site.sh): a start from that snapshot finds them
imported already.

    python3 scripts/snapshot_modules.py [ROOT]     # module names, one a line

Those are the modules web/main.py imports when it runs (its imports at the top level of each
module, followed through the app's own; an import inside a function waits for its first use
and is left out), and each game's rules and board (engine/contract/plugins.py names them; the first
screen opens one of them), leaving out every module that imports, directly or through
another, something only the browser has (pyscript, pyodide, js): those stay as they are,
imported from app.zip when the page runs.  Nothing here runs the modules: it reads them
(ast), as scripts/app_modules.py does.
"""

from __future__ import annotations

import ast
import sys
from functools import cache
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scripts.app_modules import PACKAGES, PART, ROOT, _absolute, module_name, module_path

BROWSER_ONLY = ("pyscript", "pyodide", "js")
ENTRY = "web/main.py"
PLUGINS = "engine/contract/plugins.py"
PARTS = ("rules", "board")  # a game's parts the page draws with (not the worker's knowledge)


def _top_level(body: list[ast.stmt]) -> list[ast.stmt]:
    """The statements a module runs when imported: its own, and those in its `try`, `with`
    and `if` blocks (but `if TYPE_CHECKING:`), not the bodies of functions and classes."""
    out: list[ast.stmt] = []
    for node in body:
        out.append(node)
        if isinstance(node, ast.If):
            test = node.test
            if isinstance(test, ast.Name) and test.id == "TYPE_CHECKING":
                out += _top_level(node.orelse)
            else:
                out += _top_level(node.body) + _top_level(node.orelse)
        elif isinstance(node, ast.Try):
            for block in (
                node.body,
                node.orelse,
                node.finalbody,
                *(h.body for h in node.handlers),
            ):
                out += _top_level(block)
        elif isinstance(node, ast.With):
            out += _top_level(node.body)
    return out


@cache
def imported_at_once(path: Path, root: Path = ROOT) -> frozenset[str]:
    """The modules a source imports when it is imported, by absolute name (with the packages
    above each, which Python imports first)."""
    package = module_name(path, root)
    if path.name != "__init__.py":
        package = package.rpartition(".")[0]
    names: set[str] = set()
    for node in _top_level(ast.parse(path.read_text(encoding="utf-8")).body):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            source = _absolute(node, package)
            names.add(source)
            names.update(
                f"{source}.{alias.name}"
                for alias in node.names
                if module_path(f"{source}.{alias.name}", root) is not None
            )
    return frozenset(p for name in names for p in _packages(name))


def _packages(name: str) -> list[str]:
    parts = name.split(".")
    return [".".join(parts[:i]) for i in range(1, len(parts) + 1)]


def _app_path(name: str, root: Path) -> Path | None:
    return module_path(name, root) if name.split(".")[0] in PACKAGES else None


def closure(names: set[str], root: Path = ROOT) -> set[str]:
    """These modules and every module they import at once, through the app's own."""
    found: set[str] = set()
    todo = [p for name in names for p in _packages(name)]
    while todo:
        name = todo.pop()
        if name in found:
            continue
        found.add(name)
        path = _app_path(name, root)
        if path is not None:
            todo.extend(imported_at_once(path, root))
    return found


def game_parts(root: Path = ROOT) -> set[str]:
    """The module of each game's rules and board, as engine/contract/plugins.py names them."""
    out: set[str] = set()
    for node in ast.walk(ast.parse((root / PLUGINS).read_text(encoding="utf-8"))):
        if isinstance(node, ast.keyword) and node.arg in PARTS:
            value = node.value
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                part = PART.match(value.value)
                if part:
                    out.add(part.group(1))
    return out


def snapshot_modules(root: Path = ROOT) -> list[str]:
    """The pure modules of the app the first screen imports, sorted."""
    wanted = closure(set(imported_at_once(root / ENTRY, root)) | game_parts(root), root)
    pure = [
        name
        for name in wanted
        if _app_path(name, root) is not None
        and not any(m.split(".")[0] in BROWSER_ONLY for m in closure({name}, root))
    ]
    return sorted(pure)


if __name__ == "__main__":
    folder = Path(sys.argv[1]).resolve() if sys.argv[1:] else ROOT
    print("\n".join(snapshot_modules(folder)))
