// Make a memory snapshot of a freshly started Pyodide (the interpreter initialised, its
// start-up modules imported) and write it gzipped next to pyodide.mjs, for web/interpreter.mjs
// to start from instead of initialising Python in the browser.  Run by build_vendor.sh:
//     node scripts/make_snapshot.mjs vendor/pyodide
// A snapshot only fits the exact pyodide.asm.wasm it was made with, so it is rebuilt with
// vendor/.  That one holds no engine or web code, so editing the app never makes it stale.
// build_site.sh makes the built site's own, which holds the app's pure modules too (those
// the first screen imports: scripts/snapshot_modules.py), imported from the site's app.zip:
//     node scripts/make_snapshot.mjs SITE/vendor/pyodide SITE/app.zip MODULE...
// so that a start from it skips their import; the site ships that snapshot with that app.zip
// (one version), and sys.modules holds them as if imported from it.  Pyodide calls the
// option private (_makeSnapshot / _loadSnapshot); the version is pinned in package-lock.json
// and web/interpreter.mjs falls back to a normal start if loading the snapshot fails.
import nodeCrypto from "node:crypto";
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const started = process.hrtime.bigint();
// The same inputs make the same snapshot, byte for byte, so a build of an unchanged site is
// the same version (scripts/version_site.py hashes every file) and a deploy that changes
// nothing the page uses asks no player to download anything.  What made it differ was what
// the interpreter reads from outside: the clocks and the system's randomness (the hash
// seed, the random module's state, the files' times).  Here they are fixed; a page started
// from the snapshot seeds the random module afresh (web/interpreter.mjs).
Date.now = () => 1_000_000_000_000;
let ticks = 0;
performance.now = () => ++ticks;
Math.random = () => 0.5;
nodeCrypto.randomFillSync = (view) => {
  new Uint8Array(view.buffer, view.byteOffset, view.byteLength).fill(7);
  return view;
};

const dir = resolve(process.argv[2] || "vendor/pyodide");
const [app, ...modules] = process.argv.slice(3);
const { loadPyodide } = await import(pathToFileURL(`${dir}/pyodide.mjs`).href);
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
if (app) {
  // Where PyScript writes it ([files] "./app.zip", the interpreter's working directory) and
  // as web/main.py names it; the importer is dropped again (web/main.py adds it), so nothing
  // refers to this copy of the zip once the page has written its own.
  pyodide.FS.writeFile("app.zip", readFileSync(resolve(app)));
  pyodide.globals.set("APP_MODULES", pyodide.toPy(modules));
  pyodide.runPython(`
import importlib, sys
sys.path.insert(0, "app.zip")
try:
    for name in APP_MODULES:
        importlib.import_module(name)
finally:
    sys.path.remove("app.zip")
    sys.path_importer_cache.pop("app.zip", None)
    del APP_MODULES
`);
  pyodide.FS.unlink("app.zip");
}
const snapshot = pyodide.makeMemorySnapshot();
const packed = gzipSync(snapshot, { level: 9 });
writeFileSync(`${dir}/snapshot.bin.gz.tmp`, packed);           // a page loading meanwhile
renameSync(`${dir}/snapshot.bin.gz.tmp`, `${dir}/snapshot.bin.gz`);  // sees old or new, whole
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
console.log(`snapshot.bin.gz: ${snapshot.length} bytes, ${packed.length} gzipped, ` +
            `${modules.length} app modules, ${seconds.toFixed(1)} s`);
