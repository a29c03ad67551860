"""The built site's memory snapshot holds the app's pure modules that the first screen
imports (scripts/snapshot_modules.py): those web/main.py imports at once, and each game's
rules and board, never one that needs the browser (pyscript, pyodide, js) nor one imported
only when first used (the Analyse panel, the graph, the New game dialog)."""

from __future__ import annotations

from pathlib import Path

from engine import games
from engine.contract.plugins import plugin
from scripts.snapshot_modules import ROOT, snapshot_modules


def write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def test_modules_imported_at_once_and_pure_are_listed_and_no_other(tmp_path):
    write(
        tmp_path,
        {
            "web/__init__.py": "",
            "web/main.py": "import sys\nfrom pyscript import window\nfrom web.browser import page",
            "web/browser/__init__.py": "",
            "web/browser/page.py": (
                "from typing import TYPE_CHECKING\nfrom pyscript import document\n"
                "from web.logic import table\nfrom ..logic import moved\n"
                "if TYPE_CHECKING:\n    from web.logic import typed\n"
                "def later():\n    from web.logic import lazy\n"
            ),
            "web/logic/__init__.py": "",
            "web/logic/table.py": "try:\n    from engine import core\nexcept OSError:\n    pass",
            "web/logic/moved.py": "from web.logic.dom_helper import x\n",
            "web/logic/dom_helper.py": "from pyodide.ffi import to_js\n",
            "web/logic/typed.py": "",
            "web/logic/lazy.py": "",
            "engine/__init__.py": "",
            "engine/core.py": "import re\n",
            "engine/contract/plugins.py": (
                'P = Plugin(rules="engine.rules:Game", board="web.boards.x:B",\n'
                '           knowledge="engine.know:K")\n'
            ),
            "engine/rules.py": "",
            "engine/know.py": "",
            "web/boards/__init__.py": "",
            "web/boards/x.py": "",
        },
    )
    assert snapshot_modules(tmp_path) == [
        "engine",
        "engine.core",
        "engine.rules",
        "web",
        "web.boards",
        "web.boards.x",
        "web.browser",
        "web.logic",
        "web.logic.table",
    ]


def test_the_sites_list_holds_the_first_screens_modules_and_no_browser_module():
    names = set(snapshot_modules(ROOT))
    assert {
        "engine.contract.core",
        "web.logic.table",
        "web.logic.screen",
        "web.storage.store",
    } <= names
    for game_id in games.ids():  # each game's rules and board (the first screen opens one)
        info = plugin(game_id)
        assert {info.rules.partition(":")[0], info.board.partition(":")[0]} <= names, game_id
    assert not {n for n in names if n.startswith("web.browser.")}
    assert not {"web.logic.analysis_loop", "web.logic.graph", "web.logic.new_game"} & names
    for name in names:
        path = ROOT / (name.replace(".", "/") + ".py")
        path = path if path.exists() else ROOT / name.replace(".", "/") / "__init__.py"
        text = path.read_text()
        assert "from pyscript" not in text and "from pyodide" not in text, name
