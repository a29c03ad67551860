"""A crashed tab is known by its failure, whichever call was waiting when it crashed: the
rerun and the record of crashes (pytest.ini, e2e/conftest.py) rest on Playwright's wording,
which differs by call and may change with its version.  And the record tells a tab that
crashed by itself from one killed from outside, as the kernel kills for want of memory."""

from __future__ import annotations

import os
import signal
import time

import pytest
from helpers import TabDeaths, tells_of_a_crash
from playwright.sync_api import Error


def failure_of(call) -> str:
    """The failure's text as the rerun reads it: the error's type and message."""
    with pytest.raises(Error) as caught:
        call()
    return f"{type(caught.value).__name__}: {caught.value}"


def test_every_failure_of_a_crashed_tab_tells_of_the_crash_and_others_do_not(browser, request):
    context = browser.new_context()
    tab = context.new_page()
    tab.set_content("<p>a page</p>")
    slow = failure_of(lambda: tab.wait_for_selector("#absent", timeout=200))
    assert not tells_of_a_crash(slow, request.config), slow

    # a navigation the browser itself asks for may go to Chromium's page that kills its tab
    context.new_cdp_session(tab).send("Page.navigate", {"url": "chrome://crash"})
    tab.wait_for_event("crash", timeout=10_000)
    failures = [
        failure_of(lambda: tab.wait_for_selector("#absent", timeout=5_000)),
        failure_of(lambda: tab.evaluate("1")),
        failure_of(lambda: tab.goto("about:blank", timeout=5_000)),
    ]
    assert "Target crashed" in failures[0] and "Page crashed" in failures[2], failures
    for failure in failures:
        assert tells_of_a_crash(failure, request.config), failure
    context.close()


def renderers(browser) -> set[int]:
    """The process ids of the browser's renderers (its tabs' processes)."""
    session = browser.new_browser_cdp_session()
    processes = session.send("SystemInfo.getProcessInfo")["processInfo"]
    session.detach()
    return {process["id"] for process in processes if process["type"] == "renderer"}


def test_a_tab_that_crashed_is_told_from_one_that_was_killed(
    browser_type, browser_type_launch_args
):
    browser = browser_type.launch(**browser_type_launch_args)  # its renderers are all ours
    deaths = TabDeaths(browser)
    context = browser.new_context()
    crashing = context.new_page()
    crashing.set_content("<p>a page</p>")
    context.new_cdp_session(crashing).send("Page.navigate", {"url": "chrome://crash"})
    crashing.wait_for_event("crash", timeout=10_000)
    assert deaths.since_last_asked() == ["crashed (exit code or signal 11)"]

    killed = context.new_page()
    killed.set_content("<p>a page</p>")
    for renderer in renderers(browser):
        os.kill(renderer, signal.SIGKILL)
    killed.wait_for_event("crash", timeout=10_000)
    told = all_told(deaths)
    # the first tab's crash, told above, is not told again
    assert told and set(told) == {"killed (exit code or signal 9)"}, told
    browser.close()


def all_told(deaths: TabDeaths, quiet_s: float = 2.0, limit_s: float = 20.0) -> list[str]:
    """Every death told from now until none has come for `quiet_s`: the browser tells of each
    killed renderer's tabs as it notices that process gone, one by one."""
    told = deaths.since_last_asked()
    quiet_since = started = time.monotonic()
    while time.monotonic() - quiet_since < quiet_s and time.monotonic() - started < limit_s:
        time.sleep(0.25)
        more = deaths.since_last_asked()
        if more:
            told += more
            quiet_since = time.monotonic()
    return told
