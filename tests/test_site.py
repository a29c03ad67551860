"""The static site's wiring: the app's modules are served to Pyodide (which ones:
tests/test_app_modules.py), nothing is fetched from outside, and the engine stays free of
browser imports."""

import re
import tomllib
from pathlib import Path

from scripts import gen_index
from scripts.app_modules import ENTRY_SCRIPTS
from scripts.gen_pyscript_toml import render

ROOT = Path(__file__).resolve().parent.parent


def listed_files():
    return tomllib.loads((ROOT / "pyscript.toml").read_text())["files"]


def test_pyscript_toml_is_what_the_generator_writes():
    assert (ROOT / "pyscript.toml").read_text() == render()


def test_the_built_sites_config_names_the_bundle_instead_of_the_sources():
    config = tomllib.loads(render(bundle=True))
    assert config["files"] == {"./app.zip": "./app.zip"}
    assert config["interpreter"] == tomllib.loads(render())["interpreter"]
    for entry in ENTRY_SCRIPTS:  # each puts the bundle on sys.path before the app's imports
        text = (ROOT / entry).read_text()
        first_import = re.search(r"^\s*(from|import) (engine|web)\b", text, re.M)
        assert first_import and text.find('sys.path.insert(0, "app.zip")') in range(
            first_import.start()
        ), entry


def test_the_interpreter_is_vendored_and_no_packages_are_fetched():
    config = tomllib.loads((ROOT / "pyscript.toml").read_text())
    assert config["interpreter"] == "./web/interpreter.mjs"
    wrapper = (ROOT / "web" / "interpreter.mjs").read_text()
    assert 'from "../vendor/pyodide/pyodide.mjs"' in wrapper
    assert 'new URL("../vendor/pyodide/", import.meta.url)' in wrapper
    assert "packages" not in config


def test_the_page_uses_only_relative_urls():
    pages = [
        ROOT / "index.html",
        ROOT / "pyscript.toml",
        ROOT / "sw.js",
        ROOT / "manifest.webmanifest",
        *(ROOT / "web").rglob("*.py"),
        *(ROOT / "web").rglob("*.mjs"),
        *(ROOT / "web").rglob("*.html"),
        *(ROOT / "web").rglob("*.css"),
    ]
    for path in pages:
        text = path.read_text()
        urls = re.findall(r"https?://[^\s\"'<>)]+", text)
        outside = [u for u in urls if not u.startswith("http://www.w3.org/")]
        assert outside == [], f"{path.relative_to(ROOT)} refers to {outside}"
        assert not re.search(r'(src|href)="/', text), f"{path.name} has a root-relative URL"


def test_the_engine_never_imports_browser_modules():
    for path in (ROOT / "engine").rglob("*.py"):
        text = path.read_text()
        assert not re.search(r"^\s*(from|import)\s+(js|pyodide|pyscript)\b", text, re.M), path


def test_test_files_have_unique_names():
    # pytest collects tests/, lab/tests/ and e2e/ in one run; a basename twice stops the run.
    folders = ("tests", "lab/tests", "e2e")
    names = [p.name for folder in folders for p in (ROOT / folder).glob("test_*.py")]
    assert len(names) == len(set(names)), sorted(n for n in names if names.count(n) > 1)


def test_every_boards_stylesheet_is_linked_from_the_page():
    from engine import games

    html = (ROOT / "index.html").read_text()
    assert html == gen_index.render(html), "run python3 scripts/gen_index.py"
    linked = re.findall(r'<link rel="stylesheet" href="\./web/boards/([a-z]+)\.css">', html)
    assert linked == list(games.ids())  # one per game, in the picker's order
    for game_id in linked:
        assert (ROOT / "web" / "boards" / f"{game_id}.css").is_file(), game_id
    sheets = sorted(p.stem for p in (ROOT / "web" / "boards").glob("*.css"))
    assert sheets == sorted(games.ids())  # and none that is not a game's


def test_the_boards_markup_carries_no_styles_of_its_own():
    # A board's styles are its stylesheet's: what the renderers draw holds no <style>.
    from engine import games
    from web import boards
    from web.boards.base import Ui

    for game_id in games.ids():
        game, board = games.get(game_id), boards.get(game_id)
        view = game.view(game.new())
        for ui in (Ui(live=True), Ui(flipped=True)):
            assert "<style" not in board.draw(view, ui) + board.panel(view, ui), game_id
