"""The built site's bundle of Python modules (scripts/make_bundle.mjs): it holds the app's
modules (scripts/app_modules.py: what the page's and worker's scripts import) as bytecode alone
and nothing else, every one imports from the zip in the vendored Pyodide (run under node, as
the build runs it) without the docstrings of modules and functions, and the zip is the same
bytes each build, so an unchanged site keeps its service-worker version.  Here rather than in
tests/ because it needs vendor/, which `make e2e` and `make test` build."""

import hashlib
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

from scripts.app_modules import app_files, module_name

ROOT = Path(__file__).resolve().parent.parent


IMPORT_ALL = """
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [site, names] = [process.argv[1], process.argv[2]];
const { loadPyodide } = await import(pathToFileURL(`${site}/vendor/pyodide/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${site}/vendor/pyodide/` });
pyodide.FS.writeFile("/home/pyodide/app.zip", readFileSync(`${site}/app.zip`));
pyodide.globals.set("names", names);
try {
  console.log(pyodide.runPython(`
import importlib, os, sys
os.chdir("/home/pyodide")
sys.path.insert(0, "app.zip")
files = [importlib.import_module(name).__file__ for name in names.split()]
from engine.formats import by_link  # docstrings: the module's, a function's gone, a class's kept
docs = [by_link.__doc__ is None, by_link.new_id.__doc__ is None, bool(by_link.ByLink.__doc__)]
"\\\\n".join(files + [str(all(docs))])
`));
} catch (err) {
  console.error(String(err.message || err));      // short: not the minified source line
  process.exit(1);
}
"""


@pytest.fixture(scope="module")
def bundled(tmp_path_factory):
    """A folder with the app and the vendored runtime, bundled as build_site.sh does."""
    site = tmp_path_factory.mktemp("bundle")
    for name in ("engine", "web"):  # copies: Pyodide's view of the disk lists no symlinks
        shutil.copytree(ROOT / name, site / name, ignore=shutil.ignore_patterns("__pycache__"))
    (site / "vendor").symlink_to(ROOT / "vendor")
    subprocess.run(
        ["node", str(ROOT / "scripts" / "make_bundle.mjs"), str(site)],
        check=True,
        capture_output=True,
        timeout=300,
    )
    return site


def test_the_bundle_holds_the_app_modules_and_nothing_else(bundled):
    with zipfile.ZipFile(bundled / "app.zip") as bundle:
        names = bundle.namelist()
    files = app_files()
    assert "engine/__main__.py" not in files and "web/main.py" not in files
    assert sorted(names) == sorted(f + "c" for f in files)  # bytecode alone, once a module


def test_every_module_imports_from_the_bundles_bytecode(bundled):
    # the DOM adapters (web/browser/'s modules, not the package) import pyscript or js
    names = [
        module_name(ROOT / f)
        for f in app_files()
        if not f.startswith("web/browser/") or f.endswith("__init__.py")
    ]
    assert "engine.contract.core" in names and "web.boards.rugpile" in names
    run = subprocess.run(
        ["node", "--input-type=module", "-e", IMPORT_ALL, str(bundled), " ".join(names)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    *files, docstrings_dropped = run.stdout.split()
    assert len(files) == len(names) and docstrings_dropped == "True"
    assert all(f.startswith("app.zip/") and f.endswith(".pyc") for f in files), files


def test_the_bundle_is_the_same_bytes_each_build(bundled):
    first = hashlib.sha256((bundled / "app.zip").read_bytes()).hexdigest()
    subprocess.run(
        ["node", str(ROOT / "scripts" / "make_bundle.mjs"), str(bundled)],
        check=True,
        capture_output=True,
        timeout=300,
    )
    assert hashlib.sha256((bundled / "app.zip").read_bytes()).hexdigest() == first
