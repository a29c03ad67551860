"""Start-up: Python starts from the memory snapshot, before PyScript has loaded (PyScript then
takes that interpreter), with PyScript's own modules already compiled; and only the main
thread's interpreter starts at page load (the computer's worker waits until a computer seat
needs it)."""

import json
from pathlib import Path

from conftest import open_page

ROOT = Path(__file__).resolve().parent.parent

# Run in the page's Python: for each .pyc shipped, was it the one Python used?  Python takes a
# checked .pyc only if its hash is the source's; on a mismatch it compiles the source and
# writes a new .pyc over ours, so "used" means: still our bytes, and the hash matches.
CHECK_BYTECODE = """
import base64, importlib.util, json, sys
shipped = json.loads(SHIPPED)
used = []
for name, module in sorted(sys.modules.items()):
    path = getattr(module, "__file__", None) or ""    # some pyscript.* names are JS modules
    if (name == "pyscript" or name.startswith("pyscript.")) and path.endswith(".py"):
        cached = importlib.util.cache_from_source(path)
        with open(path, "rb") as source, open(cached, "rb") as code:
            pyc = code.read()
            same_source = pyc[8:16] == importlib.util.source_hash(source.read())
        used.append([name, cached in shipped and base64.b64decode(shipped[cached]) == pyc
                     and same_source])
json.dumps(used)
"""


def run_python(page, code: str, **values) -> str:
    """Run code in the page's interpreter (the one PyScript runs main.py in)."""
    return page.evaluate("""async ([code, values]) => {
        const { whenDefined } = await import("./vendor/pyscript/core.js");
        const python = await (await whenDefined("py")).interpreter;
        for (const [name, value] of Object.entries(values)) python.globals.set(name, value);
        return python.runPython(code);
    }""", [code, values])


def test_python_starts_from_the_snapshot_and_the_worker_waits(page, site):
    requested = []
    page.on("request", lambda r: requested.append(r.url.rsplit("/", 1)[-1]))
    open_page(page, site + "/index.html")
    page.wait_for_timeout(500)
    assert page.evaluate("globalThis.pyodideSnapshot") == "used"
    assert requested.count("pyodide.asm.wasm") == 1          # one interpreter: no worker yet
    assert "ai_worker.py" not in requested
    assert page.errors == []


def test_pyscripts_modules_run_from_the_bytecode_made_at_build_time(page, site):
    shipped = (ROOT / "vendor" / "pyscript" / "python-bytecode.json").read_text()
    assert len(json.loads(shipped)) >= 10        # scripts/make_pyscript_bytecode.mjs found them
    open_page(page, site + "/index.html")
    used = json.loads(run_python(page, CHECK_BYTECODE, SHIPPED=shipped))
    assert len(used) >= 10 and all(ok for _, ok in used), used
    assert page.errors == []
