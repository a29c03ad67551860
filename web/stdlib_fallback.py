"""A last resort for standard-library modules the site's own subset of the library leaves out.

The browser starts Python with python_stdlib_app.zip, the modules the site imports
(scripts/make_stdlib.mjs).  Should any code ever import one that is not there, this finder,
last on sys.meta_path, has the whole library fetched once (`load`, given by
web/interpreter.mjs, puts python_stdlib.zip in the interpreter's files and returns its path)
and imports the module from it, so a missed module costs a download, never a failure.
`missing` names the modules the subset lacked; e2e tests check it stays empty.

Built into the subset zip itself (it must be importable before the app's modules are), and
with the names the subset lacks (`_stdlib_index.REST`, written by make_stdlib.mjs) so an
import that fails anyway (`import _winapi` in a try) fetches nothing.
"""

from __future__ import annotations

import sys
import zipimport


class FullLibraryFinder:
    def __init__(self, load, rest):
        self.load = load  # () -> path of the whole library's zip
        self.rest = frozenset(rest)
        self.path = None
        self.missing: list[str] = []

    def find_spec(self, fullname, path=None, target=None):
        if fullname not in self.rest:
            return None
        if self.path is None:
            self.path = str(self.load())
        package = fullname.rpartition(".")[0]
        where = self.path + ("/" + package.replace(".", "/") if package else "")
        spec = zipimport.zipimporter(where).find_spec(fullname)
        if spec is not None:
            self.missing.append(fullname)
        return spec


def install(load, rest) -> FullLibraryFinder:
    finder = FullLibraryFinder(load, rest)
    sys.meta_path.append(finder)
    return finder


def missing() -> list[str]:
    """The modules imported from the whole library so far (none, if the subset is right)."""
    return [
        name
        for finder in sys.meta_path
        if isinstance(finder, FullLibraryFinder)
        for name in finder.missing
    ]
