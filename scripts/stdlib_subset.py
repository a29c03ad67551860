"""The part of Python's standard library the site needs, compiled: run inside Pyodide by
scripts/make_stdlib.mjs at build time (it needs that Pyodide's own Python to compile for it).

Pyodide ships its standard library as python_stdlib.zip, 2.5 MB of sources that Python
compiles as it imports them (most of a cold start's CPU time).  The site needs about 140
of its modules: those Pyodide imports to start, and those the app's and PyScript's code
import, with everything they import in turn.  This finds them by importing them (so the
set is what Python really loads, not a guess) and writes them as one zip of bytecode only.

A module left out is not fatal in the browser (web/interpreter.mjs then fetches the whole
library once), but the build checks the subset imports everything the app names.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import json
import sys
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

STAMP = (1980, 1, 1, 0, 0, 0)  # the same bytes each build


def imported_names(source: str) -> set[str]:
    """Every absolute module name an `import` or `from ... import` in the source names,
    at any depth (imports inside functions happen later, but they happen)."""
    names = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def stdlib_names(names) -> set[str]:
    return {n for n in names if n.partition(".")[0] in sys.stdlib_module_names}


def loaded_after_importing(names) -> tuple[set[str], dict[str, str]]:
    """(sys.modules after importing each name, {name: why it failed} for those that did not)."""
    failed = {}
    for name in sorted(names):
        try:
            importlib.import_module(name)
        except Exception as err:
            failed[name] = f"{type(err).__name__}: {err}"
    return set(sys.modules), failed


def files_of(modules, listing: set[str]) -> list[str]:
    """The zip's source files of these modules (built-in and frozen ones have none)."""
    files = set()
    for name in modules:
        path = name.replace(".", "/")
        for candidate in (path + ".py", path + "/__init__.py"):
            if candidate in listing:
                files.add(candidate)
    return sorted(files)


def without_docstrings(source, classes: bool = True):
    """The syntax tree of a source without the docstrings of its module and functions, and of
    its classes unless `classes` is False."""
    kinds = (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef) + (
        (ast.ClassDef,) if classes else ()
    )
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, kinds):
            body = node.body
            if (
                body
                and isinstance(body[0], ast.Expr)
                and isinstance(body[0].value, ast.Constant)
                and isinstance(body[0].value.value, str)
            ):
                node.body = body[1:] or [ast.copy_location(ast.Pass(), body[0])]
    return tree


def pyc(source, name: str, classes: bool = True) -> bytes:
    """An unchecked-hash .pyc (zipimport takes it as is), without docstrings (the standard
    library works without them, as under `python -OO`; about 15% smaller); with `classes`
    False, classes keep theirs (a dataclass without one makes one from its signature)."""
    code = compile(without_docstrings(source, classes), name, "exec", dont_inherit=True)
    data = source.encode() if isinstance(source, str) else source
    return _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)


def add(out: zipfile.ZipFile, name: str, data: bytes) -> None:
    entry = zipfile.ZipInfo(name, date_time=STAMP)
    entry.compress_type = zipfile.ZIP_DEFLATED
    out.writestr(entry, data, compresslevel=9)


def module_names(listing) -> set[str]:
    """The module names of a library zip's source files."""
    names = set()
    for path in listing:
        if path.endswith(".py"):
            name = path[:-3].replace("/", ".")
            names.add(name[: -len(".__init__")] if name.endswith(".__init__") else name)
    return names


def write_bytecode_zip(source_zip: str, files, dest: str, fallback_source: str) -> None:
    """The files as bytecode, plus the fallback finder (web/stdlib_fallback.py) and an index:
    the modules in the subset (SUBSET, for make_snapshot.mjs) and those not (REST, for the
    finder)."""
    with zipfile.ZipFile(source_zip) as src, zipfile.ZipFile(dest, "w") as out:
        for name in files:
            add(out, name + "c", pyc(src.read(name), name))
        rest = sorted(
            n for n in module_names(src.namelist()) - module_names(files) if not left_out(n)
        )
        add(out, "stdlib_fallback.pyc", pyc(fallback_source, "stdlib_fallback.py"))
        index = f"SUBSET = {sorted(module_names(files))!r}\nREST = {rest!r}\n"
        add(out, "_stdlib_index.pyc", pyc(index, "_stdlib_index.py"))


def stdlib_zip_path() -> str:
    return next(p for p in sys.path if p.endswith(".zip"))


# Imported at start-up only in a `try: import X / except ImportError` (asyncio's ssl, the
# compressors zipfile and shutil offer): left out of the subset, and out of the fallback's
# reach, so those imports fail as designed instead of loading them.  Saves their download
# and the start-up time of building ssl's enums.
LEFT_OUT = ("ssl", "bz2", "lzma", "compression.zstd")


def left_out(name: str) -> bool:
    return any(name == n or name.startswith(n + ".") for n in LEFT_OUT)


def wanted_by(app_sources: dict[str, str]) -> list[str]:
    """The standard modules the app's and PyScript's sources name."""
    wanted = set()
    for source in app_sources.values():
        wanted |= stdlib_names(imported_names(source))
    return sorted(wanted)


def closure(wanted) -> dict:
    """What this interpreter has loaded once the wanted modules are imported (run in a
    Pyodide started with the whole library, then with a first subset: imports that fail
    there inside a try are the ones LEFT_OUT, and what only they import drops out)."""
    loaded, failed = loaded_after_importing(wanted)
    return {"modules": sorted(n for n in loaded if not left_out(n)), "failed": failed}


def write(modules, dest: str, fallback_source: str) -> list[str]:
    """The subset zip of these modules (run where the whole library is); its files."""
    source_zip = stdlib_zip_path()
    with zipfile.ZipFile(source_zip) as src:
        listing = set(src.namelist())
    files = files_of(modules, listing)
    write_bytecode_zip(source_zip, files, dest, fallback_source)
    return files


def check(names) -> dict[str, str]:
    """Import each name (run in a Pyodide started with the subset): {name: why not}."""
    return loaded_after_importing(names)[1]


# JSON in and out: what crosses from node (make_stdlib.mjs) arrives as text.
def call_json(name: str, *args: str) -> str:
    return json.dumps(globals()[name](*(json.loads(a) for a in args)))
