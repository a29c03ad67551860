"""A crashed tab is known by its failure, whichever call was waiting when it crashed: the
rerun and the record of crashes (pytest.ini, e2e/conftest.py) rest on Playwright's wording,
which differs by call and may change with its version."""

from __future__ import annotations

import pytest
from helpers import tells_of_a_crash
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
