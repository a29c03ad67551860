"""Deploys reach players whole: a page load is one version of the site or the next, never a mix,
under GitHub Pages' ten minutes of HTTP caching; the load after a new version is stored is the
new version; a version that cannot start falls back to the one before; and everything a page
asks for is in its version's list, so nothing is fetched from outside it.

Each version here is built by scripts/build_site.sh from a copy of the repo with a mark of its
own in every kind of file: the page (a meta tag), the stylesheet (a custom property), a rules
page (a sentence), the app's Python (a module the bundle holds) and, from version 2 on, a new
module the entry script imports (what broke the site when the old bundle was served)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import time
from pathlib import Path

import pytest
from helpers import LOAD_TIMEOUT, PREFIX, READY, ROOT, PagesCacheHandler, serve, shot

COPIED = (
    "engine",
    "web",
    "scripts",
    "vendor",
    "icons",
    "index.html",
    "pyscript.toml",
    "sw.js",
    "manifest.webmanifest",
)
OFFLINE_READY = "html[data-offline='ready']"
NOTE = "#update-note"

MARKS = """async () => {
    const html = document.documentElement;
    const meta = document.querySelector("meta[name='deploy']");
    return {
        page: meta ? meta.content : "",
        style: getComputedStyle(html).getPropertyValue("--deploy").trim().replaceAll('"', ""),
        python: html.dataset.python || "",
        version: html.dataset.version,
    };
}"""


# The cache `gone` is no longer in the page's caches: each of Playwright's polls asks for the
# list (caches.keys() answers in a promise, which a predicate cannot wait for) and looks at the
# latest answer.
CACHE_GONE = """gone => {
    caches.keys().then(keys => { window.__cacheKeys = keys; });
    return Array.isArray(window.__cacheKeys) && !window.__cacheKeys.includes(gone);
}"""


# The service workers as a page sees them, for a failure's message: the registration's
# workers and their states, whether the page is controlled, and the site's caches.
WORKERS = """async () => {
    const sw = navigator.serviceWorker;
    const registration = await sw.getRegistration();
    const state = (worker) => worker ? worker.state : null;
    const names = await caches.keys();
    const complete = [];
    for (const name of names) {
        if (await caches.match("./complete.json", {cacheName: name})) complete.push(name);
    }
    return {
        active: state(registration && registration.active),
        waiting: state(registration && registration.waiting),
        installing: state(registration && registration.installing),
        controlled: Boolean(sw.controller),
        controllerIsActive: Boolean(registration && sw.controller === registration.active),
        caches: names,
        complete,
    };
}"""


def make_version(source: Path, mark: str, broken: bool = False) -> Path:
    """A copy of the repo with `mark` in each kind of file, built; returns its site folder."""
    root = source / f"repo-{mark}"
    for name in COPIED:
        if (ROOT / name).is_dir():
            shutil.copytree(
                ROOT / name,
                root / name,
                copy_function=shutil.copy,
                symlinks=False,
                ignore=shutil.ignore_patterns("__pycache__"),
            )
        else:
            shutil.copy(ROOT / name, root / name)
    page = root / "index.html"
    page.write_text(
        page.read_text().replace("<head>", f'<head>\n  <meta name="deploy" content="{mark}">', 1)
    )
    with (root / "web" / "style.css").open("a") as css:
        css.write(f':root {{ --deploy: "{mark}"; }}\n')
    rules = root / "web" / "rules" / "rugpile.html"
    rules.write_text(rules.read_text() + f'\n<p id="deploy">Deploy {mark}.</p>\n')
    mark_python = f'document.documentElement.dataset.python = "{mark}"\n'
    entry = root / "web" / "main.py"
    if mark == "1":  # in a module the bundle already had
        with (root / "web" / "browser" / "dom.py").open("a") as dom:
            dom.write(f"\n\n{mark_python}")
    else:  # in a module only this version's bundle has, imported by main.py
        (root / "web" / "deploy_mark.py").write_text(
            f'"""This version\'s mark."""\n\nfrom pyscript import document\n\n{mark_python}'
        )
        module = "web.missing_module" if broken else "web.deploy_mark"
        entry.write_text(
            entry.read_text().replace(
                "    from web.browser.page import start\n",
                f"    import {module}  # noqa: F401\n    from web.browser.page import start\n",
                1,
            )
        )
    return build(root, source / f"site-{mark}")


def build(root: Path, site: Path) -> Path:
    """The repo copy `root` built into `site` (scripts/build_site.sh); returns `site`."""
    subprocess.run(
        [str(root / "scripts" / "build_site.sh"), str(site)], check=True, capture_output=True
    )
    return site


