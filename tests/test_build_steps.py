"""Build steps that run in CPython: the first screens drawn into the built page
(scripts/make_first_screens.py) and the parts of the standard-library subset's builder
that need no Pyodide (scripts/stdlib_subset.py)."""

import json

from scripts import make_first_screens, stdlib_subset


def test_first_screens_hold_each_games_start_board():
    screens = make_first_screens.first_screens()
    assert screens["default"] == "rugpile"
    games = screens["games"]
    assert set(games) == {"wythe", "petrify", "stigmergy", "rugpile", "gwyddbwyll"}
    assert games["rugpile"]["board"].count("data-cell=") == 25  # 5 x 5
    assert games["wythe"]["board"].count("data-cell=") == 64  # 8 x 8
    assert games["rugpile"]["options"] == "players=2,size=5,tiles=4-3-2"
    assert games["gwyddbwyll"]["name"] == "Gwyddbwyll"
    assert "2x2 tile, 4 left" in games["rugpile"]["panel"]  # tiles 4-3-2 each


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
    assert stdlib_subset.stdlib_names({"os", "engine.core", "json.decoder"}) == {
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
