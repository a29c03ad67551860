"""The app's Python modules: every module of engine/ and web/ that the page's and the worker's
entry scripts import, directly or through each other, found on the sources (ast), imports
inside functions included.  The one list the build ships (pyscript.toml's [files] while
developing, the built site's app.zip, the standard library's subset) and the tests check.

    python3 scripts/app_modules.py [ROOT]            # the files, one a line (ROOT: this
                                                     # checkout)
    python3 scripts/app_modules.py --browser [ROOT]  # and the other Python the browser runs

A module counts as imported when an `import` or `from ... import` names it (relative ones
resolved, `from package import module` included), when it is a package of one that is
imported (Python runs its __init__.py first), or when a string of the form "module:Name"
names it: the way engine/contract/plugins.py declares each game's parts, which it imports by name.
The entry scripts themselves are loaded by their path, not imported, so they are not in it.
"""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Iterable
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENTRY_SCRIPTS = ("web/main.py", "web/ai_worker.py")  # loaded by <script src>, not imported
# The finder web/interpreter.mjs installs from the site's standard library, where
# scripts/make_stdlib.mjs puts it: the browser runs it, but not from the app's modules.
STDLIB_FALLBACK = "web/stdlib_fallback.py"
PACKAGES = ("engine", "web")  # the app's own; any other module is followed no further
# "package.module:Name", a plug-in's part (engine/contract/plugins.py), imported when first needed
PART = re.compile(r"^((?:engine|web)(?:\.[A-Za-z_]\w*)+):[A-Za-z_]\w*$")


def module_name(path: Path, root: Path = ROOT) -> str:
    """web/boards/__init__.py -> web.boards; engine/contract/core.py -> engine.contract.core."""
    return (
        path.relative_to(root)
        .with_suffix("")
        .as_posix()
        .removesuffix("/__init__")
        .replace("/", ".")
    )


def module_path(name: str, root: Path = ROOT) -> Path | None:
    """The source of a module of this checkout, or None for any other."""
    base = root / name.replace(".", "/")
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def _absolute(node: ast.ImportFrom, package: str) -> str:
    """The module a `from ... import` takes its names from, relative levels resolved."""
    if not node.level:
        return node.module or ""
    parts = package.split(".")
    base = ".".join(parts[: len(parts) - node.level + 1])
    return f"{base}.{node.module}" if node.module else base


@cache
def imported(path: Path, root: Path = ROOT, parts: bool = True) -> frozenset[str]:
    """The modules a source imports, by absolute name, at any depth of the code (`parts`: and
    the plug-ins' "module:Name" parts it names; without them, its import statements alone)."""
    package = module_name(path, root)
    if path.name != "__init__.py":
        package = package.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            source = _absolute(node, package)
            out.add(source)
            out.update(
                f"{source}.{alias.name}"
                for alias in node.names
                if module_path(f"{source}.{alias.name}", root) is not None
            )
        elif parts and isinstance(node, ast.Constant) and isinstance(node.value, str):
            part = PART.match(node.value)
            if part:
                out.add(part.group(1))
    return frozenset(out)


def _with_packages(name: str) -> list[str]:
    """A module and the packages above it, which importing it runs first."""
    parts = name.split(".")
    return [".".join(parts[:i]) for i in range(1, len(parts) + 1)]


def reaches(paths: Iterable[Path], root: Path = ROOT) -> set[str]:
    """Every module these sources import, directly or through the app's own modules (which
    may import each other in a circle), with the packages above each; other modules (the
    standard library, the browser's) are listed but followed no further."""
    found: set[str] = set()
    todo = [name for path in paths for name in imported(path, root)]
    while todo:
        for name in _with_packages(todo.pop()):
            if name in found:
                continue
            found.add(name)
            path = module_path(name, root) if name.split(".")[0] in PACKAGES else None
            if path is not None:
                todo.extend(imported(path, root))
    return found


def app_files(root: Path = ROOT) -> list[str]:
    """The app's modules as the sources' paths from `root`, sorted: what the entry scripts
    import of engine/ and web/."""
    names = reaches((root / entry for entry in ENTRY_SCRIPTS), root)
    paths = (module_path(name, root) for name in names if name.split(".")[0] in PACKAGES)
    return sorted(path.relative_to(root).as_posix() for path in paths if path is not None)


def browser_files(root: Path = ROOT) -> list[str]:
    """Every Python source of ours the browser runs: the app's modules, the entry scripts and
    the standard library's fallback finder (what the standard library's subset is for)."""
    return sorted({*app_files(root), *ENTRY_SCRIPTS, STDLIB_FALLBACK})


if __name__ == "__main__":
    args = sys.argv[1:]
    listing = browser_files if args[:1] == ["--browser"] else app_files
    folders = [a for a in args if a != "--browser"]
    print("\n".join(listing(Path(folders[0]).resolve() if folders else ROOT)))
