"""A deploy reaches players although GitHub Pages lets browsers keep files for ten minutes:
the new version's service worker stores the new files, not the old ones from the HTTP cache."""

import re
import time

import pytest
from conftest import READY, PagesCacheHandler, built_site

OFFLINE_READY = "html[data-offline='ready']"
NEW = 'content="second"'  # what the second deploy's index.html has
STORED = """async () => {
    const cache = await caches.open("abstract-games-second");
    const texts = [];
    for (const key of ["./", "./index.html"]) {
        const hit = await cache.match(new URL(key, location).href);
        texts.push(hit ? await hit.text() : "");
    }
    return texts;
}"""


@pytest.fixture(scope="module")
def cached_site(tmp_path_factory):
    with built_site(tmp_path_factory, "update", PagesCacheHandler) as folder_and_url:
        yield folder_and_url


def test_a_new_version_caches_the_new_files_under_max_age(browser, cached_site):
    dest, url = cached_site
    # No page.route here: routing would turn the browser's HTTP cache off, and the HTTP
    # cache is what this is about.  Requests are checked to stay on 127.0.0.1 instead.
    context = browser.new_context()
    outside = []
    context.on(
        "request",
        lambda r: (
            None
            if r.url.startswith(("http://127.0.0.1", "blob:", "data:"))
            else outside.append(r.url)
        ),
    )
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto(url)
    page.wait_for_selector(READY, timeout=90_000)
    page.wait_for_selector(OFFLINE_READY, state="attached", timeout=60_000)

    # The next deploy: a changed page, and the worker stamped with a new version.
    index, sw = dest / "index.html", dest / "sw.js"
    old_index, old_sw = index.read_text(), sw.read_text()
    try:
        index.write_text(
            old_index.replace("<head>", '<head>\n  <meta name="deploy" content="second">', 1)
        )
        sw.write_text(
            re.sub(r'^const VERSION = "\w+";', 'const VERSION = "second";', old_sw, flags=re.M)
        )
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        page.wait_for_function(
            "navigator.serviceWorker.getRegistration().then(r => !!r && !!r.waiting)",
            timeout=60_000,
        )
        # the new worker has installed: its cache holds what it fetched for "./" and index.html
        deadline = time.monotonic() + 30
        stored = page.evaluate(STORED)
        while not all(NEW in text for text in stored) and time.monotonic() < deadline:
            page.wait_for_timeout(250)
            stored = page.evaluate(STORED)
        assert all(NEW in text for text in stored), (
            f"the new version's cache holds the old index.html: {[t[:80] for t in stored]}"
        )
    finally:
        index.write_text(old_index)
        sw.write_text(old_sw)
        context.close()
    assert outside == [] and errors == []
