"""Start-up: Python starts from the memory snapshot, and only the main thread's interpreter
starts at page load (the computer's worker waits until a computer seat needs it)."""

from conftest import open_page


def test_python_starts_from_the_snapshot_and_the_worker_waits(page, site):
    requested = []
    page.on("request", lambda r: requested.append(r.url.rsplit("/", 1)[-1]))
    open_page(page, site + "/index.html")
    page.wait_for_timeout(500)
    assert page.evaluate("globalThis.pyodideSnapshot") == "used"
    assert requested.count("pyodide.asm.wasm") == 1          # one interpreter: no worker yet
    assert "ai_worker.py" not in requested
    assert page.errors == []
