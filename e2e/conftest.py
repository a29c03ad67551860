"""Playwright fixtures: the site served from 127.0.0.1, Debian's Chromium, and a page whose
requests leaving 127.0.0.1 fail the test.  What the tests share besides is in
e2e/helpers.py."""

from __future__ import annotations

import os
import shutil

import pytest
from helpers import ROOT, guard, serve

CHROME_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


@pytest.fixture(scope="session")
def site():
    with serve(ROOT) as base:
        yield base


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    executable = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    return {**browser_type_launch_args, "executable_path": executable, "args": CHROME_ARGS}


@pytest.fixture
def page(page):
    page.outside = guard(page)
    page.errors = []
    page.on("pageerror", lambda err: page.errors.append(str(err)))
    yield page
    assert page.outside == [], f"requests left 127.0.0.1: {page.outside}"