@pytest.fixture(scope="module")
def versions(tmp_path_factory):
    folder = tmp_path_factory.mktemp("versions")
    return {
        "1": make_version(folder, "1"),
        "2": make_version(folder, "2"),
        "3": make_version(folder, "3", broken=True),
    }


@pytest.fixture
def deployed(tmp_path_factory):
    """The folder GitHub Pages serves (max-age=600), and a function that deploys a version
    over it, replacing every file as a Pages deploy does; yields (deploy, site URL)."""
    live = tmp_path_factory.mktemp("live") / "site"

    def deploy(site: Path) -> None:
        if live.exists():
            shutil.rmtree(live)
        shutil.copytree(site, live)

    with serve(live.parent, PagesCacheHandler) as base:
        # the handler serves live.parent; the site is its "site" folder under the prefix
        yield deploy, base + PREFIX.removesuffix("/") + "/site/"


@pytest.fixture
def tabs(browser):
    """Tabs of one browser profile with its HTTP cache on (no page.route: routing would turn
    it off); every request is recorded and must stay on 127.0.0.1."""
    context = browser.new_context()
    requests: list[str] = []  # the pages' and their workers' (not the service worker's)
    everything: list[str] = []

    def record(request) -> None:
        everything.append(request.url)
        if request.service_worker is None:
            requests.append(request.url)

    context.on("request", record)
    pages = []

    def new_tab():
        page = context.new_page()
        page.errors = []
        page.on("pageerror", lambda err: page.errors.append(str(err)))
        record_for_a_failure(page)
        pages.append(page)
        return page

    new_tab.requests = requests
    new_tab.workers = chromium_workers(context)
    yield new_tab
    outside = [u for u in everything if not u.startswith(("http://127.0.0.1", "blob:", "data:"))]
    context.close()
    assert outside == []


def record_for_a_failure(page) -> None:
    """Keep a page's console and its requests not yet ended, for stuck()."""
    page.console = []
    page.on("console", lambda message: page.console.append(f"{message.type}: {message.text}"))
    page.pending = {}  # request -> when it was sent (the test's clock), until it ends
    page.on("request", lambda request: page.pending.__setitem__(request, time.monotonic()))
    page.on("requestfinished", lambda request: page.pending.pop(request, None))
    page.on("requestfailed", lambda request: page.pending.pop(request, None))


def chromium_workers(context):
    """Chromium's own view of the context's service workers (its DevTools protocol), for a
    failure's message: a function that gives each version's last states, with when."""
    versions: dict = {}
    start = time.monotonic()

    def updated(event) -> None:
        for v in event["versions"]:
            versions.setdefault(v["versionId"], []).append(
                f"{time.monotonic() - start:.1f} s {v['status']}/{v['runningStatus']}"
                f" clients {len(v.get('controlledClients', []))}"
            )

    cdp = context.new_cdp_session(context.new_page())
    cdp.on("ServiceWorker.workerVersionUpdated", updated)
    cdp.on(
        "ServiceWorker.workerErrorReported",
        lambda event: versions.setdefault("errors", []).append(event["errorMessage"]),
    )
    cdp.send("ServiceWorker.enable")
    return lambda: {version: states[-8:] for version, states in versions.items()}


def stuck(tab) -> str:
    """What a tab that never started was doing, for a failure's message."""
    now = time.monotonic()
    pending = [f"{now - sent:.0f} s {r.method} {r.url}" for r, sent in tab.pending.items()]
    try:
        tab.wait_for_function("true", timeout=5_000)  # a document that can answer at all
        state = tab.evaluate(
            """async () => ({
                url: location.href,
                readyState: document.readyState,
                body: {...document.body.dataset},
                status: (document.getElementById("status") || {}).textContent,
                version: document.documentElement.dataset.version,
                deploy: (document.querySelector("meta[name='deploy']") || {}).content,
                resources: performance.getEntriesByType("resource").map(
                    (e) => `${e.name} ${Math.round(e.responseEnd)}`),
            })"""
        )
        workers = tab.evaluate(WORKERS)
    except Exception as error:  # a page that cannot answer says why
        state, workers = f"cannot evaluate: {error}", None
    return (
        f"state {state}; workers {workers}; requests not ended {pending}; "
        f"console {tab.console[-20:]}; errors {tab.errors}"
    )


def load(page, url: str | None = None) -> dict:
    """Load (or reload) the page until it is playable; its marks."""
    if url is None:
        page.reload()
    else:
        page.goto(url)
    page.wait_for_selector(READY, timeout=LOAD_TIMEOUT)
    return page.evaluate(MARKS)


def a_tab_of_version_one(versions, deployed, tabs):
    """Version 1 deployed, and a tab on it once its worker holds it: (deploy, site, tab)."""
    deploy, site = deployed
    deploy(versions["1"])
    tab = tabs()
    assert wholly(load(tab, site), "1")
    tab.wait_for_selector(OFFLINE_READY, state="attached", timeout=90_000)
    return deploy, site, tab


