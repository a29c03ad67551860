"""Playwright fixtures: the site served from 127.0.0.1 (built once per run, as GitHub Pages
gets it: `site`; the repo root as `make play` serves it: `dev_site`), Debian's Chromium, and
a page whose requests leaving 127.0.0.1 fail the test; and how a crashed browser tab is dealt
with.  What the tests share besides is in e2e/helpers.py.

A crashed tab (Chromium's renderer died: Playwright says "Target crashed" or "Page crashed",
by the call that was waiting; pytest.ini's --only-rerun names both) gets one rerun, since
a renderer has been seen dying twice under a loaded CI machine; but a crash is never let pass
unnoticed.  Each one is recorded in test-results/crashes/ (the failure, and for a test on the
`page` fixture the Playwright trace of the attempt that crashed, its actions, console and
network without DOM snapshots, which would slow every page: `playwright show-trace`) and
named in the run's summary even when the rerun passed.  Two crashes in one run, in one test
or in two, fail the run: a page that runs out of memory crashes again, and one lone crash is
what a busy machine does.  So that a crash seen only in CI can be told apart from a page that
ran out of memory, each record says how Chromium says the tab died (helpers.TabDeaths:
crashed by a signal, killed from outside, out of memory), how many processes the kernel
killed for want of memory during the run, and what the machine looked like in the two minutes
before (MachineWatch: free memory, Chromium's processes and their memory, free space for
Chromium's shared memory); the summary, printed last, says it in a line.
"""

from __future__ import annotations

import collections
import dataclasses
import os
import re
import shutil
import tempfile
import threading
import time
from pathlib import Path

import pytest
from helpers import ROOT, TabDeaths, built_site, guard, serve, tells_of_a_crash

CRASHES = ROOT / "test-results" / "crashes"
CRASH_LIMIT = 2  # this many crashed tabs in one run fail it

CHROME_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
# Chromium keeps its shared memory in /dev/shm, and its tabs crash when that runs out (as in
# a container's 64 MB); then it is told to use the temporary folder, on disk, instead.
SHARED_MEMORY = Path("/dev/shm")
SHARED_MEMORY_NEEDED = 2 << 30


def shared_memory_args() -> list[str]:
    enough = SHARED_MEMORY.is_dir() and free_mb(SHARED_MEMORY) << 20 >= SHARED_MEMORY_NEEDED
    return [] if enough else ["--disable-dev-shm-usage"]


@pytest.fixture(scope="session")
def built(tmp_path_factory):
    """The built site (scripts/build_site.sh: what GitHub Pages gets), served under the
    sub-path helpers.PREFIX: (its folder, its URL).  Tests do not change its files."""
    with built_site(tmp_path_factory, "site") as folder_and_url:
        yield folder_and_url


@pytest.fixture(scope="session")
def site(built):
    """The URL the tests open pages under (no "/" at the end): the built site, as players get
    it, which also starts faster than the sources (its modules are bytecode in one zip)."""
    return built[1].removesuffix("/")


@pytest.fixture(scope="session")
def dev_site():
    """The repo root as `make play` serves it: the sources, and the service worker unstamped."""
    with serve(ROOT) as base:
        yield base


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    executable = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    args = CHROME_ARGS + shared_memory_args()
    return {**browser_type_launch_args, "executable_path": executable, "args": args}


@pytest.fixture(scope="session")
def browser(browser, pytestconfig):
    pytestconfig.stash[WATCH_KEY] = MachineWatch(TabDeaths(browser))
    return browser


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
        watch = item.config.stash.get(WATCH_KEY, None)
        summary, readings = watch.report() if watch else ("the machine was not watched", "")
        crash_file(item, "failure.txt").write_text(f"{item.crash_text}\n\n{readings}")
        crash = f"{item.nodeid} ({report.when}): {summary}"
        item.config.stash.setdefault(CRASH_KEY, []).append(crash)
    return report


def pytest_runtest_setup(item):
    watch = item.config.stash.get(WATCH_KEY, None)
    if watch:
        watch.deaths.since_last_asked()  # a test's record tells only of its own tabs


