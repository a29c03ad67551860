"""Playwright fixtures: the site served from 127.0.0.1, Debian's Chromium, and a page whose
requests leaving 127.0.0.1 fail the test; and how a crashed browser tab is dealt with.  What
the tests share besides is in e2e/helpers.py.

A crashed tab (Chromium's renderer died: Playwright says "Target crashed" or "Page crashed",
by the call that was waiting; pytest.ini's --only-rerun names both) gets one rerun, since
a renderer has been seen dying twice under a loaded CI machine; but a crash is never let pass
unnoticed.  Each one is recorded in test-results/crashes/ (the failure, and for a test on the
`page` fixture the Playwright trace of the attempt that crashed, its actions, console and
network without DOM snapshots, which would slow every page: `playwright show-trace`) and
named in the run's summary even when the rerun passed.  Two crashes in one run, in one test
or in two, fail the run: a page that runs out of memory crashes again, and one lone crash is
what a busy machine does.
"""

from __future__ import annotations

import os
import re
import shutil

import pytest
from helpers import ROOT, guard, serve, tells_of_a_crash

CRASHES = ROOT / "test-results" / "crashes"
CRASH_LIMIT = 2  # this many crashed tabs in one run fail it

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
def page(page, request):
    page.outside = guard(page)
    page.errors = []
    page.on("pageerror", lambda err: page.errors.append(str(err)))
    request.node.crash_text = ""  # a rerun starts with no crash of its own
    crashed: list[bool] = []
    page.on("crash", lambda _: crashed.append(True))
    page.context.tracing.start(snapshots=False, screenshots=False)  # kept only for a crash
    yield page
    if crashed or request.node.crash_text:
        page.context.tracing.stop(path=str(crash_file(request.node, "trace.zip")))
    else:
        page.context.tracing.stop()
    assert page.outside == [], f"requests left 127.0.0.1: {page.outside}"


# ---- crashed tabs: recorded, reported, and failing the run when they recur


def crash_file(item, suffix: str):
    """test-results/crashes/<test>-<attempt>-<suffix>: one file per crashed attempt."""
    CRASHES.mkdir(parents=True, exist_ok=True)
    name = re.sub(r"[^A-Za-z0-9_.-]+", "-", item.nodeid)
    attempt = getattr(item, "execution_count", 1)  # pytest-rerunfailures counts the runs
    return CRASHES / f"{name}-{attempt}-{suffix}"


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.failed and tells_of_a_crash(str(report.longrepr), item.config):
        item.crash_text = str(report.longrepr)  # the `page` fixture keeps its trace
        crash_file(item, "failure.txt").write_text(item.crash_text)
        item.config.stash.setdefault(CRASH_KEY, []).append(f"{item.nodeid} ({report.when})")
    return report


CRASH_KEY = pytest.StashKey[list]()


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    crashes = config.stash.get(CRASH_KEY, [])
    if crashes:
        terminalreporter.section("browser tabs crashed", sep="!", red=True, bold=True)
        for crash in crashes:
            terminalreporter.line(f"tab crashed: {crash}", red=True)
        terminalreporter.line(f"failures and traces in {CRASHES}")
        if len(crashes) >= CRASH_LIMIT:
            terminalreporter.line(f"{len(crashes)} crashes in one run: the run fails", red=True)


def pytest_sessionfinish(session, exitstatus):
    if len(session.config.stash.get(CRASH_KEY, [])) >= CRASH_LIMIT and exitstatus == 0:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