def rules_text(page) -> str:
    """The rules page of the game on screen, as the Rules dialog shows it."""
    page.evaluate("document.getElementById('rules-body').textContent = ''")
    page.click("#rules-open")
    page.wait_for_function(
        "(t => t && !t.startsWith('Loading'))(document.getElementById('rules-body').textContent)"
    )
    text = page.text_content("#rules-body")
    page.click("#rules-close")
    return text


def wholly(marks: dict, mark: str) -> bool:
    return [marks["page"], marks["style"], marks["python"]] == [mark] * 3


def versioned(requests: list[str], site: str) -> set[str]:
    """The versions whose folders these requests asked for."""
    return {m[1] for u in requests if (m := re.match(re.escape(site) + r"v/(\w+)/", u))}


def test_an_update_is_never_a_mix_and_the_next_load_is_wholly_new(versions, deployed, tabs):
    deploy, site = deployed
    deploy(versions["1"])
    tab = tabs()
    first = load(tab, site)
    assert wholly(first, "1"), first
    assert "Deploy 1." in rules_text(tab)
    tab.wait_for_selector(OFFLINE_READY, state="attached", timeout=90_000)
    other = tabs()  # a second tab, open on version 1 through the update
    assert wholly(load(other, site), "1")

    deploy(versions["2"])
    start = len(tabs.requests)
    during = load(tab)  # the first load after the deploy: the old version,
    assert wholly(during, "1"), during  # whole (the new one is stored meanwhile)
    tab.wait_for_selector(NOTE, timeout=120_000)
    assert tab.text_content(NOTE).startswith("A new version is ready.")
    shot(tab, "update-ready")
    assert versioned(tabs.requests[start:], site) <= {first["version"]}

    start = len(tabs.requests)
    after = load(tab)  # the next load: the new version, whole
    assert wholly(after, "2"), after
    assert after["version"] != first["version"]
    assert "Deploy 2." in rules_text(tab)
    assert tab.is_hidden(NOTE)
    assert versioned(tabs.requests[start:], site) == {after["version"]}

    # the tab still on version 1 keeps getting version 1's files, and is told of the new one
    assert other.evaluate(MARKS) == first
    assert "Deploy 1." in rules_text(other)
    assert other.text_content(NOTE).startswith("A new version is ready.")
    caches = tab.evaluate("caches.keys()")
    assert f"abstract-games-{after['version']}" in caches
    assert f"abstract-games-{first['version']}" in caches  # a tab uses it; the fallback
    assert tab.errors == [] and other.errors == []


def test_a_tab_shown_again_after_a_deploy_offers_the_new_version(versions, deployed, tabs):
    """One tab left open over a deploy, and no other load to come across the new version:
    when the tab is shown again it looks for one, and offers it once it is stored."""
    deploy, _, tab = a_tab_of_version_one(versions, deployed, tabs)
    deploy(versions["2"])
    # what the browser sends a tab brought back to the front (headless tabs stay "visible")
    tab.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    tab.wait_for_selector(NOTE, timeout=120_000)
    assert tab.text_content(NOTE).startswith("A new version is ready.")
    assert wholly(load(tab), "2")


def test_a_version_that_cannot_start_falls_back_to_the_one_before(versions, deployed, tabs):
    deploy, site = deployed
    deploy(versions["1"])
    tab = tabs()
    old = load(tab, site)
    tab.wait_for_selector(OFFLINE_READY, state="attached", timeout=90_000)
    deploy(versions["2"])
    load(tab)
    tab.wait_for_selector(NOTE, timeout=120_000)
    good = load(tab)
    assert wholly(good, "2")
    deploy(versions["3"])  # its entry script imports a module that is not there
    assert wholly(load(tab), "2")
    tab.wait_for_selector(NOTE, timeout=120_000)
    # version 1's files go when version 3 comes: no page uses them, and 2 is the fallback
    gone = f"abstract-games-{old['version']}"
    tab.evaluate("delete window.__cacheKeys")  # no answer from before this wait
    tab.wait_for_function(CACHE_GONE, arg=gone, timeout=60_000)
    caches = set(tab.evaluate("caches.keys()"))
    assert gone not in caches
    assert f"abstract-games-{good['version']}" in caches

    tab.reload()  # version 3 fails, says so, and version 2 comes back
    tab.wait_for_selector(READY, timeout=LOAD_TIMEOUT)
    marks = tab.evaluate(MARKS)
    assert wholly(marks, "2") and marks["version"] == good["version"], marks
    tab.wait_for_selector(NOTE, timeout=30_000)
    assert tab.text_content(NOTE).startswith("The site's latest update could not start")
    assert tab.locator(".py-error").count() == 0
    shot(tab, "update-fell-back")
    assert wholly(load(tab), "2")  # and stays so