CRASH_KEY = pytest.StashKey[list]()
WATCH_KEY = pytest.StashKey["MachineWatch"]()


@pytest.hookimpl(trylast=True)  # after the slowest tests' list: the last lines CI shows
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


# ---- the machine around a crash: was a tab killed for want of memory, or did it crash?


@dataclasses.dataclass(frozen=True)
class Reading:
    """The machine at one moment, in MB: memory the kernel could still give, Chromium's
    processes and what they hold resident (all, and the largest), and free space where
    Chromium keeps its shared memory (/dev/shm, or the temporary folder: shared_memory_args)."""

    available: int
    chromium: int
    chromium_mb: int
    largest_mb: int
    shm_free: int
    temp_free: int

    @classmethod
    def now(cls) -> Reading:
        meminfo = dict(
            line.split(":", 1) for line in Path("/proc/meminfo").read_text().splitlines()
        )
        sizes = [rss for name, rss in processes() if name == "chromium"]
        return cls(
            available=int(meminfo["MemAvailable"].split()[0]) >> 10,
            chromium=len(sizes),
            chromium_mb=sum(sizes),
            largest_mb=max(sizes, default=0),
            shm_free=free_mb(SHARED_MEMORY) if SHARED_MEMORY.is_dir() else 0,
            temp_free=free_mb(Path(tempfile.gettempdir())),
        )

    def __str__(self) -> str:
        return (
            f"{self.available} MB free, Chromium {self.chromium} processes "
            f"{self.chromium_mb} MB (largest {self.largest_mb} MB), "
            f"{self.shm_free} MB free in /dev/shm, {self.temp_free} MB in the temporary folder"
        )


def free_mb(folder: Path) -> int:
    return shutil.disk_usage(folder).free >> 20


def processes():
    """(name, resident MB) of every process this machine lets us read."""
    page_mb = os.sysconf("SC_PAGE_SIZE") / 2**20
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            name = Path(f"/proc/{pid}/comm").read_text().strip()
            resident = int(Path(f"/proc/{pid}/statm").read_text().split()[1])
        except (OSError, IndexError, ValueError):
            continue  # it ended while being read
        yield name, int(resident * page_mb)


def oom_kills() -> int:
    """Processes the kernel has killed for want of memory since the machine booted."""
    for line in Path("/proc/vmstat").read_text().splitlines():
        if line.startswith("oom_kill "):
            return int(line.split()[1])
    return 0


class MachineWatch:
    """Reads the machine every `every` seconds in a thread of its own, keeping the last
    `keep` readings, from the first browser test to the end of the run; and tells, beside
    them, how Chromium says its tabs died."""

    def __init__(self, deaths: TabDeaths, every: float = 2.0, keep: int = 60) -> None:
        self.deaths = deaths
        self.readings: collections.deque[tuple[float, Reading]] = collections.deque(maxlen=keep)
        self.oom_kills_before = oom_kills()
        self.every = every
        threading.Thread(target=self.run, daemon=True, name="machine-watch").start()

    def run(self) -> None:
        while True:
            self.readings.append((time.monotonic(), Reading.now()))
            time.sleep(self.every)

    def report(self) -> tuple[str, str]:
        """A line for the summary and, for the crash's record, every reading kept."""
        now = Reading.now()
        kept = list(self.readings)
        before = [reading for _, reading in kept] or [now]
        died = ", ".join(self.deaths.since_last_asked()) or "nothing"
        line = (
            f"Chromium says the tab {died}; "
            f"{oom_kills() - self.oom_kills_before} processes killed for want of memory "
            f"during the run; now {now}; in the {len(kept) * self.every:.0f} s before, "
            f"as little as {min(r.available for r in before)} MB free and Chromium holding "
            f"as much as {max(r.chromium_mb for r in before)} MB"
        )
        start = kept[0][0] if kept else time.monotonic()
        readings = "\n".join(f"{at - start:6.1f} s  {reading}" for at, reading in kept)
        return line, f"{line}\n\nreadings:\n{readings}\n"
