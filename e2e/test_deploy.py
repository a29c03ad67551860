"""The deployable site: built as GitHub Pages gets it and served under a sub-path, the same
bytes from every build of one tree; bad links."""

import hashlib
import re
import subprocess

import pytest
from helpers import ROOT, open_page, shot


@pytest.fixture(scope="module")
def pages_site(built):
    """The built site's folder URL, as Pages serves it: http://127.0.0.1:<port>/games/sub/."""
    return built[1]


def test_the_built_site_plays_from_a_sub_path(page, pages_site):
    requested = []
    page.on("request", lambda r: requested.append(r.url))
    open_page(page, pages_site)  # the directory URL, as Pages serves it
    assert page.text_content("#title") == "Rug Pile"
    page.click("#panel [data-action='kind'][data-kind='0']")
    page.hover("#board [data-cell='a1']")
    page.click("#board [data-cell='a1']")
    page.wait_for_function("location.hash.endsWith('/2x2a1')")
    assert all(url.startswith(pages_site) for url in requested if url.startswith("http")), [
        u for u in requested if not u.startswith(pages_site)
    ]
    # one version's files only: the shell at the root, the rest under v/<its version>/
    assets = pages_site + f"v/{page.get_attribute('html', 'data-version')}/"
    shell = ("", "index.html", "sw.js", "manifest.webmanifest", "icons/")
    assert all(
        url.startswith(assets) or url.removeprefix(pages_site).split("#")[0].startswith(shell)
        for url in requested
        if url.startswith("http")
    ), requested
    python = [url.removeprefix(assets) for url in requested if ".py" in url or ".zip" in url]
    assert "app.zip" in python and not any("engine/" in url for url in python), python
    assert page.errors == []


@pytest.mark.parametrize(
    "fragment,message",
    [
        ("#chess/1//e2e4", "unknown game 'chess'"),
        ("#rugpile/1/players=2,size=5,tiles=4-3-2/3x3a3.3x3a3", "move 2 ('3x3a3')"),
        ("#rugpile/1/players=9/", "option players must be from 2 to 4"),
        ("#rugpile/1//%3Cimg%20src=x%20onerror=alert(1)%3E", "is not a move"),
    ],
)
def test_a_bad_link_says_what_is_wrong_and_offers_a_fresh_game(page, site, fragment, message):
    open_page(page, site + "/index.html" + fragment)
    page.wait_for_selector("#message.error")
    text = page.text_content("#message")
    assert message in text
    assert page.locator("#message img").count() == 0  # shown as text, never as HTML
    page.click("#message [data-action='fresh']")
    page.wait_for_selector("#message", state="hidden")
    assert page.locator("#board [data-cell]").count() > 0
    if "3x3a3.3x3a3" in fragment:
        shot(page, "bad-link-fresh")


def test_a_bad_move_offers_the_legal_part(page, site):
    open_page(page, site + "/index.html#rugpile/1/players=2,size=5,tiles=4-3-2/3x3a3.3x3a3")
    page.wait_for_selector("#message.error")
    shot(page, "bad-link")
    page.click("#message [data-action='legal-part']")
    page.wait_for_function("location.hash.endsWith('/3x3a3')")
    assert page.locator("#moves button").count() == 1


def file_hashes(site) -> dict[str, str]:
    """Each file's hash, sw.js's without the time of its build (BUILT)."""

    def content(path) -> bytes:
        if path.name != "sw.js":
            return path.read_bytes()
        return re.sub(r'^const BUILT = ".+";$', "", path.read_text(), flags=re.M).encode()

    return {
        path.relative_to(site).as_posix(): hashlib.sha256(content(path)).hexdigest()
        for path in sorted(site.rglob("*"))
        if path.is_file()
    }


def test_every_build_of_one_tree_is_the_same_site(built, tmp_path):
    """The same version, so a deploy that changes nothing the page uses gives players
    nothing to download and no update to offer (the memory snapshot used to differ at each
    build: scripts/make_snapshot.mjs).  Only sw.js's BUILT differs (scripts/version_site.py
    says why)."""
    again = tmp_path / "site"
    build = [str(ROOT / "scripts" / "build_site.sh"), str(again)]
    subprocess.run(build, check=True, capture_output=True)
    first, second = file_hashes(built[0]), file_hashes(again)
    assert first.keys() == second.keys()
    assert [name for name in first if first[name] != second[name]] == []
