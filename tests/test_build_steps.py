"""Build steps that run in CPython: the first screens drawn into the built page
(scripts/make_first_screens.py), the parts of the standard-library subset's builder
that need no Pyodide (scripts/stdlib_subset.py), and the site made one version
(scripts/version_site.py)."""

import hashlib
import json
import re

from engine.contract.plugins import ids
from scripts import make_first_screens, stdlib_subset, version_site


def test_first_screens_hold_each_games_start_board():
    screens = make_first_screens.first_screens()
    assert screens["default"] == "rugpile"
    games = screens["games"]
    assert list(games) == list(ids())  # every registered game, in the picker's order
    assert games["rugpile"]["board"].count("data-cell=") == 25  # 5 x 5
    assert games["wythe"]["board"].count("data-cell=") == 64  # 8 x 8
    assert games["rugpile"]["options"] == "players=2,size=5,tiles=4-3-2"
    assert games["gwyddbwyll"]["name"] == "Gwyddbwyll"
    assert "2x2 tile, 4 left" in games["rugpile"]["panel"]  # tiles 4-3-2 each
    # the score box: one line per seat, the first to move marked (web/rules/rugpile.html:
    # Red begins), nobody a winner yet
    scores = games["rugpile"]["scores"]
    assert scores.count("<li") == 2 and scores.index("Red") < scores.index("Blue")
    assert scores.count('class="to-move"') == 1 and "winner" not in scores


def test_first_screens_go_into_the_page_once(tmp_path):
    site = tmp_path
    (site / "index.html").write_text(f"<body>{make_first_screens.MARKER}</body>")
    for name in make_first_screens.DOWNLOADS:
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        (site / name).write_bytes(b"x" * 1000)
    assert make_first_screens.main([str(site)]) == 0
    html = (site / "index.html").read_text()
    data = json.loads(html.split('id="first-screens">')[1].split("</script>")[0])
    wasm = next(d for d in data["downloads"] if d["url"].endswith(".wasm"))
    assert wasm["bytes"] == 1000 and wasm["wire"] < 1000  # gzipped on the wire
    zipped = next(d for d in data["downloads"] if d["url"] == "app.zip")
    assert zipped["wire"] == 1000 and zipped["after"] == make_first_screens.LIBRARY
    assert make_first_screens.main([str(site)]) == 1  # the marker is gone now


def test_imports_are_found_at_any_depth():
    source = (
        "import os, json.decoder\nfrom re import compile\nfrom . import sibling\n"
        "def later():\n    import random\n    from html import escape\n"
    )
    assert stdlib_subset.imported_names(source) == {"os", "json.decoder", "re", "random", "html"}
    assert stdlib_subset.stdlib_names({"os", "engine.contract.core", "json.decoder"}) == {
        "os",
        "json.decoder",
    }


def test_modules_map_to_the_library_zips_files():
    listing = {"os.py", "json/__init__.py", "json/decoder.py", "encodings/utf_8.py"}
    assert stdlib_subset.files_of({"os", "json", "json.decoder", "sys"}, listing) == [
        "json/__init__.py",
        "json/decoder.py",
        "os.py",
    ]  # sys is built in
    assert stdlib_subset.module_names(listing) == {"os", "json", "json.decoder", "encodings.utf_8"}


def test_what_is_left_out_and_its_modules():
    assert stdlib_subset.left_out("ssl") and stdlib_subset.left_out("compression.zstd._zstdfile")
    assert not stdlib_subset.left_out("sslx") and not stdlib_subset.left_out("compression")


def small_site(root, style: str = "body {}"):
    """A site as build_site.sh has it before versioning: the shell and the rest."""
    (root / "icons").mkdir(parents=True)
    (root / "icons" / "icon.svg").write_text("<svg/>")
    (root / "web" / "rules").mkdir(parents=True)
    (root / "web" / "style.css").write_text(style)
    (root / "web" / "rules" / "wythe.html").write_text("<h3>Wythe</h3>")
    (root / "app.zip").write_bytes(b"PK")
    (root / "pyscript.toml").write_text('interpreter = "./web/interpreter.mjs"\n')
    (root / "manifest.webmanifest").write_text("{}")
    (root / ".nojekyll").write_text("")
    (root / "sw.js").write_text('const VERSION = "dev";\nconst FILES = {};\nconst BUILT = "";\n')
    (root / "index.html").write_text(
        '<html lang="en"><link href="./web/style.css"><link href="./icons/icon.svg">'
        '<script type="py" config="./pyscript.toml"></script>'
        '<script>sw.register("./sw.js"); import("./web/interpreter.mjs")</script>'
        '<script type="application/json">{"url":"app.zip","after":"web/style.css"}</script>'
    )
    return root


def test_a_built_site_becomes_one_version_under_its_hash(tmp_path):
    site = small_site(tmp_path / "a")
    assert version_site.main([str(site)]) == 0
    version = re.search(r'data-version="(\w+)"', (site / "index.html").read_text())[1]
    assets = f"v/{version}/"
    assert sorted(p.name for p in site.iterdir()) == [
        ".nojekyll",
        "icons",
        "index.html",
        "manifest.webmanifest",
        "sw.js",
        "v",
    ]
    assert (site / assets / "web" / "rules" / "wythe.html").is_file()
    page = (site / "index.html").read_text()
    assert f'href="./{assets}web/style.css"' in page and 'href="./icons/icon.svg"' in page
    assert f'config="./{assets}pyscript.toml"' in page and 'register("./sw.js")' in page
    assert f'import("./{assets}web/interpreter.mjs")' in page
    assert f'"url":"{assets}app.zip","after":"{assets}web/style.css"' in page
    assert f'data-assets="./{assets}"' in page
    config = (site / assets / "pyscript.toml").read_text()
    assert config == f'interpreter = "./{assets}web/interpreter.mjs"\n'  # PyScript: from the page
    worker = (site / "sw.js").read_text()
    files = json.loads(re.search(r"^const FILES = (\{.*?\});", worker, re.M | re.S)[1])
    assert f'const VERSION = "{version}";' in worker
    assert re.search(r'^const BUILT = "\d{4}-\d\d-\d\dT[\d:.]+\+00:00";$', worker, re.M), worker
    every = {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()}
    assert set(files) == every - {"sw.js", ".nojekyll"}  # every file, nothing forgotten
    css = site / assets / "web" / "style.css"
    assert files[f"{assets}web/style.css"] == hashlib.sha256(css.read_bytes()).hexdigest()[:16]


def test_any_change_makes_another_version_and_the_same_site_the_same_one(tmp_path):
    def version(name: str, style: str) -> str:
        site = small_site(tmp_path / name, style)
        version_site.main([str(site)])
        return re.search(r'data-version="(\w+)"', (site / "index.html").read_text())[1]

    same = version("a", "body {}")
    assert version("b", "body {}") == same
    assert version("c", "body { color: red }") != same
