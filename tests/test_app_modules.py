"""The browser gets only the modules its scripts import (scripts/app_modules.py): the list the
build ships is computed from the page's and the worker's entry scripts, follows imports inside
functions and the plug-ins' parts, and leaves out what only the command line uses.  (The
built zip itself is checked against the list in e2e/test_bundle.py, which needs vendor/.)"""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path

from engine.contract.plugins import PLUGINS
from scripts.app_modules import (
    ENTRY_SCRIPTS,
    ROOT,
    STDLIB_FALLBACK,
    app_files,
    browser_files,
    module_name,
    module_path,
    reaches,
)

# engine/ and web/ sources the browser never imports: the command line and what only it uses,
# the scripts loaded by their path, the finder shipped in the standard library's zip, and the
# games' test fixtures (engine/contract/fixtures.py), which no page or worker module may
# import.
FIXTURES = {
    "engine/contract/fixtures.py",
    *(f"engine/games/{p.id}/fixtures.py" for p in PLUGINS),
}
NOT_IMPORTED = {
    "engine/__main__.py",
    "engine/record.py",  # the old path of engine/formats/record.py, for outside callers
    "engine/ai/arena.py",
    *ENTRY_SCRIPTS,
    STDLIB_FALLBACK,
    *FIXTURES,
}


def sources() -> set[str]:
    return {
        p.relative_to(ROOT).as_posix()
        for folder in ("engine", "web")
        for p in (ROOT / folder).rglob("*.py")
        if "__pycache__" not in p.parts
    }


def test_the_app_is_every_source_but_those_the_browser_never_imports():
    files = app_files()
    assert len(files) == len(set(files)) and files == sorted(files)
    assert set(files) == sources() - NOT_IMPORTED
    assert set(browser_files()) == set(files) | set(ENTRY_SCRIPTS) | {STDLIB_FALLBACK}


def test_the_engine_and_the_page_never_import_the_lab_the_scripts_or_the_tests():
    imported = reaches(ROOT / path for path in sources())
    assert "engine.contract.core" in imported and "web.logic.session" in imported
    assert sorted(n for n in imported if n.split(".")[0] in ("lab", "scripts", "tests")) == []


def test_every_plugins_parts_and_the_pages_and_workers_modules_are_in_it():
    files = set(app_files())
    # knowledge and lesson are optional ('' for none: a game may have neither)
    parts = [part for p in PLUGINS for part in (p.rules, p.board, p.knowledge, p.lesson) if part]
    assert len(parts) >= 2 * len(PLUGINS)
    for part in parts:
        path = module_path(part.partition(":")[0])
        assert path is not None and path.relative_to(ROOT).as_posix() in files, part
    assert {"web/browser/page.py", "web/worker/thinker.py", "engine/__init__.py"} <= files


def test_pyscript_toml_lists_the_app_and_nothing_else():
    listed = tomllib.loads((ROOT / "pyscript.toml").read_text())["files"]
    assert list(listed) == [f"./{name}" for name in app_files()]
    assert all((ROOT / path).is_file() for path in listed)


def write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)


def test_the_search_follows_lazy_relative_and_plugin_imports(tmp_path):
    write(
        tmp_path,
        {
            "web/__init__.py": "",
            "web/main.py": "import sys\nfrom web.browser import page\n",
            "web/ai_worker.py": "from web.worker.thinker import think\n",
            "web/browser/__init__.py": "",
            "web/browser/page.py": "def later():\n    from ..logic import lazy\n",
            "web/logic/__init__.py": "",
            "web/logic/lazy.py": "from engine.plugins import load\n",
            "web/worker/__init__.py": "",
            "web/worker/thinker.py": "from . import helper\n",
            "web/worker/helper.py": "",
            "web/unused.py": "import engine.unused_too\n",
            "engine/__init__.py": "",
            "engine/plugins.py": 'PARTS = ["engine.rules:Game", "web.boards.x:Board", "a:b c"]\n',
            "engine/rules.py": "",
            "engine/unused_too.py": "",
            "engine/__main__.py": "from . import rules\n",
            "web/boards/__init__.py": "",
            "web/boards/x.py": "",
        },
    )
    assert app_files(tmp_path) == [
        "engine/__init__.py",
        "engine/plugins.py",
        "engine/rules.py",
        "web/__init__.py",
        "web/boards/__init__.py",
        "web/boards/x.py",
        "web/browser/__init__.py",
        "web/browser/page.py",
        "web/logic/__init__.py",
        "web/logic/lazy.py",
        "web/worker/__init__.py",
        "web/worker/helper.py",
        "web/worker/thinker.py",
    ]


# Run in a fresh CPython: import every module of the app that runs outside the browser, load
# every game's parts, and list the modules of ours that Python loaded.
LOADED = """
import importlib, json, sys
from engine import games
from engine.ai.knowledge import for_game
from web import boards
for name in json.loads(sys.argv[1]):
    importlib.import_module(name)
for game_id in games.ids():
    for_game(games.get(game_id)), boards.get(game_id)
print(json.dumps(sorted(n for n in sys.modules if n.split(".")[0] in ("engine", "web"))))
"""


def test_what_the_app_loads_when_run_is_in_it():
    # What Python really imports, not what the sources say: a module the search missed (an
    # import by a computed name, say) would be loaded here and be missing from the list.
    names = {module_name(ROOT / path) for path in app_files()}
    pure = sorted(n for n in names if not n.startswith("web.browser."))
    run = subprocess.run(
        [sys.executable, "-c", LOADED, json.dumps(pure)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    loaded = set(json.loads(run.stdout))
    assert set(pure) <= loaded and loaded <= names, sorted(loaded - names)
