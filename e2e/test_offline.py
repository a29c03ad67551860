"""Offline: the service worker caches the site and the runtime on a first visit, so the page
reloads and plays with the network off; the page is installable (a manifest with icons).
(How a new deploy replaces the old cache: test_update.py.)"""

import json
import re

import pytest
from helpers import READY, ROOT, new_game, open_page, play_any_rug
from helpers import built_site as serve_built_site

OFFLINE_READY = "html[data-offline='ready']"


@pytest.fixture(scope="module")
def built_site(tmp_path_factory):
    """The built site (its stamped sw.js) under a sub-path; the tests may change its files."""
    with serve_built_site(tmp_path_factory, "offline") as folder_and_url:
        yield folder_and_url


def cache_names(page):
    return page.evaluate("caches.keys()")


def play_a_rugpile_move(page):
    page.click("#panel [data-action='kind'][data-kind='0']")
    page.hover("#board [data-cell='a1']")
    page.click("#board [data-cell='a1']")
    page.wait_for_function("location.hash.endsWith('/2x2a1')")


def test_a_second_visit_plays_offline(page, built_site):
    dest, url = built_site
    open_page(page, url)
    page.wait_for_selector(OFFLINE_READY, state="attached", timeout=60_000)
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    version = re.search(r'^const VERSION = "(\w+)";', (dest / "sw.js").read_text(), re.M)[1]
    assert version != "dev"
    assert sorted(cache_names(page)) == [f"abstract-games-{version}", "abstract-games-state"]

    page.context.set_offline(True)
    page.reload()
    page.wait_for_selector(READY, timeout=90_000)
    assert page.text_content("#title") == "Rug Pile"
    # Python started from the service worker's unzipped copy of the snapshot
    assert page.evaluate("globalThis.pyodideSnapshot") == "used"
    assert (
        page.evaluate("performance.getEntriesByType('mark').map(m => m.name)").count(
            "snapshot read from the service worker's cache"
        )
        == 1
    )
    # the network really is off, for the service worker too: an uncached URL fails
    assert (
        page.evaluate("fetch('./pyscript.toml?not-cached').then(() => 'fetched', () => 'failed')")
        == "failed"
    )
    play_a_rugpile_move(page)
    assert page.errors == []


def test_the_page_is_installable(page, site):
    open_page(page, site + "/index.html")
    href = page.get_attribute("link[rel='manifest']", "href")
    assert href == "./manifest.webmanifest"
    manifest = json.loads((ROOT / "manifest.webmanifest").read_text())
    assert manifest["start_url"] == "./" and manifest["display"] == "standalone"
    assert manifest["theme_color"] and manifest["name"]
    for icon in manifest["icons"]:
        assert not icon["src"].startswith(("/", "http")), icon
        response = page.request.get(site + "/" + icon["src"].removeprefix("./"))
        assert response.ok, icon
    assert {"192x192", "512x512"} <= {i["sizes"] for i in manifest["icons"]}


def test_the_computer_plays_offline(page, built_site):
    """The computer's worker starts on first need: offline, from the cache, after a visit
    in which the computer never played."""

    _, url = built_site
    open_page(page, url)
    page.wait_for_selector(OFFLINE_READY, state="attached", timeout=60_000)
    page.context.set_offline(True)
    page.reload()
    page.wait_for_selector(READY, timeout=90_000)
    new_game(page, ["human", "easy"], size=4)
    play_any_rug(page)
    page.wait_for_function(
        "document.querySelectorAll('#moves button').length >= 2", timeout=90_000
    )
    assert page.evaluate("document.body.dataset.aiReady") == "1"
    assert page.errors == []
