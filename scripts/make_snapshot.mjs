// Make a memory snapshot of a freshly started Pyodide (the interpreter initialised, its
// start-up modules imported) and write it gzipped next to pyodide.mjs, for web/interpreter.mjs
// to start from instead of initialising Python in the browser.  Run by build_vendor.sh:
//     node scripts/make_snapshot.mjs vendor/pyodide
// A snapshot only fits the exact pyodide.asm.wasm it was made with, so it is rebuilt with
// vendor/.  It holds no engine or web code (those load from pyscript.toml's [files] as
// before), so editing the app never makes it stale.  Pyodide calls the option private
// (_makeSnapshot / _loadSnapshot); the version is pinned in package-lock.json and
// web/interpreter.mjs falls back to a normal start if loading the snapshot fails.
import { renameSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const dir = resolve(process.argv[2] || "vendor/pyodide");
const { loadPyodide } = await import(pathToFileURL(`${dir}/pyodide.mjs`).href);
const started = Date.now();
// The library the page starts with (make_stdlib.mjs): Python's import system keeps the zip's
// table of contents in memory, so a snapshot only fits the zip it was made with.
const pyodide = await loadPyodide({ indexURL: `${dir}/`, _makeSnapshot: true, env: {},
                                   stdLibURL: `${dir}/python_stdlib_app.zip` });
// Every module of that library: it holds just what the page imports (make_stdlib.mjs), so
// a start from the snapshot has them all loaded already.
pyodide.runPython(`
import importlib, _stdlib_index
for name in _stdlib_index.SUBSET:
    importlib.import_module(name)
`);
const snapshot = pyodide.makeMemorySnapshot();
const packed = gzipSync(snapshot, { level: 9 });
writeFileSync(`${dir}/snapshot.bin.gz.tmp`, packed);           // a page loading meanwhile
renameSync(`${dir}/snapshot.bin.gz.tmp`, `${dir}/snapshot.bin.gz`);  // sees old or new, whole
console.log(`snapshot.bin.gz: ${snapshot.length} bytes, ${packed.length} gzipped, ` +
            `${((Date.now() - started) / 1000).toFixed(1)} s`);