def test_a_start_that_fails_says_so_in_a_sentence(versions, deployed, tabs):
    deploy, site = deployed
    deploy(versions["3"])
    tab = tabs()  # a first visit: no version before it to fall back to
    tab.goto(site)
    tab.wait_for_selector("body[data-failed='1']", timeout=LOAD_TIMEOUT)
    assert tab.text_content("#status").startswith("The game engine could not start.")
    assert tab.locator(".py-error").count() == 0
    assert "Traceback" not in tab.text_content("body")


def test_every_file_a_page_asks_for_is_in_its_version(versions, deployed, tabs):
    deploy, site = deployed
    deploy(versions["1"])
    tab = tabs()
    load(tab, site)
    tab.click("#rules-open")
    tab.wait_for_function(
        "!document.getElementById('rules-body').textContent.startsWith('Loading')"
    )
    tab.click("#rules-close")
    tab.click("#hint")  # starts the computer's worker
    tab.wait_for_selector("body[data-ai-ready='1']", timeout=LOAD_TIMEOUT)
    tab.wait_for_selector(OFFLINE_READY, state="attached", timeout=90_000)
    listed = set(
        json.loads(
            re.search(
                r"^const FILES = (\{.*?\});", (versions["1"] / "sw.js").read_text(), re.M | re.S
            )[1]
        )
    )
    asked = {
        u.removeprefix(site).split("#")[0].split("?")[0] or "index.html"
        for u in tabs.requests
        if u.startswith(site)
    }
    assert asked - listed - {"sw.js"} == set()
    assert any(name.endswith("app.zip") for name in asked)
    assert any(name.endswith("web/ai_worker.py") for name in asked)


def test_every_tab_opened_around_a_deploy_starts(versions, deployed, tabs):
    """A dozen new tabs, some opened at once, while the new version's worker installs: each
    starts, wholly one version or the other, and once it is stored the next ones are the new
    version, served by the old version's worker while the new one waits for the tabs to
    close."""
    deploy, site, first = a_tab_of_version_one(versions, deployed, tabs)
    deploy(versions["2"])
    opened = []
    for size in range(1, 5):  # one tab, then two at once, then three at once...
        batch = [tabs() for _ in range(size)]
        for tab in batch:
            tab.goto(site, wait_until="commit")
        for number, tab in enumerate(batch):
            try:
                tab.wait_for_selector(READY, timeout=LOAD_TIMEOUT)
            except Exception as error:
                where = f"tab {number + 1} of {size} opened at once, after {opened}"
                raise AssertionError(
                    f"{where} never started: {stuck(tab)}; chromium: {tabs.workers()}"
                ) from error
            marks = tab.evaluate(MARKS)
            assert wholly(marks, "1") or wholly(marks, "2"), marks
            opened.append(marks["page"])
            assert tab.errors == []
    assert len(opened) == 10
    try:
        first.wait_for_selector(NOTE, timeout=120_000)  # the new version is stored by now
    except Exception as error:
        workers = first.evaluate(WORKERS)
        raise AssertionError(
            f"no notice in the old tab: {workers}; tabs: {opened}; chromium: {tabs.workers()}"
        ) from error
    for _ in range(2):
        tab = tabs()
        assert wholly(load(tab, site), "2")
        assert tab.evaluate(WORKERS)["waiting"] == "installed"


def test_a_deploy_taken_back_reaches_the_tabs_still_open(versions, deployed, tabs):
    """Version 2 taken back while tabs of both versions are open: version 1's tree built and
    deployed again (the same version, only sw.js's BUILT differs: with the same sw.js as
    the active worker's, Chromium installed nothing).  The tab of version 2 offers version 1,
    and the next loads are version 1."""
    one = versions["1"]
    again = build(one.parent / "repo-1", one.parent / "site-1-again")
    deploy, site, first = a_tab_of_version_one(versions, deployed, tabs)
    deploy(versions["2"])
    first.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    first.wait_for_selector(NOTE, timeout=120_000)  # version 2 stored, its worker waiting
    newer = tabs()
    assert wholly(load(newer, site), "2")
    deploy(again)
    newer.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    try:
        newer.wait_for_selector(NOTE, timeout=120_000)
    except Exception as error:
        workers = newer.evaluate(WORKERS)
        raise AssertionError(f"no notice: {workers}; chromium: {tabs.workers()}") from error
    assert wholly(load(newer), "1")
    assert wholly(load(tabs(), site), "1")
    assert first.errors == newer.errors == []
